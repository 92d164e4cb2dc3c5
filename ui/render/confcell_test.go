package render

import "testing"

// TestConfusionCellAt: the centre of every cell of ConfusionCells' layout
// maps back to that cell on canvases of a phone's and a desktop's matrix,
// for ten and two classes; the label band and the space right of the
// matrix hit nothing; the cursor frames the cell it names.
func TestConfusionCellAt(t *testing.T) {
	for _, c := range []struct {
		k    int
		w, h float64
	}{{10, 250, 250}, {10, 160, 180}, {2, 250, 250}} {
		x0, y0, size := confusionLayout(c.k, c.w, c.h)
		cells := ConfusionCells(nil, make([]int, c.k*c.k), c.k, x0, y0, size)
		for _, cl := range cells {
			r, col, ok := ConfusionCellAt(c.k, c.w, c.h, cl.X+cl.W/2, cl.Y+cl.H/2)
			if !ok || r != cl.Row || col != cl.Col {
				t.Fatalf("k %d %gx%g: centre of (%d,%d) gives (%d,%d) %v", c.k, c.w, c.h, cl.Row, cl.Col, r, col, ok)
			}
		}
		if _, _, ok := ConfusionCellAt(c.k, c.w, c.h, x0/2, y0+1); ok {
			t.Errorf("k %d: the row labels hit a cell", c.k)
		}
		if _, _, ok := ConfusionCellAt(c.k, c.w, c.h, x0+size+1, y0+1); ok {
			t.Errorf("k %d: right of the matrix hits a cell", c.k)
		}
		var l List
		ConfusionCursor(&l, c.k, c.w, c.h, c.k-1, 0)
		last := cells[(c.k-1)*c.k]
		if len(l.Ops) != 2 || l.Ops[1].X > last.X || l.Ops[1].Y > last.Y || l.Ops[1].X+l.Ops[1].W < last.X+last.W-1 {
			t.Errorf("k %d: cursor ops %+v around cell %+v", c.k, l.Ops, last)
		}
	}
}

// TestGalleryTileAt: the centre of every shown tile of a gallery maps to
// its position in the list, for a buffer that fits and one spread over
// the grid; the gap right of the first tile and below the grid hit none.
func TestGalleryTileAt(t *testing.T) {
	for _, n := range []int{7, 300, 5000} {
		cw, ch, w, h := 460.0, 380.0, 8, 8
		s, cols, rows := GalleryLayout(cw, ch, w, h, n)
		k := s / float64(w)
		shown := min(n, cols*rows)
		for i := range shown {
			r, c := i/cols, i%cols
			x := float64(c)*k*float64(w+GalleryGap) + s/2
			y := float64(r)*k*float64(h+GalleryBar(h)+GalleryGap) + s/2
			if got, ok := GalleryTileAt(cw, ch, w, h, n, x, y); !ok || got != i {
				t.Fatalf("n %d: centre of tile %d gives %d %v", n, i, got, ok)
			}
		}
		if _, ok := GalleryTileAt(cw, ch, w, h, n, s+k*float64(GalleryGap)/2, s/2); ok && GalleryGap > 0 {
			t.Errorf("n %d: the gap after the first tile hits a tile", n)
		}
		if _, ok := GalleryTileAt(cw, ch, w, h, n, 1, float64(rows)*k*float64(h+GalleryBar(h)+GalleryGap)+1); ok {
			t.Errorf("n %d: below the grid hits a tile", n)
		}
	}
}
