package learn_test

import (
	"fmt"
	"math/rand/v2"

	"kernelplay/core/kernel"
	"kernelplay/core/learn"
)

// ExampleNORMA runs ν-classification (NORMA eq. 13, descent on the margin)
// on a stationary stream of two Gaussian blobs: the fraction of margin
// errors settles at ν.
func ExampleNORMA() {
	const nu = 0.2
	n, err := learn.NewNORMA(with(learn.DefaultNORMAConfig(learn.RuleNuClassification, 0), func(c *learn.NORMAConfig) {
		c.Kernel = kernel.Gaussian{Sigma: 1}
		c.Lambda = 0.02
		c.Nu = nu
		c.Schedule = learn.Constant{Eta0: 0.05}
		c.BufferSize = 256
		c.Offset = true
	}), 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	rng := rand.New(rand.NewPCG(1, 2))
	const steps = 4000
	marginErrors, mistakes := 0, 0
	for t := range steps {
		y := float64(2*rng.IntN(2) - 1)
		x := []float64{2*y + rng.NormFloat64(), rng.NormFloat64()}
		st := n.Learn(x, y)
		if t >= steps/2 {
			if st.MarginError {
				marginErrors++
			}
			if st.Mistake {
				mistakes++
			}
		}
	}
	fmt.Printf("margin errors %.4g (ν = %g), mistakes %.4g\n",
		float64(marginErrors)/(steps/2), nu, float64(mistakes)/(steps/2))
	fmt.Printf("ρ = %.4g, %d of %d terms stored\n", n.Margin(), n.Expansion().Len(), n.Expansion().Cap())
	pos := n.Scores(make([]float64, 1), []float64{2, 0})[0]
	neg := n.Scores(make([]float64, 1), []float64{-2, 0})[0]
	fmt.Printf("g(2, 0) = %.4g, g(−2, 0) = %.4g\n", pos, neg)
	// Output:
	// margin errors 0.1985 (ν = 0.2), mistakes 0.0225
	// ρ = 0.5, 256 of 256 terms stored
	// g(2, 0) = 0.6423, g(−2, 0) = -0.5832
}

// ExampleNewPerceptron learns XOR with the kernel perceptron (NORMA eq. 15,
// λ = 0) and a Gaussian kernel: two passes are enough.
func ExampleNewPerceptron() {
	p, err := learn.NewPerceptron(with(learn.DefaultPerceptronConfig(), func(c *learn.PerceptronConfig) {
		c.Kernel = kernel.Gaussian{Sigma: 0.5}
	}), 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	xs := [][]float64{{0, 0}, {1, 1}, {0, 1}, {1, 0}}
	ys := []float64{-1, -1, 1, 1}
	for pass := range 3 {
		mistakes := 0
		for i, x := range xs {
			if p.Learn(x, ys[i]).Mistake {
				mistakes++
			}
		}
		fmt.Printf("pass %d: %d mistakes, %d terms\n", pass+1, mistakes, p.Expansion().Len())
	}
	s := make([]float64, 1)
	for _, x := range xs {
		fmt.Printf("f(%v) = %.4g\n", x, p.Scores(s, x)[0])
	}
	// Output:
	// pass 1: 3 mistakes, 3 terms
	// pass 2: 1 mistakes, 4 terms
	// pass 3: 0 mistakes, 4 terms
	// f([0 0]) = -0.7476
	// f([1 1]) = -0.7476
	// f([0 1]) = 0.7476
	// f([1 0]) = 0.7476
}
