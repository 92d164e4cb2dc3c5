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

// HyperLine is the line of one hyperplane of a linear model inside a
// viewport: the set w·x̃ = Level with x̃ = (x, y, B) (B the bias feature, or
// no third term). Solid and Dashed split it into the stretches where the
// hyperplane is, or is not, the winning piece of its class (AMM: the
// argmax over k of β_{y,k}ᵀx̃); a single linear model is solid throughout.
type HyperLine struct {
	// Class is the class of an AMM hyperplane (colour it with
	// ClassColors), or −1 for a binary linear model's w.
	Class int
	// Index is the hyperplane's index k within its class (0 for w).
	Index int
	// W is the hyperplane (w_x, w_y, w_b·B): w·x̃ = W[0]x + W[1]y + W[2].
	W [3]float64
	// Level is the value of w·x̃ on the line: 0 for the boundary, ±1 for a
	// binary model's margins.
	Level         float64
	Solid, Dashed []Segment
}

// ammOf returns the AMM behind l: l itself, or what its AMM method returns
// (ui/sim's two-class wrapper for the binary task).
func ammOf(l learn.Learner) *learn.AMM {
	switch a := l.(type) {
	case *learn.AMM:
		return a
	case interface{ AMM() *learn.AMM }:
		return a.AMM()
	}
	return nil
}

// hyperplaneSteps is the number of pieces a hyperplane's line is cut into
// to find where it wins its class (a piece takes the status of its
// midpoint): 1/256 of the line's length in the viewport.
const hyperplaneSteps = 256

// Hyperplanes returns the lines of a linear model on 2D inputs within view,
// appended to dst (nil for other learners):
//
//   - a [learn.LinearModel] (Pegasos, DCD, RES, SGD): f(x) = w·x̃ = 0 and
//     the margins f = ±margin, Class −1, all solid;
//   - an AMM (or a wrapper with an AMM() method): β_{y,k}ᵀx̃ = 0 for every
//     hyperplane k of every class y, Class y, solid where (y, k) is the
//     argmax over k' of β_{y,k'}ᵀx̃ (the piece of s_y(x) = max_k β_{y,k}ᵀx̃
//     in force there), dashed elsewhere. A zero hyperplane has no line.
//
// Lines that miss the viewport are left out.
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
				dst = append(dst, HyperLine{Class: -1, W: h, Level: lv, Solid: []Segment{s}})
			}
		}
		return dst
	}
	a := ammOf(l)
	if a == nil {
		return dst
	}
	st := a.Settings()
	p := 2
	if st.Bias > 0 {
		p = 3
	}
	buf := make([]float64, p)
	var planes [][3]float64
	var own []int // class of each plane
	first := make([]int, st.Classes+1)
	for y := range st.Classes {
		first[y] = len(planes)
		for k := range a.Hyperplanes(y) {
			beta := a.Hyperplane(buf, y, k)
			if len(beta) != p {
				return dst // not a 2D machine
			}
			h := [3]float64{beta[0], beta[1], 0}
			if p == 3 {
				h[2] = beta[2] * st.Bias
			}
			planes = append(planes, h)
			own = append(own, y)
		}
	}
	first[st.Classes] = len(planes)
	for i, h := range planes {
		y := own[i]
		s, ok := LineIn(h[0], h[1], -h[2], view)
		if !ok {
			continue
		}
		hl := HyperLine{Class: y, Index: i - first[y], W: h}
		// Walk the line, splitting where the winner of class y changes.
		var start [2]float64
		win := false
		for j := 0; j <= hyperplaneSteps; j++ {
			u := float64(j) / hyperplaneSteps
			x, yy := s.X0+u*(s.X1-s.X0), s.Y0+u*(s.Y1-s.Y0)
			w := false
			if j < hyperplaneSteps {
				m := (float64(j) + 0.5) / hyperplaneSteps
				mx, my := s.X0+m*(s.X1-s.X0), s.Y0+m*(s.Y1-s.Y0)
				w = true
				own := h[0]*mx + h[1]*my + h[2]
				for q := first[y]; q < first[y+1]; q++ {
					if q != i && planes[q][0]*mx+planes[q][1]*my+planes[q][2] > own {
						w = false
						break
					}
				}
			}
			if j == 0 {
				start, win = [2]float64{x, yy}, w
				continue
			}
			if j == hyperplaneSteps || w != win {
				seg := Segment{X0: start[0], Y0: start[1], X1: x, Y1: yy}
				if win {
					hl.Solid = append(hl.Solid, seg)
				} else {
					hl.Dashed = append(hl.Dashed, seg)
				}
				start, win = [2]float64{x, yy}, w
			}
		}
		dst = append(dst, hl)
	}
	return dst
}
