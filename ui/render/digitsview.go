package render

import (
	"math"
	"strconv"
)

// The digits view's small canvases as display lists (the page paints them
// one to one): the confusion matrix of a learner and the layout and
// footer of its support-vector gallery; and the digits charts' regret
// panel (CompareChart's, on binary tasks).

// Colours of the digits view's canvas text (the page's ink and muted ink).
const (
	inkText   = "#1b1f24"
	mutedText = "#4d5560"
)

// Confusion fills l with the confusion matrix of counts (k×k row-major, row
// = true class, column = prediction, k = len(names)) on a w×h canvas: the
// cells of [ConfusionCells] in the largest square that leaves room for the
// class labels (18 px, 50 px for two classes), each count written in its
// cell when cells are at least 26 px (white on dark cells), and the class
// names over the columns and left of the rows when they fit at 8 px or
// more. It draws nothing when the square would be under 20 px, and panics
// if len(counts) is not k·k.
func Confusion(l *List, names []string, counts []int, w, h float64) {
	l.Reset(w, h)
	k := len(names)
	x0, y0, size := confusionLayout(k, w, h)
	if size < 20 || k == 0 {
		return
	}
	cells := ConfusionCells(nil, counts, k, x0, y0, size)
	for _, c := range cells {
		l.Fill(c.X, c.Y, c.W-1, c.H-1, hexColor(c.Fill.R, c.Fill.G, c.Fill.B))
	}
	side := size / float64(k)
	if side >= 26 {
		for _, c := range cells {
			if c.Count == 0 {
				continue
			}
			col := inkText
			if c.Share > 0.55 {
				col = "#ffffff"
			}
			l.Text(CountLabel(float64(c.Count)), c.X+c.W/2, c.Y+c.H/2+4, FontMono, 13, AlignCenter, col)
		}
	}
	fs := math.Min(12, math.Floor(side*0.95))
	if fs < 8 {
		return
	}
	for j, n := range names {
		l.Text(n, x0+(float64(j)+0.5)*side, y0-5, FontSans, fs, AlignCenter, mutedText)
		l.Text(n, x0-4, y0+(float64(j)+0.5)*side+4, FontSans, fs, AlignRight, mutedText)
	}
}

// hexColor is the CSS colour #rrggbb.
func hexColor(r, g, b uint8) string {
	const digits = "0123456789abcdef"
	return string([]byte{'#', digits[r>>4], digits[r&15], digits[g>>4], digits[g&15], digits[b>>4], digits[b&15]})
}

// GalleryInfoH is the height of the gallery's footer line, CSS pixels.
const GalleryInfoH = 16

// galleryMinSide is the smallest tile side a gallery shrinks to (CSS
// pixels); below it the gallery shows what fits, spread over the buffer.
const galleryMinSide = 14

// GalleryLayout places n thumbnails of w×h-pixel images (each with its
// coefficient bar, [GalleryBar]) on a cw×ch canvas above the footer: the
// largest tile side s (CSS pixels, 64 down to 14) at which all n fit, and
// the grid of cols×rows tiles at that side (at 14 px possibly fewer than
// n tiles: then [GalleryTerms] spreads the shown ones over the buffer).
// The atlas is drawn scaled by s/w, gaps and bars included.
func GalleryLayout(cw, ch float64, w, h, n int) (s float64, cols, rows int) {
	bar := GalleryBar(h)
	avail := ch - GalleryInfoH
	fit := func(s float64) (cols, rows int) {
		k := s / float64(w)
		cols = int(math.Floor((cw + k*GalleryGap) / (k * float64(w+GalleryGap))))
		rows = int(math.Floor((avail + k*GalleryGap) / (k * float64(h+bar+GalleryGap))))
		return max(1, cols), max(1, rows)
	}
	s = 64.0
	for ; s > galleryMinSide; s-- {
		if c, r := fit(s); c*r >= n {
			break
		}
	}
	cols, rows = fit(s)
	return s, cols, rows
}

// GalleryFooter is the line under a gallery of n terms of a buffer of
// capacity capacity, shown of them on screen, in at most maxW CSS pixels
// of 13 px text (by [TextWidth]'s estimate): the long form with the bar's
// legend, else shorter ones.
func GalleryFooter(n, capacity, shown int, maxW float64) string {
	c := func(v int) string { return CountLabel(float64(v)) }
	which := "all"
	if shown < n {
		which = c(shown) + " spread over them"
	}
	for _, s := range []string{
		c(n) + " of ω = " + c(capacity) + " terms, " + which + " · bar: |α| (orange +, blue −)",
		c(n) + " / " + c(capacity) + " terms · " + c(shown) + " shown",
	} {
		if TextWidth(s, FontSans, 13) <= maxW {
			return s
		}
	}
	return c(n) + " / " + c(capacity) + " terms"
}

// GalleryMessage is what a gallery says instead of thumbnails, or "" when
// it draws them: for a learner without a kernel expansion (hasTerms false),
// an empty buffer, or inputs of dim features that are not images.
func GalleryMessage(hasTerms bool, n, capacity, dim int, image bool) string {
	switch {
	case !hasTerms:
		return "This learner keeps no support vectors to show."
	case n == 0:
		return "No terms yet: a term enters the buffer on each margin error."
	case !image:
		return CountLabel(float64(n)) + " of ω = " + CountLabel(float64(capacity)) + " terms; no thumbnails for " +
			strconv.Itoa(dim) + "-feature inputs."
	}
	return ""
}

// compareRegretPanel is the digits charts' regret panel (CompareChart on a
// binary task): each learner's curves as the 2D charts draw them
// (regretSeries: R solid, R + gap thin, the bound dashed) in its colour,
// and its caption, after its name when there are two; before any point,
// the first learner's note (why there is none, or that the first
// checkpoint is being solved).
func compareRegretPanel(in CompareInput) Panel {
	p := Panel{Title: RegretTitle, SymLog: true}
	points := false
	for i, r := range in.Regrets {
		p.Series = regretSeries(p.Series, r, in.Colors[i%len(in.Colors)], in.Names[i])
		c := r.caption()
		if len(in.Regrets) > 1 {
			c = in.Names[i] + ": " + c
		}
		if i > 0 {
			p.Caption += "\n"
		}
		p.Caption += c
		points = points || len(r.R.X) > 0
	}
	one := regretPanel(TraceInput{Regret: in.Regrets[0]})
	if !points {
		return Panel{Title: RegretTitle, SymLog: true, Note: one.Note}
	}
	if len(in.Regrets) == 1 {
		p.Value = one.Value
	}
	return p
}

// compareAlarms appends every learner's detections (ADWIN, Page–Hinkley)
// to the chart's markers: in AlarmColor for one learner, in each
// learner's colour for two.
func compareAlarms(dst []Marker, in CompareInput) []Marker {
	for i, r := range in.Regrets {
		col := AlarmColor
		if len(in.Regrets) > 1 {
			col = in.Colors[i%len(in.Colors)]
		}
		for _, a := range r.Alarms {
			dst = append(dst, Marker{X: a.T, Label: a.Label, Color: col})
		}
	}
	return dst
}
