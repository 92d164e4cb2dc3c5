package state

import (
	"fmt"
	"math"
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

	get    func(*Config) string
	set    func(*Config, string) error
	active func(Config) bool
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
		if v < f.Min || v > f.Max {
			return fmt.Errorf("%s = %s is out of range: want %s to %s", f.title(), s, Format(f.Min), Format(f.Max))
		}
	}
	return nil
}

// title is the label and symbol, e.g. "kernel width σ".
func (f *Field) title() string {
	if f.Symbol == "" {
		return f.Label
	}
	return f.Label + " " + f.Symbol
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
		return 0, fmt.Errorf("%q is not a number", s)
	}
	return v, nil
}

func parseInt(s string) (int, error) {
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("%q is not a whole number", s)
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
	return false, fmt.Errorf("%q is not 1 or 0", s)
}

func fmtBool(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

// Builders for the table.
func num(key, name, sym, label string, min, max, step float64, log bool, hint string, g Group,
	p func(*Config) *float64, active func(Config) bool) Field {
	return Field{Key: key, Name: name, Symbol: sym, Label: label, Kind: Number, Min: min, Max: max, Step: step,
		Log: log, Hint: hint, Group: g, active: active,
		get: func(c *Config) string { return Format(*p(c)) },
		set: func(c *Config, s string) error {
			v, err := parseFloat(s)
			*p(c) = v
			return err
		}}
}

func integer(key, name, sym, label string, min, max float64, log bool, hint string, g Group,
	p func(*Config) *int, active func(Config) bool) Field {
	step := 1.0
	if log {
		step = 0
	}
	return Field{Key: key, Name: name, Symbol: sym, Label: label, Kind: Integer, Min: min, Max: max, Step: step,
		Log: log, Hint: hint, Group: g, active: active,
		get: func(c *Config) string { return strconv.Itoa(*p(c)) },
		set: func(c *Config, s string) error {
			v, err := parseInt(s)
			*p(c) = v
			return err
		}}
}

func choice(key, name, label string, opts []string, hint string, g Group, p func(*Config) *string,
	active func(Config) bool) Field {
	return Field{Key: key, Name: name, Label: label, Kind: Choice, Options: opts, Hint: hint, Group: g,
		active: active,
		get:    func(c *Config) string { return *p(c) },
		set:    func(c *Config, s string) error { *p(c) = s; return nil }}
}

func boolean(key, name, sym, label, hint string, g Group, p func(*Config) *bool, active func(Config) bool) Field {
	return Field{Key: key, Name: name, Symbol: sym, Label: label, Kind: Bool, Hint: hint, Group: g, active: active,
		get: func(c *Config) string { return fmtBool(*p(c)) },
		set: func(c *Config, s string) error {
			v, err := parseBool(s)
			*p(c) = v
			return err
		}}
}

func isKernel(ks ...string) func(Config) bool {
	return func(c Config) bool { return slices.Contains(ks, c.Kernel) }
}

func isLearner(ls ...string) func(Config) bool {
	return func(c Config) bool { return slices.Contains(ls, c.Learner) }
}

func notPerceptron(c Config) bool { return c.Learner != LearnerPerceptron }

// Fields is the table of settings, in display and link order. Points and
// Hide are not in it (the link stores them under "pts" and "h").
var Fields = []Field{
	choice("mode", "Mode", "data", []string{Mode2D, ModeDigits},
		"what the plot shows", GroupData, func(c *Config) *string { return &c.Mode }, nil),
	choice("t", "Task", "task", []string{TaskBinary, TaskMulticlass, TaskNovelty, TaskRegression},
		"what is learned: two classes, several classes, the support of one class, or a 1D curve",
		GroupData, func(c *Config) *string { return &c.Task }, nil),
	choice("p", "Preset", "data set",
		[]string{PresetGaussians, PresetXOR, PresetCircles, PresetMoons, PresetSpirals, PresetCheckerboard, PresetRotating,
			PresetRESvsSGD},
		"the generator drawing examples while no points are clicked; rotating drifts with time",
		GroupData, func(c *Config) *string { return &c.Preset },
		func(c Config) bool { return c.Task != TaskRegression && len(c.Points) == 0 }),
	num("n", "Noise", "", "noise", 0, 0.5, 0.01, false,
		"standard deviation of the jitter added to generated examples",
		GroupData, func(c *Config) *float64 { return &c.Noise }, func(c Config) bool { return len(c.Points) == 0 }),
	integer("c", "Classes", "K", "classes", 2, MaxClasses, false, "number of classes of the multiclass task",
		GroupData, func(c *Config) *int { return &c.Classes }, func(c Config) bool { return c.Task == TaskMulticlass }),
	{Key: "r", Name: "Seed", Label: "seed", Kind: Integer, Min: 0, Max: math.MaxUint32, Step: 1,
		Hint: "seeds the generator and the order of clicked points: same seed, same run", Group: GroupData,
		get: func(c *Config) string { return strconv.FormatUint(c.Seed, 10) },
		set: func(c *Config, s string) error {
			v, err := strconv.ParseUint(s, 10, 64)
			if err != nil {
				return fmt.Errorf("%q is not a whole number from 0 to %d", s, uint64(math.MaxUint32))
			}
			c.Seed = v
			return nil
		}},

	choice("l", "Learner", "learner", []string{LearnerSVMD, LearnerSVMD0, LearnerNORMA, LearnerPerceptron,
		LearnerPegasos, LearnerKernelPegasos, LearnerDCD, LearnerAMM, LearnerMulticlass, LearnerRES, LearnerSGD},
		"SVMD adapts η by stochastic meta-descent; svmd0 without the trace; NORMA decays η on a schedule; the rest are linear SVM solvers",
		GroupLearner, func(c *Config) *string { return &c.Learner }, nil),
	num("lam", "Lambda", "λ", "regularizer", 1e-6, 1, 0, true,
		"c in the JMLR paper: each step shrinks every coefficient by (1 − ηλ), so larger λ forgets faster",
		GroupLearner, func(c *Config) *float64 { return &c.Lambda }, notPerceptron),
	num("nu", "Nu", "ν", "margin-error fraction", 0, 1, 0.01, false,
		"ν-trick: the margin adapts so that about a fraction ν of examples violate it; 0 fixes the margin at 1",
		GroupLearner, func(c *Config) *float64 { return &c.Nu }, notPerceptron),
	boolean("b", "UseOffset", "b", "offset",
		"learn a bias b, so the boundary need not pass where f's expansion is 0",
		GroupLearner, func(c *Config) *bool { return &c.UseOffset }, nil),

	choice("k", "Kernel", "kernel", []string{KernelGaussian, KernelPolynomial, KernelLinear, KernelLaplacian},
		"similarity between two inputs; the Gaussian is smooth and local",
		GroupKernel, func(c *Config) *string { return &c.Kernel }, nil),
	num("s", "Sigma", "σ", "kernel width", 0.01, 10, 0, true,
		"length scale of the kernel: small σ gives wiggly boundaries, large σ smooth ones",
		GroupKernel, func(c *Config) *float64 { return &c.Sigma }, isKernel(KernelGaussian, KernelLaplacian)),
	integer("d", "Degree", "p", "degree", 1, 10, false, "polynomial degree",
		GroupKernel, func(c *Config) *int { return &c.Degree }, isKernel(KernelPolynomial)),
	num("ks", "Scale", "a", "scale", 0.01, 100, 0, true, "multiplies ⟨x, x'⟩ before the offset is added",
		GroupKernel, func(c *Config) *float64 { return &c.Scale }, isKernel(KernelPolynomial)),
	num("ko", "Offset", "c₀", "kernel offset", 0, 10, 0.1, false, "added to a·⟨x, x'⟩; 0 is the homogeneous kernel",
		GroupKernel, func(c *Config) *float64 { return &c.Offset }, isKernel(KernelPolynomial)),

	num("e", "Eta0", "η₀", "initial step size", 1e-4, 10, 0, true,
		"the step size at t = 1; SVMD adapts it, NORMA decays it as √(τ/(τ+t))",
		GroupStepSize, func(c *Config) *float64 { return &c.Eta0 }, notPerceptron),
	num("tau", "Tau", "τ", "decay time", 1, 1e5, 0, true,
		"NORMA's schedule η_t = η₀·√(τ/(τ + t)) (JMLR eq. 59): larger τ decays later",
		GroupStepSize, func(c *Config) *float64 { return &c.Tau }, isLearner(LearnerNORMA)),
	num("m", "Mu", "μ", "meta step size", 1e-4, 10, 0, true,
		"how fast SVMD changes η: η ← η·max(½, 1 − μ⟨g, v⟩)",
		GroupStepSize, func(c *Config) *float64 { return &c.Mu }, isLearner(LearnerSVMD, LearnerSVMD0)),
	num("dc", "Decay", "ρ", "trace decay", 0, 1, 0.01, false,
		"λ in the JMLR paper: how far back SVMD's gradient trace v remembers; 0 sees one step, 1 the whole run",
		GroupStepSize, func(c *Config) *float64 { return &c.Decay }, isLearner(LearnerSVMD)),

	integer("w", "BufferSize", "ω", "buffer size", 1, 4096, true,
		"the expansion keeps the ω most recent terms; older ones are evicted",
		GroupBuffer, func(c *Config) *int { return &c.BufferSize }, nil),

	integer("spf", "StepsPerFrame", "", "steps per frame", 1, 1000, true,
		"examples learned per animation frame while playing",
		GroupRun, func(c *Config) *int { return &c.StepsPerFrame }, nil),
	integer("g", "Grid", "", "surface resolution", 20, 400, false,
		"pixels per side of the decision surface",
		GroupRun, func(c *Config) *int { return &c.Grid }, nil),
	boolean("play", "Playing", "", "playing", "whether the run advances by itself",
		GroupRun, func(c *Config) *bool { return &c.Playing }, nil),
}
