// Package expansion stores the kernel expansion of an online kernel learner,
//
//	f(x, ·) = Σ_i Σ_y α_iy k((x_i, y), ·)        (JMLR eq. 29)
//
// and, optionally, a second function on the same support vectors,
//
//	v(x, ·) = Σ_i Σ_y β_iy k((x_i, y), ·)        (JMLR eq. 39, SVMD's gradient trace),
//
// on a least-recently-used circular buffer of ω terms (JMLR §5.5): only the
// last ω terms with a non-zero coefficient are kept. The joint kernel is
// k((x, y), (x', y')) = k(x, x')·K_Y[y, y'] (JMLR eq. 63) with a K×K label
// kernel matrix K_Y; a nil K_Y is the delta kernel of eq. (61), so that
// f(x, y) = Σ_i α_iy k(x_i, x). Offsets b are the learner's business.
//
// The hot path: support vectors row-major in one []float64 with cached
// squared norms, and, from the first sparse query on, a feature-major copy
// (kernel.Columns: one contiguous column of ω values per input dimension);
// one kernel row k(x_i, x_t) per step ([Expansion.Prepare]), computed from
// the columns where x_t is non-zero when at most half of x_t is
// (kernel.Sparse: an MNIST digit is about 19% non-zero, and its row then
// reads about a fifth of the store) and from the rows otherwise, with the
// same result bit for bit either way; the row is reused for f(x_t)
// ([Expansion.F]), v(x_t) ([Expansion.V]) and the incremental bookkeeping of
// [Expansion.Push]; scaling
// every α by a factor ([Expansion.ScaleAlpha]) and mixing β ← aβ + bα
// ([Expansion.MixBeta]) cost O(1) through lazy multipliers. Coefficients are
// stored label-major, so every per-label pass is a contiguous dot product or
// axpy of length ω, and v(x_t) is computed only for the labels a learner asks
// for ([Expansion.VDot]): the hinge losses' sparse ξ needs two labels of ten,
// and none without a margin error. Nothing allocates after [New].
//
// Truncation bookkeeping (JMLR's incremental quantities describe the
// untruncated functions; see “Truncation” in kernelplay/core/learn's package
// documentation): for every stored term j the expansion keeps
// Nf_j = Σ_{i newer than or equal to j} α_i k(x_i, x_j) and Nv_j likewise
// with β (K-vectors, before K_Y). Because the LRU buffer always evicts the
// oldest term e, every other stored term is newer, so at eviction
// f(x_e, ·) = K_Y·Nf_e and v(x_e, ·) = K_Y·Nv_e exactly, and [Expansion.Push]
// returns the exact changes of ‖f‖² and ⟨f, v⟩ caused by dropping term e
// (O(ω·K) per push, no extra kernel row).
//
// Package expansion is pure Go: it must not import syscall/js, anything under
// kernelplay/ui, or kernelplay/core/learn; it imports only core/kernel.
package expansion

import (
	"math"

	"kernelplay/core/kernel"
)

// Lazy multipliers are folded into the stored coefficients when they leave
// [tiny, huge], long before float64 over- or underflows (2^±1022).
// β's share r = ba/as of the α multiplier is folded when |r| > maxMix: a
// new β is stored as (β − r·α)/bs, which loses about log2|r| bits to
// cancellation, so |r| ≤ 2^10 keeps it exact to ~1e-13. SVMD's r follows
// r ← λr − ηc/(1 − ηc) and settles at −ηc/((1 − ηc)(1 − λ)) for λ < 1, so
// folds are rare.
const (
	tiny   = 0x1p-500
	huge   = 0x1p500
	maxMix = 0x1p10
)

// Expansion is a kernel expansion f (and optionally v) on an LRU circular
// buffer of Cap() terms. Terms are numbered 0 (oldest) … Len()−1 (newest) in
// the accessors. The zero value is not usable; call [New].
//
// An Expansion is not safe for concurrent use, not even Scores (which uses an
// internal scratch row).
type Expansion struct {
	k      kernel.Kernel
	dim    int
	labels int
	cap    int
	ky     []float64 // K×K label kernel, row-major; nil = delta (identity)
	trace  bool      // β (v) is kept

	// Ring storage by slot; slots [0, n) are filled.
	// The coefficient arrays are label-major (K rows of cap slots, entry
	// [y·cap + slot]) so that every per-label pass — f(x), v(x) and the Nf/Nv
	// updates — is a contiguous dot product or axpy of length n.
	x     []float64 // cap·dim support vectors, row-major
	norms []float64 // cap, ‖x_i‖²
	// cols is the feature-major copy of x for sparse queries (kernelRow),
	// nil until the first one: dense data never pays its memory.
	cols  *kernel.Columns
	alpha []float64 // K·cap, true α_i = as·alpha_i
	nf    []float64 // K·cap, true Nf_i = as·nf_i (before K_Y)
	beta  []float64 // K·cap, true β_i = bs·beta_i + ba·alpha_i
	nv    []float64 // K·cap, true Nv_i = bs·nv_i + ba·nf_i (before K_Y)
	n     int       // terms stored
	next  int       // slot written by the next push (= oldest slot when full)

	as, bs, ba float64 // lazy multipliers

	// The prepared point (Prepare): its kernel row over slots [0, n) and the
	// raw sums in stored units, sa = Σ row_i·alpha_i, sb = Σ row_i·beta_i;
	// sb is computed on demand (sbValid), since the hinge losses need only
	// ξᵀv(x) and only on a margin error ([Expansion.VDot]).
	prepared bool
	sbValid  bool
	px       []float64 // dim, copy of the prepared x
	pxx      float64   // ‖x‖²
	pkk      float64   // k(x, x)
	row      []float64 // cap
	sa, sb   []float64 // K

	// Scratch.
	tmp      []float64 // K
	tmp2     []float64 // K
	srow     []float64 // cap, for Scores
	stmp     []float64 // K, for Scores
	newAlpha []float64 // K, stored units of the pushed term
	newBeta  []float64 // K
}

// New returns an empty expansion for inputs of dimension dim with labels
// coefficients per term (K = 1 for binary, novelty and regression) on a buffer
// of capacity terms (ω, JMLR §5.5). labelKernel is the K×K label kernel K_Y,
// row-major (symmetric positive semi-definite), or nil for the delta kernel
// (JMLR eq. 61); it is retained, not copied, and must not change afterwards.
// trace keeps the second coefficient set β (SVMD's v).
//
// New panics if k is nil, dim, labels or capacity is below 1, or labelKernel
// is neither nil nor of length labels². Users' parameters are validated by the
// learners before they call New.
func New(k kernel.Kernel, dim, labels, capacity int, labelKernel []float64, trace bool) *Expansion {
	switch {
	case k == nil:
		panic("expansion: New: nil kernel")
	case dim < 1:
		panic("expansion: New: dimension below 1")
	case labels < 1:
		panic("expansion: New: labels below 1")
	case capacity < 1:
		panic("expansion: New: capacity below 1")
	case labelKernel != nil && len(labelKernel) != labels*labels:
		panic("expansion: New: label kernel is not labels×labels")
	}
	e := &Expansion{
		k: k, dim: dim, labels: labels, cap: capacity, ky: labelKernel, trace: trace,
		x:        make([]float64, capacity*dim),
		norms:    make([]float64, capacity),
		alpha:    make([]float64, capacity*labels),
		nf:       make([]float64, capacity*labels),
		px:       make([]float64, dim),
		row:      make([]float64, capacity),
		sa:       make([]float64, labels),
		sb:       make([]float64, labels),
		tmp:      make([]float64, labels),
		tmp2:     make([]float64, labels),
		srow:     make([]float64, capacity),
		stmp:     make([]float64, labels),
		newAlpha: make([]float64, labels),
		newBeta:  make([]float64, labels),
	}
	if trace {
		e.beta = make([]float64, capacity*labels)
		e.nv = make([]float64, capacity*labels)
	}
	e.Reset()
	return e
}

// Reset empties the expansion (f = v = 0), keeping its settings and memory.
func (e *Expansion) Reset() {
	e.n, e.next = 0, 0
	e.as, e.bs, e.ba = 1, 1, 0
	e.prepared = false
	clear(e.alpha)
	clear(e.nf)
	clear(e.beta)
	clear(e.nv)
	clear(e.sa)
	clear(e.sb)
}

// Len returns the number of stored terms, 0 ≤ Len() ≤ Cap().
func (e *Expansion) Len() int { return e.n }

// Cap returns the buffer size ω.
func (e *Expansion) Cap() int { return e.cap }

// Dim returns the input dimension d.
func (e *Expansion) Dim() int { return e.dim }

// Labels returns K, the number of coefficients per term.
func (e *Expansion) Labels() int { return e.labels }

// Kernel returns the input kernel k.
func (e *Expansion) Kernel() kernel.Kernel { return e.k }

// LabelKernel returns the K×K label kernel K_Y (row-major, aliased, read-only),
// or nil for the delta kernel.
func (e *Expansion) LabelKernel() []float64 { return e.ky }

// Traced reports whether the expansion keeps the second coefficient set β.
func (e *Expansion) Traced() bool { return e.trace }

// slot maps the term index i (0 = oldest) to its ring slot. It panics if i
// is out of range.
func (e *Expansion) slot(i int) int {
	if i < 0 || i >= e.n {
		panic("expansion: term index out of range")
	}
	if e.n < e.cap {
		return i
	}
	s := e.next + i
	if s >= e.cap {
		s -= e.cap
	}
	return s
}

// X returns the support vector x_i of term i (0 = oldest … Len()−1 =
// newest), of length Dim(). The slice aliases the storage: read it only, and
// only until the next Push. It panics if i is out of range.
func (e *Expansion) X(i int) []float64 {
	s := e.slot(i)
	return e.x[s*e.dim : (s+1)*e.dim : (s+1)*e.dim]
}

// Alpha writes the true coefficients α_i (length Labels()) of term i into
// dst and returns dst; a nil dst is allocated. It panics if i is out of range
// or dst has the wrong length.
func (e *Expansion) Alpha(dst []float64, i int) []float64 {
	dst = e.dst(dst)
	s := e.slot(i)
	for y := range dst {
		dst[y] = e.as * e.alpha[y*e.cap+s]
	}
	return dst
}

// Beta writes the true trace coefficients β_i (length Labels()) of term i
// into dst and returns dst; a nil dst is allocated. It panics if the
// expansion keeps no β, i is out of range or dst has the wrong length.
func (e *Expansion) Beta(dst []float64, i int) []float64 {
	if !e.trace {
		panic("expansion: Beta: expansion keeps no β")
	}
	dst = e.dst(dst)
	s := e.slot(i)
	for y := range dst {
		o := y*e.cap + s
		dst[y] = e.bs*e.beta[o] + e.ba*e.alpha[o]
	}
	return dst
}

// NextEvicted returns the index (0 = oldest) of the term the next storing
// Push will evict, or −1 if the buffer is not full. Under the LRU rule it is
// always the oldest term, so the result is 0 or −1.
func (e *Expansion) NextEvicted() int {
	if e.n == e.cap {
		return 0
	}
	return -1
}

func (e *Expansion) dst(dst []float64) []float64 {
	if dst == nil {
		return make([]float64, e.labels)
	}
	if len(dst) != e.labels {
		panic("expansion: destination length is not Labels()")
	}
	return dst
}

// applyKY writes dst = K_Y·w (dst = w for the delta kernel). dst and w must
// not overlap unless K_Y is nil.
func (e *Expansion) applyKY(dst, w []float64) {
	if e.ky == nil {
		copy(dst, w)
		return
	}
	K := e.labels
	for y := range K {
		r := e.ky[y*K : (y+1)*K]
		var s float64
		for z, wz := range w {
			s += r[z] * wz
		}
		dst[y] = s
	}
}

// LabelQuad returns aᵀ·K_Y·b (a·b for the delta kernel), the joint kernel
// k((x, ·), (x, ·)) = k(x, x)·K_Y applied to coefficient vectors up to the
// factor k(x, x) (JMLR eq. 49). It panics unless len(a) = len(b) = Labels().
func (e *Expansion) LabelQuad(a, b []float64) float64 {
	if len(a) != e.labels || len(b) != e.labels {
		panic("expansion: LabelQuad: length is not Labels()")
	}
	if e.ky == nil {
		var s float64
		for y, v := range a {
			s += v * b[y]
		}
		return s
	}
	K := e.labels
	var s float64
	for y, v := range a {
		if v == 0 {
			continue
		}
		r := e.ky[y*K : (y+1)*K]
		var t float64
		for z, bz := range b {
			t += r[z] * bz
		}
		s += v * t
	}
	return s
}

// dot returns Σ a_i b_i over len(a) (b at least as long) with four
// accumulators, for instruction-level parallelism in the per-label passes.
func dot(a, b []float64) float64 {
	b = b[:len(a)]
	var s0, s1, s2, s3 float64
	i := 0
	for ; i+4 <= len(a); i += 4 {
		s0 += a[i] * b[i]
		s1 += a[i+1] * b[i+1]
		s2 += a[i+2] * b[i+2]
		s3 += a[i+3] * b[i+3]
	}
	for ; i < len(a); i++ {
		s0 += a[i] * b[i]
	}
	return (s0 + s1) + (s2 + s3)
}

// axpy adds a·x to y over len(x) (y at least as long).
func axpy(y []float64, a float64, x []float64) {
	y = y[:len(x)]
	for i, v := range x {
		y[i] += a * v
	}
}

// kernelRow writes k(x, x_i) for the stored slots [0, n) into row: from the
// feature-major columns when x is sparse (kernel.Sparse), built from the
// rows on the first such query (O(ω·d), once), else from the rows; both give
// the same values bit for bit (kernel.Columns).
func (e *Expansion) kernelRow(row, x []float64, xx float64) {
	if e.n == 0 {
		return
	}
	if !kernel.Sparse(x) {
		kernel.Row(e.k, row[:e.n], x, xx, e.x[:e.n*e.dim], e.norms[:e.n])
		return
	}
	if e.cols == nil {
		e.cols = kernel.NewColumns(e.dim, e.cap)
		e.fillColumns()
	}
	e.cols.Row(e.k, row[:e.n], x, xx, e.norms[:e.n])
}

// fillColumns copies the stored slots [0, n) into the feature-major columns.
func (e *Expansion) fillColumns() {
	for s := range e.n {
		e.cols.Set(s, e.x[s*e.dim:(s+1)*e.dim])
	}
}

// sums writes dst = Σ_i row_i·c_i over the stored slots for the stored
// label-major coefficients c (K·cap): one dot product of length n per label.
func (e *Expansion) sums(dst, row, c []float64) {
	row = row[:e.n]
	for y := range dst {
		dst[y] = dot(row, c[y*e.cap:])
	}
}

// Prepare computes and caches the kernel row k(x_i, x) against every stored
// term, k(x, x), and the raw coefficient sums, for the point x of the current
// step (JMLR Algorithm 2, step 2(a)ii). [Expansion.F], [Expansion.V],
// [Expansion.SelfKernel] and [Expansion.Push] then reuse them. x is copied. It
// costs O(ω·(d + K)), O(ω·(nnz(x) + K)) for a sparse x (kernel.Sparse), and
// panics if len(x) ≠ Dim().
func (e *Expansion) Prepare(x []float64) {
	if len(x) != e.dim {
		panic("expansion: Prepare: len(x) is not Dim()")
	}
	copy(e.px, x)
	e.pxx = dot(x, x)
	e.pkk = e.k.FromDot(e.pxx, e.pxx, e.pxx)
	e.kernelRow(e.row, e.px, e.pxx)
	e.sums(e.sa, e.row, e.alpha)
	e.sbValid = false
	e.prepared = true
}

// Row writes the prepared point's kernel row k(x_i, x), one value per
// stored term in term order (0 = oldest … Len()−1), into dst[:0] and
// returns it: a copy, O(Len()), of the row [Expansion.Prepare] computed (no
// kernel evaluation). Valid for the terms stored at Prepare, that is until
// the next Push. It panics if no point is prepared.
func (e *Expansion) Row(dst []float64) []float64 {
	e.mustPrepared("Row")
	return e.termOrder(dst[:0], e.row, 1)
}

// AlphaColumn writes the true coefficients α_{i,y} of label y (0 ≤ y <
// Labels()) of every stored term, term order, into dst[:0] and returns it:
// O(Len()). It panics if y is out of range.
func (e *Expansion) AlphaColumn(dst []float64, y int) []float64 {
	if y < 0 || y >= e.labels {
		panic("expansion: AlphaColumn: label out of range")
	}
	return e.termOrder(dst[:0], e.alpha[y*e.cap:(y+1)*e.cap], e.as)
}

// termOrder appends scale·v[slot] for the stored terms, oldest first.
func (e *Expansion) termOrder(dst, v []float64, scale float64) []float64 {
	s := 0
	if e.n == e.cap {
		s = e.next
	}
	for range e.n {
		dst = append(dst, scale*v[s])
		if s++; s == e.cap {
			s = 0
		}
	}
	return dst
}

// needSB computes sb for the prepared point if it is not yet known.
func (e *Expansion) needSB() {
	if !e.sbValid {
		e.sums(e.sb, e.row, e.beta)
		e.sbValid = true
	}
}

func (e *Expansion) mustPrepared(op string) {
	if !e.prepared {
		panic("expansion: " + op + ": no prepared point (call Prepare after each Push)")
	}
}

// SelfKernel returns k(x, x) for the prepared point. It panics if no point
// is prepared.
func (e *Expansion) SelfKernel() float64 {
	e.mustPrepared("SelfKernel")
	return e.pkk
}

// F writes f(x, ·) (length Labels(), no offset) at the prepared point into
// dst and returns it, in O(K²) from the cached row: it reflects every
// ScaleAlpha since Prepare. It panics if no point is prepared or dst has the
// wrong length.
func (e *Expansion) F(dst []float64) []float64 {
	e.mustPrepared("F")
	dst = e.dst(dst)
	for y, s := range e.sa {
		e.tmp[y] = e.as * s
	}
	e.applyKY(dst, e.tmp)
	return dst
}

// V writes v(x, ·) (length Labels()) at the prepared point into dst and
// returns it, in O(K²) from the cached row: it reflects every MixBeta and
// ScaleAlpha since Prepare, but not the term of the next Push. It panics if
// the expansion keeps no β, no point is prepared, or dst has the wrong
// length.
func (e *Expansion) V(dst []float64) []float64 {
	if !e.trace {
		panic("expansion: V: expansion keeps no β")
	}
	e.mustPrepared("V")
	dst = e.dst(dst)
	e.needSB()
	for y, s := range e.sb {
		e.tmp[y] = e.bs*s + e.ba*e.sa[y]
	}
	e.applyKY(dst, e.tmp)
	return dst
}

// VDot returns cᵀv(x, ·) at the prepared point, like [Expansion.V] but, for
// the delta label kernel, touching only the labels where c is non-zero: O(ω)
// per non-zero entry of c instead of O(ω·K), and O(1) for c = 0 (JMLR eq. 45's
// ξ_tᵀv_t(x_t) for the sparse ξ of the hinge losses). It panics like V and
// if len(c) ≠ Labels().
func (e *Expansion) VDot(c []float64) float64 {
	if !e.trace {
		panic("expansion: VDot: expansion keeps no β")
	}
	e.mustPrepared("VDot")
	K := e.labels
	if len(c) != K {
		panic("expansion: VDot: length is not Labels()")
	}
	if e.ky != nil || e.sbValid {
		e.needSB()
		for y, s := range e.sb {
			e.tmp[y] = e.bs*s + e.ba*e.sa[y]
		}
		return e.LabelQuad(c, e.tmp)
	}
	row := e.row[:e.n]
	var out float64
	for y, cy := range c {
		if cy == 0 {
			continue
		}
		// The partial sum goes to sb, which stays invalid (not every label
		// is computed).
		e.sb[y] = dot(row, e.beta[y*e.cap:])
		out += cy * (e.bs*e.sb[y] + e.ba*e.sa[y])
	}
	return out
}

// Scores writes f(x, ·) (length Labels(), no offset) for any x into dst and
// returns it, in O(ω·(d + K)). It uses an internal scratch row (not the
// prepared one), so it may be called between Prepare and Push, but it is not
// safe for concurrent use. It panics if len(x) ≠ Dim() or dst has the wrong
// length.
func (e *Expansion) Scores(dst, x []float64) []float64 {
	if len(x) != e.dim {
		panic("expansion: Scores: len(x) is not Dim()")
	}
	dst = e.dst(dst)
	e.kernelRow(e.srow, x, dot(x, x))
	e.sums(e.stmp, e.srow, e.alpha)
	for y := range e.stmp {
		e.stmp[y] *= e.as
	}
	if e.ky == nil {
		copy(dst, e.stmp)
	} else {
		K := e.labels
		for y := range K {
			dst[y] = dot(e.ky[y*K:(y+1)*K], e.stmp)
		}
	}
	return dst
}

// ScaleAlpha multiplies every α by s (f ← s·f; JMLR eq. 32's factor
// 1 − η_t c) in O(1). s = 0 is exact: the α are cleared (O(ω·K)), and β, which
// may share the α multiplier through MixBeta, keeps its true values. The
// lazy multiplier is folded into the stored values when it leaves
// [2^−500, 2^500] (O(ω·K), rare), and β's share of it (the weight r of α in
// the stored form β = bs·β̃ + r·α) is folded into β̃ when |r| exceeds 2^10, so
// that storing a new β never cancels digits against a large r·α. It panics
// if s is not finite.
func (e *Expansion) ScaleAlpha(s float64) {
	if math.IsNaN(s) || math.IsInf(s, 0) {
		panic("expansion: ScaleAlpha: non-finite factor")
	}
	switch {
	case s == 1:
	case s == 0:
		e.foldBeta()
		clear(e.alpha)
		clear(e.nf)
		clear(e.sa)
		e.as = 1
	default:
		e.as *= s
		if a := math.Abs(e.as); a < tiny || a > huge {
			e.foldBeta()
			e.foldAlpha()
		} else if math.Abs(e.ba) > maxMix*a {
			e.foldBeta()
		}
	}
}

// MixBeta sets β ← a·β + b·α for every stored term (v ← a·v + b·f; JMLR
// eq. 40/42's old rows with a = (1 − η_t c)λ, b = −η_t c) in O(1). a = 0 is
// exact (β becomes b·α). Folding as in [Expansion.ScaleAlpha] costs O(ω·K)
// when the multipliers leave their ranges. It panics if the expansion keeps
// no β or a or b is not finite.
func (e *Expansion) MixBeta(a, b float64) {
	if !e.trace {
		panic("expansion: MixBeta: expansion keeps no β")
	}
	if math.IsNaN(a) || math.IsInf(a, 0) || math.IsNaN(b) || math.IsInf(b, 0) {
		panic("expansion: MixBeta: non-finite factor")
	}
	if a == 0 {
		clear(e.beta)
		clear(e.nv)
		clear(e.sb)
		e.sbValid = true
		e.bs = 1
		e.ba = b * e.as
		return
	}
	e.bs *= a
	e.ba = a*e.ba + b*e.as
	if a := math.Abs(e.bs); a < tiny || a > huge || math.Abs(e.ba) > maxMix*math.Abs(e.as) {
		e.foldBeta()
	}
}

// foldBeta stores true β (and Nv, sb) so that bs = 1, ba = 0.
func (e *Expansion) foldBeta() {
	if !e.trace || (e.bs == 1 && e.ba == 0) {
		return
	}
	bs, ba := e.bs, e.ba
	for i := range e.beta {
		e.beta[i] = bs*e.beta[i] + ba*e.alpha[i]
		e.nv[i] = bs*e.nv[i] + ba*e.nf[i]
	}
	for y := range e.sb {
		e.sb[y] = bs*e.sb[y] + ba*e.sa[y]
	}
	e.bs, e.ba = 1, 0
}

// foldAlpha stores true α (and Nf, sa) so that as = 1. β must be folded
// first (ba = 0).
func (e *Expansion) foldAlpha() {
	as := e.as
	for i := range e.alpha {
		e.alpha[i] *= as
		e.nf[i] *= as
	}
	for y := range e.sa {
		e.sa[y] *= as
	}
	e.as = 1
}

// Evicted reports what one [Expansion.Push] did.
type Evicted struct {
	// Stored reports that the new term was stored (some coefficient non-zero).
	Stored bool
	// Evicted reports that the oldest term e was dropped to make room.
	Evicted bool
	// NormF is the exact change of ‖f‖² caused by dropping term e (0 if none):
	//	‖f − a_e‖² − ‖f‖² = −2 α_eᵀ f(x_e, ·) + k(x_e, x_e) α_eᵀ K_Y α_e,
	// where f already includes the new term (the “Truncation” reading of kernelplay/core/learn’s package documentation).
	NormF float64
	// Pi is the exact change of π = ⟨f, v⟩ caused by dropping term e:
	//	⟨f − a_e, v − b_e⟩ − ⟨f, v⟩ = −α_eᵀ v(x_e, ·) − β_eᵀ f(x_e, ·) + k(x_e, x_e) α_eᵀ K_Y β_e.
	// It is 0 when the expansion keeps no β.
	Pi float64
}

// Push appends the prepared point with true coefficients alpha (and beta, if
// the expansion keeps β; otherwise beta is ignored and may be nil) as the
// newest term (JMLR eq. 32/40's new row), evicting the oldest term when the
// buffer is full. A term whose coefficients are all zero is not stored
// (JMLR §5.5 keeps "the last ω non-zero expansion coefficients"); the
// prepared point then stays prepared. Otherwise Push updates every Nf_j, Nv_j
// with the cached kernel row (O(ω·K)), returns the exact corrections of ‖f‖²
// and ⟨f, v⟩ for the evicted term, and unprepares the point (call Prepare
// before the next F, V or Push).
//
// Push panics if no point is prepared or a slice has the wrong length.
func (e *Expansion) Push(alpha, beta []float64) Evicted {
	e.mustPrepared("Push")
	K := e.labels
	if len(alpha) != K || (e.trace && len(beta) != K) {
		panic("expansion: Push: coefficient length is not Labels()")
	}
	nonzero := false
	for _, a := range alpha {
		if a != 0 {
			nonzero = true
		}
	}
	if e.trace {
		for _, b := range beta {
			if b != 0 {
				nonzero = true
			}
		}
	}
	if !nonzero {
		return Evicted{}
	}
	// Stored units: alpha = as·ã, beta = bs·b̃ + ba·ã.
	na, nb := e.newAlpha, e.newBeta
	for y, a := range alpha {
		na[y] = a / e.as
	}
	if e.trace {
		for y, b := range beta {
			nb[y] = (b - e.ba*na[y]) / e.bs
		}
	}
	// Nf_j += k(x_t, x_j)·ã (and Nv_j += k(x_t, x_j)·b̃) for every stored j,
	// the evicted one included.
	e.accumulate(na, nb)
	var ev Evicted
	ev.Stored = true
	s := e.next
	if e.n == e.cap {
		ev.Evicted = true
		ev.NormF, ev.Pi = e.evictionDeltas(s)
	}
	// Write the new term into slot s.
	copy(e.x[s*e.dim:(s+1)*e.dim], e.px)
	e.norms[s] = e.pxx
	if e.cols != nil {
		e.cols.Set(s, e.px)
	}
	for y := range K {
		o := y*e.cap + s
		e.alpha[o] = na[y]
		e.nf[o] = e.pkk * na[y]
		if e.trace {
			e.beta[o] = nb[y]
			e.nv[o] = e.pkk * nb[y]
		}
	}
	e.next++
	if e.next == e.cap {
		e.next = 0
	}
	if e.n < e.cap {
		e.n++
	}
	e.prepared = false
	return ev
}

// accumulate adds row_j·na to Nf_j and row_j·nb to Nv_j for every stored
// slot j: one axpy of length n per label where na or nb is non-zero (two for
// the multiclass hinge losses).
func (e *Expansion) accumulate(na, nb []float64) {
	row := e.row[:e.n]
	for y, a := range na {
		o := y * e.cap
		b := 0.0
		if e.trace {
			b = nb[y]
		}
		switch {
		case a != 0 && b != 0:
			axpy2(e.nf[o:], e.nv[o:], a, b, row)
		case a != 0:
			axpy(e.nf[o:], a, row)
		case b != 0:
			axpy(e.nv[o:], b, row)
		}
	}
}

// axpy2 adds a·x to y and b·x to z over len(x) in one pass.
func axpy2(y, z []float64, a, b float64, x []float64) {
	y = y[:len(x)]
	z = z[:len(x)]
	for i, v := range x {
		y[i] += a * v
		z[i] += b * v
	}
}

// evictionDeltas returns the changes of ‖f‖² and ⟨f, v⟩ when the term in
// slot s (the oldest) is dropped; Nf_s, Nv_s already include the new term.
func (e *Expansion) evictionDeltas(s int) (dNorm, dPi float64) {
	K := e.labels
	kee := e.k.FromDot(e.norms[s], e.norms[s], e.norms[s])
	ae, fe := e.tmp, e.tmp2 // α_e, then f(x_e, ·)
	for y := range K {
		ae[y] = e.as * e.alpha[y*e.cap+s]
	}
	// α_eᵀ f(x_e, ·) = α_eᵀ K_Y (as·Nf_e).
	for y := range K {
		fe[y] = e.as * e.nf[y*e.cap+s]
	}
	aKf := e.LabelQuad(ae, fe)
	aKa := e.LabelQuad(ae, ae)
	dNorm = -2*aKf + kee*aKa
	if !e.trace {
		return dNorm, 0
	}
	// β_e and v(x_e, ·) before K_Y, one label at a time.
	var aKv, bKf, aKb float64
	for y := range K {
		o := y*e.cap + s
		be := e.bs*e.beta[o] + e.ba*e.alpha[o]
		ve := e.bs*e.nv[o] + e.ba*e.nf[o]
		if e.ky == nil {
			aKv += ae[y] * ve
			bKf += be * fe[y]
			aKb += ae[y] * be
			continue
		}
		// With K_Y: Σ_y Σ_z ae[z] K[z,y] ve[y] etc.; K_Y is symmetric.
		for z := range K {
			kzy := e.ky[z*K+y]
			aKv += ae[z] * kzy * ve
			bKf += fe[z] * kzy * be
			aKb += ae[z] * kzy * be
		}
	}
	dPi = -aKv - bKf + kee*aKb
	return dNorm, dPi
}

// termIndex maps a ring slot to its term index (0 = oldest).
func (e *Expansion) termIndex(s int) int {
	if e.n < e.cap {
		return s
	}
	i := s - e.next
	if i < 0 {
		i += e.cap
	}
	return i
}

// SetKernel replaces the input kernel k by nk, keeping every stored term
// (x_i, α_i, β_i) and the buffer order: f and v become the expansions of the
// same coefficients under the new kernel. Every quantity built from kernel
// values is recomputed from the stored terms: the truncation bookkeeping
// Nf_j, Nv_j (O(ω²·d), one kernel row per term); [Expansion.Norms] then gives
// the new ‖f‖² and ⟨f, v⟩. The prepared point is dropped (call Prepare
// again). Nothing is allocated. It panics if nk is nil.
//
// A learner whose settings change mid-run (a new Gaussian width σ, say) calls
// it; the caller checks that nk is valid (kernel.Validate).
func (e *Expansion) SetKernel(nk kernel.Kernel) {
	if nk == nil {
		panic("expansion: SetKernel: nil kernel")
	}
	e.k = nk
	e.prepared, e.sbValid = false, false
	clear(e.nf)
	clear(e.nv)
	clear(e.sa)
	clear(e.sb)
	// Nf_j = Σ_{i newer than or equal to j} α̃_i k(x_i, x_j) in stored units
	// (true Nf = as·Nf̃; Nv likewise, true Nv = bs·Nṽ + ba·Nf̃), so the lazy
	// multipliers stay as they are.
	row := e.srow[:e.n]
	for j := range e.n {
		e.kernelRow(row, e.x[j*e.dim:(j+1)*e.dim], e.norms[j])
		tj := e.termIndex(j)
		for i, kij := range row {
			if e.termIndex(i) < tj {
				continue
			}
			for y := range e.labels {
				o := y * e.cap
				e.nf[o+j] += kij * e.alpha[o+i]
				if e.trace {
					e.nv[o+j] += kij * e.beta[o+i]
				}
			}
		}
	}
}

// Norms returns ‖f‖² and ⟨f, v⟩ (0 without β) of the stored expansion,
// computed exactly from the truncation bookkeeping in O(ω·K²) without a
// kernel row: with Nf_j = Σ_{i ≥ j} α_i k(x_i, x_j) (i newer than or equal
// to j),
//
//	‖f‖²   = Σ_j α_jᵀ K_Y (2 Nf_j − k(x_j, x_j) α_j),
//	⟨f, v⟩ = Σ_j [α_jᵀ K_Y Nv_j + β_jᵀ K_Y Nf_j − k(x_j, x_j) α_jᵀ K_Y β_j],
//
// each pair i ≠ j counted once from the older term's side. Learners call it
// after [Expansion.SetKernel]; their running values (JMLR eqs. 46, 49) are
// cheaper per step. It allocates four K-vectors.
func (e *Expansion) Norms() (ff, fv float64) {
	K := e.labels
	a, b := make([]float64, K), make([]float64, K)
	nf, nv := make([]float64, K), make([]float64, K)
	for j := range e.n {
		kjj := e.k.FromDot(e.norms[j], e.norms[j], e.norms[j])
		for y := range K {
			o := y*e.cap + j
			a[y] = e.as * e.alpha[o]
			nf[y] = 2*e.as*e.nf[o] - kjj*a[y]
		}
		ff += e.LabelQuad(a, nf)
		if !e.trace {
			continue
		}
		for y := range K {
			o := y*e.cap + j
			b[y] = e.bs*e.beta[o] + e.ba*e.alpha[o]
			nv[y] = e.bs*e.nv[o] + e.ba*e.nf[o]
			nf[y] = e.as*e.nf[o] - kjj*a[y]
		}
		fv += e.LabelQuad(a, nv) + e.LabelQuad(b, nf)
	}
	return ff, fv
}
