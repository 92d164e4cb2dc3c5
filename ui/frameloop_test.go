//go:build js && wasm

package ui

import (
	"strings"
	"testing"

	"kernelplay/core/regret"
	"kernelplay/ui/app"
	"kernelplay/ui/pace"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// TestFrameLearn: a frame learns what it asks for when the clock says
// learning is free, and within its budget when it is not: a clock that
// moves 1 ms at every look stops a 6 ms budget after a few slices, and the
// run is exactly the steps learn reports.
func TestFrameLearn(t *testing.T) {
	a, fb := testApp(t, "v1")
	ran, stopped := a.learn(&a.slicer, 300)
	if ran != 300 || stopped || a.store.Run().T() != 300 {
		t.Fatalf("free learning: ran %d, stopped %v, t = %d; want 300", ran, stopped, a.store.Run().T())
	}
	fb.tick = 1
	sl := pace.Slicer{BudgetMS: 6}
	t0 := a.store.Run().T()
	ran, _ = a.learn(&sl, 100000)
	if ran <= 0 || ran >= 100000 || a.store.Run().T()-t0 != ran {
		t.Errorf("6 ms of learning on a clock of 1 ms a look: ran %d (t moved %d)", ran, a.store.Run().T()-t0)
	}
}

// TestFrameReplay: a link's long replay goes on over frames within 20 ms
// each; a frame that runs out of time leaves the rest to the next one,
// and the replay ends at the link's step.
func TestFrameReplay(t *testing.T) {
	c := state.Default()
	c.At = 3000
	fb := &fakeBrowser{tick: 0.5}
	a := &Playground{b: fb}
	a.store = app.NewStoreSliced(state.Encode(c), 500)
	a.build()
	frames := 0
	for {
		_, _, ok := a.store.Replaying()
		if !ok {
			break
		}
		if frames++; frames > 1000 {
			t.Fatal("the replay did not end in 1000 frames")
		}
		a.replayFrame(fb.now)
	}
	if a.store.Run().T() != 3000 || frames < 2 {
		t.Errorf("replay ended at t = %d after %d frames; want 3000 over several frames", a.store.Run().T(), frames)
	}
	if ps := a.replayNow(a.store.Config()); ps != replayAtBoot {
		t.Errorf("replayNow before any learning was measured: %d, want %d", ps, replayAtBoot)
	}
}

// TestFrameRegretCatchUp: a link's replay past the hindsight comparator's
// queue (sim.RegretMaxWaiting examples beyond its exact prefix) never lets
// a step fill it, which would make that step solve everything at once
// (a 1.2–1.8 s task in Chromium): once half the queue waits, the frames
// go to the comparison instead of the replay, and then the play's learning
// waits for it the same way; the replay still ends at the link's step.
func TestFrameRegretCatchUp(t *testing.T) {
	c := state.Default()
	c.At = sim.RegretMaxWaiting + 1000 + 3000
	c.Playing = false
	fb := &fakeBrowser{tick: 2} // a few slices of steps a frame
	a := &Playground{b: fb}
	a.store = app.NewStoreSliced(state.Encode(c), 500)
	a.build()
	cmp := func() *regret.Comparator {
		mon, why := a.store.Run().Sim().Regret()
		if mon == nil {
			t.Fatalf("no hindsight comparison: %s", why)
		}
		return mon.Comparator()
	}
	maxWaiting := cmp().Settings().MaxWaiting
	frames, waited, most := 0, 0, 0
	for {
		if _, _, ok := a.store.Replaying(); !ok {
			break
		}
		if frames++; frames > 5000 {
			t.Fatal("the replay did not end in 5000 frames")
		}
		w0, t0 := cmp().Waiting(), a.store.Run().T()
		a.replayFrame(fb.now)
		w1, t1 := cmp().Waiting(), a.store.Run().T()
		// The queue grows by at most one example a step: a frame that
		// starts at w0 and runs t1 − t0 steps never reaches the backstop.
		if w0+t1-t0 >= maxWaiting {
			t.Fatalf("frame %d: %d waiting and %d steps: the queue of %d could fill", frames, w0, t1-t0, maxWaiting)
		}
		if t1 == t0 && w1 < w0 {
			waited++ // the frame went to the comparison
		}
		most = max(most, w1)
	}
	if a.store.Run().T() != c.At {
		t.Fatalf("the replay ended at t = %d, want %d", a.store.Run().T(), c.At)
	}
	if waited == 0 || 2*most < maxWaiting {
		t.Fatalf("the comparison never fell behind (at most %d of %d waiting; %d frames waited for it): the test misses its case", most, maxWaiting, waited)
	}
	t.Logf("replay to %d: %d frames, %d of them for the comparison; at most %d of %d waiting", c.At, frames, waited, most, maxWaiting)

	// Playing on: while the comparison is behind, a frame learns nothing
	// and gives its time to the comparison, and the read-outs say so.
	a.store.Dispatch(state.Play{})
	for !cmp().Behind() {
		a.learn(&a.slicer, 1000)
	}
	w0 := cmp().Waiting()
	if ran, _ := a.learn(&a.slicer, 1000); ran != 0 || cmp().Waiting() >= w0 {
		t.Errorf("a frame while the comparison is behind learned %d steps, %d → %d waiting; want 0 steps and fewer waiting", ran, w0, cmp().Waiting())
	}
	if rows := a.budgetRows(); len(rows) == 0 || rows[0].Label+" "+rows[0].Value != "learning waits for the regret chart" {
		t.Errorf("read-outs while the comparison is behind: %v", rows)
	}
	mon, _ := a.store.Run().Sim().Regret()
	if mon.Forced() != 0 {
		t.Errorf("%d steps did the comparison's pending work at once", mon.Forced())
	}
}

// TestFrameRegretRestart: with the regret chart's restart at detected
// changes, on the rotating set, kernel Pegasos' comparison restarts often;
// a replay to step 6,600, in slices of thousands of steps (a clock that
// moves 0.05 ms a look), learns at most the comparison's room between two
// looks, so no restart comes while the last closed segment is still
// solving (which would solve it at once inside the step: 1.3 s natively).
// (That the segments do not depend on the work given is core/regret's
// TestMonitorRoom.)
func TestFrameRegretRestart(t *testing.T) {
	c := state.Default()
	c.Learner, c.Preset, c.RegretRestart, c.Playing = state.LearnerKernelPegasos, state.PresetRotating, true, false
	c.At = 6600
	fb := &fakeBrowser{tick: 0.05} // slices of thousands of steps
	a := &Playground{b: fb}
	a.store = app.NewStoreSliced(state.Encode(c), 500)
	a.build()
	if m := a.store.Message(); m.Kind == app.Failure {
		t.Fatal(m.Text)
	}
	frames := 0
	for {
		if _, _, ok := a.store.Replaying(); !ok {
			break
		}
		if frames++; frames > 20000 {
			t.Fatal("the replay did not end in 20000 frames")
		}
		a.replayFrame(fb.now)
	}
	for !a.store.Run().Sim().RegretStep(1 << 30) {
	}
	mon, _ := a.store.Run().Sim().Regret()
	if a.store.Run().T() != c.At || len(mon.Closed()) < 2 {
		t.Fatalf("replay at t = %d, %d segments closed by restarts: the test misses its case", a.store.Run().T(), len(mon.Closed()))
	}
	if mon.Forced() != 0 {
		t.Errorf("%d steps did the comparison's pending work at once", mon.Forced())
	}
	t.Logf("replay to %d over %d frames: %d restarts, %d of them while a closed segment was solving", c.At, frames, len(mon.Closed()), mon.Forced())
}

// TestBudgetRows: while the run plays, the read-outs say how many of the
// asked steps per frame ran and at what grid the surface was drawn, and
// nothing while paused or when nothing was cut.
func TestBudgetRows(t *testing.T) {
	a, _ := testApp(t, "v1")
	if rows := a.budgetRows(); len(rows) != 0 {
		t.Fatalf("nothing cut yet: %v", rows)
	}
	for range 20 {
		a.reduction.Add(1, 20, 9, false)
	}
	a.plot.surf.Grid = 40
	var got []string
	for _, r := range a.budgetRows() {
		got = append(got, r.Label+" "+r.Value)
	}
	if want := "steps/frame 9 of 20|grid 40² of 200²"; strings.Join(got, "|") != want {
		t.Errorf("read-outs %q, want %q", strings.Join(got, "|"), want)
	}
	// They take whole lines of the read-outs, so that a long value does
	// not cut the label: the stats panel marks them wide.
	a.budget = a.budgetRows
	a.props()
	wide := tree(t, a.stats)[0].all(func(m *node) bool { return m.Classes["wide"] })
	if len(wide) != 2 || wide[0].text() != "steps/frame9 of 20" || wide[1].text() != "grid40² of 200²" {
		var w []string
		for _, n := range wide {
			w = append(w, n.text())
		}
		t.Errorf("wide read-out cells %q, want the two rows' labels and values", w)
	}
	a.store.Dispatch(state.SetField{Key: "play", Value: "0"})
	if rows := a.budgetRows(); a.store.Config().Playing || len(rows) != 0 {
		t.Errorf("paused: %v", rows)
	}
}

// TestFramesReadout: the read-out's frames/s is the animation frames the
// page ran, not the pictures it drew: in slow motion (a picture every few
// frames) it still says 60.
func TestFramesReadout(t *testing.T) {
	a, _ := testApp(t, "v1&play=0")
	for i := range 121 {
		now := float64(i) * 1000 / 60
		a.frames.Add(now, 1)
		if i%15 == 0 {
			a.fps.Add(now, 1) // a picture four times a second
		}
	}
	a.props()
	n := tree(t, a.stats)
	if len(n) != 1 {
		t.Fatalf("the read-outs render %d nodes", len(n))
	}
	if txt := n[0].text(); !strings.Contains(txt, "frames/s60") {
		t.Errorf("read-outs %q: frames/s should read 60 with 60 frames and 4 pictures a second", txt)
	}
}

// TestFrameOneLoop: one frame loop for every mode: the mode of a 2D link
// is plotMode and of a digits link digitsMode, with the same clock and
// budgets (frameLoop); a new run (here, the switch to digits) resets the
// learning budget measured on the old one.
func TestFrameOneLoop(t *testing.T) {
	a, _ := testApp(t, "v1&play=0")
	if _, ok := a.mode(a.store.Config()).(*plotMode); !ok {
		t.Fatalf("the 2D link runs %T", a.mode(a.store.Config()))
	}
	a.changedRun(a.store.Run())
	a.slicer.Observe(100, 5) // 100 steps in 5 ms
	if a.slicer.PerStep() <= 0 {
		t.Fatal("the slicer measured nothing")
	}
	a.store.Dispatch(state.SetField{Key: "mode", Value: state.ModeDigits})
	if _, ok := a.mode(a.store.Config()).(*digitsMode); !ok {
		t.Fatalf("the digits mode runs %T", a.mode(a.store.Config()))
	}
	a.changedRun(a.store.Run())
	if ps := a.slicer.PerStep(); ps != 0 {
		t.Errorf("the digits run starts with the 2D run's time per step, %g ms", ps)
	}
}
