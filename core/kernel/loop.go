package kernel

// dotsLoop computes dst[i] = ⟨x, rows[i·d:(i+1)·d]⟩ with four independent
// accumulators (they break the add dependency chain; under wasm this is
// several times faster than gonum's pure-Go Gemv). Used by [Dots] under
// GOARCH=wasm. len(rows) ≥ len(dst)·len(x).
func dotsLoop(dst, x, rows []float64) {
	d := len(x)
	for i := range dst {
		r := rows[i*d : i*d+d]
		r = r[:len(x)] // lets the compiler drop the bounds checks on r[j]
		var s0, s1, s2, s3 float64
		j := 0
		for ; j+4 <= len(x); j += 4 {
			s0 += x[j] * r[j]
			s1 += x[j+1] * r[j+1]
			s2 += x[j+2] * r[j+2]
			s3 += x[j+3] * r[j+3]
		}
		for ; j < len(x); j++ {
			s0 += x[j] * r[j]
		}
		dst[i] = (s0 + s1) + (s2 + s3)
	}
}
