//go:build wasm

package kernel

// dots computes dst = rows·x with a plain loop of four independent
// accumulators: under GOARCH=wasm gonum's BLAS has no assembly and this loop
// is several times faster than blas64.Gemv (see BenchmarkRow).
// len(rows) == len(dst)·len(x), both non-zero.
func dots(dst, x, rows []float64) {
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
