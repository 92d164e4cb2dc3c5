package render

import (
	"image"
	"math"
	"strconv"

	"kernelplay/core/data/pad"
)

// The drawing pad of the digits view (issue 22): the strokes as drawn, and
// the preprocessing steps beside the pad, as display lists, so that what
// the learner sees is drawn by the same pure code the tests read. The pad's
// data (rasterising, the sets' recipes) is kernelplay/core/data/pad's.

// padInk are the 17 grey levels the pad's pictures use, from White (0) to
// Ink (16), as CSS colours: the steps are drawn one filled square per
// pixel, and 17 levels are what an 8×8 count takes (0…16); a grey pixel of
// MNIST's 256 levels is shown at the nearest of them (its exact level is in
// the text, PadStepsText).
var padInk = func() (c [17]string) {
	for k := range c {
		mix := func(a, b uint8) string {
			return strconv.Itoa(int(math.Round(float64(a) + (float64(b)-float64(a))*float64(k)/16)))
		}
		c[k] = "rgb(" + mix(White.R, Ink.R) + "," + mix(White.G, Ink.G) + "," + mix(White.B, Ink.B) + ")"
	}
	return c
}()

// PadInkCSS is the colour of the pad's strokes (Ink).
var PadInkCSS = padInk[16]

// PadStrokes appends strokes, in pad pixels (pad.Size square, Y down), to l
// scaled to a w×h CSS-pixel canvas: one polyline per stroke of width
// pad.PenWidth scaled, so that the pad shows the ink the rasteriser
// draws. A one-point stroke (a dot) is drawn as a segment of length
// 0.01 pad pixels, which a round cap (the painter's canvas sets
// lineCap round) shows as a disc. An empty drawing gets the hint
// "draw a digit here".
func PadStrokes(l *List, strokes []pad.Stroke, w, h float64) {
	k := math.Min(w, h) / pad.Size
	padFrame(l, 0.5, 0.5, w-1, h-1, "#c9ced6", 1)
	if len(strokes) == 0 {
		padText(l, "draw a digit here", w/2, h/2, FontSans, 15, AlignCenter, "#8a929c")
		return
	}
	var xy []float64
	for _, s := range strokes {
		xy = xy[:0]
		for _, p := range s {
			xy = append(xy, p.X*k, p.Y*k)
		}
		if len(s) == 1 {
			xy = append(xy, s[0].X*k+0.01, s[0].Y*k)
		}
		padStroke(l, xy, PadInkCSS, pad.PenWidth*k, [2]float64{}, Rect{})
	}
}

// PadStepsInput is a drawing's preprocessing as the steps beside the pad
// show it (ui/app.PadSteps holds these).
type PadStepsInput struct {
	// MNIST is true for the MNIST recipe, false for optdigits'.
	MNIST bool
	// Normalised is the intermediate image: optdigits' 32×32 binary
	// bitmap (0 or 255), MNIST's 20×20 box (grey levels).
	Normalised *image.Gray
	// Offset is where the MNIST box's top-left corner lies in 28×28.
	Offset image.Point
	// Features are the drawing as the learner takes it, Width·Height
	// values in [0, 1], row-major.
	Features      []float64
	Width, Height int
}

// padGap is the space between the two step pictures and padCap the
// height of their captions, CSS pixels.
const (
	padGap = 14
	padCap = 18
)

// PadSteps appends the two steps of a drawing's preprocessing to l for a
// w×h canvas, side by side, each under its caption: for optdigits the
// 32×32 bitmap (its 4×4 blocks ruled) and the 8×8 counts (each cell
// shaded by its count and labelled with it, 0…16: UCI optdigits' recipe);
// for MNIST the 20×20 fit and the 28×28 image, the box outlined where the
// centre of mass put it and the centre (14, 14) marked (LeCun et al.'s
// recipe). Each picture is one filled square per non-background pixel.
// It panics if Features is not Width·Height long or Normalised is nil.
func PadSteps(l *List, in PadStepsInput, w, h float64) {
	if len(in.Features) != in.Width*in.Height || in.Normalised == nil {
		panic("render: PadSteps: features are not width·height or no normalised image")
	}
	s := math.Floor(math.Min((w-padGap)/2, h-padCap))
	if s < 8 {
		return
	}
	x1 := s + padGap
	capA, capB := "32×32 bitmap", "8×8 counts (0–16)"
	if in.MNIST {
		capA, capB = "20×20 fit", "28×28, centred by mass"
	}
	padText(l, capA, 0, 13, FontSans, 12, AlignLeft, ChartInk)
	padText(l, capB, x1, 13, FontSans, 12, AlignLeft, ChartInk)
	// The normalised image.
	g := in.Normalised
	b := g.Bounds()
	gw, gh := b.Dx(), b.Dy()
	side := max(gw, gh) // 32, or MNIST's 20×20 box filling the first picture
	px := s / float64(side)
	padFill(l, 0, padCap, s, s, padInk[0])
	for y := range gh {
		for x := range gw {
			if v := g.GrayAt(b.Min.X+x, b.Min.Y+y).Y; v > 0 {
				padFill(l, float64(x)*px, padCap+float64(y)*px, px, px, padInk[int(math.Round(float64(v)*16/255))])
			}
		}
	}
	if !in.MNIST { // the 4×4 blocks that are counted
		for i := pad.BlockSide; i < side; i += pad.BlockSide {
			t := float64(i) * px
			padStroke(l, []float64{t, padCap, t, padCap + s}, "rgba(44,110,203,0.35)", 1, [2]float64{}, Rect{})
			padStroke(l, []float64{0, padCap + t, s, padCap + t}, "rgba(44,110,203,0.35)", 1, [2]float64{}, Rect{})
		}
	}
	padFrame(l, 0.5, padCap+0.5, s-1, s-1, "#c9ced6", 1)
	// The learner's input.
	q := s / float64(in.Width)
	padFill(l, x1, padCap, s, s, padInk[0])
	for i, v := range in.Features {
		k := int(math.Round(v * 16))
		if k > 0 {
			padFill(l, x1+float64(i%in.Width)*q, padCap+float64(i/in.Width)*q, q, q, padInk[min(k, 16)])
		}
	}
	if !in.MNIST {
		for i, v := range in.Features {
			k := int(math.Round(v * 16))
			col := ChartInk
			if k > 8 {
				col = "#ffffff"
			}
			padText(l, strconv.Itoa(k), x1+(float64(i%in.Width)+0.5)*q, padCap+(float64(i/in.Width)+0.68)*q,
				FontMono, math.Max(8, math.Round(q*0.42)), AlignCenter, col)
		}
	} else {
		padFrame(l, x1+float64(in.Offset.X)*q, padCap+float64(in.Offset.Y)*q, float64(gw)*q, float64(gh)*q,
			"rgba(44,110,203,0.8)", 1)
		c := x1 + s/2
		m := padCap + s/2
		padStroke(l, []float64{c - 6, m, c + 6, m, math.NaN(), math.NaN(), c, m - 6, c, m + 6}, "#e0457b", 1.5, [2]float64{}, Rect{})
	}
	padFrame(l, x1+0.5, padCap+0.5, s-1, s-1, "#c9ced6", 1)
}

// PadStepsText is the steps' text for a screen reader and the keyboard
// (the canvas's accessible description): what each picture shows and, for
// optdigits, the 8×8 counts row by row; for MNIST where the box went and
// how many of the 784 pixels carry ink.
func PadStepsText(in PadStepsInput) string {
	ink := 0
	for _, v := range in.Features {
		if v > 0 {
			ink++
		}
	}
	if in.MNIST {
		return "The drawing, fitted into a 20×20 box keeping its shape, then placed in 28×28 with its top-left corner at column " +
			strconv.Itoa(in.Offset.X) + ", row " + strconv.Itoa(in.Offset.Y) +
			" so that its centre of mass is at the centre: " + strconv.Itoa(ink) + " of 784 pixels carry ink."
	}
	on := 0
	if g := in.Normalised; g != nil {
		for _, v := range g.Pix {
			if v > 0 {
				on++
			}
		}
	}
	b := []byte("The drawing as a 32×32 bitmap, " + strconv.Itoa(on) + " pixels on; then the on pixels of each 4×4 block, 8 rows of 8 counts:")
	for i, v := range in.Features {
		if i%in.Width == 0 {
			b = append(b, " row "...)
			b = strconv.AppendInt(b, int64(i/in.Width+1), 10)
			b = append(b, ':')
		}
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(math.Round(v*16)), 10)
		if i%in.Width == in.Width-1 {
			b = append(b, ';')
		}
	}
	return string(b)
}

// PadThumb is one thumbnail of [PadPulls]: a digit's input (Width·Height
// values, row-major, scaled by its largest value as [DigitImage] does)
// and the caption under it.
type PadThumb struct {
	X             []float64
	Width, Height int
	Caption       string
}

// PadPulls appends rows of thumbnails to l for a w×h canvas: one row per
// learner (the support vectors that pulled an asked drawing most), each
// thumbnail a square of one filled square per non-zero pixel with its
// caption below. Thumbnails shrink to fit the rows and four per row.
// It panics if a thumbnail's X is not Width·Height long.
func PadPulls(l *List, rows [][]PadThumb, w, h float64) {
	if len(rows) == 0 {
		return
	}
	const gap, capH = 10, 15
	s := math.Floor(math.Min(h/float64(len(rows))-capH-4, (w-3*gap)/4))
	if s < 8 {
		return
	}
	for r, row := range rows {
		y := float64(r) * (s + capH + 4)
		for i, t := range row {
			if len(t.X) != t.Width*t.Height {
				panic("render: PadPulls: input length is not width·height")
			}
			x := float64(i) * (s + gap)
			padFill(l, x, y, s, s, padInk[0])
			hi := 0.0
			for _, v := range t.X {
				hi = math.Max(hi, v)
			}
			q := s / float64(t.Width)
			for j, v := range t.X {
				if k := int(math.Round(v / hi * 16)); hi > 0 && k > 0 {
					padFill(l, x+float64(j%t.Width)*q, y+float64(j/t.Width)*q, q, q, padInk[k])
				}
			}
			padFrame(l, x+0.5, y+0.5, s-1, s-1, "#c9ced6", 1)
			padText(l, t.Caption, x+s/2, y+s+capH-3, FontMono, 11, AlignCenter, ChartInk)
		}
	}
}

// The pad's display-list calls, kept out of line: ui/render is compiled
// with inlining for its per-frame paths (the Makefile's -gcflags), and
// List's appends inlined at each of the pad's call sites, which run once
// per stroke, cost about 3 KB of the page's gzip for nothing.
//
//go:noinline
func padFill(l *List, x, y, w, h float64, color string) { l.Fill(x, y, w, h, color) }

//go:noinline
func padFrame(l *List, x, y, w, h float64, color string, width float64) {
	l.Frame(x, y, w, h, color, width)
}

//go:noinline
func padStroke(l *List, xy []float64, color string, width float64, dash [2]float64, clip Rect) {
	l.Stroke(xy, color, width, dash, clip)
}

//go:noinline
func padText(l *List, s string, x, y float64, font Font, size float64, align Align, color string) {
	l.Text(s, x, y, font, size, align, color)
}
