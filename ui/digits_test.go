//go:build js && wasm

package ui

import (
	"compress/gzip"
	"io"
	"os"
	"strings"
	"testing"

	"kernelplay/ui/render"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// shippedPayload is the shipped set key's file as the browser hands it to
// the loader: fetched from static/ and gunzipped (DecompressionStream).
func shippedPayload(t *testing.T, key string) []byte {
	t.Helper()
	f, err := os.Open("../static/" + shippedSets[key].File)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The digits view with its data: the loader decodes the payload on its
// next poll and the store builds the run from it; the page then shows one
// gallery and one confusion matrix per learner, and the charts and the
// confusion matrix paint their display lists (the learners' names in the
// legend, the classes on the matrix's axes).
func TestViewDigitsRun(t *testing.T) {
	a, _ := testApp(t, "v1&mode=digits&play=0&vs=svmd0")
	key := a.store.NeedData()
	if key != state.Data8x8 {
		t.Fatalf("the digits link waits for %q", key)
	}
	dg := a.digits()
	a.load.sets = map[string]*loadEntry{key: {phase: loadDecoding, buf: shippedPayload(t, key)}}
	if !a.load.poll() || a.load.sets[key].phase != loadReady {
		t.Fatalf("the shipped payload did not decode: %v", a.load.sets[key].err)
	}
	a.store.Dispatch(a.load.sets[key].loaded)
	run := a.store.Run().Digits()
	if run == nil {
		t.Fatalf("no digits run after the data arrived (message %q)", a.store.Message().Text)
	}
	dg.run = run // as the frame loop's sync does
	a.store.Dispatch(state.Step{N: 200})
	dg.feedReadout(a) // the progress line's props, as the frame loop hands them
	body := page(t, a)
	n := run.Learners()
	if n < 2 {
		t.Fatalf("vs=svmd0 runs %d learners", n)
	}
	gal := body.all(func(m *node) bool { return m.Classes["gallerywrap"] })
	conf := body.all(func(m *node) bool { return m.Classes["conf"] })
	if len(gal) != n || len(conf) != n {
		t.Errorf("%d galleries and %d confusion matrices for %d learners", len(gal), len(conf), n)
	}
	for i := range n {
		if !strings.Contains(gal[i].text(), run.Name(i)) {
			t.Errorf("gallery %d captioned %q, learner %q", i, gal[i].text(), run.Name(i))
		}
	}
	if got := body.mustID(t, "digits-t").text(); !strings.Contains(got, "200") {
		t.Errorf("progress count %q after 200 steps", got)
	}

	dg.charts.Mount()
	dg.confusions[0].Mount()
	dg.drawCharts(a, run)
	dg.drawConfusion(a, run, 0)
	texts := func(l *render.List) string {
		var b strings.Builder
		for _, o := range l.Ops {
			if o.Kind == render.OpText {
				b.WriteString(o.Text + "\n")
			}
		}
		return b.String()
	}
	ct := texts(&dg.chart.List)
	for i := range n {
		if !strings.Contains(ct, run.Name(i)) {
			t.Errorf("chart legend lacks %q:\n%s", run.Name(i), ct)
		}
	}
	rec := dg.charts.cv.Ctx.(*recCtx)
	if len(rec.with("lines ")) == 0 {
		t.Error("the charts painted no curve")
	}
	cf := texts(&dg.confusions[0].list)
	for _, cls := range run.ClassNames() {
		if !strings.Contains(cf, cls) {
			t.Errorf("confusion matrix lacks class %q", cls)
		}
	}
	if got := len(dg.confusions[0].cv.Ctx.(*recCtx).with("fillRect")); got < len(run.ClassNames()) {
		t.Errorf("confusion matrix painted %d cells", got)
	}
}

// digitsAt300 opens link (a paused digits run) with the shipped set it
// names decoded and loaded, steps the run to t = 300 and feeds the
// digits view's read-outs: the start of the view tests of the pad and the
// confusion cells.
func digitsAt300(t *testing.T, link string) (*Playground, *digitsUI, *sim.Digits) {
	t.Helper()
	a, _ := testApp(t, link)
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
	return a, dg, run
}
