package learn

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// ammXOR returns n points of the XOR problem: four Gaussian blobs (standard
// deviation sd) at (±1, ±1), class 0 where x_1·x_2 > 0 (first and third
// quadrant centres), class 1 otherwise.
func ammXOR(n int, sd float64, seed uint64) (*mat.Dense, []float64) {
	rng := rand.New(rand.NewPCG(seed, 6))
	X := mat.NewDense(n, 2, nil)
	y := make([]float64, n)
	for i := 0; i < n; i++ {
		c1, c2 := float64(2*rng.IntN(2)-1), float64(2*rng.IntN(2)-1)
		X.Set(i, 0, c1+sd*rng.NormFloat64())
		X.Set(i, 1, c2+sd*rng.NormFloat64())
		if c1*c2 < 0 {
			y[i] = 1
		}
	}
	return X, y
}

func ammAccuracy(a *AMM, X *mat.Dense, y []float64) float64 {
	n, _ := X.Dims()
	sc := make([]float64, a.NumScores())
	right := 0
	for i := 0; i < n; i++ {
		a.Scores(sc, X.RawRowView(i))
		if float64(floats.MaxIdx(sc)) == y[i] {
			right++
		}
	}
	return float64(right) / float64(n)
}

// TestAMMStepByHand: K = 2, λ = 1, from one zero hyperplane per class.
// Example 1: x = (1, 0), y = 0: every score is 0, not below 0, so no new
// hyperplane; z = 0, rival (1, 0) at score 0, margin 0: loss 1. t = 1: η = 1,
// β ← 0·β, then β_{0,0} += x, β_{1,0} −= x.
// Example 2: x = (−1, 0), y = 0: β_{0,0}ᵀx = −1 < 0, so a hyperplane β_{0,1}
// = 0 is created and assigned; the rival β_{1,0}ᵀx = 1, margin −1, loss 2.
// t = 2: η = 1/2, β ← β/2, β_{0,1} += x/2, β_{1,0} −= x/2.
func TestAMMStepByHand(t *testing.T) {
	a, err := NewAMM(with(DefaultAMMConfig(2), func(c *AMMConfig) {
		c.Lambda = 1
		c.PruneThreshold = 0 // no pruning
	}), 2)
	if err != nil {
		t.Fatal(err)
	}
	st := a.Learn([]float64{1, 0}, 0)
	if st.Loss != 1 || st.Eta != 1 || a.Hyperplanes(0) != 1 || st.BufferSize != 2 {
		t.Fatalf("step 1: %+v, %d hyperplanes of class 0", st, a.Hyperplanes(0))
	}
	w := make([]float64, 2)
	if a.Hyperplane(w, 0, 0); !floats.Equal(w, []float64{1, 0}) {
		t.Fatalf("β_{0,0} = %v, want (1, 0)", w)
	}
	if a.Hyperplane(w, 1, 0); !floats.Equal(w, []float64{-1, 0}) {
		t.Fatalf("β_{1,0} = %v, want (−1, 0)", w)
	}
	st = a.Learn([]float64{-1, 0}, 0)
	if st.Loss != 2 || st.Prediction != 1 || !st.Mistake || a.Hyperplanes(0) != 2 || st.BufferSize != 3 {
		t.Fatalf("step 2: %+v, %d hyperplanes of class 0", st, a.Hyperplanes(0))
	}
	for _, c := range []struct {
		y, k int
		want []float64
	}{{0, 0, []float64{0.5, 0}}, {0, 1, []float64{-0.5, 0}}, {1, 0, []float64{0, 0}}} {
		if a.Hyperplane(w, c.y, c.k); !floats.EqualApprox(w, c.want, 1e-15) {
			t.Errorf("β_{%d,%d} = %v, want %v", c.y, c.k, w, c.want)
		}
	}
	sc := a.Scores(make([]float64, 2), []float64{-2, 0})
	if !floats.EqualApprox(sc, []float64{1, 0}, 1e-15) {
		t.Errorf("scores %v, want (1, 0) = (max(−1, 1), 0)", sc)
	}
}

// TestAMMPrune: a hyperplane that is never used again decays like 1/t and
// is pruned once below PruneThreshold times the largest norm; the last
// hyperplane of a class is never pruned.
func TestAMMPrune(t *testing.T) {
	a, _ := NewAMM(with(DefaultAMMConfig(2), func(c *AMMConfig) {
		c.Lambda = 1
		c.PruneEvery = 50
		c.PruneThreshold = 0.1
	}), 1)
	a.Learn([]float64{-1}, 0) // t = 1: β_{0,0} = −1, β_{1,0} = +1
	a.Learn([]float64{1}, 0)  // class 0 scores −1 < 0: creates β_{0,1}
	if a.Hyperplanes(0) != 2 {
		t.Fatalf("%d hyperplanes of class 0, want 2", a.Hyperplanes(0))
	}
	for i := 0; i < 48; i++ {
		a.Learn([]float64{1}, 0) // keeps β_{0,1} and β_{1,0} in use; β_{0,0} only shrinks
	}
	if a.Hyperplanes(0) != 1 || a.Hyperplanes(1) != 1 {
		t.Fatalf("after pruning: %d and %d hyperplanes, want 1 and 1", a.Hyperplanes(0), a.Hyperplanes(1))
	}
	w := make([]float64, 1)
	if a.Hyperplane(w, 0, 0); w[0] <= 0 {
		t.Fatalf("kept β_{0,0} = %v, want the positive hyperplane", w)
	}
}

// TestAMMBeatsLinearOnXOR: on XOR-like data the AMM (online, one pass; and
// batch) reaches a test accuracy far above the multiclass linear SVM, which
// cannot beat about 50% + noise on XOR.
func TestAMMBeatsLinearOnXOR(t *testing.T) {
	const seed = 3
	t.Logf("seed %d", seed)
	X, y := ammXOR(2000, 0.3, seed)
	Xt, yt := ammXOR(2000, 0.3, seed+100)
	lin, _ := NewMulticlassLinear(with(DefaultAMMConfig(2), func(c *AMMConfig) {
		c.Lambda = 1e-3
		c.Bias = 1
		c.Seed = seed
	}), 2)
	amm, _ := NewAMM(with(DefaultAMMConfig(2), func(c *AMMConfig) {
		c.Lambda = 1e-3
		c.Bias = 1
		c.Seed = seed
	}), 2)
	for i := 0; i < 2000; i++ {
		lin.Learn(X.RawRowView(i), y[i])
		amm.Learn(X.RawRowView(i), y[i])
	}
	accLin, accAMM := ammAccuracy(lin, Xt, yt), ammAccuracy(amm, Xt, yt)
	t.Logf("online, one pass: linear %.3f, AMM %.3f with %d + %d hyperplanes", accLin, accAMM, amm.Hyperplanes(0), amm.Hyperplanes(1))
	if accAMM < 0.9 || accAMM < accLin+0.2 {
		t.Errorf("online AMM accuracy %.3f, linear %.3f: want ≥ 0.9 and 0.2 above linear", accAMM, accLin)
	}
	linB, _ := NewMulticlassLinear(with(DefaultAMMConfig(2), func(c *AMMConfig) {
		c.Lambda = 1e-3
		c.Bias = 1
		c.Seed = seed
	}), 2)
	ammB, _ := NewAMM(with(DefaultAMMConfig(2), func(c *AMMConfig) {
		c.Lambda = 1e-3
		c.Bias = 1
		c.Seed = seed
	}), 2)
	rl, err := linB.Fit(X, y, 3)
	if err != nil {
		t.Fatal(err)
	}
	ra, err := ammB.Fit(X, y, 3)
	if err != nil {
		t.Fatal(err)
	}
	accLin, accAMM = ammAccuracy(linB, Xt, yt), ammAccuracy(ammB, Xt, yt)
	t.Logf("batch, 3 rounds: linear %.3f (objective %.4g), AMM %.3f (objective %.4g, hyperplanes %v)", accLin, rl.Objective, accAMM, ra.Objective, ra.Hyperplanes)
	if accAMM < 0.9 || accAMM < accLin+0.2 || ra.Objective >= rl.Objective {
		t.Errorf("batch AMM accuracy %.3f (objective %.4g), linear %.3f (objective %.4g)", accAMM, ra.Objective, accLin, rl.Objective)
	}
}

func TestAMMSettingsErrors(t *testing.T) {
	for _, s := range []AMMConfig{
		DefaultAMMConfig(0), DefaultAMMConfig(1), with(DefaultAMMConfig(2), func(c *AMMConfig) {
			c.Lambda = -1
		}), with(DefaultAMMConfig(2), func(c *AMMConfig) {
			c.MaxHyperplanes = -1
		}),
		with(DefaultAMMConfig(2), func(c *AMMConfig) {
			c.PruneEvery = -1
		}), with(DefaultAMMConfig(2), func(c *AMMConfig) {
			c.Epochs = -1
		}), with(DefaultAMMConfig(2), func(c *AMMConfig) {
			c.PruneThreshold = 1
		}),
		with(DefaultAMMConfig(2), func(c *AMMConfig) {
			c.PruneThreshold = math.NaN()
		}), with(DefaultAMMConfig(2), func(c *AMMConfig) {
			c.Bias = -1
		}),
	} {
		if _, err := NewAMM(s, 2); err == nil {
			t.Errorf("NewAMM(%+v): no error", s)
		}
	}
	if m, err := NewMulticlassLinear(with(DefaultAMMConfig(3), func(c *AMMConfig) {
		c.MaxHyperplanes = 2
	}), 2); err != nil || m.Config().MaxHyperplanes != 1 {
		t.Errorf("NewMulticlassLinear with 2 hyperplanes asked: err %v, want one hyperplane per class", err)
	}
	a, _ := NewAMM(DefaultAMMConfig(2), 2)
	if _, err := a.Fit(mat.NewDense(1, 2, []float64{1, 2}), []float64{2}, 1); err == nil {
		t.Error("Fit with label 2 of 2 classes: no error")
	}
}

// BenchmarkAMMLearn times one online step on XOR data in dimension 2 with
// up to ammBenchMax hyperplanes per class.
func BenchmarkAMMLearn(b *testing.B) {
	const ammBenchN, ammBenchMax = 1000, 15
	X, y := ammXOR(ammBenchN, 0.3, 1)
	a, _ := NewAMM(with(DefaultAMMConfig(2), func(c *AMMConfig) {
		c.Lambda = 1e-3
		c.Bias = 1
		c.MaxHyperplanes = ammBenchMax
	}), 2)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		a.Learn(X.RawRowView(i), y[i])
		i = (i + 1) % ammBenchN
	}
}

// TestAMMClassPanics: a class outside 0…K−1 given to the accessors panics
// with the package prefix, not a bare index error.
func TestAMMClassPanics(t *testing.T) {
	a, err := NewAMM(DefaultAMMConfig(3), 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []func(){
		func() { a.Hyperplanes(3) },
		func() { a.Hyperplanes(-1) },
		func() { a.Hyperplane(make([]float64, 2), 3, 0) },
	} {
		func() {
			defer func() {
				if msg, _ := recover().(string); !strings.HasPrefix(msg, "learn: AMM.Hyperplane") {
					t.Errorf("panic %q, want the prefix learn: AMM.Hyperplane", msg)
				}
			}()
			f()
		}()
	}
}
