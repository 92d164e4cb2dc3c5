// Package kernel provides the positive-definite kernels of the online kernel
// learners: on inputs (Gaussian RBF, polynomial, linear, Laplacian) and on
// labels (delta, taxonomy), combined by the product kernel of JMLR eq. (63).
//
// Every input kernel here is a function of the inner product ⟨x, x'⟩ and the
// squared norms ‖x‖², ‖x'‖², so one row k(x, x_i) against many stored rows
// costs one matrix–vector product plus an elementwise map. This is the hot
// path of every kernel learner and of the decision surface, in two layouts
// with the same result bit for bit: [Row] against row-major vectors (dense
// queries), and [Columns.Row] against a feature-major copy, reading only the
// columns where the query is non-zero (sparse queries; [Sparse] decides).
// Under GOARCH=wasm a caller may replace the two inner loops by faster ones
// with the same bits ([UseDots], [UseColumnLane]).
//
// Package kernel is pure Go: it must not import syscall/js or anything under
// kernelplay/ui, and it imports no other kernelplay package.
package kernel

import "math"

// Kernel is a positive-definite kernel k: ℝ^d × ℝ^d → ℝ on input vectors that
// depends on its arguments only through ⟨x, z⟩, ‖x‖² and ‖z‖².
type Kernel interface {
	// FromDot returns k(x, z) given dot = ⟨x, z⟩, xx = ‖x‖² and zz = ‖z‖².
	FromDot(dot, xx, zz float64) float64
	// String names the kernel and its parameters, e.g. "gaussian(σ=0.5)".
	String() string
}

// Dots writes the inner products dst[i] = ⟨x, rows[i·d : (i+1)·d]⟩ for
// i < len(dst), where d = len(x) and rows is row-major. It panics if rows is
// shorter than len(dst)·d. It does not allocate.
//
// Natively it calls gonum's blas64.Gemv (assembly kernels); under GOARCH=wasm,
// where gonum's BLAS has no assembly and is 2–4× slower, a hand-written loop
// (loop.go: a d = 2 path, one accumulator below d = 8, else 8 unrolled
// accumulators; BenchmarkDotsLoop vs BenchmarkDotsGemv), or for d ≥ 8 the
// [UseDots] hook with the same bits (the page: WebAssembly SIMD).
func Dots(dst, x, rows []float64) {
	d := len(x)
	if len(rows) < len(dst)*d {
		panic("kernel: Dots: rows shorter than len(dst)·len(x)")
	}
	if len(dst) == 0 {
		return
	}
	if d == 0 {
		clear(dst)
		return
	}
	dots(dst, x, rows[:len(dst)*d])
}

// Row writes one kernel row dst[i] = k(x, z_i) for i < len(dst), where the
// z_i are the rows of the row-major rows (each of length len(x)), norms[i] =
// ‖z_i‖² and xx = ‖x‖². It costs one matrix–vector product ([Dots]) and one
// elementwise map, specialised for the kernels of this package (for other
// kernels it calls k.FromDot per element; under wasm the Gaussian map inlines
// its exponential, exp.go). Results agree with FromDot up to the rounding of
// the inner products. It does not allocate. It panics if
// rows or norms are shorter than len(dst) requires.
func Row(k Kernel, dst, x []float64, xx float64, rows, norms []float64) {
	if len(norms) < len(dst) {
		panic("kernel: Row: norms shorter than dst")
	}
	Dots(dst, x, rows)
	mapRow(k, dst, xx, norms[:len(dst)])
}

// mapRow maps inner products dst[i] = ⟨x, z_i⟩ to kernel values k(x, z_i)
// in place, norms[i] = ‖z_i‖² (len(norms) = len(dst)): the elementwise half
// of [Row] and [Columns.Row].
func mapRow(k Kernel, dst []float64, xx float64, norms []float64) {
	switch k := k.(type) {
	case Gaussian:
		gaussMap(dst, norms, xx, -k.Gamma())
	case Linear:
		// dst already holds the inner products.
	case Polynomial:
		s, c, p := k.scale(), k.Constant, k.degree()
		for i, dot := range dst {
			dst[i] = ipow(s*dot+c, p)
		}
	case Laplacian:
		r := -1 / k.sigma()
		for i, dot := range dst {
			dst[i] = rowExp(r * math.Sqrt(sqDist(dot, xx, norms[i])))
		}
	default:
		for i, dot := range dst {
			dst[i] = k.FromDot(dot, xx, norms[i])
		}
	}
}
