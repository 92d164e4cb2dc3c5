package paint

import (
	"math"

	"kernelplay/ui/render"
)

// The sprite atlas's layout (the page draws the markers into it once per
// pixel ratio: bulk_js.go): where each marker's cell goes, and how a marker
// is placed on the plot.

// SpriteSpec is one marker: a circle of radius R (CSS pixels) around the
// cell's centre, stroked with Width in Stroke, or filled with Fill when
// Width is 0.
type SpriteSpec struct {
	_            [0]func() // not comparable: no equality function in main.wasm (see inspect.Block)
	R, Width     float64
	Stroke, Fill string
}

// AtlasCell is a sprite's square cell in the atlas, device pixels: its
// left edge X (the top is 0) and its Side, even, so that its centre is a
// pixel corner.
type AtlasCell struct{ X, Side int }

// AtlasLayout places one cell per spec in a row, 2 px apart, each large
// enough for its circle, half its stroke and one pixel of antialiased edge
// at ratio dpr, and returns the cells and the atlas's size.
func AtlasLayout(specs []SpriteSpec, dpr float64) (cells []AtlasCell, w, h int) {
	x := 0
	for _, s := range specs {
		ext := s.R + s.Width/2 + 1
		side := 2 * int(math.Ceil(ext*dpr))
		cells = append(cells, AtlasCell{x, side})
		x += side + 2
		h = max(h, side)
	}
	return cells, x + 1, h + 1
}

// CutSprites returns the cells' pixels of the atlas image pix (RGBA, w
// pixels wide) as sprites for render.Layer.
func CutSprites(dst []*render.Sprite, pix []byte, w int, cells []AtlasCell) []*render.Sprite {
	for _, c := range cells {
		sub := make([]byte, 0, 4*c.Side*c.Side)
		for y := range c.Side {
			sub = append(sub, pix[4*(y*w+c.X):4*(y*w+c.X+c.Side)]...)
		}
		dst = append(dst, render.NewSprite(sub, c.Side, c.Side))
	}
	return dst
}

// PlaceSprite appends to data the triple (sprite, left, top) that draws
// the sprite of a cell of side side centred on (x, y) in CSS pixels at
// ratio dpr: the centre rounded to the nearest device pixel corner (at
// most half a device pixel off). Non-finite positions append nothing.
func PlaceSprite(data []float64, sprite, side int, x, y, dpr float64) []float64 {
	if math.IsNaN(x) || math.IsNaN(y) || math.IsInf(x, 0) || math.IsInf(y, 0) {
		return data
	}
	h := float64(side) / 2
	return append(data, float64(sprite), math.Round(x*dpr)-h, math.Round(y*dpr)-h)
}
