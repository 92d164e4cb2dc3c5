//go:build js && wasm

package ui

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"kernelplay/ui/paint"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// TestPaintSecond: the second surface of a 2D comparison, a second Plot
// fed the second learner's run, gets that learner's boundary (one traced
// polyline path, stroked once), one dot per point of the stream, and its
// own mistakes (not the first learner's) in the caption over a halo.
func TestPaintSecond(t *testing.T) {
	a, c := compareApp(t)
	b := a.store.Run().Second()
	if b == nil {
		t.Fatal("no second learner")
	}
	if b.Mistakes() == a.store.Sim().Mistakes() {
		t.Fatalf("both learners made %d mistakes: the test cannot tell them apart", b.Mistakes())
	}
	v := a.second
	if !v.P.Second || v.P.Sim != b || v.P.Data != a.store.Sim() {
		t.Fatalf("the second plot's props: Second %v, drawing the second run %v, the first run's points %v",
			v.P.Second, v.P.Sim == b, v.P.Data == a.store.Sim())
	}
	v.P.Grid = 40
	v.renderSurface()
	if v.surf.Grid != 40 {
		t.Errorf("the second surface's grid is %d, want the 40 asked", v.surf.Grid)
	}
	rec := &recCtx{}
	v.paintSecond(rec, 200, 200, 1)
	if n, want := len(rec.with("arc ")), len(a.store.Sim().Points()); n != want || want == 0 {
		t.Errorf("%d dots, want one per point (%d)", n, want)
	}
	ls, strokesOf := rec.with("lines "), 0
	for _, op := range rec.ops {
		if op == "stroke" {
			strokesOf++
		}
	}
	var vertices int
	if len(ls) == 1 {
		fmt.Sscanf(ls[0], "lines %d", &vertices)
	}
	if len(ls) != 1 || vertices < 10 || strokesOf != 1 {
		t.Errorf("the boundary is not one traced path stroked once: paths %q, %d strokes", ls, strokesOf)
	}
	v.P.Grid = 400
	v.renderSurface()
	if v.surf.Grid != secondGrid {
		t.Errorf("the second surface's grid is %d for 400 asked, want at most %d", v.surf.Grid, secondGrid)
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

// TestPaintCompareLabel: in a 2D comparison the main plot names its own
// learner, with its own mistakes, top left, or top right when the colour
// key sits top left; without a comparison it writes nothing.
func TestPaintCompareLabel(t *testing.T) {
	a, _ := compareApp(t)
	cfg := a.store.Config()
	first, second := sim.PairNames(cfg)
	if first == second {
		t.Fatalf("both learners are named %q", first)
	}
	rec := &recCtx{}
	a.plot.compareLabel(rec, 400)
	want := "fillText " + first + " · mistakes " + strconv.Itoa(a.store.Sim().Mistakes()) + " · last "
	if texts := rec.with("fillText "); len(texts) != 1 || !strings.HasPrefix(texts[0], want) || !strings.HasSuffix(texts[0], " 6 15") {
		t.Errorf("label %q, want %q… at (6, 15)", texts, want)
	}
	a.plot.keyCorner = 3 // the key took the top-left corner
	rec = &recCtx{}
	a.plot.compareLabel(rec, 400)
	if texts := rec.with("fillText "); len(texts) != 1 || !strings.HasSuffix(texts[0], " 394 15") || len(rec.with("set textAlign right")) != 1 {
		t.Errorf("with the key top left: %q, want it right-aligned at (394, 15)", texts)
	}

	plain, _ := testApp(t, "v1&play=0")
	plain.store.Dispatch(state.Step{N: 10})
	plain.feed()
	rec = &recCtx{}
	plain.plot.compareLabel(rec, 400)
	if len(rec.ops) != 0 {
		t.Errorf("without a comparison the plot is labelled: %q", rec.ops)
	}
}

// compareApp is the rotating stream with SVMD compared to NORMA (σ = 0.4),
// 300 steps in, and its link's configuration.
func compareApp(t *testing.T) (*Playground, state.Config) {
	t.Helper()
	c := state.Default()
	c.Preset, c.Compare = state.PresetRotating, state.LearnerNORMA
	c.Second = c.Settings()
	c.Second.Sigma = 0.4
	a, _ := testApp(t, state.Encode(c))
	a.store.Dispatch(state.Step{N: 300})
	a.feed() // (testApp's store has no listener: the page's feeds the canvases)
	return a, c
}

// TestSecondPlotPanel: the page's comparison panel holds the second Plot
// (#surface2), named after the second learner, and the caption; unlike the
// first plot, the second renders with the page once mounted (Skip), so that
// its name follows the "compare with" menu.
func TestSecondPlotPanel(t *testing.T) {
	a, c := compareApp(t)
	_, name := sim.PairNames(c)
	body := page(t, a)
	cv := body.mustID(t, "surface2")
	if label, _ := cv.Attrs["aria-label"].(string); !strings.HasSuffix(label, name) {
		t.Errorf("the second surface is labelled %q, want it to end with %q", label, name)
	}
	if cap := body.mustID(t, "second2d-cap").text(); !strings.Contains(cap, name) {
		t.Errorf("the caption %q does not name %q", cap, name)
	}
	mountedCanvas := &paint.Canvas{}
	a.plot.cv, a.second.cv = mountedCanvas, mountedCanvas
	if !a.plot.Skip() || a.second.Skip() {
		t.Errorf("mounted: the plot skips its render %v (want true), the second plot %v (want false)", a.plot.Skip(), a.second.Skip())
	}
}
