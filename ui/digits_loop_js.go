//go:build js && wasm

package ui

import (
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"kernelplay/ui/app"
	"kernelplay/ui/pace"
	"kernelplay/ui/state"
)

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
		want := a.insp.steps(a.pacer.Ticks(now) * c.StepsPerFrame) // slow motion: one at a time
		dg.slicer.BudgetMS = pace.DigitsBudget(a.interacting(now), drawMS)
		steps, _ = a.learn(&dg.slicer, want)
	} else {
		a.pacer.Reset()
	}
	dg.perFrame = steps
	a.inspectFrame(now)
	a.m.StepMS = dg.slicer.PerStep() // the debug hook's stepMs: learning time per example
	dg.sps.Add(now, steps)
	a.sps.Add(now, steps)
	if now-dg.lastStats >= 250 && a.mounted && dg.readout.mounted {
		dg.lastStats = now
		a.b.Rerender(&dg.readout.Hosted)
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

// loadUserFile reads a user's data file (dropped on the page) and hands it
// to userFile (digits.go).
func (a *App) loadUserFile(file js.Value) { a.readDroppedFile(file, a.userFile) }
