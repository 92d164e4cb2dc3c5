package learn

import (
	"kernelplay/core/loss"

	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/floats"
)

// DCDConfig configures dual coordinate descent for the L1- and L2-loss
// linear SVM (Hsieh, Chang, Lin, Keerthi, Sundararajan 2008, Algorithms 1 and
// 3; lecture "Dual coordinate descent"). The zero value is LIBLINEAR's
// default (-s 3, C = 1, ε = 0.1, no bias).
type DCDConfig struct {
	// Loss is loss.Hinge{} (L1-loss SVM, LIBLINEAR -s 3) or loss.SquaredHinge{}
	// (L2-loss SVM, LIBLINEAR -s 1). Nil means loss.Hinge{}. loss.Logistic{} is
	// an error.
	Loss loss.Loss
	// Lambda is the regularizer λ > 0 of F(w) = λ/2‖w‖² + (1/N)Σ l (see
	// [LinearObjective]); the dual box is α_n ∈ [0, C] with C = 1/(λN)
	// (lecture). Zero means λ = 1/N, i.e. LIBLINEAR's default C = 1.
	Lambda float64
	// Tolerance is the stopping tolerance ε on the spread of the projected
	// gradient, max PG − min PG ≤ ε (Hsieh et al. §3.2, as LIBLINEAR). Zero
	// means 0.1 (LIBLINEAR's default for -s 1 and -s 3).
	Tolerance float64
	// MaxEpochs bounds the outer iterations (passes over the active set).
	// Zero means 1000 (LIBLINEAR's bound).
	MaxEpochs int
	// NoShrinking turns off the shrinking of Hsieh et al. Algorithm 3 (bound
	// variables whose projected gradient is far from zero leave the active
	// set). The zero value shrinks, as LIBLINEAR does.
	NoShrinking bool
	// Bias, when positive, appends a constant feature of this value to every
	// input, whose weight is regularized like the others: LIBLINEAR's -B
	// (version 2.3, without -R). Zero means no bias term: f(x) = ⟨w, x⟩.
	Bias float64
	// Seed seeds the random permutation drawn for every epoch (Hsieh et al.
	// §3.1). The same seed gives the same run, bit for bit.
	Seed uint64
}

// DCDResult is the outcome of [DCD.Fit].
type DCDResult struct {
	// W is the primal solution w = Σ_n α_n·y_n·x̃_n, length d (+1 with a bias,
	// the bias weight last; the decision function is ⟨W[:d], x⟩ + W[d]·Bias).
	W []float64
	// Alpha is the dual solution, length N, each α_n ∈ [0, C] (L1) or ≥ 0 (L2).
	Alpha []float64
	// Primal is F(w) = λ/2‖w‖² + (1/N)Σ l(y_n⟨w, x̃_n⟩) (see [LinearObjective]).
	// LIBLINEAR's primal ½‖w‖² + C·Σ l is Primal/λ.
	Primal float64
	// Dual is the dual objective in the same scale, λ·(Σα − ½‖w‖² − ½Σ D_nn α_n²)
	// with D_nn = 0 (L1) or 1/(2C) (L2) (Hsieh et al. eq. 4); Dual ≤ Primal,
	// with equality at the optimum.
	Dual float64
	// Epochs is the number of outer iterations run.
	Epochs int
	// Updates counts coordinate steps that changed α (|PG| > 1e-12).
	Updates int
	// Converged reports that the projected-gradient criterion was met on the
	// full set before MaxEpochs.
	Converged bool
}

// DCD is dual coordinate descent for linear SVMs. Build one with [NewDCD] and
// train it on a whole set with [DCD.Fit]. A DCD is not a [Learner]: its dual
// box C = 1/(λN) depends on the size N of the whole training set, so it has
// no faithful one-example-at-a-time form. [DCDOnline] is our online
// construction on a sliding window.
type DCD struct {
	s   DCDConfig
	rng *rand.Rand
}

// NewDCD checks s and returns a solver. It returns an error for a negative or
// non-finite Lambda, Tolerance or Bias, a negative MaxEpochs, or a loss other
// than the hinge and the squared hinge.
func NewDCD(s DCDConfig) (*DCD, error) {
	if s.Loss == nil {
		s.Loss = loss.Hinge{}
	}
	if err := checkMarginLoss("DCD", s.Loss, loss.Hinge{}, loss.SquaredHinge{}); err != nil {
		return nil, err
	}
	if s.Lambda != 0 {
		if err := checkLambda("DCD", s.Lambda); err != nil {
			return nil, err
		}
	}
	if s.Tolerance == 0 {
		s.Tolerance = 0.1
	}
	if math.IsNaN(s.Tolerance) || math.IsInf(s.Tolerance, 0) || s.Tolerance <= 0 {
		return nil, fmt.Errorf("learn: DCD: Tolerance = %v must be positive and finite", s.Tolerance)
	}
	if s.MaxEpochs < 0 {
		return nil, fmt.Errorf("learn: DCD: MaxEpochs = %d < 0", s.MaxEpochs)
	}
	if s.MaxEpochs == 0 {
		s.MaxEpochs = 1000
	}
	if err := checkBias("DCD", s.Bias); err != nil {
		return nil, err
	}
	return &DCD{s: s, rng: rand.New(rand.NewPCG(s.Seed, 0x6463645f73656564))}, nil
}

// Config returns the settings in force, defaults filled in (Lambda stays 0
// when it means 1/N).
func (c *DCD) Config() DCDConfig { return c.s }

// Fit solves the dual of min_w λ/2‖w‖² + (1/N)Σ l(y_n⟨w, x̃_n⟩) on (X, y) by
// dual coordinate descent (Hsieh et al. Algorithm 1, with Algorithm 3's
// shrinking unless NoShrinking), from α = 0, with a fresh random permutation
// of the active set every epoch, and the update of the lecture
//
//	α_n ← min(max(α_n − G/Q̄_nn, 0), U),  G = y_n⟨w, x̃_n⟩ − 1 + D_nn·α_n,
//	w ← w + (α_n^new − α_n^old)·y_n·x̃_n,
//
// costing O(nnz(x_n)) per coordinate (the rows are compressed first). X is
// N×d and y has length N (other lengths panic); labels other than ±1, a
// non-finite entry, N = 0, or an input with x̃_n = 0 (Q̄_nn = 0 for the L1
// loss) are returned errors. Each call restarts the random stream from the
// seed, so repeated fits are identical.
func (c *DCD) Fit(X RowMatrix, y []float64) (DCDResult, error) {
	n, d := X.Dims()
	if len(y) != n {
		panic(fmt.Sprintf("learn: DCD.Fit: %d labels for %d rows", len(y), n))
	}
	if err := checkDCDData(X, y); err != nil {
		return DCDResult{}, err
	}
	c.rng = rand.New(rand.NewPCG(c.s.Seed, 0x6463645f73656564))
	lambda, upper, diag := dcdBox(c.s.Loss, c.s.Lambda, n)
	rows := newCSR(X, c.s.Bias)
	qd, err := dcdDiagonal(rows, diag)
	if err != nil {
		return DCDResult{}, err
	}
	w := make([]float64, linWeightDim(d, c.s.Bias))
	alpha := make([]float64, n)
	index := make([]int, n)
	for i := range index {
		index[i] = i
	}
	active := n
	// Shrinking thresholds M̄ and m̄ of Algorithm 3 (LIBLINEAR's PGmax_old,
	// PGmin_old): ±∞ mean "shrink nothing".
	pgMaxOld, pgMinOld := math.Inf(1), math.Inf(-1)
	res := DCDResult{}
	for res.Epochs < c.s.MaxEpochs {
		pgMax, pgMin := math.Inf(-1), math.Inf(1)
		c.rng.Shuffle(active, func(i, j int) { index[i], index[j] = index[j], index[i] })
		for s := 0; s < active; s++ {
			i := index[s]
			yi := y[i]
			g := yi*rows.dot(i, w) - 1 + diag*alpha[i]
			pg, shrink := dcdProjected(g, alpha[i], upper, pgMaxOld, pgMinOld)
			if shrink && !c.s.NoShrinking {
				active--
				index[s], index[active] = index[active], index[s]
				s--
				continue
			}
			// Plain comparisons: math.Max/Min's NaN and ±0 handling costs ~20%
			// of the epoch here, and no NaN can occur (finite inputs checked).
			if pg > pgMax {
				pgMax = pg
			}
			if pg < pgMin {
				pgMin = pg
			}
			if pg > 1e-12 || pg < -1e-12 {
				old := alpha[i]
				a := old - g/qd[i]
				if a < 0 {
					a = 0
				} else if a > upper {
					a = upper
				}
				alpha[i] = a
				rows.axpy(i, (alpha[i]-old)*yi, w)
				res.Updates++
			}
		}
		res.Epochs++
		if pgMax-pgMin <= c.s.Tolerance {
			if active == n {
				res.Converged = true
				break
			}
			// Converged on the shrunk set: check the whole set again.
			active = n
			pgMaxOld, pgMinOld = math.Inf(1), math.Inf(-1)
			continue
		}
		pgMaxOld, pgMinOld = pgMax, pgMin
		if pgMaxOld <= 0 {
			pgMaxOld = math.Inf(1)
		}
		if pgMinOld >= 0 {
			pgMinOld = math.Inf(-1)
		}
	}
	if !allFinite(w) {
		return DCDResult{}, fmt.Errorf("learn: DCD.Fit: diverged (non-finite w)")
	}
	res.W, res.Alpha = w, alpha
	ml := &marginLoss{l: c.s.Loss}
	var lsum float64
	for i := 0; i < n; i++ {
		v, _ := ml.eval(y[i] * rows.dot(i, w))
		lsum += v
	}
	ww := floats.Dot(w, w)
	res.Primal = 0.5*lambda*ww + lsum/float64(n)
	var asum, a2 float64
	for _, a := range alpha {
		asum += a
		a2 += a * a
	}
	res.Dual = lambda * (asum - 0.5*ww - 0.5*diag*a2)
	return res, nil
}

// dcdProjected returns the projected gradient of the dual coordinate with
// gradient g at a ∈ [0, upper] (Hsieh et al. eq. 6), and whether Algorithm
// 3 shrinks the coordinate: at a bound with g beyond the last epoch's
// extreme projected gradient pgMaxOld (at 0) or pgMinOld (at upper).
func dcdProjected(g, a, upper, pgMaxOld, pgMinOld float64) (pg float64, shrink bool) {
	switch {
	case a == 0:
		if g > pgMaxOld {
			return 0, true
		}
		if g < 0 {
			return g, false
		}
		return 0, false
	case a == upper:
		if g < pgMinOld {
			return 0, true
		}
		if g > 0 {
			return g, false
		}
		return 0, false
	}
	return g, false
}

// checkDCDData returns an error for an empty set, a label other than ±1 or
// a non-finite entry of X.
func checkDCDData(X Matrix, y []float64) error {
	if n, _ := X.Dims(); n == 0 {
		return fmt.Errorf("learn: DCD.Fit: empty training set")
	}
	if err := checkBinaryLabels("DCD.Fit", y); err != nil {
		return err
	}
	return checkFiniteMatrix("DCD.Fit", X)
}

// dcdDiagonal returns Q̄_ii = ‖x̃_i‖² + D for every row, or an error for a
// zero row (Q̄_ii = 0).
func dcdDiagonal(rows csr, diag float64) ([]float64, error) {
	qd := make([]float64, len(rows.sqn))
	for i := range qd {
		qd[i] = rows.sqn[i] + diag
		if qd[i] == 0 {
			return nil, fmt.Errorf("learn: DCD.Fit: row %d is zero (Q̄_nn = 0); add a bias feature or drop it", i)
		}
	}
	return qd, nil
}

// dcdBox returns the regularizer λ in force for n examples (0 means 1/n,
// LIBLINEAR's C = 1) and the dual box of Hsieh et al. eqs. (4)–(5) with
// C = 1/(λn): the upper bound U and the diagonal D of Q̄ = Q + D·I, U = C,
// D = 0 for the L1 loss (hinge) and U = ∞, D = 1/(2C) for the L2 loss
// (squared hinge).
func dcdBox(l loss.Loss, lambda float64, n int) (lam, upper, diag float64) {
	if lambda == 0 {
		lambda = 1 / float64(n)
	}
	c := 1 / (lambda * float64(n))
	if l == (loss.SquaredHinge{}) {
		return lambda, math.Inf(1), 0.5 / c
	}
	return lambda, c, 0
}
