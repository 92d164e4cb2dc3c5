//go:build !wasm && (!amd64 || noasm || gccgo || safe)

package kernel

// colLanes is the number of partial sums per inner product in this target's
// [Dots]: without assembly gonum's Gemv sums each row in one accumulator,
// j = 0 … d−1.
const colLanes = 1

// [Sparse] chooses [Columns.Row] for at most sparseMaxNum/sparseMaxDen
// non-zeros (amd64's measured threshold; not measured on these targets).
const (
	sparseMaxNum = 1
	sparseMaxDen = 2
)

// colWork is the scratch of [Columns] for capacity slots: none here.
func colWork(capacity int) int { return 0 }

// dots writes dst[s] = ⟨x, z_s⟩ from the columns with [Columns.colsLoop],
// one lane over the non-zeros in ascending j, as gonum's pure-Go Gemv sums.
func (c *Columns) dots(dst, x []float64) {
	n := 0
	for j, v := range x {
		if v != 0 {
			c.offs[n], c.vals[n] = j*c.cap, v
			n++
		}
	}
	c.laneEnd[0] = n
	c.colsLoop(dst, 1)
}

// combine is not used with one lane.
func combine(dst, work []float64) { panic("kernel: combine: one lane") }
