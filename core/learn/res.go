package learn

import (
	"kernelplay/core/loss"

	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	blasgonum "gonum.org/v1/gonum/blas/gonum"
	"gonum.org/v1/gonum/floats"
	lapackgonum "gonum.org/v1/gonum/lapack/gonum"
)

// RESConfig configures [RES]. The zero value of a field means zero;
// [DefaultRESConfig] gives the paper's setting.
type RESConfig struct {
	// Lambda is the regularizer λ ≥ 0 of F(w) = λ/2‖w‖² + (1/N)Σ l (RES eq. 1).
	Lambda float64
	// Delta is the curvature floor δ ≥ 0 of (7)–(9): every eigenvalue of B̂_t
	// stays ≥ δ. δ = Γ = 0 is plain stochastic BFGS (§4, Fig. 4).
	Delta float64
	// Gamma is the minimum-progress term Γ ≥ 0 of (4).
	Gamma float64
	// BatchSize is the sample size L ≥ 1 of (3).
	BatchSize int
	// Eta0 is ε0 > 0 of the step sizes ε_t = ε0·τ/(τ + t) (Theorem 2, §4).
	Eta0 float64
	// Tau is τ > 0 of the step sizes, in iterations.
	Tau float64
	// ConstantStep uses ε_t = ε0 for every t (§4, Fig. 4 uses ε_t = 10⁻¹).
	ConstantStep bool
	// Loss is loss.SquaredHinge{} or loss.Logistic{} (§1). The hinge loss is
	// an error: its curvature is
	// zero almost everywhere and RES' secant pairs would be meaningless.
	Loss loss.Loss
	// B0 sets the initial curvature estimate B̂_0 = B0·I, which Algorithm 1
	// requires to be ≻ δI and the paper leaves unstated (see "Where the
	// papers are ambiguous or wrong" in the package documentation).
	B0 float64
	// Bias, when positive, appends a constant feature of this value whose
	// weight is regularized like the others (LIBLINEAR's -B). Zero means no
	// bias, the paper's f(x) = ⟨w, x⟩.
	Bias float64
	// Seed seeds the uniform sampling of [RES.Fit] (Learn uses no randomness).
	Seed uint64
}

// DefaultRESConfig returns the setting of the RES paper's §4 (Fig. 1):
// λ = 10⁻³, δ = 10⁻³ (δ = λ), Γ = 10⁻⁴, L = 5, ε0 = 3·10⁻², τ = 100, the
// squared hinge loss, and B̂_0 = I (B0 = 1, our choice: the first step is an
// SGD step of size ε_0(1 + Γ)). No bias.
func DefaultRESConfig() RESConfig {
	return RESConfig{Lambda: 1e-3, Delta: 1e-3, Gamma: 1e-4, BatchSize: 5, Eta0: 3e-2, Tau: 100,
		Loss: loss.SquaredHinge{}, B0: 1}
}

// resEpsilon is the step size ε_t = ε0·τ/(τ + t) of iteration t = 0, 1, …
// (RES Theorem 2; §4), or ε0 with a constant step.
func resEpsilon(eta0, tau float64, constant bool, t int) float64 {
	if constant {
		return eta0
	}
	return eta0 * tau / (tau + float64(t))
}

// checkStepSettings validates ε0 and τ after defaults.
func checkStepSettings(who string, eta0, tau float64) error {
	if err := checkPositive(who+" Eta0", eta0); err != nil {
		return err
	}
	if math.IsNaN(tau) || math.IsInf(tau, 0) || tau <= 0 {
		return fmt.Errorf("learn: %s: Tau = %v must be positive and finite", who, tau)
	}
	return nil
}

// RES is the regularized stochastic BFGS method for the linear SVM (Mokhtari
// and Ribeiro, Algorithm 1). Iteration t = 0, 1, … takes L examples θ̃_t and
// computes
//
//	ŝ_t = λw_t + (1/L)Σ ∇l(w_t; θ_tl)                   (10)
//	w_{t+1} = w_t − ε_t·(B̂_t⁻¹ + ΓI)·ŝ_t               (4)
//	v_t = w_{t+1} − w_t,  r̃_t = ŝ(w_{t+1}; θ̃_t) − ŝ_t − δv_t   (5), (8)
//	B̂_{t+1} = B̂_t + r̃r̃ᵀ/(vᵀr̃) − B̂_t v vᵀB̂_t/(vᵀB̂_t v) + δI   (9)
//
// with ε_t = ε0·τ/(τ + t). The B̂ update is skipped when vᵀr̃ ≤ 10⁻¹²·‖v‖‖r̃‖
// (Lemma 1 needs vᵀr̃ > 0; with δ = λ and no example whose loss gradient
// changed, r̃ = 0 and (9) is 0/0: “RES”, package documentation) or when v = 0. To make the
// cancellation exact in that case, r̃ is computed as (λ − δ)v + (1/L)Σ(∇l(w_{t+1})
// − ∇l(w_t)) rather than by subtracting the two ŝ.
//
// As a [Learner] it takes one example per Learn call and stores it in the
// current batch (L×d, preallocated); the iteration runs on the L-th. B̂_t⁻¹ŝ
// is solved by a Cholesky factorization of B̂_t (see [cholSolve]), O(d³) per
// iteration, without allocation. If B̂_t is not positive
// definite to working precision (possible only with δ = 0), the
// learner reports Diverged and stops until Reset.
type RES struct {
	s                    RESConfig
	ml                   marginLoss // the loss s.Loss
	lambda, delta, gamma float64
	dim, p               int       // input and weight dimensions
	w, wNew              []float64 // w_t, w_{t+1}
	sg, dir, v, r, bv    []float64
	bx                   []float64 // batch inputs x̃, L×p row-major
	by                   []float64 // batch labels
	dl                   []float64 // l'(m) at w_t per batch example
	inBat                int
	t                    int              // completed iterations
	skips                int              // skipped B̂ updates
	b                    blas64.Symmetric // B̂_t, upper triangle
	chol                 []float64        // p×p: copy of B̂_t, then its Cholesky factor U
	dead                 bool
	last                 RESUpdate // the inspection record of the last example
}

var _ Learner = (*RES)(nil)

// NewRES returns a RES learner for inputs of dimension dim ≥ 1 (smaller
// is an error). It returns an error for settings out of range: a negative
// or non-finite λ, δ or Γ, a non-positive or non-finite ε0 or τ, a
// BatchSize below 1, B0 ≤ δ,
// the hinge or an unknown loss, or a negative Bias.
func NewRES(s RESConfig, dim int) (*RES, error) {
	if err := checkDim("RES", dim); err != nil {
		return nil, err
	}
	for _, v := range []struct {
		name string
		v    float64
	}{{"Lambda", s.Lambda}, {"Delta", s.Delta}, {"Gamma", s.Gamma}} {
		if bad(v.v) {
			return nil, fmt.Errorf("learn: RES: %s = %v must be finite and ≥ 0", v.name, v.v)
		}
	}
	if s.BatchSize < 1 {
		return nil, fmt.Errorf("learn: RES: BatchSize = %d, want ≥ 1", s.BatchSize)
	}
	if err := checkStepSettings("RES", s.Eta0, s.Tau); err != nil {
		return nil, err
	}
	if err := checkMarginLoss("RES", s.Loss, loss.SquaredHinge{}, loss.Logistic{}); err != nil {
		return nil, err
	}
	if math.IsNaN(s.B0) || math.IsInf(s.B0, 0) || s.B0 <= s.Delta || s.B0 <= 0 {
		return nil, fmt.Errorf("learn: RES: B0 = %v must be finite and > δ = %v (Algorithm 1: B̂_0 ≻ δI)", s.B0, s.Delta)
	}
	if err := checkBias("RES", s.Bias); err != nil {
		return nil, err
	}
	p := linWeightDim(dim, s.Bias)
	need := 2*float64(p)*float64(p) + float64(s.BatchSize)*float64(p+2) + 7*float64(p)
	if err := checkStorage("RES", need, fmt.Sprintf("dimension %d with BatchSize %d, 2p² + L·(p + 2) + 7p,", dim, s.BatchSize)); err != nil {
		return nil, err
	}
	r := &RES{
		s: s, ml: marginLoss{l: s.Loss}, lambda: s.Lambda, delta: s.Delta, gamma: s.Gamma, dim: dim, p: p,
		w: make([]float64, p), wNew: make([]float64, p), sg: make([]float64, p),
		dir: make([]float64, p), v: make([]float64, p), r: make([]float64, p), bv: make([]float64, p),
		bx: make([]float64, s.BatchSize*p), by: make([]float64, s.BatchSize), dl: make([]float64, s.BatchSize),
		b:    blas64.Symmetric{Uplo: blas.Upper, N: p, Stride: p, Data: make([]float64, p*p)},
		chol: make([]float64, p*p),
	}
	r.Reset()
	return r, nil
}

// Config returns the settings in force.
func (r *RES) Config() RESConfig { return r.s }

// Task returns [Binary].
func (r *RES) Task() Task { return Binary }

// NumScores returns 1.
func (r *RES) NumScores() int { return 1 }

// Weights returns w_t (length dim, +1 with a bias), not a copy.
func (r *RES) Weights() []float64 { return r.w }

// Iterations returns the number t of completed RES iterations (Lt examples
// processed).
func (r *RES) Iterations() int { return r.t }

// SkippedUpdates returns how many B̂ updates were skipped because vᵀr̃ was
// not positive (see [RES]).
func (r *RES) SkippedUpdates() int { return r.skips }

// Curvature returns a copy of B̂_t, p×p with p the weight dimension: Data
// holds the whole symmetric matrix row-major (both triangles), Uplo is
// blas.Upper. mat.NewSymDense(p, B.Data) views it as a gonum matrix.
func (r *RES) Curvature() blas64.Symmetric {
	m := blas64.Symmetric{Uplo: blas.Upper, N: r.p, Stride: r.p, Data: make([]float64, r.p*r.p)}
	for i := 0; i < r.p; i++ {
		for j := i; j < r.p; j++ {
			m.Data[i*r.p+j] = r.b.Data[i*r.p+j]
			m.Data[j*r.p+i] = r.b.Data[i*r.p+j]
		}
	}
	return m
}

// Scores writes f(x) = ⟨w_t, x̃⟩ into dst[0]. Wrong lengths panic.
func (r *RES) Scores(dst, x []float64) []float64 {
	checkLen("RES.Scores", x, r.dim)
	if len(dst) != 1 {
		panic(fmt.Sprintf("learn: RES.Scores: len(dst) = %d, want 1", len(dst)))
	}
	dst[0] = linScore(r.w, x, r.s.Bias)
	return dst
}

// Reset returns to w_0 = 0, B̂_0 = B0·I, t = 0.
func (r *RES) Reset() {
	for j := range r.w {
		r.w[j] = 0
	}
	for j := range r.b.Data {
		r.b.Data[j] = 0
	}
	for j := 0; j < r.p; j++ {
		r.b.Data[j*r.p+j] = r.s.B0
	}
	r.inBat, r.t, r.skips, r.dead = 0, 0, 0, false
	r.last = RESUpdate{}
}

// Learn scores (x, y) at w_t, stores it in the current batch and, on the L-th
// example, makes one RES iteration. Step.Loss is l(y⟨w_t, x̃⟩) (without the
// regularizer), Step.Eta the ε_t of the batch. y must be ±1 and len(x) the
// input dimension, or Learn panics.
func (r *RES) Learn(x []float64, y float64) Step {
	checkLen("RES.Learn", x, r.dim)
	checkBinaryLabel("RES.Learn", y)
	f := linScore(r.w, x, r.s.Bias)
	m := y * f
	lv, ld := r.ml.eval(m)
	st := Step{
		Loss: lv, MarginError: ld != 0,
		Eta: resEpsilon(r.s.Eta0, r.s.Tau, r.s.ConstantStep, r.t), Margin: 1,
	}
	st.Prediction, st.Mistake = binaryPrediction(f, y)
	r.last = RESUpdate{T: r.t + 1, InBatch: r.inBat + 1, BatchSize: r.s.BatchSize, Y: y, Score: f, LossValue: lv, Slope: ld,
		Eps: st.Eta, Lambda: r.lambda, Delta: r.delta, Gamma: r.gamma}
	if blown(f, lv) {
		r.dead = true
	}
	if r.dead {
		st.Diverged = true
		return st
	}
	row := r.bx[r.inBat*r.p : (r.inBat+1)*r.p]
	copy(row, x)
	if r.s.Bias > 0 {
		row[r.dim] = r.s.Bias
	}
	r.by[r.inBat] = y
	r.inBat++
	if r.inBat == r.s.BatchSize {
		r.inBat = 0
		if !r.iterate(st.Eta) {
			r.dead = true
			st.Diverged = true
		}
	}
	return st
}

// iterate runs Algorithm 1's steps 4–8 on the stored batch with step eps. It
// returns false on divergence.
func (r *RES) iterate(eps float64) bool {
	L, p := r.s.BatchSize, r.p
	inv := 1 / float64(L)
	// Step 4, (10): ŝ(w_t) = λw_t + (1/L)Σ l'(m_i)·y_i·x̃_i.
	for j := range r.sg {
		r.sg[j] = r.lambda * r.w[j]
	}
	for i := 0; i < L; i++ {
		xi := r.bx[i*p : (i+1)*p]
		_, r.dl[i] = r.ml.eval(r.by[i] * floats.Dot(r.w, xi))
		if r.dl[i] != 0 {
			floats.AddScaled(r.sg, inv*r.dl[i]*r.by[i], xi)
		}
	}
	// Step 5, (4): dir = (B̂⁻¹ + ΓI)ŝ through the Cholesky factor of B̂.
	copy(r.chol, r.b.Data)
	copy(r.dir, r.sg)
	if !cholSolve(r.chol, p, r.dir) {
		return false
	}
	floats.AddScaled(r.dir, r.gamma, r.sg)
	r.last.Updated, r.last.NormS, r.last.NormDir = true, floats.Norm(r.sg, 2), floats.Norm(r.dir, 2)
	for j := range r.wNew {
		r.wNew[j] = r.w[j] - eps*r.dir[j]
	}
	if !allFinite(r.wNew) {
		return false
	}
	// Steps 6–7, (5) and (8): v = w_{t+1} − w_t and
	// r̃ = (λ − δ)v + (1/L)Σ (l'(m_i⁺) − l'(m_i))·y_i·x̃_i.
	floats.SubTo(r.v, r.wNew, r.w)
	for j := range r.r {
		r.r[j] = (r.lambda - r.delta) * r.v[j]
	}
	for i := 0; i < L; i++ {
		xi := r.bx[i*p : (i+1)*p]
		_, dNew := r.ml.eval(r.by[i] * floats.Dot(r.wNew, xi))
		dl := dNew - r.dl[i]
		if dl != 0 {
			floats.AddScaled(r.r, inv*dl*r.by[i], xi)
		}
	}
	copy(r.w, r.wNew)
	r.t++
	// Step 8, (9), guarded (“RES”, package documentation).
	vr := floats.Dot(r.v, r.r)
	var bi blasgonum.Implementation // the concrete type: see cholSolve
	bi.Dsymv(blas.Upper, p, 1, r.b.Data, p, r.v, 1, 0, r.bv, 1)
	vbv := floats.Dot(r.v, r.bv)
	r.last.NormV, r.last.VR, r.last.VBV = floats.Norm(r.v, 2), vr, vbv
	if !(vr > 1e-12*floats.Norm(r.v, 2)*floats.Norm(r.r, 2)) || !(vbv > 0) {
		r.last.Skipped = true
		r.skips++
		return true
	}
	bi.Dsyr(blas.Upper, p, 1/vr, r.r, 1, r.b.Data, p)
	bi.Dsyr(blas.Upper, p, -1/vbv, r.bv, 1, r.b.Data, p)
	for j := 0; j < p; j++ {
		r.b.Data[j*p+j] += r.delta
	}
	return allFinite(r.b.Data)
}

// cholSolve factors a = UᵀU in place (a n×n row-major with stride n, upper
// triangle read and overwritten by U, lower triangle untouched) and
// overwrites x (length n) with a⁻¹x by the two triangular solves Uᵀy = x,
// Ux = y. It returns false, with x unchanged, if a is not positive definite
// to working precision. Shapes are not checked beyond gonum's own panics.
//
// It calls gonum's unblocked LAPACK dpotf2 and two BLAS dtrsv, on gonum's
// concrete Implementation types, rather than dpotrf/dpotrs
// (lapack64.Potrf/Potrs). For n ≤ 64 dpotrf is dpotf2 (ilaenv's block size
// is 64), so the factor is the same bit for bit; for larger n it agrees to
// rounding. The solve agrees to rounding (dtrsv divides by U's diagonal and
// sums each row before subtracting; dtrsm multiplies by the reciprocal and
// subtracts term by term), so RES runs differ in the last bits. RES's
// dimensions are small (the page's at most 101 with the bias), where
// blocking gains little, while dpotrf/dpotrs link ilaenv, dtrsm, dsyrk and
// dgemm into the page's wasm: about 20 KB gzip (Go 1.26, gonum v0.17.0),
// and calling the concrete types rather than through blas64/lapack64 about
// 1 KB more.
func cholSolve(a []float64, n int, x []float64) bool {
	if !(lapackgonum.Implementation{}).Dpotf2(blas.Upper, n, a, n) {
		return false
	}
	var bi blasgonum.Implementation
	bi.Dtrsv(blas.Upper, blas.Trans, blas.NonUnit, n, a, n, x, 1)   // Uᵀy = x
	bi.Dtrsv(blas.Upper, blas.NoTrans, blas.NonUnit, n, a, n, x, 1) // Ux = y
	return true
}

// Fit processes samples more examples drawn uniformly with replacement from
// the rows of (X, y), continuing from the current state (samples/L
// iterations; a partial last batch stays pending). Shapes other than N×dim
// with N ≥ 1 panic; labels other than ±1 and divergence are errors.
func (r *RES) Fit(X RowMatrix, y []float64, samples int) error {
	return linFitSamples("RES", r, r.dim, r.s.Seed, X, y, samples)
}

// linFitSamples feeds samples uniformly drawn rows of (X, y) to l.Learn.
func linFitSamples(who string, l Learner, dim int, seed uint64, X RowMatrix, y []float64, samples int) error {
	n, d := X.Dims()
	if d != dim || len(y) != n || n == 0 {
		panic(fmt.Sprintf("learn: %s.Fit: X is %d×%d with %d labels, want N×%d, N ≥ 1", who, n, d, len(y), dim))
	}
	if err := checkBinaryLabels(who+".Fit", y); err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(seed, 0x726573))
	for k := 0; k < samples; k++ {
		i := rng.IntN(n)
		if st := l.Learn(X.RawRowView(i), y[i]); st.Diverged {
			return fmt.Errorf("learn: %s.Fit: diverged after %d samples", who, k+1)
		}
	}
	return nil
}

// BiasFeature returns the constant B of the bias feature (0: none).
func (r *RES) BiasFeature() float64 { return r.s.Bias }
