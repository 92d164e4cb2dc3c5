package kernel

import (
	"errors"
	"fmt"
	"math"
	"strconv"
)

// Validator is implemented by every kernel of this package: Validate reports
// a parameter a user could have set badly (non-positive width, NaN, degree
// below 1, …) as an error. Kernels that pass Validate are positive definite
// and their FromDot never returns NaN for finite arguments.
type Validator interface {
	// Validate returns nil for usable parameters, else an error naming
	// the parameter (prefixed "kernel: ").
	Validate() error
}

// Compile-time checks that the input kernels satisfy the interfaces.
var (
	_ Kernel    = Gaussian{}
	_ Kernel    = Polynomial{}
	_ Kernel    = Linear{}
	_ Kernel    = Laplacian{}
	_ Validator = Gaussian{}
	_ Validator = Polynomial{}
	_ Validator = Linear{}
	_ Validator = Laplacian{}
)

// sqDist returns ‖x − z‖² = xx + zz − 2·dot, clamped at 0: rounding makes the
// expansion slightly negative for x ≈ z.
func sqDist(dot, xx, zz float64) float64 {
	d := xx + zz - 2*dot
	if d < 0 {
		return 0
	}
	return d
}

// fmtNum formats a parameter compactly for String.
func fmtNum(v float64) string { return strconv.FormatFloat(v, 'g', 4, 64) }

// Gaussian is the Gaussian RBF kernel (JMLR eq. 60)
//
//	k(x, x') = exp(−‖x − x'‖² / (2σ²)),
//
// computed from ⟨x, x'⟩ and the squared norms as ‖x − x'‖² = ‖x‖² + ‖x'‖² −
// 2⟨x, x'⟩ (clamped at 0). It factorises over coordinates,
// k(x, x') = Π_j exp(−(x_j − x'_j)²/(2σ²)), which renderers exploit on grids:
// detect it with a type assertion to Gaussian and use [Gaussian.Gamma].
type Gaussian struct {
	// Sigma is the width σ > 0, in the units of the inputs. Zero means σ = 1.
	Sigma float64
}

// GaussianGamma returns the Gaussian kernel exp(−γ‖x − x'‖²), that is σ =
// 1/√(2γ). γ ≤ 0 or NaN gives a Gaussian whose Validate returns an error.
func GaussianGamma(gamma float64) Gaussian {
	if !(gamma > 0) || math.IsInf(gamma, 1) {
		// σ = NaN is rejected by Validate (γ = +Inf would give σ = 0, which
		// would silently mean the default σ = 1).
		return Gaussian{Sigma: math.NaN()}
	}
	return Gaussian{Sigma: 1 / math.Sqrt(2*gamma)}
}

// sigma returns σ with the zero-value default applied.
func (g Gaussian) sigma() float64 {
	if g.Sigma == 0 {
		return 1
	}
	return g.Sigma
}

// Gamma returns γ = 1/(2σ²), so that k(x, x') = exp(−γ‖x − x'‖²).
func (g Gaussian) Gamma() float64 {
	s := g.sigma()
	return 1 / (2 * s * s)
}

// FromDot returns exp(−γ(xx + zz − 2·dot)) with γ = 1/(2σ²).
func (g Gaussian) FromDot(dot, xx, zz float64) float64 {
	return math.Exp(-g.Gamma() * sqDist(dot, xx, zz))
}

// String returns "gaussian(σ=…)".
func (g Gaussian) String() string { return "gaussian(σ=" + fmtNum(g.sigma()) + ")" }

// Validate returns an error unless σ is finite and positive (or zero, the
// default) and 1/(2σ²) is finite (σ above about 10⁻¹⁵⁴).
func (g Gaussian) Validate() error {
	if math.IsNaN(g.Sigma) || math.IsInf(g.Sigma, 0) || g.Sigma < 0 {
		return fmt.Errorf("kernel: gaussian width σ = %v must be a positive number", g.Sigma)
	}
	if s := g.sigma(); math.IsInf(1/(2*s*s), 0) {
		return fmt.Errorf("kernel: gaussian width σ = %v is too small", g.Sigma)
	}
	return nil
}

// Polynomial is the polynomial kernel
//
//	k(x, x') = (Scale·⟨x, x'⟩ + Constant)^Degree
//
// (the MNIST experiment of JMLR §6.3 uses degree 9). It is positive definite
// for Scale > 0, Constant ≥ 0 and integer Degree ≥ 1.
type Polynomial struct {
	// Scale multiplies the inner product; must be > 0. Zero means 1.
	Scale float64
	// Constant is added to the scaled inner product; must be ≥ 0. Zero is the
	// homogeneous polynomial kernel.
	Constant float64
	// Degree is the integer exponent ≥ 1. Zero means 2.
	Degree int
}

func (p Polynomial) scale() float64 {
	if p.Scale == 0 {
		return 1
	}
	return p.Scale
}

func (p Polynomial) degree() int {
	if p.Degree == 0 {
		return 2
	}
	return p.Degree
}

// ipow returns b^n for n ≥ 0 by repeated squaring (exact for small n, and
// several times faster than math.Pow).
func ipow(b float64, n int) float64 {
	r := 1.0
	for n > 0 {
		if n&1 == 1 {
			r *= b
		}
		b *= b
		n >>= 1
	}
	return r
}

// FromDot returns (Scale·dot + Constant)^Degree; xx and zz are unused.
func (p Polynomial) FromDot(dot, xx, zz float64) float64 {
	return ipow(p.scale()*dot+p.Constant, p.degree())
}

// String returns "polynomial(scale=…, constant=…, degree=…)".
func (p Polynomial) String() string {
	return "polynomial(scale=" + fmtNum(p.scale()) + ", constant=" + fmtNum(p.Constant) +
		", degree=" + strconv.Itoa(p.degree()) + ")"
}

// Validate returns an error if Scale is negative or not finite, Constant is
// negative or not finite, or Degree is negative (0 means the default 2) or
// above 64.
func (p Polynomial) Validate() error {
	if math.IsNaN(p.Scale) || math.IsInf(p.Scale, 0) || p.Scale < 0 {
		return fmt.Errorf("kernel: polynomial scale %v must be a positive number", p.Scale)
	}
	if math.IsNaN(p.Constant) || math.IsInf(p.Constant, 0) || p.Constant < 0 {
		return fmt.Errorf("kernel: polynomial constant %v must be a non-negative number", p.Constant)
	}
	if p.Degree < 0 || p.Degree > maxDegree {
		return fmt.Errorf("kernel: polynomial degree %d must be between 1 and %d", p.Degree, maxDegree)
	}
	return nil
}

// maxDegree bounds the polynomial degree: beyond it the kernel overflows
// float64 for any non-trivial input scale and nothing useful is learned.
const maxDegree = 64

// Linear is the linear kernel k(x, x') = ⟨x, x'⟩ (JMLR eq. 64). It has no
// parameters.
type Linear struct{}

// FromDot returns dot; xx and zz are unused.
func (Linear) FromDot(dot, xx, zz float64) float64 { return dot }

// String returns "linear".
func (Linear) String() string { return "linear" }

// Validate always returns nil.
func (Linear) Validate() error { return nil }

// Laplacian is the Laplacian (exponential) kernel with the Euclidean norm
//
//	k(x, x') = exp(−‖x − x'‖ / σ),
//
// a function of ⟨x, x'⟩ and the squared norms through ‖x − x'‖ =
// √(‖x‖² + ‖x'‖² − 2⟨x, x'⟩) (clamped at 0).
type Laplacian struct {
	// Sigma is the length scale σ > 0, in the units of the inputs. Zero
	// means σ = 1.
	Sigma float64
}

func (l Laplacian) sigma() float64 {
	if l.Sigma == 0 {
		return 1
	}
	return l.Sigma
}

// FromDot returns exp(−√(xx + zz − 2·dot)/σ).
func (l Laplacian) FromDot(dot, xx, zz float64) float64 {
	return math.Exp(-math.Sqrt(sqDist(dot, xx, zz)) / l.sigma())
}

// String returns "laplacian(σ=…)".
func (l Laplacian) String() string { return "laplacian(σ=" + fmtNum(l.sigma()) + ")" }

// Validate returns an error unless σ is finite and positive (or zero, the
// default) and 1/σ is finite (σ above about 5.6·10⁻³⁰⁹: a narrower σ
// gives 0·∞ = NaN for a point at distance 0 in the kernel rows).
func (l Laplacian) Validate() error {
	if math.IsNaN(l.Sigma) || math.IsInf(l.Sigma, 0) || l.Sigma < 0 {
		return fmt.Errorf("kernel: laplacian length scale σ = %v must be a positive number", l.Sigma)
	}
	if math.IsInf(1/l.sigma(), 0) {
		return fmt.Errorf("kernel: laplacian length scale σ = %v is too small", l.Sigma)
	}
	return nil
}

// Validate returns k's Validate error if k implements [Validator], and nil
// otherwise; a nil k is an error.
func Validate(k Kernel) error {
	if k == nil {
		return errors.New("kernel: no kernel")
	}
	if v, ok := k.(Validator); ok {
		return v.Validate()
	}
	return nil
}
