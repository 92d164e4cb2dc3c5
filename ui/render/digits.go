package render

import (
	"image"
	"image/color"
	"math"

	"kernelplay/core/expansion"
)

// Ink is the colour of a digit's strokes on a [White] background: the
// darkest blue of the diverging palette, so thumbnails read as ink on paper.
var Ink = color.RGBA{0x1b, 0x1f, 0x24, 0xff}

// DigitImage draws the input x (w·h values, row-major, top row first, 0 the
// background) as a w×h grey-level picture into dst at (x0, y0): value v
// becomes a blend from White (v ≤ 0) to Ink (v at x's maximum), so digits of
// any scale (pixels in [0, 1], unit-norm rows) read the same. It panics if
// len(x) ≠ w·h; pixels outside dst are clipped.
func DigitImage(dst *image.RGBA, x []float64, w, h, x0, y0 int) {
	if len(x) != w*h {
		panic("render: DigitImage: input length is not width·height")
	}
	hi := 0.0
	for _, v := range x {
		hi = math.Max(hi, v)
	}
	inv := 0.0
	if hi > 0 {
		inv = 1 / hi
	}
	b := dst.Bounds()
	for r := range h {
		py := y0 + r
		if py < b.Min.Y || py >= b.Max.Y {
			continue
		}
		for c := range w {
			px := x0 + c
			if px < b.Min.X || px >= b.Max.X {
				continue
			}
			t := min(1, max(0, x[r*w+c]*inv))
			o := dst.PixOffset(px, py)
			p := dst.Pix[o : o+4 : o+4]
			p[0] = blend(White.R, Ink.R, t)
			p[1] = blend(White.G, Ink.G, t)
			p[2] = blend(White.B, Ink.B, t)
			p[3] = 0xff
		}
	}
}

func blend(a, b uint8, t float64) uint8 {
	return uint8(math.Round(float64(a) + (float64(b)-float64(a))*t))
}

// GalleryTerms chooses which expansion terms a gallery of at most max
// thumbnails shows, in buffer order (0 = oldest, the next evicted once the
// buffer is full, … Len()−1 = newest): all of them when they fit, otherwise
// max terms evenly spread from the oldest to the newest (both included).
// It appends to dst and returns it.
func GalleryTerms(dst []int, n, max int) []int {
	dst = dst[:0]
	if n <= 0 || max <= 0 {
		return dst
	}
	if n <= max {
		for i := range n {
			dst = append(dst, i)
		}
		return dst
	}
	if max == 1 {
		return append(dst, n-1)
	}
	for j := range max {
		dst = append(dst, int(math.Round(float64(j)*float64(n-1)/float64(max-1))))
	}
	return dst
}

// GalleryGap is the gap between thumbnails in a gallery atlas, in image
// pixels.
const GalleryGap = 1

// Gallery draws the support vectors of expansion terms (indices from
// [GalleryTerms]) as w×h thumbnails into one atlas of cols columns, row
// after row, GalleryGap pixels apart on a White background, reusing dst
// when its size fits. The page copies the atlas to a canvas once and
// scales it. It panics if the expansion's dimension is not w·h.
func Gallery(dst *image.RGBA, e *expansion.Expansion, terms []int, w, h, cols int) *image.RGBA {
	if e.Dim() != w*h {
		panic("render: Gallery: expansion dimension is not width·height")
	}
	cols = max(1, cols)
	rows := max(1, (len(terms)+cols-1)/cols)
	aw, ah := cols*(w+GalleryGap)-GalleryGap, rows*(h+GalleryGap)-GalleryGap
	if dst == nil || dst.Bounds().Dx() != aw || dst.Bounds().Dy() != ah {
		dst = image.NewRGBA(image.Rect(0, 0, aw, ah))
	}
	for i := 0; i < len(dst.Pix); i += 4 {
		dst.Pix[i], dst.Pix[i+1], dst.Pix[i+2], dst.Pix[i+3] = 0xff, 0xff, 0xff, 0xff
	}
	for j, i := range terms {
		r, c := j/cols, j%cols
		DigitImage(dst, e.X(i), w, h, c*(w+GalleryGap), r*(h+GalleryGap))
	}
	return dst
}

// TermCoef summarises a term's coefficients α_i (one per label) as the
// label with the largest |α_iy| and that α_iy: for binary and novelty the
// single coefficient (label 0); for multiclass, the class the term mostly
// votes for or against.
func TermCoef(alpha []float64) (label int, value float64) {
	for y, a := range alpha {
		if math.Abs(a) > math.Abs(value) {
			label, value = y, a
		}
	}
	return label, value
}

// Cell is one square of a confusion matrix, in pixels: the count of
// examples of true class Row predicted as Col, its share of the row (0 for
// an empty row) and the fill colour.
type Cell struct {
	X, Y, W, H float64
	Row, Col   int
	Count      int
	Share      float64
	Fill       color.RGBA
}

// ConfusionCells lays out a k×k confusion matrix (counts row-major, row =
// true class, column = prediction) in the square of side size at (x0, y0):
// correct predictions shaded towards the first class colour (blue) and
// mistakes towards the second (orange), by their share of the row, so a
// good learner shows a blue diagonal on white. It panics if len(counts) is
// not k·k.
func ConfusionCells(dst []Cell, counts []int, k int, x0, y0, size float64) []Cell {
	if len(counts) != k*k {
		panic("render: ConfusionCells: counts is not k·k")
	}
	dst = dst[:0]
	if k == 0 {
		return dst
	}
	side := size / float64(k)
	for r := range k {
		row := 0
		for c := range k {
			row += counts[r*k+c]
		}
		for c := range k {
			n := counts[r*k+c]
			share := 0.0
			if row > 0 {
				share = float64(n) / float64(row)
			}
			base := ClassColors[1]
			if r == c {
				base = ClassColors[0]
			}
			// Mistakes are rarer: a square root makes small shares visible.
			w := share
			if r != c {
				w = math.Sqrt(share)
			}
			fill := color.RGBA{blend(0xff, base.R, w), blend(0xff, base.G, w), blend(0xff, base.B, w), 0xff}
			dst = append(dst, Cell{X: x0 + float64(c)*side, Y: y0 + float64(r)*side, W: side, H: side,
				Row: r, Col: c, Count: n, Share: share, Fill: fill})
		}
	}
	return dst
}
