package regret

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"kernelplay/core/data"
	"kernelplay/core/drift"
	"kernelplay/core/kernel"
	"kernelplay/core/learn"
)

// monitorRun runs NORMA (soft margin, λ = 0.01, Gaussian σ = 0.5) on two
// Gaussian blobs whose labels flip at step 400, beside a Monitor that
// restarts its comparator at ADWIN alarms, giving the monitor budget units
// of work after every step.
func monitorRun(t *testing.T, budget int) *Monitor {
	t.Helper()
	cfg := learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0)
	cfg.Kernel, cfg.Lambda = kernel.Gaussian{Sigma: 0.5}, 0.01
	n, err := learn.NewNORMA(cfg, 2)
	if err != nil {
		t.Fatal(err)
	}
	obj, _ := ObjectiveOf(cfg)
	mon, err := NewMonitor(obj, Settings{}, 2, *drift.DefaultADWIN(), *drift.DefaultPageHinkley(), true)
	if err != nil {
		t.Fatal(err)
	}
	g := &data.Gen2D{Shape: data.Gaussians, Noise: 0.1}
	rng := rand.New(rand.NewPCG(8, 9))
	for i := range 900 {
		x, y := g.Next(rng)
		if i >= 400 {
			y = -y
		}
		norm2 := n.SquaredNorm()
		st := n.Learn(x, y)
		mon.Observe(x, y, st.Mistake, OnlineRisk(st.Loss, cfg.Lambda, norm2))
		mon.Step(budget)
	}
	for !mon.Step(budget) {
	}
	return mon
}

// TestMonitorRestart: the flip is detected by ADWIN, the comparator
// restarts there (the closed segment ends at the alarm's step, the new one
// starts after it), and every point is the same whatever the frame budget
// (budget 5 against unbounded work after each step).
func TestMonitorRestart(t *testing.T) {
	a, b := monitorRun(t, math.MaxInt), monitorRun(t, 5)
	al := a.Alarms()
	var first int
	for _, x := range al {
		if x.ADWIN {
			first = x.T
			break
		}
	}
	if first <= 400 || first > 500 {
		t.Fatalf("first ADWIN alarm at %d (alarms %v), want after the flip at 400 within 100", first, al)
	}
	cl := a.Closed()
	if len(cl) != 1 || cl[0].Start != 0 || cl[0].Points[len(cl[0].Points)-1].M != first {
		t.Fatalf("closed segments %+v, want one ending at step %d (the burst of alarms restarts once: MinSegment)", cl, first)
	}
	last := cl[len(cl)-1]
	cur := a.Current()
	if cur.Start != last.Start+last.Points[len(last.Points)-1].M || cur.Points[len(cur.Points)-1].M > 900-cur.Start {
		t.Fatalf("current segment starts at %d, the last closed one ends at %d", cur.Start, last.Start+last.Points[len(last.Points)-1].M)
	}
	t.Logf("alarms %v; segments: %d closed, current from %d: regret %.4g over %d (whole first segment %.4g over %d)",
		al, len(cl), cur.Start, cur.Points[len(cur.Points)-1].Regret, cur.Points[len(cur.Points)-1].M,
		cl[0].Points[len(cl[0].Points)-1].Regret, cl[0].Points[len(cl[0].Points)-1].M)
	if !slices.Equal(al, b.Alarms()) || len(b.Closed()) != len(cl) || !slices.Equal(cur.Points, b.Current().Points) {
		t.Fatal("budget 5 differs from unbounded work")
	}
	for i := range cl {
		if cl[i].Start != b.Closed()[i].Start || !slices.Equal(cl[i].Points, b.Closed()[i].Points) {
			t.Fatalf("closed segment %d differs with budget 5", i)
		}
	}
}
