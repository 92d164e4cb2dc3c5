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
	omega, classes := 0, 3
	if big {
		omega, classes = 1<<13, 1<<12
	}
	g := kernel.Gaussian{Sigma: 1}
	return []constructor{
		{"SVMD", func(d int) (learn.Learner, error) {
			return wrapNew(learn.NewSVMD(learn.SVMDConfig{Kernel: g, BufferSize: omega}, d))
		}},
		{"NORMA", func(d int) (learn.Learner, error) {
			return wrapNew(learn.NewNORMA(learn.NORMAConfig{Kernel: g, BufferSize: omega}, d))
		}},
		{"Perceptron", func(d int) (learn.Learner, error) {
			return wrapNew(learn.NewPerceptron(learn.PerceptronConfig{Kernel: g, BufferSize: omega}, d))
		}},
		{"KernelPegasos", func(d int) (learn.Learner, error) {
			return wrapNew(learn.NewKernelPegasos(learn.KernelPegasosConfig{Kernel: g, BufferSize: omega}, d))
		}},
		{"DCDOnline", func(d int) (learn.Learner, error) {
			return wrapNew(learn.NewDCDOnline(learn.DCDOnlineConfig{BufferSize: omega}, d))
		}},
		{"AMM", func(d int) (learn.Learner, error) {
			return wrapNew(learn.NewAMM(learn.AMMConfig{Classes: classes}, d))
		}},
		{"MulticlassLinear", func(d int) (learn.Learner, error) {
			return wrapNew(learn.NewMulticlassLinear(learn.AMMConfig{Classes: classes}, d))
		}},
		{"Pegasos", func(d int) (learn.Learner, error) { return wrapNew(learn.NewPegasos(learn.PegasosConfig{}, d)) }},
		{"RES", func(d int) (learn.Learner, error) { return wrapNew(learn.NewRES(learn.RESConfig{}, d)) }},
		{"SGD", func(d int) (learn.Learner, error) { return wrapNew(learn.NewSGD(learn.SGDConfig{}, d)) }},
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
