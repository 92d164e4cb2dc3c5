package state

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// Kind is the type of a control's value.
type Kind int

const (
	// Number is a real value with Min ≤ v ≤ Max (a slider, log-scaled when Log).
	Number Kind = iota
	// Integer is an integer value with Min ≤ v ≤ Max.
	Integer
	// Choice is one of Options (a select).
	Choice
	// Bool is on or off (a checkbox); its string value is "1" or "0".
	Bool
)

// Group names the panel a control sits in.
type Group string

// The control groups, in the order the page shows them.
const (
	GroupData     Group = "Data"
	GroupLearner  Group = "Learner"
	GroupKernel   Group = "Kernel"
	GroupStepSize Group = "Step size"
	GroupBuffer   Group = "Buffer"
	GroupRun      Group = "Run"
)

// Field describes one setting of [Config]: its URL key, how the page shows
// it (symbol, label, range, scale, one-line hint, group) and how to read and
// write it as a string. The page builds its controls from [Fields].
type Field struct {
	// Key is the short URL key, unique, e.g. "s" for σ.
	Key string
	// Name is the Config field's Go name, e.g. "Sigma".
	Name string
	// Symbol is the paper's symbol shown beside the control, e.g. "σ"; may
	// be empty.
	Symbol string
	// Label is a short human name, e.g. "kernel width".
	Label string
	// Kind is the value type.
	Kind Kind
	// Min, Max bound Number and Integer values (inclusive).
	Min, Max float64
	// Step is the slider step for linear Number/Integer controls (0 for log
	// sliders, which move in ratios).
	Step float64
	// Log says the slider moves on a log scale (Min > 0).
	Log bool
	// Options are the values of a Choice, in display order.
	Options []string
	// Hint is a one-line explanation shown under the control.
	Hint string
	// Group is the panel.
	Group Group

	// active is nil when the field always matters.
	active func(Config) bool
	// second says the field is the second learner's copy of a first
	// learner's setting (Config.Second; second.go).
	second bool
}

// The table below is static data (composite literals and closures without
// captures, which the compiler lays out in the binary instead of building
// them at start-up): a field reaches its Config field by Name through
// reflect, which the page links anyway (fmt). TestFieldsTable checks that
// every Name is a Config field of the Kind's type.

// value returns the Config field named f.Name in *c.
func (f *Field) value(c *Config) reflect.Value {
	if f.second {
		return reflect.ValueOf(&c.Second).Elem().FieldByName(f.Name)
	}
	return reflect.ValueOf(c).Elem().FieldByName(f.Name)
}

// Second reports whether the field is one of the second learner's
// settings (key SecondPrefix + a first learner's key; Config.Second).
func (f *Field) Second() bool { return f.second }

// get returns the field's value in *c as its string form.
func (f *Field) get(c *Config) string {
	v := f.value(c)
	switch v.Kind() {
	case reflect.Float64:
		return Format(v.Float())
	case reflect.Int:
		return strconv.FormatInt(v.Int(), 10)
	case reflect.Uint64:
		return strconv.FormatUint(v.Uint(), 10)
	case reflect.Bool:
		return fmtBool(v.Bool())
	}
	return v.String()
}

// set parses s into the field's value in *c. A number that does not parse
// is an error, and sets a float64 or int field to 0 (the seed, a uint64, is
// left alone); range and option checks are Validate's.
func (f *Field) set(c *Config, s string) error {
	v := f.value(c)
	switch v.Kind() {
	case reflect.Float64:
		x, err := parseFloat(s)
		v.SetFloat(x)
		return err
	case reflect.Int:
		x, err := parseInt(s)
		if err != nil {
			// "1e9" or "4096.0": a whole number written as a real one is
			// read as that number, so the range check can say it is too
			// large rather than "not a whole number".
			if r, ferr := strconv.ParseFloat(s, 64); ferr == nil && r == math.Trunc(r) {
				if math.Abs(r) > math.MaxInt32 {
					return fmt.Errorf("%s is too large: want %s to %s", clip(s), Format(f.Min), Format(f.Max))
				}
				x, err = int(r), nil
			}
		}
		v.SetInt(int64(x))
		return err
	case reflect.Uint64:
		x, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return fmt.Errorf("%q is not a whole number from 0 to %d", clip(s), uint64(f.Max))
		}
		v.SetUint(x)
		return nil
	case reflect.Bool:
		x, err := parseBool(s)
		v.SetBool(x)
		return err
	}
	v.SetString(s)
	return nil
}

// Get returns the field's value in c as its string form (the one the link
// stores and [SetField] takes).
func (f *Field) Get(c Config) string { return f.get(&c) }

// Value returns the field's value in c as a float64: the number for Number
// and Integer, 1 or 0 for Bool, the option's index for Choice.
func (f *Field) Value(c Config) float64 {
	s := f.get(&c)
	switch f.Kind {
	case Choice:
		return float64(slices.Index(f.Options, s))
	case Bool:
		if s == "1" {
			return 1
		}
		return 0
	}
	v, _ := strconv.ParseFloat(s, 64)
	return v
}

// Active reports whether the field matters under c (e.g. σ only for the
// Gaussian and Laplacian kernels, μ only for SVMD): the page greys out or
// hides inactive controls.
func (f *Field) Active(c Config) bool {
	if on, ok := linearActive(f.Key, c); ok {
		return on
	}
	return f.active == nil || f.active(c)
}

// Format returns the string form of a Number or Integer value v as the
// link stores it: the shortest decimal that parses back to v exactly.
func Format(v float64) string {
	return strings.Replace(strconv.FormatFloat(v, 'g', -1, 64), "e+", "e", 1)
}

// check validates the field's value in c.
func (f *Field) check(c Config) error {
	s := f.get(&c)
	switch f.Kind {
	case Choice:
		if !slices.Contains(f.Options, s) {
			return fmt.Errorf("%s = %q is not one of %s", f.title(), s, strings.Join(f.Options, ", "))
		}
	case Number, Integer:
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("%s = %s is not a number", f.title(), s)
		}
		switch {
		case v > f.Max:
			return fmt.Errorf("%s = %s is too large: want %s to %s", f.title(), s, Format(f.Min), Format(f.Max))
		case v < f.Min:
			return fmt.Errorf("%s = %s is too small: want %s to %s", f.title(), s, Format(f.Min), Format(f.Max))
		}
	}
	return nil
}

// title is the label and symbol, e.g. "kernel width σ".
func (f *Field) title() string {
	t := f.Label
	if f.second {
		t = "second learner's " + t
	}
	if f.Symbol == "" {
		return t
	}
	return t + " " + f.Symbol
}

// FieldByKey returns the field with the given URL key.
func FieldByKey(key string) (*Field, bool) {
	for i := range Fields {
		if Fields[i].Key == key {
			return &Fields[i], true
		}
	}
	return nil, false
}

func parseFloat(s string) (float64, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not a number", clip(s))
	}
	return v, nil
}

func parseInt(s string) (int, error) {
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("%q is not a whole number", clip(s))
	}
	return v, nil
}

func parseBool(s string) (bool, error) {
	switch s {
	case "1", "true":
		return true, nil
	case "0", "false":
		return false, nil
	}
	return false, fmt.Errorf("%q is not 1 or 0", clip(s))
}

func fmtBool(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

func isKernel(ks ...string) func(Config) bool {
	return func(c Config) bool { return slices.Contains(ks, c.Kernel) }
}

func isLearner(ls ...string) func(Config) bool {
	return func(c Config) bool { return slices.Contains(ls, c.Learner) }
}

// generated reports whether the generator feeds the stream under c.
func generated(c Config) bool { return c.Generated || len(c.Points) == 0 }

func notPerceptron(c Config) bool { return c.Learner != LearnerPerceptron }

// Fields is the table of settings, in display and link order. Points and
// Hide are not in it (the link stores them under "pts" and "h").
var Fields = []Field{
	{Key: "mode", Name: "Mode", Label: "data", Kind: Choice,
		Options: []string{Mode2D, ModeDigits},
		Hint:    "what the plot shows",
		Group:   GroupData},
	{Key: "t", Name: "Task", Label: "task", Kind: Choice,
		Options: []string{TaskBinary, TaskMulticlass, TaskNovelty, TaskRegression},
		Hint:    "what is learned: two classes, several classes, the support of one class, or a 1D curve",
		Group:   GroupData},
	{Key: "p", Name: "Preset", Label: "data set", Kind: Choice,
		Options: []string{PresetGaussians, PresetXOR, PresetCircles, PresetMoons, PresetSpirals, PresetCheckerboard, PresetRotating,
			PresetRESvsSGD},
		Hint:  "the generator drawing examples (clicked points join them); rotating drifts with time",
		Group: GroupData, active: func(c Config) bool { return c.Task != TaskRegression && generated(c) }},
	{Key: "n", Name: "Noise", Label: "noise", Kind: Number, Min: 0, Max: 0.5, Step: 0.01,
		Hint:  "standard deviation of the jitter added to generated examples",
		Group: GroupData, active: generated},
	{Key: "c", Name: "Classes", Symbol: "K", Label: "classes", Kind: Integer, Min: 2, Max: MaxClasses, Step: 1,
		Hint:  "number of classes of the multiclass task",
		Group: GroupData, active: func(c Config) bool { return c.Task == TaskMulticlass }},
	{Key: "r", Name: "Seed", Label: "seed", Kind: Integer, Min: 0, Max: math.MaxUint32, Step: 1,
		Hint: "seeds the generator and the order of clicked points: same seed, same run", Group: GroupData},

	{Key: "l", Name: "Learner", Label: "learner", Kind: Choice,
		Options: []string{LearnerSVMD, LearnerSVMD0, LearnerNORMA, LearnerPerceptron,
			LearnerPegasos, LearnerKernelPegasos, LearnerDCD, LearnerAMM, LearnerMulticlass, LearnerRES, LearnerSGD},
		Hint:  "SVMD adapts η by stochastic meta-descent; svmd0 without the trace; NORMA decays η on a schedule; the rest are linear SVM solvers",
		Group: GroupLearner},
	{Key: "lam", Name: "Lambda", Symbol: "λ", Label: "regularizer", Kind: Number, Min: 1e-6, Max: 1, Log: true,
		Hint:  "c in the JMLR paper: each step shrinks every coefficient by (1 − ηλ), so larger λ forgets faster",
		Group: GroupLearner, active: notPerceptron},
	{Key: "nu", Name: "Nu", Symbol: "ν", Label: "margin errors", Kind: Number, Min: 0, Max: 1, Step: 0.01,
		Hint:  "ν-trick: the margin adapts so that about a fraction ν of examples violate it; 0 fixes the margin at 1",
		Group: GroupLearner, active: notPerceptron},
	{Key: "mr", Name: "MarginRule", Label: "margin rule", Kind: Choice,
		Options: []string{MarginRuleAdditive, MarginRuleLog, MarginRuleLogDecay},
		Hint:    "how ν-NORMA moves its margin: additive with η_t (NORMA eq. 14), in log space with its own step size (JMLR eqs. 55–56, as ν-SVMD), or in log space with a step shrinking as √(τ/(τ+t)) (our choice: JMLR gives none)",
		Group:   GroupLearner, active: func(c Config) bool { return c.Learner == LearnerNORMA && c.Nu > 0 }},
	{Key: "b", Name: "Offset", Symbol: "b", Label: "offset", Kind: Bool,
		Hint:  "learn a bias b, so the boundary need not pass where f's expansion is 0",
		Group: GroupLearner},

	{Key: "k", Name: "Kernel", Label: "kernel", Kind: Choice,
		Options: []string{KernelGaussian, KernelPolynomial, KernelLinear, KernelLaplacian},
		Hint:    "similarity between two inputs; the Gaussian is smooth and local",
		Group:   GroupKernel},
	{Key: "s", Name: "Sigma", Symbol: "σ", Label: "kernel width", Kind: Number, Min: 0.01, Max: 10, Log: true,
		Hint:  "length scale of the kernel: small σ gives wiggly boundaries, large σ smooth ones",
		Group: GroupKernel, active: isKernel(KernelGaussian, KernelLaplacian)},
	{Key: "d", Name: "Degree", Symbol: "p", Label: "degree", Kind: Integer, Min: 1, Max: 10, Step: 1,
		Hint:  "polynomial degree",
		Group: GroupKernel, active: isKernel(KernelPolynomial)},
	{Key: "ks", Name: "Scale", Symbol: "a", Label: "scale", Kind: Number, Min: 0.01, Max: 100, Log: true,
		Hint:  "multiplies ⟨x, x'⟩ before the offset is added",
		Group: GroupKernel, active: isKernel(KernelPolynomial)},
	{Key: "ko", Name: "Constant", Symbol: "c₀", Label: "kernel offset", Kind: Number, Min: 0, Max: 10, Step: 0.1,
		Hint:  "added to a·⟨x, x'⟩; 0 is the homogeneous kernel",
		Group: GroupKernel, active: isKernel(KernelPolynomial)},

	{Key: "e", Name: "Eta0", Symbol: "η₀", Label: "initial step size", Kind: Number, Min: 1e-4, Max: 10, Log: true,
		Hint:  "the step size at t = 1; SVMD adapts it, NORMA decays it as √(τ/(τ+t))",
		Group: GroupStepSize, active: func(c Config) bool { return notPerceptron(c) && !theoremRate(c) }},
	{Key: "tau", Name: "Tau", Symbol: "τ", Label: "decay time", Kind: Number, Min: 1, Max: 1e5, Log: true,
		Hint:  "NORMA's schedule η_t = η₀·√(τ/(τ + t)) (JMLR eq. 59): larger τ decays later",
		Group: GroupStepSize, active: func(c Config) bool { return c.Learner == LearnerNORMA && !theoremRate(c) }},
	{Key: "m", Name: "Mu", Symbol: "μ", Label: "meta step size", Kind: Number, Min: 1e-4, Max: 10, Log: true,
		Hint:  "how fast SVMD changes η: η ← η·max(½, 1 − μ⟨g, v⟩)",
		Group: GroupStepSize, active: isLearner(LearnerSVMD, LearnerSVMD0)},
	{Key: "dc", Name: "Decay", Symbol: "ρ", Label: "trace decay", Kind: Number, Min: 0, Max: 1, Step: 0.01,
		Hint:  "λ in the JMLR paper: how far back SVMD's gradient trace v remembers; 0 sees one step, 1 the whole run",
		Group: GroupStepSize, active: isLearner(LearnerSVMD)},

	{Key: "w", Name: "BufferSize", Symbol: "ω", Label: "buffer size", Kind: Integer, Min: 1, Max: 4096, Log: true,
		Hint:  "the expansion keeps the ω most recent terms; older ones are evicted",
		Group: GroupBuffer},

	{Key: "spf", Name: "StepsPerFrame", Label: "steps per frame", Kind: Integer, Min: 1, Max: 1000, Log: true,
		Hint:  "examples learned per animation frame while playing",
		Group: GroupRun},
	{Key: "g", Name: "Grid", Label: "surface resolution", Kind: Integer, Min: 20, Max: 400, Step: 1,
		Hint:  "pixels per side of the decision surface",
		Group: GroupRun},
	{Key: "play", Name: "Playing", Label: "playing", Kind: Bool,
		Hint:  "whether the run advances by itself",
		Group: GroupRun},
}

// theoremRate reports NORMA under one of its theorems' schedules (Theorem 2's
// 1/(3λ√t), Theorem 1's constant B/(X√m)), which have no η₀ and no τ.
func theoremRate(c Config) bool {
	return c.Learner == LearnerNORMA && (c.Schedule == ScheduleTheorem2 || c.Schedule == ScheduleTheorem1)
}

// theorem1 reports that a learner of c (the first, or the second of a
// comparison) is NORMA under its Theorem 1 schedule, which reads B and m.
func theorem1(c Config) bool {
	return c.Learner == LearnerNORMA && c.Schedule == ScheduleTheorem1 ||
		c.Comparing() && c.Compare == LearnerNORMA && c.Second.Schedule == ScheduleTheorem1
}
