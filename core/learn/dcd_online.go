package learn

import (
	"kernelplay/core/loss"

	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/floats"
)

// DCDOnlineConfig configures [DCDOnline]. The zero value of a field means
// zero; [DefaultDCDOnlineConfig] gives the defaults.
type DCDOnlineConfig struct {
	// Loss is loss.Hinge{} (L1-loss SVM) or loss.SquaredHinge{} (L2-loss SVM).
	Loss loss.Loss
	// Lambda is the regularizer λ > 0 of the objective on the buffer, F(w) =
	// λ/2‖w‖² + (1/n)Σ_{buffer} l, so the dual box is C = 1/(λn) for the n
	// examples stored.
	Lambda float64
	// BufferSize is ω ≥ 1, the number of most recent examples kept (the
	// oldest is dropped, with its dual variable).
	BufferSize int
	// Passes is the number of coordinate-descent passes over the buffer per
	// Learn call, at least 1.
	Passes int
	// Bias, when positive, appends a regularized constant feature (LIBLINEAR's
	// -B). Zero means no bias.
	Bias float64
	// Seed seeds the permutation of every pass.
	Seed uint64
}

// DefaultDCDOnlineConfig returns online DCD with the hinge loss (L1-loss
// SVM), λ = 10⁻⁴ (as [DefaultPegasosConfig]), ω = 512 and one pass per
// example, without bias.
func DefaultDCDOnlineConfig() DCDOnlineConfig {
	return DCDOnlineConfig{Loss: loss.Hinge{}, Lambda: 1e-4, BufferSize: svmdBufferSize, Passes: 1}
}

// DCDOnline runs dual coordinate descent (Hsieh et al. 2008; lecture) as an
// online learner on a sliding window. The lecture defines DCD for a fixed
// training set; our online form (a decision, not from a paper) is:
//
//   - Learn stores the example in an LRU buffer of ω examples with α = 0
//     (dropping the oldest, w ← w − α_old·y_old·x̃_old);
//   - when the number n of stored examples changes, the box C = 1/(λn)
//     changes, and every α (so w) is scaled by n_old/n_new, which keeps the
//     dual feasible and warm-starts the solver;
//   - then Passes passes of the lecture's clipped coordinate update
//     (no shrinking) run over the buffer in a fresh random order.
//
// With enough passes the model is the SVM of the buffer's examples at
// regularizer λ; [DCDOnline.Refine] runs more passes without new data. Learn
// costs O(Passes·ω·d) and allocates nothing. Step.Eta is 0: DCD has no step
// size (the dual update is an exact line minimisation).
type DCDOnline struct {
	s        DCDOnlineConfig
	ml       marginLoss // the loss s.Loss
	dim, p   int
	w        []float64
	x        []float64 // ω×p ring of x̃
	y, alpha []float64
	qd       []float64 // ‖x̃_i‖² + D
	perm     []int
	n, next  int
	pcg      *rand.PCG // the source of rng, kept for model files (its state is the permutations' position)
	rng      *rand.Rand
	dead     bool
	last     DCDOnlineUpdate // the inspection record of the last step
	newSlot  int             // slot of the example being learnt (−1 in Refine)
}

var (
	_ Learner     = (*DCDOnline)(nil)
	_ LinearModel = (*DCDOnline)(nil)
)

// NewDCDOnline returns an online DCD learner for inputs of dimension dim ≥ 1
// (smaller is an error). It returns an error for a loss other than the hinge and
// squared hinge, a non-positive or non-finite λ, a BufferSize below 1 or
// storage ω·(d + 5) above [MaxFloats], Passes < 1, or a negative Bias.
func NewDCDOnline(s DCDOnlineConfig, dim int) (*DCDOnline, error) {
	if err := checkDim("DCDOnline", dim); err != nil {
		return nil, err
	}
	if err := checkMarginLoss("DCDOnline", s.Loss, loss.Hinge{}, loss.SquaredHinge{}); err != nil {
		return nil, err
	}
	if err := checkLambda("DCDOnline", s.Lambda); err != nil {
		return nil, err
	}
	if s.BufferSize < 1 {
		return nil, fmt.Errorf("learn: DCDOnline: BufferSize = %d, want ≥ 1", s.BufferSize)
	}
	if err := checkStorage("DCDOnline", float64(s.BufferSize)*float64(dim+5), fmt.Sprintf("BufferSize %d with dimension %d, ω·(d + 5),", s.BufferSize, dim)); err != nil {
		return nil, err
	}
	if s.Passes < 1 {
		return nil, fmt.Errorf("learn: DCDOnline: Passes = %d, want ≥ 1", s.Passes)
	}
	if err := checkBias("DCDOnline", s.Bias); err != nil {
		return nil, err
	}
	p := linWeightDim(dim, s.Bias)
	d := &DCDOnline{
		s: s, ml: marginLoss{l: s.Loss}, dim: dim, p: p, w: make([]float64, p), x: make([]float64, s.BufferSize*p),
		y: make([]float64, s.BufferSize), alpha: make([]float64, s.BufferSize),
		qd: make([]float64, s.BufferSize), perm: make([]int, s.BufferSize),
	}
	d.Reset()
	return d, nil
}

// Config returns the settings in force.
func (d *DCDOnline) Config() DCDOnlineConfig { return d.s }

// Task returns [Binary].
func (d *DCDOnline) Task() Task { return Binary }

// NumScores returns 1.
func (d *DCDOnline) NumScores() int { return 1 }

// Weights returns w = Σ α_i y_i x̃_i over the buffer (aliasing state).
func (d *DCDOnline) Weights() []float64 { return d.w }

// BiasFeature returns the constant B of the bias feature (0: none).
func (d *DCDOnline) BiasFeature() float64 { return d.s.Bias }

// Len returns the number n of stored examples.
func (d *DCDOnline) Len() int { return d.n }

// Reset empties the buffer and sets w = 0; the permutation stream restarts
// from the seed.
func (d *DCDOnline) Reset() {
	clear(d.w)
	clear(d.alpha)
	d.n, d.next, d.dead = 0, 0, false
	d.last, d.newSlot = DCDOnlineUpdate{}, -1
	d.pcg = rand.NewPCG(d.s.Seed, 0x64636f)
	d.rng = rand.New(d.pcg)
}

// Scores writes f(x) = ⟨w, x̃⟩ into dst[0]. Wrong lengths panic.
func (d *DCDOnline) Scores(dst, x []float64) []float64 {
	checkLen("DCDOnline.Scores", x, d.dim)
	if len(dst) != 1 {
		panic(fmt.Sprintf("learn: DCDOnline.Scores: len(dst) = %d, want 1", len(dst)))
	}
	dst[0] = linScore(d.w, x, d.s.Bias)
	return dst
}

func (d *DCDOnline) row(i int) []float64 { return d.x[i*d.p : (i+1)*d.p : (i+1)*d.p] }

// box returns the upper bound U and the diagonal D for n stored examples
// (Hsieh et al. eq. 4–5 with C = 1/(λn), [dcdBox]).
func (d *DCDOnline) box() (upper, diag float64) {
	_, upper, diag = dcdBox(d.s.Loss, d.s.Lambda, d.n)
	return upper, diag
}

// Learn scores (x, y), stores it (evicting the oldest when full), rescales α
// to the new box and runs Passes coordinate passes. y must be ±1 and len(x)
// the input dimension, or Learn panics.
func (d *DCDOnline) Learn(x []float64, y float64) Step {
	checkLen("DCDOnline.Learn", x, d.dim)
	checkBinaryLabel("DCDOnline.Learn", y)
	f := linScore(d.w, x, d.s.Bias)
	m := y * f
	lv, _ := d.ml.eval(m)
	st := Step{Loss: lv, MarginError: m < 1, Margin: 1}
	st.Prediction, st.Mistake = binaryPrediction(f, y)
	if blown(f, lv) {
		d.dead = true
	}
	if d.dead {
		st.Diverged, st.BufferSize = true, d.n
		return st
	}
	slot := d.next
	d.last = DCDOnlineUpdate{T: d.last.T + 1, Y: y, Score: f, LossValue: lv, SquaredHinge: d.s.Loss == (loss.SquaredHinge{}),
		Lambda: d.s.Lambda, Slot: slot, BoxScale: 1}
	if d.n == d.s.BufferSize {
		d.last.Evicted, d.last.EvictedY, d.last.EvictedAlpha = true, d.y[slot], d.alpha[slot]
		floats.AddScaled(d.w, -d.alpha[slot]*d.y[slot], d.row(slot))
	} else {
		if d.n > 0 {
			// C = 1/(λn) shrinks by n/(n+1): scale α (and w) into the new box.
			r := float64(d.n) / float64(d.n+1)
			d.last.BoxScale = r
			floats.Scale(r, d.alpha[:d.n])
			floats.Scale(r, d.w)
		}
		d.n++
	}
	row := d.row(slot)
	copy(row, x)
	if d.s.Bias > 0 {
		row[d.dim] = d.s.Bias
	}
	d.y[slot], d.alpha[slot] = y, 0
	d.next = (slot + 1) % d.s.BufferSize
	d.newSlot = slot
	d.Refine(d.s.Passes)
	d.newSlot = -1
	d.last.N, d.last.Alpha = d.n, d.alpha[slot]
	d.last.Upper, d.last.Diag = d.box()
	d.last.Qtt = d.qd[slot]
	if !allFinite(d.w) {
		d.dead = true
		st.Diverged = true
	}
	st.BufferSize = d.n
	return st
}

// Refine runs passes more coordinate passes over the stored examples, each in
// a fresh random order (no new data).
func (d *DCDOnline) Refine(passes int) {
	upper, diag := d.box()
	n := d.n
	for i := 0; i < n; i++ {
		d.perm[i] = i
		d.qd[i] = floats.Dot(d.row(i), d.row(i)) + diag
	}
	for ; passes > 0; passes-- {
		for i := n - 1; i > 0; i-- { // Fisher–Yates
			j := d.rng.IntN(i + 1)
			d.perm[i], d.perm[j] = d.perm[j], d.perm[i]
		}
		for _, i := range d.perm[:n] {
			if d.qd[i] == 0 {
				continue // x̃_i = 0: its α does not matter
			}
			xi := d.row(i)
			g := d.y[i]*floats.Dot(d.w, xi) - 1 + diag*d.alpha[i]
			old := d.alpha[i]
			a := math.Min(math.Max(old-g/d.qd[i], 0), upper)
			if i == d.newSlot {
				d.last.G, d.last.AlphaFirst, d.newSlot = g, a, -1 // the first update only
			}
			if a != old {
				d.alpha[i] = a
				floats.AddScaled(d.w, (a-old)*d.y[i], xi)
			}
		}
	}
}

// Objective returns the primal F(w) = λ/2‖w‖² + (1/n)Σ l and the dual (in
// the same scale, as [DCDResult]) over the stored examples.
func (d *DCDOnline) Objective() (primal, dual float64) {
	if d.n == 0 {
		return 0, 0
	}
	_, diag := d.box()
	var ls, as, a2 float64
	for i := 0; i < d.n; i++ {
		v, _ := d.ml.eval(d.y[i] * floats.Dot(d.w, d.row(i)))
		ls += v
		as += d.alpha[i]
		a2 += d.alpha[i] * d.alpha[i]
	}
	ww := floats.Dot(d.w, d.w)
	lam := d.s.Lambda
	return 0.5*lam*ww + ls/float64(d.n), lam * (as - 0.5*ww - 0.5*diag*a2)
}
