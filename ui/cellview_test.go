//go:build js && wasm

package ui

import (
	"strconv"
	"strings"
	"testing"
)

// TestViewConfusionCell: on the 8×8 digits after 300 steps, opening an
// off-diagonal confusion cell (the action a click or Enter dispatches)
// shows its title, the sentence that the pulls come from the model that
// made the prediction, one list item per kept example (at most
// sim.CellExamples, the cell's classes in each), and paints the
// thumbnails (the example and its pulls); the close button closes it.
func TestViewConfusionCell(t *testing.T) {
	a, dg, run := digitsAt300(t, "v1&mode=digits&play=0")
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

	// A support vector (a click on the gallery): a term whose example's
	// record its cell keeps shows that record; one whose record is gone
	// shows its α and class. Both kinds exist after 300 steps.
	n := run.Model(0).Expansion().Len()
	pick := map[bool]int{}
	for j := range n {
		_, kept := run.TermExample(0, j)
		if _, ok := pick[kept]; !ok {
			pick[kept] = j
		}
	}
	if len(pick) != 2 {
		t.Fatalf("after 300 steps the terms' records are all kept or all gone: %v", pick)
	}
	for _, j := range []int{pick[true], pick[false]} {
		a.dispatch(openTerm{Learner: 0, Term: j})
		body := page(t, a)
		if txt := body.mustID(t, "cell-title").text(); !strings.Contains(txt, "support vector "+strconv.Itoa(j+1)+" of "+strconv.Itoa(n)) {
			t.Errorf("term %d: title %q", j, txt)
		}
		_, kept := run.TermExample(0, j)
		note := body.mustID(t, "confusion-cell").text()
		items := body.mustID(t, "cell-list").all(func(n *node) bool { return n.Tag == "li" })
		switch {
		case len(items) != 1:
			t.Errorf("term %d: %d items, want 1", j, len(items))
		case kept && (!strings.Contains(note, "learned from") || !strings.Contains(items[0].text(), "t = ")):
			t.Errorf("term %d (record kept): %q", j, note)
		case !kept && (!strings.Contains(note, "no longer kept") || !strings.Contains(items[0].text(), "α = (")):
			t.Errorf("term %d (record not kept): %q", j, note)
		}
	}
	t.Logf("terms opened (kept record → term): %v", pick)
}
