//go:build !js

package browser

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"kernelplay/ui/state"
)

// TestBrowserRobust checks that nothing ends the page without a way out: a
// panic in a component's Render, in the frame loop or in an event handler
// (injected with the test-only hook window.kernelplay.debugPanic,
// ui/debug.go) shows the stopped view with Start over and Copy error report,
// and Start over opens the default demo, not the link that failed; a
// program that runs out of memory gets boot.js's view with the same
// buttons. Then the frame's time budget: a link that asks for far more
// learning than a frame holds, a surface too costly for the frame, and a
// link that opens at a far step (replayed over frames) run without most
// frames being long tasks.
func TestBrowserRobust(t *testing.T) {
	srv := pageServer(t)
	ctx := browser(t)

	// A link that is not the default demo: another seed.
	linked := state.Default()
	linked.Seed = 4242
	link := state.Encode(linked)
	defaultSeed := fmt.Sprint(state.Default().Seed)

	t.Run("PanicInRender", func(t *testing.T) {
		within(t, ctx, 90*time.Second, func(ctx context.Context) error {
			rep, err := injectPanic(ctx, srv.URL, link, "Page.Render", "", "panic")
			if err != nil {
				return err
			}
			for _, want := range []string{"where: Page.Render\n", "panic: kernelplay.debugPanic: a panic injected into Page.Render\n",
				"link: " + srv.URL + "/#" + link + "\n", "build: go", "browser: Mozilla", "\n  kernelplay/ui.(*Page).Render+0x"} {
				if !strings.Contains(rep, want) {
					return fmt.Errorf("the error report lacks %q:\n%s", want, rep)
				}
			}
			if strings.Contains(rep, "crashSink") || strings.Contains(rep, "debug.Stack") {
				return fmt.Errorf("the report's stack holds the recovering code:\n%s", rep)
			}
			// The served main.wasm has no line tables: make where finds the
			// frames' files and lines from this checkout's build that keeps them.
			if err := reportLines(t, rep, "kernelplay/ui.(*Page).Render+0x", "  kernelplay/ui/page.go:"); err != nil {
				return err
			}
			// The page stopped: no more frames, no more learning.
			st0, err := readStats(ctx)
			if err != nil {
				return err
			}
			time.Sleep(500 * time.Millisecond)
			st1, err := readStats(ctx)
			if err != nil {
				return err
			}
			if st1.T != st0.T || st1.Frames != st0.Frames {
				return fmt.Errorf("the page goes on after the panic: t %d → %d, frames %d → %d", st0.T, st1.T, st0.Frames, st1.Frames)
			}
			screenshot(t, ctx, "stopped-panic.png")
			if err := copyReport(ctx, rep); err != nil {
				return err
			}
			return startOver(ctx, defaultSeed)
		})
	})

	// The other entries: the frame loop and an event handler (the Step
	// button's click).
	for _, c := range []struct{ name, where, trigger, frame string }{
		{"PanicInFrame", "frame", "", "kernelplay/ui.(*Playground).frame+0x"},
		{"PanicInEventHandler", "event handler", "step", "kernelplay/ui.handle.func1+0x"},
	} {
		t.Run(c.name, func(t *testing.T) {
			within(t, ctx, 60*time.Second, func(ctx context.Context) error {
				rep, err := injectPanic(ctx, srv.URL, link, c.where, c.trigger, "panic")
				if err != nil {
					return err
				}
				if !strings.Contains(rep, "where: "+c.where+"\n") || !strings.Contains(rep, "\n  "+c.frame) {
					return fmt.Errorf("the report does not say where (%s, %s):\n%s", c.where, c.frame, rep)
				}
				return startOver(ctx, defaultSeed)
			})
		})
	}

	t.Run("OutOfMemory", func(t *testing.T) {
		within(t, ctx, 150*time.Second, func(ctx context.Context) error {
			rep, err := injectPanic(ctx, srv.URL, link, "memory", "", "exit")
			if err != nil {
				return err
			}
			for _, want := range []string{"where: the Go runtime ended (it ran out of memory)", "link: " + srv.URL + "/#" + link + "\n",
				"build: go", "last output:\n", "out of memory"} {
				if !strings.Contains(rep, want) {
					return fmt.Errorf("the error report lacks %q:\n%.3000s", want, rep)
				}
			}
			screenshot(t, ctx, "stopped-exit.png")
			return startOver(ctx, defaultSeed)
		})
	})

	t.Run("FrameBudget", func(t *testing.T) {
		// The link of issue 14: about 164 ms of learning a frame if every
		// asked step ran.
		heavy := strings.NewReplacer("k=gaussian", "k=polynomial", "w=512", "w=4096", "spf=20", "spf=1000").
			Replace(state.Encode(state.Default()))
		if !strings.Contains(heavy, "k=polynomial") || !strings.Contains(heavy, "w=4096") || !strings.Contains(heavy, "spf=1000") {
			t.Fatalf("the heavy link was not made: %s", heavy)
		}
		within(t, ctx, 120*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, heavy); err != nil {
				return err
			}
			// Past the boot, with the buffer of 4096 terms full (the
			// costliest steps), count the long tasks over 120 frames.
			if err := waitFor(ctx, `window.kernelplay.stats().terms >= 4096`, 90*time.Second); err != nil {
				return err
			}
			if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => {
				window.kpLong = []; window.kpFrames0 = window.kernelplay.stats().frames;
				new PerformanceObserver(l => { for (const e of l.getEntries()) window.kpLong.push(e.duration); }).observe({type: "longtask"});
				return true; })()`)); err != nil {
				return err
			}
			if err := waitFor(ctx, `window.kernelplay.stats().frames >= window.kpFrames0 + 120`, 60*time.Second); err != nil {
				return err
			}
			long, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`window.kpLong`))
			if err != nil {
				return err
			}
			st, err := readStats(ctx)
			if err != nil {
				return err
			}
			asked, err := chromedp.Run(ctx, chromedp.Evaluate[budgetStats](`window.kernelplay.stats()`))
			if err != nil {
				return err
			}
			t.Logf("measure: heavy link, 120 frames with a full buffer: %d long tasks %v; %d of %d steps per tick; "+
				"grid %d of %d; step %.1f ms, draw %.1f ms a frame, %.0f frames/s",
				len(long), long, asked.Ran, asked.Asked, asked.Grid, st.Grid, st.StepMS, st.DrawMS, st.FPS)
			// Long tasks may come from the machine (2 shared cores: 27 of
			// 120 frames under a load average of 13), never most frames;
			// before the budget every frame was one (91–976 ms).
			if len(long) > 60 {
				return fmt.Errorf("%d long tasks (> 50 ms) in 120 frames: the frame is not within its budget", len(long))
			}
			if asked.Asked != 1000 || asked.Ran <= 0 || asked.Ran >= 1000 {
				return fmt.Errorf("stepsAsked %d, stepsRan %d: want the 1000 asked cut by the budget", asked.Asked, asked.Ran)
			}
			// The read-out says so.
			txt, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector(".stats").textContent`))
			if err != nil {
				return err
			}
			if !strings.Contains(txt, "steps/frame") || !strings.Contains(txt, " of 1000") {
				return fmt.Errorf("the read-outs do not say the steps per frame were cut: %q", txt)
			}
			return nil
		})
	})

	t.Run("SurfaceGridBudget", func(t *testing.T) {
		// A Laplacian surface at grid 400 (about 66 ms natively) is drawn
		// coarser while the run plays, and at 400 once paused.
		fine := strings.NewReplacer("k=gaussian", "k=laplacian", "g=200", "g=400").Replace(state.Encode(state.Default()))
		if !strings.Contains(fine, "k=laplacian") || !strings.Contains(fine, "g=400") {
			t.Fatalf("the link was not made: %s", fine)
		}
		within(t, ctx, 90*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, fine); err != nil {
				return err
			}
			if err := waitFor(ctx, `window.kernelplay.stats().terms >= 512 && window.kernelplay.stats().surfaceGrid < 400`, 60*time.Second); err != nil {
				st, _ := chromedp.Run(ctx, chromedp.Evaluate[budgetStats](`window.kernelplay.stats()`))
				return fmt.Errorf("the grid stays at %d while playing: %w", st.Grid, err)
			}
			playing, err := chromedp.Run(ctx, chromedp.Evaluate[budgetStats](`window.kernelplay.stats()`))
			if err != nil {
				return err
			}
			if err := waitFor(ctx, `document.querySelector(".stats").textContent.includes(" of 400")`, 5*time.Second); err != nil {
				return fmt.Errorf("the read-outs do not say the grid was lowered: %w", err)
			}
			if err := chromedp.Do(ctx, chromedp.KeyEvent(" ")); err != nil {
				return err
			}
			if err := waitFor(ctx, `!window.kernelplay.stats().playing && window.kernelplay.stats().surfaceGrid === 400`, 10*time.Second); err != nil {
				return fmt.Errorf("paused, the surface is not drawn at the grid asked for: %w", err)
			}
			t.Logf("measure: laplacian at grid 400: drawn at grid %d while playing, 400 paused", playing.Grid)
			return nil
		})
	})

	t.Run("LongReplay", func(t *testing.T) {
		// A link that opens at step 150,000 replays over frames with a
		// progress note, without long tasks, and ends paused there; a Step
		// pressed during the replay waits for it (the banner says so)
		// instead of finishing it at once, and is the step after.
		const at = 150000
		c := state.Default()
		c.At = at
		c.Playing = false
		long := state.Encode(c)
		within(t, ctx, 120*time.Second, func(ctx context.Context) error {
			if err := chromedp.Do(ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(srv.URL+"/#"+long)); err != nil {
				return err
			}
			if err := waitFor(ctx, `window.kernelplay.stats().message.startsWith("Replaying the run to step 150000")`, 20*time.Second); err != nil {
				return fmt.Errorf("no progress note: %w", err)
			}
			if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => {
				window.kpLong = []; window.kpT0 = window.kernelplay.stats().t; window.kpRAF = 0;
				const count = () => { if (window.kernelplay.stats().t < 150000) { window.kpRAF++; requestAnimationFrame(count); } };
				requestAnimationFrame(count);
				new PerformanceObserver(l => { for (const e of l.getEntries()) window.kpLong.push(e.duration); }).observe({type: "longtask"});
				return true; })()`)); err != nil {
				return err
			}
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("step"))); err != nil {
				return err
			}
			if err := waitFor(ctx, `window.kernelplay.stats().t < 150000 && window.kernelplay.stats().message.includes("Your change applies when it gets there")`, 5*time.Second); err != nil {
				return fmt.Errorf("Step during the replay: %w", err)
			}
			if err := waitFor(ctx, `window.kernelplay.stats().t === 150001 && window.kernelplay.stats().frames > 0`, 90*time.Second); err != nil {
				return err
			}
			st, err := readStats(ctx)
			if err != nil {
				return err
			}
			lt, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`window.kpLong`))
			if err != nil {
				return err
			}
			t0, err := chromedp.Run(ctx, chromedp.Evaluate[int](`window.kpT0`))
			if err != nil {
				return err
			}
			frames, err := chromedp.Run(ctx, chromedp.Evaluate[int](`window.kpRAF`))
			if err != nil {
				return err
			}
			t.Logf("measure: at=%d replayed over %d frames from t = %d: %d long tasks %v", at, frames, t0, len(lt), lt)
			if st.Playing || st.Message != "" {
				return fmt.Errorf("after the replay: playing %v, message %q; want paused, no message", st.Playing, st.Message)
			}
			if t0 > at/2 {
				return fmt.Errorf("the replay was at t = %d of %d when its note was seen: not over frames", t0, at)
			}
			// A long task now and then (the collector, the machine's other
			// work, the first full picture at the end), never most frames.
			if frames < 10 || len(lt) > frames/2 {
				return fmt.Errorf("%d long tasks (> 50 ms) in the %d frames of the replay", len(lt), frames)
			}
			return nil
		})
	})
}

// budgetStats are the frame budget's figures of kernelplay.stats().
type budgetStats struct {
	Asked int `json:"stepsAsked"`
	Ran   int `json:"stepsRan"`
	Grid  int `json:"surfaceGrid"`
}

// injectPanic opens the page at base with link, injects a failure at where
// through the test hook kernelplay.debugPanic, clicks the button of id
// trigger (if any) to reach it, waits for the stopped view of that kind
// (see stoppedView) and returns the error report the view offers.
func injectPanic(ctx context.Context, base, link, where, trigger, kind string) (string, error) {
	if err := open(ctx, base, link); err != nil {
		return "", err
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.kernelplay.debugPanic(`+strconv.Quote(where)+`)`)); err != nil {
		return "", err
	}
	if trigger != "" {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID(trigger))); err != nil {
			return "", err
		}
	}
	if err := stoppedView(ctx, kind); err != nil {
		return "", err
	}
	return chromedp.Run(ctx, chromedp.Evaluate[string](`window.kpBoot.report`))
}

// stoppedView waits for the stopped view of the kind ("panic": the Go
// program caught it; "exit": the runtime ended) with its two buttons.
func stoppedView(ctx context.Context, kind string) error {
	if err := waitFor(ctx, `(() => { const d = document.getElementById("stopped");
		return !!d && d.dataset.kind === "`+kind+`" && !!document.getElementById("start-over") &&
			!!document.getElementById("copy-report") && d.getBoundingClientRect().height > 0; })()`, 90*time.Second); err != nil {
		return fmt.Errorf("no stopped view (%s) with Start over and Copy error report: %w", kind, err)
	}
	return nil
}

// copyReport clicks Copy error report: the report is copied (the button
// says so) or, without a clipboard, shown in a text area to copy by hand.
func copyReport(ctx context.Context, rep string) error {
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("copy-report"))); err != nil {
		return err
	}
	return waitFor(ctx, `(() => { const b = document.getElementById("copy-report");
		const ta = document.querySelector("#stopped textarea");
		return b.textContent === "Report copied" || (!!ta && ta.value === window.kpBoot.report); })()`, 5*time.Second)
}

// startOver clicks Start over and checks that the default demo (its seed,
// not the failing link's) runs without the stopped view.
func startOver(ctx context.Context, defaultSeed string) error {
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("start-over"))); err != nil {
		return err
	}
	if err := waitFor(ctx, `!document.getElementById("stopped") && window.kernelplay.stats().t > 50`, 30*time.Second); err != nil {
		return fmt.Errorf("Start over did not bring a running page: %w", err)
	}
	seed, err := chromedp.Run(ctx, chromedp.Evaluate[string](`String(window.kernelplay.config().Seed)`))
	if err != nil {
		return err
	}
	if seed != defaultSeed {
		return fmt.Errorf("Start over opened seed %s, want the default demo's %s (not the failing link's)", seed, defaultSeed)
	}
	return nil
}

// reportLines saves an error report rep in a file, runs make where on it
// and checks that the frame starting with frame is mapped to a position
// starting with at (a file of this checkout and a line).
func reportLines(t *testing.T, rep, frame, at string) error {
	f := filepath.Join(t.TempDir(), "report.txt")
	if err := os.WriteFile(f, []byte(rep), 0o644); err != nil {
		return err
	}
	out, err := sizeMake("where", "REPORT="+f)
	if err != nil {
		return fmt.Errorf("make where REPORT=%s: %v\n%s", f, err, out)
	}
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, frame) {
			if name, pos, _ := strings.Cut(l, "  "); !strings.HasPrefix("  "+pos, at) || !strings.Contains(rep, "\n  "+name+"\n") {
				return fmt.Errorf("make where: %q, want the report's frame at %s…:\n%s", l, at, out)
			}
			t.Logf("make where:\n%s", out)
			return nil
		}
	}
	return fmt.Errorf("make where gave no line for %s…:\n%s\nreport:\n%s", frame, out, rep)
}
