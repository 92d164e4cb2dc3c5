package ui

import (
	"github.com/hexops/vecty"

	"kernelplay/ui/app"
	"kernelplay/ui/state"
)

// Dispatch is how a view's event handler changes anything: it sends one
// action, a value that says what the user asked for. An action of ui/app's
// store (app.Undo, app.SetBrush, …) or of ui/state (state.Step,
// state.SetField, …) goes to app.Store.Dispatch; a page action (a value
// of this package implementing pageAction: copyLink, showTour,
// saveExport, …) asks the page for what is no state of the run (the
// clipboard, a download, the tour on screen, slow motion). Views hold a
// Dispatch as a prop, never the store or the page (TestViewsHoldNoHub).
type Dispatch func(action any)

// pageAction is an action the page (Playground) carries out itself instead of
// handing it to the store. Its values are plain data: the Playground is the
// receiver's argument, never a field.
type pageAction interface {
	do(a *Playground)
}

// dispatch is the page's Dispatch: page actions run on a, every other
// action goes to the store.
func (a *Playground) dispatch(action any) {
	if pa, ok := action.(pageAction); ok {
		pa.do(a)
		return
	}
	a.store.Dispatch(action)
}

// handle wraps an event handler so that a panic in it reaches the crash sink
// (crash.go) instead of ending the program, and so that a stopped page
// ignores events.
func handle(f func(*vecty.Event)) func(*vecty.Event) {
	return func(e *vecty.Event) {
		if crash.stopped {
			return
		}
		defer func() {
			if r := recover(); r != nil {
				crash.caught("event handler", r)
			}
		}()
		if r := crash.injected("event handler"); r != nil {
			panic(r)
		}
		f(e)
	}
}

// The page actions.
type (
	// copyLink copies the run's share link (the Copy link button).
	copyLink struct{}
	// savePicture saves "plot" or "view" as a PNG (the Save menu).
	savePicture struct{ What string }
	// saveExport downloads one of the store's exports: "traces", "csv",
	// "libsvm" or "model" (the Save menu).
	saveExport struct{ What string }
	// loadUserFile reads a user's data file (Load data…).
	loadUserFile struct {
		Name  string
		Bytes []byte
	}
	// showTour opens the tour Name at Step ("" closes it).
	showTour struct {
		Name string
		Step int
	}
	// writeClassLink writes the class link for the dialog's ticks (the
	// keys to hide and presenter mode), shows it and copies it.
	writeClassLink struct {
		Hide      []string
		Presenter bool
	}
	// setFieldShown sets a Choice field and then hands Show the value
	// that runs (a refused choice leaves the run as it was, and the
	// select must show so: Vecty does not rewrite a select whose options
	// did not change).
	setFieldShown struct {
		Key, Value string
		Show       func(running string)
	}
	// setFieldIfChanged sets a field unless it already holds Value (a
	// slider fires on every input event, most of them on the same step).
	setFieldIfChanged struct{ Key, Value string }
	// setSlowMotion turns the inspector's slow motion on or off.
	setSlowMotion struct{ On bool }
	// setSlowPace sets slow motion's milliseconds per sub-step.
	setSlowPace struct{ MS float64 }
	// saveDrawings downloads the run's taught drawings (the pad's Save
	// drawings: app.DrawingsExport).
	saveDrawings struct{}
	// teachDrawing teaches the pad's drawing (state.Teach) and, when the
	// run is paused and the store took it, learns it at once (one step),
	// so that the student sees it enter the buffer; a refused drawing
	// (more than state.MaxTeach) steps nothing.
	teachDrawing struct{ Teach state.Teach }
)

func (saveDrawings) do(a *Playground) { a.saveExport(app.DrawingsExport(a.store.Base())) }

func (t teachDrawing) do(a *Playground) {
	n := len(a.store.Base().Events)
	a.store.Dispatch(t.Teach)
	if len(a.store.Base().Events) > n && !a.store.Config().Playing {
		a.store.Dispatch(state.Step{N: 1})
	}
}

func (copyLink) do(a *Playground)      { a.b.CopyLink() }
func (s savePicture) do(a *Playground) { a.b.SavePicture(s.What) }

func (s saveExport) do(a *Playground) {
	switch s.What {
	case "traces":
		a.saveExport(a.store.ExportTraces())
	case "csv":
		a.saveExport(a.store.ExportData(app.FormatCSV))
	case "libsvm":
		a.saveExport(a.store.ExportData(app.FormatLIBSVM))
	case "model":
		a.saveExport(a.store.ExportModel())
	default:
		panic("saveExport: no export " + s.What)
	}
}

func (l loadUserFile) do(a *Playground) { a.userFile(l.Name, l.Bytes) }
func (s showTour) do(a *Playground)     { a.showTour(s.Name, s.Step) }

func (w writeClassLink) do(a *Playground) {
	h, err := a.store.ClassHash(w.Hide, w.Presenter)
	if err != nil {
		a.b.ShowClassURL("", "no link: "+err.Error())
		return
	}
	url := a.b.PageURL() + "#" + h
	a.b.ShowClassURL(url, "")
	a.b.CopyURL(url, "Class link copied: it opens this run with what you ticked hidden.")
}

func (s setFieldShown) do(a *Playground) {
	a.store.Dispatch(state.SetField{Key: s.Key, Value: s.Value})
	if f, ok := state.FieldByKey(s.Key); ok && s.Show != nil {
		s.Show(f.Get(a.store.Config()))
	}
}

func (s setFieldIfChanged) do(a *Playground) {
	if f, ok := state.FieldByKey(s.Key); ok && s.Value == f.Get(a.store.Config()) {
		return
	}
	a.store.Dispatch(state.SetField{Key: s.Key, Value: s.Value})
}

func (s setSlowMotion) do(a *Playground) {
	a.insp.slow.On = s.On
	a.insp.lit = -1
	a.plot.dirty = true
	a.rerender()
}

func (s setSlowPace) do(a *Playground) {
	a.insp.slow.PaceMS = s.MS
	a.rerender()
}
