//go:build !noasm && !gccgo && !safe

package kernel

import "gonum.org/v1/gonum/floats"

// colLanes is the number of partial sums per inner product in this target's
// [Dots]: gonum's amd64 Gemv keeps two (the even and the odd j, one SSE2
// register), adds them, then adds an odd d's last term.
const colLanes = 2

// [Sparse] chooses [Columns.Row] for at most sparseMaxNum/sparseMaxDen
// non-zeros: here the crossover of BenchmarkRowDensity is between 1/2 and
// 7/10 (n = 4096, d = 784: 0.47 vs 1.2 ms at 1/2, 2.1 vs 1.2 ms dense;
// gonum's Gemv streams rows faster than the axpys stream columns).
const (
	sparseMaxNum = 1
	sparseMaxDen = 2
)

// colBlock is the slots per pass of [Columns.dots]: two lanes of 8 KiB stay
// in L1 while the columns stream through.
const colBlock = 1024

// colWork is the scratch of [Columns] for capacity slots: the odd lane of
// one pass.
func colWork(capacity int) int { return min(capacity, colBlock) }

// dots writes dst[s] = ⟨x, z_s⟩ from the columns with gonum's assembly axpy
// (floats.AddScaled: a multiply then an add, as Gemv's), one column per
// non-zero x_j into the even or the odd lane, then combines the lanes in
// Gemv's order: (even + odd) + the last term of an odd d, except in the
// last slot of an odd count, which Gemv sums as (even + last) + odd.
func (c *Columns) dots(dst, x []float64) {
	d, m := len(x), len(dst)
	tail := -1
	if d&1 == 1 {
		tail = d - 1
	}
	for i0 := 0; i0 < m; i0 += colBlock {
		i1 := min(i0+colBlock, m)
		e, o := dst[i0:i1], c.work[:i1-i0]
		clear(e)
		clear(o)
		for j, v := range x {
			if v == 0 || j == tail {
				continue
			}
			col := c.c[j*c.cap+i0 : j*c.cap+i1]
			if j&1 == 0 {
				floats.AddScaled(e, v, col)
			} else {
				floats.AddScaled(o, v, col)
			}
		}
		if tail < 0 || x[tail] == 0 {
			for i := range e {
				e[i] += o[i]
			}
			continue
		}
		v, col := x[tail], c.c[tail*c.cap+i0:tail*c.cap+i1]
		for i := range e {
			p := float64(v * col[i]) // rounded: Gemv multiplies, then adds
			if m&1 == 1 && i0+i == m-1 {
				e[i] = (e[i] + p) + o[i]
			} else {
				e[i] = (e[i] + o[i]) + p
			}
		}
	}
}

// combine is not used on this target ([Columns.dots] combines as it goes).
func combine(dst, work []float64) { panic("kernel: combine: not used on amd64") }
