//go:build !js

package browser

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The charts in the page (render's display lists, painted by ui/paint.go),
// driven in headless Chromium at 1280×800 with the helpers of
// browser_test.go: the 2D page's stack at t = 3 and after a long run, the
// RES-vs-SGD objective and the digits comparison. Each check reads the
// chart's text back through window.kernelplay.chartTexts, measures every
// text with the browser's own fonts and asserts that the layout's width
// estimate is never narrower than the real text and that no two texts
// overlap at their real widths. Screenshots go to testdata/screenshots/.

// chartCheckJS measures the texts of chart %q; it returns {n, narrow: the
// texts wider than estimated, overlaps: pairs that overlap, labels: the
// texts}.
const chartCheckJS = `(() => {
  const d = window.kernelplay.chartTexts(%q);
  if (!d || !d.texts) return {n: 0, narrow: [], overlaps: [], labels: []};
  const m = document.createElement("canvas").getContext("2d");
  const boxes = d.texts.map(o => {
    m.font = o.font;
    const w = m.measureText(o.text).width;
    let x = o.x;
    if (o.align === "center") x -= w / 2; else if (o.align === "right") x -= w;
    let b = {x: x, y: o.y - 0.8 * o.size, w: w, h: 1.05 * o.size};
    if (o.vertical) b = {x: o.x + (b.y - o.y), y: o.y - (b.x + b.w - o.x), w: b.h, h: b.w};
    return {o: o, w: w, b: b};
  });
  const narrow = boxes.filter(t => t.w > t.o.est + 0.01).map(t => t.o.text + " " + t.w.toFixed(1) + " > " + t.o.est.toFixed(1));
  const overlaps = [];
  for (let i = 0; i < boxes.length; i++) for (let j = 0; j < i; j++) {
    const a = boxes[i].b, b = boxes[j].b;
    if (a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h)
      overlaps.push(boxes[i].o.text + " / " + boxes[j].o.text);
  }
  const ymax = Math.max(...d.texts.filter(o => o.align === "center").map(o => o.y));
  const xlabels = d.texts.filter(o => o.align === "center" && o.y === ymax).map(o => o.text);
  return {n: boxes.length, narrow: narrow, overlaps: overlaps, labels: d.texts.map(o => o.text), xlabels: xlabels};
})()`

type chartCheck struct {
	N        int      `json:"n"`
	Narrow   []string `json:"narrow"`
	Overlaps []string `json:"overlaps"`
	Labels   []string `json:"labels"`
	XLabels  []string `json:"xlabels"` // the centred texts lowest on the canvas: the x tick labels
}

// checkChart runs chartCheckJS on chart which and reports an error when
// it has fewer than minTexts texts, a text wider than estimated or two
// overlapping texts.
func checkChart(ctx context.Context, which string, minTexts int) (chartCheck, error) {
	c, err := chromedp.Run(ctx, chromedp.Evaluate[chartCheck](fmt.Sprintf(chartCheckJS, which)))
	if err != nil {
		return c, err
	}
	switch {
	case c.N < minTexts:
		return c, fmt.Errorf("chart %s has %d texts, want ≥ %d: %q", which, c.N, minTexts, c.Labels)
	case len(c.Narrow) > 0:
		return c, fmt.Errorf("chart %s: texts wider than the layout's estimate: %q", which, c.Narrow)
	case len(c.Overlaps) > 0:
		return c, fmt.Errorf("chart %s: overlapping texts: %q (all: %q)", which, c.Overlaps, c.Labels)
	}
	return c, nil
}

// shotElement saves a screenshot of the element with id as name.
func shotElement(t *testing.T, ctx context.Context, id, name string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.ScreenshotScale("#"+id, 1))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join("testdata", "screenshots", name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s (%d bytes)", p, len(png))
}

func TestBrowserCharts(t *testing.T) {
	srv := pageServer(t)
	ctx := browser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)); err != nil {
		t.Fatal(err)
	}

	t.Run("EarlySteps", func(t *testing.T) {
		// Paused, three → keys: t = 3. The time axis reads whole steps and
		// "t" stands clear of them (it read "t0.0 0.2 …", "t" over "0.0").
		within(t, ctx, 60*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, "v1&play=0"); err != nil {
				return err
			}
			for range 3 {
				if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)); err != nil {
					return err
				}
			}
			if err := waitFor(ctx, `window.kernelplay.stats().t === 3`, 10*time.Second); err != nil {
				return err
			}
			// The charts redraw with the next frame.
			if err := waitFor(ctx, `(window.kernelplay.chartTexts("charts") || {texts: []}).texts.some(o => o.text === "3")`, 10*time.Second); err != nil {
				return err
			}
			c, err := checkChart(ctx, "charts", 10)
			if err != nil {
				return err
			}
			if fmt.Sprint(c.XLabels) != "[1 2 3]" {
				return fmt.Errorf("at t = 3 the time axis reads %q, want 1 2 3", c.XLabels)
			}
			shotElement(t, ctx, "charts", "charts-t3.png")
			return nil
		})
	})

	t.Run("LongRun", func(t *testing.T) {
		// A thousand steps a frame with a small buffer: t passes 10⁵.
		within(t, ctx, 120*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, "v1&w=16&spf=1000"); err != nil {
				return err
			}
			if err := waitFor(ctx, `window.kernelplay.stats().t > 100000`, 100*time.Second); err != nil {
				return err
			}
			if err := chromedp.Do(ctx, chromedp.KeyEvent(" ")); err != nil { // pause: the charts redraw at once
				return err
			}
			if err := waitFor(ctx, `!window.kernelplay.stats().playing`, 10*time.Second); err != nil {
				return err
			}
			time.Sleep(200 * time.Millisecond) // a frame or two
			if _, err := checkChart(ctx, "charts", 10); err != nil {
				return err
			}
			screenshot(t, ctx, "charts-long-page.png")
			shotElement(t, ctx, "charts", "charts-long.png")
			return nil
		})
	})

	t.Run("Objective", func(t *testing.T) {
		within(t, ctx, 60*time.Second, func(ctx context.Context) error {
			// Chosen from the menu: opening its link crashes today (issue 9,
			// another fix).
			if err := open(ctx, srv.URL, ""); err != nil {
				return err
			}
			if err := linChoose(ctx, "preset-select", "res-vs-sgd"); err != nil {
				return err
			}
			if err := waitFor(ctx, `window.kernelplay.stats().t > 2000`, 40*time.Second); err != nil {
				return err
			}
			if _, err := checkChart(ctx, "objective", 8); err != nil {
				return err
			}
			// The plot is a chart here: no class brushes, no click hint
			// (both were shown).
			ui, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelectorAll(".swatch").length + "|" + ((document.querySelector(".plothint") || {}).textContent || "")`))
			if err != nil {
				return err
			}
			if !strings.HasPrefix(ui, "0|") || strings.Contains(ui, "Click") {
				return fmt.Errorf("RES vs SGD shows click tools: swatches|hint = %q", ui)
			}
			shotElement(t, ctx, "plot", "charts-objective.png")
			return nil
		})
	})

	t.Run("LinearLearners", func(t *testing.T) {
		// DCD: its charts say it has no step size and count its window; the
		// buffer panel marks no "evicted next" (DCD keeps no expansion).
		// AMM counts hyperplanes.
		within(t, ctx, 60*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, ""); err != nil {
				return err
			}
			for _, c := range []struct{ learner, want string }{{"dcd", "examples in the window (ω)"}, {"amm", "hyperplanes"}} {
				if err := linChoose(ctx, "learner-select", c.learner); err != nil {
					return err
				}
				if err := waitFor(ctx, fmt.Sprintf(`window.kernelplay.stats().t > 200 && (window.kernelplay.chartTexts("charts") || {texts: []}).texts.some(o => o.text === %q)`, c.want), 20*time.Second); err != nil {
					return err
				}
				ch, err := checkChart(ctx, "charts", 10)
				if err != nil {
					return err
				}
				cap, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector(".stripwrap .cap").textContent`))
				if err != nil {
					return err
				}
				if strings.Contains(cap, "evicted next") {
					return fmt.Errorf("%s: the buffer panel reads %q", c.learner, cap)
				}
				for _, l := range ch.Labels {
					if strings.Contains(l, "keeps none") {
						return fmt.Errorf("%s: the charts read %q", c.learner, l)
					}
				}
				// The note is wrapped to the frame: its lines joined.
				if c.learner == "dcd" && !strings.Contains(strings.Join(ch.Labels, " "), "DCD has no step size: each update solves its dual coordinate exactly") {
					return fmt.Errorf("dcd: the η chart does not say DCD has no step size: %q", ch.Labels)
				}
				shotElement(t, ctx, "charts", "charts-"+c.learner+".png")
			}
			return nil
		})
	})

	t.Run("Regression", func(t *testing.T) {
		// 1D regression with ν = 0: the error chart and the read-outs give
		// the mean absolute error (they read 100% average error and
		// mistakes = t on a near-perfect fit).
		within(t, ctx, 60*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, "v1&t=regression&l=norma&nu=0"); err != nil {
				return err
			}
			if err := waitFor(ctx, `window.kernelplay.stats().t > 1500 && (window.kernelplay.chartTexts("charts") || {texts: []}).texts.some(o => o.text.startsWith("mean absolute error"))`, 30*time.Second); err != nil {
				dbg, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.stringify([window.kernelplay.stats().t, window.kernelplay.stats().message, window.kernelplay.config().Task, (window.kernelplay.chartTexts("charts")||{texts:[]}).texts.map(o => o.text)])`))
				return fmt.Errorf("%w: %s", err, dbg)
			}
			if _, err := checkChart(ctx, "charts", 10); err != nil {
				return err
			}
			stats, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector(".stats").textContent`))
			if err != nil {
				return err
			}
			if strings.Contains(stats, "avg error") || !strings.Contains(stats, "avg |y−f|") {
				return fmt.Errorf("regression read-outs: %q", stats)
			}
			screenshot(t, ctx, "charts-regression-page.png")
			return nil
		})
	})

	t.Run("DigitsCompare", func(t *testing.T) {
		within(t, ctx, 90*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, "v1&mode=digits"); err != nil {
				return err
			}
			if err := waitFor(ctx, `(window.kernelplay.chartTexts("digits") || {texts: []}).texts.length > 8`, 60*time.Second); err != nil {
				return err
			}
			if _, err := checkChart(ctx, "digits", 8); err != nil {
				return err
			}
			screenshot(t, ctx, "charts-digits-page.png")
			return nil
		})
	})
}
