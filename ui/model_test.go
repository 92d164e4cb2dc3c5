//go:build js && wasm

package ui

import (
	"encoding/json"
	"testing"

	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// TestTraceJSON checks that the hand-written JSON parses and holds the
// traces exactly.
func TestTraceJSON(t *testing.T) {
	c := state.Default()
	c.Seed = 7
	t.Logf("seed %d", c.Seed)
	sm, err := sim.New(c)
	if err != nil {
		t.Fatal(err)
	}
	sm.Step(300)
	var got struct {
		T, Mistakes int
		Steps, Eta  []float64
		AvgError    []float64 `json:"avgError"`
		Loss        []float64
		Buffer      []float64
		Margin      []float64
	}
	js := traceJSON(sm)
	if err := json.Unmarshal([]byte(js), &got); err != nil {
		t.Fatalf("%v\n%s", err, js)
	}
	tr := sm.Traces()
	if got.T != 300 || got.Mistakes != sm.Mistakes() {
		t.Errorf("t = %d, mistakes = %d; want 300, %d", got.T, got.Mistakes, sm.Mistakes())
	}
	same := func(name string, a, b []float64) {
		if len(a) != len(b) {
			t.Errorf("%s: %d values, want %d", name, len(a), len(b))
			return
		}
		for i := range a {
			if a[i] != b[i] {
				t.Errorf("%s[%d] = %v, want %v", name, i, a[i], b[i])
				return
			}
		}
	}
	same("steps", got.Steps, tr.Eta.T)
	same("eta", got.Eta, tr.Eta.V)
	same("avgError", got.AvgError, tr.AvgError.V)
	same("loss", got.Loss, tr.Loss.V)
	same("buffer", got.Buffer, tr.Buffer.V)
	same("margin", got.Margin, tr.Margin.V)
}

func TestPredictAt(t *testing.T) {
	c := state.Default()
	c.Points = []state.Point{{X: -0.5, Y: 0, Class: 0}, {X: 0.5, Y: 0, Class: 1}}
	sm, err := sim.New(c)
	if err != nil {
		t.Fatal(err)
	}
	sm.Step(200)
	for _, p := range c.Points {
		if got := predictAt(c, sm.Learner(), p.X, p.Y); got != float64(p.Class) {
			t.Errorf("predictAt(%g, %g) = %g, want class %d", p.X, p.Y, got, p.Class)
		}
	}
}

// TestReadoutsRegression: 1D regression with ν = 0 has no ε-tube, so every
// residual counted as a mistake and the read-out said 100% average error
// on a near-perfect fit. Regression reads the running mean absolute error
// |y − f(x)| instead (as regression papers report), and no "avg error".
func TestReadoutsRegression(t *testing.T) {
	cfg, err := state.Apply(state.Default(), state.SetField{Key: "t", Value: state.TaskRegression})
	if err != nil {
		t.Fatal(err)
	}
	cfg.Nu = 0
	sm, err := sim.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	sm.Step(2000)
	rows := map[string]string{}
	for _, r := range readouts(sm, cfg) {
		rows[r.Label] = r.Value
	}
	if v, ok := rows["avg error"]; ok {
		t.Errorf("regression reads avg error %q", v)
	}
	if got, want := rows["avg |y−f|"], num(sm.MeanAbsError()); got != want || !(sm.MeanAbsError() < 0.3) {
		t.Errorf("avg |y−f| reads %q, want %q (< 0.3)", got, want)
	}
	// Classification keeps its read-outs.
	b, _ := sim.New(state.Default())
	b.Step(10)
	found := false
	for _, r := range readouts(b, state.Default()) {
		found = found || r.Label == "avg error"
	}
	if !found {
		t.Error("binary: no avg error read-out")
	}
}

// TestReadoutsDCDHasNoStepSize: DCD solves each dual coordinate exactly and
// has no step size; its η_t read-out says so with a dash (it read 0).
func TestReadoutsDCDHasNoStepSize(t *testing.T) {
	cfg := state.Default()
	cfg.Learner = state.LearnerDCD
	sm, err := sim.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	sm.Step(50)
	for _, r := range readouts(sm, cfg) {
		if r.Label == "η_t" && r.Value != "–" {
			t.Errorf("DCD η_t reads %q, want –", r.Value)
		}
	}
}
