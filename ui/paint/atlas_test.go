package paint

import (
	"math"
	"testing"
)

// TestAtlasLayout: the cells sit in a row 2 px apart without overlapping,
// each side even and wide enough for its circle, half its stroke and the
// antialiased pixel at the ratio; CutSprites cuts each cell's pixels;
// PlaceSprite centres a sprite on the nearest device pixel corner and
// skips non-finite positions.
func TestAtlasLayout(t *testing.T) {
	specs := []SpriteSpec{{R: 3, Width: 1.3}, {R: 11, Width: 1.3}, {R: 4.5, Fill: "#000"}}
	for _, dpr := range []float64{1, 1.5, 2} {
		cells, w, h := AtlasLayout(specs, dpr)
		end := 0
		for i, c := range cells {
			s := specs[i]
			if c.Side%2 != 0 || float64(c.Side) < 2*(s.R+s.Width/2+1)*dpr {
				t.Errorf("dpr %g: cell %d side %d too small or odd", dpr, i, c.Side)
			}
			if i > 0 && c.X != end+2 {
				t.Errorf("dpr %g: cell %d at %d, want %d", dpr, i, c.X, end+2)
			}
			end = c.X + c.Side
			if c.Side >= h {
				t.Errorf("dpr %g: cell %d (side %d) taller than the atlas (%d)", dpr, i, c.Side, h)
			}
		}
		if w <= end {
			t.Errorf("dpr %g: atlas %d px wide, cells end at %d", dpr, w, end)
		}
		pix := make([]byte, 4*w*h)
		for y := range h {
			for x := range w {
				pix[4*(y*w+x)] = byte(x + y)
			}
		}
		sprites := CutSprites(nil, pix, w, cells)
		if len(sprites) != len(cells) {
			t.Fatalf("%d sprites for %d cells", len(sprites), len(cells))
		}
		for i, sp := range sprites {
			if sp.W != cells[i].Side || sp.H != cells[i].Side {
				t.Errorf("dpr %g: sprite %d is %d×%d, its cell %d", dpr, i, sp.W, sp.H, cells[i].Side)
			}
		}
	}
	got := PlaceSprite(nil, 7, 10, 10.3, 20.8, 2)
	if len(got) != 3 || got[0] != 7 || got[1] != 21-5 || got[2] != 42-5 {
		t.Errorf("PlaceSprite = %v, want [7 16 37]", got)
	}
	if got := PlaceSprite(nil, 0, 10, math.NaN(), 0, 1); len(got) != 0 {
		t.Errorf("NaN placed: %v", got)
	}
}
