package learn_test

import (
	"testing"

	"kernelplay/core/kernel"
	"kernelplay/core/learn"
	"kernelplay/core/learn/learntest"
)

// normaFactory returns a constructor of fresh NORMA learners for the suite.
func normaFactory(t *testing.T, cfg learn.NORMAConfig, dim int) func() learn.Learner {
	t.Helper()
	if _, err := learn.NewNORMA(cfg, dim); err != nil {
		t.Fatalf("NewNORMA(%+v): %v", cfg, err)
	}
	return func() learn.Learner {
		n, err := learn.NewNORMA(cfg, dim)
		if err != nil {
			panic(err)
		}
		return n
	}
}

// TestNORMAConformance runs the learntest suite on every NORMA rule, binary
// and multiclass where the rule classifies, with a buffer small enough
// (ω = 64) that the 600-step streams wrap it many times.
func TestNORMAConformance(t *testing.T) {
	const omega = 64
	g := kernel.Gaussian{Sigma: 0.5}
	cases := []struct {
		name string
		cfg  learn.NORMAConfig
		dim  int
	}{
		{"soft-margin", with(learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0), func(c *learn.NORMAConfig) {
			c.Kernel = g
			c.Lambda = 0.1
			c.Offset = true
		}), 2},
		{"soft-margin-defaults", learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0), 3},
		{"soft-margin-multiclass", with(learn.DefaultNORMAConfig(learn.RuleSoftMargin, 4), func(c *learn.NORMAConfig) {
			c.Kernel = g
			c.Lambda = 0.1
			c.Schedule = learn.Sqrt{Eta0: 0.5, Tau: c.Schedule.(learn.Sqrt).Tau}
		}), 2},
		{"nu-classification", with(learn.DefaultNORMAConfig(learn.RuleNuClassification, 0), func(c *learn.NORMAConfig) {
			c.Kernel = g
			c.Lambda = 0.1
			c.Nu = 0.1
			c.Offset = true
		}), 2},
		{"nu-classification-multiclass", with(learn.DefaultNORMAConfig(learn.RuleNuClassification, 3), func(c *learn.NORMAConfig) {
			c.Kernel = g
			c.Lambda = 0.1
			c.Nu = 0.1
			c.Schedule = learn.Sqrt{Eta0: c.Schedule.(learn.Sqrt).Eta0, Tau: 10}
		}), 5},
		{"hinge", with(learn.DefaultNORMAConfig(learn.RuleHinge, 0), func(c *learn.NORMAConfig) {
			c.Kernel = g
			c.Lambda = 0.01
		}), 2},
		{"hinge-multiclass", with(learn.DefaultNORMAConfig(learn.RuleHinge, 5), func(c *learn.NORMAConfig) {
			c.Kernel = g
			c.Lambda = 0.01
		}), 2},
		{"novelty", with(learn.DefaultNORMAConfig(learn.RuleNovelty, 0), func(c *learn.NORMAConfig) {
			c.Kernel = g
			c.Nu = 0.1
		}), 2},
		{"squared", with(learn.DefaultNORMAConfig(learn.RuleSquared, 0), func(c *learn.NORMAConfig) {
			c.Kernel = kernel.Gaussian{Sigma: 2}
			c.Lambda = 0.01
			c.Schedule = learn.Constant{Eta0: 0.2}
			c.Offset = true
		}), 2},
		{"nu-eps-insensitive", with(learn.DefaultNORMAConfig(learn.RuleNuEpsilonInsensitive, 0), func(c *learn.NORMAConfig) {
			c.Kernel = kernel.Gaussian{Sigma: 2}
			c.Lambda = 0.01
			c.Nu = 0.3
			c.Schedule = learn.Constant{Eta0: 0.2}
			c.Offset = true
		}), 2},
		{"huber", with(learn.DefaultNORMAConfig(learn.RuleHuber, 0), func(c *learn.NORMAConfig) {
			c.Kernel = kernel.Gaussian{Sigma: 2}
			c.Lambda = 0.01
			c.HuberSigma = 0.2
			c.Schedule = learn.Constant{Eta0: 0.2}
			c.Offset = true
		}), 2},
		{"adaptive-huber", with(learn.DefaultNORMAConfig(learn.RuleAdaptiveHuber, 0), func(c *learn.NORMAConfig) {
			c.Kernel = kernel.Gaussian{Sigma: 2}
			c.Lambda = 0.01
			c.Nu = 0.3
			c.Schedule = learn.Constant{Eta0: 0.2}
			c.Offset = true
		}), 2},
	}
	for _, c := range cases {
		opt := learntest.Options{Dim: c.dim, Warmup: 700}
		c.cfg.BufferSize = omega
		opt.WithKernel = func(k kernel.Kernel) (learn.Learner, error) {
			cfg := c.cfg
			cfg.Kernel = k
			return learn.NewNORMA(cfg, c.dim)
		}
		if c.name == "soft-margin-defaults" {
			c.cfg.BufferSize = 512 // passed by the 700-step warm-up
		}
		learntest.Test(t, c.name, normaFactory(t, c.cfg, c.dim), opt)
	}
}

// TestPerceptronConformance runs the suite on the kernel perceptron.
func TestPerceptronConformance(t *testing.T) {
	for _, classes := range []int{0, 3} {
		cfg := with(learn.DefaultPerceptronConfig(), func(c *learn.PerceptronConfig) {
			c.Kernel = kernel.Gaussian{Sigma: 0.5}
			c.Classes = classes
			c.BufferSize = 32
		})
		f := func() learn.Learner {
			p, err := learn.NewPerceptron(cfg, 2)
			if err != nil {
				panic(err)
			}
			return p
		}
		learntest.Test(t, "perceptron", f, learntest.Options{Dim: 2, WithKernel: func(k kernel.Kernel) (learn.Learner, error) {
			c := cfg
			c.Kernel = k
			return learn.NewPerceptron(c, 2)
		}})
	}
}
