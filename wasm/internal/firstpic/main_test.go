package main

import (
	"bytes"
	"image"
	"image/jpeg"
	"os"
	"path/filepath"
	"testing"

	"kernelplay/ui/render"
	"kernelplay/ui/state"
)

// TestFirstPicUpToDate: static/first.jpg is what this program writes
// (regenerate with `go run ./wasm/internal/firstpic > static/first.jpg`),
// a Grid×Grid picture of a surface that has learned the spirals: both
// classes' colours in it, each over a good part of the picture.
func TestFirstPicUpToDate(t *testing.T) {
	want, err := picture()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join("..", "..", "..", "static", "first.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	img, err := jpeg.Decode(bytes.NewReader(want))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		// Another platform may round the surface's arithmetic differently
		// (fused multiply-adds): the same picture within 3 levels a
		// channel is up to date.
		old, err := jpeg.Decode(bytes.NewReader(got))
		if err != nil || old.Bounds() != img.Bounds() || maxDiff(old, img) > 3 {
			t.Errorf("static/first.jpg (%d bytes) is not this program's output (%d bytes): go run ./wasm/internal/firstpic > static/first.jpg", len(got), len(want))
		}
	}
	g := state.Default().Grid
	if b := img.Bounds(); b.Dx() != g || b.Dy() != g {
		t.Fatalf("picture %v, want %d×%d", b, g, g)
	}
	if len(want) > 16<<10 {
		t.Errorf("first.jpg is %d bytes: the loading view's picture must stay small (≤ 16 KB)", len(want))
	}
	// The palette's ends (render.Diverging): blue below the boundary,
	// orange above. Count pixels clearly of each.
	neg, pos := render.Diverging(-1), render.Diverging(1)
	var nNeg, nPos int
	for y := range g {
		for x := range g {
			r, gg, b, _ := img.At(x, y).RGBA()
			r, gg, b = r>>8, gg>>8, b>>8
			near := func(c [3]uint8) bool {
				d := func(a uint32, b uint8) int { return int(a) - int(b) }
				return d(r, c[0])*d(r, c[0])+d(gg, c[1])*d(gg, c[1])+d(b, c[2])*d(b, c[2]) < 40*40
			}
			switch {
			case near([3]uint8{neg.R, neg.G, neg.B}):
				nNeg++
			case near([3]uint8{pos.R, pos.G, pos.B}):
				nPos++
			}
		}
	}
	t.Logf("%d bytes; %d pixels near the negative colour, %d near the positive, of %d", len(want), nNeg, nPos, g*g)
	if min(nNeg, nPos) < g*g/10 {
		t.Errorf("%d pixels near the negative colour and %d near the positive of %d: not a learned two-class surface", nNeg, nPos, g*g)
	}
}

// maxDiff is the largest difference of a colour channel (0…255) between
// the pixels of a and b (same bounds).
func maxDiff(a, b image.Image) int {
	m := 0
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			for _, d := range []int{int(r1>>8) - int(r2>>8), int(g1>>8) - int(g2>>8), int(b1>>8) - int(b2>>8)} {
				m = max(m, d, -d)
			}
		}
	}
	return m
}
