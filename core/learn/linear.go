package learn

// Shared pieces of the linear solvers (Pegasos, DCD, AMM, RES, SGD): the
// margin losses of a linear model, the regularized objective F(w) they all
// minimise, the bias feature handled as LIBLINEAR's -B option, and the
// compressed sparse rows that give dual coordinate descent its O(nnz) updates.

import (
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/gonum/floats"

	"kernelplay/core/loss"
)

// Matrix is read access to an N×d data set, for [LinearObjective] and
// [AMM.Objective]. Every gonum mat.Matrix (*mat.Dense, *mat.VecDense, …)
// satisfies it. learn declares it rather than importing gonum/mat: that
// import alone (its package initialisation) adds 49 KB raw, 10 KB gzip to the
// page's wasm (wasm/internal/wasmsize, Go 1.26, gonum v0.17.0).
type Matrix interface {
	// Dims returns the number of rows N and columns d.
	Dims() (r, c int)
	// At returns the element in row i, column j.
	At(i, j int) float64
}

// RowMatrix is an N×d data set stored by rows, for the batch Fit methods:
// *mat.Dense satisfies it. RawRowView(i) returns row i (length d), which the
// Fit methods only read.
type RowMatrix interface {
	Matrix
	RawRowView(i int) []float64
}

// matRow returns row i of X: X's own row through RawRowView when it has one
// (*mat.Dense), else a copy in buf (length d). The caller only reads it. It
// replaces gonum's mat.Row, which copies in both cases.
func matRow(buf []float64, i int, X Matrix) []float64 {
	if r, ok := X.(interface{ RawRowView(int) []float64 }); ok {
		return r.RawRowView(i)
	}
	for j := range buf {
		buf[j] = X.At(i, j)
	}
	return buf
}

// marginLoss evaluates a binary margin loss of core/loss — loss.Hinge,
// loss.SquaredHinge or loss.Logistic, the linear learners' losses (lecture
// "Brief digression: losses"; RES paper §1 and §4) — as a function of the
// margin m = y·⟨w, x̃⟩: l(m) and dl/dm are Eval's value and ξ at f = m, y = 1,
// margin 1, so that the gradient of l(y⟨w, x̃⟩) in w is (dl/dm)·y·x̃. Its
// scratch makes the calls allocation-free.
type marginLoss struct {
	l     loss.Loss
	xi, f [1]float64
}

// eval returns l(m) and dl/dm.
func (ml *marginLoss) eval(m float64) (value, deriv float64) {
	ml.f[0] = m
	value = ml.l.Eval(ml.xi[:], ml.f[:], 1, 1)
	return value, ml.xi[0]
}

// checkMarginLoss returns an error unless l is one of allowed (nil is "no
// loss").
func checkMarginLoss(who string, l loss.Loss, allowed ...loss.Loss) error {
	for _, a := range allowed {
		if l == a {
			return nil
		}
	}
	names := make([]string, len(allowed))
	for i, a := range allowed {
		names[i] = fmt.Sprint(a)
	}
	return fmt.Errorf("learn: %s: loss %v, want one of %s", who, l, strings.Join(names, ", "))
}

// marginLosses are the losses a binary linear learner can take.
var marginLosses = []loss.Loss{loss.Hinge{}, loss.SquaredHinge{}, loss.Logistic{}}

// LinearModel is a binary learner with a linear decision function
//
//	f(x) = ⟨w[:d], x⟩ + w[d]·B   (B = BiasFeature(); the last term only when B > 0),
//
// implemented by [Pegasos], [RES] and [SGD] (and the result of [DCD.Fit]
// has the same layout). The UI draws the hyperplane f = 0 and its margins
// f = ±1 from it.
type LinearModel interface {
	// Weights returns w, length d (+1 with a bias feature), aliasing the
	// learner's state: read only, valid until the next Learn.
	Weights() []float64
	// BiasFeature returns the constant B appended to x (LIBLINEAR's -B), or
	// 0 when there is no bias term.
	BiasFeature() float64
}

var (
	_ LinearModel = (*Pegasos)(nil)
	_ LinearModel = (*RES)(nil)
	_ LinearModel = (*SGD)(nil)
)

// linScore returns ⟨w, x̃⟩ where x̃ = (x, bias) when bias > 0 (LIBLINEAR's -B:
// a constant feature whose weight w[len(x)] is regularized like the others)
// and x̃ = x otherwise. len(w) must be len(x) + 1 when bias > 0, len(x) else.
func linScore(w, x []float64, bias float64) float64 {
	s := floats.Dot(w[:len(x)], x)
	if bias > 0 {
		s += w[len(x)] * bias
	}
	return s
}

// linAddScaled adds a·x̃ to w (x̃ as in linScore).
func linAddScaled(w []float64, a float64, x []float64, bias float64) {
	floats.AddScaled(w[:len(x)], a, x)
	if bias > 0 {
		w[len(x)] += a * bias
	}
}

// linWeightDim is the length of the weight vector for inputs of dimension d.
func linWeightDim(d int, bias float64) int {
	if bias > 0 {
		return d + 1
	}
	return d
}

// LinearObjective returns the regularized risk of the linear model w on the
// set (X, y) (lecture, "SVM optimization problem"; RES eq. 1):
//
//	F(w) = λ/2·‖w‖² + (1/N)·Σ_n l(y_n·⟨w, x̃_n⟩),
//
// with x̃_n = (x_n, bias) when bias > 0 (the bias weight w[d] is part of ‖w‖²,
// as in LIBLINEAR's -B) and x̃_n = x_n otherwise. X is N×d, y has length N with
// labels ±1, w has length d (+1 with a bias); l is a binary margin loss of
// core/loss (loss.Hinge{}, loss.SquaredHinge{}, loss.Logistic{}). Wrong
// shapes and a nil loss panic. LIBLINEAR's primal ½‖w‖² + C·Σ l equals F/λ with
// C = 1/(λN).
func LinearObjective(l loss.Loss, lambda, bias float64, w []float64, X Matrix, y []float64) float64 {
	n, d := X.Dims()
	if len(y) != n {
		panic(fmt.Sprintf("learn: LinearObjective: %d labels for %d rows", len(y), n))
	}
	if len(w) != linWeightDim(d, bias) {
		panic(fmt.Sprintf("learn: LinearObjective: len(w) = %d, want %d", len(w), linWeightDim(d, bias)))
	}
	buf := make([]float64, d)
	ml := &marginLoss{l: l}
	var sum float64
	for i := 0; i < n; i++ {
		v, _ := ml.eval(y[i] * linScore(w, matRow(buf, i, X), bias))
		sum += v
	}
	reg := 0.5 * lambda * floats.Dot(w, w)
	if n == 0 {
		return reg
	}
	return reg + sum/float64(n)
}

// checkBinaryLabels returns an error unless every y is −1 or +1.
func checkBinaryLabels(who string, y []float64) error {
	for i, v := range y {
		if v != 1 && v != -1 {
			return fmt.Errorf("learn: %s: label y[%d] = %v, want −1 or +1", who, i, v)
		}
	}
	return nil
}

// checkFiniteMatrix returns an error if X holds a NaN or an infinity.
func checkFiniteMatrix(who string, X Matrix) error {
	n, d := X.Dims()
	buf := make([]float64, d)
	for i := 0; i < n; i++ {
		for j, v := range matRow(buf, i, X) {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("learn: %s: X[%d][%d] = %v is not finite", who, i, j, v)
			}
		}
	}
	return nil
}

// checkLambda returns an error unless 0 < λ < ∞ (after defaults).
func checkLambda(who string, lambda float64) error {
	if math.IsNaN(lambda) || math.IsInf(lambda, 0) || lambda <= 0 {
		return fmt.Errorf("learn: %s: Lambda = %v must be positive and finite", who, lambda)
	}
	return nil
}

// checkBias returns an error unless 0 ≤ bias < ∞.
func checkBias(who string, bias float64) error {
	if math.IsNaN(bias) || math.IsInf(bias, 0) || bias < 0 {
		return fmt.Errorf("learn: %s: Bias = %v must be ≥ 0 and finite (0 means no bias feature)", who, bias)
	}
	return nil
}

// checkLen panics unless len(x) == dim.
func checkLen(who string, x []float64, dim int) {
	if len(x) != dim {
		panic(fmt.Sprintf("learn: %s: len(x) = %d, want %d", who, len(x), dim))
	}
}

// checkBinaryLabel panics unless y is ±1 (Learner.Learn's contract).
func checkBinaryLabel(who string, y float64) {
	if y != 1 && y != -1 {
		panic(fmt.Sprintf("learn: %s: label %v, want −1 or +1", who, y))
	}
}

// linSign returns +1 for s ≥ 0 and −1 otherwise: the predicted label of a
// binary linear model (ties go to +1).
func linSign(s float64) float64 {
	if s >= 0 {
		return 1
	}
	return -1
}

// allFinite reports whether every element of v is finite.
// blown reports whether a quantity of a step (a score, a loss) is NaN or
// ±Inf: the learner reports Diverged and stops, as it does when its state
// blows up (a non-finite input, a score past the float64 range).
func blown(v ...float64) bool {
	for _, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return true
		}
	}
	return false
}

func allFinite(v []float64) bool {
	for _, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// csr holds the rows of a data matrix in compressed sparse row form (only the
// non-zero entries), so that a dual coordinate step costs O(nnz of the row)
// (Hsieh et al. 2008 §2; lecture "O(M_nz)"). The bias feature, when used, is
// an extra stored entry of value bias in column d.
type csr struct {
	start []int      // row i is ent[start[i]:start[i+1]]
	ent   []csrEntry // non-zero entries, interleaved for locality (as LIBLINEAR's feature_node)
	sqn   []float64  // ‖x̃_i‖²
}

// csrEntry is one non-zero entry x_ij of a compressed row.
type csrEntry struct {
	j int
	v float64
}

// newCSR compresses X (N×d); bias > 0 appends a column of value bias.
func newCSR(X Matrix, bias float64) csr {
	n, d := X.Dims()
	c := csr{start: make([]int, n+1), sqn: make([]float64, n)}
	buf := make([]float64, d)
	nnz := 0
	for i := 0; i < n; i++ {
		for _, v := range matRow(buf, i, X) {
			if v != 0 {
				nnz++
			}
		}
		if bias > 0 {
			nnz++
		}
	}
	c.ent = make([]csrEntry, 0, nnz)
	for i := 0; i < n; i++ {
		var s float64
		for j, v := range matRow(buf, i, X) {
			if v != 0 {
				c.ent = append(c.ent, csrEntry{j, v})
				s += v * v
			}
		}
		if bias > 0 {
			c.ent = append(c.ent, csrEntry{d, bias})
			s += bias * bias
		}
		c.sqn[i] = s
		c.start[i+1] = len(c.ent)
	}
	return c
}

// dot returns ⟨w, x̃_i⟩.
func (c *csr) dot(i int, w []float64) float64 {
	var s float64
	for _, e := range c.ent[c.start[i]:c.start[i+1]] {
		s += w[e.j] * e.v
	}
	return s
}

// axpy adds a·x̃_i to w.
func (c *csr) axpy(i int, a float64, w []float64) {
	for _, e := range c.ent[c.start[i]:c.start[i+1]] {
		w[e.j] += a * e.v
	}
}
