package sim

import (
	"reflect"
	"slices"
	"testing"

	"kernelplay/ui/state"
)

// compareCfg is SVMD against NORMA on the rotating stream, each with its
// own σ (and NORMA its own τ), with a click, edits of both learners' σ and
// a deletion while the run goes on.
func compareCfg(t *testing.T) state.Config {
	t.Helper()
	c := state.Default()
	c.Preset, c.Compare, c.Window = state.PresetRotating, state.LearnerNORMA, 200
	c.Second = c.Settings()
	c.Second.Sigma, c.Second.Tau, c.Second.Lambda = 0.4, 50, 0.01
	c.Events = []state.Event{
		{T: 100, Kind: state.EventAdd, Point: state.Quantize(state.Point{X: 0.5, Y: 0.5, Class: 1})},
		{T: 200, Kind: state.EventSet, Key: "2s", Value: "0.3"},
		{T: 300, Kind: state.EventSet, Key: "s", Value: "0.2"},
		{T: 400, Kind: state.EventDelete, Index: 0},
	}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	return c
}

// TestCompareIsTwoRuns: the two learners of a 2D comparison, stepped
// together, see the same example at every step, and each run is bit for
// bit the single run of its learner: New(cfg) for the first,
// New(cfg.SecondConfig()) — the learners swapped, edits included — for
// the second. The windowed error equals a naive recount of the last N
// mistakes.
func TestCompareIsTwoRuns(t *testing.T) {
	const steps = 3000
	cfg := compareCfg(t)
	a, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewSecond(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var mistakes []bool
	for a.T() < steps {
		n := 1 + a.T()%37 // uneven chunks, as frames are
		for range n {
			a.Step(1)
			b.Step(1)
			la, lb := a.Last(), b.Last()
			if !slices.Equal(la.X, lb.X) || la.Y != lb.Y {
				t.Fatalf("step %d: the learners saw (%v, %v) and (%v, %v)", a.T(), la.X, la.Y, lb.X, lb.Y)
			}
			mistakes = append(mistakes, lb.Step.Mistake)
			// At several t, below, at and past N: the incremental
			// window against a naive recount of the last N mistakes.
			if n := len(mistakes); n == 50 || n == cfg.Window-1 || n == cfg.Window || n == cfg.Window+1 || n == 1000 || n == 2500 {
				k := min(n, cfg.Window)
				naive := 0
				for _, m := range mistakes[n-k:] {
					if m {
						naive++
					}
				}
				if got, want := b.Window().Rate(), float64(naive)/float64(k); got != want {
					t.Fatalf("t=%d: windowed error %v, naive recount %v", n, got, want)
				}
			}
		}
	}
	if a.Err() != nil || b.Err() != nil {
		t.Fatal(a.Err(), b.Err())
	}
	if got := b.LearnerConfig(); got.Learner != state.LearnerNORMA || got.Sigma != 0.3 || got.Tau != 50 {
		t.Errorf("second learner's config: %s σ=%v τ=%v, want norma σ=0.3 τ=50", got.Learner, got.Sigma, got.Tau)
	}
	if got := a.LearnerConfig(); got.Learner != state.LearnerSVMD || got.Sigma != 0.2 {
		t.Errorf("first learner's config: %s σ=%v, want svmd σ=0.2", got.Learner, got.Sigma)
	}
	ra, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	rb, err := New(cfg.SecondConfig())
	if err != nil {
		t.Fatal(err)
	}
	ra.Step(a.T())
	rb.Step(b.T())
	if !reflect.DeepEqual(a.Traces(), ra.Traces()) {
		t.Error("the first learner's traces differ from its single run")
	}
	if !reflect.DeepEqual(b.Traces(), rb.Traces()) {
		t.Error("the second learner's traces differ from its single run")
	}
	if reflect.DeepEqual(a.Traces().Eta, b.Traces().Eta) {
		t.Error("SVMD and NORMA drew the same η_t: the second learner is not the second")
	}
	// The windowed error at the end: the mistakes among the last N steps.
	naive := 0
	for _, m := range mistakes[len(mistakes)-cfg.Window:] {
		if m {
			naive++
		}
	}
	if got, want := b.Window().Rate(), float64(naive)/float64(cfg.Window); got != want {
		t.Errorf("windowed error at t=%d is %v, want %v (naive recount)", len(mistakes), got, want)
	}
	// The chart's curve is bounded (the recorder's buckets) and holds
	// only values the window took.
	if w := b.Traces().WinError; len(w.V) == 0 || len(w.V) > 2*MaxBuckets+2 {
		t.Errorf("the windowed curve has %d points, want 1 to %d", len(w.V), 2*MaxBuckets+2)
	}
	if _, err := NewSecond(state.Default()); err == nil {
		t.Error("NewSecond without a second learner gave no error")
	}
}

// TestDigitsSecondSettings: digits Compare runs its second learner with
// its own settings (Config.Second) on the identical stream: its error
// and η_t histories equal those of a single run of that learner
// (SecondConfig, no comparison), bit for bit, and differ from the first's.
func TestDigitsSecondSettings(t *testing.T) {
	set := loadDigits(t, "digits8x8.kpd.gz").Set()
	cfg := state.ComparePreset()
	cfg.Second.Sigma, cfg.Second.Tau = 4, 20
	d, err := NewDigits(cfg, set)
	if err != nil {
		t.Fatal(err)
	}
	one := cfg.SecondConfig()
	one.Compare = state.CompareNone
	s, err := NewDigits(one, set)
	if err != nil {
		t.Fatal(err)
	}
	for d.T() < 500 {
		d.Step(9)
		s.Step(9)
	}
	if d.Err() != nil || s.Err() != nil {
		t.Fatal(d.Err(), s.Err())
	}
	var a, b histories
	d.AvgError(1).AppendTo(&a.avg)
	d.Eta(1).AppendTo(&a.eta)
	d.WinError(1).AppendTo(&a.win)
	s.AvgError(0).AppendTo(&b.avg)
	s.Eta(0).AppendTo(&b.eta)
	s.WinError(0).AppendTo(&b.win)
	if !reflect.DeepEqual(a, b) {
		t.Error("the comparison's second learner differs from its single run")
	}
	var first Series
	d.Eta(0).AppendTo(&first)
	if reflect.DeepEqual(first, a.eta) {
		t.Error("both learners drew the same η_t")
	}
	if n0, n1 := d.Name(0), d.Name(1); n0 != "SVMD ρ=0.99" || n1 != "NORMA τ=20" {
		t.Errorf("names %q, %q", n0, n1)
	}
}

// histories are one digits learner's error, η_t and windowed error histories.
type histories struct{ avg, eta, win Series }
