//go:build js && wasm

package ui

import (
	"strings"
	"syscall/js"

	"github.com/hexops/vecty"

	"kernelplay/ui/app"
	"kernelplay/ui/state"
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
	insp   *Inspector // the step inspector of the 2D views (inspector.go)
	inspD  *Inspector // and of the digits view (a component lives in one tree)

	raf        js.Func // the one requestAnimationFrame callback, reused every frame
	pacer      Pacer
	slicer     Slicer        // the 2D run's learning per frame within a time budget
	reduction  Reduction     // how many of the asked steps per frame the budget let run
	grids      GridGovernor  // the surface's grid while playing, within a time budget
	budgetRun  app.Run       // the run the three above measured
	gridMS     float64       // surface and contours of the frame being drawn, ms
	replayer   Slicer        // a long replay's steps per frame (replayFrame)
	noteShown  float64       // when the replay's progress note was last rendered, ms
	fps        RateMeter     // frames drawn per second
	sps        RateMeter     // learning steps per second
	lastStats  float64       // time of the last read-out refresh, ms
	frameGov   FrameGovernor // shares each frame between learning and drawing (budget.go)
	lastInput  float64       // when the user last pointed or typed, ms (frameinput.go)
	inputWired bool          // trackInput's listeners are installed

	// What the canvases last showed, to skip redrawing an unchanged picture.
	drawnSim  any
	drawnT    int
	drawnRev  int
	slowDrawn float64 // when the strip and charts were last drawn, ms
	infoSince float64 // when the Info message now shown appeared, ms
	rev       int     // bumps on every store change

	mounted      bool // the body has been rendered: Rerender is allowed
	booting      bool // the page shows its skeleton and the surface only (see Page.Mount)
	statsMounted bool // the read-outs have been rendered: Rerender is allowed
	// m are the timings kernelplay.stats() reports: MainMS (navigation to
	// Run), MountMS (to the first render), FirstSurfaceMS, ShownMS (the
	// first animation frame after it was painted), CompleteMS (the first
	// full picture with the whole page), StepMS (learning per frame; per
	// example in digits), DrawMS (drawing per drawn frame), Profile.
	m          app.Measurements
	lastCopied string
	dg         *digitsUI // the digits mode (digits_app.go), nil until first used
}

// Run builds the page for the share link's hash (without '#'; "" for the
// default demo), starts the frame loop and renders the body. It never
// returns. A malformed hash shows a message and the default demo.
func Run(hash string) {
	a := &App{}
	a.m.MainMS = perfNow()
	if boot := js.Global().Get("kpBoot"); boot.Truthy() {
		boot.Set("build", app.BuildInfo()) // for boot.js's report if the runtime dies
	}
	a.store = app.NewStoreSliced(hash, replayAtBoot)
	a.profile("first store", perfNow()-a.m.MainMS)
	// The skeleton with the surface first: only the 2D plot has one (the
	// RES-vs-SGD preset's model is n-dimensional).
	a.booting = a.store.Run().Kind() == app.Plot2D
	a.page = &Page{app: a}
	a.plot = &Plot{app: a}
	a.strip = &Strip{app: a}
	a.charts = &Charts{app: a}
	a.stats = &Stats{app: a}
	a.insp = newInspector(a)
	a.inspD = newInspector(a)
	a.store.Subscribe(func() {
		a.rev++
		a.syncURL()
		a.rerender()
	})
	a.installKeys()
	a.installHashChange()
	a.installDebugHook()
	a.installInspectorHook()
	a.installLinearHook()
	a.raf = js.FuncOf(a.frame)
	js.Global().Call("requestAnimationFrame", a.raf)
	a.syncURL()
	vecty.SetTitle("kernelplay — online kernel learning, live")
	vecty.RenderBody(a.page)
}

// recovered stops the page after a panic (crash.go): boot.js shows the
// message with Start over and Copy error report. It must be deferred
// directly.
func (a *App) recovered(where string) {
	if r := recover(); r != nil {
		crash.caught(where, r)
	}
}

// rerender schedules the page and the read-outs for rendering (Vecty batches
// it into the next animation frame); before the first render it does
// nothing.
func (a *App) rerender() {
	if !a.mounted || crash.stopped {
		return
	}
	vecty.Rerender(a.page)
	if a.statsMounted && a.store.Sim() != nil { // the 2D read-outs (the digits view has its own)
		vecty.Rerender(a.stats)
	}
}

// on wraps an event handler so that a panic in it becomes a message instead
// of killing the program.
func (a *App) on(f func(*vecty.Event)) func(*vecty.Event) {
	return func(e *vecty.Event) {
		if crash.stopped {
			return
		}
		defer a.recovered("event handler")
		if r := crash.injected("event handler"); r != nil {
			panic(r)
		}
		f(e)
	}
}

// jsFunc wraps a callback for addEventListener with the same protection.
func (a *App) jsFunc(where string, f func(this js.Value, args []js.Value)) js.Func {
	return js.FuncOf(func(this js.Value, args []js.Value) any {
		if crash.stopped {
			return nil
		}
		defer a.recovered(where)
		f(this, args)
		return nil
	})
}

// frame is the requestAnimationFrame callback: advance the run by the
// ticks due (capped, as Ebitengine does) times StepsPerFrame, redraw the
// canvases if anything changed, refresh the read-outs with the charts (at
// most ten times a second) and otherwise four times a second. The frame
// adapts to the machine (FrameGovernor): learning gets what drawing leaves
// of the frame's target, and while frames run long the learning, the
// surface's grid and the rate of the strip's, charts' and read-outs'
// redraws go down (to a quarter), coming back when frames are on time;
// the read-outs say what was cut (budgetRows).
func (a *App) frame(this js.Value, args []js.Value) any {
	defer a.recovered("frame")
	if crash.stopped {
		return nil // the page stopped after a panic: no more frames
	}
	js.Global().Call("requestAnimationFrame", a.raf)
	if r := crash.injected("frame"); r != nil {
		panic(r)
	}
	if crash.fill {
		fillMemory()
	}
	now := args[0].Float()
	start := perfNow()
	defer func() { a.profile("frame", perfNow()-start) }()
	a.frameGov.Frame(now)
	if a.m.FirstSurfaceMS != 0 && a.m.ShownMS == 0 {
		// The browser painted the first picture after the previous
		// frame's callbacks: it is on the screen.
		a.m.ShownMS = perfNow()
	}
	if a.booting {
		// The skeleton and the surface are painted after this callback;
		// the whole page renders in the next frame (Vecty batches the
		// rerender into it), and the full picture is drawn from then on.
		a.booting = false
		a.rerender()
		return nil
	}
	s := a.store
	c := s.Config()
	s.ReplayNow = a.replayNow(c)
	if _, _, ok := s.Replaying(); ok {
		a.replayFrame(now)
		return nil
	}
	if a.digitsFrame(now) {
		return nil // the digits mode has its own loop (digits_app.go)
	}
	if r := s.Run(); r != a.budgetRun {
		// A new run may be much faster or slower to learn and draw.
		a.budgetRun = r
		a.slicer.Reset()
		a.reduction.Reset()
		a.grids.Reset()
		a.frameGov.Reset()
	}
	steps := 0
	if c.Playing && !s.Run().Done() {
		ticks := a.pacer.Ticks(now)
		// Learning gets what the frame leaves after drawing (at most
		// 10 ms), less while frames run long (FrameGovernor).
		a.slicer.BudgetMS = a.frameGov.LearnBudget(learnCap2D)
		t0 := perfNow()
		ran, stopped := a.learn(&a.slicer, a.insp.steps(ticks*c.StepsPerFrame)) // slow motion: one at a time
		steps = ran
		a.reduction.Add(ticks, c.StepsPerFrame, ran, stopped)
		a.m.StepMS = app.EMA(a.m.StepMS, perfNow()-t0)
	} else {
		a.pacer.Reset()
	}
	a.sps.Add(now, steps)
	a.insp.frame(now)
	a.grids.BudgetMS = a.frameGov.GridBudget(gridShare)
	drawn, t0 := a.m.Frames, perfNow()
	a.draw(now)
	if a.m.Frames != drawn {
		a.frameGov.ObserveDraw(perfNow() - t0)
	}
	// Info messages ("link copied") go away by themselves after 4 s.
	if m := s.Message(); m.Kind == app.Info {
		if a.infoSince == 0 {
			a.infoSince = now
		} else if now-a.infoSince > 4000 {
			a.infoSince = 0
			s.Dispatch(app.Dismiss{})
		}
	} else {
		a.infoSince = 0
	}
	if now-a.lastStats >= 250/a.frameGov.Scale() && a.statsMounted {
		a.lastStats = now
		vecty.Rerender(a.stats)
	}
	return nil
}

const (
	// learnCap2D is the most learning a frame of the 2D view gets, ms
	// (FrameGovernor.LearnBudget gives less when drawing takes more than
	// the frame's target leaves, or frames run long).
	learnCap2D = 10
	// gridShare is the surface's and contours' share of a frame on time,
	// ms (GridGovernor.BudgetMS; scaled down while frames run long).
	gridShare = 8
)

// learn runs up to want learning steps in slices that fit the frame's time
// budget (sl): a link may ask for far more than a frame holds (spf=1000 at
// ω = 4096 is about 164 ms), and the page must stay responsive whatever it
// asks; the steps cut are not owed to later frames. It returns the steps
// learned and whether the run stopped (then the page has been told).
func (a *App) learn(sl *Slicer, want int) (ran int, stopped bool) {
	t0 := perfNow()
	spent := 0.0
	for done := 0; done < want; {
		n := sl.Plan(want-done, spent)
		if n == 0 {
			break
		}
		s0 := perfNow()
		r, st := a.store.Advance(n)
		sl.Observe(r, perfNow()-s0)
		spent = perfNow() - t0
		done += n
		ran += r
		if st {
			a.store.Changed() // the run ended or stopped: paused; Play starts it again
			return ran, true
		}
		if r < n {
			return ran, a.store.Run().Done()
		}
	}
	return ran, false
}

// replayAtBoot is the longest replay of a link's at= that runs before the
// first picture, in steps (nothing is measured yet: a digits step can take
// milliseconds); a longer one goes on over frames (replayFrame).
const replayAtBoot = 500

// replayNow is the longest replay the store runs at once (Store.ReplayNow):
// about 100 ms of learning at the time per step measured in the mode on
// screen (ReplaySteps), replayAtBoot while nothing is measured.
func (a *App) replayNow(c state.Config) int {
	ps := a.slicer.PerStep()
	if c.Mode == state.ModeDigits {
		ps = 0
		if a.dg != nil {
			ps = a.dg.slicer.PerStep()
		}
	}
	if ps > 0 {
		return ReplaySteps(ps)
	}
	return replayAtBoot
}

// replayFrame advances a long replay (a link's at=, an Undo after a long
// run; Store.Replay) by what fits in the frame: the replay draws nothing
// until it ends, so it gets 20 ms, well short of a long task (50 ms) with
// the collector's pauses. The banner's progress note is rendered four
// times a second.
func (a *App) replayFrame(now float64) {
	a.replayer.BudgetMS = 20
	t0 := perfNow()
	spent := 0.0
	for {
		n := a.replayer.Plan(1<<30, spent)
		if n == 0 {
			break
		}
		s0 := perfNow()
		ran := a.store.Replay(n)
		a.replayer.Observe(ran, perfNow()-s0)
		spent = perfNow() - t0
		if _, _, ok := a.store.Replaying(); !ok {
			return // it ended and the page was told (the note goes)
		}
	}
	if now-a.noteShown >= 250 {
		a.noteShown = now
		a.rerender()
	}
}

// surfaceGrid is the grid the plot computes the surface at: the one asked
// for, lowered while the run plays when the surface and its contours take
// longer than their share of the frame (GridGovernor).
func (a *App) surfaceGrid(asked int) int {
	return a.grids.Grid(asked, a.store.Config().Playing && !a.store.Run().Done())
}

// budgetRows are the read-outs of the frame's time budget while the run
// plays: the steps per frame learned when the budget cut the ones asked
// for, and the surface's grid when it was lowered.
func (a *App) budgetRows() []readout {
	c := a.store.Config()
	if !c.Playing {
		return nil
	}
	var rows []readout
	if ran, asked, ok := a.reduction.Reduced(); ok {
		rows = append(rows, readout{Label: "steps/frame", Value: count(ran) + " of " + count(asked),
			Hint: "a frame holds at most 10 ms of learning, less when drawing takes longer or frames run long: " +
				"fewer steps per frame than asked run, so the page stays responsive"})
	}
	if g := a.plot.surf.Grid; g > 0 && g < c.Grid {
		rows = append(rows, readout{Label: "grid", Value: itoa(g) + "² of " + itoa(c.Grid) + "²",
			Hint: "while the run plays the surface is drawn coarser, to fit the frame (coarser still when frames run long); " +
				"paused, it is drawn at the resolution asked for"})
	}
	return rows
}

// draw redraws the canvases when the model, the config or a canvas size
// changed since the last frame.
func (a *App) draw(now float64) {
	sm := a.store.Sim()
	resized := a.plot.resized() || a.strip.resized() || a.charts.resized()
	if !resized && any(sm) == a.drawnSim && sm.T() == a.drawnT && a.rev == a.drawnRev && !a.plot.dirty {
		return
	}
	a.plot.dirty = false
	t0 := perfNow()
	a.gridMS = 0
	if !a.plot.draw() {
		return // not mounted yet
	}
	a.grids.Observe(a.plot.surf.Grid, a.gridMS)
	// The strip and the charts change little from frame to frame: while
	// the run plays they are redrawn at most 10 times a second (their
	// lines cost the browser several milliseconds to rasterise).
	t1 := perfNow()
	// While frames run long (FrameGovernor.Scale < 1) they are redrawn
	// less often, down to every 400 ms.
	slow := resized || a.rev != a.drawnRev || any(sm) != a.drawnSim || now-a.slowDrawn >= slowEvery/a.frameGov.Scale() ||
		!a.store.Config().Playing
	if slow {
		a.strip.draw()
	}
	t2 := perfNow()
	if slow {
		a.charts.draw()
		a.slowDrawn = now
		if a.statsMounted {
			// The read-outs with the charts, so that their numbers agree.
			a.lastStats = now
			vecty.Rerender(a.stats)
		}
	}
	t3 := perfNow()
	a.m.DrawMS = app.EMA(a.m.DrawMS, t3-t0)
	a.profile("plot", t1-t0)
	a.profile("strip", t2-t1)
	a.profile("charts", t3-t2)
	a.drawnSim, a.drawnT, a.drawnRev = sm, sm.T(), a.rev
	a.m.Frames++
	a.fps.Add(now, 1)
	if a.m.FirstSurfaceMS == 0 {
		a.m.FirstSurfaceMS = perfNow()
	}
	if a.m.CompleteMS == 0 && a.charts.cv != nil {
		a.m.CompleteMS = perfNow()
	}
}

// slowEvery is the shortest interval between redraws of the strip and the
// charts while the run plays, ms.
const slowEvery = 100

// syncURL writes the share link of the current config into the address bar
// (without adding a history entry).
func (a *App) syncURL() {
	h := "#" + a.store.Hash()
	loc := js.Global().Get("location")
	if loc.Get("hash").String() != h {
		js.Global().Get("history").Call("replaceState", nil, "", h)
	}
}

// installHashChange reloads the configuration when the user pastes another
// link into the address bar of an open page.
func (a *App) installHashChange() {
	js.Global().Call("addEventListener", "hashchange", a.jsFunc("hashchange", func(js.Value, []js.Value) {
		h := strings.TrimPrefix(js.Global().Get("location").Get("hash").String(), "#")
		if h != a.store.Hash() {
			a.store.Dispatch(app.LoadLink{Hash: h})
		}
	}))
}

// installKeys binds space (play/pause), → (step; shift: 10), r (reset) and
// Ctrl/Cmd+Z (undo the last edit of the run), leaving a focused control the
// keys it needs (state.KeyAction).
func (a *App) installKeys() {
	js.Global().Get("document").Call("addEventListener", "keydown", a.jsFunc("keyboard", func(_ js.Value, args []js.Value) {
		e := args[0]
		if (e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool()) && !e.Get("shiftKey").Bool() &&
			!e.Get("altKey").Bool() && (e.Get("key").String() == "z" || e.Get("key").String() == "Z") {
			// Not while typing into a text or number field (its own undo).
			tag, typ := e.Get("target").Get("tagName").String(), e.Get("target").Get("type").String()
			if tag != "TEXTAREA" && !(tag == "INPUT" && (typ == "text" || typ == "number")) {
				e.Call("preventDefault")
				a.store.Dispatch(app.Undo{})
			}
			return
		}
		if e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool() || e.Get("altKey").Bool() {
			return
		}
		tg := e.Get("target")
		typ := ""
		if t := tg.Get("type"); t.Type() == js.TypeString {
			typ = t.String()
		}
		act, ok := state.KeyAction(e.Get("key").String(), e.Get("shiftKey").Bool(), state.FocusOf(tg.Get("tagName").String(), typ))
		if !ok {
			return
		}
		e.Call("preventDefault") // no page scroll, no click on a focused button, no menu opening
		a.store.Dispatch(act)
	}))
}

// copyLink copies the share link with navigator.clipboard, falling back to a
// hidden text area and execCommand("copy"), and finally to showing the link.
func (a *App) copyLink() {
	a.syncURL()
	url := js.Global().Get("location").Get("href").String()
	a.copyURL(url, "Link copied: it replays this run step for step.")
}

// copyURL copies url to the clipboard and says so with copied, or, where
// the browser refuses, shows the link to copy by hand.
func (a *App) copyURL(url, copied string) {
	a.lastCopied = url
	done := func(ok bool) {
		if ok {
			a.store.Notify(app.Message{Kind: app.Info, Text: copied})
		} else {
			a.store.Notify(app.Message{Kind: app.Info, Text: "Copy this link: " + url})
		}
	}
	fallback := func() {
		doc := js.Global().Get("document")
		ta := doc.Call("createElement", "textarea")
		ta.Set("value", url)
		ta.Get("style").Set("position", "fixed")
		ta.Get("style").Set("opacity", "0")
		doc.Get("body").Call("appendChild", ta)
		ta.Call("select")
		ok := doc.Call("execCommand", "copy").Bool()
		ta.Call("remove")
		done(ok)
	}
	clip := js.Global().Get("navigator").Get("clipboard")
	if clip.IsUndefined() || clip.IsNull() {
		fallback()
		return
	}
	var then, catch js.Func
	release := func() { then.Release(); catch.Release() }
	then = a.jsFunc("clipboard", func(js.Value, []js.Value) { release(); done(true) })
	catch = a.jsFunc("clipboard", func(js.Value, []js.Value) { release(); fallback() })
	clip.Call("writeText", url).Call("then", then, catch)
}

// perfNow is performance.now(): milliseconds since the navigation started.
// The frame loop calls it a few dozen times a frame: the performance
// object is looked up once (each lookup of an object makes a js.Value with
// a finalizer, work for the collector).
func perfNow() float64 { return performance.Call("now").Float() }

var performance = js.Global().Get("performance")

// profile folds a timing of a named part of the frame into its average.
// The surface's and the contours' times also feed the grid's budget.
func (a *App) profile(part string, ms float64) {
	if part == "surface" || part == "contours" {
		a.gridMS += ms
	}
	a.m.AddProfile(part, ms)
}
