package learn

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestPrintedNuSignAscends contrasts the margin update of NORMA eq. (14) as
// printed (ρ + Λ(1 − ν) on a margin error, ρ − Λν otherwise) with the
// descent step on the loss (13) that ruleGrad implements (“NORMA's ν sign”
// in the package documentation). A linear classifier g = w·x + b on a stationary 1-D stream (classes at
// ±2, unit noise) runs both ways with the same λ, η and ν: descent settles at
// a fraction ν of margin errors; with the printed sign the equilibrium is
// unstable and ρ runs away, up (every example a margin error) or, as with
// this seed, down through 0 (no margin errors at all).
func TestPrintedNuSignAscends(t *testing.T) {
	const (
		nu     = 0.2
		eta    = 0.05
		lambda = 0.02
		steps  = 20000
	)
	run := func(printed bool) (frac, rho float64) {
		rng := rand.New(rand.NewPCG(3, 14))
		t.Logf("seed 3")
		var w, b float64
		rho = 1
		xi := make([]float64, 1)
		g := make([]float64, 1)
		errs := 0
		for i := range steps {
			y := float64(2*rng.IntN(2) - 1)
			x := 2*y + rng.NormFloat64()
			g[0] = w*x + b
			_, dm, marginErr := ruleGrad(RuleNuClassification, xi, g, y, rho, nu)
			if i >= steps/2 && marginErr {
				errs++
			}
			w = (1-lambda*eta)*w - eta*xi[0]*x
			b -= eta * xi[0]
			if printed {
				rho += eta * dm // eq. (14) as printed: ascent
			} else {
				rho = math.Max(0, rho-eta*dm)
			}
		}
		return float64(errs) / (steps / 2), rho
	}
	frac, rho := run(false)
	t.Logf("descent (13): fraction of margin errors %.4g, ρ = %.4g", frac, rho)
	if math.Abs(frac-nu) > 0.03 {
		t.Errorf("descent: fraction of margin errors %.4g, want ν = %v ± 0.03", frac, nu)
	}
	pfrac, prho := run(true)
	t.Logf("printed (14): fraction of margin errors %.4g, ρ = %.4g", pfrac, prho)
	if math.Abs(prho) < 100 || math.Abs(pfrac-nu) < 0.15 {
		t.Errorf("printed sign: fraction %.4g, ρ = %.4g; expected a runaway (|ρ| > 100, fraction far from ν)", pfrac, prho)
	}
}
