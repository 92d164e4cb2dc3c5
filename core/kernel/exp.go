package kernel

import "math"

// Constants of Go's pure-Go math.Exp (src/math/exp.go, after FreeBSD's
// e_exp.c): the split of ln 2 and the minimax polynomial on [−ln2/2, ln2/2].
const (
	expLn2Hi = 6.93147180369123816490e-01
	expLn2Lo = 1.90821492927058770002e-10
	expLog2e = 1.44269504088896338700e+00
	expP1    = 1.66666666666666657415e-01
	expP2    = -2.77777777770155933842e-03
	expP3    = 6.61375632143793436117e-05
	expP4    = -1.65339022054652515390e-06
	expP5    = 4.13813679705723846039e-08
	// expMin bounds the fast path: below it 2^k would leave the normal range.
	expMin = -708
	// expNearZero is where math.Exp returns 1 + x.
	expNearZero = -1.0 / (1 << 28)
)

// expNeg returns e^x for x ≤ 0: the algorithm of Go's pure-Go math.Exp, with
// the same result bit for bit, but in one call-free function (math.Exp calls
// exp, expmulti and Ldexp). Under GOARCH=wasm, where Go calls are expensive
// and math.Exp has no assembly, it is about 2× faster; it backs the Gaussian
// and Laplacian rows there. Arguments outside [−708, −2⁻²⁸] go to math.Exp.
func expNeg(x float64) float64 {
	if !(x > expMin) || x > expNearZero {
		return math.Exp(x)
	}
	k := int(expLog2e*x - 0.5)
	hi := x - float64(k)*expLn2Hi
	lo := float64(k) * expLn2Lo
	r := hi - lo
	t := r * r
	c := r - t*(expP1+t*(expP2+t*(expP3+t*(expP4+t*expP5))))
	y := 1 - ((lo - (r*c)/(2-c)) - hi)
	// y·2^k is exact: k ≥ −1022 keeps 2^k and the product normal.
	return y * math.Float64frombits(uint64(1023+k)<<52)
}

// gaussMapInline maps inner products to Gaussian kernel values in place,
// dst[i] = e^{g·‖x − z_i‖²} with ‖x − z_i‖² = xx + norms[i] − 2·dst[i] and
// g = −γ ≤ 0, computing [expNeg] inline: under wasm a call per element costs
// as much as the exponential itself (measured ~10 vs ~28 ns/element under
// Node; math.Exp ~60). Results equal math.Exp's pure-Go algorithm bit for bit.
func gaussMapInline(dst, norms []float64, xx, g float64) {
	norms = norms[:len(dst)]
	for i, dot := range dst {
		x := g * sqDist(dot, xx, norms[i])
		if !(x > expMin) || x > expNearZero {
			dst[i] = math.Exp(x)
			continue
		}
		k := int(expLog2e*x - 0.5)
		hi := x - float64(k)*expLn2Hi
		lo := float64(k) * expLn2Lo
		r := hi - lo
		t := r * r
		c := r - t*(expP1+t*(expP2+t*(expP3+t*(expP4+t*expP5))))
		y := 1 - ((lo - (r*c)/(2-c)) - hi)
		dst[i] = y * math.Float64frombits(uint64(1023+k)<<52)
	}
}

// gaussMapStd is gaussMapInline with math.Exp (the native choice: math.Exp
// has assembly on amd64).
func gaussMapStd(dst, norms []float64, xx, g float64) {
	norms = norms[:len(dst)]
	for i, dot := range dst {
		dst[i] = math.Exp(g * sqDist(dot, xx, norms[i]))
	}
}
