package app

import (
	"reflect"
	"strings"
	"testing"

	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// compareHash is SVMD against NORMA on the rotating stream, NORMA with
// its own σ and τ.
func compareHash(t *testing.T) string {
	t.Helper()
	c := state.Default()
	c.Preset, c.Compare = state.PresetRotating, state.LearnerNORMA
	c.Second = c.Settings()
	c.Second.Sigma, c.Second.Tau = 0.4, 50
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	return state.Encode(c)
}

func dispatch(t *testing.T, s *Store, acts ...any) {
	t.Helper()
	for _, a := range acts {
		s.Dispatch(a)
		if m := s.Message(); m.Kind == Warning || m.Kind == Failure {
			t.Fatalf("%T %+v: %s", a, a, m.Text)
		}
	}
}

// TestCompareStore: a 2D comparison takes clicks and edits of either
// learner's live settings while it runs, each as one event of the
// timeline that both learners see at the same step; its link opens in a
// new store at the same step with both learners' traces bit for bit.
func TestCompareStore(t *testing.T) {
	s := NewStore(compareHash(t))
	if s.Run().Second() == nil {
		t.Fatal("a comparison link built no second learner")
	}
	dispatch(t, s, state.Step{N: 300},
		state.AddPoint{X: 0.5, Y: -0.25, Class: 1},
		state.SetField{Key: "2s", Value: "0.3"},
		state.Step{N: 200},
		state.SetField{Key: "s", Value: "0.2"},
		state.Step{N: 250})
	r := s.Run()
	if r.T() != 750 || r.Second().T() != 750 {
		t.Fatalf("steps %d and %d, want 750", r.T(), r.Second().T())
	}
	if n := len(s.Base().Events); n != 3 {
		t.Fatalf("%d events, want 3 (a click and two settings)", n)
	}
	c := s.Config()
	if c.Sigma != 0.2 || c.Second.Sigma != 0.3 || r.Second().LearnerConfig().Sigma != 0.3 || r.Sim().LearnerConfig().Sigma != 0.2 {
		t.Errorf("σ = %v, second σ = %v", c.Sigma, c.Second.Sigma)
	}
	h := s.Hash()
	if !strings.Contains(h, "at=750") || !strings.Contains(h, "2tau=50") {
		t.Fatalf("link %s", h)
	}
	o := NewStore(h)
	if o.Message().Kind == Failure {
		t.Fatal(o.Message().Text)
	}
	if o.Run().T() != 750 {
		t.Fatalf("the link opened at step %d", o.Run().T())
	}
	for i, pair := range [][2]*sim.Sim{{r.Sim(), o.Run().Sim()}, {r.Second(), o.Run().Second()}} {
		if !reflect.DeepEqual(pair[0].Traces(), pair[1].Traces()) {
			t.Errorf("learner %d: the link's traces differ from the run's", i+1)
		}
	}
	if reflect.DeepEqual(r.Sim().Traces().Eta, r.Second().Traces().Eta) {
		t.Error("the two learners drew the same η_t")
	}
	// The charts' input overlays both, named.
	var ct ChartTraces
	in := ct.Input(o.Run(), [2]string{"#0072b2", "#d55e00"})
	if in.Second == nil || in.Names[0] != "SVMD ρ=0.95" || in.Names[1] != "NORMA τ=50" || in.Window != state.DefaultWindow {
		t.Errorf("chart input: second %v, names %q, window %d", in.Second != nil, in.Names, in.Window)
	}
	v := Second(o.Run())
	if v.Name != "NORMA τ=50" || !strings.Contains(v.Caption, "σ = 0.3") || !strings.Contains(v.Caption, "τ = 50") || v.Sim != o.Run().Second() {
		t.Errorf("second view %+v", v)
	}
	// Undo removes the last edit (the first learner's σ) and replays both
	// learners to the same step: the second keeps its own edit.
	dispatch(t, s, Undo{})
	r = s.Run()
	if r.T() != 750 || r.Second().T() != 750 || len(s.Base().Events) != 2 {
		t.Fatalf("after Undo: steps %d and %d, %d events", r.T(), r.Second().T(), len(s.Base().Events))
	}
	if c := s.Config(); c.Sigma != 0.15 || c.Second.Sigma != 0.3 {
		t.Errorf("after Undo σ = %v, second σ = %v; want 0.15, 0.3", c.Sigma, c.Second.Sigma)
	}
	// Switching the comparison off leaves one learner.
	dispatch(t, s, state.SetField{Key: "vs", Value: state.CompareNone})
	if s.Run().Second() != nil || Second(s.Run()).Sim != nil {
		t.Error("vs=none kept a second learner")
	}
}

// TestWindowReplays: changing the error window N replays the run to the
// same step: the learning (η_t, the average error) is the same, the
// windowed error is recounted over the new N.
func TestWindowReplays(t *testing.T) {
	s := NewStore(compareHash(t))
	dispatch(t, s, state.Step{N: 900})
	before := s.Run().Sim().Traces()
	dispatch(t, s, state.SetField{Key: "win", Value: "100"})
	r := s.Run()
	if r.T() != 900 || s.Config().Window != 100 || r.Second().T() != 900 {
		t.Fatalf("after win=100: t = %d, N = %d", r.T(), s.Config().Window)
	}
	after := r.Sim().Traces()
	if !reflect.DeepEqual(before.Eta, after.Eta) || !reflect.DeepEqual(before.AvgError, after.AvgError) {
		t.Error("a new window changed the learning")
	}
	if reflect.DeepEqual(before.WinError, after.WinError) {
		t.Error("a new window left the windowed error as it was")
	}
	if !strings.Contains(s.Hash(), "win=100") {
		t.Errorf("the link %s lacks win=100", s.Hash())
	}
}

// TestCompareTasks: a 2D comparison runs under every task with learners
// that can do it, each on its own settings, and a task change moves an
// incompatible second learner to one that can (regression: NORMA).
func TestCompareTasks(t *testing.T) {
	for _, tc := range []struct {
		task, first, second string
	}{
		{state.TaskBinary, state.LearnerPerceptron, state.LearnerSVMD0},
		{state.TaskMulticlass, state.LearnerSVMD, state.LearnerPerceptron},
		{state.TaskNovelty, state.LearnerNORMA, state.LearnerSVMD},
		{state.TaskRegression, state.LearnerNORMA, state.LearnerNORMA},
	} {
		c := state.Default()
		c.Task, c.Learner, c.Compare, c.Nu = tc.task, tc.first, tc.second, 0.1
		c.Second = c.Settings()
		c.Second.Sigma, c.Second.BufferSize = 0.3, 128
		if err := c.Validate(); err != nil {
			t.Fatalf("%s: %v", tc.task, err)
		}
		s := NewStore(state.Encode(c))
		dispatch(t, s, state.Step{N: 300})
		r := s.Run()
		if r.Err() != nil || r.Second() == nil || r.Second().T() != 300 {
			t.Fatalf("%s: err %v, second %v", tc.task, r.Err(), r.Second() != nil)
		}
		if got := r.Second().LearnerConfig(); got.Learner != tc.second || got.Sigma != 0.3 || got.BufferSize != 128 {
			t.Errorf("%s: second learner %s σ=%v ω=%d", tc.task, got.Learner, got.Sigma, got.BufferSize)
		}
		if reflect.DeepEqual(r.Sim().Traces().Loss, r.Second().Traces().Loss) {
			t.Errorf("%s: both learners drew the same loss", tc.task)
		}
	}
	// Regression needs NORMA: choosing it moves an SVMD second learner.
	c := state.Default()
	c.Compare = state.LearnerSVMD
	s := NewStore(state.Encode(c))
	dispatch(t, s, state.SetField{Key: "t", Value: state.TaskRegression})
	if got := s.Config(); got.Compare != state.LearnerNORMA || s.Run().Second() == nil {
		t.Errorf("regression: second learner %s", got.Compare)
	}
}
