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

	ex, ey []float64 // scratch, g each
	a      []float64 // scratch, k
	full   int       // full recomputes (for tests)
	incr   int       // incremental updates (for tests)
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
	f.ex, f.ey, f.a = make([]float64, g), make([]float64, g), make([]float64, k)
	f.terms = nil
}

// addTerm adds w·e^{−γ‖x − g‖²} to plane y of F for every label y with
// w[y] ≠ 0: two 1D exponentials and one axpy per grid row inside the
// term's reach.
func (f *gaussField) addTerm(x, w []float64) {
	g := f.g
	lo, hi := f.factor(f.ex, f.gx, x[0])
	if lo >= hi {
		return
	}
	ylo, yhi := f.factor(f.ey, f.gy, x[1])
	for y, wy := range w {
		if wy == 0 {
			continue
		}
		plane := f.f[y*g*g : (y+1)*g*g]
		for py := ylo; py < yhi; py++ {
			c := wy * f.ey[py]
			if c == 0 {
				continue
			}
			floats.AddScaled(plane[py*g+lo:py*g+hi], c, f.ex[lo:hi])
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
	clear(f.f)
	for i := range t.Len() {
		f.addTerm(t.X(i), t.Alpha(f.a, i))
	}
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

// update brings F up to date with t: incrementally when t is the expansion
// F was last computed from, at most half of its terms changed and fewer
// than every updates happened since the last full recompute; otherwise by
// a full recompute. It reports whether anything may have changed.
func (f *gaussField) update(t Terms, every int) bool {
	if f.terms != t || f.frames >= every {
		f.recompute(t)
		return true
	}
	evicted, added, s, ok := f.diff(t)
	n := t.Len()
	if !ok || 2*(evicted+added) > n+8 {
		f.recompute(t)
		return true
	}
	if evicted == 0 && added == 0 && s == 1 {
		return false
	}
	// F ← s·(F − Σ_evicted α_e k_e) + Σ_new α_j k_j, in the current units.
	if s != 1 {
		floats.Scale(s, f.f)
	}
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
	f.frames++
	f.incr++
	f.save(t)
	return true
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
