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

// colLanes is the number of partial sums per inner product in [dotsLoop]:
// eight accumulators, lane j mod 8 for j below d rounded down to a multiple
// of 8 and lane 0 for the rest (one lane when d < 8).
const colLanes = 8

// colBlock sizes [Columns]' scratch lane; this target keeps none (the lanes
// live in registers, [Columns.colsLoop]).
const colBlock = 1

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

// combine adds the lanes of one slot as [dotsLoop] does.
func combine(p *[colLanes]float64, lanes int) float64 {
	if lanes == 1 {
		return p[0]
	}
	return ((p[0] + p[1]) + (p[2] + p[3])) + ((p[4] + p[5]) + (p[6] + p[7]))
}
