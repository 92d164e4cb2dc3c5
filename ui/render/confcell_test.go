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
