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
// becomes a blend from White (v ≤ 0) to Ink (v at x's maximum), in 256
// levels, so digits of any scale (pixels in [0, 1], unit-norm rows) read the
// same. It panics if len(x) ≠ w·h; pixels outside dst are clipped.
func DigitImage(dst *image.RGBA, x []float64, w, h, x0, y0 int) {
	if len(x) != w*h {
		panic("render: DigitImage: input length is not width·height")
	}
	hi := 0.0
	for _, v := range x {
		if v > hi {
			hi = v
		}
	}
	scale := 0.0
	if hi > 0 {
		scale = 255 / hi
	}
	b := dst.Bounds()
	if x0 >= b.Min.X && y0 >= b.Min.Y && x0+w <= b.Max.X && y0+h <= b.Max.Y {
		// Inside: one row slice at a time, no per-pixel bounds.
		for r := range h {
			o := dst.PixOffset(x0, y0+r)
			row := dst.Pix[o : o+4*w : o+4*w]
			for c, v := range x[r*w : (r+1)*w] {
				k := int(v*scale + 0.5)
				if k < 0 {
					k = 0
				} else if k > 255 {
					k = 255
				}
				l := &inkLUT[k]
				p := row[4*c : 4*c+4 : 4*c+4]
				p[0], p[1], p[2], p[3] = l[0], l[1], l[2], l[3]
			}
		}
		return
	}
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
			k := int(x[r*w+c]*scale + 0.5)
			if k < 0 {
				k = 0
			} else if k > 255 {
				k = 255
			}
			o := dst.PixOffset(px, py)
			copy(dst.Pix[o:o+4:o+4], inkLUT[k][:])
		}
	}
}

// inkLUT holds the 256 blends from White to Ink.
var inkLUT = func() (lut [256][4]uint8) {
	for k := range lut {
		t := float64(k) / 255
		lut[k] = [4]uint8{blend(White.R, Ink.R, t), blend(White.G, Ink.G, t), blend(White.B, Ink.B, t), 0xff}
	}
	return lut
}()

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

// GalleryGap is the gap between cells in a gallery atlas, in image pixels.
const GalleryGap = 1

// GalleryBar returns the height in image pixels of the coefficient bar
// under each thumbnail of height h: an eighth of it, at least 1.
func GalleryBar(h int) int { return max(1, (h+4)/8) }

// Gallery draws the support vectors of expansion terms (indices from
// [GalleryTerms]) as w×h thumbnails into one atlas of cols columns, row
// after row, on a White background, reusing dst when its size fits. Each
// cell is w+GalleryGap pixels wide and h+GalleryBar(h)+GalleryGap high:
// under the thumbnail a bar whose length is |α| relative to the largest
// |α| shown ([TermCoef]), orange (ClassColors[1]) for α > 0 and blue
// (ClassColors[0]) for α < 0, the colours the plot and the buffer strip
// give the two signs (f > 0 is orange on the diverging palette). The page copies the atlas to a canvas once
// and scales it with one drawImage. It panics if the expansion's dimension
// is not w·h.
func Gallery(dst *image.RGBA, e *expansion.Expansion, terms []int, w, h, cols int) *image.RGBA {
	if e.Dim() != w*h {
		panic("render: Gallery: expansion dimension is not width·height")
	}
	cols = max(1, cols)
	bar := GalleryBar(h)
	rows := max(1, (len(terms)+cols-1)/cols)
	aw, ah := cols*(w+GalleryGap)-GalleryGap, rows*(h+bar+GalleryGap)-GalleryGap
	if dst == nil || dst.Bounds().Dx() != aw || dst.Bounds().Dy() != ah {
		dst = image.NewRGBA(image.Rect(0, 0, aw, ah))
	}
	for i := range dst.Pix {
		dst.Pix[i] = 0xff // white, opaque
	}
	alpha := make([]float64, e.Labels())
	coef := make([]float64, len(terms))
	amax := 0.0
	for j, i := range terms {
		_, coef[j] = TermCoef(e.Alpha(alpha, i))
		amax = math.Max(amax, math.Abs(coef[j]))
	}
	for j, i := range terms {
		x0, y0 := (j%cols)*(w+GalleryGap), (j/cols)*(h+bar+GalleryGap)
		DigitImage(dst, e.X(i), w, h, x0, y0)
		if amax == 0 {
			continue
		}
		n := max(1, int(math.Round(float64(w)*math.Abs(coef[j])/amax)))
		c := ClassColors[1] // α > 0: label +1's colour, as in the plot and the strip
		if coef[j] < 0 {
			c = ClassColors[0]
		}
		for y := y0 + h; y < y0+h+bar; y++ {
			for x := x0; x < x0+n; x++ {
				dst.SetRGBA(x, y, c)
			}
		}
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
	_          [0]func() // not comparable: no equality function in main.wasm (see inspect.Block)
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
