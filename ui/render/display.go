package render

import (
	"math"
	"strconv"
	"unicode/utf8"
)

// OpKind says what a display-list [Op] draws.
type OpKind uint8

const (
	// OpFill fills the rectangle (X, Y, W, H) with Color.
	OpFill OpKind = iota
	// OpFrame strokes the rectangle (X, Y, W, H) with Color at line width
	// Width (the canvas's strokeRect).
	OpFrame
	// OpStroke strokes the polyline(s) List.Pts[P0:P1] (x, y pairs; a NaN
	// pair breaks the line) with Color at line width Width, dashed when
	// Dash[0] > 0, clipped to the rectangle (X, Y, W, H) when W > 0.
	OpStroke
	// OpText draws Text with its baseline at (X, Y) in Color, in Font at
	// Size CSS pixels, aligned by Align; rotated by −90° about (X, Y) when
	// Vertical.
	OpText
)

// Align is the horizontal alignment of text at its anchor.
type Align uint8

const (
	AlignLeft   Align = iota // the anchor is the text's left end
	AlignCenter              // the anchor is the text's middle
	AlignRight               // the anchor is the text's right end
)

// Font is a display-list font family.
type Font uint8

const (
	// FontSans is the page's proportional UI font (system-ui).
	FontSans Font = iota
	// FontMono is the monospace font of numbers (tick labels, values).
	FontMono
	// FontBold is FontSans at weight 600 (titles).
	FontBold
)

// Op is one drawing operation of a [List]; its fields mean what its Kind
// says. Coordinates are CSS pixels, origin at the top left.
type Op struct {
	_          [0]func() // not comparable: no equality function in main.wasm (see inspect.Block)
	Kind       OpKind
	X, Y, W, H float64
	Color      string
	Width      float64
	Dash       [2]float64 // on, off (CSS pixels); zero: solid
	P0, P1     int        // OpStroke: the range of List.Pts
	Text       string
	Font       Font
	Size       float64
	Align      Align
	Vertical   bool
}

// List is a display list: drawing operations in painting order over a
// W×H CSS-pixel canvas. A view paints it one to one on a canvas 2D
// context; tests compare its text form with golden files. The zero
// value is empty; [List.Reset] keeps the memory for the next frame.
type List struct {
	W, H float64
	Ops  []Op
	Pts  []float64

	scratch chartScratch
}

// Reset empties l for a w×h canvas, keeping its memory.
func (l *List) Reset(w, h float64) {
	l.W, l.H = w, h
	l.Ops, l.Pts = l.Ops[:0], l.Pts[:0]
}

// Fill appends a filled rectangle.
func (l *List) Fill(x, y, w, h float64, color string) {
	l.Ops = append(l.Ops, Op{Kind: OpFill, X: x, Y: y, W: w, H: h, Color: color})
}

// Frame appends a stroked rectangle of line width width.
func (l *List) Frame(x, y, w, h float64, color string, width float64) {
	l.Ops = append(l.Ops, Op{Kind: OpFrame, X: x, Y: y, W: w, H: h, Color: color, Width: width})
}

// Stroke appends a stroke of the polyline(s) xy (x, y pairs; a NaN pair
// breaks the line), clipped to clip when clip's width is positive. It
// appends nothing for fewer than two points.
func (l *List) Stroke(xy []float64, color string, width float64, dash [2]float64, clip Rect) {
	if len(xy) < 4 {
		return
	}
	p0 := len(l.Pts)
	l.Pts = append(l.Pts, xy...)
	l.Ops = append(l.Ops, Op{Kind: OpStroke, X: clip.X, Y: clip.Y, W: clip.W, H: clip.H,
		Color: color, Width: width, Dash: dash, P0: p0, P1: len(l.Pts)})
}

// Text appends a text label with its baseline at (x, y).
func (l *List) Text(s string, x, y float64, font Font, size float64, align Align, color string) {
	l.Ops = append(l.Ops, Op{Kind: OpText, X: x, Y: y, Text: s, Font: font, Size: size, Align: align, Color: color})
}

// Rect is an axis-aligned rectangle in CSS pixels.
type Rect struct{ X, Y, W, H float64 }

// textGap is the least horizontal space between two texts on one line
// (CSS pixels): less reads as one word ("t1").
const textGap = 4

// overlaps reports whether r and q share interior points or, side by side,
// stand less than textGap apart.
func (r Rect) overlaps(q Rect) bool {
	return r.X < q.X+q.W+textGap && q.X < r.X+r.W+textGap && r.Y < q.Y+q.H && q.Y < r.Y+r.H
}

// Widths of the text-width estimate, in ems. Monospace: 0.62 (0.6 em in
// Menlo, Consolas, DejaVu Sans Mono). Proportional: by class of character,
// the widest of DejaVu Sans (Chromium's fallback on Linux), Segoe UI,
// Roboto and San Francisco, rounded up: narrow (i, l, punctuation, space),
// semi-narrow (f, t, r, I, brackets), wide (m, w, M, W, dashes), other
// capitals, digits and other lowercase, and everything else (Greek,
// symbols); bold adds 8%. The estimate errs wide, so labels spaced by it
// never touch on screen (the browser test measures the real widths).
const (
	monoEm   = 0.62
	narrowEm = 0.34
	semiEm   = 0.46
	wideEm   = 0.98
	capEm    = 0.78
	digitEm  = 0.64
	lowerEm  = 0.64
	otherEm  = 0.8
	boldX    = 1.08
)

// sansEm is the estimated width of r in ems in the proportional font.
func sansEm(r rune) float64 {
	switch {
	case r == ' ' || r == '.' || r == ',' || r == ':' || r == ';' || r == '|' || r == '\'' ||
		r == 'i' || r == 'j' || r == 'l' || r == '!' || r == '·':
		return narrowEm
	case r == 'f' || r == 't' || r == 'r' || r == 'I' || r == '(' || r == ')' || r == '[' || r == ']' ||
		r == '/' || r == '-':
		return semiEm
	case r == 'm' || r == 'w' || r == 'M' || r == 'W' || r == '—' || r == '%' || r == '@':
		return wideEm
	case r >= 'A' && r <= 'Z':
		return capEm
	case r >= '0' && r <= '9':
		return digitEm
	case r >= 'a' && r <= 'z':
		return lowerEm
	}
	return otherEm
}

// TextWidth estimates the width in CSS pixels of s drawn in font at size
// px (see monoEm). Layout and the collision tests use the same estimate.
func TextWidth(s string, font Font, size float64) float64 {
	if font == FontMono {
		return float64(utf8.RuneCountInString(s)) * monoEm * size
	}
	em := 0.0
	for _, r := range s {
		em += sansEm(r)
	}
	if font == FontBold {
		em *= boldX
	}
	return em * size
}

// TextBox is the box an OpText covers by the estimate: [TextWidth] wide,
// from 0.8 size above the baseline to 0.25 size below (ascenders and
// descenders of the page's fonts); for vertical text the same box turned.
func TextBox(o Op) Rect {
	w := TextWidth(o.Text, o.Font, o.Size)
	x := o.X
	switch o.Align {
	case AlignCenter:
		x -= w / 2
	case AlignRight:
		x -= w
	}
	r := Rect{X: x, Y: o.Y - 0.8*o.Size, W: w, H: 1.05 * o.Size}
	if o.Vertical {
		// Rotated by −90° about the anchor: x' = X + (y − Y), y' = Y − (x − X).
		r = Rect{X: o.X + (r.Y - o.Y), Y: o.Y - (r.X + r.W - o.X), W: r.H, H: r.W}
	}
	return r
}

// dump writes the list as text, one op a line, coordinates to 0.1 px:
// the golden-file format of the chart tests. (Unexported: an exported
// method would be linked into the page, which reflects over methods.)
func (l *List) dump() string {
	b := []byte("canvas ")
	f := func(v float64) {
		if math.IsNaN(v) {
			b = append(b, "NaN"...)
			return
		}
		b = strconv.AppendFloat(b, math.Round(v*10)/10, 'f', -1, 64)
	}
	f(l.W)
	b = append(b, ' ')
	f(l.H)
	b = append(b, '\n')
	for _, o := range l.Ops {
		switch o.Kind {
		case OpFill, OpFrame:
			if o.Kind == OpFill {
				b = append(b, "fill "...)
			} else {
				b = append(b, "frame "...)
			}
			for _, v := range []float64{o.X, o.Y, o.W, o.H} {
				f(v)
				b = append(b, ' ')
			}
			b = append(b, o.Color...)
			if o.Kind == OpFrame {
				b = append(b, " w="...)
				f(o.Width)
			}
		case OpStroke:
			b = append(b, "stroke "...)
			b = append(b, o.Color...)
			b = append(b, " w="...)
			f(o.Width)
			if o.Dash[0] > 0 {
				b = append(b, " dash="...)
				f(o.Dash[0])
				b = append(b, ',')
				f(o.Dash[1])
			}
			if o.W > 0 {
				b = append(b, " clip="...)
				for i, v := range []float64{o.X, o.Y, o.W, o.H} {
					if i > 0 {
						b = append(b, ',')
					}
					f(v)
				}
			}
			b = append(b, " n="...)
			b = strconv.AppendInt(b, int64((o.P1-o.P0)/2), 10)
			b = append(b, ':')
			for i := o.P0; i+1 < o.P1; i += 2 {
				b = append(b, ' ')
				f(l.Pts[i])
				b = append(b, ',')
				f(l.Pts[i+1])
			}
		case OpText:
			b = append(b, "text "...)
			f(o.X)
			b = append(b, ' ')
			f(o.Y)
			b = append(b, " "+[...]string{"left", "center", "right"}[o.Align]+" "...)
			b = append(b, [...]string{"sans", "mono", "bold"}[o.Font]...)
			f(o.Size)
			if o.Vertical {
				b = append(b, " vertical"...)
			}
			b = append(b, ' ')
			b = append(b, o.Color...)
			b = append(b, ' ')
			b = strconv.AppendQuote(b, o.Text)
		}
		b = append(b, '\n')
	}
	return string(b)
}
