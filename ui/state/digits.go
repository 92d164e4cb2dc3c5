package state

import "slices"

// Data values: the data set of ModeDigits.
const (
	Data8x8   = "8x8"   // 1,797 digits of 8×8 pixels (static/data/digits8x8.kpd.gz)
	DataMNIST = "mnist" // 10,000 MNIST digits of 28×28 pixels (static/data/mnist10k.kpd.gz)
	// DataFile is a LIBSVM or CSV file the user loaded. The file itself
	// cannot travel in a link: a link with ds=file asks for the file again.
	DataFile = "file"
)

// Stream values: how ModeDigits presents and labels the examples (the
// streams of core/data).
const (
	StreamMulticlass = "10way"    // every digit once, random order, 10-way labels (JMLR §6.1.2)
	StreamSplit      = "split"    // every digit once, 0–4 (−1) vs 5–9 (+1) (JMLR §6.1.1)
	StreamSwitch     = "switch"   // 0 vs 1, then 2 vs 3 (conference paper §5)
	StreamCounting   = "counting" // a 3-digit counter 000…999 twice, 10-way (JMLR §6.2)
	StreamNovelty    = "novelty"  // zeros, with 5% other digits as novelties
)

// CompareNone runs a single learner (Config.Compare).
const CompareNone = "none"

// Figure values: the papers' experiments (core/experiment.Setups by name).
// FigureNone runs the learner(s) configured by the other fields.
const (
	FigureNone       = "none"
	FigureBinary     = "binary"     // JMLR Fig. 3
	FigureMulticlass = "multiclass" // JMLR Fig. 4
	FigureCounting   = "counting"   // JMLR Fig. 6
	FigureNovelty    = "novelty"    // JMLR Fig. 7 (left)
	FigureSwitch     = "switch"     // conference paper Figs. 1–2
	FigureBuffer     = "buffer"     // JMLR Fig. 7 (right)
)

// Figures lists the figure presets in the papers' order with the data set
// and stream each runs on (the same as core/experiment's setups; ui/sim
// tests that they agree) and a title for the page.
var Figures = []struct {
	Name, Data, Stream, Title string
}{
	{FigureBinary, Data8x8, StreamSplit, "JMLR Fig. 3 — ν-SVM, 0–4 vs 5–9"},
	{FigureMulticlass, Data8x8, StreamMulticlass, "JMLR Fig. 4 — 10-way digits"},
	{FigureCounting, DataMNIST, StreamCounting, "JMLR Fig. 6 — counting sequence"},
	{FigureNovelty, DataMNIST, StreamCounting, "JMLR Fig. 7 (left) — novelty detection"},
	{FigureSwitch, DataMNIST, StreamSwitch, "Conference Figs. 1–2 — 0/1, then 2/3"},
	{FigureBuffer, DataMNIST, StreamMulticlass, "JMLR Fig. 7 (right) — buffer size ω"},
}

func isDigits(c Config) bool { return c.Mode == ModeDigits }

func noFigure(c Config) bool { return c.Mode == ModeDigits && c.Figure == FigureNone }

// digitsFields are appended to [Fields] (after the 2D settings, so that
// older links keep their order). They matter only in ModeDigits.
var digitsFields = []Field{
	{Key: "ds", Name: "Data", Label: "digit set", Kind: Choice,
		Options: []string{Data8x8, DataMNIST, DataFile},
		Hint:    "1,797 digits of 8×8 pixels, 10,000 MNIST digits of 28×28, or your own LIBSVM/CSV file (a link cannot carry it)",
		Group:   GroupData, active: noFigure},
	{Key: "st", Name: "Stream", Label: "stream", Kind: Choice,
		Options: []string{StreamMulticlass, StreamSplit, StreamSwitch, StreamCounting, StreamNovelty},
		Hint:    "which digits, labelled how, in which order: each once (10 classes or two halves), a switch of task halfway, a counter, or novelty detection",
		Group:   GroupData, active: func(c Config) bool { return noFigure(c) && c.Data != DataFile }},
	{Key: "fig", Name: "Figure", Label: "paper figure", Kind: Choice,
		Options: []string{FigureNone, FigureBinary, FigureMulticlass, FigureCounting, FigureNovelty, FigureSwitch, FigureBuffer},
		Hint:    "run one of the papers' experiments with the papers' learners and settings",
		Group:   GroupData, active: isDigits},
	{Key: "vs", Name: "Compare", Label: "compare with", Kind: Choice,
		Options: []string{CompareNone, LearnerSVMD, LearnerSVMD0, LearnerNORMA, LearnerPerceptron},
		Hint:    "a second learner with its own settings on the identical stream, charts overlaid; in 2D its surface beside the plot",
		Group:   GroupLearner, active: func(c Config) bool { return noFigure(c) || c.Mode == Mode2D && !IsRESvsSGD(c) }},
}

// windowField is the error window N of the charts (Config.Window),
// appended after the digits fields.
var windowField = Field{Key: "win", Name: "Window", Symbol: "N", Label: "error window", Kind: Integer,
	Min: MinWindow, Max: MaxWindow, Log: true,
	Hint:  "the error charts also show the mistakes among the last N steps, so that tracking a drifting stream shows",
	Group: GroupRun}

// regretRestartField is the regret chart's restart at a detection
// (Config.RegretRestart), appended last (linear.go's init).
var regretRestartField = Field{Key: "rsc", Name: "RegretRestart", Label: "regret since the change", Kind: Bool,
	Hint:  "restart the hindsight comparator at each ADWIN detection (at least 100 steps apart): the regret chart then compares with the best fixed predictor since the change",
	Group: GroupRun, active: func(c Config) bool {
		return c.Mode == Mode2D || c.Mode == ModeDigits && (c.Data == DataFile || DigitsTask(c) == TaskBinary)
	}}

// hindsightField is the plot's g* boundary (Config.Hindsight), appended
// last (linear.go's init).
var hindsightField = Field{Key: "gs", Name: "Hindsight", Label: "hindsight boundary g*", Kind: Bool,
	Hint:  "draw dotted the boundary of g*, the best fixed predictor in hindsight (the regret chart's comparator, at its latest checkpoint), so the online boundary can be seen chasing it",
	Group: GroupRun, active: func(c Config) bool { return c.Mode == Mode2D && c.Task == TaskBinary }}

// scheduleField is NORMA's schedule (Config.Schedule), appended last with
// its second learner's copy (linear.go's init).
var scheduleField = Field{Key: "sch", Name: "Schedule", Label: "schedule", Kind: Choice,
	Options: []string{ScheduleJMLR, ScheduleTheorem2, ScheduleTheorem1},
	Hint:    "NORMA's step size: JMLR's η₀·√(τ/(τ+t)) (eq. 59), NORMA Theorem 2's 1/(3λ√t) or Theorem 1's constant B/(X√m), under which the regret chart draws the theorem's bound (eq. 23 or 22; also needs no offset and ω ≥ t)",
	Group:   GroupStepSize, active: isLearner(LearnerNORMA)}

// theorem1Fields are B and m of NORMA Theorem 1 (Config.NormBound,
// Config.RunLength), appended last (linear.go's init): shared by both
// learners, shown when one of them runs NORMA as in Theorem 1.
var theorem1Fields = []Field{
	{Key: "nb", Name: "NormBound", Symbol: "B", Label: "norm bound", Kind: Number, Min: MinNormBound, Max: MaxNormBound, Log: true,
		Hint:  "NORMA Theorem 1 compares with the best g with ‖g‖ ≤ B, fixed in advance; the rate is Λ = B/(X√m)",
		Group: GroupStepSize, active: theorem1},
	{Key: "nm", Name: "RunLength", Symbol: "m", Label: "run length", Kind: Integer, Min: 1, Max: MaxRunLength, Log: true,
		Hint:  "NORMA Theorem 1's run of m examples, fixed in advance: its bound (eq. 22) is drawn up to t = m and says nothing beyond",
		Group: GroupStepSize, active: theorem1},
}

// init appends the digits fields, then the second learner's (second.go)
// and the error window: appended, so the indices older links' edits
// (ev=…) name fields by stay the same (linear.go's init appends the
// linear solvers' fields, then NORMA's schedule).
func init() {
	Fields = append(Fields, digitsFields...)
	Fields = append(Fields, secondFields()...)
	Fields = append(Fields, windowField)
}

// DigitsTask returns the task ModeDigits learns under c: multiclass for the
// 10-way and counting streams, binary for split and switch, novelty for the
// novelty stream (for DataFile the page decides from the file's labels).
// A figure's task is its stream's.
func DigitsTask(c Config) string {
	s := c.Stream
	if f, ok := FigureByName(c.Figure); ok {
		s = f.Stream
		if f.Name == FigureNovelty {
			return TaskNovelty
		}
	}
	switch s {
	case StreamSplit, StreamSwitch:
		return TaskBinary
	case StreamNovelty:
		return TaskNovelty
	}
	return TaskMulticlass
}

// FigureByName returns the entry of [Figures] with the given name.
func FigureByName(name string) (f struct{ Name, Data, Stream, Title string }, ok bool) {
	i := slices.IndexFunc(Figures, func(f struct{ Name, Data, Stream, Title string }) bool { return f.Name == name })
	if i < 0 {
		return f, false
	}
	return Figures[i], true
}

// DigitsDefault returns the digits demo: SVMD on the 10-way 8×8 digits with
// the settings of JMLR §6.1.2 (Gaussian σ = 8 rescaled to the 8×8 digits'
// range: 2; c = 1/(500n) ≈ 1.1·10⁻⁶ for n = 1,797; η₀ = 0.1, μ = 0.1,
// λ = 0.99; ω = 512; no offset), five digits per frame so each can be seen,
// playing. Hide is kept empty.
func DigitsDefault() Config {
	c := Default()
	c.Mode = ModeDigits
	c.Data, c.Stream, c.Compare, c.Figure = Data8x8, StreamMulticlass, CompareNone, FigureNone
	c.Learner, c.Kernel = LearnerSVMD, KernelGaussian
	dataDefaults(&c)
	c.Mu, c.Decay, c.Nu, c.Tau = 0.1, 0.99, 0, 100
	c.BufferSize, c.Offset = 512, false
	c.StepsPerFrame = 5
	c.Playing = true
	c.Second = c.Settings()
	c.Window = DigitsWindow
	return c
}

// ComparePreset returns [DigitsDefault] with NORMA (τ = 100, JMLR eq. 59)
// as the second learner: SVMD against NORMA on the identical stream.
func ComparePreset() Config {
	c := DigitsDefault()
	c.Compare = LearnerNORMA
	c.StepsPerFrame = 20
	return c
}

// FigurePreset returns the digits configuration that runs the papers'
// experiment name (a [Figures] name): its data set and stream, the
// experiment's own learners, fifty steps per frame, playing. ok is false
// for an unknown name.
func FigurePreset(name string) (c Config, ok bool) {
	f, ok := FigureByName(name)
	if !ok {
		return Config{}, false
	}
	c = DigitsDefault()
	c.Figure, c.Data, c.Stream = f.Name, f.Data, f.Stream
	dataDefaults(&c)
	c.Second = c.Settings()
	c.StepsPerFrame = 50
	return c, true
}

// DataDefaults holds, in one place, the settings each digit set runs with
// by default (the digits demo, a hand-written link naming the set, and a
// switch of set in the page): the Gaussian width σ of JMLR §6 (σ = 8 on
// USPS' 256 pixels in [−1, 1]) rescaled to the set's pixels as
// core/experiment does (σ·½·√(d/256): 2 for 8×8, 7 for 784 pixels in
// [0, 1]), the regularizer c = 1/(500n) of JMLR §6.1.2 for the 8×8 set's
// n = 1,797 (1.1·10⁻⁶, also the smallest λ the page offers, so MNIST's
// 2·10⁻⁷ is clamped to it) and η₀ = 0.1 (JMLR §6.1.2). A loaded file
// (DataFile) has no entry: the page sets σ from the file (ui/app).
var DataDefaults = map[string]struct{ Sigma, Lambda, Eta0 float64 }{
	Data8x8:   {Sigma: 2, Lambda: 1.1e-6, Eta0: 0.1},
	DataMNIST: {Sigma: 7, Lambda: 1.1e-6, Eta0: 0.1},
}

// dataDefaults sets c's σ, λ and η₀ to those of its digit set
// ([DataDefaults]); other sets are left alone.
func dataDefaults(c *Config) {
	if d, ok := DataDefaults[c.Data]; ok {
		c.Sigma, c.Lambda, c.Eta0 = d.Sigma, d.Lambda, d.Eta0
	}
}

// switchDataDefaults moves n's σ, λ and η₀ to the defaults of its digit
// set n.Data where c (the config before the switch) had them at the
// defaults of c.Data; values the user changed stay.
func switchDataDefaults(c Config, n *Config) {
	old, okOld := DataDefaults[c.Data]
	d, ok := DataDefaults[n.Data]
	if !ok || !okOld {
		return
	}
	// The second learner's settings move the same way.
	c2, n2 := c.SecondConfig(), n.SecondConfig()
	defer func() {
		if n.Compare != CompareNone {
			n.Second = n2.Settings()
		}
	}()
	if n.Compare != CompareNone {
		switchFirst(c2, &n2, old, d)
	}
	switchFirst(c, n, old, d)
}

// switchFirst moves n's first learner's σ, λ and η₀ from the defaults old
// to d where c had them at old.
func switchFirst(c Config, n *Config, old, d struct{ Sigma, Lambda, Eta0 float64 }) {
	if c.Kernel == KernelGaussian && c.Sigma == old.Sigma {
		n.Sigma = d.Sigma
	}
	if c.Lambda == old.Lambda {
		n.Lambda = d.Lambda
	}
	if c.Eta0 == old.Eta0 {
		n.Eta0 = d.Eta0
	}
}
