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
