package render

import (
	"image/color"
	"testing"
)

// TestThumbnail checks the thumbnail's geometry and colours: a point at
// (−1, 1) is drawn at the top-left corner, one at (0.5, −0.5) at three
// quarters across and down, in its class colour at the centre of its dot
// and white far from every dot; and the picture of five points of three
// classes matches the golden image pixel for pixel.
func TestThumbnail(t *testing.T) {
	const size = 64
	img := Thumbnail([]ThumbPoint{{X: -1, Y: 1, Class: 0}, {X: 0.5, Y: -0.5, Class: 1}}, size)
	at := func(x, y int) color.RGBA { return img.RGBAAt(x, y) }
	if got := at(0, 0); got != ClassColors[0] {
		t.Errorf("top-left pixel %v, want class 0's colour %v (the point (−1, 1))", got, ClassColors[0])
	}
	if got := at(48, 48); got != ClassColors[1] {
		t.Errorf("pixel (48, 48) %v, want class 1's colour %v (the point (0.5, −0.5))", got, ClassColors[1])
	}
	if got := at(48, 16); got != White {
		t.Errorf("pixel (48, 16) %v, want white (no point there)", got)
	}
	// The dot's edge is a blend: between white and the colour.
	if e := at(48+2, 48); e == White || e == ClassColors[1] {
		t.Errorf("pixel at the dot's edge %v: want a blend of white and %v", e, ClassColors[1])
	}
	golden(t, "thumb.png", Thumbnail([]ThumbPoint{
		{X: -0.5, Y: 0.5, Class: 0}, {X: 0.5, Y: 0.5, Class: 1}, {X: 0, Y: 0, Class: 2},
		{X: -0.52, Y: 0.45, Class: 1}, {X: 0.9, Y: -0.9, Class: 2},
	}, 32))
}

// TestThumbnailPanics checks the programmer errors: a size too small and a
// class without a colour.
func TestThumbnailPanics(t *testing.T) {
	for _, tc := range []struct {
		name string
		f    func()
	}{
		{"size 4", func() { Thumbnail(nil, 4) }},
		{"class 5", func() { Thumbnail([]ThumbPoint{{Class: len(ClassColors)}}, 16) }},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", tc.name)
				}
			}()
			tc.f()
		}()
	}
}
