package learn

// Inspection records: what one call of Learn did, in the papers' symbols, for
// the step inspector of the page (ui/inspect writes them as equations). Each
// learner fills its record in Learn from the quantities the step computes
// anyway, without allocating (the slices alias the learner's scratch) and at a
// cost of a few stores per step; LastUpdate returns it. A record is valid
// until the next Learn, Reset or setting change; before the first step its T
// is 0.

// SVMDUpdate is the last step of [SVMD] in the order of JMLR Algorithm 2
// (Vishwanathan, Schraudolph, Smola 2006, "Step size adaptation in
// reproducing kernel Hilbert space"); equation numbers are that paper's.
// Slices have length NumScores() and alias the learner's scratch: read them
// only, until the next Learn.
type SVMDUpdate struct {
	// T is the step t = 1, 2, … since Reset (0: no step yet).
	T int
	// Loss is the loss of JMLR Table 1 in force; Y the label y_t (±1, a
	// class 0 … K−1, or ignored for novelty).
	Loss SVMDLoss
	Y    float64
	// Terms is the number of terms i of the buffer before the step: the
	// length of the one kernel row k(x_i, x_t) from which F, ξ_tᵀv_t(x_t) and
	// the incremental norms (45)–(49) are computed (Algorithm 2, step 2(a)).
	Terms int
	// Row is that kernel row, k(x_i, x_t) for the Terms terms before the
	// step in term order (0 = oldest; expansion.Expansion.Row), and
	// AlphaPred the same terms' α_{i,ŷ} before the step for the predicted
	// class ŷ (the one coefficient for a single score;
	// expansion.Expansion.AlphaColumn): Row[i]·AlphaPred[i] is term i's
	// contribution to f_ŷ(x_t) (eq. 29 / NORMA eq. 7). Copies into the
	// learner's scratch, valid until the next Learn.
	Row, AlphaPred []float64
	// F is f_t(x_t, ·) = Σ_i α_i k(x_i, x_t) (eq. 29), without offsets.
	F []float64
	// U is the score f_t(x_t, ·) + b_t the loss is evaluated at (eq. 50's b;
	// equal to F without Offset); Offset reports offsets b (SVMDConfig.Offset).
	U      []float64
	Offset bool
	// Margin is the margin ε_t of the hinge-family losses at this step
	// (eqs. 14, 16, 23; adapted by the ν-trick, eq. 56).
	Margin float64
	// LossValue is l(x_t, y_t, f_t) (Table 1), minus νε_t under the ν-trick
	// (eq. 53).
	LossValue float64
	// Xi is ξ_t = ∂l/∂f(x_t, ·), the loss's expansion coefficients (Table 1,
	// eq. 31).
	Xi []float64
	// Violated reports a margin violation (ξ_t ≠ 0); M is m_t = ∂l/∂ε, 1
	// (Δ(y_t, ỹ*) for the graph loss) on a violation and 0 otherwise, in the
	// ν-trick's ν − m_t (eqs. 54–58).
	Violated bool
	M        float64
	// Pi is π_t = ⟨f_t, v_t⟩ before the step (eq. 46).
	Pi float64
	// XiV is ξ_tᵀ v_t(x_t), from the same kernel row (eq. 45's second term).
	XiV float64
	// GV is ⟨g_t, v_t⟩ = cπ_t + ξ_tᵀv_t(x_t) (eq. 45).
	GV float64
	// Lambda is the regularizer c, Mu the meta step size μ (eq. 33), Decay
	// SMD's trace decay λ (eq. 34).
	Lambda, Mu, Decay float64
	// EtaPrev is η_{t−1}, Eta η_t = η_{t−1}·max(½, 1 − μ⟨g_t, v_t⟩) (eq. 33,
	// indexed as Algorithm 2 computes it), clamped to 1/c when Clamped.
	EtaPrev, Eta float64
	Clamped      bool
	// Shrink is the factor 1 − η_t c of the old coefficients (eqs. 28, 32); 0
	// at the clamp.
	Shrink float64
	// Alpha is the new term's α_t = −η_t ξ_t (eq. 32).
	Alpha []float64
	// Beta is the new term's β_t = −η_t(ξ_t + λχ_t) (eqs. 40, 42; χ_t = 0 for
	// the piecewise linear losses, eqs. 43–44 otherwise).
	Beta []float64
	// BetaScale and BetaMix give the old rows' trace update of eq. (40):
	// β_i ← BetaScale·β_i + BetaMix·α_i with BetaScale = (1 − η_t c)λ and
	// BetaMix = −η_t c (the regularizer's part of γ_t).
	BetaScale, BetaMix float64
	// Nu is ν of the ν-trick (0: fixed margin). With ν > 0:
	// EtaMarginPrev and EtaMargin are η_{ε,t−1} and η_{ε,t} =
	// η_{ε,t−1}·max(½, 1 + μ v_ε ε_t(ν − m_t)) (eq. 57), MarginStep is
	// η_{ε,t} ε_t(ν − m_t), the exponent of eq. (56), MarginNext is
	// ε_{t+1} = ε_t·exp(MarginStep) (eq. 56), VMarginPrev and VMargin the
	// margin's trace v_ε before and after eq. (58).
	Nu                       float64
	EtaMarginPrev, EtaMargin float64
	MarginStep, MarginNext   float64
	VMarginPrev, VMargin     float64
	// Stored reports that the new term was stored (JMLR §5.5 keeps non-zero
	// terms only); Index is its index in the buffer after the step (0 =
	// oldest), −1 when not stored.
	Stored bool
	Index  int
	// Evicted reports that the buffer was full and the oldest term was
	// dropped (§5.5's LRU buffer); EvictedIndex is its index before the step
	// (0, the oldest; −1 when none) and EvictedAlpha its α after the shrink,
	// as it left f.
	Evicted      bool
	EvictedIndex int
	EvictedAlpha []float64
	// Diverged reports that the step stopped at a non-finite quantity; the
	// fields after the failing sub-step are stale.
	Diverged bool
}

// LastUpdate returns the record of the last Learn (see [SVMDUpdate]).
func (s *SVMD) LastUpdate() SVMDUpdate { return s.last }

// recordStart records sub-steps (a)–(c)i of a step; called once per Learn
// after the step size is adapted, before the side steps and the expansion
// change.
func (s *SVMD) recordStart(y float64, st Step, margin, m float64, violated bool, xiV, gv, eta, shrink float64, clamped bool) {
	u := &s.last
	u.T, u.Loss, u.Y, u.Terms = s.steps+1, s.lossKind, y, s.exp.Len()
	col := 0
	if s.task == Multiclass {
		col = int(st.Prediction)
	}
	s.row, s.alphaPred = s.exp.Row(s.row), s.exp.AlphaColumn(s.alphaPred, col)
	u.Row, u.AlphaPred = s.row, s.alphaPred
	u.F, u.U, u.Offset, u.Xi, u.Alpha, u.Beta, u.EvictedAlpha = s.fx, s.u, s.hasOffset, s.xi, s.alphaNew, s.betaNew, s.evAlpha
	u.Margin, u.LossValue, u.Violated, u.M = margin, st.Loss, violated, m
	u.Pi, u.XiV, u.GV = s.pi, xiV, gv
	u.Lambda, u.Mu, u.Decay = s.c, s.mu, s.decay
	u.EtaPrev, u.Eta, u.Clamped, u.Shrink = s.eta, eta, clamped, shrink
	u.BetaScale, u.BetaMix = shrink*s.decay, -eta*s.c
	u.Nu, u.EtaMarginPrev, u.VMarginPrev = s.nu, s.etaEps, s.vEps
	u.EtaMargin, u.MarginStep, u.MarginNext, u.VMargin = s.etaEps, 0, s.eps, s.vEps
	u.Stored, u.Index, u.Evicted, u.EvictedIndex = false, -1, false, -1
	u.Diverged = true // until recordEnd
}

// recordEvictee keeps the α of the term the next Push would evict (called
// after the shrink, before the Push).
func (s *SVMD) recordEvictee() {
	if s.exp.NextEvicted() == 0 {
		s.exp.Alpha(s.evAlpha, 0)
	}
}

// recordEnd records the side steps and the push.
func (s *SVMD) recordEnd(ev stored) {
	u := &s.last
	if s.nu > 0 {
		u.EtaMargin, u.MarginNext, u.VMargin = s.etaEps, s.eps, s.vEps
		u.MarginStep = s.etaEps * u.Margin * (s.nu - u.M)
	}
	u.Stored, u.Evicted = ev.Stored, ev.Evicted
	if ev.Stored {
		u.Index = s.exp.Len() - 1
	}
	if ev.Evicted {
		u.EvictedIndex = 0
	}
	u.Diverged = false
}

// stored is what a learner's record needs of an expansion.Evicted.
type stored struct{ Stored, Evicted bool }

// NORMAUpdate is the last step of [NORMA] (Kivinen, Smola, Williamson 2004,
// "Online learning with kernels"; equation numbers are that paper's): the
// gradient step (6) with shrink (10) and new term (9) of the configured
// [Rule], eqs. (12)–(21). The kernel perceptron ([NewPerceptron]) is the rule
// (15) with λ = 0 and η = 1. Slices have length NumScores() and alias the
// learner's scratch: read them only, until the next Learn.
type NORMAUpdate struct {
	// T is the example index t = 1, 2, … of the schedule (0: no step yet).
	T int
	// Rule is the loss and update rule (§3, eqs. 12–21); Task the task; Y
	// the label or target y_t.
	Rule Rule
	Task Task
	Y    float64
	// Schedule is the step-size schedule and Eta its η_t (the paper's Λ;
	// JMLR eq. 59 for [Sqrt], Theorem 2's 1/(3λ√t) for [InvSqrtT]).
	Schedule Schedule
	Eta      float64
	// Terms is the number of stored terms before the step: the length of the
	// kernel row k(x_i, x_t) from which F is computed.
	Terms int
	// Row is that kernel row, k(x_i, x_t) for the Terms terms before the
	// step in term order (0 = oldest; expansion.Expansion.Row), and
	// AlphaPred the same terms' α_{i,ŷ} before the step for the predicted
	// class ŷ (the one coefficient for a single score;
	// expansion.Expansion.AlphaColumn): Row[i]·AlphaPred[i] is term i's
	// contribution to f_ŷ(x_t) (eq. 29 / NORMA eq. 7). Copies into the
	// learner's scratch, valid until the next Learn.
	Row, AlphaPred []float64
	// F is f_t(x_t) = Σ_i α_i k(x_i, x_t) (eq. 7), G the score g = f + b the
	// loss is evaluated at (f alone for novelty, eq. 16).
	F, G []float64
	// Margin is the margin in force at the step: ρ (eqs. 12–14, 16), ε
	// (eq. 18), σ (eqs. 19–21), 0 for the hinge (15) and squared (17) rules.
	Margin float64
	// LossValue is c(x_t, y_t, g(x_t)) of the rule, ν terms included
	// (eqs. 13, 16, 18).
	LossValue float64
	// Xi is c'(g(x_t)), the loss's derivative in g (the rule's ξ_t);
	// MarginError reports Xi ≠ 0 (a term is added).
	Xi          []float64
	MarginError bool
	// Lambda is the regularizer λ of eq. (3); Shrink is the factor 1 − λη_t
	// of eq. (10) (0 if λη_t > 1).
	Lambda, Shrink float64
	// Alpha is the new term's α_t = −η_t c'(g(x_t)) (eq. 9), all zero without
	// a margin error.
	Alpha []float64
	// Offset reports an offset b ← b − η_t c' (§3); B is b after the step.
	Offset bool
	B      []float64
	// Nu is ν of the ν rules (eqs. 13, 16, 18, 21; 0 otherwise). DMargin is
	// ∂c/∂m of the margin m (ρ, ε or σ) with the descent signs of the rule's
	// documentation, and MarginNext the margin after the step:
	// max(0, m − η_t·DMargin) (eqs. 14, 16, 18, 21) or, for MarginLogSpace,
	// m·exp(−η_m·m·DMargin) (JMLR eqs. 55–56); EtaMargin is η_m then, that
	// of this step (shrunk by √(τ/(τ + t − 1)) with MarginDecayTau = τ > 0).
	Nu, DMargin, MarginNext float64
	MarginRule              MarginRule
	EtaMargin               float64
	// Stored, Index, Evicted, EvictedIndex and EvictedAlpha are as for
	// [SVMDUpdate]: the new term's index after the step (−1 if none), and
	// the oldest term dropped by the LRU buffer (§2 "Truncation", eq. 11)
	// with its α after the shrink.
	Stored       bool
	Index        int
	Evicted      bool
	EvictedIndex int
	EvictedAlpha []float64
	// Diverged reports that the step stopped at a non-finite quantity.
	Diverged bool
}

// LastUpdate returns the record of the last Learn (see [NORMAUpdate]).
func (n *NORMA) LastUpdate() NORMAUpdate { return n.last }

// recordStart records prediction, loss and step size of a NORMA step; called
// after ruleGrad, before the expansion changes.
func (n *NORMA) recordStart(y, eta, loss, dm float64, marginErr bool, g []float64, s float64) {
	u := &n.last
	u.T, u.Rule, u.Task, u.Y, u.Schedule, u.Eta = n.t, n.rule, n.task, y, n.sched, eta
	u.Terms, u.F, u.G, u.Xi, u.Alpha, u.B, u.EvictedAlpha = n.exp.Len(), n.f, g, n.xi, n.alpha, n.b, n.evAlpha
	col := 0
	if n.task == Multiclass {
		col = argmax(n.g) // the prediction (multiclassPrediction)
	}
	n.row, n.alphaPred = n.exp.Row(n.row), n.exp.AlphaColumn(n.alphaPred, col)
	u.Row, u.AlphaPred = n.row, n.alphaPred
	u.Margin, u.LossValue, u.MarginError = n.margin, loss, marginErr
	u.Lambda, u.Shrink, u.Offset = n.lambda, s, n.cfg.Offset
	u.Nu, u.DMargin, u.MarginNext = n.nu, dm, n.margin
	u.MarginRule, u.EtaMargin = n.cfg.MarginRule, n.etaMargin()
	u.Stored, u.Index, u.Evicted, u.EvictedIndex = false, -1, false, -1
	u.Diverged = true // until recordEnd
}

// recordEvictee keeps the α of the term the next Push would evict (called
// after the shrink, before the Push).
func (n *NORMA) recordEvictee() {
	if n.exp.NextEvicted() == 0 {
		n.exp.Alpha(n.evAlpha, 0)
	}
}

// recordEnd records the push and the margin step.
func (n *NORMA) recordEnd(ev stored) {
	u := &n.last
	u.MarginNext = n.margin
	u.Stored, u.Evicted = ev.Stored, ev.Evicted
	if ev.Stored {
		u.Index = n.exp.Len() - 1
	}
	if ev.Evicted {
		u.EvictedIndex = 0
	}
	u.Diverged = false
}

// PegasosUpdate is the last example of [Pegasos] or [KernelPegasos]
// (Shalev-Shwartz, Singer, Srebro 2007; the lecture's "Pegasos" slide):
// scored at w_t, added to the mini-batch's subgradient, and on the k-th
// example of a batch the update
//
//	η_t = 1/(λt),  w_{t+½} = (1 − η_tλ)w_t + (η_t/k)Σ_{y⟨w_t,x⟩<1} y x,
//	w_{t+1} = w_{t+½}·min(1, (1/√λ)/‖w_{t+½}‖).
//
// The lecture has no equation numbers; the record names the slide's terms.
type PegasosUpdate struct {
	// T is the iteration t the example belongs to (0: no example yet);
	// InBatch its position 1 … k in the mini-batch of BatchSize k.
	T, InBatch, BatchSize int
	// Y is the label ±1, Score f(x_t) = ⟨w_t, x̃_t⟩ (kernel: Σ α_i k(x_i, x_t)),
	// LossValue the hinge max(0, 1 − y f), Violated y f < 1.
	Y, Score, LossValue float64
	Violated            bool
	// Lambda is λ; Eta is η_t = 1/(λt) ("fixed hyperbola schedule").
	Lambda, Eta float64
	// Updated reports that the example completed its batch and the update
	// was made; the fields below describe it.
	Updated bool
	// Shrink is 1 − η_tλ = 1 − 1/t (0 at t = 1).
	Shrink float64
	// Norm is ‖w_{t+½}‖ (kernel: ‖f‖_H) before the projection, Radius 1/√λ,
	// Projection the factor min(1, Radius/Norm) ("reproject/rescale β");
	// Projection is 1 without the projection.
	Norm, Radius, Projection float64
	// Kernel Pegasos only: Terms is the buffer length before the step, Alpha
	// the new term's coefficient η_t y_t (before the projection), Stored,
	// Index, Evicted, EvictedIndex and EvictedAlpha as in [NORMAUpdate].
	Terms        int
	Alpha        float64
	Stored       bool
	Index        int
	Evicted      bool
	EvictedIndex int
	EvictedAlpha float64
}

// LastUpdate returns the record of the last Learn (see [PegasosUpdate]).
func (p *Pegasos) LastUpdate() PegasosUpdate { return p.last }

// LastUpdate returns the record of the last Learn (see [PegasosUpdate]).
func (p *KernelPegasos) LastUpdate() PegasosUpdate { return p.last }

// DCDOnlineUpdate is the last step of [DCDOnline]: the example enters the
// LRU buffer of the dual coordinate descent (Hsieh et al. 2008; the lecture's
// "Dual coordinate descent" slides, which have no equation numbers), the box
// C = 1/(λn) follows the number n of stored examples, and the example's own
// first coordinate update of the passes is
//
//	G = y_t w ᵀx̃_t − 1 + Dα_t,   α_t ← min(max(α_t − G/Q_tt, 0), U).
type DCDOnlineUpdate struct {
	// T counts the examples learnt since Reset (0: none yet).
	T int
	// Y is the label, Score f(x_t) = ⟨w, x̃_t⟩ before the step, LossValue
	// the loss at y f: the hinge, or the squared hinge when SquaredHinge.
	Y, Score, LossValue float64
	SquaredHinge        bool
	// Lambda is the regularizer λ of the box C = 1/(λn).
	Lambda float64
	// Slot is the buffer slot the example is stored in.
	Slot int
	// Evicted reports that the buffer was full: the example stored in Slot
	// before, with label EvictedY and dual variable EvictedAlpha, was dropped,
	// w ← w − α_old y_old x̃_old.
	Evicted                bool
	EvictedY, EvictedAlpha float64
	// N is the number n of stored examples after the step; BoxScale the
	// factor n_old/n by which every α and w were scaled into the new box (1
	// when n did not change).
	N        int
	BoxScale float64
	// Upper is the box U (C = 1/(λn) for the hinge, ∞ for the squared
	// hinge), Diag the D of Q̄_tt = Q_tt + D (0 for the hinge, 1/(2C) for
	// the squared hinge), Qtt = ‖x̃_t‖² + D.
	Upper, Diag, Qtt float64
	// G is the projected-gradient numerator y_t wᵀx̃_t − 1 + Dα_t of the
	// example's first coordinate update, AlphaFirst its α_t after it (0 if
	// x̃_t = 0), Alpha its α_t after all the passes.
	G, AlphaFirst, Alpha float64
}

// LastUpdate returns the record of the last Learn (see [DCDOnlineUpdate]).
func (d *DCDOnline) LastUpdate() DCDOnlineUpdate { return d.last }

// AMMUpdate is the last online step of [AMM] (Wang et al. 2011; the
// lecture's "Multi-Hyperplane Machine" and "SGD for Training the
// Multi-Hyperplane Machine" slides, without equation numbers): assign z,
// take the relaxed loss
//
//	l = max(0, 1 + max_{y'≠y, k} β_{y',k}ᵀx̃ − β_{y,z}ᵀx̃),
//
// shrink β by 1 − 1/t and step +η_t x̃ on (y, z), −η_t x̃ on the rival.
type AMMUpdate struct {
	// T is the iteration t (0: none yet); Class the label y.
	T, Class int
	// Assigned is the hyperplane z of class y, Created whether it was created
	// for this example (every β_{y,k}ᵀx̃ < 0). Score is β_{y,z}ᵀx̃.
	Assigned int
	Created  bool
	Score    float64
	// RivalClass and RivalPlane are (y', k) = argmax over the other classes,
	// RivalScore its score.
	RivalClass, RivalPlane int
	RivalScore             float64
	// Margin is Score − RivalScore, LossValue max(0, 1 − Margin), Violated
	// Margin < 1 (the subgradient step is taken).
	Margin, LossValue float64
	Violated          bool
	// Lambda is λ, Eta η_t = 1/(λt), Shrink 1 − 1/t (0 at t = 1).
	Lambda, Eta, Shrink float64
	// Pruned reports that pruning ran after this step.
	Pruned bool
}

// LastUpdate returns the record of the last Learn (see [AMMUpdate]).
func (a *AMM) LastUpdate() AMMUpdate { return a.last }

// LastUpdate returns the record of the two-class machine's last Learn, with
// Class 0 for label −1 and 1 for +1 (see [AMMUpdate]).
func (b *BinaryAMM) LastUpdate() AMMUpdate { return b.a.last }

// RESUpdate is the last example of [RES] (Mokhtari, Ribeiro 2014,
// "RES: Regularized stochastic BFGS algorithm"; equation numbers are that
// paper's): stored in the batch of L, and on the L-th one iteration of
// Algorithm 1: ŝ_t (10), w_{t+1} = w_t − ε_t(B̂_t⁻¹ + ΓI)ŝ_t (4), v_t and r̃_t
// (5), (8), and the B̂ update (9), skipped when vᵀr̃ is not positive.
type RESUpdate struct {
	// T is the iteration t the example belongs to, counted from 1 (0: no
	// example yet); InBatch its position 1 … L in the batch of BatchSize L.
	T, InBatch, BatchSize int
	// Y is the label, Score ⟨w_t, x̃⟩, LossValue l(y⟨w_t, x̃⟩) without the
	// regularizer, Slope its derivative l'(m).
	Y, Score, LossValue, Slope float64
	// Eps is ε_t = ε0·τ/(τ + t) (§4; ε0 with a constant step) with the
	// paper's t counted from 0, so t = T − 1 here; Lambda λ,
	// Delta δ and Gamma Γ of eqs. (4) and (9).
	Eps, Lambda, Delta, Gamma float64
	// Updated reports that the example completed its batch and the
	// iteration ran; the fields below describe it.
	Updated bool
	// NormS is ‖ŝ_t‖ (10), NormDir ‖(B̂_t⁻¹ + ΓI)ŝ_t‖ (4), NormV ‖v_t‖ (5),
	// VR vᵀr̃ and VBV vᵀB̂_t v, the denominators of (9); Skipped reports that
	// the B̂ update was skipped (vᵀr̃ ≤ 10⁻¹²‖v‖‖r̃‖ or vᵀB̂v ≤ 0).
	NormS, NormDir, NormV, VR, VBV float64
	Skipped                        bool
}

// LastUpdate returns the record of the last Learn (see [RESUpdate]).
func (r *RES) LastUpdate() RESUpdate { return r.last }

// recordEvictee keeps the α (after the shrink) of the term the next Push
// would evict.
func (p *KernelPegasos) recordEvictee(a float64) {
	if p.exp.NextEvicted() == 0 {
		p.last.EvictedIndex = 0
		p.last.EvictedAlpha = p.exp.Alpha(p.alpha[:1:1], 0)[0]
		p.alpha[0] = a
	}
}
