//go:build js && wasm

package ui

import (
	"fmt"
	"runtime/debug"
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
	insp   *Inspector // the step inspector (inspector.go)

	raf       js.Func // the one requestAnimationFrame callback, reused every frame
	pacer     Pacer
	fps       RateMeter // frames drawn per second
	sps       RateMeter // learning steps per second
	lastStats float64   // time of the last read-out refresh, ms
	broken    bool      // drawing panicked: stop drawing until the next change

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
	a.store = app.NewStore(hash)
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
	a.store.Subscribe(func() {
		a.rev++
		a.broken = false
		a.syncURL()
		a.rerender()
	})
	a.installKeys()
	a.installHashChange()
	a.installDebugHook()
	a.insp.installHook()
	a.installLinearHook()
	a.raf = js.FuncOf(a.frame)
	js.Global().Call("requestAnimationFrame", a.raf)
	a.syncURL()
	vecty.SetTitle("kernelplay — online kernel learning, live")
	vecty.RenderBody(a.page)
}

// recovered turns a panic into a message with a Reset button; the page stays
// alive. It must be deferred directly.
func (a *App) recovered(where string) {
	r := recover()
	if r == nil {
		return
	}
	err, ok := r.(error)
	if !ok {
		err = fmt.Errorf("%v", r)
	}
	js.Global().Get("console").Call("error", "kernelplay: panic in "+where+": "+err.Error()+"\n"+string(debug.Stack()))
	a.broken = true
	a.store.Fail(fmt.Errorf("%s: %w", where, err))
	a.rev++
	a.rerender()
}

// rerender schedules the page and the read-outs for rendering (Vecty batches
// it into the next animation frame); before the first render it does
// nothing.
func (a *App) rerender() {
	if !a.mounted {
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
		defer a.recovered("event handler")
		f(e)
	}
}

// jsFunc wraps a callback for addEventListener with the same protection.
func (a *App) jsFunc(where string, f func(this js.Value, args []js.Value)) js.Func {
	return js.FuncOf(func(this js.Value, args []js.Value) any {
		defer a.recovered(where)
		f(this, args)
		return nil
	})
}

// frame is the requestAnimationFrame callback: advance the run by the
// ticks due (capped, as Ebitengine does) times StepsPerFrame, redraw the
// canvases if anything changed, refresh the read-outs with the charts (at
// most ten times a second) and otherwise four times a second.
func (a *App) frame(this js.Value, args []js.Value) any {
	js.Global().Call("requestAnimationFrame", a.raf) // first: a panic below must not stop the loop
	defer a.recovered("frame")
	now := args[0].Float()
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
	if a.digitsFrame(now) {
		return nil // the digits mode has its own loop (digits_app.go)
	}
	s := a.store
	c := s.Config()
	steps := 0
	if c.Playing && !s.Run().Done() {
		t0 := perfNow()
		ran, stopped := s.Advance(a.insp.steps(a.pacer.Ticks(now) * c.StepsPerFrame)) // slow motion: one at a time
		steps = ran
		if stopped {
			s.Changed()
		}
		a.m.StepMS = app.EMA(a.m.StepMS, perfNow()-t0)
	} else {
		a.pacer.Reset()
	}
	a.sps.Add(now, steps)
	a.insp.frame(now)
	if !a.broken {
		a.draw(now)
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
	if now-a.lastStats >= 250 && a.statsMounted {
		a.lastStats = now
		vecty.Rerender(a.stats)
	}
	return nil
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
	if !a.plot.draw() {
		return // not mounted yet
	}
	// The strip and the charts change little from frame to frame: while
	// the run plays they are redrawn at most 10 times a second (their
	// lines cost the browser several milliseconds to rasterise).
	t1 := perfNow()
	slow := resized || a.rev != a.drawnRev || any(sm) != a.drawnSim || now-a.slowDrawn >= slowEvery ||
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
	a.lastCopied = url
	done := func(ok bool) {
		if ok {
			a.store.Notify(app.Message{Kind: app.Info, Text: "Link copied: it replays this run step for step."})
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
func perfNow() float64 { return js.Global().Get("performance").Call("now").Float() }

// profile folds a timing of a named part of the frame into its average.
func (a *App) profile(part string, ms float64) { a.m.AddProfile(part, ms) }
