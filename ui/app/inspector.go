package app

import (
	"math"
	"strconv"

	"kernelplay/core/learn"
	"kernelplay/ui/inspect"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// Inspection is what the step inspector shows for a run: the learner's
// last update as ui/inspect writes it (one [inspect.Block] per sub-step,
// predict → loss → step size → shrink → insert/evict) and where its example
// x_t is. It is computed from the run between frames; nothing in it is
// stored.
type Inspection struct {
	// Show reports that the panel has something to show: the run has
	// learned at least one example, its learner keeps an inspection
	// record, and the run is paused (or in slow motion). While the run
	// plays at full speed the panel shows nothing: a frame learns up to
	// StepsPerFrame examples, so the blocks would be replaced dozens of
	// times a second — unreadable — and writing them (MathML into the
	// page) would cost every frame what the plot needs.
	Show bool
	// T is the step the record belongs to (1, 2, …); Learner the learner's
	// state.Learner* name.
	T       int
	Learner string
	// Of names the learner whose update is shown when the run has more
	// than one ("SVMD ρ=0.95, the first of 2"; "RES, not SGD"): a
	// comparison's, a paper figure's or RES vs SGD's first learner; ""
	// when the run has one.
	Of string
	// Blocks are the sub-steps of the update, in order.
	Blocks []inspect.Block
	// Record is the learner's inspection record the blocks were written
	// from (learn.SVMDUpdate, learn.NORMAUpdate, …; see [Record]); its
	// slices alias the learner's scratch until the next step.
	Record any
	// X is x_t in the 2D plot's coordinates (length 2; length 1 for
	// regression, nil in digits and the RES-vs-SGD preset), Y its label or
	// target.
	X []float64
	Y float64
	// Index is x_t's index in the digits stream (0-based: the T-th example
	// shown), −1 in the 2D plot; Row the data set's row it came from.
	Index, Row int
}

// Inspect returns what the inspector shows for the store's run (see
// [Inspection]);
// slow reports that slow motion is on, which shows the panel while the run
// plays, one step at a time. A run without a record (the waiting digits
// run, a learner that keeps none: SGD, a paper figure with several
// learners' lanes other than the first) shows nothing. Inspect allocates
// only the blocks' strings.
func (s *Store) Inspect(slow bool) Inspection {
	in := Inspection{Index: -1, Row: -1}
	r, c := s.run, s.Config()
	if r.T() == 0 || (c.Playing && !slow) {
		return in
	}
	var l any
	switch r.Kind() {
	case Plot2D, RESvsSGD:
		sm := r.Sim()
		l = sm.Learner()
		last := sm.Last()
		if r.Kind() == Plot2D {
			in.X = append([]float64(nil), last.X...)
		}
		in.Y = last.Y
		if r.Kind() == RESvsSGD {
			in.Of = "RES (SGD's steps are not shown)"
		} else if c.Comparing() {
			first, _ := sim.PairNames(c)
			in.Of = first + ", the first of 2"
		}
	case Digits, Compare:
		d := r.Digits()
		l = d.Model(0)
		last := d.Last()
		in.Index, in.Row, in.Y = last.T-1, last.Row, float64(last.Truth)
		if n := d.Learners(); n > 1 {
			in.Of = d.Name(0) + ", the first of " + strconv.Itoa(n)
		}
	default:
		return in
	}
	in.Record = Record(l)
	in.Blocks = Blocks(in.Record, c.Learner)
	in.T, in.Learner = r.T(), c.Learner
	in.Show = len(in.Blocks) > 0
	return in
}

// kernelPegasos is the record of kernel Pegasos, whose blocks differ from
// linear Pegasos' (the same record type).
type kernelPegasos struct{ u learn.PegasosUpdate }

// Record returns learner l's last inspection record (the value of its
// LastUpdate method: learn.SVMDUpdate, learn.NORMAUpdate,
// learn.PegasosUpdate, learn.DCDOnlineUpdate, learn.AMMUpdate,
// learn.RESUpdate), or nil when l keeps none or has not learned yet.
// Kernel Pegasos' record is wrapped, so that [Blocks] writes it as the
// kernel expansion it is.
func Record(l any) any {
	switch l := l.(type) {
	case interface{ LastUpdate() learn.SVMDUpdate }:
		if u := l.LastUpdate(); u.T > 0 {
			return u
		}
	case interface{ LastUpdate() learn.NORMAUpdate }:
		if u := l.LastUpdate(); u.T > 0 {
			return u
		}
	case *learn.KernelPegasos:
		if u := l.LastUpdate(); u.T > 0 {
			return kernelPegasos{u}
		}
	case interface{ LastUpdate() learn.PegasosUpdate }:
		if u := l.LastUpdate(); u.T > 0 {
			return u
		}
	case interface{ LastUpdate() learn.DCDOnlineUpdate }:
		if u := l.LastUpdate(); u.T > 0 {
			return u
		}
	case interface{ LastUpdate() learn.AMMUpdate }:
		if u := l.LastUpdate(); u.T > 0 {
			return u
		}
	case interface{ LastUpdate() learn.RESUpdate }:
		if u := l.LastUpdate(); u.T > 0 {
			return u
		}
	}
	return nil
}

// Blocks writes a [Record] as ui/inspect's blocks (nil for nil). name is
// the learner's state.Learner* name: the kernel perceptron is a NORMA
// learner written as the perceptron's rule.
func Blocks(record any, name string) []inspect.Block {
	switch u := record.(type) {
	case learn.SVMDUpdate:
		return inspect.SVMD(u)
	case learn.NORMAUpdate:
		if name == state.LearnerPerceptron {
			return inspect.Perceptron(u)
		}
		return inspect.NORMA(u)
	case kernelPegasos:
		return inspect.KernelPegasos(u.u)
	case learn.PegasosUpdate:
		return inspect.Pegasos(u)
	case learn.DCDOnlineUpdate:
		return inspect.DCDOnline(u)
	case learn.AMMUpdate:
		return inspect.AMM(u)
	case learn.RESUpdate:
		return inspect.RES(u)
	}
	return nil
}

// Slow motion: one step shown as its sub-steps, one after another, at a
// pace the user sets.
//
// The learner makes the step at once (Learn is one call); slow motion
// replays its record: sub-step i of n is highlighted from start + i·pace to
// start + (i+1)·pace, where start is the time of the first animation frame
// after the step (the frame clock, ms), and the step's playback ends at
// start + n·pace. While a playback runs, a playing run does not advance:
// with slow motion on, Play learns one example per playback.
type SlowMotion struct {
	// On turns slow motion on.
	On bool
	// PaceMS is the time each sub-step is highlighted, ms (clamped to
	// [MinPaceMS, MaxPaceMS]; 0 means DefaultPaceMS).
	PaceMS float64

	t       int     // the step whose playback runs or ran (0: none seen)
	n       int     // its number of sub-steps
	start   float64 // the frame time its playback began
	pending bool    // a new step waits for its first frame
	running bool    // its playback is under way
}

// The pace slider's range and default, ms per sub-step.
const (
	MinPaceMS     = 200
	MaxPaceMS     = 3000
	DefaultPaceMS = 900
)

// Pace returns the pace in force, ms per sub-step (see PaceMS).
func (m *SlowMotion) Pace() float64 {
	p := m.PaceMS
	if p == 0 || math.IsNaN(p) {
		p = DefaultPaceMS
	}
	return math.Max(MinPaceMS, math.Min(MaxPaceMS, p))
}

// Sync tells the machine the run is at step t with an update of n
// sub-steps (call it every frame, and after a Step). A step it has not
// seen starts a playback when slow motion is on; the first Tick after it
// fixes the start time. Turning slow motion off ends a playback.
func (m *SlowMotion) Sync(t, n int) {
	if !m.On {
		m.t, m.n, m.pending, m.running = t, n, false, false
		return
	}
	if t == m.t {
		return
	}
	m.t, m.n = t, n
	m.pending, m.running = n > 0, false
}

// Tick advances the machine to frame time now (ms) and returns the index
// of the highlighted sub-step, −1 when none (slow motion off, or the
// playback over: the whole update is then shown without a highlight).
// Times that run backwards count as the playback's start.
func (m *SlowMotion) Tick(now float64) int {
	if !m.On {
		return -1
	}
	if m.pending {
		m.pending, m.running, m.start = false, true, now
	}
	if !m.running {
		return -1
	}
	i := int(math.Floor(math.Max(0, now-m.start) / m.Pace()))
	if i >= m.n {
		m.running = false
		return -1
	}
	return i
}

// Busy reports that a playback is pending or under way: a playing run
// must not learn the next example yet.
func (m *SlowMotion) Busy() bool { return m.On && (m.pending || m.running) }

// Lit returns what the highlighted sub-step i of blocks lights (the
// block's [inspect.Highlight]); outside a playback (i < 0 or beyond the
// blocks) it lights x_t only, the mark the inspector keeps on the plot
// while the run is paused.
func Lit(blocks []inspect.Block, i int) inspect.Highlight {
	if i >= 0 && i < len(blocks) {
		return blocks[i].Highlight
	}
	return inspect.Highlight{Point: true, Term: -1, Evicted: -1}
}

// InspectNumbers are the numbers of an inspection record that the
// inspector panel publishes for tests and the debug hook (its data-
// attributes): η_t, f_t(x_t) and α_t of the first score (multiclass: the
// true class's row), the evicted term's index (−1 for none), and SVMD's
// ⟨g_t, v_t⟩ (JMLR eq. 45; HasGV false for NORMA, which has none).
type InspectNumbers struct {
	Eta, F, Alpha, GV float64
	Evicted           int
	HasGV             bool
}

// NumbersOf returns the published numbers of record rec (an
// [Inspection.Record]); ok is false for learners other than SVMD and NORMA
// (the perceptron included), whose panels publish none.
func NumbersOf(rec any) (n InspectNumbers, ok bool) {
	first := func(v []float64) float64 {
		if len(v) == 0 {
			return math.NaN()
		}
		return v[0]
	}
	switch u := rec.(type) {
	case learn.SVMDUpdate:
		return InspectNumbers{Eta: u.Eta, F: first(u.F), Alpha: first(u.Alpha), GV: u.GV,
			Evicted: u.EvictedIndex, HasGV: true}, true
	case learn.NORMAUpdate:
		return InspectNumbers{Eta: u.Eta, F: first(u.F), Alpha: first(u.Alpha), Evicted: u.EvictedIndex}, true
	}
	return InspectNumbers{}, false
}
