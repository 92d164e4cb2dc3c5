package learn_test

import (
	"testing"

	"gonum.org/v1/gonum/floats"

	"kernelplay/core/kernel"
	"kernelplay/core/learn"
)

// TestLastUpdateRow checks the kernel row and the α of the predicted class
// that SVMD's and NORMA's records expose (SVMDUpdate.Row and AlphaPred,
// likewise NORMAUpdate) against a recomputation from the buffer before the
// step: Terms values, k(x_i, x_t) for each stored x_i in term order, and
// α_i (binary: one score) as the expansion held it, over a buffer of ω = 4
// that evicts on most of 40 XOR steps.
func TestLastUpdateRow(t *testing.T) {
	k := kernel.Gaussian{Sigma: 0.7}
	scfg := learn.DefaultSVMDConfig(learn.SVMDHinge, 0)
	scfg.Kernel, scfg.BufferSize = k, 4
	s, err := learn.NewSVMD(scfg, 2)
	if err != nil {
		t.Fatal(err)
	}
	ncfg := learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0)
	ncfg.Kernel, ncfg.BufferSize = k, 4
	n, err := learn.NewNORMA(ncfg, 2)
	if err != nil {
		t.Fatal(err)
	}
	xs, ys := inspectStream(t, 31, 40)
	for _, c := range []struct {
		name string
		m    interface {
			learn.KernelModel
			learn.Learner
		}
		row func() (int, []float64, []float64)
	}{
		{"SVMD", s, func() (int, []float64, []float64) { u := s.LastUpdate(); return u.Terms, u.Row, u.AlphaPred }},
		{"NORMA", n, func() (int, []float64, []float64) { u := n.LastUpdate(); return u.Terms, u.Row, u.AlphaPred }},
	} {
		evicting := 0
		for i := range xs {
			e := c.m.Expansion()
			want := make([]float64, e.Len())
			alpha := make([]float64, e.Len())
			for j := range want {
				alpha[j] = e.Alpha(nil, j)[0]
				want[j] = k.FromDot(floats.Dot(e.X(j), xs[i]), floats.Dot(e.X(j), e.X(j)), floats.Dot(xs[i], xs[i]))
			}
			if e.Len() == e.Cap() {
				evicting++
			}
			c.m.Learn(xs[i], ys[i])
			terms, row, al := c.row()
			if terms != len(want) || len(row) != len(want) || len(al) != len(want) {
				t.Fatalf("%s step %d: Terms %d, len(Row) %d, want %d", c.name, i+1, terms, len(row), len(want))
			}
			for j := range want {
				checkNear(t, i+1, c.name+" Row", row[j], want[j])
				checkNear(t, i+1, c.name+" AlphaPred", al[j], alpha[j])
			}
		}
		if evicting < 10 {
			t.Errorf("%s: only %d steps with a full buffer: the test does not reach the ring's wrap", c.name, evicting)
		}
	}
}
