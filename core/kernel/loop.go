package kernel

// dotsLoop computes dst[i] = ⟨x, rows[i·d:(i+1)·d]⟩ with eight independent
// accumulators, advancing both slices by re-slicing so that the compiler
// drops the bounds checks. Under GOARCH=wasm this beats gonum's pure-Go Gemv
// and the plain or 4-accumulator loops (measured under Node: at d = 784 about
// 1.7× faster than 4 accumulators and 2.7× faster than one accumulator).
// Used by [Dots] under GOARCH=wasm. len(rows) ≥ len(dst)·len(x).
func dotsLoop(dst, x, rows []float64) {
	d := len(x)
	switch {
	case d == 2:
		// The 2D playground: ~5× faster under wasm than the general loop.
		x0, x1 := x[0], x[1]
		rows = rows[:2*len(dst)]
		for i := range dst {
			r := rows[2*i : 2*i+2 : 2*i+2]
			dst[i] = x0*r[0] + x1*r[1]
		}
		return
	case d < 8:
		// Too short for the unrolled loop: one accumulator.
		for i := range dst {
			r := rows[i*d : i*d+d]
			var s float64
			for j, v := range x {
				s += v * r[j]
			}
			dst[i] = s
		}
		return
	}
	for i := range dst {
		rs, xs := rows[i*d:i*d+d], x
		var s0, s1, s2, s3, s4, s5, s6, s7 float64
		for len(xs) >= 8 && len(rs) >= 8 {
			s0 += xs[0] * rs[0]
			s1 += xs[1] * rs[1]
			s2 += xs[2] * rs[2]
			s3 += xs[3] * rs[3]
			s4 += xs[4] * rs[4]
			s5 += xs[5] * rs[5]
			s6 += xs[6] * rs[6]
			s7 += xs[7] * rs[7]
			xs, rs = xs[8:], rs[8:]
		}
		for j, v := range xs {
			s0 += v * rs[j]
		}
		dst[i] = ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7))
	}
}
