package kernel

import (
	"math/rand/v2"
	"runtime"
	"testing"
)

// TestUseDots: under GOARCH=wasm [Dots] and [Row] call the installed hook
// for d ≥ 8 from HookMinWork multiply-adds on, and its result is what they
// return; below that, for d < 8 and after UseDots(nil) they do not call it.
// Natively the hook is never consulted.
func TestUseDots(t *testing.T) {
	r := rand.New(rand.NewPCG(testSeed, 21))
	calls := 0
	UseDots(func(dst, x, rows []float64) {
		calls++
		DotsGo(dst, x, rows)
		dst[0] = 42 // marks the hook's result
	})
	defer UseDots(nil)
	hooked := runtime.GOARCH == "wasm"
	for _, c := range []struct {
		n, d int
		want bool // the hook is called (under wasm)
	}{
		{64, 16, true},
		{HookMinWork / 8, 8, true},    // exactly HookMinWork
		{HookMinWork/8 - 1, 8, false}, // one row fewer
		{512, 7, false},               // d < 8: the Go loop's own order
		{512, 2, false},               // the 2D playground
	} {
		calls = 0
		x, rows, dst := randVec(r, c.d, 1), randVec(r, c.n*c.d, 1), make([]float64, c.n)
		Dots(dst, x, rows)
		want := c.want && hooked
		if (calls == 1) != want || (dst[0] == 42) != want {
			t.Errorf("n=%d d=%d under %s: %d hook calls, dst[0] = %v; want the hook: %v", c.n, c.d, runtime.GOARCH, calls, dst[0], want)
		}
	}
	UseDots(nil)
	calls = 0
	x, rows, dst := randVec(r, 16, 1), randVec(r, 64*16, 1), make([]float64, 64)
	Row(Gaussian{Sigma: 1}, dst, x, 1, rows, make([]float64, 64))
	if calls != 0 {
		t.Errorf("UseDots(nil): the removed hook was called %d times", calls)
	}
}

// TestUseColumnLane: under GOARCH=wasm [Columns.Row] calls the installed
// hook once per accumulator lane with at least HookMinWork multiply-adds
// (eight lanes for d ≥ 8), and its sums are what the row is made of;
// natively and after UseColumnLane(nil) it is not called.
func TestUseColumnLane(t *testing.T) {
	r := rand.New(rand.NewPCG(testSeed, 22))
	const n, d = 256, 64
	c := NewColumns(d, n)
	norms := make([]float64, n)
	for s := range n {
		z := sparseVec(r, d, 0.5)
		c.Set(s, z)
		norms[s] = dot(z, z)
	}
	x := randVec(r, d, 1) // dense: every lane has 8 terms, 256·8 ≥ HookMinWork
	want := make([]float64, n)
	c.Row(Linear{}, want, x, dot(x, x), norms)

	calls := 0
	UseColumnLane(func(dst, cols []float64, offs []int, vals []float64) {
		calls++
		ColumnLaneGo(dst, cols, offs, vals)
	})
	defer UseColumnLane(nil)
	got := make([]float64, n)
	c.Row(Linear{}, got, x, dot(x, x), norms)
	wantCalls := 0
	if runtime.GOARCH == "wasm" {
		wantCalls = colLanes
	}
	if calls != wantCalls {
		t.Errorf("under %s: %d hook calls, want %d", runtime.GOARCH, calls, wantCalls)
	}
	for s := range got {
		if got[s] != want[s] {
			t.Fatalf("slot %d: %v through the hook, %v without", s, got[s], want[s])
		}
	}
	if runtime.GOARCH == "wasm" {
		// The hook's sums are the row's: a hook that doubles them doubles it.
		UseColumnLane(func(dst, cols []float64, offs []int, vals []float64) {
			ColumnLaneGo(dst, cols, offs, vals)
			for s := range dst {
				dst[s] *= 2
			}
		})
		c.Row(Linear{}, got, x, dot(x, x), norms)
		if got[0] != 2*want[0] {
			t.Errorf("a doubling hook: slot 0 is %v, want %v", got[0], 2*want[0])
		}
	}
	UseColumnLane(nil)
	calls = 0
	c.Row(Linear{}, got, x, dot(x, x), norms)
	if calls != 0 {
		t.Errorf("UseColumnLane(nil): the removed hook was called %d times", calls)
	}
}

// TestSparseWithHooks: under GOARCH=wasm, with both hooks installed, Sparse
// takes a half as its threshold (three quarters non-zero is dense), and
// three quarters again once a hook is removed; natively the threshold is
// the target's whatever the hooks.
func TestSparseWithHooks(t *testing.T) {
	x := []float64{1, 2, 3, 0} // three quarters non-zero
	without := Sparse(x)
	UseDots(DotsGo)
	UseColumnLane(ColumnLaneGo)
	with := Sparse(x)
	UseDots(nil)
	after := Sparse(x)
	UseColumnLane(nil)
	wantWith, wantWithout := without, 3*sparseMaxDen <= 4*sparseMaxNum
	if runtime.GOARCH == "wasm" {
		wantWith = false // 3/4 > 1/2
	}
	if without != wantWithout || with != wantWith || after != wantWithout {
		t.Errorf("under %s: Sparse(%v) = %v without the hooks, %v with both, %v with one; want %v, %v, %v",
			runtime.GOARCH, x, without, with, after, wantWithout, wantWith, wantWithout)
	}
	if !Sparse([]float64{1, 2, 0, 0}) {
		t.Error("half non-zero must be sparse")
	}
}
