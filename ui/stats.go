package ui

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"

	"kernelplay/ui/comp"
)

// readoutsID is the read-outs' element id: the plot, the charts and the
// buffer strip name it in aria-describedby, so that their text alternative
// is the read-outs as they follow the run (t, error, η_t, terms, …).
const readoutsID = "readouts"

// Stats is the read-out table beside the charts (t, average error, η_t,
// margin, terms, speed). The frame loop rerenders it four times a second,
// not per frame; its values have a fixed width, so they change in place.
type Stats struct {
	comp.Hosted
	app *App
}

// Mount implements comp.Mounter: from now on the read-outs may be
// rerendered (the page's skeleton has none; see Page.Mount).
func (s *Stats) Mount() { s.app.statsMounted = true }

// Unmount implements comp.Unmounter: the digits view has no 2D read-outs.
func (s *Stats) Unmount() { s.app.statsMounted = false }

// Render implements comp.View.
func (s *Stats) Render() vecty.ComponentOrHTML {
	if s.app.store.Sim() == nil {
		// A rerender batched before a switch to the digits view, which
		// has its own read-outs.
		return elem.Div()
	}
	rows := readouts(s.app.store.Sim(), s.app.store.Config())
	rate := func(v float64, f func(float64) string) string {
		if v == 0 {
			return "–"
		}
		return f(v)
	}
	rows = append(rows,
		readout{Label: "steps/s", Value: rate(s.app.sps.Rate(), func(v float64) string { return count(int(v)) }),
			Hint: "examples learned per second"},
		// Animation frames, not pictures: a paused page or slow motion
		// redraws little, but the page is as live as its frame rate.
		readout{Label: "frames/s", Value: rate(s.app.frames.Rate(), func(v float64) string { return ftoa(v, 0) }),
			Hint: "animation frames the page ran per second (60 on a display of 60 Hz when nothing holds it up)"},
	)
	if s.app.budget != nil {
		rows = append(rows, s.app.budget()...) // the frame budget's cuts (App.budgetRows)
	}
	items := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("stats", "panel"), prop.ID(readoutsID), vecty.Attribute("aria-live", "off"))}
	for _, r := range rows {
		dt := elem.DefinitionTerm(vecty.Markup(vecty.Attribute("title", r.Hint)), vecty.Text(r.Label))
		dd := elem.Description(vecty.Markup(vecty.Class("num")), vecty.Text(r.Value))
		if r.Wide {
			// A line of its own (a <div> may group a <dt> and its <dd>).
			items = append(items, elem.Div(vecty.Markup(vecty.Class("wide")), dt, dd))
			continue
		}
		items = append(items, dt, dd)
	}
	return elem.DescriptionList(items...)
}
