package kernel

import "runtime"

// Columns is the feature-major copy of a store of vectors z_s ∈ ℝ^d in slots
// s = 0 … Cap−1: coordinate j of every slot is one contiguous column of Cap
// values, c[j·Cap + s]. A kernel row against it ([Columns.Row]) reads only
// the columns where the query x is non-zero,
//
//	⟨x, z_s⟩ = Σ_{j: x_j ≠ 0} x_j·c[j·Cap + s],
//
// so for a sparse x (an MNIST digit is about 19% non-zero, a LIBSVM file is
// sparse by nature) it reads and multiplies about nnz(x)/d of what the
// row-major product of [Row] does. The sums are formed in the order of the
// target's [Dots] (one partial sum per accumulator lane of that loop, each
// over ascending j, combined as that loop combines them); skipping x_j = 0
// adds nothing, so [Columns.Row] equals [Row] on the same finite vectors
// bit for bit (TestColumnsMatchRow). (A stored ±Inf or NaN where x_j = 0
// makes Row's product NaN; the column row skips it.)
//
// It holds d·Cap float64s, plus scratch of Cap (amd64: up to 1024) or 8·Cap
// (wasm) float64s. [Sparse] says which of the two to use for a query. The
// zero value is not
// usable; call [NewColumns]. Columns is not safe for concurrent use (its
// scratch is shared by every Row).
type Columns struct {
	dim, cap int
	c        []float64 // dim·cap, feature-major

	// Scratch of Row: the non-zeros of x by accumulator lane (column offsets
	// j·cap and values x_j, lane k in [laneEnd[k−1], laneEnd[k])), and the
	// lanes' partial sums where the target keeps them in memory.
	offs    []int
	vals    []float64
	laneEnd [colLanes]int
	work    []float64 // colWork(cap)
}

// NewColumns returns zeroed columns for capacity vectors of dimension dim. It
// panics if dim or capacity is below 1.
func NewColumns(dim, capacity int) *Columns {
	if dim < 1 || capacity < 1 {
		panic("kernel: NewColumns: dimension or capacity below 1")
	}
	return &Columns{
		dim: dim, cap: capacity,
		c:    make([]float64, dim*capacity),
		offs: make([]int, dim),
		vals: make([]float64, dim),
		work: make([]float64, colWork(capacity)),
	}
}

// Set writes z (length Dim) into slot s: d strided stores, one per column. It
// panics if s is out of range or len(z) ≠ Dim.
func (c *Columns) Set(s int, z []float64) {
	if s < 0 || s >= c.cap || len(z) != c.dim {
		panic("kernel: Columns.Set: slot out of range or wrong length")
	}
	for j, v := range z {
		c.c[j*c.cap+s] = v
	}
}

// Dim returns the dimension d of the stored vectors.
func (c *Columns) Dim() int { return c.dim }

// Cap returns the number of slots.
func (c *Columns) Cap() int { return c.cap }

// Sparse reports whether x has few enough non-zeros that a kernel row from
// [Columns.Row] beats the row-major [Row]: at most half of its entries
// non-zero natively, three quarters under wasm (BenchmarkRowDensity: at 19%
// non-zero, an MNIST digit, n = 4096, d = 784, the column row is about 9×
// faster natively, 0.13 vs 1.2 ms, and 6× under wasm, 0.26 vs 1.5 ms of CPU;
// dense, it is 2× slower natively and as fast under wasm). Under wasm with
// both hooks installed ([UseDots], [UseColumnLane]: the page's SIMD rows)
// the threshold is a half again (hookSparseNum/hookSparseDen).
func Sparse(x []float64) bool {
	num, den := sparseMaxNum, sparseMaxDen
	if runtime.GOARCH == "wasm" && dotsHook != nil && laneHook != nil {
		num, den = hookSparseNum, hookSparseDen
	}
	nz := 0
	for _, v := range x {
		if v != 0 {
			nz++
		}
	}
	return nz*den <= len(x)*num
}

// Row writes one kernel row dst[s] = k(x, z_s) for slots s < len(dst), like
// [Row] with the same vectors stored row-major, and bit for bit the same
// result; norms[s] = ‖z_s‖² and xx = ‖x‖². It reads only the columns where x
// is non-zero ([Columns]) and does not allocate. It panics if len(x) ≠ Dim,
// len(dst) > Cap or norms is shorter than dst.
func (c *Columns) Row(k Kernel, dst, x []float64, xx float64, norms []float64) {
	if len(x) != c.dim || len(dst) > c.cap {
		panic("kernel: Columns.Row: len(x) is not Dim or dst longer than Cap")
	}
	if len(norms) < len(dst) {
		panic("kernel: Columns.Row: norms shorter than dst")
	}
	if len(dst) == 0 {
		return
	}
	c.dots(dst, x)
	mapRow(k, dst, xx, norms[:len(dst)])
}

// colsLoop computes dst[s] = Σ_k lane_k(s) over the lanes of c.offs/c.vals
// (lane k summing its columns in order, [laneSums]) and combines the lanes
// as combine does; with several lanes each is summed over every slot into
// its own stretch of c.work first (one pass per lane, not one call per block
// and lane: calls are dear under wasm). It is the feature-major loop of the
// targets without assembly (wasm, and native builds without gonum's).
func (c *Columns) colsLoop(dst []float64, lanes int) {
	if lanes == 1 {
		n := c.laneEnd[0]
		laneSums(dst, c.c, c.offs[:n], c.vals[:n])
		return
	}
	m := len(dst)
	lo := 0
	for k := range lanes {
		hi := c.laneEnd[k]
		laneSums(c.work[k*m:(k+1)*m], c.c, c.offs[lo:hi], c.vals[lo:hi])
		lo = hi
	}
	combine(dst, c.work[:lanes*m])
}

// laneSums is [colsLane] or, under GOARCH=wasm for at least [HookMinWork]
// multiply-adds, the [UseColumnLane] hook (the same bits).
func laneSums(dst, cols []float64, offs []int, vals []float64) {
	if runtime.GOARCH == "wasm" && laneHook != nil && len(dst)*len(offs) >= HookMinWork {
		laneHook(dst, cols, offs, vals)
		return
	}
	colsLane(dst, cols, offs, vals)
}

// colsLane writes dst[s] = Σ_n vals[n]·cols[offs[n] + s] for s < len(dst),
// each sum in the order of n (one accumulator lane), eight slots at a time
// so that each column gives one whole 64-byte line per block.
func colsLane(dst, cols []float64, offs []int, vals []float64) {
	m := len(dst)
	vals = vals[:len(offs)]
	i := 0
	for ; i+8 <= m; i += 8 {
		var a0, a1, a2, a3, a4, a5, a6, a7 float64
		for n, o := range offs {
			col := cols[o+i : o+i+8 : o+i+8]
			v := vals[n]
			a0 += v * col[0]
			a1 += v * col[1]
			a2 += v * col[2]
			a3 += v * col[3]
			a4 += v * col[4]
			a5 += v * col[5]
			a6 += v * col[6]
			a7 += v * col[7]
		}
		d := dst[i : i+8 : i+8]
		d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7] = a0, a1, a2, a3, a4, a5, a6, a7
	}
	for ; i < m; i++ {
		var a float64
		for n, o := range offs {
			a += vals[n] * cols[o+i]
		}
		dst[i] = a
	}
}
