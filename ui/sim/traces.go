package sim

import (
	"math"

	"kernelplay/core/learn"
)

// MaxBuckets bounds the memory of each trace: at most MaxBuckets buckets of
// equal width in steps, each keeping its minimum and maximum, so a series
// has at most 2·MaxBuckets + 2 points however long the run.
const MaxBuckets = 500

// Series is one per-step series, downsampled: the points (T[i], V[i]) with
// T the example index t (1-based, increasing). Every bucket of steps
// contributes its minimum and its maximum in time order, so spikes survive
// the downsampling.
type Series struct {
	T, V []float64
}

// Traces are the per-step series the charts draw (JMLR Figs. 3–7 plot η_t
// and the running average error on log scales).
type Traces struct {
	// Eta is the step size η_t used at step t.
	Eta Series
	// AvgError is the running average online error: mistakes among the
	// first t predictions, divided by t (each prediction made before its
	// example is learned).
	AvgError Series
	// Loss is the instantaneous loss l(x_t, y_t, f_t) before the update.
	Loss Series
	// Buffer is the number of expansion terms after step t.
	Buffer Series
	// Margin is the margin after step t (ε or ρ under the ν-trick).
	Margin Series
	// AbsError is, for regression, the running mean absolute error
	// (1/t)·Σ_{s≤t} |y_s − f_s(x_s)|, each prediction f_s(x_s) made before
	// its example is learned: the online error regression papers report
	// (a "mistake" there is only a residual outside the ε-tube, which is
	// every step when ν = 0 leaves no tube). Empty for the other tasks.
	AbsError Series
	// WinError is the windowed online error: the mistakes among the last
	// N = Config.Window predictions, divided by min(t, N) ([ErrorWindow]);
	// for regression the mean |y_t − f_t(x_t)| over them ([MeanWindow]).
	WinError Series
}

// Traces returns the downsampled series (fresh slices).
func (s *Sim) Traces() Traces {
	var t Traces
	s.TracesInto(&t)
	return t
}

// TracesInto writes the downsampled series into dst, reusing its slices'
// memory (for a page that redraws its charts every frame without garbage).
func (s *Sim) TracesInto(dst *Traces) {
	r := &s.traces
	for i, d := range []*Series{&dst.Eta, &dst.AvgError, &dst.Loss, &dst.Buffer, &dst.Margin, &dst.AbsError, &dst.WinError} {
		r.series[i].appendTo(d)
	}
}

// bucket holds the extremes of a run of steps.
type bucket struct {
	minT, minV, maxT, maxV float64
	n                      int // finite values seen
}

func (b *bucket) add(t, v float64) {
	if math.IsNaN(v) {
		return
	}
	if b.n == 0 || v < b.minV {
		b.minT, b.minV = t, v
	}
	if b.n == 0 || v > b.maxV {
		b.maxT, b.maxV = t, v
	}
	b.n++
}

func (b *bucket) merge(c bucket) {
	if c.n == 0 {
		return
	}
	if b.n == 0 {
		*b = c
		return
	}
	if c.minV < b.minV {
		b.minT, b.minV = c.minT, c.minV
	}
	if c.maxV > b.maxV {
		b.maxT, b.maxV = c.maxT, c.maxV
	}
	b.n += c.n
}

// series is one trace: closed buckets of width steps each, and the open one.
type series struct {
	closed []bucket
	open   bucket
}

func (s *series) out() Series {
	var o Series
	s.appendTo(&o)
	return o
}

// appendTo writes the series into o, reusing o's memory.
func (s *series) appendTo(o *Series) {
	o.T, o.V = o.T[:0], o.V[:0]
	emit := func(b bucket) {
		if b.n == 0 {
			return
		}
		t0, v0, t1, v1 := b.minT, b.minV, b.maxT, b.maxV
		if t1 < t0 {
			t0, v0, t1, v1 = t1, v1, t0, v0
		}
		o.T, o.V = append(o.T, t0), append(o.V, v0)
		if t1 != t0 {
			o.T, o.V = append(o.T, t1), append(o.V, v1)
		}
	}
	for _, b := range s.closed {
		emit(b)
	}
	emit(s.open)
}

// recorder keeps the seven series with a common bucket width.
type recorder struct {
	series [7]series
	width  int // steps per bucket
	inOpen int // steps in the open bucket
}

func (r *recorder) init() {
	r.width = 1
	for i := range r.series {
		r.series[i].closed = make([]bucket, 0, MaxBuckets)
	}
}

// add records step t; absErr is NaN (not recorded) outside regression.
func (r *recorder) add(t int, st learn.Step, avgErr, absErr, winErr float64) {
	tt := float64(t)
	vals := [7]float64{st.Eta, avgErr, st.Loss, float64(st.BufferSize), st.Margin, absErr, winErr}
	for i := range r.series {
		r.series[i].open.add(tt, vals[i])
	}
	r.inOpen++
	if r.inOpen < r.width {
		return
	}
	r.inOpen = 0
	for i := range r.series {
		s := &r.series[i]
		s.closed = append(s.closed, s.open)
		s.open = bucket{}
	}
	if len(r.series[0].closed) < MaxBuckets {
		return
	}
	// Full: merge neighbouring buckets, doubling the width.
	for i := range r.series {
		s := &r.series[i]
		for j := 0; j < len(s.closed)/2; j++ {
			b := s.closed[2*j]
			b.merge(s.closed[2*j+1])
			s.closed[j] = b
		}
		s.closed = s.closed[:len(s.closed)/2]
	}
	r.width *= 2
}
