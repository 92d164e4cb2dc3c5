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
func (dg *digitsUI) sync(a *Playground) {
	r := a.store.Run()
	if r != dg.builtFor {
		dg.builtFor = r
		dg.status, dg.failed = "", false
		if d := r.Digits(); d != nil {
			dg.sizeCanvases(d.Learners())
		} else {
			a.load.retry(app.DataKey(r.Config())) // Reset after a failed download tries again
		}
		a.rev++
		a.rerender()
	}
	dg.run = r.Digits()
	dg.feedReadout(a)
	if a.load.poll() {
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
	e := a.load.get(a, key)
	switch e.phase {
	case loadReady:
		a.store.Dispatch(e.loaded)
	case loadFailed:
		dg.setStatus(a, e.progressText(shippedSets[key].Title)+". Press Reset to try again, or pick another data set.", true)
	default:
		dg.setStatus(a, e.progressText(shippedSets[key].Title), false)
	}
}

func (dg *digitsUI) setStatus(a *Playground, s string, failed bool) {
	if dg.status != s || dg.failed != failed {
		dg.status, dg.failed = s, failed
		dg.feedReadout(a)
		a.rev++
		a.rerender()
	}
}

// digitsMode is the frame loop in the digits view: learn as many examples
// as StepsPerFrame asks for, in slices that fit what the frame has left
// after this frame's drawing (Slicer, pace.DigitsBudget, digitsUI.drawCost):
// most of the frame while nobody interacts with the page, less within a
// second of a pointer or key input, leaving the frame to drawing and the
// input's handlers; then draw what changed. A frame that will redraw the
// galleries (tens of ms on MNIST at ω = 4096) learns little, so that no
// frame becomes a long task.
// It is the Playground seen as that mode (no copy, no allocation per frame).
type digitsMode Playground

var _ frameMode = (*digitsMode)(nil)

// advance implements frameMode: it also follows the store's run (loading
// the data set it waits for: digitsUI.sync).
func (m *digitsMode) advance(now float64) {
	a := (*Playground)(m)
	c := a.store.Config()
	dg := a.digits()
	dg.wireDrop(a)
	a.trackInput()
	dg.sync(a)
	steps := 0
	if dg.run != nil && c.Playing && !a.store.Run().Done() {
		want := a.insp.steps(a.pacer.Ticks(now) * c.StepsPerFrame) // slow motion: one at a time
		draw := dg.drawCost(now)
		if dg.regretBusy {
			draw += regretMS // the comparators' share of the frame (solveDigitsRegret)
		}
		a.slicer.BudgetMS = pace.DigitsBudget(a.interacting(now), draw)
		steps, _ = a.learn(&a.slicer, want)
	} else {
		a.pacer.Reset()
	}
	t0 := perfNow()
	dg.regretBusy = !a.solveDigitsRegret(dg.run, regretMS)
	a.profile("regret", perfNow()-t0)
	dg.perFrame = steps
	a.m.StepMS = a.slicer.PerStep() // the debug hook's stepMs: learning time per example
	a.sps.Add(now, steps)
}

// draw implements frameMode: the digits canvases that changed
// (digitsUI.draw), then the step inspector's frame (it scrolls its panel
// into view once the column's canvases are drawn), and the progress line
// four times a second.
func (m *digitsMode) draw(now float64) {
	a := (*Playground)(m)
	dg := a.digits()
	dg.draw(a, now)
	a.inspectFrame(now)
	if now-a.lastStats >= 250 && a.mounted && dg.readout.mounted {
		a.lastStats = now
		dg.feedReadout(a)
		a.b.Rerender(&dg.readout.Hosted)
	}
}

// wireDrop installs drag-and-drop of data files on the document, once.
func (dg *digitsUI) wireDrop(a *Playground) {
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
func (a *Playground) loadUserFile(file js.Value) { a.readDroppedFile(file, a.userFile) }
