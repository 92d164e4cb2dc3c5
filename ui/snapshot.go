package ui

import (
	"kernelplay/ui/app"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// Snapshot is what the page shows, read from the store once per render
// (Playground.snapshot) and handed down to the views as props: plain values and
// the run (the canvases and read-outs read the live run, which the frame
// loop advances between renders). A view reads the page's state only from
// here, never from the store.
type Snapshot struct {
	Config   state.Config   // the run's configuration (app.Store.Config)
	Run      app.Run        // the run on screen (app.Store.Run)
	Sim      *sim.Sim       // its 2D simulation, nil for digits (app.Store.Sim)
	Message  app.Message    // the banner (app.Store.Message)
	Brush    int            // the class a plot click adds (app.Store.Brush)
	Deleting bool           // plot clicks delete (app.Store.Deleting)
	CanUndo  bool           // the run has an edit to undo (app.Store.CanUndo)
	Offers   app.SaveOffers // the Save menu's entries (app.Store.SaveOffers)
	Booting  bool           // the page shows its skeleton (see Page.Mount)
	Tour     tourView       // the open tour's card (tour.go)
	Insp     inspectorProps // the step inspector's panel (inspector.go)
	Quiz     quizProps      // predict-then-reveal's panel (quiz.go)
	Lesson   app.LessonView // the lesson card (lessonview.go)
}

// tourView is the tour card's props: the open tour and its step (Open
// false: no card).
type tourView struct {
	Open bool
	Tour app.Tour
	Step int  // within Tour.Steps
	Left bool // the card sits at the bottom left
}

// snapshot reads the store and the page's own state once for a render.
// A tour whose figure no longer runs (the user chose another mid-tour)
// ends here, and so does the ring on its step's element.
func (a *Playground) snapshot() Snapshot {
	s := a.store
	c := s.Config()
	sn := Snapshot{Config: c, Run: s.Run(), Sim: s.Sim(), Message: s.Message(), Brush: s.Brush(),
		Deleting: s.Deleting(), CanUndo: s.CanUndo(), Offers: s.SaveOffers(), Booting: a.booting,
		Insp: a.insp.props(s, a.rev), Quiz: quizSnapshot(s), Lesson: s.Lesson()}
	if a.tour.name != "" {
		if t, step, ok := a.tourStep(); ok {
			sn.Tour = tourView{Open: true, Tour: t, Step: min(step, len(t.Steps)-1), Left: a.tour.left}
		} else {
			a.tour = tourState{}
			a.b.Ring("")
		}
	}
	return sn
}

// props hands the page its snapshot (before each render of the page).
func (a *Playground) props() {
	a.page.S = a.snapshot()
	a.statsProps()
	if a.page.S.Config.Mode == state.ModeDigits {
		a.page.views.digits = a.digits() // made on first use (digitsui.go)
	}
}
