//go:build wasm

package kernel

// dots computes dst = rows·x with [dotsLoop]: under GOARCH=wasm gonum's BLAS
// has no assembly and the unrolled loop is faster than blas64.Gemv
// (BenchmarkDotsLoop vs BenchmarkDotsGemv); or, for d ≥ 8 and at least
// [HookMinWork] multiply-adds, with the [UseDots] hook (the same bits).
// len(rows) == len(dst)·len(x), both non-zero.
func dots(dst, x, rows []float64) {
	if dotsHook != nil && len(x) >= 8 && len(rows) >= HookMinWork {
		dotsHook(dst, x, rows)
		return
	}
	dotsLoop(dst, x, rows)
}

// rowExp is the exponential of the Gaussian and Laplacian rows: under wasm
// [expNeg], bit for bit math.Exp there but about 2× faster.
func rowExp(x float64) float64 { return expNeg(x) }

// gaussMap maps inner products to Gaussian values in place; under wasm with
// the exponential inlined ([gaussMapInline]).
func gaussMap(dst, norms []float64, xx, g float64) { gaussMapInline(dst, norms, xx, g) }

// colLanes is the number of partial sums per inner product in [dotsLoop]:
// eight accumulators, lane j mod 8 for j below d rounded down to a multiple
// of 8 and lane 0 for the rest (one lane when d < 8).
const colLanes = 8

// [Sparse] chooses [Columns.Row] for at most sparseMaxNum/sparseMaxDen
// non-zeros. Under wasm the column row is as fast as [dotsLoop] even dense
// (BenchmarkRowDensity, CPU time under Node at n = 512, d = 256: 60 vs
// 62 µs dense, 43 vs 75 µs at 7/10, 34 vs 61 µs at 1/2), so the threshold is
// higher than natively; dense data keeps the row-major path so that it never
// pays the columns' memory.
const (
	sparseMaxNum = 3
	sparseMaxDen = 4
)

// colWork is the scratch of [Columns] for capacity slots: the partial sums
// of eight lanes over every slot.
func colWork(capacity int) int { return colLanes * capacity }

// dots writes dst[s] = ⟨x, z_s⟩ from the columns with [Columns.colsLoop],
// the non-zeros bucketed into [dotsLoop]'s lanes (each in ascending j).
func (c *Columns) dots(dst, x []float64) {
	d := len(x)
	lanes, d8 := 1, 0
	if d >= 8 && d != 2 {
		lanes, d8 = 8, d&^7
	}
	var start [colLanes]int
	for j, v := range x {
		if v != 0 {
			start[laneOf(j, d8)]++
		}
	}
	n := 0
	for k := range lanes {
		n, start[k] = n+start[k], n
		c.laneEnd[k] = n
	}
	for j, v := range x {
		if v != 0 {
			k := laneOf(j, d8)
			c.offs[start[k]], c.vals[start[k]] = j*c.cap, v
			start[k]++
		}
	}
	c.colsLoop(dst, lanes)
}

// laneOf is [dotsLoop]'s accumulator of column j when the unrolled part
// ends at d8.
func laneOf(j, d8 int) int {
	if j < d8 {
		return j & 7
	}
	return 0
}

// combine adds the eight lanes' partial sums (work holds lane k at
// [k·m, (k+1)·m), m = len(dst)) as [dotsLoop] does.
func combine(dst, work []float64) {
	m := len(dst)
	w0, w1, w2, w3 := work[:m], work[m:2*m], work[2*m:3*m], work[3*m:4*m]
	w4, w5, w6, w7 := work[4*m:5*m], work[5*m:6*m], work[6*m:7*m], work[7*m:8*m]
	for i := range dst {
		dst[i] = ((w0[i] + w1[i]) + (w2[i] + w3[i])) + ((w4[i] + w5[i]) + (w6[i] + w7[i]))
	}
}
