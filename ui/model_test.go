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
