package learn

import (
	"kernelplay/core/loss"

	"fmt"

	"gonum.org/v1/gonum/floats"
)

// SGDConfig configures [SGD]. The zero value of a field means zero;
// [DefaultSGDConfig] gives the setting of the RES paper's §4.
type SGDConfig struct {
	// Lambda is the regularizer λ ≥ 0 of F(w) (RES eq. 1).
	Lambda float64
	// BatchSize is the sample size L ≥ 1 of (3).
	BatchSize int
	// Eta0 is ε0 > 0.
	Eta0 float64
	// Tau is τ > 0, in iterations.
	Tau float64
	// ConstantStep uses ε_t = ε0 for every t (§4, Fig. 4).
	ConstantStep bool
	// Loss is any of the linear losses (§4: loss.SquaredHinge{}).
	Loss loss.Loss
	// Bias, when positive, appends a regularized constant feature (LIBLINEAR's
	// -B). Zero means no bias.
	Bias float64
	// Seed seeds the uniform sampling of [SGD.Fit].
	Seed uint64
}

// DefaultSGDConfig returns the stochastic gradient descent RES is compared
// with in the RES paper's §4: λ = 10⁻³, L = 1, ε_t = ε0·τ/(τ + t) with
// ε0 = 3·10⁻², τ = 100, the squared hinge loss. No bias.
func DefaultSGDConfig() SGDConfig {
	return SGDConfig{Lambda: 1e-3, BatchSize: 1, Eta0: 3e-2, Tau: 100, Loss: loss.SquaredHinge{}}
}

// SGD is stochastic gradient descent on F(w) = λ/2‖w‖² + (1/N)Σ l with the
// step sizes of RES (RES paper eq. 4 with B̂_t⁻¹ + ΓI replaced by I):
//
//	w_{t+1} = w_t − ε_t·ŝ_t,  ŝ_t = λw_t + (1/L)Σ ∇l(w_t; θ_tl),  ε_t = ε0·τ/(τ + t).
//
// As a [Learner] each Learn scores the example at w_t and accumulates its
// gradient; the update happens on the L-th example of a batch. No allocation.
type SGD struct {
	s    SGDConfig
	ml   marginLoss // the loss s.Loss
	dim  int
	w    []float64
	grad []float64 // Σ l'(m)·y·x̃ over the current batch
	in   int
	t    int
	dead bool
}

var _ Learner = (*SGD)(nil)

// NewSGD returns an SGD learner for inputs of dimension dim ≥ 1 (smaller
// is an error). It returns an error for a negative or non-finite λ, a
// non-positive or non-finite ε0 or τ, BatchSize < 1, a negative Bias, or
// an unknown loss.
func NewSGD(s SGDConfig, dim int) (*SGD, error) {
	if err := checkDim("SGD", dim); err != nil {
		return nil, err
	}
	if bad(s.Lambda) {
		return nil, fmt.Errorf("learn: SGD: Lambda = %v must be finite and ≥ 0", s.Lambda)
	}
	if s.BatchSize < 1 {
		return nil, fmt.Errorf("learn: SGD: BatchSize = %d, want ≥ 1", s.BatchSize)
	}
	if err := checkStepSettings("SGD", s.Eta0, s.Tau); err != nil {
		return nil, err
	}
	if err := checkMarginLoss("SGD", s.Loss, marginLosses...); err != nil {
		return nil, err
	}
	if err := checkBias("SGD", s.Bias); err != nil {
		return nil, err
	}
	p := linWeightDim(dim, s.Bias)
	if err := checkStorage("SGD", 2*float64(p), fmt.Sprintf("dimension %d, 2p,", dim)); err != nil {
		return nil, err
	}
	return &SGD{s: s, ml: marginLoss{l: s.Loss}, dim: dim, w: make([]float64, p), grad: make([]float64, p)}, nil
}

// Config returns the settings in force.
func (g *SGD) Config() SGDConfig { return g.s }

// Task returns [Binary].
func (g *SGD) Task() Task { return Binary }

// NumScores returns 1.
func (g *SGD) NumScores() int { return 1 }

// Weights returns w_t (length dim, +1 with a bias), not a copy.
func (g *SGD) Weights() []float64 { return g.w }

// Iterations returns the number t of completed iterations.
func (g *SGD) Iterations() int { return g.t }

// Scores writes f(x) = ⟨w_t, x̃⟩ into dst[0]. Wrong lengths panic.
func (g *SGD) Scores(dst, x []float64) []float64 {
	checkLen("SGD.Scores", x, g.dim)
	if len(dst) != 1 {
		panic(fmt.Sprintf("learn: SGD.Scores: len(dst) = %d, want 1", len(dst)))
	}
	dst[0] = linScore(g.w, x, g.s.Bias)
	return dst
}

// Reset returns to w = 0, t = 0.
func (g *SGD) Reset() {
	for j := range g.w {
		g.w[j] = 0
		g.grad[j] = 0
	}
	g.in, g.t, g.dead = 0, 0, false
}

// Learn scores (x, y) at w_t, accumulates its loss gradient and, on the L-th
// example of the batch, makes the update. y must be ±1 and len(x) the input
// dimension, or Learn panics.
func (g *SGD) Learn(x []float64, y float64) Step {
	checkLen("SGD.Learn", x, g.dim)
	checkBinaryLabel("SGD.Learn", y)
	f := linScore(g.w, x, g.s.Bias)
	m := y * f
	lv, d := g.ml.eval(m)
	st := Step{
		Loss: lv, MarginError: d != 0,
		Eta: resEpsilon(g.s.Eta0, g.s.Tau, g.s.ConstantStep, g.t), Margin: 1,
	}
	st.Prediction, st.Mistake = binaryPrediction(f, y)
	if blown(f, lv) {
		g.dead = true
	}
	if g.dead {
		st.Diverged = true
		return st
	}
	if d != 0 {
		linAddScaled(g.grad, d*y, x, g.s.Bias)
	}
	g.in++
	if g.in == g.s.BatchSize {
		eps := st.Eta
		floats.Scale(1-eps*g.s.Lambda, g.w)
		floats.AddScaled(g.w, -eps/float64(g.s.BatchSize), g.grad)
		for j := range g.grad {
			g.grad[j] = 0
		}
		g.in = 0
		g.t++
		if !allFinite(g.w) {
			g.dead = true
			st.Diverged = true
		}
	}
	return st
}

// Fit processes samples more examples drawn uniformly with replacement from
// (X, y), continuing from the current state. Shapes other than N×dim with N ≥
// 1 panic; labels other than ±1 and divergence are errors.
func (g *SGD) Fit(X RowMatrix, y []float64, samples int) error {
	return linFitSamples("SGD", g, g.dim, g.s.Seed, X, y, samples)
}

// BiasFeature returns the constant B of the bias feature (0: none).
func (g *SGD) BiasFeature() float64 { return g.s.Bias }
