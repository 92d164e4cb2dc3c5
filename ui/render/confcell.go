package render

import "math"

// confusionLayout is where [Confusion] puts a k×k matrix on a w×h canvas:
// the top-left corner of the cells (after the class labels, 18 px, 50 px
// for two classes) and the side of their square.
func confusionLayout(k int, w, h float64) (x0, y0, size float64) {
	lab := 18.0
	if k <= 2 {
		lab = 50
	}
	return lab, lab, math.Min(w-lab-2, h-lab-2)
}

// ConfusionCellAt returns the cell (row = true class, column = prediction)
// of a k×k [Confusion] matrix on a w×h canvas under the point (x, y), CSS
// pixels from the canvas's top-left corner; ok is false outside the cells
// or when Confusion draws nothing.
func ConfusionCellAt(k int, w, h, x, y float64) (row, col int, ok bool) {
	x0, y0, size := confusionLayout(k, w, h)
	if size < 20 || k == 0 || x < x0 || y < y0 || x >= x0+size || y >= y0+size {
		return 0, 0, false
	}
	side := size / float64(k)
	return min(int((y-y0)/side), k-1), min(int((x-x0)/side), k-1), true
}

// ConfusionCursor appends the keyboard's cell cursor of a k×k [Confusion]
// matrix on a w×h canvas to l: a frame in ink over a white halo around
// cell (row, col). It appends nothing when Confusion draws nothing or the
// cell is outside the matrix.
func ConfusionCursor(l *List, k int, w, h float64, row, col int) {
	x0, y0, size := confusionLayout(k, w, h)
	if size < 20 || k == 0 || row < 0 || col < 0 || row >= k || col >= k {
		return
	}
	side := size / float64(k)
	x, y := x0+float64(col)*side, y0+float64(row)*side
	l.Frame(x-1, y-1, side+1, side+1, "#ffffff", 4)
	l.Frame(x-1, y-1, side+1, side+1, inkText, 2)
}

// GalleryTileAt returns which tile of a gallery of n w×h thumbnails on a
// cw×ch canvas ([GalleryLayout]) is under the point (x, y), CSS pixels
// from the canvas's top-left corner: its position in the shown list
// ([GalleryTerms] with cols·rows), row after row; ok is false in the gaps
// around the tiles and below or beside the grid.
func GalleryTileAt(cw, ch float64, w, h, n int, x, y float64) (tile int, ok bool) {
	s, cols, rows := GalleryLayout(cw, ch, w, h, n)
	k := s / float64(w)
	cw1, ch1 := k*float64(w+GalleryGap), k*float64(h+GalleryBar(h)+GalleryGap)
	if x < 0 || y < 0 {
		return 0, false
	}
	c, r := int(x/cw1), int(y/ch1)
	if c >= cols || r >= rows || x-float64(c)*cw1 >= s || y-float64(r)*ch1 >= k*float64(h+GalleryBar(h)) {
		return 0, false
	}
	tile = r*cols + c
	return tile, tile < min(n, cols*rows)
}
