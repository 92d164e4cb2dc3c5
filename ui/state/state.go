// Package state holds the playground's configuration: everything a share
// link carries (data, learner, kernel, step sizes, buffer, seed, clicked
// points, run controls), its defaults, validation with user-readable
// messages, the compact URL-hash encoding, the table of controls the page
// builds its widgets from ([Fields]), and the user's actions applied as pure
// functions ([Apply]).
//
// The layout follows TensorFlow Playground's state.ts: a table of
// properties with short keys drives both the controls and the URL.
//
// Package state is pure Go: it must not import syscall/js, nor
// kernelplay/ui/sim, kernelplay/ui/render or kernelplay/ui/app (they import
// it), nor anything under kernelplay/core.
package state

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

// Mode values: which kind of data the page shows.
const (
	// Mode2D is the 2D plot: generated presets or clicked points in [−1, 1]².
	Mode2D = "2d"
	// ModeDigits runs the learners over a digit set or a loaded file (see
	// digits.go: Data, Stream, Compare, Figure).
	ModeDigits = "digits"
)

// Task values (learn.Task by name).
const (
	TaskBinary     = "binary"     // two classes, labels ±1, boundary f = 0
	TaskMulticlass = "multiclass" // 2–5 classes, argmax regions
	TaskNovelty    = "novelty"    // one class, novel where f < ε
	TaskRegression = "regression" // 1D: X input, Y target, ε-tube
)

// Preset values: the 2D generators of core/data (data.Shape2D by name).
const (
	PresetGaussians    = "gaussians"
	PresetXOR          = "xor"
	PresetCircles      = "circles"
	PresetMoons        = "moons"
	PresetSpirals      = "spirals"
	PresetCheckerboard = "checkerboard"
	PresetRotating     = "rotating" // drifting stream: the boundary rotates with t
)

// Learner values.
const (
	LearnerSVMD       = "svmd"       // SVMD, JMLR Algorithm 2, trace decay Decay
	LearnerSVMD0      = "svmd0"      // SVMD with Decay = 0 (single-step adaptation, JMLR §6)
	LearnerNORMA      = "norma"      // NORMA with η_t = η0·√(τ/(τ+t)), JMLR eq. 59
	LearnerPerceptron = "perceptron" // kernel perceptron
)

// MarginRule values: how ν-NORMA moves its margin (learn.MarginRule).
const (
	MarginRuleAdditive = "additive" // Kivinen et al. eq. (14), descent sign, step size η_t
	MarginRuleLog      = "log"      // JMLR eqs. (55)–(56): log space, step size η_m = 1
	// MarginRuleLogDecay is log space with the step η_m = √(τ/(τ + t − 1)),
	// τ the NORMA schedule's (learn.NORMAConfig.MarginDecayTau: our
	// decision, JMLR gives none).
	MarginRuleLogDecay = "log-decay"
)

// Schedule values: NORMA's step sizes (learn.Schedule).
const (
	// ScheduleJMLR is η_t = η0·√(τ/(τ + t − 1)) (JMLR eq. 59,
	// learn.Sqrt), the page's default, to which NORMA's theorems do not
	// apply.
	ScheduleJMLR = "jmlr"
	// ScheduleTheorem2 is NORMA's Theorem 2 rate Λ_t = 1/(3λ√t)
	// (learn.InvSqrtT with the learner's λ; η0 and τ unused): with the
	// soft margin, no offset and no truncation, the regret chart draws
	// eq. (23) beside the measured regret.
	ScheduleTheorem2 = "thm2"
	// ScheduleTheorem1 is NORMA's Theorem 1 rate, the constant Λ = B/(X√m)
	// (learn.Constant) for the norm bound B = Config.NormBound and the run
	// length m = Config.RunLength fixed in advance; X is the kernel's
	// bound on the page's box [−1, 1]² (ui/sim: 1 for the Gaussian and
	// Laplacian kernels). With the soft margin, no offset and ω ≥ m the
	// regret chart draws eq. (22) against the best g with ‖g‖ ≤ B, up to
	// t = m.
	ScheduleTheorem1 = "thm1"
)

// Kernel values (core/kernel by name).
const (
	KernelGaussian   = "gaussian"   // exp(−‖x−x'‖²/(2σ²))
	KernelPolynomial = "polynomial" // (Scale·⟨x,x'⟩ + Constant)^Degree
	KernelLinear     = "linear"     // ⟨x,x'⟩
	KernelLaplacian  = "laplacian"  // exp(−‖x−x'‖/σ)
)

// Limits on what a configuration (and so a link) may hold.
const (
	// MinNormBound and MaxNormBound bound Config.NormBound, B of NORMA
	// Theorem 1 (B > 0 and finite; 10⁻³–10³ spans every ‖g*‖ the page's
	// λ ≥ 10⁻⁶ produces on its box that a student would set).
	MinNormBound, MaxNormBound = 1e-3, 1e3
	// MaxRunLength bounds Config.RunLength, m of NORMA Theorem 1: the
	// largest buffer ω (4096), since the theorem needs ω ≥ m (no
	// truncation) and a longer run could never satisfy it.
	MaxRunLength = 4096
	// MaxClasses is the largest number of classes (Okabe–Ito has 8 colours;
	// 5 keep the argmax regions readable).
	MaxClasses = 5
	// MaxPoints is the largest number of clicked points.
	MaxPoints = 2000
	// Quantum is the grid clicked points are rounded to: coordinates are
	// integer multiples of 1/Quantum, so the link stores them exactly.
	Quantum = 4096
)

// Point is a clicked point in the plot's square [−1, 1]². For
// classification X, Y are the coordinates and Class the class index
// (binary: 0 is the −1 class, 1 the +1 class; novelty ignores it); for
// regression X is the input, Y the target and Class is 0.
type Point struct {
	X, Y  float64
	Class int
}

// Config is the whole serializable configuration of the playground: what a
// share link holds. The same Config (seed included) gives the same run, step
// for step. Fields hold plain values; the zero Config is not valid, start
// from [Default]. Ranges are in [Fields]; [Config.Validate] checks them.
type Config struct {
	// Mode is the kind of data: Mode2D.
	Mode string
	// Task is TaskBinary, TaskMulticlass, TaskNovelty or TaskRegression.
	Task string
	// Preset is the 2D generator used when Points is empty (Preset* values).
	// Regression always uses a noisy sine.
	Preset string
	// Noise is the generator's jitter: the standard deviation added to each
	// coordinate (classification) or to the target (regression), in plot
	// units; 0–0.5.
	Noise float64
	// Classes is the number of classes K for TaskMulticlass, 2–5.
	Classes int
	// Points are the clicked points at t = 0, drawn in a seeded random
	// order, mixed with the generator's examples while Generated is on. At
	// most MaxPoints.
	Points []Point
	// Generated says whether the generator (Preset) feeds the stream
	// besides the clicked points. With no clicked points the generator
	// always feeds it. Links of the first format had no such key: there
	// clicked points replaced the generator (see Decode).
	Generated bool
	// Events are the edits made while the run went on (clicks, deletions,
	// live settings), in step order; see timeline.go. At most MaxEvents.
	Events []Event
	// At is the step a link opens at, paused (0: the link opens at t = 0
	// with Playing deciding). It does not change the run.
	At int
	// Learner is LearnerSVMD, LearnerSVMD0, LearnerNORMA or LearnerPerceptron.
	Learner string
	// Kernel is KernelGaussian, KernelPolynomial, KernelLinear or KernelLaplacian.
	Kernel string
	// Sigma is the width σ of the Gaussian and Laplacian kernels, in plot units.
	Sigma float64
	// Degree is the polynomial kernel's degree, 1–10.
	Degree int
	// Scale multiplies ⟨x, x'⟩ in the polynomial kernel.
	Scale float64
	// Constant is c₀, added to the scaled inner product in the polynomial
	// kernel (kernel.Polynomial.Constant).
	Constant float64
	// Lambda is the regularizer c of JMLR (λ of NORMA): each step scales
	// old coefficients by (1 − ηλ).
	Lambda float64
	// Eta0 is the initial step size η0.
	Eta0 float64
	// Tau is the decay time τ of NORMA's schedule η_t = η0·√(τ/(τ + t − 1))
	// (JMLR eq. 59), in examples (NORMA only).
	Tau float64
	// Mu is SMD's meta step size μ (SVMD only).
	Mu float64
	// Decay is SMD's trace decay λ of JMLR (ρ of the conference paper), 0–1
	// (LearnerSVMD only; LearnerSVMD0 uses 0).
	Decay float64
	// Nu is the ν-trick's target fraction of margin errors, 0–1; 0 turns the
	// ν-trick off (fixed margin 1) for binary, multiclass and regression;
	// novelty detection needs ν > 0.
	Nu float64
	// MarginRule is how ν-NORMA moves its margin: MarginRuleAdditive (the
	// NORMA paper's eq. 14 with the descent sign), MarginRuleLog (JMLR
	// eqs. 55–56, as ν-SVMD does) or MarginRuleLogDecay (the same with a
	// step shrinking like η_t), NORMA with ν > 0 only.
	MarginRule string
	// Schedule is NORMA's step size schedule: ScheduleJMLR (default),
	// ScheduleTheorem2 or ScheduleTheorem1 (NORMA only).
	Schedule string
	// BufferSize is ω, the number of expansion terms kept (LRU).
	BufferSize int
	// Offset turns the bias b on (the learners' Offset, JMLR eq. 50; the
	// linear learners' bias feature B = 1).
	Offset bool
	// Seed seeds the generator and the order of clicked points, 0 – 2³²−1.
	Seed uint64
	// Settings of the linear solvers (linear.go, issue 5); zero values are
	// not valid, [Default] sets the papers' defaults.

	// PegasosBatchSize is Pegasos' mini-batch size k, 1–64 (Shalev-Shwartz et al.
	// 2007; the lecture's "gradient sample size K").
	PegasosBatchSize int
	// MaxHyperplanes caps AMM's hyperplanes per class, 1–15 (Wang et al.
	// 2011 leave it unbounded; core/learn caps it).
	MaxHyperplanes int
	// DCDLoss is the loss of dual coordinate descent: LossL1 (hinge) or
	// LossL2 (squared hinge) (Hsieh et al. 2008).
	DCDLoss string
	// DCDPasses is the number of coordinate-descent passes over DCD's
	// window of BufferSize examples after each new example, 1–20.
	DCDPasses int
	// LinLoss is the loss of RES and SGD: LossSquaredHinge (RES §4) or
	// LossLogistic (RES §1).
	LinLoss string
	// NonRegularized runs RES with δ = Γ = 0 (RES §4, Fig. 4).
	NonRegularized bool
	// Delta is RES' curvature floor δ of eqs. (7)–(9), 10⁻⁶–1.
	Delta float64
	// Gamma is RES' minimum-progress term Γ of eq. (4), 10⁻⁶–1.
	Gamma float64
	// LinBatchSize is the sample size L of RES and SGD (RES eq. 3), 1–64
	// (their configs' BatchSize).
	LinBatchSize int
	// LinEta0 is ε0 of RES' and SGD's steps ε_t = ε0·τ/(τ + t) (RES Theorem
	// 2; their configs' Eta0).
	LinEta0 float64
	// LinTau is τ of those steps, in iterations, 1–10⁵ (their configs' Tau).
	LinTau float64
	// ResDim is the dimension n of the RES-vs-SGD preset's problem (RES
	// §4), 2–100.
	ResDim int

	// StepsPerFrame is how many examples the page learns per animation
	// frame while playing, 1–1000. It does not change the run.
	StepsPerFrame int
	// Grid is the surface resolution in pixels per side, 20–400. It does not
	// change the run.
	Grid int
	// Playing says whether the run advances by itself.
	Playing bool
	// Hide lists the hide keys of the controls and panels the page hides
	// (classroom links; see [Panels] and [IsHideKey]); nil shows
	// everything.
	Hide []string
	// Presenter is presenter mode (link key pm=1): the plot fills the
	// screen beside a slim column and the page's text is at least 20 px.
	// It does not change the run.
	Presenter bool
	// Embed lists the origins of the pages that may drive this one through
	// the embedding API (link key embed=, origins separated by ','; see
	// parseEmbed in embed.go and package ui/embed): messages from any other origin
	// are ignored, and replies go to the listed origin of the sender. In
	// the form browsers write origins, none twice, at most
	// [MaxEmbedOrigins]; nil (the default) turns the API off. It does not
	// change the run.
	Embed []string
	// Quiz is predict-then-reveal and its score (link key quiz=, quiz.go).
	// It does not change the run.
	Quiz Quiz
	// Lesson names the lesson the page follows (link key lesson=, the
	// file static/lessons/<Lesson>.txt, [LessonName]; "" for none) and
	// LessonStep its step (1, 2, …; 0 without a lesson). They do not
	// change the run.
	Lesson     string
	LessonStep int

	// Data is the data set of ModeDigits (Data* values, digits.go).
	Data string
	// Stream is the order and labelling of ModeDigits examples (Stream*).
	Stream string
	// Compare is a second learner run on the identical stream in ModeDigits
	// (a Learner* value, or CompareNone).
	Compare string
	// Figure runs one of the papers' experiments in ModeDigits with the
	// papers' learners and settings (FigureNone, or a setup name of
	// core/experiment).
	Figure string

	// Second holds the second learner's own settings when Compare names
	// one (link keys "2" + the first learner's key; see second.go). The
	// first learner's settings are the fields above.
	Second LearnerSettings

	// RegretRestart restarts the regret chart's hindsight comparator at
	// each ADWIN detection on the learner's errors (regret.Monitor's
	// restart): the regret against the best fixed predictor since the
	// change. It changes the chart, not the learning.
	RegretRestart bool
	// Hindsight draws the hindsight predictor g*'s boundary {g* = 0}
	// dotted on the 2D plot (binary tasks), at the latest solved
	// checkpoint of the regret chart's comparator.
	Hindsight bool
	// NormBound is B of NORMA Theorem 1 (ScheduleTheorem1): the radius of
	// the ball ‖g‖ ≤ B of predictors the theorem compares with, fixed in
	// advance, MinNormBound–MaxNormBound; 10 by default (the page's
	// default run has ‖g*‖ ≈ 9 on the spirals, so the ball holds its
	// hindsight optimum). Shared by both learners.
	NormBound float64
	// RunLength is m of NORMA Theorem 1 (ScheduleTheorem1): the number of
	// examples the run is planned for, fixed in advance, 1–MaxRunLength.
	// Shared by both learners.
	RunLength int

	// Window is N, the number of most recent steps over which the error
	// charts show the windowed error (mistakes among the last N steps,
	// divided by N; by t while t < N) beside the running average,
	// MinWindow–MaxWindow steps. It changes the charts, not the learning.
	Window int
}

// Limits and defaults of the error window Config.Window, in steps.
const (
	MinWindow = 10
	// MaxWindow bounds the memory of the window: one bit per step, so
	// 12.5 kB per learner at most.
	MaxWindow = 100_000
	// DefaultWindow is the 2D plot's N: a tenth of a turn of the rotating
	// stream (core/data's DefaultPeriod, 5,000 examples per turn), over
	// which its boundary turns by 36°.
	DefaultWindow = 500
	// DigitsWindow is the digits view's N: a fifth of each half of the
	// 0/1 → 2/3 stream (500 examples each, conference paper §5), so the
	// switch shows: with the figure's learners the last 100 steps' error
	// jumps from 0 to 22% (SVMD) and 36% (NORMA) within 100 steps of the
	// switch, then SVMD's falls to 6% by its end and NORMA's to 14%, while
	// the running averages move between 1.4% and 10% (TestWindowShowsSwitch
	// in ui/sim). N = 1000 would be the whole stream.
	DigitsWindow = 100
)

// Default returns the live default demo: SVMD with a Gaussian kernel
// (σ = 0.15, ω = 512, μ = 0.3) on two spirals, playing. Tuned with ui/sim
// over seeds 1–6: the spirals show within about 300 examples (a quarter of
// a second at 20 steps per frame) and the online error over examples
// 600–3000 stays below 1%; μ = 1 let η collapse to 10⁻⁴ for some seeds.
func Default() Config {
	c := Config{
		Mode:          Mode2D,
		Task:          TaskBinary,
		Preset:        PresetSpirals,
		Noise:         0.03,
		Classes:       3,
		Learner:       LearnerSVMD,
		Kernel:        KernelGaussian,
		Sigma:         0.15,
		Degree:        3,
		Scale:         1,
		Constant:      1,
		Lambda:        0.001,
		Eta0:          1,
		Tau:           100,
		Mu:            0.3,
		Decay:         0.95,
		Nu:            0,
		MarginRule:    MarginRuleAdditive,
		Schedule:      ScheduleJMLR,
		NormBound:     10,
		RunLength:     500,
		BufferSize:    512,
		Generated:     true,
		Offset:        true,
		Seed:          1,
		StepsPerFrame: 20,
		Grid:          200,
		Playing:       true,
		Data:          Data8x8,
		Stream:        StreamMulticlass,
		Compare:       CompareNone,
		Figure:        FigureNone,
		Window:        DefaultWindow,
	}
	linearDefaults(&c)
	c.Second = c.Settings()
	return c
}

// NumClasses returns the number of classes clicked points can have under
// the config's task: 2 for binary, Classes for multiclass, 1 for novelty and
// regression.
func (c Config) NumClasses() int {
	switch c.Task {
	case TaskMulticlass:
		return c.Classes
	case TaskBinary:
		return 2
	}
	return 1
}

// Validate returns nil if every field is in its range (see [Fields]), or an
// error whose message names the first bad field, its value and its range,
// e.g. `kernel width σ = -1 is too small: want 0.01 to 10`.
func (c Config) Validate() error {
	for i := range Fields {
		if err := Fields[i].check(c); err != nil {
			return err
		}
	}
	if len(c.Points) > MaxPoints {
		return fmt.Errorf("%d clicked points is too many: at most %d", len(c.Points), MaxPoints)
	}
	for i, p := range c.Points {
		if !(math.Abs(p.X) <= 1 && math.Abs(p.Y) <= 1) {
			return fmt.Errorf("clicked point %d at (%v, %v) is outside the square [−1, 1]²", i+1, p.X, p.Y)
		}
		if p.Class < 0 || p.Class >= MaxClasses {
			return fmt.Errorf("clicked point %d has class %d: want 0 to %d", i+1, p.Class, MaxClasses-1)
		}
	}
	if err := c.checkHide(); err != nil {
		return err
	}
	// Embed: that each origin is one, in the form browsers write, none
	// twice, is Decode's check (parseEmbed, embed.go): Embed comes only
	// from a link, and Apply keeps it as it is.
	if len(c.Embed) > MaxEmbedOrigins {
		return fmt.Errorf("embedding: at most %d origins", MaxEmbedOrigins)
	}
	if q := c.Quiz; q.Right < 0 || q.Right > q.Asked || q.Asked > MaxQuizAsked || !q.On && q.Asked > 0 {
		return fmt.Errorf("predict-then-reveal: a score of %d of %d", q.Right, q.Asked)
	}
	if c.Lesson != "" && !LessonName(c.Lesson) || c.LessonStep < 0 || c.LessonStep > MaxLessonSteps || (c.Lesson == "") != (c.LessonStep == 0) {
		return fmt.Errorf("lesson: %q step %d", clip(c.Lesson), c.LessonStep)
	}
	if c.Task == TaskNovelty && c.Nu == 0 {
		return errors.New("novelty detection needs the ν-trick: set ν above 0")
	}
	if c.Task == TaskRegression && c.Learner != LearnerNORMA {
		return fmt.Errorf("regression needs the NORMA learner: %s has no regression loss (JMLR Table 1)", c.Learner)
	}
	if c.Task == TaskNovelty && c.Learner == LearnerPerceptron {
		return errors.New("the kernel perceptron cannot do novelty detection: choose SVMD or NORMA")
	}
	if err := c.validateSecond(); err != nil {
		return err
	}
	if err := c.validateLinear(); err != nil {
		return err
	}
	return c.validateEvents()
}

// Quantize returns p with X and Y rounded to the nearest multiple of
// 1/Quantum and clamped to [−1, 1]: the exact values a link stores.
func Quantize(p Point) Point {
	q := func(v float64) float64 {
		r := max(-1, min(1, math.Round(v*Quantum)/Quantum))
		if r == 0 || math.IsNaN(r) {
			r = 0 // no −0: the link stores +0; NaN (never valid) becomes 0
		}
		return r
	}
	return Point{X: q(p.X), Y: q(p.Y), Class: p.Class}
}

// RunChanged reports whether going from a to b changes the run (so the
// page must rebuild the simulation): every field except StepsPerFrame, Grid,
// Playing, Hide, Presenter, Embed, Quiz, Lesson, LessonStep and At.
func RunChanged(a, b Config) bool {
	a.Presenter, b.Presenter = false, false
	a.StepsPerFrame, b.StepsPerFrame = 0, 0
	a.Grid, b.Grid = 0, 0
	a.Playing, b.Playing = false, false
	a.Hide, b.Hide = nil, nil
	a.At, b.At = 0, 0
	if !slices.Equal(a.Events, b.Events) {
		return true
	}
	if len(a.Points) != len(b.Points) {
		return true
	}
	for i := range a.Points {
		if a.Points[i] != b.Points[i] {
			return true
		}
	}
	a.Points, b.Points = nil, nil
	return !equalScalars(a, b)
}

func equalScalars(a, b Config) bool {
	return equalLinear(a, b) && a.Mode == b.Mode && a.Task == b.Task && a.Preset == b.Preset && a.Noise == b.Noise &&
		a.Classes == b.Classes && a.Learner == b.Learner && a.Kernel == b.Kernel && a.Sigma == b.Sigma &&
		a.Degree == b.Degree && a.Scale == b.Scale && a.Constant == b.Constant && a.Lambda == b.Lambda &&
		a.Eta0 == b.Eta0 && a.Tau == b.Tau && a.Mu == b.Mu && a.Decay == b.Decay && a.Nu == b.Nu && a.MarginRule == b.MarginRule && a.Schedule == b.Schedule &&
		a.BufferSize == b.BufferSize && a.Offset == b.Offset && a.Seed == b.Seed &&
		a.Generated == b.Generated && a.Data == b.Data && a.Stream == b.Stream && a.Compare == b.Compare && a.Figure == b.Figure &&
		a.Second == b.Second && a.Window == b.Window && a.RegretRestart == b.RegretRestart &&
		a.Hindsight == b.Hindsight && a.NormBound == b.NormBound && a.RunLength == b.RunLength
}
