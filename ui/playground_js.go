//go:build js && wasm

package ui

import (
	"strings"
	"syscall/js"

	"github.com/hexops/vecty"

	"kernelplay/ui/app"
	"kernelplay/ui/comp"
	"kernelplay/ui/state"
)

// playgroundJS is Playground's part that only the browser has: the one
// requestAnimationFrame callback, reused every frame, and the task that
// draws the strip or the charts after a frame (drawLater).
type playgroundJS struct {
	raf   js.Func
	later struct {
		fn            js.Func // the task (setTimeout 0)
		strip, charts bool    // what it draws
		prepare       bool    // it runs Plot.prepare first (prepareLater)
		pending       bool    // it is scheduled
	}
	idle struct {
		fn      js.Func  // the idle callback (regretLater)
		opts    js.Value // {timeout: idleTimeoutMS}
		pending bool     // it is requested
	}
}

// Run builds the page for the share link's hash (without '#'; "" for the
// default demo), starts the frame loop and renders the body. It never
// returns. A malformed hash shows a message and the default demo.
//
// It runs in four browser tasks (yieldTask), none of which holds the
// thread long on a slow phone (issue 24): Go's start (the runtime, the
// packages' init, wasm/simd), then the store (the run made from the link),
// then the page's parts, its listeners and the run's first steps, then
// the skeleton's render with the first surface (Mount), in one task so
// that no frame shows the skeleton without it.
func Run(hash string) {
	a := &Playground{}
	a.b, a.budget = &jsBrowser{a}, a.budgetRows
	a.m.MainMS = perfNow()
	if boot := js.Global().Get("kpBoot"); boot.Truthy() {
		boot.Set("build", app.BuildInfo()) // for boot.js's report if the runtime dies
	}
	yieldTask()
	t0 := perfNow()
	a.store = app.NewStoreSliced(hash, replayAtBoot)
	a.profile("first store", perfNow()-t0)
	yieldTask()
	// The skeleton with the surface first: only the 2D plot has one (the
	// RES-vs-SGD preset's model is n-dimensional).
	a.booting = a.store.Run().Kind() == app.Plot2D
	a.build()
	a.store.Subscribe(func() {
		a.rev++
		a.feed()
		a.syncURL()
		a.rerender()
	})
	a.installKeys()
	a.installHashChange()
	a.installDebugHook()
	a.installEmbed() // the embedding API (embed_js.go), when the link lists origins (embed=)
	if c := a.store.Config(); c.Lesson != "" {
		// lesson=: a link that names a lesson and nothing of a run opens
		// the step's own link; a shared moment of a lesson keeps its run.
		a.fetchLesson(c.Lesson, c.LessonStep, !state.RunChanged(state.Default(), a.store.Base()) && a.store.Run().T() == 0)
	}
	a.takeFirstSteps() // page_js.go
	yieldTask()
	a.raf = js.FuncOf(a.frame)
	js.Global().Call("requestAnimationFrame", a.raf)
	a.syncURL()
	vecty.SetTitle("kernelplay — online kernel learning, live")
	a.props()
	vecty.RenderBody(comp.Of(a.page))
}

// prepareLater runs Plot.prepare in drawLater's task, after the first
// frame after the skeleton.
func (a *Playground) prepareLater() {
	a.later.prepare = true
	a.drawLater(false, false)
}

// jsFunc wraps a callback for addEventListener with the same protection
// (guardedFunc).
func (a *Playground) jsFunc(where string, f func(this js.Value, args []js.Value)) js.Func {
	return guardedFunc(where, f)
}

// guardedFunc wraps a callback for addEventListener so that a panic in it
// reaches the crash sink (crash.go) and a stopped page ignores it: the
// views' listeners use it without a pointer to the page.
func guardedFunc(where string, f func(this js.Value, args []js.Value)) js.Func {
	return js.FuncOf(func(this js.Value, args []js.Value) any {
		if crash.stopped {
			return nil
		}
		defer (*Playground).recovered(nil, where) // (it uses no Playground)
		f(this, args)
		return nil
	})
}

// frame is the requestAnimationFrame callback, one loop for every mode:
// after the clock (Pacer, FrameGovernor) and a long replay's frames
// (replayFrame), the mode on screen (Playground.mode: plotMode, digitsMode)
// advances the run by the ticks due (capped, as Ebitengine does) times
// StepsPerFrame within the frame's budget, then draws what changed; Info
// messages go after 4 s. In the 2D view the canvases are redrawn if
// anything changed (the strip, the charts and the read-outs at most ten
// times a second each, in different frames), and otherwise the read-outs
// are refreshed four times a second. The frame adapts to the machine
// (FrameGovernor): learning gets what drawing leaves of the frame's
// target, and while frames run long the learning, the surface's grid and
// the rate of the strip's, charts' and read-outs' redraws go down (to a
// quarter), coming back when frames are on time; the read-outs say what
// was cut (budgetRows). A panic anywhere in it reaches the crash sink
// (Playground.recovered).
//
// The callback's time as the browser sees it is more than this function's:
// when it returns while a collection is marking, Go's scheduler on wasm
// runs the idle mark worker before it gives the thread back to the
// browser, so a collection's marking would land in one frame (14–33 ms
// more with the CPU throttled 4×, about one collection a second in the
// default demo; the page allocates 60–90 kB a frame, most of it in the
// surface and the markers). The page therefore collects in a task of its
// own after a frame when the heap has doubled (maybeCollect, collect_js.go).
func (a *Playground) frame(this js.Value, args []js.Value) any {
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
	a.frames.Add(now, 1)
	start := perfNow()
	defer func() {
		a.profile("frame", perfNow()-start)
		a.maybeCollect() // in a task of its own, after this frame (collect_js.go)
	}()
	a.frameGov.Frame(now)
	if a.m.FirstSurfaceMS != 0 && a.m.ShownMS == 0 {
		// The browser painted the first picture after the previous
		// frame's callbacks: it is on the screen.
		a.m.ShownMS = perfNow()
	}
	if (a.booting || a.revealing > 0) && a.reveal() {
		// The skeleton and the surface are painted after this callback;
		// the regions render from the next frame (reveal), and the full
		// picture is drawn once they have, with what prepareLater made.
		if a.revealing == 1 {
			a.prepareLater()
		}
		return nil
	}
	s := a.store
	c := s.Config()
	s.ReplayNow = a.replayNow(c)
	if _, _, ok := s.Replaying(); ok {
		a.replayFrame(now)
		return nil
	}
	a.changedRun(s.Run())
	m := a.mode(c)
	m.advance(now)
	m.draw(now)
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
	return nil
}

// mode is the frame loop's mode for c: the digits view's, or the 2D
// view's.
func (a *Playground) mode(c state.Config) frameMode {
	if c.Mode == state.ModeDigits {
		return (*digitsMode)(a)
	}
	return (*plotMode)(a)
}

// plotMode is the frame loop in the 2D view (and RES vs SGD): learn the
// ticks due times StepsPerFrame within what drawing leaves of the frame,
// then redraw the plot, the strip, the charts and the read-outs that
// changed.
// It is the Playground seen as that mode (no copy, no allocation per frame).
type plotMode Playground

var _ frameMode = (*plotMode)(nil)

// advance implements frameMode.
func (m *plotMode) advance(now float64) {
	a := (*Playground)(m)
	s := a.store
	c := s.Config()
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
	a.regretLater()
	a.inspectFrame(now)
}

// draw implements frameMode: the canvases when anything changed (Playground.draw),
// and the read-outs four times a second (more often when the canvases
// redraw them).
func (m *plotMode) draw(now float64) {
	a := (*Playground)(m)
	a.grids.BudgetMS = a.frameGov.GridBudget(gridShare)
	drawn, t0 := a.m.Frames, perfNow()
	a.draw(now)
	if a.m.Frames != drawn {
		a.frameGov.ObserveDraw(perfNow() - t0)
	}
	if now-a.lastStats >= 250/a.frameGov.Scale() && a.stats.mounted {
		a.lastStats = now
		a.rerenderStats()
	}
}

// draw redraws the canvases when the model, the config or a canvas size
// changed since the last frame.
func (a *Playground) draw(now float64) {
	sm := a.store.Sim()
	resized := a.plot.resized() || a.strip.resized() || a.charts.resized()
	reg := regretShown(a.store.Run())
	if !resized && any(sm) == a.drawnSim && sm.T() == a.drawnT && a.rev == a.drawnRev && !a.plot.dirty && reg == a.drawnRegret {
		return
	}
	a.plot.dirty = false
	t0 := perfNow()
	a.gridMS = 0
	a.feed()
	a.plot.P.Grid = a.surfaceGrid(a.plot.P.Grid)
	ok := a.plot.draw(a.markPlot) // the inspector's marks over the markers (inspector.go)
	a.foldPlot()
	if !ok {
		return // not mounted yet
	}
	a.grids.Observe(a.plot.surf.Grid, a.gridMS)
	if a.second.P.Sim != nil {
		a.second.P.Grid = a.surfaceGrid(a.second.P.Grid)
		a.second.draw(nil) // a 2D comparison's second learner (compare2d.go)
	}
	// The strip, the charts and the read-outs change little from frame
	// to frame: while the run plays they are redrawn at most 10 times a
	// second (the lines cost the browser several milliseconds to
	// rasterise, the read-outs a rerender and a layout), in different
	// frames, and not in a frame whose plot took far longer than usual
	// (Stagger). While frames run long
	// (FrameGovernor.Scale < 1) they are redrawn less often, down to
	// every 400 ms.
	t1 := perfNow()
	forced := resized || a.rev != a.drawnRev || any(sm) != a.drawnSim || !a.store.Config().Playing || reg != a.drawnRegret && sm.T() == a.drawnT
	strip, charts, readouts := a.stagger.Due(now, slowEvery/a.frameGov.Scale(), t1-t0, forced)
	if (!forced || a.m.CompleteMS == 0) && (strip || charts) {
		// While the run plays, in a task of their own (drawLater); so
		// too in the first full picture after the skeleton (Page.Mount),
		// whose plot alone is a long task on a slow CPU.
		a.drawLater(strip, charts)
		strip, charts = false, false
	}
	if strip {
		a.strip.draw(a.insp.markStrip)
	}
	t2 := perfNow()
	if charts {
		a.charts.draw(a.insp.markCharts)
	}
	t3 := perfNow()
	if readouts && a.stats.mounted {
		// The read-outs as often as the charts (a frame or two apart
		// while playing: their numbers agree with the charts' within a
		// few steps; paused, in the same frame).
		a.lastStats = now
		a.rerenderStats()
	}
	t4 := perfNow()
	a.m.DrawMS = app.EMA(a.m.DrawMS, t4-t0)
	a.profile("plot", t1-t0)
	if t2 > t1 || t3 > t2 {
		a.profile("strip", t2-t1)
		a.profile("charts", t3-t2)
	}
	a.profile("readouts", t4-t3)
	a.drawnSim, a.drawnT, a.drawnRev, a.drawnRegret = sm, sm.T(), a.rev, reg
	a.m.Frames++
	a.fps.Add(now, 1)
	if a.m.FirstSurfaceMS == 0 {
		a.m.FirstSurfaceMS = perfNow()
	}
	if a.m.CompleteMS == 0 && a.charts.cv != nil {
		a.m.CompleteMS = perfNow()
	}
}

// drawLater draws the strip or the charts (or both) in a task of its own
// after this frame's (a setTimeout of 0 ms: the browser runs it after the
// frame is rendered, before the next animation frame), so that their
// painting, 4–20 ms each with the CPU throttled 4× and up to 57 ms on a
// loaded machine, is not added to the frame's learning and surface in one
// task (TestBrowserSpeed/Throttled counted them in 9 of the 33 frames
// over 50 ms). They show what the run is at when the task runs, at most a
// frame later than before. The frame loop draws them itself when they are
// forced (a resize, a new run or config, a paused run), so that a still
// picture's parts agree at once.
func (a *Playground) drawLater(strip, charts bool) {
	l := &a.later
	l.strip, l.charts = l.strip || strip, l.charts || charts
	if l.pending {
		return
	}
	if l.fn.IsUndefined() {
		l.fn = js.FuncOf(func(js.Value, []js.Value) any {
			defer a.recovered("charts")
			l.pending = false
			strip, charts, prepare := l.strip, l.charts, l.prepare
			l.strip, l.charts, l.prepare = false, false, false
			if crash.stopped {
				return nil
			}
			if prepare {
				a.plot.prepare()
			}
			t0 := perfNow()
			if strip {
				a.strip.draw(a.insp.markStrip)
			}
			t1 := perfNow()
			if charts {
				a.charts.draw(a.insp.markCharts)
			}
			a.profile("strip", t1-t0)
			a.profile("charts", perfNow()-t1)
			return nil
		})
	}
	l.pending = true
	js.Global().Call("setTimeout", l.fn, 0)
}

const (
	// idleRegretMS is the most an idle period gives the hindsight
	// comparators, ms (of the time the browser says is idle, less 1 ms).
	idleRegretMS = 8
	// idleTimeoutMS is how long the comparators wait for an idle period,
	// ms: after it the callback runs as a task of its own with the
	// frame's share (regretMS·Scale), so that a machine that is never idle
	// (frames longer than their period) still solves them.
	idleTimeoutMS = 100
)

// regretLater gives the hindsight comparators their work in the browser's
// idle time (requestIdleCallback) rather than in the frame: 3 ms of the
// frame's task was theirs, a quarter of a frame's script time on a fast
// machine and what pushed frames past 12 ms (50 ms on a CPU four times
// slower, Lighthouse's simulated phone). An idle callback gets what the
// browser says is left before the next frame, at most idleRegretMS (at
// least the frame's share, regretMS·Scale), or, when no idle period came
// within idleTimeoutMS, the frame's share in a task of its own. The points
// do not depend on how the work is sliced (core/regret). A browser
// without requestIdleCallback (Safari) solves them in the frame, as
// before.
func (a *Playground) regretLater() {
	l := &a.idle
	if l.pending {
		return
	}
	if l.fn.IsUndefined() {
		if js.Global().Get("requestIdleCallback").Type() != js.TypeFunction {
			a.solveRegret(regretMS * a.frameGov.Scale())
			return
		}
		l.opts = js.ValueOf(map[string]any{"timeout": idleTimeoutMS})
		l.fn = js.FuncOf(func(_ js.Value, args []js.Value) any {
			defer a.recovered("regret")
			l.pending = false
			if crash.stopped {
				return nil
			}
			budget := regretMS * a.frameGov.Scale()
			if d := args[0]; !d.Get("didTimeout").Bool() {
				budget = max(budget, min(idleRegretMS, d.Call("timeRemaining").Float()-1))
			}
			t0 := perfNow()
			a.solveRegret(budget)
			a.profile("regret", perfNow()-t0)
			return nil
		})
	}
	l.pending = true
	js.Global().Call("requestIdleCallback", l.fn, l.opts)
}

// slowEvery is the shortest interval between redraws of the strip and the
// charts while the run plays, ms.
const slowEvery = 100

// syncURL writes the share link of the current config into the address bar
// (without adding a history entry).
func (a *Playground) syncURL() {
	h := "#" + a.store.Hash()
	loc := js.Global().Get("location")
	if loc.Get("hash").String() != h {
		js.Global().Get("history").Call("replaceState", nil, "", h)
	}
}

// installHashChange reloads the configuration when the user pastes another
// link into the address bar of an open page.
func (a *Playground) installHashChange() {
	js.Global().Call("addEventListener", "hashchange", a.jsFunc("hashchange", func(js.Value, []js.Value) {
		h := strings.TrimPrefix(js.Global().Get("location").Get("hash").String(), "#")
		if h != a.store.Hash() {
			a.store.Dispatch(app.LoadLink{Hash: h})
		}
	}))
}

// installKeys sends the page's key presses to pageKey (keys.go).
func (a *Playground) installKeys() {
	js.Global().Get("document").Call("addEventListener", "keydown", a.jsFunc("keyboard", func(_ js.Value, args []js.Value) {
		if a.pageKey(keyOf(args[0])) {
			args[0].Call("preventDefault")
		}
	}))
}

// keyOf reads a keydown event.
func keyOf(e js.Value) keyPress {
	str := func(v js.Value) string {
		if v.Type() == js.TypeString {
			return v.String()
		}
		return ""
	}
	tg := e.Get("target")
	return keyPress{Key: e.Get("key").String(), Ctrl: e.Get("ctrlKey").Bool(), Meta: e.Get("metaKey").Bool(),
		Shift: e.Get("shiftKey").Bool(), Alt: e.Get("altKey").Bool(),
		TargetTag: str(tg.Get("tagName")), TargetType: str(tg.Get("type"))}
}

// copyLink copies the share link with navigator.clipboard, falling back to a
// hidden text area and execCommand("copy"), and finally to showing the link.
func (a *Playground) copyLink() {
	a.syncURL()
	url := js.Global().Get("location").Get("href").String()
	a.copyURL(url, "Link copied: it replays this run step for step.")
}

// copyURL copies url to the clipboard and says so with copied, or, where
// the browser refuses, shows the link to copy by hand.
func (a *Playground) copyURL(url, copied string) {
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
