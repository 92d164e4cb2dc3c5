package learn

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack/lapack64"
)

// TestCholSolveMatchesPotrfPotrs: cholSolve (dpotf2 + two dtrsv) against the
// dpotrf/dpotrs path RES used before, on random SPD systems A = MᵀM + cI
// whose lower triangle holds junk (only the upper one may be read). For
// n ≤ 64 dpotrf is dpotf2, so the factors must be equal bit for bit; the
// solutions, and the factors for n > 64, must agree to rounding.
func TestCholSolveMatchesPotrfPotrs(t *testing.T) {
	const seed = 7
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 1))
	for _, n := range []int{1, 2, 3, 5, 17, 40, 64, 65, 100, 101, 130} {
		m := make([]float64, n*n)
		for i := range m {
			m[i] = rng.NormFloat64()
		}
		a := make([]float64, n*n)
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				if j < i {
					a[i*n+j] = math.NaN() // never read
					continue
				}
				for k := 0; k < n; k++ {
					a[i*n+j] += m[k*n+i] * m[k*n+j]
				}
			}
			a[i*n+i] += 0.1 * float64(n)
		}
		x := make([]float64, n)
		for i := range x {
			x[i] = rng.NormFloat64()
		}

		want := append([]float64(nil), x...)
		wantU := append([]float64(nil), a...)
		tri, ok := lapack64.Potrf(blas64.Symmetric{Uplo: blas.Upper, N: n, Stride: n, Data: wantU})
		if !ok {
			t.Fatalf("n=%d: Potrf failed", n)
		}
		lapack64.Potrs(tri, blas64.General{Rows: n, Cols: 1, Stride: 1, Data: want})

		got := append([]float64(nil), x...)
		gotU := append([]float64(nil), a...)
		if !cholSolve(gotU, n, got) {
			t.Fatalf("n=%d: cholSolve reports not positive definite", n)
		}
		var maxU, maxX, scale float64
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				if j < i {
					if !math.IsNaN(gotU[i*n+j]) {
						t.Fatalf("n=%d: lower triangle written at (%d,%d)", n, i, j)
					}
					continue
				}
				maxU = max(maxU, math.Abs(gotU[i*n+j]-wantU[i*n+j])/math.Abs(wantU[i*n+i]))
			}
			scale = max(scale, math.Abs(want[i]))
		}
		for i := range want {
			maxX = max(maxX, math.Abs(got[i]-want[i]))
		}
		maxX /= scale
		t.Logf("n=%3d: max relative difference factor %.2g, solution %.2g", n, maxU, maxX)
		if n <= 64 && maxU != 0 {
			t.Errorf("n=%d: factor differs from dpotrf's (%g), want bit for bit", n, maxU)
		}
		if tol := 1e-12; maxU > tol || maxX > tol {
			t.Errorf("n=%d: factor differs by %g, solution by %g (relative), want ≤ %g", n, maxU, maxX, tol)
		}
	}
}

// TestCholSolveNotPositiveDefinite: an indefinite matrix gives false and
// leaves x unchanged, as Potrf's failure did.
func TestCholSolveNotPositiveDefinite(t *testing.T) {
	a := []float64{
		1, 2,
		0, 1, // eigenvalues 3 and −1
	}
	x := []float64{5, 7}
	if cholSolve(a, 2, x) {
		t.Fatal("cholSolve: true for an indefinite matrix")
	}
	if x[0] != 5 || x[1] != 7 {
		t.Errorf("x = %v, want unchanged [5 7]", x)
	}
}
