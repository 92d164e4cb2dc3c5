package ui

import "math"

// series is one chart: a name, a colour, a scale and the points (x = t).
type series struct {
	Name  string
	Color string
	Log   bool
	X, Y  []float64
}

// yRange returns the y range to draw: the data's range (positive values
// only on a log scale), widened to a whole decade span on log scales and to
// include 0 on linear ones. ok is false when there is nothing to draw.
func (s series) yRange() (lo, hi float64, ok bool) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, v := range s.Y {
		if math.IsNaN(v) || math.IsInf(v, 0) || (s.Log && v <= 0) {
			continue
		}
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	if lo > hi {
		return 0, 0, false
	}
	if s.Log {
		lo = math.Pow(10, math.Floor(math.Log10(lo)))
		hi = math.Pow(10, math.Ceil(math.Log10(hi)))
		if hi <= lo {
			hi = lo * 10
		}
		return lo, hi, true
	}
	lo, hi = math.Min(lo, 0), math.Max(hi, 0)
	if hi == lo {
		hi = lo + 1
	}
	return lo, hi * 1.05, true
}
