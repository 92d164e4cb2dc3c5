package ui

import (
	"math"

	"kernelplay/ui/state"

	"kernelplay/ui/paint"
	"kernelplay/ui/render"
	"kernelplay/ui/sim"
)

// Colours of the drawing (the surface palette is render's).
const (
	inkColor    = "#1b1f24"
	haloColor   = "rgba(255,255,255,0.85)"
	evictColor  = "#c0392b"
	legendWidth = 132
)

// stroke draws segments (input coordinates), chained into polylines so
// dashes run along the curve, as one path; with halo, over a white halo so
// the line reads on both ends of the palette.
func (p *Plot) stroke(segs []render.Segment, width float64, dash []float64, halo bool) {
	if len(segs) == 0 {
		return
	}
	ctx := p.cv.Ctx
	w, h := p.cv.W, p.cv.H
	p.path.Reset()
	if dash == nil {
		// Solid lines need no chaining (which costs a map lookup per end).
		for _, sg := range segs {
			x0, y0 := p.view.toPixel(sg.X0, sg.Y0, w, h)
			x1, y1 := p.view.toPixel(sg.X1, sg.Y1, w, h)
			p.path.MoveTo(x0, y0)
			p.path.LineTo(x1, y1)
		}
	} else {
		for _, pl := range render.Chain(segs) {
			for i := 0; i+1 < len(pl); i += 2 {
				x, y := p.view.toPixel(pl[i], pl[i+1], w, h)
				if i == 0 {
					p.path.MoveTo(x, y)
				} else {
					p.path.LineTo(x, y)
				}
			}
		}
	}
	strokeInk(ctx, width, dash, halo, ctx.Path(&p.path))
}

// strokeInk strokes path (a paint.Ctx Path; none: the context's current path)
// in ink, width CSS pixels wide, dashed as dash (CSS pixels; nil: solid),
// and with halo over a white line 2 px wider, so that it reads on both ends
// of the surface's palette; the dash is reset afterwards.
func strokeInk(ctx paint.Ctx, width float64, dash []float64, halo bool, path ...any) {
	ctx.Dash(dash)
	ctx.Set("lineCap", "round")
	ctx.Set("lineJoin", "round")
	if halo {
		ctx.Set("strokeStyle", haloColor)
		ctx.Set("lineWidth", width+2)
		ctx.Call("stroke", path...)
	}
	ctx.Set("strokeStyle", inkColor)
	ctx.Set("lineWidth", width)
	ctx.Call("stroke", path...)
	ctx.Dash(nil)
}

// evictMark crosses out the term evicted next.
func (p *Plot) evictMark(x, y float64) {
	ctx := p.cv.Ctx
	const r = 6
	ctx.Call("beginPath")
	ctx.Call("moveTo", x-r, y-r)
	ctx.Call("lineTo", x+r, y+r)
	ctx.Call("moveTo", x+r, y-r)
	ctx.Call("lineTo", x-r, y+r)
	ctx.Set("strokeStyle", "#ffffff")
	ctx.Set("lineWidth", 4)
	ctx.Call("stroke")
	ctx.Set("strokeStyle", evictColor)
	ctx.Set("lineWidth", 2)
	ctx.Call("stroke")
}

// drawRegression draws the fitted curve f(x) solid and the ε-tube dashed
// (the surface shows the residual y − f(x)); support vectors sit on the
// curve.
func (p *Plot) drawRegression(sm *sim.Sim, eps float64) {
	l := sm.Learner()
	xs, ys := render.Curve(l, -1, 1, 160)
	p.curve(xs, ys, 0, 2, nil)
	if eps > 0 {
		p.curve(xs, ys, eps, 1.2, []float64{5, 4})
		p.curve(xs, ys, -eps, 1.2, []float64{5, 4})
	}
	p.rings, p.svs = regressionRings(p.rings[:0], p.svs, sm, p.cv.W, p.cv.H)
	if len(p.rings) == 0 {
		return
	}
	ctx := p.cv.Ctx
	p.path.Reset()
	next := [2]float64{math.NaN(), math.NaN()}
	for _, r := range p.rings {
		p.path.Circle(r.X, r.Y, r.R)
		if r.Next {
			next = [2]float64{r.X, r.Y}
		}
	}
	ctx.Set("strokeStyle", inkColor)
	ctx.Set("lineWidth", 1.3)
	ctx.Call("stroke", ctx.Path(&p.path))
	if !math.IsNaN(next[0]) {
		p.evictMark(next[0], next[1])
	}
}

func (p *Plot) curve(xs, ys []float64, shift, width float64, dash []float64) {
	segs := make([]render.Segment, 0, len(xs))
	for i := 1; i < len(xs); i++ {
		segs = append(segs, render.Segment{X0: xs[i-1], Y0: ys[i-1] + shift, X1: xs[i], Y1: ys[i] + shift})
	}
	p.stroke(segs, width, dash, dash == nil)
}

// drawLegend draws the colour key into a boxW×boxH box at the origin.
func drawLegend(ctx paint.Ctx, c state.Config, boxW, boxH float64) {
	const pad, barH = 8.0, 9.0
	x0, y0 := 0.0, 0.0
	ctx.Set("fillStyle", "rgba(255,255,255,0.9)")
	ctx.Call("fillRect", x0, y0, boxW, boxH)
	ctx.Set("font", "13px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif")
	ctx.Set("textBaseline", "alphabetic")
	ctx.Set("textAlign", "left")
	ctx.Set("fillStyle", inkColor)
	bx, bw := x0+pad, boxW-2*pad
	if c.Task == state.TaskMulticlass {
		ctx.Call("fillText", "regions: argmax class", bx, y0+17)
		for i := 0; i < c.NumClasses(); i++ {
			ctx.Set("fillStyle", classCSS(c, i))
			ctx.Call("fillRect", bx+float64(i)*24, y0+26, 20, 14)
		}
		return
	}
	label := "f(x)"
	switch c.Task {
	case state.TaskNovelty:
		label = "f(x) − ε"
	case state.TaskRegression:
		label = "residual y − f(x)"
	}
	ctx.Call("fillText", label, bx, y0+16)
	stops := make([]string, 17)
	for i := range stops {
		s := float64(i)/4 - 2
		col := render.Diverging(math.Tanh(s))
		stops[i] = cssColor(col.R, col.G, col.B, 255)
	}
	grad := ctx.Gradient(bx, 0, bx+bw, 0, stops)
	ctx.Set("fillStyle", grad)
	ctx.Call("fillRect", bx, y0+22, bw, barH)
	ctx.Set("strokeStyle", "#9aa3ae")
	ctx.Set("lineWidth", 1)
	ctx.Call("strokeRect", bx, y0+22, bw, barH)
	ctx.Set("fillStyle", inkColor)
	ctx.Set("font", "13px ui-monospace, Menlo, Consolas, monospace")
	ctx.Set("textAlign", "center")
	for _, tk := range []struct {
		s     float64
		label string
	}{{-1, "−1"}, {0, "0"}, {1, "+1"}} {
		x := bx + (tk.s+2)/4*bw
		ctx.Call("fillRect", x-0.5, y0+22+barH, 1, 3)
		ctx.Call("fillText", tk.label, x, y0+22+barH+14)
	}
	ctx.Set("textAlign", "left")
}
