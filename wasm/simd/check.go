package simd

import (
	"fmt"
	"math"
	"math/rand/v2"

	"kernelplay/core/kernel"
)

// Report is what [Check] found: the number of results compared, how many
// differed, and the first difference.
type Report struct {
	Cases      int
	NaNs       int // cases whose both results were NaN
	Infs       int // cases whose both results were ±Inf
	Mismatches int
	First      string // "" when none
}

// Check compares dots with kernel.DotsGo and lane with kernel.ColumnLaneGo,
// bit for bit (two NaNs count as equal: WebAssembly leaves a NaN's payload
// and sign unspecified), on random inputs drawn from the seed: dense rows
// of d = 8, 9, 15, 16, 17, 255, 256, 784 (below, at and above the eight
// lanes; a 16×16 and an MNIST image) and 1 to 600 rows, and feature-major
// lanes of 1 to 600 slots and 0 to 200 terms. The entries mix ordinary
// numbers with ±0, subnormals, wide magnitudes and huge values
// ([awkward]); about half of the slices start 8 bytes past a 16-byte
// boundary. Either function may be nil (not checked).
func Check(seed uint64, dots func(dst, x, rows []float64), lane func(dst, cols []float64, offs []int, vals []float64)) Report {
	r := rand.New(rand.NewPCG(seed, 13))
	var rep Report
	compare := func(what string, got, want []float64) {
		for i := range want {
			rep.Cases++
			g, w := got[i], want[i]
			switch {
			case math.IsNaN(g) && math.IsNaN(w):
				rep.NaNs++
				continue
			case math.Float64bits(g) == math.Float64bits(w):
				if math.IsInf(g, 0) {
					rep.Infs++
				}
				continue
			}
			rep.Mismatches++
			if rep.First == "" {
				rep.First = fmt.Sprintf("%s [%d]: got %v (%#016x), want %v (%#016x)",
					what, i, g, math.Float64bits(g), w, math.Float64bits(w))
			}
		}
	}
	if dots != nil {
		for _, d := range []int{8, 9, 15, 16, 17, 255, 256, 784} {
			for _, n := range []int{1, 2, 3, 7, 8, 9, 31, 64, 100, 255, 511, 512, 600} {
				x, rows := awkward(r, d), awkward(r, n*d)
				got, want := make([]float64, n), make([]float64, n)
				dots(got, x, rows)
				kernel.DotsGo(want, x, rows)
				compare(fmt.Sprintf("dots n=%d d=%d", n, d), got, want)
			}
		}
	}
	if lane != nil {
		for _, m := range []int{1, 7, 8, 9, 15, 16, 17, 100, 512, 600} {
			for _, nnz := range []int{0, 1, 2, 7, 50, 200} {
				dim, capacity := 256, m+r.IntN(9)
				cols := awkward(r, dim*capacity)
				offs, vals := make([]int, nnz), awkward(r, nnz)
				for k := range offs {
					offs[k] = r.IntN(dim)*capacity + r.IntN(capacity-m+1)
				}
				got, want := make([]float64, m), make([]float64, m)
				lane(got, cols, offs, vals)
				kernel.ColumnLaneGo(want, cols, offs, vals)
				compare(fmt.Sprintf("lane m=%d nnz=%d", m, nnz), got, want)
			}
		}
	}
	return rep
}

// awkward returns n numbers: mostly uniform in [−1, 1); 3% each ±0 and
// subnormals, 10% of a random magnitude between 2⁻⁶⁰ and 2⁶⁰, and one in a
// thousand huge (about ±1e300, whose products with the large ones
// overflow to ±Inf and whose sums can then be NaN); on a coin's toss it
// starts one float64 into a larger slice, so that its address is 8 mod 16.
func awkward(r *rand.Rand, n int) []float64 {
	skip := r.IntN(2)
	v := make([]float64, n+skip)[skip:]
	for i := range v {
		sign := float64(2*r.IntN(2) - 1)
		switch k := r.IntN(1000); {
		case k < 30:
			v[i] = math.Copysign(0, sign)
		case k < 60:
			v[i] = sign * math.Float64frombits(1+r.Uint64N(1<<52-1)) // subnormal
		case k < 160:
			v[i] = sign * math.Ldexp(1+r.Float64(), r.IntN(121)-60)
		case k < 161:
			v[i] = sign * 1e300 * (1 + r.Float64())
		default:
			v[i] = 2*r.Float64() - 1
		}
	}
	return v
}
