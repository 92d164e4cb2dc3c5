package learn

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/floats"
)

// PegasosConfig configures [Pegasos]. The zero value of a field means
// zero; [DefaultPegasosConfig] gives the paper's algorithm.
type PegasosConfig struct {
	// Lambda is the regularizer λ > 0 of F(w) = λ/2‖w‖² + (1/N)Σ max(0, 1 −
	// y⟨w, x̃⟩).
	Lambda float64
	// BatchSize is the mini-batch size k ≥ 1 (lecture: "gradient sample size
	// K").
	BatchSize int
	// NoProjection skips the projection onto the ball of radius 1/√λ
	// (lecture "reproject/rescale β"), leaving plain stochastic subgradient
	// descent with η_t = 1/(λt). The zero value projects.
	NoProjection bool
	// Bias, when positive, appends a constant feature of this value whose
	// weight is regularized (and projected) like the others, as LIBLINEAR's
	// -B. Zero means no bias: f(x) = ⟨w, x⟩, Pegasos' own model.
	Bias float64
	// Seed seeds the uniform sampling of [Pegasos.Fit] (Learn uses no
	// randomness).
	Seed uint64
}

// DefaultPegasosConfig returns Pegasos with λ = 10⁻⁴ (Shalev-Shwartz et
// al. 2007, CCAT) and mini-batches of k = 1, projecting, without bias.
func DefaultPegasosConfig() PegasosConfig { return PegasosConfig{Lambda: 1e-4, BatchSize: 1} }

// Pegasos is the primal estimated sub-gradient solver for the linear SVM
// (Shalev-Shwartz, Singer, Srebro 2007; lecture "Pegasos"). Iteration t = 1,
// 2, … takes a mini-batch A_t of k examples, all scored at w_t, and sets
//
//	η_t = 1/(λt),
//	w_{t+½} = (1 − η_t·λ)·w_t + (η_t/k)·Σ_{(x,y)∈A_t, y⟨w_t,x̃⟩<1} y·x̃,
//	w_{t+1} = min(1, (1/√λ)/‖w_{t+½}‖)·w_{t+½}.
//
// As a [Learner] it is fed one example per Learn call: the examples of a
// mini-batch are scored against the same w_t as they arrive and their
// subgradient accumulated, and the update happens on the k-th; so a run with
// k > 1 sees exactly Pegasos' mini-batches, in stream order. Learn allocates
// nothing.
type Pegasos struct {
	s      PegasosConfig
	dim    int
	w      []float64 // length dim (+1 with a bias)
	grad   []float64 // Σ y·x̃ over the margin violators of the current batch
	inBat  int       // examples of the current batch seen
	t      int       // completed iterations
	radius float64   // 1/√λ
	dead   bool
	last   PegasosUpdate // the inspection record of the last example
}

var _ Learner = (*Pegasos)(nil)

// NewPegasos returns a Pegasos learner for inputs of dimension dim ≥ 1 (a
// smaller dim is an error). It returns an error for a non-positive or
// non-finite Lambda, a negative or non-finite Bias, or BatchSize < 1.
func NewPegasos(s PegasosConfig, dim int) (*Pegasos, error) {
	if err := checkDim("Pegasos", dim); err != nil {
		return nil, err
	}
	if err := checkLambda("Pegasos", s.Lambda); err != nil {
		return nil, err
	}
	if s.BatchSize < 1 {
		return nil, fmt.Errorf("learn: Pegasos: BatchSize = %d, want ≥ 1", s.BatchSize)
	}
	if err := checkBias("Pegasos", s.Bias); err != nil {
		return nil, err
	}
	p := linWeightDim(dim, s.Bias)
	if err := checkStorage("Pegasos", 2*float64(p), fmt.Sprintf("dimension %d, 2p,", dim)); err != nil {
		return nil, err
	}
	return &Pegasos{s: s, dim: dim, w: make([]float64, p), grad: make([]float64, p), radius: 1 / math.Sqrt(s.Lambda)}, nil
}

// Config returns the settings in force.
func (p *Pegasos) Config() PegasosConfig { return p.s }

// Task returns [Binary].
func (p *Pegasos) Task() Task { return Binary }

// NumScores returns 1.
func (p *Pegasos) NumScores() int { return 1 }

// Weights returns w (length dim, +1 with a bias, the bias weight last), not a
// copy: it changes with the next update.
func (p *Pegasos) Weights() []float64 { return p.w }

// Iterations returns the number t of completed Pegasos iterations.
func (p *Pegasos) Iterations() int { return p.t }

// Scores writes f(x) = ⟨w, x̃⟩ into dst[0]. Wrong lengths panic.
func (p *Pegasos) Scores(dst, x []float64) []float64 {
	checkLen("Pegasos.Scores", x, p.dim)
	if len(dst) != 1 {
		panic(fmt.Sprintf("learn: Pegasos.Scores: len(dst) = %d, want 1", len(dst)))
	}
	dst[0] = linScore(p.w, x, p.s.Bias)
	return dst
}

// Learn scores (x, y) at w_t, adds it to the current mini-batch and, when the
// batch holds k examples, makes the Pegasos update. Step.Eta is η_t = 1/(λt)
// of the batch the example belongs to; Step.Loss the hinge loss at w_t.
// y must be ±1 and len(x) the input dimension, or Learn panics.
func (p *Pegasos) Learn(x []float64, y float64) Step {
	checkLen("Pegasos.Learn", x, p.dim)
	checkBinaryLabel("Pegasos.Learn", y)
	f := linScore(p.w, x, p.s.Bias)
	m := y * f
	t := p.t + 1
	eta := 1 / (p.s.Lambda * float64(t))
	st := Step{Loss: math.Max(0, 1-m), MarginError: m < 1, Eta: eta, Margin: 1}
	st.Prediction, st.Mistake = binaryPrediction(f, y)
	p.last = PegasosUpdate{T: t, InBatch: p.inBat + 1, BatchSize: p.s.BatchSize, Y: y, Score: f, LossValue: st.Loss,
		Violated: m < 1, Lambda: p.s.Lambda, Eta: eta, Radius: p.radius, Index: -1, EvictedIndex: -1}
	if blown(f, st.Loss) {
		p.dead = true
	}
	if p.dead {
		st.Diverged = true
		return st
	}
	if m < 1 {
		linAddScaled(p.grad, y, x, p.s.Bias)
	}
	p.inBat++
	if p.inBat == p.s.BatchSize {
		p.update(eta)
		if !allFinite(p.w) {
			p.dead = true
			st.Diverged = true
		}
	}
	return st
}

// update makes iteration t = p.t+1 with the accumulated batch subgradient.
func (p *Pegasos) update(eta float64) {
	// (1 − ηλ) = 1 − 1/t, exactly 0 at t = 1.
	t := p.t + 1
	floats.Scale(1-1/float64(t), p.w)
	floats.AddScaled(p.w, eta/float64(p.s.BatchSize), p.grad)
	n := floats.Norm(p.w, 2)
	p.last.Updated, p.last.Shrink, p.last.Norm, p.last.Projection = true, 1-1/float64(t), n, 1
	if !p.s.NoProjection && n > p.radius {
		p.last.Projection = p.radius / n
		floats.Scale(p.radius/n, p.w)
	}
	for j := range p.grad {
		p.grad[j] = 0
	}
	p.inBat = 0
	p.t = t
}

// Reset returns to w = 0, t = 0 and an empty batch.
func (p *Pegasos) Reset() {
	for j := range p.w {
		p.w[j] = 0
		p.grad[j] = 0
	}
	p.inBat, p.t, p.dead = 0, 0, false
	p.last = PegasosUpdate{}
}

// Fit runs iterations more Pegasos iterations on (X, y), each on a
// mini-batch of k examples drawn uniformly with replacement from the N rows
// (the paper's sampling), continuing from the current state. X is N×dim and
// y has length N (other shapes, or N = 0, panic); labels other than ±1 are a
// returned error, as is divergence. The sample stream is seeded by Seed and
// restarts with every call.
func (p *Pegasos) Fit(X RowMatrix, y []float64, iterations int) error {
	n, d := X.Dims()
	if d != p.dim || len(y) != n || n == 0 {
		panic(fmt.Sprintf("learn: Pegasos.Fit: X is %d×%d with %d labels, want N×%d, N ≥ 1", n, d, len(y), p.dim))
	}
	if err := checkBinaryLabels("Pegasos.Fit", y); err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(p.s.Seed, 0x706567))
	for it := 0; it < iterations*p.s.BatchSize; it++ {
		i := rng.IntN(n)
		if st := p.Learn(X.RawRowView(i), y[i]); st.Diverged {
			return fmt.Errorf("learn: Pegasos.Fit: diverged at iteration %d", p.t)
		}
	}
	return nil
}

// BiasFeature returns the constant B of the bias feature (0: none).
func (p *Pegasos) BiasFeature() float64 { return p.s.Bias }
