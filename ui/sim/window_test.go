package sim

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestErrorWindowNaive checks the incremental window against a naive
// recount of the last N mistakes at every step t, for window lengths
// below, at and above a word of bits and runs longer than the window
// many times over, with mistake rates that drift (as on a rotating
// stream).
func TestErrorWindowNaive(t *testing.T) {
	const seed, steps = 11, 5000
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	for _, n := range []int{1, 10, 63, 64, 65, 500, 1000, 7000} {
		w := NewErrorWindow(n)
		var all []bool
		for s := range steps {
			p := 0.5 + 0.45*math.Sin(float64(s)/300) // a drifting error rate
			m := rng.Float64() < p
			w.Add(m)
			all = append(all, m)
			k := min(len(all), n)
			naive := 0
			for _, b := range all[len(all)-k:] {
				if b {
					naive++
				}
			}
			if w.Count() != naive {
				t.Fatalf("N=%d t=%d: %d mistakes in the window, naive recount %d", n, s+1, w.Count(), naive)
			}
			if got, want := w.Rate(), float64(naive)/float64(k); got != want {
				t.Fatalf("N=%d t=%d: rate %v, want %v", n, s+1, got, want)
			}
		}
		// Bounded memory: one bit per step of the window, whatever the run's length.
		if w.Bytes() != 8*((n+63)/64) {
			t.Errorf("N=%d: %d bytes, want %d", n, w.Bytes(), 8*((n+63)/64))
		}
	}
	if !math.IsNaN(NewErrorWindow(5).Rate()) {
		t.Error("an empty window's rate is not NaN")
	}
}
