package sim

import (
	"fmt"
	"math"

	"kernelplay/core/data"
	"kernelplay/core/kernel"
	"kernelplay/core/learn"
)

// DataCause returns an error saying that the example (x, y) — where names
// it, e.g. "example 12 (row 7 of the data)" — is what stopped a run, and
// what to do, when the example is beyond what the kernels represent:
//
//   - a feature x_j that is NaN, ±Inf or of magnitude above data.MaxAbs
//     (1e150; beyond about 1.3e154 the squared norm ‖x‖² overflows and the
//     Gaussian and Laplacian kernels give Inf − Inf = NaN);
//   - a label y that is NaN or ±Inf;
//   - a squared norm ‖x‖² or a kernel value k(x, x) of k (nil for a
//     learner without a kernel) that is not finite, as a polynomial kernel
//     of large inputs gives ((s·‖x‖² + o)^p overflows).
//
// It returns nil when the example is within range, so that a divergence is
// the step sizes' doing (the run's own advice: lower η₀, μ or λ).
func DataCause(where string, x []float64, y float64, k kernel.Kernel) error {
	const fix = "Rescale the data (divide each feature by its largest |value|, or standardize it), then run it again"
	const notEta = "; lowering η₀ will not help"
	for j, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > data.MaxAbs {
			return fmt.Errorf("the data stopped the run: %s has feature %d = %g, beyond what the kernels can represent (|value| ≤ %g). %s%s",
				where, j+1, v, data.MaxAbs, fix, notEta)
		}
	}
	if math.IsNaN(y) || math.IsInf(y, 0) {
		return fmt.Errorf("the data stopped the run: %s has the label %g. Give every example a finite label%s", where, y, notEta)
	}
	xx := 0.0
	for _, v := range x {
		xx += v * v
	}
	kxx := 0.0
	if k != nil {
		kxx = k.FromDot(xx, xx, xx)
	}
	if math.IsInf(xx, 0) || math.IsNaN(kxx) || math.IsInf(kxx, 0) {
		j := largest(x)
		return fmt.Errorf("the data stopped the run: at %s the kernel value k(x, x) = %g is not finite (‖x‖² = %g, largest feature %d = %g). %s, or choose a kernel that stays finite on it (a lower polynomial degree, or the Gaussian)%s",
			where, kxx, xx, j+1, x[j], fix, notEta)
	}
	return nil
}

// largest returns the index of the feature of largest magnitude (0 for an
// empty x).
func largest(x []float64) int {
	best := 0
	for j, v := range x {
		if math.Abs(v) > math.Abs(x[best]) {
			best = j
		}
	}
	return best
}

// stopped says why the learner diverged on the t-th example (x, y): the
// data when [DataCause] finds it beyond the kernels' range, otherwise the
// step sizes.
func (s *Sim) stopped(x []float64, y float64, st learn.Step) error {
	var k kernel.Kernel
	if s.model != nil {
		k = s.model.Expansion().Kernel()
	}
	if err := DataCause(fmt.Sprintf("example %d", s.t), x, y, k); err != nil {
		return err
	}
	return fmt.Errorf("the run diverged at example %d (η = %.3g): lower η₀, μ or λ, then reset", s.t, st.Eta)
}
