// Package sim runs the playground's simulation: from a [state.Config] it
// builds the example stream (the clicked points in a seeded random order,
// or a core/data generator) and the learner, advances them n examples at a
// time — each step draws one example, predicts, counts a mistake, then
// learns (JMLR Algorithm 2's order; NORMA §2) — and records per-step traces
// (η_t, the running average online error, the loss, the buffer size, the
// margin) in bounded memory for the charts. On binary tasks a run also
// carries the comparison with the best fixed predictor in hindsight and
// the change detectors (core/regret's Monitor, fed every step; its solver
// is sliced by [Sim.RegretStep]: regret.go).
//
// The same Config (seed included) gives the same run, bit for bit: a share
// link replays exactly. Its Events (edits made while the run went on: a
// clicked point, a deletion, a live setting) are applied at their steps
// (see state/timeline.go and [Sim.AddEvent]); in the digits view a
// student's taught drawing is one such edit ([Digits.Teach], teach.go),
// and [Digits.Ask] answers about a drawing without learning it.
//
// Package sim is pure Go: it must not import syscall/js or kernelplay/ui
// (the Vecty components), nor kernelplay/ui/app or kernelplay/ui/render.
package sim

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"kernelplay/core/data"
	"kernelplay/core/kernel"
	"kernelplay/core/learn"
	"kernelplay/core/regret"
	"kernelplay/ui/state"
)

// recentPoints is the number of recent stream samples Points returns while
// the generator (not clicked points) feeds the learner.
const recentPoints = 400

// streamSeq is the PCG stream constant of the simulation's random source
// (any fixed value: the seed alone must decide the run).
const streamSeq = 0x6b70_6c61_7920_7369 // "kplay si"

// Last is the most recent example and what the learner did with it.
type Last struct {
	// X is the input (length 2, or 1 for regression), Y its label or target.
	X []float64
	Y float64
	// Step is what Learn reported: the prediction made before the update,
	// mistake, loss, η, margin, buffer size.
	Step learn.Step
}

// Sim is a running simulation. Create it with [New]; it is not safe for
// concurrent use.
type Sim struct {
	cfg     state.Config
	learner learn.Learner
	model   learn.KernelModel
	task    learn.Task

	rng    *rand.Rand
	src    data.Source2D // the generator, nil while only clicked points feed the stream
	pts    []state.Point // clicked points in use (those of the task's classes)
	order  []int         // permutation of pts for the current pass
	pos    int           // next index into order
	queue  []state.Point // points added by events, learned next in this order
	events []state.Event // the timeline: events still to apply, in step order
	recent []state.Point // ring of the last recentPoints stream samples
	rpos   int

	t        int
	mistakes int
	absErr   float64 // regression: Σ |y_t − f(x_t)| so far
	last     Last
	err      error
	traces   recorder
	window   *ErrorWindow // the mistakes among the last cfg.Window steps
	absWin   *MeanWindow  // regression: |y − f(x)| over the last cfg.Window steps
	cmp      *comparison  // the RES-vs-SGD preset's SGD and objectives (linear.go), or nil
	reg      regretRun    // the comparison with hindsight (regret.go)
	second   bool         // the learner is cfg's second learner (NewSecond)
}

// New builds the stream and the learner described by cfg. It returns an
// error — for the page to show — if cfg fails [state.Config.Validate], if
// the learner rejects its settings (e.g. NORMA with η0·λ > 1), or if no
// clicked point belongs to a class of the task.
func New(cfg state.Config) (*Sim, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if state.IsRESvsSGD(cfg) && cfg.Mode == state.Mode2D {
		return newRESvsSGD(cfg)
	}
	return newSim(cfg, false)
}

// NewSecond builds the run of cfg's second learner (cfg.Compare with the
// settings cfg.Second, state.Config.SecondConfig) on the stream of
// [New](cfg): the same seed, the same examples in the same order, the same
// clicks and deletions at the same steps. An edit of a second setting
// (key "2s"…) reconfigures this learner; an edit of a first setting
// changes only the run of New(cfg). A 2D comparison is New(cfg) and
// NewSecond(cfg) stepped together. It returns an error when cfg does not
// compare (state.Config.Comparing) or is not a 2D configuration.
func NewSecond(cfg state.Config) (*Sim, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if !cfg.Comparing() || cfg.Mode != state.Mode2D {
		return nil, errors.New("no second learner to compare with: choose one under “compare with”")
	}
	return newSim(cfg, true)
}

// newSim builds the 2D run of cfg's first learner, or of its second
// (second).
func newSim(cfg state.Config, second bool) (*Sim, error) {
	if cfg.Mode != state.Mode2D {
		return nil, fmt.Errorf("mode %q is not available yet", cfg.Mode)
	}
	s := &Sim{cfg: cfg, rng: rand.New(rand.NewPCG(cfg.Seed, streamSeq)), second: second}
	s.cfg.Events, s.cfg.At = nil, 0
	s.events = cfg.Events
	var err error
	s.task, err = task(cfg.Task)
	if err != nil {
		return nil, err
	}
	dim := 2
	if s.task == learn.Regression {
		dim = 1
	}
	s.learner, err = Learner(s.LearnerConfig(), dim)
	if err != nil {
		return nil, err
	}
	s.model, _ = s.learner.(learn.KernelModel)
	s.reg = newRegret(s.learner, s.LearnerConfig(), s.task, dim, 0)
	s.window = NewErrorWindow(max(1, cfg.Window))
	if s.task == learn.Regression {
		s.absWin = NewMeanWindow(max(1, cfg.Window))
	}
	s.usable()
	if len(cfg.Points) > 0 && len(s.pts) == 0 && !cfg.Generated {
		return nil, fmt.Errorf("none of the %d clicked points belongs to a class of the %s task", len(cfg.Points), cfg.Task)
	}
	if err := s.needSource(); err != nil {
		return nil, err
	}
	s.traces.init()
	if err := s.applyDue(); err != nil {
		return nil, err
	}
	return s, nil
}

// usable sets pts to the points of s.cfg that belong to the task's
// classes, and starts a fresh pass over them.
func (s *Sim) usable() {
	k := s.cfg.NumClasses()
	s.pts = s.pts[:0]
	for _, p := range s.cfg.Points {
		if p.Class < k || s.task == learn.Novelty || s.task == learn.Regression {
			s.pts = append(s.pts, p)
		}
	}
	s.order, s.pos = nil, 0
}

// needSource builds the generator when it feeds the stream: Generated is
// on, or no clicked point is left.
func (s *Sim) needSource() error {
	if s.src != nil || (!s.cfg.Generated && len(s.pts) > 0) {
		return nil
	}
	var err error
	s.src, err = source(s.cfg, s.task)
	return err
}

// generatedWeight is how many examples the generated data counts as when
// clicked points are mixed into it: each example is a clicked point with
// probability m/(m + generatedWeight) for m clicked points (the plot shows
// the last 400 generated examples, so a click weighs as one of them).
const generatedWeight = recentPoints

// applyDue applies the events due at step s.t (those with T ≤ t), in order.
// An event the learner refuses stops the run with Err (a link whose events
// do not replay) and is returned.
func (s *Sim) applyDue() error {
	for len(s.events) > 0 && s.events[0].T <= s.t {
		e := s.events[0]
		s.events = s.events[1:]
		if err := s.apply(e); err != nil {
			s.err = fmt.Errorf("the edit at step %d cannot apply: %w", e.T, err)
			return s.err
		}
	}
	return nil
}

// apply carries out one event on the running simulation (see
// state.Event): an added point is queued as the next example and joins the
// clicked points; a deleted one leaves them (and the queue); a live
// setting is handed to the learner (Reconfigure), which uses it from the
// next example on. On error nothing changed.
func (s *Sim) apply(e state.Event) error {
	if s.cmp != nil {
		return errors.New("the RES-vs-SGD preset takes no edits while it runs")
	}
	next, err := e.Apply(s.cfg)
	if err != nil {
		return err
	}
	switch e.Kind {
	case state.EventAdd:
		s.cfg = next
		s.usable()
		p := next.Points[len(next.Points)-1]
		if len(s.pts) > 0 && s.pts[len(s.pts)-1] == p {
			s.queue = append(s.queue, p)
		}
	case state.EventDelete:
		gone := s.cfg.Points[e.Index]
		s.cfg = next
		s.usable()
		if i := slices.Index(s.queue, gone); i >= 0 {
			s.queue = slices.Delete(s.queue, i, i+1)
		}
		if err := s.needSource(); err != nil {
			return err
		}
	case state.EventSet:
		// A setting of the other learner of a comparison changes only
		// the configuration.
		if _, second := state.IsSecondKey(e.Key); second == s.second {
			lc := next
			if s.second {
				lc = next.SecondConfig()
			}
			if err := Reconfigure(s.learner, lc, s.dim()); err != nil {
				return err
			}
			// The objective may have changed (λ, σ, the margin): the
			// comparison starts afresh after this step.
			s.reg = newRegret(s.learner, lc, s.task, s.dim(), s.t)
		}
		s.cfg = next
	}
	return nil
}

// AddEvent schedules e, an edit made now (e.T = T()), and applies it at
// once: the next example already sees it, as it will when the run is
// replayed from its link. On error (the learner refuses the change, e.g.
// a setting it cannot take mid-run) nothing changed and the caller starts
// a new run instead.
func (s *Sim) AddEvent(e state.Event) error {
	if e.T != s.t {
		return fmt.Errorf("an edit at step %d cannot join a run at step %d", e.T, s.t)
	}
	if s.err != nil {
		return s.err
	}
	return s.apply(e)
}

// dim is the input dimension of the 2D modes' learner.
func (s *Sim) dim() int {
	if s.task == learn.Regression {
		return 1
	}
	return 2
}

// Reconfigure hands cfg's live settings (σ, λ, η₀, μ, ρ, ν, τ; see
// state.LiveKeys) to learner l, a learner built by [Learner] for cfg's
// task and dimension dim, through core/learn's Reconfigure: the learner
// keeps its stored terms, coefficients, η and step count and uses the new
// settings from the next Learn; the linear solvers (Pegasos, SGD, RES,
// online DCD, AMM) take λ and RES/SGD's ε₀, τ, δ and Γ the same way.
// Kernel Pegasos, which has no Reconfigure, and changes a learner refuses
// are errors; the caller then starts a new run.
func Reconfigure(l learn.Learner, cfg state.Config, dim int) error {
	t, err := task(cfg.Task)
	if err != nil {
		return err
	}
	k, err := Kernel(cfg)
	if err != nil {
		return err
	}
	switch r := l.(type) {
	case interface{ Reconfigure(learn.SVMDConfig) error }:
		c, err := svmdConfig(cfg, t, k)
		if err != nil {
			return err
		}
		return r.Reconfigure(c)
	case interface{ Reconfigure(learn.NORMAConfig) error }:
		if cfg.Learner == state.LearnerPerceptron {
			return r.Reconfigure(perceptronConfig(cfg, t, k).NORMA()) // the perceptron is NORMA with λ = 0
		}
		return r.Reconfigure(normaConfig(cfg, t, k, dim))
	}
	if state.IsLinear(cfg.Learner) {
		// The linear solvers: the settings of a learner built afresh for
		// cfg, handed to the running one.
		fresh, err := linearLearner(cfg, dim, t, k)
		if err != nil {
			return err
		}
		for _, try := range []func(l, fresh learn.Learner) (bool, error){
			reconfigureAs[learn.PegasosConfig], reconfigureAs[learn.SGDConfig], reconfigureAs[learn.RESConfig],
			reconfigureAs[learn.DCDOnlineConfig], reconfigureAs[learn.AMMConfig],
		} {
			if ok, err := try(l, fresh); ok {
				return err
			}
		}
	}
	return fmt.Errorf("%s cannot change its settings while it runs", cfg.Learner)
}

// reconfigureAs hands the configuration of type C of fresh to l's
// Reconfigure, when both have them (ok).
func reconfigureAs[C any](l, fresh learn.Learner) (ok bool, err error) {
	r, ok1 := l.(interface{ Reconfigure(C) error })
	f, ok2 := fresh.(interface{ Config() C })
	if !ok1 || !ok2 {
		return false, nil
	}
	return true, r.Reconfigure(f.Config())
}

func task(name string) (learn.Task, error) {
	switch name {
	case state.TaskBinary:
		return learn.Binary, nil
	case state.TaskMulticlass:
		return learn.Multiclass, nil
	case state.TaskNovelty:
		return learn.Novelty, nil
	case state.TaskRegression:
		return learn.Regression, nil
	}
	return 0, fmt.Errorf("unknown task %q", name)
}

// Kernel returns the kernel of cfg: Gaussian{Sigma}, Polynomial{Scale,
// Constant, Degree}, Linear or Laplacian{Sigma}.
func Kernel(cfg state.Config) (kernel.Kernel, error) {
	switch cfg.Kernel {
	case state.KernelGaussian:
		return kernel.Gaussian{Sigma: cfg.Sigma}, nil
	case state.KernelPolynomial:
		return kernel.Polynomial{Scale: cfg.Scale, Constant: cfg.Constant, Degree: cfg.Degree}, nil
	case state.KernelLinear:
		return kernel.Linear{}, nil
	case state.KernelLaplacian:
		return kernel.Laplacian{Sigma: cfg.Sigma}, nil
	}
	return nil, fmt.Errorf("unknown kernel %q", cfg.Kernel)
}

// Learner builds the learner of cfg for inputs of dimension dim:
//
//   - svmd: learn.SVMD (JMLR Algorithm 2) with the hinge loss (binary),
//     the multiclass hinge (eq. 16) or novelty (eq. 23); Lambda is c, Eta0
//     η0, Mu μ, Decay the trace decay λ (0 means single-step SVMD), Nu > 0
//     the ν-trick (§5.4.2), Offset the offsets of eq. (50).
//   - svmd0: the same with Decay = 0 (JMLR §6's single-step control).
//   - norma: learn.NORMA with η_t = η0·√(τ/(τ + t − 1)) (JMLR eq. 59):
//     soft margin (NORMA eq. 12) or ν-classification (eq. 13) for binary
//     and multiclass, novelty (eq. 14), and for regression the squared loss
//     or, with ν > 0, the ν-ε-insensitive loss (eq. 18).
//   - perceptron: the kernel perceptron (NORMA eq. 15 with λ = 0).
//
// Each learner starts from its core Default…Config (the papers' settings)
// and takes the page's values on top. Combinations the learners do not
// support are errors, and so is a buffer beyond the page's memory budget
// ([CheckBuffer]), refused before anything is allocated.
func Learner(cfg state.Config, dim int) (learn.Learner, error) {
	t, err := task(cfg.Task)
	if err != nil {
		return nil, err
	}
	if err := CheckBuffer(cfg, dim); err != nil {
		return nil, err
	}
	k, err := Kernel(cfg)
	if err != nil {
		return nil, err
	}
	switch cfg.Learner {
	case state.LearnerSVMD, state.LearnerSVMD0:
		c, err := svmdConfig(cfg, t, k)
		if err != nil {
			return nil, err
		}
		l, err := learn.NewSVMD(c, dim)
		return l, wrap(err)
	case state.LearnerNORMA:
		l, err := learn.NewNORMA(normaConfig(cfg, t, k, dim), dim)
		return l, wrap(err)
	case state.LearnerPerceptron:
		if t == learn.Novelty || t == learn.Regression {
			return nil, fmt.Errorf("the kernel perceptron cannot do %s", t)
		}
		l, err := learn.NewPerceptron(perceptronConfig(cfg, t, k), dim)
		return l, wrap(err)
	}
	if state.IsLinear(cfg.Learner) {
		return linearLearner(cfg, dim, t, k)
	}
	return nil, fmt.Errorf("unknown learner %q", cfg.Learner)
}

// svmdConfig is the learn.SVMDConfig of cfg (see [Learner]): the
// papers' settings (learn.DefaultSVMDConfig) with the page's values on top.
func svmdConfig(cfg state.Config, t learn.Task, k kernel.Kernel) (learn.SVMDConfig, error) {
	loss := learn.SVMDHinge
	switch t {
	case learn.Multiclass:
		loss = learn.SVMDMulticlass
	case learn.Novelty:
		loss = learn.SVMDNovelty
	case learn.Regression:
		return learn.SVMDConfig{}, errors.New("SVMD has no regression loss (JMLR Table 1): choose NORMA")
	}
	c := learn.DefaultSVMDConfig(loss, cfg.Nu)
	c.Kernel, c.Classes, c.Lambda, c.Eta0, c.Mu = k, classes(cfg, t), cfg.Lambda, cfg.Eta0, cfg.Mu
	c.Decay, c.BufferSize, c.Offset = cfg.Decay, cfg.BufferSize, cfg.Offset && t != learn.Novelty
	c.EtaOffset0, c.MuOffset = c.Eta0, c.Mu
	if cfg.Learner == state.LearnerSVMD0 {
		c.Decay = 0
	}
	return c, nil
}

// normaConfig is the learn.NORMAConfig of cfg (see [Learner]): the
// papers' settings (learn.DefaultNORMAConfig) with the page's values on top.
func normaConfig(cfg state.Config, t learn.Task, k kernel.Kernel, dim int) learn.NORMAConfig {
	nu := cfg.Nu > 0
	var rule learn.Rule
	switch {
	case t == learn.Novelty:
		rule = learn.RuleNovelty
	case t == learn.Regression && nu:
		rule = learn.RuleNuEpsilonInsensitive
	case t == learn.Regression:
		rule = learn.RuleSquared
	case nu:
		rule = learn.RuleNuClassification
	default:
		rule = learn.RuleSoftMargin
	}
	c := learn.DefaultNORMAConfig(rule, classes(cfg, t))
	c.Kernel, c.Lambda, c.BufferSize, c.Offset = k, cfg.Lambda, cfg.BufferSize, cfg.Offset && t != learn.Novelty
	c.Schedule = learn.Sqrt{Eta0: cfg.Eta0, Tau: cfg.Tau}
	switch cfg.Schedule {
	case state.ScheduleTheorem2:
		c.Schedule = learn.InvSqrtT{} // Λ_t = 1/(3λ√t) with the learner's λ (NORMA Theorem 2)
	case state.ScheduleTheorem1:
		// Λ = B/(X√m), B and m fixed in advance (NORMA Theorem 1).
		c.Schedule = learn.Constant{Eta0: regret.Theorem1Eta(cfg.NormBound, Theorem1X2(k, dim), cfg.RunLength)}
	}
	if nu {
		c.Nu = cfg.Nu
		switch cfg.MarginRule {
		case state.MarginRuleLog:
			c.MarginRule = learn.MarginLogSpace
		case state.MarginRuleLogDecay:
			c.MarginRule, c.MarginDecayTau = learn.MarginLogSpace, cfg.Tau
		}
	}
	return c
}

// perceptronConfig is the learn.PerceptronConfig of cfg (see [Learner]).
func perceptronConfig(cfg state.Config, t learn.Task, k kernel.Kernel) learn.PerceptronConfig {
	c := learn.DefaultPerceptronConfig()
	c.Kernel, c.Classes, c.BufferSize, c.Offset = k, classes(cfg, t), cfg.BufferSize, cfg.Offset && t != learn.Novelty
	return c
}

// classes is the class count of the core configs: K for multiclass, 0
// (two or none) otherwise.
func classes(cfg state.Config, t learn.Task) int {
	if t == learn.Multiclass {
		return cfg.Classes
	}
	return 0
}

// wrap keeps a learner's error readable for the page.
func wrap(err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("these settings do not work: %w", err)
}

// source returns the generator of cfg.
func source(cfg state.Config, t learn.Task) (data.Source2D, error) {
	if t == learn.Regression {
		return data.Sine1D{Noise: cfg.Noise}, nil
	}
	shape, err := data.ParseShape2D(cfg.Preset)
	if err != nil {
		return nil, err
	}
	g := &data.Gen2D{Shape: shape, Noise: cfg.Noise, Classes: 2, Labels: data.Signed}
	switch t {
	case learn.Multiclass:
		g.Classes, g.Labels = cfg.Classes, data.Index
	case learn.Novelty:
		g.Labels = data.OneClass
	}
	return g, nil
}

// Config returns the configuration in force: the one the simulation was
// built from with the events up to step T applied (Events and At are
// empty).
func (s *Sim) Config() state.Config { return s.cfg }

// LearnerConfig returns the configuration of the run's learner: Config,
// or for the second learner of a comparison ([NewSecond]) Config with
// the learners swapped (state.Config.SecondConfig), so that its Learner,
// σ, η₀ … are the second learner's.
func (s *Sim) LearnerConfig() state.Config {
	if s.second {
		return s.cfg.SecondConfig()
	}
	return s.cfg
}

// Window returns the windowed error: the mistakes among the last
// Config().Window steps ([ErrorWindow]); regression's windowed error is
// [Sim.AbsWindow].
func (s *Sim) Window() *ErrorWindow { return s.window }

// AbsWindow returns, for regression, the mean absolute error over the last
// Config().Window steps ([MeanWindow]); nil for the other tasks.
func (s *Sim) AbsWindow() *MeanWindow { return s.absWin }

// Learner returns the live learner (read it only between Steps).
func (s *Sim) Learner() learn.Learner { return s.learner }

// Model returns the learner as a kernel model (its expansion and offsets),
// or nil for learners that are not kernel expansions.
func (s *Sim) Model() learn.KernelModel { return s.model }

// T returns the number of examples seen.
func (s *Sim) T() int { return s.t }

// MeanAbsError returns, for regression, the running mean absolute error
// (1/t)·Σ |y_t − f(x_t)| of the predictions made before each update, and
// NaN for other tasks or before the first step.
func (s *Sim) MeanAbsError() float64 {
	if s.task != learn.Regression || s.t == 0 {
		return math.NaN()
	}
	return s.absErr / float64(s.t)
}

// Mistakes returns the number of mistakes made (before each update).
func (s *Sim) Mistakes() int { return s.mistakes }

// Err returns the error that stopped the run (divergence), or nil.
func (s *Sim) Err() error { return s.err }

// Last returns the most recent example and step; X is nil before the
// first step. X is the simulation's copy: do not modify it.
func (s *Sim) Last() Last { return s.last }

// Clicked reports whether the examples come from clicked points only (no
// generator).
func (s *Sim) Clicked() bool { return len(s.pts) > 0 && s.src == nil }

// Points returns what the plot shows as data: the clicked points in use,
// or the last (up to 400) generated examples, oldest first, as
// state.Points (binary: class 0 for label −1, 1 for +1; multiclass: the
// class; novelty: class 0; regression: X input, Y target). The slice is
// fresh.
func (s *Sim) Points() []state.Point {
	if s.src == nil {
		return append([]state.Point(nil), s.pts...)
	}
	if len(s.pts) > 0 {
		return append(s.recentPoints(), s.pts...)
	}
	return s.recentPoints()
}

func (s *Sim) recentPoints() []state.Point {
	if len(s.recent) < recentPoints {
		return append([]state.Point(nil), s.recent...)
	}
	return append(append([]state.Point(nil), s.recent[s.rpos:]...), s.recent[:s.rpos]...)
}

// next draws the next example.
func (s *Sim) next() (x []float64, y float64) {
	if len(s.queue) > 0 {
		p := s.queue[0]
		s.queue = s.queue[1:]
		return s.example(p)
	}
	gen := len(s.pts) == 0
	if !gen && s.src != nil {
		// Clicked points mixed into the generated data.
		gen = s.rng.IntN(len(s.pts)+generatedWeight) >= len(s.pts)
	}
	if gen {
		x, y = s.src.Next(s.rng)
		p := state.Point{X: x[0]}
		switch s.task {
		case learn.Regression:
			p.Y = y
		case learn.Binary:
			p.Y = x[1]
			if y > 0 {
				p.Class = 1
			}
		case learn.Multiclass:
			p.Y, p.Class = x[1], int(y)
		default:
			p.Y = x[1]
		}
		if len(s.recent) < recentPoints {
			s.recent = append(s.recent, p)
		} else {
			s.recent[s.rpos] = p
			s.rpos = (s.rpos + 1) % recentPoints
		}
		return x, y
	}
	// Clicked points: passes over a fresh seeded permutation each time.
	if s.pos == len(s.order) {
		s.order = s.rng.Perm(len(s.pts))
		s.pos = 0
	}
	p := s.pts[s.order[s.pos]]
	s.pos++
	return s.example(p)
}

// example is clicked point p as an input and a label or target.
func (s *Sim) example(p state.Point) (x []float64, y float64) {
	switch s.task {
	case learn.Regression:
		return []float64{p.X}, p.Y
	case learn.Binary:
		return []float64{p.X, p.Y}, float64(2*p.Class - 1)
	case learn.Multiclass:
		return []float64{p.X, p.Y}, float64(p.Class)
	}
	return []float64{p.X, p.Y}, 0
}

// Step advances the run by n examples (n ≤ 0 does nothing). Each example
// is drawn, predicted, counted and learned (learn.Learner.Learn does the
// last three in the papers' order). When the learner reports divergence,
// or panics, the run stops at that example and Err reports it; later
// Steps do nothing. Step never panics.
func (s *Sim) Step(n int) {
	if s.err != nil {
		return
	}
	defer func() {
		if r := recover(); r != nil {
			s.err = fmt.Errorf("the learner failed at example %d: %v", s.t+1, r)
		}
	}()
	for range n {
		x, y := s.next()
		norm2 := 0.0
		if s.reg.mon != nil {
			norm2 = s.reg.norm2() // ‖f_t‖², before Learn (NORMA eq. 3)
		}
		st := s.learner.Learn(x, y)
		s.t++
		if s.reg.mon != nil {
			s.observeRegret(x, y, st, norm2)
		}
		if st.Mistake {
			s.mistakes++
		}
		s.last = Last{X: x, Y: y, Step: st}
		if s.cmp != nil {
			s.cmp.learn(s.t, x, y, st)
		}
		absErr, winErr := math.NaN(), math.NaN()
		if s.task == learn.Regression {
			r := math.Abs(y - st.Prediction)
			s.absErr += r
			absErr = s.absErr / float64(s.t)
			s.absWin.Add(r)
			winErr = s.absWin.Mean()
		} else {
			s.window.Add(st.Mistake)
			winErr = s.window.Rate()
		}
		s.traces.add(s.t, st, float64(s.mistakes)/float64(s.t), absErr, winErr)
		if st.Diverged {
			s.err = s.stopped(x, y, st)
			return
		}
		// The edits made at step t apply now, so that between Steps the
		// run (and Config) is the one on screen, and an edit made now
		// comes after them, as in the replay.
		if s.applyDue() != nil {
			return
		}
	}
}

// Truncate drops the events still ahead of the run (those with T > T()):
// after a Reset the old edits lie ahead, and an edit made now starts a new
// timeline from here.
func (s *Sim) Truncate() { s.events = nil }

// Pending reports whether events lie ahead of the run.
func (s *Sim) Pending() bool { return len(s.events) > 0 }
