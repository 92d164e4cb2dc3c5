package ui

import "testing"

// TestSlicerFitsBudget simulates a learner taking stepMS per step and
// checks that a frame's slices stay within one step of the budget once the
// time per step is known, and that a frame always makes progress.
func TestSlicerFitsBudget(t *testing.T) {
	for _, stepMS := range []float64{0.001, 0.05, 2, 25} {
		s := Slicer{BudgetMS: 10}
		for frame := range 20 {
			want, spent, done := 100000, 0.0, 0
			for {
				n := s.Plan(want-done, spent)
				if n == 0 {
					break
				}
				s.Observe(n, float64(n)*stepMS)
				spent += float64(n) * stepMS
				done += n
			}
			if done == 0 {
				t.Fatalf("step %v ms: frame %d made no progress", stepMS, frame)
			}
			if frame > 2 && spent > 10+stepMS+1e-9 && done > 1 {
				t.Errorf("step %v ms: frame %d spent %v ms for %d steps", stepMS, frame, spent, done)
			}
		}
	}
}

func TestSlicerCaps(t *testing.T) {
	s := Slicer{MaxSlice: 50}
	if n := s.Plan(1000, 0); n != 1 {
		t.Errorf("first plan %d, want a 1-step probe", n)
	}
	s.Observe(1, 0.0001)
	if n := s.Plan(1000, 0); n != 50 {
		t.Errorf("plan %d, want the cap 50", n)
	}
	if n := s.Plan(7, 0); n != 7 {
		t.Errorf("plan %d, want what is wanted (7)", n)
	}
	if n := s.Plan(0, 0); n != 0 {
		t.Errorf("plan %d for nothing wanted", n)
	}
	if n := s.Plan(10, 11); n != 0 {
		t.Errorf("plan %d after the budget is spent", n)
	}
}
