package ui

// Slicer sizes the slices of a heavy run (MNIST at ω = 4096 takes
// milliseconds per example) so that the learning done in one animation frame
// stays within a time budget and the page never freezes. It measures the
// time per step of each slice, keeps a moving average, and plans the next
// slice from it; a slice is never larger than what is still wanted, nor
// than MaxSlice, and always at least one step, so a run moves even when one
// step is longer than the budget.
//
// Slicer is pure (no syscall/js; the caller passes elapsed times) and is
// tested natively.
type Slicer struct {
	// BudgetMS is the learning time allowed per frame, in milliseconds; 0
	// means 10 (leaving about 6 ms of a 60 Hz frame for drawing).
	BudgetMS float64
	// MaxSlice caps one slice, in steps; 0 means 4096.
	MaxSlice int

	perStep float64 // ms per step, moving average (0: not measured yet)
}

func (s *Slicer) budget() float64 {
	if s.BudgetMS <= 0 {
		return 10
	}
	return s.BudgetMS
}

// Plan returns the size of the next slice, given the steps still wanted in
// this frame and the time already spent in it (ms). It returns 0 when
// nothing is wanted or the budget is used up (after at least one slice ran,
// spent > 0). Before the first measurement it plans a single step.
func (s *Slicer) Plan(want int, spent float64) int {
	if want <= 0 {
		return 0
	}
	left := s.budget() - spent
	if spent > 0 && left <= 0 {
		return 0
	}
	maxSlice := s.MaxSlice
	if maxSlice <= 0 {
		maxSlice = 4096
	}
	n := 1
	if s.perStep > 0 {
		n = int(left / s.perStep)
	}
	return max(1, min(n, want, maxSlice))
}

// Observe records that a slice of steps took ms milliseconds.
func (s *Slicer) Observe(steps int, ms float64) {
	if steps <= 0 || !(ms >= 0) {
		return
	}
	v := ms / float64(steps)
	switch {
	case s.perStep == 0:
		s.perStep = v
	default:
		// Weight by the slice's share of the budget: a long slice is a
		// better measurement than a one-step probe.
		w := min(1, ms/s.budget())
		s.perStep += (v - s.perStep) * max(0.1, w)
	}
}

// PerStep returns the measured time per step in milliseconds (0 before the
// first slice).
func (s *Slicer) PerStep() float64 { return s.perStep }

// Reset forgets the measurement (a new run may be much faster or slower).
func (s *Slicer) Reset() { s.perStep = 0 }
