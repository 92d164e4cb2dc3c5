//go:build js && wasm

package ui

import (
	"errors"
	"strconv"
	"syscall/js"

	"github.com/hexops/vecty"

	"kernelplay/core/data"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// digitsUI is the page's state for the digits mode (state.ModeDigits): the
// data loader, the user's file, the running sim.Digits and its canvases.
// The store keeps an idle 2D simulation in this mode; whenever the store
// replaces it (a change of settings, Reset, Defaults, a link) the digits
// run is rebuilt, and its Step actions advance the digits run by the same
// number of examples.
type digitsUI struct {
	load     loader
	userSet  *data.Set // the user's file, when one was loaded
	run      *sim.Digits
	builtFor *sim.Sim // the store's sim the run was built for
	seen2D   int      // that sim's T when last looked at (Step actions advance it)
	status   string   // why there is no run (loading, a failure), "" when running
	failed   bool     // status is a failure (shown as an error)
	buildErr bool     // the settings cannot run: wait for a change
	finished bool     // the run ended (or stopped) and was paused: Play restarts it
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
		a.dg = &digitsUI{}
		a.dg.load.changed = func() { a.rev++; a.rerender() }
		a.dg.now = &dCanvas{id: "digit-now", class: "digitnow", label: "the current digit"}
		a.dg.charts = &dCanvas{id: "digits-charts", class: "dcharts", label: "step size and average error of each learner"}
		a.dg.readout = &digitsReadout{app: a}
	}
	return a.dg
}

// setNames is the display name of the data set a config runs on.
func setTitle(c state.Config) string {
	key := dataKey(c)
	if key == state.DataFile {
		return "your file"
	}
	return shippedSets[key].Title
}

// dataKey is the state.Data value of the set c runs on (a figure's own set).
func dataKey(c state.Config) string {
	if f, ok := state.FigureByName(c.Figure); ok {
		return f.Data
	}
	return c.Data
}

// sync makes the run match the store: rebuilt when the store's simulation
// was replaced, built once the data has arrived.
func (dg *digitsUI) sync(a *App) {
	sm := a.store.Sim()
	c := a.store.Config()
	if sm != dg.builtFor {
		dg.builtFor, dg.seen2D = sm, sm.T()
		dg.run, dg.status, dg.failed, dg.buildErr, dg.finished = nil, "", false, false, false
		dg.slicer.Reset()
		dg.load.retry(dataKey(c)) // Reset after a failed download tries again
	}
	if dg.load.poll() {
		a.rev++
		a.rerender()
	}
	if dg.run != nil || dg.buildErr {
		return
	}
	var set *data.Set
	switch key := dataKey(c); key {
	case state.DataFile:
		if dg.userSet == nil {
			dg.setStatus(a, "This link ran on a file its author loaded; links cannot carry files. "+
				"Load a LIBSVM or CSV file (“Load data…” above, or drop it on the page), or pick a digit set.", false)
			return
		}
		set = dg.userSet
	default:
		e := dg.load.get(a, key)
		switch e.phase {
		case loadReady:
			set = e.set
		case loadFailed:
			dg.setStatus(a, e.progressText(shippedSets[key].Title)+". Press Reset to try again, or pick another data set.", true)
			return
		default:
			dg.setStatus(a, e.progressText(shippedSets[key].Title), false)
			return
		}
	}
	run, err := sim.NewDigits(c, set)
	if err != nil {
		dg.buildErr = true
		dg.setStatus(a, "These settings cannot run: "+err.Error()+".", true)
		return
	}
	dg.run, dg.status, dg.failed = run, "", false
	dg.sizeCanvases(run.Learners())
	a.rev++
	a.rerender()
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

// digitsFrame is the frame loop in the digits mode: it learns as many
// examples as StepsPerFrame asks for, in slices that fit the frame budget
// (Slicer), and redraws. It returns false in the 2D mode.
func (a *App) digitsFrame(now float64) bool {
	c := a.store.Config()
	if c.Mode != state.ModeDigits {
		return false
	}
	dg := a.digits()
	dg.wireDrop(a)
	dg.sync(a)
	run := dg.run
	steps := 0
	if run != nil {
		// Step actions advanced the idle 2D sim: follow them.
		if d := a.store.Sim().T() - dg.seen2D; d > 0 {
			dg.seen2D += d
			steps += run.Step(d)
		}
		if c.Playing && dg.finished {
			// Play after the end (or a stop): start the run again.
			dg.finished = false
			a.store.Dispatch(state.Reset{})
			return true
		}
		if c.Playing && run.Err() == nil && !run.Done() {
			want := a.pacer.Ticks(now) * c.StepsPerFrame
			t0 := perfNow()
			spent := 0.0
			for done := 0; done < want; {
				n := dg.slicer.Plan(want-done, spent)
				if n == 0 {
					break
				}
				s0 := perfNow()
				ran := run.Step(n)
				dg.slicer.Observe(ran, perfNow()-s0)
				spent = perfNow() - t0
				done += n
				steps += ran
				if ran < n || run.Err() != nil {
					break
				}
			}
		} else {
			a.pacer.Reset()
		}
		if c.Playing && (run.Done() || run.Err() != nil) {
			if err := run.Err(); err != nil {
				a.store.Notify(Message{Kind: Failure, Reset: true, Text: "The run stopped: " + err.Error() +
					". Lower η₀ or μ (or raise λ), then Reset."})
			}
			dg.finished = true
			a.store.Dispatch(state.Pause{})
		}
	}
	dg.perFrame = steps
	a.stepMS = dg.slicer.PerStep() // the debug hook's stepMs: learning time per example
	dg.sps.Add(now, steps)
	a.sps.Add(now, steps)
	dg.draw(a, now)
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
	doc := js.Global().Get("document")
	doc.Call("addEventListener", "dragover", a.jsFunc("drag", func(_ js.Value, args []js.Value) {
		args[0].Call("preventDefault")
		doc.Get("body").Get("classList").Call("add", "dragging")
	}))
	doc.Call("addEventListener", "dragleave", a.jsFunc("drag", func(_ js.Value, args []js.Value) {
		if args[0].Get("relatedTarget").IsNull() {
			doc.Get("body").Get("classList").Call("remove", "dragging")
		}
	}))
	doc.Call("addEventListener", "drop", a.jsFunc("drop", func(_ js.Value, args []js.Value) {
		e := args[0]
		e.Call("preventDefault")
		doc.Get("body").Get("classList").Call("remove", "dragging")
		files := e.Get("dataTransfer").Get("files")
		if files.Get("length").Int() > 0 {
			a.loadUserFile(files.Index(0))
		}
	}))
}

// loadUserFile reads, parses and installs a user's data file: 2-D files
// with few classes become clicked points of the 2D plot (and so travel in a
// link); others run in the digits mode.
func (a *App) loadUserFile(file js.Value) {
	a.readDroppedFile(file, func(name string, b []byte) {
		set, err := readUserFile(name, b)
		if err == nil && set.Len() == 0 {
			err = errors.New(name + " holds no examples")
		}
		if err != nil {
			a.store.Notify(Message{Kind: Failure, Text: "Could not read your file: " + err.Error() + "."})
			return
		}
		if c, ok := plotConfig(set); ok {
			a.store.Dispatch(LoadLink{Hash: state.Encode(c)})
			a.store.Notify(Message{Kind: Info, Text: "Loaded " + name + ": " + strconv.Itoa(set.Len()) +
				" two-dimensional examples, shown as points of the plot (they are part of the link)."})
			return
		}
		dg := a.digits()
		dg.userSet = set
		c := fileConfig(set)
		dg.builtFor = nil // rebuild even if the link does not change
		a.store.Dispatch(LoadLink{Hash: state.Encode(c)})
		a.store.Dispatch(state.Reset{})
		note := ""
		if !imageShape(set.Dim) {
			note = " No thumbnails: they need 64 (8×8) or 784 (28×28) features."
		}
		a.store.Notify(Message{Kind: Info, Text: "Loaded " + name + ": " + strconv.Itoa(set.Len()) + " examples of " +
			strconv.Itoa(set.Dim) + " features. A link cannot carry the file itself." + note})
	})
}

// imageShape reports whether inputs of dimension d can be drawn as
// thumbnails (8×8 or 28×28 pixels).
func imageShape(d int) bool { return d == 64 || d == 784 }

// shape returns the image width and height of inputs of dimension d.
func shape(set *data.Set) (w, h int, ok bool) {
	if set.Width > 0 && set.Height > 0 && set.Width*set.Height == set.Dim {
		return set.Width, set.Height, true
	}
	switch set.Dim {
	case 64:
		return 8, 8, true
	case 784:
		return 28, 28, true
	}
	return 0, 0, false
}
