package learn_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats"

	"kernelplay/core/kernel"
	"kernelplay/core/learn"
)

// closeTo reports |a − b| ≤ 1e-9·max(1, |a|, |b|): the records hold the values
// the step computed, the recomputations take other routes (Scores instead of
// the cached kernel row, the expansion's lazy scale factors).
func closeTo(a, b float64) bool {
	return math.Abs(a-b) <= 1e-9*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

func checkNear(t *testing.T, step int, what string, got, want float64) {
	t.Helper()
	if !closeTo(got, want) {
		t.Errorf("step %d: %s = %.17g, recomputed %.17g", step, what, got, want)
	}
}

// inspectStream returns n seeded 2D points with ±1 labels of the XOR pattern
// (so the margin is violated often and the buffer fills), the seed logged.
func inspectStream(t *testing.T, seed uint64, n int) (xs [][]float64, ys []float64) {
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 7))
	for range n {
		x := []float64{2*rng.Float64() - 1, 2*rng.Float64() - 1}
		y := 1.0
		if x[0]*x[1] < 0 {
			y = -1
		}
		xs, ys = append(xs, x), append(ys, y)
	}
	return xs, ys
}

// TestSVMDLastUpdate checks every number of SVMD's record against a
// recomputation from the learner's state before and after the step (JMLR
// Algorithm 2): f_t(x_t) against Scores before Learn, the loss and ξ_t of the
// hinge at ε_t, ⟨g_t, v_t⟩ = cπ_t + ξᵀv(x_t) with π_t from the diagnostics
// before, η_t from η_{t−1}, μ and ⟨g, v⟩ (33), the shrink 1 − η_t c, the new
// term's α_t and β_t against the expansion's newest term, the old rows' trace
// update (40) against their β before and after, the evicted term's α and
// index against the buffer, and with ν the margin's eqs. (56)–(58). Buffer ω =
// 4 over 40 steps, so most steps evict.
func TestSVMDLastUpdate(t *testing.T) {
	for _, nu := range []float64{0, 0.2} {
		cfg := learn.DefaultSVMDConfig(learn.SVMDHinge, nu)
		cfg.Kernel = kernel.Gaussian{Sigma: 0.7}
		cfg.BufferSize, cfg.Lambda, cfg.Eta0, cfg.Mu, cfg.Decay = 4, 0.3, 0.5, 0.8, 0.9
		s, err := learn.NewSVMD(cfg, 2)
		if err != nil {
			t.Fatal(err)
		}
		if u := s.LastUpdate(); u.T != 0 {
			t.Fatalf("before the first step T = %d", u.T)
		}
		xs, ys := inspectStream(t, 11, 40)
		evictions := 0
		for i, x := range xs {
			y, step := ys[i], i+1
			e := s.Expansion()
			before := s.Diagnostics()
			score := s.Scores(make([]float64, 1), x)[0]
			n0 := e.Len()
			alphaOld := make([][]float64, n0)
			betaOld := make([][]float64, n0)
			xOld := make([][]float64, n0)
			for j := range n0 {
				alphaOld[j], betaOld[j] = e.Alpha(nil, j), e.Beta(nil, j)
				xOld[j] = append([]float64(nil), e.X(j)...)
			}

			st := s.Learn(x, y)
			u := s.LastUpdate()
			after := s.Diagnostics()

			if u.T != step || u.Y != y || u.Terms != n0 || u.Diverged || st.Diverged {
				t.Fatalf("step %d: T %d, Terms %d (buffer had %d), Diverged %v", step, u.T, u.Terms, n0, u.Diverged)
			}
			checkNear(t, step, "f_t(x_t)", u.U[0], score)
			checkNear(t, step, "F", u.F[0], score) // no offset
			eps := before.Margin
			checkNear(t, step, "ε_t", u.Margin, eps)
			hinge := math.Max(0, eps-y*score)
			checkNear(t, step, "loss", u.LossValue, hinge-nu*eps)
			wantXi := 0.0
			if hinge > 0 {
				wantXi = -y
			}
			if u.Xi[0] != wantXi || u.Violated != (hinge > 0) {
				t.Errorf("step %d: ξ_t = %v violated %v, want %v", step, u.Xi[0], u.Violated, wantXi)
			}
			checkNear(t, step, "π_t", u.Pi, before.Pi)
			checkNear(t, step, "⟨g,v⟩ (45)", u.GV, cfg.Lambda*before.Pi+u.XiV)
			checkNear(t, step, "⟨g,v⟩ diagnostics", u.GV, after.GV)
			checkNear(t, step, "η_{t−1}", u.EtaPrev, before.Eta)
			wantEta := before.Eta * math.Max(0.5, 1-cfg.Mu*u.GV)
			if wantEta*cfg.Lambda >= 1 {
				wantEta = 1 / cfg.Lambda
			}
			checkNear(t, step, "η_t (33)", u.Eta, wantEta)
			checkNear(t, step, "η_t diagnostics", u.Eta, after.Eta)
			checkNear(t, step, "1 − η_t c", u.Shrink, math.Max(0, 1-u.Eta*cfg.Lambda))
			checkNear(t, step, "α_t", u.Alpha[0], -u.Eta*u.Xi[0])
			checkNear(t, step, "β_t", u.Beta[0], -u.Eta*u.Xi[0])

			// The new term and the eviction, against the buffer.
			full := n0 == cfg.BufferSize
			if u.Stored != u.Violated || u.Evicted != (full && u.Stored) {
				t.Fatalf("step %d: stored %v evicted %v (violated %v, full %v)", step, u.Stored, u.Evicted, u.Violated, full)
			}
			shift := 0
			if u.Stored {
				if u.Index != e.Len()-1 || !floats.Equal(e.X(u.Index), x) {
					t.Errorf("step %d: Index %d is not the newest term holding x_t", step, u.Index)
				}
				checkNear(t, step, "newest α", e.Alpha(nil, u.Index)[0], u.Alpha[0])
				checkNear(t, step, "newest β", e.Beta(nil, u.Index)[0], u.Beta[0])
			} else if u.Index != -1 {
				t.Errorf("step %d: Index %d without a stored term", step, u.Index)
			}
			if u.Evicted {
				evictions++
				shift = 1
				if u.EvictedIndex != 0 {
					t.Errorf("step %d: EvictedIndex %d, want the oldest (0)", step, u.EvictedIndex)
				}
				checkNear(t, step, "evicted α", u.EvictedAlpha[0], u.Shrink*alphaOld[0][0])
				if n0 > 1 && !floats.Equal(e.X(0), xOld[1]) {
					t.Errorf("step %d: the oldest term after eviction is not the second oldest before", step)
				}
			} else if u.EvictedIndex != -1 {
				t.Errorf("step %d: EvictedIndex %d without an eviction", step, u.EvictedIndex)
			}
			// Surviving old rows: α ← (1 − ηc)α (32), β ← (1 − ηc)λβ − ηcα (40).
			checkNear(t, step, "β scale", u.BetaScale, u.Shrink*cfg.Decay)
			checkNear(t, step, "β mix", u.BetaMix, -u.Eta*cfg.Lambda)
			for j := shift; j < n0; j++ {
				checkNear(t, step, "old α", e.Alpha(nil, j-shift)[0], u.Shrink*alphaOld[j][0])
				checkNear(t, step, "old β (40)", e.Beta(nil, j-shift)[0], u.BetaScale*betaOld[j][0]+u.BetaMix*alphaOld[j][0])
			}

			// The ν-trick's margin, eqs. (56)–(58).
			if nu > 0 {
				g := u.Margin * (nu - u.M)
				checkNear(t, step, "η_{ε,t−1}", u.EtaMarginPrev, before.EtaMargin)
				checkNear(t, step, "v_ε before", u.VMarginPrev, before.VMargin)
				checkNear(t, step, "η_ε (57)", u.EtaMargin, before.EtaMargin*math.Max(0.5, 1+cfg.Mu*before.VMargin*g))
				checkNear(t, step, "ε step", u.MarginStep, u.EtaMargin*g)
				checkNear(t, step, "ε_{t+1} (56)", u.MarginNext, u.Margin*math.Exp(u.MarginStep))
				checkNear(t, step, "ε_{t+1} diagnostics", u.MarginNext, after.Margin)
				checkNear(t, step, "v_ε (58)", u.VMargin, cfg.Decay*before.VMargin+u.EtaMargin*g*(1+cfg.Decay*before.VMargin))
				checkNear(t, step, "v_ε diagnostics", u.VMargin, after.VMargin)
			}
		}
		if evictions < 5 {
			t.Errorf("ν = %v: only %d evictions in %d steps; the test needs more", nu, evictions, len(xs))
		}
	}
}

// TestLastUpdateNoAlloc checks that recording costs no allocation: Learn
// followed by LastUpdate allocates nothing in steady state, for every learner
// with a record; and that Reset clears the record (T = 0).
func TestLastUpdateNoAlloc(t *testing.T) {
	xs, ys := inspectStream(t, 3, 64)
	svmd, _ := learn.NewSVMD(learn.DefaultSVMDConfig(learn.SVMDHinge, 0.1), 2)
	norma, _ := learn.NewNORMA(learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0), 2)
	peg, _ := learn.NewPegasos(learn.DefaultPegasosConfig(), 2)
	kpeg, _ := learn.NewKernelPegasos(learn.DefaultKernelPegasosConfig(), 2)
	dcd, _ := learn.NewDCDOnline(learn.DefaultDCDOnlineConfig(), 2)
	amm, _ := learn.NewBinaryAMM(learn.DefaultAMMConfig(2), 2)
	res, _ := learn.NewRES(learn.DefaultRESConfig(), 2)
	cases := []struct {
		name string
		l    learn.Learner
		last func() int
	}{
		{"SVMD", svmd, func() int { return svmd.LastUpdate().T }},
		{"NORMA", norma, func() int { return norma.LastUpdate().T }},
		{"Pegasos", peg, func() int { return peg.LastUpdate().T }},
		{"KernelPegasos", kpeg, func() int { return kpeg.LastUpdate().T }},
		{"DCDOnline", dcd, func() int { return dcd.LastUpdate().T }},
		{"BinaryAMM", amm, func() int { return amm.LastUpdate().T }},
		{"RES", res, func() int { return res.LastUpdate().T }},
	}
	for _, c := range cases {
		for i := range xs {
			c.l.Learn(xs[i], ys[i])
		}
		i := 0
		allocs := testing.AllocsPerRun(50, func() {
			c.l.Learn(xs[i%len(xs)], ys[i%len(xs)])
			_ = c.last()
			i++
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per Learn + LastUpdate", c.name, allocs)
		}
		if c.last() == 0 {
			t.Errorf("%s: T still 0 after %d steps", c.name, i+len(xs))
		}
		c.l.Reset()
		if c.last() != 0 {
			t.Errorf("%s: T = %d after Reset", c.name, c.last())
		}
	}
}

// bufferBefore is a kernel learner's buffer before a step: the terms' α
// (first label) and inputs.
type bufferBefore struct {
	alpha []float64
	x     [][]float64
}

func snapshot(m learn.KernelModel) bufferBefore {
	e := m.Expansion()
	var b bufferBefore
	for j := range e.Len() {
		b.alpha = append(b.alpha, e.Alpha(nil, j)[0])
		b.x = append(b.x, append([]float64(nil), e.X(j)...))
	}
	return b
}

// checkTerms checks a kernel learner's record of the new term and the
// eviction against the buffer before (b) and after the step: the newest term
// holds x_t with coefficient alpha (0: none stored), the evicted term was the
// oldest, with α = shrink·α_0 as it left, and the survivors were scaled by
// shrink.
func checkTerms(t *testing.T, step int, m learn.KernelModel, b bufferBefore, capacity int, x []float64, alpha, shrink float64,
	stored bool, index int, evicted bool, evIndex int, evAlpha float64) {
	t.Helper()
	e := m.Expansion()
	n0 := len(b.alpha)
	if stored != (alpha != 0) || evicted != (stored && n0 == capacity) {
		t.Fatalf("step %d: stored %v evicted %v with α_t %v and %d of %d terms", step, stored, evicted, alpha, n0, capacity)
	}
	if stored {
		if index != e.Len()-1 || !floats.Equal(e.X(index), x) {
			t.Errorf("step %d: Index %d is not the newest term holding x_t", step, index)
		}
		checkNear(t, step, "newest α", e.Alpha(nil, e.Len()-1)[0], alpha)
	} else if index != -1 {
		t.Errorf("step %d: Index %d without a stored term", step, index)
	}
	shift := 0
	if evicted {
		shift = 1
		if evIndex != 0 {
			t.Errorf("step %d: EvictedIndex %d, want 0", step, evIndex)
		}
		checkNear(t, step, "evicted α", evAlpha, shrink*b.alpha[0])
	} else if evIndex != -1 {
		t.Errorf("step %d: EvictedIndex %d without an eviction", step, evIndex)
	}
	for j := shift; j < n0; j++ {
		if !floats.Equal(e.X(j-shift), b.x[j]) {
			t.Fatalf("step %d: survivor %d moved", step, j)
		}
		checkNear(t, step, "survivor α", e.Alpha(nil, j-shift)[0], shrink*b.alpha[j])
	}
}

// TestNORMALastUpdate checks NORMA's record (Kivinen et al. §3) against a
// recomputation for soft-margin (12) and ν- (13) classification with an
// offset, the kernel perceptron (15, λ = 0, η = 1), squared (17) and
// ν-ε-insensitive (18) regression: η_t against the schedule, f and g
// against Scores before Learn, the loss and c', the shrink 1 − λη_t (10), the
// new α_t = −η_t c' (9) against the newest term, evictions against the
// buffer, b and the margin's step (descent signs, eqs. 14, 18).
func TestNORMALastUpdate(t *testing.T) {
	perceptron := learn.DefaultPerceptronConfig()
	perceptron.BufferSize = 4
	cases := []struct {
		name string
		cfg  learn.NORMAConfig
	}{
		{"soft-margin", learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0)},
		{"ν-classification", learn.DefaultNORMAConfig(learn.RuleNuClassification, 0)},
		{"perceptron", perceptron.NORMA()},
		{"squared", learn.DefaultNORMAConfig(learn.RuleSquared, 0)},
		{"ν-ε-insensitive", learn.DefaultNORMAConfig(learn.RuleNuEpsilonInsensitive, 0)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := c.cfg
			cfg.BufferSize = 4
			if cfg.Rule != learn.RuleHinge {
				cfg.Lambda = 0.4
				if cfg.Nu > 0 {
					cfg.Nu = 0.3
				}
				cfg.Offset = cfg.Rule == learn.RuleSoftMargin || cfg.Rule == learn.RuleNuClassification
			}
			n, err := learn.NewNORMA(cfg, 2)
			if err != nil {
				t.Fatal(err)
			}
			regression := n.Task() == learn.Regression
			xs, ys := inspectStream(t, 5, 40)
			evictions := 0
			for i, x := range xs {
				y, step := ys[i], i+1
				if regression {
					y = math.Sin(3 * x[0])
				}
				g := n.Scores(make([]float64, 1), x)[0]
				b0 := n.Offsets()[0]
				m0 := n.Margin()
				buf := snapshot(n)

				n.Learn(x, y)
				u := n.LastUpdate()

				eta := n.Config().Schedule.Eta(step)
				if u.T != step || u.Y != y || u.Terms != len(buf.alpha) || u.Diverged {
					t.Fatalf("step %d: T %d Terms %d Diverged %v", step, u.T, u.Terms, u.Diverged)
				}
				checkNear(t, step, "η_t", u.Eta, eta)
				checkNear(t, step, "g(x_t)", u.G[0], g)
				checkNear(t, step, "f(x_t)", u.F[0], g-b0)
				checkNear(t, step, "margin", u.Margin, m0)
				var loss, xi, dm float64
				switch cfg.Rule {
				case learn.RuleSoftMargin, learn.RuleNuClassification:
					loss = math.Max(0, m0-y*g)
					if loss > 0 {
						xi = -y
					}
					if cfg.Rule == learn.RuleNuClassification {
						loss -= cfg.Nu * m0
						dm = -cfg.Nu
						if xi != 0 {
							dm = 1 - cfg.Nu
						}
					}
				case learn.RuleHinge:
					loss = math.Max(0, -y*g)
					if y*g <= 0 {
						xi = -y
					}
				case learn.RuleSquared:
					loss, xi = 0.5*(y-g)*(y-g), g-y
				case learn.RuleNuEpsilonInsensitive:
					r := y - g
					loss, dm = math.Max(0, math.Abs(r)-m0)+cfg.Nu*m0, cfg.Nu
					if math.Abs(r) > m0 {
						xi, dm = -math.Copysign(1, r), cfg.Nu-1
					}
				}
				checkNear(t, step, "loss", u.LossValue, loss)
				checkNear(t, step, "c'", u.Xi[0], xi)
				if u.MarginError != (xi != 0) {
					t.Errorf("step %d: MarginError %v with c' = %v", step, u.MarginError, xi)
				}
				checkNear(t, step, "1 − λη_t (10)", u.Shrink, 1-cfg.Lambda*eta)
				checkNear(t, step, "α_t (9)", u.Alpha[0], -eta*xi)
				checkTerms(t, step, n, buf, cfg.BufferSize, x, u.Alpha[0], u.Shrink, u.Stored, u.Index, u.Evicted, u.EvictedIndex, u.EvictedAlpha[0])
				if u.Evicted {
					evictions++
				}
				wantB := b0
				if cfg.Offset {
					wantB -= eta * xi
				}
				checkNear(t, step, "b", u.B[0], wantB)
				checkNear(t, step, "∂c/∂m", u.DMargin, dm)
				wantM := m0
				if dm != 0 {
					wantM = math.Max(0, m0-eta*dm)
				}
				checkNear(t, step, "margin after", u.MarginNext, wantM)
				checkNear(t, step, "Margin()", u.MarginNext, n.Margin())
			}
			if evictions < 3 {
				t.Errorf("only %d evictions; the test needs more", evictions)
			}
		})
	}
}

// TestPegasosLastUpdate checks the linear Pegasos record (mini-batches of
// k = 2, λ = 0.01 so that the projection acts) against a recomputation of the
// lecture's update from w_t and the batch: the score against Scores before
// Learn, η_t = 1/(λt), the shrink 1 − 1/t, ‖w_{t+½}‖ and the projection
// factor, and w_{t+1} against Weights after.
func TestPegasosLastUpdate(t *testing.T) {
	cfg := learn.PegasosConfig{Lambda: 0.01, BatchSize: 2}
	p, err := learn.NewPegasos(cfg, 2)
	if err != nil {
		t.Fatal(err)
	}
	xs, ys := inspectStream(t, 9, 30)
	grad := make([]float64, 2)
	projected := 0
	for i, x := range xs {
		y, step := ys[i], i+1
		w0 := append([]float64(nil), p.Weights()...)
		f := p.Scores(make([]float64, 1), x)[0]
		p.Learn(x, y)
		u := p.LastUpdate()
		it := (step + 1) / 2
		if u.T != it || u.InBatch != 2-step%2 || u.BatchSize != 2 || u.Updated != (step%2 == 0) {
			t.Fatalf("step %d: T %d InBatch %d Updated %v", step, u.T, u.InBatch, u.Updated)
		}
		checkNear(t, step, "f(x_t)", u.Score, f)
		checkNear(t, step, "hinge", u.LossValue, math.Max(0, 1-y*f))
		checkNear(t, step, "η_t", u.Eta, 1/(cfg.Lambda*float64(it)))
		if y*f < 1 {
			floats.AddScaled(grad, y, x)
		}
		if !u.Updated {
			continue
		}
		half := make([]float64, 2)
		floats.AddScaled(half, 1-1/float64(it), w0)
		floats.AddScaled(half, u.Eta/2, grad)
		clear(grad)
		norm := floats.Norm(half, 2)
		proj := math.Min(1, 1/math.Sqrt(cfg.Lambda)/norm)
		if proj < 1 {
			projected++
		}
		checkNear(t, step, "1 − 1/t", u.Shrink, 1-1/float64(it))
		checkNear(t, step, "‖w_{t+½}‖", u.Norm, norm)
		checkNear(t, step, "projection", u.Projection, proj)
		for j := range half {
			checkNear(t, step, "w_{t+1}", p.Weights()[j], proj*half[j])
		}
	}
	if projected == 0 {
		t.Error("the projection never acted; the test needs it")
	}
}

// TestKernelPegasosLastUpdate checks the kernel Pegasos record: the score
// against Scores before Learn, η_t = 1/(λt), the shrink 1 − 1/t, the new
// term η_t y_t (times the projection factor) against the newest term, the
// eviction against the buffer, and ‖f‖ before the projection against the
// learner's Norm2 after it.
func TestKernelPegasosLastUpdate(t *testing.T) {
	cfg := learn.KernelPegasosConfig{Kernel: kernel.Gaussian{Sigma: 0.7}, Lambda: 0.5, BufferSize: 4}
	p, err := learn.NewKernelPegasos(cfg, 2)
	if err != nil {
		t.Fatal(err)
	}
	xs, ys := inspectStream(t, 13, 40)
	evictions := 0
	for i, x := range xs {
		y, step := ys[i], i+1
		f := p.Scores(make([]float64, 1), x)[0]
		buf := snapshot(p)
		p.Learn(x, y)
		u := p.LastUpdate()
		if u.T != step || u.Terms != len(buf.alpha) || !u.Updated {
			t.Fatalf("step %d: T %d Terms %d Updated %v", step, u.T, u.Terms, u.Updated)
		}
		checkNear(t, step, "f(x_t)", u.Score, f)
		checkNear(t, step, "η_t", u.Eta, 1/(cfg.Lambda*float64(step)))
		checkNear(t, step, "1 − 1/t", u.Shrink, 1-1/float64(step))
		alpha := 0.0
		if y*f < 1 {
			alpha = u.Eta * y
		}
		if u.Violated != (y*f < 1) {
			t.Errorf("step %d: Violated %v at y f = %v", step, u.Violated, y*f)
		}
		checkNear(t, step, "α_t = η_t y_t", u.Alpha, alpha)
		checkNear(t, step, "Projection", u.Projection, math.Min(1, u.Radius/u.Norm))
		checkNear(t, step, "‖f‖ after", math.Sqrt(p.Norm2()), u.Projection*u.Norm)
		s := u.Shrink * u.Projection
		evAlpha := u.EvictedAlpha * u.Projection // the record keeps α as it left, before the projection
		checkTerms(t, step, p, buf, cfg.BufferSize, x, alpha*u.Projection, s, u.Stored, u.Index, u.Evicted, u.EvictedIndex, evAlpha)
		if u.Evicted {
			evictions++
		}
	}
	if evictions < 3 {
		t.Errorf("only %d evictions; the test needs more", evictions)
	}
}

// TestDCDOnlineLastUpdate checks online DCD's record: the score against
// Scores before Learn, the slot and the evicted example's label against the
// stream, the box C = 1/(λn) and the rescaling n_old/n while the buffer
// grows, Q_tt = ‖x_t‖² + D, the example's first clipped coordinate update
// α = min(max(0 − G/Q_tt, 0), U) from its recorded G, and α_t within the box.
func TestDCDOnlineLastUpdate(t *testing.T) {
	cfg := learn.DCDOnlineConfig{Loss: learn.DefaultDCDOnlineConfig().Loss, Lambda: 0.1, BufferSize: 4, Passes: 2, Seed: 1}
	d, err := learn.NewDCDOnline(cfg, 2)
	if err != nil {
		t.Fatal(err)
	}
	xs, ys := inspectStream(t, 17, 20)
	for i, x := range xs {
		y, step := ys[i], i+1
		f := d.Scores(make([]float64, 1), x)[0]
		d.Learn(x, y)
		u := d.LastUpdate()
		n := min(step, cfg.BufferSize)
		if u.T != step || u.Slot != i%cfg.BufferSize || u.N != n || u.Evicted != (step > cfg.BufferSize) {
			t.Fatalf("step %d: T %d slot %d N %d evicted %v", step, u.T, u.Slot, u.N, u.Evicted)
		}
		if u.Evicted && u.EvictedY != ys[i-cfg.BufferSize] {
			t.Errorf("step %d: evicted label %v, want %v", step, u.EvictedY, ys[i-cfg.BufferSize])
		}
		checkNear(t, step, "f(x_t)", u.Score, f)
		checkNear(t, step, "hinge", u.LossValue, math.Max(0, 1-y*f))
		wantScale := 1.0
		if step > 1 && step <= cfg.BufferSize {
			wantScale = float64(step-1) / float64(step)
		}
		checkNear(t, step, "n_old/n", u.BoxScale, wantScale)
		checkNear(t, step, "U = 1/(λn)", u.Upper, 1/(cfg.Lambda*float64(n)))
		checkNear(t, step, "Q_tt", u.Qtt, floats.Dot(x, x)+u.Diag)
		checkNear(t, step, "first α_t", u.AlphaFirst, math.Min(math.Max(-u.G/u.Qtt, 0), u.Upper))
		if !(u.Alpha >= 0 && u.Alpha <= u.Upper) {
			t.Errorf("step %d: α_t = %v outside [0, %v]", step, u.Alpha, u.Upper)
		}
	}
}

// TestAMMLastUpdate checks the AMM record (the multiclass linear SVM with
// one hyperplane per class, K = 3, and the binary AMM): the class score and
// the rival against Scores before Learn, the margin and loss, η_t = 1/(λt)
// and the shrink 1 − 1/t.
func TestAMMLastUpdate(t *testing.T) {
	cfg := learn.DefaultAMMConfig(3)
	cfg.Lambda = 0.1
	a, err := learn.NewMulticlassLinear(cfg, 2)
	if err != nil {
		t.Fatal(err)
	}
	bin, err := learn.NewBinaryAMM(learn.DefaultAMMConfig(2), 2)
	if err != nil {
		t.Fatal(err)
	}
	xs, ys := inspectStream(t, 19, 30)
	for i, x := range xs {
		step := i + 1
		c := i % 3
		sc := a.Scores(make([]float64, 3), x)
		a.Learn(x, float64(c))
		u := a.LastUpdate()
		rival, rs := -1, math.Inf(-1)
		for k, v := range sc {
			if k != c && v > rs {
				rival, rs = k, v
			}
		}
		if u.T != step || u.Class != c || u.Assigned != 0 || u.RivalClass != rival || u.RivalPlane != 0 {
			t.Fatalf("step %d: %+v, want class %d rival %d", step, u, c, rival)
		}
		checkNear(t, step, "s_y", u.Score, sc[c])
		checkNear(t, step, "s_rival", u.RivalScore, rs)
		checkNear(t, step, "margin", u.Margin, sc[c]-rs)
		checkNear(t, step, "loss", u.LossValue, math.Max(0, 1-(sc[c]-rs)))
		checkNear(t, step, "η_t", u.Eta, 1/(cfg.Lambda*float64(step)))
		checkNear(t, step, "1 − 1/t", u.Shrink, 1-1/float64(step))

		y := ys[i]
		f := bin.Scores(make([]float64, 1), x)[0]
		bin.Learn(x, y)
		ub := bin.LastUpdate()
		if want := (int(y) + 1) / 2; ub.Class != want || ub.RivalClass != 1-want {
			t.Errorf("step %d: binary class %d rival %d for label %v", step, ub.Class, ub.RivalClass, y)
		}
		// The relaxed margin uses the assigned hyperplane, never above the
		// class score, s_y − s_rival ≥ Margin (y f = s_y − s_rival for two
		// classes); a hyperplane created for the example scores 0.
		switch {
		case ub.Created && ub.Score != 0:
			t.Errorf("step %d: a created hyperplane scores %v", step, ub.Score)
		case !ub.Created && y*f < ub.Margin-1e-9*math.Abs(f):
			t.Errorf("step %d: binary margin %v above y f = %v", step, ub.Margin, y*f)
		}
	}
}

// TestRESLastUpdate checks the RES record (batches of L = 5) against
// Algorithm 1: the score against Scores before Learn, ε_t = ε0 τ/(τ + t) of
// the iteration, ‖v_t‖ = ‖w_{t+1} − w_t‖ from Weights before and after, and
// Skipped against vᵀr̃ and vᵀB̂v.
func TestRESLastUpdate(t *testing.T) {
	cfg := learn.DefaultRESConfig()
	r, err := learn.NewRES(cfg, 2)
	if err != nil {
		t.Fatal(err)
	}
	xs, ys := inspectStream(t, 23, 30)
	var wBatch []float64
	for i, x := range xs {
		y, step := ys[i], i+1
		if i%cfg.BatchSize == 0 {
			wBatch = append([]float64(nil), r.Weights()...)
		}
		f := r.Scores(make([]float64, 1), x)[0]
		r.Learn(x, y)
		u := r.LastUpdate()
		it := i/cfg.BatchSize + 1
		if u.T != it || u.InBatch != i%cfg.BatchSize+1 || u.Updated != (u.InBatch == cfg.BatchSize) {
			t.Fatalf("step %d: T %d InBatch %d Updated %v", step, u.T, u.InBatch, u.Updated)
		}
		checkNear(t, step, "f(x_t)", u.Score, f)
		checkNear(t, step, "ε_t", u.Eps, cfg.Eta0*cfg.Tau/(cfg.Tau+float64(it-1)))
		if !u.Updated {
			continue
		}
		v := make([]float64, 2)
		floats.SubTo(v, r.Weights(), wBatch)
		checkNear(t, step, "‖v_t‖", u.NormV, floats.Norm(v, 2))
		if u.Skipped != !(u.VR > 0 && u.VBV > 0) && u.VR > 1e-9 {
			t.Errorf("step %d: Skipped %v with vᵀr̃ %v, vᵀB̂v %v", step, u.Skipped, u.VR, u.VBV)
		}
		if u.NormS == 0 || u.NormDir == 0 {
			t.Errorf("step %d: ‖ŝ‖ %v, ‖dir‖ %v", step, u.NormS, u.NormDir)
		}
	}
}
