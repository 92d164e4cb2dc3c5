package kernel

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// Benchmark sizes: input dimensions of the 2D playground (2), small digit
// features (64), a mid-size input (256) and MNIST (784), against buffers of
// ω = 512 and 4096 stored rows (JMLR §6.1 and §6.3).
var (
	benchDims = []int{2, 64, 256, 784}
	benchRows = []int{512, 4096}
)

// BenchmarkRow measures one Gaussian kernel row k(x, z_i), i < n. Divide
// ns/op by n for ns/row (reported as the ns/row metric).
func BenchmarkRow(b *testing.B) {
	for _, n := range benchRows {
		for _, d := range benchDims {
			b.Run(fmt.Sprintf("n=%d/d=%d", n, d), func(b *testing.B) {
				r := rand.New(rand.NewPCG(testSeed, 1)) // unlogged: keeps -bench output readable
				rows, norms, x, dst := randVec(r, n*d, 1), make([]float64, n), randVec(r, d, 1), make([]float64, n)
				for i := range n {
					norms[i] = dot(rows[i*d:i*d+d], rows[i*d:i*d+d])
				}
				k := Gaussian{Sigma: 1}
				for b.Loop() {
					Row(k, dst, x, 1, rows, norms)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/row")
			})
		}
	}
}

// BenchmarkDotsLoop measures the 8-accumulator loop used under wasm
// (on any target), for comparison with the BLAS path of [Dots].
func BenchmarkDotsLoop(b *testing.B) { benchDots(b, dotsLoop) }

// BenchmarkDotsGemv measures gonum's blas64.Gemv (on any target; under wasm
// it is gonum's pure-Go code).
func BenchmarkDotsGemv(b *testing.B) { benchDots(b, dotsGemv) }

// benchDots times one call of dots(dst, x, rows) for every size of
// benchRows × benchDims, reporting ns/row.
func benchDots(b *testing.B, dots func(dst, x, rows []float64)) {
	for _, n := range benchRows {
		for _, d := range benchDims {
			b.Run(fmt.Sprintf("n=%d/d=%d", n, d), func(b *testing.B) {
				r := rand.New(rand.NewPCG(testSeed, 1)) // unlogged: keeps -bench output readable
				rows, x, dst := randVec(r, n*d, 1), randVec(r, d, 1), make([]float64, n)
				for b.Loop() {
					dots(dst, x, rows)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/row")
			})
		}
	}
}

// dotsGemv is the native path of Dots, compiled on every target so that the
// two can be compared under wasm too.
func dotsGemv(dst, x, rows []float64) {
	d := len(x)
	blas64.Gemv(blas.NoTrans, 1,
		blas64.General{Rows: len(dst), Cols: d, Stride: d, Data: rows[:len(dst)*d]},
		blas64.Vector{N: d, Inc: 1, Data: x},
		0, blas64.Vector{N: len(dst), Inc: 1, Data: dst})
}

// BenchmarkGaussMap compares the two Gaussian maps of Row (math.Exp per
// element, and the exponential inlined) on n = 4096 elements.
func BenchmarkGaussMap(b *testing.B) {
	const n = 4096
	r := rand.New(rand.NewPCG(testSeed, 1))
	dots, norms, dst := make([]float64, n), make([]float64, n), make([]float64, n)
	for i := range dots {
		norms[i] = r.ExpFloat64()
		dots[i] = (2*r.Float64() - 1) * math.Sqrt(norms[i])
	}
	for _, m := range []struct {
		name string
		f    func(dst, norms []float64, xx, g float64)
	}{{"std", gaussMapStd}, {"inline", gaussMapInline}} {
		b.Run(m.name, func(b *testing.B) {
			for b.Loop() {
				copy(dst, dots)
				m.f(dst, norms, 1, -0.5)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/row")
		})
	}
}

// BenchmarkRowDensity compares one Gaussian kernel row from the row-major
// store ([Row], "rows") and from the feature-major one ([Columns.Row],
// "cols") as the query's fraction of non-zeros grows (the stored vectors
// have the same density): the crossover sets [Sparse]'s threshold. MNIST
// digits are about 19% non-zero.
//
//	go test -run XXX -bench RowDensity ./core/kernel
func BenchmarkRowDensity(b *testing.B) {
	for _, sz := range []struct{ n, d int }{{4096, 784}, {512, 256}} {
		for _, density := range []float64{0.1, 0.19, 0.3, 0.5, 0.7, 1} {
			r := rand.New(rand.NewPCG(testSeed, 1))
			rows, norms := make([]float64, sz.n*sz.d), make([]float64, sz.n)
			c := NewColumns(sz.d, sz.n)
			for s := range sz.n {
				z := sparseVec(r, sz.d, density)
				copy(rows[s*sz.d:], z)
				norms[s] = dot(z, z)
				c.Set(s, z)
			}
			x, dst := sparseVec(r, sz.d, density), make([]float64, sz.n)
			xx := dot(x, x)
			k := Gaussian{Sigma: 1}
			name := fmt.Sprintf("n=%d/d=%d/density=%v", sz.n, sz.d, density)
			b.Run(name+"/rows", func(b *testing.B) {
				for b.Loop() {
					Row(k, dst, x, xx, rows, norms)
				}
			})
			b.Run(name+"/cols", func(b *testing.B) {
				for b.Loop() {
					c.Row(k, dst, x, xx, norms)
				}
			})
		}
	}
}
