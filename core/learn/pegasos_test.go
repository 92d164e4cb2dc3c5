package learn

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/floats"
)

// TestPegasosUpdateByHand checks one mini-batch update on a hand-computed
// case: λ = 1/2, k = 2, w_1 = 0 so both examples violate the margin; t = 1,
// η = 1/(λt) = 2, (1 − ηλ) = 0, and with x_1 = (1, 1), y_1 = +1, x_2 = (0, −1),
// y_2 = −1: w = (η/k)(y_1x_1 + y_2x_2) = (1, 1) + (0, 1) = (1, 2). Its norm √5
// exceeds 1/√λ = √2, so w is scaled to √2·(1, 2)/√5.
func TestPegasosUpdateByHand(t *testing.T) {
	p, err := NewPegasos(2, PegasosSettings{Lambda: 0.5, BatchSize: 2})
	if err != nil {
		t.Fatal(err)
	}
	st := p.Learn([]float64{1, 1}, 1)
	if st.Eta != 2 || st.Loss != 1 || !st.MarginError || p.Iterations() != 0 {
		t.Fatalf("first example: %+v, iterations %d", st, p.Iterations())
	}
	if p.Weights()[0] != 0 || p.Weights()[1] != 0 {
		t.Fatalf("w changed before the batch was full: %v", p.Weights())
	}
	p.Learn([]float64{0, -1}, -1)
	s := math.Sqrt(2) / math.Sqrt(5)
	want := []float64{s, 2 * s}
	if !floats.EqualApprox(p.Weights(), want, 1e-15) || p.Iterations() != 1 {
		t.Fatalf("w = %v after t = %d, want %v", p.Weights(), p.Iterations(), want)
	}
	// Second iteration, one violator: t = 2, η = 1, (1 − ηλ) = 1/2.
	x := []float64{-1, 0}
	m := -1 * floats.Dot(p.Weights(), x) // y = −1: margin s < 1
	p.Learn(x, -1)
	p.Learn([]float64{0, 10}, 1) // margin 20s > 1: no contribution
	want = []float64{0.5*s + 0.5*1, 0.5 * 2 * s}
	if m >= 1 || !floats.EqualApprox(p.Weights(), want, 1e-15) {
		t.Fatalf("t = 2: w = %v, want %v (margin %v)", p.Weights(), want, m)
	}
}

func TestPegasosSettingsErrors(t *testing.T) {
	for _, s := range []PegasosSettings{{Lambda: -1}, {Lambda: math.Inf(1)}, {BatchSize: -1}, {Bias: math.NaN()}} {
		if _, err := NewPegasos(2, s); err == nil {
			t.Errorf("NewPegasos(%+v): no error", s)
		}
	}
}

// TestPegasosObjective: on the shared LIBSVM set with λ = 10⁻² and a bias
// feature, 10⁵ Pegasos iterations (k = 1) reach within 1% of the optimum F*
// computed by DCD (ε = 10⁻⁶), never below it (a cross-check of DCD's F*), and
// ‖w‖ stays within the ball of radius 1/√λ. Measured: 0.33% (10⁵), 0.036% (10⁶).
func TestPegasosObjective(t *testing.T) {
	X, y := linTrainSet(t)
	const lambda, bias = 1e-2, 1
	c, _ := NewDCD(DCDSettings{Lambda: lambda, Epsilon: 1e-6, MaxEpochs: 1e6, Bias: bias, NoShrinking: true})
	opt, err := c.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []int{1, 10} {
		const seed = 7
		t.Logf("seed %d", seed)
		p, _ := NewPegasos(linTrainDim, PegasosSettings{Lambda: lambda, Bias: bias, BatchSize: k, Seed: seed})
		prev := math.Inf(1)
		for _, T := range []int{1000, 10000, 100000} {
			p.Reset()
			if err := p.Fit(X, y, T/k); err != nil {
				t.Fatal(err)
			}
			f := LinearObjective(LinearHinge, lambda, bias, p.Weights(), X, y)
			rel := (f - opt.Primal) / opt.Primal
			t.Logf("k = %d, %d examples: F = %.6g, F* = %.6g, relative error %.3g", k, T, f, opt.Primal, rel)
			if rel < -1e-9 {
				t.Errorf("Pegasos F = %.10g below DCD's optimum %.10g", f, opt.Primal)
			}
			if f > prev {
				t.Errorf("k = %d: F rose from %.6g to %.6g with more iterations", k, prev, f)
			}
			prev = f
			if n := floats.Norm(p.Weights(), 2); n > 1/math.Sqrt(lambda)*(1+1e-12) {
				t.Errorf("‖w‖ = %v outside the ball of radius %v", n, 1/math.Sqrt(lambda))
			}
		}
		if rel := (prev - opt.Primal) / opt.Primal; rel > 0.01 {
			t.Errorf("k = %d: Pegasos ends %.3g above F*, want within 1%%", k, rel)
		}
	}
}

// BenchmarkPegasosLearn times one Learn call (k = 1) in dimension
// pegasosBenchDim.
func BenchmarkPegasosLearn(b *testing.B) {
	const pegasosBenchDim = 40
	p, _ := NewPegasos(pegasosBenchDim, PegasosSettings{Lambda: 1e-2})
	X, y := linTrainSet(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		p.Learn(X.RawRowView(i), y[i])
		i = (i + 1) % len(y)
	}
}
