//go:build js && wasm

package ui

import (
	"strings"
	"testing"

	"kernelplay/ui/state"
)

// TestViewConfusionCell: on the 8×8 digits after 300 steps, opening an
// off-diagonal confusion cell (the action a click or Enter dispatches)
// shows its title, the sentence that the pulls come from the model that
// made the prediction, one list item per kept example (at most
// sim.CellExamples, the cell's classes in each), and paints the
// thumbnails (the example and its pulls); the close button closes it.
func TestViewConfusionCell(t *testing.T) {
	a, _ := testApp(t, "v1&mode=digits&play=0")
	key := a.store.NeedData()
	dg := a.digits()
	a.load.sets = map[string]*loadEntry{key: {phase: loadDecoding, buf: shippedPayload(t, key)}}
	if !a.load.poll() {
		t.Fatal("the shipped payload did not decode")
	}
	a.store.Dispatch(a.load.sets[key].loaded)
	run := a.store.Run().Digits()
	dg.run = run
	a.store.Dispatch(state.Step{N: 300})
	dg.feedReadout(a)
	names := run.ClassNames()
	k := len(names)
	row, col, count := -1, -1, 0
	for r := range k {
		for c := range k {
			if n := run.Confusion(0)[r*k+c]; r != c && n > count {
				row, col, count = r, c, n
			}
		}
	}
	if row < 0 {
		t.Fatal("no mistake in 300 steps: nothing to open")
	}
	if body := page(t, a); body.byID("cell-title") != nil {
		t.Fatal("a cell is open before any was opened")
	}
	a.dispatch(openCell{Learner: 0, Row: row, Col: col})
	body := page(t, a)
	want := "true " + names[row] + ", predicted " + names[col]
	if txt := body.mustID(t, "cell-title").text(); !strings.Contains(txt, want) || !strings.Contains(txt, run.Name(0)) {
		t.Errorf("title %q, want the learner and %q", txt, want)
	}
	if txt := body.mustID(t, "confusion-cell").text(); !strings.Contains(txt, "in the model that made the prediction") {
		t.Errorf("the panel does not say where the pulls come from: %q", txt)
	}
	items := body.mustID(t, "cell-list").all(func(n *node) bool { return n.Tag == "li" })
	if len(items) != min(count, 4) {
		t.Fatalf("%d examples listed, the cell counts %d (keeps at most 4)", len(items), count)
	}
	for _, it := range items {
		if txt := it.text(); !strings.Contains(txt, want) || !strings.Contains(txt, "pulled by") {
			t.Errorf("item %q: not of the cell, or without its pulls", txt)
		}
	}
	v := dg.cell
	v.thumbs.Mount()
	v.paint()
	if n := len(v.thumbs.cv.Ctx.(*recCtx).with("fillRect")); n < len(items)*4 {
		t.Errorf("the thumbnails painted %d squares for %d examples", n, len(items))
	}
	body.mustID(t, "cell-close").fire(t, "click")
	if body := page(t, a); body.byID("cell-title") != nil {
		t.Error("the close button did not close the cell")
	}
}
