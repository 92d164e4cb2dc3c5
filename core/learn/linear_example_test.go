package learn_test

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"kernelplay/core/learn"
)

// Dual coordinate descent on four points, two per class, with LIBLINEAR's
// defaults (L1 loss, C = 1, i.e. λ = 1/N) and a bias feature.
func ExampleDCD_Fit() {
	X := mat.NewDense(4, 2, []float64{
		1, 2,
		2, 1,
		-1, -1,
		-2, 0,
	})
	y := []float64{1, 1, -1, -1}
	c, err := learn.NewDCD(learn.DCDConfig{Bias: 1, Tolerance: 1e-9})
	if err != nil {
		panic(err)
	}
	r, err := c.Fit(X, y)
	if err != nil {
		panic(err)
	}
	fmt.Printf("w = %.4g, primal %.4g, dual %.4g\n", r.W, r.Primal, r.Dual)
	// Every point ends exactly on its margin: F = λ/2·‖w‖² = (1/8)·0.36.
	// Output: w = [0.4 0.4 -0.2], primal 0.045, dual 0.045
}

// Pegasos fed one example at a time, as the page drives it.
func ExamplePegasos() {
	p, err := learn.NewPegasos(with(learn.DefaultPegasosConfig(), func(c *learn.PegasosConfig) {
		c.Lambda = 0.1
	}), 2)
	if err != nil {
		panic(err)
	}
	for i := 0; i < 100; i++ {
		p.Learn([]float64{1, 0.5}, 1)
		p.Learn([]float64{-1, -0.5}, -1)
	}
	fmt.Printf("w = %.4g after %d iterations\n", p.Weights(), p.Iterations())
	// Output: w = [0.8141 0.4071] after 200 iterations
}
