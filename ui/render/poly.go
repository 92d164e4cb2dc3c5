package render

import (
	"math"

	"gonum.org/v1/gonum/floats"

	"kernelplay/core/kernel"
)

// polyField computes the surface of a polynomial (or linear) kernel
// expansion exactly, by expanding it into monomials of the grid
// coordinates: with a = Scale, c = Constant, p = Degree and m = p − j − l,
//
//	(a⟨x_i, g⟩ + c)^p = Σ_{j+l ≤ p} p!/(j! l! m!) · a^{j+l} x_i1^j x_i2^l c^m · g_x^j g_y^l
//
// (the multinomial theorem), so f(g) = Σ_{l,j} g_y^l C[l][j] g_x^j with
// C[l][j] = Σ_i α_i p!/(j! l! m!) a^{j+l} x_i1^j x_i2^l c^m. A frame costs
// O(n·p²) for C plus O(G²·p) for F, like the Chebyshev path. The linear
// kernel is p = 1, a = 1, c = 0.
type polyField struct {
	g          int
	p          int
	scale, off float64
	vx, vyT    []float64 // (p+1)×G powers g_x^j; G×(p+1) powers g_y^l
	c, t       []float64 // (p+1)², (p+1)×G
	coef       []float64 // (p+1)²: p!/(j! l! m!)·a^{j+l}·c^m, 0 where j + l > p
	pack       []float64
	gx, gy     []float64
	a          []float64
	px, py     []float64 // p+1 scratch powers
}

// polyParams returns the degree, scale and offset of a polynomial or
// linear kernel, and false for other kernels.
func polyParams(k kernel.Kernel) (p int, a, c float64, ok bool) {
	switch k := k.(type) {
	case kernel.Linear:
		return 1, 1, 0, true
	case kernel.Polynomial:
		p, a = k.Degree, k.Scale
		if p == 0 {
			p = 2
		}
		if a == 0 {
			a = 1
		}
		return p, a, k.Constant, true
	}
	return 0, 0, 0, false
}

// setup prepares the powers for grid coordinates gx, gy.
func (f *polyField) setup(p int, a, c float64, gx, gy []float64, k int) {
	g, r := len(gx), p+1
	f.g, f.p, f.scale, f.off, f.gx, f.gy = g, p, a, c, gx, gy
	f.vx, f.vyT = make([]float64, r*g), make([]float64, g*r)
	for i := range g {
		vx, vy := 1.0, 1.0
		for j := range r {
			f.vx[j*g+i] = vx
			f.vyT[i*r+j] = vy
			vx *= gx[i]
			vy *= gy[i]
		}
	}
	f.c, f.t = make([]float64, r*r), make([]float64, r*g)
	f.coef = make([]float64, r*r)
	lf := func(n int) float64 { v, _ := math.Lgamma(float64(n) + 1); return v }
	for l := range r {
		for j := range r - l {
			m := p - j - l
			v := math.Exp(lf(p) - lf(j) - lf(l) - lf(m))
			v = math.Round(v) // multinomial coefficients are integers
			f.coef[l*r+j] = v * math.Pow(a, float64(j+l)) * math.Pow(c, float64(m))
		}
	}
	f.a = make([]float64, k)
	f.px, f.py = make([]float64, r), make([]float64, r)
}

// compute sets the k planes of out (g×g each) from every term of t.
func (f *polyField) compute(out []float64, k int, t Terms) {
	g, r := f.g, f.p+1
	for y := range k {
		clear(f.c)
		for i := range t.Len() {
			w := t.Alpha(f.a, i)[y]
			if w == 0 {
				continue
			}
			x := t.X(i)
			f.px[0], f.py[0] = 1, 1
			for j := 1; j < r; j++ {
				f.px[j] = f.px[j-1] * x[0]
				f.py[j] = f.py[j-1] * x[1]
			}
			for l := range r {
				wl := w * f.py[l]
				for j := range r - l {
					f.c[l*r+j] += wl * f.coef[l*r+j] * f.px[j]
				}
			}
		}
		clear(f.t)
		for l := range r {
			for j := range r - l {
				if v := f.c[l*r+j]; v != 0 {
					floats.AddScaled(f.t[l*g:(l+1)*g], v, f.vx[j*g:(j+1)*g])
				}
			}
		}
		plane := out[y*g*g : (y+1)*g*g]
		clear(plane)
		rankUpdate(plane, g, f.vyT, f.t, r, &f.pack)
	}
}
