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
			l, err := learn.NewPegasos(with(learn.DefaultPegasosConfig(), func(c *learn.PegasosConfig) {
				c.Lambda = 1e-2
				c.BatchSize = k
			}), 2)
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
			l, err := learn.NewSGD(with(learn.DefaultSGDConfig(), func(c *learn.SGDConfig) {
				c.Loss = loss
				c.BatchSize = 2
			}), 2)
			if err != nil {
				t.Fatal(err)
			}
			return l
		}, learntest.Options{Dim: 2})
	}
}

func TestRESConformance(t *testing.T) {
	for _, s := range []learn.RESConfig{learn.DefaultRESConfig(), with(learn.DefaultRESConfig(), func(c *learn.RESConfig) {
		c.Loss = learn.LinearLogistic
	}), with(learn.DefaultRESConfig(), func(c *learn.RESConfig) {
		c.Delta, c.Gamma = 0, 0 // plain stochastic BFGS
	}), with(learn.DefaultRESConfig(), func(c *learn.RESConfig) {
		c.Bias = 1
	})} {
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
			l, err := learn.NewAMM(with(learn.DefaultAMMConfig(k), func(c *learn.AMMConfig) {
				c.Lambda = 1e-2
				c.PruneEvery = 100
			}), 2)
			if err != nil {
				t.Fatal(err)
			}
			return l
		}, learntest.Options{Dim: 2})
		learntest.Test(t, "multiclass-linear", func() learn.Learner {
			l, err := learn.NewMulticlassLinear(with(learn.DefaultAMMConfig(k), func(c *learn.AMMConfig) {
				c.Lambda = 1e-2
			}), 3)
			if err != nil {
				t.Fatal(err)
			}
			return l
		}, learntest.Options{Dim: 3})
	}
}

func TestKernelPegasosConformance(t *testing.T) {
	learntest.Test(t, "kernel-pegasos", func() learn.Learner {
		l, err := learn.NewKernelPegasos(with(learn.DefaultKernelPegasosConfig(), func(c *learn.KernelPegasosConfig) {
			c.Kernel = kernel.Gaussian{Sigma: 1}
			c.Lambda = 1e-2
			c.BufferSize = 64
		}), 2)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}, learntest.Options{Dim: 2, Warmup: 200})
}

func TestDCDOnlineConformance(t *testing.T) {
	for _, loss := range []learn.LinearLoss{learn.LinearHinge, learn.LinearSquaredHinge} {
		learntest.Test(t, "dcd-online-"+loss.String(), func() learn.Learner {
			l, err := learn.NewDCDOnline(with(learn.DefaultDCDOnlineConfig(), func(c *learn.DCDOnlineConfig) {
				c.Loss = loss
				c.Lambda = 1e-2
				c.BufferSize = 64
			}), 2)
			if err != nil {
				t.Fatal(err)
			}
			return l
		}, learntest.Options{Dim: 2})
	}
}
