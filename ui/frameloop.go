package ui

import (
	"math"

	"kernelplay/ui/app"
	"kernelplay/ui/pace"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// The frame loop's rules that need no browser: how much learning and
// replaying a frame holds (Slicer, FrameGovernor), the surface's grid
// while playing (GridGovernor), and what the read-outs say was cut. The
// requestAnimationFrame callback and the canvases' painting that call them
// are in playground_js.go and digits_loop_js.go (js && wasm); the clock is a.b.Now.

// frameLoop is the frame loop's clock, budgets and measurements, one set
// for every mode (ui/pace's types): how many ticks are due (Pacer), how
// much learning fits in the frame (Slicer, FrameGovernor, Reduction), the
// surface's grid (GridGovernor), a long replay's pace (replayer, rate),
// the rates the read-outs show (RateMeter) and what the canvases last
// showed, so that an unchanged picture is not redrawn. Playground embeds it.
type frameLoop struct {
	_          [0]func() // not comparable: no equality function in main.wasm (see inspect.Block)
	pacer      pace.Pacer
	slicer     pace.Slicer        // the run's learning per frame within a time budget
	reduction  pace.Reduction     // how many of the asked steps per frame the budget let run
	grids      pace.GridGovernor  // the surface's grid while playing, within a time budget
	budgetRun  app.Run            // the run the four above measured
	gridMS     float64            // surface and contours of the frame being drawn, ms
	replayer   pace.Slicer        // a long replay's steps per frame (replayFrame)
	regret     pace.Slicer        // the hindsight comparators' work per frame, in RegretStep's units (solveRegret)
	noteShown  float64            // when the replay's progress note was last rendered, ms
	rate       replayRate         // a long replay's measured speed, for the note's time left
	fps        pace.RateMeter     // frames drawn per second
	frames     pace.RateMeter     // animation frames run per second (the read-out's frames/s)
	sps        pace.RateMeter     // learning steps per second
	lastStats  float64            // time of the last read-out refresh, ms
	frameGov   pace.FrameGovernor // shares each frame between learning and drawing (ui/pace)
	lastInput  float64            // when the user last pointed or typed, ms (frameinput_js.go)
	inputWired bool               // trackInput's listeners are installed
	infoSince  float64            // when the Info message now shown appeared, ms

	// What the canvases last showed (the run, its step, the store's
	// revision), to skip redrawing an unchanged picture.
	drawnSim    any
	drawnT      int
	drawnRev    int
	drawnRegret int          // regretShown when last drawn
	stagger     pace.Stagger // when the strip, the charts and the read-outs were last drawn (ui/pace)
}

// frameMode is what the frame loop does in one mode of the page, in this
// order every frame (as Ebitengine's Update and Draw): advance the run by
// what the frame allows, then draw what changed. plotMode is the 2D
// view's (and RES vs SGD's), digitsMode the digits view's (playground_js.go,
// digits_loop_js.go).
type frameMode interface {
	// advance learns the steps due at frame time now (ms) within the
	// frame's budget.
	advance(now float64)
	// draw redraws the mode's canvases and read-outs that changed.
	draw(now float64)
}

// changedRun resets the frame's budgets when the store's run is not the
// one they measured: a new run (another learner, data set or mode) may be
// much faster or slower to learn and draw.
func (l *frameLoop) changedRun(r app.Run) {
	if r == l.budgetRun {
		return
	}
	l.budgetRun = r
	l.slicer.Reset()
	l.regret.Reset()
	l.reduction.Reset()
	l.grids.Reset()
	l.frameGov.Reset()
}

// feed hands the canvases their props, read from the store: the run they
// draw, its configuration and where the plot's input goes; the surface's
// grid is the one asked for (the frame loop lowers it with surfaceGrid
// before it draws). The frame loop calls feed before every draw (the run
// moves between the page's renders) and the store's listener after every
// change (so that a click between two frames sees the brush just chosen).
func (a *Playground) feed() {
	s := a.store
	c := s.Config()
	r := s.Run()
	first, second := compareLabels(c, r)
	grid := c.Grid
	a.plot.P = plotProps{Sim: s.Sim(), Config: c, Grid: grid, Label: first,
		Brush: s.Brush(), Deleting: s.Deleting(), Dispatch: a.dispatch}
	_, name := sim.PairNames(c)
	a.second.P = plotProps{Sim: r.Second(), Data: s.Sim(), Config: c, Grid: grid, Label: second,
		Second: true, Name: name}
	a.strip.Sim, a.strip.Config = s.Sim(), c
	a.charts.Run = r
	if a.dg != nil {
		a.dg.feedReadout(a)
	}
}

// foldPlot adds what the plot's draws spent, by part, to the frame's
// profile, and empties it.
func (a *Playground) foldPlot() {
	for _, sp := range a.plot.spent {
		a.profile(sp.part, sp.ms)
	}
	a.plot.spent = a.plot.spent[:0]
}

const (
	// learnCap2D is the most learning a frame of the 2D view gets, ms
	// (FrameGovernor.LearnBudget gives less when drawing takes more than
	// the frame's target leaves, or frames run long).
	learnCap2D = 10
	// gridShare is the surface's and contours' share of a frame on time,
	// ms (GridGovernor.BudgetMS; scaled down while frames run long).
	gridShare = 8
)

// learn runs up to want learning steps in slices that fit the frame's time
// budget (sl): a link may ask for far more than a frame holds (spf=1000 at
// ω = 4096 is about 164 ms), and the page must stay responsive whatever it
// asks; the steps cut are not owed to later frames. It returns the steps
// learned and whether the run stopped (then the page has been told).
//
// Under an open tour whose step paces the run (app.TourLimit) it learns no
// further than the step's Until, and pauses the run there (tourPause).
func (a *Playground) learn(sl *pace.Slicer, want int) (ran int, stopped bool) {
	want, pace := a.tourPace(want)
	ran, stopped = a.learnSlices(sl, want)
	if pace && !stopped && ran == want {
		a.tourPause()
		return ran, true
	}
	return ran, stopped
}

// learnSlices is learn without the tour's pacing.
func (a *Playground) learnSlices(sl *pace.Slicer, want int) (ran int, stopped bool) {
	t0 := a.b.Now()
	spent := 0.0
	for done := 0; done < want; {
		caught, room := a.catchUpRegret(sl.Left(spent))
		if caught {
			break // the rest of the frame went to the comparison
		}
		n := min(sl.Plan(want-done, spent), room)
		if n == 0 {
			break
		}
		s0 := a.b.Now()
		r, st := a.store.Advance(n)
		sl.Observe(r, a.b.Now()-s0)
		spent = a.b.Now() - t0
		done += n
		ran += r
		if st {
			a.store.Changed() // the run ended or stopped: paused; Play starts it again
			return ran, true
		}
		if r < n {
			return ran, a.store.Run().Done()
		}
	}
	return ran, false
}

// replayAtBoot is the longest replay of a link's at= that runs before the
// first picture, in steps (nothing is measured yet: a digits step can take
// milliseconds); a longer one goes on over frames (replayFrame).
const replayAtBoot = 500

// replayNow is the longest replay the store runs at once (Store.ReplayNow):
// about 100 ms of learning at the time per step measured in the run on
// screen (ReplaySteps), replayAtBoot while nothing is measured.
func (a *Playground) replayNow(c state.Config) int {
	if ps := a.slicer.PerStep(); ps > 0 {
		return pace.ReplaySteps(ps)
	}
	return replayAtBoot
}

// replayFrame advances a long replay (a link's at=, an Undo after a long
// run; Store.Replay) by what fits in the frame: the replay draws nothing
// until it ends, so it gets 20 ms, well short of a long task (50 ms) with
// the collector's pauses. The banner's progress note is rendered four
// times a second.
func (a *Playground) replayFrame(now float64) {
	a.replayer.BudgetMS = 20
	t0 := a.b.Now()
	spent := 0.0
	_, target, _ := a.store.Replaying()
	a.store.ReplayRate = a.rate.observe(target, now, 0)
	for {
		caught, room := a.catchUpRegret(a.replayer.Left(spent))
		if caught {
			break // the rest of the frame went to the comparison
		}
		n := min(a.replayer.Plan(1<<30, spent), room)
		if n == 0 {
			break
		}
		s0 := a.b.Now()
		ran := a.store.Replay(n)
		a.replayer.Observe(ran, a.b.Now()-s0)
		a.store.ReplayRate = a.rate.observe(target, now, ran)
		spent = a.b.Now() - t0
		if _, _, ok := a.store.Replaying(); !ok {
			return // it ended and the page was told (the note goes)
		}
	}
	if now-a.noteShown >= 250 {
		a.noteShown = now
		a.rerender()
	}
}

// surfaceGrid is the grid the plot computes the surface at: the one asked
// for, lowered while the run plays when the surface and its contours take
// longer than their share of the frame (GridGovernor).
func (a *Playground) surfaceGrid(asked int) int {
	return a.grids.Grid(asked, a.store.Config().Playing && !a.store.Run().Done())
}

// budgetRows are the read-outs of the frame's time budget while the run
// plays: that learning waits for the regret chart (catchUpRegret), the
// steps per frame learned when the budget cut the ones asked for, and the
// surface's grid when it was lowered.
func (a *Playground) budgetRows() []readout {
	c := a.store.Config()
	if !c.Playing {
		return nil
	}
	var rows []readout
	if behind, _ := regretLag(a.store.Run()); behind {
		rows = append(rows, readout{Label: "learning", Value: "waits for the regret chart",
			Hint: "the comparison with the best predictor in hindsight fell behind the run: the frames go to it " +
				"until it has caught up, and the run goes on (the chart is the same at any speed)", Wide: true})
	}
	if ran, asked, ok := a.reduction.Reduced(); ok {
		rows = append(rows, readout{Label: "steps/frame", Value: count(ran) + " of " + count(asked),
			Hint: "a frame holds at most 10 ms of learning, less when drawing takes longer or frames run long: " +
				"fewer steps per frame than asked run, so the page stays responsive", Wide: true})
	}
	if g := a.plot.surf.Grid; g > 0 && g < c.Grid {
		rows = append(rows, readout{Label: "grid", Value: itoa(g) + "² of " + itoa(c.Grid) + "²",
			Hint: "while the run plays the surface is drawn coarser, to fit the frame (coarser still when frames run long); " +
				"paused, it is drawn at the resolution asked for", Wide: true})
	}
	return rows
}

// replayRate measures how fast a long replay advances, in steps per second
// of wall time (frames included, not only the learning), from the first
// frame of the replay to go to target: the note's estimate of the time
// left (app.ReplayLeft).
type replayRate struct {
	target int     // the replay measured (0: none yet)
	t0     float64 // its first frame, ms
	steps  int     // steps replayed since
}

// observe adds ran steps replayed at frame time now (ms) for the replay to
// target and returns the rate, or 0 for the first half second (too few
// frames to tell). A new target starts a new measurement.
func (r *replayRate) observe(target int, now float64, ran int) float64 {
	if target != r.target {
		*r = replayRate{target: target, t0: now}
	}
	r.steps += ran
	if now-r.t0 < 500 {
		return 0
	}
	return float64(r.steps) * 1000 / (now - r.t0)
}

const (
	// regretMS is the time a frame gives the hindsight comparators
	// (sim.Sim.RegretStep) while frames come on time, ms; it shrinks with
	// the frame's scale (FrameGovernor.Scale) while they run long. The
	// comparison lags the run by a few frames at most until its
	// checkpoints grow past a few hundred examples, and never makes a
	// long task.
	regretMS = 3
	// regretSlice is the most work of one RegretStep call, in the
	// comparator's units (a pass over the m numbers of a prefix of m ≤
	// 1,000 examples: about a microsecond each in wasm).
	regretSlice = 400
)

// solveRegret gives the run's hindsight comparators (both learners' in a
// 2D comparison) slices of work for about budgetMS (regretMS·Scale in a
// frame; an idle period's time: regretLater).
// The slices are sized by a Slicer from the measured time per unit, not
// by a fixed count: a unit's cost is not uniform (growing the Gram matrix
// by a row of m kernel values counts 3 units in 2D, a pass over m numbers
// 1), and a fixed slice of 400 units took 7.5 ms on average and up to
// 21 ms with the CPU throttled 4× (TestBrowserSpeed/Throttled, the default
// demo), the largest part of the frame after the plot. The points do not
// depend on how the work is sliced (core/regret), so the chart is the same
// on a fast and a slow machine, only later on the slow.
func (a *Playground) solveRegret(budgetMS float64) {
	r := a.store.Run()
	s, b := r.Sim(), r.Second()
	if s == nil {
		return
	}
	sl := &a.regret
	sl.BudgetMS, sl.MaxSlice = budgetMS, regretSlice
	t0 := a.b.Now()
	for spent := 0.0; ; spent = a.b.Now() - t0 {
		n := sl.Plan(1<<30, spent)
		if n == 0 {
			return
		}
		s0 := a.b.Now()
		idle := s.RegretStep(n)
		if b != nil {
			idle = b.RegretStep(n) && idle
		}
		if idle {
			return // less than n units were left: no measurement
		}
		sl.Observe(n, a.b.Now()-s0)
	}
}

// catchUpRegret gives the run's hindsight comparisons (the 2D learners'
// or the digits learners') budgetMS of work instead of more learning, and
// reports caught, when one of them has fallen behind the run (regretLag,
// regret.Monitor.Behind): half of its queue of examples waiting for the
// frozen g*, or the next step may restart its comparator (the regret
// chart's restart at detected changes) while the segment closed by the
// last restart is still solving. Otherwise it does nothing and returns
// the most steps the run may learn before it looks again (room).
//
// Without it a run that learns faster than the comparators' share of the
// frame (regretMS) solves had a step do all their pending work at once
// (regret.Monitor.Forced): the step that filled the queue, 1.2–1.8 s in
// Chromium at step 132,073 of the default demo (a link replayed to step
// 150,000, or about ten seconds at 1,000 steps per frame), or a second
// restart before the closed segment was solved (1.3 s natively for kernel
// Pegasos on the rotating set with restarts). With it the learning and a
// replay wait, frame by frame, for the comparison to catch up: the run
// goes at the comparison's pace once it is behind, and no task is long.
// Between two checks a frame learns at most the comparisons' Room
// (room) and what its slices fit in 10–20 ms: tens of thousands of
// the cheapest 2D kernel steps against the 65,536 examples left in the
// queue, and at most a couple of hundred steps on 784 pixels against the
// digits comparators' 500 (their MaxWaiting is the core's default, 1,000).
func (a *Playground) catchUpRegret(budgetMS float64) (caught bool, room int) {
	r := a.store.Run()
	behind, room := regretLag(r)
	if !behind {
		return false, room
	}
	switch d := r.Digits(); {
	case budgetMS <= 0: // the frame's time is spent (a Slicer reads 0 as its default)
	case d != nil:
		a.solveDigitsRegret(d, budgetMS)
	default:
		a.solveRegret(budgetMS)
	}
	return true, 0
}

// regretLag reports whether one of r's hindsight comparisons has fallen
// behind it (catchUpRegret), and the most steps r may learn before
// catchUpRegret must look again: the learners' sim.Sim.RegretLag (or the
// digits run's), combined.
func regretLag(r app.Run) (behind bool, room int) {
	room = math.MaxInt
	lag := func(b bool, n int) { behind, room = behind || b, min(room, n) }
	for _, s := range []*sim.Sim{r.Sim(), r.Second()} {
		if s != nil {
			lag(s.RegretLag())
		}
	}
	if d := r.Digits(); d != nil {
		lag(d.RegretLag())
	}
	return behind, room
}

// regretShown counts the solved checkpoints of the run's comparisons (both
// learners'), so that the charts redraw when one is solved while the run
// is paused.
func regretShown(r app.Run) int {
	n := 0
	for _, s := range []*sim.Sim{r.Sim(), r.Second()} {
		if s == nil {
			continue
		}
		if mon, _ := s.Regret(); mon != nil {
			n += len(mon.Current().Points) + len(mon.Alarms())
		}
	}
	return n
}
