package ui

import (
	"strconv"
	"strings"
	"testing"

	"kernelplay/ui/state"
)

// TestPaintSecond: the second surface of a 2D comparison gets the second
// learner's boundary, one dot per point of the stream, and its own
// mistakes (not the first learner's) in the caption over a halo.
func TestPaintSecond(t *testing.T) {
	c := state.Default()
	c.Preset, c.Compare = state.PresetRotating, state.LearnerNORMA
	c.Second = c.Settings()
	c.Second.Sigma = 0.4
	a, _ := testApp(t, state.Encode(c))
	a.store.Dispatch(state.Step{N: 300})
	b := a.store.Run().Second()
	if b == nil {
		t.Fatal("no second learner")
	}
	if b.Mistakes() == a.store.Sim().Mistakes() {
		t.Fatalf("both learners made %d mistakes: the test cannot tell them apart", b.Mistakes())
	}
	v := a.second
	v.surf.Grid = 40
	v.surf.Render(b.Learner())
	rec := &recCtx{}
	v.paint(rec, 200, 200, b)
	if n, want := len(rec.with("arc ")), len(a.store.Sim().Points()); n != want || want == 0 {
		t.Errorf("%d dots, want one per point (%d)", n, want)
	}
	if st := rec.with("stroke path("); len(st) != 1 || len(st[0]) < 40 {
		t.Errorf("the boundary is not one stroked path: %q", st)
	}
	want := "mistakes " + strconv.Itoa(b.Mistakes()) + " · last " + strconv.Itoa(c.Window) + ": "
	texts := rec.with("fillText ")
	strokes := rec.with("strokeText ")
	if len(texts) != 1 || !strings.HasPrefix(texts[0], "fillText "+want) {
		t.Errorf("caption %q, want it to start with %q", texts, want)
	}
	if len(strokes) != 1 || strings.TrimPrefix(strokes[0], "strokeText ") != strings.TrimPrefix(texts[0], "fillText ") {
		t.Errorf("halo %q does not follow the caption %q", strokes, texts)
	}
}
