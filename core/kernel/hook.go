package kernel

// The hooks below let a caller that has a faster implementation of the two
// inner loops of a kernel row, and cannot live in this package, plug it in,
// in the spirit of gonum's blas64.Use. The page does (wasm/simd: the same
// loops in a WebAssembly module with 128-bit SIMD, which Go's wasm backend
// does not emit). They are consulted only under GOARCH=wasm, where the loops
// are plain Go; natively [Dots] and [Columns.Row] keep gonum's assembly.
//
// The contract of both is "the same bits as the Go loop": a kernel row,
// and so a learner's run, must not depend on whether the hook is installed
// (same seed, same run, bit for bit). They are package state: install them
// once at start-up, before any kernel row is computed, from the one
// goroutine that computes kernel rows (wasm has one thread).

// dotsHook is the installed [UseDots] function, nil for the Go loop.
var dotsHook func(dst, x, rows []float64)

// laneHook is the installed [UseColumnLane] function, nil for the Go loop.
var laneHook func(dst, cols []float64, offs []int, vals []float64)

// UseDots installs f as the inner-product loop of [Dots] (and so of [Row])
// under GOARCH=wasm; nil restores the Go loop. f(dst, x, rows) must write
// dst[i] = ⟨x, rows[i·d:(i+1)·d]⟩, d = len(x), i < len(dst), with exactly
// the bits of the Go loop for d ≥ 8: eight partial sums s_k over
// j < d8 = d rounded down to a multiple of 8 (s_{j mod 8} += x_j·r_j, a
// rounded product then a rounded sum, in ascending j, each s_k from +0),
// the tail j ≥ d8 added to s_0 the same way, then
//
//	((s0+s1)+(s2+s3)) + ((s4+s5)+(s6+s7)).
//
// Bits may differ only in the payload or sign of a NaN. Dots calls f only
// when d ≥ 8 and len(dst)·d ≥ [HookMinWork] (below that the call costs
// more than it saves), with len(rows) = len(dst)·d and len(dst) ≥ 1. f must
// not retain the slices.
func UseDots(f func(dst, x, rows []float64)) { dotsHook = f }

// UseColumnLane installs f as the inner loop of [Columns.Row] under
// GOARCH=wasm; nil restores the Go loop. f(dst, cols, offs, vals) must write
//
//	dst[s] = Σ_n vals[n]·cols[offs[n] + s],  s < len(dst),
//
// each sum from +0 over n = 0 … len(offs)−1 in order, a rounded product
// then a rounded sum per term, with exactly those bits (up to a NaN's
// payload or sign); len(vals) ≥ len(offs), offs[n] + len(dst) ≤ len(cols).
// Columns.Row calls it once per accumulator lane (up to eight times per
// row) when len(dst)·len(offs) ≥ [HookMinWork]. f must not retain the
// slices.
func UseColumnLane(f func(dst, cols []float64, offs []int, vals []float64)) { laneHook = f }

// HookMinWork is the fewest multiply-adds (len(dst)·d for [UseDots],
// len(dst)·len(offs) for [UseColumnLane]) for which the hooks are called:
// below it the call into the other module costs about what it saves
// (wasm/simd in Chromium, November 2026, tests/browser/simd_test.go's Measure: at
// 8 multiply-adds 0.024 µs against the Go loop's 0.034 for a row, 0.029
// against 0.029 for a lane; at 32, 0.030 against 0.064 for a row, 0.030
// against 0.034 for a lane). [Dots] keeps its
// own loop for d < 8 whatever the size (the 2D playground's d = 2 path sums
// in another order).
const HookMinWork = 32

// [Sparse] chooses [Columns.Row] for at most hookSparseNum/hookSparseDen
// non-zeros under wasm when both hooks are installed: the page's SIMD rows
// make a row-major kernel row 3–3.5× faster and a column row 2–3× (less
// where it has few non-zeros), so the crossover moves back to native's (wasm/simd in
// Chromium, November 2026, TestBrowserSIMD/Measure, Gaussian rows: n = 4096,
// d = 784: columns 270 µs against rows 570 at half non-zero, 720 against
// 600 at three quarters; n = 512, d = 256: 13 against 19 µs, 26 against 19).
const (
	hookSparseNum = 1
	hookSparseDen = 2
)

// DotsGo is the Go loop of [Dots] under GOARCH=wasm for d ≥ 8 (on every
// target), exported as the reference a [UseDots] hook must match bit for
// bit: dst[i] = ⟨x, rows[i·d:(i+1)·d]⟩, d = len(x), i < len(dst), never
// calling the hook. It panics if rows is shorter than len(dst)·d.
func DotsGo(dst, x, rows []float64) {
	if len(rows) < len(dst)*len(x) {
		panic("kernel: DotsGo: rows shorter than len(dst)·len(x)")
	}
	dotsLoop(dst, x, rows)
}

// ColumnLaneGo is the Go loop of [Columns.Row]'s accumulator lanes (on
// every target), exported as the reference a [UseColumnLane] hook must
// match bit for bit: dst[s] = Σ_n vals[n]·cols[offs[n] + s], s < len(dst),
// never calling the hook. It panics if vals is shorter than offs or an
// offs[n] + len(dst) exceeds len(cols).
func ColumnLaneGo(dst, cols []float64, offs []int, vals []float64) {
	if len(vals) < len(offs) {
		panic("kernel: ColumnLaneGo: vals shorter than offs")
	}
	colsLane(dst, cols, offs, vals)
}
