package sim

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"kernelplay/core/experiment"
	"kernelplay/core/learn"
	"kernelplay/ui/state"
)

// TestHistoryBounded: 10⁷ steps stay within Max+1 buckets (checked every
// 10⁵ steps) and 3·(Max+1) curve points, without the closed buckets'
// backing array ever growing past Max.
func TestHistoryBounded(t *testing.T) {
	const steps = 10_000_000
	var h History
	var bs []Bucket
	var o Series
	for i := 1; i <= steps; i++ {
		h.Add(float64(i % 977))
		if i%100_000 == 0 {
			bs = h.Buckets(bs[:0])
			if len(bs) > HistoryBuckets+1 || cap(h.closed) > HistoryBuckets {
				t.Fatalf("step %d: %d buckets, capacity %d", i, len(bs), cap(h.closed))
			}
		}
	}
	h.AppendTo(&o)
	if len(o.T) > 3*(HistoryBuckets+1) || h.Len() != steps {
		t.Fatalf("%d points, %d steps", len(o.T), h.Len())
	}
	if lt, lv := h.Last(); lt != steps || lv != float64(steps%977) || o.T[len(o.T)-1] != steps || o.V[len(o.V)-1] != lv {
		t.Errorf("last (%d, %v), curve ends at (%v, %v)", lt, lv, o.T[len(o.T)-1], o.V[len(o.V)-1])
	}
	// The bound the docs state: BucketBytes per bucket.
	if n := unsafe.Sizeof(Bucket{}); n != BucketBytes {
		t.Errorf("a Bucket takes %d bytes, BucketBytes says %d", n, BucketBytes)
	}
	// 10⁷ steps in at most 512 buckets: width 2^15 = 32768 (10⁷/32768 ≈ 305).
	if h.Width() != 1<<15 {
		t.Errorf("width %d", h.Width())
	}
}

// TestHistoryMatchesNaive: after any number of steps, the buckets tile
// steps 1..t, and each one's count, sum, extremes (with their steps) and
// last value equal a naive recomputation over its steps; the curve's points
// are real points of the series, in step order, ending at the exact last.
func TestHistoryMatchesNaive(t *testing.T) {
	seed := uint64(14)
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 2))
	for _, max := range []int{2, 8, 64} {
		h := History{Max: max}
		var vals []float64
		for step := 1; step <= 20_011; step++ {
			v := rng.NormFloat64() * math.Exp(4*rng.Float64())
			switch rng.IntN(200) {
			case 0:
				v = math.NaN()
			case 1:
				v = math.Inf(1 - 2*rng.IntN(2))
			}
			h.Add(v)
			vals = append(vals, v)
			if step%997 == 0 || step < 40 || step == 20_011 {
				checkHistory(t, &h, vals)
			}
		}
	}
}

func checkHistory(t *testing.T, h *History, vals []float64) {
	t.Helper()
	bs := h.Buckets(nil)
	if len(bs) > h.Max+1 {
		t.Fatalf("Max %d: %d buckets", h.Max, len(bs))
	}
	next := 1
	for i, b := range bs {
		if b.First != next || b.Last < b.First {
			t.Fatalf("Max %d step %d: bucket %d covers %d..%d, want from %d", h.Max, len(vals), i, b.First, b.Last, next)
		}
		if closed := i < len(bs)-1 || b.Last-b.First+1 == h.Width(); closed && b.Last-b.First+1 != h.Width() {
			t.Fatalf("closed bucket %d of %d steps, width %d", i, b.Last-b.First+1, h.Width())
		}
		next = b.Last + 1
		var want Bucket
		for s := b.First; s <= b.Last; s++ {
			want.add(s, vals[s-1])
		}
		if b.N != want.N || b.Min != want.Min || b.Max != want.Max || b.MinT != want.MinT || b.MaxT != want.MaxT ||
			math.Float64bits(b.LastV) != math.Float64bits(vals[b.Last-1]) {
			t.Fatalf("Max %d step %d: bucket %d = %+v, naive %+v", h.Max, len(vals), i, b, want)
		}
		if want.N > 0 && math.Abs(b.Mean()-want.Mean()) > 1e-12*(1+math.Abs(want.Mean())) {
			t.Fatalf("bucket %d: mean %v, naive %v", i, b.Mean(), want.Mean())
		}
		if b.N > 0 && (vals[b.MinT-1] != b.Min || vals[b.MaxT-1] != b.Max) {
			t.Fatalf("bucket %d: extremes not at their steps", i)
		}
	}
	if next != len(vals)+1 {
		t.Fatalf("buckets end at %d of %d steps", next-1, len(vals))
	}
	lt, lv := h.Last()
	if lt != len(vals) || math.Float64bits(lv) != math.Float64bits(vals[len(vals)-1]) {
		t.Fatalf("Last = (%d, %v), want (%d, %v)", lt, lv, len(vals), vals[len(vals)-1])
	}
	var o Series
	h.AppendTo(&o)
	for i := range o.T {
		s := int(o.T[i])
		if vals[s-1] != o.V[i] || (i > 0 && o.T[i] <= o.T[i-1]) {
			t.Fatalf("point %d (%v, %v): series has %v there", i, o.T[i], o.V[i], vals[s-1])
		}
	}
	if f := vals[len(vals)-1]; !math.IsNaN(f) && !math.IsInf(f, 0) && (o.T[len(o.T)-1] != float64(len(vals)) || o.V[len(o.V)-1] != f) {
		t.Fatalf("curve ends at (%v, %v), last step (%d, %v)", o.T[len(o.T)-1], o.V[len(o.V)-1], len(vals), f)
	}
}

// TestDigitsMatchesRunner: the digits run's lockstep loop and bounded
// record agree with core/experiment's Runner and its full traces on the
// same stream and learners: exact mistakes, confusion counts, last values,
// and each bucket's extremes of the error curve and of η_t.
func TestDigitsMatchesRunner(t *testing.T) {
	set := loadDigits(t, "digits8x8.kpd.gz").Set()
	cfg := state.ComparePreset()
	cfg.Stream = state.StreamSwitch
	d, err := NewDigits(cfg, set)
	if err != nil {
		t.Fatal(err)
	}
	for i := range d.lanes { // many merges within a short run
		d.lanes[i].avg.Max, d.lanes[i].eta.Max = 16, 16
	}
	e, err := NewDigits(cfg, set)
	if err != nil {
		t.Fatal(err)
	}
	for !d.Done() {
		d.Step(37)
	}
	trs := experiment.Run(e.seq, 0, e.cs...)
	if d.Err() != nil || d.T() != d.N() {
		t.Fatalf("T %d of %d: %v", d.T(), d.N(), d.Err())
	}
	k := len(d.names)
	for i, tr := range trs {
		conf := make([]int, k*k)
		for s := range tr.Len() {
			truth, pred := d.cell(tr.Label[s], learnStep(tr, s))
			conf[truth*k+pred]++
		}
		if d.Mistakes(i) != tr.Mistakes() || d.AverageError(i) != tr.AverageError() || !slices.Equal(conf, d.Confusion(i)) {
			t.Fatalf("%s: mistakes %d vs %d, confusion %v vs %v", tr.Name, d.Mistakes(i), tr.Mistakes(), d.Confusion(i), conf)
		}
		curve := tr.ErrorCurve()
		for _, h := range []struct {
			name string
			h    *History
			v    []float64
		}{{"error", d.AvgError(i), curve}, {"η", d.Eta(i), tr.Eta}} {
			if h.h.Len() != tr.Len() || h.h.Width() == 1 {
				t.Fatalf("%s %s: %d steps, width %d", tr.Name, h.name, h.h.Len(), h.h.Width())
			}
			checkHistory(t, h.h, h.v)
		}
	}
}

// learnStep is the part of step s of tr that the confusion matrix reads.
func learnStep(tr *experiment.Trace, s int) learn.Step {
	return learn.Step{Mistake: tr.Mistake[s], Prediction: tr.Prediction[s]}
}
