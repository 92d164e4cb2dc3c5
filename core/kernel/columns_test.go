package kernel

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// sparseVec returns d normal entries of which about a fraction density is
// non-zero.
func sparseVec(r *rand.Rand, d int, density float64) []float64 {
	v := make([]float64, d)
	for j := range v {
		if r.Float64() < density {
			v[j] = r.NormFloat64()
		}
	}
	return v
}

// TestColumnsMatchRow checks that the feature-major row equals the
// row-major one bit for bit (the float64 path's results must not depend on
// the layout) for every kernel, odd and even dimensions (gonum's Gemv adds an
// odd d's last column apart, in the last row of an odd count differently),
// counts crossing the 8-slot blocks and the 1024-slot passes, dense and
// sparse queries and a stored slot overwritten by Set.
func TestColumnsMatchRow(t *testing.T) {
	r := newRand(t)
	for _, d := range []int{1, 2, 3, 5, 7, 8, 9, 15, 16, 17, 64, 65, 784} {
		for _, n := range []int{0, 1, 2, 3, 5, 8, 9, 33, 1025, 2051} {
			if n > 64 && d > 65 {
				continue // keeps the test fast; d = 784 runs at n ≤ 33
			}
			capacity := n + 3
			rows := make([]float64, capacity*d)
			norms := make([]float64, capacity)
			c := NewColumns(d, capacity)
			for s := range capacity {
				z := sparseVec(r, d, 0.4)
				if s == 1 && n > 1 {
					c.Set(s, sparseVec(r, d, 1)) // overwritten below
				}
				copy(rows[s*d:], z)
				norms[s] = dot(z, z)
				c.Set(s, z)
			}
			for _, density := range []float64{0, 0.2, 1} {
				x := sparseVec(r, d, density)
				xx := dot(x, x)
				want, got := make([]float64, n), make([]float64, n)
				for _, k := range append(testKernels, wrapped{Gaussian{Sigma: 2}}) {
					Row(k, want, x, xx, rows, norms)
					c.Row(k, got, x, xx, norms)
					for i := range n {
						if got[i] != want[i] {
							t.Fatalf("%v d=%d n=%d density %v: Columns.Row[%d] = %v, Row %v", k, d, n, density, i, got[i], want[i])
						}
					}
				}
			}
		}
	}
}

// TestSparse checks the threshold of Sparse against a direct count.
func TestSparse(t *testing.T) {
	for _, x := range [][]float64{
		{0, 0, 0, 0}, {1, 0, 0, 0}, {1, 0, 2, 0}, {1, 3, 2, 0}, {1, 3, 2, 4},
		{1, 2}, {0, 2}, {5}, {0},
	} {
		nz := 0
		for _, v := range x {
			if v != 0 {
				nz++
			}
		}
		want := float64(nz) <= float64(len(x))*sparseMaxNum/sparseMaxDen
		if got := Sparse(x); got != want {
			t.Errorf("Sparse(%v) = %v, want %v (%d of %d non-zero, threshold %d/%d)", x, got, want, nz, len(x), sparseMaxNum, sparseMaxDen)
		}
	}
	if !Sparse([]float64{1, 0, 0, 0}) || Sparse([]float64{1, 1, 1, 1}) {
		t.Error("a quarter non-zero must be sparse and a dense vector not")
	}
}

func TestColumnsPanics(t *testing.T) {
	c := NewColumns(3, 4)
	for name, f := range map[string]func(){
		"new":        func() { NewColumns(0, 4) },
		"set slot":   func() { c.Set(4, make([]float64, 3)) },
		"set length": func() { c.Set(0, make([]float64, 2)) },
		"row x":      func() { c.Row(Linear{}, make([]float64, 2), make([]float64, 2), 0, make([]float64, 2)) },
		"row dst":    func() { c.Row(Linear{}, make([]float64, 5), make([]float64, 3), 0, make([]float64, 5)) },
		"row norms":  func() { c.Row(Linear{}, make([]float64, 3), make([]float64, 3), 0, make([]float64, 2)) },
	} {
		func() {
			defer func() {
				if e := recover(); e == nil || !strings.HasPrefix(e.(string), "kernel: ") {
					t.Errorf("%s: recover() = %v, want a kernel: panic", name, e)
				}
			}()
			f()
		}()
	}
}

func TestColumnsNoAlloc(t *testing.T) {
	r := newRand(t)
	const n, d = 100, 16
	c, norms, x, dst := NewColumns(d, n), make([]float64, n), sparseVec(r, d, 0.3), make([]float64, n)
	for s := range n {
		c.Set(s, sparseVec(r, d, 0.3))
	}
	for _, k := range testKernels {
		if a := testing.AllocsPerRun(20, func() { c.Row(k, dst, x, 1, norms) }); a != 0 {
			t.Errorf("%v: Columns.Row allocates %v times", k, a)
		}
	}
}
