package sim

import (
	"math"
	"math/rand/v2"
	"testing"

	"kernelplay/ui/state"
)

// TestErrorWindowNaive checks the incremental window against a naive
// recount of the last N mistakes at every step t, for window lengths
// below, at and above a word of bits and runs longer than the window
// many times over, with mistake rates that drift (as on a rotating
// stream).
func TestErrorWindowNaive(t *testing.T) {
	const seed, steps = 11, 5000
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	for _, n := range []int{1, 10, 63, 64, 65, 500, 1000, 7000} {
		w := NewErrorWindow(n)
		var all []bool
		for s := range steps {
			p := 0.5 + 0.45*math.Sin(float64(s)/300) // a drifting error rate
			m := rng.Float64() < p
			w.Add(m)
			all = append(all, m)
			k := min(len(all), n)
			naive := 0
			for _, b := range all[len(all)-k:] {
				if b {
					naive++
				}
			}
			if w.Count() != naive {
				t.Fatalf("N=%d t=%d: %d mistakes in the window, naive recount %d", n, s+1, w.Count(), naive)
			}
			if got, want := w.Rate(), float64(naive)/float64(k); got != want {
				t.Fatalf("N=%d t=%d: rate %v, want %v", n, s+1, got, want)
			}
		}
		// Bounded memory: one bit per step of the window, whatever the run's length.
		if w.Bytes() != 8*((n+63)/64) {
			t.Errorf("N=%d: %d bytes, want %d", n, w.Bytes(), 8*((n+63)/64))
		}
	}
	if !math.IsNaN(NewErrorWindow(5).Rate()) {
		t.Error("an empty window's rate is not NaN")
	}
}

// TestWindowShowsSwitch: on the conference paper's 0/1 → 2/3 stream
// (Figs. 1–2, the figure's SVMD and NORMA) the windowed error over the
// digits view's N (state.DigitsWindow = 100) shows the switch and the
// recovery that the running average hides: 100 steps after the switch
// both learners' windowed error is above 15% while their averages are
// below 8%; 400 steps after it SVMD's windowed error has fallen below
// half its peak and below NORMA's.
func TestWindowShowsSwitch(t *testing.T) {
	set := loadDigits(t, "mnist10k.kpd.gz").Set()
	cfg, _ := state.FigurePreset(state.FigureSwitch)
	if cfg.Window != state.DigitsWindow {
		t.Fatalf("the figure's window is %d, want %d", cfg.Window, state.DigitsWindow)
	}
	d, err := NewDigits(cfg, set)
	if err != nil {
		t.Fatal(err)
	}
	sw := d.SwitchAt()
	win := func(i int) float64 { _, v := d.WinError(i).Last(); return v }
	d.Step(sw + 100 - d.T())
	peak := make([]float64, d.Learners())
	for i := range d.Learners() {
		peak[i] = win(i)
		if !(peak[i] > 0.15 && d.AverageError(i) < 0.08) {
			t.Errorf("%s at t=%d: windowed %v, average %v; want above 15%% and below 8%%", d.Name(i), d.T(), peak[i], d.AverageError(i))
		}
	}
	d.Step(sw + 400 - d.T())
	svmd, norma := win(0), win(1)
	t.Logf("t=%d: windowed error %s %.3f, %s %.3f", d.T(), d.Name(0), svmd, d.Name(1), norma)
	if !(svmd < peak[0]/2 && svmd < norma) {
		t.Errorf("%s's windowed error %v after the switch (peak %v), %s's %v: want it below half its peak and below NORMA's",
			d.Name(0), svmd, peak[0], d.Name(1), norma)
	}
}

// TestMeanWindowNaive checks the windowed mean against a naive sum of the
// last N values at every step (to 1e-12 relative: the incremental sum
// rounds differently, and is recomputed once per N steps).
func TestMeanWindowNaive(t *testing.T) {
	const seed, steps = 12, 4000
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	for _, n := range []int{1, 7, 100, 1000, 5000} {
		w := NewMeanWindow(n)
		var all []float64
		for s := range steps {
			v := math.Abs(rng.NormFloat64()) * math.Exp(3*math.Sin(float64(s)/200)) // residuals of drifting size
			w.Add(v)
			all = append(all, v)
			k := min(len(all), n)
			naive := 0.0
			for _, x := range all[len(all)-k:] {
				naive += x
			}
			naive /= float64(k)
			if got := w.Mean(); math.Abs(got-naive) > 1e-12*naive {
				t.Fatalf("N=%d t=%d: mean %v, naive %v", n, s+1, got, naive)
			}
		}
	}
	if !math.IsNaN(NewMeanWindow(3).Mean()) {
		t.Error("an empty window's mean is not NaN")
	}
}

// TestRegressionWindow: a regression run's windowed error is the mean
// |y_t − f_t(x_t)| of its last N predictions, each made before its
// example was learned, recounted naively at several t.
func TestRegressionWindow(t *testing.T) {
	cfg := state.Default()
	cfg.Task, cfg.Learner, cfg.Nu, cfg.Window = state.TaskRegression, state.LearnerNORMA, 0, 50
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var res []float64
	for s.T() < 400 {
		s.Step(1)
		l := s.Last()
		res = append(res, math.Abs(l.Y-l.Step.Prediction))
		if n := len(res); n == 10 || n == 50 || n == 51 || n == 400 {
			k := min(n, cfg.Window)
			naive := 0.0
			for _, r := range res[n-k:] {
				naive += r
			}
			naive /= float64(k)
			if got := s.AbsWindow().Mean(); math.Abs(got-naive) > 1e-12*naive {
				t.Errorf("t=%d: windowed |y − f| %v, naive %v", n, got, naive)
			}
		}
	}
	if s.Err() != nil {
		t.Fatal(s.Err())
	}
	if len(s.Traces().WinError.V) == 0 {
		t.Error("a regression run records no windowed error")
	}
}
