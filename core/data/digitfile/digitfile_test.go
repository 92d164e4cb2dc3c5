package digitfile

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"kernelplay/core/data"
)

// shippedDir is where the converted digit sets are committed.
const shippedDir = "../../../static/data"

// gunzip decompresses one gzip stream, as the browser's DecompressionStream
// does before the page calls data.DecodeDigits.
func gunzip(t testing.TB, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// gz compresses raw as one gzip stream.
func gz(raw []byte) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(raw)
	zw.Close()
	return b.Bytes()
}

func TestRoundTrip(t *testing.T) {
	d := &data.Digits{Name: "tiny", Width: 3, Height: 2, MaxValue: 9, Classes: 4,
		Labels: []uint8{3, 0}, Pixels: []uint8{0, 1, 2, 3, 4, 5, 9, 8, 7, 6, 5, 4}}
	var a, b bytes.Buffer
	if err := Write(&a, d); err != nil {
		t.Fatal(err)
	}
	if err := Write(&b, d); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("Write is not deterministic")
	}
	back, err := Read(bytes.NewReader(a.Bytes()), "tiny")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, d) {
		t.Errorf("round trip: got %+v, want %+v", back, d)
	}
	// The file is the payload of data.EncodeDigits in one gzip stream.
	var p bytes.Buffer
	if err := data.EncodeDigits(&p, d); err != nil {
		t.Fatal(err)
	}
	if raw := gunzip(t, a.Bytes()); !bytes.Equal(raw, p.Bytes()) {
		t.Errorf("gunzipped file %q differs from the payload %q", raw, p.Bytes())
	}
	dec, err := data.DecodeDigits(bytes.NewReader(gunzip(t, a.Bytes())), "tiny")
	if err != nil || !reflect.DeepEqual(dec, back) {
		t.Errorf("DecodeDigits of the gunzipped file: got %+v (%v), Read gave %+v", dec, err, back)
	}
	// No name or time stamp in the gzip header (RFC 1952: FLG byte 3,
	// MTIME bytes 4..7).
	if h := a.Bytes(); h[3] != 0 || !bytes.Equal(h[4:8], []byte{0, 0, 0, 0}) {
		t.Errorf("gzip header % x has flags or a time stamp", h[:10])
	}
}

// TestShippedCanonical reads the shipped 8×8 digits and writes them again:
// the bytes must be those committed (so the converter's output, whose
// SHA-256 static/data/README.md lists, is reproducible from the data).
func TestShippedCanonical(t *testing.T) {
	file, err := os.ReadFile(filepath.Join(shippedDir, "digits8x8.kpd.gz"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := Read(bytes.NewReader(file), "digits8x8")
	if err != nil {
		t.Fatal(err)
	}
	if d.Len() != 1797 || d.Width != 8 || d.Height != 8 || d.MaxValue != 16 || d.Classes != 10 || d.Name != "digits8x8" {
		t.Errorf("got %d images %d×%d max %d K=%d named %q", d.Len(), d.Width, d.Height, d.MaxValue, d.Classes, d.Name)
	}
	var b bytes.Buffer
	if err := Write(&b, d); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), file) {
		t.Errorf("re-written file: %d bytes, differs from the %d shipped", b.Len(), len(file))
	}
}

func TestReadErrors(t *testing.T) {
	var good bytes.Buffer
	d := &data.Digits{Width: 2, Height: 1, MaxValue: 3, Classes: 2, Labels: []uint8{1}, Pixels: []uint8{3, 0}}
	if err := Write(&good, d); err != nil {
		t.Fatal(err)
	}
	raw := gunzip(t, good.Bytes())
	mutate := func(f func(b []byte) []byte) []byte { return gz(f(slices.Clone(raw))) }
	for _, c := range []struct {
		name string
		in   []byte
		gzip bool // the gzip layer is bad (else the payload)
	}{
		{"empty", nil, true},
		{"not gzip", []byte("KPDIGIT1"), true},
		{"truncated gzip", good.Bytes()[:good.Len()-3], false},
		{"bad crc", func() []byte { b := slices.Clone(good.Bytes()); b[len(b)-5] ^= 1; return b }(), false},
		{"empty payload", gz(nil), false},
		{"bad magic", mutate(func(b []byte) []byte { b[0] = 'X'; return b }), false},
		{"truncated header", mutate(func(b []byte) []byte { return b[:10] }), false},
		{"huge count", mutate(func(b []byte) []byte { b[11] = 0xff; return b }), false},
		{"label too big", mutate(func(b []byte) []byte { b[20] = 2; return b }), false},
		{"pixel too big", mutate(func(b []byte) []byte { b[21] = 4; return b }), false},
		{"truncated pixels", mutate(func(b []byte) []byte { return b[:22] }), false},
		{"trailing", mutate(func(b []byte) []byte { return append(b, 0) }), false},
	} {
		_, err := Read(bytes.NewReader(c.in), c.name)
		if err == nil {
			t.Errorf("Read %s: no error", c.name)
			continue
		}
		if c.gzip && !strings.HasPrefix(err.Error(), "digitfile: reading "+c.name) {
			t.Errorf("Read %s: error %q does not name the file", c.name, err)
		}
		if !strings.Contains(err.Error(), c.name) {
			t.Errorf("Read %s: error %q does not name the file", c.name, err)
		}
	}
	if _, err := Read(bytes.NewReader(mutate(func(b []byte) []byte { b[1] = 'Q'; return b })), "m"); !errors.Is(err, data.ErrNotDigits) {
		t.Errorf("bad magic: error %v is not data.ErrNotDigits", err)
	}
	if _, err := Read(bytes.NewReader(gz(good.Bytes())), "twice"); !errors.Is(err, data.ErrNotDigits) {
		t.Errorf("gzip inside gzip: error %v is not data.ErrNotDigits", err)
	}
}

func TestWriteMisuse(t *testing.T) {
	var b bytes.Buffer
	func() {
		defer func() {
			if r := recover(); r == nil {
				t.Error("no panic on a label ≥ Classes")
			}
		}()
		Write(&b, &data.Digits{Width: 1, Height: 1, MaxValue: 1, Classes: 1, Labels: []uint8{1}, Pixels: []uint8{0}})
	}()
	if b.Len() != 0 {
		t.Errorf("wrote %d bytes before panicking", b.Len())
	}
}

func FuzzRead(f *testing.F) {
	var good bytes.Buffer
	Write(&good, &data.Digits{Width: 2, Height: 2, MaxValue: 16, Classes: 10, Labels: []uint8{7}, Pixels: []uint8{0, 16, 3, 9}})
	f.Add(good.Bytes())
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, in []byte) {
		d, err := Read(bytes.NewReader(in), "fuzz")
		if err != nil {
			return
		}
		if len(d.Pixels) != d.Len()*d.Width*d.Height {
			t.Fatalf("inconsistent digits: %d labels, %d×%d, %d pixels", d.Len(), d.Width, d.Height, len(d.Pixels))
		}
		var b bytes.Buffer
		if err := Write(&b, d); err != nil {
			t.Fatal(err)
		}
		back, err := Read(&b, "again")
		if err != nil || !slices.Equal(back.Pixels, d.Pixels) || !slices.Equal(back.Labels, d.Labels) {
			t.Fatalf("round trip failed: %v", err)
		}
	})
}

// TestOpen: Open names the set by its file and reads what Read reads from
// the same bytes; a missing file is os.Open's error.
func TestOpen(t *testing.T) {
	d, err := Open(filepath.Join(shippedDir, "digits8x8.kpd.gz"))
	if err != nil {
		t.Fatal(err)
	}
	if d.Name != "digits8x8" || len(d.Labels) != 1797 {
		t.Errorf("Open: name %q, %d digits; want digits8x8, 1797", d.Name, len(d.Labels))
	}
	if _, err := Open(filepath.Join(shippedDir, "no-such-set.kpd.gz")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v, want fs.ErrNotExist", err)
	}
}
