package ui

import "math"

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

// Reduction follows how many of the steps per frame the user asked for
// (Config.StepsPerFrame, per tick of the Pacer) the frame's time budget
// (Slicer) let run, so that the read-out can say when the budget cut them:
// a link with k=polynomial&w=4096&spf=1000 asks for about 164 ms of
// learning per frame. The zero value is ready to use; it is pure and tested
// natively.
type Reduction struct {
	asked int     // steps per tick asked for
	ran   float64 // steps per tick learned, moving average (weight 1/8)
	seen  bool
}

// Add records a frame in which ticks ticks of asked steps each were due
// and ran steps were learned. A frame without ticks, or in which the run
// stopped (its end, a divergence: not the budget), is not counted; a new
// asked value starts the average afresh.
func (r *Reduction) Add(ticks, asked, ran int, stopped bool) {
	if ticks <= 0 || asked <= 0 || stopped {
		return
	}
	v := float64(ran) / float64(ticks)
	if !r.seen || asked != r.asked {
		r.asked, r.ran, r.seen = asked, v, true
		return
	}
	r.ran += (v - r.ran) / 8
}

// Reduced returns the steps per tick learned on average (rounded, at least
// 1) and the steps asked for, and reports whether the budget ran fewer than
// 98% of them.
func (r *Reduction) Reduced() (ran, asked int, reduced bool) {
	if !r.seen {
		return 0, 0, false
	}
	return max(1, int(r.ran+0.5)), r.asked, r.ran < 0.98*float64(r.asked)
}

// Reset forgets the frames seen (a new run, or playing resumes).
func (r *Reduction) Reset() { *r = Reduction{} }

// GridGovernor lowers the decision surface's grid while a run plays when
// computing the surface and tracing its contours take longer than their
// budget (a Laplacian surface at grid 400 takes about 66 ms), and gives
// back the grid asked for (Config.Grid) as soon as the run pauses, so a
// still picture is always at full resolution. Both costs grow with the
// number of grid cells, so it keeps a moving average of the time per cell
// and picks the largest grid g ≤ asked with g²·(ms per cell) ≤ BudgetMS,
// never below MinGrid (or asked, if smaller), in steps of 10; it changes
// the grid only when the new one differs by more than 10%, so noise in the
// timings does not make the picture flicker between two resolutions.
//
// The zero value is ready to use; it is pure and tested natively.
type GridGovernor struct {
	// BudgetMS is the surface's share of a frame, ms; 0 means 8.
	BudgetMS float64
	// MinGrid is the coarsest grid it goes down to; 0 means 40.
	MinGrid int

	perCell float64 // ms per grid cell, moving average (0: not measured)
	grid    int     // the grid last chosen while playing (0: none)
}

// Grid returns the grid to draw at, given the grid asked for and whether
// the run plays.
func (g *GridGovernor) Grid(asked int, playing bool) int {
	if !playing || g.perCell <= 0 || asked <= 0 {
		g.grid = 0
		return asked
	}
	budget, minGrid := g.BudgetMS, g.MinGrid
	if budget <= 0 {
		budget = 8
	}
	if minGrid <= 0 {
		minGrid = 40
	}
	fit := int(math.Sqrt(budget/g.perCell)) / 10 * 10
	want := max(min(asked, minGrid), min(asked, fit))
	cur := g.grid
	if cur == 0 {
		cur = asked
	}
	if math.Abs(float64(want-cur)) > 0.1*float64(cur) {
		cur = want
	}
	g.grid = min(cur, asked)
	return g.grid
}

// Observe records that the surface and its contours at grid took ms.
func (g *GridGovernor) Observe(grid int, ms float64) {
	if grid <= 0 || !(ms >= 0) || math.IsInf(ms, 0) {
		return
	}
	v := ms / float64(grid*grid)
	if g.perCell == 0 {
		g.perCell = v
		return
	}
	g.perCell += (v - g.perCell) / 4
}

// Reset forgets the measurement (a new run may draw much faster or slower).
func (g *GridGovernor) Reset() { *g = GridGovernor{BudgetMS: g.BudgetMS, MinGrid: g.MinGrid} }

// ReplaySteps is the longest replay (a link's at=, an Undo) the page runs at
// once, given the measured time per step in ms: about 100 ms of learning,
// at least 100 and at most 10⁶ steps. A longer replay goes on over frames
// with a progress note (app.Store.Replay).
func ReplaySteps(perStepMS float64) int {
	if !(perStepMS > 0) {
		return 100
	}
	return int(max(100, min(1e6, 100/perStepMS)))
}
