//go:build js && wasm

package ui

import (
	"fmt"
	"strings"
	"testing"

	"kernelplay/ui/paint"
	"kernelplay/ui/render"
	"kernelplay/ui/state"
)

// mounted renders and mounts the canvas components of a (as Vecty would),
// so that their draw paints on the fake browser's recording contexts.
func mounted(t *testing.T, a *Playground) {
	t.Helper()
	a.feed() // the canvases' props, as the frame loop hands them
	tree(t, a.charts)
	tree(t, a.strip)
	a.charts.Mount()
	a.strip.Mount()
}

// The chart stack paints its display list one to one: every text op is a
// fillText at its place, every polyline one Lines call, every frame a
// strokeRect; and the paint.Painter sets the context's state only when it
// changes (no two sets of one property to the same value in a row).
func TestPaintChartsFollowsDisplayList(t *testing.T) {
	a, _ := testApp(t, "v1&play=0")
	a.store.Dispatch(state.Step{N: 40})
	mounted(t, a)
	a.charts.draw(nil)
	rec := a.charts.cv.Ctx.(*recCtx)
	l := &a.charts.view.List
	var texts, strokes, frames int
	for _, o := range l.Ops {
		switch o.Kind {
		case render.OpText:
			texts++
			if o.Vertical {
				continue
			}
			want := fmt.Sprintf("fillText %s %v %v", o.Text, o.X, o.Y)
			if !contains(rec.ops, want) {
				t.Errorf("no %q painted", want)
			}
		case render.OpStroke:
			strokes++
		case render.OpFrame:
			frames++
		}
	}
	if texts == 0 || strokes == 0 {
		t.Fatalf("the chart of 40 steps has %d texts and %d polylines", texts, strokes)
	}
	if got := len(rec.with("fillText")); got != texts {
		t.Errorf("%d fillText calls for %d text ops", got, texts)
	}
	if got := len(rec.with("lines ")); got != strokes {
		t.Errorf("%d Lines calls for %d polylines", got, strokes)
	}
	if got := len(rec.with("strokeRect")); got != frames {
		t.Errorf("%d strokeRect calls for %d frames", got, frames)
	}
	last := map[string]string{}
	for i, o := range rec.ops {
		if o == "save" || o == "restore" {
			clear(last) // restore brings back older state: the paint.Painter forgets
			continue
		}
		if !strings.HasPrefix(o, "set ") && !strings.HasPrefix(o, "dash ") {
			continue
		}
		k, v, _ := strings.Cut(strings.TrimPrefix(o, "set "), " ")
		if strings.HasPrefix(o, "dash ") {
			k, v = "dash", o
		}
		if prev, ok := last[k]; ok && prev == v {
			t.Errorf("op %d sets %s to %s again", i, k, v)
		}
		last[k] = v
	}
	// The canvas was fitted: the backing store at CSS size × ratio.
	el := a.charts.cv.El.(*fakeCanvasEl)
	if el.backing != [2]int{600, 400} {
		t.Errorf("backing store %v, want 600×400 (300×200 CSS px at ratio 2)", el.backing)
	}
}

// The buffer strip of a kernel learner fills one path of bars per class
// present, marks the term evicted next (▼ and a frame) and writes the
// count right-aligned; a linear learner's strip writes what it keeps
// instead, and nothing else.
func TestPaintStrip(t *testing.T) {
	a, _ := testApp(t, "v1&play=0&l="+state.LearnerSVMD+"&w=8")
	a.store.Dispatch(state.Step{N: 60})
	mounted(t, a)
	a.strip.draw(nil)
	rec := a.strip.cv.Ctx.(*recCtx)
	pl := &a.strip.plan
	if pl.Kept || !pl.HasEvict {
		t.Fatalf("a full SVMD buffer: plan kept=%v evict=%v", pl.Kept, pl.HasEvict)
	}
	classes := map[int]bool{}
	for _, b := range pl.Bars {
		classes[b.Class] = true
	}
	if got := len(rec.with("fill path(")); got != len(classes) {
		t.Errorf("%d filled paths for %d classes", got, len(classes))
	}
	if !contains(rec.ops, fmt.Sprintf("fillText %s %v 11", pl.Text, a.strip.cv.W)) {
		t.Errorf("count %q not at the right edge: %v", pl.Text, rec.with("fillText"))
	}
	if !contains(rec.ops, fmt.Sprintf("strokeRect %v %v %v %v", pl.Evict.X, pl.Evict.Y, pl.Evict.W, pl.Evict.H)) {
		t.Error("the evicted term is not framed")
	}

	b, _ := testApp(t, "v1&play=0&l="+state.LearnerPegasos)
	b.store.Dispatch(state.Step{N: 10})
	mounted(t, b)
	b.strip.draw(nil)
	rec = b.strip.cv.Ctx.(*recCtx)
	if !b.strip.plan.Kept || len(rec.with("fill")) != 1 || len(rec.with("fillText")) != 1 {
		t.Errorf("Pegasos' strip: kept=%v ops %v", b.strip.plan.Kept, rec.ops)
	}
}

// The evicted term's cross is drawn twice, white under red, so that it
// reads on both ends of the palette.
func TestPaintEvictMark(t *testing.T) {
	a, _ := testApp(t, "v1&play=0")
	rec := &recCtx{}
	a.plot.cv = &paint.Canvas{El: &fakeCanvasEl{w: 100, h: 100, dpr: 1}, Ctx: rec}
	a.plot.evictMark(50, 40)
	var strokes []string
	for i, o := range rec.ops {
		if o == "stroke" {
			strokes = append(strokes, rec.ops[i-2])
		}
	}
	if len(strokes) != 2 || strokes[0] != "set strokeStyle #ffffff" || strokes[1] != "set strokeStyle "+evictColor {
		t.Errorf("strokes under %v, want white then %s", strokes, evictColor)
	}
	if !contains(rec.ops, "moveTo 44 34") || !contains(rec.ops, "lineTo 56 46") {
		t.Errorf("cross not centred on (50, 40): %v", rec.ops)
	}
}

func contains(ops []string, s string) bool {
	for _, o := range ops {
		if o == s {
			return true
		}
	}
	return false
}

// The colour key: the diverging bar with ticks −1, 0, +1 where the
// surface maps those scores (a quarter, half and three quarters of the bar
// over −2…+2), labelled by task; multiclass shows one swatch per class.
func TestPaintLegend(t *testing.T) {
	const boxW, boxH = 150.0, 50.0
	for task, label := range map[string]string{state.TaskBinary: "f(x)", state.TaskNovelty: "f(x) − ε", state.TaskRegression: "residual y − f(x)"} {
		rec := &recCtx{}
		drawLegend(rec, state.Config{Task: task}, boxW, boxH)
		if !contains(rec.ops, "fillText "+label+" 8 16") {
			t.Errorf("%s: no label %q in %v", task, label, rec.with("fillText"))
		}
		bw := boxW - 16
		for i, tk := range []string{"−1", "0", "+1"} {
			x := 8 + float64(i+1)/4*bw
			if !contains(rec.ops, fmt.Sprintf("fillText %s %v %v", tk, x, 45.0)) {
				t.Errorf("%s: tick %s not at x = %v: %v", task, tk, x, rec.with("fillText"))
			}
		}
		if len(rec.with("set fillStyle gradient(8 0 142 0 ")) != 1 {
			t.Errorf("%s: no gradient bar: %v", task, rec.with("set fillStyle"))
		}
	}
	rec := &recCtx{}
	c := state.Default()
	c.Task = state.TaskMulticlass
	drawLegend(rec, c, boxW, boxH)
	swatches := 0
	for _, o := range rec.with("fillRect") {
		if strings.HasSuffix(o, " 20 14") {
			swatches++
		}
	}
	if swatches != c.NumClasses() {
		t.Errorf("%d swatches for %d classes", swatches, c.NumClasses())
	}
}

// A binary linear model draws its exact lines on the plot canvas: the
// boundary solid over a halo, the margins dashed, and the normal w as an
// arrow labelled "w"; RES vs SGD replaces the plot with the objective
// chart, whose curves and axes are painted.
func TestPaintLinear(t *testing.T) {
	a, _ := testApp(t, "v1&play=0&l="+state.LearnerPegasos)
	a.store.Dispatch(state.Step{N: 50})
	rec := &recCtx{}
	a.plot.cv = &paint.Canvas{El: &fakeCanvasEl{w: 400, h: 400, dpr: 1}, Ctx: rec}
	a.plot.cv.Fit()
	sm := a.store.Sim()
	if !a.plot.drawLinear(sm, a.store.Config(), plotMargin(sm, a.store.Config())) {
		t.Fatal("Pegasos drew no hyperplane")
	}
	if len(rec.with("dash [5 4]")) == 0 {
		t.Error("no dashed margins")
	}
	if !contains(rec.ops, "set strokeStyle "+haloColor) {
		t.Error("the boundary has no halo")
	}
	if len(rec.with("fillText w ")) != 1 {
		t.Errorf("normal arrow label: %v", rec.with("fillText"))
	}
	if ops := rec.with("dash "); ops[len(ops)-1] != "dash []" {
		t.Errorf("the dash is left at %s", ops[len(ops)-1])
	}

	b, _ := testApp(t, "v1&play=0&p="+state.PresetRESvsSGD)
	b.store.Dispatch(state.Step{N: 30})
	rec = &recCtx{}
	b.plot.cv = &paint.Canvas{El: &fakeCanvasEl{w: 400, h: 400, dpr: 1}, Ctx: rec}
	b.plot.cv.Fit()
	if !b.plot.drawRESvsSGD() {
		t.Fatal("RES vs SGD drew no objective chart")
	}
	if len(rec.with("lines ")) < 2 {
		t.Errorf("objective chart painted %d curves, want RES and SGD", len(rec.with("lines ")))
	}
	if ob := b.objective().(map[string]any); ob["t"] != 30 {
		t.Errorf("objective hook t = %v", ob["t"])
	}
	if a.plot.drawRESvsSGD() {
		t.Error("Pegasos on a 2D preset drew the objective chart")
	}
}

// Slow motion: after a Step the playback lights one sub-step per pace,
// the run learns nothing while it plays (then one example at a time), the
// panel marks the lit block and the ones to come and scrolls the lit one
// into view; on the plot x_t gets its magenta ring.
func TestInspectorSlowMotion(t *testing.T) {
	a, fb := testApp(t, "v1&play=0")
	i := a.insp
	a.mounted = true // the page was rendered: it may be rerendered
	i.slow.On = true
	a.store.Dispatch(state.Step{N: 1})
	if got := i.steps(5); got != 1 {
		t.Errorf("before the playback starts the run may learn %d, want 1 (Sync has not seen the step)", got)
	}
	a.inspectFrame(1000)
	if i.lit != 0 || !a.plot.dirty || i.steps(5) != 0 {
		t.Fatalf("first frame: lit %d dirty %v steps %d", i.lit, a.plot.dirty, i.steps(5))
	}
	if !rerenderedPage(a, fb) {
		t.Error("the page (and its panel) was not rerendered for the lit block")
	}
	a.inspectFrame(1000 + i.slow.Pace())
	if i.lit != 1 {
		t.Fatalf("one pace later lit %d, want 1", i.lit)
	}
	if want := `Reveal #inspector .iblock[data-index="0"] nearest `; !contains(fb.calls, want) {
		t.Errorf("no %q in %v", want, fb.calls)
	}
	n := inspectorOf(t, a)
	lit := n.all(func(m *node) bool { return m.Classes["lit"] })
	later := n.all(func(m *node) bool { return m.Classes["later"] })
	blocks := n.all(func(m *node) bool { return m.Classes["iblock"] })
	if len(lit) != 1 || lit[0].Attrs["data-index"] != "1" || len(later) != len(blocks)-2 {
		t.Errorf("%d blocks: lit %d, later %d", len(blocks), len(lit), len(later))
	}
	rec := &recCtx{}
	a.plot.cv = &paint.Canvas{El: &fakeCanvasEl{w: 400, h: 400, dpr: 1}, Ctx: rec}
	a.plot.cv.Fit()
	a.markPlot(a.plot)
	in := a.store.Inspect(true)
	x, y := a.plot.view.toPixel(in.X[0], in.X[1], 400, 400)
	if !contains(rec.ops, fmt.Sprintf("arc %v %v 9 0 %v", x, y, 2*3.141592653589793)) {
		t.Errorf("no ring of radius 9 at x_t (%v, %v): %v", x, y, rec.with("arc"))
	}
	if !contains(rec.ops, "set strokeStyle "+inspectColor) {
		t.Error("x_t not in the inspector's colour")
	}
	a.inspectFrame(1000 + float64(len(blocks)+1)*i.slow.Pace())
	if i.lit != -1 || i.steps(5) != 1 {
		t.Errorf("after the playback: lit %d, steps %d (want −1, 1)", i.lit, i.steps(5))
	}
}
