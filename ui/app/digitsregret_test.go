package app

import (
	"strconv"
	"strings"
	"testing"

	"kernelplay/core/learn"
	"kernelplay/core/regret"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// TestDigitsRegret: on the 8×8 switch stream (binary) the charts get one
// regret trace per learner, whose points are the monitor's checkpoints at
// their steps (R = Online − Hindsight), captions saying why no bound
// applies (SVMD's adaptive η; NORMA under JMLR's schedule), detections as
// marks, and no note; on the 10-way and novelty streams no trace and the
// note says why.
func TestDigitsRegret(t *testing.T) {
	set := digits8x8(t)
	cfg := state.ComparePreset()
	cfg.Stream = state.StreamSwitch
	d, err := sim.NewDigits(cfg, set)
	if err != nil {
		t.Fatal(err)
	}
	for !d.Done() {
		d.Step(50)
	}
	for !d.RegretStep(1 << 20) {
	}
	if note := DigitsRegretNote(d); note != "" {
		t.Fatalf("binary run's note %q, want none", note)
	}
	var dr DigitsRegret
	tr := dr.Traces(d)
	if len(tr) != 2 {
		t.Fatalf("%d traces for 2 learners", len(tr))
	}
	for i, want := range []string{"no bound: SVMD's η adapts", "no bound (NORMA Theorem 2, eq. (23))"} {
		mon, _ := d.Regret(i)
		pts := mon.Current().Points
		r := tr[i]
		if len(r.R.X) != len(pts) || len(pts) < 20 {
			t.Fatalf("learner %d: %d points drawn of %d", i, len(r.R.X), len(pts))
		}
		for k, p := range pts {
			if r.R.X[k] != float64(p.M) || r.R.Y[k] != p.Online-p.Hindsight {
				t.Fatalf("learner %d point %d: (%v, %v), monitor %+v", i, k, r.R.X[k], r.R.Y[k], p)
			}
		}
		if !strings.HasPrefix(r.Caption, want) || len(r.Bound.X) != 0 {
			t.Errorf("learner %d: caption %q (want %q), bound %v", i, r.Caption, want, r.Bound)
		}
		if len(r.Alarms) == 0 && len(mon.Alarms()) > 0 || len(r.Alarms) > len(mon.Alarms()) {
			t.Errorf("learner %d: %d marks for %d alarms", i, len(r.Alarms), len(mon.Alarms()))
		}
		if len(r.Alarms) > 0 && !strings.Contains(r.Caption, "\ndetected at t = "+strconv.Itoa(int(r.Alarms[0].T))+" ("+r.Alarms[0].Label+")") {
			t.Errorf("learner %d: caption %q does not name the detection %+v", i, r.Caption, r.Alarms[0])
		}
		t.Logf("%s: %d points, regret %.4g at m = %d, marks %v", d.Name(i), len(pts), pts[len(pts)-1].Regret, pts[len(pts)-1].M, r.Alarms)
	}
	for _, c := range []struct{ stream, want string }{
		{state.StreamMulticlass, sim.MulticlassNoRegret}, {state.StreamNovelty, sim.NoveltyNoRegret},
	} {
		cfg := state.DigitsDefault()
		cfg.Stream, cfg.Nu = c.stream, 0.05
		d, err := sim.NewDigits(cfg, set)
		if err != nil {
			t.Fatal(err)
		}
		if note, tr := DigitsRegretNote(d), dr.Traces(d); note != c.want || tr != nil {
			t.Errorf("%s: note %q, %d traces; want %q and none", c.stream, note, len(tr), c.want)
		}
	}
	// JMLR Fig. 3 is binary, but its three learners use the ν-trick: no
	// panel, the first learner's reason as the note.
	fig, _ := state.FigurePreset(state.FigureBinary)
	d, err = sim.NewDigits(fig, set)
	if err != nil {
		t.Fatal(err)
	}
	if note, tr := DigitsRegretNote(d), dr.Traces(d); !strings.HasPrefix(note, "regret: SVMD") || strings.HasPrefix(note, "regret: regret") || tr != nil {
		t.Errorf("JMLR Fig. 3: note %q, %d traces", note, len(tr))
	}
}

// TestDigitsRegretStop: on the 0–4 vs 5–9 stream (1,797 examples) the
// comparison stops at its first 1,000 examples and the caption says so,
// while the detectors see every step.
func TestDigitsRegretStop(t *testing.T) {
	cfg := state.DigitsDefault()
	cfg.Stream, cfg.Lambda = state.StreamSplit, 1e-3
	d, err := sim.NewDigits(cfg, digits8x8(t))
	if err != nil {
		t.Fatal(err)
	}
	d.Step(1200)
	for !d.RegretStep(1 << 20) {
	}
	var dr DigitsRegret
	r := dr.Traces(d)[0]
	mon, _ := d.Regret(0)
	if n := len(r.R.X); n == 0 || r.R.X[n-1] != 1000 || mon.T() != 1200 {
		t.Fatalf("last point at %v of %d, monitor at %d", r.R.X, len(r.R.X), mon.T())
	}
	if !strings.Contains(r.Caption, "compared over the first 1000 examples") {
		t.Errorf("caption %q", r.Caption)
	}
}

// TestRegretCaptionCut: the caption keeps the failing condition whole —
// a closing parenthesis and what follows ", so" go, a parenthesis inside
// the condition stays (NORMA Theorem 2 on a run whose buffer ω = 512 is
// smaller than m, as the switch figure's NORMA).
func TestRegretCaptionCut(t *testing.T) {
	cfg := learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0)
	cfg.BufferSize = 512
	for _, c := range []struct {
		b    regret.Bound
		want string
	}{
		{regret.NORMATheorem2(cfg, regret.Point{M: 713}), "no bound (NORMA Theorem 2, eq. (23)): the buffer (ω = 512) is smaller than m = 713"},
		{regret.Bound{Source: "S", Why: "not applicable: stated for a fixed rate Λ (schedule sqrt)"}, "no bound (S): stated for a fixed rate Λ"},
	} {
		if got := regretCaption(c.b, false); got != c.want {
			t.Errorf("caption %q, want %q", got, c.want)
		}
	}
}
