package sim

import (
	"testing"

	"kernelplay/core/regret"
	"kernelplay/ui/state"
)

// solvedTarget is the number of checkpoints a comparator fed n examples
// has when it is caught up: those of regret.NextCheckpoint up to n, and
// the last exact prefix maxExact once n reaches it (unless it is one).
func solvedTarget(n, maxExact int) int {
	k, exact := 0, false
	for m := regret.NextCheckpoint(0); m <= n; m = regret.NextCheckpoint(m) {
		k++
		exact = exact || m == maxExact
	}
	if n >= maxExact && !exact {
		k++
	}
	return k
}

// TestPerceptronBoundKeepsUp: the kernel perceptron's two comparators,
// the regret's and θ's (whose margins JMLR Theorem 1's bound reads), keep
// up with the run together. Played as the frame loop plays it —
// shareSteps examples a frame, then shareSlices calls of RegretStep with
// shareSlice units — each has solved all but at most shareLag of the
// checkpoints up to t (θ's up to its MaxExact examples) after every
// frame; before, θ got work only when the regret's comparator was idle
// and solved each checkpoint to 10⁻⁹ in up to 50 epochs, and trailed by
// up to 9 checkpoints here (its line lagged the run). Paused, both catch
// up within shareFrames frames of the same budget, and the bound reads θ's
// last checkpoint.
func TestPerceptronBoundKeepsUp(t *testing.T) {
	const (
		shareSteps  = 20  // the page's default steps per frame
		shareSlice  = 400 // ui.regretSlice
		shareSlices = 4   // slices a frame (the frame loop's 3 ms holds more on a fast machine)
		shareLag    = 2   // checkpoints a comparator may trail t during play
		shareFrames = 50  // frames of budget after the run stops
		n           = 1200
	)
	cfg := state.Default()
	cfg.Learner, cfg.Task, cfg.Offset = state.LearnerPerceptron, state.TaskBinary, false
	s := mustNew(t, cfg)
	mon, why := s.Regret()
	if mon == nil || s.reg.theta == nil {
		t.Fatalf("no comparators for the perceptron: %s", why)
	}
	maxExact := mon.Comparator().Settings().MaxExact
	lag := func() (int, int) {
		return solvedTarget(s.T(), maxExact) - len(mon.Current().Points),
			solvedTarget(min(s.T(), maxExact), maxExact) - len(s.reg.theta.Points())
	}
	worstR, worstT := 0, 0
	for s.T() < n {
		s.Step(shareSteps)
		for range shareSlices {
			s.RegretStep(shareSlice)
		}
		lr, lt := lag()
		worstR, worstT = max(worstR, lr), max(worstT, lt)
		if lr > shareLag || lt > shareLag {
			t.Fatalf("t = %d: the regret's comparator %d, θ's %d checkpoints behind; want at most %d", s.T(), lr, lt, shareLag)
		}
	}
	frames := 0
	for idle := false; !idle; frames++ {
		if frames == shareFrames {
			lr, lt := lag()
			t.Fatalf("paused at t = %d: %d frames later the regret's comparator is %d, θ's %d checkpoints behind", n, frames, lr, lt)
		}
		for range shareSlices {
			idle = s.RegretStep(shareSlice)
		}
	}
	if lr, lt := lag(); lr != 0 || lt != 0 {
		t.Fatalf("idle with the regret's comparator %d, θ's %d checkpoints behind", lr, lt)
	}
	b, _, mistakes, m := s.PerceptronBound()
	if pts := s.reg.theta.Points(); !b.Applies || m != pts[len(pts)-1].M || float64(mistakes) > b.Value {
		t.Fatalf("bound %+v with %d mistakes at m = %d, θ's last checkpoint %d", b, mistakes, m, pts[len(pts)-1].M)
	}
	t.Logf("playing %d steps a frame, %d×%d units: the regret's comparator at most %d, θ's %d checkpoints behind; "+
		"paused, both caught up in %d frames", shareSteps, shareSlices, shareSlice, worstR, worstT, frames)
}

// TestSecondLearnerBounds: in a comparison the second learner's bounds
// follow its own learner, not the first's (both are learn.NORMA values:
// the perceptron is NORMA with λ = 0 and η = 1). With the perceptron
// second, its mistake bound applies and its risk has none; NORMA first
// is not told that "the perceptron's bound counts mistakes".
func TestSecondLearnerBounds(t *testing.T) {
	cfg := state.Default()
	cfg.Task, cfg.Offset = state.TaskBinary, false
	cfg.Learner, cfg.Compare = state.LearnerNORMA, state.LearnerPerceptron
	cfg.Second = cfg.Settings() // the same settings: no offset for either
	first := mustNew(t, cfg)
	second, err := NewSecond(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if got := second.LearnerConfig().Learner; got != state.LearnerPerceptron {
		t.Fatalf("the second learner is %q", got)
	}
	for _, s := range []*Sim{first, second} {
		s.Step(300)
		for !s.RegretStep(400) {
		}
	}
	mon, why := second.Regret()
	if mon == nil {
		t.Fatalf("no monitor for the second learner: %s", why)
	}
	pts := mon.Current().Points
	if len(pts) == 0 {
		t.Fatal("the second learner's comparator solved no checkpoint")
	}
	if b := second.RegretBound(pts[len(pts)-1]); b.Applies || b.Source != "JMLR Theorem 1" {
		t.Errorf("the second learner (perceptron): risk bound %+v, want the perceptron's reason", b)
	}
	if b, _, mistakes, _ := second.PerceptronBound(); !b.Applies || float64(mistakes) > b.Value {
		t.Errorf("the second learner (perceptron): mistake bound %+v with %d mistakes", b, mistakes)
	}
	fm, _ := first.Regret()
	fp := fm.Current().Points
	if b := first.RegretBound(fp[len(fp)-1]); b.Source == "JMLR Theorem 1" {
		t.Errorf("the first learner (NORMA) read the perceptron's reason: %+v", b)
	}
	if b, _, _, _ := first.PerceptronBound(); b.Applies {
		t.Errorf("the first learner (NORMA) has a mistake bound: %+v", b)
	}
}
