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
		{"soft-margin", learn.NORMAConfig{Rule: learn.RuleSoftMargin, Kernel: g, Lambda: 0.1, Offset: true}, 2},
		{"soft-margin-defaults", learn.NORMAConfig{}, 3},
		{"soft-margin-multiclass", learn.NORMAConfig{Rule: learn.RuleSoftMargin, Kernel: g, Classes: 4, Lambda: 0.1, Eta0: 0.5}, 2},
		{"nu-classification", learn.NORMAConfig{Rule: learn.RuleNuClassification, Kernel: g, Lambda: 0.1, Nu: 0.1, Offset: true}, 2},
		{"nu-classification-multiclass", learn.NORMAConfig{Rule: learn.RuleNuClassification, Kernel: g, Classes: 3, Lambda: 0.1, Nu: 0.1, Tau: 10}, 5},
		{"hinge", learn.NORMAConfig{Rule: learn.RuleHinge, Kernel: g, Lambda: 0.01}, 2},
		{"hinge-multiclass", learn.NORMAConfig{Rule: learn.RuleHinge, Kernel: g, Classes: 5, Lambda: 0.01}, 2},
		{"novelty", learn.NORMAConfig{Rule: learn.RuleNovelty, Kernel: g, Nu: 0.1}, 2},
		{"squared", learn.NORMAConfig{Rule: learn.RuleSquared, Kernel: kernel.Gaussian{Sigma: 2}, Lambda: 0.01, Schedule: learn.Constant{Eta0: 0.2}, Offset: true}, 2},
		{"nu-eps-insensitive", learn.NORMAConfig{Rule: learn.RuleNuEpsilonInsensitive, Kernel: kernel.Gaussian{Sigma: 2}, Lambda: 0.01, Nu: 0.3, Schedule: learn.Constant{Eta0: 0.2}, Offset: true}, 2},
		{"huber", learn.NORMAConfig{Rule: learn.RuleHuber, Kernel: kernel.Gaussian{Sigma: 2}, Lambda: 0.01, Sigma: 0.2, Schedule: learn.Constant{Eta0: 0.2}, Offset: true}, 2},
		{"adaptive-huber", learn.NORMAConfig{Rule: learn.RuleAdaptiveHuber, Kernel: kernel.Gaussian{Sigma: 2}, Lambda: 0.01, Nu: 0.3, Schedule: learn.Constant{Eta0: 0.2}, Offset: true}, 2},
	}
	for _, c := range cases {
		opt := learntest.Options{Dim: c.dim, Warmup: 700}
		c.cfg.BufferSize = omega
		if c.name == "soft-margin-defaults" {
			c.cfg.BufferSize = 0 // ω = 512, passed by the 700-step warm-up
		}
		learntest.Test(t, c.name, normaFactory(t, c.cfg, c.dim), opt)
	}
}

// TestPerceptronConformance runs the suite on the kernel perceptron.
func TestPerceptronConformance(t *testing.T) {
	for _, classes := range []int{0, 3} {
		cfg := learn.PerceptronConfig{Kernel: kernel.Gaussian{Sigma: 0.5}, Classes: classes, BufferSize: 32}
		f := func() learn.Learner {
			p, err := learn.NewPerceptron(cfg, 2)
			if err != nil {
				panic(err)
			}
			return p
		}
		learntest.Test(t, "perceptron", f, learntest.Options{Dim: 2})
	}
}
