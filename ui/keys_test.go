//go:build js && wasm

package ui

import (
	"testing"

	"kernelplay/ui/paint"
	"kernelplay/ui/state"
)

// The page's keys: space plays, → steps (shift: ten), r resets; a focused
// slider keeps its arrows but not space; Ctrl/Cmd+Z undoes the last edit
// except in a text field; other modified presses are the browser's.
func TestPageKeys(t *testing.T) {
	a, _ := testApp(t, "v1&play=0")
	if !a.pageKey(keyPress{Key: "ArrowRight", Shift: true, TargetTag: "BODY"}) || a.store.Run().T() != 10 {
		t.Fatalf("shift+→: t = %d, want 10", a.store.Run().T())
	}
	if a.pageKey(keyPress{Key: "ArrowRight", TargetTag: "INPUT", TargetType: "range"}) || a.store.Run().T() != 10 {
		t.Error("→ on a focused slider stepped the run")
	}
	if !a.pageKey(keyPress{Key: " ", TargetTag: "INPUT", TargetType: "range"}) || !a.store.Config().Playing {
		t.Error("space on a focused slider did not play")
	}
	a.pageKey(keyPress{Key: " ", TargetTag: "BODY"})
	a.store.Dispatch(state.AddPoint{X: 0.5, Y: 0.5, Class: 0})
	if !a.store.CanUndo() {
		t.Fatal("a click is no edit")
	}
	if a.pageKey(keyPress{Key: "z", Ctrl: true, TargetTag: "INPUT", TargetType: "number"}) || !a.store.CanUndo() {
		t.Error("Ctrl+Z in the seed's number field undid the run's edit")
	}
	if !a.pageKey(keyPress{Key: "z", Meta: true, TargetTag: "BODY"}) || a.store.CanUndo() {
		t.Error("Cmd+Z did not undo the click")
	}
	if a.pageKey(keyPress{Key: "r", Ctrl: true, TargetTag: "BODY"}) {
		t.Error("Ctrl+R (the browser's reload) was taken")
	}
	if !a.pageKey(keyPress{Key: "r", TargetTag: "SELECT"}) || a.store.Run().T() != 0 {
		t.Error("r on a focused menu did not reset")
	}
}

// The plot: a click adds a point of the brush's class where it was
// pressed (shift: the other class), delete mode removes the nearest one;
// the keyboard's cursor moves with the arrows (and names its place),
// Enter adds a point at it, and space goes on to the page.
func TestPlotClickAndKeys(t *testing.T) {
	a, _ := testApp(t, "v1&play=0")
	a.plot.cv = &paint.Canvas{El: &fakeCanvasEl{w: 200, h: 200, dpr: 1}, Ctx: &recCtx{}}
	a.plot.click(150, 50, 200, 200, false)
	a.plot.click(50, 150, 200, 200, true)
	pts := a.store.Config().Points
	if len(pts) < 2 {
		t.Fatalf("two clicks left %d points", len(pts))
	}
	p, q := pts[len(pts)-2], pts[len(pts)-1]
	if !(p.X > 0 && p.Y > 0 && q.X < 0 && q.Y < 0) {
		t.Errorf("clicks at top right and bottom left gave %+v, %+v", p, q)
	}
	if p.Class == q.Class {
		t.Errorf("shift-click added class %d as the plain click", q.Class)
	}
	n := len(pts)
	a.plot.click(0, 0, 0, 0, false) // an unsized plot: nothing
	if len(a.store.Config().Points) != n {
		t.Error("a click on an unsized plot added a point")
	}

	stop, prevent, label := a.plot.plotKey(keyPress{Key: "ArrowLeft"})
	if !stop || !prevent || label == "" || label == plotLabel {
		t.Errorf("← on the plot: stop %v prevent %v label %q", stop, prevent, label)
	}
	if stop, _, _ := a.plot.plotKey(keyPress{Key: " "}); stop {
		t.Error("space stopped at the plot (it plays the page)")
	}
	a.plot.plotKey(keyPress{Key: "Enter"})
	if len(a.store.Config().Points) != n+1 {
		t.Errorf("Enter at the cursor: %d points, want %d", len(a.store.Config().Points), n+1)
	}
}

// The loader decodes an entry whose bytes have all arrived on the next
// poll: a corrupt payload fails with the decoder's error, and retry
// forgets a failed entry (only) so that the next get fetches it again.
func TestLoaderPollRetry(t *testing.T) {
	var key string
	for k := range shippedSets {
		key = k
		break
	}
	if key == "" {
		t.Fatal("no shipped sets")
	}
	l := &loader{sets: map[string]*loadEntry{
		key:       {phase: loadDecoding, buf: []byte("not a digit file")},
		"fetched": {phase: loadFetching},
	}}
	if !l.poll() {
		t.Fatal("poll of a decoding entry reports no change")
	}
	e := l.sets[key]
	if e.phase != loadFailed || e.err == nil || e.buf != nil {
		t.Fatalf("corrupt payload: phase %v err %v", e.phase, e.err)
	}
	if l.poll() {
		t.Error("a second poll changed something")
	}
	l.retry("fetched")
	l.retry(key)
	if _, ok := l.sets[key]; ok {
		t.Error("retry kept the failed entry")
	}
	if _, ok := l.sets["fetched"]; !ok {
		t.Error("retry dropped an entry still fetching")
	}
}
