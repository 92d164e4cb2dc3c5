package learn

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"kernelplay/core/expansion"
	"kernelplay/core/jsonfile"
	"kernelplay/core/kernel"
	"kernelplay/core/loss"
)

// Model files: a learner's full state as JSON (see “Model files” in the
// package documentation).
const (
	// ModelFormat is the "format" field of every model file.
	ModelFormat = "kernelplay-model"
	// ModelVersion is the "version" field this package writes and the only
	// one it reads.
	ModelVersion = 1
	// MaxModelFloats bounds the float64s a learner read from a model file
	// may allocate (2^22, 32 MiB): the bound is checked on the file's
	// settings before anything is allocated, and [MarshalModel] refuses a
	// learner above it, so that every file written can be read. The page's
	// largest learner (SVMD with ω = 4096, d = 64, K = 10) needs 4.4·10⁵.
	MaxModelFloats = 1 << 22
	// MaxModelBytes bounds the length of a model file [UnmarshalModel]
	// accepts (64 MiB). Decoding allocates at most 2 bytes per byte of the
	// file plus 24 per float64 its settings need, and nothing before the
	// file's arrays are known to fit its settings (see UnmarshalModel).
	MaxModelBytes = 64 << 20
)

// Learner names of the model file's "learner" field.
const (
	modelSVMD          = "svmd"
	modelNORMA         = "norma"
	modelKernelPegasos = "kernel-pegasos"
	modelPegasos       = "pegasos"
	modelSGD           = "sgd"
	modelRES           = "res"
	modelDCDOnline     = "dcd-online"
	modelAMM           = "amm"
	modelBinaryAMM     = "binary-amm"
)

// modelFile is the top level of a model file.
type modelFile struct {
	Format  string       `json:"format"`
	Version int          `json:"version"`
	Learner string       `json:"learner"`
	Dim     int          `json:"dim"`
	Config  jsonfile.Raw `json:"config"`
	State   jsonfile.Raw `json:"state"`
}

// MarshalModel returns the model file of l: a JSON object
//
//	{"format": "kernelplay-model", "version": 1, "learner": name, "dim": d,
//	 "config": {…settings…}, "state": {…working state…}}
//
// holding everything l's next Learn reads, so that [UnmarshalModel] returns
// a learner whose every later score and [Step] equals l's to the last bit.
// name is one of svmd, norma (the kernel perceptron included),
// kernel-pegasos, pegasos, sgd, res, dcd-online, amm (the multiclass linear
// SVM included) and binary-amm; "config" has the fields of the learner's
// Config type under their Go names, with the kernel, loss, schedule and
// enumerations by name; "state" is described at each learner's state type
// in modelfile.go and in the package documentation. Floats are written in
// the shortest form that reads back to the same float64.
//
// MarshalModel returns an error for a learner of another type, a setting
// that has no file form (a kernel, loss or schedule of another type), a
// learner above [MaxModelFloats] (or online DCD above [MaxModelWork]), and a non-finite number anywhere in its
// state (a diverged learner): NaN and ±Inf have no JSON form and are never
// written.
func MarshalModel(l Learner) ([]byte, error) {
	var (
		f       modelFile
		cfg, st any
		err     error
		who     string
		need    float64
		stErr   error
	)
	switch m := l.(type) {
	case *SVMD:
		who, f.Dim = modelSVMD, m.dim
		cfg, err = m.cfg.toJSON()
		st = m.modelState()
		need = svmdFloats(m.cfg, m.dim)
	case *NORMA:
		who, f.Dim = modelNORMA, m.dim
		cfg, err = m.cfg.toJSON()
		st = m.modelState()
		need = normaFloats(m.cfg, m.dim)
	case *KernelPegasos:
		who, f.Dim = modelKernelPegasos, m.dim
		cfg, err = m.s.toJSON()
		st = m.modelState()
		need = kernelPegasosFloats(m.s, m.dim)
	case *Pegasos:
		who, f.Dim = modelPegasos, m.dim
		cfg, st = m.s, m.modelState()
		need = 2 * float64(linWeightDim(m.dim, m.s.Bias))
	case *SGD:
		who, f.Dim = modelSGD, m.dim
		cfg, err = m.s.toJSON()
		st = m.modelState()
		need = 2 * float64(linWeightDim(m.dim, m.s.Bias))
	case *RES:
		who, f.Dim = modelRES, m.dim
		cfg, err = m.s.toJSON()
		st = m.modelState()
		need = resFloats(m.s, m.dim)
	case *DCDOnline:
		who, f.Dim = modelDCDOnline, m.dim
		cfg, err = m.s.toJSON()
		if err == nil {
			err = checkDCDWork(m.s, m.dim)
		}
		st, stErr = m.modelState()
		need = dcdFloats(m.s, m.dim)
	case *AMM:
		who, f.Dim = modelAMM, m.dim
		cfg, st = m.s, m.modelState()
		need = ammFloats(m.s, m.dim)
	case *BinaryAMM:
		who, f.Dim = modelBinaryAMM, m.dim
		cfg, st = m.a.s, m.a.modelState()
		need = ammFloats(m.a.s, m.dim)
	default:
		return nil, fmt.Errorf("learn: MarshalModel: no model file form for a %T", l)
	}
	if err == nil {
		err = stErr
	}
	if err != nil {
		return nil, fmt.Errorf("learn: MarshalModel: %s: %w", who, err)
	}
	if need > MaxModelFloats {
		return nil, fmt.Errorf("learn: MarshalModel: %s needs %.3g float64s, above the model file limit %d", who, need, MaxModelFloats)
	}
	f.Format, f.Version, f.Learner = ModelFormat, ModelVersion, who
	if f.Config, err = jsonfile.Marshal(cfg); err == nil {
		f.State, err = jsonfile.Marshal(st)
	}
	if err != nil {
		var uv *jsonfile.UnsupportedValueError
		if errors.As(err, &uv) {
			return nil, fmt.Errorf("learn: MarshalModel: %s: the model holds %s (diverged?); NaN and ±Inf cannot be saved", who, uv.Str)
		}
		return nil, fmt.Errorf("learn: MarshalModel: %s: %w", who, err)
	}
	return jsonfile.Marshal(f)
}

// UnmarshalModel reads a model file written by [MarshalModel] and returns
// the learner it describes, ready to continue learning where the saved one
// stopped (the concrete type is the saved one's: *SVMD, *NORMA,
// *KernelPegasos, *Pegasos, *SGD, *RES, *DCDOnline, *AMM or *BinaryAMM).
//
// It returns an error, with a message naming what is wrong (any name the
// file gives clipped to [ClipLen] characters), for: a file longer than
// [MaxModelBytes]; text that is not one JSON object (a truncated file);
// another "format" or "version"; an unknown learner; unknown, repeated or
// case-folded keys ([StrictJSON]); a number that does not fit a float64
// (JSON has no NaN or Inf); settings the learner's constructor rejects, or
// that need more than [MaxModelFloats] float64s (checked before
// allocating) or online DCD passes above [MaxModelWork]; a state whose
// arrays hold more numbers than the settings need (refused while scanning,
// before they are decoded) or whose lengths do not match the settings and
// dimension (a model for another dimension, a truncated array); and a
// state no run can reach: counters below 0 or above [MaxModelSteps], step
// sizes or margins below 0, lazy multipliers of f that are not positive.
// It does not panic on any input.
//
// Memory: the checks before decoding allocate nothing; decoding then
// allocates at most about 2 bytes per byte of b (the "config" and "state"
// members are copied once, the top level is never buffered) plus about 2
// times 8 bytes per float64 the settings need (the state's slices, each
// allocated once at its length, then the learner), so at most 2·len(b) +
// 16·[MaxModelFloats] bytes (about 200 MiB for the largest file).
func UnmarshalModel(b []byte) (Learner, error) {
	if len(b) > MaxModelBytes {
		return nil, fmt.Errorf("learn: model file: %d bytes, above the limit %d", len(b), MaxModelBytes)
	}
	var f modelFile
	if err := StrictJSON(b, &f, MaxModelFloats+maxConfigElems); err != nil {
		if errors.Is(err, ErrTooManyNumbers) {
			return nil, fmt.Errorf("learn: model file: larger than any model (%w)", err)
		}
		return nil, fmt.Errorf("learn: model file: not a model (truncated or not JSON?): %w", err)
	}
	if f.Format != ModelFormat {
		return nil, fmt.Errorf("learn: model file: format %s, want %q", Clip(f.Format), ModelFormat)
	}
	if f.Version != ModelVersion {
		return nil, fmt.Errorf("learn: model file: version %d, this program reads version %d", f.Version, ModelVersion)
	}
	if len(f.Config) == 0 || len(f.State) == 0 {
		return nil, errors.New(`learn: model file: "config" or "state" is missing`)
	}
	l, err := decodeModel(f)
	if err != nil {
		return nil, fmt.Errorf("learn: model file: %s: %w", clipName(f.Learner), err)
	}
	return l, nil
}

// clipName is a learner name for an error's prefix: as written when it is
// short, else clipped and quoted.
func clipName(s string) string {
	if len(s) <= ClipLen {
		return s
	}
	return Clip(s)
}

// maxConfigElems bounds the numbers in the arrays of a model file's
// "config" (SVMD's LabelKernel, K×K: K ≤ 256).
const maxConfigElems = 1 << 16

// MaxModelSteps bounds every step counter of a model file's state (2^53:
// above it a count is no longer exact as the float64 the schedules compute
// η_t from, and t + 1 could overflow; no run on the page comes near it).
const MaxModelSteps = 1 << 53

// modelDecoders reads the settings and the state of each learner of a
// model file (see readModel).
var modelDecoders = map[string]func(modelFile) (Learner, error){
	modelSVMD: func(f modelFile) (Learner, error) {
		return readModel(f, svmdConfigJSON.config, svmdFloats, nil, NewSVMD, (*SVMD).setModelState)
	},
	modelNORMA: func(f modelFile) (Learner, error) {
		return readModel(f, normaConfigJSON.config, normaFloats, nil, NewNORMA, (*NORMA).setModelState)
	},
	modelKernelPegasos: func(f modelFile) (Learner, error) {
		return readModel(f, kernelPegasosConfigJSON.config, kernelPegasosFloats, nil, NewKernelPegasos, (*KernelPegasos).setModelState)
	},
	modelPegasos: func(f modelFile) (Learner, error) {
		return readModel(f, asIs[PegasosConfig], linearFloats[PegasosConfig], nil, NewPegasos, (*Pegasos).setModelState)
	},
	modelSGD: func(f modelFile) (Learner, error) {
		return readModel(f, sgdConfigJSON.config, linearFloats[SGDConfig], nil, NewSGD, (*SGD).setModelState)
	},
	modelRES: func(f modelFile) (Learner, error) {
		return readModel(f, resConfigJSON.config, resFloats, nil, NewRES, (*RES).setModelState)
	},
	modelDCDOnline: func(f modelFile) (Learner, error) {
		return readModel(f, dcdOnlineConfigJSON.config, dcdFloats, checkDCDWork, NewDCDOnline, (*DCDOnline).setModelState)
	},
	modelAMM: func(f modelFile) (Learner, error) {
		return readModel(f, asIs[AMMConfig], ammFloats, nil, NewAMM, (*AMM).setModelState)
	},
	modelBinaryAMM: func(f modelFile) (Learner, error) {
		return readModel(f, asIs[AMMConfig], ammFloats, checkBinaryAMM, NewBinaryAMM,
			func(m *BinaryAMM, st ammState) error { return m.a.setModelState(st) })
	},
}

// decodeModel builds the learner of f (modelDecoders).
func decodeModel(f modelFile) (Learner, error) {
	read, ok := modelDecoders[f.Learner]
	if !ok {
		return nil, fmt.Errorf("unknown learner %s (want one of svmd, norma, kernel-pegasos, pegasos, sgd, res, dcd-online, amm, binary-amm)", Clip(f.Learner))
	}
	return read(f)
}

// readModel reads the settings of f through their file form J (conv),
// checks the budget (floats, then check if not nil) before allocating,
// builds the learner and installs its state S, whose arrays may together
// hold no more numbers than the settings need.
func readModel[J, C any, L Learner, S any](f modelFile, conv func(J) (C, error), floats func(C, int) float64,
	check func(C, int) error, build func(C, int) (L, error), set func(L, S) error) (Learner, error) {
	var j J
	if err := StrictJSON(f.Config, &j, maxConfigElems); err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	c, err := conv(j)
	if err != nil {
		return nil, err
	}
	need := floats(c, f.Dim)
	if err := checkModelBudget(need); err != nil {
		return nil, err
	}
	if check != nil {
		if err := check(c, f.Dim); err != nil {
			return nil, err
		}
	}
	l, err := build(c, f.Dim)
	if err != nil {
		return nil, err
	}
	var st S
	if err := StrictJSON(f.State, &st, int(need)+16); err != nil {
		return nil, fmt.Errorf("state: %w", err)
	}
	if err := set(l, st); err != nil {
		return nil, fmt.Errorf("state: %w", err)
	}
	return l, nil
}

// asIs is the file form of a Config type written as it is.
func asIs[C any](c C) (C, error) { return c, nil }

// checkBinaryAMM refuses a binary AMM with other than 2 classes.
func checkBinaryAMM(c AMMConfig, _ int) error {
	if c.Classes != 2 {
		return fmt.Errorf("Classes = %d, a binary AMM has 2", c.Classes)
	}
	return nil
}

// checkCounter refuses a step counter no run reaches (see MaxModelSteps).
func checkCounter(name string, t int) error {
	if t < 0 || t > MaxModelSteps {
		return fmt.Errorf("%s = %d, want 0 … 2^53", name, t)
	}
	return nil
}

// checkScales refuses an expansion whose lazy multipliers no learner
// reaches: the factors the learners scale f and v by, 1 − ηλ and the like,
// are clamped at 0 (which resets the multiplier to 1), so AlphaScale and
// BetaScale stay positive; a negative AlphaScale would flip f's sign.
func checkScales(st expansion.State) error {
	if !(st.AlphaScale > 0) || !(st.BetaScale > 0) {
		return fmt.Errorf("expansion: alpha_scale = %v, beta_scale = %v, want > 0", st.AlphaScale, st.BetaScale)
	}
	return nil
}

// checkModelBudget refuses settings needing more than MaxModelFloats
// float64s (NaN included, from absurd settings).
func checkModelBudget(floats float64) error {
	if !(floats <= MaxModelFloats) {
		return fmt.Errorf("the settings need %.3g float64s, above the model file limit %d", floats, MaxModelFloats)
	}
	return nil
}

// MaxModelWork bounds the multiply-adds one Learn of a learner read from a
// model file may cost where memory does not bound them: online DCD's
// Passes·ω·(d + 1) (2^24; the page's largest, 20 passes over ω = 4096 in
// 2D, is 2.5·10⁵). A file asking more would freeze the page.
const MaxModelWork = 1 << 24

// checkDCDWork refuses online DCD settings above MaxModelWork.
func checkDCDWork(c DCDOnlineConfig, d int) error {
	if w := float64(c.Passes) * float64(c.BufferSize) * (float64(d) + 1); w > MaxModelWork {
		return fmt.Errorf("Passes %d over BufferSize %d in dimension %d cost %.3g multiply-adds per step, above the model file limit %d", c.Passes, c.BufferSize, d, w, MaxModelWork)
	}
	return nil
}

// Storage counts (float64s, an upper bound of what the constructors
// allocate) from settings, before any allocation. Negative settings give
// counts the constructors then reject.

func svmdFloats(c SVMDConfig, d int) float64 {
	K := 1.0
	if c.Loss.multi() {
		K = math.Max(1, float64(c.Classes))
	}
	return float64(c.BufferSize)*(float64(d)+4*K+3) + K*K + 12*K + float64(d)
}

func normaFloats(c NORMAConfig, d int) float64 {
	K := math.Max(1, float64(c.Classes))
	return float64(c.BufferSize)*(float64(d)+2*K+3) + 8*K + float64(d)
}

func resFloats(c RESConfig, d int) float64 {
	p := float64(d) + 1
	return 2*p*p + float64(c.BatchSize)*(p+2) + 7*p
}

func dcdFloats(c DCDOnlineConfig, d int) float64 {
	return float64(c.BufferSize)*(float64(d)+6) + float64(d) + 1
}

func kernelPegasosFloats(c KernelPegasosConfig, d int) float64 {
	return float64(c.BufferSize) * (float64(d) + 5)
}

// linearFloats is Pegasos' and SGD's w and gradient, p = d + 1 at most.
func linearFloats[C any](_ C, d int) float64 { return 2 * (float64(d) + 1) }

func ammFloats(c AMMConfig, d int) float64 {
	return float64(c.Classes)*float64(c.MaxHyperplanes)*(float64(d)+4) + float64(d) + 1
}

// ---- Settings: kernels, losses, schedules and enumerations by name.

// kernelJSON is a kernel of core/kernel in a model file: "type" is
// gaussian (sigma), laplacian (sigma), polynomial (scale, constant, degree)
// or linear; a field left out is zero, which means the kernel's default.
type kernelJSON struct {
	Type     string  `json:"type"`
	Sigma    float64 `json:"sigma,omitempty"`
	Scale    float64 `json:"scale,omitempty"`
	Constant float64 `json:"constant,omitempty"`
	Degree   int     `json:"degree,omitempty"`
}

func kernelToJSON(k kernel.Kernel) (*kernelJSON, error) {
	switch k := k.(type) {
	case nil:
		return nil, nil
	case kernel.Gaussian:
		return &kernelJSON{Type: "gaussian", Sigma: k.Sigma}, nil
	case kernel.Laplacian:
		return &kernelJSON{Type: "laplacian", Sigma: k.Sigma}, nil
	case kernel.Polynomial:
		return &kernelJSON{Type: "polynomial", Scale: k.Scale, Constant: k.Constant, Degree: k.Degree}, nil
	case kernel.Linear:
		return &kernelJSON{Type: "linear"}, nil
	}
	return nil, fmt.Errorf("no file form for the kernel %T", k)
}

func (j *kernelJSON) kernel() (kernel.Kernel, error) {
	if j == nil {
		return nil, nil
	}
	onlySigma := j.Scale == 0 && j.Constant == 0 && j.Degree == 0
	switch {
	case j.Type == "gaussian" && onlySigma:
		return kernel.Gaussian{Sigma: j.Sigma}, nil
	case j.Type == "laplacian" && onlySigma:
		return kernel.Laplacian{Sigma: j.Sigma}, nil
	case j.Type == "polynomial" && j.Sigma == 0:
		return kernel.Polynomial{Scale: j.Scale, Constant: j.Constant, Degree: j.Degree}, nil
	case j.Type == "linear" && onlySigma && j.Sigma == 0:
		return kernel.Linear{}, nil
	}
	return nil, fmt.Errorf("kernel %s with these parameters is not a known kernel (gaussian or laplacian: sigma; polynomial: scale, constant, degree; linear)", Clip(j.Type))
}

// linearLosses are the losses the linear learners' files name, by their
// String names.
var linearLosses = []loss.Loss{loss.Hinge{}, loss.SquaredHinge{}, loss.Logistic{}}

func lossToJSON(l loss.Loss) (string, error) {
	if l == nil {
		return "", nil
	}
	for _, c := range linearLosses {
		if l == c {
			return fmt.Sprint(c), nil
		}
	}
	return "", fmt.Errorf("no file form for the loss %T", l)
}

func lossFromJSON(name string) (loss.Loss, error) {
	if name == "" {
		return nil, nil
	}
	for _, c := range linearLosses {
		if fmt.Sprint(c) == name {
			return c, nil
		}
	}
	return nil, fmt.Errorf("unknown loss %s", Clip(name))
}

// scheduleJSON is a NORMA step-size schedule: "type" constant (eta0), sqrt
// (eta0, tau) or inv-sqrt-t (lambda).
type scheduleJSON struct {
	Type   string  `json:"type"`
	Eta0   float64 `json:"eta0,omitempty"`
	Tau    float64 `json:"tau,omitempty"`
	Lambda float64 `json:"lambda,omitempty"`
}

func scheduleToJSON(s Schedule) (*scheduleJSON, error) {
	switch s := s.(type) {
	case nil:
		return nil, nil
	case Constant:
		return &scheduleJSON{Type: "constant", Eta0: s.Eta0}, nil
	case Sqrt:
		return &scheduleJSON{Type: "sqrt", Eta0: s.Eta0, Tau: s.Tau}, nil
	case InvSqrtT:
		return &scheduleJSON{Type: "inv-sqrt-t", Lambda: s.Lambda}, nil
	}
	return nil, fmt.Errorf("no file form for the schedule %T", s)
}

func (j *scheduleJSON) schedule() (Schedule, error) {
	switch {
	case j == nil:
		return nil, nil
	case j.Type == "constant" && j.Tau == 0 && j.Lambda == 0:
		return Constant{Eta0: j.Eta0}, nil
	case j.Type == "sqrt" && j.Lambda == 0:
		return Sqrt{Eta0: j.Eta0, Tau: j.Tau}, nil
	case j.Type == "inv-sqrt-t" && j.Eta0 == 0 && j.Tau == 0:
		return InvSqrtT{Lambda: j.Lambda}, nil
	}
	return nil, fmt.Errorf("schedule %s with these parameters is not a known schedule (constant: eta0; sqrt: eta0, tau; inv-sqrt-t: lambda)", Clip(j.Type))
}

// enumByName returns the value of an enumeration (SVMDLoss, Rule,
// MarginRule) whose String is name.
func enumByName[T interface {
	~int
	String() string
}](what, name string) (T, error) {
	for i := range 64 {
		if T(i).String() == name {
			return T(i), nil
		}
	}
	return 0, fmt.Errorf("unknown %s %s", what, Clip(name))
}

// The Config types in a file: their own fields under their Go names, with
// the interface-typed and enumerated fields replaced by the forms above.
type (
	svmdConfigFields          SVMDConfig
	normaConfigFields         NORMAConfig
	kernelPegasosConfigFields KernelPegasosConfig
	sgdConfigFields           SGDConfig
	resConfigFields           RESConfig
	dcdOnlineConfigFields     DCDOnlineConfig
)

type svmdConfigJSON struct {
	svmdConfigFields
	Kernel *kernelJSON
	Loss   string
}

func (c SVMDConfig) toJSON() (svmdConfigJSON, error) {
	k, err := kernelToJSON(c.Kernel)
	return svmdConfigJSON{svmdConfigFields: svmdConfigFields(c), Kernel: k, Loss: c.Loss.String()}, err
}

func (j svmdConfigJSON) config() (SVMDConfig, error) {
	c := SVMDConfig(j.svmdConfigFields)
	var err error
	if c.Kernel, err = j.Kernel.kernel(); err != nil {
		return c, err
	}
	c.Loss, err = enumByName[SVMDLoss]("loss", j.Loss)
	return c, err
}

type normaConfigJSON struct {
	normaConfigFields
	Kernel     *kernelJSON
	Schedule   *scheduleJSON
	Rule       string
	MarginRule string
}

func (c NORMAConfig) toJSON() (normaConfigJSON, error) {
	k, err := kernelToJSON(c.Kernel)
	if err != nil {
		return normaConfigJSON{}, err
	}
	s, err := scheduleToJSON(c.Schedule)
	return normaConfigJSON{normaConfigFields: normaConfigFields(c), Kernel: k, Schedule: s,
		Rule: c.Rule.String(), MarginRule: c.MarginRule.String()}, err
}

func (j normaConfigJSON) config() (NORMAConfig, error) {
	c := NORMAConfig(j.normaConfigFields)
	var err error
	if c.Kernel, err = j.Kernel.kernel(); err != nil {
		return c, err
	}
	if c.Schedule, err = j.Schedule.schedule(); err != nil {
		return c, err
	}
	if c.Rule, err = enumByName[Rule]("rule", j.Rule); err != nil {
		return c, err
	}
	c.MarginRule, err = enumByName[MarginRule]("margin rule", j.MarginRule)
	return c, err
}

type kernelPegasosConfigJSON struct {
	kernelPegasosConfigFields
	Kernel *kernelJSON
}

func (c KernelPegasosConfig) toJSON() (kernelPegasosConfigJSON, error) {
	k, err := kernelToJSON(c.Kernel)
	return kernelPegasosConfigJSON{kernelPegasosConfigFields(c), k}, err
}

func (j kernelPegasosConfigJSON) config() (KernelPegasosConfig, error) {
	c := KernelPegasosConfig(j.kernelPegasosConfigFields)
	var err error
	c.Kernel, err = j.Kernel.kernel()
	return c, err
}

type sgdConfigJSON struct {
	sgdConfigFields
	Loss string
}

func (c SGDConfig) toJSON() (sgdConfigJSON, error) {
	l, err := lossToJSON(c.Loss)
	return sgdConfigJSON{sgdConfigFields(c), l}, err
}

func (j sgdConfigJSON) config() (SGDConfig, error) {
	c := SGDConfig(j.sgdConfigFields)
	var err error
	c.Loss, err = lossFromJSON(j.Loss)
	return c, err
}

type resConfigJSON struct {
	resConfigFields
	Loss string
}

func (c RESConfig) toJSON() (resConfigJSON, error) {
	l, err := lossToJSON(c.Loss)
	return resConfigJSON{resConfigFields(c), l}, err
}

func (j resConfigJSON) config() (RESConfig, error) {
	c := RESConfig(j.resConfigFields)
	var err error
	c.Loss, err = lossFromJSON(j.Loss)
	return c, err
}

type dcdOnlineConfigJSON struct {
	dcdOnlineConfigFields
	Loss string
}

func (c DCDOnlineConfig) toJSON() (dcdOnlineConfigJSON, error) {
	l, err := lossToJSON(c.Loss)
	return dcdOnlineConfigJSON{dcdOnlineConfigFields(c), l}, err
}

func (j dcdOnlineConfigJSON) config() (DCDOnlineConfig, error) {
	c := DCDOnlineConfig(j.dcdOnlineConfigFields)
	var err error
	c.Loss, err = lossFromJSON(j.Loss)
	return c, err
}

// ---- Working state, one type per learner; set…State validates before it
// changes anything.

// checkLens returns an error naming the first slice whose length is not
// the wanted one.
func checkLens(pairs ...any) error {
	for i := 0; i+2 < len(pairs); i += 3 {
		name, v, want := pairs[i].(string), pairs[i+1], pairs[i+2].(int)
		var n int
		switch v := v.(type) {
		case []float64:
			n = len(v)
		case []int:
			n = len(v)
		}
		if n != want {
			return fmt.Errorf("%s has %d entries, want %d (a model for other settings or another dimension?)", name, n, want)
		}
	}
	return nil
}

// svmdState is SVMD's working state: the expansion of f and the trace v
// (β), η, π = ⟨f, v⟩, ‖f‖², the offsets b with their step sizes η_b and
// traces v_b (K each), the margin ε with η_ε and v_ε, ⟨g, v⟩ and ξ of the
// last step, the clamp flag and the step count (JMLR eqs. 33–58).
type svmdState struct {
	Expansion expansion.State `json:"expansion"`
	Eta       float64         `json:"eta"`
	Pi        float64         `json:"pi"`
	NormF     float64         `json:"norm_f"`
	B         []float64       `json:"b"`
	EtaB      []float64       `json:"eta_b"`
	VB        []float64       `json:"v_b"`
	Eps       float64         `json:"margin"`
	EtaEps    float64         `json:"eta_margin"`
	VEps      float64         `json:"v_margin"`
	GV        float64         `json:"gv"`
	Xi        []float64       `json:"xi"`
	Clamped   bool            `json:"clamped"`
	Diverged  bool            `json:"diverged"`
	Steps     int             `json:"steps"`
}

func (s *SVMD) modelState() svmdState {
	return svmdState{
		Expansion: s.exp.State(), Eta: s.eta, Pi: s.pi, NormF: s.normF,
		B: s.b, EtaB: s.etaB, VB: s.vB, Eps: s.eps, EtaEps: s.etaEps, VEps: s.vEps,
		GV: s.gv, Xi: s.xi, Clamped: s.clamped, Diverged: s.diverged, Steps: s.steps,
	}
}

func (s *SVMD) setModelState(st svmdState) error {
	K := s.k
	if err := checkLens("b", st.B, K, "eta_b", st.EtaB, K, "v_b", st.VB, K, "xi", st.Xi, K); err != nil {
		return err
	}
	// Only what no run can reach is refused: η, η_b, η_ε and ε shrink by
	// factors (eqs. 33, 51, 56, 57) and may underflow to 0, never below.
	switch {
	case st.Eta < 0:
		return fmt.Errorf("eta = %v, want ≥ 0", st.Eta)
	case st.Eps < 0 || st.EtaEps < 0:
		return fmt.Errorf("margin %v with step size %v: want ≥ 0", st.Eps, st.EtaEps)
	}
	if err := checkCounter("steps", st.Steps); err != nil {
		return err
	}
	if err := checkScales(st.Expansion); err != nil {
		return err
	}
	for _, v := range st.EtaB {
		if v < 0 {
			return fmt.Errorf("eta_b = %v, want ≥ 0", v)
		}
	}
	if err := s.exp.SetState(st.Expansion); err != nil {
		return err
	}
	s.eta, s.pi, s.normF = st.Eta, st.Pi, st.NormF
	copy(s.b, st.B)
	copy(s.etaB, st.EtaB)
	copy(s.vB, st.VB)
	copy(s.xi, st.Xi)
	s.eps, s.etaEps, s.vEps, s.gv = st.Eps, st.EtaEps, st.VEps, st.GV
	s.clamped, s.diverged, s.steps = st.Clamped, st.Diverged, st.Steps
	return nil
}

// normaState is NORMA's working state: the expansion of f, the step count
// t (the schedule's next η is η_{t+1}), the offsets b (−ρ for novelty), the
// margin ρ, ε or σ in force and ‖f‖² (JMLR eq. 49).
type normaState struct {
	Expansion expansion.State `json:"expansion"`
	T         int             `json:"t"`
	B         []float64       `json:"b"`
	Margin    float64         `json:"margin"`
	Norm2     float64         `json:"norm_f"`
	Diverged  bool            `json:"diverged"`
}

func (n *NORMA) modelState() normaState {
	return normaState{Expansion: n.exp.State(), T: n.t, B: n.b, Margin: n.margin, Norm2: n.norm2, Diverged: n.diverged}
}

func (n *NORMA) setModelState(st normaState) error {
	if err := checkLens("b", st.B, n.k); err != nil {
		return err
	}
	if st.Margin < 0 {
		return fmt.Errorf("margin %v, want ≥ 0", st.Margin)
	}
	if err := checkCounter("t", st.T); err != nil {
		return err
	}
	if err := checkScales(st.Expansion); err != nil {
		return err
	}
	if err := n.exp.SetState(st.Expansion); err != nil {
		return err
	}
	n.t, n.margin, n.norm2, n.diverged = st.T, st.Margin, st.Norm2, st.Diverged
	copy(n.b, st.B)
	return nil
}

// kernelPegasosState is kernel Pegasos' working state: the expansion of f,
// ‖f‖²_H and the iteration count t.
type kernelPegasosState struct {
	Expansion expansion.State `json:"expansion"`
	Norm2     float64         `json:"norm_f"`
	T         int             `json:"t"`
	Diverged  bool            `json:"diverged"`
}

func (p *KernelPegasos) modelState() kernelPegasosState {
	return kernelPegasosState{Expansion: p.exp.State(), Norm2: p.norm2, T: p.t, Diverged: p.dead}
}

func (p *KernelPegasos) setModelState(st kernelPegasosState) error {
	if err := checkCounter("t", st.T); err != nil {
		return err
	}
	if err := checkScales(st.Expansion); err != nil {
		return err
	}
	if err := p.exp.SetState(st.Expansion); err != nil {
		return err
	}
	p.norm2, p.t, p.dead = st.Norm2, st.T, st.Diverged
	return nil
}

// batchState is the working state of Pegasos and SGD: the weights w
// (p = d, or d + 1 with a bias feature), the gradient sum of the current
// mini-batch, how many of its examples were seen, and the completed
// iterations t.
type batchState struct {
	W        []float64 `json:"w"`
	Grad     []float64 `json:"grad"`
	InBatch  int       `json:"in_batch"`
	T        int       `json:"t"`
	Diverged bool      `json:"diverged"`
}

func checkBatch(st batchState, p, batch int) error {
	if err := checkLens("w", st.W, p, "grad", st.Grad, p); err != nil {
		return err
	}
	if st.InBatch < 0 || st.InBatch >= batch {
		return fmt.Errorf("in_batch = %d of a batch of %d: out of range", st.InBatch, batch)
	}
	return checkCounter("t", st.T)
}

func (p *Pegasos) modelState() batchState {
	return batchState{W: p.w, Grad: p.grad, InBatch: p.inBat, T: p.t, Diverged: p.dead}
}

func (p *Pegasos) setModelState(st batchState) error {
	if err := checkBatch(st, len(p.w), p.s.BatchSize); err != nil {
		return err
	}
	copy(p.w, st.W)
	copy(p.grad, st.Grad)
	p.inBat, p.t, p.dead = st.InBatch, st.T, st.Diverged
	return nil
}

func (g *SGD) modelState() batchState {
	return batchState{W: g.w, Grad: g.grad, InBatch: g.in, T: g.t, Diverged: g.dead}
}

func (g *SGD) setModelState(st batchState) error {
	if err := checkBatch(st, len(g.w), g.s.BatchSize); err != nil {
		return err
	}
	copy(g.w, st.W)
	copy(g.grad, st.Grad)
	g.in, g.t, g.dead = st.InBatch, st.T, st.Diverged
	return nil
}

// resState is RES' working state: w_t, the examples x̃ (in_batch·p,
// row-major) and labels of the current batch, the iteration count t, the
// skipped curvature updates, and B̂_t (p·p row-major; its upper triangle is
// read).
type resState struct {
	W         []float64 `json:"w"`
	BatchX    []float64 `json:"batch_x"`
	BatchY    []float64 `json:"batch_y"`
	InBatch   int       `json:"in_batch"`
	T         int       `json:"t"`
	Skips     int       `json:"skipped"`
	Curvature []float64 `json:"curvature"`
	Diverged  bool      `json:"diverged"`
}

func (r *RES) modelState() resState {
	return resState{
		W: r.w, BatchX: r.bx[:r.inBat*r.p], BatchY: r.by[:r.inBat], InBatch: r.inBat,
		T: r.t, Skips: r.skips, Curvature: r.b.Data, Diverged: r.dead,
	}
}

func (r *RES) setModelState(st resState) error {
	p := r.p
	if st.InBatch < 0 || st.InBatch >= r.s.BatchSize || st.Skips < 0 || st.Skips > st.T {
		return fmt.Errorf("in_batch = %d of a batch of %d, t = %d, skipped = %d: out of range", st.InBatch, r.s.BatchSize, st.T, st.Skips)
	}
	if err := checkCounter("t", st.T); err != nil {
		return err
	}
	if err := checkLens("w", st.W, p, "batch_x", st.BatchX, st.InBatch*p, "batch_y", st.BatchY, st.InBatch, "curvature", st.Curvature, p*p); err != nil {
		return err
	}
	for _, y := range st.BatchY {
		if y != 1 && y != -1 {
			return fmt.Errorf("batch label %v, want ±1", y)
		}
	}
	copy(r.w, st.W)
	copy(r.bx, st.BatchX)
	copy(r.by, st.BatchY)
	copy(r.b.Data, st.Curvature)
	r.inBat, r.t, r.skips, r.dead = st.InBatch, st.T, st.Skips, st.Diverged
	return nil
}

// dcdOnlineState is online DCD's working state: w, the buffer of the n
// stored examples x̃ (n·p, by ring slot) with their labels and dual
// variables α, the slot written next, and the state of the permutations'
// random source (math/rand/v2 PCG, its MarshalBinary form).
type dcdOnlineState struct {
	W        []float64 `json:"w"`
	Len      int       `json:"len"`
	Next     int       `json:"next"`
	X        []float64 `json:"x"`
	Y        []float64 `json:"y"`
	Alpha    []float64 `json:"alpha"`
	Random   []byte    `json:"random"`
	Diverged bool      `json:"diverged"`
}

func (d *DCDOnline) modelState() (dcdOnlineState, error) {
	rs, err := d.pcg.MarshalBinary()
	return dcdOnlineState{
		W: d.w, Len: d.n, Next: d.next, X: d.x[:d.n*d.p], Y: d.y[:d.n], Alpha: d.alpha[:d.n],
		Random: rs, Diverged: d.dead,
	}, err
}

func (d *DCDOnline) setModelState(st dcdOnlineState) error {
	n, w := st.Len, d.s.BufferSize
	switch {
	case n < 0 || n > w:
		return fmt.Errorf("len = %d, want 0 … %d (the buffer size)", n, w)
	case n < w && st.Next != n, n == w && (st.Next < 0 || st.Next >= w):
		return fmt.Errorf("next slot %d is inconsistent with %d of %d examples stored", st.Next, n, w)
	}
	if err := checkLens("w", st.W, d.p, "x", st.X, n*d.p, "y", st.Y, n, "alpha", st.Alpha, n); err != nil {
		return err
	}
	for i, y := range st.Y {
		if y != 1 && y != -1 {
			return fmt.Errorf("label %v, want ±1", y)
		}
		if st.Alpha[i] < 0 {
			return fmt.Errorf("dual variable %v, want ≥ 0", st.Alpha[i])
		}
	}
	var src rand.PCG
	if err := src.UnmarshalBinary(st.Random); err != nil {
		return fmt.Errorf("random: %w", err)
	}
	d.Reset()
	copy(d.w, st.W)
	copy(d.x, st.X)
	copy(d.y, st.Y)
	copy(d.alpha, st.Alpha)
	d.n, d.next, d.dead = n, st.Next, st.Diverged
	*d.pcg = src
	return nil
}

// ammState is AMM's working state: the stored hyperplanes (K·H·p,
// class-major, H = MaxHyperplanes slots per class; the true β is scale
// times the stored one), the hyperplanes in use per class, the lazy scale
// and the iteration count t.
type ammState struct {
	Beta     []float64 `json:"beta"`
	Count    []int     `json:"count"`
	Scale    float64   `json:"scale"`
	T        int       `json:"t"`
	Diverged bool      `json:"diverged"`
}

func (a *AMM) modelState() ammState {
	return ammState{Beta: a.beta, Count: a.count, Scale: a.scale, T: a.t, Diverged: a.dead}
}

func (a *AMM) setModelState(st ammState) error {
	if err := checkLens("beta", st.Beta, len(a.beta), "count", st.Count, len(a.count)); err != nil {
		return err
	}
	for _, c := range st.Count {
		if c < 1 || c > a.s.MaxHyperplanes {
			return fmt.Errorf("count %d, want 1 … %d (MaxHyperplanes)", c, a.s.MaxHyperplanes)
		}
	}
	if !(st.Scale > 0 && st.Scale <= 1) {
		// The lazy scale is Π(1 − 1/t) ≤ 1, folded into β below 1e-100.
		return fmt.Errorf("scale = %v, want in (0, 1]", st.Scale)
	}
	if err := checkCounter("t", st.T); err != nil {
		return err
	}
	copy(a.beta, st.Beta)
	copy(a.count, st.Count)
	a.scale, a.t, a.dead = st.Scale, st.T, st.Diverged
	return nil
}

// IsModelFile reports whether b is a model file's top level whose
// "format" is [ModelFormat] (read as [UnmarshalModel] reads it, its
// learner not built): a program that refuses a file can then say it is a
// bare model file.
func IsModelFile(b []byte) bool {
	var f modelFile
	return len(b) <= MaxModelBytes && StrictJSON(b, &f, MaxModelFloats+maxConfigElems) == nil && f.Format == ModelFormat
}
