package ui

import (
	"image"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"

	"kernelplay/ui/paint"
	"kernelplay/ui/render"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// Plot is the square plot: the decision surface, its boundary and margins,
// the points, the support vectors and the term evicted next, in three
// stacked canvases (see Render). It renders once per mount (Skip) and
// is drawn by the frame loop, which hands it what to draw (P) before every
// draw: the plot holds no pointer to the page or the store. Pointer input
// (mouse, pen, touch) and the keyboard's cursor add and delete points
// through P.Dispatch (plotinput.go).
//
// A 2D comparison shows a second Plot, fed the second learner's run with
// P.Second set: one small canvas (#surface2) with the surface, the
// boundary f = 0, the stream's points as dots and the learner's label, and
// no input (compare2d.go).
type Plot struct {
	P plotProps

	el     *vecty.HTML // the plot canvas: legend, evict mark, exact lines; input
	under  *vecty.HTML // the surface canvas under it (grid-sized, scaled by CSS)
	mid    *vecty.HTML // between them: the traced lines and the markers, drawn by the line worker
	cv     *paint.Canvas
	view   plotView
	plotJS // the surface's and markers' canvases and the line worker (plot_js.go)

	surf      render.Surface
	svs       []render.SupportVector
	plan      []plotMark       // this frame's point and ring sprites (plotMarks)
	keyCorner int              // the colour key's corner in the last frame (legendCorner)
	rings     []regressionRing // this frame's support vectors on the regression curve
	path      paint.Path
	lin       linearPlot    // hyperplanes of linear models, the RES-vs-SGD chart (linear.go)
	tracer    render.Tracer // contours as polylines
	lines     []float64     // their vertices, then pixels
	worker    bool          // the line worker strokes them and draws the markers
	sentAtlas string        // the atlas the worker has (its key)
	marks     []float64     // sprite triples of this frame
	layer     render.Layer  // the markers, stamped at device resolution
	gs        hindsightPlot // g*'s boundary (Config.Hindsight)

	canvasBelow              bool // this frame drew canvas paths under the layer
	surfaceShown, surfaceSet bool // the surface canvas's visibility, once set

	kb     plotKeys // the keyboard's cursor (plotcursor.go)
	dirty  bool     // the picture must be redrawn even if the run did not change
	surfMS float64  // time computing the surface (render.Surface.Render), ms, moving average
	spent  []spent  // what the last draw spent, by part (the frame loop folds it into its profile)
}

// plotProps are what a Plot draws and where its input goes. The frame loop
// sets them before every draw (the run moves between the page's renders).
type plotProps struct {
	// Sim is the run whose learner the surface shows: the store's run, or
	// in a comparison's second Plot the second learner's (app.Run.Second).
	Sim *sim.Sim
	// Data is the run whose points are drawn (the same stream); nil: Sim.
	Data *sim.Sim
	// Config is the run's configuration (app.Store.Config).
	Config state.Config
	// Grid is the surface's grid side this frame (GridGovernor: lowered
	// while playing when drawing runs long).
	Grid int
	// Label is written top left (top right when the colour key sits
	// there) in a 2D comparison: which learner this is and its error
	// (compareLabels); "" writes nothing.
	Label string
	// Brush is the class a click adds and Deleting whether clicks delete
	// (app.Store.Brush, app.Store.Deleting).
	Brush    int
	Deleting bool
	// Dispatch sends the plot's actions (a click, the cursor's Enter and
	// Delete) to the page: the page's Dispatch (nil: no input).
	Dispatch Dispatch
	// Second makes the plot a comparison's second surface (see Plot),
	// Name its learner's name (the canvas's accessible name).
	Second bool
	Name   string
}

// spent is a part of a draw and its time, ms (Playground.profile's parts).
type spent struct {
	part string
	ms   float64
}

// took records that part of this draw took ms.
func (p *Plot) took(part string, ms float64) {
	p.spent = append(p.spent, spent{part, ms})
}

// data is the run whose points the plot draws.
func (p *Plot) data() *sim.Sim {
	if p.P.Data != nil {
		return p.P.Data
	}
	return p.P.Sim
}

// Render implements comp.View.
//
// Three canvases, so that the main thread draws as little as possible: the
// decision surface, one canvas pixel per grid cell, which the browser's
// compositor scales to the plot's size; over it the boundary and margins,
// stroked by a worker (static/lines.js) on an OffscreenCanvas; on top the
// plot proper at device resolution (markers, legend), which takes the
// input.
func (p *Plot) Render() vecty.ComponentOrHTML {
	if p.P.Second {
		return p.renderSecond() // compare2d.go
	}
	p.under = elem.Canvas(vecty.Markup(vecty.Class("surface"), vecty.Attribute("id", "surface"),
		vecty.Attribute("aria-hidden", "true")))
	p.mid = elem.Canvas(vecty.Markup(vecty.Class("lines"), vecty.Attribute("id", "lines"),
		vecty.Attribute("aria-hidden", "true")))
	p.el = elem.Canvas(vecty.Markup(vecty.Class("plot"), vecty.Attribute("id", "plot"),
		vecty.Attribute("role", "img"),
		vecty.Attribute("tabindex", "0"),         // the keyboard's cursor (plotcursor.go)
		vecty.Attribute("aria-label", plotLabel), // and the cursor's position once it moves (plotcursor.go)
		vecty.Attribute("aria-describedby", readoutsID)))
	return elem.Div(vecty.Markup(vecty.Class("plotframe")), p.under, p.mid, p.el)
}

// Skip implements comp.Skipper: as Charts.Skip; the second plot of a
// comparison renders with the page (its accessible name is its learner's,
// which the page's controls change), its canvas's pixels with the frame
// loop.
func (p *Plot) Skip() bool { return p.cv != nil && !p.P.Second }

// secondGrid is the largest grid of a comparison's second surface: a
// smaller square than the plot's.
const secondGrid = 120

// renderSurface computes the decision surface of P.Sim's learner at P.Grid
// (at most secondGrid for the second surface) into p.surf's image: f = ±1
// (the margins) at 76% of the palette; multiclass regions paler, so that
// points of the region's class stand out.
func (p *Plot) renderSurface() *image.RGBA {
	p.surf.Grid = p.P.Grid
	if p.P.Second {
		p.surf.Grid = min(p.P.Grid, secondGrid)
	}
	p.surf.Scale = 0
	if p.P.Config.Task == state.TaskMulticlass {
		p.surf.Scale = 2
	}
	return p.surf.Render(p.P.Sim.Learner())
}

// hindsightPlot is what the plot keeps of the hindsight predictor g*'s
// boundary: its field on the render.HindsightGrid grid, sampled once per
// solved checkpoint (sim.Sim.Hindsight's count), and the traced lines.
type hindsightPlot struct {
	tracer render.Tracer
	field  []float64
	lines  []float64
	sim    *sim.Sim // the run and checkpoint count the field was sampled for
	solved int
}

// hindsightLines returns g*'s boundary {g* = 0} of run sm in input
// coordinates (render.Tracer.Lines' format, simplified to tol), or nil
// when the plot does not draw it (Config.Hindsight off, not binary, no
// checkpoint solved yet). The field is resampled only when g* changed.
func (p *Plot) hindsightLines(sm *sim.Sim, c state.Config, tol float64) []float64 {
	if !c.Hindsight || c.Task != state.TaskBinary || sm == nil {
		return nil
	}
	score, solved := sm.Hindsight()
	if score == nil {
		return nil
	}
	g := &p.gs
	if g.sim != sm || g.solved != solved {
		g.field = render.ScoreField(g.field, score, render.HindsightGrid, render.Square)
		g.sim, g.solved = sm, solved
	}
	g.lines = g.tracer.Lines(g.lines[:0], g.field, render.HindsightGrid, render.Square, 0, tol)
	return g.lines
}
