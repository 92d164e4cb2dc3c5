package pad

import (
	"image"
	"image/color"
	"image/draw"
	"math/rand/v2"
	"testing"

	xdraw "golang.org/x/image/draw"
)

// TestAreaScaleMatchesXDraw: areaScale gives, pixel for pixel, what
// golang.org/x/image/draw's Kernel.Scale gives with the box kernel, over
// rasters of random ink and random source and destination rectangles,
// shrinking (the pad's case: up to 280 pixels into 20 or 32) and
// enlarging (a dot's small ink box), with dst pixels outside dr untouched.
func TestAreaScaleMatchesXDraw(t *testing.T) {
	box := &xdraw.Kernel{Support: 0.5, At: func(float64) float64 { return 1 }}
	r := rand.New(rand.NewPCG(22, 7))
	src := image.NewGray(image.Rect(0, 0, Size, Size))
	for trial := range 400 {
		for i := range src.Pix {
			src.Pix[i] = 0
			if r.IntN(3) == 0 {
				src.Pix[i] = uint8(r.IntN(256))
			}
		}
		x0, y0 := r.IntN(Size-1), r.IntN(Size-1)
		sr := image.Rect(x0, y0, x0+1+r.IntN(Size-x0), y0+1+r.IntN(Size-y0))
		side := []int{BoxSide, FrameSide, 28, 7}[trial%4]
		dx0, dy0 := r.IntN(side), r.IntN(side)
		dr := image.Rect(dx0, dy0, dx0+1+r.IntN(side-dx0), dy0+1+r.IntN(side-dy0))
		want := image.NewGray(image.Rect(0, 0, side, side))
		got := image.NewGray(image.Rect(0, 0, side, side))
		for i := range want.Pix {
			want.Pix[i], got.Pix[i] = 9, 9 // outside dr both keep it
		}
		box.Scale(want, dr, src, sr, xdraw.Src, nil)
		areaScale(got, dr, src, sr)
		for i := range want.Pix {
			if got.Pix[i] != want.Pix[i] {
				t.Fatalf("trial %d, %v → %v: pixel (%d, %d) is %d, x/image/draw gives %d",
					trial, sr, dr, i%side, i/side, got.Pix[i], want.Pix[i])
			}
		}
	}
}

// TestDitherMatchesImageDraw: dither gives, pixel for pixel, what the
// standard library's draw.FloydSteinberg gives drawing a grey image into a
// black-and-white image.Paletted, over random grey images (smooth, noisy
// and flat ones, where ties and carried errors matter).
func TestDitherMatchesImageDraw(t *testing.T) {
	r := rand.New(rand.NewPCG(22, 8))
	for trial := range 300 {
		w, h := 1+r.IntN(40), 1+r.IntN(40)
		g := image.NewGray(image.Rect(0, 0, w, h))
		for i := range g.Pix {
			switch trial % 3 {
			case 0:
				g.Pix[i] = uint8(r.IntN(256))
			case 1:
				g.Pix[i] = uint8((i%w)*255/max(1, w-1)) ^ uint8(r.IntN(4))
			default:
				g.Pix[i] = uint8(trial) // flat: one level everywhere
			}
		}
		want := image.NewPaletted(g.Bounds(), color.Palette{color.Gray{Y: 0}, color.Gray{Y: 255}})
		draw.FloydSteinberg.Draw(want, want.Bounds(), g, image.Point{})
		got := dither(g)
		for i := range want.Pix {
			if got[i] != want.Pix[i] {
				t.Fatalf("trial %d (%d×%d): pixel (%d, %d) is %d, image/draw gives %d", trial, w, h, i%w, i/w, got[i], want.Pix[i])
			}
		}
	}
}
