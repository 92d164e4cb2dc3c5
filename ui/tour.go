package ui

import (
	"strconv"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kernelplay/ui/app"
	"kernelplay/ui/state"
)

// The guided tour of a paper figure (the tours' text and steps are
// app.Tours): a "Tour" button in the Data group when the run is a paper
// figure, and a card at the window's bottom right that shows what the
// paper showed and one step at a time, the element the step is about
// ringed on the page (the class "tour-target").

// tourState is the tour on screen: which figure's, at which step.
type tourState struct {
	name string // the tour's name ("" when no tour is open)
	step int
	left bool // the card sits at the bottom left (the step's element is on the right)
}

// tourButton opens the tour of the figure c runs, or is nil when c runs
// none.
func (p *Page) tourButton(c state.Config) vecty.ComponentOrHTML {
	t, ok := app.TourFor(c)
	if !ok {
		return nil
	}
	return elem.Div(vecty.Markup(vecty.Class("tourrow")),
		elem.Button(vecty.Markup(vecty.Class("btn", "small"), prop.ID("tour-open"),
			vecty.Attribute("title", "what the paper showed, and what to watch for here, step by step (the run starts over, paused)"),
			event.Click(handle(func(*vecty.Event) { p.Dispatch(showTour{Name: t.Name}) })),
		), vecty.Text("▶ Tour this figure")),
		elem.Span(vecty.Markup(vecty.Class("small")), vecty.Text(t.Title)),
	)
}

// showTour opens the tour name at step (an empty name closes it) and rings
// the step's element. Opening a tour starts the figure's run over, paused
// at t = 0 (its edits kept, as Reset does): the tour walks through the
// run from its start, and its steps' "Press ▶ Play" and pacing (Until)
// find the run where they expect it, not finished before the student has
// read the paper's text.
func (a *Playground) showTour(name string, step int) {
	if a.tour.name == "" && name != "" {
		if a.store.Config().Playing {
			a.store.Dispatch(state.Pause{})
		}
		if a.store.Run().T() > 0 {
			a.store.Dispatch(state.Reset{})
		}
	}
	a.tour = tourState{name: name, step: step}
	a.tour.left = a.highlightTour()
	a.rerender()
}

// highlightTour rings the element of the tour's step (and no other) and
// scrolls it into view. It reports whether the element's centre is in
// the window's right half (the card then goes to the left, so as not to
// cover it).
func (a *Playground) highlightTour() (right bool) {
	t, ok := app.TourFor(a.store.Config())
	if a.tour.name == "" || !ok || t.Name != a.tour.name || a.tour.step >= len(t.Steps) {
		return a.b.Ring("")
	}
	return a.b.Ring(t.Steps[a.tour.step].Target)
}

// tourPanel is the card of the open tour, or nil. A tour whose figure is
// no longer running (the user chose another) is not open (Playground.snapshot).
func (p *Page) tourPanel() vecty.ComponentOrHTML {
	tv, d := p.S.Tour, p.Dispatch
	if !tv.Open {
		return nil
	}
	t, i := tv.Tour, tv.Step
	s := t.Steps[i]
	last := i == len(t.Steps)-1
	next := elem.Button(vecty.Markup(vecty.Class("btn", "primary"), prop.ID("tour-next"),
		event.Click(handle(func(*vecty.Event) { d(showTour{Name: t.Name, Step: i + 1}) }))), vecty.Text("Next"))
	if last {
		next = elem.Button(vecty.Markup(vecty.Class("btn", "primary"), prop.ID("tour-done"),
			event.Click(handle(func(*vecty.Event) { d(showTour{}) }))), vecty.Text("Done"))
	}
	return elem.Aside(vecty.Markup(vecty.Class("panel", "tour"), vecty.ClassMap{"left": tv.Left}, prop.ID("tour"), vecty.Attribute("aria-labelledby", "tour-title")),
		elem.Div(vecty.Markup(vecty.Class("tourhead")),
			elem.Heading2(vecty.Markup(prop.ID("tour-title")), vecty.Text(t.Title)),
			elem.Button(vecty.Markup(vecty.Class("btn", "small"), prop.ID("tour-close"), vecty.Attribute("aria-label", "end the tour"),
				event.Click(handle(func(*vecty.Event) { d(showTour{}) }))), vecty.Text("✕")),
		),
		vecty.If(i == 0, elem.Paragraph(vecty.Markup(vecty.Class("tourpaper")), elem.Strong(vecty.Text("The paper: ")), vecty.Text(t.Paper))),
		elem.Paragraph(vecty.Markup(vecty.Class("tourstep"), prop.ID("tour-step"), vecty.Attribute("aria-live", "polite")),
			elem.Strong(vecty.Text("Here, step "+strconv.Itoa(i+1)+" of "+strconv.Itoa(len(t.Steps))+": ")), vecty.Text(s.Text)),
		elem.Div(vecty.Markup(vecty.Class("tourbuttons")),
			elem.Button(vecty.Markup(vecty.Class("btn"), prop.ID("tour-back"), prop.Disabled(i == 0),
				event.Click(handle(func(*vecty.Event) { d(showTour{Name: t.Name, Step: i - 1}) }))), vecty.Text("Back")),
			next,
		),
	)
}

// tourStep returns the tour on screen and its step, if the run is still
// that tour's figure.
func (a *Playground) tourStep() (t app.Tour, step int, ok bool) {
	if a.tour.name == "" {
		return app.Tour{}, 0, false
	}
	t, ok = app.TourFor(a.store.Config())
	if !ok || t.Name != a.tour.name {
		return app.Tour{}, 0, false
	}
	return t, a.tour.step, true
}

// tourPace limits the want steps a playing run would learn now to those
// the open tour's step allows (app.TourLimit); pause says that learning
// them all reaches the step's Until.
func (a *Playground) tourPace(want int) (n int, pause bool) {
	t, i, ok := a.tourStep()
	if !ok {
		return want, false
	}
	return app.TourLimit(t, i, a.store.Run().T(), want)
}

// tourPause pauses the run where the tour's step asked and brings the
// step's element back into view: what the step speaks of is on screen
// while it is read.
func (a *Playground) tourPause() {
	a.store.Dispatch(state.Pause{})
	a.tour.left = a.highlightTour()
}
