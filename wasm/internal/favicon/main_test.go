package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// TestFaviconUpToDate: static/favicon.ico is what this program writes, a
// 32×32 PNG in an ICO container (regenerate with `go run
// ./wasm/internal/favicon > static/favicon.ico`).
func TestFaviconUpToDate(t *testing.T) {
	want, err := icon()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join("..", "..", "..", "static", "favicon.ico"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("static/favicon.ico (%d bytes) is not this program's output (%d bytes): go run ./wasm/internal/favicon > static/favicon.ico", len(got), len(want))
	}
	img, err := png.Decode(bytes.NewReader(want[22:]))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != size || b.Dy() != size || want[6] != size || want[7] != size {
		t.Errorf("icon %v, directory %d×%d; want %d×%d", b, want[6], want[7], size, size)
	}
}
