package ui

import (
	"kernelplay/ui/paint"
	"kernelplay/ui/render"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// The linear solvers on the page (issue 5): their names in the selects, the
// hyperplanes of linear models on the plot, the RES-vs-SGD objective chart
// (drawn on the plot canvas, whose 2D surface has no meaning for the
// n-dimensional §4 problem), and the debug hook's view of both.

// drawLinear draws the hyperplanes of a linear model on the plot and
// reports whether it did (then the contours are not needed): for a binary
// linear model (Pegasos, DCD, RES, SGD) the exact line w·x̃ = 0, solid over a
// halo, its margins dashed, and the normal w as an arrow from the boundary
// point nearest the centre; for AMM the margins (contours of the surface, as
// for the kernel learners), then for every pair of hyperplanes of different
// classes the stretches of their equal-score line: dashed in the colour of
// the class whose piece is still in force where the line continues past a
// bend of the boundary, and solid in ink where it is the boundary.
func (p *Plot) drawLinear(sm *sim.Sim, c state.Config, margin float64) bool {
	p.lin.lines = render.Hyperplanes(p.lin.lines[:0], sm.Learner(), render.Square, margin)
	if len(p.lin.lines) == 0 {
		return false
	}
	ctx := p.cv.Ctx
	w, h := p.cv.W, p.cv.H
	seg := func(segs []render.Segment) any {
		p.path.Reset()
		for _, s := range segs {
			x0, y0 := p.view.toPixel(s.X0, s.Y0, w, h)
			x1, y1 := p.view.toPixel(s.X1, s.Y1, w, h)
			p.path.MoveTo(x0, y0)
			p.path.LineTo(x1, y1)
		}
		return ctx.Path(&p.path)
	}
	ctx.Set("lineCap", "round")
	ctx.Set("lineJoin", "round")
	if p.lin.lines[0].Class < 0 {
		for _, hl := range p.lin.lines {
			if hl.Level == 0 {
				strokeInk(ctx, 2, nil, true, seg(hl.Solid))
				p.normalArrow(hl)
				continue
			}
			strokeInk(ctx, 1.2, []float64{5, 4}, false, seg(hl.Solid))
		}
		return true
	}
	if c.Task == state.TaskBinary && margin > 0 {
		p.stroke(append(p.surf.Contours(margin), p.surf.Contours(-margin)...), 1.2, []float64{5, 4}, false)
	}
	for _, hl := range p.lin.lines {
		for i, segs := range [][]render.Segment{hl.Dashed, hl.Dashed2} {
			if len(segs) == 0 {
				continue
			}
			class := hl.Class
			if i == 1 {
				class = hl.Class2
			}
			col := render.ClassColors[class%len(render.ClassColors)]
			path := seg(segs)
			ctx.Dash([]float64{6, 5})
			ctx.Set("strokeStyle", haloColor)
			ctx.Set("lineWidth", 3.5)
			ctx.Call("stroke", path)
			ctx.Set("strokeStyle", cssColor(col.R/2, col.G/2, col.B/2, 255)) // darker: readable on its own region
			ctx.Set("lineWidth", 2)
			ctx.Call("stroke", path)
		}
	}
	var all []render.Segment
	for _, hl := range p.lin.lines {
		all = append(all, hl.Solid...)
	}
	strokeInk(ctx, 2, nil, true, seg(all))
	return true
}

// normalArrow draws w from the boundary (plotmarks.go's normalArrow): the
// side of the boundary where f > 0.
func (p *Plot) normalArrow(hl render.HyperLine) {
	ar, ok := normalArrow(hl, p.cv.W, p.cv.H)
	if !ok {
		return
	}
	ctx := p.cv.Ctx
	p.path.Reset()
	p.path.MoveTo(ar.X0, ar.Y0)
	p.path.LineTo(ar.X1, ar.Y1)
	for _, b := range ar.Barbs {
		p.path.MoveTo(ar.X1, ar.Y1)
		p.path.LineTo(b[0], b[1])
	}
	path := ctx.Path(&p.path)
	ctx.Set("strokeStyle", haloColor)
	ctx.Set("lineWidth", 4)
	ctx.Call("stroke", path)
	ctx.Set("strokeStyle", inkColor)
	ctx.Set("lineWidth", 1.8)
	ctx.Call("stroke", path)
	ctx.Set("font", "italic 14px Georgia, 'Times New Roman', serif")
	ctx.Set("fillStyle", inkColor)
	ctx.Call("fillText", "w", ar.LabelX, ar.LabelY)
}

// linearPlot is the plot's scratch for this file: the hyperplanes and the
// RES-vs-SGD chart, reused between frames.
type linearPlot struct {
	lines []render.HyperLine
	chart paint.ChartView
}

// drawRESvsSGD draws, under the RES-vs-SGD preset, the objective F(w_t) of
// RES and SGD against the samples processed on log–log axes (RES paper
// Figs. 1, 2, 4) over the whole plot canvas — render.ObjectiveChart's
// display list, painted — and reports true; under other presets it does
// nothing and reports false.
func (p *Plot) drawRESvsSGD() bool {
	sm := p.P.Sim
	res, sgd, ok := sm.Objective()
	if !ok {
		return false
	}
	c := p.P.Config
	render.ObjectiveChart(&p.lin.chart.Chart, render.ObjectiveInput{
		RES: render.Points{X: res.T, Y: res.V}, SGD: render.Points{X: sgd.T, Y: sgd.V},
		Dim: c.ResDim, Eval: sim.ResEvalSize, L: c.LinBatchSize, Started: sm.T() > 0,
	})
	p.lin.chart.Draw(p.cv)
	return true
}
