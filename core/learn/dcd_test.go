package learn

import (
	"kernelplay/core/loss"

	"math"
	"os/exec"
	"strconv"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// TestDCDOneExample checks the lecture's update on a hand-computed case: one
// example x = 2, y = +1, λ = 1 (so C = 1/(λN) = 1). From α = 0 the clipped
// Newton step gives α = min(1/Q_11, C) = 1/4 and w = α·y·x = 1/2, where the
// margin is exactly 1: F = λ/2·w² = 1/8 = the dual α − ½Q_11α² = 1/8.
func TestDCDOneExample(t *testing.T) {
	for _, lf := range []loss.Loss{loss.Hinge{}, loss.SquaredHinge{}} {
		c, err := NewDCD(DCDConfig{Loss: lf, Lambda: 1, Tolerance: 1e-12})
		if err != nil {
			t.Fatal(err)
		}
		r, err := c.Fit(mat.NewDense(1, 1, []float64{2}), []float64{1})
		if err != nil {
			t.Fatal(err)
		}
		if lf == (loss.Hinge{}) {
			if r.Alpha[0] != 0.25 || r.W[0] != 0.5 || r.Primal != 0.125 || r.Dual != 0.125 {
				t.Errorf("L1: α = %v, w = %v, primal %v, dual %v; want 1/4, 1/2, 1/8, 1/8", r.Alpha[0], r.W[0], r.Primal, r.Dual)
			}
			continue
		}
		// L2: D = 1/(2C) = 1/2, Q̄ = 4.5, α = 1/4.5 = 2/9, w = 4/9; margin 8/9:
		// F = ½·16/81 + (1/9)² = 8/81 + 1/81 = 1/9.
		if math.Abs(r.Alpha[0]-2.0/9) > 1e-15 || math.Abs(r.W[0]-4.0/9) > 1e-15 || math.Abs(r.Primal-1.0/9) > 1e-15 || math.Abs(r.Dual-1.0/9) > 1e-15 {
			t.Errorf("L2: α = %v, w = %v, primal %v, dual %v; want 2/9, 4/9, 1/9, 1/9", r.Alpha[0], r.W[0], r.Primal, r.Dual)
		}
	}
}

func TestDCDSettingsErrors(t *testing.T) {
	for _, s := range []DCDConfig{
		{Loss: loss.Logistic{}},
		{Lambda: -1},
		{Lambda: math.NaN()},
		{Tolerance: -1},
		{Tolerance: math.Inf(1)},
		{MaxEpochs: -3},
		{Bias: -1},
	} {
		if _, err := NewDCD(s); err == nil {
			t.Errorf("NewDCD(%+v): no error", s)
		}
	}
	c, _ := NewDCD(DCDConfig{})
	if _, err := c.Fit(mat.NewDense(2, 1, []float64{1, 2}), []float64{1, 0}); err == nil {
		t.Error("label 0: no error")
	}
	if _, err := c.Fit(mat.NewDense(2, 1, []float64{1, math.NaN()}), []float64{1, -1}); err == nil {
		t.Error("NaN input: no error")
	}
	if _, err := c.Fit(mat.NewDense(2, 1, []float64{1, 0}), []float64{1, -1}); err == nil {
		t.Error("zero row without bias: no error")
	}
}

// linTrainSet loads the shared LIBSVM file.
func linTrainSet(t testing.TB) (*mat.Dense, []float64) {
	return linReadLIBSVM(t, linTrainFile, linTrainDim)
}

// linNewtonL2 minimises F(w) for the squared hinge by Newton's method with
// the generalized Hessian H = λI + (2/N)·Σ_{active} x̃x̃ᵀ (Keerthi & DeCoste
// 2005): a method independent of DCD for cross-checking its optimum. It uses
// unit steps, which the piecewise-quadratic F converges under in a few
// iterations on this set (checked by the returned gradient norm).
func linNewtonL2(lambda, bias float64, X *mat.Dense, y []float64, iters int) (w []float64, f, gradNorm float64) {
	n, d := X.Dims()
	p := linWeightDim(d, bias)
	w = make([]float64, p)
	g := make([]float64, p)
	xt := make([]float64, p)
	row := make([]float64, d)
	H := mat.NewSymDense(p, nil)
	var chol mat.Cholesky
	step := mat.NewVecDense(p, nil)
	for it := 0; it < iters; it++ {
		for j := range g {
			g[j] = lambda * w[j]
		}
		H.Zero()
		for j := 0; j < p; j++ {
			H.SetSym(j, j, lambda)
		}
		for i := 0; i < n; i++ {
			mat.Row(row, i, X)
			copy(xt, row)
			if bias > 0 {
				xt[d] = bias
			}
			m := y[i] * linScore(w, row, bias)
			if m < 1 {
				linAddScaled(g, sqHingeDeriv(m)*y[i]/float64(n), row, bias)
				H.SymRankOne(H, 2/float64(n), mat.NewVecDense(p, xt))
			}
		}
		if !chol.Factorize(H) {
			panic("Newton: Hessian not positive definite")
		}
		if err := chol.SolveVecTo(step, mat.NewVecDense(p, g)); err != nil {
			panic(err)
		}
		for j := range w {
			w[j] -= step.AtVec(j)
		}
	}
	for j := range g {
		g[j] = lambda * w[j]
	}
	for i := 0; i < n; i++ {
		mat.Row(row, i, X)
		m := y[i] * linScore(w, row, bias)
		linAddScaled(g, sqHingeDeriv(m)*y[i]/float64(n), row, bias)
	}
	return w, LinearObjective(loss.SquaredHinge{}, lambda, bias, w, X, y), floats.Norm(g, 2)
}

// TestDCDOptimum: DCD at LIBLINEAR's default tolerance (ε = 0.1) is within 1%
// of the optimal primal objective F*, which is computed by DCD at ε = 1e-4
// (no shrinking) and cross-checked with a generalized Newton method on the primal (L2 loss) and
// with the duality gap (both losses). Shrinking (at ε = 1e-3) reaches the
// same optimum.
func TestDCDOptimum(t *testing.T) {
	X, y := linTrainSet(t)
	const bias = 1
	for _, lf := range []loss.Loss{loss.Hinge{}, loss.SquaredHinge{}} {
		tight, _ := NewDCD(DCDConfig{Loss: lf, Tolerance: 1e-4, MaxEpochs: 1e6, Bias: bias, Seed: 1, NoShrinking: true})
		opt, err := tight.Fit(X, y)
		if err != nil {
			t.Fatal(err)
		}
		if !opt.Converged {
			t.Fatalf("%v: tight DCD did not converge in %d epochs", lf, opt.Epochs)
		}
		if gap := (opt.Primal - opt.Dual) / opt.Primal; gap < -1e-12 || gap > 1e-5 {
			t.Errorf("%v: relative duality gap %.3g at ε = 1e-4 (primal %.8g, dual %.8g)", lf, gap, opt.Primal, opt.Dual)
		}
		shrink, _ := NewDCD(DCDConfig{Loss: lf, Tolerance: 1e-3, MaxEpochs: 1e6, Bias: bias, Seed: 2})
		sh, err := shrink.Fit(X, y)
		if err != nil {
			t.Fatal(err)
		}
		if d := linRelDiff(sh.Primal, opt.Primal); d > 1e-5 {
			t.Errorf("%v: shrinking (ε = 1e-3) F = %.10g, no shrinking (ε = 1e-4) %.10g (rel. diff %.3g)", lf, sh.Primal, opt.Primal, d)
		}
		t.Logf("%v: F* = %.10g (dual %.10g), %d epochs, %d updates without shrinking; with shrinking at ε = 1e-3 F = %.10g, %d epochs, %d updates",
			lf, opt.Primal, opt.Dual, opt.Epochs, opt.Updates, sh.Primal, sh.Epochs, sh.Updates)

		def, _ := NewDCD(DCDConfig{Loss: lf, Bias: bias, Seed: 3})
		r, err := def.Fit(X, y)
		if err != nil {
			t.Fatal(err)
		}
		rel := (r.Primal - opt.Primal) / opt.Primal
		t.Logf("%v: ε = 0.1: F = %.8g, relative error %.3g after %d epochs", lf, r.Primal, rel, r.Epochs)
		if rel < -1e-9 || rel > 0.01 {
			t.Errorf("%v: ε = 0.1 gives F = %.8g, relative error %.3g from F* = %.8g, want within 1%%", lf, r.Primal, rel, opt.Primal)
		}

		if lf == (loss.SquaredHinge{}) {
			n := X.RawMatrix().Rows
			lambda := 1 / float64(n)
			_, f, gn := linNewtonL2(lambda, bias, X, y, 30)
			t.Logf("Newton: F = %.10g, ‖∇F‖ = %.3g", f, gn)
			if gn > 1e-10 {
				t.Errorf("Newton did not converge: ‖∇F‖ = %.3g", gn)
			}
			if d := linRelDiff(opt.Primal, f); d > 1e-6 {
				t.Errorf("DCD F* = %.10g, Newton F = %.10g (rel. diff %.3g)", opt.Primal, f, d)
			}
		}
	}
}

// TestDCDAgreesWithLIBLINEAR trains LIBLINEAR (-s 3: L1-loss dual, -s 1:
// L2-loss dual; C = 1; -B 1) on the shared file and compares its primal
// objective and training accuracy with DCD's at the same tolerance, and with
// the tight optimum.
func TestDCDAgreesWithLIBLINEAR(t *testing.T) {
	bin := linNeedLIBLINEAR(t)
	X, y := linTrainSet(t)
	n := len(y)
	lambda := 1 / float64(n) // C = 1
	for _, tc := range []struct {
		solver string
		lf     loss.Loss
	}{{"3", loss.Hinge{}}, {"1", loss.SquaredHinge{}}} {
		for _, eps := range []string{"0.1", "0.001"} {
			m := linRunLIBLINEAR(t, bin, linTrainFile, "-s", tc.solver, "-c", "1", "-e", eps, "-B", "1")
			if m.bias != 1 || len(m.w) != linTrainDim+1 {
				t.Fatalf("LIBLINEAR model: bias %v, %d weights", m.bias, len(m.w))
			}
			fLL := LinearObjective(tc.lf, lambda, 1, m.w, X, y)
			accLL := linAccuracy(m.w, 1, X, y)
			e, _ := parseFloatT(t, eps)
			c, _ := NewDCD(DCDConfig{Loss: tc.lf, Tolerance: e, Bias: 1, Seed: 4})
			r, err := c.Fit(X, y)
			if err != nil {
				t.Fatal(err)
			}
			acc := linAccuracy(r.W, 1, X, y)
			t.Logf("-s %s -e %s: LIBLINEAR F = %.8g, accuracy %.4f; DCD F = %.8g (rel. diff %.3g), accuracy %.4f, %d epochs",
				tc.solver, eps, fLL, accLL, r.Primal, linRelDiff(r.Primal, fLL), acc, r.Epochs)
			tol := 0.01 // both stop at max PG − min PG ≤ ε; within 1% of each other at ε = 0.1
			if eps == "0.001" {
				tol = 1e-4
			}
			if d := linRelDiff(r.Primal, fLL); d > tol {
				t.Errorf("-s %s -e %s: DCD F = %.8g, LIBLINEAR F = %.8g: rel. diff %.3g > %g", tc.solver, eps, r.Primal, fLL, d, tol)
			}
			if math.Abs(acc-accLL) > 0.005 { // 20 of 4000 examples
				t.Errorf("-s %s -e %s: accuracy %.4f vs LIBLINEAR %.4f", tc.solver, eps, acc, accLL)
			}
		}
	}
}

func parseFloatT(t testing.TB, s string) (float64, error) {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return v, nil
}

// BenchmarkDCDFit times one DCD fit (ε = 0.1, -B 1, C = 1) on the shared file,
// against liblinear-train on the same file (the whole process: parse, train,
// write the model). The Go side is timed with and without reading the file.
func BenchmarkDCDFit(b *testing.B) {
	X, y := linTrainSet(b)
	for _, tc := range []struct {
		name, solver string
		lf           loss.Loss
	}{{"L1", "3", loss.Hinge{}}, {"L2", "1", loss.SquaredHinge{}}} {
		b.Run(tc.name+"/DCD", func(b *testing.B) {
			c, _ := NewDCD(DCDConfig{Loss: tc.lf, Bias: 1, Seed: 5})
			for b.Loop() {
				if _, err := c.Fit(X, y); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(tc.name+"/DCD-epoch", func(b *testing.B) {
			// One epoch without shrinking (plus the O(nnz) compression of X).
			c, _ := NewDCD(DCDConfig{Loss: tc.lf, Bias: 1, Seed: 5, MaxEpochs: 1, NoShrinking: true})
			for b.Loop() {
				if _, err := c.Fit(X, y); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(tc.name+"/DCD+read", func(b *testing.B) {
			c, _ := NewDCD(DCDConfig{Loss: tc.lf, Bias: 1, Seed: 5})
			for b.Loop() {
				X, y := linReadLIBSVM(b, linTrainFile, linTrainDim)
				if _, err := c.Fit(X, y); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(tc.name+"/liblinear-train", func(b *testing.B) {
			bin := linNeedLIBLINEAR(b)
			model := b.TempDir() + "/model"
			for b.Loop() {
				cmd := exec.Command(bin, "-q", "-s", tc.solver, "-c", "1", "-B", "1", linTrainFile, model)
				if out, err := cmd.CombinedOutput(); err != nil {
					b.Fatalf("%v: %v\n%s", cmd.Args, err, out)
				}
			}
		})
	}
}

// sqHingeDeriv returns the derivative of the squared hinge loss at the margin m.
func sqHingeDeriv(m float64) float64 {
	_, d := (&marginLoss{l: loss.SquaredHinge{}}).eval(m)
	return d
}
