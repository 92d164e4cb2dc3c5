package sim

import (
	"math"

	"kernelplay/core/drift"
	"kernelplay/core/learn"
	"kernelplay/core/regret"
	"kernelplay/ui/state"
)

// NoveltyNoRegret is what the digits view says where the regret chart
// would be on a novelty stream.
const NoveltyNoRegret = "regret: not computed for novelty detection (the ν-trick's margin is a variable of the objective)"

// digitsRegret builds the comparison with hindsight of a digits learner l
// (lc its settings when the page configured it; a paper figure's learners
// bring their own, read from l) on a binary stream of dimension dim: the
// same regret.Monitor as a 2D run's (newRegret), compared over the first
// MaxExact examples of each segment only (regret.Monitor.Stop: beyond
// them the frozen g* would cost a kernel row over its support vectors, of
// dim features, per example, as much as the learning of the step, and the
// frame could not hold both), the detectors on every step. The kernel
// perceptron's θ comparator (JMLR Theorem 1's mistake bound) is not run
// in the digits view: it would double the solve.
func digitsRegret(l learn.Learner, lc state.Config, task string, dim int) regretRun {
	var r regretRun
	switch task {
	case state.TaskBinary:
	case state.TaskMulticlass:
		r.why = MulticlassNoRegret
		return r
	default:
		r.why = NoveltyNoRegret
		return r
	}
	if m, ok := l.(*learn.SVMD); ok {
		// The learner's own settings: a figure's SVMD is not lc's.
		c := m.Config()
		obj, err := regret.ObjectiveOfSVMD(c)
		if err == nil {
			r.mon, err = regret.NewMonitor(obj, regret.Settings{MaxEpochs: RegretMaxEpochs}, dim,
				*drift.DefaultADWIN(), *drift.DefaultPageHinkley(), lc.RegretRestart)
		}
		if err != nil {
			r.why = err.Error() // "regret: …", as newRegret's
			return r
		}
		r.norm2, r.lambda = func() float64 { return m.Diagnostics().NormF }, c.Lambda
	} else {
		lc.Task = state.TaskBinary
		r = newRegret(l, lc, learn.Binary, dim, 0)
		r.theta = nil
	}
	if r.mon != nil {
		r.mon.Stop = r.mon.Comparator().Settings().MaxExact
	}
	return r
}

// observe feeds lane i's monitor the example (x, y) and what Learn did,
// ‖f_t‖² read before Learn (norm2). A diverged step (its loss not finite)
// is not fed: the run stops there.
func (r *regretRun) observe(x []float64, y float64, st learn.Step, norm2 float64) {
	if r.mon == nil || st.Diverged {
		return
	}
	online := regret.OnlineRisk(st.Loss, r.lambda, norm2)
	if online-online != 0 { // NaN or ±Inf
		return
	}
	r.mon.Observe(x, y, st.Mistake, online)
}

// Regret returns learner i's monitor (the hindsight comparator over the
// first MaxExact examples of each segment, and the change detectors on
// every step; its steps are the run's), or nil and why there is none
// ([MulticlassNoRegret], [NoveltyNoRegret], a ν rule, a linear learner).
// Read it between Steps; do not keep its slices.
func (d *Digits) Regret(i int) (*regret.Monitor, string) {
	return d.lanes[i].reg.mon, d.lanes[i].reg.why
}

// RegretStep gives every learner's comparator about budget units of work
// in turn (regret.Monitor.Step), and reports whether all are idle. The
// points do not depend on how the work is sliced. budget < 1 panics.
func (d *Digits) RegretStep(budget int) bool {
	idle := true
	for i := range d.lanes {
		if m := d.lanes[i].reg.mon; m != nil && idle {
			idle = m.Step(budget)
		}
	}
	return idle
}

// RegretLag is [Sim.RegretLag] over the learners' comparisons: whether
// one has fallen behind the run, and the least room.
func (d *Digits) RegretLag() (behind bool, room int) {
	room = math.MaxInt
	for i := range d.lanes {
		if m := d.lanes[i].reg.mon; m != nil {
			behind, room = behind || m.Behind(), min(room, m.Room())
		}
	}
	return behind, room
}

// RegretBound is the bound on learner i's cumulative risk at checkpoint
// p, in the units of Σ R_stoch: NORMA's Theorem 2, eq. (23), for NORMA
// (regret.NORMATheorem2 says why not, e.g. the JMLR schedule); for the
// other learners none, with the reason in Why (as [Sim.RegretBound]).
func (d *Digits) RegretBound(i int, p regret.Point) regret.Bound {
	l := d.cs[i].Learner
	n, ok := l.(*learn.NORMA)
	return riskBound(l, ok && n.Config().Rule == learn.RuleHinge, p)
}
