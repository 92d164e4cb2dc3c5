package kernel_test

import (
	"fmt"

	"kernelplay/core/kernel"
)

// One kernel row of x against two stored rows, with cached squared norms.
func ExampleRow() {
	k := kernel.Gaussian{Sigma: 1}
	if err := k.Validate(); err != nil {
		panic(err)
	}
	rows := []float64{
		0, 0, // z_0
		1, 1, // z_1
	}
	norms := []float64{0, 2} // ‖z_i‖²
	x := []float64{1, 0}
	dst := make([]float64, 2)
	kernel.Row(k, dst, x, 1, rows, norms)
	fmt.Printf("%.4g %.4g\n", dst[0], dst[1]) // e^{−1/2}, e^{−1/2}
	fmt.Println(k, kernel.GaussianGamma(0.5).Gamma())
	// Output:
	// 0.6065 0.6065
	// gaussian(σ=1) 0.5
}

// The taxonomy kernel (JMLR eq. 65) and the tree distance Δ (eq. 62) on the
// leaves 3, 4, 5 of the tree 0 → {1, 2}, 1 → {3, 4}, 2 → {5}.
func ExampleTaxonomy() {
	t := kernel.Taxonomy{Parent: []int{-1, 0, 0, 1, 1, 2}, Labels: []int{3, 4, 5}}
	kappa := make([]float64, 9)
	t.Matrix(kappa)
	delta, err := t.Distance()
	if err != nil {
		panic(err)
	}
	fmt.Println(kappa)
	fmt.Println(delta)
	// Output:
	// [3 2 1 2 3 1 1 1 3]
	// [0 1 2 1 0 2 2 2 0]
}
