package sim

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"kernelplay/core/data"
	"kernelplay/core/kernel"
	"kernelplay/core/learn"
	"kernelplay/ui/state"
)

// TestDataCause: examples beyond what the kernels represent are named with
// the feature and the fix; examples within range are not blamed.
func TestDataCause(t *testing.T) {
	gauss := kernel.Gaussian{Sigma: 1}
	poly := kernel.Polynomial{Scale: 1, Constant: 1, Degree: 3}
	for _, c := range []struct {
		name string
		x    []float64
		y    float64
		k    kernel.Kernel
		want []string // substrings; nil: not the data's doing
	}{
		{"feature 1e200", []float64{1, 1e200}, 1, gauss, []string{"example 9", "feature 2 = 1e+200", "Rescale", "η₀ will not help"}},
		{"NaN feature", []float64{math.NaN()}, 1, nil, []string{"feature 1 = NaN"}},
		{"-Inf feature", []float64{0, 0, math.Inf(-1)}, 1, poly, []string{"feature 3 = -Inf"}},
		{"infinite label", []float64{1, 2}, math.Inf(1), gauss, []string{"label +Inf"}},
		// (1e100·1e100·2 + 1)³ overflows although each feature is in range.
		{"polynomial overflow", []float64{1e100, -3e99}, 1, poly, []string{"k(x, x) = +Inf", "largest feature 1 = 1e+100", "polynomial degree"}},
		{"at MaxAbs, Gaussian", []float64{data.MaxAbs, -data.MaxAbs}, -1, gauss, nil},
		{"in range, polynomial", []float64{1e10, 3}, 1, poly, nil},
		{"linear learner", []float64{1e150}, 1, nil, nil},
	} {
		err := DataCause("example 9", c.x, c.y, c.k)
		if c.want == nil {
			if err != nil {
				t.Errorf("%s: blamed the data: %v", c.name, err)
			}
			continue
		}
		if err == nil || !strings.HasPrefix(err.Error(), "the data stopped the run") {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %q lacks %q", c.name, err, w)
			}
		}
	}
}

// TestSimStoppedBy: the 2D run's stop message blames the data for an
// example beyond the kernel's range and the step sizes otherwise.
func TestSimStoppedBy(t *testing.T) {
	cfg := state.Default()
	cfg.Kernel, cfg.Degree, cfg.Constant, cfg.Scale = state.KernelPolynomial, 10, 1, 1
	s := mustNew(t, cfg)
	s.t = 5
	st := learn.Step{Eta: 3, Diverged: true}
	if err := s.stopped([]float64{1e40, 0}, 1, st); err == nil ||
		!strings.Contains(err.Error(), "the data stopped the run: at example 5 the kernel value") || strings.Contains(err.Error(), "lower η₀") {
		t.Errorf("huge example: %v", err)
	}
	if err := s.stopped([]float64{0.5, -0.25}, 1, st); err == nil ||
		!strings.Contains(err.Error(), "diverged at example 5 (η = 3): lower η₀, μ or λ") {
		t.Errorf("in-range example: %v", err)
	}
}

// TestDigitsStoppedByData: a file whose values overflow the polynomial
// kernel stops the run with the example, its row and the feature named;
// a divergence on in-range data keeps the step-size advice.
func TestDigitsStoppedByData(t *testing.T) {
	src := "-1 1:0.5 2:1\n1 1:1e150\n-1 2:3\n"
	set, err := data.ReadLIBSVM(strings.NewReader(src), "big.svm")
	if err != nil {
		t.Fatal(err)
	}
	cfg := state.DigitsDefault()
	cfg.Data = state.DataFile
	cfg.Kernel, cfg.Degree, cfg.Constant, cfg.Scale = state.KernelPolynomial, 3, 1, 1
	cfg.Compare = state.LearnerNORMA
	d, err := NewDigits(cfg, set)
	if err != nil {
		t.Fatal(err)
	}
	d.Step(10)
	at := 0 // the step of the 1e150 row in the shuffled stream
	for ; at < d.N() && d.seq.Row(at) != 1; at++ {
	}
	err = d.Err()
	if err == nil || d.T() != at+1 || !strings.Contains(err.Error(), "the data stopped the run: at example "+strconv.Itoa(at+1)+" (row 2 of the data)") ||
		!strings.Contains(err.Error(), "largest feature 1 = 1e+150") {
		t.Fatalf("T %d (the row at %d): %v", d.T(), at+1, err)
	}
	if n := d.T(); d.Step(5) != 0 || d.T() != n {
		t.Error("stepped after the stop")
	}

	// A divergence on the digits (in range): the step sizes are blamed.
	digits := loadDigits(t, "digits8x8.kpd.gz").Set()
	e, err := NewDigits(state.DigitsDefault(), digits)
	if err != nil {
		t.Fatal(err)
	}
	e.cs[0].Learner = &divergeAt{Learner: e.cs[0].Learner, at: 7}
	e.Step(20)
	if err := e.Err(); err == nil || e.T() != 7 || !strings.Contains(err.Error(), "diverged at example 7") ||
		!strings.Contains(err.Error(), "lower η₀, μ or λ") || strings.Contains(err.Error(), "data stopped") {
		t.Errorf("T %d: %v", e.T(), err)
	}
}

// divergeAt is a learner that reports divergence at its at-th step (a
// stand-in for step sizes that blow up).
type divergeAt struct {
	learn.Learner
	at, n int
}

func (l *divergeAt) Learn(x []float64, y float64) learn.Step {
	st := l.Learner.Learn(x, y)
	l.n++
	st.Diverged = st.Diverged || l.n == l.at
	return st
}
