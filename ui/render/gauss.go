package render

import (
	"math"

	"gonum.org/v1/gonum/floats"

	"kernelplay/core/kernel"
)

// Terms is the read-only view of a kernel expansion the renderer needs; a
// *expansion.Expansion satisfies it. Terms are numbered 0 (oldest) …
// Len()−1 (newest); Alpha writes the true coefficients α_i (length
// Labels()) of term i.
type Terms interface {
	Len() int
	Cap() int
	Dim() int
	Labels() int
	Kernel() kernel.Kernel
	LabelKernel() []float64
	X(i int) []float64
	Alpha(dst []float64, i int) []float64
	NextEvicted() int
}

// pushCounter is implemented by expansions that count the terms ever
// pushed: term i (0 = oldest) has serial Pushed() − Len() + i.
type pushCounter interface{ Pushed() uint64 }

// expCutoff: factors e^{−γd²} below it are skipped (their contribution to
// F is below 1e-20·|α| per term).
const expCutoff = 1e-20

// gaussField is F_y(g) = Σ_i α_iy e^{−γ‖x_i − g‖²} over a G×G grid (row py
// from the top, column px from the left), kept between frames.
type gaussField struct {
	g      int
	gx, gy []float64 // grid coordinates of columns and rows
	gamma  float64
	k      int
	f      []float64 // k planes of g·g
	terms  Terms     // the expansion F was computed from

	// The terms as they were when F was last updated.
	prevN      int
	prevX      []float64 // prevN·dim
	prevA      []float64 // prevN·k
	prevPushed uint64
	frames     int // updates since the last full recompute

	// A full recompute spread over updates (refreshStep): the terms as
	// they were when it started (rx, ra: rn of them, rdone added to
	// fresh so far), F then (base) and the product of the scales s
	// applied to F since (rs). rn = 0: none in progress.
	rx, ra      []float64
	rn, rdone   int
	rs          float64
	fresh, base []float64
	refreshes   int // refreshes completed (for tests)

	a []float64 // scratch, k

	// Terms queued by addTerm for flush: coordinates (2 each) and
	// coefficients (k each); scratch for flush.
	qx, qw     []float64
	bx, by, at []float64
	bsel       []float64
	pack       []float64
	win        [][4]int
	full       int       // full direct recomputes (for tests)
	incr       int       // incremental updates (for tests)
	chebs      int       // Chebyshev computations (for tests)
	cheb       chebField // r = 0: the kernel is too narrow for it (or not set up yet)
	chebKnown  bool      // cheb is set up for the current grid and γ
	direct     bool      // never use the Chebyshev path
}

// reset prepares the field for grid coordinates gx, gy, width γ and k
// labels, forcing a full recompute at the next update.
func (f *gaussField) reset(gx, gy []float64, gamma float64, k int) {
	g := len(gx)
	f.g, f.gx, f.gy, f.gamma, f.k = g, gx, gy, gamma, k
	if cap(f.f) < k*g*g {
		f.f = make([]float64, k*g*g)
	}
	f.f = f.f[:k*g*g]
	f.a = make([]float64, k)
	f.qx, f.qw = f.qx[:0], f.qw[:0]
	f.cheb.r, f.chebKnown = 0, false // set up when first worth it (update)
	f.terms = nil
	f.rn = 0
}

// chebMinTerms: the Chebyshev path is considered only for updates costing
// more than this many terms' worth of direct work (O(G²) each). Below it a
// direct update is cheap (about 1.5 ms at 200² under GOARCH=wasm), while
// choosing r and setting up the interpolants costs about 25 ms the first
// time — the whole first picture of a new page otherwise.
const chebMinTerms = 32

// setupCheb chooses the number of Chebyshev points for the current grid
// and γ and sets up the compressed field (r = 0: none is accurate enough).
func (f *gaussField) setupCheb() {
	f.chebKnown = true
	f.cheb.r = 0
	if r := chebPoints(f.gamma, append(append([]float64(nil), f.gx...), f.gy...), min(128, f.g/2)); r > 0 {
		f.cheb.setup(r, f.gamma, f.gx, f.gy, f.k)
	}
}

// addTerm queues w·e^{−γ‖x − g‖²} (w has one coefficient per label) for
// addition to F by the next flush.
func (f *gaussField) addTerm(x, w []float64) {
	f.qx = append(f.qx, x[0], x[1])
	f.qw = append(f.qw, w...)
}

// flush adds the queued terms to F: two 1D exponentials per term, then
// either one windowed axpy per grid row inside each term's reach (when the
// terms are narrow compared with the grid) or a register-blocked product
// F += A·B over all queued terms, with A[py][j] = w_j·e^{−γ(g_py − x_j2)²}
// and B[j][px] = e^{−γ(g_px − x_j1)²}.
func (f *gaussField) flush() {
	m := len(f.qx) / 2
	if m == 0 {
		return
	}
	g, k := f.g, f.k
	f.bx = grow(f.bx, m*g)
	f.by = grow(f.by, m*g)
	f.win = f.win[:0]
	area := 0
	for j := range m {
		lo, hi := f.factor(f.bx[j*g:(j+1)*g], f.gx, f.qx[2*j])
		ylo, yhi := f.factor(f.by[j*g:(j+1)*g], f.gy, f.qx[2*j+1])
		f.win = append(f.win, [4]int{lo, hi, ylo, yhi})
		if lo < hi && ylo < yhi {
			area += (hi - lo) * (yhi - ylo)
		}
	}
	for y := range k {
		plane := f.f[y*g*g : (y+1)*g*g]
		// Few or narrow terms: windowed axpys; otherwise the blocked product,
		// whose packing and per-row overhead pay off from minBlocked terms.
		if m < minBlocked || 4*area < m*g*g {
			for j := range m {
				w := f.qw[j*k+y]
				lo, hi, ylo, yhi := f.win[j][0], f.win[j][1], f.win[j][2], f.win[j][3]
				if w == 0 || lo >= hi {
					continue
				}
				ex, ey := f.bx[j*g+lo:j*g+hi], f.by[j*g:(j+1)*g]
				for py := ylo; py < yhi; py++ {
					if c := w * ey[py]; c != 0 {
						floats.AddScaled(plane[py*g+lo:py*g+hi], c, ex)
					}
				}
			}
			continue
		}
		// The terms with a coefficient for this label (multiclass terms
		// usually have two non-zero labels of K): A transposed so that row
		// py is contiguous over them, and their rows of B.
		mm := 0
		for j := range m {
			if f.qw[j*k+y] != 0 {
				mm++
			}
		}
		if mm == 0 {
			continue
		}
		f.at = grow(f.at, g*mm)
		bsel := f.bx[:m*g]
		if mm < m {
			f.bsel = grow(f.bsel, mm*g)
			bsel = f.bsel
		}
		jj := 0
		for j := range m {
			w := f.qw[j*k+y]
			if w == 0 {
				continue
			}
			ey := f.by[j*g : (j+1)*g]
			for py, e := range ey {
				f.at[py*mm+jj] = w * e
			}
			if mm < m {
				copy(bsel[jj*g:(jj+1)*g], f.bx[j*g:(j+1)*g])
			}
			jj++
		}
		rankUpdate(plane, g, f.at[:g*mm], bsel[:mm*g], mm, &f.pack)
	}
	f.qx, f.qw = f.qx[:0], f.qw[:0]
}

// grow returns s resliced to length n, reallocated if too short.
func grow(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	return s[:n]
}

// block is the number of grid columns rankUpdate keeps in registers.
const block = 8

// rankUpdate adds A·B to the g×g matrix F (row-major), where at is A (g×m)
// row-major and b is B (m×g) row-major. Columns are processed 8 at a time:
// B's 8-column panel is packed contiguously (m·8 values, in L1 for m ≤ 512)
// and each row of F accumulates its 8 values in locals over all m terms —
// one load and store of F per row and panel instead of one per term, which
// is what makes the loop fast under GOARCH=wasm (no SIMD, locals in
// registers).
func rankUpdate(F []float64, g int, at, b []float64, m int, pack *[]float64) {
	p := grow(*pack, m*block)
	*pack = p
	pb := 0
	for ; pb+block <= g; pb += block {
		for j := range m {
			copy(p[j*block:(j+1)*block], b[j*g+pb:j*g+pb+block])
		}
		for py := range g {
			row := F[py*g+pb : py*g+pb+block : py*g+pb+block]
			a := at[py*m : (py+1)*m : (py+1)*m]
			c0, c1, c2, c3, c4, c5, c6, c7 := row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7]
			q := p[: len(a)*block : len(a)*block]
			for j, aj := range a {
				v := q[j*block : j*block+block : j*block+block]
				c0 += aj * v[0]
				c1 += aj * v[1]
				c2 += aj * v[2]
				c3 += aj * v[3]
				c4 += aj * v[4]
				c5 += aj * v[5]
				c6 += aj * v[6]
				c7 += aj * v[7]
			}
			row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7] = c0, c1, c2, c3, c4, c5, c6, c7
		}
	}
	// Remaining columns, one at a time.
	for ; pb < g; pb++ {
		for py := range g {
			c := F[py*g+pb]
			for j := range m {
				c += at[py*m+j] * b[j*g+pb]
			}
			F[py*g+pb] = c
		}
	}
}

// factor writes e[j] = e^{−γ(c[j] − v)²} and returns the range [lo, hi) of
// j outside which e < expCutoff (the grid coordinates are monotone, so the
// range is contiguous).
func (f *gaussField) factor(e, c []float64, v float64) (lo, hi int) {
	lo, hi = len(c), 0
	for j, cj := range c {
		d := cj - v
		e[j] = math.Exp(-f.gamma * d * d)
		if e[j] >= expCutoff {
			lo, hi = min(lo, j), j+1
		}
	}
	return lo, hi
}

// recompute sets F from scratch from every term of t.
func (f *gaussField) recompute(t Terms) {
	f.rn = 0 // a refresh in progress is moot
	clear(f.f)
	for i := range t.Len() {
		f.addTerm(t.X(i), t.Alpha(f.a, i))
	}
	f.flush()
	f.full++
	f.frames = 0
	f.save(t)
}

// save remembers t's terms for the next incremental update.
func (f *gaussField) save(t Terms) {
	n, d := t.Len(), t.Dim()
	f.terms = t
	f.prevN = n
	f.prevX = f.prevX[:0]
	f.prevA = f.prevA[:0]
	for i := range n {
		f.prevX = append(f.prevX, t.X(i)[:d]...)
		f.prevA = append(f.prevA, t.Alpha(f.a, i)...)
	}
	if p, ok := t.(pushCounter); ok {
		f.prevPushed = p.Pushed()
	}
}

// update brings F up to date with t by the cheapest of three ways: the
// Chebyshev-compressed field (cheb.go; when the kernel is wide enough for
// few points and the terms lie in the data square), an incremental update
// (when t is the expansion F was last computed from, at most about half of
// its terms changed and fewer than every updates happened since the last
// recompute) or a full direct recompute. It reports whether anything may
// have changed.
func (f *gaussField) update(t Terms, every int) bool {
	n := t.Len()
	evicted, added, s, ok := 0, 0, 1.0, false
	if f.terms == t && f.frames < every {
		evicted, added, s, ok = f.diff(t)
	}
	if ok && evicted == 0 && added == 0 && s == 1 {
		return false
	}
	g2 := f.g * f.g
	incremental := ok && 2*(evicted+added) <= n+8
	cost := n * g2
	if incremental {
		cost = (evicted + added + 1) * g2
	}
	if !f.direct && !f.chebKnown && cost > chebMinTerms*g2 {
		f.setupCheb()
	}
	if r := f.cheb.r; r > 0 && !f.direct && r*g2+n*r*r < cost && inDomain(t) {
		f.cheb.compute(f.f, f.g, f.k, t, f.a)
		f.chebs++
		f.frames, f.rn = 0, 0
		f.save(t)
		return true
	}
	if !incremental {
		f.recompute(t)
		return true
	}
	// F ← s·(F − Σ_evicted α_e k_e) + Σ_new α_j k_j, in the current units.
	if s != 1 {
		floats.Scale(s, f.f)
	}
	f.rs *= s
	d, k := t.Dim(), f.k
	neg := f.a
	for e := range evicted {
		for y := range k {
			neg[y] = -s * f.prevA[e*k+y]
		}
		f.addTerm(f.prevX[e*d:(e+1)*d], neg)
	}
	for j := n - added; j < n; j++ {
		f.addTerm(t.X(j), t.Alpha(f.a, j))
	}
	f.flush()
	f.frames++
	f.incr++
	f.save(t)
	f.refreshStep(every)
	return true
}

// refreshStep spreads the full recompute that bounds the incremental
// updates' rounding drift over the updates, instead of doing it at once
// every `every` updates: a full recompute of the default demo's field
// (512 terms at grid 40) took about 1 ms natively and 18–25 ms with the
// browser's CPU throttled 4×, the longest part of the frames that were
// long tasks (over 50 ms; TestBrowserSpeed/Throttled). After every/2
// incremental updates it takes the saved terms and F as they are (F₀,
// drift e₀) and adds a chunk of the terms to a fresh field with every
// following update, so that the fresh field is complete within every/4
// updates; then F ← S·fresh + (F − S·F₀), with S the product of the
// scales s applied to F since. Since F = S·(F_exact₀ + e₀) + Δ + e′ (Δ the
// updates' exact change, e′ their rounding), this is S·F_exact₀ + Δ + e′:
// the drift e₀ is gone and what is left is the rounding of fewer than
// every/4 updates. The counter of updates restarts from then; a recompute,
// a reset or the Chebyshev path cancels a refresh in progress. Below
// every = 8 the recomputes stay whole. Memory: two more fields (F₀ and
// the fresh one, k·G² numbers each) and a copy of the terms.
func (f *gaussField) refreshStep(every int) {
	if f.rn == 0 {
		if every < 8 || f.frames < every/2 || f.prevN == 0 {
			return
		}
		// Start: the terms and F as saved by this update.
		f.rx = append(f.rx[:0], f.prevX...)
		f.ra = append(f.ra[:0], f.prevA...)
		f.rn, f.rdone, f.rs = f.prevN, 0, 1
		f.base = append(f.base[:0], f.f...)
		f.fresh = grow(f.fresh, len(f.f))
		clear(f.fresh)
		return
	}
	d, k := len(f.rx)/f.rn, f.k
	chunk := max(1, (f.rn+every/4-1)/max(1, every/4))
	hi := min(f.rn, f.rdone+chunk)
	f.f, f.fresh = f.fresh, f.f // flush adds to f.f
	for i := f.rdone; i < hi; i++ {
		f.addTerm(f.rx[i*d:(i+1)*d], f.ra[i*k:(i+1)*k])
	}
	f.flush()
	f.f, f.fresh = f.fresh, f.f
	f.rdone = hi
	if hi < f.rn {
		return
	}
	// F ← S·fresh + (F − S·F₀).
	for i, v := range f.f {
		f.f[i] = f.rs*f.fresh[i] + (v - f.rs*f.base[i])
	}
	f.rn, f.frames = 0, 0
	f.refreshes++
}

// diff finds how t differs from the saved terms: the first evicted saved
// terms were dropped, the last added terms of t are new, and every other
// term of t equals saved term i + evicted with its α scaled by s. With a
// push counter the counts are exact; otherwise the smallest evicted count
// for which the surviving terms match (same x, α in one ratio) is taken —
// any match gives the correct F, since F depends only on t's terms.
func (f *gaussField) diff(t Terms) (evicted, added int, s float64, ok bool) {
	n := t.Len()
	if p, has := t.(pushCounter); has {
		pushed := p.Pushed()
		if pushed < f.prevPushed {
			return 0, 0, 0, false
		}
		added = int(min(pushed-f.prevPushed, uint64(n)))
		evicted = f.prevN - (n - added)
		if evicted < 0 {
			return 0, 0, 0, false
		}
		s, ok = f.ratio(t, evicted, n-added)
		return evicted, added, s, ok
	}
	d := t.Dim()
	budget := 64 * (f.prevN + 1) // bound on term comparisons
	for ev := 0; ev <= f.prevN; ev++ {
		surv := f.prevN - ev
		if surv > n {
			continue
		}
		if surv > 0 && !equal(t.X(0), f.prevX[ev*d:(ev+1)*d]) {
			continue
		}
		budget -= surv
		if budget < 0 {
			return 0, 0, 0, false
		}
		if s, ok := f.ratio(t, ev, surv); ok {
			return ev, n - surv, s, true
		}
	}
	return 0, 0, 0, false
}

// ratio checks that the first surv terms of t equal saved terms
// ev … ev+surv−1 with coefficients scaled by one factor s, and returns s
// (1 if no saved coefficient is non-zero).
func (f *gaussField) ratio(t Terms, ev, surv int) (float64, bool) {
	d, k := t.Dim(), f.k
	s, found := 1.0, false
	for j := range surv {
		if !equal(t.X(j), f.prevX[(ev+j)*d:(ev+j+1)*d]) {
			return 0, false
		}
		a := t.Alpha(f.a, j)
		p := f.prevA[(ev+j)*k : (ev+j+1)*k]
		for y := range k {
			if !found && p[y] != 0 {
				s, found = a[y]/p[y], true
			}
			// Same α up to the rounding of the lazy multipliers.
			if math.Abs(a[y]-s*p[y]) > 1e-12*math.Max(math.Abs(a[y]), math.Abs(s*p[y])) {
				return 0, false
			}
		}
	}
	if math.IsNaN(s) || math.IsInf(s, 0) {
		return 0, false
	}
	return s, true
}

func equal(a, b []float64) bool {
	for i := range b {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
