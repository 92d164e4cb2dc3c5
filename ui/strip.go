package ui

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"

	"kernelplay/ui/paint"
	"kernelplay/ui/render"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// Strip is the buffer panel under the plot: one bar per stored term, its
// coefficient α_i, oldest at the left; the term evicted next is marked. It
// renders once and is drawn by the frame loop, which hands it the run to
// draw (Sim, Config) before every draw: it holds no pointer to the page or
// the store.
type Strip struct {
	Sim      *sim.Sim     // the run whose buffer is drawn (app.Store.Sim)
	Config   state.Config // its configuration
	canvases canvases     // the browser's canvases (browser.go)

	el   *vecty.HTML
	cv   *paint.Canvas
	bars []render.Bar
	plan stripPlan
	path paint.Path
}

// Render implements comp.View.
func (s *Strip) Render() vecty.ComponentOrHTML {
	s.el = elem.Canvas(vecty.Markup(vecty.Class("strip"), vecty.Attribute("id", "strip"),
		vecty.Attribute("role", "img"), vecty.Attribute("aria-label", "support-vector buffer"),
		vecty.Attribute("aria-describedby", readoutsID)))
	return s.el
}

// Skip implements comp.Skipper: as Charts.Skip.
func (s *Strip) Skip() bool { return s.cv != nil }

// Mount implements comp.Mounter.
func (s *Strip) Mount() {
	s.cv = s.canvases.Canvas(s.el)
}

// Unmount implements comp.Unmounter: the canvas is gone (mode switch).
func (s *Strip) Unmount() { s.cv = nil }

func (s *Strip) resized() bool {
	return s.cv != nil && s.cv.Resized()
}

// draw paints the strip's plan (stripplan.go's planStrip): the count, the
// baseline, one path of bars per class colour, then the eviction mark, and
// last overlay (the step inspector's lit terms; nil: none) with the bars,
// the bars' top and the size of their area.
func (s *Strip) draw(overlay func(ctx paint.Ctx, bars []render.Bar, top, w, h float64)) {
	if s.cv == nil || !s.cv.Fit() {
		return
	}
	cv := s.cv
	ctx := cv.Ctx
	cv.Clear()
	c := s.Config
	s.bars = planStrip(&s.plan, s.bars, s.Sim, cv.W, cv.H)
	pl := &s.plan
	ctx.Set("font", "13px ui-monospace, Menlo, Consolas, monospace")
	ctx.Set("fillStyle", "#4d5560")
	if pl.Kept {
		ctx.Call("fillText", pl.Text, 0, 11)
		return
	}
	ctx.Set("textAlign", "right")
	ctx.Call("fillText", pl.Text, cv.W, 11)
	ctx.Set("textAlign", "left")
	ctx.Set("fillStyle", "#d9dde3")
	ctx.Call("fillRect", pl.Baseline.X, pl.Baseline.Y, pl.Baseline.W, pl.Baseline.H)
	for class := 0; class < len(render.ClassColors); class++ {
		s.path.Reset()
		for _, b := range pl.Bars {
			if b.Class == class {
				s.path.Rect(b.X, b.Y, b.W, b.H)
			}
		}
		if s.path.Len() > 0 {
			ctx.Set("fillStyle", classCSS(c, class))
			ctx.Call("fill", ctx.Path(&s.path))
		}
	}
	if pl.HasEvict {
		// ▼ above the bar, in the eviction colour, and a frame around it.
		ctx.Set("fillStyle", evictColor)
		ctx.Call("beginPath")
		ctx.Call("moveTo", pl.EvictX-5, stripTop-9)
		ctx.Call("lineTo", pl.EvictX+5, stripTop-9)
		ctx.Call("lineTo", pl.EvictX, stripTop-1)
		ctx.Call("closePath")
		ctx.Call("fill")
		ctx.Set("strokeStyle", evictColor)
		ctx.Set("lineWidth", 1.5)
		ctx.Call("strokeRect", pl.Evict.X, pl.Evict.Y, pl.Evict.W, pl.Evict.H)
	}
	if overlay != nil {
		overlay(ctx, s.bars, stripTop, cv.W, cv.H-stripTop) // slow motion's lit terms (inspector.go)
	}
}
