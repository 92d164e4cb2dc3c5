package learn_test

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"kernelplay/core/expansion"
	"kernelplay/core/kernel"
	"kernelplay/core/learn"
	"kernelplay/core/learn/learntest"
)

// svmdCase is one SVMD configuration under test with a random label source.
type svmdCase struct {
	name string
	cfg  learn.SVMDConfig
}

// svmdCases covers every loss, with and without ν, offsets and a label kernel.
func svmdCases() []svmdCase {
	// A 4-label taxonomy-like distance and a positive definite label kernel.
	delta := []float64{
		0, 1, 2, 2,
		1, 0, 2, 2,
		2, 2, 0, 1,
		2, 2, 1, 0,
	}
	ky := []float64{
		1, 0.5, 0.2, 0.2,
		0.5, 1, 0.2, 0.2,
		0.2, 0.2, 1, 0.5,
		0.2, 0.2, 0.5, 1,
	}
	g := kernel.Gaussian{Sigma: 1}
	return []svmdCase{
		{"hinge", with(learn.DefaultSVMDConfig(learn.SVMDHinge, 0), func(c *learn.SVMDConfig) {
			c.Kernel = g
			c.Lambda = 0.05
			c.Eta0 = 0.5
			c.Mu = 0.5
			c.Decay = 0.9
		})},
		{"hinge-nu-offset", with(learn.DefaultSVMDConfig(learn.SVMDHinge, 0.2), func(c *learn.SVMDConfig) {
			c.Kernel = g
			c.Offset = true
			c.EtaOffset0, c.MuOffset = c.Eta0, c.Mu
		})},
		{"hinge-single-step", with(learn.DefaultSVMDConfig(learn.SVMDHinge, 0), func(c *learn.SVMDConfig) {
			c.Kernel = g
			c.Lambda = 0.1
			c.Decay = 0 // single-step SVMD
			c.Mu = 1
		})},
		{"novelty", with(learn.DefaultSVMDConfig(learn.SVMDNovelty, 0), func(c *learn.SVMDConfig) {
			c.Kernel = g
		})},
		{"novelty-nu", with(learn.DefaultSVMDConfig(learn.SVMDNovelty, 0.1), func(c *learn.SVMDConfig) {
			c.Kernel = g
			c.Lambda = 0.3
		})},
		{"multiclass", with(learn.DefaultSVMDConfig(learn.SVMDMulticlass, 0), func(c *learn.SVMDConfig) {
			c.Kernel = g
			c.Classes = 4
			c.Lambda = 0.05
			c.Eta0 = 0.3
			c.Mu = 0.5
		})},
		{"multiclass-nu-offset-ky", with(learn.DefaultSVMDConfig(learn.SVMDMulticlass, 0.2), func(c *learn.SVMDConfig) {
			c.Kernel = g
			c.Classes = 4
			c.Offset = true
			c.LabelKernel = ky
			c.EtaOffset0, c.MuOffset = c.Eta0, c.Mu
		})},
		{"graph", with(learn.DefaultSVMDConfig(learn.SVMDGraph, 0), func(c *learn.SVMDConfig) {
			c.Kernel = g
			c.Classes = 4
			c.LabelDistance = delta
			c.Lambda = 0.05
			c.Eta0 = 0.3
			c.Mu = 0.5
		})},
		{"graph-nu", with(learn.DefaultSVMDConfig(learn.SVMDGraph, 0.3), func(c *learn.SVMDConfig) {
			c.Kernel = g
			c.Classes = 4
			c.LabelDistance = delta
			c.LabelKernel = ky
		})},
		{"logistic", with(learn.DefaultSVMDConfig(learn.SVMDLogistic, 0), func(c *learn.SVMDConfig) {
			c.Kernel = g
			c.Lambda = 0.05
			c.Eta0 = 0.5
			c.Mu = 0.5
			c.Decay = 0.9
		})},
		{"logistic-offset", with(learn.DefaultSVMDConfig(learn.SVMDLogistic, 0), func(c *learn.SVMDConfig) {
			c.Kernel = g
			c.Lambda = 0.2
			c.Offset = true
			c.Mu = 1
			c.EtaOffset0, c.MuOffset = c.Eta0, c.Mu
		})},
		{"multilogistic", with(learn.DefaultSVMDConfig(learn.SVMDMultiLogistic, 0), func(c *learn.SVMDConfig) {
			c.Kernel = g
			c.Classes = 4
			c.Lambda = 0.05
			c.Eta0 = 0.3
			c.Mu = 0.5
			c.Decay = 0.9
		})},
		{"multilogistic-ky-offset", with(learn.DefaultSVMDConfig(learn.SVMDMultiLogistic, 0), func(c *learn.SVMDConfig) {
			c.Kernel = g
			c.Classes = 4
			c.Lambda = 0.1
			c.LabelKernel = ky
			c.Offset = true
			c.Mu = 1
			c.EtaOffset0, c.MuOffset = c.Eta0, c.Mu
		})},
	}
}

// randomLabel draws a label for the task from x (a noisy rule, so that
// margin errors keep happening).
func randomLabel(r *rand.Rand, l learn.Learner, x []float64) float64 {
	switch l.Task() {
	case learn.Binary:
		if x[0]+0.5*r.NormFloat64() > 0 {
			return 1
		}
		return -1
	case learn.Multiclass:
		k := l.NumScores()
		c := int(math.Floor((math.Atan2(x[1], x[0]) + math.Pi) / (2 * math.Pi) * float64(k)))
		if r.IntN(5) == 0 {
			c = r.IntN(k)
		}
		return float64(min(max(c, 0), k-1))
	}
	return 0
}

// naive holds a recomputation from the stored coefficients and the Gram matrix.
type naive struct {
	e    *expansion.Expansion
	xs   [][]float64
	a, b [][]float64
}

func snapshotNaive(e *expansion.Expansion) naive {
	n := naive{e: e}
	for i := range e.Len() {
		n.xs = append(n.xs, append([]float64(nil), e.X(i)...))
		n.a = append(n.a, e.Alpha(nil, i))
		n.b = append(n.b, e.Beta(nil, i))
	}
	return n
}

func kOf(k kernel.Kernel, x, z []float64) float64 {
	var d, xx, zz float64
	for i := range x {
		d += x[i] * z[i]
		xx += x[i] * x[i]
		zz += z[i] * z[i]
	}
	return k.FromDot(d, xx, zz)
}

func (n naive) ky(y, z int) float64 {
	if m := n.e.LabelKernel(); m != nil {
		return m[y*n.e.Labels()+z]
	}
	if y == z {
		return 1
	}
	return 0
}

// inner returns Σ_ij k(x_i, x_j) p_iᵀ K_Y q_j.
func (n naive) inner(p, q [][]float64) float64 {
	K := n.e.Labels()
	var s float64
	for i := range n.xs {
		for j := range n.xs {
			kij := kOf(n.e.Kernel(), n.xs[i], n.xs[j])
			for y := range K {
				for z := range K {
					s += kij * p[i][y] * n.ky(y, z) * q[j][z]
				}
			}
		}
	}
	return s
}

// eval returns Σ_i k(x_i, x) K_Y c_i.
func (n naive) eval(c [][]float64, x []float64) []float64 {
	K := n.e.Labels()
	out := make([]float64, K)
	for i := range n.xs {
		ki := kOf(n.e.Kernel(), n.xs[i], x)
		for y := range K {
			for z := range K {
				out[y] += ki * n.ky(y, z) * c[i][z]
			}
		}
	}
	return out
}

// TestSVMDIncrementalMatchesNaive checks, for every loss, that SVMD's
// incremental ⟨g_t, v_t⟩ (45), π = ⟨f, v⟩ (46) and ‖f‖² (49), with the
// truncation correction (“Truncation”, package documentation), equal a naive recomputation
// from the stored coefficients and the Gram matrix to 1e-9 relative, over
// 2,000 random steps that wrap a small buffer many times.
//
// "Relative" is to the natural scale of each quantity: ‖f‖² itself, and for
// the inner products the Cauchy–Schwarz bounds ‖f‖‖v‖ and c‖f‖‖v‖ + |ξ||v(x)|
// (an inner product of two large functions can be near 0 by cancellation).
func TestSVMDIncrementalMatchesNaive(t *testing.T) {
	const (
		seed  = 7001
		steps = 2000
		dim   = 3
		omega = 25 // 2,000 steps wrap it dozens of times
		tol   = 1e-9
	)
	for ci, tc := range svmdCases() {
		t.Run(tc.name, func(t *testing.T) {
			t.Logf("seed %d, case %d", seed, ci)
			cfg := tc.cfg
			cfg.BufferSize = omega
			l, err := learn.NewSVMD(cfg, dim)
			if err != nil {
				t.Fatal(err)
			}
			e := l.Expansion()
			r := rand.New(rand.NewPCG(seed, uint64(ci)))
			x := make([]float64, dim)
			evictions := 0
			for step := range steps {
				for j := range x {
					x[j] = r.NormFloat64()
				}
				y := randomLabel(r, l, x)
				before := snapshotNaive(e)
				piBefore := before.inner(before.a, before.b)
				vx := before.eval(before.b, x)
				full := e.Len() == e.Cap()
				st := l.Learn(x, y)
				if st.Diverged {
					t.Fatalf("step %d: diverged", step)
				}
				if full && st.MarginError {
					evictions++
				}
				d := l.Diagnostics()
				after := snapshotNaive(e)
				nf := after.inner(after.a, after.a)
				nv := after.inner(after.b, after.b)
				pi := after.inner(after.a, after.b)
				if math.Abs(d.NormF-nf) > tol*nf {
					t.Fatalf("step %d: ‖f‖² = %.17g, naive %.17g", step, d.NormF, nf)
				}
				if scale := math.Sqrt(nf * nv); math.Abs(d.Pi-pi) > tol*scale {
					t.Fatalf("step %d: π = %.17g, naive %.17g (scale %g)", step, d.Pi, pi, scale)
				}
				var xiv, xin, vn float64
				for y := range vx {
					xiv += d.Xi[y] * vx[y]
					xin += d.Xi[y] * d.Xi[y]
					vn += vx[y] * vx[y]
				}
				gv := d.Lambda*piBefore + xiv
				nfB, nvB := before.inner(before.a, before.a), before.inner(before.b, before.b)
				scale := d.Lambda*math.Sqrt(nfB*nvB) + math.Sqrt(xin*vn)
				if math.Abs(d.GV-gv) > tol*scale {
					t.Fatalf("step %d: ⟨g, v⟩ = %.17g, naive %.17g (scale %g)", step, d.GV, gv, scale)
				}
			}
			if evictions < 3*omega {
				t.Fatalf("only %d evictions: the buffer did not wrap several times", evictions)
			}
			t.Logf("%d evictions, final η %.4g, ‖f‖² %.4g", evictions, l.Diagnostics().Eta, l.Diagnostics().NormF)
		})
	}
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-12*math.Max(1, math.Abs(b)) }

// TestSVMDHandComputed checks two SMD steps of binary hinge SVMD against
// values computed by hand from eqs. (33), (40), (32), (45)–(49), with the
// linear kernel in one dimension (k(x, z) = xz):
//
//	η0 = 0.5, c = 0.1, μ = 1, λ = 0.9.
//	Step 1, x = 1, y = +1: f = 0, ξ = −1, ⟨g, v⟩ = 0, η = 0.5;
//	  α = (0.5), β = (0.5), π = ‖f‖² = 0.25.
//	Step 2, x = 2, y = −1: f(2) = 1, ξ = +1, v(2) = 1,
//	  ⟨g, v⟩ = 0.1·0.25 + 1 = 1.025, η = 0.5·max(½, 1 − 1.025) = 0.25,
//	  1 − ηc = 0.975; α = (0.5·0.975, −0.25) = (0.4875, −0.25);
//	  β = (0.975·0.9·0.5 − 0.25·0.1·0.5, −0.25) = (0.42625, −0.25);
//	  π = Σ k_ij α_i β_j = 0.000921875, ‖f‖² = 0.00015625.
func TestSVMDHandComputed(t *testing.T) {
	l, err := learn.NewSVMD(with(learn.DefaultSVMDConfig(learn.SVMDHinge, 0), func(c *learn.SVMDConfig) {
		c.Kernel = kernel.Linear{}
		c.Lambda = 0.1
		c.Eta0 = 0.5
		c.Mu = 1
		c.Decay = 0.9
	}), 1)
	if err != nil {
		t.Fatal(err)
	}
	st := l.Learn([]float64{1}, 1)
	d := l.Diagnostics()
	if st.Eta != 0.5 || d.GV != 0 || !near(d.Pi, 0.25) || !near(d.NormF, 0.25) || st.Loss != 1 || !st.MarginError {
		t.Fatalf("step 1: %+v %+v", st, d)
	}
	st = l.Learn([]float64{2}, -1)
	d = l.Diagnostics()
	if !near(d.GV, 1.025) || st.Eta != 0.25 || st.Loss != 2 || !st.Mistake {
		t.Fatalf("step 2: %+v %+v", st, d)
	}
	e := l.Expansion()
	wantA, wantB := []float64{0.4875, -0.25}, []float64{0.42625, -0.25}
	for i := range 2 {
		if a, b := e.Alpha(nil, i)[0], e.Beta(nil, i)[0]; !near(a, wantA[i]) || !near(b, wantB[i]) {
			t.Fatalf("term %d: α = %v, β = %v, want %v, %v", i, a, b, wantA[i], wantB[i])
		}
	}
	if !near(d.Pi, 0.000921875) || !near(d.NormF, 0.00015625) {
		t.Fatalf("step 2: π = %v, ‖f‖² = %v", d.Pi, d.NormF)
	}
	// Step 3, x = 2, y = −1: f(2) = 0.4875·2 − 0.25·4 = −0.025, y·f < 1, ξ = +1;
	// v(2) = 0.42625·2 − 0.25·4 = −0.1475; ⟨g, v⟩ = 0.1·0.000921875 − 0.1475 < 0
	// (the new gradient agrees with the trace), so η grows — the sign
	// convention of JMLR (33)/(34) (“Sign of the trace”, package documentation):
	// η = 0.25·(1 − (0.0000921875 − 0.1475)) = 0.286851953125.
	st = l.Learn([]float64{2}, -1)
	if want := 0.286851953125; !near(st.Eta, want) || !near(l.Diagnostics().GV, 0.0000921875-0.1475) {
		t.Fatalf("step 3: η = %.17g, want %.17g", st.Eta, want)
	}
}

// TestSVMDHandComputedExtensions checks the offset (50)–(52), ν-trick
// (56)–(58) and logistic χ (43) rules on hand-computed first steps.
func TestSVMDHandComputedExtensions(t *testing.T) {
	// Offsets: binary hinge, η_b0 = 0.5, μ_b = 1, λ = 0.9.
	// Step 1, y = +1: ξ = −1; η_b = 0.5 (v_b = 0); v_b = −0.5·(−1) = 0.5; b = 0.5.
	// Step 2, y = −1 at x = 1: u = f + b > −1 so ξ = +1;
	//   η_b = 0.5·max(½, 1 − 1·1·0.5) = 0.25; v_b = 0.9·0.5 − 0.25 = 0.2; b = 0.5 − 0.25 = 0.25.
	l, err := learn.NewSVMD(with(learn.DefaultSVMDConfig(learn.SVMDHinge, 0), func(c *learn.SVMDConfig) {
		c.Kernel = kernel.Linear{}
		c.Lambda = 0.1
		c.Eta0 = 0.5
		c.Mu = 1
		c.Decay = 0.9
		c.Offset = true
		c.EtaOffset0, c.MuOffset = c.Eta0, c.Mu
	}), 1)
	if err != nil {
		t.Fatal(err)
	}
	l.Learn([]float64{1}, 1)
	if d := l.Diagnostics(); d.EtaOffset[0] != 0.5 || d.VOffset[0] != 0.5 || l.Offsets()[0] != 0.5 {
		t.Fatalf("offset step 1: %+v b = %v", d, l.Offsets())
	}
	l.Learn([]float64{1}, -1)
	if d := l.Diagnostics(); !near(d.EtaOffset[0], 0.25) || !near(d.VOffset[0], 0.2) || !near(l.Offsets()[0], 0.25) {
		t.Fatalf("offset step 2: η_b %v v_b %v b %v", d.EtaOffset, d.VOffset, l.Offsets())
	}

	// ν-trick, novelty, ν = 0.2, μ = 1, λ = 0.95, ε0 = 1, η_ε0 = 1.
	// Step 1: f = 0 < ε, m = 1, ε(ν − m) = −0.8; η_ε = 1 (v_ε = 0);
	//   ε = exp(−0.8); v_ε = 1·(−0.8)·(1 + 0) = −0.8.
	// Step 2 at a far point (f ≈ 0 < ε again): g = ε1·(−0.8);
	//   η_ε = max(½, 1 + 1·(−0.8)·g); ε2 = ε1·exp(η_ε g); v_ε = 0.95·(−0.8) + η_ε g (1 − 0.95·0.8).
	nv, err := learn.NewSVMD(with(learn.DefaultSVMDConfig(learn.SVMDNovelty, 0.2), func(c *learn.SVMDConfig) {
		c.Kernel = kernel.Gaussian{Sigma: 0.1}
		c.Decay = 0.95
	}), 1)
	if err != nil {
		t.Fatal(err)
	}
	st := nv.Learn([]float64{0}, 0)
	e1 := math.Exp(-0.8)
	if d := nv.Diagnostics(); !near(d.Margin, e1) || d.EtaMargin != 1 || !near(d.VMargin, -0.8) || !near(st.Margin, e1) || !near(st.Loss, 1-0.2) {
		t.Fatalf("ν step 1: %+v %+v", st, d)
	}
	nv.Learn([]float64{100}, 0)
	g := e1 * -0.8
	etaE := math.Max(0.5, 1+(-0.8)*g)
	if d := nv.Diagnostics(); !near(d.EtaMargin, etaE) || !near(d.Margin, e1*math.Exp(etaE*g)) || !near(d.VMargin, 0.95*-0.8+etaE*g*(1-0.95*0.8)) {
		t.Fatalf("ν step 2: %+v", d)
	}

	// Logistic χ: linear kernel, η0 = 0.5, c = 0.1, μ = 0 (η fixed), λ = 0.9.
	// Step 1, x = 1, y = +1: f = 0, ξ = −½, ρ = ¼, v = 0 so χ = 0; β1 = −0.5·(−½) = 0.25.
	// Step 2, x = 2, y = +1: v(2) = 0.5 (old β mixed first? no: χ uses v_t(x_t) = 2·0.25);
	//   f(2) = 2·0.25 = 0.5, ξ = −1/(1 + e^0.5), ρ = e^0.5/(1 + e^0.5)², χ = ρ·0.5;
	//   new β = −0.5·(ξ + 0.9·χ).
	lg, err := learn.NewSVMD(with(learn.DefaultSVMDConfig(learn.SVMDLogistic, 0), func(c *learn.SVMDConfig) {
		c.Kernel = kernel.Linear{}
		c.Lambda = 0.1
		c.Eta0 = 0.5
		c.Mu = 0 // η stays η0
		c.Decay = 0.9
	}), 1)
	if err != nil {
		t.Fatal(err)
	}
	lg.Learn([]float64{1}, 1)
	lg.Learn([]float64{2}, 1)
	ex := lg.Expansion()
	xi := -1 / (1 + math.Exp(0.5))
	rho := math.Exp(0.5) / ((1 + math.Exp(0.5)) * (1 + math.Exp(0.5)))
	if b := ex.Beta(nil, 1)[0]; !near(b, -0.5*(xi+0.9*rho*0.5)) {
		t.Fatalf("logistic new β = %.17g, want %.17g", b, -0.5*(xi+0.9*rho*0.5))
	}
}

// TestSVMDEtaClamp checks the “Clamp” reading (package documentation): with c = 1 and η0 = 1 the
// factor 1 − ηc is exactly 0 (f is wiped) and η never exceeds 1/c.
func TestSVMDEtaClamp(t *testing.T) {
	l, err := learn.NewSVMD(with(learn.DefaultSVMDConfig(learn.SVMDHinge, 0), func(c *learn.SVMDConfig) {
		c.Kernel = kernel.Linear{}
		c.Lambda = 1
		c.Eta0 = 1
		c.Mu = 1
		c.Decay = 1
	}), 1)
	if err != nil {
		t.Fatal(err)
	}
	l.Learn([]float64{1}, 1)
	l.Learn([]float64{-1}, 1) // f(−1) = −1: violation; ⟨g, v⟩ = π − v(−1) = 1 + 1 > 0
	for i := range 50 {
		x := []float64{float64(i%3) - 1}
		st := l.Learn(x, 1)
		if st.Eta > 1 || st.Diverged {
			t.Fatalf("step %d: η = %v > 1/c", i, st.Eta)
		}
	}
	// Repeated violations at one point (margin 1000, never reached) make
	// consecutive gradients agree, ⟨g, v⟩ < 0, and drive η up to the clamp
	// 1/c = 100, where 1 − ηc = 0 exactly wipes every old coefficient.
	l2, err := learn.NewSVMD(with(learn.DefaultSVMDConfig(learn.SVMDHinge, 0), func(c *learn.SVMDConfig) {
		c.Kernel = kernel.Gaussian{Sigma: 1}
		c.Lambda = 0.01
		c.Eta0 = 0.5
		c.Mu = 1
		c.Decay = 1
		c.Margin0 = 1000
	}), 1)
	if err != nil {
		t.Fatal(err)
	}
	clamped := false
	for i := range 500 {
		st := l2.Learn([]float64{0}, 1)
		if st.Eta > 100 || st.Diverged {
			t.Fatalf("step %d: η = %v above 1/c", i, st.Eta)
		}
		if l2.Diagnostics().Clamped {
			clamped = true
			if st.Eta != 100 {
				t.Fatalf("clamped η = %v, want 1/c = 100", st.Eta)
			}
			e := l2.Expansion()
			for j := range e.Len() - 1 {
				if a := e.Alpha(nil, j)[0]; a != 0 {
					t.Fatalf("clamped step left α_%d = %v, want exactly 0", j, a)
				}
			}
			if a := e.Alpha(nil, e.Len()-1)[0]; a != 100 {
				t.Fatalf("newest α = %v, want η·1 = 100", a)
			}
			break
		}
	}
	if !clamped {
		t.Fatal("η never reached the clamp")
	}
}

// TestSVMDNuFraction checks that the ν-trick settles with the fraction of
// margin errors within ±0.03 of ν on a stationary stream, for binary hinge,
// multiclass and novelty detection (paper defaults otherwise).
func TestSVMDNuFraction(t *testing.T) {
	const (
		seed    = 42
		steps   = 6000
		measure = 3000 // the last steps, after settling
	)
	for ci, tc := range []struct {
		name string
		cfg  learn.SVMDConfig
	}{
		{"binary", with(learn.DefaultSVMDConfig(learn.SVMDHinge, 0.2), func(c *learn.SVMDConfig) {
			c.Kernel = kernel.Gaussian{Sigma: 1}
		})},
		{"binary-offset", with(learn.DefaultSVMDConfig(learn.SVMDHinge, 0.05), func(c *learn.SVMDConfig) {
			c.Kernel = kernel.Gaussian{Sigma: 1}
			c.Offset = true
			c.EtaOffset0, c.MuOffset = c.Eta0, c.Mu
		})},
		{"multiclass", with(learn.DefaultSVMDConfig(learn.SVMDMulticlass, 0.15), func(c *learn.SVMDConfig) {
			c.Kernel = kernel.Gaussian{Sigma: 1}
			c.Classes = 3
		})},
		{"graph", with(learn.DefaultSVMDConfig(learn.SVMDGraph, 0.1), func(c *learn.SVMDConfig) {
			c.Kernel = kernel.Gaussian{Sigma: 1}
			c.Classes = 3
		})},
		{"novelty", with(learn.DefaultSVMDConfig(learn.SVMDNovelty, 0.1), func(c *learn.SVMDConfig) {
			c.Kernel = kernel.Gaussian{Sigma: 1}
		})},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Logf("seed %d", seed)
			l, err := learn.NewSVMD(tc.cfg, 2)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(seed, uint64(ci)))
			x := make([]float64, 2)
			errs := 0
			for step := range steps {
				// Blobs of unit spread, centres 5 apart: margin errors
				// are mostly the ν-trick's choice, not class overlap.
				var y float64
				switch l.Task() {
				case learn.Binary:
					y = float64(2*r.IntN(2) - 1)
					x[0], x[1] = 2.5*y+r.NormFloat64(), r.NormFloat64()
				case learn.Multiclass:
					c := r.IntN(3)
					y = float64(c)
					a := 2 * math.Pi * float64(c) / 3
					x[0], x[1] = 3*math.Cos(a)+r.NormFloat64(), 3*math.Sin(a)+r.NormFloat64()
				default:
					x[0], x[1] = r.NormFloat64(), r.NormFloat64()
				}
				st := l.Learn(x, y)
				if st.Diverged {
					t.Fatalf("step %d diverged", step)
				}
				if step >= steps-measure && st.MarginError {
					errs++
				}
			}
			frac := float64(errs) / measure
			t.Logf("fraction of margin errors %.4f (ν = %v), ε = %.4g, η = %.4g", frac, tc.cfg.Nu, l.Diagnostics().Margin, l.Diagnostics().Eta)
			if math.Abs(frac-tc.cfg.Nu) > 0.03 {
				t.Fatalf("fraction of margin errors %.4f, want ν = %v ± 0.03", frac, tc.cfg.Nu)
			}
		})
	}
}

// TestSVMDEtaRisesAfterSwitch checks that on a stream whose class boundary
// switches halfway (labels flip sign), η rises within 100 steps after the
// switch — SMD's reaction to non-stationarity (JMLR §6.2).
func TestSVMDEtaRisesAfterSwitch(t *testing.T) {
	const (
		seed   = 99
		half   = 1500
		window = 100
	)
	// The non-stationary settings of JMLR §6.2 (λ = 0.95, μ = 1) with a
	// moderate regularizer. (With λ = 1 on this flip of the labels, v never
	// forgets the old boundary, ⟨g, v⟩ stays positive after the switch and
	// η collapses: see TestSVMDEtaAfterSwitchDecay1.)
	for ci, cfg := range []learn.SVMDConfig{
		with(learn.DefaultSVMDConfig(learn.SVMDHinge, 0), func(c *learn.SVMDConfig) {
			c.Kernel = kernel.Gaussian{Sigma: 1}
			c.Mu = 1
			c.Decay = 0.95
		}),
		with(learn.DefaultSVMDConfig(learn.SVMDHinge, 0), func(c *learn.SVMDConfig) {
			c.Kernel = kernel.Gaussian{Sigma: 1}
			c.Mu = 1
			c.Decay = 0.95
			c.Lambda = 0.01
		}),
		with(learn.DefaultSVMDConfig(learn.SVMDHinge, 0.05), func(c *learn.SVMDConfig) {
			c.Kernel = kernel.Gaussian{Sigma: 1}
			c.Lambda = 0.01
		}),
		with(learn.DefaultSVMDConfig(learn.SVMDLogistic, 0), func(c *learn.SVMDConfig) {
			c.Kernel = kernel.Gaussian{Sigma: 1}
			c.Lambda = 0.01
			c.Mu = 1
			c.Decay = 0.95
		}),
	} {
		t.Logf("seed %d, case %d", seed, ci)
		l, err := learn.NewSVMD(cfg, 2)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, uint64(ci)))
		x := make([]float64, 2)
		var etaSwitch, etaMax float64
		for step := range 2 * half {
			x[0], x[1] = 2*r.Float64()-1, 2*r.Float64()-1
			y := 1.0
			if x[0]+0.3*x[1] < 0 {
				y = -1
			}
			if step >= half {
				y = -y // the boundary switches: the old classifier is now wrong everywhere
			}
			st := l.Learn(x, y)
			if step == half-1 {
				etaSwitch = st.Eta
			}
			if step >= half && step < half+window {
				etaMax = math.Max(etaMax, st.Eta)
			}
		}
		t.Logf("case %d: η at the switch %.4g, max over the next %d steps %.4g", ci, etaSwitch, window, etaMax)
		if !(etaMax > 2*etaSwitch) {
			t.Errorf("case %d: η did not rise after the switch: %.4g → max %.4g", ci, etaSwitch, etaMax)
		}
	}
}

// TestSVMDNoAllocs checks that a steady-state Learn allocates nothing, for
// every loss.
func TestSVMDNoAllocs(t *testing.T) {
	const dim, omega = 4, 32
	for ci, tc := range svmdCases() {
		cfg := tc.cfg
		cfg.BufferSize = omega
		l, err := learn.NewSVMD(cfg, dim)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(3, uint64(ci)))
		x := make([]float64, dim)
		step := func() {
			for j := range x {
				x[j] = r.NormFloat64()
			}
			l.Learn(x, randomLabel(r, l, x))
		}
		for range 4 * omega {
			step()
		}
		if n := testing.AllocsPerRun(300, step); n != 0 {
			t.Errorf("%s: %v allocations per Learn", tc.name, n)
		}
	}
}

// TestSVMDBitIdentical checks that reruns on the same stream — a fresh
// learner and the same learner after Reset — are identical bit for bit.
func TestSVMDBitIdentical(t *testing.T) {
	const dim, steps = 3, 700
	for ci, tc := range svmdCases() {
		cfg := tc.cfg
		cfg.BufferSize = 50
		run := func(l *learn.SVMD) []uint64 {
			r := rand.New(rand.NewPCG(11, uint64(ci)))
			x := make([]float64, dim)
			var out []uint64
			for range steps {
				for j := range x {
					x[j] = r.NormFloat64()
				}
				st := l.Learn(x, randomLabel(r, l, x))
				d := l.Diagnostics()
				out = append(out, math.Float64bits(st.Loss), math.Float64bits(st.Eta), math.Float64bits(st.Margin),
					math.Float64bits(d.Pi), math.Float64bits(d.NormF), math.Float64bits(d.GV))
			}
			s := l.Scores(make([]float64, l.NumScores()), x)
			for _, v := range s {
				out = append(out, math.Float64bits(v))
			}
			return out
		}
		a, _ := learn.NewSVMD(cfg, dim)
		b, _ := learn.NewSVMD(cfg, dim)
		ra, rb := run(a), run(b)
		a.Reset()
		rc := run(a)
		for i := range ra {
			if ra[i] != rb[i] || ra[i] != rc[i] {
				t.Fatalf("%s: runs differ at value %d", tc.name, i)
			}
		}
	}
}

// TestSVMDConfigErrors checks that invalid user settings are errors.
func TestSVMDConfigErrors(t *testing.T) {
	for _, tc := range []struct {
		cfg  learn.SVMDConfig
		dim  int
		want string
	}{
		{with(learn.DefaultSVMDConfig(learn.SVMDHinge, 0), func(c *learn.SVMDConfig) {
			c.Kernel = kernel.Gaussian{Sigma: -1}
		}), 2, "σ"},
		{with(learn.DefaultSVMDConfig(learn.SVMDHinge, 0), func(c *learn.SVMDConfig) {
			c.BufferSize = -1
		}), 2, "BufferSize"},
		{with(learn.DefaultSVMDConfig(learn.SVMDHinge, 0), func(c *learn.SVMDConfig) {
			c.Lambda = math.NaN()
		}), 2, "Lambda"},
		{with(learn.DefaultSVMDConfig(learn.SVMDHinge, 0), func(c *learn.SVMDConfig) {
			c.Eta0 = math.Inf(1)
		}), 2, "Eta0"},
		{with(learn.DefaultSVMDConfig(learn.SVMDHinge, 0), func(c *learn.SVMDConfig) {
			c.Mu = -1
		}), 2, "Mu"},
		{with(learn.DefaultSVMDConfig(learn.SVMDHinge, 0), func(c *learn.SVMDConfig) {
			c.Decay = 1.5
		}), 2, "Decay"},
		{learn.DefaultSVMDConfig(learn.SVMDHinge, 1), 2, "Nu"},
		{learn.DefaultSVMDConfig(learn.SVMDLogistic, 0.1), 2, "ν"},
		{with(learn.DefaultSVMDConfig(learn.SVMDNovelty, 0), func(c *learn.SVMDConfig) {
			c.Offset = true
			c.EtaOffset0, c.MuOffset = c.Eta0, c.Mu
		}), 2, "offset"},
		{with(learn.DefaultSVMDConfig(learn.SVMDMulticlass, 0), func(c *learn.SVMDConfig) {
			c.Classes = 1
		}), 2, "Classes"},
		{with(learn.DefaultSVMDConfig(learn.SVMDMulticlass, 0), func(c *learn.SVMDConfig) {
			c.Classes = 3
			c.LabelKernel = []float64{1, 0, 0, 1}
		}), 2, "LabelKernel"},
		{with(learn.DefaultSVMDConfig(learn.SVMDMulticlass, 0), func(c *learn.SVMDConfig) {
			c.Classes = 2
			c.LabelKernel = []float64{1, 0.5, 0, 1}
		}), 2, "symmetric"},
		{with(learn.DefaultSVMDConfig(learn.SVMDGraph, 0), func(c *learn.SVMDConfig) {
			c.Classes = 2
			c.LabelDistance = []float64{0, -1, 1, 0}
		}), 2, "Δ"},
		{with(learn.DefaultSVMDConfig(learn.SVMDHinge, 0), func(c *learn.SVMDConfig) {
			c.LabelDistance = []float64{0}
		}), 2, "LabelDistance"},
		{learn.DefaultSVMDConfig(learn.SVMDHinge, 0), 0, "dimension"},
		{learn.DefaultSVMDConfig(99, 0), 2, "loss"},
		{with(learn.DefaultSVMDConfig(learn.SVMDHinge, 0), func(c *learn.SVMDConfig) {
			c.BufferSize = 1 << 30
		}), 2, "limit"},
		{with(learn.DefaultSVMDConfig(learn.SVMDMulticlass, 0), func(c *learn.SVMDConfig) {
			c.Classes = 1 << 20
		}), 2, "limit"},
	} {
		_, err := learn.NewSVMD(tc.cfg, tc.dim)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want one mentioning %q", tc.cfg, err, tc.want)
		}
	}
	// Defaults of the zero value (JMLR §6).
	l, err := learn.NewSVMD(learn.DefaultSVMDConfig(learn.SVMDHinge, 0), 2)
	if err != nil {
		t.Fatal(err)
	}
	d := l.Diagnostics()
	if l.Expansion().Cap() != 512 || d.Eta != 1 || d.Mu != 0.1 || d.Decay != 0.99 || d.Margin != 1 || l.Task() != learn.Binary {
		t.Fatalf("zero-value defaults: %+v, ω = %d", d, l.Expansion().Cap())
	}
	m, _ := learn.NewSVMD(learn.DefaultSVMDConfig(learn.SVMDMulticlass, 0), 2)
	if d := m.Diagnostics(); m.NumScores() != 10 || d.Eta != 0.1 || d.Mu != 0.1 || d.Decay != 0.99 {
		t.Fatalf("multiclass defaults: %+v", d)
	}
	n, _ := learn.NewSVMD(with(learn.DefaultSVMDConfig(learn.SVMDHinge, 0.05), func(c *learn.SVMDConfig) {
		c.Decay = 0 // single-step SVMD
	}), 2)
	if d := n.Diagnostics(); d.Lambda != 1 || d.Mu != 1 || d.Decay != 0 {
		t.Fatalf("ν defaults: %+v", d)
	}
}

// TestSVMDDiverges checks that a non-finite input is reported as divergence
// and freezes the learner until Reset.
func TestSVMDDiverges(t *testing.T) {
	l, _ := learn.NewSVMD(with(learn.DefaultSVMDConfig(learn.SVMDHinge, 0), func(c *learn.SVMDConfig) {
		c.Kernel = kernel.Linear{}
	}), 1)
	l.Learn([]float64{1}, 1)
	if st := l.Learn([]float64{math.Inf(1)}, 1); !st.Diverged {
		t.Fatalf("no divergence on x = +Inf: %+v", st)
	}
	n := l.Expansion().Len()
	if st := l.Learn([]float64{1}, -1); !st.Diverged || l.Expansion().Len() != n {
		t.Fatal("learner kept learning after divergence")
	}
	l.Reset()
	if st := l.Learn([]float64{1}, 1); st.Diverged {
		t.Fatal("still diverged after Reset")
	}
}

// TestSVMDConformance runs the learntest suite on SVMD's tasks.
func TestSVMDConformance(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  learn.SVMDConfig
		opt  learntest.Options
	}{
		{"binary", with(learn.DefaultSVMDConfig(learn.SVMDHinge, 0), func(c *learn.SVMDConfig) {
			c.BufferSize = 64
		}), learntest.Options{Dim: 2, Warmup: 200}},
		{"binary-nu-offset", with(learn.DefaultSVMDConfig(learn.SVMDHinge, 0.05), func(c *learn.SVMDConfig) {
			c.BufferSize = 64
			c.Offset = true
			c.EtaOffset0, c.MuOffset = c.Eta0, c.Mu
		}), learntest.Options{Dim: 2, Warmup: 200}},
		{"logistic", with(learn.DefaultSVMDConfig(learn.SVMDLogistic, 0), func(c *learn.SVMDConfig) {
			c.BufferSize = 64
		}), learntest.Options{Dim: 2, Warmup: 200}},
		{"multiclass", with(learn.DefaultSVMDConfig(learn.SVMDMulticlass, 0), func(c *learn.SVMDConfig) {
			c.BufferSize = 64
			c.Classes = 4
		}), learntest.Options{Dim: 2, Warmup: 200}},
		{"multilogistic", with(learn.DefaultSVMDConfig(learn.SVMDMultiLogistic, 0), func(c *learn.SVMDConfig) {
			c.BufferSize = 64
			c.Classes = 3
		}), learntest.Options{Dim: 2, Warmup: 200}},
		{"novelty", with(learn.DefaultSVMDConfig(learn.SVMDNovelty, 0.1), func(c *learn.SVMDConfig) {
			c.BufferSize = 64
		}), learntest.Options{Dim: 2, Warmup: 200}},
	} {
		tc.opt.WithKernel = func(k kernel.Kernel) (learn.Learner, error) {
			c := tc.cfg
			c.Kernel = k
			return learn.NewSVMD(c, tc.opt.Dim)
		}
		learntest.Test(t, "svmd-"+tc.name, func() learn.Learner {
			l, err := learn.NewSVMD(tc.cfg, tc.opt.Dim)
			if err != nil {
				t.Fatal(err)
			}
			return l
		}, tc.opt)
	}
}
