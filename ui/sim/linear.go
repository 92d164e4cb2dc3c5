package sim

import (
	"fmt"
	"kernelplay/core/loss"
	"math"
	"math/rand/v2"

	"kernelplay/core/kernel"
	"kernelplay/core/learn"
	"kernelplay/ui/state"
)

// linearLearner builds the linear solvers of issue 5 from cfg, for inputs
// of dimension dim:
//
//   - pegasos: learn.Pegasos (λ = Lambda, k = PegasosK);
//   - kpegasos: learn.KernelPegasos on the kernel of cfg (λ, ω = BufferSize);
//   - dcd: learn.DCDOnline on a window of ω examples (L1 or L2 loss, λ, passes);
//   - amm: learn.AMM online (λ, at most MaxHyperplanes per class);
//   - mlinear: learn.NewMulticlassLinear (λ);
//   - res: learn.RES (λ, δ, Γ or non-regularized, L, ε0, τ, loss);
//   - sgd: learn.SGD (λ, L, ε0, τ, loss).
//
// Offset appends the bias feature B = 1 (LIBLINEAR's -B, regularized
// like the weights). AMM and the multiclass linear SVM learn the binary task
// as two classes through learn.BinaryAMM. Tasks a solver cannot learn are
// errors (state.Config.Validate rejects them first).
func linearLearner(cfg state.Config, dim int, t learn.Task, k kernel.Kernel) (learn.Learner, error) {
	bias := 0.0
	if cfg.Offset {
		bias = 1
	}
	binaryOnly := func() error {
		if t != learn.Binary {
			return fmt.Errorf("%s learns two classes (binary task), not %s", cfg.Learner, t)
		}
		return nil
	}
	var l learn.Learner
	var err error
	switch cfg.Learner {
	case state.LearnerPegasos:
		if err := binaryOnly(); err != nil {
			return nil, err
		}
		c := learn.DefaultPegasosConfig()
		c.Lambda, c.BatchSize, c.Bias = cfg.Lambda, cfg.PegasosBatchSize, bias
		l, err = learn.NewPegasos(c, dim)
	case state.LearnerKernelPegasos:
		if err := binaryOnly(); err != nil {
			return nil, err
		}
		c := learn.DefaultKernelPegasosConfig()
		c.Kernel, c.Lambda, c.BufferSize = k, cfg.Lambda, cfg.BufferSize
		l, err = learn.NewKernelPegasos(c, dim)
	case state.LearnerDCD:
		if err := binaryOnly(); err != nil {
			return nil, err
		}
		var lf loss.Loss = loss.Hinge{}
		if cfg.DCDLoss == state.LossL2 {
			lf = loss.SquaredHinge{}
		}
		c := learn.DefaultDCDOnlineConfig()
		c.Loss, c.Lambda, c.BufferSize, c.Passes, c.Bias, c.Seed = lf, cfg.Lambda, cfg.BufferSize, cfg.DCDPasses, bias, cfg.Seed
		l, err = learn.NewDCDOnline(c, dim)

	case state.LearnerAMM, state.LearnerMulticlass:
		if t != learn.Binary && t != learn.Multiclass {
			return nil, fmt.Errorf("%s cannot do %s", cfg.Learner, t)
		}
		s := learn.DefaultAMMConfig(2)
		s.Lambda, s.MaxHyperplanes, s.Bias = cfg.Lambda, cfg.MaxHyperplanes, bias
		if t == learn.Multiclass {
			s.Classes = cfg.Classes
		}
		if cfg.Learner == state.LearnerMulticlass {
			s.MaxHyperplanes = 1
		}
		var l learn.Learner
		if t == learn.Binary {
			l, err = learn.NewBinaryAMM(s, dim)
		} else {
			l, err = learn.NewAMM(s, dim)
		}
		if err != nil {
			return nil, wrap(err)
		}
		return l, nil
	case state.LearnerRES:
		if err := binaryOnly(); err != nil {
			return nil, err
		}
		l, err = learn.NewRES(resSettings(cfg, bias), dim)
	case state.LearnerSGD:
		if err := binaryOnly(); err != nil {
			return nil, err
		}
		l, err = learn.NewSGD(sgdSettings(cfg, bias, cfg.LinBatchSize), dim)
	default:
		return nil, fmt.Errorf("unknown learner %q", cfg.Learner)
	}
	if err != nil {
		return nil, wrap(err)
	}
	return l, nil
}

func linLoss(name string) loss.Loss {
	if name == state.LossLogistic {
		return loss.Logistic{}
	}
	return loss.SquaredHinge{}
}

func resSettings(cfg state.Config, bias float64) learn.RESConfig {
	s := learn.DefaultRESConfig()
	s.Lambda, s.Delta, s.Gamma, s.BatchSize = cfg.Lambda, cfg.Delta, cfg.Gamma, cfg.LinBatchSize
	s.Eta0, s.Tau, s.Loss, s.Bias = cfg.LinEta0, cfg.LinTau, linLoss(cfg.LinLoss), bias
	if cfg.NonRegularized {
		s.Delta, s.Gamma = 0, 0
	}
	return s
}

func sgdSettings(cfg state.Config, bias float64, batch int) learn.SGDConfig {
	s := learn.DefaultSGDConfig()
	s.Lambda, s.BatchSize, s.Eta0, s.Tau, s.Loss, s.Bias = cfg.Lambda, batch, cfg.LinEta0, cfg.LinTau, linLoss(cfg.LinLoss), bias
	return s
}

// Evaluation of the RES-vs-SGD preset.
const (
	// ResEvalSize is the size N of the fixed evaluation sample F(w_t) is
	// measured on (the paper uses its training set of N = 10⁴; a stream has
	// none, so an independent sample of the same distribution stands in).
	ResEvalSize = 2000
	// resPerDecade is the number of log-spaced checkpoints per decade of
	// samples processed at which F(w_t) is measured.
	resPerDecade = 40
	// resEvalSeq is the PCG stream constant of the evaluation sample.
	resEvalSeq = 0x7265_7365_7661_6c00 // "reseval"
)

// comparison is the second learner and the objective traces of the
// RES-vs-SGD preset.
type comparison struct {
	sgd      *learn.SGD
	res      *learn.RES
	x        *rows // the evaluation sample, ResEvalSize × n
	y        []float64
	lambda   float64
	loss     loss.Loss
	next     int // next checkpoint
	fres     Series
	fsgd     Series
	resDead  bool
	resError error
}

// resSource draws the RES paper's §4 problem in dimension n: a label ±1 with
// probability ½ each, then each component uniform on [−0.8, 0.2] (y = −1) or
// [−0.2, 0.8] (y = +1).
type resSource struct{ n int }

func (r resSource) Next(rng *rand.Rand) ([]float64, float64) {
	y, lo := -1.0, -0.8
	if rng.IntN(2) == 1 {
		y, lo = 1, -0.2
	}
	x := make([]float64, r.n)
	for j := range x {
		x[j] = lo + rng.Float64()
	}
	return x, y
}

// newRESvsSGD builds the RES-vs-SGD preset: RES with the config's settings
// is the Sim's learner (its traces fill the charts); SGD with the same λ,
// ε0, τ and loss but L = 1 (RES §4) learns from the same examples.
func newRESvsSGD(cfg state.Config) (*Sim, error) {
	n := cfg.ResDim
	s := &Sim{cfg: cfg, rng: rand.New(rand.NewPCG(cfg.Seed, streamSeq)), task: learn.Binary, src: resSource{n}}
	res, err := learn.NewRES(resSettings(cfg, 0), n)
	if err != nil {
		return nil, wrap(err)
	}
	sgd, err := learn.NewSGD(sgdSettings(cfg, 0, 1), n)
	if err != nil {
		return nil, wrap(err)
	}
	s.learner = res
	s.reg.why = "regret: not computed for RES vs SGD (linear solvers, no kernel objective)"
	c := &comparison{res: res, sgd: sgd, lambda: cfg.Lambda, loss: linLoss(cfg.LinLoss), next: 1}
	rng := rand.New(rand.NewPCG(cfg.Seed, resEvalSeq))
	c.x = &rows{d: n, x: make([]float64, 0, ResEvalSize*n)}
	c.y = make([]float64, ResEvalSize)
	src := resSource{n}
	for i := range ResEvalSize {
		x, y := src.Next(rng)
		c.x.x = append(c.x.x, x...)
		c.y[i] = y
	}
	s.cmp = c
	s.traces.init()
	s.window = NewErrorWindow(max(1, cfg.Window))
	return s, nil
}

// rows is an N×d matrix stored row by row in one slice (row i is
// x[i·d : (i+1)·d], N = len(x)/d): the RES-vs-SGD evaluation sample, read
// by learn.LinearObjective through learn.Matrix (learn.RowMatrix, so rows
// are not copied). It stands in for gonum's mat.Dense, whose import (with
// text/tabwriter, cblas128 and math/cmplx) added about 11 KB gzip to
// main.wasm for these three methods. Out-of-range indices panic.
type rows struct {
	d int
	x []float64
}

var _ learn.RowMatrix = (*rows)(nil)

// Dims returns N and d.
func (m *rows) Dims() (r, c int) { return len(m.x) / m.d, m.d }

// At returns the element in row i, column j.
func (m *rows) At(i, j int) float64 {
	if r := len(m.x) / m.d; uint(i) >= uint(r) || uint(j) >= uint(m.d) {
		panic(fmt.Sprintf("sim: rows.At(%d, %d) outside %d×%d", i, j, r, m.d))
	}
	return m.x[i*m.d+j]
}

// RawRowView returns row i (not a copy; capacity d, so appending to it does
// not overwrite row i+1).
func (m *rows) RawRowView(i int) []float64 {
	return m.x[i*m.d : (i+1)*m.d : (i+1)*m.d]
}

// learn feeds SGD the example RES just learned (the t-th) and measures
// both objectives at the checkpoints.
func (c *comparison) learn(t int, x []float64, y float64, st learn.Step) {
	c.sgd.Learn(x, y)
	if st.Diverged {
		c.resDead = true
	}
	if t < c.next {
		return
	}
	c.fsgd.T = append(c.fsgd.T, float64(t))
	c.fsgd.V = append(c.fsgd.V, learn.LinearObjective(c.loss, c.lambda, 0, c.sgd.Weights(), c.x, c.y))
	if !c.resDead {
		c.fres.T = append(c.fres.T, float64(t))
		c.fres.V = append(c.fres.V, learn.LinearObjective(c.loss, c.lambda, 0, c.res.Weights(), c.x, c.y))
	}
	// Next checkpoint: the next integer above t·10^(1/resPerDecade).
	c.next = max(t+1, int(math.Ceil(float64(t)*math.Pow(10, 1.0/resPerDecade))))
}

// Objective returns, under the RES-vs-SGD preset, the objective F(w_t) =
// λ/2‖w_t‖² + (1/N)Σ l(y_n⟨w_t, x_n⟩) (RES eq. 1; learn.LinearObjective) of
// RES and of SGD on a fixed evaluation sample of [ResEvalSize] examples,
// measured at log-spaced numbers t of samples processed (about 40 per
// decade; t = 1, 2, … at first), as fresh slices; ok is false under any
// other preset. RES' series stops if it diverges (non-regularized BFGS).
func (s *Sim) Objective() (res, sgd Series, ok bool) {
	if s.cmp == nil {
		return Series{}, Series{}, false
	}
	cp := func(a Series) Series {
		return Series{T: append([]float64(nil), a.T...), V: append([]float64(nil), a.V...)}
	}
	return cp(s.cmp.fres), cp(s.cmp.fsgd), true
}

// Compared returns the second learner of the RES-vs-SGD preset (SGD), or
// nil.
func (s *Sim) Compared() learn.Learner {
	if s.cmp == nil {
		return nil
	}
	return s.cmp.sgd
}
