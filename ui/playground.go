package ui

import (
	"kernelplay/ui/app"
)

// Playground is the running page: the store, the Vecty tree and the frame loop.
// wasm/main.go calls [Run]; nothing else is global.
type Playground struct {
	store  *app.Store
	page   *Page
	plot   *Plot
	strip  *Strip
	charts *Charts
	stats  *Stats
	second *Plot      // the second learner of a 2D comparison: a second Plot (compare2d.go)
	insp   *Inspector // the step inspector's state and slow motion (inspector.go), shown in both views

	b            browser          // the browser outside Vecty (browser.go)
	budget       func() []readout // the frame budget's read-outs (Playground.budgetRows; nil natively)
	playgroundJS                  // the frame loop's requestAnimationFrame callback (playground_js.go)

	frameLoop     // the frame loop's clock, budgets and measurements (frameloop.go)
	rev       int // bumps on every store change

	mounted bool // the body has been rendered: Rerender is allowed
	booting bool // the page shows its skeleton and the surface only (see Page.Mount)
	// revealing counts the frames since the skeleton while the regions
	// render their parts (Playground.reveal); 0 once they have.
	revealing int
	// m are the timings kernelplay.stats() reports: MainMS (navigation to
	// Run), MountMS (to the first render), FirstSurfaceMS, ShownMS (the
	// first animation frame after it was painted), CompleteMS (the first
	// full picture with the whole page), StepMS (learning per frame; per
	// example in digits), DrawMS (drawing per drawn frame), Profile.
	m          app.Measurements
	lastCopied string
	tour       tourState // the guided tour on screen (tour.go)
	dg         *digitsUI // the digits mode (digits_loop_js.go), nil until first used
	load       loader    // the shipped data sets, fetched (loaddata_js.go) and decoded, for the digits mode
}

// build makes the page's components for a's store and browser.
func (a *Playground) build() {
	a.plot = &Plot{}
	a.strip = &Strip{canvases: a.b}
	a.charts = &Charts{canvases: a.b}
	a.second = &Plot{P: plotProps{Second: true}}
	a.stats = &Stats{Dispatch: a.dispatch}
	a.insp = newInspector()
	a.page = &Page{Dispatch: a.dispatch, Ev: a.b, Files: a.b, Dialogs: a.b, Storage: a.b, Inputs: a.b, Images: a.b,
		views: pageViews{plot: a.plot, strip: a.strip, charts: a.charts, second: a.second, stats: a.stats}}
	a.page.views.regions = newRegions(a.page, a.booting, a.introAtStart())
	a.feed()
}

// recovered stops the page after a panic (crash.go): boot.js shows the
// message with Start over and Copy error report. It must be deferred
// directly.
func (a *Playground) recovered(where string) {
	if r := recover(); r != nil {
		crash.caught(where, r)
	}
}

// rerender hands the page a new snapshot (Playground.props) and schedules it
// and the read-outs for rendering (Vecty batches it into the next
// animation frame); before the first render it does nothing.
func (a *Playground) rerender() {
	if !a.mounted || crash.stopped {
		return
	}
	a.props()
	a.b.Rerender(&a.page.Hosted)
	if a.stats.mounted && a.store.Sim() != nil { // the 2D read-outs (the digits view has its own)
		a.b.Rerender(&a.stats.Hosted)
	}
}

// profile folds a timing of a named part of the frame into its average.
// The surface's and the contours' times also feed the grid's budget.
func (a *Playground) profile(part string, ms float64) {
	if part == "surface" || part == "contours" {
		a.gridMS += ms
	}
	a.m.AddProfile(part, ms)
}
