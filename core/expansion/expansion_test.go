package expansion

import (
	"math"
	"math/rand/v2"
	"testing"

	"kernelplay/core/kernel"
)

// term is one naive expansion term for recomputation.
type term struct {
	x, alpha, beta []float64
}

// snapshot reads every stored term through the accessors.
func snapshot(e *Expansion) []term {
	ts := make([]term, e.Len())
	for i := range ts {
		ts[i].x = append([]float64(nil), e.X(i)...)
		ts[i].alpha = e.Alpha(nil, i)
		if e.Traced() {
			ts[i].beta = e.Beta(nil, i)
		}
	}
	return ts
}

// ky returns K_Y[y][z] (identity for nil).
func kyAt(ky []float64, K, y, z int) float64 {
	if ky == nil {
		if y == z {
			return 1
		}
		return 0
	}
	return ky[y*K+z]
}

func kxx(k kernel.Kernel, a, b []float64) float64 {
	return k.FromDot(dot(a, b), dot(a, a), dot(b, b))
}

// naiveInner returns Σ_ij k(x_i, x_j) a_iᵀ K_Y b_j for coefficient selectors.
func naiveInner(k kernel.Kernel, ky []float64, K int, ts []term, a, b func(term) []float64) float64 {
	var s float64
	for _, ti := range ts {
		for _, tj := range ts {
			kij := kxx(k, ti.x, tj.x)
			ai, bj := a(ti), b(tj)
			for y := range K {
				for z := range K {
					s += kij * ai[y] * kyAt(ky, K, y, z) * bj[z]
				}
			}
		}
	}
	return s
}

// naiveEval returns Σ_i k(x_i, x) K_Y c_i.
func naiveEval(k kernel.Kernel, ky []float64, K int, ts []term, x []float64, c func(term) []float64) []float64 {
	out := make([]float64, K)
	for _, t := range ts {
		kt := kxx(k, t.x, x)
		ct := c(t)
		for y := range K {
			for z := range K {
				out[y] += kt * kyAt(ky, K, y, z) * ct[z]
			}
		}
	}
	return out
}

func getA(t term) []float64 { return t.alpha }
func getB(t term) []float64 { return t.beta }

func relClose(got, want, tol float64) bool {
	return math.Abs(got-want) <= tol*math.Max(1, math.Abs(want))
}

func vecClose(t *testing.T, what string, step int, got, want []float64, tol float64) {
	t.Helper()
	for y := range want {
		if !relClose(got[y], want[y], tol) {
			t.Fatalf("step %d: %s[%d] = %.17g, naive %.17g", step, what, y, got[y], want[y])
		}
	}
}

// randPSD returns a random symmetric positive definite K×K matrix.
func randPSD(r *rand.Rand, K int) []float64 {
	A := make([]float64, K*K)
	for i := range A {
		A[i] = r.NormFloat64()
	}
	M := make([]float64, K*K)
	for i := range K {
		for j := range K {
			var s float64
			for l := range K {
				s += A[i*K+l] * A[j*K+l]
			}
			M[i*K+j] = s / float64(K)
		}
		M[i*K+i] += 0.1
	}
	return M
}

// TestIncrementalAgainstNaive drives an expansion like SVMD does (scale,
// mix, push with random coefficients, occasional exact zero factors) and
// checks F, V, Scores, the eviction corrections and an incrementally kept
// ‖f‖² and ⟨f, v⟩ against naive recomputation from the accessors and the
// Gram matrix; also [Expansion.Norms] after every step, and every 250 steps
// a new kernel width through [Expansion.SetKernel], after which the same
// checks run on the recomputed bookkeeping.
func TestIncrementalAgainstNaive(t *testing.T) {
	const (
		seed  = 20261121
		steps = 2000
		dim   = 3
		omega = 7 // small, so that 2,000 steps wrap the buffer ~280 times
		tol   = 1e-9
	)
	for _, tc := range []struct {
		name  string
		K     int
		ky    bool
		trace bool
	}{
		{"K1", 1, false, true},
		{"K3delta", 3, false, true},
		{"K3labelkernel", 3, true, true},
		{"K2noTrace", 2, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Logf("seed %d", seed)
			r := rand.New(rand.NewPCG(seed, uint64(tc.K)))
			var ky []float64
			if tc.ky {
				ky = randPSD(r, tc.K)
			}
			var k kernel.Kernel = kernel.Gaussian{Sigma: 0.8}
			e := New(k, dim, tc.K, omega, ky, tc.trace)
			var normF, pi float64
			x := make([]float64, dim)
			alpha := make([]float64, tc.K)
			beta := make([]float64, tc.K)
			fx := make([]float64, tc.K)
			vx := make([]float64, tc.K)
			for step := range steps {
				for j := range x {
					x[j] = r.NormFloat64()
				}
				e.Prepare(x)
				ts := snapshot(e)
				vecClose(t, "F", step, e.F(fx), naiveEval(k, ky, tc.K, ts, x, getA), tol)
				vecClose(t, "Scores", step, e.Scores(make([]float64, tc.K), x), naiveEval(k, ky, tc.K, ts, x, getA), tol)
				if tc.trace {
					// VDot before V (sb not yet computed), with a sparse c.
					nv := naiveEval(k, ky, tc.K, ts, x, getB)
					c := make([]float64, tc.K)
					c[r.IntN(tc.K)] = r.NormFloat64()
					var want, scale float64
					for y := range c {
						want += c[y] * nv[y]
						scale += math.Abs(c[y] * nv[y])
					}
					if got := e.VDot(c); math.Abs(got-want) > tol*math.Max(1, scale) {
						t.Fatalf("step %d: VDot = %.17g, naive %.17g", step, got, want)
					}
					vecClose(t, "V", step, e.V(vx), nv, tol)
				}
				// Scale α (sometimes exactly 0, sometimes tiny to force folds).
				s := 0.5 + 0.5*r.Float64()
				switch r.IntN(20) {
				case 0:
					s = 0
				case 1:
					s = 1e-80
				}
				if tc.trace {
					a, b := r.Float64(), -r.Float64()
					if r.IntN(15) == 0 {
						a = 0
					}
					// β ← aβ + bα: ⟨f, v⟩ ← a⟨f, v⟩ + b‖f‖².
					e.MixBeta(a, b)
					pi = a*pi + b*normF
				}
				e.ScaleAlpha(s)
				normF *= s * s
				pi *= s
				if tc.trace {
					vecClose(t, "V after mix", step, e.V(vx), naiveEval(k, ky, tc.K, snapshot(e), x, getB), tol)
				}
				e.F(fx)
				var vxx []float64
				if tc.trace {
					vxx = e.V(vx)
				}
				// New coefficients; sometimes all zero (not stored).
				zero := r.IntN(6) == 0
				for y := range alpha {
					alpha[y], beta[y] = r.NormFloat64(), r.NormFloat64()
					if zero {
						alpha[y], beta[y] = 0, 0
					}
				}
				full := append(snapshot(e), term{append([]float64(nil), x...), append([]float64(nil), alpha...), append([]float64(nil), beta...)})
				kk := e.SelfKernel()
				// Untruncated ‖f + a_t‖² and ⟨f + a_t, v + b_t⟩.
				normF += 2*dot(alpha, fx) + kk*e.LabelQuad(alpha, alpha)
				if tc.trace {
					pi += dot(alpha, vxx) + dot(beta, fx) + kk*e.LabelQuad(alpha, beta)
				}
				wantFull := naiveInner(k, ky, tc.K, full, getA, getA)
				if !relClose(normF, wantFull, tol) {
					t.Fatalf("step %d: untruncated ‖f‖² %.17g, naive %.17g", step, normF, wantFull)
				}
				n0 := e.Len()
				ev := e.Push(alpha, beta)
				if ev.Stored == zero {
					t.Fatalf("step %d: Stored = %v for zero = %v", step, ev.Stored, zero)
				}
				if ev.Evicted != (ev.Stored && n0 == omega) {
					t.Fatalf("step %d: Evicted = %v with %d terms", step, ev.Evicted, n0)
				}
				normF += ev.NormF
				pi += ev.Pi
				ts = snapshot(e)
				if want := naiveInner(k, ky, tc.K, ts, getA, getA); !relClose(normF, want, tol) {
					t.Fatalf("step %d: ‖f‖² %.17g, naive %.17g", step, normF, want)
				}
				if tc.trace {
					if want := naiveInner(k, ky, tc.K, ts, getA, getB); !relClose(pi, want, tol) {
						t.Fatalf("step %d: π %.17g, naive %.17g", step, pi, want)
					}
				}
				k, normF, pi = checkNormsAndRekernel(t, r, e, k, ky, tc.K, step, normF, pi)
			}
		})
	}
}

// checkNormsAndRekernel checks [Expansion.Norms] against the incrementally
// kept ‖f‖² and ⟨f, v⟩ and, every 250 steps, sets a new kernel width σ (a
// mid-run settings change) and checks Norms against a naive recomputation
// with it. It returns the kernel in force and the values to keep.
func checkNormsAndRekernel(t *testing.T, r *rand.Rand, e *Expansion, k kernel.Kernel, ky []float64, K, step int, normF, pi float64) (kernel.Kernel, float64, float64) {
	t.Helper()
	const tol = 1e-9
	ff, fv := e.Norms()
	if !relClose(ff, normF, tol) || !relClose(fv, pi, tol) {
		t.Fatalf("step %d: Norms() = %.17g, %.17g, incremental %.17g, %.17g", step, ff, fv, normF, pi)
	}
	if step%250 != 249 {
		return k, normF, pi
	}
	k = kernel.Gaussian{Sigma: 0.4 + r.Float64()}
	e.SetKernel(k)
	normF, pi = e.Norms()
	ts := snapshot(e)
	if want := naiveInner(k, ky, K, ts, getA, getA); !relClose(normF, want, tol) {
		t.Fatalf("step %d: after SetKernel(%v) ‖f‖² %.17g, naive %.17g", step, k, normF, want)
	}
	if e.Traced() {
		if want := naiveInner(k, ky, K, ts, getA, getB); !relClose(pi, want, tol) {
			t.Fatalf("step %d: after SetKernel(%v) π %.17g, naive %.17g", step, k, pi, want)
		}
	}
	return k, normF, pi
}

// TestWrapAroundOrder checks the LRU order of the accessors and NextEvicted.
func TestWrapAroundOrder(t *testing.T) {
	const omega = 4
	e := New(kernel.Linear{}, 1, 1, omega, nil, false)
	if e.NextEvicted() != -1 || e.Len() != 0 || e.Cap() != omega || e.Dim() != 1 || e.Labels() != 1 {
		t.Fatal("bad empty accessors")
	}
	for step := 1; step <= 11; step++ {
		e.Prepare([]float64{float64(step)})
		ev := e.Push([]float64{float64(10 * step)}, nil)
		if ev.Evicted != (step > omega) {
			t.Fatalf("step %d: Evicted = %v", step, ev.Evicted)
		}
		n := min(step, omega)
		if e.Len() != n {
			t.Fatalf("step %d: Len = %d", step, e.Len())
		}
		// Term i holds step − n + 1 + i, oldest first.
		for i := range n {
			want := float64(step - n + 1 + i)
			if got := e.X(i)[0]; got != want {
				t.Fatalf("step %d: X(%d) = %v, want %v", step, i, got, want)
			}
			if got := e.Alpha(nil, i)[0]; got != 10*want {
				t.Fatalf("step %d: Alpha(%d) = %v, want %v", step, i, got, 10*want)
			}
		}
		wantNext := -1
		if n == omega {
			wantNext = 0
		}
		if e.NextEvicted() != wantNext {
			t.Fatalf("step %d: NextEvicted = %d", step, e.NextEvicted())
		}
	}
	// A zero term is not stored and leaves the point prepared.
	e.Prepare([]float64{99})
	if ev := e.Push([]float64{0}, nil); ev.Stored {
		t.Fatal("zero term stored")
	}
	if e.X(omega - 1)[0] != 11 {
		t.Fatal("zero term changed the buffer")
	}
	_ = e.F(nil)
}

// TestLazyScalingExact checks that the lazy multipliers give exactly the
// products of the factors (powers of two, so no rounding), exact zeros, and
// survive folding at extreme scales.
func TestLazyScalingExact(t *testing.T) {
	e := New(kernel.Linear{}, 1, 2, 3, nil, true)
	e.Prepare([]float64{1})
	e.Push([]float64{3, -5}, []float64{7, 11})
	e.ScaleAlpha(0.25)
	if a := e.Alpha(nil, 0); a[0] != 0.75 || a[1] != -1.25 {
		t.Fatalf("α after ×¼ = %v", a)
	}
	// β ← ½β + 2α = (3.5 + 1.5, 5.5 − 2.5).
	e.MixBeta(0.5, 2)
	if b := e.Beta(nil, 0); b[0] != 5 || b[1] != 3 {
		t.Fatalf("β after mix = %v", b)
	}
	// Many tiny factors: the multiplier is folded, values stay exact.
	for range 40 {
		e.ScaleAlpha(0x1p-30)
	}
	for range 40 {
		e.ScaleAlpha(0x1p30)
	}
	if a := e.Alpha(nil, 0); a[0] != 0.75 || a[1] != -1.25 {
		t.Fatalf("α after folds = %v", a)
	}
	if b := e.Beta(nil, 0); b[0] != 5 || b[1] != 3 {
		t.Fatalf("β after α folds = %v", b)
	}
	for range 40 {
		e.MixBeta(0x1p-30, 0)
	}
	for range 40 {
		e.MixBeta(0x1p30, 0)
	}
	if b := e.Beta(nil, 0); b[0] != 5 || b[1] != 3 {
		t.Fatalf("β after β folds = %v", b)
	}
	// Factor 0 on α keeps β exact; factor 0 on β gives b·α.
	e.MixBeta(1, 1) // β = (5.75, 1.75)
	e.ScaleAlpha(0)
	if a := e.Alpha(nil, 0); a[0] != 0 || a[1] != 0 {
		t.Fatalf("α after ×0 = %v", a)
	}
	if b := e.Beta(nil, 0); b[0] != 5.75 || b[1] != 1.75 {
		t.Fatalf("β after α×0 = %v", b)
	}
	e.Prepare([]float64{2})
	e.Push([]float64{1, 2}, []float64{0, 0})
	e.MixBeta(0, -2)
	if b := e.Beta(nil, 1); b[0] != -2 || b[1] != -4 {
		t.Fatalf("β after β×0 = %v", b)
	}
	if b := e.Beta(nil, 0); b[0] != 0 || b[1] != 0 {
		t.Fatalf("old β after β×0 = %v", b)
	}
	e.Prepare([]float64{1})
	if f := e.F(nil); f[0] != 2 || f[1] != 4 {
		t.Fatalf("F = %v", f)
	}
	if v := e.V(nil); v[0] != -4 || v[1] != -8 {
		t.Fatalf("V = %v", v)
	}
}

// TestNoAllocs checks that a steady-state step allocates nothing.
func TestNoAllocs(t *testing.T) {
	const dim, K, omega = 8, 3, 16
	r := rand.New(rand.NewPCG(1, 2))
	e := New(kernel.Gaussian{Sigma: 1}, dim, K, omega, randPSD(r, K), true)
	x := make([]float64, dim)
	a := make([]float64, K)
	b := make([]float64, K)
	f := make([]float64, K)
	n := 0
	step := func() {
		for j := range x {
			x[j] = r.NormFloat64()
			if n%2 == 1 && j%4 != 0 {
				x[j] = 0 // every other step sparse: the feature-major path
			}
		}
		n++
		for y := range a {
			a[y], b[y] = r.NormFloat64(), r.NormFloat64()
		}
		e.Prepare(x)
		e.F(f)
		e.V(f)
		e.Scores(f, x)
		e.MixBeta(0.9, -0.1)
		e.ScaleAlpha(0.9)
		e.Push(a, b)
	}
	for range 2 * omega {
		step()
	}
	if allocs := testing.AllocsPerRun(200, step); allocs != 0 {
		t.Fatalf("%v allocations per step", allocs)
	}
	if e.cols == nil {
		t.Fatal("no step took the sparse path")
	}
}

func TestPanics(t *testing.T) {
	mustPanic := func(name string, f func()) {
		t.Helper()
		defer func() {
			if recover() == nil {
				t.Errorf("%s: no panic", name)
			}
		}()
		f()
	}
	mustPanic("nil kernel", func() { New(nil, 1, 1, 1, nil, false) })
	mustPanic("capacity", func() { New(kernel.Linear{}, 1, 1, 0, nil, false) })
	mustPanic("label kernel", func() { New(kernel.Linear{}, 1, 2, 1, []float64{1}, false) })
	e := New(kernel.Linear{}, 2, 1, 2, nil, false)
	mustPanic("unprepared F", func() { e.F(nil) })
	mustPanic("bad x", func() { e.Prepare([]float64{1}) })
	mustPanic("V without trace", func() { e.Prepare([]float64{1, 2}); e.V(nil) })
	mustPanic("X out of range", func() { e.X(0) })
	mustPanic("NaN factor", func() { e.ScaleAlpha(math.NaN()) })
}

// TestSparseRowsInSync checks that the feature-major copy used for sparse
// queries stays in step with the stored rows: it is built on the first
// sparse query (here after the buffer has wrapped), then written by every
// Push, refilled by SetState and used by SetKernel, and at every step the
// prepared kernel row equals kernel.Row over the row-major store bit for
// bit, for sparse and dense queries alike.
func TestSparseRowsInSync(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	const d, omega, K = 12, 9, 3
	k := kernel.Gaussian{Sigma: 2}
	e := New(k, d, K, omega, nil, true)
	want := make([]float64, omega)
	vec := func(density float64) []float64 {
		x := make([]float64, d)
		for j := range x {
			if r.Float64() < density {
				x[j] = r.NormFloat64()
			}
		}
		return x
	}
	check := func(step int, x []float64) {
		t.Helper()
		e.Prepare(x)
		kernel.Row(e.k, want[:e.n], x, dot(x, x), e.x[:e.n*e.dim], e.norms[:e.n])
		for i := range e.n {
			if e.row[i] != want[i] {
				t.Fatalf("step %d (sparse %v, columns built %v): row[%d] = %v, kernel.Row %v",
					step, kernel.Sparse(x), e.cols != nil, i, e.row[i], want[i])
			}
		}
	}
	alpha, beta := make([]float64, K), make([]float64, K)
	for step := range 60 {
		density := 1.0
		if step >= 2*omega && step%3 != 0 {
			density = 0.3
		}
		x := vec(density)
		check(step, x)
		alpha[step%K], beta[(step+1)%K] = r.NormFloat64(), r.NormFloat64()
		e.Push(alpha, beta)
		switch step {
		case 40:
			st := e.State()
			e.Reset()
			check(step, vec(0.3))
			if err := e.SetState(st); err != nil {
				t.Fatal(err)
			}
		case 50:
			k = kernel.Gaussian{Sigma: 3}
			e.SetKernel(k)
		}
	}
	if e.cols == nil {
		t.Fatal("no sparse query built the feature-major columns")
	}
}
