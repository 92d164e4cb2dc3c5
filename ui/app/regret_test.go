package app

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"kernelplay/core/learn"
	"kernelplay/core/regret"
	"kernelplay/ui/render"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// TestRegretTrace: the regret panel's data is the monitor's checkpoints
// at their steps (R = Online − Hindsight), no bound for SVMD (with the
// reason in the caption), NORMA under JMLR's schedule says why Theorem 2
// does not apply, and a multiclass run has only the page's message.
func TestRegretTrace(t *testing.T) {
	for _, c := range []struct {
		learner, task, caption string
	}{
		{state.LearnerSVMD, state.TaskBinary, "no bound: SVMD's η adapts"},
		{state.LearnerNORMA, state.TaskBinary, "no bound (NORMA Theorem 2, eq. (23)): the theorem has no offset b"},
		{state.LearnerSVMD, state.TaskMulticlass, ""},
	} {
		cfg := state.Default()
		cfg.Learner, cfg.Task = c.learner, c.task
		s, err := sim.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		s.Step(200)
		for !s.RegretStep(1 << 20) {
		}
		var b regretBuf
		tr := regretTrace(s, &b)
		mon, why := s.Regret()
		if mon == nil {
			if tr.Why != why || why != sim.MulticlassNoRegret || len(tr.R.X) != 0 {
				t.Errorf("%s/%s: why %q, trace %+v", c.learner, c.task, why, tr)
			}
			continue
		}
		pts := mon.Current().Points
		if len(tr.R.X) != len(pts) || len(tr.Lower.X) != 0 {
			t.Fatalf("%s: %d exact points drawn of %d", c.learner, len(tr.R.X), len(pts))
		}
		for i, p := range pts {
			if tr.R.X[i] != float64(p.M) || tr.R.Y[i] != p.Online-p.Hindsight {
				t.Fatalf("%s: point %d drawn at (%v, %v), checkpoint %+v", c.learner, i, tr.R.X[i], tr.R.Y[i], p)
			}
		}
		if len(tr.Bound.X) != 0 || !strings.Contains(tr.Caption, c.caption) {
			t.Errorf("%s: bound %d points, caption %q, want %q in it", c.learner, len(tr.Bound.X), tr.Caption, c.caption)
		}
	}
}

// TestRegretAlarms: a burst of alarms is marked once, at its first step
// (shifted by the comparison's start), labelled by every detector in it;
// an alarm more than alarmBurst steps later is a new mark.
func TestRegretAlarms(t *testing.T) {
	al := []regret.Alarm{{T: 410, ADWIN: true}, {T: 411, ADWIN: true}, {T: 450, PageHinkley: true},
		{T: 700, PageHinkley: true}}
	got := alarms(nil, al, 50)
	want := []render.Alarm{{T: 460, Label: "ADWIN+PH"}, {T: 750, Label: "PH"}}
	if !slices.Equal(got, want) {
		t.Fatalf("marks %v, want %v", got, want)
	}
}

// TestTheoryLine (issue 21 a): the kernel perceptron without offset reads
// its mistakes in the last solved prefix (checkpoint 366 after 366 steps:
// all of the run's mistakes) against JMLR Theorem 1's ((R+D)/γ)², which
// holds; with an offset the line says the theorem has none; kernel
// Pegasos reads ‖g*‖ against 1/√λ, which holds; SVMD has no such line.
func TestTheoryLine(t *testing.T) {
	run := func(learner string, offset bool) *sim.Sim {
		cfg := state.Default()
		cfg.Learner, cfg.Task, cfg.Offset = learner, state.TaskBinary, offset
		return solvedAt366(t, cfg)
	}
	s := run(state.LearnerPerceptron, false)
	b, gamma, mistakes, m := s.PerceptronBound()
	if !b.Applies || m != 366 || mistakes != s.Mistakes() || mistakes == 0 || float64(mistakes) > b.Value || !(gamma > 0) {
		t.Fatalf("perceptron: bound %+v, γ %v, %d mistakes at m = %d (run: %d)", b, gamma, mistakes, m, s.Mistakes())
	}
	want := "mistakes " + strconv.Itoa(mistakes) + " ≤ ((R+D)/γ)² = " + render.FormatValue(b.Value, false) + " at m = 366"
	if line := theoryLine(s); !strings.HasPrefix(line, want) || !strings.Contains(regretTrace(s, new(regretBuf)).Caption, line) {
		t.Errorf("perceptron line %q, want it to start %q and in the caption", line, want)
	}
	if line := theoryLine(run(state.LearnerPerceptron, true)); line != "no mistake bound (JMLR Theorem 1): the bound has no offset" {
		t.Errorf("perceptron with offset: %q", line)
	}
	s = run(state.LearnerKernelPegasos, false)
	pb, norm, ok := s.PegasosNorm()
	if !ok || !pb.Applies || !(norm > 0) || norm > pb.Value {
		t.Fatalf("kernel Pegasos: bound %+v, ‖g*‖ %v, ok %v", pb, norm, ok)
	}
	if line := theoryLine(s); !strings.HasPrefix(line, "‖g*‖ = "+render.FormatValue(norm, false)+" ≤ 1/√λ = ") {
		t.Errorf("kernel Pegasos line %q", line)
	}
	if line := theoryLine(run(state.LearnerSVMD, true)); line != "" {
		t.Errorf("SVMD line %q, want none", line)
	}
}

// TestTruncationLine (issue 21 b): the kernel perceptron (a fixed rate Λ,
// λ = 0, hinge: C = 1) with ω = 100 reads NORMA Proposition 1's bound at
// t = 366 as Λ·C·X·(t − ω) (eq. (11) at λ = 0, X = 1 for the Gaussian);
// NORMA under JMLR's decaying rate says the proposition wants a fixed
// one; SVMD has no such line.
func TestTruncationLine(t *testing.T) {
	run := func(learner string, omega int) *sim.Sim {
		cfg := state.Default()
		cfg.Learner, cfg.Task, cfg.BufferSize = learner, state.TaskBinary, omega
		return solvedAt366(t, cfg)
	}
	s := run(state.LearnerPerceptron, 100)
	eta := s.Learner().(*learn.NORMA).Config().Schedule.(learn.Constant).Eta0
	b, ok := s.Truncation()
	if want := eta * (366 - 100); !ok || !b.Applies || math.Abs(b.Value-want) > 1e-9*want {
		t.Fatalf("perceptron ω = 100: %+v (ok %v), want %v", b, ok, want)
	}
	want := "ω = 100 keeps ‖f − f_trunc‖ ≤ " + render.FormatValue(b.Value, false) + " at t = 366 (NORMA Proposition 1, eq. (11))"
	if line := truncationLine(s); line != want || !strings.Contains(regretTrace(s, new(regretBuf)).Caption, want) {
		t.Errorf("perceptron line %q, want %q in the caption", line, want)
	}
	if line := truncationLine(run(state.LearnerNORMA, 512)); line != "no bound (NORMA Proposition 1, eq. (11)): stated for a fixed rate Λ" {
		t.Errorf("NORMA (JMLR schedule) line %q", line)
	}
	if line := truncationLine(run(state.LearnerSVMD, 512)); line != "" {
		t.Errorf("SVMD line %q, want none", line)
	}
}

// TestRegretBoundsNote (issue 21 d): the charts' hover text cites every
// bound core/regret computes by its Source, word for word.
func TestRegretBoundsNote(t *testing.T) {
	var cfg learn.NORMAConfig
	b, _ := regret.PerceptronBound([]float64{1}, 1)
	for _, src := range []string{regret.NORMATheorem2(cfg, regret.Point{M: 1}).Source, regret.NORMATheorem1(cfg, 1, 1, 1, regret.Point{M: 1}).Source,
		regret.Truncation(cfg, 1, 1).Source,
		b.Source, regret.PegasosNorm(1).Source} {
		if src == "" || !strings.Contains(RegretBoundsNote, src) {
			t.Errorf("the hover text does not cite %q", src)
		}
	}
}

// solvedAt366 is a run of cfg stepped to t = 366 with its hindsight
// comparators caught up (RegretStep without a budget until it is done).
func solvedAt366(t *testing.T, cfg state.Config) *sim.Sim {
	t.Helper()
	s, err := sim.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	s.Step(366)
	for !s.RegretStep(1 << 20) {
	}
	return s
}

// TestTheorem1Caption (issue 21, NORMA as in Theorem 1): at t = 366 of a
// run planned for m = 500 with B = 10 the panel draws eq. (22)'s excess
// B·X·√m = 10·√500 dashed at every checkpoint and the caption says the
// theorem covers only ‖g‖ ≤ B; at t = 700 the line stops at m and the
// caption says the theorem says nothing beyond; with the offset on, the
// condition that fails.
func TestTheorem1Caption(t *testing.T) {
	cfg := state.Default()
	cfg.Learner, cfg.Schedule, cfg.Offset = state.LearnerNORMA, state.ScheduleTheorem1, false
	s := solvedAt366(t, cfg)
	tr := regretTrace(s, new(regretBuf))
	mon, _ := s.Regret()
	if len(tr.Bound.X) != len(mon.Current().Points) || len(tr.Bound.X) == 0 {
		t.Fatalf("%d bound points, %d checkpoints", len(tr.Bound.X), len(mon.Current().Points))
	}
	for i, y := range tr.Bound.Y {
		if math.Abs(y-10*math.Sqrt(500)) > 1e-9 {
			t.Errorf("bound point %d: %v, want 10·√500", i, y)
		}
	}
	want := "dashed: NORMA Theorem 1, eq. (22)\nonly predictors with ‖g‖ ≤ B = 10\ndrawn to t = m = 500, without its O(1)"
	if !strings.HasPrefix(tr.Caption, want) {
		t.Errorf("caption %q, want it to start %q", tr.Caption, want)
	}
	s.Step(700 - 366)
	for !s.RegretStep(1 << 20) {
	}
	tr = regretTrace(s, new(regretBuf))
	if n := len(tr.Bound.X); n == 0 || tr.Bound.X[n-1] != 500 {
		t.Errorf("bound drawn at %v, want it to end at t = m = 500", tr.Bound.X)
	}
	if !strings.HasPrefix(tr.Caption, "dashed: NORMA Theorem 1, eq. (22)\nonly predictors with ‖g‖ ≤ B = 10\npast m = 500 the theorem says nothing") {
		t.Errorf("caption beyond m: %q", tr.Caption)
	}
	cfg.Offset = true
	tr = regretTrace(solvedAt366(t, cfg), new(regretBuf))
	if len(tr.Bound.X) != 0 || !strings.HasPrefix(tr.Caption, "no bound (NORMA Theorem 1, eq. (22)): the theorem has no offset b") {
		t.Errorf("with the offset: %d bound points, caption %q", len(tr.Bound.X), tr.Caption)
	}
}
