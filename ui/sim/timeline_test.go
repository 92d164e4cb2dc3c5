package sim

import (
	"math"
	"testing"

	"kernelplay/ui/state"
)

// scoresOn returns the model's scores on a fixed 9×9 grid of [−1, 1]².
func scoresOn(s *Sim) []float64 {
	var out []float64
	buf := make([]float64, s.Learner().NumScores())
	for i := range 9 {
		for j := range 9 {
			x := []float64{float64(i)/4 - 1, float64(j)/4 - 1}
			out = append(out, s.Learner().Scores(buf, x)...)
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

// liveRun plays the default demo for 200 steps, adds three clicked points
// and deletes one at steps 200–260, and steps on to 400; it returns the run
// and the events it made.
func liveRun(t *testing.T, cfg state.Config) (*Sim, []state.Event) {
	t.Helper()
	s := mustNew(t, cfg)
	var evs []state.Event
	do := func(e state.Event) {
		e.T = s.T()
		if err := s.AddEvent(e); err != nil {
			t.Fatalf("event %+v: %v", e, err)
		}
		evs = append(evs, e)
	}
	s.Step(200)
	do(state.Event{Kind: state.EventAdd, Point: state.Quantize(pt(0.5, 0.5, 1))})
	s.Step(1)
	if l := s.Last(); l.X[0] != 0.5 || l.X[1] != 0.5 || l.Y != 1 {
		t.Errorf("the example after the click is %v → %v, want the clicked point", l.X, l.Y)
	}
	do(state.Event{Kind: state.EventAdd, Point: state.Quantize(pt(-0.5, 0.25, 0))})
	do(state.Event{Kind: state.EventAdd, Point: state.Quantize(pt(0.1, -0.9, 1))})
	s.Step(59)
	do(state.Event{Kind: state.EventDelete, Index: 1})
	s.Step(140)
	return s, evs
}

// TestTimelineReplay: a run edited while it goes on (clicks, a deletion)
// and the same configuration replayed from its event log give the same
// run bit for bit: traces, mistakes and the model's scores. The generated
// demo goes on beside the clicks (they are added to it, not replacing it).
func TestTimelineReplay(t *testing.T) {
	cfg := state.Default()
	live, evs := liveRun(t, cfg)
	if live.Err() != nil {
		t.Fatal(live.Err())
	}
	if got := live.Config().Points; len(got) != 2 {
		t.Errorf("points in force after the edits: %v, want 2", got)
	}
	if live.Clicked() || len(live.Points()) <= 2 {
		t.Errorf("the generated data was wiped by the clicks (%d points shown)", len(live.Points()))
	}
	cfg.Events = evs
	replay := mustNew(t, cfg)
	replay.Step(400)
	if replay.T() != live.T() || replay.Mistakes() != live.Mistakes() {
		t.Fatalf("replay: t %d mistakes %d, live: t %d mistakes %d", replay.T(), replay.Mistakes(), live.T(), live.Mistakes())
	}
	if !sameSeries(replay.Traces().Loss, live.Traces().Loss) || !sameSeries(replay.Traces().Eta, live.Traces().Eta) {
		t.Error("replayed traces differ from the live run's")
	}
	if !sameBits(scoresOn(replay), scoresOn(live)) {
		t.Error("replayed model differs from the live run's")
	}
	// Without the events the run differs (the edits did something).
	cfg.Events = nil
	plain := mustNew(t, cfg)
	plain.Step(400)
	if sameBits(scoresOn(plain), scoresOn(live)) {
		t.Error("the edits left the model unchanged")
	}
}

// TestLiveSetting: σ changed at step t applies from the next example:
// the run up to t is the unedited one, the replay from the link equals the
// live run bit for bit; the perceptron (NORMA with λ = 0) takes σ too, and
// a learner that cannot change mid-run says so.
func TestLiveSetting(t *testing.T) {
	cfg := state.Default()
	live := mustNew(t, cfg)
	live.Step(300)
	e := state.Event{T: 300, Kind: state.EventSet, Key: "s", Value: "0.3"}
	if err := live.AddEvent(e); err != nil {
		t.Fatalf("SVMD refused σ = 0.3 mid-run: %v", err)
	}
	if live.Config().Sigma != 0.3 {
		t.Errorf("σ in force = %v, want 0.3", live.Config().Sigma)
	}
	live.Step(300)
	cfg.Events = []state.Event{e}
	replay := mustNew(t, cfg)
	replay.Step(600)
	if !sameSeries(replay.Traces().Loss, live.Traces().Loss) || !sameBits(scoresOn(replay), scoresOn(live)) {
		t.Error("replay of a σ change differs from the live run")
	}
	cfg.Events = nil
	plain := mustNew(t, cfg)
	plain.Step(600)
	if sameBits(scoresOn(plain), scoresOn(live)) {
		t.Error("σ = 0.3 changed nothing")
	}
	p := state.Default()
	p.Learner = state.LearnerPerceptron
	ps := mustNew(t, p)
	if err := ps.AddEvent(state.Event{Kind: state.EventSet, Key: "s", Value: "0.3"}); err != nil {
		t.Errorf("the perceptron refused σ mid-run: %v", err)
	}
	p.Learner = state.LearnerKernelPegasos
	kp := mustNew(t, p)
	if err := kp.AddEvent(state.Event{Kind: state.EventSet, Key: "s", Value: "0.3"}); err == nil {
		t.Error("kernel Pegasos (no Reconfigure) took a σ change mid-run")
	}
}

// TestOldClickedRunUnchanged: a configuration with clicked points and the
// generator off (every link written before the timeline) runs as before:
// only the clicked points are drawn.
func TestOldClickedRunUnchanged(t *testing.T) {
	cfg := state.Default()
	cfg.Points = []state.Point{pt(0.5, 0.5, 1), pt(-0.5, -0.5, 0)}
	cfg.Generated = false
	s := mustNew(t, cfg)
	for range 50 {
		s.Step(1)
		if x := s.Last().X; math.Abs(x[0]) != 0.5 || x[0] != x[1] {
			t.Fatalf("drew %v, not a clicked point", x)
		}
	}
}

// TestEventsAppliedAtStepEnd: when a Step ends at the step of an edit, the
// edit is in force when Step returns (Config shows it), and an edit made
// then comes after it, as in the replay.
func TestEventsAppliedAtStepEnd(t *testing.T) {
	cfg := state.Default()
	cfg.Events = []state.Event{{T: 10, Kind: state.EventAdd, Point: pt(0.5, 0.5, 1)}}
	s := mustNew(t, cfg)
	s.Step(10)
	if len(s.Config().Points) != 1 || s.Pending() {
		t.Fatalf("at step 10: %d points, pending %v", len(s.Config().Points), s.Pending())
	}
	e := state.Event{T: 10, Kind: state.EventDelete, Index: 0}
	if err := s.AddEvent(e); err != nil {
		t.Fatal(err)
	}
	s.Step(20)
	cfg.Events = append(cfg.Events, e)
	r := mustNew(t, cfg)
	r.Step(30)
	if !sameBits(scoresOn(r), scoresOn(s)) || len(r.Config().Points) != 0 {
		t.Error("an edit at the step of an earlier one replays differently")
	}
}

// TestLiveLambdaLinear: λ changed mid-run reaches a linear solver
// (Pegasos' Reconfigure): the replay from the event log equals the live
// run bit for bit and differs from the run without the change.
func TestLiveLambdaLinear(t *testing.T) {
	for _, l := range []string{state.LearnerPegasos, state.LearnerSGD, state.LearnerAMM} {
		cfg := state.Default()
		cfg.Learner, cfg.Preset = l, state.PresetMoons
		live := mustNew(t, cfg)
		live.Step(200)
		e := state.Event{T: 200, Kind: state.EventSet, Key: "lam", Value: "0.1"}
		if err := live.AddEvent(e); err != nil {
			t.Fatalf("%s refused λ mid-run: %v", l, err)
		}
		live.Step(200)
		cfg.Events = []state.Event{e}
		replay := mustNew(t, cfg)
		replay.Step(400)
		cfg.Events = nil
		plain := mustNew(t, cfg)
		plain.Step(400)
		if !sameBits(scoresOn(replay), scoresOn(live)) || sameBits(scoresOn(plain), scoresOn(live)) {
			t.Errorf("%s: replay equal %v, differs from no change %v", l,
				sameBits(scoresOn(replay), scoresOn(live)), !sameBits(scoresOn(plain), scoresOn(live)))
		}
	}
}
