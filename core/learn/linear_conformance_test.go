package learn_test

import (
	"kernelplay/core/loss"

	"fmt"
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
	for _, lf := range []loss.Loss{loss.SquaredHinge{}, loss.Logistic{}, loss.Hinge{}} {
		learntest.Test(t, "sgd-"+fmt.Sprint(lf), func() learn.Learner {
			l, err := learn.NewSGD(with(learn.DefaultSGDConfig(), func(c *learn.SGDConfig) {
				c.Loss = lf
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
		c.Loss = loss.Logistic{}
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
	for _, h := range []int{15, 1} {
		learntest.Test(t, fmt.Sprintf("binary-amm-H%d", h), func() learn.Learner {
			c := learn.DefaultAMMConfig(2)
			c.Lambda, c.MaxHyperplanes = 1e-2, h
			l, err := learn.NewBinaryAMM(c, 2)
			if err != nil {
				t.Fatal(err)
			}
			return l
		}, learntest.Options{Dim: 2})
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
	cfg := with(learn.DefaultKernelPegasosConfig(), func(c *learn.KernelPegasosConfig) {
		c.Kernel = kernel.Gaussian{Sigma: 1}
		c.Lambda = 1e-2
		c.BufferSize = 64
	})
	learntest.Test(t, "kernel-pegasos", func() learn.Learner {
		l, err := learn.NewKernelPegasos(cfg, 2)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}, learntest.Options{Dim: 2, Warmup: 200, WithKernel: func(k kernel.Kernel) (learn.Learner, error) {
		c := cfg
		c.Kernel = k
		return learn.NewKernelPegasos(c, 2)
	}})
}

func TestDCDOnlineConformance(t *testing.T) {
	for _, lf := range []loss.Loss{loss.Hinge{}, loss.SquaredHinge{}} {
		learntest.Test(t, "dcd-online-"+fmt.Sprint(lf), func() learn.Learner {
			l, err := learn.NewDCDOnline(with(learn.DefaultDCDOnlineConfig(), func(c *learn.DCDOnlineConfig) {
				c.Loss = lf
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
