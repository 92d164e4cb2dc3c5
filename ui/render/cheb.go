package render

import (
	"math"

	"gonum.org/v1/gonum/floats"
)

// Chebyshev compression of the Gaussian field (used when the kernel is wide
// compared with the grid): as a function of the term's coordinate x on the
// data interval [−1, 1], the factor e^{−γ(g − x)²} is an entire function of
// x and is interpolated to 1e-13 by r ≪ G Chebyshev points x̂_l,
//
//	e^{−γ(g − x)²} ≈ Σ_l L_l(x)·e^{−γ(g − x̂_l)²}
//
// with the Lagrange basis L_l (barycentric form, Berrut & Trefethen 2004,
// "Barycentric Lagrange interpolation", SIAM Review 46(3), eq. 4.2 with the
// second-kind Chebyshev weights). Then
//
//	F(g_x, g_y) = Σ_j α_j e^{−γ(g_x − x_j)²} e^{−γ(g_y − y_j)²}
//	            ≈ Σ_{l,l'} Φ_y[l](g_y) · C[l][l'] · Φ_x[l'](g_x),
//	C[l][l'] = Σ_j α_j L_l(y_j) L_l'(x_j),  Φ[l](g) = e^{−γ(g − x̂_l)²},
//
// so a frame costs O(n·r²) for C plus O(G²·r) for F, whatever the number of
// terms that changed — the kernel-independent fast multipole idea of Fong
// & Darve 2009 ("The black-box fast multipole method", J. Comput. Phys.
// 228) reduced to one cell.

// chebTol is the largest interpolation error of the 1D factor (whose
// maximum is 1) accepted when choosing the number of points.
const chebTol = 1e-13

// chebDomain is the interval of term coordinates the interpolation covers:
// the playground's data square. Terms outside it fall back to the direct
// path.
const chebLo, chebHi = -1.0, 1.0

// chebNodes returns the r second-kind Chebyshev points cos(πl/(r−1)) mapped
// to [chebLo, chebHi], and their barycentric weights (−1)^l, halved at
// both ends.
func chebNodes(r int) (nodes, weights []float64) {
	nodes, weights = make([]float64, r), make([]float64, r)
	mid, half := (chebLo+chebHi)/2, (chebHi-chebLo)/2
	for l := range r {
		nodes[l] = mid + half*math.Cos(math.Pi*float64(l)/float64(r-1))
		weights[l] = 1
		if l%2 == 1 {
			weights[l] = -1
		}
		if l == 0 || l == r-1 {
			weights[l] /= 2
		}
	}
	return nodes, weights
}

// lagrange writes L_l(x) for every node into dst.
func lagrange(dst, nodes, weights []float64, x float64) {
	sum := 0.0
	for l, xl := range nodes {
		d := x - xl
		if d == 0 {
			clear(dst)
			dst[l] = 1
			return
		}
		dst[l] = weights[l] / d
		sum += dst[l]
	}
	for l := range dst {
		dst[l] /= sum
	}
}

// chebLadder are the numbers of points chebPoints chooses from.
var chebLadder = []int{6, 8, 10, 12, 14, 16, 20, 24, 28, 32, 40, 48, 56, 64, 80, 96, 112, 128}

// chebPoints returns the smallest number of points of chebLadder, up to
// maxR, whose interpolant of e^{−γ(g − x)²} errs by at most chebTol at 66
// test points x of the domain and 64 points g spread over the range of gs,
// or 0 if none does. The error decreases with r, so it bisects the ladder:
// about 5 checks of 4,224·r operations (TestChebPoints checks the choice at
// random points).
func chebPoints(gamma float64, gs []float64, maxR int) int {
	const tests, probes = 64, 64
	xs := make([]float64, 0, tests+2)
	xs = append(xs, chebLo, chebHi)
	for i := range tests {
		xs = append(xs, chebLo+(chebHi-chebLo)*(float64(i)+0.37)/tests)
	}
	lo, hi := gs[0], gs[0]
	for _, g := range gs {
		lo, hi = min(lo, g), max(hi, g)
	}
	ps := make([]float64, probes)
	for i := range ps {
		ps[i] = lo + (hi-lo)*float64(i)/(probes-1)
	}
	ok := func(r int) bool {
		nodes, weights := chebNodes(r)
		phi := make([]float64, len(ps)*r) // row i: Φ[·](g_i)
		for i, g := range ps {
			for l, xl := range nodes {
				d := g - xl
				phi[i*r+l] = math.Exp(-gamma * d * d)
			}
		}
		L := make([]float64, r)
		for _, x := range xs {
			lagrange(L, nodes, weights, x)
			for i, g := range ps {
				v := 0.0
				for l, p := range phi[i*r : (i+1)*r] {
					v += L[l] * p
				}
				d := g - x
				if math.Abs(v-math.Exp(-gamma*d*d)) > chebTol {
					return false
				}
			}
		}
		return true
	}
	n := 0 // usable ladder entries
	for n < len(chebLadder) && chebLadder[n] <= maxR {
		n++
	}
	// Smallest i < n with ok(chebLadder[i]).
	i, j := 0, n
	for i < j {
		h := (i + j) / 2
		if ok(chebLadder[h]) {
			j = h
		} else {
			i = h + 1
		}
	}
	if i == n {
		return 0
	}
	return chebLadder[i]
}

// chebField holds the interpolation for one grid and width γ.
type chebField struct {
	r              int
	nodes, weights []float64
	phix, phiyT    []float64 // r×G: Φ_x row-major; G×r: Φ_y transposed
	c              []float64 // k planes of r×r
	t              []float64 // r×G scratch: C·Φ_x
	lxs, lys       []float64 // n×r scratch: Lagrange weights of the terms
	alphas, wly    []float64 // scratch
	pack           []float64
}

// setup prepares r points for grid coordinates gx, gy and width γ.
func (c *chebField) setup(r int, gamma float64, gx, gy []float64, k int) {
	g := len(gx)
	c.r = r
	c.nodes, c.weights = chebNodes(r)
	c.phix = make([]float64, r*g)
	c.phiyT = make([]float64, g*r)
	for l, xl := range c.nodes {
		for i := range g {
			dx, dy := gx[i]-xl, gy[i]-xl
			c.phix[l*g+i] = math.Exp(-gamma * dx * dx)
			c.phiyT[i*r+l] = math.Exp(-gamma * dy * dy)
		}
	}
	c.c = make([]float64, k*r*r)
	c.t = make([]float64, r*g)
}

// inDomain reports whether every term's coordinates lie in the domain.
func inDomain(t Terms) bool {
	for i := range t.Len() {
		x := t.X(i)
		if !(x[0] >= chebLo && x[0] <= chebHi && x[1] >= chebLo && x[1] <= chebHi) {
			return false
		}
	}
	return true
}

// compute sets the k planes of f (g×g each) from every term of t: per
// label, C = (L_y·diag(α))ᵀ·L_x, T = C·Φ_x, F = Φ_yᵀ·T, the three products
// by the register-blocked [rankUpdate].
func (c *chebField) compute(f []float64, g, k int, t Terms, a []float64) {
	r, n := c.r, t.Len()
	c.lxs = grow(c.lxs, n*r)       // n×r: L_x(x_j)
	c.lys = grow(c.lys, n*r)       // n×r: L_y(y_j)
	c.alphas = grow(c.alphas, n*k) // n×k
	for i := range n {
		x := t.X(i)
		copy(c.alphas[i*k:(i+1)*k], t.Alpha(a, i))
		lagrange(c.lxs[i*r:(i+1)*r], c.nodes, c.weights, x[0])
		lagrange(c.lys[i*r:(i+1)*r], c.nodes, c.weights, x[1])
	}
	c.wly = grow(c.wly, r*n) // r×n: α_j·L_y,l(y_j), transposed
	for y := range k {
		for j := range n {
			w := c.alphas[j*k+y]
			for l, v := range c.lys[j*r : (j+1)*r] {
				c.wly[l*n+j] = w * v
			}
		}
		cy := c.c[y*r*r : (y+1)*r*r]
		clear(cy)
		if n > 0 {
			rankUpdate(cy, r, c.wly[:r*n], c.lxs[:n*r], n, &c.pack)
		}
		// T = C·Φ_x (r×G): rows of Φ_x scaled and summed.
		clear(c.t)
		for l := range r {
			trow := c.t[l*g : (l+1)*g]
			for m := range r {
				if v := cy[l*r+m]; v != 0 {
					floats.AddScaled(trow, v, c.phix[m*g:(m+1)*g])
				}
			}
		}
		plane := f[y*g*g : (y+1)*g*g]
		clear(plane)
		rankUpdate(plane, g, c.phiyT, c.t, r, &c.pack)
	}
}
