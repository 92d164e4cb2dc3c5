package regret

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"kernelplay/core/data"
	"kernelplay/core/kernel"
	"kernelplay/core/learn"
)

// runNORMA runs a NORMA with cfg over the examples beside a comparator of
// its own objective, feeding R_stoch[f_t, t] = loss + (λ/2)‖f_t‖² measured
// before each step, and returns the comparator (solved) and the mistakes.
func runNORMA(t *testing.T, cfg learn.NORMAConfig, set Settings, xs [][]float64, ys []float64) (*Comparator, int) {
	t.Helper()
	n, err := learn.NewNORMA(cfg, len(xs[0]))
	if err != nil {
		t.Fatal(err)
	}
	obj, err := ObjectiveOf(cfg)
	if err != nil {
		t.Fatal(err)
	}
	c, err := NewComparator(obj, set, len(xs[0]))
	if err != nil {
		t.Fatal(err)
	}
	mistakes := 0
	for i := range xs {
		norm2 := n.SquaredNorm()
		st := n.Learn(xs[i], ys[i])
		if st.Mistake {
			mistakes++
		}
		c.Add(xs[i], ys[i], st.Loss+0.5*cfg.Lambda*norm2)
		c.Step(4096) // a frame's slice
	}
	c.Mark()
	c.Step(math.MaxInt)
	return c, mistakes
}

// theorem2Config is NORMA "as in Theorem 2": soft margin ρ = 1, no offset,
// Λ_t = 1/(3λ√t), a buffer that never truncates m examples.
func theorem2Config(lambda float64, m int) learn.NORMAConfig {
	cfg := learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0)
	cfg.Kernel = kernel.Gaussian{Sigma: 0.5}
	cfg.Lambda = lambda
	cfg.Schedule = learn.InvSqrtT{Lambda: lambda}
	cfg.BufferSize = m
	return cfg
}

// TestNORMATheorem2Holds runs NORMA as in Theorem 2 for 10⁴ steps on each
// binary 2D preset (noise 0.1, Gaussian kernel σ = 0.5, λ = 1) and checks
// eq. (23) at every checkpoint and at m = 10⁴: the online cumulative risk
// stays below Σ R_stoch[g, t] + 2λ(B + X/λ)²√m for g = g* (frozen at
// MaxExact = 1000 beyond it: a fixed g, B = ‖g‖, so the theorem applies).
//
// How tight: the bound's excess over the comparator divided by the
// measured regret is logged per preset. It is 13× (checkerboard) to 241×
// (Gaussians) at λ = 1, the same for every λ ≥ 0.3 (there every example is
// a margin error and the problem scales with λ) and larger below (47×
// Gaussians, 19× spirals at λ = 0.1); the exact comparator at m = 4096
// lowers checkerboard's to 11.8×. The test asserts the best preset within
// 15×: the 10× is not reached on these presets' labels
// (TestNORMATheorem2Tightness says why, and where it is).
// At NORMA's default λ = 1/(500·7291) the schedule 1/(3λ√t) is not a valid
// setting (η_1 ≈ 1.2·10⁶) and the bound's excess ≈ 2X²√m/λ ≈ 7·10⁸ is
// vacuous: logged beside the regret of the run with JMLR's schedule.
func TestNORMATheorem2Holds(t *testing.T) {
	const (
		m      = 10000
		lambda = 1.0
	)
	best := math.Inf(1)
	for _, shape := range []data.Shape2D{data.Gaussians, data.XOR, data.Circles, data.Moons, data.Spirals, data.Checkerboard} {
		t.Run(shape.String(), func(t *testing.T) {
			xs, ys := stream(shape, 0.1, m, 23)
			cfg := theorem2Config(lambda, m)
			c, _ := runNORMA(t, cfg, Settings{}, xs, ys)
			pts := c.Points()
			for _, p := range pts {
				b := NORMATheorem2(cfg, p)
				if !b.Applies {
					t.Fatalf("M = %d: %s", p.M, b.Why)
				}
				if p.Online > b.Value {
					t.Fatalf("M = %d: online %.6g above eq. (23) %.6g", p.M, p.Online, b.Value)
				}
			}
			last := pts[len(pts)-1]
			if last.M != m {
				t.Fatalf("last checkpoint %d, want the mark at %d", last.M, m)
			}
			b := NORMATheorem2(cfg, last)
			ratio := (b.Value - last.Hindsight) / last.Regret
			best = min(best, ratio)
			t.Logf("%v λ = %g, m = %d: online %.5g, J(g*) %.5g (frozen at %d), regret %.5g, ‖g*‖ %.4g, eq. (23) %.5g, excess/regret %.3g",
				shape, lambda, last.M, last.Online, last.Hindsight, c.Settings().MaxExact, last.Regret, last.Norm, b.Value, ratio)
			if !(last.Regret > 0) {
				t.Errorf("regret %v, want > 0 on a stationary stream", last.Regret)
			}
		})
	}
	if best > 15 {
		t.Errorf("tightest preset: bound excess / regret = %.3g, want ≤ 15", best)
	}
	// The default λ: the theorem's schedule is not even a valid setting.
	def := learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0)
	def.Schedule = learn.InvSqrtT{}
	if _, err := learn.NewNORMA(def, 2); err == nil {
		t.Error("NORMA at the default λ with 1/(3λ√t): no error, want η_1 > 1e6 rejected")
	}
	xs, ys := stream(data.Moons, 0.1, m, 23)
	def = learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0)
	def.Kernel, def.BufferSize = kernel.Gaussian{Sigma: 0.5}, m
	// Near the hard margin the solve stops at MaxEpochs (the gap is logged):
	// the excess 2λ(B + X/λ)²√m ≈ 2X²√m/λ hardly depends on B.
	c, _ := runNORMA(t, def, Settings{MaxEpochs: 20}, xs, ys)
	last := c.Points()[len(c.Points())-1]
	excess := 2 * def.Lambda * math.Pow(last.Norm+1/def.Lambda, 2) * math.Sqrt(float64(last.M))
	t.Logf("default λ = %.3g, JMLR schedule (no theorem): regret %.4g (gap %.3g) at m = %d; eq. (23)'s excess would be %.3g (%.2g× the regret): vacuous",
		def.Lambda, last.Regret, last.Gap, last.M, excess, excess/last.Regret)
	if b := NORMATheorem2(def, last); b.Applies || !strings.Contains(b.Why, "rate") {
		t.Errorf("Theorem 2 with JMLR's schedule: %+v, want not applicable (rate)", b)
	}
}

// TestNORMATheorem2Tightness pins how close eq. (23) comes to the measured
// regret of NORMA as in Theorem 2 over 10⁴ steps (the issue asks for 10×).
//
// Why it is not closer on the presets: at λ ≥ 0.1 nearly every example is
// a margin error and B = ‖g*‖ ≪ X/λ, so the bound's excess is
// 2λ(B + X/λ)²√m ≈ 2X²√m/λ. Where the labels do not depend on f_t (coin
// flips, or the noise a preset's labels carry), E[y_t f_t(x_t)] adds no
// loss and the regret is about Σ (λ/2)‖f_t‖² ≈ √m/(6λ) for the rate
// 1/(3λ√t) (the terms Λ_i decayed by Π(1 − λΛ_j): Σ α_i² ≈ 1/(6λ²√t)):
// a ratio near 12 (measured 15 on coin flips). The presets' own labels
// do no better: over σ ∈ {0.1, 0.25, 0.5, 1}, noise ∈ {0.1, 0.5}, 0 or
// 20% flipped labels, ρ ∈ {0, 1}, λ ∈ {0.1, 1} on checkerboard, spirals
// and XOR (96 runs) the best was 11.4×, checkerboard at σ = 1, noise 0.5,
// 20% flips, λ = 1 (ρ = 0 gives no regret at all: f stays 0). The margin ρ
// does not matter once every example is a margin error (f_t and g* do
// not depend on it then).
//
// The bound is within 10× for the sequence the theorem's worst case is
// about: the presets' inputs with labels chosen against the learner, y_t =
// −sign f_t(x_t) (every step a mistake, loss 1 + |f_t(x_t)|, and g* ≈ 0
// on such labels): the regret is then about Σ Λ_t/2 ≈ √m/(3λ), a ratio
// near 6 (measured 6.4).
func TestNORMATheorem2Tightness(t *testing.T) {
	const (
		m      = 10000
		lambda = 1.0
	)
	for _, tc := range []struct {
		name         string
		sigma, noise float64
		flip         float64
		adversarial  bool
		want         float64 // the ratio pinned (measured 11.4, 6.35)
	}{
		{"checkerboard, 20% labels flipped", 1, 0.5, 0.2, false, 12},
		{"checkerboard inputs, labels against the learner", 0.5, 0.1, 0, true, 10},
	} {
		xs, ys := stream(data.Checkerboard, tc.noise, m, 23)
		rng := rand.New(rand.NewPCG(5, 6))
		for i := range ys {
			if rng.Float64() < tc.flip {
				ys[i] = -ys[i]
			}
		}
		cfg := theorem2Config(lambda, m)
		cfg.Kernel = kernel.Gaussian{Sigma: tc.sigma}
		n, err := learn.NewNORMA(cfg, 2)
		if err != nil {
			t.Fatal(err)
		}
		obj, _ := ObjectiveOf(cfg)
		c, err := NewComparator(obj, Settings{MaxEpochs: 100}, 2)
		if err != nil {
			t.Fatal(err)
		}
		score := make([]float64, 1)
		for i := range xs {
			if tc.adversarial {
				ys[i] = 1
				if n.Scores(score, xs[i])[0] > 0 {
					ys[i] = -1
				}
			}
			norm2 := n.SquaredNorm()
			st := n.Learn(xs[i], ys[i])
			c.Add(xs[i], ys[i], st.Loss+0.5*lambda*norm2)
			c.Step(4096)
		}
		c.Mark()
		c.Step(math.MaxInt)
		pts := c.Points()
		for _, p := range pts {
			if b := NORMATheorem2(cfg, p); !b.Applies || p.Online > b.Value {
				t.Fatalf("%s M = %d: online %.6g, %+v", tc.name, p.M, p.Online, b)
			}
		}
		last := pts[len(pts)-1]
		b := NORMATheorem2(cfg, last)
		ratio := (b.Value - last.Hindsight) / last.Regret
		t.Logf("%s (σ = %g, λ = %g, m = %d): regret %.4g, ‖g*‖ %.3g, eq. (23)'s excess %.4g = %.3g× the regret (√m/(6λ) = %.3g, √m/(3λ) = %.3g)",
			tc.name, tc.sigma, lambda, last.M, last.Regret, last.Norm, b.Value-last.Hindsight, ratio,
			math.Sqrt(m)/(6*lambda), math.Sqrt(m)/(3*lambda))
		if last.M != m || !(ratio > 1) || ratio > tc.want {
			t.Errorf("%s: excess/regret %.3g at M = %d, want in (1, %g]", tc.name, ratio, last.M, tc.want)
		}
	}
}

// TestTheoremConditions: each failing condition is named.
func TestTheoremConditions(t *testing.T) {
	p := Point{M: 100, Hindsight: 10, Norm: 2, X2: 1}
	base := theorem2Config(0.5, 1000)
	for _, tc := range []struct {
		change func(*learn.NORMAConfig)
		why    string
	}{
		{func(c *learn.NORMAConfig) { c.Offset = true }, "offset"},
		{func(c *learn.NORMAConfig) { c.BufferSize = 50 }, "truncated f"},
		{func(c *learn.NORMAConfig) { c.Rule = learn.RuleNuClassification }, "soft-margin"},
		{func(c *learn.NORMAConfig) { c.Classes = 3 }, "binary"},
		{func(c *learn.NORMAConfig) { c.Schedule = learn.Sqrt{} }, "rate"},
		{func(c *learn.NORMAConfig) { c.Schedule = learn.InvSqrtT{Lambda: 2} }, "rate"},
	} {
		cfg := base
		tc.change(&cfg)
		if b := NORMATheorem2(cfg, p); b.Applies || !strings.Contains(b.Why, tc.why) {
			t.Errorf("%+v: %q, want not applicable (%s)", cfg, b.Why, tc.why)
		}
	}
	b := NORMATheorem2(base, p)
	want := 10 + 2*0.5*(2+1/0.5)*(2+1/0.5)*10
	if !b.Applies || math.Abs(b.Value-want) > 1e-12 {
		t.Errorf("eq. (23) = %+v, want %v", b, want)
	}
	// Theorem 1: B, X and m fixed, Λ = B/(X√m), ‖g*‖ ≤ B, up to t = m.
	t1 := base
	t1.Schedule = learn.Constant{Eta0: Theorem1Eta(3, 1, 100)}
	if b := NORMATheorem1(t1, 3, 1, 100, p); !b.Applies || math.Abs(b.Value-(10+3*1*10)) > 1e-12 {
		t.Errorf("eq. (22) = %+v, want 40", b)
	}
	t1.Schedule = learn.Constant{Eta0: Theorem1Eta(3, 1, 400)}
	if b := NORMATheorem1(t1, 3, 1, 400, p); !b.Applies || math.Abs(b.Value-(10+3*1*20)) > 1e-12 {
		t.Errorf("eq. (22) at t = 100 of m = 400: %+v, want 70 (drawn up to m)", b)
	}
	if b := NORMATheorem1(t1, 3, 1, 50, p); b.Applies || !strings.Contains(b.Why, "beyond") {
		t.Errorf("eq. (22) beyond m: %+v", b)
	}
	if b := NORMATheorem1(t1, 3, 0.5, 400, p); b.Applies || !strings.Contains(b.Why, "k(x, x)") {
		t.Errorf("eq. (22) with X² = 0.5 < p.X2 = 1: %+v", b)
	}
	if b := NORMATheorem1(t1, 1.5, 1, 400, p); b.Applies || !strings.Contains(b.Why, "rate") {
		t.Errorf("eq. (22) with the wrong rate: %+v", b)
	}
	if b := NORMATheorem1(t1, 3, 1, 2000, p); b.Applies || !strings.Contains(b.Why, "truncated") {
		t.Errorf("eq. (22) with ω = 1000 < m = 2000: %+v", b)
	}
	t1.Schedule = learn.Constant{Eta0: Theorem1Eta(1.5, 1, 100)}
	if b := NORMATheorem1(t1, 1.5, 1, 100, p); b.Applies || !strings.Contains(b.Why, "‖g*‖") {
		t.Errorf("eq. (22) with ‖g*‖ = 2 > B = 1.5: %+v", b)
	}
	for _, bad := range []float64{0, math.Inf(1), math.NaN()} {
		if b := NORMATheorem1(t1, bad, 1, 100, p); b.Applies {
			t.Errorf("eq. (22) with B = %v applies", bad)
		}
	}
	if b := PegasosNorm(0.01); !b.Applies || b.Value != 10 {
		t.Errorf("Pegasos 1/√λ = %+v", b)
	}
	if b := PegasosNorm(0); b.Applies {
		t.Error("Pegasos at λ = 0 applies")
	}
}

// TestTruncationBound: a NORMA with a constant rate and an unbounded buffer;
// at several t the norm of the terms at least τ steps old, ‖Σ_{i≤t−τ}
// α_i k(x_i, ·)‖ (from the Gram matrix), stays below Proposition 1's sum.
func TestTruncationBound(t *testing.T) {
	const (
		m, tau = 600, 50
		eta    = 0.2
		lambda = 0.05
	)
	xs, ys := stream(data.Moons, 0.2, m, 31)
	cfg := theorem2Config(lambda, m)
	cfg.Schedule = learn.Constant{Eta0: eta}
	n, err := learn.NewNORMA(cfg, 2)
	if err != nil {
		t.Fatal(err)
	}
	k := cfg.Kernel
	var steps []int // the step of each term
	checked := 0
	for i := range xs {
		st := n.Learn(xs[i], ys[i])
		if st.MarginError {
			steps = append(steps, i+1)
		}
		tt := i + 1
		if tt%100 != 0 {
			continue
		}
		e := n.Expansion()
		var idx []int
		for j, s := range steps {
			if s <= tt-tau {
				idx = append(idx, j)
			}
		}
		var n2 float64
		for _, a := range idx {
			for _, b := range idx {
				xa, xb := e.X(a), e.X(b)
				n2 += e.Alpha(nil, a)[0] * e.Alpha(nil, b)[0] * k.FromDot(dot(xa, xb), dot(xa, xa), dot(xb, xb))
			}
		}
		cfg.BufferSize = tau
		b := Truncation(cfg, 1, tt)
		cfg.BufferSize = m
		if !b.Applies || math.Sqrt(n2) > b.Value || b.Value > 1/lambda*math.Pow(1-lambda*eta, tau) {
			t.Errorf("t = %d: ‖f − f_trunc‖ = %.4g, bound %+v (limit %.4g)", tt, math.Sqrt(n2), b, 1/lambda*math.Pow(1-lambda*eta, tau))
		}
		checked++
		t.Logf("t = %d: ‖f − f_trunc‖ = %.4g ≤ %.4g", tt, math.Sqrt(n2), b.Value)
	}
	if checked != m/100 {
		t.Fatalf("checked %d", checked)
	}
	cfg.Rule = learn.RuleSquared
	if Truncation(cfg, 1, 100).Applies {
		t.Error("Proposition 1 with the squared loss applies")
	}
}

// TestPerceptronBound: the kernel perceptron with a linear kernel on a
// separable stream with margin γ0 = 0.1 around a known unit θ0 (|⟨θ0, x⟩| ≥
// γ0, ‖x‖ ≤ 1) stays below JMLR Theorem 1's ((R + D)/γ)² with θ the
// comparator's soft-margin direction (λ = 1e-4, margin 1); the bound is
// at most (1/γ0)² = 100 and within 10× the mistakes (7.2× here; logged).
func TestPerceptronBound(t *testing.T) {
	const (
		m      = 2000
		gamma0 = 0.1
	)
	rng := rand.New(rand.NewPCG(41, 42))
	theta0 := []float64{math.Cos(0.3), math.Sin(0.3)}
	var xs [][]float64
	var ys []float64
	for len(xs) < m {
		x := []float64{2*rng.Float64() - 1, 2*rng.Float64() - 1}
		if dot(x, x) > 1 {
			continue
		}
		s := dot(theta0, x)
		if math.Abs(s) < gamma0 {
			continue
		}
		xs, ys = append(xs, x), append(ys, math.Copysign(1, s))
	}
	pc := learn.DefaultPerceptronConfig()
	pc.Kernel, pc.BufferSize = kernel.Linear{}, m
	cfg := pc.NORMA()
	n, err := learn.NewNORMA(cfg, 2)
	if err != nil {
		t.Fatal(err)
	}
	c, err := NewComparator(Objective{Kernel: kernel.Linear{}, Loss: Hinge, Margin: 1, Lambda: 1e-4}, Settings{MaxExact: m}, 2)
	if err != nil {
		t.Fatal(err)
	}
	mistakes := 0
	for i := range xs {
		if n.Learn(xs[i], ys[i]).Mistake {
			mistakes++
		}
		c.Add(xs[i], ys[i], 0)
	}
	c.Step(math.MaxInt)
	if why := PerceptronApplies(cfg, mistakes); why != "" {
		t.Fatal(why)
	}
	p := c.Points()[len(c.Points())-1]
	b, gamma := PerceptronBound(c.Margins(nil), p.X2)
	t.Logf("M = %d (of %d): %d mistakes, bound %.4g at γ = %.4g (R² = %.4g), factor %.3g", p.M, m, mistakes, b.Value, gamma, p.X2, b.Value/float64(mistakes))
	// The bound covers the prefix the comparator solved: count its mistakes.
	n.Reset()
	pm := 0
	for i := range p.M {
		if n.Learn(xs[i], ys[i]).Mistake {
			pm++
		}
	}
	if !b.Applies || float64(pm) > b.Value || b.Value > 1/(gamma0*gamma0) || b.Value > 10*float64(pm) {
		t.Errorf("%d mistakes in %d, bound %+v, want mistakes ≤ bound ≤ min(100, 10·mistakes)", pm, p.M, b)
	}
	if why := PerceptronApplies(cfg, m+1); !strings.Contains(why, "evicted") {
		t.Errorf("eviction: %q", why)
	}
	cfg.Offset = true
	if why := PerceptronApplies(cfg, 1); !strings.Contains(why, "offset") {
		t.Errorf("offset: %q", why)
	}
}

// TestNORMATheorem1Holds runs NORMA as in Theorem 1 — the constant rate
// Λ = B/(X√m) for B = 1 and m = 10⁴ fixed in advance, soft margin ρ = 1,
// no offset, ω = m, Gaussian kernel (X = 1) — on the binary 2D presets
// at the page's default settings (noise 0.03, σ = 0.15, λ = 10⁻³; the
// page's default stream is spirals) and on spirals at σ = 0.5, λ = 0.1,
// noise 0.1, beside the comparator g*_B = argmin_{‖g‖≤1} J (NormBound),
// and checks eq. (22) at every checkpoint t ≤ m: online ≤ J(g*_B) + B·X·√m
// (g*_B frozen at MaxExact = 1000 beyond it: a fixed g with ‖g‖ ≤ B, so
// the theorem applies). Logged: eq. (22) over the measured online sum,
// and its excess B·X·√m over the regret. At the page's defaults the
// regret against g*_B is NEGATIVE (about −5,000: the online f_t, whose
// norm is not bounded by B, fits far better than any ‖g‖ ≤ 1), so the
// theorem holds with room; at λ = 0.1 on spirals the excess is 4.2× the
// regret.
func TestNORMATheorem1Holds(t *testing.T) {
	const (
		m = 10000
		b = 1.0
	)
	for _, tc := range []struct {
		shape        data.Shape2D
		noise, sigma float64
		lambda       float64
	}{
		{data.Spirals, 0.03, 0.15, 1e-3}, {data.Gaussians, 0.03, 0.15, 1e-3}, {data.XOR, 0.03, 0.15, 1e-3},
		{data.Circles, 0.03, 0.15, 1e-3}, {data.Moons, 0.03, 0.15, 1e-3}, {data.Checkerboard, 0.03, 0.15, 1e-3},
		{data.Spirals, 0.1, 0.5, 0.1},
	} {
		xs, ys := stream(tc.shape, tc.noise, m, 29)
		cfg := theorem2Config(tc.lambda, m)
		cfg.Kernel = kernel.Gaussian{Sigma: tc.sigma}
		cfg.Schedule = learn.Constant{Eta0: Theorem1Eta(b, 1, m)}
		c, _ := runNORMABounded(t, cfg, b, xs, ys)
		pts := c.Points()
		for _, p := range pts {
			bd := NORMATheorem1(cfg, b, 1, m, p)
			if !bd.Applies || p.Online > bd.Value || p.Norm > b {
				t.Fatalf("%v M = %d: %+v, online %.6g, ‖g*_B‖ = %.6g", tc.shape, p.M, bd, p.Online, p.Norm)
			}
		}
		last := pts[len(pts)-1]
		if last.M != m {
			t.Fatalf("last checkpoint %d, want the mark at m = %d", last.M, m)
		}
		bd := NORMATheorem1(cfg, b, 1, m, last)
		t.Logf("%v noise %g σ %g λ %g, B = %g, m = %d: online %.5g, J(g*_B) %.5g (λ' = %.3g, ‖g*_B‖ %.4g), regret %.5g; eq. (22) %.5g = %.3g× the online sum; excess B·X·√m = %.3g× the regret",
			tc.shape, tc.noise, tc.sigma, tc.lambda, b, m, last.Online, last.Hindsight, last.Lambda, last.Norm, last.Regret, bd.Value, bd.Value/last.Online, (bd.Value-last.Hindsight)/last.Regret)
		// Beyond m the theorem says nothing.
		beyond := last
		beyond.M = m + 1
		if bd := NORMATheorem1(cfg, b, 1, m, beyond); bd.Applies || !strings.Contains(bd.Why, "beyond") {
			t.Errorf("t = m + 1: %+v", bd)
		}
	}
}

// runNORMABounded is runNORMA with the comparator of ‖g‖ ≤ b.
func runNORMABounded(t *testing.T, cfg learn.NORMAConfig, b float64, xs [][]float64, ys []float64) (*Comparator, int) {
	t.Helper()
	n, err := learn.NewNORMA(cfg, len(xs[0]))
	if err != nil {
		t.Fatal(err)
	}
	obj, err := ObjectiveOf(cfg)
	if err != nil {
		t.Fatal(err)
	}
	obj.NormBound = b
	c, err := NewComparator(obj, Settings{MaxEpochs: 100}, len(xs[0]))
	if err != nil {
		t.Fatal(err)
	}
	mistakes := 0
	for i := range xs {
		norm2 := n.SquaredNorm()
		st := n.Learn(xs[i], ys[i])
		if st.Mistake {
			mistakes++
		}
		c.Add(xs[i], ys[i], st.Loss+0.5*cfg.Lambda*norm2)
		c.Step(4096)
	}
	c.Mark()
	c.Step(math.MaxInt)
	return c, mistakes
}

// TestPegasosNormBound: the comparator of kernel Pegasos' objective on three
// presets has ‖g*‖ ≤ 1/√λ (the lecture's bound; its trivial form √2/√λ
// would follow from J_m(g*) ≤ J_m(0) = m alone), at λ = 10⁻² and 10⁻³.
func TestPegasosNormBound(t *testing.T) {
	for _, lambda := range []float64{1e-2, 1e-3} {
		for _, shape := range []data.Shape2D{data.Gaussians, data.Moons, data.XOR} {
			xs, ys := stream(shape, 0.1, 300, 3)
			pc := learn.DefaultKernelPegasosConfig()
			pc.Kernel, pc.Lambda = kernel.Gaussian{Sigma: 0.5}, lambda
			p, _ := solve(t, ObjectiveOfKernelPegasos(pc), Settings{}, xs, ys)
			b := PegasosNorm(lambda)
			t.Logf("λ = %g, %v: ‖g*‖ = %.4g ≤ 1/√λ = %.4g (%.2g of it)", lambda, shape, p.Norm, b.Value, p.Norm/b.Value)
			if !b.Applies || !(p.Norm > 0) || p.Norm > b.Value {
				t.Errorf("λ = %g, %v: ‖g*‖ = %v, bound %+v", lambda, shape, p.Norm, b)
			}
		}
	}
}
