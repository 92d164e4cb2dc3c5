package ui

import (
	"math"

	"kernelplay/ui/render"
	"kernelplay/ui/sim"
)

// The buffer strip under the plot as values: one bar per stored term (its
// coefficient α_i, oldest at the left) in its class's colour, the count,
// and the term evicted next marked. The page fills one path per class.

// stripTop is the room above the bars for the count and the eviction
// mark, CSS pixels.
const stripTop = 14.0

// stripRect is a rectangle in CSS pixels.
type stripRect struct{ X, Y, W, H float64 }

// stripPlan is what the strip draws on a w×h canvas.
type stripPlan struct {
	// Text is the count ("319 / 512 terms", drawn right-aligned at the
	// right edge) or, for a learner without a kernel expansion, what it
	// keeps instead (left-aligned); Kept says which.
	Text string
	Kept bool
	// Bars are the terms' bars, Class their class (for the colour); Evict
	// is the frame of the term evicted next (HasEvict false when none),
	// EvictX the centre of its ▼ above the bars.
	Bars     []stripBar
	Evict    stripRect
	EvictX   float64
	HasEvict bool
	// Baseline is the line α = 0.
	Baseline stripRect
}

// stripBar is one term's bar.
type stripBar struct {
	stripRect
	Class int
}

// planStrip fills p with the strip of sm's learner on a w×h canvas; bars
// is scratch for render.BufferBars, returned for reuse.
func planStrip(p *stripPlan, bars []render.Bar, sm *sim.Sim, w, h float64) []render.Bar {
	*p = stripPlan{Bars: p.Bars[:0]}
	terms := render.ModelTerms(sm.Learner())
	if terms == nil {
		p.Text, p.Kept = "this learner keeps no kernel expansion", true
		return bars
	}
	bh := h - stripTop
	p.Text = itoa(terms.Len()) + " / " + itoa(terms.Cap()) + " terms"
	p.Baseline = stripRect{0, stripTop + bh/2 - 0.5, w, 1}
	bars = render.BufferBars(bars[:0], terms, w, bh)
	for _, b := range bars {
		r := barRect(b)
		r.Y += stripTop
		p.Bars = append(p.Bars, stripBar{r, b.Class})
		if b.Next {
			p.HasEvict = true
			p.EvictX = r.X + r.W/2
			p.Evict = stripRect{r.X - 1, stripTop + 0.5, r.W + 2, bh - 1}
		}
	}
	return bars
}

// barRect is a bar's rectangle, at least 1 px each way.
func barRect(b render.Bar) stripRect {
	return stripRect{math.Min(b.X0, b.X1), math.Min(b.Y0, b.Y1),
		math.Max(math.Abs(b.X1-b.X0), 1), math.Max(math.Abs(b.Y1-b.Y0), 1)}
}
