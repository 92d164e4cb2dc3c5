package learn

import (
	"errors"
	"fmt"
	"math"

	"kernelplay/core/expansion"
	"kernelplay/core/kernel"
	"kernelplay/core/loss"
)

// SVMDLoss selects the loss of SVMD, one of JMLR Table 1.
type SVMDLoss int

const (
	// SVMDHinge is binary classification with the hinge loss
	// max(0, ε − y(f(x) + b)), JMLR eq. (14) with margin ε (1 unless the
	// ν-trick adapts it). Labels ±1. The zero value.
	SVMDHinge SVMDLoss = iota
	// SVMDNovelty is novelty detection, max(0, ε − f(x)), eq. (23); the
	// label is ignored. No offsets.
	SVMDNovelty
	// SVMDMulticlass is the Crammer–Singer multiclass hinge loss
	// max(0, ε + max_{ỹ≠y} f(x, ỹ) − f(x, y)), eq. (16). Labels 0 … K−1.
	SVMDMulticlass
	// SVMDGraph is the graph-structured loss of eq. (25) with the label
	// distances Δ of [SVMDConfig.LabelDistance]. Labels 0 … K−1.
	SVMDGraph
	// SVMDLogistic is binary logistic regression log(1 + e^{−y f(x)}),
	// eq. (18); its Hessian enters the trace update through χ, eq. (43).
	// Labels ±1. No ν-trick.
	SVMDLogistic
	// SVMDMultiLogistic is multiclass logistic regression, eq. (20); its
	// Hessian enters through χ, eq. (44). Labels 0 … K−1. No ν-trick.
	SVMDMultiLogistic
)

// String returns the loss's name.
func (l SVMDLoss) String() string {
	switch l {
	case SVMDHinge:
		return "hinge"
	case SVMDNovelty:
		return "novelty"
	case SVMDMulticlass:
		return "multiclass"
	case SVMDGraph:
		return "graph"
	case SVMDLogistic:
		return "logistic"
	case SVMDMultiLogistic:
		return "multiclass logistic"
	}
	return "unknown"
}

// multi reports whether the loss has K scores.
func (l SVMDLoss) multi() bool {
	return l == SVMDMulticlass || l == SVMDGraph || l == SVMDMultiLogistic
}

// marginLoss reports whether the loss has a margin ε (hinge family).
func (l SVMDLoss) marginLoss() bool { return l != SVMDLogistic && l != SVMDMultiLogistic }

// Paper defaults of SVMDConfig (JMLR §6 unless stated).
const (
	// svmdBufferSize is ω of JMLR §6.1: "we only store the last 512 support
	// vectors in a circular buffer".
	svmdBufferSize = 512
	// svmdClasses is the 10-way classification of JMLR §6.1.2–6.3.
	svmdClasses = 10
	// svmdUSPSTrain is n, the number of USPS training digits, in
	// c = 1/(500n) of JMLR §6.1.2.
	svmdUSPSTrain = 7291
)

// SVMDConfig holds the settings of [SVMD]. The zero value of a field means
// zero (c = 0, μ = 0 and decay λ = 0 are ordinary settings);
// [DefaultSVMDConfig] gives the settings of the experiments of JMLR §6
// (Vishwanathan, Schraudolph, Smola 2006), documented field by field there.
type SVMDConfig struct {
	// Kernel is the input kernel k(x, x'); nil means the Gaussian of width
	// σ = 1 (kernel.Gaussian{}); kernels failing kernel.Validate are an
	// error.
	Kernel kernel.Kernel
	// LabelKernel is the K×K label kernel K_Y, row-major, symmetric with a
	// finite, non-negative diagonal, giving k((x, y), (x', y')) =
	// k(x, x')·K_Y[y, y'] (JMLR eq. 63). Nil means the delta kernel of eq.
	// (61). For the binary losses and novelty K = 1. Retained, not copied.
	LabelKernel []float64
	// Loss is the loss of JMLR Table 1; the zero value is SVMDHinge.
	Loss SVMDLoss
	// Classes is K, the number of labels of the multiclass losses
	// (SVMDMulticlass, SVMDGraph, SVMDMultiLogistic), 2 … [MaxClasses].
	// Ignored by the binary losses and novelty.
	Classes int
	// LabelDistance is the K×K matrix of label distances Δ(y, ỹ) of SVMDGraph
	// (eq. 25), row-major, finite and non-negative (e.g. from
	// kernel.Taxonomy.Distance or kernel.GraphDistance). Nil means Δ = 1 off
	// the diagonal, which reduces eq. (25) to the multiclass loss (16). The
	// margin scales the distances, margins ε·Δ(y, ỹ) (loss.Graph), so under
	// the ν-trick a violation counts m_t = ∂l/∂ε = Δ(y_t, ỹ*) rather than 1
	// in eqs. (56)–(58). Only for SVMDGraph; elsewhere non-nil is an error.
	LabelDistance []float64
	// Lambda is the regularizer c ≥ 0 of J = l + (c/2)‖f‖² (JMLR eq. 12);
	// c = 0 means no shrinking (only the LRU buffer forgets).
	//
	// The step size is clamped to η_t ≤ 1/c (see "Where the papers are
	// ambiguous or wrong" in the package documentation): SMD alone can push
	// η above 1/c, where the factor 1 − η_t c of eq. (28) turns negative and
	// flips the sign of every old coefficient; at the clamp the factor is
	// exactly 0 and the old expansion is dropped, which is the limit of the
	// paper's shrinking (§5.5 assumes 1 − η_t c < 1). SMD keeps adapting
	// from the clamped value; [SVMDDiagnostics.Clamped] reports it.
	Lambda float64
	// Eta0 is the initial step size η_0 > 0 (dimensionless).
	Eta0 float64
	// Mu is the meta step size μ ≥ 0 of eq. (33); μ = 0 keeps η = η_0.
	Mu float64
	// Decay is SMD's trace decay λ ∈ [0, 1] of eq. (34) (the conference
	// paper's ρ; not the regularizer). λ = 0 is the single-step variant of
	// §6 ("obtained by setting λ = 0"), whose η follows immediate effects
	// only; λ = 1 never forgets the trace (see “η after a change of the
	// data” in the package documentation).
	Decay float64
	// Nu is ν ∈ [0, 1) of the ν-trick (§5.4.2): the margin ε is adapted in
	// log space, eqs. (53)–(58), so that a fraction ν of the examples
	// violate it. Zero means a fixed margin, Margin0. Not with the logistic
	// losses.
	Nu float64
	// Margin0 is the initial (with ν, then > 0) or fixed (without, ≥ 0)
	// margin ε of the hinge-family losses.
	Margin0 float64
	// EtaMargin0 is the margin's initial step size η_{ε,0}, > 0 with ν, of
	// eq. (56); μ_ε and λ_ε follow Mu and Decay (§6).
	EtaMargin0 float64
	// BufferSize is ω ≥ 1, the number of most recent non-zero terms kept in
	// the LRU circular buffer (§5.5).
	BufferSize int
	// Offset adds an offset b_y per score, learnt by eq. (50) with its own
	// SMD step sizes η_b, eqs. (51)–(52). Not for novelty (ε is its offset).
	Offset bool
	// EtaOffset0 is η_{b,0} ≥ 0 (used with Offset).
	EtaOffset0 float64
	// MuOffset is μ_b ≥ 0 of eq. (51); λ_b = λ (Decay). The offset trace
	// follows (52) as printed, v_b ← λv_b − η_b ξ, without a Hessian term:
	// exact for the piecewise linear losses (∂²l/∂b² = 0), an approximation
	// of SMD's (7) for the logistic losses.
	MuOffset float64
}

// DefaultSVMDConfig returns the settings of JMLR §6 for the loss l with
// ν-trick parameter nu (0: a fixed margin):
//
//   - Kernel: kernel.Gaussian{} (σ = 1; the paper's σ = 8 of §6.1 was
//     cross-validated for 16×16 USPS digits and is data-specific).
//   - Classes: 10 for the multiclass losses (the digits of §6.1.2–6.3).
//   - Lambda: c = 1 with the ν-trick or for novelty (§5.4.2: "the
//     regularization parameter is fixed at c = 1"), otherwise c = 1/(500n)
//     with n = 7291, the USPS training set (§6.1.2), about 2.74·10⁻⁷.
//   - Eta0: 1 (§6.1.1, §6.2.1), 0.1 for the multiclass losses without ν
//     (§6.1.2).
//   - Mu: 1 with ν or for novelty (§6.1.1, §6.2.1, §6.2.2), 0.1 otherwise
//     (§6.1.2 and the conference paper's experiment).
//   - Decay: 0.95 with ν (§6.1.1, §6.2.1), 1 for novelty (§6.2.2), 0.99 for
//     the other losses without ν (§6.1.2's soft-margin setting; the
//     conference paper's binary experiment used ρ = 1, which never forgets
//     the trace: see “η after a change of the data” in the package
//     documentation).
//   - Nu: nu. Margin0: 1 (JMLR Table 1). EtaMargin0: 1 (§6: "we always set
//     η_{ε,0} = 1, μ_ε = μ, and λ_ε = λ").
//   - BufferSize: 512 (§6.1: "we only store the last 512 support vectors").
//   - Offset: false (§6: "We do not use offsets here"); EtaOffset0 = Eta0
//     and MuOffset = Mu, by analogy with §6's rule for ε.
func DefaultSVMDConfig(l SVMDLoss, nu float64) SVMDConfig {
	hasNu := nu > 0
	c := SVMDConfig{
		Kernel: kernel.Gaussian{}, Loss: l, Nu: nu,
		Lambda: 1.0 / (500 * svmdUSPSTrain), Eta0: 1, Mu: 0.1, Decay: 0.99,
		Margin0: 1, EtaMargin0: 1, BufferSize: svmdBufferSize,
	}
	if l.multi() {
		c.Classes = svmdClasses
		if !hasNu {
			c.Eta0 = 0.1
		}
	}
	switch {
	case hasNu:
		c.Lambda, c.Mu, c.Decay = 1, 1, 0.95
	case l == SVMDNovelty:
		c.Lambda, c.Mu, c.Decay = 1, 1, 1
	}
	c.EtaOffset0, c.MuOffset = c.Eta0, c.Mu
	return c
}

// SVMD is online SVM with step sizes adapted by stochastic meta-descent in
// the RKHS: JMLR Algorithm 2 ("Online [ν]-SVMD", Vishwanathan, Schraudolph,
// Smola 2006) in full, with the LRU buffer of §5.5. Per step it costs one
// kernel row (O(ω·d), or O(ω·nnz(x_t)) for a sparse x_t: the stored inputs'
// columns where x_t is non-zero, kernel.Columns) plus O(ω·K) for the
// truncation bookkeeping; f(x_t),
// v(x_t), v_{t+1}(x_t) and every inner product of eqs. (45)–(49) come from
// that one row (“Cost”, package documentation).
//
// SVMD implements [Learner] and [KernelModel]. It is deterministic (no
// randomness) and does not allocate in Learn. Create it with [NewSVMD].
type SVMD struct {
	cfg SVMDConfig // as given
	svmdParams
	dim int
	exp *expansion.Expansion

	// Working state.
	eta      float64   // η (the value used at the last step)
	pi       float64   // π = ⟨f, v⟩ (truncation-corrected)
	normF    float64   // ‖f‖²
	b        []float64 // offsets
	etaB     []float64 // η_b
	vB       []float64 // v_b
	eps      float64   // margin ε
	etaEps   float64   // η_ε
	vEps     float64   // v_ε
	gv       float64   // ⟨g_t, v_t⟩ of the last step
	clamped  bool
	diverged bool
	steps    int
	last     SVMDUpdate // the inspection record of the last step

	// Scratch (no allocation per step).
	fx, u, xi, vx, chi, hess, alphaNew, betaNew, offsets, evAlpha []float64
	row, alphaPred                                                []float64 // cap ω: LastUpdate's Row, AlphaPred
}

// svmdParams are the settings of an SVMD with the defaults applied.
type svmdParams struct {
	lossKind  SVMDLoss
	task      Task
	k         int // scores (coefficients per term), K
	kern      kernel.Kernel
	omega     int
	c         float64 // regularizer
	eta0, mu  float64
	decay     float64 // λ (= λ_b = λ_ε)
	nu        float64
	margin0   float64
	etaEps0   float64
	etaB0     float64
	muB       float64
	hasOffset bool
	loss      loss.Loss
	delta     []float64   // Δ of the graph loss (nil: 1 off the diagonal)
	curved    loss.Curved // nil for piecewise-linear losses
}

var (
	_ Learner     = (*SVMD)(nil)
	_ KernelModel = (*SVMD)(nil)
)

func svmdFinite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// NewSVMD returns an SVMD learner for inputs of dimension dim with the
// defaults of [SVMDConfig] applied. It returns an error for any invalid
// setting (negative or non-finite numbers, ν ∉ [0, 1), Decay > 1, a kernel
// failing kernel.Validate — a nil Kernel is the Gaussian of σ = 1 —, label kernel or Δ of the wrong shape, ν or
// offsets with a loss that has none, dim < 1, more than [MaxClasses]
// classes, or a buffer needing more than [MaxFloats] float64s,
// ω·(2d + 4K + 11), the feature-major copy of sparse inputs included).
func NewSVMD(cfg SVMDConfig, dim int) (*SVMD, error) {
	p, err := svmdResolve(cfg, dim)
	if err != nil {
		return nil, err
	}
	s := &SVMD{cfg: cfg, svmdParams: p, dim: dim}
	s.allocate()
	s.Reset()
	return s, nil
}

// svmdResolve validates cfg for inputs of dimension dim and applies the
// defaults.
func svmdResolve(cfg SVMDConfig, dim int) (svmdParams, error) {
	var p svmdParams
	if dim < 1 {
		return p, fmt.Errorf("learn: SVMD: input dimension %d below 1", dim)
	}
	if err := svmdCheckNumbers(cfg); err != nil {
		return p, err
	}
	p.lossKind = cfg.Loss
	if err := p.setLoss(cfg); err != nil {
		return p, err
	}
	p.kern = cfg.Kernel
	if p.kern == nil {
		p.kern = kernel.Gaussian{}
	}
	if err := checkKernel("SVMD", p.kern); err != nil {
		return p, err
	}
	if err := svmdCheckLabelKernel(cfg.LabelKernel, p.k); err != nil {
		return p, err
	}
	if err := p.setSettings(cfg); err != nil {
		return p, err
	}
	need := float64(p.omega) * float64(2*dim+4*p.k+11)
	if err := checkStorage("SVMD", need, fmt.Sprintf("BufferSize %d with dimension %d and %d labels, ω·(2d + 4K + 11),", p.omega, dim, p.k)); err != nil {
		return p, err
	}
	return p, nil
}

// svmdCheckNumbers checks the numeric settings of cfg for range.
func svmdCheckNumbers(cfg SVMDConfig) error {
	for _, p := range []struct {
		name string
		v    float64
	}{{"Lambda", cfg.Lambda}, {"Eta0", cfg.Eta0}, {"Mu", cfg.Mu}, {"Decay", cfg.Decay},
		{"Nu", cfg.Nu}, {"Margin0", cfg.Margin0}, {"EtaMargin0", cfg.EtaMargin0},
		{"EtaOffset0", cfg.EtaOffset0}, {"MuOffset", cfg.MuOffset}} {
		if !svmdFinite(p.v) || p.v < 0 {
			return fmt.Errorf("learn: SVMD: %s = %v must be a finite non-negative number", p.name, p.v)
		}
	}
	if cfg.Decay > 1 {
		return fmt.Errorf("learn: SVMD: Decay = %v must be at most 1", cfg.Decay)
	}
	if cfg.Nu >= 1 {
		return fmt.Errorf("learn: SVMD: Nu = %v must be below 1", cfg.Nu)
	}
	return nil
}

// setLoss sets the task, K and the loss of cfg.Loss, checking the settings
// that depend on it (ν, offsets, Classes, Δ).
func (p *svmdParams) setLoss(cfg SVMDConfig) error {
	l := cfg.Loss
	if l < SVMDHinge || l > SVMDMultiLogistic {
		return fmt.Errorf("learn: SVMD: unknown loss %d", int(l))
	}
	if cfg.Nu > 0 && !l.marginLoss() {
		return fmt.Errorf("learn: SVMD: the ν-trick needs a margin; the %v loss has none", l)
	}
	if cfg.Offset && l == SVMDNovelty {
		return errors.New("learn: SVMD: novelty detection has no offset (its margin ε plays that role)")
	}
	if cfg.LabelDistance != nil && l != SVMDGraph {
		return errors.New("learn: SVMD: LabelDistance is only for the graph loss")
	}
	p.k = 1
	switch {
	case l.multi():
		p.task = Multiclass
		p.k = cfg.Classes
		if p.k < 2 {
			return fmt.Errorf("learn: SVMD: Classes = %d must be at least 2", cfg.Classes)
		}
		if p.k > MaxClasses {
			return fmt.Errorf("learn: SVMD: Classes = %d is above the limit %d", p.k, MaxClasses)
		}
	case l == SVMDNovelty:
		p.task = Novelty
	default:
		p.task = Binary
	}
	switch l {
	case SVMDHinge:
		p.loss = loss.Hinge{}
	case SVMDNovelty:
		p.loss = loss.Novelty{}
	case SVMDMulticlass:
		p.loss = loss.Multiclass{}
	case SVMDGraph:
		if cfg.LabelDistance != nil && len(cfg.LabelDistance) != p.k*p.k {
			return fmt.Errorf("learn: SVMD: LabelDistance has %d entries, want K² = %d", len(cfg.LabelDistance), p.k*p.k)
		}
		g := loss.Graph{Distance: cfg.LabelDistance}
		if err := g.Validate(); err != nil {
			return fmt.Errorf("learn: SVMD: %w", err)
		}
		p.delta = cfg.LabelDistance
		p.loss = g
	case SVMDLogistic:
		p.loss = loss.Logistic{}
	case SVMDMultiLogistic:
		p.loss = loss.MultiLogistic{}
	}
	p.curved, _ = p.loss.(loss.Curved)
	return nil
}

// svmdCheckLabelKernel checks that ky is nil or a finite symmetric K×K
// matrix with a non-negative diagonal.
func svmdCheckLabelKernel(ky []float64, K int) error {
	if ky == nil {
		return nil
	}
	if len(ky) != K*K {
		return fmt.Errorf("learn: SVMD: LabelKernel has %d entries, want K² = %d", len(ky), K*K)
	}
	for i := range K {
		if !(ky[i*K+i] >= 0) {
			return fmt.Errorf("learn: SVMD: LabelKernel diagonal entry %d is %v", i, ky[i*K+i])
		}
		for j := range K {
			if v := ky[i*K+j]; !svmdFinite(v) || v != ky[j*K+i] {
				return fmt.Errorf("learn: SVMD: LabelKernel must be finite and symmetric (entry %d,%d)", i, j)
			}
		}
	}
	return nil
}

// setSettings copies the numeric settings of cfg and checks those that
// must be positive.
func (p *svmdParams) setSettings(cfg SVMDConfig) error {
	p.c, p.eta0, p.mu, p.decay, p.nu = cfg.Lambda, cfg.Eta0, cfg.Mu, cfg.Decay, cfg.Nu
	p.margin0, p.etaEps0 = cfg.Margin0, cfg.EtaMargin0
	p.hasOffset, p.etaB0, p.muB = cfg.Offset, cfg.EtaOffset0, cfg.MuOffset
	p.omega = cfg.BufferSize
	switch {
	case p.eta0 <= 0:
		return fmt.Errorf("learn: SVMD: Eta0 = %v must be positive", p.eta0)
	case p.omega < 1:
		return fmt.Errorf("learn: SVMD: BufferSize = %d must be at least 1", p.omega)
	case p.nu > 0 && p.margin0 <= 0:
		return fmt.Errorf("learn: SVMD: Margin0 = %v must be positive with the ν-trick (ε adapts in log space)", p.margin0)
	case p.nu > 0 && p.etaEps0 <= 0:
		return fmt.Errorf("learn: SVMD: EtaMargin0 = %v must be positive with the ν-trick", p.etaEps0)
	}
	return nil
}

// allocate creates the expansion and the per-score state and scratch.
func (s *SVMD) allocate() {
	K := s.k
	s.exp = expansion.New(s.kern, s.dim, K, s.omega, s.cfg.LabelKernel, true)
	s.fx = make([]float64, K)
	s.u = make([]float64, K)
	s.xi = make([]float64, K)
	s.vx = make([]float64, K)
	s.chi = make([]float64, K)
	s.hess = make([]float64, K*K)
	s.alphaNew = make([]float64, K)
	s.betaNew = make([]float64, K)
	s.b = make([]float64, K)
	s.etaB = make([]float64, K)
	s.vB = make([]float64, K)
	s.offsets = make([]float64, K)
	s.evAlpha = make([]float64, K)
	s.row, s.alphaPred = make([]float64, 0, s.omega), make([]float64, 0, s.omega)
}

// Reset returns SVMD to its state before the first example (f = v = 0,
// b = 0, η = η_0, ε = Margin0, η_b = η_{b,0}, η_ε = η_{ε,0}, traces 0),
// keeping its settings; it also clears a divergence.
func (s *SVMD) Reset() {
	s.exp.Reset()
	s.eta = s.eta0
	s.pi, s.normF, s.gv = 0, 0, 0
	clear(s.b)
	clear(s.vB)
	for y := range s.etaB {
		s.etaB[y] = s.etaB0
	}
	s.eps = s.margin0
	s.etaEps = s.etaEps0
	s.vEps = 0
	clear(s.xi)
	s.clamped, s.diverged = false, false
	s.steps = 0
	s.last = SVMDUpdate{}
}

// Task returns Binary (hinge, logistic), Multiclass (multiclass, graph,
// multiclass logistic) or Novelty.
func (s *SVMD) Task() Task { return s.task }

// Config returns the settings in force: those given to [NewSVMD] or the
// last [SVMD.Reconfigure], with Kernel the kernel in use (the Gaussian of
// σ = 1 for a nil one). What the hindsight comparator of a run it did not
// configure reads its objective from (core/regret.ObjectiveOfSVMD). Its
// slices (LabelKernel, LabelDistance) alias the learner's: read only.
func (s *SVMD) Config() SVMDConfig {
	c := s.cfg
	c.Kernel = s.kern
	return c
}

// NumScores returns K for the multiclass losses and 1 otherwise.
func (s *SVMD) NumScores() int { return s.k }

// Dim returns the input dimension d.
func (s *SVMD) Dim() int { return s.dim }

// Expansion returns the live kernel expansion f (with the trace v as its β);
// see [KernelModel].
func (s *SVMD) Expansion() *expansion.Expansion { return s.exp }

// Offsets returns the offsets b (length NumScores(); zeros without Offset),
// or {−ε} for novelty detection; see [KernelModel]. The slice aliases the
// learner's state: read it only, until the next Learn.
func (s *SVMD) Offsets() []float64 {
	if s.task == Novelty {
		s.offsets[0] = -s.eps
		return s.offsets
	}
	return s.b
}

// Scores writes f(x, ·) + b into dst (f(x) − ε for novelty, negative for a
// novel point) and returns dst. It panics if len(dst) ≠ NumScores() or
// len(x) ≠ the input dimension. Not safe for concurrent use (it shares a
// scratch row with the expansion).
func (s *SVMD) Scores(dst, x []float64) []float64 {
	if len(dst) != s.k {
		panic("learn: SVMD: Scores: len(dst) is not NumScores()")
	}
	if len(x) != s.dim {
		panic("learn: SVMD: Scores: len(x) is not the input dimension")
	}
	s.exp.Scores(dst, x)
	off := s.Offsets()
	for y := range dst {
		dst[y] += off[y]
	}
	return dst
}

// label checks y for the task and returns it as the loss expects it.
func (s *SVMD) label(y float64) float64 {
	switch s.task {
	case Binary:
		if y != 1 && y != -1 {
			panic(fmt.Sprintf("learn: SVMD: binary label %v is not ±1", y))
		}
	case Multiclass:
		if y != math.Trunc(y) || y < 0 || y >= float64(s.k) {
			panic(fmt.Sprintf("learn: SVMD: class label %v is not an integer in [0, %d)", y, s.k))
		}
	}
	return y
}

// Learn makes the prediction for (x, y), then performs one step of JMLR
// Algorithm 2 in its order (“Time index”, package documentation):
//
//	(a) f_t(x_t) from one kernel row; loss l(x_t, y_t, f_t + b_t) at margin ε_t
//	(b) ξ_t = ∂l/∂f; v_t(x_t) from the same row; ⟨g_t, v_t⟩ = cπ_t + ξ_tᵀv_t(x_t)   (45)
//	(c) η_t = η_{t−1}·max(½, 1 − μ⟨g_t, v_t⟩)                          (33)
//	    η_{b,t} = η_{b,t−1}·max(½, 1 − μ_b ξ_t·v_{b,t})                 (51)
//	    η_{ε,t} = η_{ε,t−1}·max(½, 1 + μ v_ε ε_t (ν − m_t))              (57)
//	    χ_t = ρ(x_t)·v_t(x_t) for the logistic losses                   (43)/(44)
//	    ε_{t+1} = ε_t·exp(η_{ε,t} ε_t (ν − m_t))                         (56)
//	    v_ε ← λv_ε + η_{ε,t} ε_t (ν − m_t)(1 + λv_ε)                      (58)
//	    v_b ← λv_b − η_{b,t} ξ_t                                          (52)
//	    β ← [(1 − η_t c)λβ; 0] − η_t(γ_t + λχ_t)                          (40)/(42)
//	(d) ⟨f_t, g_t⟩, ⟨f_t, v_{t+1}⟩, v_{t+1}(x_t), π_{t+1}, ‖f_{t+1}‖²       (48),(47),(39),(46),(49)
//	(e) α ← [(1 − η_t c)α; −η_t ξ_t]; b ← b − η_b ξ_t                     (32), (50)
//
// then drops the oldest term if the buffer was full and corrects π and ‖f‖²
// for it (“Truncation”, package documentation). Sign convention: JMLR (4), (33), (34)
// (“Sign of the trace”, package documentation). m_t = 1 on a margin violation (ξ_t ≠ 0), 0 otherwise,
// reading "ξ_t + ν" of (54)–(58) as ν − m_t for every loss (“ν-trick for every loss”, package
// documentation). Eq. (47) is printed for H = cI; for the logistic losses it gains the
// term −η_t λ χ_tᵀ f_t(x_t), from ⟨f_t, (H_t − cI)v_t⟩ = χ_tᵀ f_t(x_t).
//
// η_t is clamped to 1/c (see [SVMDConfig.Lambda]); Step.Eta is the clamped
// value. If a quantity becomes non-finite (divergence, or a non-finite x),
// Learn reports Step.Diverged and leaves the model unchanged from then on
// until Reset. Learn panics on a label outside the task's range or
// len(x) ≠ the input dimension.
func (s *SVMD) Learn(x []float64, y float64) Step {
	if len(x) != s.dim {
		panic("learn: SVMD: Learn: len(x) is not the input dimension")
	}
	y = s.label(y)
	if s.diverged {
		return Step{Eta: s.eta, Margin: s.eps, BufferSize: s.exp.Len(), Diverged: true}
	}
	e, K := s.exp, s.k
	c, lam := s.c, s.decay

	// (a) prediction and loss at u = f_t(x_t, ·) + b_t; m_t.
	e.Prepare(x)
	st, margin := s.predict(y)
	m, violated := s.violation(y)
	st.MarginError = violated

	// (b) v_t(x_t) and ⟨g_t, v_t⟩ (45).
	xiV := s.traceDot(violated)
	gv := c*s.pi + xiV

	// (c)i step sizes (33), (51), (57), adapted before use (Algorithm 2).
	eta, shrink, clamped := s.stepSize(gv)
	s.recordStart(y, st, margin, m, violated, xiV, gv, eta, shrink, clamped)
	// Check before touching the model: everything below is finite if these are.
	if !svmdFinite(st.Loss) || !svmdFinite(gv) || !svmdFinite(eta) || !finite(s.u) {
		return s.diverge(st)
	}
	gEps := s.adaptSideSteps(m)

	// (c)ii χ_t = ρ·v_t(x_t) (43)/(44), the Hessian taken at u = f + b.
	chiF := s.curvature(y)

	// (c)iii margin (56), (58); offset trace (52); β (40)/(42).
	s.updateSideTraces(gEps)
	mixA, mixB := shrink*lam, -eta*c // old rows: β ← (1 − ηc)λβ − ηcα
	for i := range K {
		s.alphaNew[i] = -eta * s.xi[i]
		s.betaNew[i] = -eta * (s.xi[i] + lam*s.chi[i])
	}

	// (d) incrementals.
	kk := e.SelfKernel()
	xiF := svmdDot(s.xi, s.fx)
	fg := c*s.normF + xiF                          // (48) ⟨f_t, g_t⟩
	fv1 := shrink*lam*s.pi - eta*fg - eta*lam*chiF // (47) ⟨f_t, v_{t+1}⟩ (+ χ term)
	xiV1 := mixA*xiV + mixB*xiF +                  // (39) ξ_tᵀ v_{t+1}(x_t): old rows,
		kk*e.LabelQuad(s.xi, s.betaNew) //                  plus the new row
	pi := shrink*fv1 - eta*xiV1                                                            // (46)
	normF := shrink*shrink*s.normF - 2*eta*shrink*xiF + eta*eta*kk*e.LabelQuad(s.xi, s.xi) // (49)

	// (e) update f (and the old rows of v), offsets; push the new term.
	e.MixBeta(mixA, mixB)
	e.ScaleAlpha(shrink)
	if s.hasOffset {
		for i := range K {
			s.b[i] -= s.etaB[i] * s.xi[i] // (50)
		}
	}
	s.recordEvictee()
	ev := e.Push(s.alphaNew, s.betaNew)
	s.recordEnd(stored{ev.Stored, ev.Evicted})
	pi += ev.Pi
	normF += ev.NormF

	s.eta, s.pi, s.normF, s.gv, s.clamped = eta, pi, normF, gv, clamped
	s.steps++
	st.Eta = eta
	st.Margin = margin
	if s.nu > 0 {
		st.Margin = s.eps
	}
	st.BufferSize = e.Len()
	if !s.stateFinite() {
		return s.diverge(st)
	}
	return st
}

// predict computes u = f_t(x_t, ·) + b_t at the prepared point, the loss
// (into ξ) at the margin in force, and the prediction; it returns the step
// so far and the margin.
func (s *SVMD) predict(y float64) (st Step, margin float64) {
	s.exp.F(s.fx)
	for i := range s.u {
		s.u[i] = s.fx[i] + s.b[i]
	}
	margin = s.margin0
	if s.nu > 0 {
		margin = s.eps
	}
	st.Loss = s.loss.Eval(s.xi, s.u, y, margin)
	if s.nu > 0 {
		st.Loss -= s.nu * s.eps // eq. (53)
	}
	switch s.task {
	case Binary:
		st.Prediction, st.Mistake = binaryPrediction(s.u[0], y)
	case Multiclass:
		best, mistake := multiclassPrediction(s.u, int(y))
		st.Prediction, st.Mistake = float64(best), mistake
	case Novelty:
		st.Prediction = s.fx[0]
		st.Mistake = s.fx[0]-margin < 0
	}
	return st, margin
}

// violation returns m_t = ∂l/∂ε on a violation, 0 otherwise (“ν-trick for
// every loss” reads "ξ_t + ν" of (54)–(58) as ν − m_t): 1 for the hinge,
// multiclass and novelty losses, Δ(y_t, ỹ*) for the graph loss, whose
// margins are ε·Δ; and whether the margin was violated (ξ_t ≠ 0).
func (s *SVMD) violation(y float64) (m float64, violated bool) {
	for i, v := range s.xi {
		if v != 0 {
			m, violated = 1, true
			if s.delta != nil && v > 0 {
				m = s.delta[int(y)*s.k+i]
			}
		}
	}
	return m, violated
}

// traceDot returns ξ_tᵀv_t(x_t) at the prepared point. The logistic losses
// need all of v_t(x_t) for χ (43)/(44), kept in vx; the hinge losses only
// ξ_tᵀv_t(x_t), which is 0 without a margin error and, for the delta label
// kernel, touches only the two labels of a multiclass ξ.
func (s *SVMD) traceDot(violated bool) float64 {
	switch {
	case s.curved != nil:
		s.exp.V(s.vx)
		return svmdDot(s.xi, s.vx)
	case violated:
		return s.exp.VDot(s.xi)
	}
	return 0
}

// stepSize adapts η by eq. (33) from ⟨g_t, v_t⟩ = gv and clamps it to 1/c
// (“Clamp” in the package documentation); it returns η_t, the shrinking
// factor 1 − η_t c (0 at the clamp) and whether the clamp acted.
func (s *SVMD) stepSize(gv float64) (eta, shrink float64, clamped bool) {
	c := s.c
	eta = s.eta * math.Max(0.5, 1-s.mu*gv)
	if c > 0 && eta*c >= 1 {
		eta, clamped = 1/c, true
	}
	shrink = 1 - eta*c
	if clamped || shrink < 0 {
		shrink = 0
	}
	return eta, shrink, clamped
}

// adaptSideSteps adapts the offsets' step sizes η_b (51) and the margin's
// η_ε (57); it returns ε_t(ν − m_t) = −∂J/∂log ε (54), 0 without ν.
func (s *SVMD) adaptSideSteps(m float64) (gEps float64) {
	if s.hasOffset {
		for i := range s.etaB {
			s.etaB[i] *= math.Max(0.5, 1-s.muB*s.xi[i]*s.vB[i])
		}
	}
	if s.nu > 0 {
		gEps = s.eps * (s.nu - m)
		s.etaEps *= math.Max(0.5, 1+s.mu*s.vEps*gEps)
	}
	return gEps
}

// curvature computes χ_t = ρ·v_t(x_t) (43)/(44) into chi for the curved
// losses (the Hessian taken at u = f + b) and returns χ_tᵀ f_t(x_t); 0 for
// the piecewise linear losses, whose χ stays 0.
func (s *SVMD) curvature(y float64) (chiF float64) {
	if s.curved == nil {
		return 0
	}
	K := s.k
	s.curved.Hessian(s.hess, s.u, y)
	for i := range K {
		s.chi[i] = svmdDot(s.hess[i*K:(i+1)*K], s.vx)
	}
	return svmdDot(s.chi, s.fx)
}

// updateSideTraces moves the margin (56) and its trace (58), and the
// offsets' trace (52).
func (s *SVMD) updateSideTraces(gEps float64) {
	lam := s.decay
	if s.nu > 0 {
		s.eps *= math.Exp(s.etaEps * gEps)
		s.vEps = lam*s.vEps + s.etaEps*gEps*(1+lam*s.vEps)
	}
	if s.hasOffset {
		for i := range s.vB {
			s.vB[i] = lam*s.vB[i] - s.etaB[i]*s.xi[i]
		}
	}
}

// stateFinite reports whether the kept quantities are all finite.
func (s *SVMD) stateFinite() bool {
	return svmdFinite(s.pi) && svmdFinite(s.normF) && svmdFinite(s.eps) && finite(s.b) && finite(s.etaB) && svmdFinite(s.etaEps)
}

func (s *SVMD) diverge(st Step) Step {
	s.diverged = true
	s.last.Diverged = true
	st.Diverged = true
	st.Eta = s.eta
	st.BufferSize = s.exp.Len()
	return st
}

func svmdDot(a, b []float64) float64 {
	var s float64
	for i, v := range a {
		s += v * b[i]
	}
	return s
}

// SVMDDiagnostics are SVMD's internal quantities after the last step, for
// tests and the UI. Slices alias the learner's state (read-only, valid until
// the next Learn or Reset).
type SVMDDiagnostics struct {
	// GV is ⟨g_t, v_t⟩ of the last step, eq. (45), from which η_t was adapted.
	GV float64
	// Pi is π = ⟨f, v⟩ of the current (truncated) f and v, eq. (46).
	Pi float64
	// NormF is ‖f‖² of the current (truncated) f, eq. (49).
	NormF float64
	// Eta is the step size η_t of the last step (η_0 before the first).
	Eta float64
	// Clamped reports that η_t hit the clamp 1/c at the last step.
	Clamped bool
	// Xi is ξ_t of the last step (length NumScores()).
	Xi []float64
	// EtaOffset is η_b per score (eq. 51); VOffset is v_b (eq. 52).
	EtaOffset, VOffset []float64
	// Margin is ε (eq. 56), EtaMargin η_ε (eq. 57), VMargin v_ε (eq. 58).
	Margin, EtaMargin, VMargin float64
	// Lambda, Mu and Decay are the c, μ and λ in force (defaults applied).
	Lambda, Mu, Decay float64
	// Steps counts the updates since Reset; Diverged reports divergence.
	Steps    int
	Diverged bool
}

// Diagnostics returns the internal quantities after the last step.
func (s *SVMD) Diagnostics() SVMDDiagnostics {
	margin := s.margin0
	if s.nu > 0 {
		margin = s.eps
	}
	return SVMDDiagnostics{
		GV: s.gv, Pi: s.pi, NormF: s.normF, Eta: s.eta, Clamped: s.clamped,
		Xi: s.xi, EtaOffset: s.etaB, VOffset: s.vB,
		Margin: margin, EtaMargin: s.etaEps, VMargin: s.vEps,
		Lambda: s.c, Mu: s.mu, Decay: s.decay,
		Steps: s.steps, Diverged: s.diverged,
	}
}
