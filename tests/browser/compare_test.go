//go:build !js

package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"kernelplay/ui/state"
)

// surfacesDifferJS scales the plot's surface (#surface) and the second
// learner's (#surface2) to 64×64 and returns the fraction of pixels whose
// colours differ by more than 48 in some channel, and the number of
// distinct colours (4 bits per channel) of the second.
const surfacesDifferJS = `(() => {
  const one = id => { const c = document.createElement("canvas"); c.width = 64; c.height = 64;
    const x = c.getContext("2d"); x.drawImage(document.getElementById(id), 0, 0, 64, 64);
    return x.getImageData(0, 0, 64, 64).data; };
  const a = one("surface"), b = one("surface2");
  let diff = 0; const seen = new Set();
  for (let i = 0; i < a.length; i += 4) {
    if (Math.abs(a[i]-b[i]) > 48 || Math.abs(a[i+1]-b[i+1]) > 48 || Math.abs(a[i+2]-b[i+2]) > 48) diff++;
    seen.add(((b[i]>>4)<<8)|((b[i+1]>>4)<<4)|(b[i+2]>>4));
  }
  return {diff: diff / (a.length / 4), colours: seen.size};
})()`

// chartColoursJS counts the pixels of the charts canvas close to each
// learner's colour (Okabe–Ito blue and orange, render.ClassColors).
const chartColoursJS = `(() => {
  const c = document.getElementById("charts");
  const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
  const near = (i, r, g, b) => Math.abs(d[i]-r) + Math.abs(d[i+1]-g) + Math.abs(d[i+2]-b) < 60;
  let first = 0, second = 0;
  for (let i = 0; i < d.length; i += 4) {
    if (near(i, 0x00, 0x72, 0xb2)) first++;
    if (near(i, 0xe6, 0x9f, 0x00)) second++;
  }
  return [first, second];
})()`

type compareTrace struct {
	T        int       `json:"t"`
	Mistakes int       `json:"mistakes"`
	Eta      []float64 `json:"eta"`
	WinError []float64 `json:"winError"`
}

// TestBrowserCompare: SVMD against NORMA on the rotating stream, NORMA
// with its own σ and τ: both surfaces are drawn and differ, both
// learners' traces are on the chart (one colour each), a click on the
// plot reaches both learners, and the copied link opened in a new tab
// replays both traces bit for bit. Screenshots at 1280×800 and 1024×768.
func TestBrowserCompare(t *testing.T) {
	srv := pageServer(t)
	ctx := browser(t)
	defer chromedp.Do(ctx, chromedp.EmulateReset())

	c := state.Default()
	c.Preset, c.Compare = state.PresetRotating, state.LearnerNORMA
	c.Second = c.Settings()
	c.Second.Sigma, c.Second.Tau = 0.5, 50
	c.Playing, c.At = false, 600
	link := state.Encode(c)
	c.Playing, c.At = true, 0
	playing := state.Encode(c)
	if !strings.Contains(link, "2s=0.5") {
		t.Fatalf("link %s", link)
	}
	traces := func(ctx context.Context) (a, b string, err error) {
		if a, err = chromedp.Run(ctx, chromedp.Evaluate[string](`window.kernelplay.trace()`)); err != nil {
			return
		}
		b, err = chromedp.Run(ctx, chromedp.Evaluate[string](`window.kernelplay.trace2()`))
		return
	}
	for _, size := range [][2]int{{1280, 800}, {1024, 768}} {
		w, h := size[0], size[1]
		t.Run(fmt.Sprintf("%dx%d", w, h), func(t *testing.T) {
			within(t, ctx, 90*time.Second, func(ctx context.Context) error {
				if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(w), int64(h))); err != nil {
					return err
				}
				if err := open(ctx, srv.URL, link); err != nil {
					return err
				}
				if err := waitFor(ctx, `window.kernelplay.stats().t === 600 && !!document.getElementById("surface2")`, 20*time.Second); err != nil {
					return err
				}
				// The second surface is drawn in the next frames.
				var sd struct {
					Diff    float64 `json:"diff"`
					Colours int     `json:"colours"`
				}
				deadline := time.Now().Add(10 * time.Second)
				for {
					var err error
					if sd, err = chromedp.Run(ctx, chromedp.Evaluate[struct {
						Diff    float64 `json:"diff"`
						Colours int     `json:"colours"`
					}](surfacesDifferJS)); err != nil {
						return err
					}
					if sd.Colours >= 8 || time.Now().After(deadline) {
						break
					}
					time.Sleep(100 * time.Millisecond)
				}
				if sd.Colours < 8 {
					return fmt.Errorf("the second surface looks blank: %d colours", sd.Colours)
				}
				if sd.Diff < 0.05 {
					return fmt.Errorf("the two surfaces differ in %.1f%% of pixels only: is the second learner the first?", 100*sd.Diff)
				}
				t.Logf("surfaces differ in %.0f%% of pixels; the second has %d colours", 100*sd.Diff, sd.Colours)
				cols, err := chromedp.Run(ctx, chromedp.Evaluate[[2]int](chartColoursJS))
				if err != nil {
					return err
				}
				if cols[0] < 200 || cols[1] < 200 {
					return fmt.Errorf("the charts have %d pixels of the first learner's colour and %d of the second's: want both traces", cols[0], cols[1])
				}
				ta, tb, err := traces(ctx)
				if err != nil {
					return err
				}
				var a, b compareTrace
				if err := json.Unmarshal([]byte(ta), &a); err != nil {
					return err
				}
				if err := json.Unmarshal([]byte(tb), &b); err != nil {
					return fmt.Errorf("trace2 %q: %w", tb, err)
				}
				if a.T != 600 || b.T != 600 || len(a.WinError) == 0 || fmt.Sprint(a.Eta) == fmt.Sprint(b.Eta) {
					return fmt.Errorf("traces: t = %d and %d, %d windowed points, η equal: %v", a.T, b.T, len(a.WinError),
						fmt.Sprint(a.Eta) == fmt.Sprint(b.Eta))
				}
				// The screenshot while it plays (paused, the step inspector
				// scrolls the side column to itself).
				if err := open(ctx, srv.URL, playing); err != nil {
					return err
				}
				if err := waitFor(ctx, `window.kernelplay.stats().t >= 1500`, 30*time.Second); err != nil {
					return err
				}
				screenshot(t, ctx, fmt.Sprintf("compare2d-%dx%d.png", w, h))
				if w < 1180 { // the stacked layout: the second learner sits below the controls
					if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](
						`document.getElementById("second2d").scrollIntoView({block: "start"}), true`)); err != nil {
						return err
					}
					time.Sleep(300 * time.Millisecond)
					screenshot(t, ctx, fmt.Sprintf("compare2d-%dx%d-second.png", w, h))
				}
				return nil
			})
		})
	}
	t.Run("Digits", func(t *testing.T) {
		// Digits Compare: the second learner's own σ and τ in its column
		// group, its legend name from them, and the windowed error's slider.
		d := state.ComparePreset()
		d.Second.Sigma, d.Second.Tau = 4, 20
		within(t, ctx, 90*time.Second, func(ctx context.Context) error {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)); err != nil {
				return err
			}
			if err := chromedp.Do(ctx, chromedp.Navigate("about:blank"),
				chromedp.Navigate(srv.URL+"/#"+state.Encode(d))); err != nil {
				return err
			}
			if err := waitFor(ctx, `window.kernelplay.stats().t >= 300`, 60*time.Second); err != nil {
				return err
			}
			cfg, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]any](`window.kernelplay.config()`))
			if err != nil {
				return err
			}
			if cfg["Second.Sigma"] != "4" || cfg["Second.Tau"] != "20" || cfg["Sigma"] != "2" {
				return fmt.Errorf("config: σ %v, second σ %v, second τ %v", cfg["Sigma"], cfg["Second.Sigma"], cfg["Second.Tau"])
			}
			ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](
				`!!document.getElementById("f-2s") && !!document.getElementById("f-2tau") && !!document.getElementById("f-win")`))
			if err != nil {
				return err
			}
			if !ok {
				return fmt.Errorf("the digits column lacks the second learner's σ or τ, or the error window")
			}
			screenshot(t, ctx, "compare-digits-1280x800.png")
			return nil
		})
	})
	t.Run("SwitchFigure", func(t *testing.T) {
		// The conference paper's 0/1 → 2/3 switch: the windowed error
		// (dashed) jumps at the switch and SVMD's falls back; a screenshot
		// to look at.
		f, _ := state.FigurePreset(state.FigureSwitch)
		within(t, ctx, 90*time.Second, func(ctx context.Context) error {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)); err != nil {
				return err
			}
			if err := chromedp.Do(ctx, chromedp.Navigate("about:blank"),
				chromedp.Navigate(srv.URL+"/#"+state.Encode(f))); err != nil {
				return err
			}
			if err := waitFor(ctx, `window.kernelplay.stats().t >= 1000`, 60*time.Second); err != nil {
				return err
			}
			time.Sleep(300 * time.Millisecond)
			// The finished run pauses and the step inspector scrolls the
			// column to itself: bring the charts back into view.
			if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](
				`document.getElementById("digits-charts").scrollIntoView({block: "start"}), true`)); err != nil {
				return err
			}
			time.Sleep(300 * time.Millisecond)
			screenshot(t, ctx, "compare-switch-1280x800.png")
			return nil
		})
	})
	t.Run("LinkReplays", func(t *testing.T) {
		within(t, ctx, 90*time.Second, func(ctx context.Context) error {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)); err != nil {
				return err
			}
			if err := open(ctx, srv.URL, link); err != nil {
				return err
			}
			if err := waitFor(ctx, `window.kernelplay.stats().t === 600`, 20*time.Second); err != nil {
				return err
			}
			// A click on the plot (a point of the selected class), then ten steps.
			box, err := readPlotBox(ctx)
			if err != nil {
				return err
			}
			x, y := box.toPage(0.3, -0.4)
			if err := chromedp.Do(ctx, chromedp.MouseClickXY(x, y)); err != nil {
				return err
			}
			if err := waitFor(ctx, `window.kernelplay.config().Events === 1`, 10*time.Second); err != nil {
				return err
			}
			for range 10 { // ten steps with the Step button
				if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("step"))); err != nil {
					return err
				}
			}
			if err := waitFor(ctx, `window.kernelplay.stats().t === 610`, 10*time.Second); err != nil {
				return err
			}
			ta, tb, err := traces(ctx)
			if err != nil {
				return err
			}
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("copy-link"))); err != nil {
				return err
			}
			if err := waitFor(ctx, `window.kernelplay.lastCopied() !== ""`, 10*time.Second); err != nil {
				return err
			}
			copied, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.kernelplay.lastCopied()`))
			if err != nil {
				return err
			}
			_, hash, ok := strings.Cut(copied, "#")
			if !ok || !strings.Contains(hash, "at=610") || !strings.Contains(hash, "ev=") || !strings.Contains(hash, "2s=0.5") {
				return fmt.Errorf("the copied link %q lacks the step, the edit or the second σ", copied)
			}
			tab, cancel := chromedp.NewContext(ctx)
			defer cancel()
			if err := open(tab, srv.URL, hash); err != nil {
				return err
			}
			if err := waitFor(tab, `window.kernelplay.stats().t === 610`, 20*time.Second); err != nil {
				return err
			}
			na, nb, err := traces(tab)
			if err != nil {
				return err
			}
			if na != ta || nb != tb {
				return fmt.Errorf("the link in a new tab replays other traces (first learner equal: %v, second: %v)", na == ta, nb == tb)
			}
			return nil
		})
	})
}
