//go:build !js

package browser

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// surfaceDataJS is the surface canvas's pixels (the grid-sized image of the
// decision surface) as a string: equal strings are the same picture.
const surfaceDataJS = `(() => {
  const s = document.getElementById("surface");
  if (!s || s.width === 0) return "";
  const c = document.createElement("canvas"); c.width = s.width; c.height = s.height;
  const x = c.getContext("2d"); x.drawImage(s, 0, 0);
  const d = x.getImageData(0, 0, c.width, c.height).data;
  let h = 0x811c9dc5, n = 0;
  for (let i = 0; i < d.length; i++) { h = Math.imul(h ^ d[i], 0x01000193) >>> 0; if (d[i] !== 255) n++; }
  return c.width + "x" + c.height + ":" + h.toString(16) + ":" + n;
})()`

// scoresGridJS is the model's scores on a 9×9 grid of the plot, exactly
// (JSON keeps every bit of a float64).
const scoresGridJS = `(() => {
  const out = [];
  for (let i = 0; i < 9; i++) for (let j = 0; j < 9; j++) out.push(window.kernelplay.scores(i/4 - 1, j/4 - 1));
  return JSON.stringify(out);
})()`

// runState is what must be identical between a run and its link: the
// trace (t and every chart series), the model's scores and the drawn
// surface.
type runState struct {
	T                      int
	Trace, Scores, Surface string
}

func readRun(ctx context.Context) (runState, error) {
	var r runState
	st, err := readStats(ctx)
	if err != nil {
		return r, err
	}
	r.T = st.T
	// The surface of the run as it is now (the page redraws after a change
	// within a frame or two).
	time.Sleep(300 * time.Millisecond)
	for _, q := range []struct {
		dst  *string
		expr string
	}{{&r.Trace, `window.kernelplay.trace()`}, {&r.Scores, scoresGridJS}, {&r.Surface, surfaceDataJS}} {
		if *q.dst, err = chromedp.Run(ctx, chromedp.Evaluate[string](q.expr)); err != nil {
			return r, err
		}
	}
	if r.Surface == "" {
		return r, fmt.Errorf("no surface drawn")
	}
	return r, nil
}

func (a runState) diff(b runState) error {
	switch {
	case a.T != b.T:
		return fmt.Errorf("t = %d, want %d", b.T, a.T)
	case a.Trace != b.Trace:
		return fmt.Errorf("the traces differ:\n want %.300s\n  got %.300s", a.Trace, b.Trace)
	case a.Scores != b.Scores:
		return fmt.Errorf("the model's scores differ")
	case a.Surface != b.Surface:
		return fmt.Errorf("the drawn surfaces differ: %s vs %s", a.Surface, b.Surface)
	}
	return nil
}

// clickPlot clicks the plot at (x, y) ∈ [−1, 1]² (shift: the other class).
func clickPlot(ctx context.Context, x, y float64, other bool) error {
	box, err := readPlotBox(ctx)
	if err != nil {
		return err
	}
	px, py := box.toPage(x, y)
	var opt []chromedp.MouseOption
	if other {
		opt = append(opt, chromedp.ButtonModifiers(chromedp.ModifierShift))
	}
	return chromedp.Do(ctx, chromedp.MouseClickXY(px, py, opt...))
}

// stepN clicks Step with shift n times (ten examples each).
func stepN(ctx context.Context, n int) error {
	_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](shiftStepJS(n)))
	return err
}

// TestBrowserTimeline is issue 9's acceptance in the browser: three points
// clicked into the running default demo, σ changed at step t, more steps,
// the link copied and opened in a new tab: the identical trace, model and
// surface. Undo and t= (the link's at=) are tested the same way.
func TestBrowserTimeline(t *testing.T) {
	srv := pageServer(t)
	ctx := browser(t)

	var link string
	var want runState
	t.Run("EditsWhileRunning", func(t *testing.T) {
		within(t, ctx, 90*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, ""); err != nil {
				return err
			}
			// The demo runs; three clicks join it without restarting it.
			if err := waitFor(ctx, `window.kernelplay.stats().t > 100`, 10*time.Second); err != nil {
				return err
			}
			for i, p := range [][2]float64{{0.55, 0.5}, {-0.5, 0.3}, {0.1, -0.8}} {
				before, err := readStats(ctx)
				if err != nil {
					return err
				}
				if err := clickPlot(ctx, p[0], p[1], i == 1); err != nil {
					return err
				}
				after, err := readStats(ctx)
				if err != nil {
					return err
				}
				if after.T < before.T {
					return fmt.Errorf("click %d restarted the run: t %d → %d", i+1, before.T, after.T)
				}
				time.Sleep(200 * time.Millisecond)
			}
			// Pause, then σ ≈ 0.3 at the current step t: the σ slider
			// (log scale, 0.01–10) dragged through positions 480…492.
			if err := chromedp.Do(ctx, chromedp.KeyEvent(" ")); err != nil {
				return err
			}
			if err := waitFor(ctx, `!window.kernelplay.stats().playing`, 5*time.Second); err != nil {
				return err
			}
			st, err := readStats(ctx)
			if err != nil {
				return err
			}
			if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => {
  const el = document.getElementById("f-s");
  for (let p = 480; p <= 492; p += 4) { el.value = String(p); el.dispatchEvent(new Event("input", {bubbles: true})); }
  el.dispatchEvent(new Event("change", {bubbles: true}));
  return true })()`)); err != nil {
				return err
			}
			c, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]any](`window.kernelplay.config()`))
			if err != nil {
				return err
			}
			after, err := readStats(ctx)
			if err != nil {
				return err
			}
			// One edit for the drag: the values met at the same step replace
			// each other.
			if after.T != st.T || c["Sigma"] != "0.299" || c["Events"] != float64(4) || len(c["Points"].([]any)) != 3 {
				return fmt.Errorf("σ at step %d: t = %d, σ = %v, %v edits, %d points (want the run to go on with 3 clicks and σ = 0.299)",
					st.T, after.T, c["Sigma"], c["Events"], len(c["Points"].([]any)))
			}
			// Step on, then copy the link.
			if err := stepN(ctx, 20); err != nil {
				return err
			}
			for range 3 {
				if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)); err != nil {
					return err
				}
			}
			if want, err = readRun(ctx); err != nil {
				return err
			}
			if want.T != st.T+203 {
				return fmt.Errorf("after 20 shift-steps and 3 → t = %d, want %d", want.T, st.T+203)
			}
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("copy-link"))); err != nil {
				return err
			}
			link, err = chromedp.Run(ctx, chromedp.Poll[string](`window.kernelplay.lastCopied()`, chromedp.WithPollingTimeout(5*time.Second)))
			if err != nil {
				return err
			}
			t.Logf("σ changed at t = %d; link of %d characters at t = %d", st.T, len(link), want.T)
			return nil
		})
	})

	t.Run("LinkInNewTab", func(t *testing.T) {
		if link == "" {
			t.Fatal("no link: EditsWhileRunning failed")
		}
		tab, cancel := chromedp.NewContext(ctx)
		defer cancel()
		within(t, tab, 60*time.Second, func(ctx context.Context) error {
			if err := chromedp.Do(ctx, chromedp.Navigate(link)); err != nil {
				return err
			}
			if err := waitFor(ctx, `window.kernelplay !== undefined && window.kernelplay.stats().frames > 0`, 20*time.Second); err != nil {
				return err
			}
			st, err := readStats(ctx)
			if err != nil {
				return err
			}
			if st.Playing || st.Message != "" {
				return fmt.Errorf("the link opened playing=%v, message %q; want paused at its step", st.Playing, st.Message)
			}
			got, err := readRun(ctx)
			if err != nil {
				return err
			}
			if err := want.diff(got); err != nil {
				return fmt.Errorf("the link in a new tab: %w", err)
			}
			t.Logf("identical run at t = %d: trace %d bytes, surface %s", got.T, len(got.Trace), got.Surface)
			return nil
		})
	})

	t.Run("UndoAndAt", func(t *testing.T) {
		if link == "" {
			t.Fatal("no link: EditsWhileRunning failed")
		}
		within(t, ctx, 90*time.Second, func(ctx context.Context) error {
			// In the first tab: Ctrl+Z removes the σ change and replays the
			// run to the same step.
			if err := chromedp.Do(ctx, chromedp.KeyEvent("z", chromedp.KeyModifiers(2))); err != nil { // 2: Ctrl
				return err
			}
			// Undo replays the run to its step; a long replay goes on over
			// frames (a slow machine), so wait until it is back there.
			replayed := fmt.Sprintf(`window.kernelplay.stats().t === %d`, want.T)
			if err := waitFor(ctx, replayed, 30*time.Second); err != nil {
				return fmt.Errorf("Ctrl+Z did not replay to t = %d: %w", want.T, err)
			}
			c, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]any](`window.kernelplay.config()`))
			if err != nil {
				return err
			}
			undone, err := readRun(ctx)
			if err != nil {
				return err
			}
			if c["Events"] != float64(3) || c["Sigma"] != "0.15" || undone.T != want.T {
				return fmt.Errorf("Ctrl+Z: %v edits, σ = %v, t = %d (want 3 edits, σ = 0.15, t = %d)", c["Events"], c["Sigma"], undone.T, want.T)
			}
			if undone.diff(want) == nil {
				return fmt.Errorf("Undo left the run unchanged")
			}
			// The Undo button removes the third click.
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("undo"))); err != nil {
				return err
			}
			if err := waitFor(ctx, replayed, 30*time.Second); err != nil {
				return fmt.Errorf("the Undo button did not replay to t = %d: %w", want.T, err)
			}
			twoClicks, err := readRun(ctx)
			if err != nil {
				return err
			}
			if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`window.kernelplay.config().Points.length`)); n != 2 || twoClicks.T != want.T {
				return fmt.Errorf("Undo button: %d points at t = %d", n, twoClicks.T)
			}
			// That run's link, opened afresh, equals it.
			l2, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.kernelplay.link()`))
			if err != nil {
				return err
			}
			if err := chromedp.Do(ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(l2)); err != nil {
				return err
			}
			if err := waitFor(ctx, `window.kernelplay.stats().frames > 0`, 20*time.Second); err != nil {
				return err
			}
			got, err := readRun(ctx)
			if err != nil {
				return err
			}
			if err := twoClicks.diff(got); err != nil {
				return fmt.Errorf("the link after Undo: %w", err)
			}
			// at= a smaller step opens paused there, and stepping on to the
			// link's step gives the same run.
			_, tail, _ := strings.Cut(link, "#")
			early := want.T - 100
			hash := strings.Replace(tail, fmt.Sprintf("&at=%d", want.T), fmt.Sprintf("&at=%d", early), 1)
			if hash == tail {
				return fmt.Errorf("the link %s has no at=%d", link, want.T)
			}
			if err := open(ctx, srv.URL, hash); err != nil {
				return err
			}
			st, err := readStats(ctx)
			if err != nil || st.T != early || st.Playing {
				return fmt.Errorf("at=%d opened at t = %d playing %v (%v)", early, st.T, st.Playing, err)
			}
			if err := stepN(ctx, 10); err != nil {
				return err
			}
			got, err = readRun(ctx)
			if err != nil {
				return err
			}
			if err := want.diff(got); err != nil {
				return fmt.Errorf("at=%d and 100 steps: %w", early, err)
			}
			return nil
		})
	})
}

// TestBrowserFixes: the page-logic fixes of issue 9, each failing on the
// page before ui/app.
func TestBrowserFixes(t *testing.T) {
	srv := pageServer(t)
	ctx := browser(t)

	// loadHash opens the page at hash and waits for the hook (not for a
	// surface: the digits view and the RES-vs-SGD preset have none).
	loadHash := func(ctx context.Context, hash string) error {
		if err := chromedp.Do(ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(srv.URL+"/#"+hash)); err != nil {
			return err
		}
		return waitFor(ctx, `window.kernelplay !== undefined && window.kernelplay.stats().frames >= 0`, 20*time.Second)
	}

	t.Run("RESvsSGDLink", func(t *testing.T) {
		// Before: "first frame: learn: RES.Scores: len(x) = 2, want 4".
		within(t, ctx, 60*time.Second, func(ctx context.Context) error {
			if err := loadHash(ctx, "v1&p=res-vs-sgd&l=res"); err != nil {
				return err
			}
			if err := waitFor(ctx, `window.kernelplay.stats().t > 100`, 10*time.Second); err != nil {
				st, _ := readStats(ctx)
				return fmt.Errorf("the preset does not run: t = %d, message %q", st.T, st.Message)
			}
			if st, err := readStats(ctx); err != nil || st.Message != "" {
				return fmt.Errorf("message %q (%v)", st.Message, err)
			}
			return nil
		})
	})

	t.Run("RefusedLearnerMenu", func(t *testing.T) {
		// Before: after multiclass, choosing Pegasos was refused but the
		// menu showed Pegasos beside SVMD's controls.
		within(t, ctx, 60*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, ""); err != nil {
				return err
			}
			if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => {
  const el = document.getElementById("task-select");
  el.value = "multiclass"; el.dispatchEvent(new Event("change", {bubbles: true}));
  return true;
})()`)); err != nil {
				return err
			}
			if err := waitFor(ctx, `window.kernelplay.config().Task === "multiclass"`, 5*time.Second); err != nil {
				return err
			}
			out, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(() => {
  const el = document.getElementById("learner-select");
  const opt = [...el.options].find(o => o.value === "pegasos");
  el.value = "pegasos"; el.dispatchEvent(new Event("change", {bubbles: true}));
  return [el.value, window.kernelplay.config().Learner, String(opt.disabled), opt.title];
})()`))
			if err != nil {
				return err
			}
			if out[0] != out[1] || out[2] != "true" || out[3] == "" {
				return fmt.Errorf("menu shows %q, running %q; Pegasos disabled %s (%q)", out[0], out[1], out[2], out[3])
			}
			return nil
		})
	})

	t.Run("DigitsHandWrittenLink", func(t *testing.T) {
		// Before: σ = 0.15 of the 2D plot, 89% error.
		within(t, ctx, 60*time.Second, func(ctx context.Context) error {
			for hash, sigma := range map[string]string{"v1&mode=digits": "2", "v1&mode=digits&ds=mnist": "7"} {
				if err := loadHash(ctx, hash); err != nil {
					return err
				}
				got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.kernelplay.config().Sigma`))
				if err != nil || got != sigma {
					return fmt.Errorf("%s: σ = %s (%v), want %s", hash, got, err, sigma)
				}
			}
			return nil
		})
	})

	t.Run("StatsInDigits", func(t *testing.T) {
		// Before: stats() reported the idle 2D run (t = 0) in the digits view.
		within(t, ctx, 60*time.Second, func(ctx context.Context) error {
			if err := loadHash(ctx, "v1&mode=digits"); err != nil {
				return err
			}
			if err := waitFor(ctx, `window.kernelplay.stats().t > 20 && window.kernelplay.stats().terms > 0`, 20*time.Second); err != nil {
				st, _ := readStats(ctx)
				return fmt.Errorf("stats in digits: t = %d, terms %d: %w", st.T, st.Terms, err)
			}
			return nil
		})
	})

	t.Run("BrokenLinkKept", func(t *testing.T) {
		// Before: the address bar got the default demo's link (the typo
		// was lost), and w=1e9 was "not a whole number".
		within(t, ctx, 60*time.Second, func(ctx context.Context) error {
			for hash, says := range map[string]string{"v1&s=abc": `"abc" is not a number`, "v1&w=1e9": "too large: want 1 to 4096"} {
				if err := open(ctx, srv.URL, hash); err != nil {
					return err
				}
				time.Sleep(300 * time.Millisecond) // a few frames: the address bar is written on changes
				h, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.hash`))
				if err != nil {
					return err
				}
				st, err := readStats(ctx)
				if err != nil {
					return err
				}
				if h != "#"+hash || !strings.Contains(st.Message, says) {
					return fmt.Errorf("%s: address bar %q, message %q (want it kept, and %q)", hash, h, st.Message, says)
				}
			}
			return nil
		})
	})
}
