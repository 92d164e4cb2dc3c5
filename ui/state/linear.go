package state

import (
	"fmt"
	"slices"
)

// Learner values of the linear solvers (issue 5; core/learn).
const (
	LearnerPegasos       = "pegasos"  // Pegasos, η_t = 1/(λt), mini-batches of k, projection (Shalev-Shwartz et al. 2007)
	LearnerKernelPegasos = "kpegasos" // Pegasos on the kernel expansion (ibid. §4), k = 1
	LearnerDCD           = "dcd"      // dual coordinate descent on a sliding window of ω examples (Hsieh et al. 2008)
	LearnerAMM           = "amm"      // adaptive multi-hyperplane machine, online (Wang et al. 2011)
	LearnerMulticlass    = "mlinear"  // multiclass linear SVM: AMM with one hyperplane per class
	LearnerRES           = "res"      // regularized stochastic BFGS (RES paper Algorithm 1)
	LearnerSGD           = "sgd"      // SGD with RES' step sizes (RES paper §4)
)

// PresetRESvsSGD is the "RES vs SGD" preset: RES and SGD learn from the same
// stream of the RES paper's §4 problem in dimension ResDim (classes uniform
// on [−0.8, 0.2]ⁿ and [−0.2, 0.8]ⁿ), and the page plots the objective
// F(w_t) of both against the samples processed, as the paper's Figs. 1, 2
// and 4. The learner, the task and clicked points are ignored under it.
const PresetRESvsSGD = "res-vs-sgd"

// Loss values of the linear solvers.
const (
	LossSquaredHinge = "sqhinge"  // max(0, 1 − m)² (RES §4)
	LossLogistic     = "logistic" // log(1 + e^{−m}) (RES §1)
	LossL1           = "l1"       // DCD's L1-loss SVM: the hinge
	LossL2           = "l2"       // DCD's L2-loss SVM: the squared hinge
)

// LinearLearners lists the learners of the linear-solver family, in the
// order of the learner select.
var LinearLearners = []string{LearnerPegasos, LearnerKernelPegasos, LearnerDCD, LearnerAMM, LearnerMulticlass,
	LearnerRES, LearnerSGD}

// IsLinear reports whether learner is one of [LinearLearners].
func IsLinear(learner string) bool { return slices.Contains(LinearLearners, learner) }

// UsesKernel reports whether the learner of c is a kernel expansion (so
// the kernel controls and ω matter): the kernel learners and kernel
// Pegasos.
func UsesKernel(c Config) bool { return !IsLinear(c.Learner) || c.Learner == LearnerKernelPegasos }

// multiclassCapable reports whether the learner can do the multiclass task.
func multiclassCapable(l string) bool {
	return !IsLinear(l) || l == LearnerAMM || l == LearnerMulticlass
}

// IsRESvsSGD reports whether c runs the RES-vs-SGD preset: the 2D mode with
// that preset (other modes ignore the preset).
func IsRESvsSGD(c Config) bool { return c.Preset == PresetRESvsSGD && c.Mode == Mode2D }

func linearDefaults(c *Config) {
	c.PegasosBatchSize = 1
	c.LinBatchSize = 5
	c.LinEta0 = 0.03
	c.LinTau = 100
	c.Delta = 1e-3
	c.Gamma = 1e-4
	c.NonRegularized = false
	c.LinLoss = LossSquaredHinge
	c.DCDLoss = LossL1
	c.DCDPasses = 1
	c.MaxHyperplanes = 15
	c.ResDim = 4
}

func learnerOr(ls ...string) func(Config) bool {
	return func(c Config) bool { return slices.Contains(ls, c.Learner) }
}

func resActive(c Config) bool { return c.Learner == LearnerRES || IsRESvsSGD(c) }

func resOrSGD(c Config) bool {
	return c.Learner == LearnerRES || c.Learner == LearnerSGD || IsRESvsSGD(c)
}

// linearFields are appended to [Fields]. Defaults (in [Default]) are the
// papers': RES §4 for L, ε0, τ, δ, Γ and n; Pegasos k = 1; AMM at most 15
// hyperplanes per class (core/learn's default).
var linearFields = []Field{
	{Key: "pk", Name: "PegasosBatchSize", Symbol: "k", Label: "mini-batch", Kind: Integer, Min: 1, Max: 64, Step: 1,
		Hint:  "Pegasos averages the subgradient of k examples per step, η_t = 1/(λt)",
		Group: GroupLearner, active: learnerOr(LearnerPegasos)},
	{Key: "hp", Name: "MaxHyperplanes", Symbol: "H", Label: "hyperplanes", Kind: Integer, Min: 1, Max: 15, Step: 1,
		Hint:  "AMM adds a hyperplane to a class when all of its hyperplanes score below 0, up to H",
		Group: GroupLearner, active: learnerOr(LearnerAMM)},
	{Key: "dl", Name: "DCDLoss", Label: "loss", Kind: Choice,
		Options: []string{LossL1, LossL2},
		Hint:    "l1: hinge loss, dual box 0 ≤ α ≤ C; l2: squared hinge, no upper bound (Hsieh et al. 2008)",
		Group:   GroupLearner, active: learnerOr(LearnerDCD)},
	{Key: "dp", Name: "DCDPasses", Label: "passes per example", Kind: Integer, Min: 1, Max: 20, Step: 1,
		Hint:  "coordinate-descent passes over the window of ω recent examples after each new one",
		Group: GroupLearner, active: learnerOr(LearnerDCD)},
	{Key: "ls", Name: "LinLoss", Label: "loss", Kind: Choice,
		Options: []string{LossSquaredHinge, LossLogistic},
		Hint:    "squared hinge max(0, 1 − m)² (RES §4) or log loss log(1 + e^(−m)) (RES §1)",
		Group:   GroupLearner, active: resOrSGD},
	{Key: "nr", Name: "NonRegularized", Label: "non-regularized", Kind: Bool,
		Hint:  "δ = Γ = 0: plain stochastic BFGS, which can lose positive definiteness (RES §4, Fig. 4)",
		Group: GroupLearner, active: resActive},
	{Key: "del", Name: "Delta", Symbol: "δ", Label: "curvature floor", Kind: Number, Min: 1e-6, Max: 1, Log: true,
		Hint:  "every eigenvalue of RES' curvature estimate B̂ stays ≥ δ (RES eqs. 7–9)",
		Group: GroupLearner, active: func(c Config) bool { return resActive(c) && !c.NonRegularized }},
	{Key: "gam", Name: "Gamma", Symbol: "Γ", Label: "progress term", Kind: Number, Min: 1e-6, Max: 1, Log: true,
		Hint:  "RES steps along (B̂⁻¹ + ΓI)·ŝ: Γ keeps some plain gradient in every step (RES eq. 4)",
		Group: GroupLearner, active: func(c Config) bool { return resActive(c) && !c.NonRegularized }},
	{Key: "bl", Name: "LinBatchSize", Symbol: "L", Label: "sample size", Kind: Integer, Min: 1, Max: 64, Step: 1,
		Hint:  "examples per stochastic gradient (RES eq. 3); the RES-vs-SGD preset runs SGD with L = 1 as §4",
		Group: GroupStepSize, active: resOrSGD},
	{Key: "e0", Name: "LinEta0", Symbol: "ε₀", Label: "initial step size", Kind: Number, Min: 1e-4, Max: 10, Log: true,
		Hint:  "RES and SGD step ε_t = ε₀·τ/(τ + t) (RES Theorem 2)",
		Group: GroupStepSize, active: resOrSGD},
	{Key: "rt", Name: "LinTau", Symbol: "τ", Label: "step decay time", Kind: Number, Min: 1, Max: 1e5, Log: true,
		Hint:  "iterations until ε_t has halved: ε_t = ε₀·τ/(τ + t)",
		Group: GroupStepSize, active: resOrSGD},
	{Key: "rn", Name: "ResDim", Symbol: "n", Label: "dimension", Kind: Integer, Min: 2, Max: 100, Step: 1,
		Hint:  "dimension of the RES paper's §4 problem: classes uniform on [−0.8, 0.2]ⁿ and [−0.2, 0.8]ⁿ",
		Group: GroupData, active: IsRESvsSGD},
}

// init appends the linear solvers' fields after digits.go's, then NORMA's
// schedule and its second learner's copy (issue 21): appended, so that the
// field indices older links' edits (ev=…) use stay the same.
func init() {
	Fields = append(Fields, linearFields...)
	Fields = append(Fields, scheduleField)
	Fields = append(Fields, secondField(scheduleField.Key)) // after: it copies the field appended above
	Fields = append(Fields, regretRestartField, hindsightField)
	Fields = append(Fields, theorem1Fields...)
}

// linearActive overrides the activity of the kernel learners' settings
// under a linear learner: it returns ok = false when the field's own rule
// applies. The kernel, its parameters and ω matter only for expansions (ω
// also for DCD's window); η₀ and ν are the kernel learners'; under the
// RES-vs-SGD preset only the RES settings, λ, n and the seed matter.
func linearActive(key string, c Config) (active, ok bool) {
	if IsRESvsSGD(c) {
		switch key {
		case "lam", "r", "rn", "mode":
			return true, true
		}
		f, found := FieldByKey(key)
		if found && f.Group != GroupRun && !slices.ContainsFunc(linearFields, func(g Field) bool { return g.Key == key }) {
			return false, true
		}
		return false, false
	}
	if !IsLinear(c.Learner) {
		return false, false
	}
	switch key {
	case "k", "s", "d", "ks", "ko":
		if !UsesKernel(c) {
			return false, true
		}
	case "w":
		return UsesKernel(c) || c.Learner == LearnerDCD, true
	case "e", "nu", "tau", "m", "dc":
		return false, true
	}
	return false, false
}

// validateLinear checks the task against a linear learner: the binary
// solvers (Pegasos, DCD, RES, SGD) learn ±1 labels; AMM and the multiclass
// linear SVM learn binary (as two classes) or multiclass tasks. The
// RES-vs-SGD preset ignores the task and the learner.
func (c Config) validateLinear() error {
	if !IsLinear(c.Learner) || IsRESvsSGD(c) {
		return nil
	}
	switch c.Task {
	case TaskBinary:
		return nil
	case TaskMulticlass:
		if multiclassCapable(c.Learner) {
			return nil
		}
		return fmt.Errorf("%s learns two classes: choose AMM or the multiclass linear SVM for %d classes", c.Learner, c.Classes)
	}
	return fmt.Errorf("%s has no %s loss: choose SVMD or NORMA", c.Learner, c.Task)
}

// compatibleLinear moves a linear learner the new task cannot use to one
// that can: multiclass → AMM; novelty → SVMD (regression is handled by
// compatible).
func compatibleLinear(c *Config) {
	if !IsLinear(c.Learner) || IsRESvsSGD(*c) {
		return
	}
	switch c.Task {
	case TaskMulticlass:
		if !multiclassCapable(c.Learner) {
			c.Learner = LearnerAMM
		}
	case TaskNovelty:
		c.Learner = LearnerSVMD
	}
}

func equalLinear(a, b Config) bool {
	return a.PegasosBatchSize == b.PegasosBatchSize && a.LinBatchSize == b.LinBatchSize && a.LinEta0 == b.LinEta0 && a.LinTau == b.LinTau &&
		a.Delta == b.Delta && a.Gamma == b.Gamma && a.NonRegularized == b.NonRegularized &&
		a.LinLoss == b.LinLoss && a.DCDLoss == b.DCDLoss && a.DCDPasses == b.DCDPasses &&
		a.MaxHyperplanes == b.MaxHyperplanes && a.ResDim == b.ResDim
}
