package app

import (
	"errors"
	"fmt"
	"slices"

	"kernelplay/core/data"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// Kind is what a [Run] is, and so what the page draws for it.
type Kind int

const (
	// Plot2D is the 2D plot: a surface, points, the buffer strip, charts
	// ([Run.Sim]).
	Plot2D Kind = iota
	// RESvsSGD is the RES-vs-SGD preset: an n-dimensional problem, so no
	// surface; the objectives of RES and SGD against samples ([Run.Sim]).
	RESvsSGD
	// Digits is one learner (or a paper figure's learners) on a digit set
	// or a loaded file ([Run.Digits]).
	Digits
	// Compare is two learners on the identical digit stream ([Run.Digits]).
	Compare
	// Waiting is a digits run whose data has not arrived (being
	// downloaded, or a file the link cannot carry): [Run.Waiting] says
	// which set.
	Waiting
)

// Run is one run of the page: step n, t, error state, done, and what there
// is to draw. The store holds exactly one; a new run replaces it.
type Run interface {
	// Kind says what the run is and what the page draws.
	Kind() Kind
	// T is the number of examples learned.
	T() int
	// Step learns up to n more examples and returns how many it learned
	// (fewer at the end of a digits stream or when the run stops).
	Step(n int) int
	// Err is why the run stopped (divergence, a learner's panic), or nil.
	Err() error
	// Done reports that the run cannot go on: its stream ended, or it
	// stopped with Err.
	Done() bool
	// Config is the configuration in force (the edits up to T applied).
	Config() state.Config
	// Sim is the 2D simulation of Plot2D and RESvsSGD, nil otherwise
	// (in a 2D comparison, the first learner's).
	Sim() *sim.Sim
	// Second is the second learner's 2D simulation of a 2D comparison
	// (state.Config.Comparing; sim.NewSecond): the same stream as Sim,
	// stepped with it. Nil otherwise.
	Second() *sim.Sim
	// Digits is the digits simulation of Digits and Compare, nil
	// otherwise.
	Digits() *sim.Digits
	// Waiting is the data set key (state.Data*) a Waiting run needs, ""
	// otherwise.
	Waiting() string
}

// plotRun is the 2D plot's run: one learner, or in a comparison two (b,
// the second, on the same stream).
type plotRun struct{ s, b *sim.Sim }

func (r plotRun) Kind() Kind           { return Plot2D }
func (r plotRun) T() int               { return r.s.T() }
func (r plotRun) Done() bool           { return r.Err() != nil }
func (r plotRun) Config() state.Config { return r.s.Config() }
func (r plotRun) Sim() *sim.Sim        { return r.s }
func (r plotRun) Second() *sim.Sim     { return r.b }
func (r plotRun) Digits() *sim.Digits  { return nil }
func (r plotRun) Waiting() string      { return "" }

// Err is why the run stopped: the first learner's error, else the
// second's (a comparison stops when either learner stops).
func (r plotRun) Err() error {
	if err := r.s.Err(); err != nil || r.b == nil {
		return err
	}
	if err := r.b.Err(); err != nil {
		return fmt.Errorf("the second learner stopped: %w", err)
	}
	return nil
}

// Step learns up to n examples with the first learner and as many with
// the second, so that both stay at the same step; when the second stops
// first, the first stays where it was.
func (r plotRun) Step(n int) int {
	if r.b == nil {
		return stepSim(r.s, n)
	}
	if r.Err() != nil {
		return 0
	}
	t := r.s.T()
	r.b.Step(n)
	r.s.Step(r.b.T() - t)
	return r.s.T() - t
}

// addEvent adds e to both learners' runs (see sim.Sim.AddEvent): ok is
// false, and the caller starts a new run, when either refuses it.
func (r plotRun) addEvent(e state.Event) error {
	if err := r.s.AddEvent(e); err != nil {
		return err
	}
	if r.b != nil {
		return r.b.AddEvent(e)
	}
	return nil
}

// pending reports events ahead of the run; truncate drops them.
func (r plotRun) pending() bool { return r.s.Pending() || r.b != nil && r.b.Pending() }
func (r plotRun) truncate() {
	r.s.Truncate()
	if r.b != nil {
		r.b.Truncate()
	}
}

// resRun is the RES-vs-SGD preset's run.
type resRun struct{ plotRun }

func (r resRun) Kind() Kind { return RESvsSGD }

func stepSim(s *sim.Sim, n int) int {
	t := s.T()
	s.Step(n)
	return s.T() - t
}

// digitsRun is a digits run with one learner (or a figure's learners).
type digitsRun struct{ d *sim.Digits }

func (r digitsRun) Kind() Kind           { return Digits }
func (r digitsRun) T() int               { return r.d.T() }
func (r digitsRun) Step(n int) int       { return r.d.Step(n) }
func (r digitsRun) Err() error           { return r.d.Err() }
func (r digitsRun) Done() bool           { return r.d.Done() || r.d.Err() != nil }
func (r digitsRun) Config() state.Config { return r.d.Config() }
func (r digitsRun) Sim() *sim.Sim        { return nil }
func (r digitsRun) Second() *sim.Sim     { return nil }
func (r digitsRun) Digits() *sim.Digits  { return r.d }
func (r digitsRun) Waiting() string      { return "" }

// compareRun is two learners on the identical digit stream.
type compareRun struct{ digitsRun }

func (r compareRun) Kind() Kind { return Compare }

// waitRun is a digits run waiting for its data set.
type waitRun struct {
	cfg state.Config
	key string
}

// (A pointer: Run values are compared, and a Config holds slices.)
func (r *waitRun) Kind() Kind           { return Waiting }
func (r *waitRun) T() int               { return 0 }
func (r *waitRun) Step(int) int         { return 0 }
func (r *waitRun) Err() error           { return nil }
func (r *waitRun) Done() bool           { return false }
func (r *waitRun) Config() state.Config { return r.cfg }
func (r *waitRun) Sim() *sim.Sim        { return nil }
func (r *waitRun) Second() *sim.Sim     { return nil }
func (r *waitRun) Digits() *sim.Digits  { return nil }
func (r *waitRun) Waiting() string      { return r.key }

var (
	_ Run = plotRun{}
	_ Run = resRun{}
	_ Run = digitsRun{}
	_ Run = compareRun{}
	_ Run = (*waitRun)(nil)
)

// DataKey is the state.Data value of the set c runs on in the digits mode
// (a paper figure's own set).
func DataKey(c state.Config) string {
	if f, ok := state.FigureByName(c.Figure); ok {
		return f.Data
	}
	return c.Data
}

// newRun builds the run of cfg (a configuration at t = 0 with its events)
// over the loaded data sets: a 2D plot, the RES-vs-SGD preset, a digits or
// compare run, or a run waiting for its data set.
func newRun(cfg state.Config, sets map[string]*data.Set) (Run, error) {
	if cfg.Mode != state.ModeDigits {
		s, err := sim.New(cfg)
		if err != nil {
			return nil, err
		}
		if state.IsRESvsSGD(cfg) {
			return resRun{plotRun{s: s}}, nil
		}
		if !cfg.Comparing() {
			return plotRun{s: s}, nil
		}
		b, err := sim.NewSecond(cfg)
		if err != nil {
			return nil, fmt.Errorf("the second learner: %w", err)
		}
		return plotRun{s: s, b: b}, nil
	}
	if slices.ContainsFunc(cfg.Events, func(e state.Event) bool { return e.Kind != state.EventTeach }) {
		return nil, errors.New("the digits view takes no edits while it runs but taught drawings")
	}
	key := DataKey(cfg)
	set := sets[key]
	if set == nil {
		c := cfg
		c.At = 0
		return &waitRun{cfg: c, key: key}, nil
	}
	d, err := sim.NewDigits(cfg, set)
	if err != nil {
		return nil, err
	}
	if d.Learners() == 2 && cfg.Compare != state.CompareNone && cfg.Figure == state.FigureNone {
		return compareRun{digitsRun{d}}, nil
	}
	return digitsRun{d}, nil
}
