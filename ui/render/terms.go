package render

import (
	"math"

	"kernelplay/core/learn"
)

// SupportVector is one term of a kernel expansion as the plot draws it.
type SupportVector struct {
	// X, Y is the support vector x_i in input coordinates; for 1D inputs X
	// is x_i and Y is NaN (draw it on the fitted curve).
	X, Y float64
	// Alpha is the term's coefficient of largest magnitude (binary,
	// novelty, regression: α_i itself); draw the marker with size ∝ |Alpha|.
	Alpha float64
	// Class is the class the term votes for: binary 1 for α > 0 (label
	// +1), 0 otherwise; multiclass the label with the largest α_iy.
	Class int
	// Next marks the term the buffer evicts next.
	Next bool
}

// SupportVectors appends the terms of t (oldest first) to dst.
func SupportVectors(dst []SupportVector, t Terms) []SupportVector {
	a := make([]float64, t.Labels())
	next := t.NextEvicted()
	for i := range t.Len() {
		x := t.X(i)
		t.Alpha(a, i)
		sv := SupportVector{X: x[0], Y: math.NaN(), Next: i == next}
		if len(x) > 1 {
			sv.Y = x[1]
		}
		if len(a) == 1 {
			sv.Alpha = a[0]
			if a[0] > 0 {
				sv.Class = 1
			}
		} else {
			big := 0
			for y := range a {
				if a[y] > a[big] {
					big = y
				}
				if math.Abs(a[y]) > math.Abs(sv.Alpha) {
					sv.Alpha = a[y]
				}
			}
			sv.Class = big
		}
		dst = append(dst, sv)
	}
	return dst
}

// Bar is one bar of the buffer panel, in pixels: from (X0, Y0) on the
// baseline to (X1, Y1); Y1 < Y0 for a positive coefficient.
type Bar struct {
	X0, Y0, X1, Y1 float64
	// Alpha and Class are as in [SupportVector].
	Alpha float64
	Class int
	// Next marks the term the buffer evicts next.
	Next bool
}

// BufferBars lays out one bar per term of t, oldest at the left, in a
// width×height panel with Cap() slots (empty slots stay blank on the right)
// and the baseline in the middle; bar heights are α/max|α| of the half
// height. It returns the bars appended to dst.
func BufferBars(dst []Bar, t Terms, width, height float64) []Bar {
	svs := SupportVectors(nil, t)
	m := 0.0
	for _, sv := range svs {
		m = max(m, math.Abs(sv.Alpha))
	}
	slot := width / float64(max(1, t.Cap()))
	base := height / 2
	for i, sv := range svs {
		h := 0.0
		if m > 0 {
			h = sv.Alpha / m * base
		}
		dst = append(dst, Bar{
			X0: float64(i) * slot, X1: float64(i+1) * slot,
			Y0: base, Y1: base - h,
			Alpha: sv.Alpha, Class: sv.Class, Next: sv.Next,
		})
	}
	return dst
}

// ModelTerms returns the expansion of l if it is a [learn.KernelModel], and
// nil otherwise (nil Terms are valid for nothing: check before use).
func ModelTerms(l learn.Learner) Terms {
	if km, ok := l.(learn.KernelModel); ok {
		return km.Expansion()
	}
	return nil
}

// Curve samples a 1D learner's prediction at n points evenly spaced over
// [x0, x1] and returns them as xs, ys in input coordinates (for the
// regression plot's fitted curve; add ±ε for the tube).
func Curve(l learn.Learner, x0, x1 float64, n int) (xs, ys []float64) {
	xs, ys = make([]float64, n), make([]float64, n)
	in, out := make([]float64, 1), make([]float64, 1)
	for i := range n {
		x := x0
		if n > 1 {
			x = x0 + float64(i)*(x1-x0)/float64(n-1)
		}
		in[0] = x
		xs[i], ys[i] = x, l.Scores(out, in)[0]
	}
	return xs, ys
}
