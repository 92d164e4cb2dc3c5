package drift

import (
	"math"
	"math/rand/v2"
	"testing"

	"kernelplay/core/data"
	"kernelplay/core/data/digitfile"
	"kernelplay/core/learn"
)

// TestADWINFalseAlarms: on Bernoulli error streams of constant rate (20
// seeds × 10⁴ steps each, rates 0.1 and 0.3; both ε_cut forms) Theorem 3.1
// promises a false
// cut with probability at most δ per step, so at most δ·2·10⁵ expected
// cuts (alarms are the rising cuts): both counts must stay within that.
// Page–Hinkley's measured alarm rate on the same streams is logged.
func TestADWINFalseAlarms(t *testing.T) {
	const (
		seeds = 20
		steps = 10000
	)
	for _, hoeffding := range []bool{false, true} {
		for _, delta := range []float64{0.002, 0.05} {
			for _, p := range []float64{0.1, 0.3} {
				cuts, alarms, ph, ph10 := 0, 0, 0, 0
				for s := range seeds {
					a, err := NewADWIN(ADWIN{Delta: delta, M: 5, BurnIn: 30, MinLen: 5, Hoeffding: hoeffding})
					if err != nil {
						t.Fatal(err)
					}
					h := DefaultPageHinkley()
					h10 := DefaultPageHinkley()
					h10.Lambda = 10
					rng := rand.New(rand.NewPCG(uint64(s), 99))
					for range steps {
						x := 0.0
						if rng.Float64() < p {
							x = 1
						}
						a.Add(x)
						h.Add(x)
						h10.Add(x)
					}
					cuts, alarms, ph, ph10 = cuts+a.Cuts(), alarms+a.Alarms(), ph+h.Alarms(), ph10+h10.Alarms()
				}
				promise := delta * seeds * steps
				t.Logf("Hoeffding %v, δ = %g, p = %g: ADWIN %d cuts, %d alarms in %d steps (δ promises ≤ %g expected); Page–Hinkley λ = 50: %d alarms (%.3g per step), λ = 10: %d (%.3g per step)",
					hoeffding, delta, p, cuts, alarms, seeds*steps, promise, ph, float64(ph)/(seeds*steps), ph10, float64(ph10)/(seeds*steps))
				if float64(cuts) > promise || alarms > cuts {
					t.Errorf("δ = %g, p = %g: %d cuts, %d alarms, above δ·steps = %g", delta, p, cuts, alarms, promise)
				}
			}
		}
	}
}

// TestADWINWindow checks the exponential histogram's bookkeeping against
// the plain statistics of the values it holds: width, mean and variance
// after every step of a stream with two changes, and at most M + 1 buckets
// per size.
func TestADWINWindow(t *testing.T) {
	a := DefaultADWIN()
	rng := rand.New(rand.NewPCG(5, 6))
	var all []float64
	for i := range 3000 {
		p := 0.1
		if i >= 1000 && i < 2000 {
			p = 0.6
		}
		x := 0.0
		if rng.Float64() < p {
			x = 1
		}
		all = append(all, x)
		a.Add(x)
		w := all[len(all)-a.Width():]
		var s float64
		for _, v := range w {
			s += v
		}
		mean := s / float64(len(w))
		var m2 float64
		for _, v := range w {
			m2 += (v - mean) * (v - mean)
		}
		if math.Abs(a.Mean()-mean) > 1e-9 || math.Abs(a.m2-m2) > 1e-6 {
			t.Fatalf("step %d: mean %v, m2 %v; want %v, %v (width %d)", i, a.Mean(), a.m2, mean, m2, a.Width())
		}
		n := 0
		for r, row := range a.rows {
			if len(row) > a.M {
				t.Fatalf("step %d: row %d has %d buckets", i, r, len(row))
			}
			for _, b := range row {
				if b.n != 1<<r {
					t.Fatalf("step %d: row %d bucket of %d", i, r, b.n)
				}
				n += b.n
			}
		}
		if n != a.Width() {
			t.Fatalf("step %d: buckets hold %d, width %d", i, n, a.Width())
		}
	}
	if a.Alarms() < 1 || a.Width() > 1500 {
		t.Errorf("two changes: %d alarms, final width %d", a.Alarms(), a.Width())
	}
}

// TestOneSided: a falling error (1 then 0) cuts ADWIN's window but raises
// no alarm; Page–Hinkley raises none either.
func TestOneSided(t *testing.T) {
	a, h := DefaultADWIN(), DefaultPageHinkley()
	for i := range 2000 {
		x := 0.0
		if i < 500 {
			x = 1
		}
		if a.Add(x) || h.Add(x) {
			t.Fatalf("step %d: alarm on a falling error", i)
		}
	}
	if a.Cuts() == 0 || a.Width() > 1600 {
		t.Errorf("ADWIN: %d cuts, width %d: want the window cut after the fall", a.Cuts(), a.Width())
	}
}

// TestPageHinkleyDelay: after 1000 zeros the statistic sits at 0 with
// M_t = −1000δ·(≈1); from the first one each step adds 1 − x̄_t − δ < 1,
// so the alarm comes after more than λ/(1 − δ) ≈ 50.3 steps, and before 60
// (x̄ stays below 60/1060 meanwhile, so each step adds more than 0.94 − δ).
func TestPageHinkleyDelay(t *testing.T) {
	h := DefaultPageHinkley()
	for range 1000 {
		if h.Add(0) {
			t.Fatal("alarm on zeros")
		}
	}
	for d := 1; d <= 200; d++ {
		if h.Add(1) {
			if d <= 50 || d > 60 {
				t.Errorf("alarm %d steps after the change, want 51…60", d)
			}
			return
		}
	}
	t.Error("no alarm in 200 steps of ones")
}

// TestSettingsErrors lists bad settings.
func TestSettingsErrors(t *testing.T) {
	for _, a := range []ADWIN{{Delta: 0, M: 5, MinLen: 1}, {Delta: 1, M: 5, MinLen: 1}, {Delta: 0.1, M: 1, MinLen: 1},
		{Delta: 0.1, M: 5, MinLen: 0}, {Delta: 0.1, M: 5, MinLen: 1, BurnIn: -1}, {Delta: math.NaN(), M: 5, MinLen: 1}} {
		if _, err := NewADWIN(a); err == nil {
			t.Errorf("%+v: no error", a)
		}
	}
	for _, p := range []PageHinkley{{Delta: -1, Lambda: 1, Alpha: 1}, {Lambda: 0, Alpha: 1}, {Lambda: 1, Alpha: 0},
		{Lambda: 1, Alpha: 1.5}, {Lambda: math.Inf(1), Alpha: 1}, {Lambda: 1, Alpha: 1, BurnIn: -2}} {
		if _, err := NewPageHinkley(p); err == nil {
			t.Errorf("%+v: no error", p)
		}
	}
}

// switchErrors runs NORMA with its default settings (soft margin, Gaussian
// kernel σ = 1, JMLR's decaying step) on the 0/1 → 2/3 switch stream of
// the MNIST subset (unit-norm inputs, 1000 examples, the switch at 500) and
// returns its 0/1 mistakes. (The linear perceptron adapts too fast to
// detect: its error after the switch is a burst of about ten mistakes.)
func switchErrors(t *testing.T, seed uint64) []float64 {
	t.Helper()
	d, err := digitfile.Open("../../static/data/mnist10k.kpd.gz")
	if err != nil {
		t.Fatal(err)
	}
	q, err := data.Switch(d.Set().UnitNorm(), seed, 0)
	if err != nil {
		t.Fatal(err)
	}
	p, err := learn.NewNORMA(learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0), q.Dim())
	if err != nil {
		t.Fatal(err)
	}
	var errs []float64
	for {
		e, ok := q.Next()
		if !ok {
			break
		}
		x := 0.0
		if p.Learn(e.X, e.Y).Mistake {
			x = 1
		}
		errs = append(errs, x)
	}
	return errs
}

// TestDetectSwitch: both detectors find the 0/1 → 2/3 switch of the
// conference SVMD paper's stream on NORMA's errors, over 5 stream seeds,
// with no alarm before the switch: ADWIN (δ = 0.002) within 80 steps and
// Page–Hinkley with λ = 10 within 100. Page–Hinkley's default λ = 50 is
// too high for this stream (NORMA makes about 90 mistakes after the
// switch, and every correct step lowers m_t by x̄ + δ): its delay, often
// none, is logged.
func TestDetectSwitch(t *testing.T) {
	const at = 500 // data.Switch with n = 1000: the second half starts here
	for seed := range uint64(5) {
		errs := switchErrors(t, seed)
		if len(errs) != 2*at {
			t.Fatalf("%d examples", len(errs))
		}
		a, h, h10 := DefaultADWIN(), DefaultPageHinkley(), DefaultPageHinkley()
		h10.Lambda = 10
		first := [3]int{-1, -1, -1}
		before := [3]int{}
		var rate [2]float64
		for i, x := range errs {
			rate[i/at] += x / at
			for k, alarm := range []bool{a.Add(x), h.Add(x), h10.Add(x)} {
				switch {
				case alarm && i < at:
					before[k]++
				case alarm && first[k] < 0:
					first[k] = i - at + 1
				}
			}
		}
		t.Logf("seed %d: error %.3f before, %.3f after; delay ADWIN %d, Page–Hinkley λ = 50 %d, λ = 10 %d steps (−1: none); alarms before the switch %v",
			seed, rate[0], rate[1], first[0], first[1], first[2], before)
		if first[0] < 0 || first[0] > 80 || first[2] < 0 || first[2] > 100 || before != [3]int{} {
			t.Errorf("seed %d: delays %v (want ADWIN ≤ 80, Page–Hinkley λ = 10 ≤ 100), alarms before the switch %v", seed, first, before)
		}
	}
}
