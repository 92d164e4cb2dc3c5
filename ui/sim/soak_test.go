package sim

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"kernelplay/core/data"
	"kernelplay/ui/state"
)

// Soak tests (issue 14): a long run's live heap stays flat. With
// KERNELPLAY_SOAK=1 they run at full length — 10⁷ steps of the 2D default
// demo and a 10⁶-row file with a comparison learner, the live heap sampled
// every 10⁵ steps; by default 2·10⁵ steps of the demo and a 10⁵-row file,
// sampled every 10⁴ steps (a run of unbounded traces, +61–69 bytes per step
// per learner, fails that: about +13 MB over a 10⁵-row file).
//
// "Flat" means that after the warm-up (the first quarter of the samples:
// the learners' buffers fill and the histories reach their Max), the
// largest live heap is within 10% of the smallest.

// soakLength returns the run's steps and the sampling interval: full
// every 10⁵ with KERNELPLAY_SOAK=1, short every 10⁴ otherwise.
func soakLength(full, short int) (steps, every int) {
	if os.Getenv("KERNELPLAY_SOAK") == "1" {
		return full, 100_000
	}
	return short, 10_000
}

// liveHeap returns the bytes of live heap objects after a collection.
func liveHeap() uint64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// soak runs step(every) until steps and checks the samples' flatness.
func soak(t *testing.T, steps, every int, step func(n int) error) {
	t.Helper()
	start := time.Now()
	samples := make([]uint64, 0, steps/every+1) // allocated up front: no growth of its own
	for done := 0; done < steps; done += every {
		if err := step(every); err != nil {
			t.Fatalf("after %d steps: %v", done, err)
		}
		samples = append(samples, liveHeap())
	}
	warm := len(samples) / 4
	lo, hi := samples[warm], samples[warm]
	for _, s := range samples[warm:] {
		lo, hi = min(lo, s), max(hi, s)
	}
	var b strings.Builder
	for i, s := range samples {
		if i < 4 || len(samples)-i <= 4 || (i+1)%(len(samples)/10) == 0 {
			fmt.Fprintf(&b, " %d:%.1fk", (i+1)*every, float64(s)/1e3)
		}
	}
	t.Logf("%d steps in %v; live heap after warm-up %d–%d bytes (×%.4f); samples (step:heap)%s",
		steps, time.Since(start).Round(time.Millisecond), lo, hi, float64(hi)/float64(lo), b.String())
	if float64(hi) > 1.1*float64(lo) {
		t.Errorf("live heap grew from %d to %d bytes (more than 10%%) after the warm-up", lo, hi)
	}
}

// TestSoak2D: the 2D default demo (SVMD on the spirals, its charts'
// traces) runs 10⁷ steps in flat memory.
func TestSoak2D(t *testing.T) {
	steps, every := soakLength(10_000_000, 200_000)
	s := mustNew(t, state.Default())
	soak(t, steps, every, func(n int) error {
		s.Step(n)
		// The regret comparator catches up, as the page's frame loop
		// lets it (without, its waiting examples fill up to
		// RegretMaxWaiting, a bounded 3 MB, before it solves them).
		s.RegretStep(math.MaxInt)
		return s.Err()
	})
	if s.T() != steps {
		t.Errorf("ran %d steps", s.T())
	}
}

// TestSoakFile: a file of 10⁶ rows (two noisy classes in 2D, written as
// CSV and read as a user's file) learned by SVMD against NORMA, as the
// page's comparison preset does, in flat memory.
func TestSoakFile(t *testing.T) {
	steps, every := soakLength(1_000_000, 100_000)
	seed := uint64(14)
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	var csv strings.Builder
	for range steps {
		y := 2*rng.IntN(2) - 1
		fmt.Fprintf(&csv, "%.4f,%.4f,%d\n", float64(y)+rng.NormFloat64(), rng.NormFloat64(), y)
	}
	set, err := data.ReadCSV(strings.NewReader(csv.String()), "soak.csv", data.CSVConfig{})
	if err != nil {
		t.Fatal(err)
	}
	csv = strings.Builder{}
	cfg := state.ComparePreset()
	cfg.Data = state.DataFile
	d, err := NewDigits(cfg, set)
	if err != nil {
		t.Fatal(err)
	}
	if d.N() != steps || d.Learners() != 2 {
		t.Fatalf("%d examples, %d learners", d.N(), d.Learners())
	}
	soak(t, steps, every, func(n int) error {
		d.Step(n)
		return d.Err()
	})
	if !d.Done() || d.Mistakes(0) == 0 {
		t.Errorf("done %v at %d, mistakes %d", d.Done(), d.T(), d.Mistakes(0))
	}
	t.Logf("average online error: %s %.3f, %s %.3f", d.Name(0), d.AverageError(0), d.Name(1), d.AverageError(1))
}
