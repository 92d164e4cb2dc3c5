package app

import (
	"slices"
	"strings"
	"testing"

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
