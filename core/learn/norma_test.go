package learn_test

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"kernelplay/core/kernel"
	"kernelplay/core/learn"
)

// handStep is one example of a hand-computed NORMA run and what must follow.
type handStep struct {
	x, y     float64
	loss     float64
	marginE  bool
	mistake  bool
	margin   float64   // Step.Margin after the update
	w        []float64 // f(x) = w_y·x per label after the update (linear kernel, d = 1)
	b        []float64 // offsets after the update
	probe    float64   // a point where Scores is checked
	scoresAt []float64 // Scores(probe) after the update
}

// runHand runs the steps on a fresh learner with the linear kernel in one
// dimension, where f(x, y) = w_y·x and ‖f‖² = Σ_y w_y², so every quantity can
// be computed by hand.
func runHand(t *testing.T, name string, l *learn.NORMA, steps []handStep) {
	t.Helper()
	const tol = 1e-12
	k := l.NumScores()
	dst := make([]float64, k)
	for i, s := range steps {
		st := l.Learn([]float64{s.x}, s.y)
		if math.Abs(st.Loss-s.loss) > tol || st.MarginError != s.marginE || st.Mistake != s.mistake ||
			math.Abs(st.Margin-s.margin) > tol {
			t.Errorf("%s step %d: got loss %v, margin error %v, mistake %v, margin %v; want %v, %v, %v, %v",
				name, i+1, st.Loss, st.MarginError, st.Mistake, st.Margin, s.loss, s.marginE, s.mistake, s.margin)
		}
		// w_y = f(1, y) = Scores(1) − b.
		b := l.Offsets()
		l.Scores(dst, []float64{1})
		var norm2 float64
		for y := range k {
			w := dst[y] - b[y]
			norm2 += w * w
			if math.Abs(w-s.w[y]) > tol {
				t.Errorf("%s step %d: w[%d] = %v, want %v", name, i+1, y, w, s.w[y])
			}
			if s.b != nil && math.Abs(b[y]-s.b[y]) > tol {
				t.Errorf("%s step %d: b[%d] = %v, want %v", name, i+1, y, b[y], s.b[y])
			}
		}
		if got := l.SquaredNorm(); math.Abs(got-norm2) > tol {
			t.Errorf("%s step %d: SquaredNorm %v, want Σw² = %v", name, i+1, got, norm2)
		}
		if s.scoresAt != nil {
			l.Scores(dst, []float64{s.probe})
			for y := range k {
				if math.Abs(dst[y]-s.scoresAt[y]) > tol {
					t.Errorf("%s step %d: Scores(%v)[%d] = %v, want %v", name, i+1, s.probe, y, dst[y], s.scoresAt[y])
				}
			}
		}
	}
}

func mustNORMA(t *testing.T, cfg learn.NORMAConfig, dim int) *learn.NORMA {
	t.Helper()
	n, err := learn.NewNORMA(cfg, dim)
	if err != nil {
		t.Fatalf("NewNORMA: %v", err)
	}
	return n
}

// TestNORMAHandComputed checks every rule of NORMA §3 against its closed form
// on two or three steps computed by hand (linear kernel k(x, x') = x·x' in
// one dimension, constant η). s = 1 − λη is the shrinking factor of eq. (10).
func TestNORMAHandComputed(t *testing.T) {
	lin := kernel.Linear{}
	half := learn.Constant{Eta0: 0.5}

	// Soft margin with offset, eq. (12); λ = 0.5, η = 0.5, s = 0.75, ρ = 1.
	// 1: x=1, y=+1: g = 0 < 1 (undecided: a mistake), loss 1; α_1 = ηy = 0.5,
	//    b = 0.5; w = 0.5. Scores(2) = 0.5·2 + 0.5 = 1.5.
	// 2: x=2, y=−1: f = 1, g = 1.5 (predicts +1: mistake); y·g = −1.5 < 1,
	//    loss 2.5; w = 0.75·0.5 − 0.5·2 = −0.625, b = 0.
	// 3: x=−1, y=−1: g = 0.625 (mistake), loss 1.625; α_3 = −0.5 at x = −1
	//    adds +0.5·x: w = 0.75·(−0.625) + 0.5 = 0.03125, b = −0.5.
	runHand(t, "soft-margin (12)", mustNORMA(t, with(learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0), func(c *learn.NORMAConfig) {
		c.Kernel = lin
		c.Lambda = 0.5
		c.Schedule = half
		c.Offset = true
	}), 1), []handStep{
		{x: 1, y: 1, loss: 1, marginE: true, mistake: true, margin: 1, w: []float64{0.5}, b: []float64{0.5}, probe: 2, scoresAt: []float64{1.5}},
		{x: 2, y: -1, loss: 2.5, marginE: true, mistake: true, margin: 1, w: []float64{-0.625}, b: []float64{0}},
		{x: -1, y: -1, loss: 1.625, marginE: true, mistake: true, margin: 1, w: []float64{0.03125}, b: []float64{-0.5}},
	})

	// ν-classification, eq. (13) with the descent sign; λ = 1 (default),
	// η = 0.5, s = 0.5, ν = 0.25, ρ_0 = 1 (default), no offset.
	// 1: x=1, y=1: g = 0 < ρ = 1 (undecided: a mistake): loss 1 − νρ = 0.75; w = 0.5;
	//    ρ ← 1 − η(1 − ν) = 0.625 (the printed (14) would give 1.375).
	// 2: x=2, y=1: g = 1 ≥ 0.625: loss −νρ = −0.15625; w = 0.25;
	//    ρ ← 0.625 + ην = 0.75 (printed: 0.5).
	// 3: x=1, y=−1: g = 0.25 (mistake), y·g = −0.25 < 0.75:
	//    loss 1 − 0.1875 = 0.8125; w = 0.125 − 0.5 = −0.375; ρ ← 0.375.
	runHand(t, "ν-classification (13)", mustNORMA(t, with(learn.DefaultNORMAConfig(learn.RuleNuClassification, 0), func(c *learn.NORMAConfig) {
		c.Kernel = lin
		c.Nu = 0.25
		c.Schedule = half
	}), 1), []handStep{
		{x: 1, y: 1, loss: 0.75, marginE: true, mistake: true, margin: 0.625, w: []float64{0.5}},
		{x: 2, y: 1, loss: -0.15625, marginE: false, margin: 0.75, w: []float64{0.25}},
		{x: 1, y: -1, loss: 0.8125, marginE: true, mistake: true, margin: 0.375, w: []float64{-0.375}, probe: 2, scoresAt: []float64{-0.75}},
	})

	// Kernel perceptron, eq. (15) with λ = 0, η = 1, offset.
	// 1: x=1, y=−1: g = 0 predicts +1 (mistake); y·g = 0 updates (the strict
	//    "< 0" of (15) never would from f = 0): α = −1, b = −1; loss 0.
	// 2: x=2, y=+1: g = −2 − 1 = −3, loss 3; w = −1 + 2 = 1, b = 0.
	// 3: x=−3, y=−1: g = −3, correct with y·g = 3 > 0: no change.
	p, err := learn.NewPerceptron(with(learn.DefaultPerceptronConfig(), func(c *learn.PerceptronConfig) {
		c.Kernel = lin
		c.Offset = true
	}), 1)
	if err != nil {
		t.Fatal(err)
	}
	runHand(t, "perceptron (15)", p, []handStep{
		{x: 1, y: -1, loss: 0, marginE: true, mistake: true, w: []float64{-1}, b: []float64{-1}},
		{x: 2, y: 1, loss: 3, marginE: true, mistake: true, w: []float64{1}, b: []float64{0}},
		{x: -3, y: -1, loss: 0, marginE: false, w: []float64{1}, b: []float64{0}},
	})

	// Novelty, eq. (16) with the descent sign; λ = 1, η = 0.5, s = 0.5,
	// ν = 0.5, ρ_0 = 1. Score = f(x) − ρ; Offsets = −ρ.
	// 1: x=1: f = 0 < 1 (flagged: Mistake): loss 1 − νρ = 0.5; w = 0.5;
	//    ρ ← 1 − 0.5·0.5 = 0.75. Scores(2) = 1 − 0.75 = 0.25.
	// 2: x=2: f = 1 ≥ 0.75: loss −0.375; w = 0.25; ρ ← 0.75 + 0.25 = 1.
	// 3: x=1: f = 0.25 < 1: loss 0.75 − 0.5 = 0.25; w = 0.125 + 0.5 = 0.625;
	//    ρ ← 0.75. Scores(1) = −0.125.
	runHand(t, "novelty (16)", mustNORMA(t, with(learn.DefaultNORMAConfig(learn.RuleNovelty, 0), func(c *learn.NORMAConfig) {
		c.Kernel = lin
		c.Nu = 0.5
		c.Schedule = half
	}), 1), []handStep{
		{x: 1, loss: 0.5, marginE: true, mistake: true, margin: 0.75, w: []float64{0.5}, b: []float64{-0.75}, probe: 2, scoresAt: []float64{0.25}},
		{x: 2, loss: -0.375, margin: 1, w: []float64{0.25}, b: []float64{-1}},
		{x: 1, loss: 0.25, marginE: true, mistake: true, margin: 0.75, w: []float64{0.625}, b: []float64{-0.75}, probe: 1, scoresAt: []float64{-0.125}},
	})

	// Squared loss, eq. (17); λ = 0.5, η = 0.5, s = 0.75. Mistake = residual ≠ 0.
	// 1: x=1, y=2: r = 2, loss 2, α = ηr = 1: w = 1.
	// 2: x=2, y=1: f = 2, r = −1, loss 0.5, α = −0.5 at x=2: w = 0.75 − 1 = −0.25.
	// 3: x=−1, y=0: f = 0.25, r = −0.25, loss 0.03125, α = −0.125 at x=−1:
	//    w = −0.1875 + 0.125 = −0.0625.
	sq := with(learn.DefaultNORMAConfig(learn.RuleSquared, 0), func(c *learn.NORMAConfig) {
		c.Kernel = lin
		c.Lambda = 0.5
		c.Schedule = half
	})
	runHand(t, "squared (17)", mustNORMA(t, sq, 1), []handStep{
		{x: 1, y: 2, loss: 2, marginE: true, mistake: true, w: []float64{1}},
		{x: 2, y: 1, loss: 0.5, marginE: true, mistake: true, w: []float64{-0.25}},
		{x: -1, y: 0, loss: 0.03125, marginE: true, mistake: true, w: []float64{-0.0625}},
	})

	// ν-ε-insensitive, eq. (18) as printed; λ = 0.5, η = 0.5, ν = 0.5, ε_0 = 0.5.
	// 1: x=1, y=2: r = 2 > 0.5: loss 1.5 + νε = 1.75; w = 0.5; ε ← 0.5 + η(1−ν) = 0.75.
	// 2: x=2, y=1: f = 1, r = 0 inside: loss νε = 0.375; w = 0.375; ε ← 0.75 − ην = 0.5.
	// 3: x=1, y=−1: f = 0.375, r = −1.375: loss 0.875 + 0.25 = 1.125;
	//    w = 0.28125 − 0.5 = −0.21875; ε ← 0.75.
	runHand(t, "ν-ε-insensitive (18)", mustNORMA(t, with(learn.DefaultNORMAConfig(learn.RuleNuEpsilonInsensitive, 0), func(c *learn.NORMAConfig) {
		c.Kernel = lin
		c.Lambda = 0.5
		c.Nu = 0.5
		c.Epsilon = 0.5
		c.Schedule = half
	}), 1), []handStep{
		{x: 1, y: 2, loss: 1.75, marginE: true, mistake: true, margin: 0.75, w: []float64{0.5}},
		{x: 2, y: 1, loss: 0.375, margin: 0.5, w: []float64{0.375}},
		{x: 1, y: -1, loss: 1.125, marginE: true, mistake: true, margin: 0.75, w: []float64{-0.21875}},
	})

	// Huber, eq. (20) with η in both cases; λ = 0.5, η = 0.5, σ = 1.
	// 1: x=1, y=2: r = 2 > σ: loss 2 − 0.5 = 1.5; α = η·sgn r = 0.5: w = 0.5.
	// 2: x=2, y=1.5: f = 1, r = 0.5 ≤ σ: loss 0.125; α = ηr/σ = 0.25 at x=2:
	//    w = 0.375 + 0.5 = 0.875 (the printed σ⁻¹r without η would give 1.375).
	// 3: x=1, y=0: f = 0.875, r = −0.875: loss 0.3828125; α = −0.4375:
	//    w = 0.65625 − 0.4375 = 0.21875.
	runHand(t, "huber (20)", mustNORMA(t, with(learn.DefaultNORMAConfig(learn.RuleHuber, 0), func(c *learn.NORMAConfig) {
		c.Kernel = lin
		c.Lambda = 0.5
		c.Schedule = half
	}), 1), []handStep{
		{x: 1, y: 2, loss: 1.5, marginE: true, mistake: true, margin: 1, w: []float64{0.5}},
		{x: 2, y: 1.5, loss: 0.125, marginE: true, mistake: true, margin: 1, w: []float64{0.875}},
		{x: 1, y: 0, loss: 0.3828125, marginE: true, mistake: true, margin: 1, w: []float64{0.21875}},
	})

	// Adaptive Huber, eq. (21); λ = 0.5, η = 0.5, σ_0 = 1, ν = 0.5.
	// 1: x=1, y=2: r = 2 > 1: loss 1.5, w = 0.5, σ ← 1 + η(1−ν) = 1.25.
	// 2: x=2, y=1.5: f = 1, r = 0.5 ≤ 1.25: loss 0.25/2.5 = 0.1;
	//    α = 0.5·0.5/1.25 = 0.2 at x=2: w = 0.375 + 0.4 = 0.775; σ ← 1.25 − ην = 1.
	// 3: x=1, y=3: f = 0.775, r = 2.225 > 1: loss 1.725; w = 0.58125 + 0.5 = 1.08125;
	//    σ ← 1.25.
	runHand(t, "adaptive huber (21)", mustNORMA(t, with(learn.DefaultNORMAConfig(learn.RuleAdaptiveHuber, 0), func(c *learn.NORMAConfig) {
		c.Kernel = lin
		c.Lambda = 0.5
		c.Nu = 0.5
		c.Schedule = half
	}), 1), []handStep{
		{x: 1, y: 2, loss: 1.5, marginE: true, mistake: true, margin: 1.25, w: []float64{0.5}},
		{x: 2, y: 1.5, loss: 0.1, marginE: true, mistake: true, margin: 1, w: []float64{0.775}},
		{x: 1, y: 3, loss: 1.725, marginE: true, mistake: true, margin: 1.25, w: []float64{1.08125}},
	})

	// Multiclass soft margin (JMLR eq. 16), K = 3, λ = 0.5, η = 0.5, s = 0.75,
	// ρ = 1, offsets.
	// 1: x=1, y=2: g = (0,0,0), y* = 0 (lowest index), loss 1 + 0 − 0 = 1;
	//    ξ = (1, 0, −1): w = b = (−0.5, 0, 0.5). Predicts 0: mistake.
	//    Scores(1) = (−1, 0, 1).
	// 2: x=2, y=1: g = (−1.5, 0, 1.5), y* = 2: loss 1 + 1.5 = 2.5 (mistake);
	//    ξ = (0, −1, 1): w = (−0.375, 0, 0.375) + (0, 1, −1) = (−0.375, 1, −0.625),
	//    b = (−0.5, 0.5, 0).
	runHand(t, "multiclass soft margin (JMLR 16)", mustNORMA(t, with(learn.DefaultNORMAConfig(learn.RuleSoftMargin, 3), func(c *learn.NORMAConfig) {
		c.Kernel = lin
		c.Lambda = 0.5
		c.Schedule = half
		c.Offset = true
	}), 1), []handStep{
		{x: 1, y: 2, loss: 1, marginE: true, mistake: true, margin: 1, w: []float64{-0.5, 0, 0.5}, b: []float64{-0.5, 0, 0.5}, probe: 1, scoresAt: []float64{-1, 0, 1}},
		{x: 2, y: 1, loss: 2.5, marginE: true, mistake: true, margin: 1, w: []float64{-0.375, 1, -0.625}, b: []float64{-0.5, 0.5, 0}},
	})

	// Multiclass perceptron, K = 3: a tie g_y = g_{y*} updates.
	// 1: x=1, y=1: g = 0, y* = 0: ξ = (1, −1, 0), w = (−1, 1, 0); predicts 0: mistake.
	// 2: x=−1, y=0: g = (1, −1, 0): correct with margin 1 > 0: no change.
	mp, err := learn.NewPerceptron(with(learn.DefaultPerceptronConfig(), func(c *learn.PerceptronConfig) {
		c.Kernel = lin
		c.Classes = 3
	}), 1)
	if err != nil {
		t.Fatal(err)
	}
	runHand(t, "multiclass perceptron", mp, []handStep{
		{x: 1, y: 1, loss: 0, marginE: true, mistake: true, w: []float64{-1, 1, 0}},
		{x: -1, y: 0, loss: 0, w: []float64{-1, 1, 0}},
	})
}

// logSeed logs the seed of a randomised test and returns its PCG source.
func logSeed(t *testing.T, seed uint64) *rand.Rand {
	t.Helper()
	t.Logf("seed %d", seed)
	return rand.New(rand.NewPCG(seed, 2004))
}

// TestNORMANuFraction: with the descent sign on (13), the ν-margin settles
// where a fraction ν of the examples are margin errors. With a constant η
// the count is exact up to the margin's drift: over n steps
// #errors/n = ν − (ρ_end − ρ_start)/(ηn) while ρ > 0, so ±0.03 is a test of
// the sign, not luck (the printed (14) drives ρ up and every example
// becomes a margin error).
func TestNORMANuFraction(t *testing.T) {
	const (
		steps = 6000
		eta   = 0.05
	)
	for _, classes := range []int{0, 4} {
		for _, nu := range []float64{0.1, 0.3} {
			rng := logSeed(t, 7)
			n := mustNORMA(t, with(learn.DefaultNORMAConfig(learn.RuleNuClassification, classes), func(c *learn.NORMAConfig) {
				c.Kernel = kernel.Gaussian{Sigma: 1}
				c.Lambda = 0.02
				c.Nu = nu
				c.Schedule = learn.Constant{Eta0: eta}
				c.BufferSize = 512
				c.Offset = classes == 0
			}), 2)
			errs := 0
			for i := range steps {
				x, y := overlapping(rng, classes)
				st := n.Learn(x, y)
				if i >= steps/2 && st.MarginError {
					errs++
				}
			}
			frac := float64(errs) / (steps / 2)
			t.Logf("classes %d, ν = %.4g: fraction of margin errors %.4g, ρ = %.4g", classes, nu, frac, n.Margin())
			if math.Abs(frac-nu) > 0.03 {
				t.Errorf("classes %d, ν = %v: fraction of margin errors %.4g, want ν ± 0.03", classes, nu, frac)
			}
		}
	}
}

// overlapping draws a stationary 2-D example: binary (classes 0), blobs at
// ±(2, 0) with unit variance (Bayes error 2.3%); multiclass, blobs on a
// circle of radius 4 (adjacent centres 5.7 apart).
func overlapping(rng *rand.Rand, classes int) ([]float64, float64) {
	x := []float64{rng.NormFloat64(), rng.NormFloat64()}
	if classes == 0 {
		y := float64(2*rng.IntN(2) - 1)
		x[0] += 2 * y
		return x, y
	}
	c := rng.IntN(classes)
	a := 2 * math.Pi * float64(c) / float64(classes)
	x[0] += 4 * math.Cos(a)
	x[1] += 4 * math.Sin(a)
	return x, float64(c)
}

// TestNORMANoveltyFraction: novelty detection (16) with the descent sign
// flags a fraction ≈ ν of a stationary stream.
func TestNORMANoveltyFraction(t *testing.T) {
	const steps = 6000
	for _, nu := range []float64{0.05, 0.2} {
		rng := logSeed(t, 11)
		n := mustNORMA(t, with(learn.DefaultNORMAConfig(learn.RuleNovelty, 0), func(c *learn.NORMAConfig) {
			c.Kernel = kernel.Gaussian{Sigma: 1}
			c.Lambda = 0.1
			c.Nu = nu
			c.Schedule = learn.Constant{Eta0: 0.05}
			c.BufferSize = 256
		}), 2)
		flagged := 0
		for i := range steps {
			st := n.Learn([]float64{rng.NormFloat64(), rng.NormFloat64()}, 0)
			if i >= steps/2 && st.Mistake {
				flagged++
			}
		}
		frac := float64(flagged) / (steps / 2)
		t.Logf("ν = %.4g: fraction flagged %.4g, ρ = %.4g", nu, frac, n.Margin())
		if math.Abs(frac-nu) > 0.03 {
			t.Errorf("ν = %v: fraction flagged %.4g, want ν ± 0.03", nu, frac)
		}
		// A point far from the data is novel, the centre is not.
		dst := make([]float64, 1)
		if c, f := n.Scores(dst, []float64{0, 0})[0], n.Scores(make([]float64, 1), []float64{6, 6})[0]; !(c > 0 && f < 0) {
			t.Errorf("ν = %v: score at the centre %v, far away %v: want > 0 and < 0", nu, c, f)
		}
	}
}

// TestNORMATubeFraction: the ν rules of regression, (18) and (21), settle
// with a fraction ≈ ν of residuals outside the tube ε (resp. σ).
func TestNORMATubeFraction(t *testing.T) {
	const steps = 6000
	for _, rule := range []learn.Rule{learn.RuleNuEpsilonInsensitive, learn.RuleAdaptiveHuber} {
		const nu = 0.2
		rng := logSeed(t, 13)
		n := mustNORMA(t, with(learn.DefaultNORMAConfig(rule, 0), func(c *learn.NORMAConfig) {
			c.Kernel = kernel.Gaussian{Sigma: 0.5}
			c.Lambda = 0.01
			c.Nu = nu
			c.Schedule = learn.Constant{Eta0: 0.05}
			c.BufferSize = 256
		}), 1)
		outside := 0
		for i := range steps {
			x := 2*math.Pi*rng.Float64() - math.Pi
			y := math.Sin(x) + 0.2*rng.NormFloat64()
			before := n.Margin()
			st := n.Learn([]float64{x}, y)
			if i >= steps/2 && math.Abs(y-st.Prediction) > before {
				outside++
			}
		}
		frac := float64(outside) / (steps / 2)
		t.Logf("%v: fraction outside the tube %.4g, tube %.4g", rule, frac, n.Margin())
		if math.Abs(frac-nu) > 0.03 {
			t.Errorf("%v: fraction outside %.4g, want ν = %v ± 0.03", rule, frac, nu)
		}
	}
}

// TestNORMASine: every regression rule fits y = sin(x) + noise on [−π, π]
// to an RMS error below 0.1 against sin on a grid after 4000 examples.
func TestNORMASine(t *testing.T) {
	const steps = 4000
	for _, rule := range []learn.Rule{learn.RuleSquared, learn.RuleNuEpsilonInsensitive, learn.RuleHuber, learn.RuleAdaptiveHuber} {
		rng := logSeed(t, 17)
		// λη·ω ≈ 0.01·0.1·1000 = 1 at the end: truncation drops terms that have
		// shrunk by e⁻¹ or more (smaller ω with small λ cuts live terms, eq. 11).
		n := mustNORMA(t, with(learn.DefaultNORMAConfig(rule, 0), func(c *learn.NORMAConfig) {
			c.Kernel = kernel.Gaussian{Sigma: 0.5}
			c.Lambda = 0.01
			c.Nu = 0.3
			c.HuberSigma = 0.3
			c.Schedule = learn.Sqrt{Eta0: 0.5, Tau: 200}
			c.BufferSize = 1000
		}), 1)
		for range steps {
			x := 2*math.Pi*rng.Float64() - math.Pi
			n.Learn([]float64{x}, math.Sin(x)+0.1*rng.NormFloat64())
		}
		var sse float64
		const grid = 61
		dst := make([]float64, 1)
		for i := range grid {
			x := -3 + 6*float64(i)/(grid-1)
			d := n.Scores(dst, []float64{x})[0] - math.Sin(x)
			sse += d * d
		}
		rms := math.Sqrt(sse / grid)
		t.Logf("%v: RMS error against sin %.4g", rule, rms)
		if rms > 0.1 {
			t.Errorf("%v: RMS error against sin %.4g > 0.1", rule, rms)
		}
	}
}

// naiveNorm2 recomputes ‖f‖² = Σ_ij α_iᵀα_j k(x_i, x_j) from the stored terms.
func naiveNorm2(n *learn.NORMA) float64 {
	e := n.Expansion()
	k := e.Kernel()
	ai := make([]float64, e.Labels())
	aj := make([]float64, e.Labels())
	var s float64
	for i := range e.Len() {
		xi := e.X(i)
		e.Alpha(ai, i)
		for j := range e.Len() {
			xj := e.X(j)
			e.Alpha(aj, j)
			var dot, xx, zz, aa float64
			for d := range xi {
				dot += xi[d] * xj[d]
				xx += xi[d] * xi[d]
				zz += xj[d] * xj[d]
			}
			for y := range ai {
				aa += ai[y] * aj[y]
			}
			s += aa * k.FromDot(dot, xx, zz)
		}
	}
	return s
}

// TestNORMASquaredNorm: the incremental ‖f‖² (JMLR eq. 49 with the eviction
// correction (“Truncation”, package documentation)) equals a recomputation from the stored
// coefficients and the Gram matrix to 1e-9 relative, over 2000 random steps
// that wrap a buffer of ω = 40 about 50 times, for every rule.
func TestNORMASquaredNorm(t *testing.T) {
	const (
		steps = 2000
		omega = 40
		dim   = 3
	)
	for r := learn.RuleSoftMargin; r <= learn.RuleAdaptiveHuber; r++ {
		for _, classes := range []int{0, 4} {
			if classes > 0 && r.Task(classes) != learn.Multiclass {
				continue
			}
			rng := logSeed(t, 23)
			n := mustNORMA(t, with(learn.DefaultNORMAConfig(r, classes), func(c *learn.NORMAConfig) {
				c.Kernel = kernel.Gaussian{Sigma: 1.5}
				c.Lambda = 0.02
				c.Schedule = learn.Constant{Eta0: 0.3}
				c.BufferSize = omega
				c.Nu = 0.3
				c.Offset = r != learn.RuleNovelty
			}), dim)
			worst := 0.0
			for i := range steps {
				x := []float64{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
				var y float64
				switch n.Task() {
				case learn.Binary:
					y = float64(2*rng.IntN(2) - 1)
				case learn.Multiclass:
					y = float64(rng.IntN(classes))
				case learn.Regression:
					y = x[0] + rng.NormFloat64()
				}
				n.Learn(x, y)
				if i%97 == 0 || i == steps-1 {
					want := naiveNorm2(n)
					rel := math.Abs(n.SquaredNorm()-want) / math.Max(want, 1e-300)
					worst = math.Max(worst, rel)
					if rel > 1e-9 {
						t.Fatalf("%v classes %d step %d: ‖f‖² incremental %v, naive %v (rel %.3g)", r, classes, i, n.SquaredNorm(), want, rel)
					}
				}
			}
			t.Logf("%v classes %d: worst relative error of ‖f‖² %.3g", r, classes, worst)
		}
	}
}

// TestNORMAConfigErrors: every invalid setting a user can make is an error
// with the package prefix, never a panic.
func TestNORMAConfigErrors(t *testing.T) {
	nan := math.NaN()
	bad := []struct {
		name string
		cfg  learn.NORMAConfig
		dim  int
	}{
		{"rule", learn.DefaultNORMAConfig(99, 0), 2},
		{"negative rule", learn.DefaultNORMAConfig(-1, 0), 2},
		{"dim", learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0), 0},
		{"kernel", with(learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0), func(c *learn.NORMAConfig) {
			c.Kernel = kernel.Gaussian{Sigma: -1}
		}), 2},
		{"classes 1", learn.DefaultNORMAConfig(learn.RuleSoftMargin, 1), 2},
		{"classes negative", learn.DefaultNORMAConfig(learn.RuleSoftMargin, -3), 2},
		{"classes huge", learn.DefaultNORMAConfig(learn.RuleSoftMargin, 1<<20), 2},
		{"classes regression", learn.DefaultNORMAConfig(learn.RuleSquared, 3), 2},
		{"classes novelty", learn.DefaultNORMAConfig(learn.RuleNovelty, 3), 2},
		{"lambda negative", with(learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0), func(c *learn.NORMAConfig) {
			c.Lambda = -1
		}), 2},
		{"lambda NaN", with(learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0), func(c *learn.NORMAConfig) {
			c.Lambda = nan
		}), 2},
		{"nu above 1", with(learn.DefaultNORMAConfig(learn.RuleNuClassification, 0), func(c *learn.NORMAConfig) {
			c.Nu = 1.5
		}), 2},
		{"nu negative", with(learn.DefaultNORMAConfig(learn.RuleNovelty, 0), func(c *learn.NORMAConfig) {
			c.Nu = -0.1
		}), 2},
		{"nu NaN", with(learn.DefaultNORMAConfig(learn.RuleAdaptiveHuber, 0), func(c *learn.NORMAConfig) {
			c.Nu = nan
		}), 2},
		{"margin negative", with(learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0), func(c *learn.NORMAConfig) {
			c.Margin0 = -1
		}), 2},
		{"margin inf", with(learn.DefaultNORMAConfig(learn.RuleNovelty, 0), func(c *learn.NORMAConfig) {
			c.Margin0 = math.Inf(1)
		}), 2},
		{"epsilon negative", with(learn.DefaultNORMAConfig(learn.RuleNuEpsilonInsensitive, 0), func(c *learn.NORMAConfig) {
			c.Epsilon = -1
		}), 2},
		{"sigma negative", with(learn.DefaultNORMAConfig(learn.RuleHuber, 0), func(c *learn.NORMAConfig) {
			c.HuberSigma = -1
		}), 2},
		{"sigma NaN", with(learn.DefaultNORMAConfig(learn.RuleAdaptiveHuber, 0), func(c *learn.NORMAConfig) {
			c.HuberSigma = nan
		}), 2},
		{"buffer negative", with(learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0), func(c *learn.NORMAConfig) {
			c.BufferSize = -1
		}), 2},
		{"buffer huge", with(learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0), func(c *learn.NORMAConfig) {
			c.BufferSize = 1 << 24
		}), 2},
		{"buffer·dim huge", with(learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0), func(c *learn.NORMAConfig) {
			c.BufferSize = 1 << 20
		}), 1 << 10},
		{"offset novelty", with(learn.DefaultNORMAConfig(learn.RuleNovelty, 0), func(c *learn.NORMAConfig) {
			c.Offset = true
		}), 2},
		{"eta0 negative", with(learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0), func(c *learn.NORMAConfig) {
			c.Schedule = learn.Sqrt{Eta0: -1, Tau: c.Schedule.(learn.Sqrt).Tau}
		}), 2},
		{"tau negative", with(learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0), func(c *learn.NORMAConfig) {
			c.Schedule = learn.Sqrt{Eta0: c.Schedule.(learn.Sqrt).Eta0, Tau: -1}
		}), 2},
		{"schedule constant 0", with(learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0), func(c *learn.NORMAConfig) {
			c.Schedule = learn.Constant{}
		}), 2},
		{"eta·lambda > 1", with(learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0), func(c *learn.NORMAConfig) {
			c.Lambda = 2
			c.Schedule = learn.Constant{Eta0: 1}
		}), 2},
		{"inv sqrt t without lambda", with(learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0), func(c *learn.NORMAConfig) {
			c.Lambda = 0
			c.Schedule = learn.InvSqrtT{}
		}), 2},
	}
	for _, c := range bad {
		_, err := learn.NewNORMA(c.cfg, c.dim)
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if !strings.HasPrefix(err.Error(), "learn: ") {
			t.Errorf("%s: error %q lacks the prefix", c.name, err)
		}
	}
	// The defaults, and Theorem 2's schedule taking the learner's λ.
	n := mustNORMA(t, with(learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0), func(c *learn.NORMAConfig) {
		c.Lambda = 0.25
		c.Schedule = learn.InvSqrtT{}
	}), 2)
	if got, want := n.Config().Schedule.Eta(4), 1/(3*0.25*2.0); math.Abs(got-want) > 1e-15 {
		t.Errorf("InvSqrtT{} in NORMA: Eta(4) = %v, want %v", got, want)
	}
	// Defaults: JMLR §6's settings per rule (see DefaultNORMAConfig).
	for _, c := range []struct {
		cfg               learn.NORMAConfig
		lambda, eta0, tau float64
	}{
		{learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0), 1.0 / (500 * 7291), 1, 10},
		{learn.DefaultNORMAConfig(learn.RuleSoftMargin, 10), 1.0 / (500 * 7291), 0.1, 100},
		{learn.DefaultNORMAConfig(learn.RuleNuClassification, 10), 1, 1, 100},
		{learn.DefaultNORMAConfig(learn.RuleNovelty, 0), 1, 1, 10},
		{learn.DefaultNORMAConfig(learn.RuleHuber, 0), 1, 1, 10},
	} {
		d := mustNORMA(t, c.cfg, 2).Config()
		if d.Lambda != c.lambda || d.Schedule != (learn.Sqrt{Eta0: c.eta0, Tau: c.tau}) || d.BufferSize != 512 || d.Kernel == nil ||
			d.Schedule.Eta(1) != c.eta0 {
			t.Errorf("defaults of %+v: got %+v", c.cfg, d)
		}
	}
}

// TestNORMADiverges: a squared-loss run with an absurd constant step size
// overflows; Learn reports Diverged, keeps reporting it, and Reset recovers.
func TestNORMADiverges(t *testing.T) {
	n := mustNORMA(t, with(learn.DefaultNORMAConfig(learn.RuleSquared, 0), func(c *learn.NORMAConfig) {
		c.Kernel = kernel.Linear{}
		c.Lambda = 0
		c.Schedule = learn.Constant{Eta0: 1e6}
	}), 1)
	diverged := -1
	for i := range 200 {
		st := n.Learn([]float64{10}, 1)
		if st.Diverged {
			diverged = i
			break
		}
	}
	if diverged < 0 {
		t.Fatal("no divergence reported")
	}
	t.Logf("diverged at step %d", diverged)
	if st := n.Learn([]float64{1}, 1); !st.Diverged {
		t.Error("Learn after divergence: not Diverged")
	}
	n.Reset()
	if st := n.Learn([]float64{1}, 1); st.Diverged || st.Loss != 0.5 {
		t.Errorf("after Reset: %+v, want loss 0.5 and no divergence", st)
	}
}

// TestNORMATruncation checks the stored expansion against eqs. (9)–(10) and
// the LRU truncation of §2: with the soft margin every margin error at step i
// adds α_i = Λy_i, which then shrinks by (1 − λΛ) per step, so after step t
// the buffer holds exactly the last ω margin errors, oldest first, with
// α_i = Λ·y_i·(1 − λΛ)^(t−i) and x_i as given.
func TestNORMATruncation(t *testing.T) {
	const (
		steps  = 500
		omega  = 30
		eta    = 0.1
		lambda = 0.5
	)
	rng := logSeed(t, 29)
	n := mustNORMA(t, with(learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0), func(c *learn.NORMAConfig) {
		c.Kernel = kernel.Gaussian{Sigma: 0.7}
		c.Lambda = lambda
		c.Schedule = learn.Constant{Eta0: eta}
		c.BufferSize = omega
	}), 2)
	type term struct {
		step int
		x    []float64
		y    float64
	}
	var errs []term
	for i := 1; i <= steps; i++ {
		x := []float64{rng.NormFloat64(), rng.NormFloat64()}
		y := float64(2*rng.IntN(2) - 1)
		if n.Learn(x, y).MarginError {
			errs = append(errs, term{i, x, y})
		}
	}
	e := n.Expansion()
	if len(errs) < 2*omega || e.Len() != omega {
		t.Fatalf("%d margin errors, %d terms stored: the buffer should have wrapped", len(errs), e.Len())
	}
	kept := errs[len(errs)-omega:]
	a := make([]float64, 1)
	for i, k := range kept {
		want := eta * k.y * math.Pow(1-lambda*eta, float64(steps-k.step))
		got := e.Alpha(a, i)[0]
		if math.Abs(got-want) > 1e-12*math.Abs(want) {
			t.Errorf("term %d (step %d): α = %v, want Λy(1 − λΛ)^(t−i) = %v", i, k.step, got, want)
		}
		if x := e.X(i); x[0] != k.x[0] || x[1] != k.x[1] {
			t.Errorf("term %d: x = %v, want %v (step %d)", i, x, k.x, k.step)
		}
	}
}
