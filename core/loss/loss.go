// Package loss provides the loss functions of the online kernel learners and
// their expansion coefficients ξ = ∂l/∂f: every loss of JMLR Table 1 (novelty,
// binary hinge, Crammer–Singer multiclass, graph-structured, binary and
// multiclass logistic) and the regression losses of NORMA (Kivinen, Smola,
// Williamson 2004, eqs. 17–19: squared, ε-insensitive, Huber).
//
// A loss sees only the score vector f ∈ ℝ^K of one example (K = 1 for
// binary, novelty and regression), so that ∂_f l = Σ_y ξ_y k((x, y), ·)
// (JMLR eq. 27). The margin in force (ε of the ν-trick, the ε-tube, Huber's
// σ) is an argument, because the learners adapt it. Eval and Hessian never
// allocate and stay finite-or-+Inf (never NaN) for finite scores up to
// |f| = 1e300; a NaN score gives a NaN loss, never a silent 0.
//
// Subgradients: at a kink every loss uses the one-sided derivative of the
// papers' update rules — the loss counts as violated, ξ ≠ 0, only when its
// hinge argument is strictly positive (y·f < ε for the hinge, JMLR eq. 15;
// |y − f| > ε for the ε-tube, NORMA eq. 18).
//
// Curvature: piecewise linear losses have Hessian H = c·I in the RKHS (JMLR
// §5.2, eq. 35). The others implement [Curved] (or, for Huber whose curvature
// depends on σ, [MarginCurved]) and give the low-rank correction ρ of JMLR
// eqs. (36)–(38). [PiecewiseLinear] tells them apart.
//
// Package loss is pure Go: it imports no other kernelplay package (not even
// core/kernel) and never syscall/js.
package loss

import (
	"fmt"
	"math"
)

// Loss is a loss l(x, y, f) of the score vector f ∈ ℝ^K (K = 1 for binary, novelty and regression).
type Loss interface {
	// Eval returns l and writes the expansion coefficients ξ = ∂l/∂f (JMLR eq. 27; len K) into xi.
	// margin is the margin in force: ε of the ν-trick (JMLR eq. 53) or 1 for the plain hinge family, the
	// ε-tube for ε-insensitive regression, σ for Huber (NORMA eq. 19); losses without one ignore it.
	// y follows learn.Task conventions: ±1 binary, class index 0..K−1 as float64, real target for regression.
	Eval(xi, f []float64, y, margin float64) float64
}

// Curved is a loss whose Hessian is not c·I (JMLR eqs. 36–38): binary and multiclass logistic
// (and [Squared], whose ρ is 1).
type Curved interface {
	Loss
	// Hessian writes ρ(y, ỹ) = ∂²l/∂f(y)∂f(ỹ) (K×K, row-major; eqs. 36 and 38) into h.
	Hessian(h, f []float64, y float64)
}

// MarginCurved is a loss whose Hessian depends on the margin in force, so it
// cannot satisfy [Curved]: Huber, whose second derivative is 1/σ inside the
// quadratic zone (NORMA eq. 19).
type MarginCurved interface {
	Loss
	// HessianMargin writes ρ = ∂²l/∂f² (K×K, row-major) into h, with margin
	// as in [Loss.Eval].
	HessianMargin(h, f []float64, y, margin float64)
}

// PiecewiseLinear reports whether l is piecewise linear in f, so that its
// Hessian in the RKHS is c·I and SVMD uses the simple trace update of JMLR
// eq. (35); it is false for [Curved] and [MarginCurved] losses.
func PiecewiseLinear(l Loss) bool {
	switch l.(type) {
	case Curved, MarginCurved:
		return false
	}
	return true
}

// Compile-time interface checks.
var (
	_ Loss         = Novelty{}
	_ Loss         = Hinge{}
	_ Loss         = Multiclass{}
	_ Loss         = Graph{}
	_ Curved       = Logistic{}
	_ Curved       = MultiLogistic{}
	_ Curved       = Squared{}
	_ Loss         = EpsInsensitive{}
	_ MarginCurved = Huber{}
	_ MarginCurved = SquaredHinge{}
)

// checkLen panics unless len(xi) == len(f) == k (k < 0: any K ≥ 1).
func checkLen(name string, xi, f []float64, k int) {
	if len(xi) != len(f) {
		panic(fmt.Sprintf("loss: %s: len(xi) = %d ≠ len(f) = %d", name, len(xi), len(f)))
	}
	if k > 0 && len(f) != k {
		panic(fmt.Sprintf("loss: %s: len(f) = %d, want %d", name, len(f), k))
	}
	if len(f) == 0 {
		panic(fmt.Sprintf("loss: %s: empty score vector", name))
	}
}

// class converts a class label to an index in [0, k), panicking on anything
// else (a label outside the task's range is programmer misuse, see
// learn.Learner.Learn).
func class(name string, y float64, k int) int {
	c := int(y)
	if float64(c) != y || c < 0 || c >= k {
		panic(fmt.Sprintf("loss: %s: label %v is not a class index in [0, %d)", name, y, k))
	}
	return c
}

// Novelty is the novelty-detection loss of JMLR eq. (23) with margin ε
// (eq. 53 without its −νε term, which the learner adds):
//
//	l = max(0, ε − f),   ξ = −1 if f < ε, else 0   (Table 1).
//
// The label is ignored; K = 1.
type Novelty struct{}

// Eval implements [Loss]; len(f) must be 1.
func (Novelty) Eval(xi, f []float64, y, margin float64) float64 {
	checkLen("Novelty", xi, f, 1)
	v := margin - f[0]
	if v > 0 {
		xi[0] = -1
		return v
	}
	xi[0] = 0
	return max(v, 0) // NaN for a NaN score, so divergence stays visible
}

// String returns "novelty".
func (Novelty) String() string { return "novelty" }

// Hinge is the binary soft-margin (hinge) loss of JMLR eq. (14) with margin
// ε (1 for the plain SVM, the adapted ε under the ν-trick):
//
//	l = max(0, ε − y·f),   ξ = −y if y·f < ε, else 0   (eq. 15, Table 1).
//
// Labels are ±1; K = 1. With margin 0 it is the perceptron loss (NORMA eq. 15).
type Hinge struct{}

// Eval implements [Loss]; len(f) must be 1.
func (Hinge) Eval(xi, f []float64, y, margin float64) float64 {
	checkLen("Hinge", xi, f, 1)
	v := margin - y*f[0]
	if v > 0 {
		xi[0] = -y
		return v
	}
	xi[0] = 0
	return max(v, 0) // NaN for a NaN score, so divergence stays visible
}

// String returns "hinge".
func (Hinge) String() string { return "hinge" }

// Multiclass is the Crammer–Singer multiclass loss of JMLR eq. (16) with
// margin ε in place of 1:
//
//	l = max(0, ε + f(ỹ*) − f(y)),   ỹ* = argmax_{ỹ≠y} f(ỹ),
//	ξ_y = −1, ξ_ỹ* = +1 if l > 0, else ξ = 0   (eq. 17, Table 1).
//
// Ties for ỹ* go to the smallest index ("dictionary order", after eq. 17).
// Labels are class indices 0…K−1; with K = 1 the loss is 0.
type Multiclass struct{}

// Eval implements [Loss]. It panics if y is not a class index in [0, K).
func (Multiclass) Eval(xi, f []float64, y, margin float64) float64 {
	checkLen("Multiclass", xi, f, -1)
	return structured(xi, f, class("Multiclass", y, len(f)), margin, nil)
}

// String returns "multiclass".
func (Multiclass) String() string { return "multiclass" }

// structured evaluates the graph loss (25) with margins margin·Δ(y, ỹ), or
// margin·1 when delta is nil (the multiclass loss 16), writing ξ.
func structured(xi, f []float64, y int, margin float64, delta []float64) float64 {
	k := len(f)
	star, best, nan := -1, math.Inf(-1), math.IsNaN(f[y])
	for c, fc := range f {
		if c == y {
			continue
		}
		m := margin
		if delta != nil {
			m *= delta[y*k+c]
		}
		// Compare f(ỹ) − f(y) + m in the order that cannot overflow for |f| ≤ 1e300.
		v := (fc - f[y]) + m
		if v > best {
			star, best = c, v
		}
		nan = nan || math.IsNaN(v)
	}
	clear(xi)
	if nan {
		return math.NaN() // a NaN score: keep divergence visible, ξ = 0
	}
	if star < 0 || !(best > 0) {
		return 0
	}
	xi[y], xi[star] = -1, 1
	return best
}

// Graph is the graph-structured loss of JMLR eq. (25) on K labels with
// distances Δ:
//
//	l = max(0, max_{ỹ≠y} [ε·Δ(y, ỹ) + f(ỹ)] − f(y)),
//	ξ_y = −1, ξ_ỹ* = +1 at the maximiser ỹ* if l > 0, else ξ = 0   (eq. 26).
//
// The margin ε scales Δ. The paper's loss is ε = 1; scaling (rather than
// adding ε) keeps the relative structure of Δ, and with Δ = 1 off the diagonal
// Graph is exactly [Multiclass] with margin ε, as §4.2.2 requires. Under the
// ν-trick, ∂l/∂ε = Δ(y, ỹ*) on a violation (1 for Multiclass). Δ(y, ỹ) is
// read from the row of the true label y (Table 1); the distances of
// undirected graphs are symmetric anyway. Ties for ỹ* go to the smallest
// index.
type Graph struct {
	// Distance is Δ as a row-major K×K matrix (e.g. from
	// kernel.GraphDistance or kernel.Taxonomy.Distance), non-negative and
	// finite; the diagonal is not used. Nil means Δ = 1 off the diagonal,
	// which is [Multiclass].
	Distance []float64
}

// Eval implements [Loss]. It panics if y is not a class index in [0, K) or
// Distance is not nil and not K×K.
func (g Graph) Eval(xi, f []float64, y, margin float64) float64 {
	checkLen("Graph", xi, f, -1)
	if g.Distance != nil && len(g.Distance) != len(f)*len(f) {
		panic(fmt.Sprintf("loss: Graph: len(Distance) = %d, want K² = %d", len(g.Distance), len(f)*len(f)))
	}
	return structured(xi, f, class("Graph", y, len(f)), margin, g.Distance)
}

// Validate returns an error unless Distance is nil or a square matrix of
// finite non-negative distances.
func (g Graph) Validate() error {
	if g.Distance == nil {
		return nil
	}
	k := int(math.Sqrt(float64(len(g.Distance))) + 0.5)
	if k == 0 || k*k != len(g.Distance) {
		return fmt.Errorf("loss: graph distance matrix has %d entries, not K² for any K ≥ 1", len(g.Distance))
	}
	for i, d := range g.Distance {
		if !(d >= 0) || math.IsInf(d, 1) {
			return fmt.Errorf("loss: graph distance Δ(%d, %d) = %v must be finite and non-negative", i/k, i%k, d)
		}
	}
	return nil
}

// String returns "graph".
func (Graph) String() string { return "graph" }

// SquaredHinge is the squared hinge loss of the linear SVMs (the L2-loss SVM
// of Hsieh et al. 2008, LIBLINEAR -s 1; the RES paper's §4 loss) with margin
// ε (1 for the plain SVM):
//
//	l = max(0, ε − y·f)²,   ξ = −2y·max(0, ε − y·f),   ρ = 2 where ε − y·f > 0.
//
// Labels are ±1; K = 1.
type SquaredHinge struct{}

// Eval implements [Loss]; len(f) must be 1.
func (SquaredHinge) Eval(xi, f []float64, y, margin float64) float64 {
	checkLen("SquaredHinge", xi, f, 1)
	h := math.Max(0, margin-y*f[0])
	if h > 0 {
		xi[0] = -2 * h * y
		return h * h
	}
	xi[0] = 0
	return h * h // NaN for a NaN score, so divergence stays visible
}

// HessianMargin implements [MarginCurved]: h[0] = 2 where the margin is
// violated, else 0. len(h) and len(f) must be 1.
func (SquaredHinge) HessianMargin(h, f []float64, y, margin float64) {
	if len(h) != 1 || len(f) != 1 {
		panic("loss: SquaredHinge.HessianMargin: len(h) and len(f) must be 1")
	}
	h[0] = 0
	if margin-y*f[0] > 0 {
		h[0] = 2
	}
}

// String returns "squared hinge".
func (SquaredHinge) String() string { return "squared hinge" }

// softplus returns log(1 + e^z) without overflow or cancellation.
func softplus(z float64) float64 {
	if z > 0 {
		return z + math.Log1p(math.Exp(-z))
	}
	return math.Log1p(math.Exp(z))
}

// sigmoid returns 1/(1 + e^{−z}) without overflow.
func sigmoid(z float64) float64 {
	if z >= 0 {
		return 1 / (1 + math.Exp(-z))
	}
	e := math.Exp(z)
	return e / (1 + e)
}

// Logistic is the binary logistic loss of JMLR eq. (18):
//
//	l = log(1 + e^{−y·f}),   ξ = −y/(1 + e^{y·f})   (eq. 19, Table 1),
//	ρ = e^{y·f}/(1 + e^{y·f})²   (eq. 36).
//
// Labels are ±1; K = 1; the margin is ignored.
type Logistic struct{}

// Eval implements [Loss]; len(f) must be 1.
func (Logistic) Eval(xi, f []float64, y, margin float64) float64 {
	checkLen("Logistic", xi, f, 1)
	z := y * f[0]
	xi[0] = -y * sigmoid(-z)
	return softplus(-z)
}

// Hessian implements [Curved]: h[0] = ρ of eq. (36). len(h) must be 1.
func (Logistic) Hessian(h, f []float64, y float64) {
	if len(h) != 1 || len(f) != 1 {
		panic("loss: Logistic.Hessian: len(h) and len(f) must be 1")
	}
	// ρ = σ(z)σ(−z) is symmetric in z: use the small factor σ(−|z|) exactly.
	s := sigmoid(-math.Abs(y * f[0]))
	h[0] = s * (1 - s)
}

// String returns "logistic".
func (Logistic) String() string { return "logistic" }

// MultiLogistic is the multiclass logistic (softmax) loss of JMLR eq. (20):
//
//	l = log Σ_ỹ e^{f(ỹ)} − f(y),   ξ_ỹ = p(ỹ) − δ_{yỹ}   (eqs. 21–22),
//	ρ(y', ỹ) = δ_{y'ỹ} p(ỹ) − p(ỹ) p(y')   (eq. 38),
//
// with p(ỹ) = e^{f(ỹ)}/Σ e^{f}, computed with the maximum subtracted
// (log-sum-exp). Labels are class indices 0…K−1; the margin is ignored. With
// K = 2 and f = (0, g) it equals [Logistic] with label +1 for class 1.
type MultiLogistic struct{}

// Eval implements [Loss]. It panics if y is not a class index in [0, K).
func (MultiLogistic) Eval(xi, f []float64, y, margin float64) float64 {
	checkLen("MultiLogistic", xi, f, -1)
	c := class("MultiLogistic", y, len(f))
	m := f[0]
	for _, v := range f[1:] {
		m = max(m, v)
	}
	var s float64
	for i, v := range f {
		xi[i] = math.Exp(v - m)
		s += xi[i]
	}
	for i := range xi {
		xi[i] /= s
	}
	xi[c]--
	// (m − f(y)) first: exact 0 when y is the maximiser, no cancellation.
	return (m - f[c]) + math.Log(s)
}

// Hessian implements [Curved]: h[i·K + j] = ρ(i, j) of eq. (38); it does not
// depend on y. It panics unless len(h) = K² and y is a class index.
func (MultiLogistic) Hessian(h, f []float64, y float64) {
	k := len(f)
	if len(h) != k*k || k == 0 {
		panic("loss: MultiLogistic.Hessian: len(h) must be K² with K = len(f) ≥ 1")
	}
	class("MultiLogistic.Hessian", y, k)
	m := f[0]
	for _, v := range f[1:] {
		m = max(m, v)
	}
	var s float64
	for i, v := range f {
		e := math.Exp(v - m)
		h[i*k+i] = e // p(i)·s, normalised below
		s += e
	}
	for i := 0; i < k; i++ {
		h[i*k+i] /= s
	}
	for i := 0; i < k; i++ {
		pi := h[i*k+i]
		for j := 0; j < k; j++ {
			if j != i {
				h[i*k+j] = -pi * h[j*k+j]
			}
		}
	}
	for i := 0; i < k; i++ {
		pi := h[i*k+i]
		h[i*k+i] = pi * (1 - pi)
	}
}

// String returns "multilogistic".
func (MultiLogistic) String() string { return "multilogistic" }

// Squared is the squared loss of NORMA eq. (17):
//
//	l = ½(f − y)²,   ξ = f − y,   ρ = 1.
//
// Its Hessian is not c·I (H − cI = k(x,·) ⊗ k(x,·), the form of JMLR eq. 36
// with ρ = 1), so it is [Curved]. K = 1; the margin is ignored. For |f − y|
// above ~1e154 the value overflows to +Inf (ξ stays finite).
type Squared struct{}

// Eval implements [Loss]; len(f) must be 1.
func (Squared) Eval(xi, f []float64, y, margin float64) float64 {
	checkLen("Squared", xi, f, 1)
	r := f[0] - y
	xi[0] = r
	return 0.5 * r * r
}

// Hessian implements [Curved]: h[0] = 1. len(h) and len(f) must be 1.
func (Squared) Hessian(h, f []float64, y float64) {
	if len(h) != 1 || len(f) != 1 {
		panic("loss: Squared.Hessian: len(h) and len(f) must be 1")
	}
	h[0] = 1
}

// String returns "squared".
func (Squared) String() string { return "squared" }

// EpsInsensitive is the ε-insensitive loss of NORMA eq. (18) with tube width
// ε = margin (the νε term of the ν-trick is the learner's):
//
//	l = max(0, |y − f| − ε),   ξ = −sgn(y − f) if |y − f| > ε, else 0.
//
// K = 1. The margin should be ≥ 0; with ε = 0 it is the absolute loss, and
// ξ = 0 at f = y.
type EpsInsensitive struct{}

// Eval implements [Loss]; len(f) must be 1.
func (EpsInsensitive) Eval(xi, f []float64, y, margin float64) float64 {
	checkLen("EpsInsensitive", xi, f, 1)
	r := y - f[0]
	v := math.Abs(r) - margin
	if v > 0 {
		xi[0] = -math.Copysign(1, r)
		return v
	}
	xi[0] = 0
	return max(v, 0) // NaN for a NaN score, so divergence stays visible
}

// String returns "eps-insensitive".
func (EpsInsensitive) String() string { return "eps-insensitive" }

// Huber is Huber's robust loss of NORMA eq. (19) with σ = margin:
//
//	l = |r| − σ/2 if |r| > σ, r²/(2σ) otherwise,   r = y − f,
//	ξ = −sgn(r) if |r| > σ, −r/σ otherwise   (NORMA eq. 20),
//	ρ = 0 if |r| > σ, 1/σ otherwise.
//
// At |r| = σ the two branches agree in l and ξ; the curvature takes the
// quadratic side, as eq. (20)'s "otherwise" does. σ ≤ 0 (or NaN) gives the
// absolute loss |r| with ξ = −sgn(r) (0 at r = 0) and ρ = 0. K = 1.
type Huber struct{}

// Eval implements [Loss]; len(f) must be 1.
func (Huber) Eval(xi, f []float64, y, margin float64) float64 {
	checkLen("Huber", xi, f, 1)
	r := y - f[0]
	a := math.Abs(r)
	if !(margin > 0) {
		xi[0] = 0
		if r != 0 {
			xi[0] = -math.Copysign(1, r)
		}
		return a
	}
	if a > margin {
		xi[0] = -math.Copysign(1, r)
		return a - margin/2
	}
	xi[0] = -r / margin
	return r * (r / (2 * margin))
}

// HessianMargin implements [MarginCurved]: h[0] = 1/σ inside the quadratic
// zone |y − f| ≤ σ, 0 outside. len(h) and len(f) must be 1.
func (Huber) HessianMargin(h, f []float64, y, margin float64) {
	if len(h) != 1 || len(f) != 1 {
		panic("loss: Huber.HessianMargin: len(h) and len(f) must be 1")
	}
	if margin > 0 && math.Abs(y-f[0]) <= margin {
		h[0] = 1 / margin
		return
	}
	h[0] = 0
}

// String returns "huber".
func (Huber) String() string { return "huber" }
