package pad

import (
	"errors"
	"fmt"
	"image"
	"image/draw"
	"math"

	"golang.org/x/image/vector"
)

// Size is the side of the pad in pad pixels: the raster is Size×Size. 280
// is MNIST's 28 pixels ×10 (so an MNIST digit upsampled ×10 fills the pad
// as the set's 28×28 field does) and 8.75 × optdigits' 32.
const Size = 280

// PenWidth is the pen's stroke width in pad pixels (24, a twelfth of
// [Size]). It is chosen so that a digit drawn about two thirds of the pad
// high has the sets' ink density: the optdigits 32×32 bitmaps are 30.5% on
// on average (the mean of the shipped 8×8 counts over 16, all 1,797
// digits), strokes about 4–5 of 32 pixels wide, and MNIST's strokes are
// about 2–3 of the 20-pixel box; a 24-pixel pen on a 190-pixel-high digit
// is 24·32/190 ≈ 4 pixels of 32 and 24·20/190 ≈ 2.5 of 20.
// TestPenDensity measures it on drawn digits.
const PenWidth = 24

// MaxPoints bounds the points of one drawing (all strokes together):
// 20,000 points are over a minute of a pen's coalesced 240 Hz events.
// Rasterizing costs O(points · PenWidth + Size²).
const MaxPoints = 20_000

// Point is a position on the pad in pad pixels: X to the right, Y down,
// (0, 0) the top-left corner, as pointer events' offsetX/offsetY scaled to
// [Size].
type Point struct{ X, Y float64 }

// Stroke is one pen-down-to-pen-up polyline. A stroke of one point is a
// dot.
type Stroke []Point

// ErrNoInk reports a drawing or raster with no ink at all (nothing to
// normalise).
var ErrNoInk = errors.New("pad: the drawing has no ink")

// Rasterize draws strokes with a round pen of the given width (pad pixels,
// > 0; [PenWidth] on the page) into a new Size×Size grey raster, 0 the
// background and 255 full ink — the sets' convention (0 = background) —
// anti-aliased at the edges. Each segment is a rectangle of the pen's
// width and each point a disc (round caps and joins); they are filled, all
// with the same winding, by golang.org/x/image/vector, whose coverage adds
// and saturates at full ink: overlaps are the union, except that where the
// anti-aliased edges of two shapes overlap their partial coverages add (a
// stroke drawn twice has 0.3% more ink, TestRasterizeStroke). Points
// outside the pad are drawn clipped.
//
// Errors: a non-finite coordinate, more than [MaxPoints] points, or a
// width that is not a finite number in (0, Size].
func Rasterize(strokes []Stroke, width float64) (*image.Gray, error) {
	if !(width > 0 && width <= Size) {
		return nil, fmt.Errorf("pad: pen width %v outside (0, %d]", width, Size)
	}
	n := 0
	for i, s := range strokes {
		n += len(s)
		if n > MaxPoints {
			return nil, fmt.Errorf("pad: the drawing has more than %d points", MaxPoints)
		}
		for _, p := range s {
			if math.IsNaN(p.X) || math.IsInf(p.X, 0) || math.IsNaN(p.Y) || math.IsInf(p.Y, 0) {
				return nil, fmt.Errorf("pad: stroke %d has a point that is not a finite number", i+1)
			}
		}
	}
	z := vector.NewRasterizer(Size, Size)
	z.DrawOp = draw.Src
	r := width / 2
	for _, s := range strokes {
		for i, p := range s {
			p = clampPoint(p)
			disc(z, p, r)
			if i == 0 {
				continue
			}
			q := clampPoint(s[i-1])
			dx, dy := p.X-q.X, p.Y-q.Y
			l := math.Hypot(dx, dy)
			if l == 0 {
				continue
			}
			nx, ny := -dy/l*r, dx/l*r
			polygon(z, []Point{{q.X + nx, q.Y + ny}, {p.X + nx, p.Y + ny}, {p.X - nx, p.Y - ny}, {q.X - nx, q.Y - ny}})
		}
	}
	a := image.NewAlpha(image.Rect(0, 0, Size, Size))
	z.Draw(a, a.Bounds(), image.Opaque, image.Point{})
	// image.Alpha and image.Gray share their layout: one byte per pixel.
	return &image.Gray{Pix: a.Pix, Stride: a.Stride, Rect: a.Rect}, nil
}

// clampPoint keeps p within a pad's width of the pad, so that far-away
// points cost no more than near ones (the rasterizer clips them anyway).
func clampPoint(p Point) Point {
	return Point{min(max(p.X, -Size), 2*Size), min(max(p.Y, -Size), 2*Size)}
}

// discSides is the number of sides of the polygon drawn for a disc: at the
// page's 12-pixel radius a 32-gon departs from the circle by
// r(1 − cos(π/32)) ≈ 0.06 pixel.
const discSides = 32

// disc fills a disc of radius r about c.
func disc(z *vector.Rasterizer, c Point, r float64) {
	var ps [discSides]Point
	for k := range ps {
		a := 2 * math.Pi * float64(k) / discSides
		ps[k] = Point{c.X + r*math.Cos(a), c.Y + r*math.Sin(a)}
	}
	polygon(z, ps[:])
}

// polygon fills the closed polygon ps, traversed so that its signed area
// is positive: the rasterizer adds signed coverage, so polygons of one
// winding add up (and saturate) where they overlap, while opposite
// windings would cancel.
func polygon(z *vector.Rasterizer, ps []Point) {
	area := 0.0
	for i, p := range ps {
		q := ps[(i+1)%len(ps)]
		area += p.X*q.Y - q.X*p.Y
	}
	at := func(i int) Point { return ps[i] }
	if area < 0 {
		at = func(i int) Point { return ps[len(ps)-1-i] }
	}
	p := at(0)
	z.MoveTo(float32(p.X), float32(p.Y))
	for i := 1; i < len(ps); i++ {
		p = at(i)
		z.LineTo(float32(p.X), float32(p.Y))
	}
	z.ClosePath()
}

// inkBounds returns the smallest rectangle holding every pixel of g above
// 0, and false if there is none.
func inkBounds(g *image.Gray, inkMin uint8) (image.Rectangle, bool) {
	b := g.Bounds()
	x0, y0, x1, y1 := b.Max.X, b.Max.Y, b.Min.X-1, b.Min.Y-1
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := g.Pix[g.PixOffset(b.Min.X, y):g.PixOffset(b.Max.X, y)]
		for i, v := range row {
			if v >= inkMin {
				x := b.Min.X + i
				x0, x1, y0, y1 = min(x0, x), max(x1, x), min(y0, y), max(y1, y)
			}
		}
	}
	if x1 < x0 {
		return image.Rectangle{}, false
	}
	return image.Rect(x0, y0, x1+1, y1+1), true
}

// checkRaster panics unless g is a Size×Size raster.
func checkRaster(g *image.Gray, who string) {
	if g == nil || g.Bounds() != image.Rect(0, 0, Size, Size) {
		panic(fmt.Sprintf("pad: %s: want a %d×%d raster", who, Size, Size))
	}
}
