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

// flipRun is NORMA (soft margin, λ = 0.01, Gaussian σ = 0.5) on two
// Gaussian blobs beside a Monitor that restarts its comparator at ADWIN
// alarms: step learns the next example, its label flipped when flip, and
// the monitor observes it.
func flipRun(t *testing.T) (mon *Monitor, step func(flip bool)) {
	t.Helper()
	cfg := learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0)
	cfg.Kernel, cfg.Lambda = kernel.Gaussian{Sigma: 0.5}, 0.01
	n, err := learn.NewNORMA(cfg, 2)
	if err != nil {
		t.Fatal(err)
	}
	obj, _ := ObjectiveOf(cfg)
	mon, err = NewMonitor(obj, Settings{}, 2, *drift.DefaultADWIN(), *drift.DefaultPageHinkley(), true)
	if err != nil {
		t.Fatal(err)
	}
	g := &data.Gen2D{Shape: data.Gaussians, Noise: 0.1}
	rng := rand.New(rand.NewPCG(8, 9))
	return mon, func(flip bool) {
		x, y := g.Next(rng)
		if flip {
			y = -y
		}
		norm2 := n.SquaredNorm()
		st := n.Learn(x, y)
		mon.Observe(x, y, st.Mistake, OnlineRisk(st.Loss, cfg.Lambda, norm2))
	}
}

// monitorRun runs flipRun's stream with the labels flipped from step 400
// on, giving the monitor budget units of work after every step.
func monitorRun(t *testing.T, budget int) *Monitor {
	t.Helper()
	mon, step := flipRun(t)
	for i := range 900 {
		step(i >= 400)
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

// TestMonitorStop: with Stop = 150 the comparator takes the first 150
// examples of a segment and no more (its points are those of a monitor
// fed only those 150 steps, and a last one at m = 150), while the detectors see every
// step (the same alarms as without a stop); with restarts, the segment
// after the flip is compared again over its first 150 examples.
func TestMonitorStop(t *testing.T) {
	run := func(stop, steps int, restart bool) *Monitor {
		cfg := learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0)
		cfg.Kernel, cfg.Lambda = kernel.Gaussian{Sigma: 0.5}, 0.01
		n, err := learn.NewNORMA(cfg, 2)
		if err != nil {
			t.Fatal(err)
		}
		obj, _ := ObjectiveOf(cfg)
		mon, err := NewMonitor(obj, Settings{}, 2, *drift.DefaultADWIN(), *drift.DefaultPageHinkley(), restart)
		if err != nil {
			t.Fatal(err)
		}
		mon.Stop = stop
		g := &data.Gen2D{Shape: data.Gaussians, Noise: 0.1}
		rng := rand.New(rand.NewPCG(8, 9))
		for i := range steps {
			x, y := g.Next(rng)
			if i >= 400 {
				y = -y
			}
			norm2 := n.SquaredNorm()
			st := n.Learn(x, y)
			mon.Observe(x, y, st.Mistake, OnlineRisk(st.Loss, cfg.Lambda, norm2))
			mon.Step(50)
		}
		for !mon.Step(math.MaxInt) {
		}
		return mon
	}
	stopped, whole, short := run(150, 900, false), run(0, 900, false), run(0, 150, false)
	if stopped.T() != 900 || stopped.Comparator().T() != 150 {
		t.Fatalf("monitor saw %d steps, its comparator %d; want 900 and 150", stopped.T(), stopped.Comparator().T())
	}
	sp, shp := stopped.Current().Points, short.Current().Points
	if len(sp) != len(shp)+1 || !slices.Equal(sp[:len(shp)], shp) || sp[len(shp)].M != 150 || sp[len(shp)].Online != short.Comparator().Online() {
		t.Fatalf("points with Stop = 150, want those of a run of 150 steps and m = 150:\n%v\n%v", sp, shp)
	}
	if len(whole.Alarms()) == 0 || !slices.Equal(stopped.Alarms(), whole.Alarms()) {
		t.Fatalf("alarms with Stop %v, without %v", stopped.Alarms(), whole.Alarms())
	}
	r := run(150, 900, true)
	cl, cur := r.Closed(), r.Current()
	if len(cl) != 1 || cl[0].Points[len(cl[0].Points)-1].M != 150 || cur.Start <= 400 ||
		cur.Points[len(cur.Points)-1].M != 150 {
		t.Fatalf("with restarts: closed %+v, current from %d ending at %+v", cl, cur.Start, cur.Points[len(cur.Points)-1])
	}
}

// TestMonitorRoom: on flipRun's stream, its labels flipped every 200 steps, a caller
// giving the monitor 1 unit of work a step meets restarts while the last
// closed segment is still solving (Forced counts each, finished at once
// inside Observe), and a caller that observes up to Room steps (at most
// 1,000) between looks and gives Step time whenever the monitor is Behind,
// as the page's frame loop does, never does; the segments are the same as
// with unbounded work after every step.
func TestMonitorRoom(t *testing.T) {
	run := func(budget int, paced bool, minSegment int) (*Monitor, int) {
		mon, step := flipRun(t)
		mon.MinSegment = minSegment
		waited := 0
		room := 0 // steps left before the paced caller looks again
		for i := range 1200 {
			if paced && room == 0 {
				for mon.Behind() {
					waited++
					mon.Step(budget)
				}
				if room = min(mon.Room(), 1000); room < 1 {
					t.Fatalf("step %d: not behind with room %d", i, mon.Room())
				}
			}
			room--
			step((i/200)%2 == 1)
			mon.Step(budget)
		}
		for !mon.Step(math.MaxInt) {
		}
		return mon, waited
	}
	eager, _ := run(math.MaxInt, false, 100)
	lazy, _ := run(1, false, 100)
	paced, waited := run(1, true, 100)
	// MinSegment 0 (every alarm restarts): Room is never 0 without a
	// closed segment solving, so the paced caller goes on.
	if zero, _ := run(1, true, 0); zero.Forced() != 0 || zero.T() != 1200 {
		t.Fatalf("MinSegment 0: Forced %d, %d steps observed", zero.Forced(), zero.T())
	}
	if len(eager.Closed()) < 2 {
		t.Fatalf("%d restarts (alarms %v): the test misses its case", len(eager.Closed()), eager.Alarms())
	}
	if eager.Forced() != 0 || lazy.Forced() == 0 || paced.Forced() != 0 || waited == 0 {
		t.Fatalf("Forced: unbounded work %d, 1 unit a step %d, paced %d (waited %d steps' checks); want 0, > 0, 0 (> 0)",
			eager.Forced(), lazy.Forced(), paced.Forced(), waited)
	}
	for _, m := range []*Monitor{lazy, paced} {
		if len(m.Closed()) != len(eager.Closed()) || !slices.Equal(m.Current().Points, eager.Current().Points) {
			t.Fatal("the segments depend on the work given")
		}
		for i, s := range m.Closed() {
			if s.Start != eager.Closed()[i].Start || !slices.Equal(s.Points, eager.Closed()[i].Points) {
				t.Fatalf("closed segment %d depends on the work given", i)
			}
		}
	}
	t.Logf("%d restarts; 1 unit a step: %d finished at once; paced: %d checks waited", len(eager.Closed()), lazy.Forced(), waited)
}
