package ui

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"

	"kernelplay/ui/app"
	"kernelplay/ui/paint"
	"kernelplay/ui/render"
)

// Charts is the stack of trace charts beside the plot, sharing one time
// axis: η_t and the running average online error on log scales (as in the
// papers' figures), the loss, the number of stored terms and the regret
// against the best fixed predictor in hindsight (symlog). One canvas,
// drawn by the frame loop, which hands it the run (Run) before every draw:
// it holds no pointer to the page or the store.
type Charts struct {
	Run      app.Run  // the run whose traces are drawn (app.Store.Run)
	canvases canvases // the browser's canvases (browser.go)

	el     *vecty.HTML
	cv     *paint.Canvas
	traces app.ChartTraces // reused by every redraw
	view   paint.ChartView
}

// Render implements comp.View.
func (ch *Charts) Render() vecty.ComponentOrHTML {
	ch.el = elem.Canvas(vecty.Markup(vecty.Class("charts"), vecty.Attribute("id", "charts"),
		vecty.Attribute("role", "img"),
		vecty.Attribute("aria-label", "traces of the step size, average error, loss, buffer size and regret"),
		vecty.Attribute("aria-describedby", readoutsID), vecty.Attribute("title", app.RegretBoundsNote)))
	return ch.el
}

// Skip implements comp.Skipper: while mounted the frame loop
// draws the canvas; after an unmount (a mode switch) Vecty must build it
// afresh, not keep what another view left at its place.
func (ch *Charts) Skip() bool { return ch.cv != nil }

// Mount implements comp.Mounter.
func (ch *Charts) Mount() {
	ch.cv = ch.canvases.Canvas(ch.el)
}

// Unmount implements comp.Unmounter: the canvas is gone (mode switch).
func (ch *Charts) Unmount() { ch.cv = nil }

func (ch *Charts) resized() bool {
	return ch.cv != nil && ch.cv.Resized()
}

// draw redraws the chart stack: the run's traces as render.TraceChart
// describes them, with what mark adds (the step inspector's marker; nil:
// nothing), laid out and painted through the chart's display list.
func (ch *Charts) draw(mark func(*render.Chart)) {
	if ch.cv == nil || !ch.cv.Fit() {
		return
	}
	// One learner's traces, or a comparison's two overlaid (app.ChartTraces).
	render.TraceChart(&ch.view.Chart, ch.traces.Input(ch.Run, [2]string{learnerColor(0), learnerColor(1)}))
	if mark != nil {
		mark(&ch.view.Chart) // slow motion's step-size sub-step (inspector.go)
	}
	ch.view.Draw(ch.cv)
}
