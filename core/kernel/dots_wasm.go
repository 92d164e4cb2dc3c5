//go:build wasm

package kernel

// dots computes dst = rows·x with [dotsLoop]: under GOARCH=wasm gonum's BLAS
// has no assembly and the plain loop is several times faster than
// blas64.Gemv (BenchmarkDotsLoop vs BenchmarkDotsGemv).
// len(rows) == len(dst)·len(x), both non-zero.
func dots(dst, x, rows []float64) { dotsLoop(dst, x, rows) }
