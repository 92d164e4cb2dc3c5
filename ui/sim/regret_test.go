package sim

import (
	"math"
	"slices"
	"strings"
	"testing"

	"kernelplay/core/kernel"
	"kernelplay/core/learn"
	"kernelplay/core/regret"
	"kernelplay/ui/state"
)

// regretPoints runs cfg for n steps, stepping spf examples at a time and
// giving the comparator budget units after each, then finishes its work,
// and returns the current segment's points and where the monitor started.
func regretPoints(t *testing.T, cfg state.Config, n, spf, budget int) ([]regret.Point, int) {
	t.Helper()
	s := mustNew(t, cfg)
	for s.T() < n {
		s.Step(min(spf, n-s.T()))
		s.RegretStep(budget)
	}
	for !s.RegretStep(1 << 20) {
	}
	mon, why := s.Regret()
	if mon == nil {
		t.Fatalf("no regret for %s on %s: %s", cfg.Learner, cfg.Preset, why)
	}
	if mon.T() != n-s.RegretStart() {
		t.Fatalf("monitor saw %d steps, want %d (start %d)", mon.T(), n-s.RegretStart(), s.RegretStart())
	}
	return slices.Clone(mon.Current().Points), s.RegretStart()
}

// TestRegretSlicing: the default demo's comparison (SVMD, hinge, offset)
// has the same checkpoints, bit for bit, whether the frames hold 1 step
// and 7 units of solver work or 20 steps and unbounded work; the points
// are the checkpoints of regret.NextCheckpoint and each satisfies
// Regret = Online − Hindsight with a finite, positive online sum.
func TestRegretSlicing(t *testing.T) {
	cfg := state.Default()
	const n = 260
	a, _ := regretPoints(t, cfg, n, 1, 7)
	b, _ := regretPoints(t, cfg, n, 20, math.MaxInt)
	if !slices.Equal(a, b) {
		t.Fatalf("points differ with the slicing:\n%v\n%v", a, b)
	}
	m := 0
	for i, p := range a {
		m = regret.NextCheckpoint(m)
		if p.M != m {
			t.Fatalf("point %d at m = %d, want checkpoint %d", i, p.M, m)
		}
		if !(p.Online > 0) || math.IsInf(p.Online, 0) || p.Regret != p.Online-p.Hindsight || !p.Exact {
			t.Fatalf("point %+v", p)
		}
	}
	if m > n || regret.NextCheckpoint(m) <= n {
		t.Fatalf("last checkpoint %d for %d steps", m, n)
	}
	t.Logf("%d checkpoints; at m = %d: online %.4g, hindsight %.4g, regret %.4g, gap %.3g",
		len(a), a[len(a)-1].M, a[len(a)-1].Online, a[len(a)-1].Hindsight, a[len(a)-1].Regret, a[len(a)-1].Gap)
}

// TestRegretOnlineSum: the online side of NORMA's comparison is Σ
// R_stoch[f_t, t] = Σ (loss_t + (λ/2)‖f_t‖²) with ‖f_t‖² before the
// update (NORMA eq. 3): recomputed here by a NORMA learner of the same
// settings fed the same examples (Sim.Last after every step).
func TestRegretOnlineSum(t *testing.T) {
	cfg := state.Default()
	cfg.Learner, cfg.Lambda = state.LearnerNORMA, 0.01
	s := mustNew(t, cfg)
	l, err := Learner(s.LearnerConfig(), 2)
	if err != nil {
		t.Fatal(err)
	}
	n := l.(*learn.NORMA)
	sum := map[int]float64{}
	acc := 0.0
	for range 120 {
		s.Step(1)
		last := s.Last()
		n2 := n.SquaredNorm()
		st := n.Learn(last.X, last.Y)
		acc += st.Loss + 0.5*cfg.Lambda*n2
		sum[s.T()] = acc
	}
	for !s.RegretStep(1 << 20) {
	}
	mon, _ := s.Regret()
	pts := mon.Current().Points
	if len(pts) < 10 {
		t.Fatalf("%d points", len(pts))
	}
	for _, p := range pts {
		if p.Online != sum[p.M] {
			t.Fatalf("online sum at m = %d: %v, recomputed %v", p.M, p.Online, sum[p.M])
		}
	}
}

// TestRegretReplay: a σ change made live restarts the comparison after its
// step (a new objective), and the link's replay of the same edit gives the
// same points bit for bit.
func TestRegretReplay(t *testing.T) {
	cfg := state.Default()
	live := mustNew(t, cfg)
	live.Step(150)
	e := state.Event{T: 150, Kind: state.EventSet, Key: "s", Value: "0.3"}
	if err := live.AddEvent(e); err != nil {
		t.Fatal(err)
	}
	live.Step(100)
	for !live.RegretStep(1 << 20) {
	}
	if live.RegretStart() != 150 {
		t.Fatalf("comparison starts after step %d, want 150", live.RegretStart())
	}
	lm, _ := live.Regret()
	cfg.Events = []state.Event{e}
	got, start := regretPoints(t, cfg, 250, 13, 3)
	if start != 150 || !slices.Equal(got, lm.Current().Points) {
		t.Fatalf("replay: start %d points %v\nlive: %v", start, got, lm.Current().Points)
	}
}

// TestRegretWhyNot: multiclass, the ν-trick and linear learners have no
// comparison and say why; the multiclass message is the page's.
func TestRegretWhyNot(t *testing.T) {
	for _, c := range []struct {
		edit func(*state.Config)
		want string
	}{
		{func(c *state.Config) { c.Task = state.TaskMulticlass }, MulticlassNoRegret},
		{func(c *state.Config) { c.Nu = 0.2 }, ""},
		{func(c *state.Config) { c.Learner = state.LearnerPegasos }, ""},
	} {
		cfg := state.Default()
		c.edit(&cfg)
		s := mustNew(t, cfg)
		s.Step(5)
		mon, why := s.Regret()
		if mon != nil || why == "" || (c.want != "" && why != c.want) {
			t.Errorf("%s/%s ν=%g: monitor %v, why %q", cfg.Learner, cfg.Task, cfg.Nu, mon != nil, why)
		}
		if !s.RegretStep(1) {
			t.Error("RegretStep without a monitor is not idle")
		}
	}
}

// TestRegretTheorem2Bound: NORMA as in Theorem 2 (schedule thm2, soft
// margin, no offset, ω ≥ m) on the spirals at λ = 1 has eq. (23)'s bound
// at every checkpoint, above the measured online sum; with the offset on,
// the bound does not apply and says why.
func TestRegretTheorem2Bound(t *testing.T) {
	cfg := state.Default()
	cfg.Learner, cfg.Schedule, cfg.Offset, cfg.Lambda = state.LearnerNORMA, state.ScheduleTheorem2, false, 1
	s := mustNew(t, cfg)
	if _, ok := s.Learner().(*learn.NORMA).Config().Schedule.(learn.InvSqrtT); !ok {
		t.Fatalf("schedule %v, want learn.InvSqrtT", s.Learner().(*learn.NORMA).Config().Schedule)
	}
	s.Step(400)
	for !s.RegretStep(1 << 20) {
	}
	mon, _ := s.Regret()
	var ratio float64
	for _, p := range mon.Current().Points {
		b := s.RegretBound(p)
		if !b.Applies || b.Source != "NORMA Theorem 2, eq. (23)" {
			t.Fatalf("m = %d: bound %+v", p.M, b)
		}
		if !(b.Value >= p.Online) {
			t.Fatalf("m = %d: online sum %v above the bound %v", p.M, p.Online, b.Value)
		}
		ratio = (b.Value - p.Hindsight) / p.Regret
	}
	t.Logf("at m = 400: bound on the regret / measured regret = %.3g", ratio)
	cfg.Offset = true
	s = mustNew(t, cfg)
	s.Step(20)
	for !s.RegretStep(1 << 20) {
	}
	mon, _ = s.Regret()
	if b := s.RegretBound(mon.Current().Points[0]); b.Applies || !strings.Contains(b.Why, "offset") {
		t.Errorf("with the offset: %+v", b)
	}
}

// TestRegretTheorem1Bound: NORMA as in Theorem 1 (schedule thm1, soft
// margin, no offset, the page's B = 10 and m = 500 ≤ ω = 512) runs at the
// constant rate B/(X√m) with X = 1 (Gaussian kernel); its comparator is
// g*_B (‖g*‖ ≤ B at every checkpoint); eq. (22) applies at every
// checkpoint up to m, one of them at m exactly, above the measured online
// sum, and not beyond m; with the linear kernel X² = 2 (the box's corner).
func TestRegretTheorem1Bound(t *testing.T) {
	cfg := state.Default()
	cfg.Learner, cfg.Schedule, cfg.Offset = state.LearnerNORMA, state.ScheduleTheorem1, false
	s := mustNew(t, cfg)
	sch, ok := s.Learner().(*learn.NORMA).Config().Schedule.(learn.Constant)
	if want := cfg.NormBound / math.Sqrt(float64(cfg.RunLength)); !ok || math.Abs(sch.Eta0-want) > 1e-15 {
		t.Fatalf("schedule %v, want learn.Constant{%v}", s.Learner().(*learn.NORMA).Config().Schedule, want)
	}
	s.Step(700)
	for !s.RegretStep(1 << 20) {
	}
	mon, _ := s.Regret()
	atM, beyond := false, false
	for _, p := range mon.Current().Points {
		b := s.RegretBound(p)
		if p.Norm > cfg.NormBound {
			t.Errorf("M = %d: ‖g*_B‖ = %v > B", p.M, p.Norm)
		}
		if p.M > cfg.RunLength {
			beyond = true
			if b.Applies || !strings.Contains(b.Why, "beyond the run of m = 500") {
				t.Errorf("M = %d > m: %+v", p.M, b)
			}
			continue
		}
		atM = atM || p.M == cfg.RunLength
		if !b.Applies || b.Source != regret.Theorem1Source || !(b.Value >= p.Online) ||
			math.Abs(b.Value-p.Hindsight-cfg.NormBound*math.Sqrt(float64(cfg.RunLength))) > 1e-9 {
			t.Fatalf("M = %d: bound %+v, online %v, hindsight %v", p.M, b, p.Online, p.Hindsight)
		}
		if p.M == cfg.RunLength {
			t.Logf("at m = %d: online %.5g, J(g*_B) %.5g (‖g*_B‖ = %.4g, λ' = %.3g), eq. (22) %.5g", p.M, p.Online, p.Hindsight, p.Norm, p.Lambda, b.Value)
		}
	}
	if !atM || !beyond {
		t.Errorf("a checkpoint at m: %v; beyond m: %v", atM, beyond)
	}
	// The traces CSV's bound column: B·X·√m at the checkpoints up to m,
	// empty beyond.
	cols := s.regretColumns("")
	bd := cols[3].s
	if cols[3].name != headBound || len(bd.T) == 0 || bd.T[len(bd.T)-1] != float64(cfg.RunLength) {
		t.Fatalf("bound column %q: steps %v", cols[3].name, bd.T)
	}
	for i, v := range bd.V {
		if math.Abs(v-cfg.NormBound*math.Sqrt(float64(cfg.RunLength))) > 1e-9 {
			t.Errorf("bound column at t = %v: %v, want B·X·√m = 10·√500", bd.T[i], v)
		}
	}
	if x2 := Theorem1X2(kernel.Linear{}, 2); x2 != 2 {
		t.Errorf("linear X² = %v, want 2", x2)
	}
	if x2 := Theorem1X2(kernel.Polynomial{Scale: 0.5, Constant: 1, Degree: 3}, 2); x2 != 8 {
		t.Errorf("polynomial X² = %v, want (0.5·2 + 1)³ = 8", x2)
	}
}

// TestRegretRestart: with "regret since the change" (rsc), a stream of
// clicked points whose labels flip (at step 1500 every point is clicked
// again with the other class: the errors jump) makes ADWIN fire and the
// monitor restart its comparator there (a closed segment, the current one
// starting at an ADWIN alarm); the detections are the same without the
// restart (the detectors watch the learner's errors, which the comparator
// does not change).
func TestRegretRestart(t *testing.T) {
	cfg := state.Default()
	cfg.Generated = false
	var flip []state.Event
	for i := range 40 {
		x, y := float64(i%8)/4-0.9, float64(i/8)/3-0.7
		c := 0
		if x > 0 {
			c = 1
		}
		p := state.Quantize(state.Point{X: x, Y: y, Class: c})
		cfg.Points = append(cfg.Points, p)
		p.Class = 1 - c
		flip = append(flip, state.Event{T: 1500, Kind: state.EventAdd, Point: p})
	}
	for range 40 { // the first 40 clicked points are the old labels
		flip = append(flip, state.Event{T: 1500, Kind: state.EventDelete, Index: 0})
	}
	cfg.Events = flip
	run := func(restart bool) *Sim {
		c := cfg
		c.RegretRestart = restart
		s := mustNew(t, c)
		for range 30 {
			s.Step(100)
			s.RegretStep(1 << 16)
		}
		if s.Err() != nil {
			t.Fatal(s.Err())
		}
		for !s.RegretStep(1 << 20) {
		}
		return s
	}
	on, off := run(true), run(false)
	mOn, _ := on.Regret()
	mOff, _ := off.Regret()
	if !slices.Equal(mOn.Alarms(), mOff.Alarms()) {
		t.Fatal("the restart changed the detections")
	}
	var adwin []int
	for _, a := range mOn.Alarms() {
		if a.ADWIN {
			adwin = append(adwin, a.T)
		}
	}
	t.Logf("labels flipped at 1500: %d alarms, ADWIN at %v; %d closed segments, current from %d",
		len(mOn.Alarms()), adwin, len(mOn.Closed()), mOn.Current().Start)
	if len(adwin) == 0 || adwin[0] <= 1500 {
		t.Fatalf("ADWIN alarms %v, want one after the flip at 1500", adwin)
	}
	if len(mOn.Closed()) == 0 || !slices.Contains(adwin, mOn.Current().Start) || len(mOff.Closed()) != 0 {
		t.Errorf("restart on: %d closed, current from %d; off: %d closed", len(mOn.Closed()), mOn.Current().Start, len(mOff.Closed()))
	}
}
