package sim

import (
	"bytes"
	"testing"

	"kernelplay/core/learn"
	"kernelplay/ui/state"
)

// TestResumeInSlices: a run rebuilt by a Resumer in slices of 7 examples
// (with a clicked point and a live λ edit on the timeline: the model's λ
// is the one in force at the saved step) is the run Resume rebuilds at
// once, and both learn on exactly as the uninterrupted run; Progress counts
// the slices and Done comes at the saved step.
func TestResumeInSlices(t *testing.T) {
	c := state.Default()
	c.Playing = false
	c.Events = []state.Event{
		{T: 30, Kind: state.EventAdd, Point: state.Point{X: 0.25, Y: -0.25, Class: 1}},
		{T: 40, Kind: state.EventSet, Key: "lam", Value: "0.01"},
	}
	whole, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	whole.Step(100)
	model, err := whole.MarshalModel()
	if err != nil {
		t.Fatal(err)
	}
	l, err := learn.UnmarshalModel(model)
	if err != nil {
		t.Fatal(err)
	}
	r, err := StartResume(c, l, whole.Position())
	if err != nil {
		t.Fatal(err)
	}
	slices := 0
	for !r.Done() {
		if ran := r.Advance(7); ran < 1 || ran > 7 {
			t.Fatalf("a slice of 7 ran %d", ran)
		}
		slices++
		if done, target := r.Progress(); target != 100 || done != min(7*slices, 100) {
			t.Fatalf("progress %d of %d after %d slices", done, target, slices)
		}
	}
	sliced, err := r.Finish()
	if err != nil {
		t.Fatal(err)
	}
	if slices != 15 {
		t.Errorf("%d slices of 7 for 100 examples", slices)
	}
	whole.Step(50)
	sliced.Step(50)
	a, _ := whole.MarshalModel()
	b, _ := sliced.MarshalModel()
	if !bytes.Equal(a, b) || whole.Position() != sliced.Position() {
		t.Errorf("50 steps after the sliced resume the run differs (positions %+v, %+v)", whole.Position(), sliced.Position())
	}
}
