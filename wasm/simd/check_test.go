package simd

import (
	"testing"

	"kernelplay/core/kernel"
)

// TestCheck: Check finds the Go loops equal to themselves on every case,
// and finds loops that sum in another order different: its inputs are
// awkward enough to tell summation orders apart, so the browser test's
// zero mismatches for the SIMD module mean something.
func TestCheck(t *testing.T) {
	const seed = 7
	rep := Check(seed, kernel.DotsGo, kernel.ColumnLaneGo)
	t.Logf("seed %d: %+v", seed, rep)
	if rep.Mismatches != 0 {
		t.Errorf("the Go loops differ from themselves: %s", rep.First)
	}
	// 8 dimensions × 13 row counts and 10 slot counts × 6 term counts.
	if want := 8*2103 + 6*1285; rep.Cases != want {
		t.Errorf("%d cases, want %d", rep.Cases, want)
	}
	if rep.NaNs > rep.Cases/10 || rep.Infs == 0 {
		t.Errorf("%d NaNs and %d infinities of %d cases: want few NaNs and some overflow", rep.NaNs, rep.Infs, rep.Cases)
	}

	oneSum := func(dst, x, rows []float64) { // one accumulator, j ascending
		d := len(x)
		for i := range dst {
			var s float64
			for j, v := range x {
				s += v * rows[i*d+j]
			}
			dst[i] = s
		}
	}
	backwards := func(dst, cols []float64, offs []int, vals []float64) { // the terms in reverse
		for s := range dst {
			var a float64
			for n := len(offs) - 1; n >= 0; n-- {
				a += vals[n] * cols[offs[n]+s]
			}
			dst[s] = a
		}
	}
	if rep := Check(seed, oneSum, nil); rep.Mismatches == 0 {
		t.Errorf("a one-accumulator dots passed (%d cases)", rep.Cases)
	}
	if rep := Check(seed, nil, backwards); rep.Mismatches == 0 {
		t.Errorf("a lane summing backwards passed (%d cases)", rep.Cases)
	}
}

// TestStepBench: the measured learner is in its steady state (the buffer
// full) and keeps learning.
func TestStepBench(t *testing.T) {
	const d, omega = 16, 64
	for _, c := range []struct {
		classes int
		density float64
	}{{1, 1}, {10, 0.19}} {
		b, err := NewStepBench(d, omega, c.classes, c.density)
		if err != nil {
			t.Fatal(err)
		}
		if n := b.l.Expansion().Len(); n != omega {
			t.Fatalf("%+v: buffer holds %d terms, want ω = %d", c, n, omega)
		}
		if got := b.l.NumScores(); got != c.classes { // binary: one score
			t.Errorf("%+v: the learner has %d scores", c, got)
		}
		i := b.i
		b.Time(5, 3)
		if b.i != i+15 || b.l.Expansion().Len() != omega {
			t.Errorf("%+v: after 3 batches of 5 steps: %d steps, %d terms", c, b.i-i, b.l.Expansion().Len())
		}
	}
}
