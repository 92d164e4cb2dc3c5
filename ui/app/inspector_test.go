package app

import (
	"reflect"
	"testing"

	"kernelplay/core/learn"
	"kernelplay/ui/inspect"
	"kernelplay/ui/state"
)

// pausedDefault is the default demo opened by a link at step at (paused).
func pausedDefault(t *testing.T, at int) *Store {
	t.Helper()
	c := state.Default()
	c.At = at
	s := NewStore(state.Encode(c))
	if s.Message().Kind != NoMessage || (at > 0 && s.Config().Playing) || s.Run().T() != at {
		t.Fatalf("link at=%d: message %+v, playing %v, t = %d", at, s.Message(), s.Config().Playing, s.Run().T())
	}
	return s
}

// TestInspectPaused: for a paused run and after each Step, the inspection
// is ui/inspect's output for the learner's LastUpdate, of the step just
// made, and x_t is the example the simulation learned last.
func TestInspectPaused(t *testing.T) {
	s := pausedDefault(t, 20)
	svmd, ok := s.Sim().Learner().(*learn.SVMD)
	if !ok {
		t.Fatalf("the default demo's learner is %T, want *learn.SVMD", s.Sim().Learner())
	}
	for step := range 4 {
		if step > 0 {
			s.Dispatch(state.Step{N: 1})
		}
		in := s.Inspect(false)
		u := svmd.LastUpdate()
		if !in.Show || in.T != 20+step || u.T != in.T {
			t.Fatalf("step %d: Show %v, T %d, record's T %d; want a shown record of t = %d", step, in.Show, in.T, u.T, 20+step)
		}
		if rec, ok := in.Record.(learn.SVMDUpdate); !ok || rec.T != u.T || rec.Eta != u.Eta || rec.GV != u.GV {
			t.Errorf("t = %d: the record %T is not the learner's LastUpdate", in.T, in.Record)
		}
		if want := inspect.SVMD(u); !reflect.DeepEqual(in.Blocks, want) {
			t.Errorf("t = %d: the blocks differ from inspect.SVMD(LastUpdate())", in.T)
		}
		last := s.Sim().Last()
		if !reflect.DeepEqual(in.X, last.X) || in.Y != last.Y || len(in.X) != 2 || in.Index != -1 {
			t.Errorf("t = %d: x_t %v y %v index %d, want %v %v −1", in.T, in.X, in.Y, in.Index, last.X, last.Y)
		}
		if in.Learner != state.Default().Learner {
			t.Errorf("learner %q", in.Learner)
		}
	}
}

// TestInspectPlaying: while the run plays at full speed the panel shows
// nothing (see Inspection.Show); slow motion shows it; before the first
// step there is nothing to show.
func TestInspectPlaying(t *testing.T) {
	s := NewStore("")
	s.Dispatch(state.Step{N: 3})
	s.Dispatch(state.Play{})
	if !s.Config().Playing {
		t.Fatal("the run does not play")
	}
	if in := s.Inspect(false); in.Show || in.Blocks != nil {
		t.Errorf("playing at full speed: Show %v with %d blocks, want nothing", in.Show, len(in.Blocks))
	}
	if in := s.Inspect(true); !in.Show || len(in.Blocks) == 0 {
		t.Errorf("playing in slow motion: Show %v with %d blocks, want the update", in.Show, len(in.Blocks))
	}
	z := NewStore("")
	z.Dispatch(state.Pause{})
	if in := z.Inspect(false); in.Show {
		t.Errorf("t = 0: Show with %d blocks", len(in.Blocks))
	}
}

// TestInspectLearners: every learner of the 2D plot that keeps a record
// is written by its own function of ui/inspect (the perceptron, a NORMA
// learner, by the perceptron's rule).
func TestInspectLearners(t *testing.T) {
	for _, tc := range []struct {
		learner, task string
		want          func(l learn.Learner) []inspect.Block
	}{
		{state.LearnerNORMA, state.TaskBinary, func(l learn.Learner) []inspect.Block {
			return inspect.NORMA(l.(*learn.NORMA).LastUpdate())
		}},
		{state.LearnerPerceptron, state.TaskBinary, func(l learn.Learner) []inspect.Block {
			return inspect.Perceptron(l.(*learn.NORMA).LastUpdate())
		}},
		{state.LearnerKernelPegasos, state.TaskBinary, func(l learn.Learner) []inspect.Block {
			return inspect.KernelPegasos(l.(*learn.KernelPegasos).LastUpdate())
		}},
	} {
		c := state.Default()
		c.Learner, c.Task, c.At = tc.learner, tc.task, 7
		s := NewStore(state.Encode(c))
		if s.Message().Kind != NoMessage {
			t.Fatalf("%s: %s", tc.learner, s.Message().Text)
		}
		in := s.Inspect(false)
		if !in.Show || in.T != 7 {
			t.Fatalf("%s: Show %v at t = %d", tc.learner, in.Show, in.T)
		}
		if want := tc.want(s.Sim().Learner()); !reflect.DeepEqual(in.Blocks, want) {
			t.Errorf("%s: the blocks differ from ui/inspect's for its record", tc.learner)
		}
	}
}

// TestSlowMotion: a step plays as its n sub-steps, sub-step i lit from
// start + i·pace to start + (i+1)·pace with start the first frame after
// the step; the machine holds a playing run while busy, replays nothing
// for a step already played, and starts again for the next step.
func TestSlowMotion(t *testing.T) {
	m := SlowMotion{On: true, PaceMS: 500}
	const n = 5
	m.Sync(7, n)
	if !m.Busy() {
		t.Fatal("a new step does not start a playback")
	}
	start := 1000.0
	got := []int{}
	for _, dt := range []float64{0, 499, 500, 999, 1000, 1500, 2000, 2499} {
		got = append(got, m.Tick(start+dt))
	}
	if want := []int{0, 0, 1, 1, 2, 3, 4, 4}; !reflect.DeepEqual(got, want) {
		t.Errorf("sub-steps %v, want %v", got, want)
	}
	if !m.Busy() {
		t.Error("not busy before the last sub-step ended")
	}
	if i := m.Tick(start + n*500); i != -1 || m.Busy() {
		t.Errorf("after n·pace: sub-step %d, busy %v; want −1, false", i, m.Busy())
	}
	m.Sync(7, n) // the same step: no replay
	if m.Busy() || m.Tick(start+9000) != -1 {
		t.Error("the same step played again")
	}
	// The next step: its clock starts at its own first frame, and a time
	// before it counts as that start.
	m.Sync(8, 3)
	if i := m.Tick(5000); i != 0 {
		t.Errorf("the next step's first frame lights %d", i)
	}
	if i := m.Tick(4000); i != 0 {
		t.Errorf("a time before the start lights %d", i)
	}
	if i := m.Tick(5000 + 2*500); i != 2 {
		t.Errorf("at 2·pace: %d", i)
	}
	// Off: nothing lit, nothing held, and a step made while off does not
	// play when it is turned on again.
	m.On = false
	if m.Tick(5000) != -1 || m.Busy() {
		t.Error("off: still lit or busy")
	}
	m.Sync(9, 5)
	m.On = true
	m.Sync(9, 5)
	if m.Busy() {
		t.Error("a step made while off played when slow motion was turned on")
	}
	// A step without blocks plays nothing.
	m.Sync(10, 0)
	if m.Busy() || m.Tick(0) != -1 {
		t.Error("an empty update plays")
	}
}

// TestSlowMotionPace: the pace is clamped to the slider's range, and 0 or
// NaN take the default.
func TestSlowMotionPace(t *testing.T) {
	for _, tc := range []struct{ in, want float64 }{
		{0, DefaultPaceMS}, {1, MinPaceMS}, {1e9, MaxPaceMS}, {750, 750},
	} {
		m := SlowMotion{PaceMS: tc.in}
		if got := m.Pace(); got != tc.want {
			t.Errorf("Pace(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// TestLit: a playback's sub-step lights its block's Highlight; outside it
// only x_t is marked.
func TestLit(t *testing.T) {
	s := pausedDefault(t, 30)
	in := s.Inspect(false)
	for i, b := range in.Blocks {
		if Lit(in.Blocks, i) != b.Highlight {
			t.Errorf("block %d", i)
		}
	}
	if h := Lit(in.Blocks, -1); !h.Point || h.Margin || h.AllTerms || h.Term != -1 || h.Evicted != -1 {
		t.Errorf("outside a playback: %+v", h)
	}
	stages := []inspect.Stage{}
	for _, b := range in.Blocks {
		stages = append(stages, b.Stage)
	}
	for i := 1; i < len(stages); i++ {
		if stages[i] < stages[i-1] {
			t.Errorf("stages out of order: %v", stages)
		}
	}
}

// TestInspectDigits: a digits link paused at step 30 shows the first
// learner's update (SVMD on the 8×8 digits), with x_t's index in the
// stream and the data set's row and class it came from; a waiting run
// shows nothing.
func TestInspectDigits(t *testing.T) {
	s := NewStore("v1&mode=digits&at=30")
	if in := s.Inspect(false); in.Show {
		t.Error("a run waiting for its data shows an update")
	}
	s.Dispatch(DataLoaded{Key: state.Data8x8, Set: digits8x8(t)})
	in := s.Inspect(false)
	d := s.Run().Digits()
	svmd, ok := d.Model(0).(*learn.SVMD)
	if !ok {
		t.Fatalf("the digits learner is %T", d.Model(0))
	}
	last := d.Last()
	if !in.Show || in.T != 30 || in.Index != 29 || in.Row != last.Row || in.Y != float64(last.Truth) || in.X != nil {
		t.Errorf("digits at 30: show %v t %d index %d row %d (want %d) y %v (want %d) x %v",
			in.Show, in.T, in.Index, in.Row, last.Row, in.Y, last.Truth, in.X)
	}
	if want := inspect.SVMD(svmd.LastUpdate()); !reflect.DeepEqual(in.Blocks, want) {
		t.Error("the digits blocks differ from inspect.SVMD(LastUpdate())")
	}
}

// TestNumbersOf: the numbers the panel publishes are the record's η_t,
// ⟨g, v⟩, first f and α and evicted index, for SVMD and NORMA; other
// learners publish none.
func TestNumbersOf(t *testing.T) {
	s := pausedDefault(t, 20)
	u := s.Sim().Learner().(*learn.SVMD).LastUpdate()
	n, ok := NumbersOf(s.Inspect(false).Record)
	if !ok || !n.HasGV || n.Eta != u.Eta || n.GV != u.GV || n.F != u.F[0] || n.Alpha != u.Alpha[0] ||
		n.Evicted != u.EvictedIndex {
		t.Errorf("SVMD: %+v (ok %v), record η %v ⟨g,v⟩ %v f %v α %v evicted %d", n, ok, u.Eta, u.GV, u.F, u.Alpha, u.EvictedIndex)
	}
	nu := learn.NORMAUpdate{Eta: 0.5, F: []float64{0.25}, Alpha: []float64{-0.125}, EvictedIndex: 3}
	if n, ok := NumbersOf(nu); !ok || n.HasGV || n.Eta != 0.5 || n.F != 0.25 || n.Alpha != -0.125 || n.Evicted != 3 {
		t.Errorf("NORMA: %+v (ok %v)", n, ok)
	}
	if _, ok := NumbersOf(learn.PegasosUpdate{}); ok {
		t.Error("Pegasos publishes numbers")
	}
}

// TestInspectNamesItsLearner: where a run has two or more learners (a 2D
// comparison, RES vs SGD, a paper figure) the inspection names the one
// whose update it shows; a run of one learner names none (issue 19's
// polish: in compare the inspector did not say which learner it showed).
func TestInspectNamesItsLearner(t *testing.T) {
	for link, want := range map[string]string{
		"v1&at=20":                    "",
		"v1&vs=norma&at=20":           "SVMD ρ=0.95, the first of 2",
		"v1&p=res-vs-sgd&l=res&at=20": "RES (SGD's steps are not shown)",
	} {
		s := NewStore(link)
		in := s.Inspect(false)
		if !in.Show || in.Of != want {
			t.Errorf("%s: shown %v, of %q; want %q", link, in.Show, in.Of, want)
		}
	}
}
