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
			l, err := learn.NewPegasos(2, learn.PegasosSettings{Lambda: 1e-2, BatchSize: k})
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
			l, err := learn.NewSGD(2, learn.SGDSettings{Loss: loss, BatchSize: 2})
			if err != nil {
				t.Fatal(err)
			}
			return l
		}, learntest.Options{Dim: 2})
	}
}

func TestRESConformance(t *testing.T) {
	for _, s := range []learn.RESSettings{{}, {Loss: learn.LinearLogistic}, {NonRegularized: true}, {Bias: 1}} {
		learntest.Test(t, "res", func() learn.Learner {
			l, err := learn.NewRES(3, s)
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
			l, err := learn.NewAMM(2, learn.AMMSettings{Classes: k, Lambda: 1e-2, PruneEvery: 100})
			if err != nil {
				t.Fatal(err)
			}
			return l
		}, learntest.Options{Dim: 2})
		learntest.Test(t, "multiclass-linear", func() learn.Learner {
			l, err := learn.NewMulticlassLinear(3, learn.AMMSettings{Classes: k, Lambda: 1e-2})
			if err != nil {
				t.Fatal(err)
			}
			return l
		}, learntest.Options{Dim: 3})
	}
}

func TestKernelPegasosConformance(t *testing.T) {
	learntest.Test(t, "kernel-pegasos", func() learn.Learner {
		l, err := learn.NewKernelPegasos(2, learn.KernelPegasosSettings{Kernel: kernel.Gaussian{Sigma: 1}, Lambda: 1e-2, BufferSize: 64})
		if err != nil {
			t.Fatal(err)
		}
		return l
	}, learntest.Options{Dim: 2, Warmup: 200})
}

func TestDCDOnlineConformance(t *testing.T) {
	for _, loss := range []learn.LinearLoss{learn.LinearHinge, learn.LinearSquaredHinge} {
		learntest.Test(t, "dcd-online-"+loss.String(), func() learn.Learner {
			l, err := learn.NewDCDOnline(2, learn.DCDOnlineSettings{Loss: loss, Lambda: 1e-2, BufferSize: 64})
			if err != nil {
				t.Fatal(err)
			}
			return l
		}, learntest.Options{Dim: 2})
	}
}
