package ui

import "kernelplay/ui/state"

// The display names of the select options: one table of every Choice
// field's options (optionLabels), and per-field tables where option values
// of different fields coincide.

// fieldOptionLabels are the display names of the options of one field,
// consulted before optionLabels: option values of different fields can
// coincide (the task "binary" and the digits figure "binary").
var fieldOptionLabels = map[string]map[string]string{
	"t": {
		state.TaskBinary:     "binary",
		state.TaskMulticlass: "multiclass",
		state.TaskNovelty:    "novelty detection",
		state.TaskRegression: "regression (1D)",
	},
}

// fieldOptionLabel is the display name of option o of the field with key.
func fieldOptionLabel(key, o string) string {
	if first, ok := state.IsSecondKey(key); ok {
		key = first // the second learner's kernel menu reads as the first's
	}
	if l, ok := fieldOptionLabels[key][o]; ok {
		return l
	}
	return optionLabel(o)
}

// optionLabel is the display name of a Choice option.
func optionLabel(o string) string {
	if l, ok := optionLabels[o]; ok {
		return l
	}
	return o
}

var optionLabels = map[string]string{
	state.LearnerSVMD:        "SVMD (adaptive η)",
	state.LearnerSVMD0:       "SVMD, decay 0",
	state.LearnerNORMA:       "NORMA",
	state.LearnerPerceptron:  "kernel perceptron",
	state.KernelGaussian:     "Gaussian RBF",
	state.KernelPolynomial:   "polynomial",
	state.KernelLinear:       "linear",
	state.KernelLaplacian:    "Laplacian",
	state.PresetGaussians:    "two Gaussians",
	state.PresetXOR:          "XOR",
	state.PresetCircles:      "circles",
	state.PresetMoons:        "moons",
	state.PresetSpirals:      "spirals",
	state.PresetCheckerboard: "checkerboard",
	state.PresetRotating:     "rotating (drift)",
}

func init() {
	// The digits fields. Per field: figure names coincide with task names
	// ("binary", …).
	fieldOptionLabels["ds"] = map[string]string{
		state.Data8x8: "8×8 digits (1,797)", state.DataMNIST: "MNIST (10,000)", state.DataFile: "your file"}
	fieldOptionLabels["st"] = map[string]string{
		state.StreamMulticlass: "10-way", state.StreamSplit: "0–4 vs 5–9", state.StreamSwitch: "0/1, then 2/3",
		state.StreamCounting: "counter 000–999", state.StreamNovelty: "novelty (zeros)"}
	fig := map[string]string{state.FigureNone: "none"}
	for _, f := range state.Figures {
		fig[f.Name] = f.Title
	}
	fieldOptionLabels["fig"] = fig
	fieldOptionLabels["vs"] = map[string]string{state.CompareNone: "none"}
	// ν-NORMA's margin rules: the paper's two, and the shrinking step of
	// the log-space rule, which is our choice (state.MarginRuleLogDecay).
	fieldOptionLabels["mr"] = map[string]string{
		state.MarginRuleAdditive: "additive (NORMA eq. 14)",
		state.MarginRuleLog:      "log space (JMLR eq. 55)",
		state.MarginRuleLogDecay: "log space, shrinking step",
	}
	// NORMA's schedules: JMLR's (the default) and the ones of NORMA's
	// Theorems 2 and 1, under which their bounds apply.
	fieldOptionLabels["sch"] = map[string]string{
		state.ScheduleJMLR:     "JMLR eq. 59",
		state.ScheduleTheorem2: "NORMA as in Theorem 2",
		state.ScheduleTheorem1: "NORMA as in Theorem 1",
	}
	// The linear solvers (issue 5).
	for k, v := range map[string]string{
		state.LearnerPegasos:       "Pegasos",
		state.LearnerKernelPegasos: "kernel Pegasos",
		state.LearnerDCD:           "DCD (sliding window)",
		state.LearnerAMM:           "AMM",
		state.LearnerMulticlass:    "multiclass linear",
		state.LearnerRES:           "RES (BFGS)",
		state.LearnerSGD:           "SGD",
		state.PresetRESvsSGD:       "RES vs SGD (RES paper §4)",
		state.LossSquaredHinge:     "squared hinge",
		state.LossLogistic:         "logistic",
		state.LossL1:               "L1: hinge",
		state.LossL2:               "L2: squared hinge",
	} {
		optionLabels[k] = v
	}
}
