//go:build js && wasm

package ui

import (
	"errors"
	"strconv"
	"syscall/js"

	"github.com/hexops/vecty"
	"honnef.co/go/js/dom/v2"

	"kernelplay/ui/app"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// digitsUI is the page's part of the digits mode (state.ModeDigits): the
// data loader and the canvases. The run itself is the store's
// (app.Store.Run, Kind Digits or Compare): the store builds it when the
// data set it waits for (app.Store.NeedData) is handed over.
type digitsUI struct {
	load     loader
	fileNote func() string // the sentence about the user's file (app.Store.FileNote)
	run      *sim.Digits   // the store's digits run, nil while waiting for data
	builtFor app.Run       // the store's run when last looked at
	status   string        // why there is no run (loading, a failure), "" when running
	failed   bool          // status is a failure (shown as an error)
	slicer   Slicer
	sps      RateMeter
	perFrame int // steps learned in the last frame

	now        *dCanvas // the current digit, large
	galleries  []*dCanvas
	confusions []*dCanvas
	charts     *dCanvas
	readout    *digitsReadout
	drawnT     int
	drawnRev   int
	drawnRun   *sim.Digits
	slowDrawn  float64
	slowCost   float64 // ms the last slow redraw took
	lastStats  float64
	dropWired  bool
	chart      compareChart // the charts' display list and painter (digits_draw.go)
	termIdx    []int
	alpha      []float64
	galleryImg []*galleryCache
	nowBlit    blitter
}

// digits returns the digits state, creating it on first use.
func (a *App) digits() *digitsUI {
	if a.dg == nil {
		a.dg = &digitsUI{fileNote: a.store.FileNote}
		a.dg.load.changed = func() { a.rev++; a.rerender() }
		a.dg.now = &dCanvas{id: "digit-now", class: "digitnow", label: "the current digit"}
		a.dg.charts = &dCanvas{id: "digits-charts", class: "dcharts", label: "step size and average error of each learner"}
		a.dg.readout = &digitsReadout{app: a}
	}
	return a.dg
}

// sync follows the store's run: a new run resets the frame budget (and
// retries a failed download), and while the run waits for its data set the
// loader fetches it and hands it to the store.
func (dg *digitsUI) sync(a *App) {
	r := a.store.Run()
	if r != dg.builtFor {
		dg.builtFor = r
		dg.status, dg.failed = "", false
		dg.slicer.Reset()
		if d := r.Digits(); d != nil {
			dg.sizeCanvases(d.Learners())
		} else {
			dg.load.retry(app.DataKey(r.Config())) // Reset after a failed download tries again
		}
		a.rev++
		a.rerender()
	}
	dg.run = r.Digits()
	if dg.load.poll() {
		a.rev++
		a.rerender()
	}
	key := a.store.NeedData()
	switch {
	case key == "":
		return
	case key == state.DataFile:
		dg.setStatus(a, "This link ran on a file its author loaded; links cannot carry files. "+
			"Load a LIBSVM or CSV file (“Load data…” above, or drop it on the page), or pick a digit set.", false)
		return
	}
	e := dg.load.get(a, key)
	switch e.phase {
	case loadReady:
		a.store.Dispatch(e.loaded)
	case loadFailed:
		dg.setStatus(a, e.progressText(shippedSets[key].Title)+". Press Reset to try again, or pick another data set.", true)
	default:
		dg.setStatus(a, e.progressText(shippedSets[key].Title), false)
	}
}

func (dg *digitsUI) setStatus(a *App, s string, failed bool) {
	if dg.status != s || dg.failed != failed {
		dg.status, dg.failed = s, failed
		a.rev++
		a.rerender()
	}
}

// sizeCanvases keeps one gallery and one confusion canvas per learner.
func (dg *digitsUI) sizeCanvases(n int) {
	for len(dg.galleries) < n {
		i := strconv.Itoa(len(dg.galleries))
		dg.galleries = append(dg.galleries, &dCanvas{id: "gallery-" + i, class: "gallery", label: "support vectors of learner " + i})
		dg.confusions = append(dg.confusions, &dCanvas{id: "confusion-" + i, class: "confusion", label: "confusion matrix of learner " + i})
		dg.galleryImg = append(dg.galleryImg, &galleryCache{})
	}
}

// digitsFrame is the frame loop in the digits mode: it draws what the
// previous frame learned, then learns as many examples as StepsPerFrame
// asks for, in slices that fit what the frame has left (Slicer,
// digitsBudget): most of the frame while nobody interacts with the page,
// less within a second of a pointer or key input, leaving the frame to
// drawing and the input's handlers. Drawing first lets the learning budget
// take this frame's drawing into account: a frame that redraws the
// galleries (tens of ms on MNIST at ω = 4096) learns little, so that no
// frame becomes a long task.
// It returns false in the 2D mode.
func (a *App) digitsFrame(now float64) bool {
	c := a.store.Config()
	if c.Mode != state.ModeDigits {
		return false
	}
	dg := a.digits()
	dg.wireDrop(a)
	a.trackInput()
	dg.sync(a)
	d0 := perfNow()
	dg.draw(a, now)
	drawMS := perfNow() - d0
	steps := 0
	if dg.run != nil && c.Playing && !a.store.Run().Done() {
		want := a.inspD.steps(a.pacer.Ticks(now) * c.StepsPerFrame) // slow motion: one at a time
		dg.slicer.BudgetMS = digitsBudget(a.interacting(now), drawMS)
		t0 := perfNow()
		spent := 0.0
		for done := 0; done < want; {
			n := dg.slicer.Plan(want-done, spent)
			if n == 0 {
				break
			}
			s0 := perfNow()
			ran, stopped := a.store.Advance(n)
			dg.slicer.Observe(ran, perfNow()-s0)
			spent = perfNow() - t0
			done += n
			steps += ran
			if stopped {
				a.store.Changed() // the run ended or stopped: paused; Play starts it again
				break
			}
			if ran < n {
				break
			}
		}
	} else {
		a.pacer.Reset()
	}
	dg.perFrame = steps
	a.inspD.frame(now)
	a.m.StepMS = dg.slicer.PerStep() // the debug hook's stepMs: learning time per example
	dg.sps.Add(now, steps)
	a.sps.Add(now, steps)
	if now-dg.lastStats >= 250 && a.mounted && dg.readout.mounted {
		dg.lastStats = now
		vecty.Rerender(dg.readout)
	}
	return true
}

// wireDrop installs drag-and-drop of data files on the document, once.
func (dg *digitsUI) wireDrop(a *App) {
	if dg.dropWired {
		return
	}
	dg.dropWired = true
	// Raw listeners (the dom package's AddEventListener would cost 66 KB;
	// canvas.go), the events and the body as the dom package's values.
	doc := js.Global().Get("document")
	body := htmlElement(doc.Get("body")).Class()
	doc.Call("addEventListener", "dragover", a.jsFunc("drag", func(_ js.Value, args []js.Value) {
		(&dom.BasicEvent{Value: args[0]}).PreventDefault()
		body.Add("dragging")
	}))
	doc.Call("addEventListener", "dragleave", a.jsFunc("drag", func(_ js.Value, args []js.Value) {
		if args[0].Get("relatedTarget").IsNull() {
			body.Remove("dragging")
		}
	}))
	doc.Call("addEventListener", "drop", a.jsFunc("drop", func(_ js.Value, args []js.Value) {
		(&dom.BasicEvent{Value: args[0]}).PreventDefault()
		body.Remove("dragging")
		// The dom package's DataTransfer has no file list.
		files := args[0].Get("dataTransfer").Get("files")
		if files.Get("length").Int() > 0 {
			a.loadUserFile(files.Index(0))
		}
	}))
}

// loadUserFile reads and parses a user's data file and hands it to the
// store, which decides where it goes and says why (app.Route).
func (a *App) loadUserFile(file js.Value) {
	a.readDroppedFile(file, func(name string, b []byte) {
		set, err := app.ReadUserFile(name, b)
		if err == nil && set.Len() == 0 {
			err = errors.New(name + " holds no examples")
		}
		if err != nil {
			a.store.Notify(app.Message{Kind: app.Failure, Text: "Could not read your file: " + err.Error() + "."})
			return
		}
		a.store.Dispatch(app.LoadFile{Name: name, Set: set})
	})
}
