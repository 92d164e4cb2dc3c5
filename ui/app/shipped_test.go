package app

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"strings"
	"testing"

	"kernelplay/core/data"
	"kernelplay/ui/state"
)

// TestDecodeShipped decodes the shipped 8×8 digit file as the page does
// (the browser gunzips it, app.DecodeShipped decodes the payload): 1,797
// examples of 64 features, ten classes, 8×8 thumbnails; a payload that is
// not a digit file is an error, not a panic.
func TestDecodeShipped(t *testing.T) {
	f, err := os.Open("../../static/data/digits8x8.kpd.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	a, err := DecodeShipped(state.Data8x8, "digits8x8", b)
	if err != nil {
		t.Fatal(err)
	}
	if a.Key != state.Data8x8 || a.Set.Name != "digits8x8" || a.Set.Len() != 1797 || a.Set.Dim != 64 || a.Set.Classes != 10 {
		t.Errorf("decoded %q: key %q, %d examples of %d features, %d classes", a.Set.Name, a.Key, a.Set.Len(), a.Set.Dim, a.Set.Classes)
	}
	if w, h, ok := ImageShape(a.Set); !ok || w != 8 || h != 8 {
		t.Errorf("ImageShape = %d×%d %v, want 8×8", w, h, ok)
	}
	if _, err := DecodeShipped(state.Data8x8, "x", bytes.Repeat([]byte{7}, 100)); err == nil {
		t.Error("a payload that is not a digit file decoded")
	}
	if _, err := DecodeShipped(state.Data8x8, "x", b[:len(b)/2]); err == nil {
		t.Error("a truncated payload decoded")
	}
}

// TestImageShape: a set's own Width×Height wins when it matches Dim; 64
// and 784 features are 8×8 and 28×28; other inputs are not images.
func TestImageShape(t *testing.T) {
	for _, c := range []struct {
		dim, w, h    int
		wantW, wantH int
		ok           bool
	}{
		{64, 0, 0, 8, 8, true},
		{784, 0, 0, 28, 28, true},
		{784, 16, 49, 16, 49, true},
		{784, 10, 10, 28, 28, true}, // a shape that does not fit Dim is ignored
		{3, 0, 0, 0, 0, false},
	} {
		w, h, ok := ImageShape(&data.Set{Dim: c.dim, Width: c.w, Height: c.h})
		if w != c.wantW || h != c.wantH || ok != c.ok {
			t.Errorf("dim %d, %d×%d: got %d×%d %v, want %d×%d %v", c.dim, c.w, c.h, w, h, ok, c.wantW, c.wantH, c.ok)
		}
	}
}

// TestFileNote: before a file is loaded the note says the link cannot
// carry it; after, it names the file, its examples and features.
func TestFileNote(t *testing.T) {
	s := NewStore("")
	if n := s.FileNote(); !strings.Contains(n, "load it again") {
		t.Errorf("no file: %q", n)
	}
	set, err := ReadUserFile("mine.csv", []byte("0,1,0\n1,0,1\n0.5,0.5,1\n"))
	if err != nil {
		t.Fatal(err)
	}
	s.Dispatch(DataLoaded{Key: state.DataFile, Set: set})
	if n, want := s.FileNote(), "Your file mine.csv (3 examples, 2 features)"; !strings.HasPrefix(n, want) {
		t.Errorf("FileNote = %q, want it to start %q", n, want)
	}
}
