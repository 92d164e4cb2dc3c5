package sim

import (
	"math"

	"kernelplay/core/drift"
	"kernelplay/core/kernel"
	"kernelplay/core/learn"
	"kernelplay/core/regret"
	"kernelplay/ui/state"
)

// RegretMaxEpochs is the page's cap on the epochs the hindsight comparator
// spends on one checkpoint (regret.Settings.MaxEpochs; the core's default
// is 200). Near the hard margin (the page's default λ ≈ 2.7·10⁻⁷) the
// duality gap does not reach the tolerance in any practical number of
// epochs; 50 keeps a checkpoint of 1,000 examples to about 50,000 units of
// work (a few dozen frames), and the point carries its gap, drawn as the
// band [R, R + gap]. Our choice, for the frame budget.
const RegretMaxEpochs = 50

// RegretMaxWaiting is the page's regret.Settings.MaxWaiting: how many
// examples beyond the exact prefix may wait for the frozen g* while the
// solver, a few milliseconds a frame, is behind the run (at most 2·2¹⁷·3
// float64s, 6 MB, for a 2D learner). With the core's default (1,000) a
// run playing faster than the solver made Add solve every pending
// checkpoint inside one step: a 1.7 s frame in the browser. 2¹⁷ alone
// only put that step later (step 132,073 of a link replayed to 150,000, or
// of the default demo at 1,000 steps per frame): the frame loop keeps the
// queue below half of it ([Sim.RegretLag]).
const RegretMaxWaiting = 1 << 17

// MulticlassNoRegret is what the page says where the regret chart would be
// on a multiclass run.
const MulticlassNoRegret = "regret: binary tasks only (JMLR eq. 16 would need K dual coefficients per example)"

// regretRun is the run's comparison with the best fixed predictor in
// hindsight (package core/regret): a Monitor fed every step with the
// learner's R_stoch[f_t, t] (NORMA eq. 3), ‖f_t‖² read before Learn.
type regretRun struct {
	mon    *regret.Monitor
	norm2  func() float64 // ‖f_t‖² of the learner, read before Learn
	lambda float64        // λ of R_stoch (SVMD's c)
	start  int            // the step after which the monitor's steps count (a setting change restarts it)
	why    string         // why there is no comparison, when mon is nil
	// mistakes[k] is the learner's mistakes in the comparison's first k
	// steps, for k up to the comparator's MaxExact (the prefixes whose
	// margins regret.PerceptronBound reads): at most 4,097 ints.
	mistakes []int
	// x2 is X² of NORMA Theorem 1 ([Theorem1X2]), 0 unless the learner is
	// NORMA as in Theorem 1 (state.ScheduleTheorem1), whose comparator is
	// then g*_B (regret.Objective.NormBound = B).
	x2 float64
	// theta, for the kernel perceptron, is the soft-margin comparator
	// whose direction θ = f*/‖f*‖ JMLR Theorem 1's bound is read with
	// (the perceptron's own objective, hinge at 0 with λ = 0, has g* = 0):
	// fed the comparison's first MaxExact examples only.
	theta *regret.Comparator
}

// PerceptronThetaLambda is λ of the soft-margin comparator (hinge at
// margin 1) giving the perceptron bound's direction θ. JMLR Theorem 1
// holds for every unit θ and γ > 0, so λ only sets how tight the bound
// reads; 10⁻⁴, as core/regret's TestPerceptronBound, is our choice.
const PerceptronThetaLambda = 1e-4

// PerceptronThetaTolerance and PerceptronThetaEpochs are the solver
// settings of θ's comparator (regret.Settings.Tolerance, MaxEpochs). The
// theorem holds for every unit θ, so θ need not be the optimum: a
// relative gap of 10⁻² within 10 epochs reads the same bound to three
// digits as the regret's settings (10⁻⁹, 50 epochs: 131.9 against 132 at
// m = 366, 183.4 against 183.5 at m = 1,000 on the default spirals) at a
// fraction of the work, so that θ's checkpoints keep up with the run
// (TestPerceptronBoundKeepsUp). Our choice, for the frame budget.
const (
	PerceptronThetaTolerance = 1e-2
	PerceptronThetaEpochs    = 10
)

// newRegret builds the comparison of learner l (built by [Learner] for
// cfg, task t, dimension dim) starting after step start, or says why there
// is none.
func newRegret(l learn.Learner, cfg state.Config, t learn.Task, dim, start int) regretRun {
	r := regretRun{start: start}
	if t == learn.Multiclass {
		r.why = MulticlassNoRegret
		return r
	}
	if t != learn.Binary {
		r.why = "regret: drawn for binary classification (the comparator of the " + t.String() + " task is not wired into the page)"
		return r
	}
	var obj regret.Objective
	var err error
	switch m := l.(type) {
	case *learn.NORMA:
		obj, err = regret.ObjectiveOf(m.Config())
		r.norm2, r.lambda = m.SquaredNorm, m.Config().Lambda
		if err == nil && theorem1(cfg) && obj.Loss == regret.Hinge {
			// Theorem 1 compares with the best g with ‖g‖ ≤ B only.
			obj.NormBound, r.x2 = cfg.NormBound, Theorem1X2(obj.Kernel, dim)
		}
	case *learn.SVMD:
		k, kerr := Kernel(cfg)
		if kerr != nil {
			r.why = "regret: " + kerr.Error()
			return r
		}
		c, cerr := svmdConfig(cfg, t, k)
		if cerr != nil {
			r.why = "regret: " + cerr.Error()
			return r
		}
		obj, err = regret.ObjectiveOfSVMD(c)
		r.norm2, r.lambda = func() float64 { return m.Diagnostics().NormF }, c.Lambda
	case *learn.KernelPegasos:
		obj = regret.ObjectiveOfKernelPegasos(m.Config())
		r.norm2, r.lambda = m.Norm2, m.Config().Lambda
	default:
		r.why = "regret: not computed for " + cfg.Learner + " (no fixed kernel objective to compare with)"
		return r
	}
	if err == nil {
		set := regret.Settings{MaxEpochs: RegretMaxEpochs, MaxWaiting: RegretMaxWaiting}
		r.mon, err = regret.NewMonitor(obj, set, dim, *drift.DefaultADWIN(), *drift.DefaultPageHinkley(), cfg.RegretRestart)
	}
	if err == nil && cfg.Learner == state.LearnerPerceptron {
		th := regret.Objective{Kernel: obj.Kernel, Loss: regret.Hinge, Margin: 1, Lambda: PerceptronThetaLambda}
		r.theta, err = regret.NewComparator(th, regret.Settings{MaxEpochs: PerceptronThetaEpochs, Tolerance: PerceptronThetaTolerance}, dim)
	}
	if err != nil {
		r.mon, r.norm2, r.theta, r.why = nil, nil, nil, err.Error()
	}
	return r
}

// Regret returns the run's monitor (the hindsight comparator and the
// change detectors; its steps count from [Sim.RegretStart]), or nil and
// why there is none ([MulticlassNoRegret], a ν rule, a linear learner).
// Read it between Steps; do not keep its slices.
func (s *Sim) Regret() (*regret.Monitor, string) { return s.reg.mon, s.reg.why }

// RegretStart is the step after which the monitor's steps count: 0, or
// the step of the last setting change that changed the learner's
// objective (λ, σ, the margin: a new comparator from there, since the
// hindsight problem before and after differ).
func (s *Sim) RegretStart() int { return s.reg.start }

// RegretStep gives the comparator about budget units of work
// (regret.Monitor.Step: one unit is a pass over the m numbers of a prefix
// of length m) and reports whether it is idle. The points do not depend on
// how the work is sliced. budget < 1 panics; without a monitor it does
// nothing and reports true.
//
// The kernel perceptron's run has a second comparator, θ's
// ([Sim.PerceptronBound]): the two share the budget, the regret's
// comparator about half first, then θ the other half, or the whole budget
// when the regret's is idle (the call then does at most about 1.5·budget
// units) — θ used to get work only once the regret's comparator was idle,
// so that the mistake bound's line lagged the run
// (TestPerceptronBoundKeepsUp; θ's solve is also cheaper:
// [PerceptronThetaTolerance]).
func (s *Sim) RegretStep(budget int) bool {
	if s.reg.mon == nil {
		return true
	}
	if s.reg.theta == nil {
		return s.reg.mon.Step(budget)
	}
	half := max(1, budget/2)
	idle := s.reg.mon.Step(half)
	rest := max(1, budget-half)
	if idle {
		rest = budget // nothing left for the regret's: θ may have it all
	}
	return s.reg.theta.Step(rest) && idle
}

// RegretLag reports whether the run's hindsight comparison has fallen
// behind the run (regret.Monitor.Behind: half of [RegretMaxWaiting]
// examples wait for its comparator, or the next step may restart it while
// the segment closed by the last restart is still solving), and how many
// steps the run can take before it may restart while a closed segment is
// still solving (regret.Monitor.Room). The frame loop gives a comparison
// that is behind the frame's learning time instead of more steps, and
// learns at most room steps before it looks again, so that no Step does
// the comparison's pending work at once (regret.Monitor.Forced). Without a
// comparison: false, math.MaxInt. θ's comparator (the perceptron's) is fed
// only the first MaxExact examples: it never waits.
func (s *Sim) RegretLag() (behind bool, room int) {
	if s.reg.mon == nil {
		return false, math.MaxInt
	}
	return s.reg.mon.Behind(), s.reg.mon.Room()
}

// Theorem1X2 is X² of NORMA Theorem 1's rate Λ = B/(X√m) on the page
// (state.ScheduleTheorem1). The rate is fixed before any example is seen,
// so X cannot be the stream's max k(x_t, x_t): it is the kernel's bound
// on the page's box [−1, 1]^d, where every generated and clicked 2D point
// lies (core/data clamps the generators; clicks are in the square). For
// the page's kernels k(x, x) depends on ‖x‖² only and does not decrease
// with it, so the corner (1, …, 1) attains it: 1 for the Gaussian and
// Laplacian, d for the linear, (a·d + c₀)^p for the polynomial. A stream
// beyond the box (an uploaded one) makes the theorem inapplicable, which
// the caption says (regret.NORMATheorem1 checks k(x_t, x_t) ≤ X²).
func Theorem1X2(k kernel.Kernel, dim int) float64 {
	d := float64(dim)
	return k.FromDot(d, d, d)
}

// theorem1 reports that cfg's learner is NORMA as in Theorem 1.
func theorem1(cfg state.Config) bool {
	return cfg.Learner == state.LearnerNORMA && cfg.Schedule == state.ScheduleTheorem1
}

// RegretBound is the bound on the cumulative risk that applies at the
// checkpoint p of the run, in the units of Σ R_stoch: for NORMA, Theorem
// 1, eq. (22), under its schedule (regret.NORMATheorem1 with the run's B,
// m and [Theorem1X2]; up to t = m; not when the comparison does not start
// with the run), else Theorem 2, eq. (23) (regret.NORMATheorem2 says why
// not, e.g. the JMLR schedule); for the other learners none, with the
// reason in Why.
func (s *Sim) RegretBound(p regret.Point) regret.Bound {
	perceptron := s.LearnerConfig().Learner == state.LearnerPerceptron
	if m, ok := s.learner.(*learn.NORMA); ok && !perceptron {
		if lc := s.LearnerConfig(); theorem1(lc) {
			if s.reg.start > 0 || s.reg.mon.Current().Start > 0 || len(s.reg.mon.Closed()) > 0 {
				return regret.Bound{Source: regret.Theorem1Source, Why: "not applicable: the comparison does not start with the run"}
			}
			return regret.NORMATheorem1(m.Config(), lc.NormBound, s.reg.x2, lc.RunLength, p)
		}
	}
	return riskBound(s.learner, perceptron, p)
}

// riskBound is the bound on learner l's cumulative risk at checkpoint p
// where no setting of the run decides it: for NORMA, Theorem 2, eq. (23)
// (regret.NORMATheorem2 says why not, e.g. the JMLR schedule), or none for
// the kernel perceptron (perceptron: its bound counts mistakes); for the
// other learners none, with the reason in Why. [Sim.RegretBound] and
// [Digits.RegretBound] read it.
func riskBound(l learn.Learner, perceptron bool, p regret.Point) regret.Bound {
	switch m := l.(type) {
	case *learn.NORMA:
		if perceptron {
			return regret.Bound{Source: "JMLR Theorem 1", Why: "no bound on the risk: the perceptron's bound counts mistakes"}
		}
		return regret.NORMATheorem2(m.Config(), p)
	case *learn.SVMD:
		return regret.Bound{Why: "no bound: SVMD's η adapts (no theorem)"}
	case *learn.KernelPegasos:
		return regret.Bound{Source: "Pegasos (lecture)", Why: "no bound on the risk: Pegasos bounds ‖g*‖ ≤ 1/√λ only"}
	}
	return regret.Bound{Why: "no bound"}
}

// observeRegret feeds the monitor step t's example and what Learn did,
// with ‖f_t‖² read before Learn (norm2).
func (s *Sim) observeRegret(x []float64, y float64, st learn.Step, norm2 float64) {
	s.reg.mon.Observe(x, y, st.Mistake, regret.OnlineRisk(st.Loss, s.reg.lambda, norm2))
	r := &s.reg
	if r.x2 > 0 && r.start == 0 && r.mon.T() == s.cfg.RunLength && r.mon.Current().Start == 0 {
		r.mon.Comparator().Mark() // Theorem 1's end of the run, t = m: a checkpoint there
	}
	if len(r.mistakes) == 0 {
		r.mistakes = append(r.mistakes, 0)
	}
	if n := len(r.mistakes); n <= r.mon.Comparator().Settings().MaxExact {
		m := r.mistakes[n-1]
		if st.Mistake {
			m++
		}
		r.mistakes = append(r.mistakes, m)
		if r.theta != nil {
			r.theta.Add(x, y, 0)
		}
	}
}

// PerceptronBound is JMLR Theorem 1's mistake bound ((R + D)/γ)² for the
// run's kernel perceptron at the last solved checkpoint m of its
// soft-margin comparator (regret.PerceptronBound over the margins of θ =
// f*/‖f*‖ there, R² = the point's X2; [PerceptronThetaLambda]), with the perceptron's mistakes in those m
// steps and γ. It does not apply (Why says which condition fails) to
// another learner, an offset or evicted terms (regret.PerceptronApplies),
// a comparison that does not start with the run (a setting changed, or a
// restart at a detection: the perceptron did not start from f = 0 there),
// or before the first solved checkpoint.
func (s *Sim) PerceptronBound() (b regret.Bound, gamma float64, mistakes, m int) {
	const src = "JMLR Theorem 1"
	n, ok := s.learner.(*learn.NORMA)
	switch {
	case !ok || s.LearnerConfig().Learner != state.LearnerPerceptron:
		return regret.Bound{Source: src, Why: "the bound is for the perceptron"}, 0, 0, 0
	case s.reg.mon == nil:
		return regret.Bound{Source: src, Why: s.reg.why}, 0, 0, 0
	case s.reg.start > 0 || s.reg.mon.Current().Start > 0 || len(s.reg.mon.Closed()) > 0:
		return regret.Bound{Source: src, Why: "the comparison does not start with the run"}, 0, 0, 0
	}
	if s.reg.theta == nil {
		return regret.Bound{Source: src, Why: "no soft-margin direction θ"}, 0, 0, 0
	}
	margins := s.reg.theta.Margins(nil)
	m = len(margins)
	if m == 0 || m >= len(s.reg.mistakes) {
		return regret.Bound{Source: src, Why: "no solved checkpoint yet"}, 0, 0, 0
	}
	mistakes = s.reg.mistakes[m]
	if why := regret.PerceptronApplies(n.Config(), mistakes); why != "" {
		return regret.Bound{Source: src, Why: why}, 0, mistakes, m
	}
	x2 := 0.0
	for _, p := range s.reg.theta.Points() {
		if p.M == m {
			x2 = p.X2
		}
	}
	b, gamma = regret.PerceptronBound(margins, x2)
	return b, gamma, mistakes, m
}

// Truncation is NORMA's Proposition 1, eq. (11), for the run's NORMA or
// kernel perceptron at its step t with its ω (regret.Truncation: the
// bound on ‖f − f_trunc‖_H, or why it does not apply), X² the largest
// k(x, x) of the comparison's latest checkpoint; ok false for another
// learner or before a checkpoint.
func (s *Sim) Truncation() (b regret.Bound, ok bool) {
	n, is := s.learner.(*learn.NORMA)
	if !is || s.reg.mon == nil {
		return regret.Bound{}, false
	}
	pts := s.reg.mon.Current().Points
	if len(pts) == 0 {
		return regret.Bound{}, false
	}
	return regret.Truncation(n.Config(), pts[len(pts)-1].X2, s.t), true
}

// PegasosNorm is the lecture's ‖g*‖ ≤ 1/√λ for the run's kernel Pegasos
// (regret.PegasosNorm with its λ) and ‖g*‖ at the comparison's last
// exactly solved checkpoint (ok false before one, or for another learner).
func (s *Sim) PegasosNorm() (b regret.Bound, norm float64, ok bool) {
	if _, is := s.learner.(*learn.KernelPegasos); !is || s.reg.mon == nil {
		return regret.Bound{}, 0, false
	}
	for _, p := range s.reg.mon.Current().Points {
		if p.Exact {
			norm, ok = p.Norm, true
		}
	}
	return regret.PegasosNorm(s.reg.lambda), norm, ok
}

// Hindsight returns the hindsight predictor g* of the latest solved
// checkpoint of the current comparison (regret.Comparator.Model: its own
// copy, fixed until the next checkpoint is solved) as a score function of a
// 2D input, and the number of solved checkpoints, which changes exactly
// when g* does (a view caches what it drew from score by it). score is nil
// before the first checkpoint and without a comparison.
func (s *Sim) Hindsight() (score func(x []float64) float64, solved int) {
	if s.reg.mon == nil {
		return nil, 0
	}
	m := s.reg.mon.Comparator().Model()
	if m == nil {
		return nil, 0
	}
	return m.Score, len(s.reg.mon.Current().Points) + len(s.reg.mon.Closed())
}
