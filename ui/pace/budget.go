package pace

import "math"

// Slicer sizes the slices of a heavy run (MNIST at ω = 4096 takes
// milliseconds per example) so that the learning done in one animation frame
// stays within a time budget and the page never freezes. It measures the
// time per step of each slice, keeps a moving average, and plans the next
// slice from it; a slice is never larger than what is still wanted, nor
// than MaxSlice, and the first of a frame is at least one step, so a run
// moves even when one step is longer than the budget. The budget may
// change from frame to frame (FrameGovernor sets it).
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

// Left returns what is left of the frame's budget (BudgetMS, or its
// default) after spent ms; it may be ≤ 0.
func (s *Slicer) Left(spent float64) float64 { return s.budget() - spent }

func (s *Slicer) budget() float64 {
	if s.BudgetMS <= 0 {
		return 10
	}
	return s.BudgetMS
}

// Plan returns the size of the next slice, given the steps still wanted in
// this frame and the time already spent in it (ms). It returns 0 when
// nothing is wanted, or after a first slice (spent > 0) when what is left
// of the budget holds no whole step at the time per step measured: a frame
// of steps of 6 ms (MNIST at ω = 4096) under a 14 ms budget learns two,
// not three (18 ms, a dropped frame). Before the first measurement it
// plans a single step, and the first slice of a frame has at least one
// step, so a run moves even when one step is longer than the budget.
func (s *Slicer) Plan(want int, spent float64) int {
	if want <= 0 {
		return 0
	}
	left := s.Left(spent)
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
	if n <= 0 && spent > 0 {
		return 0
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
// timings does not make the picture flicker between two resolutions. It
// lowers the grid at once, but raises it only MinFramesUp frames (half a
// second at 60 Hz) after the last change: every change recomputes the surface from scratch at the new
// grid (and sets up its Chebyshev field: ui/render), a frame of 20–70 ms
// even unthrottled on a loaded machine, and while the frame's scale
// (FrameGovernor) recovers by 5% a frame the grid would otherwise step up
// frame after frame.
//
// The zero value is ready to use; it is pure and tested natively.
type GridGovernor struct {
	// BudgetMS is the surface's share of a frame, ms; 0 means 8.
	BudgetMS float64
	// MinGrid is the coarsest grid it goes down to; 0 means 40.
	MinGrid int
	// MinFramesUp is the least number of frames (calls of Grid while
	// playing) between a change of the grid and a raise; 0 means 30.
	MinFramesUp int

	perCell float64 // ms per grid cell, moving average (0: not measured)
	grid    int     // the grid last chosen while playing (0: none)
	since   int     // calls of Grid while playing since the grid last changed
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
	up := g.MinFramesUp
	if up <= 0 {
		up = 30
	}
	g.since++
	if math.Abs(float64(want-cur)) > 0.1*float64(cur) && (want < cur || g.since >= up) {
		cur, g.since = want, 0
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
func (g *GridGovernor) Reset() {
	*g = GridGovernor{BudgetMS: g.BudgetMS, MinGrid: g.MinGrid, MinFramesUp: g.MinFramesUp}
}

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

// FrameGovernor shares each animation frame between learning and drawing,
// so that the page's script stays within a frame however slow the machine
// is (issue 13: a busy school laptop drew 16–20 frames a second with long
// tasks while the page asked for a full frame of steps and a 200² surface
// regardless). It keeps a moving average of the time a drawn frame spends
// drawing, and of the interval between animation frames:
//
//   - the learning budget of a frame (Slicer.BudgetMS) is what the target
//     leaves after the drawing, TargetMS·scale − draw, within
//     [MinLearnMS, the mode's cap];
//   - scale starts at 1 and falls by 10% per frame while frames run long
//     (their interval averages above 1.25 periods of PeriodMS: the browser,
//     or the machine, cannot keep up), down to 1/4, and recovers by 5% per
//     frame once they come on time again (below 1.1 periods), so a passing
//     stall does not leave the page slowed for long;
//   - the surface's share (GridBudget) scales the same way, so the grid
//     drops when frames run long (GridGovernor) and recovers when they do
//     not.
//
// Measured (TestBrowserSpeed/Throttled, the default demo with the CPU
// throttled 4×, 10 s, the machine's load average 2): 51 frames/s and one
// long task (50 ms), against 38 frames/s and 17 long tasks (up to 70 ms)
// with the fixed budgets of before; unthrottled both hold 60 frames/s.
//
// The zero value is ready to use. It is pure (the caller passes the
// times) and is tested natively with a simulated clock.
type FrameGovernor struct {
	// TargetMS is the script time a frame may take, learning and drawing,
	// ms; 0 means 12 (of a 16.7 ms frame at 60 Hz: the rest is the
	// browser's style, layout, paint and the collector's pauses).
	TargetMS float64
	// MinLearnMS is the least learning time a frame gets, ms; 0 means 2
	// (the default demo's 20 steps a frame on a CPU four times slower
	// than this machine's: cutting them would save nothing visible).
	MinLearnMS float64
	// PeriodMS is a frame's period on time, ms; 0 means 1000/60.
	PeriodMS float64

	drawMS     float64 // drawing per drawn frame, moving average (ms)
	intervalMS float64 // between animation frames, moving average (ms)
	scale      float64 // share of TargetMS in force, in [1/4, 1] (0: 1)
	last       float64 // time of the previous frame (ms; 0: none)
}

func (g *FrameGovernor) target() float64 {
	if g.TargetMS > 0 {
		return g.TargetMS
	}
	return 12
}

func (g *FrameGovernor) period() float64 {
	if g.PeriodMS > 0 {
		return g.PeriodMS
	}
	return 1000.0 / 60
}

// Scale returns the share of the frame's target in force: 1 while frames
// come on time, down to 1/4 while they run long.
func (g *FrameGovernor) Scale() float64 {
	if g.scale == 0 {
		return 1
	}
	return g.scale
}

// Frame records the start of an animation frame at now (ms, as passed to
// a requestAnimationFrame callback) and updates the scale from the
// interval since the previous one. An interval above 4 periods (a hidden
// tab, a pause of the page, a debugger) is a stall, not a slow machine:
// it is not counted.
func (g *FrameGovernor) Frame(now float64) {
	dt := now - g.last
	first := g.last == 0
	g.last = now
	if first || !(dt > 0) || dt > 4*g.period() {
		return
	}
	if g.intervalMS == 0 {
		g.intervalMS = dt
	} else {
		g.intervalMS += (dt - g.intervalMS) / 8
	}
	sc := g.Scale()
	switch p := g.period(); {
	case g.intervalMS > 1.25*p:
		sc = max(0.25, sc*0.9)
	case g.intervalMS < 1.1*p:
		sc = min(1, sc*1.05)
	}
	g.scale = sc
}

// ObserveDraw records that a frame spent ms drawing (frames that draw
// nothing are not recorded).
func (g *FrameGovernor) ObserveDraw(ms float64) {
	if !(ms >= 0) || math.IsInf(ms, 0) {
		return
	}
	if g.drawMS == 0 {
		g.drawMS = ms
		return
	}
	g.drawMS += (ms - g.drawMS) / 4
}

// LearnBudget returns the learning time of this frame, ms: the target (at
// the scale in force) less the drawing measured, at most capMS (the mode's
// cap: 10 in the 2D view, more in the digits view when nobody interacts
// with it) and at least MinLearnMS.
func (g *FrameGovernor) LearnBudget(capMS float64) float64 {
	minLearn := g.MinLearnMS
	if minLearn <= 0 {
		minLearn = 2
	}
	return max(minLearn, min(capMS, g.target()*g.Scale()-g.drawMS))
}

// GridBudget returns the surface's share of the frame, ms, given its
// share on time (GridGovernor.BudgetMS's default, 8): scaled down while
// frames run long.
func (g *FrameGovernor) GridBudget(onTimeMS float64) float64 { return onTimeMS * g.Scale() }

// DrawMS returns the drawing time per drawn frame measured, ms.
func (g *FrameGovernor) DrawMS() float64 { return g.drawMS }

// Reset forgets the measurements (a new run may draw faster or slower);
// the settings stay.
func (g *FrameGovernor) Reset() {
	*g = FrameGovernor{TargetMS: g.TargetMS, MinLearnMS: g.MinLearnMS, PeriodMS: g.PeriodMS}
}

const (
	// digitsTargetMS is the script time of a digits frame, ms (of 16.7 at
	// 60 Hz: the rest is the browser's; the digits canvases are small).
	digitsTargetMS = 15.0
	// digitsIdleMS is the most learning a digits frame gets while nobody
	// interacts with the page, ms; digitsBusyMS within a second of an
	// input.
	digitsIdleMS = 14.0
	digitsBusyMS = 5.0
)

// DigitsBudget is the learning time of a frame of the digits view (the
// digits frame draws first, then learns), ms: digitsTargetMS less the
// frame's own drawing (drawMS, not an average: the galleries' redraws come
// every few frames and would cut every frame's learning), at most
// digitsIdleMS, or digitsBusyMS while the user interacts, and at least 1.
//
// Unlike the 2D view it does not back off while frames run long
// (FrameGovernor): learning is what the view is for, and its drawing is
// light, so frames that run long are the machine's load. Measured on
// MNIST at ω = 4096 (TestBrowserSpeed/MNIST, two runs each, the machine's
// load average 7–9): backing off to 0.6 of the target gave 46–53 frames/s
// (median) and 30.6–34.8 s for the 10,000 steps; the fixed 10 ms of before
// 50–58 frames/s and 24.5–32.7 s.
func DigitsBudget(interacting bool, drawMS float64) float64 {
	capMS := digitsIdleMS
	if interacting {
		capMS = digitsBusyMS
	}
	return max(1, min(capMS, digitsTargetMS-drawMS))
}

// Stagger spreads the periodic redraws of the strip, the charts and the
// read-outs over different animation frames, and keeps them out of frames
// whose surface already took far longer than usual. The strip (4× CPU
// throttling: 3–12 ms) and the charts (4–20 ms) cost the browser several
// milliseconds to rasterise, the read-outs a Vecty rerender and the
// page's style and layout; all three came in the same frame every 100 ms,
// on top of the frame's 10–15 ms of surface and points: such frames were
// among the longest (40–48 ms of script, timed part by part in the frames
// over 20 ms, 4× throttling; issue 13). The surface has spikes of its
// own (a full recompute of the Gaussian field every 64 frames, a new grid:
// 15–27 ms under 4× throttling), which a slow part should not join.
//
// The zero value is ready to use; it is pure (the caller passes the
// frame's time and its drawing so far) and is tested natively.
type Stagger struct {
	strip, charts, readouts float64 // when each was last redrawn, ms
	plotMS                  float64 // the plot's drawing per frame, moving average (ms; 0: none yet)
}

// Due reports which of the strip, the charts and the read-outs the frame
// at now (ms) redraws, given the interval every (ms) between periodic
// redraws and the time the frame's plot took (plotMS). When forced (a
// resize, a new run or config, a paused run's change) all three are
// redrawn, so they agree. Otherwise each is redrawn once every ms since
// its last redraw, but at most one of them in a frame, the one drawn
// longest ago: when all are due the charts go first, then the strip, then
// the read-outs, one frame apart, and from then on they come in turn (each
// every 3 frames at least when frames come less often than every/3). A
// frame whose plot took more than twice its average draws none of them,
// unless one has waited 2·every already.
func (s *Stagger) Due(now, every, plotMS float64, forced bool) (strip, charts, readouts bool) {
	heavy := s.plotMS > 0 && plotMS > 2*s.plotMS
	if plotMS >= 0 && !math.IsInf(plotMS, 0) {
		if s.plotMS == 0 {
			s.plotMS = plotMS
		} else {
			s.plotMS += (plotMS - s.plotMS) / 8
		}
	}
	if forced {
		s.strip, s.charts, s.readouts = now, now, now
		return true, true, true
	}
	// The part due that was drawn longest ago: none starves when frames
	// come too seldom for each to have its own every ms.
	parts := [3]*float64{&s.charts, &s.strip, &s.readouts}
	pick := -1
	for i, last := range parts {
		if now-*last >= every && (pick < 0 || *last < *parts[pick]) {
			pick = i
		}
	}
	if pick < 0 || heavy && now-*parts[pick] < 2*every {
		return false, false, false
	}
	*parts[pick] = now
	return pick == 1, pick == 0, pick == 2
}
