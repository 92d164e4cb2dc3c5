package render

import (
	"math"
	"strconv"
)

// Axis maps data values in [Min, Max] to pixels in [P0, P1] (P1 < P0 for
// a vertical axis that grows upwards), linearly or, when Log, linearly in
// log10 of the value (Min > 0), or, when SymLog, linearly in [Symlog] of
// the value (any sign).
type Axis struct {
	Min, Max float64
	P0, P1   float64
	Log      bool
	SymLog   bool
}

// Symlog is the symmetric log transform sign(v)·log10(1 + |v|): linear
// near 0 (slope 1/ln 10), logarithmic for |v| ≫ 1, odd and increasing, so
// a quantity of either sign spanning decades (a regret, which is negative
// on a drifting stream) reads on one axis. Symlog(0) = 0, Symlog(±9) = ±1,
// Symlog(±99) = ±2. NaN gives NaN.
func Symlog(v float64) float64 {
	if v < 0 {
		return -math.Log10(1 - v)
	}
	return math.Log10(1 + v)
}

// SymlogTicks returns the ticks of a symlog axis over [lo, hi]: 0 and
// ±10^e (e ≥ 0) inside the range, every stride-th power (stride ≥ 1;
// beyond 1, from ±10 on, without ±1, which crowd 0), labelled "0", "1", "10", "100", "1e3", "-10", …, all major.
func SymlogTicks(lo, hi float64, stride int) []Tick {
	if !(hi > lo) || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return nil
	}
	stride = max(1, stride)
	first := 0
	if stride > 1 {
		first = 1
	}
	var ticks []Tick
	top := int(math.Ceil(math.Log10(math.Max(math.Abs(lo), math.Abs(hi))+1))) + 1
	for e := top; e >= first; e-- {
		if v := -math.Pow(10, float64(e)); (e-first)%stride == 0 && v >= lo {
			ticks = append(ticks, Tick{Value: v, Label: "-" + logLabel(1, e), Major: true})
		}
	}
	if lo <= 0 && hi >= 0 {
		ticks = append(ticks, Tick{Value: 0, Label: "0", Major: true})
	}
	for e := first; e <= top; e++ {
		if v := math.Pow(10, float64(e)); (e-first)%stride == 0 && v <= hi {
			ticks = append(ticks, Tick{Value: v, Label: logLabel(1, e), Major: true})
		}
	}
	return ticks
}

// Pixel returns the pixel coordinate of v, NaN when v is NaN or, on a log
// axis, not positive. Values outside [Min, Max] extrapolate.
func (a Axis) Pixel(v float64) float64 {
	lo, hi := a.Min, a.Max
	if a.SymLog {
		v, lo, hi = Symlog(v), Symlog(lo), Symlog(hi)
	}
	if a.Log {
		if !(v > 0) {
			return math.NaN()
		}
		v, lo, hi = math.Log10(v), math.Log10(lo), math.Log10(hi)
	}
	if hi == lo {
		return (a.P0 + a.P1) / 2
	}
	return a.P0 + (v-lo)/(hi-lo)*(a.P1-a.P0)
}

// Tick is one axis tick: its value, its label ("" for minor ticks) and
// whether it is major (a labelled decade or nice number).
type Tick struct {
	Value float64
	Label string
	Major bool
}

// LogTicks returns the ticks of a log axis over [lo, hi] (0 < lo ≤ hi):
// 1, 2 and 5 times every power of ten inside the range, the powers of ten
// major and labelled ("1e-3", "0.01", "0.1", "1", "10", "100", "1e3"), 2
// and 5 labelled too when the range spans at most two decades. It returns
// nil for an empty or non-positive range.
func LogTicks(lo, hi float64) []Tick {
	if !(lo > 0) || !(hi >= lo) || math.IsInf(hi, 0) {
		return nil
	}
	e0 := int(math.Floor(math.Log10(lo)))
	e1 := int(math.Ceil(math.Log10(hi)))
	few := e1-e0 <= 2
	var ticks []Tick
	for e := e0; e <= e1; e++ {
		p := math.Pow(10, float64(e))
		for _, m := range []float64{1, 2, 5} {
			v := m * p
			// Tolerate rounding of the range ends.
			if v < lo*(1-1e-12) || v > hi*(1+1e-12) {
				continue
			}
			t := Tick{Value: v, Major: m == 1}
			if m == 1 || few {
				t.Label = logLabel(m, e)
			}
			ticks = append(ticks, t)
		}
	}
	return ticks
}

// logLabel formats m·10^e compactly: plain decimals from 0.01 to 100,
// otherwise "me±e".
func logLabel(m float64, e int) string {
	if e >= -2 && e <= 2 {
		return strconv.FormatFloat(m*math.Pow(10, float64(e)), 'f', max(0, -e), 64)
	}
	return strconv.Itoa(int(m)) + "e" + strconv.Itoa(e)
}

// LinearTicks returns about n (≥ 2; between n/2 and 2n) evenly spaced ticks over [lo, hi] at a
// step of 1, 2 or 5 times a power of ten, all major and labelled with just
// enough decimals. It returns nil for an empty or non-finite range.
func LinearTicks(lo, hi float64, n int) []Tick {
	if !(hi > lo) || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return nil
	}
	n = max(2, n)
	raw := (hi - lo) / float64(n)
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	// The step 1, 2, 5 or 10 times p nearest to raw in ratio.
	step := p
	for _, m := range []float64{2, 5, 10} {
		if math.Abs(math.Log(m*p/raw)) < math.Abs(math.Log(step/raw)) {
			step = m * p
		}
	}
	decimals := max(0, -int(math.Floor(math.Log10(step)+1e-9)))
	var ticks []Tick
	for i := math.Ceil(lo/step - 1e-9); i*step <= hi+step*1e-9; i++ {
		v := i * step
		if v == 0 {
			v = 0 // no −0
		}
		ticks = append(ticks, Tick{Value: v, Label: strconv.FormatFloat(v, 'f', decimals, 64), Major: true})
	}
	return ticks
}

// Polyline maps the points (xs[i], ys[i]) through the axes into a flat
// slice of pixel coordinates x0, y0, x1, y1, … appended to dst. Points
// whose pixel is NaN (NaN values, non-positive values on a log axis) are
// dropped. It panics if len(xs) ≠ len(ys).
func Polyline(dst, xs, ys []float64, ax, ay Axis) []float64 {
	if len(xs) != len(ys) {
		panic("render: Polyline: len(xs) ≠ len(ys)")
	}
	for i := range xs {
		px, py := ax.Pixel(xs[i]), ay.Pixel(ys[i])
		if math.IsNaN(px) || math.IsNaN(py) {
			continue
		}
		dst = append(dst, px, py)
	}
	return dst
}

// Downsample reduces the series (xs[i], ys[i]) (xs increasing) to at most
// about 2·buckets points for drawing: the x range is cut into buckets of
// equal width and each non-empty bucket keeps its minimum and maximum y, in
// their original order, so spikes survive. Series of at most 2·buckets
// points are returned unchanged (copied). NaN values of y are kept only if
// a bucket holds nothing else. It panics if len(xs) ≠ len(ys) or buckets < 1.
func Downsample(xs, ys []float64, buckets int) (ox, oy []float64) {
	if len(xs) != len(ys) || buckets < 1 {
		panic("render: Downsample: bad arguments")
	}
	return downsampleInto(nil, nil, xs, ys, buckets)
}

// downsampleInto is [Downsample] appending to ox and oy.
func downsampleInto(ox, oy, xs, ys []float64, buckets int) ([]float64, []float64) {
	if len(xs) != len(ys) || buckets < 1 {
		panic("render: Downsample: bad arguments")
	}
	if len(xs) <= 2*buckets {
		return append(ox, xs...), append(oy, ys...)
	}
	lo, hi := xs[0], xs[len(xs)-1]
	w := (hi - lo) / float64(buckets)
	i := 0
	for b := 0; b < buckets && i < len(xs); b++ {
		end := lo + float64(b+1)*w
		imin, imax := -1, -1
		j := i
		for ; j < len(xs) && (xs[j] <= end || b == buckets-1); j++ {
			y := ys[j]
			if math.IsNaN(y) {
				continue
			}
			if imin < 0 || y < ys[imin] {
				imin = j
			}
			if imax < 0 || y > ys[imax] {
				imax = j
			}
		}
		if j == i {
			continue
		}
		if imin < 0 {
			imin, imax = i, i
		}
		first, second := min(imin, imax), max(imin, imax)
		ox, oy = append(ox, xs[first]), append(oy, ys[first])
		if second != first {
			ox, oy = append(ox, xs[second]), append(oy, ys[second])
		}
		i = j
	}
	return ox, oy
}
