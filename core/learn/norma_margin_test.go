package learn_test

import (
	"math"
	"strings"
	"testing"

	"kernelplay/core/kernel"
	"kernelplay/core/learn"
)

// TestNORMALogSpaceMarginHand checks two steps of JMLR's margin rule
// (55)–(56) in ν-NORMA by hand: linear kernel in one dimension, λ = 1,
// η = 0.5, ν = 0.25, ρ_0 = 1, η_m = 0.5, no offset.
//
//	1: x = 1, y = +1: g = 0 < ρ: ∂c/∂ρ = 1 − ν = 0.75, ρ ← exp(−0.5·1·0.75)
//	   = e^{−0.375} ≈ 0.6873 (the additive rule would give 1 − 0.5·0.75 = 0.625);
//	   w = 0.5.
//	2: x = 4, y = +1: g = 2 ≥ ρ: ∂c/∂ρ = −ν, ρ ← ρ·exp(0.5·ρ·0.25).
func TestNORMALogSpaceMarginHand(t *testing.T) {
	c := learn.DefaultNORMAConfig(learn.RuleNuClassification, 0)
	c.Kernel, c.Lambda, c.Nu, c.Schedule = kernel.Linear{}, 1, 0.25, learn.Constant{Eta0: 0.5}
	c.MarginRule, c.EtaMargin = learn.MarginLogSpace, 0.5
	n := mustNORMA(t, c, 1)
	n.Learn([]float64{1}, 1)
	rho1 := math.Exp(-0.375)
	if got := n.Margin(); math.Abs(got-rho1) > 1e-15 {
		t.Fatalf("step 1: ρ = %.17g, want e^{−0.375} = %.17g", got, rho1)
	}
	n.Learn([]float64{4}, 1)
	if got, want := n.Margin(), rho1*math.Exp(0.5*rho1*0.25); math.Abs(got-want) > 1e-15 {
		t.Fatalf("step 2: ρ = %.17g, want %.17g", got, want)
	}
}

// TestNORMALogSpaceMarginDecay checks the shrinking margin step
// (MarginDecayTau = τ): the same two steps as TestNORMALogSpaceMarginHand
// with τ = 2, so η_{m,1} = 0.5 and η_{m,2} = 0.5·√(2/3); the inspection
// record reports each step's η_m. With τ = 0 the run is bit-identical to
// the fixed step's.
func TestNORMALogSpaceMarginDecay(t *testing.T) {
	c := learn.DefaultNORMAConfig(learn.RuleNuClassification, 0)
	c.Kernel, c.Lambda, c.Nu, c.Schedule = kernel.Linear{}, 1, 0.25, learn.Constant{Eta0: 0.5}
	c.MarginRule, c.EtaMargin, c.MarginDecayTau = learn.MarginLogSpace, 0.5, 2
	n := mustNORMA(t, c, 1)
	n.Learn([]float64{1}, 1)
	rho1 := math.Exp(-0.375)
	if got := n.Margin(); math.Abs(got-rho1) > 1e-15 || n.LastUpdate().EtaMargin != 0.5 {
		t.Fatalf("step 1: ρ = %.17g, η_m = %v; want %.17g, 0.5", got, n.LastUpdate().EtaMargin, rho1)
	}
	n.Learn([]float64{4}, 1)
	eta2 := 0.5 * math.Sqrt(2.0/3)
	if got, want := n.Margin(), rho1*math.Exp(eta2*rho1*0.25); math.Abs(got-want) > 1e-15 || math.Abs(n.LastUpdate().EtaMargin-eta2) > 1e-16 {
		t.Fatalf("step 2: ρ = %.17g, η_m = %v; want %.17g, %v", got, n.LastUpdate().EtaMargin, want, eta2)
	}
	// τ = 0: the fixed step, bit for bit.
	c.MarginDecayTau = 0
	a := mustNORMA(t, c, 1)
	c.Kernel = kernel.Linear{}
	b := mustNORMA(t, c, 1)
	rng := logSeed(t, 3)
	for range 200 {
		x, y := []float64{2*rng.Float64() - 1}, float64(2*rng.IntN(2)-1)
		a.Learn(x, y)
		b.Learn(x, y)
	}
	if a.Margin() != b.Margin() || a.LastUpdate().EtaMargin != 0.5 {
		t.Errorf("τ = 0: margins %v, %v; η_m %v", a.Margin(), b.Margin(), a.LastUpdate().EtaMargin)
	}
}

// TestNORMALogSpaceMarginFraction checks that the log-space rule, like the
// additive one, settles where a fraction ν of the examples are margin
// errors (ν-classification, binary and 4 classes) or flagged (novelty), on
// the stationary streams of TestNORMANuFraction.
func TestNORMALogSpaceMarginFraction(t *testing.T) {
	const steps, eta = 6000, 0.05
	for _, classes := range []int{0, 4} {
		for _, nu := range []float64{0.1, 0.3} {
			rng := logSeed(t, 11)
			c := learn.DefaultNORMAConfig(learn.RuleNuClassification, classes)
			c.Kernel, c.Lambda, c.Nu, c.Schedule = kernel.Gaussian{Sigma: 1}, 0.02, nu, learn.Constant{Eta0: eta}
			c.Offset, c.MarginRule, c.EtaMargin = classes == 0, learn.MarginLogSpace, 0.05
			n := mustNORMA(t, c, 2)
			errs := 0
			for i := range steps {
				x, y := overlapping(rng, classes)
				if st := n.Learn(x, y); i >= steps/2 && st.MarginError {
					errs++
				}
			}
			frac := float64(errs) / (steps / 2)
			t.Logf("log-space, classes %d, ν = %.4g: fraction of margin errors %.4g, ρ = %.4g", classes, nu, frac, n.Margin())
			if math.Abs(frac-nu) > 0.03 || !(n.Margin() > 0) {
				t.Errorf("classes %d, ν = %v: fraction %.4g (want ν ± 0.03), ρ = %v", classes, nu, frac, n.Margin())
			}
		}
	}
}

// TestNORMAMarginRuleErrors: the log-space rule needs a ν rule, a positive
// step size and a positive initial margin.
func TestNORMAMarginRuleErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(*learn.NORMAConfig)
	}{
		{"soft margin", func(c *learn.NORMAConfig) { c.Rule = learn.RuleSoftMargin }},
		{"no step size", func(c *learn.NORMAConfig) { c.EtaMargin = 0 }},
		{"zero margin", func(c *learn.NORMAConfig) { c.Margin0 = 0 }},
		{"unknown", func(c *learn.NORMAConfig) { c.MarginRule = 7 }},
		{"negative decay τ", func(c *learn.NORMAConfig) { c.MarginDecayTau = -1 }},
		{"NaN decay τ", func(c *learn.NORMAConfig) { c.MarginDecayTau = math.NaN() }},
	} {
		c := learn.DefaultNORMAConfig(learn.RuleNuClassification, 0)
		c.MarginRule = learn.MarginLogSpace
		tc.edit(&c)
		if _, err := learn.NewNORMA(c, 2); err == nil || !strings.HasPrefix(err.Error(), "learn: NORMA: ") {
			t.Errorf("%s: error %v", tc.name, err)
		}
	}
}
