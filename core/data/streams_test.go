package data

import (
	"slices"
	"testing"
)

// streamSeed is the seed of the stream tests (logged).
const streamSeed = 20061

func TestCountingDigits(t *testing.T) {
	d := CountingDigits(2)
	if len(d) != 6000 {
		t.Fatalf("length %d, want 6000", len(d))
	}
	counts := make([]int, 10)
	for _, v := range d {
		counts[v]++
	}
	for v, c := range counts {
		if c != 600 {
			t.Errorf("digit %d occurs %d times, want 600 (JMLR §6.2)", v, c)
		}
	}
	// JMLR §6.2.2: the first non-zero digit is the 6th (t = 6, counting from
	// 1), the counter wraps 19 → 20 at t = 60 (counting from 0), 099 → 100 at
	// 300, 999 → 000 at 3000.
	want := map[int][3]int{0: {0, 0, 0}, 3: {0, 0, 1}, 57: {0, 1, 9}, 60: {0, 2, 0}, 300: {1, 0, 0}, 2997: {9, 9, 9}, 3000: {0, 0, 0}}
	for i, w := range want {
		if got := [3]int(d[i : i+3]); got != w {
			t.Errorf("digits %d..%d = %v, want %v", i, i+2, got, w)
		}
	}
	if i := slices.IndexFunc(d, func(v int) bool { return v != 0 }); i != 5 {
		t.Errorf("first non-zero digit at index %d, want 5 (t = 6)", i)
	}
}

// checkLabels checks that each step's label is f(class of its row).
func checkLabels(t *testing.T, q *Sequence, f func(class int) float64) {
	t.Helper()
	for i := range q.Len() {
		c := int(q.Set().Y[q.Row(i)])
		if e := q.At(i); e.Y != f(c) || &e.X[0] != &q.Set().Row(q.Row(i))[0] {
			t.Fatalf("%s: step %d (class %d) has label %v, want %v", q.Name, i, c, e.Y, f(c))
		}
	}
}

func TestStreams(t *testing.T) {
	t.Logf("seed %d", streamSeed)
	d8, m := loadShipped(t)
	s8, sm := d8.Set(), m.Set()

	q := Multiclass(s8, streamSeed)
	if q.Len() != s8.Len() || q.Repeats() != 1 || q.Classes != 10 {
		t.Errorf("multiclass: %d examples, repeats %d, K %d", q.Len(), q.Repeats(), q.Classes)
	}
	checkLabels(t, q, func(c int) float64 { return float64(c) })
	if slices.Equal(q.rows, Multiclass(s8, streamSeed+1).rows) || !slices.Equal(q.rows, Multiclass(s8, streamSeed).rows) {
		t.Error("multiclass: order does not follow the seed")
	}
	n := 0
	for e, ok := q.Next(); ok; e, ok = q.Next() {
		if len(e.X) != 64 {
			t.Fatalf("dim %d", len(e.X))
		}
		n++
	}
	if n != q.Len() || q.Pos() != n {
		t.Errorf("Next gave %d examples, Pos %d, want %d", n, q.Pos(), q.Len())
	}
	q.Reset()
	if e, ok := q.Next(); !ok || e.Y != q.At(0).Y {
		t.Error("Reset did not rewind")
	}

	q = ClassSplit(sm, streamSeed)
	checkLabels(t, q, func(c int) float64 {
		if c <= 4 {
			return -1
		}
		return 1
	})
	if q.Classes != 0 || q.Len() != 10000 || q.Repeats() != 1 {
		t.Errorf("classsplit: K %d, %d examples, repeats %d", q.Classes, q.Len(), q.Repeats())
	}

	q, err := Switch(sm, streamSeed, 0)
	if err != nil {
		t.Fatal(err)
	}
	if q.Len() != 1000 || q.Repeats() != 1 {
		t.Errorf("switch: %d examples, repeats %d", q.Len(), q.Repeats())
	}
	count := map[int]int{}
	for i := range q.Len() {
		c := int(sm.Y[q.Row(i)])
		if (i < 500) != (c <= 1) {
			t.Fatalf("switch: step %d shows digit %d", i, c)
		}
		count[c]++
	}
	if count[0] != 250 || count[1] != 250 || count[2] != 250 || count[3] != 250 {
		t.Errorf("switch: digit counts %v, want 250 each", count)
	}
	checkLabels(t, q, func(c int) float64 { return float64(2*(c%2) - 1) })
	if _, err := Switch(s8, streamSeed, 0); err == nil {
		t.Error("switch of 1000 on the 8×8 digits (≈180 per digit): no error")
	}
	if q, err := Switch(s8, streamSeed, 600); err != nil || q.Len() != 600 {
		t.Errorf("switch of 600 on the 8×8 digits: %v", err)
	}

	q, err = Counting(sm, streamSeed, 0)
	if err != nil {
		t.Fatal(err)
	}
	if q.Len() != 6000 || q.Repeats() != 1 || q.Classes != 10 {
		t.Errorf("counting on MNIST-10k: %d examples, repeats %d, K %d", q.Len(), q.Repeats(), q.Classes)
	}
	checkLabels(t, q, func(c int) float64 { return float64(c) })
	for i, d := range CountingDigits(2) {
		if q.At(i).Y != float64(d) {
			t.Fatalf("counting: step %d has label %v, want %d", i, q.At(i).Y, d)
		}
	}
	q, err = Counting(s8, streamSeed, 0)
	if err != nil {
		t.Fatal(err)
	}
	// 600 of each digit from 174..183 images: each image at most ⌈600/174⌉ = 4 times.
	if q.Len() != 6000 || q.Repeats() != 4 {
		t.Errorf("counting on the 8×8 digits: %d examples, repeats %d, want 6000 and 4", q.Len(), q.Repeats())
	}
	checkLabels(t, q, func(c int) float64 { return float64(c) })

	q, err = Novelty(sm, streamSeed, 3, 0)
	if err != nil {
		t.Fatal(err)
	}
	novel := 0
	checkLabels(t, q, func(c int) float64 {
		if c == 3 {
			return 1
		}
		novel++
		return -1
	})
	// 1032 threes, 5% novel: m = round(0.05/0.95·1032) = 54.
	if q.Len() != 1032+54 || novel != 54 || q.Repeats() != 1 {
		t.Errorf("novelty: %d examples, %d novel, repeats %d; want 1086, 54, 1", q.Len(), novel, q.Repeats())
	}
	for _, c := range []struct {
		normal int
		frac   float64
	}{{-1, 0}, {10, 0}, {0, 1}, {0, -0.1}} {
		if _, err := Novelty(sm, 1, c.normal, c.frac); err == nil {
			t.Errorf("novelty(%d, %v): no error", c.normal, c.frac)
		}
	}
}

func TestInOrderShuffled(t *testing.T) {
	s := &Set{Name: "s", Dim: 1, X: []float64{10, 11, 12, 13}, Y: []float64{0.5, -2, 3, 7}}
	q := InOrder(s)
	for i := range 4 {
		if e := q.At(i); e.X[0] != s.X[i] || e.Y != s.Y[i] {
			t.Errorf("InOrder step %d: %v", i, e)
		}
	}
	p := Shuffled(s, streamSeed)
	seen := map[float64]bool{}
	for i := range 4 {
		e := p.At(i)
		if s.Y[int(e.X[0])-10] != e.Y {
			t.Errorf("Shuffled step %d: label %v does not belong to x = %v", i, e.Y, e.X[0])
		}
		seen[e.X[0]] = true
	}
	if len(seen) != 4 || p.Classes != 0 {
		t.Errorf("Shuffled: %d distinct examples, K %d", len(seen), p.Classes)
	}
}
