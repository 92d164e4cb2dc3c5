package ui

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"

	"kernelplay/ui/app"
	"kernelplay/ui/comp"
)

// readoutsID is the read-outs' element id: the plot, the charts and the
// buffer strip name it in aria-describedby, so that their text alternative
// is the read-outs as they follow the run (t, error, η_t, terms, …).
const readoutsID = "readouts"

// Stats is the read-out table beside the charts (t, average error, η_t,
// margin, terms, speed). The frame loop rerenders it four times a second,
// not per frame; its values have a fixed width, so they change in place.
// The Playground hands it its rows before each render (Playground.statsRows).
type Stats struct {
	comp.Hosted
	Rows []readout // the rows shown, label, value and hint (nil: an empty panel)
	// Det is the run's change detections, a button each under the rows
	// (detections.go), which Dispatch sends app.GoToStep.
	Det      app.DetectionList
	Dispatch Dispatch
	mounted  bool // rendered and in the document: Rerender is allowed
}

// Mount implements comp.Mounter: from now on the read-outs may be
// rerendered (the page's skeleton has none; see Page.Mount).
func (s *Stats) Mount() { s.mounted = true }

// Unmount implements comp.Unmounter: the digits view has no 2D read-outs.
func (s *Stats) Unmount() { s.mounted = false }

// Render implements comp.View.
func (s *Stats) Render() vecty.ComponentOrHTML {
	if s.Rows == nil {
		// A rerender batched before a switch to the digits view, which
		// has its own read-outs.
		return elem.Div()
	}
	rows := s.Rows
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
	if det := detectionsRow(s.Det, s.Dispatch); det != nil {
		items = append(items, det)
	}
	return elem.DescriptionList(items...)
}

// statsProps hands the read-outs their rows and the run's change
// detections (app.Detections, the newest app.MaxDetections).
func (a *Playground) statsProps() {
	a.stats.Rows = a.statsRows()
	a.stats.Det = app.Detections(a.store.Run(), app.MaxDetections)
}

// statsRows are the read-outs of the 2D run on screen (nil in digits):
// the run's (readouts), the learning and frame rates, and the frame
// budget's cuts (Playground.budgetRows).
func (a *Playground) statsRows() []readout {
	sm := a.store.Sim()
	if sm == nil {
		return nil
	}
	rows := readouts(sm, a.store.Config())
	rate := func(v float64, f func(float64) string) string {
		if v == 0 {
			return "–"
		}
		return f(v)
	}
	rows = append(rows,
		readout{Label: "steps/s", Value: rate(a.sps.Rate(), func(v float64) string { return count(int(v)) }),
			Hint: "examples learned per second"},
		// Animation frames, not pictures: a paused page or slow motion
		// redraws little, but the page is as live as its frame rate.
		readout{Label: "frames/s", Value: rate(a.frames.Rate(), func(v float64) string { return ftoa(v, 0) }),
			Hint: "animation frames the page ran per second (60 on a display of 60 Hz when nothing holds it up)"},
	)
	if a.budget != nil {
		rows = append(rows, a.budget()...) // the frame budget's cuts (Playground.budgetRows)
	}
	return rows
}

// rerenderStats hands the read-outs their rows and asks for their render,
// once they are in the document (the frame loop, four times a second).
func (a *Playground) rerenderStats() {
	if !a.stats.mounted {
		return
	}
	a.statsProps()
	a.b.Rerender(&a.stats.Hosted)
}
