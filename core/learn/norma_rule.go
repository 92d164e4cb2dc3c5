package learn

import (
	"fmt"
	"math"

	"kernelplay/core/loss"
)

// Rule selects one of the update rules of Kivinen, Smola and Williamson,
// "Online learning with kernels" (NORMA), §3. Every rule is the stochastic
// gradient step (5)–(10) on one loss c(x, y, g(x)):
//
//	α_i ← (1 − λη)·α_i   (i ≠ t)                     (10)
//	α_t = −η·c'(g(x_t))                                (9)
//	b   ← b − η·c'(g(x_t))    (with Offset)           (§3, opening)
//	m   ← max(0, m − η·∂_m c)  (ν rules: m = ρ, ε or σ)
//
// The paper prints eqs. (12)–(16), (20) and (21) with λ absorbed, (1 − Λ)α_i;
// NORMA implements the general (1 − λΛ) of (10) for every rule, and λ = 1
// reproduces the printed equations.
type Rule int

const (
	// RuleSoftMargin is binary classification with the soft margin
	// c = max(0, ρ − y·g(x)), ρ = Margin (1 by default), eq. (12): on a
	// margin error y·g < ρ the new term is α_t = ηy and b ← b + ηy. The
	// paper prints "y_i Λ"; the label is the current one, y_t. With Classes
	// ≥ 2 it is the multiclass hinge of JMLR eq. (16) with margin ρ: on
	// g_y < ρ + g_{y*} the new term has α_{t,y} = η, α_{t,y*} = −η, where y*
	// is the highest-scoring other label (the lowest index on ties, JMLR §4.2.1).
	RuleSoftMargin Rule = iota
	// RuleNuClassification is the ν-trick of eq. (13),
	// c = max(0, ρ − y·g(x)) − νρ, with the margin ρ learnt. The updates of
	// α and b are those of RuleSoftMargin; the margin moves by gradient DESCENT
	// on (13): ∂c/∂ρ = 1 − ν on a margin error, −ν otherwise, so
	//
	//	ρ ← ρ − η(1 − ν)  if y·g < ρ,   ρ ← ρ + ην  otherwise.
	//
	// Eq. (14) as printed has both signs flipped (ρ + Λ(1 − ν) on a margin
	// error): that is gradient ascent on (13). Its fixed point is unstable:
	// more margin errors raise ρ, which makes more margin errors, and fewer
	// lower it, so ρ runs away up or down (see “NORMA's ν sign” in the package documentation;
	// JMLR eq. (56) has the descent sign; TestPrintedNuSignAscends shows both). With descent the margin settles where the fraction of margin
	// errors is ν: P(err)(1 − ν) = (1 − P(err))ν. ρ is kept ≥ 0 (projected
	// descent; ν-SVMs constrain ρ ≥ 0). With Classes ≥ 2 the margin of JMLR
	// eq. (16) is ρ, read as in “ν-trick for every loss” (package documentation):
	// ∂c/∂ρ = m_t − ν.
	RuleNuClassification
	// RuleHinge is the hinge at 0, c = max(0, −y·g(x)), eq. (15); with λ = 0
	// (Lambda = 0, [NewPerceptron]) it is the kernel
	// perceptron. The update happens when y·g ≤ 0: eq. (15) prints the strict
	// y·g < 0, which never fires from f = 0, b = 0; at y·g = 0 −y is a valid
	// subgradient (JMLR footnote 1), and it is the perceptron's rule. With
	// Classes ≥ 2 it is the multiclass perceptron (JMLR eq. (16) with margin
	// 0), updating when g_y ≤ g_{y*}.
	RuleHinge
	// RuleNovelty is novelty detection with the ν-trick, eq. (16):
	// c = max(0, ρ − f(x)) − νρ, no offset. On f(x) < ρ the new term is
	// α_t = η. The margin moves by descent on the loss,
	//
	//	ρ ← ρ − η(1 − ν)  if f < ρ,   ρ ← ρ + ην  otherwise,
	//
	// the opposite of the printed (16) for the reason given at
	// RuleNuClassification; a fraction ν of a stationary stream is then flagged.
	RuleNovelty
	// RuleSquared is regression with the squared loss c = ½(y − g(x))², eq. (17):
	// α_t = η(y − g(x)). Every example adds a term.
	RuleSquared
	// RuleNuEpsilonInsensitive is ν-ε-insensitive regression, eq. (18),
	// c = max(0, |y − g| − ε) + νε with the tube width ε learnt:
	//
	//	|y − g| > ε:  α_t = η·sgn(y − g),  ε ← ε + η(1 − ν)
	//	otherwise:   α_t = 0,             ε ← ε − ην.
	//
	// Eq. (18) as printed is the descent step on its loss and is used as is
	// (ε ≥ 0 kept by projection). The sentence after (18) swaps Λν and
	// Λ(1 − ν) (“NORMA's ν sign”, package documentation); the equation is right. ε settles with a
	// fraction ν of residuals outside the tube.
	RuleNuEpsilonInsensitive
	// RuleHuber is regression with Huber's robust loss, eq. (19) with fixed σ,
	// and update (20): α_t = η·sgn(y − g) if |y − g| > σ, else
	// α_t = η(y − g)/σ. The paper prints σ⁻¹(y − g) without the step size Λ
	// in the second case, which contradicts its own derivation ("computing
	// the derivative of c", with every other term scaled by Λ); we use η.
	RuleHuber
	// RuleAdaptiveHuber is Huber regression with σ learnt, eq. (21). The α update
	// is Huber's (with η in both cases, as for [RuleHuber]). σ moves like the tube
	// of (18):
	//
	//	|y − g| > σ:  σ ← σ + η(1 − ν);   otherwise: σ ← σ − ην,
	//
	// exactly as printed in (21). This is not a gradient of (19) in σ (that
	// would always raise σ); it is the ν rule of (18) transplanted, as the
	// paper says ("Comparing (20) with (18)"), and it settles with a fraction
	// ν of residuals outside σ. Its sign is the descent sign of (18), so unlike
	// (14) and (16) it needs no fix. σ is kept ≥ 0; at σ = 0 an exact fit
	// adds no term.
	RuleAdaptiveHuber

	numRules
)

var ruleNames = [...]string{
	RuleSoftMargin:           "soft-margin",
	RuleNuClassification:     "ν-classification",
	RuleHinge:                "hinge",
	RuleNovelty:              "novelty",
	RuleSquared:              "squared",
	RuleNuEpsilonInsensitive: "ν-ε-insensitive",
	RuleHuber:                "huber",
	RuleAdaptiveHuber:        "adaptive-huber",
}

// String returns the rule's name, e.g. "ν-classification".
func (r Rule) String() string {
	if r >= 0 && r < numRules {
		return ruleNames[r]
	}
	return fmt.Sprintf("Rule(%d)", int(r))
}

// Task returns the task the rule learns: Binary (or Multiclass when classes
// ≥ 2) for RuleSoftMargin, RuleNuClassification and RuleHinge; RuleNovelty; Regression for
// the others.
func (r Rule) Task(classes int) Task {
	switch r {
	case RuleSoftMargin, RuleNuClassification, RuleHinge:
		if classes >= 2 {
			return Multiclass
		}
		return Binary
	case RuleNovelty:
		return Novelty
	}
	return Regression
}

// MarginRule selects how the ν rules of [NORMA] move their margin m (ρ, ε
// or σ) with the margin derivative ∂c/∂m of the loss.
type MarginRule int

const (
	// MarginAdditive is Kivinen et al.'s eq. (14) with the descent sign
	// (see “NORMA's ν sign” in the package documentation): an additive step
	// with the step size of f, m ← max(0, m − η_t·∂c/∂m). The zero value.
	MarginAdditive MarginRule = iota
	// MarginLogSpace is JMLR's eqs. (55)–(56): descent on log m with a step
	// size η_m of its own ([NORMAConfig.EtaMargin]),
	//
	//	m ← m·exp(−η_m·m·∂c/∂m),
	//
	// which keeps m > 0 and moves it in proportion to its size, as ν-SVMD
	// does (SVMD also adapts η_m by SMD, eqs. 57–58; NORMA keeps it fixed,
	// having no meta-descent). The margin must start positive.
	MarginLogSpace
)

// String returns "additive" or "log-space".
func (m MarginRule) String() string {
	switch m {
	case MarginAdditive:
		return "additive"
	case MarginLogSpace:
		return "log-space"
	}
	return fmt.Sprintf("MarginRule(%d)", int(m))
}

// adaptive reports whether the rule learns its margin (ρ, ε or σ) with ν.
func (r Rule) adaptive() bool {
	switch r {
	case RuleNuClassification, RuleNovelty, RuleNuEpsilonInsensitive, RuleAdaptiveHuber:
		return true
	}
	return false
}

// ruleGrad is the pure core of one NORMA step: given the scores g (g(x_t)
// for each label, offsets included; f(x_t) for novelty), the label y, the
// margin m in force (ρ, ε or σ; ignored by RuleHinge and RuleSquared) and ν,
// it writes the loss derivative xi[j] = ∂c/∂g_j (the paper's c'), and
// returns the loss c (with its ν term), the margin derivative dm = ∂c/∂m used
// for the margin step m ← max(0, m − η·dm) (for RuleAdaptiveHuber the
// (18)-style quantity described at [RuleAdaptiveHuber]; 0 for the rules with
// a fixed margin), and whether the example was a margin error (a term enters
// the expansion). The losses and ξ are those of package loss; len(xi) ==
// len(g), and the example is multiclass iff len(g) > 1.
func ruleGrad(r Rule, xi, g []float64, y, m, nu float64) (l, dm float64, marginErr bool) {
	switch r {
	case RuleSoftMargin, RuleNuClassification:
		if len(g) == 1 {
			l = loss.Hinge{}.Eval(xi, g, y, m)
		} else {
			l = loss.Multiclass{}.Eval(xi, g, y, m)
		}
		marginErr = l > 0
		if r == RuleNuClassification {
			// Descent on (13): ∂c/∂ρ = 1 − ν on a margin error, −ν otherwise.
			l -= nu * m
			dm = -nu
			if marginErr {
				dm = 1 - nu
			}
		}
	case RuleHinge:
		if len(g) == 1 {
			l = loss.Hinge{}.Eval(xi, g, y, 0)
			if y*g[0] == 0 { // y·g = 0 updates too (see RuleHinge)
				xi[0] = -y
			}
		} else {
			l = loss.Multiclass{}.Eval(xi, g, y, 0)
			if yi := int(y); g[yi] == g[bestOther(g, yi)] {
				clear(xi)
				xi[yi] = -1
				xi[bestOther(g, yi)] = 1
			}
		}
		marginErr = !allZero(xi)
	case RuleNovelty:
		l = loss.Novelty{}.Eval(xi, g, y, m)
		marginErr = xi[0] != 0
		// Descent on the loss of (16): ∂c/∂ρ = 1 − ν if f < ρ, −ν otherwise.
		l -= nu * m
		dm = -nu
		if marginErr {
			dm = 1 - nu
		}
	case RuleSquared:
		l = loss.Squared{}.Eval(xi, g, y, 0)
		marginErr = xi[0] != 0
	case RuleNuEpsilonInsensitive:
		l = loss.EpsInsensitive{}.Eval(xi, g, y, m)
		marginErr = xi[0] != 0
		// (18) as printed: ∂c/∂ε = ν − 1 outside the tube, ν inside.
		l += nu * m
		dm = nu
		if marginErr {
			dm = nu - 1
		}
	case RuleHuber, RuleAdaptiveHuber:
		l = loss.Huber{}.Eval(xi, g, y, m)
		marginErr = xi[0] != 0
		if r == RuleAdaptiveHuber {
			// (21) as printed: σ grows by η(1 − ν) outside, shrinks by ην inside.
			dm = nu
			if math.Abs(y-g[0]) > m {
				dm = nu - 1
			}
		}
	default:
		panic(fmt.Sprintf("learn: NORMA: unknown rule %d", int(r)))
	}
	return l, dm, marginErr
}

func allZero(v []float64) bool {
	for _, x := range v {
		if x != 0 {
			return false
		}
	}
	return true
}

// bestOther returns y* = argmax_{j ≠ y} g[j], the lowest index on ties
// (JMLR §4.2.1: "e.g. by dictionary order").
func bestOther(g []float64, y int) int {
	best := -1
	for j, v := range g {
		if j != y && (best < 0 || v > g[best]) {
			best = j
		}
	}
	return best
}

// argmax returns the index of the largest score, the lowest on ties.
func argmax(g []float64) int {
	best := 0
	for j, v := range g {
		if v > g[best] {
			best = j
		}
	}
	return best
}
