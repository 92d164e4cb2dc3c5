package data

import (
	"bytes"
	"compress/gzip"
	"errors"
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

// loadShipped reads both shipped digit files once per test binary, as the
// page does: gunzip (the browser's DecompressionStream there), then
// DecodeDigits. (digitfile.Read, which does the same natively, imports this
// package, so its tests cannot be used here.)
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
			zr, err := gzip.NewReader(f)
			if err != nil {
				shippedErr = err
				return nil
			}
			d, err := DecodeDigits(zr, name)
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
	if err := EncodeDigits(&a, d); err != nil {
		t.Fatal(err)
	}
	if err := EncodeDigits(&b, d); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("EncodeDigits is not deterministic")
	}
	raw := a.Bytes()
	// The header, byte by byte (the format above digitsMagic).
	want := []byte("KPDIGIT1\x02\x00\x00\x00\x03\x00\x02\x00\x09\x04\x00\x00\x03\x00")
	if len(raw) != digitsHeaderLen+2+2*6 || !bytes.Equal(raw[:digitsHeaderLen+2], want) {
		t.Errorf("payload: %d bytes starting %q, want %d starting %q", len(raw), raw[:min(len(raw), 22)], digitsHeaderLen+14, want)
	}
	back, err := DecodeDigits(bytes.NewReader(raw), "tiny")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, d) {
		t.Errorf("round trip: got %+v, want %+v", back, d)
	}
	s := back.Set()
	if s.Dim != 6 || s.Row(1)[0] != 1 || s.Row(0)[3] != 3.0/9 || s.Y[0] != 3 {
		t.Errorf("Set: got dim %d, rows %v %v, labels %v", s.Dim, s.Row(0), s.Row(1), s.Y)
	}
}

func TestEncodeDigitsMisuse(t *testing.T) {
	good := func() *Digits {
		return &Digits{Width: 2, Height: 1, MaxValue: 3, Classes: 2, Labels: []uint8{1}, Pixels: []uint8{3, 0}}
	}
	for _, c := range []struct {
		name string
		bad  func(d *Digits)
	}{
		{"short pixels", func(d *Digits) { d.Pixels = d.Pixels[:1] }},
		{"zero width", func(d *Digits) { d.Width = 0 }},
		{"too many pixels", func(d *Digits) { d.Width, d.Pixels = 65*64, make([]uint8, 65*64) }},
		{"max 0", func(d *Digits) { d.MaxValue = 0 }},
		{"max 256", func(d *Digits) { d.MaxValue = 256 }},
		{"classes 0", func(d *Digits) { d.Classes = 0 }},
		{"label ≥ classes", func(d *Digits) { d.Labels[0] = 2 }},
		{"pixel > max", func(d *Digits) { d.Pixels[1] = 4 }},
	} {
		d := good()
		c.bad(d)
		var b bytes.Buffer
		func() {
			defer func() {
				if r := recover(); r == nil {
					t.Errorf("%s: no panic", c.name)
				} else if msg, _ := r.(string); len(msg) < 6 || msg[:6] != "data: " {
					t.Errorf("%s: panic %v without the package prefix", c.name, r)
				}
			}()
			EncodeDigits(&b, d)
		}()
		if b.Len() != 0 {
			t.Errorf("%s: wrote %d bytes before panicking", c.name, b.Len())
		}
	}
	if err := EncodeDigits(failWriter{}, good()); !errors.Is(err, errBroken) {
		t.Errorf("EncodeDigits to a failing writer: error %v does not wrap it", err)
	}
}

// failWriter fails every write with errBroken.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errBroken }

// gz compresses raw as one gzip stream.
func gz(raw []byte) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(raw)
	zw.Close()
	return b.Bytes()
}

func TestDecodeDigitsErrors(t *testing.T) {
	var good bytes.Buffer
	d := &Digits{Width: 2, Height: 1, MaxValue: 3, Classes: 2, Labels: []uint8{1}, Pixels: []uint8{3, 0}}
	if err := EncodeDigits(&good, d); err != nil {
		t.Fatal(err)
	}
	raw := good.Bytes()
	if _, err := DecodeDigits(bytes.NewReader(raw), "good"); err != nil {
		t.Fatalf("good payload: %v", err)
	}
	mutate := func(f func(b []byte) []byte) []byte { return f(slices.Clone(raw)) }
	for _, c := range []struct {
		name string
		in   []byte
	}{
		{"empty", nil},
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
	} {
		if _, err := DecodeDigits(bytes.NewReader(c.in), c.name); err == nil {
			t.Errorf("DecodeDigits %s: no error", c.name)
		}
	}
	if _, err := DecodeDigits(bytes.NewReader(gz(raw)), "still gzip"); !errors.Is(err, ErrNotDigits) {
		t.Errorf("DecodeDigits of a gzip stream: error %v is not ErrNotDigits", err)
	}
	if _, err := DecodeDigits(iotest.ErrReader(errBroken), "broken reader"); !errors.Is(err, errBroken) {
		t.Errorf("DecodeDigits of a failing reader: error %v does not wrap it", err)
	}
	if _, err := DecodeDigits(bytes.NewReader(mutate(func(b []byte) []byte { b[1] = 'Q'; return b })), "m"); !errors.Is(err, ErrNotDigits) {
		t.Errorf("bad magic: error %v is not ErrNotDigits", err)
	}
}

var errBroken = errors.New("broken")

// FuzzDecodeDigits checks that DecodeDigits never panics on an arbitrary
// payload, and that whatever it accepts is consistent and survives
// EncodeDigits → DecodeDigits unchanged.
func FuzzDecodeDigits(f *testing.F) {
	var good bytes.Buffer
	EncodeDigits(&good, &Digits{Width: 2, Height: 2, MaxValue: 16, Classes: 10, Labels: []uint8{7}, Pixels: []uint8{0, 16, 3, 9}})
	f.Add(good.Bytes())
	f.Add([]byte{})
	f.Add([]byte(digitsMagic))
	f.Add(append(digitsHeader(2000, 64, 64), make([]byte, 100)...))
	f.Fuzz(func(t *testing.T, in []byte) {
		d, err := DecodeDigits(bytes.NewReader(in), "fuzz")
		if err != nil {
			return
		}
		if len(d.Pixels) != d.Len()*d.Width*d.Height || len(d.Pixels) > MaxCells {
			t.Fatalf("inconsistent digits: %d labels, %d×%d, %d pixels", d.Len(), d.Width, d.Height, len(d.Pixels))
		}
		var b bytes.Buffer
		if err := EncodeDigits(&b, d); err != nil {
			t.Fatal(err)
		}
		raw := b.Bytes()
		if !bytes.Equal(raw, in) {
			t.Fatalf("accepted payload is not canonical: re-encoded %d bytes differ from the %d read", len(raw), len(in))
		}
		back, err := DecodeDigits(bytes.NewReader(raw), "again")
		if err != nil || !reflect.DeepEqual(back.Pixels, d.Pixels) || !reflect.DeepEqual(back.Labels, d.Labels) {
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
