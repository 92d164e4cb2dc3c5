package ui

import (
	"kernelplay/ui/app"
	"kernelplay/ui/pace"
)

// App is the running page: the store, the Vecty tree and the frame loop.
// wasm/main.go calls [Run]; nothing else is global.
type App struct {
	store  *app.Store
	page   *Page
	plot   *Plot
	strip  *Strip
	charts *Charts
	stats  *Stats
	second *Plot      // the second learner of a 2D comparison: a second Plot (compare2d.go)
	insp   *Inspector // the step inspector's state and slow motion (inspector.go), shown in both views

	b      browser          // the browser outside Vecty (browser.go)
	budget func() []readout // the frame budget's read-outs (App.budgetRows; nil natively)
	appJS                   // the frame loop's requestAnimationFrame callback (app_js.go)

	pacer      pace.Pacer
	slicer     pace.Slicer        // the 2D run's learning per frame within a time budget
	reduction  pace.Reduction     // how many of the asked steps per frame the budget let run
	grids      pace.GridGovernor  // the surface's grid while playing, within a time budget
	budgetRun  app.Run            // the run the three above measured
	gridMS     float64            // surface and contours of the frame being drawn, ms
	replayer   pace.Slicer        // a long replay's steps per frame (replayFrame)
	noteShown  float64            // when the replay's progress note was last rendered, ms
	rate       replayRate         // a long replay's measured speed, for the note's time left
	fps        pace.RateMeter     // frames drawn per second
	frames     pace.RateMeter     // animation frames run per second (the read-out's frames/s)
	sps        pace.RateMeter     // learning steps per second
	lastStats  float64            // time of the last read-out refresh, ms
	frameGov   pace.FrameGovernor // shares each frame between learning and drawing (ui/pace)
	lastInput  float64            // when the user last pointed or typed, ms (frameinput_js.go)
	inputWired bool               // trackInput's listeners are installed

	// What the canvases last showed, to skip redrawing an unchanged picture.
	drawnSim  any
	drawnT    int
	drawnRev  int
	stagger   pace.Stagger // when the strip, the charts and the read-outs were last drawn (ui/pace)
	infoSince float64      // when the Info message now shown appeared, ms
	rev       int          // bumps on every store change

	mounted bool // the body has been rendered: Rerender is allowed
	booting bool // the page shows its skeleton and the surface only (see Page.Mount)
	// m are the timings kernelplay.stats() reports: MainMS (navigation to
	// Run), MountMS (to the first render), FirstSurfaceMS, ShownMS (the
	// first animation frame after it was painted), CompleteMS (the first
	// full picture with the whole page), StepMS (learning per frame; per
	// example in digits), DrawMS (drawing per drawn frame), Profile.
	m          app.Measurements
	lastCopied string
	tour       tourState // the guided tour on screen (tour.go)
	dg         *digitsUI // the digits mode (digits_loop_js.go), nil until first used
}

// build makes the page's components for a's store and browser.
func (a *App) build() {
	a.plot = &Plot{}
	a.strip = &Strip{canvases: a.b}
	a.charts = &Charts{canvases: a.b}
	a.second = &Plot{P: plotProps{Second: true}}
	a.stats = &Stats{}
	a.insp = newInspector()
	a.page = &Page{Dispatch: a.dispatch, Ev: a.b, Files: a.b, Dialogs: a.b, Storage: a.b, Inputs: a.b, Images: a.b,
		views: pageViews{plot: a.plot, strip: a.strip, charts: a.charts, second: a.second, stats: a.stats}}
	a.feed()
}

// recovered stops the page after a panic (crash.go): boot.js shows the
// message with Start over and Copy error report. It must be deferred
// directly.
func (a *App) recovered(where string) {
	if r := recover(); r != nil {
		crash.caught(where, r)
	}
}

// rerender hands the page a new snapshot (App.props) and schedules it
// and the read-outs for rendering (Vecty batches it into the next
// animation frame); before the first render it does nothing.
func (a *App) rerender() {
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
func (a *App) profile(part string, ms float64) {
	if part == "surface" || part == "contours" {
		a.gridMS += ms
	}
	a.m.AddProfile(part, ms)
}
