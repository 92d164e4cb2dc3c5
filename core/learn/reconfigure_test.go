package learn_test

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"kernelplay/core/kernel"
	"kernelplay/core/learn"
)

// svmdStream draws n random examples for l (dimension dim) from seed.
func svmdStream(l learn.Learner, seed uint64, n, dim int) (xs [][]float64, ys []float64) {
	r := rand.New(rand.NewPCG(seed, 1))
	for range n {
		x := make([]float64, dim)
		for j := range x {
			x[j] = r.NormFloat64()
		}
		xs = append(xs, x)
		ys = append(ys, randomLabel(r, l, x))
	}
	return xs, ys
}

// checkSVMDNaive checks SVMD's kept ‖f‖² and π = ⟨f, v⟩ against a
// recomputation from the stored terms and the Gram matrix (1e-9 of the
// Cauchy–Schwarz scale, as in TestSVMDIncrementalMatchesNaive).
func checkSVMDNaive(t *testing.T, what string, l *learn.SVMD) {
	t.Helper()
	const tol = 1e-9
	d := l.Diagnostics()
	n := snapshotNaive(l.Expansion())
	nf, nv, pi := n.inner(n.a, n.a), n.inner(n.b, n.b), n.inner(n.a, n.b)
	if math.Abs(d.NormF-nf) > tol*nf {
		t.Fatalf("%s: ‖f‖² = %.17g, naive %.17g", what, d.NormF, nf)
	}
	if math.Abs(d.Pi-pi) > tol*math.Sqrt(nf*nv) {
		t.Fatalf("%s: π = %.17g, naive %.17g", what, d.Pi, pi)
	}
}

// TestSVMDReconfigureKernel changes the Gaussian width σ mid-run for every
// loss of svmdCases, after the small buffer has wrapped: ‖f‖² and π must
// equal a recomputation with the new kernel at once, the scores must be
// those of the stored terms under the new kernel, and the incremental
// identities (45)–(49) with the truncation correction must keep holding for
// the steps after the change.
func TestSVMDReconfigureKernel(t *testing.T) {
	const (
		seed  = 4242
		dim   = 3
		omega = 20
		steps = 150 // before and after the change; wraps ω several times
	)
	for _, tc := range svmdCases() {
		t.Run(tc.name, func(t *testing.T) {
			t.Logf("seed %d", seed)
			cfg := tc.cfg
			cfg.BufferSize = omega
			l, err := learn.NewSVMD(cfg, dim)
			if err != nil {
				t.Fatal(err)
			}
			xs, ys := svmdStream(l, seed, 2*steps, dim)
			for i := range steps {
				l.Learn(xs[i], ys[i])
			}
			cfg.Kernel = kernel.Gaussian{Sigma: 0.6}
			if err := l.Reconfigure(cfg); err != nil {
				t.Fatal(err)
			}
			if got := l.Expansion().Kernel(); got != cfg.Kernel {
				t.Fatalf("kernel in force %v, want %v", got, cfg.Kernel)
			}
			checkSVMDNaive(t, "after Reconfigure", l)
			n := snapshotNaive(l.Expansion())
			want := n.eval(n.a, xs[steps])
			got := l.Scores(make([]float64, l.NumScores()), xs[steps])
			off := l.Offsets()
			for y := range want {
				if math.Abs(got[y]-off[y]-want[y]) > 1e-9*math.Max(1, math.Abs(want[y])) {
					t.Fatalf("score %d = %.17g, naive f %.17g + offset %.17g", y, got[y], want[y], off[y])
				}
			}
			for i := steps; i < 2*steps; i++ {
				if st := l.Learn(xs[i], ys[i]); st.Diverged {
					t.Fatalf("step %d diverged", i)
				}
				checkSVMDNaive(t, "after the change", l)
			}
		})
	}
}

// TestSVMDReconfigureIdentical checks that Reconfigure with the settings in
// force, every 37 steps, leaves the run bit-identical to one without it.
func TestSVMDReconfigureIdentical(t *testing.T) {
	const seed, dim, omega, steps = 99, 2, 16, 300
	for _, tc := range svmdCases() {
		cfg := tc.cfg
		cfg.BufferSize = omega
		a, err := learn.NewSVMD(cfg, dim)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := learn.NewSVMD(cfg, dim)
		xs, ys := svmdStream(a, seed, steps, dim)
		for i := range steps {
			if i%37 == 0 {
				if err := b.Reconfigure(cfg); err != nil {
					t.Fatalf("%s: %v", tc.name, err)
				}
			}
			sa, sb := a.Learn(xs[i], ys[i]), b.Learn(xs[i], ys[i])
			if sa != sb {
				t.Fatalf("%s step %d: %+v with Reconfigure, %+v without", tc.name, i, sb, sa)
			}
		}
		da, db := a.Diagnostics(), b.Diagnostics()
		if da.NormF != db.NormF || da.Pi != db.Pi || da.Eta != db.Eta || da.Margin != db.Margin {
			t.Fatalf("%s: diagnostics differ: %+v vs %+v", tc.name, da, db)
		}
	}
}

// TestSVMDReconfigureStepSizes checks what a new η_0, c, μ and margin do:
// η_0 sets the current η, and the next step adapts it by eq. (33) with the
// new μ, η_t = η_0'·max(½, 1 − μ'⟨g_t, v_t⟩), with ⟨g_t, v_t⟩ = c'π + ξᵀv
// using the new c; a new Margin0 with ν sets ε.
func TestSVMDReconfigureStepSizes(t *testing.T) {
	const seed, dim, steps = 5, 2, 200
	cfg := with(learn.DefaultSVMDConfig(learn.SVMDHinge, 0.2), func(c *learn.SVMDConfig) {
		c.Kernel = kernel.Gaussian{Sigma: 1}
		c.Lambda = 0.05
		c.Eta0 = 0.5
		c.Mu = 0.5
		c.Decay = 0.9
	})
	l, err := learn.NewSVMD(cfg, dim)
	if err != nil {
		t.Fatal(err)
	}
	xs, ys := svmdStream(l, seed, steps+1, dim)
	for i := range steps {
		l.Learn(xs[i], ys[i])
	}
	cfg.Eta0, cfg.Lambda, cfg.Mu, cfg.Margin0 = 0.8, 0.02, 2, 0.7
	if err := l.Reconfigure(cfg); err != nil {
		t.Fatal(err)
	}
	d := l.Diagnostics()
	if d.Eta != 0.8 || d.Lambda != 0.02 || d.Mu != 2 || d.Margin != 0.7 {
		t.Fatalf("after Reconfigure η = %v, c = %v, μ = %v, ε = %v; want 0.8, 0.02, 2, 0.7", d.Eta, d.Lambda, d.Mu, d.Margin)
	}
	st := l.Learn(xs[steps], ys[steps])
	gv := l.Diagnostics().GV
	if want := 0.8 * math.Max(0.5, 1-2*gv); st.Eta != want {
		t.Fatalf("η after the next step %.17g, want 0.8·max(½, 1 − 2·%.6g) = %.17g", st.Eta, gv, want)
	}
}

// TestSVMDReconfigureRefused checks that changes which start a new run, and
// invalid settings, are errors that leave the learner as it was.
func TestSVMDReconfigureRefused(t *testing.T) {
	base := with(learn.DefaultSVMDConfig(learn.SVMDMulticlass, 0), func(c *learn.SVMDConfig) {
		c.Kernel = kernel.Gaussian{Sigma: 1}
		c.Classes = 3
		c.BufferSize = 32
	})
	for _, tc := range []struct {
		name, msg string
		edit      func(*learn.SVMDConfig)
	}{
		{"loss", "starts a new run", func(c *learn.SVMDConfig) { c.Loss = learn.SVMDGraph }},
		{"classes", "starts a new run", func(c *learn.SVMDConfig) { c.Classes = 4 }},
		{"buffer", "starts a new run", func(c *learn.SVMDConfig) { c.BufferSize = 64 }},
		{"offset", "starts a new run", func(c *learn.SVMDConfig) { c.Offset = true }},
		{"kernel type", "starts a new run", func(c *learn.SVMDConfig) { c.Kernel = kernel.Laplacian{Sigma: 1} }},
		{"label kernel", "starts a new run", func(c *learn.SVMDConfig) { c.LabelKernel = []float64{1, 0, 0, 0, 1, 0, 0, 0, 1} }},
		{"bad eta", "Eta0", func(c *learn.SVMDConfig) { c.Eta0 = -1 }},
		{"bad sigma", "σ", func(c *learn.SVMDConfig) { c.Kernel = kernel.Gaussian{Sigma: math.NaN()} }},
	} {
		l, err := learn.NewSVMD(base, 2)
		if err != nil {
			t.Fatal(err)
		}
		xs, ys := svmdStream(l, 3, 50, 2)
		for i := range 25 {
			l.Learn(xs[i], ys[i])
		}
		ref, _ := learn.NewSVMD(base, 2)
		for i := range 25 {
			ref.Learn(xs[i], ys[i])
		}
		cfg := base
		tc.edit(&cfg)
		err = l.Reconfigure(cfg)
		if err == nil || !strings.HasPrefix(err.Error(), "learn: ") || !strings.Contains(err.Error(), tc.msg) {
			t.Fatalf("%s: error %v, want one mentioning %q", tc.name, err, tc.msg)
		}
		for i := 25; i < 50; i++ {
			if a, b := l.Learn(xs[i], ys[i]), ref.Learn(xs[i], ys[i]); a != b {
				t.Fatalf("%s: a refused Reconfigure changed the run at step %d", tc.name, i)
			}
		}
	}
}

// normaStream draws n examples for n's task from seed.
func normaStream(l learn.Learner, seed uint64, n, dim int) (xs [][]float64, ys []float64) {
	r := rand.New(rand.NewPCG(seed, 2))
	for range n {
		x := make([]float64, dim)
		for j := range x {
			x[j] = r.NormFloat64()
		}
		var y float64
		switch l.Task() {
		case learn.Binary:
			y = float64(2*r.IntN(2) - 1)
		case learn.Multiclass:
			y = float64(r.IntN(l.NumScores()))
		case learn.Regression:
			y = x[0] + r.NormFloat64()
		}
		xs, ys = append(xs, x), append(ys, y)
	}
	return xs, ys
}

// TestNORMAReconfigure checks, for every rule (and the perceptron), that a
// new σ mid-run gives ‖f‖² of the stored terms under the new kernel and
// keeps the incremental ‖f‖² exact afterwards; that a new η0 gives the
// schedule's η at the continuing t; that a new initial margin of an
// adaptive rule sets the margin; and that Reconfigure with the settings in
// force leaves the run bit-identical.
func TestNORMAReconfigure(t *testing.T) {
	const seed, dim, omega, steps = 17, 3, 25, 120
	type tcase struct {
		name string
		cfg  learn.NORMAConfig
	}
	var cases []tcase
	for r := learn.RuleSoftMargin; r <= learn.RuleAdaptiveHuber; r++ {
		cases = append(cases, tcase{r.String(), with(learn.DefaultNORMAConfig(r, 0), func(c *learn.NORMAConfig) {
			c.Kernel = kernel.Gaussian{Sigma: 1.5}
			c.Lambda = 0.02
			c.Schedule = learn.Sqrt{Eta0: 0.3, Tau: 10}
			c.BufferSize = omega
			c.Nu = 0.3
			c.Offset = r != learn.RuleNovelty
		})})
	}
	cases = append(cases,
		tcase{"multiclass", with(learn.DefaultNORMAConfig(learn.RuleSoftMargin, 4), func(c *learn.NORMAConfig) {
			c.Kernel = kernel.Gaussian{Sigma: 1.5}
			c.Lambda = 0.02
			c.BufferSize = omega
		})},
		tcase{"perceptron", with(learn.DefaultPerceptronConfig(), func(c *learn.PerceptronConfig) {
			c.Kernel = kernel.Gaussian{Sigma: 1.5}
			c.BufferSize = omega
		}).NORMA()})
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a := mustNORMA(t, tc.cfg, dim)
			b := mustNORMA(t, tc.cfg, dim)
			xs, ys := normaStream(a, seed, 2*steps, dim)
			for i := range steps {
				if i%29 == 0 {
					if err := b.Reconfigure(tc.cfg); err != nil {
						t.Fatal(err)
					}
				}
				if sa, sb := a.Learn(xs[i], ys[i]), b.Learn(xs[i], ys[i]); sa != sb {
					t.Fatalf("step %d: %+v with an identical Reconfigure, %+v without", i, sb, sa)
				}
			}
			cfg := tc.cfg
			cfg.Kernel = kernel.Gaussian{Sigma: 0.7}
			if sq, ok := cfg.Schedule.(learn.Sqrt); ok {
				sq.Eta0 = 0.2
				cfg.Schedule = sq
			}
			cfg.Margin0, cfg.Epsilon, cfg.HuberSigma = 0.6, 0.6, 0.6
			if err := a.Reconfigure(cfg); err != nil {
				t.Fatal(err)
			}
			check := func(when string) {
				t.Helper()
				want := naiveNorm2(a)
				if math.Abs(a.SquaredNorm()-want) > 1e-9*math.Max(want, 1e-300) {
					t.Fatalf("%s: ‖f‖² %.17g, naive %.17g", when, a.SquaredNorm(), want)
				}
			}
			check("after Reconfigure")
			switch a.Config().Rule {
			case learn.RuleSoftMargin, learn.RuleNuClassification, learn.RuleNovelty,
				learn.RuleNuEpsilonInsensitive, learn.RuleHuber, learn.RuleAdaptiveHuber:
				if a.Margin() != 0.6 {
					t.Fatalf("margin after Reconfigure %v, want 0.6", a.Margin())
				}
			}
			for i := steps; i < 2*steps; i++ {
				st := a.Learn(xs[i], ys[i])
				if want := a.Config().Schedule.Eta(i + 1); st.Eta != want {
					t.Fatalf("step %d: η %v, want the new schedule's η_%d = %v", i, st.Eta, i+1, want)
				}
				check("after the change")
			}
		})
	}
}

// TestNORMAReconfigureRefused checks that changes which start a new run are
// errors.
func TestNORMAReconfigureRefused(t *testing.T) {
	base := with(learn.DefaultNORMAConfig(learn.RuleSoftMargin, 3), func(c *learn.NORMAConfig) {
		c.Kernel = kernel.Gaussian{Sigma: 1}
	})
	for _, tc := range []struct {
		name string
		edit func(*learn.NORMAConfig)
	}{
		{"rule", func(c *learn.NORMAConfig) { c.Rule = learn.RuleHinge }},
		{"classes", func(c *learn.NORMAConfig) { c.Classes = 4 }},
		{"buffer", func(c *learn.NORMAConfig) { c.BufferSize = 64 }},
		{"offset", func(c *learn.NORMAConfig) { c.Offset = true }},
		{"kernel type", func(c *learn.NORMAConfig) { c.Kernel = kernel.Linear{} }},
	} {
		l := mustNORMA(t, base, 2)
		cfg := base
		tc.edit(&cfg)
		if err := l.Reconfigure(cfg); err == nil || !strings.Contains(err.Error(), "starts a new run") {
			t.Errorf("%s: error %v, want a new run refused", tc.name, err)
		}
	}
	l := mustNORMA(t, base, 2)
	cfg := base
	cfg.Lambda = -1
	if err := l.Reconfigure(cfg); err == nil || !strings.Contains(err.Error(), "Lambda") {
		t.Errorf("Lambda = −1: error %v", err)
	}
}
