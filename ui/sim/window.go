package sim

import (
	"fmt"
	"math"
)

// ErrorWindow counts the mistakes among the last N steps: the windowed
// online error the charts draw beside the running average (issue 11), so
// that a learner that tracks a drifting stream (the rotating 2D stream,
// the 0/1 → 2/3 digit switch) shows it — the running average mixes the
// whole run and hides the recovery.
//
// It keeps one bit per step of the window in a ring and the count of set
// bits, updated as each step enters and the step N before it leaves, so
// Add and Rate are O(1). Memory: ⌈N/64⌉·8 bytes (12.5 kB at
// state.MaxWindow) whatever the run's length.
type ErrorWindow struct {
	n     int
	bits  []uint64
	t     int // steps added
	count int // mistakes among the last min(t, n) steps
}

// NewErrorWindow returns an empty window of n steps. It panics if n < 1
// (the page's N is validated by state: MinWindow to MaxWindow).
func NewErrorWindow(n int) *ErrorWindow {
	if n < 1 {
		panic(fmt.Sprintf("sim: error window of %d steps, want at least 1", n))
	}
	return &ErrorWindow{n: n, bits: make([]uint64, (n+63)/64)}
}

// N returns the window's length in steps.
func (w *ErrorWindow) N() int { return w.n }

// Add records the next step: whether its prediction was a mistake.
func (w *ErrorWindow) Add(mistake bool) {
	i := w.t % w.n
	word, bit := i/64, uint64(1)<<(i%64)
	if w.bits[word]&bit != 0 { // the step n before leaves the window
		w.count--
		w.bits[word] &^= bit
	}
	if mistake {
		w.count++
		w.bits[word] |= bit
	}
	w.t++
}

// Count returns the number of mistakes among the last min(t, N) steps.
func (w *ErrorWindow) Count() int { return w.count }

// Rate returns the windowed error: Count divided by min(t, N), the steps
// in the window (NaN before the first step).
func (w *ErrorWindow) Rate() float64 {
	if w.t == 0 {
		return math.NaN()
	}
	return float64(w.count) / float64(min(w.t, w.n))
}

// Bytes returns the window's memory in bytes (its bit ring).
func (w *ErrorWindow) Bytes() int { return 8 * len(w.bits) }

// MeanWindow is the mean of a value over the last N steps: the windowed
// mean absolute error |y_t − f_t(x_t)| of regression, which the error
// chart draws beside the running mean as ErrorWindow's rate is drawn for
// classification. It keeps the last N values in a ring and their sum,
// updated as each value enters and the one N steps before leaves, and
// recomputed from the ring once per N steps, so rounding cannot build up
// over a long run: Add is O(1) amortised. Memory: 8·N bytes (800 kB at
// state.MaxWindow).
type MeanWindow struct {
	vals []float64
	t    int
	sum  float64
}

// NewMeanWindow returns an empty window of n steps. It panics if n < 1.
func NewMeanWindow(n int) *MeanWindow {
	if n < 1 {
		panic(fmt.Sprintf("sim: mean window of %d steps, want at least 1", n))
	}
	return &MeanWindow{vals: make([]float64, n)}
}

// Add records the next step's value.
func (w *MeanWindow) Add(v float64) {
	n := len(w.vals)
	i := w.t % n
	w.sum += v - w.vals[i]
	w.vals[i] = v
	w.t++
	if w.t%n == 0 { // a full turn of the ring: the exact sum
		w.sum = 0
		for _, x := range w.vals {
			w.sum += x
		}
	}
}

// Mean returns the mean of the last min(t, N) values (NaN before the
// first step).
func (w *MeanWindow) Mean() float64 {
	if w.t == 0 {
		return math.NaN()
	}
	return w.sum / float64(min(w.t, len(w.vals)))
}
