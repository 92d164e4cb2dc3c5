package app

import (
	"math"
	"strings"
	"testing"

	"kernelplay/core/data"
	"kernelplay/core/data/digitfile"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// scores is the model's scores on a fixed 9×9 grid of [−1, 1]² (the
// surface, coarsely).
func scores(sm *sim.Sim) []float64 {
	var out []float64
	buf := make([]float64, sm.Learner().NumScores())
	for i := range 9 {
		for j := range 9 {
			out = append(out, sm.Learner().Scores(buf, []float64{float64(i)/4 - 1, float64(j)/4 - 1})...)
		}
	}
	return out
}

func sameBits(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			return false
		}
	}
	return true
}

// sameRun reports whether two stores show the identical run: step,
// mistakes, the loss and η traces and the surface, bit for bit.
func sameRun(a, b *Store) bool {
	sa, sb := a.Sim(), b.Sim()
	ta, tb := sa.Traces(), sb.Traces()
	return sa.T() == sb.T() && sa.Mistakes() == sb.Mistakes() && sameBits(ta.Loss.V, tb.Loss.V) && sameBits(ta.Loss.T, tb.Loss.T) &&
		sameBits(ta.Eta.V, tb.Eta.V) && sameBits(scores(sa), scores(sb))
}

// TestStoreTimeline is the acceptance scenario natively: three points
// clicked into the running default demo at different steps, a run of
// steps, the link copied and opened in a "new tab" (a new store): the
// identical run, paused at the same step. Undo removes the last click and
// replays to the same step; Reset rewinds to t = 0 and replays the clicks.
func TestStoreTimeline(t *testing.T) {
	s := NewStore("")
	s.Dispatch(state.Pause{})
	s.Dispatch(state.Step{N: 150})
	for i, p := range []state.Point{{X: 0.5, Y: 0.5, Class: 1}, {X: -0.5, Y: 0.25}, {X: 0.1, Y: -0.9, Class: 1}} {
		s.Dispatch(state.AddPoint{X: p.X, Y: p.Y, Class: p.Class})
		s.Dispatch(state.Step{N: 40 + 10*i})
	}
	if s.Sim().T() != 150+40+50+60 || len(s.Base().Events) != 3 || len(s.Config().Points) != 3 {
		t.Fatalf("t = %d, %d events, %d points", s.Sim().T(), len(s.Base().Events), len(s.Config().Points))
	}
	if s.Sim().Clicked() {
		t.Error("the clicks wiped the generated demo")
	}
	link := s.Hash()
	if !strings.Contains(link, "&at=300") || !strings.Contains(link, "&ev=") {
		t.Errorf("link %s lacks at=300 or the events", link)
	}
	tab := NewStore(link)
	if tab.Message().Kind != NoMessage || tab.Config().Playing || !sameRun(s, tab) {
		t.Fatalf("the link does not replay the run: message %+v, playing %v, t %d vs %d",
			tab.Message(), tab.Config().Playing, tab.Sim().T(), s.Sim().T())
	}
	// Without at= the link opens at t = 0 and replays the clicks as it
	// plays: stepping to 300 gives the same run.
	fresh := NewStore(strings.Replace(link, "&at=300", "", 1))
	fresh.Dispatch(state.Step{N: 300})
	if !sameRun(s, fresh) {
		t.Error("the link without at= stepped to 300 differs")
	}
	// Undo: the last click goes, the run is replayed to t = 300 and equals
	// a run that never had it.
	s.Dispatch(Undo{})
	if len(s.Base().Events) != 2 || s.Sim().T() != 300 || len(s.Config().Points) != 2 {
		t.Fatalf("Undo: %d events, t = %d, %d points", len(s.Base().Events), s.Sim().T(), len(s.Config().Points))
	}
	if sameRun(s, tab) {
		t.Error("Undo changed nothing")
	}
	c := tab.Base()
	c.Events = c.Events[:2]
	c.At = 300
	two := NewStore(state.Encode(c))
	if !sameRun(s, two) {
		t.Error("the run after Undo differs from the run with two clicks")
	}
	// Ctrl+Z until empty, then once more: a note, no change.
	s.Dispatch(Undo{})
	s.Dispatch(Undo{})
	s.Dispatch(Undo{})
	if s.Message().Kind != Info || s.CanUndo() {
		t.Errorf("Undo with no edits: %+v", s.Message())
	}
	// Reset rewinds to t = 0 and keeps the edits: stepping on replays them.
	tab.Dispatch(state.Reset{})
	if tab.Sim().T() != 0 || len(tab.Base().Events) != 3 || len(tab.Config().Points) != 0 {
		t.Fatalf("Reset: t = %d, %d events, %d points in force", tab.Sim().T(), len(tab.Base().Events), len(tab.Config().Points))
	}
	tab.Dispatch(state.Step{N: 300})
	if !sameRun(tab, NewStore(link)) {
		t.Error("Reset and replay differs from the run")
	}
	// A click after Reset but before the old edits: a new timeline from
	// here (the later edits are dropped, and the banner says so); the run
	// goes on and its link replays it.
	tab.Dispatch(state.Reset{})
	tab.Dispatch(state.Step{N: 170}) // after the first click (150), before the second (190)
	tab.Dispatch(state.AddPoint{X: -0.2, Y: -0.2, Class: 0})
	if tab.Sim().T() != 170 || len(tab.Base().Events) != 2 || tab.Message().Kind != Info || len(tab.Config().Points) != 2 {
		t.Fatalf("edit before the old ones: t = %d, %d events, %d points, message %+v", tab.Sim().T(),
			len(tab.Base().Events), len(tab.Config().Points), tab.Message())
	}
	tab.Dispatch(state.Step{N: 50})
	if !sameRun(tab, NewStore(tab.Hash())) {
		t.Error("the new timeline's link does not replay it")
	}
}

// TestStoreLiveSigma: σ changed at step t while the demo runs is an edit
// of the run (the learner carries on with it), replayed by the link; a
// learner that cannot change σ mid-run (kernel Pegasos) starts a new run
// and says so.
func TestStoreLiveSigma(t *testing.T) {
	s := NewStore("")
	s.Dispatch(state.Pause{})
	s.Dispatch(state.Step{N: 200})
	s.Dispatch(state.SetField{Key: "s", Value: "0.3"})
	if s.Sim().T() != 200 || len(s.Base().Events) != 1 {
		t.Fatalf("σ did not change mid-run: t = %d, message %q", s.Sim().T(), s.Message().Text)
	}
	// A drag of the slider at one step is one edit: the last value.
	s.Dispatch(state.SetField{Key: "s", Value: "0.4"})
	s.Dispatch(state.SetField{Key: "s", Value: "0.3"})
	if len(s.Base().Events) != 1 || s.Base().Events[0].Value != "0.3" {
		t.Errorf("three σ values at step 200 left edits %+v", s.Base().Events)
	}
	s.Dispatch(state.Step{N: 100})
	if s.Config().Sigma != 0.3 || s.Base().Sigma != state.Default().Sigma {
		t.Errorf("σ in force %v, at t = 0 %v", s.Config().Sigma, s.Base().Sigma)
	}
	if tab := NewStore(s.Hash()); !sameRun(s, tab) {
		t.Error("the link does not replay the σ change")
	}
	p := NewStore("v1&l=kpegasos")
	p.Dispatch(state.Step{N: 50})
	p.Dispatch(state.SetField{Key: "s", Value: "0.3"})
	if p.Sim().T() != 0 || p.Config().Sigma != 0.3 || !strings.Contains(p.Message().Text, "new run") {
		t.Errorf("kernel Pegasos σ change: t = %d, σ = %v, message %q", p.Sim().T(), p.Config().Sigma, p.Message().Text)
	}
}

// TestStoreNewRun: changing the learner, task or data set starts a new run
// at t = 0 from the points in force, without edits.
func TestStoreNewRun(t *testing.T) {
	s := NewStore("")
	s.Dispatch(state.Step{N: 100})
	s.Dispatch(state.AddPoint{X: 0.5, Y: 0.5, Class: 1})
	s.Dispatch(state.Step{N: 10})
	s.Dispatch(state.SetField{Key: "l", Value: state.LearnerNORMA})
	if s.Sim().T() != 0 || len(s.Base().Events) != 0 || len(s.Base().Points) != 1 || !s.Base().Generated {
		t.Errorf("new learner: t = %d, %d events, %d points at t = 0, generated %v", s.Sim().T(),
			len(s.Base().Events), len(s.Base().Points), s.Base().Generated)
	}
	// ω cannot change mid-run: a new run, and the banner says why.
	s.Dispatch(state.Step{N: 10})
	s.Dispatch(state.SetField{Key: "w", Value: "64"})
	if s.Sim().T() != 0 || s.Config().BufferSize != 64 || !strings.Contains(s.Message().Text, "Buffer size ω cannot change") {
		t.Errorf("ω = 64 mid-run: t = %d, ω = %d, message %q", s.Sim().T(), s.Config().BufferSize, s.Message().Text)
	}
	s.Dispatch(SetGenerated{On: false})
	if !s.Sim().Clicked() {
		t.Error("clearing the generated data left the generator on")
	}
}

// TestStoreBrokenLinkKept: a link that cannot be read shows the default
// demo but stays what Hash returns (the address bar), so the typo can be
// fixed; the first change replaces it. Before, Hash gave the default
// demo's link at once.
func TestStoreBrokenLinkKept(t *testing.T) {
	for _, bad := range []string{"v1&s=abc", "v1&w=1e9", "v1&t=multiclass&l=pegasos"} {
		s := NewStore(bad)
		if s.Message().Kind != Failure || s.Hash() != bad {
			t.Errorf("%s: message %+v, hash %q", bad, s.Message(), s.Hash())
		}
		s.Dispatch(state.Pause{})
		if s.Hash() == bad {
			t.Errorf("%s: the broken link stayed after a change", bad)
		}
	}
}

// TestStoreRESvsSGDLink: the RES-vs-SGD preset's link opens as that run
// (n-dimensional: no 2D surface to draw), without a message.
func TestStoreRESvsSGDLink(t *testing.T) {
	s := NewStore("v1&p=res-vs-sgd&l=res")
	if s.Run().Kind() != RESvsSGD || s.Message().Kind != NoMessage {
		t.Fatalf("kind %v, message %+v", s.Run().Kind(), s.Message())
	}
	if _, stopped := s.Advance(25); stopped || s.Run().T() != 25 {
		t.Errorf("RES vs SGD did not run: t = %d, %v", s.Run().T(), s.Run().Err())
	}
}

// TestOptionsRefused: under the multiclass task the binary-only learners
// are offered disabled, with the reason; the running learner and the
// multiclass-capable ones are enabled.
func TestOptionsRefused(t *testing.T) {
	c := state.Default()
	c.Task = state.TaskMulticlass
	for _, o := range Options(c, "l") {
		binaryOnly := o.Value == state.LearnerPegasos || o.Value == state.LearnerRES || o.Value == state.LearnerDCD ||
			o.Value == state.LearnerSGD || o.Value == state.LearnerKernelPegasos
		if o.Disabled != binaryOnly || (o.Disabled && o.Reason == "") {
			t.Errorf("%s: disabled %v (%q)", o.Value, o.Disabled, o.Reason)
		}
	}
	// Dispatching a refused learner anyway leaves the running one.
	s := NewStore(state.Encode(c))
	s.Dispatch(state.SetField{Key: "l", Value: state.LearnerPegasos})
	if s.Config().Learner != state.LearnerSVMD || s.Message().Kind != Warning {
		t.Errorf("learner %s, message %+v", s.Config().Learner, s.Message())
	}
}

// TestClickClass: the brush, shift for the next class, 0 without classes.
func TestClickClass(t *testing.T) {
	c := state.Default()
	if ClickClass(c, 1, false) != 1 || ClickClass(c, 1, true) != 0 {
		t.Error("binary brush")
	}
	c.Task, c.Classes = state.TaskMulticlass, 3
	if ClickClass(c, 2, true) != 0 || ClickClass(c, 0, true) != 1 {
		t.Error("multiclass shift")
	}
	c.Task = state.TaskNovelty
	if ClickClass(c, 1, true) != 0 {
		t.Error("novelty has one class")
	}
}

// TestRouteLargeFile: a 2-D file with more rows than the plot holds goes to
// the digits view and the banner says why.
func TestRouteLargeFile(t *testing.T) {
	n := state.MaxPoints + 500
	set := &data.Set{Name: "big.csv", Dim: 2, X: make([]float64, 2*n), Y: make([]float64, n)}
	for i := range n {
		set.X[2*i], set.X[2*i+1], set.Y[i] = float64(i%17), float64(i%5), float64(i%2)
	}
	dest, c, why := Route("big.csv", set)
	if dest != ToDigits || c.Mode != state.ModeDigits || !strings.Contains(why, "2500 rows, more than the 2000 points") {
		t.Errorf("dest %v, mode %s, why %q", dest, c.Mode, why)
	}
	small := &data.Set{Name: "s.csv", Dim: 2, X: set.X[:20], Y: set.Y[:10]}
	if dest, _, why := Route("s.csv", small); dest != ToPlot || !strings.Contains(why, "points of the plot") {
		t.Errorf("small file: %v %q", dest, why)
	}
}

// TestStoreDigits: the digits view runs its own run — no 2D simulation
// beside it — built once the data arrives, advanced by Step and Advance,
// and its figures are what stats() reports. Before, the store kept an idle
// 2D run in digits mode and stats() reported its t and terms.
func TestStoreDigits(t *testing.T) {
	s := NewStore("v1&mode=digits")
	if s.Sim() != nil || s.Run().Kind() != Waiting || s.NeedData() != state.Data8x8 {
		t.Fatalf("before the data: sim %v, kind %v, needs %q", s.Sim() != nil, s.Run().Kind(), s.NeedData())
	}
	if s.Config().Sigma != state.DataDefaults[state.Data8x8].Sigma {
		t.Errorf("hand-written digits link: σ = %v", s.Config().Sigma)
	}
	s.Dispatch(DataLoaded{Key: state.Data8x8, Set: digits8x8(t)})
	if s.Run().Kind() != Digits || s.NeedData() != "" {
		t.Fatalf("after the data: kind %v (%v)", s.Run().Kind(), s.Message())
	}
	s.Dispatch(state.Step{N: 7})
	if ran, _ := s.Advance(5); ran != 5 || s.Run().T() != 12 {
		t.Errorf("digits ran %d, t = %d", ran, s.Run().T())
	}
	st := s.Stats()
	if st.Mode != state.ModeDigits || st.T != 12 || st.Terms != s.Run().Digits().Model(0).Expansion().Len() || st.Terms == 0 {
		t.Errorf("stats %+v", st)
	}
	// A link with at= opens paused at that step once the data is there.
	at := NewStore("v1&mode=digits&at=30")
	at.Dispatch(DataLoaded{Key: state.Data8x8, Set: digits8x8(t)})
	if at.Run().T() != 30 || at.Config().Playing {
		t.Errorf("at=30: t = %d, playing %v", at.Run().T(), at.Config().Playing)
	}
	// Compare runs two learners.
	s.Dispatch(state.SetField{Key: "vs", Value: state.LearnerNORMA})
	if s.Run().Kind() != Compare || s.Run().T() != 0 {
		t.Errorf("compare: kind %v, t %d", s.Run().Kind(), s.Run().T())
	}
}

func digits8x8(t *testing.T) *data.Set {
	t.Helper()
	d, err := digitfile.Open("../../static/data/digits8x8.kpd.gz")
	if err != nil {
		t.Fatal(err)
	}
	return d.Set()
}
