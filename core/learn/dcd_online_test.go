package learn

import (
	"kernelplay/core/loss"

	"math"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// TestDCDOnlineMatchesBatch: after the first 200 rows of the shared set are
// learned one by one (ω = 200, so nothing is dropped) and refined, DCDOnline's
// primal equals the batch DCD optimum on those rows at the same λ, for both
// losses; w = Σ α_i y_i x̃_i holds throughout.
func TestDCDOnlineMatchesBatch(t *testing.T) {
	X, y := linTrainSet(t)
	const n, lambda = 200, 1e-2
	sub := X.Slice(0, n, 0, linTrainDim).(*mat.Dense)
	for _, lf := range []loss.Loss{loss.Hinge{}, loss.SquaredHinge{}} {
		d, err := NewDCDOnline(with(DefaultDCDOnlineConfig(), func(c *DCDOnlineConfig) {
			c.Loss = lf
			c.Lambda = lambda
			c.BufferSize = n
			c.Bias = 1
			c.Seed = 2
		}), linTrainDim)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < n; i++ {
			d.Learn(X.RawRowView(i), y[i])
		}
		d.Refine(2000)
		p, du := d.Objective()
		c, _ := NewDCD(DCDConfig{Loss: lf, Lambda: lambda, Tolerance: 1e-8, MaxEpochs: 1e6, Bias: 1})
		r, err := c.Fit(sub, y[:n])
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%v: online primal %.10g, dual %.10g; batch %.10g", lf, p, du, r.Primal)
		if linRelDiff(p, r.Primal) > 1e-6 || linRelDiff(du, r.Dual) > 1e-6 {
			t.Errorf("%v: online primal %.10g, dual %.10g; batch %.10g, %.10g", lf, p, du, r.Primal, r.Dual)
		}
		dcdOnlineCheckW(t, d)
	}
}

func dcdOnlineCheckW(t *testing.T, d *DCDOnline) {
	t.Helper()
	w := make([]float64, d.p)
	for i := 0; i < d.n; i++ {
		floats.AddScaled(w, d.alpha[i]*d.y[i], d.row(i))
	}
	if dist := floats.Distance(w, d.w, math.Inf(1)); dist > 1e-9*(1+floats.Norm(w, math.Inf(1))) {
		t.Fatalf("w drifted from Σ α y x̃ by %.3g", dist)
	}
}

// TestDCDOnlineWindow: with ω = 50 on 300 examples, the buffer holds the last
// 50, every α stays in its box [0, 1/(λn)], and w = Σ α y x̃ after evictions.
func TestDCDOnlineWindow(t *testing.T) {
	X, y := linTrainSet(t)
	const omega, lambda = 50, 1e-2
	d, _ := NewDCDOnline(with(DefaultDCDOnlineConfig(), func(c *DCDOnlineConfig) {
		c.Lambda = lambda
		c.BufferSize = omega
	}), linTrainDim)
	for i := 0; i < 300; i++ {
		st := d.Learn(X.RawRowView(i), y[i])
		if st.BufferSize != min(i+1, omega) {
			t.Fatalf("step %d: buffer %d", i, st.BufferSize)
		}
		upper := 1 / (lambda * float64(d.Len()))
		for _, a := range d.alpha[:d.n] {
			if a < 0 || a > upper*(1+1e-12) {
				t.Fatalf("step %d: α = %v outside [0, %v]", i, a, upper)
			}
		}
	}
	dcdOnlineCheckW(t, d)
	if !floats.Equal(d.row((d.next + omega - 1) % omega)[:linTrainDim], X.RawRowView(299)) {
		t.Fatal("newest stored row is not the last example")
	}
}

// BenchmarkDCDOnlineLearn times one Learn (one pass over a full buffer of
// dcdOnlineBenchOmega examples in dimension 40).
func BenchmarkDCDOnlineLearn(b *testing.B) {
	const dcdOnlineBenchOmega = 512
	X, y := linTrainSet(b)
	d, _ := NewDCDOnline(with(DefaultDCDOnlineConfig(), func(c *DCDOnlineConfig) {
		c.Lambda = 1e-2
		c.BufferSize = dcdOnlineBenchOmega
	}), linTrainDim)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		d.Learn(X.RawRowView(i), y[i])
		i = (i + 1) % len(y)
	}
}
