package main

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"os"
	"os/exec"
	"testing"

	"kernelplay/ui/render"
	"kernelplay/ui/state"
)

// TestFirstPic: what the program writes on its standard output (go run,
// as the Makefile's first-pic target runs it) is a JPEG of at most 16 KB,
// Side×Side (the page's default grid, as static/index.html's boot-pic
// says), of a surface that has learned the spirals: both classes' colours
// in it, each over a good part of the picture. It is picture(Steps),
// and the surface at another step is another picture (the picture is
// drawn from the run, not a fixed image).
func TestFirstPic(t *testing.T) {
	cmd := exec.Command("go", "run", ".")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go run ./wasm/internal/firstpic: %v", err)
	}
	want, err := picture(Steps)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, want) {
		t.Errorf("the program wrote %d bytes, picture(%d) is %d bytes: not the same picture", len(out), Steps, len(want))
	}
	if len(out) > 16<<10 {
		t.Errorf("first.jpg is %d bytes: the loading view's picture must stay small (≤ 16 KB)", len(out))
	}
	img, err := jpeg.Decode(bytes.NewReader(out))
	if err != nil {
		t.Fatalf("the program's output is not a JPEG: %v", err)
	}
	g := Side
	if g != state.Default().Grid {
		t.Errorf("Side is %d, the page's default grid %d", g, state.Default().Grid)
	}
	if b := img.Bounds(); b.Dx() != g || b.Dy() != g {
		t.Fatalf("picture %v, want %d×%d", b, g, g)
	}
	index, err := os.ReadFile("../../../static/index.html")
	if err != nil {
		t.Fatal(err)
	}
	tag := fmt.Sprintf(`<img class="boot-pic" src="first.jpg" alt="" width="%d" height="%d">`, g, g)
	if !bytes.Contains(index, []byte(tag)) {
		t.Errorf("static/index.html has no %s: the loading view's picture must say its size", tag)
	}
	nNeg, nPos := classPixels(img)
	t.Logf("%d bytes; %d pixels near the negative colour, %d near the positive, of %d", len(out), nNeg, nPos, g*g)
	if min(nNeg, nPos) < g*g/10 {
		t.Errorf("%d pixels near the negative colour and %d near the positive of %d: not a learned two-class surface", nNeg, nPos, g*g)
	}

	// Another step, another surface: a few examples in, the spirals'
	// arms have not formed yet.
	early, err := picture(20)
	if err != nil {
		t.Fatal(err)
	}
	e, err := jpeg.Decode(bytes.NewReader(early))
	if err != nil {
		t.Fatal(err)
	}
	if e.Bounds() != img.Bounds() {
		t.Fatalf("at t = 20 the picture is %v, at t = %d %v", e.Bounds(), Steps, img.Bounds())
	}
	d := maxDiff(e, img)
	t.Logf("t = 20 against t = %d: up to %d levels a channel apart", Steps, d)
	if d < 64 {
		t.Errorf("the pictures at t = 20 and t = %d differ by at most %d levels a channel: the picture does not follow the run", Steps, d)
	}
}

// classPixels counts the pixels of img clearly of the palette's ends
// (render.Diverging): blue below the boundary, orange above.
func classPixels(img image.Image) (nNeg, nPos int) {
	neg, pos := render.Diverging(-1), render.Diverging(1)
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, gg, bb, _ := img.At(x, y).RGBA()
			r, gg, bb = r>>8, gg>>8, bb>>8
			near := func(c [3]uint8) bool {
				d := func(a uint32, b uint8) int { return int(a) - int(b) }
				return d(r, c[0])*d(r, c[0])+d(gg, c[1])*d(gg, c[1])+d(bb, c[2])*d(bb, c[2]) < 40*40
			}
			switch {
			case near([3]uint8{neg.R, neg.G, neg.B}):
				nNeg++
			case near([3]uint8{pos.R, pos.G, pos.B}):
				nPos++
			}
		}
	}
	return nNeg, nPos
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
