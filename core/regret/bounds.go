package regret

import (
	"fmt"
	"math"

	"kernelplay/core/learn"
)

// Bound is the value of one of the papers' bounds for a prefix, or why it
// does not apply. A bound is reported only where its theorem's assumptions
// hold for the run; Applies false carries the reason in Why and Value 0.
type Bound struct {
	// Applies reports that the theorem's conditions hold for the run.
	Applies bool
	// Value is the bound, in the units of the quantity it bounds (the
	// cumulative risk Σ R_stoch, a number of mistakes, or a norm ‖·‖_H).
	Value float64
	// Source cites paper and equation, e.g. "NORMA Theorem 2, eq. (23)".
	Source string
	// Why says, when Applies is false, which condition fails; when it
	// applies, what is left out (e.g. the paper's unstated O(1) term).
	Why string
}

// notApplicable returns a Bound that does not apply.
func notApplicable(source, format string, args ...any) Bound {
	return Bound{Source: source, Why: "not applicable: " + fmt.Sprintf(format, args...)}
}

// ObjectiveOf returns the objective a NORMA learner with the settings cfg
// minimises (R_stoch of NORMA eq. 3 with its loss, margin, λ and offset),
// or an error saying why none is compared: multiclass (JMLR eq. 16 is not
// compared, binary tasks only), a ν rule or adaptive Huber (the margin is
// learnt: a variable of the objective, not a setting), or novelty.
// RuleHinge gives the hinge at margin 0; RuleSoftMargin the hinge at
// Margin0; RuleSquared the squared loss; RuleHuber Huber's loss with σ =
// HuberSigma.
func ObjectiveOf(cfg learn.NORMAConfig) (Objective, error) {
	if cfg.Classes >= 2 {
		return Objective{}, fmt.Errorf("regret: %d classes: the comparator is computed for binary tasks only", cfg.Classes)
	}
	o := Objective{Kernel: cfg.Kernel, Lambda: cfg.Lambda, Offset: cfg.Offset}
	switch cfg.Rule {
	case learn.RuleSoftMargin:
		o.Loss, o.Margin = Hinge, cfg.Margin0
	case learn.RuleHinge:
		o.Loss = Hinge
	case learn.RuleSquared:
		o.Loss = Squared
	case learn.RuleHuber:
		o.Loss, o.Margin = Huber, cfg.HuberSigma
	default:
		return Objective{}, fmt.Errorf("regret: the %v rule: no fixed comparator (its margin is learnt, or its loss is not implemented here)", cfg.Rule)
	}
	return o, nil
}

// theoremRun checks the conditions NORMA's Theorems 1 and 2 share (§4):
// the soft-margin loss with a fixed margin, binary, no offset, and no
// truncation over the m examples (BufferSize ≥ m, so no term can have been
// evicted: a sufficient condition, since terms enter on margin errors only).
func theoremRun(cfg learn.NORMAConfig, m int) string {
	switch {
	case cfg.Rule != learn.RuleSoftMargin:
		return fmt.Sprintf("the theorem is for the soft-margin loss with a fixed margin (rule %v)", cfg.Rule)
	case cfg.Classes >= 2:
		return "the theorem is for binary classification"
	case cfg.Offset:
		return "the theorem has no offset b"
	case cfg.BufferSize < m:
		return fmt.Sprintf("the buffer (ω = %d) is smaller than m = %d, so it may have truncated f: the theorem has none", cfg.BufferSize, m)
	}
	return ""
}

// NORMATheorem2 returns NORMA's Theorem 2, eq. (23), for the prefix of the
// checkpoint p: for any g with ‖g‖ ≤ B, with the rate Λ_t = 1/(3λ√t),
//
//	Σ_{t≤m} R_stoch[f_t, t] ≤ Σ_{t≤m} R_stoch[g, t] + 2λ(B + X/λ)²√m + O(1),
//
// taken at g = g* (B = ‖g*‖, p.Norm; X² = p.X2): Value = p.Hindsight +
// 2λ(B + X/λ)²√m, without the O(1) term, which the paper leaves unstated
// (so the drawn bound is the paper's up to that constant). It applies to
// a frozen point as well (g*_{MaxExact} is a fixed g). Conditions: the
// soft-margin rule, binary, no offset, no truncation up to m, λ > 0, and
// the schedule learn.InvSqrtT of the same λ (the default NORMA schedule,
// JMLR's learn.Sqrt, is not the theorem's).
func NORMATheorem2(cfg learn.NORMAConfig, p Point) Bound {
	const src = "NORMA Theorem 2, eq. (23)"
	if why := theoremRun(cfg, p.M); why != "" {
		return notApplicable(src, "%s", why)
	}
	s, ok := cfg.Schedule.(learn.InvSqrtT)
	if !ok || cfg.Lambda <= 0 || (s.Lambda != 0 && s.Lambda != cfg.Lambda) {
		return notApplicable(src, "the theorem's rate is Λ_t = 1/(3λ√t) with the learner's λ > 0 (schedule %v, λ = %g)", cfg.Schedule, cfg.Lambda)
	}
	l := cfg.Lambda
	x := math.Sqrt(p.X2)
	v := p.Hindsight + 2*l*(p.Norm+x/l)*(p.Norm+x/l)*math.Sqrt(float64(p.M))
	return Bound{Applies: true, Value: v, Source: src, Why: "with g = g* (B = ‖g*‖); the paper's O(1) term is unstated and left out"}
}

// Theorem1Eta returns the constant rate Λ = B/(X√m) of NORMA's Theorem 1
// for a norm budget B > 0, X² = max k(x, x) (1 for the Gaussian and
// Laplacian kernels) and a run of m ≥ 1 examples fixed in advance. Bad
// arguments panic.
func Theorem1Eta(b, x2 float64, m int) float64 {
	if !(b > 0) || !(x2 > 0) || m < 1 {
		panic(fmt.Sprintf("regret: Theorem1Eta(%v, %v, %d)", b, x2, m))
	}
	return b / (math.Sqrt(x2) * math.Sqrt(float64(m)))
}

// Theorem1Source is the Source of [NORMATheorem1]'s bounds.
const Theorem1Source = "NORMA Theorem 1, eq. (22)"

// NORMATheorem1 returns NORMA's Theorem 1, eq. (22): for a sequence with
// k(x_t, x_t) ≤ X² (x2), B and m fixed in advance and the constant rate
// Λ = B/(X√m) ([Theorem1Eta]), for any g with ‖g‖ ≤ B,
//
//	Σ_{t≤m} R_stoch[f_t, t] ≤ Σ_{t≤m} R_stoch[g, t] + B·X·√m + O(1),
//
// at g = the comparator of the checkpoint p (g*_B when the comparator has
// [Objective.NormBound] = B): Value = p.Hindsight + B·X·√m, the O(1) left
// out. The theorem states the sum up to m; we read it at every checkpoint
// p.M ≤ m with the same value: the standard proof for a constant rate
// (telescoping ‖f_t − g‖², f_1 = 0) bounds the sum up to t by
// B²/(2Λ) + Λ·t·X²/2 up to the same O(1) terms, which grows with t and
// equals B·X·√m at t = m (our reading; the paper prints no proof). Beyond
// m it does not apply: the theorem says nothing there.
//
// Conditions: the theorem's run conditions up to m (see [NORMATheorem2]:
// soft margin, binary, no offset, ω ≥ m), B > 0, X² > 0, m ≥ 1, p.M ≤ m,
// every example so far within X (p.X2 ≤ X²), a learn.Constant schedule
// equal to B/(X√m) (relative 1e-9), and ‖g‖ ≤ B (p.Norm, up to rounding:
// B(1 + 1e-12)): the theorem covers only predictors inside the ball.
func NORMATheorem1(cfg learn.NORMAConfig, b, x2 float64, m int, p Point) Bound {
	const src = Theorem1Source
	if !(b > 0) || !(x2 > 0) || m < 1 || math.IsInf(b, 0) || math.IsInf(x2, 0) {
		return notApplicable(src, "B = %g, X² = %g and m = %d must be fixed in advance, B > 0, X > 0, m ≥ 1", b, x2, m)
	}
	if why := theoremRun(cfg, m); why != "" {
		return notApplicable(src, "%s", why)
	}
	if p.M > m {
		return notApplicable(src, "t = %d is beyond the run of m = %d examples fixed in advance (the theorem says nothing there)", p.M, m)
	}
	if p.X2 > x2 {
		return notApplicable(src, "an example has k(x, x) = %.4g > X² = %.4g (the X fixed in advance)", p.X2, x2)
	}
	s, ok := cfg.Schedule.(learn.Constant)
	x := math.Sqrt(x2)
	want := b / (x * math.Sqrt(float64(m)))
	if !ok || math.Abs(s.Eta0-want) > 1e-9*want {
		return notApplicable(src, "the theorem's rate is the constant Λ = B/(X√m) = %.6g (schedule %v)", want, cfg.Schedule)
	}
	if p.Norm > b*(1+1e-12) {
		return notApplicable(src, "‖g*‖ = %.4g > B = %g: the theorem covers only ‖g‖ ≤ B", p.Norm, b)
	}
	return Bound{Applies: true, Value: p.Hindsight + b*x*math.Sqrt(float64(m)), Source: src,
		Why: "only predictors with ‖g‖ ≤ B; the paper's O(1) term is unstated and left out"}
}

// lossSlope returns C, a bound on |c'| of the rule's loss (NORMA
// Proposition 1's "first derivative bounded by C"), and false for the
// squared loss, whose derivative is unbounded.
func lossSlope(r learn.Rule) (float64, bool) {
	if r == learn.RuleSquared {
		return 0, false
	}
	// The hinge family, novelty, ε-insensitive: |c'| ∈ {0, 1}; Huber
	// (19): |c'| = min(1, |y − g|/σ) ≤ 1.
	return 1, true
}

// Truncation returns NORMA's Proposition 1, eq. (11): with a fixed rate Λ
// and a loss whose derivative is bounded by C, dropping every term at least
// τ = ω steps old changes f at step t by at most
//
//	‖f − f_trunc‖ ≤ Σ_{i=1}^{t−τ} Λ(1 − λΛ)^{t−i}·C·X
//	             = (C·X/λ)·((1 − λΛ)^τ − (1 − λΛ)^t)  < λ⁻¹(1 − λΛ)^τ C X,
//
// the finite sum for t > τ (0 for t ≤ τ; Λ·C·X·(t − τ) when λ = 0), in the
// units of ‖f‖_H. x2 is X² = max k(x, x). It bounds the norm of the
// truncation, not the risk: it is its own read-out, not a term of a regret
// bound. Conditions: one score (binary, regression or novelty), a
// learn.Constant schedule, λΛ ≤ 1, a loss with bounded derivative (not the
// squared loss).
func Truncation(cfg learn.NORMAConfig, x2 float64, t int) Bound {
	const src = "NORMA Proposition 1, eq. (11)"
	if cfg.Classes >= 2 {
		return notApplicable(src, "stated for one score per example (%d classes)", cfg.Classes)
	}
	c, ok := lossSlope(cfg.Rule)
	if !ok {
		return notApplicable(src, "the %v loss has an unbounded derivative", cfg.Rule)
	}
	s, ok := cfg.Schedule.(learn.Constant)
	if !ok {
		return notApplicable(src, "stated for a fixed rate Λ (schedule %v)", cfg.Schedule)
	}
	l, eta, tau := cfg.Lambda, s.Eta0, cfg.BufferSize
	if l*eta > 1 {
		return notApplicable(src, "λΛ = %g > 1", l*eta)
	}
	x := math.Sqrt(x2)
	var v float64
	switch {
	case t <= tau:
	case l == 0:
		v = eta * c * x * float64(t-tau)
	default:
		q := 1 - l*eta
		v = c * x / l * (math.Pow(q, float64(tau)) - math.Pow(q, float64(t)))
	}
	return Bound{Applies: true, Value: v, Source: src, Why: "the finite sum of (11) at step t; bounds ‖f − f_trunc‖_H, not the risk"}
}

// PerceptronBound returns the mistake bound of JMLR Theorem 1 (Freund and
// Schapire 1999, Theorem 1): for any unit θ and γ > 0, with deviations
// d_t = max(0, γ − y_t⟨θ, φ(x_t)⟩) and D = √(Σ d_t²), the perceptron makes
// at most ((R + D)/γ)² mistakes on a sequence with ‖φ(x_t)‖ ≤ R. margins
// are y_t⟨θ, φ(x_t)⟩ for one unit θ ([Comparator.Margins]: θ = f*/‖f*‖)
// and r2 = R² = max k(x, x). Every γ gives a valid bound; it returns the
// smallest over the scan γ ∈ {the positive margins} ∪ {R·2^(−j/4), j =
// 0…80}, and that γ. Conditions (checked by [PerceptronApplies]): no
// offset and no eviction. Empty margins or no positive γ panic/return an
// inapplicable bound respectively.
func PerceptronBound(margins []float64, r2 float64) (b Bound, gamma float64) {
	const src = "JMLR Theorem 1 (Freund and Schapire 1999)"
	if len(margins) == 0 {
		panic("regret: PerceptronBound: no margins")
	}
	r := math.Sqrt(r2)
	cands := make([]float64, 0, len(margins)+81)
	for _, m := range margins {
		if m > 0 {
			cands = append(cands, m)
		}
	}
	for j := 0; j <= 80; j++ {
		cands = append(cands, r*math.Pow(2, -float64(j)/4))
	}
	best := math.Inf(1)
	for _, g := range cands {
		if !(g > 0) {
			continue
		}
		var d2 float64
		for _, m := range margins {
			if d := g - m; d > 0 {
				d2 += d * d
			}
		}
		if v := (r + math.Sqrt(d2)) / g; v*v < best {
			best, gamma = v*v, g
		}
	}
	if math.IsInf(best, 1) {
		return notApplicable(src, "no γ > 0 (R = 0)"), 0
	}
	return Bound{Applies: true, Value: best, Source: src,
		Why: "θ = f*/‖f*‖ of the soft-margin comparator, best γ of a scan"}, gamma
}

// PerceptronApplies returns "" when JMLR Theorem 1 covers a kernel
// perceptron run (NORMA RuleHinge with λ = 0, binary, no offset) that has
// made mistakes so far, none evicted (mistakes ≤ BufferSize), or the
// reason it does not.
func PerceptronApplies(cfg learn.NORMAConfig, mistakes int) string {
	switch {
	case cfg.Rule != learn.RuleHinge || cfg.Lambda != 0:
		return "the bound is for the perceptron (hinge rule, λ = 0)"
	case cfg.Classes >= 2:
		return "the bound is for binary classification"
	case cfg.Offset:
		return "the bound has no offset"
	case mistakes > cfg.BufferSize:
		return fmt.Sprintf("%d mistakes on a buffer of %d: terms were evicted", mistakes, cfg.BufferSize)
	}
	return ""
}

// PegasosNorm returns the lecture's bound on the Pegasos optimum, ‖β*‖ ≤
// 1/√λ (advanced SVM lecture, "Bound on Parameter Norm", after
// Shalev-Shwartz et al. 2007, Theorem 1), for the minimiser of (1/m)Σ
// max(0, 1 − y g) + (λ/2)‖f‖², which is the comparator g* of the hinge at
// margin 1 with the same λ (J_m is m times that objective): Value = 1/√λ,
// to be read beside p.Norm = ‖g*‖. λ ≤ 0 does not apply.
func PegasosNorm(lambda float64) Bound {
	const src = "lecture: ‖β*‖ ≤ 1/√λ (Shalev-Shwartz et al. 2007)"
	if !(lambda > 0) || math.IsInf(lambda, 0) {
		return notApplicable(src, "λ = %g, want > 0", lambda)
	}
	return Bound{Applies: true, Value: 1 / math.Sqrt(lambda), Source: src, Why: "bounds ‖g*‖ of the hinge at margin 1"}
}
