package render

import "math"

// Segment is a line segment from (X0, Y0) to (X1, Y1) in input (viewport)
// coordinates.
type Segment struct{ X0, Y0, X1, Y1 float64 }

// Contours returns the level set {v = level} of a field sampled at the
// pixel centres of a g×g grid over view (v[py·g + px], row py from the top,
// as [Surface.Scores] for one score) as line segments, by marching squares
// with linear interpolation along cell edges; saddle cells are resolved by
// the value at the cell centre (the mean of the corners). Cells with a
// NaN corner are skipped. It panics if len(v) < g·g.
func Contours(v []float64, g int, view Viewport, level float64) []Segment {
	if len(v) < g*g {
		panic("render: Contours: field shorter than g·g")
	}
	view = view.orDefault()
	gx, gy := view.centres(g)
	var segs []Segment
	for py := 0; py+1 < g; py++ {
		for px := 0; px+1 < g; px++ {
			// Corners counter-clockwise from the top left: a (px, py),
			// b (px+1, py), c (px+1, py+1), d (px, py+1).
			a := v[py*g+px] - level
			b := v[py*g+px+1] - level
			c := v[(py+1)*g+px+1] - level
			d := v[(py+1)*g+px] - level
			if math.IsNaN(a + b + c + d) {
				continue
			}
			idx := cellCase(a, b, c, d)
			if idx == 0 || idx == 15 {
				continue
			}
			x0, x1, y0, y1 := gx[px], gx[px+1], gy[py], gy[py+1]
			// Crossing points on the edges: top (a–b), right (b–c),
			// bottom (d–c), left (a–d).
			lerp := func(p, q float64) float64 { return p / (p - q) }
			top := func() (float64, float64) { return x0 + lerp(a, b)*(x1-x0), y0 }
			right := func() (float64, float64) { return x1, y0 + lerp(b, c)*(y1-y0) }
			bottom := func() (float64, float64) { return x0 + lerp(d, c)*(x1-x0), y1 }
			left := func() (float64, float64) { return x0, y0 + lerp(a, d)*(y1-y0) }
			seg := func(p, q func() (float64, float64)) {
				ax, ay := p()
				bx, by := q()
				if ax != bx || ay != by { // a level through a corner: no zero-length pieces
					segs = append(segs, Segment{ax, ay, bx, by})
				}
			}
			edges := [4]func() (float64, float64){top, right, bottom, left}
			pairs, n := cellSegments(idx, a, b, c, d)
			for k := range n {
				seg(edges[pairs[k][0]], edges[pairs[k][1]])
			}
		}
	}
	return segs
}

// Contours returns the level set {score = level} of the last Render for
// one-score learners (binary: level 0 is the boundary, ±margin the margins;
// novelty: 0 is f = ε; regression: 0 is the fitted curve, ±ε the tube).
// For multiclass learners it returns the boundaries of every class's
// region at the given margin: {s_c − max_{y≠c} s_y = level} for each class
// c (level 0 is the argmax boundary, drawn once from each side).
func (s *Surface) Contours(level float64) []Segment {
	if s.img == nil {
		return nil
	}
	g, k := s.g, s.k
	if k == 1 {
		return Contours(s.scores, g, s.view, level)
	}
	gap := make([]float64, g*g)
	var segs []Segment
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
		segs = append(segs, Contours(gap, g, s.view, level)...)
	}
	return segs
}

// Chain joins segments that share end points (as those of [Contours] do
// exactly: neighbouring cells interpolate a shared edge from the same two
// corners) into polylines, each a flat list x0, y0, x1, y1, … in input
// coordinates; a closed curve ends with its first point repeated. Drawing
// polylines instead of segments takes half the canvas calls and lets dash
// patterns run along the curve instead of restarting at every cell. The
// order of the polylines and their direction are deterministic but
// otherwise unspecified.
func Chain(segs []Segment) [][]float64 {
	type key [2]uint64
	k := func(x, y float64) key { return key{math.Float64bits(x), math.Float64bits(y)} }
	// ends[p] lists the segments with an end at p (at most two).
	ends := make(map[key][]int32, 2*len(segs))
	for i, s := range segs {
		ends[k(s.X0, s.Y0)] = append(ends[k(s.X0, s.Y0)], int32(i))
		ends[k(s.X1, s.Y1)] = append(ends[k(s.X1, s.Y1)], int32(i))
	}
	used := make([]bool, len(segs))
	// other returns an unused segment other than i ending at (x, y), or −1.
	other := func(i int, x, y float64) int {
		for _, j := range ends[k(x, y)] {
			if int(j) != i && !used[j] {
				return int(j)
			}
		}
		return -1
	}
	// extend walks from segment i's end (x, y) and appends the points.
	extend := func(line []float64, i int, x, y float64) []float64 {
		for {
			j := other(i, x, y)
			if j < 0 {
				return line
			}
			used[j] = true
			s := segs[j]
			if s.X0 == x && s.Y0 == y {
				x, y = s.X1, s.Y1
			} else {
				x, y = s.X0, s.Y0
			}
			line = append(line, x, y)
			i = j
		}
	}
	var lines [][]float64
	for i, s := range segs {
		if used[i] {
			continue
		}
		used[i] = true
		fwd := extend([]float64{s.X0, s.Y0, s.X1, s.Y1}, i, s.X1, s.Y1)
		// Walk backwards from the first point, then join.
		back := extend(nil, i, s.X0, s.Y0)
		if len(back) > 0 {
			line := make([]float64, 0, len(back)+len(fwd))
			for j := len(back) - 2; j >= 0; j -= 2 {
				line = append(line, back[j], back[j+1])
			}
			fwd = append(line, fwd...)
		}
		lines = append(lines, fwd)
	}
	return lines
}

// cellCase is the marching-squares case of one grid cell: bit 0 set when the
// corner a = (px, py) is above the level, bit 1 for b = (px+1, py), bit 2 for
// c = (px+1, py+1), bit 3 for d = (px, py+1); 0 and 15 have no crossing. The
// arguments are corner values minus the level.
func cellCase(a, b, c, d float64) int {
	idx := 0
	if a > 0 {
		idx |= 1
	}
	if b > 0 {
		idx |= 2
	}
	if c > 0 {
		idx |= 4
	}
	if d > 0 {
		idx |= 8
	}
	return idx
}

// cellSegments gives the segments of the level in one grid cell of case idx
// (cellCase; a, b, c, d are the corner values minus the level): n pairs of
// crossed edges, numbered 0 top (a–b), 1 right (b–c), 2 bottom (d–c), 3 left
// (a–d). The saddles 5 and 10 are resolved by the sign of the cell's centre,
// the mean of its corners: when the centre is on the side of a and c, their
// region joins and b and d are cut off.
func cellSegments(idx int, a, b, c, d float64) (pairs [2][2]int8, n int) {
	if idx == 5 || idx == 10 {
		if centre := (a+b+c+d)/4 > 0; (idx == 5) == centre {
			return [2][2]int8{{0, 1}, {3, 2}}, 2 // top–right, left–bottom
		}
		return [2][2]int8{{3, 0}, {1, 2}}, 2 // left–top, right–bottom
	}
	return cellPairs[idx], int(cellPairs[idx][0][0]>>7&1 ^ 1)
}

// cellPairs is cellSegments' table for the cases without a saddle: the one
// segment's two edges, or {-1, -1} for the empty cases 0 and 15 (its sign bit
// makes the count 0). A table keeps cellSegments small enough to inline into
// the per-frame Tracer.
var cellPairs = [16][2][2]int8{
	0: {{-1, -1}}, 15: {{-1, -1}},
	1: {{3, 0}}, 14: {{3, 0}}, // left–top
	2: {{0, 1}}, 13: {{0, 1}}, // top–right
	3: {{3, 1}}, 12: {{3, 1}}, // left–right
	4: {{1, 2}}, 11: {{1, 2}}, // right–bottom
	6: {{0, 2}}, 9: {{0, 2}}, // top–bottom
	7: {{3, 2}}, 8: {{3, 2}}, // left–bottom
}
