package learn_test

import (
	"testing"

	"kernelplay/core/kernel"
	"kernelplay/core/learn"
	"kernelplay/core/learn/learntest"
)

// The linear learners run the shared conformance suite (core/learn/learntest).

func TestPegasosConformance(t *testing.T) {
	for _, k := range []int{1, 3} {
		learntest.Test(t, "pegasos", func() learn.Learner {
			l, err := learn.NewPegasos(learn.PegasosConfig{Lambda: 1e-2, BatchSize: k}, 2)
			if err != nil {
				t.Fatal(err)
			}
			return l
		}, learntest.Options{Dim: 2})
	}
}

func TestSGDConformance(t *testing.T) {
	for _, loss := range []learn.LinearLoss{learn.LinearSquaredHinge, learn.LinearLogistic, learn.LinearHinge} {
		learntest.Test(t, "sgd-"+loss.String(), func() learn.Learner {
			l, err := learn.NewSGD(learn.SGDConfig{Loss: loss, BatchSize: 2}, 2)
			if err != nil {
				t.Fatal(err)
			}
			return l
		}, learntest.Options{Dim: 2})
	}
}

func TestRESConformance(t *testing.T) {
	for _, s := range []learn.RESConfig{{}, {Loss: learn.LinearLogistic}, {NonRegularized: true}, {Bias: 1}} {
		learntest.Test(t, "res", func() learn.Learner {
			l, err := learn.NewRES(s, 3)
			if err != nil {
				t.Fatal(err)
			}
			return l
		}, learntest.Options{Dim: 3})
	}
}

func TestAMMConformance(t *testing.T) {
	for _, k := range []int{2, 4} {
		learntest.Test(t, "amm", func() learn.Learner {
			l, err := learn.NewAMM(learn.AMMConfig{Classes: k, Lambda: 1e-2, PruneEvery: 100}, 2)
			if err != nil {
				t.Fatal(err)
			}
			return l
		}, learntest.Options{Dim: 2})
		learntest.Test(t, "multiclass-linear", func() learn.Learner {
			l, err := learn.NewMulticlassLinear(learn.AMMConfig{Classes: k, Lambda: 1e-2}, 3)
			if err != nil {
				t.Fatal(err)
			}
			return l
		}, learntest.Options{Dim: 3})
	}
}

func TestKernelPegasosConformance(t *testing.T) {
	learntest.Test(t, "kernel-pegasos", func() learn.Learner {
		l, err := learn.NewKernelPegasos(learn.KernelPegasosConfig{Kernel: kernel.Gaussian{Sigma: 1}, Lambda: 1e-2, BufferSize: 64}, 2)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}, learntest.Options{Dim: 2, Warmup: 200})
}

func TestDCDOnlineConformance(t *testing.T) {
	for _, loss := range []learn.LinearLoss{learn.LinearHinge, learn.LinearSquaredHinge} {
		learntest.Test(t, "dcd-online-"+loss.String(), func() learn.Learner {
			l, err := learn.NewDCDOnline(learn.DCDOnlineConfig{Loss: loss, Lambda: 1e-2, BufferSize: 64}, 2)
			if err != nil {
				t.Fatal(err)
			}
			return l
		}, learntest.Options{Dim: 2})
	}
}
