package sim

import (
	"fmt"
	"math"
)

// HistoryBuckets is the number of buckets a [History] keeps at most (its
// Max when Max is 0).
const HistoryBuckets = 512

// BucketBytes is the size of one [Bucket] in memory (nine 8-byte words), so
// a History of Max buckets holds at most (Max+1)·BucketBytes bytes of
// buckets: 36,936 bytes at HistoryBuckets.
const BucketBytes = 72

// Bucket summarises the consecutive steps First..Last of a [History]: the
// finite values among them (a NaN or ±Inf value counts in neither N, Sum,
// Min nor Max), the steps where the smallest and largest were seen, and the
// value at step Last, whatever it was.
type Bucket struct {
	// First and Last are the first and last step covered (1-based).
	First, Last int
	// N is the number of finite values among the steps, Sum their sum
	// (Sum/N is their mean).
	N   int
	Sum float64
	// Min and Max are the extreme finite values, seen at steps MinT and
	// MaxT (the earliest such step); both are 0 when N is 0.
	Min, Max   float64
	MinT, MaxT int
	// LastV is the value at step Last.
	LastV float64
}

// Mean returns Sum/N, or NaN when the bucket holds no finite value.
func (b Bucket) Mean() float64 {
	if b.N == 0 {
		return math.NaN()
	}
	return b.Sum / float64(b.N)
}

// add appends step t with value v.
func (b *Bucket) add(t int, v float64) {
	if b.Last == 0 {
		b.First = t
	}
	b.Last, b.LastV = t, v
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return
	}
	if b.N == 0 || v < b.Min {
		b.Min, b.MinT = v, t
	}
	if b.N == 0 || v > b.Max {
		b.Max, b.MaxT = v, t
	}
	b.N++
	b.Sum += v
}

// merge appends c, the bucket of the steps right after b's.
func (b *Bucket) merge(c Bucket) {
	if c.Last == 0 {
		return
	}
	if b.Last == 0 {
		*b = c
		return
	}
	b.Last, b.LastV = c.Last, c.LastV
	if c.N == 0 {
		return
	}
	if b.N == 0 || c.Min < b.Min {
		b.Min, b.MinT = c.Min, c.MinT
	}
	if b.N == 0 || c.Max > b.Max {
		b.Max, b.MaxT = c.Max, c.MaxT
	}
	b.N += c.N
	b.Sum += c.Sum
}

// History is a bounded record of one per-step value v_t, t = 1, 2, 3, …:
// the page's per-step curves (running average error, η_t) for runs of any
// length. It keeps the steps in at most Max closed buckets of equal width w
// steps (w = 1, 2, 4, …) and one open bucket; when the closed buckets reach
// Max, neighbouring pairs merge and w doubles. Each bucket keeps its last
// value, its extremes with their steps and the sum and count of its finite
// values, so a curve drawn from [History.AppendTo] passes through real
// points of the series, keeps every spike, and ends at the exact last value.
//
// Memory: at most (Max+1)·[BucketBytes] bytes whatever the run's length —
// 36.9 kB at the default Max, [HistoryBuckets] — plus the History header.
// Adding a step allocates only when a fresh History first grows to Max.
//
// The zero value is an empty History with Max = HistoryBuckets.
type History struct {
	// Max is the number of closed buckets kept at most: an even number ≥ 2
	// (0 means HistoryBuckets). Set it before the first Add.
	Max int

	closed []Bucket
	open   Bucket
	width  int // steps per closed bucket (0 before the first Add)
	t      int // steps added
}

func (h *History) max() int {
	if h.Max == 0 {
		return HistoryBuckets
	}
	return h.Max
}

// Add records the value of the next step, t = Len()+1. It panics if Max
// is odd or below 2.
func (h *History) Add(v float64) {
	if h.width == 0 {
		if m := h.max(); m < 2 || m%2 != 0 {
			panic(fmt.Sprintf("sim: History.Max = %d, want an even number ≥ 2", m))
		}
		h.width = 1
	}
	h.t++
	h.open.add(h.t, v)
	if h.open.Last-h.open.First+1 < h.width {
		return
	}
	if h.closed == nil {
		h.closed = make([]Bucket, 0, h.max())
	}
	h.closed = append(h.closed, h.open)
	h.open = Bucket{}
	if len(h.closed) < h.max() {
		return
	}
	// Full: merge neighbouring buckets, doubling the width.
	for j := range len(h.closed) / 2 {
		b := h.closed[2*j]
		b.merge(h.closed[2*j+1])
		h.closed[j] = b
	}
	h.closed = h.closed[:len(h.closed)/2]
	h.width *= 2
}

// Len returns the number of steps added.
func (h *History) Len() int { return h.t }

// Width returns the number of steps per closed bucket (1 before the first
// merge; 0 before the first Add).
func (h *History) Width() int { return h.width }

// Last returns the last step and its exact value; t is 0 (and v NaN) when
// nothing was added.
func (h *History) Last() (t int, v float64) {
	switch {
	case h.open.Last != 0:
		return h.open.Last, h.open.LastV
	case len(h.closed) > 0:
		b := h.closed[len(h.closed)-1]
		return b.Last, b.LastV
	}
	return 0, math.NaN()
}

// Buckets appends the buckets, oldest first (the open one last, when it
// holds a step), to dst and returns it.
func (h *History) Buckets(dst []Bucket) []Bucket {
	dst = append(dst, h.closed...)
	if h.open.Last != 0 {
		dst = append(dst, h.open)
	}
	return dst
}

// AppendTo writes the curve into o, reusing its memory: for each bucket, in
// step order, the points (t, v_t) of its minimum, its maximum and its last
// step (each once; a last value that is not finite is left out), so at
// most 3·(Max+1) points. The final point is the exact last step when its
// value is finite.
func (h *History) AppendTo(o *Series) {
	o.T, o.V = o.T[:0], o.V[:0]
	emit := func(b Bucket) {
		pts := [3]struct {
			t int
			v float64
		}{{b.MinT, b.Min}, {b.MaxT, b.Max}, {b.Last, b.LastV}}
		if pts[1].t < pts[0].t {
			pts[0], pts[1] = pts[1], pts[0]
		}
		from := 0
		if b.N == 0 {
			from = 2
		}
		prev := 0
		for _, p := range pts[from:] {
			if p.t == prev || math.IsNaN(p.v) || math.IsInf(p.v, 0) {
				continue
			}
			o.T, o.V = append(o.T, float64(p.t)), append(o.V, p.v)
			prev = p.t
		}
	}
	for _, b := range h.closed {
		emit(b)
	}
	if h.open.Last != 0 {
		emit(h.open)
	}
}
