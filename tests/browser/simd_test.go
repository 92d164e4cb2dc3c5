//go:build !js

package browser

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"kernelplay/core/kernel"
	"kernelplay/ui/state"
	"kernelplay/wasm/simd"
)

// simdStats is window.kernelplaySIMD.stats() (wasm/simd/debug.go).
type simdStats struct {
	Installed   bool `json:"installed"`
	DotsCalls   int  `json:"dotsCalls"`
	LaneCalls   int  `json:"laneCalls"`
	HookMinWork int  `json:"hookMinWork"`
}

// simdCheck is window.kernelplaySIMD.check(seed).
type simdCheck struct {
	Cases         int    `json:"cases"`
	NaNs          int    `json:"nans"`
	Infs          int    `json:"infs"`
	Mismatches    int    `json:"mismatches"`
	First         string `json:"first"`
	RowCases      int    `json:"rowCases"`
	RowMismatches int    `json:"rowMismatches"`
	RowCalls      int    `json:"rowCalls"`
}

// simdTimes is what the measuring functions of window.kernelplaySIMD
// return, in µs.
type simdTimes struct {
	SIMD float64 `json:"simdUs"`
	Go   float64 `json:"goUs"`
}

// TestBrowserSIMD: the page installs wasm/simd's module (Chromium has had
// WebAssembly SIMD since version 91), its two loops give the bits of
// core/kernel's Go loops on awkward inputs of many shapes, whole kernel rows
// are the same with and without it, and the page's own kernel rows go
// through it (the 8×8 digits run: sparse rows, the column lanes). Measure
// logs the times behind issue 13's wasm/native ratio, not asserted.
//
//	make wasm && go test -count=1 -run TestBrowserSIMD -v ./tests/browser
func TestBrowserSIMD(t *testing.T) {
	srv := pageServer(t)
	ctx := browser(t)
	stats := func(ctx context.Context) (simdStats, error) {
		return chromedp.Run(ctx, chromedp.Evaluate[simdStats](`window.kernelplaySIMD.stats()`))
	}
	within(t, ctx, 60*time.Second, func(ctx context.Context) error {
		if err := open(ctx, srv.URL, ""); err != nil {
			return err
		}
		st, err := stats(ctx)
		if err != nil {
			return err
		}
		if !st.Installed {
			return fmt.Errorf("kernelplaySIMD.stats() = %+v: the SIMD module is not installed", st)
		}
		return nil
	})

	t.Run("BitForBit", func(t *testing.T) {
		for _, seed := range []uint64{1, 2, 3} {
			within(t, ctx, 60*time.Second, func(ctx context.Context) error {
				c, err := chromedp.Run(ctx, chromedp.Evaluate[simdCheck](fmt.Sprintf(`window.kernelplaySIMD.check(%d)`, seed)))
				if err != nil {
					return err
				}
				t.Logf("seed %d: %+v", seed, c)
				// 8 dimensions × 13 row counts and 10 slot counts × 6 term
				// counts: 8·(1+2+3+7+8+9+31+64+100+255+511+512+600) dots
				// and 6·(1+7+8+9+15+16+17+100+512+600) lane sums.
				if want := 8*2103 + 6*1285; c.Cases != want {
					t.Errorf("seed %d: %d cases compared, want %d", seed, c.Cases, want)
				}
				if c.Mismatches != 0 {
					t.Errorf("seed %d: %d of %d results differ from the Go loops; first: %s", seed, c.Mismatches, c.Cases, c.First)
				}
				// The comparison means little if most results are NaN.
				if c.NaNs > c.Cases/10 {
					t.Errorf("seed %d: %d of %d results are NaN", seed, c.NaNs, c.Cases)
				}
				// 512 dense rows and 600 column rows; both through the hooks.
				if c.RowCases != 1112 || c.RowMismatches != 0 {
					t.Errorf("seed %d: whole kernel rows with and without the module: %d of %d differ", seed, c.RowMismatches, c.RowCases)
				}
				if c.RowCalls < 2 {
					t.Errorf("seed %d: the whole rows called the hooks %d times, want the dense row's and the column lanes'", seed, c.RowCalls)
				}
				return nil
			})
		}
	})

	t.Run("PageUsesIt", func(t *testing.T) {
		within(t, ctx, 60*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, state.Encode(state.DigitsDefault())); err != nil {
				return err
			}
			st0, err := stats(ctx)
			if err != nil {
				return err
			}
			// The 8×8 digits are about half non-zero: the column lanes.
			if err := waitFor(ctx, fmt.Sprintf(`window.kernelplaySIMD.stats().laneCalls > %d + 100`, st0.LaneCalls), 30*time.Second); err != nil {
				return fmt.Errorf("the digits run made no calls of the SIMD lanes: %w", err)
			}
			st, err := readStats(ctx)
			if err != nil {
				return err
			}
			if st.Message != "" {
				return fmt.Errorf("the digits page shows a message: %q", st.Message)
			}
			return nil
		})
	})

	t.Run("WithoutSIMD", func(t *testing.T) {
		// A browser that refuses the module (here: WebAssembly.validate
		// says no, as a browser without SIMD does) keeps the Go loops,
		// silently: the page runs, nothing is called.
		tab, cancel := chromedp.NewContext(ctx)
		defer cancel()
		if _, err := chromedp.Call(tab, page.AddScriptToEvaluateOnNewDocument,
			page.AddScriptToEvaluateOnNewDocumentParams{Source: introSeenJS + "; WebAssembly.validate = () => false;"}); err != nil {
			t.Fatal(err)
		}
		within(t, tab, 60*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, state.Encode(state.DigitsDefault())); err != nil {
				return err
			}
			if err := waitFor(ctx, `parseInt((document.getElementById("digits-t")||{textContent:"0"}).textContent.replace(/,/g,"")) > 150`, 20*time.Second); err != nil {
				return fmt.Errorf("the digits run did not learn without SIMD: %w", err)
			}
			st, err := stats(ctx)
			if err != nil {
				return err
			}
			if st.Installed || st.DotsCalls != 0 || st.LaneCalls != 0 {
				return fmt.Errorf("without SIMD: kernelplaySIMD.stats() = %+v, want not installed and no calls", st)
			}
			ps, err := readStats(ctx)
			if err != nil {
				return err
			}
			if ps.Message != "" {
				return fmt.Errorf("without SIMD the page shows a message: %q", ps.Message)
			}
			return nil
		})
	})

	t.Run("Measure", func(t *testing.T) {
		eval := func(expr string) simdTimes {
			var v simdTimes
			within(t, ctx, 120*time.Second, func(ctx context.Context) (err error) {
				v, err = chromedp.Run(ctx, chromedp.Evaluate[simdTimes](expr))
				return err
			})
			return v
		}
		// The page runs the default demo meanwhile; pause it (Space).
		if err := open(ctx, srv.URL, state.Encode(pausedDefault())); err != nil {
			t.Fatal(err)
		}
		const batches = 15
		// Issue 13's step (binary, dense, d = 256, ω = 512, as
		// core/learn's BenchmarkLearnStep) and an MNIST-like one (10
		// classes, d = 784, 19% non-zero, ω = 4096: the column rows).
		for _, c := range []struct {
			d, omega, classes int
			density           float64
			steps             int
		}{{256, 512, 1, 1, 200}, {784, 4096, 10, 0.19, 20}} {
			step := eval(fmt.Sprintf(`window.kernelplaySIMD.step(%d, %d, %d, %d, %d, %v)`, c.d, c.omega, c.steps, batches, c.classes, c.density))
			b, err := simd.NewStepBench(c.d, c.omega, c.classes, c.density)
			if err != nil {
				t.Fatal(err)
			}
			native := us(b.Time(5*c.steps, batches))
			t.Logf("measure: SVMD step d=%d ω=%d classes=%d density %.2f (median of %d batches of %d steps): Chromium %.1f µs with SIMD, %.1f µs without; native %.1f µs; wasm/native %.2f× with SIMD, %.2f× without (%s)",
				c.d, c.omega, c.classes, c.density, batches, c.steps, step.SIMD, step.Go, native, step.SIMD/native, step.Go/native, load())
		}
		for _, sz := range []struct{ n, d, calls int }{{512, 256, 200}, {4096, 784, 10}} {
			v := eval(fmt.Sprintf(`window.kernelplaySIMD.dots(%d, %d, %d, %d)`, sz.n, sz.d, sz.calls, batches))
			nat := us(simd.DotsBench(kernel.Dots, sz.n, sz.d, 10*sz.calls, batches))
			t.Logf("measure: dots n=%d d=%d: Chromium %.1f µs SIMD, %.1f µs Go loop (%.2f×); native Dots (gonum) %.1f µs (%s)",
				sz.n, sz.d, v.SIMD, v.Go, v.Go/v.SIMD, nat, load())
		}
		for _, sz := range []struct{ n, d, calls int }{{1, 8, 20000}, {2, 8, 20000}, {4, 8, 20000}, {1, 64, 20000}, {8, 8, 20000}, {16, 16, 10000}, {128, 8, 5000}, {32, 32, 5000}, {64, 64, 2000}, {512, 64, 500}} {
			v := eval(fmt.Sprintf(`window.kernelplaySIMD.dots(%d, %d, %d, %d)`, sz.n, sz.d, sz.calls, batches))
			t.Logf("measure: small dots n=%d d=%d (%d multiply-adds): Chromium %.3f µs SIMD, %.3f µs Go loop (HookMinWork %d)",
				sz.n, sz.d, sz.n*sz.d, v.SIMD, v.Go, kernel.HookMinWork)
		}
		for _, sz := range []struct{ m, nnz, calls int }{{8, 1, 20000}, {8, 4, 20000}, {16, 4, 20000}, {64, 1, 20000}, {64, 4, 10000}, {256, 4, 5000}, {512, 18, 1000}} {
			v := eval(fmt.Sprintf(`window.kernelplaySIMD.lane(%d, %d, %d, %d)`, sz.m, sz.nnz, sz.calls, batches))
			t.Logf("measure: small lanes m=%d nnz=%d (%d multiply-adds): Chromium %.3f µs SIMD, %.3f µs Go loop (HookMinWork %d)",
				sz.m, sz.nnz, sz.m*sz.nnz, v.SIMD, v.Go, kernel.HookMinWork)
		}
		// The column row (the digits' path) and, for kernel.Sparse's
		// threshold, the row-major row on the same data as the density grows.
		for _, sz := range []struct{ n, d, calls int }{{4096, 784, 10}, {512, 256, 100}} {
			for _, density := range []float64{0.19, 0.5, 0.75, 1} {
				cols := eval(fmt.Sprintf(`window.kernelplaySIMD.row(%d, %d, %v, 1, %d, %d)`, sz.n, sz.d, density, sz.calls, batches))
				rows := eval(fmt.Sprintf(`window.kernelplaySIMD.row(%d, %d, %v, 0, %d, %d)`, sz.n, sz.d, density, sz.calls, batches))
				nat := us(simd.RowBench(sz.n, sz.d, density, true, 5*sz.calls, batches))
				natRows := us(simd.RowBench(sz.n, sz.d, density, false, 5*sz.calls, batches))
				t.Logf("measure: Gaussian row n=%d d=%d density %.2f: Chromium columns %.1f µs with SIMD, %.1f without (%.2f×); rows %.1f with SIMD, %.1f without; native columns %.1f, rows %.1f; wasm/native (columns, SIMD) %.2f× (%s)",
					sz.n, sz.d, density, cols.SIMD, cols.Go, cols.Go/cols.SIMD, rows.SIMD, rows.Go, nat, natRows, cols.SIMD/nat, load())
			}
		}
	})
}

// pausedDefault is the default demo, paused: measurements in the page then
// share the thread with nothing but the idle frame loop.
func pausedDefault() state.Config {
	c := state.Default()
	c.Playing = false
	return c
}

// us is a duration in microseconds.
func us(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e3 }
