package learn_test

import (
	"strings"
	"testing"

	"kernelplay/core/kernel"
	"kernelplay/core/learn"
)

// constructor builds one learner for inputs of dimension dim.
type constructor struct {
	name string
	new  func(dim int) (learn.Learner, error)
}

func wrapNew[T learn.Learner](l T, err error) (learn.Learner, error) { return l, err }

// onlineConstructors lists every online learner with a setting that needs
// storage growing with BufferSize, Classes or the dimension; big selects
// settings whose storage exceeds learn.MaxFloats at dimension 2^26 (Pegasos and SGD
// store 2(d + 1) floats, so only the dimension can exceed it).
func onlineConstructors(big bool) []constructor {
	omega, classes := 64, 3
	if big {
		omega, classes = 1<<13, 1<<12
	}
	g := kernel.Gaussian{Sigma: 1}
	return []constructor{
		{"SVMD", func(d int) (learn.Learner, error) {
			return wrapNew(learn.NewSVMD(with(learn.DefaultSVMDConfig(learn.SVMDHinge, 0), func(c *learn.SVMDConfig) {
				c.Kernel = g
				c.BufferSize = omega
			}), d))
		}},
		{"NORMA", func(d int) (learn.Learner, error) {
			return wrapNew(learn.NewNORMA(with(learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0), func(c *learn.NORMAConfig) {
				c.Kernel = g
				c.BufferSize = omega
			}), d))
		}},
		{"Perceptron", func(d int) (learn.Learner, error) {
			return wrapNew(learn.NewPerceptron(with(learn.DefaultPerceptronConfig(), func(c *learn.PerceptronConfig) {
				c.Kernel = g
				c.BufferSize = omega
			}), d))
		}},
		{"KernelPegasos", func(d int) (learn.Learner, error) {
			return wrapNew(learn.NewKernelPegasos(with(learn.DefaultKernelPegasosConfig(), func(c *learn.KernelPegasosConfig) {
				c.Kernel = g
				c.BufferSize = omega
			}), d))
		}},
		{"DCDOnline", func(d int) (learn.Learner, error) {
			return wrapNew(learn.NewDCDOnline(with(learn.DefaultDCDOnlineConfig(), func(c *learn.DCDOnlineConfig) {
				c.BufferSize = omega
			}), d))
		}},
		{"AMM", func(d int) (learn.Learner, error) {
			return wrapNew(learn.NewAMM(learn.DefaultAMMConfig(classes), d))
		}},
		{"BinaryAMM", func(d int) (learn.Learner, error) {
			return wrapNew(learn.NewBinaryAMM(learn.AMMConfig{Lambda: 1e-4, MaxHyperplanes: 15 * classes, PruneEvery: 1, Epochs: 1}, d))
		}},
		{"MulticlassLinear", func(d int) (learn.Learner, error) {
			return wrapNew(learn.NewMulticlassLinear(learn.DefaultAMMConfig(classes), d))
		}},
		{"Pegasos", func(d int) (learn.Learner, error) { return wrapNew(learn.NewPegasos(learn.DefaultPegasosConfig(), d)) }},
		{"RES", func(d int) (learn.Learner, error) { return wrapNew(learn.NewRES(learn.DefaultRESConfig(), d)) }},
		{"SGD", func(d int) (learn.Learner, error) { return wrapNew(learn.NewSGD(learn.DefaultSGDConfig(), d)) }},
	}
}

// TestConstructorErrors checks the one constructor shape New…(cfg, dim):
// every online learner returns an error, not a panic, for an input
// dimension below 1, and for settings whose storage exceeds learn.MaxFloats
// (the one storage cap), and constructs at dimension 2.
func TestConstructorErrors(t *testing.T) {
	for _, c := range onlineConstructors(false) {
		for _, dim := range []int{0, -1} {
			l, err := c.new(dim)
			if err == nil || !strings.HasPrefix(err.Error(), "learn: ") || !strings.Contains(err.Error(), "dimension") {
				t.Errorf("%s dim %d: error %v (learner %v), want an input dimension error", c.name, dim, err, l)
			}
		}
		if _, err := c.new(2); err != nil {
			t.Errorf("%s dim 2: %v", c.name, err)
		}
	}
	const bigDim = 1 << 26 // every constructor refuses before allocating
	for _, c := range onlineConstructors(true) {
		_, err := c.new(bigDim)
		if err == nil || !strings.Contains(err.Error(), "above the limit") {
			t.Errorf("%s at dimension %d with large settings: error %v, want the storage limit", c.name, bigDim, err)
		}
	}
}

// paperCase is one learner with the settings of one of the papers'
// experiments (or a zero setting the papers use).
type paperCase struct {
	name string
	task learn.Task
	new  func(dim int) (learn.Learner, error)
}

// paperCases lists every online learner with the settings of each
// experiment it takes part in (JMLR §6; the NORMA paper's rules; the
// conference paper's switch task; RES §4; the lecture's Pegasos, DCD and
// AMM), plus the papers' zeros μ = 0, c = 0 and decay λ = 0.
func paperCases() []paperCase {
	svmd := func(l learn.SVMDLoss, nu float64, edit func(*learn.SVMDConfig)) func(int) (learn.Learner, error) {
		return func(d int) (learn.Learner, error) {
			c := learn.DefaultSVMDConfig(l, nu)
			c.Kernel = kernel.Gaussian{Sigma: 2}
			if edit != nil {
				edit(&c)
			}
			return wrapNew(learn.NewSVMD(c, d))
		}
	}
	norma := func(r learn.Rule, classes int, edit func(*learn.NORMAConfig)) func(int) (learn.Learner, error) {
		return func(d int) (learn.Learner, error) {
			c := learn.DefaultNORMAConfig(r, classes)
			if edit != nil {
				edit(&c)
			}
			return wrapNew(learn.NewNORMA(c, d))
		}
	}
	cases := []paperCase{
		{"JMLR Fig. 3 ν-SVMD", learn.Binary, svmd(learn.SVMDHinge, 0.05, nil)},
		{"JMLR Fig. 3 single-step", learn.Binary, svmd(learn.SVMDHinge, 0.05, func(c *learn.SVMDConfig) { c.Decay = 0 })},
		{"JMLR Fig. 3 NORMA", learn.Binary, norma(learn.RuleNuClassification, 0, nil)},
		{"JMLR Fig. 3 NORMA, margin rule (55)–(56)", learn.Binary, norma(learn.RuleNuClassification, 0, func(c *learn.NORMAConfig) {
			c.MarginRule = learn.MarginLogSpace
		})},
		{"JMLR Fig. 4 SVMD", learn.Multiclass, svmd(learn.SVMDMulticlass, 0, nil)},
		{"JMLR Fig. 4 NORMA", learn.Multiclass, norma(learn.RuleSoftMargin, 10, nil)},
		{"JMLR Fig. 6 ν-SVMD", learn.Multiclass, svmd(learn.SVMDMulticlass, 0.05, nil)},
		{"JMLR Fig. 6 NORMA", learn.Multiclass, norma(learn.RuleNuClassification, 10, nil)},
		{"JMLR Fig. 7 novelty SVMD", learn.Novelty, svmd(learn.SVMDNovelty, 0.05, func(c *learn.SVMDConfig) { c.Decay = 1 })},
		{"JMLR Fig. 7 novelty NORMA", learn.Novelty, norma(learn.RuleNovelty, 0, nil)},
		{"JMLR Fig. 7 buffer", learn.Multiclass, svmd(learn.SVMDMulticlass, 0, func(c *learn.SVMDConfig) {
			c.Kernel, c.Mu, c.Decay, c.BufferSize = kernel.Polynomial{Scale: 1, Degree: 9}, 0.01, 1, 256
		})},
		{"conference switch SVMD", learn.Binary, svmd(learn.SVMDHinge, 0, func(c *learn.SVMDConfig) { c.Lambda, c.Decay = 1e-3, 1 })},
		{"conference switch NORMA", learn.Binary, norma(learn.RuleSoftMargin, 0, func(c *learn.NORMAConfig) { c.Lambda = 1e-3 })},
		{"SVMD μ = 0", learn.Binary, svmd(learn.SVMDHinge, 0, func(c *learn.SVMDConfig) { c.Mu = 0 })},
		{"SVMD c = 0", learn.Binary, svmd(learn.SVMDHinge, 0, func(c *learn.SVMDConfig) { c.Lambda = 0 })},
		{"SVMD λ = 0", learn.Multiclass, svmd(learn.SVMDMulticlass, 0, func(c *learn.SVMDConfig) { c.Decay = 0 })},
		{"NORMA λ = 0", learn.Binary, norma(learn.RuleSoftMargin, 0, func(c *learn.NORMAConfig) { c.Lambda = 0 })},
		{"perceptron", learn.Binary, func(d int) (learn.Learner, error) {
			return wrapNew(learn.NewPerceptron(learn.DefaultPerceptronConfig(), d))
		}},
		{"RES §4 Fig. 1", learn.Binary, func(d int) (learn.Learner, error) { return wrapNew(learn.NewRES(learn.DefaultRESConfig(), d)) }},
		{"RES §4 Fig. 4 (δ = Γ = 0, ε = 0.1)", learn.Binary, func(d int) (learn.Learner, error) {
			c := learn.DefaultRESConfig()
			c.Delta, c.Gamma, c.Eta0, c.ConstantStep = 0, 0, 0.1, true
			return wrapNew(learn.NewRES(c, d))
		}},
		{"RES c = 0", learn.Binary, func(d int) (learn.Learner, error) {
			c := learn.DefaultRESConfig()
			c.Lambda = 0
			return wrapNew(learn.NewRES(c, d))
		}},
		{"SGD §4", learn.Binary, func(d int) (learn.Learner, error) { return wrapNew(learn.NewSGD(learn.DefaultSGDConfig(), d)) }},
		{"SGD c = 0", learn.Binary, func(d int) (learn.Learner, error) {
			c := learn.DefaultSGDConfig()
			c.Lambda = 0
			return wrapNew(learn.NewSGD(c, d))
		}},
		{"Pegasos", learn.Binary, func(d int) (learn.Learner, error) { return wrapNew(learn.NewPegasos(learn.DefaultPegasosConfig(), d)) }},
		{"kernel Pegasos", learn.Binary, func(d int) (learn.Learner, error) {
			return wrapNew(learn.NewKernelPegasos(learn.DefaultKernelPegasosConfig(), d))
		}},
		{"DCD online", learn.Binary, func(d int) (learn.Learner, error) {
			return wrapNew(learn.NewDCDOnline(learn.DefaultDCDOnlineConfig(), d))
		}},
		{"AMM", learn.Multiclass, func(d int) (learn.Learner, error) { return wrapNew(learn.NewAMM(learn.DefaultAMMConfig(3), d)) }},
		{"binary AMM", learn.Binary, func(d int) (learn.Learner, error) {
			return wrapNew(learn.NewBinaryAMM(learn.DefaultAMMConfig(2), d))
		}},
		{"AMM without pruning", learn.Multiclass, func(d int) (learn.Learner, error) {
			c := learn.DefaultAMMConfig(3)
			c.PruneThreshold = 0
			return wrapNew(learn.NewAMM(c, d))
		}},
	}
	return cases
}

// TestPaperSettings constructs every learner with the settings of each
// experiment and the papers' zeros, checks the task, and runs 300 steps of
// a random stream without divergence. For the zeros it checks what they
// mean: μ = 0 keeps η = η0 at every step, c = 0 (and NORMA's λ = 0) never
// shrinks a stored coefficient, decay λ = 0 is in force.
func TestPaperSettings(t *testing.T) {
	const seed, dim, steps = 12, 3, 300
	for _, pc := range paperCases() {
		l, err := pc.new(dim)
		if err != nil {
			t.Errorf("%s: %v", pc.name, err)
			continue
		}
		if l.Task() != pc.task {
			t.Errorf("%s: task %v, want %v", pc.name, l.Task(), pc.task)
		}
		xs, ys := normaStream(l, seed, steps, dim)
		var first []float64 // α of the oldest term when first stored
		for i := range steps {
			st := l.Learn(xs[i], ys[i])
			if st.Diverged {
				t.Fatalf("%s: diverged at step %d", pc.name, i)
			}
			switch pc.name {
			case "SVMD μ = 0":
				if st.Eta != 1 {
					t.Fatalf("%s: η = %v at step %d, want η0 = 1", pc.name, st.Eta, i)
				}
			case "SVMD c = 0", "NORMA λ = 0":
				e := l.(learn.KernelModel).Expansion()
				if e.Len() == 0 {
					continue
				}
				if first == nil {
					first = e.Alpha(nil, 0)
				} else if e.Len() < e.Cap() && e.Alpha(nil, 0)[0] != first[0] {
					t.Fatalf("%s: the first α moved from %v to %v: something shrinks it", pc.name, first[0], e.Alpha(nil, 0)[0])
				}
			}
		}
		if s, ok := l.(*learn.SVMD); ok {
			d := s.Diagnostics()
			switch pc.name {
			case "SVMD μ = 0":
				if d.Mu != 0 {
					t.Errorf("%s: μ in force %v", pc.name, d.Mu)
				}
			case "SVMD c = 0":
				if d.Lambda != 0 {
					t.Errorf("%s: c in force %v", pc.name, d.Lambda)
				}
			case "SVMD λ = 0", "JMLR Fig. 3 single-step":
				if d.Decay != 0 {
					t.Errorf("%s: decay in force %v", pc.name, d.Decay)
				}
			}
		}
	}
}

// TestTiesAreMistakes checks the tie rule of Step.Mistake on every online
// learner: the first example meets f = 0 (all scores 0), an undecided
// prediction, which is a mistake even for the label the tie-breaking
// prediction names (+1 for binary, class 0 for multiclass).
func TestTiesAreMistakes(t *testing.T) {
	for _, pc := range paperCases() {
		l, err := pc.new(2)
		if err != nil {
			t.Fatalf("%s: %v", pc.name, err)
		}
		y := 1.0
		if pc.task == learn.Multiclass {
			y = 0
		}
		st := l.Learn([]float64{0.3, -0.2}, y)
		if !st.Mistake {
			t.Errorf("%s: the first step (f = 0) with label %v is not a mistake: %+v", pc.name, y, st)
		}
		if pc.task != learn.Novelty && st.Prediction != y {
			t.Errorf("%s: prediction %v at a tie, want the tie-break %v", pc.name, st.Prediction, y)
		}
	}
}
