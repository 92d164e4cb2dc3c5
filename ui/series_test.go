package ui

import (
	"math"
	"testing"
)

func TestSeriesYRange(t *testing.T) {
	cases := []struct {
		s      series
		lo, hi float64
		ok     bool
	}{
		// Log: whole decades around the positive values; zeros and NaN ignored.
		{series{Log: true, Y: []float64{0.03, 0.5, 0, math.NaN()}}, 0.01, 1, true},
		{series{Log: true, Y: []float64{1, 1}}, 1, 10, true},
		{series{Log: true, Y: []float64{0, -1}}, 0, 0, false},
		// Linear: include 0, 5% headroom.
		{series{Y: []float64{2, 4}}, 0, 4.2, true},
		{series{Y: []float64{0, 0}}, 0, 1.05, true},
		{series{Y: nil}, 0, 0, false},
	}
	for i, c := range cases {
		lo, hi, ok := c.s.yRange()
		if ok != c.ok || ok && (math.Abs(lo-c.lo) > 1e-12 || math.Abs(hi-c.hi) > 1e-12) {
			t.Errorf("case %d: yRange = %g, %g, %v; want %g, %g, %v", i, lo, hi, ok, c.lo, c.hi, c.ok)
		}
	}
}
