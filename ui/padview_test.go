//go:build js && wasm

package ui

import (
	"math"
	"strings"
	"testing"

	"kernelplay/ui/app"
	"kernelplay/ui/state"
)

// TestViewPad: on the 8×8 digits, a drawn stroke is preprocessed on
// pointer-up (the 8×8 levels a link carries), the pad shows its teach
// buttons and steps, Enter (Ask) answers for every learner without
// learning (t unchanged) with the terms ranked by |α·k|, the key 7 teaches
// it (paused: the run learns it at once, t + 1, the last example is the
// drawing labelled 7), and Undo takes it back.
func TestViewPad(t *testing.T) {
	a, dg, run := digitsAt300(t, "v1&mode=digits&play=0&vs=svmd0")
	v := dg.pad
	body := page(t, a)
	if b := body.mustID(t, "pad-open"); b.Attrs["aria-expanded"] != "false" || body.byID("pad") != nil {
		t.Fatalf("the pad is open at first (aria-expanded %v)", b.Attrs["aria-expanded"])
	}
	v.toggle()
	v.strokeDone(app.PadStroke{{X: 70, Y: 60}, {X: 210, Y: 60}, {X: 130, Y: 230}})
	if len(v.shown.Levels) != 64 || v.err != "" {
		t.Fatalf("after a stroke: %d levels, error %q", len(v.shown.Levels), v.err)
	}
	body = page(t, a)
	if b := body.mustID(t, "teach-7"); b.Props["disabled"] == true {
		t.Error("teach 7 is disabled with a drawing on the pad")
	}
	if txt := body.mustID(t, "pad-steps-text").text(); !strings.Contains(txt, "8 rows of 8 counts") {
		t.Errorf("steps text %q", txt)
	}
	v.pad.Mount()
	v.steps.Mount()
	v.paint(nil)
	if n := len(v.steps.cv.Ctx.(*recCtx).with("fillRect")); n < 64 {
		t.Errorf("the steps painted %d squares, want the 8×8 cells and the bitmap's on pixels", n)
	}
	if n := len(v.pad.cv.Ctx.(*recCtx).with("lines ")); n != 1 {
		t.Errorf("the pad painted %d strokes, want 1", n)
	}

	if !v.key("Enter") || run.T() != 300 || len(v.answers) != run.Learners() {
		t.Fatalf("Ask: t = %d, %d answers for %d learners", run.T(), len(v.answers), run.Learners())
	}
	for i, ps := range v.pulls {
		if len(ps) == 0 || len(ps) > padNearest {
			t.Errorf("learner %d: %d pulling terms", i, len(ps))
		}
		for j := 1; j < len(ps); j++ {
			if math.Abs(ps[j].Contribution) > math.Abs(ps[j-1].Contribution) {
				t.Errorf("learner %d: pulls not ranked by |α·k|: %v then %v", i, ps[j-1].Contribution, ps[j].Contribution)
			}
		}
	}
	body = page(t, a)
	if txt := body.mustID(t, "pad-answers").text(); !strings.Contains(txt, run.Name(0)+" predicts") || !strings.Contains(txt, "nothing was learned") {
		t.Errorf("answers %q", txt)
	}

	if !v.key("7") {
		t.Fatal("the key 7 was not taken")
	}
	if run = a.store.Run().Digits(); run.T() != 301 || run.Last().Drawing != v.shown.Levels || run.Last().Truth != 7 {
		t.Fatalf("after teaching 7: t = %d, last %+v (%v)", run.T(), run.Last(), a.store.Message())
	}
	if evs := a.store.Base().Events; len(evs) != 1 || evs[0].Kind != state.EventTeach || evs[0].T != 300 {
		t.Fatalf("events %+v", evs)
	}
	// The now panel and the inspector say it is the student's drawing
	// (it has no row of the set), and the now digit is its features.
	if h := nowHead(run, run.Last()); !strings.Contains(h, "your drawing, class 7") {
		t.Errorf("now panel heading %q", h)
	}
	if in := a.store.Inspect(false); !strings.Contains(stepText(in), "your drawing, taught as 7") {
		t.Errorf("inspector head %q", stepText(in))
	}
	if x := app.DrawingFeatures(run.Last().Drawing); len(x) != 64 {
		t.Errorf("the taught drawing's features: %d values", len(x))
	}
	dg.feedReadout(a)
	a.dispatch(app.Undo{})
	if evs := a.store.Base().Events; len(evs) != 0 {
		t.Errorf("after Undo: events %+v", evs)
	}
	// At most state.MaxTeach drawings: the one after is refused with a
	// message and steps nothing.
	for range state.MaxTeach {
		v.key("1")
	}
	t1 := a.store.Run().T()
	if n := len(a.store.Base().Events); n != state.MaxTeach {
		t.Fatalf("%d drawings taught, want %d (%v)", n, state.MaxTeach, a.store.Message())
	}
	v.key("1")
	if n := len(a.store.Base().Events); n != state.MaxTeach || a.store.Run().T() != t1 || a.store.Message().Kind != app.Warning {
		t.Errorf("one drawing too many: %d drawings, t %d → %d, message %+v", n, t1, a.store.Run().T(), a.store.Message())
	}
	v.key("Backspace")
	if len(v.strokes) != 0 || v.shown.Levels != "" {
		t.Errorf("Backspace left %d strokes", len(v.strokes))
	}
}
