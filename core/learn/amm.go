package learn

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/floats"
)

// AMMConfig configures the adaptive multi-hyperplane machine [AMM] and, with
// MaxHyperplanes = 1, the multiclass linear SVM with the margin loss. The
// zero value of a field means zero; [DefaultAMMConfig] gives the defaults.
type AMMConfig struct {
	// Classes is the number K of classes, 2 … [MaxClasses]; labels are
	// 0..K−1.
	Classes int
	// Lambda is the regularizer λ > 0 of P(β|z) = λ/2‖β‖² + (1/N)Σ l (lecture
	// "Multi-class SVM").
	Lambda float64
	// MaxHyperplanes ≥ 1 caps the hyperplanes per class (the lecture's AMM is
	// unbounded, "conceptually infinite"; the cap bounds memory so that
	// Learn never allocates). 1 gives the multiclass linear SVM: one
	// hyperplane β_y per class, s_y(x) = β_yᵀx.
	MaxHyperplanes int
	// PruneEvery ≥ 1 is the number of iterations between prunings.
	PruneEvery int
	// PruneThreshold c: at a pruning, a hyperplane with ‖β_{y,k}‖ < c·max‖β‖
	// is removed (the last hyperplane of a class is kept); 0 never prunes.
	// The lecture says only "prune small weights"; the relative threshold is
	// our choice, scale-free because the (1 − 1/t) shrinking makes an unused
	// hyperplane decay like 1/t.
	PruneThreshold float64
	// Epochs is the number of SGD epochs with z fixed per round of
	// [AMM.Fit] (batch mode), at least 1.
	Epochs int
	// Bias, when positive, appends a constant feature of this value to x,
	// its weight regularized (LIBLINEAR's -B). Zero means no bias.
	Bias float64
	// Seed seeds the example order of [AMM.Fit].
	Seed uint64
}

// DefaultAMMConfig returns the AMM for the given number of classes with
// λ = 10⁻⁴, at most 15 hyperplanes per class (our choice), pruning every
// 1000 iterations at the relative threshold 0.05 (our choice; the lecture
// says only "prune small weights"), 5 epochs per round of [AMM.Fit], no bias
// and seed 0.
func DefaultAMMConfig(classes int) AMMConfig {
	return AMMConfig{Classes: classes, Lambda: 1e-4, MaxHyperplanes: 15, PruneEvery: 1000,
		PruneThreshold: 0.05, Epochs: 5}
}

// AMM is the adaptive multi-hyperplane machine (Wang, Djuric, Crammer,
// Vucetic 2011; lecture "Multi-hyperplane machine"). Class y has hyperplanes
// β_{y,1..K_y}, scores s_y(x) = max_k β_{y,k}ᵀx̃, and the prediction is
// argmax_y s_y (ties to the lower class). Training is SGD on the convex upper
// bound
//
//	l(y, x; β, z) = max(0, 1 + max_{y'≠y} s_{y'}(x) − β_{y,z}ᵀx̃)
//
// with η_t = 1/(λt) and the regularization step β ← (1 − 1/t)·β (Pegasos'
// schedule, as Wang et al.), whose subgradient is +x̃ on the rival (i, j) =
// argmax_{y'≠y, k} β_{y',k}ᵀx̃ and −x̃ on the assigned hyperplane (y, z).
//
// Online mode ([AMM.Learn]) assigns z = argmax_k β_{y,k}ᵀx̃ on the fly; when
// every hyperplane of the true class scores below 0, a new zero hyperplane
// is created for it and becomes z (lecture: "if all β_{y,k}ᵀx < 0, create a
// new hyperplane"), up to MaxHyperplanes. Every class starts with one zero
// hyperplane (β ≡ 0), so every score is defined. Every PruneEvery iterations
// small hyperplanes are pruned. Batch mode ([AMM.Fit]) alternates the
// assignment of all z_n with SGD epochs at fixed z.
//
// The (1 − 1/t) shrinking is O(1) through a lazy scale factor; Learn costs
// O(H·d) for H hyperplanes and allocates nothing.
type AMM struct {
	s     AMMConfig
	dim   int
	p     int       // weight dimension
	beta  []float64 // stored β, K·Max·p; true β = scale·stored
	count []int     // hyperplanes per class
	scale float64
	t     int
	dots  []float64 // scratch: β_{y,k}ᵀx̃ per slot (true scale)
	xt    []float64 // scratch: x̃
	norms []float64 // scratch for pruning
	dead  bool
	last  AMMUpdate // the inspection record of the last online step
}

var _ Learner = (*AMM)(nil)

// NewAMM returns an AMM for inputs of dimension dim ≥ 1 (smaller is an error). It
// returns an error for Classes outside 2 … [MaxClasses], a non-positive or
// non-finite λ, MaxHyperplanes, PruneEvery or Epochs below 1, a
// PruneThreshold outside [0, 1), a negative Bias, or storage K·H·(p + 3)
// above [MaxFloats].
func NewAMM(s AMMConfig, dim int) (*AMM, error) {
	if err := checkDim("AMM", dim); err != nil {
		return nil, err
	}
	if s.Classes < 2 {
		return nil, fmt.Errorf("learn: AMM: Classes = %d, want ≥ 2", s.Classes)
	}
	if err := checkLambda("AMM", s.Lambda); err != nil {
		return nil, err
	}
	if s.MaxHyperplanes < 1 || s.PruneEvery < 1 || s.Epochs < 1 {
		return nil, fmt.Errorf("learn: AMM: MaxHyperplanes (%d), PruneEvery (%d) and Epochs (%d) must be at least 1", s.MaxHyperplanes, s.PruneEvery, s.Epochs)
	}
	if math.IsNaN(s.PruneThreshold) || s.PruneThreshold < 0 || s.PruneThreshold >= 1 {
		return nil, fmt.Errorf("learn: AMM: PruneThreshold = %v, want in [0, 1)", s.PruneThreshold)
	}
	if err := checkBias("AMM", s.Bias); err != nil {
		return nil, err
	}
	if s.Classes > MaxClasses {
		return nil, fmt.Errorf("learn: AMM: Classes = %d is above the limit %d", s.Classes, MaxClasses)
	}
	p := linWeightDim(dim, s.Bias)
	need := float64(s.Classes) * float64(s.MaxHyperplanes) * float64(p+3)
	if err := checkStorage("AMM", need, fmt.Sprintf("%d classes of %d hyperplanes in dimension %d, K·H·(p + 3),", s.Classes, s.MaxHyperplanes, dim)); err != nil {
		return nil, err
	}
	slots := s.Classes * s.MaxHyperplanes
	a := &AMM{
		s: s, dim: dim, p: p,
		beta: make([]float64, slots*p), count: make([]int, s.Classes),
		dots: make([]float64, slots), xt: make([]float64, p), norms: make([]float64, slots),
	}
	a.Reset()
	return a, nil
}

// NewMulticlassLinear returns the multiclass linear SVM with the margin loss
// (lecture "Multi-class SVM"): an [AMM] with one hyperplane per class.
// s.MaxHyperplanes is replaced by 1 (so DefaultAMMConfig(K) serves); the
// errors are NewAMM's.
func NewMulticlassLinear(s AMMConfig, dim int) (*AMM, error) {
	s.MaxHyperplanes = 1
	return NewAMM(s, dim)
}

// Config returns the settings in force.
func (a *AMM) Config() AMMConfig { return a.s }

// Task returns [Multiclass].
func (a *AMM) Task() Task { return Multiclass }

// NumScores returns K.
func (a *AMM) NumScores() int { return a.s.Classes }

// Iterations returns the number t of SGD iterations made.
func (a *AMM) Iterations() int { return a.t }

// Hyperplanes returns the number of hyperplanes of class y (≥ 1). It panics
// unless 0 ≤ y < K.
func (a *AMM) Hyperplanes(y int) int {
	a.checkClass("AMM.Hyperplanes", y)
	return a.count[y]
}

// checkClass panics unless 0 ≤ y < K.
func (a *AMM) checkClass(who string, y int) {
	if y < 0 || y >= a.s.Classes {
		panic(fmt.Sprintf("learn: %s: class %d, want 0…%d", who, y, a.s.Classes-1))
	}
}

// Hyperplane writes β_{y,k} (length dim, +1 with a bias, the bias weight
// last) into dst and returns it. It panics unless 0 ≤ y < K,
// 0 ≤ k < Hyperplanes(y) and len(dst) is the weight dimension.
func (a *AMM) Hyperplane(dst []float64, y, k int) []float64 {
	a.checkClass("AMM.Hyperplane", y)
	if k < 0 || k >= a.count[y] || len(dst) != a.p {
		panic(fmt.Sprintf("learn: AMM.Hyperplane(%d, %d): %d hyperplanes, len(dst) = %d, want %d", y, k, a.count[y], len(dst), a.p))
	}
	floats.ScaleTo(dst, a.scale, a.slot(y, k))
	return dst
}

func (a *AMM) slot(y, k int) []float64 {
	i := (y*a.s.MaxHyperplanes + k) * a.p
	return a.beta[i : i+a.p : i+a.p]
}

// Reset returns to one zero hyperplane per class and t = 0.
func (a *AMM) Reset() {
	for j := range a.beta {
		a.beta[j] = 0
	}
	for y := range a.count {
		a.count[y] = 1
	}
	a.scale, a.t, a.dead = 1, 0, false
	a.last = AMMUpdate{}
}

// load fills a.xt with x̃ and a.dots with every hyperplane's score.
func (a *AMM) load(x []float64) {
	copy(a.xt, x)
	if a.s.Bias > 0 {
		a.xt[a.dim] = a.s.Bias
	}
	for y := 0; y < a.s.Classes; y++ {
		for k := 0; k < a.count[y]; k++ {
			a.dots[y*a.s.MaxHyperplanes+k] = a.scale * floats.Dot(a.slot(y, k), a.xt)
		}
	}
}

// best returns the largest score of class y and its hyperplane (after load).
func (a *AMM) best(y int) (float64, int) {
	base := y * a.s.MaxHyperplanes
	s, k := a.dots[base], 0
	for j := 1; j < a.count[y]; j++ {
		if d := a.dots[base+j]; d > s {
			s, k = d, j
		}
	}
	return s, k
}

// rival returns the best score over classes other than y and its (class,
// hyperplane) (after load).
func (a *AMM) rival(y int) (float64, int, int) {
	s, ci, ki := math.Inf(-1), -1, -1
	for c := 0; c < a.s.Classes; c++ {
		if c == y {
			continue
		}
		if d, k := a.best(c); d > s {
			s, ci, ki = d, c, k
		}
	}
	return s, ci, ki
}

// Scores writes s_y(x) = max_k β_{y,k}ᵀx̃ for y = 0..K−1 into dst. Wrong
// lengths panic.
func (a *AMM) Scores(dst, x []float64) []float64 {
	checkLen("AMM.Scores", x, a.dim)
	if len(dst) != a.s.Classes {
		panic(fmt.Sprintf("learn: AMM.Scores: len(dst) = %d, want %d", len(dst), a.s.Classes))
	}
	for y := range dst {
		s := math.Inf(-1)
		for k := 0; k < a.count[y]; k++ {
			s = math.Max(s, floats.Dot(a.slot(y, k)[:a.dim], x)+biasTerm(a.slot(y, k), a.dim, a.s.Bias))
		}
		dst[y] = a.scale * s
	}
	return dst
}

func biasTerm(w []float64, d int, bias float64) float64 {
	if bias > 0 {
		return w[d] * bias
	}
	return 0
}

func (a *AMM) checkLabel(who string, y float64) int {
	c := int(y)
	if float64(c) != y || c < 0 || c >= a.s.Classes {
		panic(fmt.Sprintf("learn: %s: label %v, want a class in 0..%d", who, y, a.s.Classes-1))
	}
	return c
}

// Learn makes the online AMM step on (x, y): predict, assign z (creating a
// hyperplane when every hyperplane of class y scores below 0), shrink β by
// (1 − 1/t), take the subgradient step with η_t = 1/(λt), and prune every
// PruneEvery iterations. Step.Loss is the relaxed loss at the assigned z
// before the update, Step.BufferSize the total number of hyperplanes. y must
// be a class index 0..K−1 and len(x) the input dimension, or Learn panics.
func (a *AMM) Learn(x []float64, y float64) Step {
	checkLen("AMM.Learn", x, a.dim)
	c := a.checkLabel("AMM.Learn", y)
	a.load(x)
	st := a.step(c, -1)
	if a.s.PruneThreshold > 0 && a.t%a.s.PruneEvery == 0 {
		a.prune()
		a.last.Pruned = true
	}
	st.BufferSize = a.total()
	return st
}

// step makes one SGD step on the loaded example of class c; z < 0 assigns z
// online (possibly creating a hyperplane), z ≥ 0 uses that hyperplane.
func (a *AMM) step(c, z int) Step {
	sy, k := a.best(c)
	rs, ri, rk := a.rival(c)
	pred := c
	if rs > sy || (rs == sy && ri < c) {
		pred = ri
	}
	if z < 0 {
		z = k
		if sy < 0 && a.count[c] < a.s.MaxHyperplanes {
			z = a.count[c]
			a.count[c]++
			clear(a.slot(c, z))
			a.dots[c*a.s.MaxHyperplanes+z] = 0
		}
	}
	m := a.dots[c*a.s.MaxHyperplanes+z] - rs
	t := a.t + 1
	eta := 1 / (a.s.Lambda * float64(t))
	st := Step{Loss: math.Max(0, 1-m), MarginError: m < 1, Mistake: rs >= sy, Prediction: float64(pred), Eta: eta, Margin: 1}
	a.last = AMMUpdate{T: t, Class: c, Assigned: z, Created: z == a.count[c]-1 && z != k, Score: a.dots[c*a.s.MaxHyperplanes+z],
		RivalClass: ri, RivalPlane: rk, RivalScore: rs, Margin: m, LossValue: st.Loss, Violated: m < 1,
		Lambda: a.s.Lambda, Eta: eta, Shrink: 1 - 1/float64(t)}
	if blown(m, rs, st.Loss) {
		a.dead = true
	}
	if a.dead {
		st.Diverged = true
		return st
	}
	// β ← (1 − 1/t)β lazily; exactly 0 at t = 1.
	if t == 1 {
		clear(a.beta)
		a.scale = 1
	} else {
		a.scale *= 1 - 1/float64(t)
	}
	a.t = t
	if m < 1 {
		floats.AddScaled(a.slot(c, z), eta/a.scale, a.xt)
		floats.AddScaled(a.slot(ri, rk), -eta/a.scale, a.xt)
	}
	if a.scale < 1e-100 {
		floats.Scale(a.scale, a.beta)
		a.scale = 1
	}
	// The updated hyperplanes must score x̃_t finitely too: finite β can
	// still overflow β·x̃ (a huge bias feature B, issue 25).
	if math.IsNaN(a.scale) || !allFinite(a.slot(c, z)) ||
		blown(a.scale*floats.Dot(a.slot(c, z), a.xt), a.scale*floats.Dot(a.slot(ri, rk), a.xt)) {
		a.dead = true
		st.Diverged = true
	}
	return st
}

func (a *AMM) total() int {
	n := 0
	for _, c := range a.count {
		n += c
	}
	return n
}

// prune removes hyperplanes with ‖β‖ < c·max‖β‖, keeping at least one per
// class. It returns whether any was removed.
func (a *AMM) prune() bool {
	maxN := 0.0
	for y := 0; y < a.s.Classes; y++ {
		for k := 0; k < a.count[y]; k++ {
			n := floats.Norm(a.slot(y, k), 2)
			a.norms[y*a.s.MaxHyperplanes+k] = n
			maxN = math.Max(maxN, n)
		}
	}
	removed := false
	for y := 0; y < a.s.Classes; y++ {
		for k := a.count[y] - 1; k >= 0 && a.count[y] > 1; k-- {
			if a.norms[y*a.s.MaxHyperplanes+k] < a.s.PruneThreshold*maxN {
				last := a.count[y] - 1
				copy(a.slot(y, k), a.slot(y, last))
				a.norms[y*a.s.MaxHyperplanes+k] = a.norms[y*a.s.MaxHyperplanes+last]
				a.count[y]--
				removed = true
			}
		}
	}
	return removed
}

// AMMResult is the outcome of [AMM.Fit].
type AMMResult struct {
	// Rounds is the number of assignment rounds made after the first online
	// epoch.
	Rounds int
	// Hyperplanes is the number of hyperplanes per class at the end.
	Hyperplanes []int
	// Objective is λ/2‖β‖² + (1/N)Σ max(0, 1 + max_{y'≠y_n} s_{y'}(x_n) −
	// s_{y_n}(x_n)) at the end (the loss with z at its best assignment).
	Objective float64
}

// Fit trains in batch mode on (X, labels) (Wang et al. 2011, "AMM batch";
// lecture: block coordinate descent on (β, z)): one online epoch ([AMM.Learn]
// in a random order) creates the hyperplanes; then each of rounds rounds
// prunes, assigns every z_n = argmax_k β_{y_n,k}ᵀx̃_n (creating a hyperplane
// when all of class y_n score below 0, up to the cap), and runs Epochs SGD
// epochs in random order with z fixed. Fit continues from the current state.
// X is N×dim with len(labels) = N ≥ 1 (else it panics); labels outside
// 0..K−1 and divergence are returned errors.
func (a *AMM) Fit(X RowMatrix, labels []float64, rounds int) (AMMResult, error) {
	n, d := X.Dims()
	if d != a.dim || len(labels) != n || n == 0 {
		panic(fmt.Sprintf("learn: AMM.Fit: X is %d×%d with %d labels, want N×%d, N ≥ 1", n, d, len(labels), a.dim))
	}
	cls := make([]int, n)
	for i, v := range labels {
		c := int(v)
		if float64(c) != v || c < 0 || c >= a.s.Classes {
			return AMMResult{}, fmt.Errorf("learn: AMM.Fit: label %d = %v, want a class in 0..%d", i, v, a.s.Classes-1)
		}
		cls[i] = c
	}
	if err := checkFiniteMatrix("AMM.Fit", X); err != nil {
		return AMMResult{}, err
	}
	rng := rand.New(rand.NewPCG(a.s.Seed, 0x616d6d))
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	rng.Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })
	for _, i := range order {
		if st := a.Learn(X.RawRowView(i), labels[i]); st.Diverged {
			return AMMResult{}, fmt.Errorf("learn: AMM.Fit: diverged in the online epoch")
		}
	}
	z := make([]int, n)
	res := AMMResult{}
	for r := 0; r < rounds; r++ {
		if a.s.PruneThreshold > 0 {
			a.prune()
		}
		for i := 0; i < n; i++ {
			a.load(X.RawRowView(i))
			s, k := a.best(cls[i])
			if s < 0 && a.count[cls[i]] < a.s.MaxHyperplanes {
				k = a.count[cls[i]]
				a.count[cls[i]]++
				clear(a.slot(cls[i], k))
			}
			z[i] = k
		}
		for e := 0; e < a.s.Epochs; e++ {
			rng.Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })
			for _, i := range order {
				a.load(X.RawRowView(i))
				if st := a.step(cls[i], z[i]); st.Diverged {
					return AMMResult{}, fmt.Errorf("learn: AMM.Fit: diverged in round %d", r+1)
				}
			}
		}
		res.Rounds++
	}
	res.Hyperplanes = append([]int(nil), a.count...)
	res.Objective = a.Objective(X, labels)
	return res, nil
}

// Objective returns λ/2‖β‖² + (1/N)Σ_n max(0, 1 + max_{y'≠y_n} s_{y'}(x_n) −
// s_{y_n}(x_n)) on (X, labels) (lecture, multi-hyperplane margin loss). X is
// N×dim and labels class indices; other inputs panic.
func (a *AMM) Objective(X Matrix, labels []float64) float64 {
	n, d := X.Dims()
	if d != a.dim || len(labels) != n {
		panic(fmt.Sprintf("learn: AMM.Objective: X is %d×%d with %d labels, want N×%d", n, d, len(labels), a.dim))
	}
	var reg float64
	for y := 0; y < a.s.Classes; y++ {
		for k := 0; k < a.count[y]; k++ {
			v := a.slot(y, k)
			reg += floats.Dot(v, v)
		}
	}
	reg *= 0.5 * a.s.Lambda * a.scale * a.scale
	buf := make([]float64, d)
	var sum float64
	for i := 0; i < n; i++ {
		c := a.checkLabel("AMM.Objective", labels[i])
		a.load(matRow(buf, i, X))
		sy, _ := a.best(c)
		rs, _, _ := a.rival(c)
		sum += math.Max(0, 1+rs-sy)
	}
	if n == 0 {
		return reg
	}
	return reg + sum/float64(n)
}
