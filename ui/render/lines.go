package render

import (
	"math"
	"math/bits"
)

// Tracer traces level sets of a sampled field into polylines ready to draw:
// marching squares as in [Contours], with the segments chained through the
// grid's edges (each crossing point lies on one cell edge, shared by at
// most two cells) instead of through a map of end points as [Chain] does,
// then optionally simplified. The zero value is ready; a Tracer reuses its
// buffers between calls and is not safe for concurrent use.
//
// The polylines are the same as Chain(Contours(v, g, view, level)) up to
// their order and direction, except where the level passes exactly through
// a grid sample: Contours drops the zero-length pieces there and Chain
// joins the pieces that meet at that sample, Tracer leaves them as separate
// polylines (the drawing is the same; a dash pattern restarts there).
type Tracer struct {
	link  []int32    // per edge: two segment ids +1 (0: none), 2 per edge
	used  []bool     // per segment
	segs  [][2]int32 // per segment: its two edges
	touch []int32    // edges with a link, to clear after the call
	pts   []float64  // per edge crossing, x and y (valid where linked)
	keep  []bool     // simplification scratch
	stack []int32
	tmp   []float64
	gap   []float64 // multiclass: one class's score minus the best other
	bits  []uint64  // samples above the level, a bit each
	g     int       // grid and view of gx, gy
	view  Viewport
	gx    []float64 // pixel centres
	gy    []float64
}

// Lines appends to dst the level set {v = level} of the g×g field v
// (row-major, row py from the top, sampled at the pixel centres of view, as
// [Surface.Scores] for one score) as polylines: a flat list x0, y0, x1, y1, …
// in input coordinates, each polyline followed by a NaN, NaN pair; a closed
// curve ends with its first point repeated. With tol > 0 each polyline is
// simplified (Ramer–Douglas–Peucker) so that no dropped vertex is farther
// than tol from the line kept (tol in input units: a fraction of a pixel
// keeps the drawing unchanged and strokes it several times faster). Cells
// with a NaN corner are skipped. It panics if len(v) < g·g.
func (t *Tracer) Lines(dst, v []float64, g int, view Viewport, level, tol float64) []float64 {
	if len(v) < g*g {
		panic("render: Tracer.Lines: field shorter than g·g")
	}
	if g < 2 {
		return dst
	}
	view = view.orDefault()
	// Edge ids: horizontal edge (px, py)–(px+1, py) is py·(g−1) + px;
	// vertical edge (px, py)–(px, py+1) is nh + py·g + px.
	nh := g * (g - 1)
	ne := 2 * nh
	if len(t.link) < 2*ne {
		t.link = make([]int32, 2*ne)
		t.pts = make([]float64, 2*ne)
	}
	t.segs = t.segs[:0]
	t.touch = t.touch[:0]
	if t.g != g || t.view != view {
		t.gx, t.gy = view.centres(g) // the pixel centres Contours uses
		t.g, t.view = g, view
	}
	gx, gy := t.gx, t.gy
	// The samples above the level as one bit per sample, 64 to a word, so
	// that whole runs of cells without a crossing (almost all of them) are
	// skipped a word at a time.
	words := (g + 63) / 64
	if len(t.bits) < g*words {
		t.bits = make([]uint64, g*words)
	}
	bitsAbove := t.bits[:g*words]
	clear(bitsAbove)
	for py := range g {
		row, out := v[py*g:(py+1)*g], bitsAbove[py*words:(py+1)*words]
		for px, x := range row {
			if x > level { // NaN: false, and the cell is skipped below
				out[px>>6] |= 1 << (px & 63)
			}
		}
	}
	// The last cell of a row is g−2: mask the bits from g−1 on.
	lastMask := ^uint64(0)
	if r := (g - 1) & 63; r != 0 {
		lastMask = 1<<r - 1
	}
	lastWord := (g - 2) >> 6
	// cross records the crossing on edge e between samples p and q (values
	// p, q relative to the level) at fraction p/(p−q) from (x0, y0) towards
	// (x1, y1), exactly as Contours interpolates.
	cross := func(e int32, p, q, x0, y0, x1, y1 float64) {
		f := p / (p - q)
		t.pts[2*e] = x0 + f*(x1-x0)
		t.pts[2*e+1] = y0 + f*(y1-y0)
	}
	add := func(e0, e1 int32) {
		if t.pts[2*e0] == t.pts[2*e1] && t.pts[2*e0+1] == t.pts[2*e1+1] {
			return // a level through a corner: no zero-length pieces
		}
		id := int32(len(t.segs)) + 1
		for _, e := range [2]int32{e0, e1} {
			if t.link[2*e] == 0 {
				t.link[2*e] = id
				t.touch = append(t.touch, e)
			} else {
				t.link[2*e+1] = id
			}
		}
		t.segs = append(t.segs, [2]int32{e0, e1})
	}
	for py := 0; py+1 < g; py++ {
		y0, y1 := gy[py], gy[py+1]
		row0, row1 := v[py*g:(py+1)*g], v[(py+1)*g:(py+2)*g]
		b0, b1 := bitsAbove[py*words:(py+1)*words], bitsAbove[(py+1)*words:(py+2)*words]
		for w := 0; w <= lastWord; w++ {
			// Bit px of n0 is sample px+1 of the row.
			n0, n1 := b0[w]>>1, b1[w]>>1
			if w+1 < words {
				n0 |= b0[w+1] << 63
				n1 |= b1[w+1] << 63
			}
			mixed := (b0[w] ^ n0) | (b1[w] ^ n1) | (b0[w] ^ b1[w])
			if w == lastWord {
				mixed &= lastMask
			}
			for mixed != 0 {
				px := w<<6 + bits.TrailingZeros64(mixed)
				mixed &= mixed - 1
				a := row0[px] - level
				b := row0[px+1] - level
				c := row1[px+1] - level
				d := row1[px] - level
				if math.IsNaN(a + b + c + d) {
					continue
				}
				idx := cellCase(a, b, c, d)
				x0, x1 := gx[px], gx[px+1]
				top := int32(py*(g-1) + px)
				bottom := top + int32(g-1)
				left := int32(nh + py*g + px)
				right := left + 1
				// Crossings on the edges this cell's segments use (an edge
				// shared with a neighbour gets the same value from both).
				if (idx^idx>>1)&1 != 0 { // a, b differ
					cross(top, a, b, x0, y0, x1, y0)
				}
				if (idx>>1^idx>>2)&1 != 0 { // b, c differ
					cross(right, b, c, x1, y0, x1, y1)
				}
				if (idx>>3^idx>>2)&1 != 0 { // d, c differ
					cross(bottom, d, c, x0, y1, x1, y1)
				}
				if (idx^idx>>3)&1 != 0 { // a, d differ
					cross(left, a, d, x0, y0, x0, y1)
				}
				edges := [4]int32{top, right, bottom, left}
				pairs, n := cellSegments(idx, a, b, c, d)
				for k := range n {
					add(edges[pairs[k][0]], edges[pairs[k][1]])
				}
			}
		}
	}
	dst = t.chain(dst, tol)
	for _, e := range t.touch {
		t.link[2*e], t.link[2*e+1] = 0, 0
	}
	return dst
}

// chain walks the segments into polylines and appends them to dst.
func (t *Tracer) chain(dst []float64, tol float64) []float64 {
	n := len(t.segs)
	if cap(t.used) < n {
		t.used = make([]bool, n)
	}
	t.used = t.used[:n]
	clear(t.used)
	// walk appends the points reached from segment i through edge e.
	walk := func(line []float64, i int32, e int32) []float64 {
		for {
			j := t.link[2*e] - 1
			if j == i || j < 0 || t.used[j] {
				j = t.link[2*e+1] - 1
			}
			if j < 0 || j == i || t.used[j] {
				return line
			}
			t.used[j] = true
			s := t.segs[j]
			if s[0] == e {
				e = s[1]
			} else {
				e = s[0]
			}
			line = append(line, t.pts[2*e], t.pts[2*e+1])
			i = j
		}
	}
	for i := range int32(n) {
		if t.used[i] {
			continue
		}
		t.used[i] = true
		s := t.segs[i]
		// Backwards from the first edge, reversed, then forwards.
		back := walk(t.tmp[:0], i, s[0])
		start := len(dst)
		for k := len(back) - 2; k >= 0; k -= 2 {
			dst = append(dst, back[k], back[k+1])
		}
		t.tmp = back
		dst = append(dst, t.pts[2*s[0]], t.pts[2*s[0]+1], t.pts[2*s[1]], t.pts[2*s[1]+1])
		dst = walk(dst, i, s[1])
		if tol > 0 {
			dst = t.simplify(dst, start, tol)
		}
		dst = append(dst, math.NaN(), math.NaN())
	}
	return dst
}

// simplify runs Ramer–Douglas–Peucker on the polyline dst[start:] in place
// and returns dst shortened to the vertices kept (the end points always).
func (t *Tracer) simplify(dst []float64, start int, tol float64) []float64 {
	line := dst[start:]
	n := len(line) / 2
	if n < 3 {
		return dst
	}
	if cap(t.keep) < n {
		t.keep = make([]bool, n)
	}
	keep := t.keep[:n]
	clear(keep)
	keep[0], keep[n-1] = true, true
	tol2 := tol * tol
	st := append(t.stack[:0], 0, int32(n-1))
	for len(st) > 0 {
		lo, hi := st[len(st)-2], st[len(st)-1]
		st = st[:len(st)-2]
		if hi-lo < 2 {
			continue
		}
		ax, ay := line[2*lo], line[2*lo+1]
		bx, by := line[2*hi], line[2*hi+1]
		ux, uy := bx-ax, by-ay
		l2 := ux*ux + uy*uy
		far, best := int32(-1), tol2
		for k := lo + 1; k < hi; k++ {
			px, py := line[2*k]-ax, line[2*k+1]-ay
			var d2 float64
			if l2 == 0 { // a closed curve: distance to the end point
				d2 = px*px + py*py
			} else {
				cr := px*uy - py*ux
				d2 = cr * cr / l2
			}
			if d2 > best {
				far, best = k, d2
			}
		}
		if far >= 0 {
			keep[far] = true
			st = append(st, lo, far, far, hi)
		}
	}
	t.stack = st
	w := 0
	for k := range n {
		if keep[k] {
			line[2*w], line[2*w+1] = line[2*k], line[2*k+1]
			w++
		}
	}
	return dst[:start+2*w]
}

// Lines appends the level set {score = level} of the last Render as
// polylines in the format of [Tracer.Lines] (NaN-separated, simplified to
// tol in input units): for one-score learners the level set of the score;
// for multiclass the boundaries of every class's region at the given
// margin, as [Surface.Contours].
func (s *Surface) Lines(dst []float64, t *Tracer, level, tol float64) []float64 {
	if s.img == nil {
		return dst
	}
	g, k := s.g, s.k
	if k == 1 {
		return t.Lines(dst, s.scores, g, s.view, level, tol)
	}
	if cap(t.gap) < g*g {
		t.gap = make([]float64, g*g)
	}
	gap := t.gap[:g*g]
	for c := range k {
		for p := range g * g {
			sc := s.scores[p*k : (p+1)*k]
			other := math.Inf(-1)
			for y, v := range sc {
				if y != c && v > other {
					other = v
				}
			}
			gap[p] = sc[c] - other
		}
		dst = t.Lines(dst, gap, g, s.view, level, tol)
	}
	return dst
}
