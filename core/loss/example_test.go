package loss_test

import (
	"fmt"

	"kernelplay/core/loss"
)

// The Crammer–Singer loss of a 3-class example whose true class 0 beats the
// runner-up class 2 by only 0.2 < ε = 1: a margin error, with ξ moving mass
// from class 2 to class 0 (JMLR Table 1).
func ExampleMulticlass() {
	f := []float64{1, 0.5, 0.8} // scores f(x, y), y = 0, 1, 2
	xi := make([]float64, 3)
	l := loss.Multiclass{}.Eval(xi, f, 0, 1)
	fmt.Printf("l = %.4g, ξ = %v, piecewise linear: %v\n", l, xi, loss.PiecewiseLinear(loss.Multiclass{}))
	// Output:
	// l = 0.8, ξ = [-1 0 1], piecewise linear: true
}

// Binary logistic loss, its expansion coefficient and the curvature ρ of
// JMLR eq. (36) at a score of 0.
func ExampleLogistic() {
	var l loss.Loss = loss.Logistic{}
	xi := make([]float64, 1)
	v := l.Eval(xi, []float64{0}, +1, 1)
	h := make([]float64, 1)
	if c, ok := l.(loss.Curved); ok {
		c.Hessian(h, []float64{0}, +1)
	}
	fmt.Printf("l = %.4g, ξ = %.4g, ρ = %.4g\n", v, xi[0], h[0])
	// Output:
	// l = 0.6931, ξ = -0.5, ρ = 0.25
}
