//go:build js && wasm

package simd

import (
	"fmt"
	"math"
	"math/rand/v2"
	"syscall/js"
	"time"

	"kernelplay/core/kernel"
)

// installDebugHook puts window.kernelplaySIMD on the page, for the browser
// test (tests/browser/simd_test.go) and the curious; *installed is [Install]'s
// result. Its functions, all synchronous:
//
//	stats()    {installed, dotsCalls, laneCalls (the hooks' calls so far:
//	           the page's own kernel rows count), hookMinWork}
//	check(seed)  [Check] of the module's functions against core/kernel's Go
//	           loops, then whole kernel rows (kernel.Row at n = 512,
//	           d = 256; kernel.Columns.Row at n = 600, d = 784, 19% non-zero)
//	           with the hooks and without: {cases, nans, infs, mismatches,
//	           first, rowCases, rowMismatches, rowCalls (the hooks' calls
//	           during the rows with them)}; an Error if not installed
//	step(d, omega, steps, batches, classes, density)  one SVMD step
//	           ([StepBench]), µs: {simdUs, goUs} (goUs with the hooks
//	           removed for the while)
//	dots(n, d, calls, batches)  one [Dots] call and one kernel.DotsGo, µs
//	lane(m, nnz, calls, batches)  one [ColumnLane] call and one
//	           kernel.ColumnLaneGo, µs
//	row(n, d, density, columns, calls, batches)  one kernel row
//	           ([RowBench]; columns 1: kernel.Columns.Row, 0: kernel.Row)
//	           with the hooks and without, µs
//
// The measurements block the page while they run (keep them short); the
// hooks are back in place when they return.
func installDebugHook(installed *bool) {
	on := func() {
		if *installed {
			kernel.UseDots(Dots)
			kernel.UseColumnLane(ColumnLane)
		}
	}
	off := func() {
		kernel.UseDots(nil)
		kernel.UseColumnLane(nil)
	}
	// withAndWithout times f with the hooks and without.
	withAndWithout := func(f func() time.Duration) map[string]any {
		on()
		simd := f()
		off()
		goLoop := f()
		on()
		return map[string]any{"simdUs": us(simd), "goUs": us(goLoop)}
	}
	hooks := map[string]func(a []float64) (any, error){
		"stats": func([]float64) (any, error) {
			return map[string]any{"installed": *installed, "dotsCalls": calls.dots, "laneCalls": calls.lane,
				"hookMinWork": kernel.HookMinWork}, nil
		},
		"check": func(a []float64) (any, error) {
			if !*installed {
				return nil, fmt.Errorf("the SIMD module is not installed")
			}
			rep := Check(uint64(a[0]), Dots, ColumnLane)
			rowCases, rowBad, c0 := 0, 0, calls
			withAndWithoutRows(uint64(a[0]), on, off, func(got, want []float64) {
				for i := range want {
					rowCases++
					if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
						rowBad++
					}
				}
			})
			return map[string]any{"cases": rep.Cases, "nans": rep.NaNs, "infs": rep.Infs,
				"mismatches": rep.Mismatches, "first": rep.First, "rowCases": rowCases, "rowMismatches": rowBad,
				"rowCalls": calls.dots - c0.dots + calls.lane - c0.lane}, nil
		},
		"step": func(a []float64) (any, error) {
			b, err := NewStepBench(int(a[0]), int(a[1]), int(a[4]), a[5])
			if err != nil {
				return nil, err
			}
			return withAndWithout(func() time.Duration { return b.Time(int(a[2]), int(a[3])) }), nil
		},
		"dots": func(a []float64) (any, error) {
			n, d, c, b := int(a[0]), int(a[1]), int(a[2]), int(a[3])
			out := map[string]any{"goUs": us(DotsBench(kernel.DotsGo, n, d, c, b))}
			if *installed {
				out["simdUs"] = us(DotsBench(Dots, n, d, c, b))
			}
			return out, nil
		},
		"lane": func(a []float64) (any, error) {
			m, nnz, c, b := int(a[0]), int(a[1]), int(a[2]), int(a[3])
			out := map[string]any{"goUs": us(LaneBench(kernel.ColumnLaneGo, m, nnz, c, b))}
			if *installed {
				out["simdUs"] = us(LaneBench(ColumnLane, m, nnz, c, b))
			}
			return out, nil
		},
		"row": func(a []float64) (any, error) {
			return withAndWithout(func() time.Duration {
				return RowBench(int(a[0]), int(a[1]), a[2], a[3] != 0, int(a[4]), int(a[5]))
			}), nil
		},
	}
	obj := js.Global().Get("Object").New()
	for name, f := range hooks {
		obj.Set(name, js.FuncOf(func(_ js.Value, args []js.Value) (out any) {
			defer func() {
				if r := recover(); r != nil {
					on()
					out = js.Global().Get("Error").New(fmt.Sprintf("kernelplaySIMD.%s: %v", name, r))
				}
			}()
			in := make([]float64, 8) // missing arguments are 0
			for i, v := range args {
				if i < len(in) && v.Type() == js.TypeNumber {
					in[i] = v.Float()
				}
			}
			v, err := f(in)
			if err != nil {
				return js.Global().Get("Error").New("kernelplaySIMD." + name + ": " + err.Error())
			}
			return v
		}))
	}
	js.Global().Set("kernelplaySIMD", obj)
}

// withAndWithoutRows computes whole kernel rows with the hooks (on) and
// without (off) and hands each pair to same: kernel.Row, Gaussian, at
// n = 512, d = 256 (dense), and kernel.Columns.Row at n = 600, d = 784 with
// 19% of the entries non-zero (an MNIST digit's density). It leaves the
// hooks on.
func withAndWithoutRows(seed uint64, on, off func(), same func(got, want []float64)) {
	r := rand.New(rand.NewPCG(seed, 14))
	k := kernel.Gaussian{Sigma: 16}
	row := func(n, d int, density float64) {
		vec := func() []float64 {
			z := make([]float64, d)
			for j := range z {
				if r.Float64() < density {
					z[j] = 2*r.Float64() - 1
				}
			}
			return z
		}
		rows, norms, c := make([]float64, n*d), make([]float64, n), kernel.NewColumns(d, n)
		for s := range n {
			z := vec()
			copy(rows[s*d:], z)
			norms[s] = dot(z, z)
			c.Set(s, z)
		}
		x := vec()
		got, want := make([]float64, n), make([]float64, n)
		if density == 1 {
			on()
			kernel.Row(k, got, x, dot(x, x), rows, norms)
			off()
			kernel.Row(k, want, x, dot(x, x), rows, norms)
		} else {
			on()
			c.Row(k, got, x, dot(x, x), norms)
			off()
			c.Row(k, want, x, dot(x, x), norms)
		}
		on()
		same(got, want)
	}
	row(512, 256, 1)
	row(600, 784, 0.19)
}

// us is a duration in microseconds.
func us(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e3 }
