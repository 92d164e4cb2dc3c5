package learn

import (
	"kernelplay/core/loss"

	"math"
	"testing"

	"gonum.org/v1/gonum/floats"

	"kernelplay/core/kernel"
)

// TestPegasosUpdateByHand checks one mini-batch update on a hand-computed
// case: λ = 1/2, k = 2, w_1 = 0 so both examples violate the margin; t = 1,
// η = 1/(λt) = 2, (1 − ηλ) = 0, and with x_1 = (1, 1), y_1 = +1, x_2 = (0, −1),
// y_2 = −1: w = (η/k)(y_1x_1 + y_2x_2) = (1, 1) + (0, 1) = (1, 2). Its norm √5
// exceeds 1/√λ = √2, so w is scaled to √2·(1, 2)/√5.
func TestPegasosUpdateByHand(t *testing.T) {
	p, err := NewPegasos(with(DefaultPegasosConfig(), func(c *PegasosConfig) {
		c.Lambda = 0.5
		c.BatchSize = 2
	}), 2)
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
	for _, s := range []PegasosConfig{with(DefaultPegasosConfig(), func(c *PegasosConfig) {
		c.Lambda = -1
	}), with(DefaultPegasosConfig(), func(c *PegasosConfig) {
		c.Lambda = math.Inf(1)
	}), with(DefaultPegasosConfig(), func(c *PegasosConfig) {
		c.BatchSize = -1
	}), with(DefaultPegasosConfig(), func(c *PegasosConfig) {
		c.Bias = math.NaN()
	})} {
		if _, err := NewPegasos(s, 2); err == nil {
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
	c, _ := NewDCD(DCDConfig{Lambda: lambda, Tolerance: 1e-6, MaxEpochs: 1e6, Bias: bias, NoShrinking: true})
	opt, err := c.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []int{1, 10} {
		const seed = 7
		t.Logf("seed %d", seed)
		p, _ := NewPegasos(with(DefaultPegasosConfig(), func(c *PegasosConfig) {
			c.Lambda = lambda
			c.Bias = bias
			c.BatchSize = k
			c.Seed = seed
		}), linTrainDim)
		prev := math.Inf(1)
		for _, T := range []int{1000, 10000, 100000} {
			p.Reset()
			if err := p.Fit(X, y, T/k); err != nil {
				t.Fatal(err)
			}
			f := LinearObjective(loss.Hinge{}, lambda, bias, p.Weights(), X, y)
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
	p, _ := NewPegasos(with(DefaultPegasosConfig(), func(c *PegasosConfig) {
		c.Lambda = 1e-2
	}), pegasosBenchDim)
	X, y := linTrainSet(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		p.Learn(X.RawRowView(i), y[i])
		i = (i + 1) % len(y)
	}
}

// TestKernelPegasosLinearKernel: with the linear kernel and a buffer that
// never wraps, kernel Pegasos is linear Pegasos (k = 1, no bias): the same
// scores (up to rounding) and ‖f‖²_H = ‖w‖².
func TestKernelPegasosLinearKernel(t *testing.T) {
	X, y := linTrainSet(t)
	const steps = 300
	kp, err := NewKernelPegasos(with(DefaultKernelPegasosConfig(), func(c *KernelPegasosConfig) {
		c.Kernel = kernel.Linear{}
		c.Lambda = 1e-2
		c.BufferSize = steps
	}), linTrainDim)
	if err != nil {
		t.Fatal(err)
	}
	lp, _ := NewPegasos(with(DefaultPegasosConfig(), func(c *PegasosConfig) {
		c.Lambda = 1e-2
	}), linTrainDim)
	sk, sl := make([]float64, 1), make([]float64, 1)
	for i := 0; i < steps; i++ {
		a, b := kp.Learn(X.RawRowView(i), y[i]), lp.Learn(X.RawRowView(i), y[i])
		if a.MarginError != b.MarginError || a.Eta != b.Eta {
			t.Fatalf("step %d: kernel %+v, linear %+v", i, a, b)
		}
	}
	for i := steps; i < steps+50; i++ {
		kp.Scores(sk, X.RawRowView(i))
		lp.Scores(sl, X.RawRowView(i))
		if math.Abs(sk[0]-sl[0]) > 1e-9*(1+math.Abs(sl[0])) {
			t.Fatalf("x_%d: kernel score %v, linear %v", i, sk[0], sl[0])
		}
	}
	if w := lp.Weights(); math.Abs(kp.Norm2()-floats.Dot(w, w)) > 1e-9*floats.Dot(w, w) {
		t.Fatalf("‖f‖² = %v, ‖w‖² = %v", kp.Norm2(), floats.Dot(w, w))
	}
}

// TestKernelPegasosNorm: with a Gaussian kernel and a buffer that wraps, the
// incrementally kept ‖f‖²_H equals Σ_ij α_i α_j k(x_i, x_j) recomputed from the
// expansion, and stays within the ball ‖f‖ ≤ 1/√λ.
func TestKernelPegasosNorm(t *testing.T) {
	X, y := ammXOR(400, 0.3, 9)
	for i := range y {
		y[i] = 2*y[i] - 1
	}
	k := kernel.Gaussian{Sigma: 0.7}
	const lambda = 1e-2
	p, _ := NewKernelPegasos(with(DefaultKernelPegasosConfig(), func(c *KernelPegasosConfig) {
		c.Kernel = k
		c.Lambda = lambda
		c.BufferSize = 40
	}), 2)
	mistakes := 0
	for i := 0; i < 400; i++ {
		st := p.Learn(X.RawRowView(i), y[i])
		if i >= 200 && st.Mistake {
			mistakes++
		}
		e := p.Expansion()
		var naive float64
		ai, aj := make([]float64, 1), make([]float64, 1)
		for a := 0; a < e.Len(); a++ {
			for b := 0; b < e.Len(); b++ {
				xa, xb := e.X(a), e.X(b)
				naive += e.Alpha(ai, a)[0] * e.Alpha(aj, b)[0] * k.FromDot(floats.Dot(xa, xb), floats.Dot(xa, xa), floats.Dot(xb, xb))
			}
		}
		if math.Abs(naive-p.Norm2()) > 1e-9*(1+naive) {
			t.Fatalf("step %d: ‖f‖² kept %v, recomputed %v", i, p.Norm2(), naive)
		}
		if p.Norm2() > (1/lambda)*(1+1e-12) {
			t.Fatalf("step %d: ‖f‖² = %v > 1/λ", i, p.Norm2())
		}
	}
	t.Logf("XOR, Gaussian σ = 0.7, ω = 40: %d mistakes in the second 200 steps", mistakes)
	if mistakes > 20 {
		t.Errorf("%d mistakes in the second half, want ≤ 20 (10%%)", mistakes)
	}
}
