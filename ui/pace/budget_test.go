package pace

import (
	"math"
	"testing"
)

// TestSlicerFitsBudget simulates a learner taking stepMS per step and
// checks that a frame's slices stay within one step of the budget once the
// time per step is known, and that a frame always makes progress.
func TestSlicerFitsBudget(t *testing.T) {
	for _, stepMS := range []float64{0.001, 0.05, 2, 25} {
		s := Slicer{BudgetMS: 10}
		for frame := range 20 {
			want, spent, done := 100000, 0.0, 0
			for {
				n := s.Plan(want-done, spent)
				if n == 0 {
					break
				}
				s.Observe(n, float64(n)*stepMS)
				spent += float64(n) * stepMS
				done += n
			}
			if done == 0 {
				t.Fatalf("step %v ms: frame %d made no progress", stepMS, frame)
			}
			if frame > 2 && spent > 10+stepMS+1e-9 && done > 1 {
				t.Errorf("step %v ms: frame %d spent %v ms for %d steps", stepMS, frame, spent, done)
			}
		}
	}
}

func TestSlicerCaps(t *testing.T) {
	s := Slicer{MaxSlice: 50}
	if n := s.Plan(1000, 0); n != 1 {
		t.Errorf("first plan %d, want a 1-step probe", n)
	}
	s.Observe(1, 0.0001)
	if n := s.Plan(1000, 0); n != 50 {
		t.Errorf("plan %d, want the cap 50", n)
	}
	if n := s.Plan(7, 0); n != 7 {
		t.Errorf("plan %d, want what is wanted (7)", n)
	}
	if n := s.Plan(0, 0); n != 0 {
		t.Errorf("plan %d for nothing wanted", n)
	}
	if n := s.Plan(10, 11); n != 0 {
		t.Errorf("plan %d after the budget is spent", n)
	}
}

// TestFrameBudgetHeavyLink plays the frame loop's slicing rule for a link
// that asks for more learning than a frame holds (spf=1000 at 0.164 ms per
// step, the polynomial kernel at ω = 4096): every frame after the first
// stays within one step of the budget, and the Reduction says the asked
// 1000 steps per tick were cut to what the budget holds (about 60).
func TestFrameBudgetHeavyLink(t *testing.T) {
	const stepMS, asked = 0.164, 1000
	var s Slicer // the 10 ms default
	var r Reduction
	for frame := range 30 {
		ticks := 1 + frame%2 // the pacer's 1 or 2 ticks
		want, spent, ran := ticks*asked, 0.0, 0
		for {
			n := s.Plan(want-ran, spent)
			if n == 0 {
				break
			}
			s.Observe(n, float64(n)*stepMS)
			spent += float64(n) * stepMS
			ran += n
		}
		if frame > 0 && spent > 10+stepMS {
			t.Errorf("frame %d: %.1f ms of learning (%d steps), budget 10 ms", frame, spent, ran)
		}
		r.Add(ticks, asked, ran, false)
	}
	got, a, reduced := r.Reduced()
	if !reduced || a != asked {
		t.Fatalf("Reduced() = %d, %d, %v: want the cut of %d steps reported", got, a, reduced, asked)
	}
	// 10 ms / 0.164 ms = 61 steps a frame; frames of 2 ticks share them.
	if got < 25 || got > 62 {
		t.Errorf("%d steps per tick learned on average, want between 25 and 62", got)
	}
}

// TestReductionRules: a frame that learns what was asked is no cut, a
// stopped run or a frame without ticks does not count, a new asked value
// starts afresh.
func TestReductionRules(t *testing.T) {
	var r Reduction
	if _, _, red := r.Reduced(); red {
		t.Error("reduced before any frame")
	}
	r.Add(2, 20, 40, false)
	if ran, asked, red := r.Reduced(); red || ran != 20 || asked != 20 {
		t.Errorf("all asked steps ran: Reduced() = %d, %d, %v", ran, asked, red)
	}
	r.Add(1, 20, 3, true) // the run ended after 3 steps: not the budget
	r.Add(0, 20, 0, false)
	if _, _, red := r.Reduced(); red {
		t.Error("a stopped run or a frame without ticks counted as a cut")
	}
	r.Add(1, 500, 100, false)
	if ran, asked, red := r.Reduced(); !red || ran != 100 || asked != 500 {
		t.Errorf("new asked value: Reduced() = %d, %d, %v, want 100, 500, true", ran, asked, red)
	}
	for range 40 {
		r.Add(1, 500, 500, false)
	}
	if _, _, red := r.Reduced(); red {
		t.Error("still reduced after 40 frames that ran everything asked")
	}
}

// TestGridGovernor: a surface that costs 66 ms at grid 400 (the Laplacian
// one) is drawn at a grid that fits the 8 ms budget while playing and at
// the asked grid when paused; a cheap surface keeps the asked grid; small
// timing noise does not change the grid.
func TestGridGovernor(t *testing.T) {
	var g GridGovernor
	const perCell = 66.0 / (400 * 400)
	if got := g.Grid(400, true); got != 400 {
		t.Fatalf("before any measurement: grid %d, want the asked 400", got)
	}
	grid := 400
	for range 10 {
		g.Observe(grid, perCell*float64(grid*grid))
		grid = g.Grid(400, true)
	}
	// √(8 / perCell) = 139.3 → 130 in steps of 10.
	if grid != 130 {
		t.Errorf("playing: grid %d, want 130 (8 ms at %.2g ms per cell)", grid, perCell)
	}
	if ms := perCell * float64(grid*grid); ms > 8 {
		t.Errorf("grid %d costs %.1f ms, budget 8", grid, ms)
	}
	// ±5% noise in the timings leaves the grid where it is.
	for i := range 20 {
		g.Observe(grid, perCell*float64(grid*grid)*(1+0.05*float64(i%3-1)))
		if got := g.Grid(400, true); got != grid {
			t.Fatalf("noise moved the grid %d → %d", grid, got)
		}
	}
	// The surface gets four times cheaper (the load went): the grid is
	// raised (to 270) 30 frames after its last change, not at once; four
	// times dearer again, it is lowered at once.
	var u GridGovernor
	u.Observe(400, perCell*400*400)
	up := u.Grid(400, true) // lowered at once: a change
	if up != 130 {
		t.Fatalf("first frame: grid %d, want 130 at once", up)
	}
	for i := 1; ; i++ {
		u.Observe(up, perCell/4*float64(up*up))
		got := u.Grid(400, true)
		if got != up {
			if i != 30 || got != 270 {
				t.Fatalf("a surface four times cheaper: grid raised %d → %d at frame %d, want 270 at frame 30", up, got, i)
			}
			up = got
			break
		}
		if i > 30 {
			t.Fatalf("a surface four times cheaper: grid still %d after %d frames", up, i)
		}
	}
	u.Observe(up, 4*perCell*float64(up*up)) // (the average moves by a quarter)
	if got := u.Grid(400, true); got >= up {
		t.Errorf("four times dearer: grid %d, want lowered at once from %d", got, up)
	}
	if got := g.Grid(400, false); got != 400 {
		t.Errorf("paused: grid %d, want the asked 400", got)
	}
	if got := g.Grid(100, true); got != 100 {
		t.Errorf("asked 100 (within budget): grid %d", got)
	}
	// A huge cost still leaves MinGrid.
	var h GridGovernor
	h.Observe(200, 10000)
	if got := h.Grid(200, true); got != 40 {
		t.Errorf("very slow surface: grid %d, want MinGrid 40", got)
	}
	// A cheap surface (2 ms at 200) keeps the asked grid.
	var c GridGovernor
	c.Observe(200, 2)
	if got := c.Grid(200, true); got != 200 {
		t.Errorf("cheap surface: grid %d, want 200", got)
	}
}

// TestReplaySteps: about 100 ms of learning, within [100, 10⁶].
func TestReplaySteps(t *testing.T) {
	for _, c := range []struct {
		ms   float64
		want int
	}{{0.005, 20000}, {0.164, 609}, {5, 100}, {1e-9, 1000000}, {0, 100}} {
		if got := ReplaySteps(c.ms); got != c.want {
			t.Errorf("ReplaySteps(%v) = %d, want %d", c.ms, got, c.want)
		}
	}
}

// simulateFrames plays n animation frames of a machine on which a frame's
// interval is its script time (learning at the governor's budget, as a
// heavy run uses all of it, and drawing) plus renderMS of the browser's own
// work, rounded up to whole 60 Hz periods (a frame that misses the display
// waits for the next one). draw gives the drawing time from the surface's
// share of the frame (GridBudget of 8 ms on time). It returns the interval
// and learning budget of the last frame.
func simulateFrames(g *FrameGovernor, now *float64, n int, capMS, renderMS float64, draw func(gridMS float64) float64) (interval, learn float64) {
	const period = 1000.0 / 60
	for range n {
		g.Frame(*now)
		learn = g.LearnBudget(capMS)
		d := draw(g.GridBudget(8))
		g.ObserveDraw(d)
		interval = math.Ceil((learn+d+renderMS)/period-1e-9) * period
		*now += interval
	}
	return interval, learn
}

// TestFrameGovernorFastMachine: drawing 4 ms of a frame leaves learning
// 12 − 4 = 8 ms (below the 2D cap of 10), frames come every period and the
// scale stays 1.
func TestFrameGovernorFastMachine(t *testing.T) {
	var g FrameGovernor
	now := 1000.0
	iv, learn := simulateFrames(&g, &now, 120, 10, 2, func(float64) float64 { return 4 })
	if math.Abs(learn-8) > 1e-9 || g.Scale() != 1 || math.Abs(iv-1000.0/60) > 1e-9 {
		t.Errorf("learn %.2f ms (want 8), scale %.2f (want 1), interval %.1f ms (want one period)", learn, g.Scale(), iv)
	}
}

// TestFrameGovernorSlowMachine: a machine four times slower (drawing 12 ms
// besides the surface, which takes its share, and 8 ms of rendering) runs
// long frames at first; the governor lowers the surface's share and the
// learning to their floors (2 ms, MinLearnMS), and when the machine is fast
// again (another tab closed) it gives both back.
func TestFrameGovernorSlowMachine(t *testing.T) {
	var g FrameGovernor
	now := 1000.0
	slow := func(grid float64) float64 { return 12 + grid }
	iv0, _ := simulateFrames(&g, &now, 1, 10, 8, slow)
	_, learn := simulateFrames(&g, &now, 120, 10, 8, slow)
	if g.Scale() != 0.25 || learn != 2 || g.GridBudget(8) != 2 {
		t.Errorf("slow machine: scale %.2f (want 0.25), learning %.2f ms (want MinLearnMS, 2), surface %.2f ms (want 2)", g.Scale(), learn, g.GridBudget(8))
	}
	iv, _ := simulateFrames(&g, &now, 1, 10, 8, slow)
	if iv >= iv0 {
		t.Errorf("the frames did not shorten: %.1f ms, first %.1f ms", iv, iv0)
	}
	fast := func(grid float64) float64 { return 1 + grid/4 }
	_, learn = simulateFrames(&g, &now, 120, 10, 1, fast)
	if g.Scale() != 1 || math.Abs(learn-9) > 1e-9 {
		t.Errorf("after recovery: scale %.2f (want 1), learning %.2f ms (want 12 − 3 of drawing = 9)", g.Scale(), learn)
	}
}

// TestFrameGovernorStall: one long interval (a hidden tab, 2 s) is a stall,
// not a slow machine: the scale stays.
func TestFrameGovernorStall(t *testing.T) {
	var g FrameGovernor
	for i, now := range []float64{100, 116.7, 133.3, 2133.3, 2150, 2166.7} {
		g.Frame(now)
		if g.Scale() != 1 {
			t.Fatalf("frame %d at %.1f ms: scale %.2f", i, now, g.Scale())
		}
	}
	// Zero, negative and NaN drawing times are ignored.
	g.ObserveDraw(3)
	g.ObserveDraw(math.NaN())
	g.ObserveDraw(math.Inf(1))
	if g.DrawMS() != 3 {
		t.Errorf("draw %.2f ms, want 3", g.DrawMS())
	}
	g.Reset()
	if g.DrawMS() != 0 || g.Scale() != 1 {
		t.Errorf("after Reset: draw %.2f, scale %.2f", g.DrawMS(), g.Scale())
	}
}

// TestDigitsIdleBudget: the digits view's learning when nobody interacts
// (DigitsBudget: min(14, 15 − the frame's drawing)) with steps of 6 ms
// (MNIST at ω = 4096 in wasm) and 1 ms of drawing: the Slicer learns two
// steps a frame (12 ms: a third would overrun), and frames stay at 60 a
// second; with steps of 1.8 ms (the same on a faster machine) seven (12.6
// ms), where the 10 ms budget of before learned six (a last one started
// at 9 ms).
func TestDigitsIdleBudget(t *testing.T) {
	for _, c := range []struct {
		stepMS float64
		steps  int
	}{{6, 2}, {1.8, 7}} {
		var s Slicer
		now := 1000.0
		const period = 1000.0 / 60
		frames, steps := 0, 0
		for range 120 {
			s.BudgetMS = DigitsBudget(false, 1)
			spent, ran := 0.0, 0
			for {
				n := s.Plan(1000-ran, spent)
				if n == 0 {
					break
				}
				s.Observe(n, float64(n)*c.stepMS)
				spent += float64(n) * c.stepMS
				ran += n
			}
			now += math.Ceil((spent+1+1)/period-1e-9) * period
			frames++
			steps += ran
		}
		fps := float64(frames) / ((now - 1000) / 1000)
		if fps < 59 || steps != 120*c.steps {
			t.Errorf("steps of %v ms: %.1f frames/s, %d steps in 120 frames; want 60 frames/s and %d steps a frame", c.stepMS, fps, steps, c.steps)
		}
	}
	if b := DigitsBudget(true, 1); b != 5 {
		t.Errorf("interacting: budget %v ms, want 5", b)
	}
	if b := DigitsBudget(false, 40); b != 1 {
		t.Errorf("after 40 ms of drawing: budget %v ms, want the floor 1", b)
	}
}

// TestStagger: over 3 s of 60 Hz frames with redraws every 100 ms, no two
// of the strip, the charts and the read-outs share a frame (after the
// forced redraw at the start, which draws all three), each comes back
// within 100 ms and three frames, and each is drawn nearly 10
// times a second; a forced frame (a resize) draws all three again. At 16
// frames a second (a slow machine's frames, 62.5 ms apart: too few for
// each to come every 100 ms) they come in turn, none starved, each every
// third frame.
func TestStagger(t *testing.T) {
	for _, period := range []float64{1000.0 / 60, 62.5} {
		var s Stagger
		now := 1000.0
		if st, ch, ro := s.Due(now, 100, 5, true); !st || !ch || !ro {
			t.Fatalf("period %.1f: a forced frame drew strip %v, charts %v, read-outs %v; want all", period, st, ch, ro)
		}
		var last, n [3]float64
		last = [3]float64{now, now, now}
		// Each waits at most every ms and three frames: a frame to
		// reach every on the frames' clock, two while the others that
		// fell due with it go first.
		slack := 3 * period
		for range int(3000 / period) {
			now += period
			st, ch, ro := s.Due(now, 100, 5, false)
			k := 0
			for i, on := range []bool{st, ch, ro} {
				if on {
					k++
					n[i]++
					last[i] = now
				}
			}
			if k > 1 {
				t.Fatalf("period %.1f at %.1f ms: strip %v, charts %v, read-outs %v in the same frame", period, now, st, ch, ro)
			}
			for i, l := range last {
				if now-l > 100+slack {
					t.Fatalf("period %.1f at %.1f ms: part %d last drawn at %.1f ms", period, now, i, l)
				}
			}
		}
		lo, hi := 3000/(100+slack)-1, 3000.0/100
		for i, c := range n {
			if c < lo || c > hi {
				t.Errorf("period %.1f: part %d drawn %.0f times in 3 s, want %.0f to %.0f", period, i, c, lo, hi)
			}
		}
		if st, ch, ro := s.Due(now+period, 100, 5, true); !st || !ch || !ro {
			t.Errorf("period %.1f: a forced frame drew strip %v, charts %v, read-outs %v; want all", period, st, ch, ro)
		}
	}
}

// TestStaggerHeavyFrame: a frame whose plot takes more than twice its
// average (a full recompute of the surface) draws none of the slow parts;
// the part due goes to the next frame. Frames that are all heavy (the
// average lags a plot that keeps getting slower) still draw each part
// within 2·every.
func TestStaggerHeavyFrame(t *testing.T) {
	var s Stagger
	now := 1000.0
	s.Due(now, 100, 5, true)
	for range 4 {
		now += 20
		if st, ch, ro := s.Due(now, 100, 5, false); st || ch || ro {
			t.Fatalf("at %.0f ms, before any part is due: strip %v, charts %v, read-outs %v", now, st, ch, ro)
		}
	}
	now += 20 // 1100: the charts are due, but the plot took 25 ms
	if st, ch, ro := s.Due(now, 100, 25, false); st || ch || ro {
		t.Errorf("a heavy frame drew strip %v, charts %v, read-outs %v; want none", st, ch, ro)
	}
	now += 20
	if _, ch, _ := s.Due(now, 100, 5, false); !ch {
		t.Errorf("the frame after the heavy one did not draw the charts")
	}
	// A plot that doubles every frame: each frame is heavy.
	var h Stagger
	now, ms := 1000.0, 1.0
	h.Due(now, 100, ms, true)
	last := now
	for range 30 {
		now += 20
		ms *= 2.5
		if _, ch, _ := h.Due(now, 100, ms, false); ch {
			last = now
		}
		if now-last > 200 {
			t.Fatalf("at %.0f ms the charts were last drawn at %.0f: more than 2·every", now, last)
		}
	}
}

// TestCollector simulates a page allocating 100 kB a frame on a live heap
// that grows: the page collects when the heap has doubled, never more
// often than every MinGrowth bytes, and the heap never exceeds
// max(2·live, live+MinGrowth) (plus a frame's allocation).
func TestCollector(t *testing.T) {
	const frame = 100 << 10
	var c Collector
	live, heap := uint64(2<<20), uint64(2<<20)
	collections, last := 0, 0
	for f := 1; f <= 2000; f++ {
		heap += frame
		live += 2 << 10 // the run's history grows
		bound := max(2*c.live, c.live+4<<20) + frame
		if heap > bound {
			t.Fatalf("frame %d: heap %d above the bound %d", f, heap, bound)
		}
		if c.Due(heap) {
			if collections > 0 && uint64(f-last)*frame < 4<<20 {
				t.Errorf("frame %d: collected %d frames after the last (less than MinGrowth)", f, f-last)
			}
			collections++
			last = f
			heap = live
			c.Collected(heap)
		}
	}
	// The live heap ends near 6 MB: a collection every 40–60 frames.
	if collections < 30 || collections > 50 {
		t.Errorf("%d collections in 2000 frames of 100 kB", collections)
	}
	if c.Due(c.live + 4<<20 - 1) {
		t.Error("due below MinGrowth of growth")
	}
	c.Collected(10 << 20)
	if c.Due(19<<20) || !c.Due(20<<20) {
		t.Error("a 10 MB live heap: due at 20 MB, not before")
	}
}
