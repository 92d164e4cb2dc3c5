package render

import (
	"math"

	"kernelplay/core/learn"
)

// LineIn returns the part of the line a·x + b·y = c inside view as a
// segment, and false if the line misses the viewport or (a, b) = (0, 0).
// The segment runs in the direction (b, −a) (so a, b and c scaled by a
// negative factor reverse it). Clipping is Liang–Barsky's on the line
// through the point nearest the viewport's centre.
func LineIn(a, b, c float64, view Viewport) (Segment, bool) {
	view = view.orDefault()
	n2 := a*a + b*b
	if !(n2 > 0) || math.IsNaN(c) || math.IsInf(c, 0) || math.IsInf(n2, 0) {
		return Segment{}, false
	}
	cx, cy := (view.X0+view.X1)/2, (view.Y0+view.Y1)/2
	// The point of the line nearest (cx, cy), and the unit direction.
	r := (c - a*cx - b*cy) / n2
	px, py := cx+r*a, cy+r*b
	n := math.Sqrt(n2)
	dx, dy := b/n, -a/n
	lo, hi := math.Inf(-1), math.Inf(1)
	clip := func(p, d, min, max float64) bool {
		if d == 0 {
			return p >= min && p <= max
		}
		s0, s1 := (min-p)/d, (max-p)/d
		if s0 > s1 {
			s0, s1 = s1, s0
		}
		lo, hi = math.Max(lo, s0), math.Min(hi, s1)
		return true
	}
	if !clip(px, dx, view.X0, view.X1) || !clip(py, dy, view.Y0, view.Y1) || !(lo < hi) {
		return Segment{}, false
	}
	return Segment{X0: px + lo*dx, Y0: py + lo*dy, X1: px + hi*dx, Y1: py + hi*dy}, true
}

// HyperLine is a straight line of a linear model inside a viewport, the
// set W[0]·x + W[1]·y + W[2] = Level, cut into stretches by what it means
// there.
//
// For a binary linear model (Class −1) it is w·x̃ = Level with x̃ = (x, y, B)
// (B the bias feature): the boundary (Level 0) or a margin (±margin), all
// Solid.
//
// For an AMM it is the pairwise line (β_{Class,Index} − β_{Class2,Index2})ᵀx̃
// = 0 between two pieces (hyperplanes) of different classes. The decision
// boundary is made of stretches of such lines: a stretch is Solid where the
// two pieces are the winners, i.e. one is the highest-scoring hyperplane of
// all and the other the highest of any other class (so there the boundary
// between their classes runs along this line); Dashed where the first piece
// is still the best of its class but the second has been overtaken by
// another piece of its own class, next to a solid stretch: the straight
// continuation of a boundary piece past the point where the boundary bends
// (to where the first piece stops being its class's best); Dashed2 the same
// with the roles swapped. The page colours Dashed by Class (the piece still in force)
// and Dashed2 by Class2.
type HyperLine struct {
	// Class and Index identify the first hyperplane β_{y,k} (AMM), or are
	// −1 and 0 for a binary linear model's w.
	Class, Index int
	// Class2 and Index2 identify the second hyperplane of an AMM pair (−1
	// and 0 for a binary linear model).
	Class2, Index2 int
	// W holds the line's coefficients (w_x, w_y, w_b·B), or their
	// difference for an AMM pair.
	W [3]float64
	// Level is the value of W·x̃ on the line: 0 for a boundary, ±margin
	// for a binary model's margins.
	Level                  float64
	Solid, Dashed, Dashed2 []Segment
}

// ammOf returns the AMM behind l: l itself, or the two-class machine of a
// learn.BinaryAMM (the binary task).
func ammOf(l learn.Learner) *learn.AMM {
	switch a := l.(type) {
	case *learn.AMM:
		return a
	case *learn.BinaryAMM:
		return a.AMM()
	}
	return nil
}

// hyperplaneSteps is the number of pieces a line is cut into to classify
// its stretches (a piece takes the status of its midpoint): 1/256 of the
// line's length in the viewport.
const hyperplaneSteps = 256

// Hyperplanes returns the lines of a linear model on 2D inputs within view,
// appended to dst (nil for other learners):
//
//   - a [learn.LinearModel] (Pegasos, DCD, RES, SGD): f(x) = w·x̃ = 0 and
//     the margins f = ±margin (if margin > 0), Class −1, all solid;
//   - an AMM (or a learn.BinaryAMM): for every pair of
//     hyperplanes of different classes the line where their scores are
//     equal, split into the stretches where it is the decision boundary
//     (solid) and where it continues past a bend (dashed); see
//     [HyperLine]. Lines with no stretch of either kind are left out.
//
// Per-hyperplane lines β_{y,k}ᵀx̃ = 0 would say little: on XOR the two
// pieces of a class have nearly opposite β, so their zero lines coincide
// along a diagonal while the boundary runs along the axes. The margin
// argument is ignored for AMM (the surface's contours show the margins).
func Hyperplanes(dst []HyperLine, l learn.Learner, view Viewport, margin float64) []HyperLine {
	view = view.orDefault()
	if lm, ok := l.(learn.LinearModel); ok {
		w, b := lm.Weights(), lm.BiasFeature()
		if len(w) != 2 && !(b > 0 && len(w) == 3) {
			return dst
		}
		h := [3]float64{w[0], w[1], 0}
		if b > 0 {
			h[2] = w[2] * b
		}
		levels := []float64{0}
		if margin > 0 {
			levels = append(levels, margin, -margin)
		}
		for _, lv := range levels {
			if s, ok := LineIn(h[0], h[1], lv-h[2], view); ok {
				dst = append(dst, HyperLine{Class: -1, Class2: -1, W: h, Level: lv, Solid: []Segment{s}})
			}
		}
		return dst
	}
	a := ammOf(l)
	if a == nil {
		return dst
	}
	st := a.Config()
	p := 2
	if st.Bias > 0 {
		p = 3
	}
	buf := make([]float64, p)
	var pieces []ammPiece
	for y := range st.Classes {
		for k := range a.Hyperplanes(y) {
			beta := a.Hyperplane(buf, y, k)
			if len(beta) != p {
				return dst // not a 2D machine
			}
			h := [3]float64{beta[0], beta[1], 0}
			if p == 3 {
				h[2] = beta[2] * st.Bias
			}
			pieces = append(pieces, ammPiece{h, y, k})
		}
	}
	best := make([]int, st.Classes)
	for i := range pieces {
		for j := i + 1; j < len(pieces); j++ {
			if pieces[i].y == pieces[j].y {
				continue
			}
			var d [3]float64
			for c := range d {
				d[c] = pieces[i].h[c] - pieces[j].h[c]
			}
			s, ok := LineIn(d[0], d[1], -d[2], view)
			if !ok {
				continue
			}
			hl := HyperLine{Class: pieces[i].y, Index: pieces[i].k, Class2: pieces[j].y, Index2: pieces[j].k, W: d}
			// Walk the line, splitting where the status changes.
			var start [2]float64
			cur := 0
			for n := 0; n <= hyperplaneSteps; n++ {
				u := float64(n) / hyperplaneSteps
				x, y := s.X0+u*(s.X1-s.X0), s.Y0+u*(s.Y1-s.Y0)
				st := -1
				if n < hyperplaneSteps {
					m := (float64(n) + 0.5) / hyperplaneSteps
					st = pairStatus(pieces, best, i, j, s.X0+m*(s.X1-s.X0), s.Y0+m*(s.Y1-s.Y0))
				}
				if n == 0 {
					start, cur = [2]float64{x, y}, st
					continue
				}
				if st != cur {
					seg := Segment{X0: start[0], Y0: start[1], X1: x, Y1: y}
					switch cur {
					case 1:
						hl.Solid = append(hl.Solid, seg)
					case 2:
						hl.Dashed = append(hl.Dashed, seg)
					case 3:
						hl.Dashed2 = append(hl.Dashed2, seg)
					}
					start, cur = [2]float64{x, y}, st
				}
			}
			hl.Dashed = continuations(hl.Dashed, hl.Solid)
			hl.Dashed2 = continuations(hl.Dashed2, hl.Solid)
			if len(hl.Solid)+len(hl.Dashed)+len(hl.Dashed2) > 0 {
				dst = append(dst, hl)
			}
		}
	}
	return dst
}

// continuations keeps the dashed stretches that continue a solid one: they
// start where a solid stretch ends or end where one starts (the walk along
// a line computes shared endpoints once, so equality is exact). The others
// run where neither piece touches the boundary and would only clutter.
func continuations(dashed, solid []Segment) []Segment {
	out := dashed[:0]
	for _, d := range dashed {
		for _, s := range solid {
			if (d.X0 == s.X1 && d.Y0 == s.Y1) || (d.X1 == s.X0 && d.Y1 == s.Y0) {
				out = append(out, d)
				break
			}
		}
	}
	return out
}

// ammPiece is one hyperplane of an AMM in plot terms: h·(x, y, 1), class y,
// index k.
type ammPiece struct {
	h    [3]float64
	y, k int
}

func (p ammPiece) at(x, y float64) float64 { return p.h[0]*x + p.h[1]*y + p.h[2] }

// pairStatus classifies the point (x, y) of the line between pieces i and
// j: 1 on the decision boundary (i and j are the overall winner and the best
// of the other classes), 2 where i is the best of its class and j is not, 3
// the same with i and j swapped, 0 otherwise. best is scratch of length K.
func pairStatus(pieces []ammPiece, best []int, i, j int, x, y float64) int {
	for c := range best {
		best[c] = -1
	}
	top := -1
	for q := range pieces {
		v, c := pieces[q].at(x, y), pieces[q].y
		if best[c] < 0 || v > pieces[best[c]].at(x, y) {
			best[c] = q
		}
		if top < 0 || v > pieces[top].at(x, y) {
			top = q
		}
	}
	second := -1
	for c, q := range best {
		if c != pieces[top].y && q >= 0 && (second < 0 || pieces[q].at(x, y) > pieces[second].at(x, y)) {
			second = q
		}
	}
	switch {
	case (i == top && j == second) || (j == top && i == second):
		return 1
	}
	bi, bj := best[pieces[i].y] == i, best[pieces[j].y] == j
	switch {
	case bi && !bj:
		return 2
	case bj && !bi:
		return 3
	}
	return 0
}

// linear computes the scores of a linear model exactly, without a Scores
// call per pixel, and reports whether it did: a [learn.LinearModel] on 2D
// inputs (f = w_x·x + w_y·y + w_b·B, one multiply-add per pixel and axis),
// or an AMM on 2D inputs (s_y = max_k β_{y,k}ᵀx̃ per class, or f = s_1 − s_0
// for a two-class AMM behind a one-score wrapper such as ui/sim's). The
// result is checked against l.Scores at one pixel; on a disagreement beyond
// rounding (a wrapper with other semantics) it reports false and the
// generic path runs.
func (s *Surface) linear(l learn.Learner) bool {
	g, k := s.g, s.k
	lines := s.linPlanes[:0]
	var classes int
	if lm, ok := l.(learn.LinearModel); ok {
		w, b := lm.Weights(), lm.BiasFeature()
		switch {
		case k != 1:
			return false
		case len(w) == 2 && !(b > 0):
			lines = append(lines, [3]float64{w[0], w[1], 0})
		case len(w) == 3 && b > 0:
			lines = append(lines, [3]float64{w[0], w[1], w[2] * b})
		default:
			return false
		}
		classes = 1
	} else if a := ammOf(l); a != nil {
		st := a.Config()
		p := 2
		if st.Bias > 0 {
			p = 3
		}
		if k != st.Classes && !(k == 1 && st.Classes == 2) {
			return false
		}
		buf := make([]float64, p)
		for y := range st.Classes {
			for j := range a.Hyperplanes(y) {
				beta := a.Hyperplane(buf, y, j)
				if len(beta) != p {
					return false
				}
				h := [3]float64{beta[0], beta[1], 0}
				if p == 3 {
					h[2] = beta[2] * st.Bias
				}
				lines = append(lines, h)
			}
		}
		if len(s.linCount) < st.Classes {
			s.linCount = make([]int, st.Classes)
		}
		for y := range st.Classes {
			s.linCount[y] = a.Hyperplanes(y)
		}
		classes = st.Classes
	} else {
		return false
	}
	s.linPlanes = lines
	if len(s.linRow) < classes {
		s.linRow = make([]float64, classes)
	}
	row := s.linRow[:classes]
	for py := range g {
		yv := s.gy[py]
		for px := range g {
			xv := s.gx[px]
			if classes == 1 {
				h := lines[0]
				s.scores[py*g+px] = h[0]*xv + h[1]*yv + h[2]
				continue
			}
			q := 0
			for y := range classes {
				best := math.Inf(-1)
				for range s.linCount[y] {
					h := lines[q]
					if v := h[0]*xv + h[1]*yv + h[2]; v > best {
						best = v
					}
					q++
				}
				row[y] = best
			}
			if k == 1 {
				s.scores[py*g+px] = row[1] - row[0]
			} else {
				copy(s.scores[(py*g+px)*k:(py*g+px+1)*k], row)
			}
		}
	}
	// One pixel through the learner itself: the semantics must agree.
	if len(s.x) != 2 {
		s.x = make([]float64, 2)
	}
	s.x[0], s.x[1] = s.gx[g/3], s.gy[g/2]
	want := l.Scores(s.dst, s.x)
	got := s.scores[(g/2*g+g/3)*k : (g/2*g+g/3+1)*k]
	for i := range want {
		if d := math.Abs(want[i] - got[i]); !(d <= 1e-9*(1+math.Abs(want[i]))) {
			return false
		}
	}
	return true
}
