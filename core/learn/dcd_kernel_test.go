package learn

import (
	"kernelplay/core/loss"

	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"kernelplay/core/kernel"
)

// TestKernelDCDLinearKernel: with the linear kernel and Bias 1 (k̃ = ⟨x, x'⟩ +
// 1), kernel DCD solves the same problem as linear DCD with -B 1: the same
// optimal F on the first 300 rows of the shared set, for both losses.
func TestKernelDCDLinearKernel(t *testing.T) {
	X, y := linTrainSet(t)
	const n, lambda = 300, 1e-2
	sub := X.Slice(0, n, 0, linTrainDim).(*mat.Dense)
	for _, lf := range []loss.Loss{loss.Hinge{}, loss.SquaredHinge{}} {
		kc, err := NewKernelDCD(KernelDCDConfig{Kernel: kernel.Linear{}, Loss: lf, Lambda: lambda, Tolerance: 1e-8, MaxEpochs: 1e5, Bias: 1})
		if err != nil {
			t.Fatal(err)
		}
		m, err := kc.Fit(sub, y[:n])
		if err != nil {
			t.Fatal(err)
		}
		lc, _ := NewDCD(DCDConfig{Loss: lf, Lambda: lambda, Tolerance: 1e-8, MaxEpochs: 1e6, Bias: 1})
		r, _ := lc.Fit(sub, y[:n])
		t.Logf("%v: kernel F = %.10g (dual %.10g, %d epochs), linear F = %.10g", lf, m.Primal, m.Dual, m.Epochs, r.Primal)
		if linRelDiff(m.Primal, r.Primal) > 1e-7 || linRelDiff(m.Dual, m.Primal) > 1e-7 {
			t.Errorf("%v: kernel F = %.10g, dual %.10g; linear F = %.10g", lf, m.Primal, m.Dual, r.Primal)
		}
		// The model's scores reproduce the primal: λ/2‖f‖² + mean l(y f(x)).
		var ls float64
		s := make([]float64, 1)
		for i := 0; i < n; i++ {
			v, _ := (&marginLoss{l: lf}).eval(y[i] * m.Scores(s, sub.RawRowView(i))[0])
			ls += v
		}
		ww := 0.0
		for j := range r.W {
			ww += r.W[j] * r.W[j]
		}
		if f := 0.5*lambda*ww + ls/n; linRelDiff(f, m.Primal) > 1e-6 {
			t.Errorf("%v: F from Scores %.10g, reported %.10g", lf, f, m.Primal)
		}
	}
}

// TestKernelDCDXOR: a Gaussian kernel separates the XOR blobs that no linear
// model can, with a vanishing duality gap.
func TestKernelDCDXOR(t *testing.T) {
	const seed = 5
	t.Logf("seed %d", seed)
	X, y := ammXOR(300, 0.3, seed)
	for i := range y {
		y[i] = 2*y[i] - 1
	}
	c, _ := NewKernelDCD(KernelDCDConfig{Kernel: kernel.Gaussian{Sigma: 0.7}, Lambda: 1e-3, Tolerance: 1e-4, MaxEpochs: 1e5})
	m, err := c.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	Xt, yt := ammXOR(1000, 0.3, seed+1)
	right := 0
	s := make([]float64, 1)
	for i := 0; i < 1000; i++ {
		if linSign(m.Scores(s, Xt.RawRowView(i))[0]) == 2*yt[i]-1 {
			right++
		}
	}
	gap := (m.Primal - m.Dual) / m.Primal
	t.Logf("test accuracy %.3f, primal %.6g, dual %.6g, %d epochs", float64(right)/1000, m.Primal, m.Dual, m.Epochs)
	if right < 950 || math.Abs(gap) > 1e-3 || !m.Converged {
		t.Errorf("accuracy %d/1000, relative gap %.3g, converged %v", right, gap, m.Converged)
	}
}

func TestKernelDCDErrors(t *testing.T) {
	for _, s := range []KernelDCDConfig{{Kernel: kernel.Gaussian{Sigma: -1}}, {Loss: loss.Logistic{}}, {Lambda: -1}, {MaxN: -1}} {
		if _, err := NewKernelDCD(s); err == nil {
			t.Errorf("NewKernelDCD(%+v): no error", s)
		}
	}
	c, _ := NewKernelDCD(KernelDCDConfig{MaxN: 2})
	if _, err := c.Fit(mat.NewDense(3, 1, []float64{1, 2, 3}), []float64{1, -1, 1}); err == nil {
		t.Error("N > MaxN: no error")
	}
}

// BenchmarkKernelDCDEpoch times one epoch (plus the O(N²d) kernel matrix) on
// kernelDCDBenchN XOR points.
func BenchmarkKernelDCDEpoch(b *testing.B) {
	const kernelDCDBenchN = 500
	X, y := ammXOR(kernelDCDBenchN, 0.3, 1)
	for i := range y {
		y[i] = 2*y[i] - 1
	}
	c, _ := NewKernelDCD(KernelDCDConfig{Kernel: kernel.Gaussian{Sigma: 0.7}, MaxEpochs: 1})
	for b.Loop() {
		if _, err := c.Fit(X, y); err != nil {
			b.Fatal(err)
		}
	}
}
