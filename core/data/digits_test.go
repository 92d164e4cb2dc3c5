package data

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sync"
	"testing"
	"testing/iotest"
)

// shippedDir is where the converted digit sets are committed.
const shippedDir = "../../static/data"

var (
	shippedOnce sync.Once
	shipped8    *Digits
	shippedM    *Digits
	shippedErr  error
)

// loadShipped reads both shipped digit files once per test binary.
func loadShipped(t testing.TB) (d8, mnist *Digits) {
	t.Helper()
	shippedOnce.Do(func() {
		read := func(file, name string) *Digits {
			f, err := os.Open(filepath.Join(shippedDir, file))
			if err != nil {
				shippedErr = err
				return nil
			}
			defer f.Close()
			d, err := ReadDigits(f, name)
			if err != nil {
				shippedErr = err
			}
			return d
		}
		shipped8 = read("digits8x8.kpd.gz", "digits8x8")
		shippedM = read("mnist10k.kpd.gz", "mnist10k")
	})
	if shippedErr != nil {
		t.Fatal(shippedErr)
	}
	return shipped8, shippedM
}

func TestShippedDigits(t *testing.T) {
	d8, m := loadShipped(t)
	for _, c := range []struct {
		d             *Digits
		n, w, h, maxV int
		counts        []int
		// first is the sum of the first image's pixels, from the source files
		// (row 1 of digits.csv.gz; the first 784 values of 0.json × 255).
		first int
	}{
		{d8, 1797, 8, 8, 16, []int{178, 182, 177, 183, 181, 182, 181, 179, 174, 180}, 294},
		{m, 10000, 28, 28, 255, []int{1001, 1127, 991, 1032, 980, 863, 1014, 1070, 944, 978}, 31095},
	} {
		d := c.d
		if d.Len() != c.n || d.Width != c.w || d.Height != c.h || d.MaxValue != c.maxV || d.Classes != 10 {
			t.Errorf("%s: got %d images %d×%d max %d K=%d", d.Name, d.Len(), d.Width, d.Height, d.MaxValue, d.Classes)
		}
		s := d.Set()
		if !slices.Equal(s.ClassCounts(), c.counts) {
			t.Errorf("%s: class counts %v, want %v", d.Name, s.ClassCounts(), c.counts)
		}
		lo, hi := 1.0, 0.0
		for _, v := range s.X {
			lo, hi = min(lo, v), max(hi, v)
		}
		if lo != 0 || hi != 1 {
			t.Errorf("%s: scaled pixels span [%v, %v], want [0, 1]", d.Name, lo, hi)
		}
		{
			sum := 0
			for _, p := range d.Image(0) {
				sum += int(p)
			}
			if sum != c.first || d.Labels[0] != 0 {
				t.Errorf("%s: first image sums to %d with label %d, want %d and 0", d.Name, sum, d.Labels[0], c.first)
			}
		}
	}
}

func TestDigitsRoundTrip(t *testing.T) {
	d := &Digits{Name: "tiny", Width: 3, Height: 2, MaxValue: 9, Classes: 4,
		Labels: []uint8{3, 0}, Pixels: []uint8{0, 1, 2, 3, 4, 5, 9, 8, 7, 6, 5, 4}}
	var a, b bytes.Buffer
	if err := WriteDigits(&a, d); err != nil {
		t.Fatal(err)
	}
	if err := WriteDigits(&b, d); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("WriteDigits is not deterministic")
	}
	back, err := ReadDigits(bytes.NewReader(a.Bytes()), "tiny")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back.Labels, d.Labels) || !slices.Equal(back.Pixels, d.Pixels) ||
		back.Width != 3 || back.Height != 2 || back.MaxValue != 9 || back.Classes != 4 {
		t.Errorf("round trip: got %+v", back)
	}
	raw := gunzip(t, a.Bytes())
	dec, err := DecodeDigits(bytes.NewReader(raw), "tiny")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(dec, back) {
		t.Errorf("DecodeDigits of the gunzipped file: got %+v, ReadDigits gave %+v", dec, back)
	}
	if len(raw) != digitsHeaderLen+2+2*6 || string(raw[:8]) != digitsMagic {
		t.Errorf("payload: %d bytes starting %q, want %d starting %q", len(raw), raw[:8], digitsHeaderLen+14, digitsMagic)
	}
	s := back.Set()
	if s.Dim != 6 || s.Row(1)[0] != 1 || s.Row(0)[3] != 3.0/9 || s.Y[0] != 3 {
		t.Errorf("Set: got dim %d, rows %v %v, labels %v", s.Dim, s.Row(0), s.Row(1), s.Y)
	}
}

// gunzip decompresses one gzip stream, as the browser's DecompressionStream
// does before the page calls DecodeDigits.
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

func TestReadDigitsErrors(t *testing.T) {
	var good bytes.Buffer
	d := &Digits{Width: 2, Height: 1, MaxValue: 3, Classes: 2, Labels: []uint8{1}, Pixels: []uint8{3, 0}}
	if err := WriteDigits(&good, d); err != nil {
		t.Fatal(err)
	}
	raw := gunzip(t, good.Bytes())
	if _, err := DecodeDigits(bytes.NewReader(raw), "good"); err != nil {
		t.Fatalf("good payload: %v", err)
	}
	mutate := func(f func(b []byte) []byte) []byte { return gz(f(slices.Clone(raw))) }
	for _, c := range []struct {
		name string
		in   []byte
	}{
		{"empty", nil},
		{"empty payload", gz(nil)},
		{"not gzip", []byte("KPDIGIT1")},
		{"bad magic", mutate(func(b []byte) []byte { b[0] = 'X'; return b })},
		{"truncated header", mutate(func(b []byte) []byte { return b[:10] })},
		{"huge count", mutate(func(b []byte) []byte { b[11] = 0xff; return b })},
		{"zero width", mutate(func(b []byte) []byte { b[12] = 0; return b })},
		{"zero max", mutate(func(b []byte) []byte { b[16] = 0; return b })},
		{"zero classes", mutate(func(b []byte) []byte { b[17] = 0; return b })},
		{"reserved", mutate(func(b []byte) []byte { b[18] = 1; return b })},
		{"label too big", mutate(func(b []byte) []byte { b[20] = 2; return b })},
		{"pixel too big", mutate(func(b []byte) []byte { b[21] = 4; return b })},
		{"truncated pixels", mutate(func(b []byte) []byte { return b[:22] })},
		{"trailing", mutate(func(b []byte) []byte { return append(b, 0) })},
		{"truncated gzip", good.Bytes()[:good.Len()-3]},
	} {
		if _, err := ReadDigits(bytes.NewReader(c.in), c.name); err == nil {
			t.Errorf("ReadDigits %s: no error", c.name)
		}
		// The same payload, already decompressed (as the page gets it from
		// the browser), must fail in DecodeDigits too.
		if c.name == "empty" || c.name == "not gzip" || c.name == "truncated gzip" {
			continue
		}
		if _, err := DecodeDigits(bytes.NewReader(gunzip(t, c.in)), c.name); err == nil {
			t.Errorf("DecodeDigits %s: no error", c.name)
		}
	}
	if _, err := DecodeDigits(bytes.NewReader(good.Bytes()), "still gzip"); !errors.Is(err, ErrNotDigits) {
		t.Errorf("DecodeDigits of a gzip stream: error %v is not ErrNotDigits", err)
	}
	if _, err := DecodeDigits(iotest.ErrReader(errBroken), "broken reader"); !errors.Is(err, errBroken) {
		t.Errorf("DecodeDigits of a failing reader: error %v does not wrap it", err)
	}
	if _, err := ReadDigits(bytes.NewReader(mutate(func(b []byte) []byte { b[1] = 'Q'; return b })), "m"); !errors.Is(err, ErrNotDigits) {
		t.Errorf("bad magic: error %v is not ErrNotDigits", err)
	}
}

var errBroken = errors.New("broken")

// FuzzDecodeDigits checks that DecodeDigits never panics on an arbitrary
// payload, and that whatever it accepts is consistent and survives
// WriteDigits → gunzip → DecodeDigits unchanged.
func FuzzDecodeDigits(f *testing.F) {
	var good bytes.Buffer
	WriteDigits(&good, &Digits{Width: 2, Height: 2, MaxValue: 16, Classes: 10, Labels: []uint8{7}, Pixels: []uint8{0, 16, 3, 9}})
	f.Add(gunzip(f, good.Bytes()))
	f.Add([]byte{})
	f.Add([]byte(digitsMagic))
	f.Fuzz(func(t *testing.T, in []byte) {
		d, err := DecodeDigits(bytes.NewReader(in), "fuzz")
		if err != nil {
			return
		}
		if len(d.Pixels) != d.Len()*d.Width*d.Height {
			t.Fatalf("inconsistent digits: %d labels, %d×%d, %d pixels", d.Len(), d.Width, d.Height, len(d.Pixels))
		}
		var b bytes.Buffer
		if err := WriteDigits(&b, d); err != nil {
			t.Fatal(err)
		}
		raw := gunzip(t, b.Bytes())
		if !bytes.Equal(raw, in) {
			t.Fatalf("accepted payload is not canonical: re-encoded %d bytes differ from the %d read", len(raw), len(in))
		}
		back, err := DecodeDigits(bytes.NewReader(raw), "again")
		if err != nil || !reflect.DeepEqual(back.Pixels, d.Pixels) || !reflect.DeepEqual(back.Labels, d.Labels) {
			t.Fatalf("round trip failed: %v", err)
		}
	})
}

func FuzzReadDigits(f *testing.F) {
	var good bytes.Buffer
	WriteDigits(&good, &Digits{Width: 2, Height: 2, MaxValue: 16, Classes: 10, Labels: []uint8{7}, Pixels: []uint8{0, 16, 3, 9}})
	f.Add(good.Bytes())
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, in []byte) {
		d, err := ReadDigits(bytes.NewReader(in), "fuzz")
		if err != nil {
			return
		}
		if len(d.Pixels) != d.Len()*d.Width*d.Height {
			t.Fatalf("inconsistent digits: %d labels, %d×%d, %d pixels", d.Len(), d.Width, d.Height, len(d.Pixels))
		}
		var b bytes.Buffer
		if err := WriteDigits(&b, d); err != nil {
			t.Fatal(err)
		}
		back, err := ReadDigits(&b, "again")
		if err != nil || !slices.Equal(back.Pixels, d.Pixels) || !slices.Equal(back.Labels, d.Labels) {
			t.Fatalf("round trip failed: %v", err)
		}
	})
}

func TestUnitNorm(t *testing.T) {
	s := &Set{Name: "s", Dim: 2, X: []float64{3, 4, 0, 0}, Y: []float64{1, 2}}
	u := s.UnitNorm()
	if !slices.Equal(u.X, []float64{0.6, 0.8, 0, 0}) || s.X[0] != 3 || u.Name != "s/unit" {
		t.Errorf("UnitNorm: %v (original %v)", u.X, s.X)
	}
}
