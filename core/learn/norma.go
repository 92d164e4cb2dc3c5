package learn

import (
	"fmt"
	"math"

	"kernelplay/core/expansion"
	"kernelplay/core/kernel"
)

// NORMAConfig holds the settings of [NORMA]. The zero value of a field
// means zero (λ = 0 is an ordinary setting); [DefaultNORMAConfig] gives the
// settings of the papers' experiments, documented there.
type NORMAConfig struct {
	// Rule is the loss and update rule of Kivinen et al. §3 (see [Rule]).
	// The zero value is RuleSoftMargin.
	Rule Rule
	// Kernel is the input kernel k; kernels failing kernel.Validate, nil
	// included, are an error.
	Kernel kernel.Kernel
	// Classes is the number of classes K for multiclass classification with
	// the rules RuleSoftMargin, RuleNuClassification and RuleHinge (JMLR
	// eq. 16, one coefficient per label and term, labels 0..K−1). Zero means
	// binary classification (labels ±1) or, for the other rules, their single
	// score. Classes = 1, above [MaxClasses], or Classes ≥ 2 with a novelty or
	// regression rule, is an error.
	Classes int
	// Lambda is the regularizer λ ≥ 0 of R_stoch (eq. 3): every step shrinks
	// the old coefficients by (1 − λη_t), eq. (10). With λ = 0 they never
	// shrink and only the buffer truncates f; with RuleHinge that is the
	// kernel perceptron (after eq. 15).
	Lambda float64
	// Schedule gives the step size η_t (NORMA's Λ) of the t-th example,
	// t = 1, 2, …; nil is an error. JMLR runs NORMA with [Sqrt], the decay
	// (59); the NORMA paper's own Theorem 2 rate is [InvSqrtT], and an
	// InvSqrtT with Lambda 0 gets the learner's λ. Schedules are validated,
	// and η_1·λ > 1 is an error: the factor (1 − λη) would flip the sign of
	// every coefficient (see "Where the papers are ambiguous or wrong" in
	// the package documentation). A custom schedule that later returns
	// η > 1/λ has its factor clamped at 0 (f is wiped, never flipped).
	Schedule Schedule
	// Nu is ν of the ν-trick rules (RuleNuClassification, RuleNovelty,
	// RuleNuEpsilonInsensitive, RuleAdaptiveHuber), 0 < ν ≤ 1: the fraction
	// of margin errors (of residuals outside the tube) the margin settles at.
	// Ignored by the other rules.
	Nu float64
	// Margin0 is the margin ρ ≥ 0 of RuleSoftMargin (fixed; eq. 12 has
	// ρ = 1) and the initial ρ of RuleNuClassification and RuleNovelty.
	// RuleHinge's margin is 0 by definition; other rules ignore it.
	Margin0 float64
	// Epsilon is the initial tube width ε ≥ 0 of RuleNuEpsilonInsensitive
	// (eq. 18). Ignored by the other rules.
	Epsilon float64
	// HuberSigma is Huber's σ > 0 (eq. 19), fixed for RuleHuber and the initial σ
	// of RuleAdaptiveHuber. Ignored by the other rules.
	HuberSigma float64
	// MarginRule is how the ν rules move their margin: MarginAdditive
	// (Kivinen et al. eq. 14 with the descent sign, the zero value) or
	// MarginLogSpace (JMLR eqs. 55–56, with the step size EtaMargin; the
	// initial margin must then be positive). Only for the ν rules.
	MarginRule MarginRule
	// EtaMargin is the margin's step size η_m > 0 of MarginLogSpace
	// (JMLR's η_ε); ignored otherwise.
	EtaMargin float64
	// MarginDecayTau, when positive, makes MarginLogSpace's step shrink like
	// NORMA's own step (the form of JMLR eq. 59):
	//
	//	η_{m,t} = EtaMargin·√(τ/(τ + t − 1)),  τ = MarginDecayTau,  t = 1, 2, …
	//
	// Zero keeps η_m = EtaMargin fixed (the rule before this option).
	// JMLR gives NORMA's margin no schedule (ν-SVMD adapts η_ε by SMD, eqs.
	// 57–58, which NORMA has not); this one is our decision: a fixed η_m
	// keeps the margin moving by the same relative amount forever while f's
	// steps shrink, and the independent replay that checks our learners
	// decays the margin's step this way. Negative or non-finite is an error;
	// ignored unless MarginLogSpace.
	MarginDecayTau float64
	// BufferSize is ω ≥ 1, the number of expansion terms kept (the most
	// recent ones; NORMA §2 "Truncation", eq. 11, and JMLR §5.5's LRU
	// buffer). Storage ω·(2d + 2K + 11) float64s is at most [MaxFloats] (the
	// feature-major copy of sparse inputs, ω·(d + 8), included).
	BufferSize int
	// Offset adds the offset b (one per label), updated as b ← b − η·c'
	// (NORMA §3, opening). False means no offset, as in the JMLR experiments
	// (§6: "We do not use offsets here"); NORMA's eqs. (12)–(15) use one.
	// RuleNovelty has no offset (after eq. 15: it would give trivial
	// solutions); Offset with it is an error.
	Offset bool
}

// DefaultNORMAConfig returns the papers' settings for the rule r with
// classes labels (0 for a single score):
//
//   - Kernel: kernel.Gaussian{} (σ = 1). BufferSize: 512 (JMLR §6.1).
//   - Lambda, as for SVMD's c: 1 for RuleNuClassification and RuleNovelty
//     (the ν-trick's choice, "we may set λ = 1" after eq. 13; JMLR §5.4.2
//     fixes c = 1); 1/(500n) with n = 7291 (≈ 2.74·10⁻⁷) for RuleSoftMargin
//     and RuleHinge, the c with which JMLR §6.1.2 runs NORMA against SVMD;
//     1 for the regression rules, the value (20) and (21) are printed with
//     ((1 − Λ)α_i) (the paper gives none for (17) and (18)).
//   - Schedule: Sqrt{Eta0, Tau}, JMLR eq. (59), with η0 = 0.1 for
//     multiclass RuleSoftMargin and RuleHinge (§6.1.2, Fig. 4) and 1
//     otherwise (Figs. 3 and 6); τ = 100 for multiclass (Figs. 4 and 6), 10
//     otherwise (Fig. 3).
//   - Nu: 0.05 for the ν-trick rules (JMLR §6, Figs. 3 and 6), else 0.
//   - Margin0: 1 for RuleSoftMargin, RuleNuClassification and RuleNovelty
//     (eq. 12's ρ = 1). Epsilon: 0. HuberSigma: 1 for the Huber rules.
//   - MarginRule: MarginAdditive (Kivinen et al.'s own rule); EtaMargin: 1
//     (JMLR §6: "we always set η_{ε,0} = 1"), used by MarginLogSpace.
//   - Offset: false (JMLR §6).
func DefaultNORMAConfig(r Rule, classes int) NORMAConfig {
	c := NORMAConfig{Rule: r, Kernel: kernel.Gaussian{}, Classes: classes, Lambda: 1, BufferSize: svmdBufferSize, EtaMargin: 1}
	multi := classes >= 2
	eta0, tau := 1.0, 10.0
	if multi {
		tau = 100
	}
	switch r {
	case RuleSoftMargin, RuleHinge:
		c.Lambda = 1.0 / (500 * svmdUSPSTrain)
		if multi {
			eta0 = 0.1
		}
	}
	c.Schedule = Sqrt{Eta0: eta0, Tau: tau}
	if r.adaptive() {
		c.Nu = 0.05
	}
	switch r {
	case RuleSoftMargin, RuleNuClassification, RuleNovelty:
		c.Margin0 = 1
	case RuleHuber, RuleAdaptiveHuber:
		c.HuberSigma = 1
	}
	return c
}

// NORMA is the online kernel learner of Kivinen, Smola and Williamson,
// "Online learning with kernels" (2004): stochastic gradient descent in the
// RKHS on the regularised risk (3),
//
//	f ← (1 − λη_t)·f − η_t·c'(x_t, y_t, g(x_t))·k(x_t, ·),   g = f + b,   (6)
//
// with f stored as a kernel expansion (7) on an LRU buffer of the ω most
// recent terms (§2 "Truncation", eq. 11; JMLR §5.5). The loss c and the
// margin updates are given by the [Rule]. With several classes f has one
// coefficient per label and term and the loss is the multiclass hinge of
// JMLR eq. (16).
//
// One step costs one kernel row against the stored terms, O(ω·(d + K)) or
// O(ω·(nnz(x) + K)) for a sparse x (kernelplay/core/expansion's Prepare),
// and allocates nothing. NORMA implements [Learner] and [KernelModel]; it is
// not safe for concurrent use (Scores uses scratch space).
type NORMA struct {
	normaParams
	dim int
	exp *expansion.Expansion

	// Working state.
	t        int       // examples learnt
	b        []float64 // offsets, K
	margin   float64   // ρ, ε or σ in force
	norm2    float64   // ‖f‖², maintained by eq. (49) and the eviction correction
	diverged bool
	last     NORMAUpdate // the inspection record of the last step

	// Scratch, K each.
	f, g, xi, alpha, evAlpha []float64
	row, alphaPred           []float64 // cap ω: LastUpdate's Row, AlphaPred
}

// normaParams are the settings of a NORMA with the defaults applied.
type normaParams struct {
	cfg     NORMAConfig // with defaults applied
	rule    Rule
	task    Task
	k       int // scores per example (K)
	lambda  float64
	nu      float64
	margin0 float64 // initial margin (ρ, ε or σ)
	sched   Schedule
}

// NewNORMA returns a NORMA learner for inputs of dimension dim with the
// settings cfg. It returns an error for any invalid setting a user could
// choose: an unknown rule, a kernel failing kernel.Validate (nil included), Classes = 1 or above 4096 or with a rule that
// has one score, negative or non-finite Lambda, Nu, Margin0, Epsilon or HuberSigma,
// ν outside (0, 1] for a ν rule, HuberSigma = 0 for a Huber rule, a nil or
// invalid schedule or η_1·λ > 1, a BufferSize below 1, Offset with RuleNovelty, dim < 1, or storage
// ω·(2d + 2K + 11) above [MaxFloats].
func NewNORMA(cfg NORMAConfig, dim int) (*NORMA, error) {
	p, err := normaResolve(cfg, dim)
	if err != nil {
		return nil, err
	}
	k := p.k
	n := &NORMA{
		normaParams: p, dim: dim,
		exp:       expansion.New(p.cfg.Kernel, dim, k, p.cfg.BufferSize, nil, false),
		b:         make([]float64, k),
		f:         make([]float64, k),
		g:         make([]float64, k),
		xi:        make([]float64, k),
		alpha:     make([]float64, k),
		evAlpha:   make([]float64, k),
		row:       make([]float64, 0, p.cfg.BufferSize),
		alphaPred: make([]float64, 0, p.cfg.BufferSize),
	}
	n.Reset()
	return n, nil
}

// normaResolve validates cfg for inputs of dimension dim and applies the
// defaults.
func normaResolve(cfg NORMAConfig, dim int) (normaParams, error) {
	var p normaParams
	if cfg.Rule < 0 || cfg.Rule >= numRules {
		return p, fmt.Errorf("learn: NORMA: unknown rule %d", int(cfg.Rule))
	}
	if dim < 1 {
		return p, fmt.Errorf("learn: NORMA: input dimension %d, want ≥ 1", dim)
	}
	if err := checkKernel("NORMA", cfg.Kernel); err != nil {
		return p, err
	}
	r := cfg.Rule
	classification := r == RuleSoftMargin || r == RuleNuClassification || r == RuleHinge
	switch {
	case cfg.Classes < 0 || cfg.Classes == 1 || cfg.Classes > MaxClasses:
		return p, fmt.Errorf("learn: NORMA: Classes = %d, want 0 (binary) or 2…%d", cfg.Classes, MaxClasses)
	case cfg.Classes >= 2 && !classification:
		return p, fmt.Errorf("learn: NORMA: Classes = %d with the %v rule, which has a single score", cfg.Classes, r)
	}
	p.k = max(1, cfg.Classes)
	p.rule, p.task = r, r.Task(cfg.Classes)
	if cfg.Offset && r == RuleNovelty {
		return p, fmt.Errorf("learn: NORMA: the novelty rule (16) has no offset")
	}
	steps := []func(*NORMAConfig) error{p.setLambda, p.setMargin, p.setSchedule}
	for _, step := range steps {
		if err := step(&cfg); err != nil {
			return p, err
		}
	}
	omega := cfg.BufferSize
	if omega < 1 {
		return p, fmt.Errorf("learn: NORMA: BufferSize = %d, want ≥ 1", cfg.BufferSize)
	}
	need := float64(omega) * float64(2*dim+2*p.k+11)
	if err := checkStorage("NORMA", need, fmt.Sprintf("BufferSize %d with dimension %d and %d labels, ω·(2d + 2K + 11),", omega, dim, p.k)); err != nil {
		return p, err
	}
	p.cfg = cfg
	return p, nil
}

// setLambda checks λ.
func (p *normaParams) setLambda(cfg *NORMAConfig) error {
	if bad(cfg.Lambda) {
		return fmt.Errorf("learn: NORMA: Lambda = %v, want finite and ≥ 0", cfg.Lambda)
	}
	p.lambda = cfg.Lambda
	return nil
}

// setMargin checks ν and the margin of the rule (ρ, ε or σ).
func (p *normaParams) setMargin(cfg *NORMAConfig) error {
	r := p.rule
	if r.adaptive() {
		if nu := cfg.Nu; math.IsNaN(nu) || nu <= 0 || nu > 1 {
			return fmt.Errorf("learn: NORMA: Nu = %v, want 0 < ν ≤ 1", cfg.Nu)
		}
		p.nu = cfg.Nu
	}
	switch {
	case cfg.MarginRule != MarginAdditive && cfg.MarginRule != MarginLogSpace:
		return fmt.Errorf("learn: NORMA: unknown MarginRule %d", int(cfg.MarginRule))
	case cfg.MarginRule == MarginLogSpace && !r.adaptive():
		return fmt.Errorf("learn: NORMA: the log-space margin rule is for the ν rules, not %v", r)
	case cfg.MarginRule == MarginLogSpace && (bad(cfg.EtaMargin) || cfg.EtaMargin == 0):
		return fmt.Errorf("learn: NORMA: EtaMargin = %v, want finite and > 0 for the log-space margin rule", cfg.EtaMargin)
	case bad(cfg.MarginDecayTau):
		return fmt.Errorf("learn: NORMA: MarginDecayTau = %v, want finite and ≥ 0", cfg.MarginDecayTau)
	}
	switch r {
	case RuleSoftMargin, RuleNuClassification, RuleNovelty:
		if bad(cfg.Margin0) {
			return fmt.Errorf("learn: NORMA: Margin0 = %v, want finite and ≥ 0", cfg.Margin0)
		}
		p.margin0 = cfg.Margin0
	case RuleNuEpsilonInsensitive:
		if bad(cfg.Epsilon) {
			return fmt.Errorf("learn: NORMA: Epsilon = %v, want finite and ≥ 0", cfg.Epsilon)
		}
		p.margin0 = cfg.Epsilon
	case RuleHuber, RuleAdaptiveHuber:
		if bad(cfg.HuberSigma) || cfg.HuberSigma == 0 {
			return fmt.Errorf("learn: NORMA: HuberSigma = %v, want finite and > 0", cfg.HuberSigma)
		}
		p.margin0 = cfg.HuberSigma
	}
	if cfg.MarginRule == MarginLogSpace && !(p.margin0 > 0) {
		return fmt.Errorf("learn: NORMA: initial margin %v, want > 0 for the log-space margin rule (log m must exist)", p.margin0)
	}
	return nil
}

// setSchedule checks the schedule and η_1·λ ≤ 1. λ must be set.
func (p *normaParams) setSchedule(cfg *NORMAConfig) error {
	sched := cfg.Schedule
	if sched == nil {
		return fmt.Errorf("learn: NORMA: no Schedule (DefaultNORMAConfig has JMLR's Sqrt schedule)")
	}
	if s, ok := sched.(InvSqrtT); ok && s.Lambda == 0 {
		if p.lambda == 0 {
			return fmt.Errorf("learn: NORMA: the 1/(3λ√t) schedule needs λ > 0")
		}
		sched = InvSqrtT{Lambda: p.lambda}
	}
	if err := validateSchedule(sched); err != nil {
		return fmt.Errorf("learn: NORMA: %w", err)
	}
	if e1 := sched.Eta(1); e1*p.lambda > 1 {
		return fmt.Errorf("learn: NORMA: η_1·λ = %v·%v > 1: (1 − λη) would flip the sign of f", e1, p.lambda)
	}
	cfg.Schedule = sched
	p.sched = sched
	return nil
}

// bad reports a negative or non-finite setting.
func bad(v float64) bool { return math.IsNaN(v) || math.IsInf(v, 0) || v < 0 }

// etaMargin returns the margin's step size η_m of step n.t under
// MarginLogSpace: EtaMargin, shrunk by √(τ/(τ + t − 1)) when MarginDecayTau
// = τ > 0 (see [NORMAConfig.MarginDecayTau]).
func (n *NORMA) etaMargin() float64 {
	tau := n.cfg.MarginDecayTau
	if tau == 0 {
		return n.cfg.EtaMargin
	}
	return n.cfg.EtaMargin * math.Sqrt(tau/(tau+float64(n.t-1)))
}

// Config returns the settings in force (the Schedule is the one used: an
// InvSqrtT with the learner's λ filled in).
func (n *NORMA) Config() NORMAConfig { return n.cfg }

// Task returns Binary, Multiclass, Novelty or Regression, from the rule and
// Classes.
func (n *NORMA) Task() Task { return n.task }

// NumScores returns K for multiclass, 1 otherwise.
func (n *NORMA) NumScores() int { return n.k }

// Expansion returns the kernel expansion f (no offsets), for read-only use by
// views: do not modify it.
func (n *NORMA) Expansion() *expansion.Expansion { return n.exp }

// Offsets returns the offsets (length NumScores()), aliased: read only,
// valid until the next Learn or Reset. They are b (zeros without Offset),
// and for novelty detection −ρ, so that every score is f(x, y) +
// Offsets()[y] ([KernelModel]).
func (n *NORMA) Offsets() []float64 { return n.b }

// Margin returns the margin in force: ρ (soft margin, ν-classification,
// novelty), ε (ν-ε-insensitive), σ (Huber rules), or 0 (hinge, squared).
func (n *NORMA) Margin() float64 { return n.margin }

// Steps returns the number of examples learnt since the last Reset.
func (n *NORMA) Steps() int { return n.t }

// SquaredNorm returns ‖f‖² of the stored (truncated) expansion, maintained
// incrementally: eq. (49) of the JMLR paper with c = λ for each step, plus
// the exact change when the LRU buffer drops a term (“Truncation”, package documentation).
func (n *NORMA) SquaredNorm() float64 { return n.norm2 }

// Reset forgets every example: f = 0, b = 0, the margin back to its initial
// value, the step counter to 0. Settings and memory are kept.
func (n *NORMA) Reset() {
	n.exp.Reset()
	n.t = 0
	clear(n.b)
	n.margin = n.margin0
	if n.task == Novelty {
		n.b[0] = -n.margin
	}
	n.norm2 = 0
	n.diverged = false
	n.last = NORMAUpdate{}
}

// Scores writes into dst (length NumScores()) the scores of x (length dim):
// g(x) = f(x) + b for classification and regression (one per label for
// multiclass), and f(x) − ρ for novelty (novel when negative). It does not
// change the learner. It panics if a length is wrong.
func (n *NORMA) Scores(dst, x []float64) []float64 {
	if len(dst) != n.k {
		panic(fmt.Sprintf("learn: NORMA.Scores: len(dst) = %d, want %d", len(dst), n.k))
	}
	if len(x) != n.dim {
		panic(fmt.Sprintf("learn: NORMA.Scores: len(x) = %d, want %d", len(x), n.dim))
	}
	n.exp.Scores(dst, x)
	for y, b := range n.b {
		dst[y] += b
	}
	return dst
}

// checkLabel panics on a label outside the task's range.
func (n *NORMA) checkLabel(y float64) {
	switch n.task {
	case Binary:
		if y != 1 && y != -1 {
			panic(fmt.Sprintf("learn: NORMA.Learn: binary label %v, want ±1", y))
		}
	case Multiclass:
		if !(y >= 0 && y < float64(n.k) && y == math.Trunc(y)) {
			panic(fmt.Sprintf("learn: NORMA.Learn: class %v, want an integer in [0, %d)", y, n.k))
		}
	case Regression:
		if math.IsNaN(y) || math.IsInf(y, 0) {
			panic(fmt.Sprintf("learn: NORMA.Learn: target %v is not finite", y))
		}
	}
}

// Learn predicts (x, y), then performs one NORMA step of its rule (see
// [Rule]): the prediction and loss use g(x_t) before the update; the
// coefficients shrink by (1 − λη_t) (eq. 10), a new term α_t = −η_t·c' enters
// on a margin error (eq. 9), evicting the oldest when ω terms are stored, the
// offsets and the ν-margin move. x has length dim and is copied when stored;
// y follows [Task] (ignored for novelty). It panics on a wrong length or a
// label outside the task's range (a non-finite regression target included).
//
// Step.Prediction is sign(g) for binary (+1 at g = 0), the arg max of the
// scores for multiclass (the lowest index on ties; a tie is a Mistake, see
// [Step.Mistake]), f(x_t) for novelty
// (flagged, Mistake, when f < ρ) and g(x_t) for regression (Mistake when
// |y − g| exceeds the tube ε of RuleNuEpsilonInsensitive, or 0 for the other
// rules). Step.Margin is [NORMA.Margin] after the update.
//
// If a score, the offsets or the margin become non-finite (a too large step
// size in regression can do that), Learn reports Diverged, stops learning,
// and returns Diverged steps until Reset.
func (n *NORMA) Learn(x []float64, y float64) Step {
	if len(x) != n.dim {
		panic(fmt.Sprintf("learn: NORMA.Learn: len(x) = %d, want %d", len(x), n.dim))
	}
	n.checkLabel(y)
	if n.diverged {
		return Step{Diverged: true, Margin: n.margin, BufferSize: n.exp.Len()}
	}
	n.t++
	eta := n.sched.Eta(n.t)

	// Prediction f_t(x_t) from one kernel row (JMLR Algorithm 2, 2(a)ii).
	n.exp.Prepare(x)
	n.exp.F(n.f)
	for j := range n.g {
		n.g[j] = n.f[j] + n.b[j]
	}
	var st Step
	st.Eta = eta
	switch n.task {
	case Binary:
		st.Prediction, st.Mistake = binaryPrediction(n.g[0], y)
	case Multiclass:
		best, mistake := multiclassPrediction(n.g, int(y))
		st.Prediction, st.Mistake = float64(best), mistake
	case Novelty:
		st.Prediction = n.f[0]
		st.Mistake = n.f[0] < n.margin
	case Regression:
		st.Prediction = n.g[0]
		tube := 0.0
		if n.rule == RuleNuEpsilonInsensitive {
			tube = n.margin
		}
		st.Mistake = math.Abs(y-n.g[0]) > tube
	}
	if !finite(n.g) {
		return n.diverge(st)
	}

	gl := n.g
	if n.task == Novelty {
		gl = n.f // the novelty loss (16) compares f with ρ
	}
	loss, dm, marginErr := ruleGrad(n.rule, n.xi, gl, y, n.margin, n.nu)
	st.Loss = loss
	st.MarginError = marginErr

	// f ← s·f − η·ξ·k(x_t, ·) with s = 1 − λη (eqs. 6, 9, 10), and ‖f‖² by
	// JMLR eq. (49): ‖f'‖² = s²‖f‖² − 2sη ξᵀf(x_t) + η² k(x_t, x_t) ξᵀξ.
	s := 1 - n.lambda*eta
	if s < 0 {
		s = 0 // “Clamp” (package documentation): wipe f rather than flip its sign.
	}
	var xf, xx float64
	for j, v := range n.xi {
		xf += v * n.f[j]
		xx += v * v
		n.alpha[j] = -eta * v
	}
	n.norm2 = s*s*n.norm2 - 2*s*eta*xf + eta*eta*n.exp.SelfKernel()*xx
	n.recordStart(y, eta, loss, dm, marginErr, gl, s)
	n.exp.ScaleAlpha(s)
	var ev expansion.Evicted
	if marginErr {
		n.recordEvictee()
		ev = n.exp.Push(n.alpha, nil)
		n.norm2 += ev.NormF
	}
	if n.cfg.Offset {
		for j, v := range n.xi {
			n.b[j] -= eta * v
		}
	}
	if n.rule.adaptive() {
		if n.cfg.MarginRule == MarginLogSpace {
			n.margin *= math.Exp(-n.etaMargin() * n.margin * dm) // JMLR (55)–(56)
		} else {
			n.margin = math.Max(0, n.margin-eta*dm)
		}
		if n.task == Novelty {
			n.b[0] = -n.margin
		}
	}
	n.recordEnd(stored{ev.Stored, ev.Evicted})
	st.Margin = n.margin
	st.BufferSize = n.exp.Len()
	if !finite(n.b) || math.IsNaN(n.margin) || math.IsInf(n.margin, 0) || math.IsNaN(n.norm2) || math.IsInf(n.norm2, 0) {
		return n.diverge(st)
	}
	return st
}

func (n *NORMA) diverge(st Step) Step {
	n.diverged = true
	n.last.Diverged = true
	st.Diverged = true
	st.Margin = n.margin
	st.BufferSize = n.exp.Len()
	return st
}

// finite reports whether every element of v is neither NaN nor ±Inf; the
// learners' divergence checks use it.
func finite(v []float64) bool {
	for _, x := range v {
		if !svmdFinite(x) {
			return false
		}
	}
	return true
}

var (
	_ Learner     = (*NORMA)(nil)
	_ KernelModel = (*NORMA)(nil)
)
