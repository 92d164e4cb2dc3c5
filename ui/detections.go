package ui

import (
	"strings"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/event"

	"kernelplay/ui/app"
)

// The run's change detections in the read-outs (issue 21 item 4, "on the
// timeline"): a line under the read-outs with a button per detection,
// "ADWIN t = 1512", that takes the run to that step, paused
// (app.GoToStep), so that a student sees the plot and the charts where
// the detector fired. The run's timeline has no widget of its own: its
// steps are reached through at= (a link), Undo and these buttons. The
// list is app.Detections, handed to the read-outs with their rows
// (Playground.statsRows); at most app.MaxDetections, the newest.

// detectionsRow is the read-outs' line of detections d, or nil when the
// run has none. Its buttons are not keyed: the read-outs rerender four
// times a second and their wide rows come and go (the frame budget's), and
// Vecty, reconciling a keyed list into the <dd> of such a row, kept the
// row's text beside the buttons. A button's label names the detector(s) and the step (in
// a comparison the learner first, its first word: "NORMA: PH t = 3013");
// its title says what it does.
func detectionsRow(d app.DetectionList, dispatch Dispatch) *vecty.HTML {
	if len(d.Items) == 0 {
		return nil
	}
	label := "detections"
	if d.Total > len(d.Items) {
		label += " (newest " + itoa(len(d.Items)) + " of " + itoa(d.Total) + ")"
	}
	buttons := make([]vecty.MarkupOrChild, 0, len(d.Items))
	for _, it := range d.Items {
		text, who, t := it.Label+" t = "+itoa(it.T), "", itoa(it.T)
		if it.Who != "" {
			short, _, _ := strings.Cut(it.Who, " ")
			text, who = short+": "+text, " on "+it.Who+"'s errors"
		}
		target := app.GoToStep{T: it.T}
		buttons = append(buttons, el("button", "class=btn det|data-t="+t+"|title=go to step "+t+", paused: "+
			detectorWords(it.Label)+" detected a rise of the error there"+who, text,
			vecty.Markup(event.Click(handle(func(*vecty.Event) { dispatch(target) })))))
	}
	return el("div", "class=wide detections|id=detections", "",
		el("dt", "title=change detections on the learner's 0/1 errors (ADWIN: Bifet & Gavaldà 2007; PH: Page–Hinkley, "+
			"Page 1954), also marked on the charts; a button goes to its step", label),
		el("dd", "", "", buttons...))
}

// detectorWords names the detector(s) of a detection's label in words.
func detectorWords(label string) string {
	switch label {
	case "PH":
		return "Page–Hinkley"
	case "ADWIN+PH":
		return "ADWIN and Page–Hinkley"
	}
	return label
}
