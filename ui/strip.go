//go:build js && wasm

package ui

import (
	"math"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"

	"kernelplay/ui/render"
)

// Strip is the buffer panel under the plot: one bar per stored term, its
// coefficient α_i, oldest at the left; the term evicted next is marked. It
// renders once and is drawn by the frame loop.
type Strip struct {
	vecty.Core
	app  *App
	el   *vecty.HTML
	cv   *canvas2D
	bars []render.Bar
	path pathBuilder
}

// Render implements vecty.Component.
func (s *Strip) Render() vecty.ComponentOrHTML {
	s.el = elem.Canvas(vecty.Markup(vecty.Class("strip"), vecty.Attribute("id", "strip"),
		vecty.Attribute("role", "img"), vecty.Attribute("aria-label", "support-vector buffer")))
	return s.el
}

// SkipRender implements vecty.RenderSkipper: as Charts.SkipRender.
func (s *Strip) SkipRender(prev vecty.Component) bool { return s.cv != nil }

// Mount implements vecty.Mounter.
func (s *Strip) Mount() { s.cv = newCanvas2D(s.el.Node()) }

// Unmount implements vecty.Unmounter: the canvas is gone (mode switch).
func (s *Strip) Unmount() { s.cv = nil }

func (s *Strip) resized() bool {
	return s.cv != nil && (s.cv.el.Get("clientWidth").Float() != s.cv.w ||
		s.cv.el.Get("clientHeight").Float() != s.cv.h)
}

func (s *Strip) draw() {
	if s.cv == nil || !s.cv.fit() {
		return
	}
	cv := s.cv
	ctx := cv.ctx
	cv.clear()
	c := s.app.store.Config()
	l := s.app.store.Sim().Learner()
	terms := render.ModelTerms(l)
	const top = 14.0 // room for the count and the eviction mark
	w, h := cv.w, cv.h-top
	ctx.Set("font", "13px ui-monospace, Menlo, Consolas, monospace")
	ctx.Set("fillStyle", "#4d5560")
	if terms == nil {
		ctx.Call("fillText", "this learner keeps no kernel expansion", 0, 11)
		return
	}
	// The count on the right: the eviction mark sits over the oldest
	// term, on the left.
	ctx.Set("textAlign", "right")
	ctx.Call("fillText", itoa(terms.Len())+" / "+itoa(terms.Cap())+" terms", w, 11)
	ctx.Set("textAlign", "left")
	// Baseline.
	ctx.Set("fillStyle", "#d9dde3")
	ctx.Call("fillRect", 0, top+h/2-0.5, w, 1)
	s.bars = render.BufferBars(s.bars[:0], terms, w, h)
	// One path per class colour, then the eviction mark.
	for class := 0; class < len(render.ClassColors); class++ {
		s.path.Reset()
		for _, b := range s.bars {
			if b.Class == class {
				x0, bw, y0, bh := barRect(b)
				s.path.Rect(x0, top+y0, bw, bh)
			}
		}
		if s.path.Len() > 0 {
			ctx.Set("fillStyle", classCSS(c, class))
			ctx.Call("fill", path2D(&s.path))
		}
	}
	for _, b := range s.bars {
		if !b.Next {
			continue
		}
		x0, bw, _, _ := barRect(b)
		// ▼ above the bar, in the eviction colour, and a frame around it.
		cx := x0 + bw/2
		ctx.Set("fillStyle", evictColor)
		ctx.Call("beginPath")
		ctx.Call("moveTo", cx-5, top-9)
		ctx.Call("lineTo", cx+5, top-9)
		ctx.Call("lineTo", cx, top-1)
		ctx.Call("closePath")
		ctx.Call("fill")
		ctx.Set("strokeStyle", evictColor)
		ctx.Set("lineWidth", 1.5)
		ctx.Call("strokeRect", x0-1, top+0.5, bw+2, h-1)
	}
	s.app.insp.markStrip(ctx, s.bars, top, w, h) // slow motion's lit terms (inspector.go)
}

// barRect is a bar's rectangle (x, width, y, height), at least 1 px each way.
func barRect(b render.Bar) (x, w, y, h float64) {
	return math.Min(b.X0, b.X1), math.Max(math.Abs(b.X1-b.X0), 1),
		math.Min(b.Y0, b.Y1), math.Max(math.Abs(b.Y1-b.Y0), 1)
}
