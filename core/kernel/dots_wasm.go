//go:build wasm

package kernel

// dots computes dst = rows·x with [dotsLoop]: under GOARCH=wasm gonum's BLAS
// has no assembly and the unrolled loop is faster than blas64.Gemv
// (BenchmarkDotsLoop vs BenchmarkDotsGemv).
// len(rows) == len(dst)·len(x), both non-zero.
func dots(dst, x, rows []float64) { dotsLoop(dst, x, rows) }

// rowExp is the exponential of the Gaussian and Laplacian rows: under wasm
// [expNeg], bit for bit math.Exp there but about 2× faster.
func rowExp(x float64) float64 { return expNeg(x) }

// gaussMap maps inner products to Gaussian values in place; under wasm with
// the exponential inlined ([gaussMapInline]).
func gaussMap(dst, norms []float64, xx, g float64) { gaussMapInline(dst, norms, xx, g) }
