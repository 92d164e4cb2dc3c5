//go:build !js

package browser

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"kernelplay/ui/state"
)

// regretState is window.kernelplay.regret() (ui/debughook.go).
type regretState struct {
	T       int    `json:"t"`
	Start   int    `json:"start"`
	Points  string `json:"points"`
	N       int    `json:"n"`
	Alarms  int    `json:"alarms"`
	Points2 string `json:"points2"`
	Why     string `json:"why"`
	// Pending is, in the digits view, the checkpoints reached and not
	// yet solved (both learners').
	Pending int `json:"pending"`
	Bounds  int `json:"bounds"`
}

func readRegret(ctx context.Context) (regretState, error) {
	return chromedp.Run(ctx, chromedp.Evaluate[regretState](`window.kernelplay.regret()`))
}

// checkpointsUpTo is the number of the comparator's checkpoints m ≤ n
// (regret.NextCheckpoint: m + 1 up to 8, then m + ⌊m/4⌋; and m = 1,000,
// the last exact prefix, regret.Settings.MaxExact).
func checkpointsUpTo(n int) int {
	k, exact := 0, false
	for m := 1; m <= n; m += max(1, m/4) {
		k++
		exact = exact || m == 1000
	}
	if n >= 1000 && !exact {
		k++
	}
	return k
}

// pauseSolved pauses the run and waits until the comparator has solved
// every checkpoint up to the run's step (the frame loop gives it 3 ms a
// frame, so it catches up after the run stops).
func pauseSolved(ctx context.Context) (regretState, error) {
	if err := chromedp.Do(ctx, chromedp.KeyEvent(" ")); err != nil {
		return regretState{}, err
	}
	if err := waitFor(ctx, `!window.kernelplay.stats().playing`, 10*time.Second); err != nil {
		return regretState{}, err
	}
	return waitSolved(ctx)
}

// waitSolved waits until every checkpoint up to the run's step is solved.
func waitSolved(ctx context.Context) (regretState, error) {
	deadline := time.Now().Add(90 * time.Second)
	for {
		r, err := readRegret(ctx)
		if err == nil && r.N == checkpointsUpTo(r.T-r.Start) {
			return r, nil
		}
		if time.Now().After(deadline) {
			return r, fmt.Errorf("the comparator did not catch up: %d checkpoints solved at t = %d (start %d), want %d (%v)",
				r.N, r.T, r.Start, checkpointsUpTo(r.T-r.Start), err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestBrowserRegret: the regret chart in the page (issue 21).
//
// The step inspector, which takes the charts' place while the run is
// paused, is hidden (h=inspector).
//
//   - Default: the default demo (SVMD on the spirals) draws the regret
//     panel while it plays; frames/s and long tasks over 5 s are reported
//     (measured, not asserted); paused, its link (with at=) opened afresh
//     replays to the same step and the comparator's checkpoints are the
//     same, bit for bit (exact decimals through kernelplay.regret()).
//   - Compare: SVMD vs NORMA on the spirals, both learners' regret;
//     screenshot regret-spirals-compare.png.
//   - Theorem2: NORMA as in Theorem 2 (sch=thm2, no offset, λ = 1): the
//     chart cites eq. (23).
//   - Theorem1: NORMA as in Theorem 1 (sch=thm1, B = 10, m = 366, a
//     checkpoint, no offset) played past m: eq. (22) applies at every
//     checkpoint up to m and at none beyond (the dashed line stops at m),
//     and the caption says it covers only ‖g‖ ≤ B and nothing past m;
//     screenshot regret-theorem1.png.
//   - TheoryLines: the kernel perceptron without offset reads its
//     mistakes against JMLR Theorem 1's ((R+D)/γ)² and NORMA Proposition
//     1's truncation bound for its ω, kernel Pegasos ‖g*‖
//     against 1/√λ, in the regret caption; screenshots
//     regret-perceptron.png, regret-kpegasos.png; the charts' hover text
//     (title) cites every bound.
//   - Sizes: SVMD vs NORMA at 1920×1080 (the regret panel drawn) and
//     in presenter mode at 1024×768 and 1440×800 (the regret panel kept:
//     the loss and the stored terms, spare panels, make room for it;
//     the page fits the screen), no chart text overlapping;
//     screenshots regret-compare-*-page.png.
//   - Rotating: the rotating stream with its detections marked;
//     screenshot regret-rotating.png.
//   - Switch: labels flipped at step 1500: ADWIN detects it, the chart
//     marks it, and the read-outs' button of the detection takes the run
//     back to its step, paused (app.GoToStep); screenshots
//     regret-switch*.png.
//   - Digits: the multiclass digits view says why no regret is drawn.
//   - DigitsSwitch: the conference paper's 0/1 → 2/3 experiment (MNIST,
//     SVMD and NORMA) draws both learners' regret in the digits charts,
//     with the detections marked, the bounds cited on hover; frames/s and
//     long tasks are reported
//     while it plays and while the comparators catch up after the pause;
//     the paused run's link (at=) replays the same checkpoints, bit for
//     bit; screenshot regret-digits-switch.png.
func TestBrowserRegret(t *testing.T) {
	srv := pageServer(t)
	ctx := browser(t)
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: longTaskJS}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)); err != nil {
		t.Fatal(err)
	}
	hasText := func(ctx context.Context, which, text string) error {
		c, err := checkChart(ctx, which, 8)
		if err != nil {
			return err
		}
		for _, l := range c.Labels {
			if strings.Contains(l, text) {
				return nil
			}
		}
		return fmt.Errorf("chart %s has no text %q: %q", which, text, c.Labels)
	}

	t.Run("Default", func(t *testing.T) {
		within(t, ctx, 240*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, "v1&h=inspector"); err != nil {
				return err
			}
			if err := waitFor(ctx, `window.kernelplay.stats().t > 300`, 60*time.Second); err != nil {
				return err
			}
			w, err := measureFrames(ctx, 5000)
			if err != nil {
				return err
			}
			t.Logf("measure (%s): default demo with the regret chart: %v", load(), w)
			r, err := pauseSolved(ctx)
			if err != nil {
				return err
			}
			if r.N < 20 || r.Why != "" {
				return fmt.Errorf("regret at t = %d: %d points, why %q", r.T, r.N, r.Why)
			}
			time.Sleep(300 * time.Millisecond) // the charts redraw with the solved points
			if err := hasText(ctx, "charts", "regret vs best fixed g*"); err != nil {
				return err
			}
			if err := hasText(ctx, "charts", "no bound: SVMD's η adapts"); err != nil {
				return err
			}
			shotElement(t, ctx, "charts", "regret-default.png")
			if err := reopenAt(ctx, srv.URL, r.T, 60*time.Second); err != nil {
				return err
			}
			got, err := waitSolved(ctx)
			if err != nil {
				return err
			}
			if got.Points != r.Points {
				return fmt.Errorf("at=%d replayed other checkpoints:\n%s\nlive:\n%s", r.T, got.Points, r.Points)
			}
			t.Logf("at=%d: the %d checkpoints replay bit for bit", r.T, got.N)
			return nil
		})
	})

	t.Run("Compare", func(t *testing.T) {
		within(t, ctx, 240*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, "v1&vs=norma&h=inspector"); err != nil {
				return err
			}
			if err := waitFor(ctx, `window.kernelplay.stats().t > 800`, 90*time.Second); err != nil {
				return err
			}
			r, err := pauseSolved(ctx)
			if err != nil {
				return err
			}
			if r.Points2 == "" || r.Points2 == r.Points {
				return fmt.Errorf("the second learner's regret: %q (first %q)", r.Points2, r.Points)
			}
			time.Sleep(300 * time.Millisecond)
			if err := hasText(ctx, "charts", "regret vs best fixed g*"); err != nil {
				return err
			}
			screenshot(t, ctx, "regret-spirals-compare-page.png")
			shotElement(t, ctx, "charts", "regret-spirals-compare.png")
			return nil
		})
	})

	t.Run("Theorem2", func(t *testing.T) {
		within(t, ctx, 180*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, "v1&l=norma&sch=thm2&b=0&lam=1&h=inspector"); err != nil {
				return err
			}
			if err := waitFor(ctx, `window.kernelplay.stats().t > 300`, 60*time.Second); err != nil {
				return err
			}
			if _, err := pauseSolved(ctx); err != nil {
				return err
			}
			time.Sleep(300 * time.Millisecond)
			if err := hasText(ctx, "charts", "NORMA Theorem 2, eq. (23)"); err != nil {
				return err
			}
			shotElement(t, ctx, "charts", "regret-theorem2.png")
			return nil
		})
	})

	t.Run("Theorem1", func(t *testing.T) {
		within(t, ctx, 180*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, "v1&l=norma&sch=thm1&nb=10&nm=366&b=0&h=inspector"); err != nil {
				return err
			}
			if err := waitFor(ctx, `window.kernelplay.stats().t > 700`, 60*time.Second); err != nil {
				return err
			}
			r, err := pauseSolved(ctx)
			if err != nil {
				return err
			}
			if want := checkpointsUpTo(366); r.Bounds != want || r.N <= want {
				return fmt.Errorf("t = %d: eq. (22) at %d of %d checkpoints, want the %d up to m = 366", r.T, r.Bounds, r.N, want)
			}
			time.Sleep(300 * time.Millisecond)
			for _, text := range []string{"dashed: NORMA Theorem 1, eq. (22)", "only predictors with ‖g‖ ≤ B = 10", "past m = 366 the theorem says nothing"} {
				if err := hasText(ctx, "charts", text); err != nil {
					return err
				}
			}
			shotElement(t, ctx, "charts", "regret-theorem1.png")
			return nil
		})
	})

	t.Run("TheoryLines", func(t *testing.T) {
		for _, c := range []struct{ hash, text, text2, shot string }{
			{"v1&l=perceptron&b=0&h=inspector", "≤ ((R+D)/γ)² =", "f_trunc‖", "regret-perceptron.png"},
			{"v1&l=kpegasos&h=inspector", "≤ 1/√λ =", "≤ 1/√λ =", "regret-kpegasos.png"},
		} {
			within(t, ctx, 180*time.Second, func(ctx context.Context) error {
				if err := open(ctx, srv.URL, c.hash); err != nil {
					return err
				}
				if err := waitFor(ctx, `window.kernelplay.stats().t > 400`, 60*time.Second); err != nil {
					return err
				}
				if _, err := pauseSolved(ctx); err != nil {
					return err
				}
				deadline := time.Now().Add(60 * time.Second) // the perceptron's θ is solved after the regret
				for {
					err := hasText(ctx, "charts", c.text)
					if err == nil {
						err = hasText(ctx, "charts", c.text2)
					}
					if err == nil {
						break
					}
					if time.Now().After(deadline) {
						return fmt.Errorf("%s: %v", c.hash, err)
					}
					time.Sleep(300 * time.Millisecond)
				}
				shotElement(t, ctx, "charts", c.shot)
				title, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("charts").title`))
				if err != nil {
					return err
				}
				for _, src := range []string{"NORMA Theorem 2, eq. (23)", "JMLR Theorem 1", "1/√λ", "NORMA Proposition 1, eq. (11)"} {
					if !strings.Contains(title, src) {
						return fmt.Errorf("the charts' hover text has no %q: %q", src, title)
					}
				}
				return nil
			})
		}
	})

	t.Run("Sizes", func(t *testing.T) {
		// The regret panel's captions on lines of their own at a large
		// screen and in presenter mode on a projector (issue 21 e).
		defer chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800))
		// At 1024×768 in presenter mode the charts' canvas is too short
		// for five readable panels: the spare ones (the loss, the stored
		// terms) give way, and the regret panel is drawn (it was left out
		// there before), the chart's text apart and at 20 px.
		for _, c := range []struct {
			w, h       int64
			hash, text string
		}{{1920, 1080, "v1&vs=norma&h=inspector", "regret vs best fixed g*"},
			{1024, 768, "v1&vs=norma&pm=1&h=inspector", "regret vs best fixed g*"},
			{1024, 768, "v1&pm=1", "regret vs best fixed g*"},
			{1440, 800, "v1&pm=1", "regret vs best fixed g*"},
			{390, 844, "v1", "regret vs best fixed g*"}} {
			within(t, ctx, 180*time.Second, func(ctx context.Context) error {
				if err := chromedp.Do(ctx, chromedp.EmulateViewport(c.w, c.h)); err != nil {
					return err
				}
				if err := open(ctx, srv.URL, c.hash); err != nil {
					return err
				}
				if err := waitFor(ctx, `window.kernelplay.stats().t > 600`, 90*time.Second); err != nil {
					return err
				}
				if _, err := pauseSolved(ctx); err != nil {
					return err
				}
				time.Sleep(300 * time.Millisecond)
				name := "compare"
				if !strings.Contains(c.hash, "vs=") {
					name = "presenter" // paused: the step inspector shown
				}
				screenshot(t, ctx, fmt.Sprintf("regret-%s-%dx%d-page.png", name, c.w, c.h))
				if c.w < 600 {
					shotElement(t, ctx, "charts", "regret-charts-390x844.png") // the phone's page shows its controls first
				}
				if err := hasText(ctx, "charts", c.text); err != nil {
					return fmt.Errorf("%d×%d: %v", c.w, c.h, err)
				}
				return nil
			})
		}
	})

	t.Run("Rotating", func(t *testing.T) {
		within(t, ctx, 240*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, "v1&p=rotating&spf=50&h=inspector"); err != nil {
				return err
			}
			if err := waitFor(ctx, `window.kernelplay.stats().t > 4000`, 120*time.Second); err != nil {
				return err
			}
			r, err := pauseSolved(ctx)
			if err != nil {
				return err
			}
			t.Logf("rotating stream at t = %d: %d alarms (ADWIN, Page–Hinkley), %d checkpoints", r.T, r.Alarms, r.N)
			time.Sleep(300 * time.Millisecond)
			if err := hasText(ctx, "charts", "lower bound"); err != nil {
				return err
			}
			screenshot(t, ctx, "regret-rotating-page.png")
			shotElement(t, ctx, "charts", "regret-rotating.png")
			return nil
		})
	})

	t.Run("Switch", func(t *testing.T) {
		// Forty clicked points whose labels all flip at step 1500 (the
		// link's edits), with "regret since the change": ADWIN detects
		// the flip, the chart marks it and the comparator restarts there.
		cfg := state.Default()
		cfg.Generated, cfg.RegretRestart, cfg.Hide = false, true, []string{state.HideInspector}
		for i := range 40 {
			x, y := float64(i%8)/4-0.9, float64(i/8)/3-0.7
			c := 0
			if x > 0 {
				c = 1
			}
			p := state.Quantize(state.Point{X: x, Y: y, Class: c})
			cfg.Points = append(cfg.Points, p)
			p.Class = 1 - c
			cfg.Events = append(cfg.Events, state.Event{T: 1500, Kind: state.EventAdd, Point: p})
		}
		for range 40 {
			cfg.Events = append(cfg.Events, state.Event{T: 1500, Kind: state.EventDelete, Index: 0})
		}
		within(t, ctx, 240*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, state.Encode(cfg)); err != nil {
				return err
			}
			if err := waitFor(ctx, `window.kernelplay.stats().t > 2300`, 120*time.Second); err != nil {
				return err
			}
			r, err := pauseSolved(ctx)
			if err != nil {
				return err
			}
			t.Logf("labels flipped at 1500: at t = %d, %d alarms; the comparison since step %d", r.T, r.Alarms, r.Start)
			time.Sleep(300 * time.Millisecond)
			if r.Alarms == 0 {
				return fmt.Errorf("no detection after the flip at 1500")
			}
			if err := hasText(ctx, "charts", "ADWIN"); err != nil {
				return err
			}
			if err := hasText(ctx, "charts", "since the change at step 15"); err != nil {
				return err
			}
			screenshot(t, ctx, "regret-switch-page.png")
			shotElement(t, ctx, "charts", "regret-switch.png")
			// The read-outs list the detections, a button each: the
			// flip's takes the run back to its step, paused, where the
			// detection is the newest listed.
			type det struct {
				T    int    `json:"t"`
				Text string `json:"text"`
			}
			dets, err := chromedp.Run(ctx, chromedp.Evaluate[[]det](`[...document.querySelectorAll("#detections button")].map(b => ({t: +b.dataset.t, text: b.textContent}))`))
			if err != nil {
				return err
			}
			flip := -1
			for i, d := range dets {
				if d.T > 1500 && d.T <= 1700 && flip < 0 {
					flip = i
				}
			}
			if flip < 0 {
				return fmt.Errorf("the read-outs list no detection of the flip at 1500: %+v", dets)
			}
			t.Logf("detections listed at t = %d: %+v", r.T, dets)
			if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`document.querySelector('#detections button[data-t="%d"]').click() || true`, dets[flip].T))); err != nil {
				return err
			}
			if err := waitFor(ctx, fmt.Sprintf(`window.kernelplay.stats().t === %d && !window.kernelplay.stats().playing`, dets[flip].T), 60*time.Second); err != nil {
				return fmt.Errorf("the detection's button does not take the run to step %d: %v", dets[flip].T, err)
			}
			if err := waitFor(ctx, fmt.Sprintf(`(b => b.length > 0 && +b[b.length-1].dataset.t === %d)([...document.querySelectorAll("#detections button")])`, dets[flip].T), 10*time.Second); err != nil {
				return fmt.Errorf("at step %d its detection is not the newest listed: %v", dets[flip].T, err)
			}
			if _, err := waitSolved(ctx); err != nil {
				return err
			}
			time.Sleep(300 * time.Millisecond)
			screenshot(t, ctx, "regret-switch-goto-page.png")
			// In presenter mode on a 1024×768 projector the line of
			// detections is in view, its text 20 px.
			defer chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800))
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(1024, 768)); err != nil {
				return err
			}
			pm := cfg
			pm.Presenter = true
			if err := open(ctx, srv.URL, state.Encode(pm)); err != nil {
				return err
			}
			if err := waitFor(ctx, `window.kernelplay.stats().t > 1800 && document.querySelector("#detections button") !== null`, 120*time.Second); err != nil {
				return err
			}
			if _, err := pauseSolved(ctx); err != nil {
				return err
			}
			time.Sleep(300 * time.Millisecond)
			screenshot(t, ctx, "regret-switch-presenter-1024x768-page.png")
			box, err := chromedp.Run(ctx, chromedp.Evaluate[[3]float64](`(b => [b.getBoundingClientRect().bottom, b.getBoundingClientRect().right, parseFloat(getComputedStyle(b).fontSize)])(document.querySelector("#detections button"))`))
			if err != nil {
				return err
			}
			if box[0] > 768 || box[1] > 1024 || box[2] < 19.5 {
				return fmt.Errorf("presenter mode at 1024×768: the detection's button ends at (%.0f, %.0f), its text %.1f px", box[1], box[0], box[2])
			}
			return nil
		})
	})

	t.Run("Hindsight", func(t *testing.T) {
		// The same paused run with and without g*'s boundary (gs=1):
		// the plot's pixels differ, along a dotted line.
		within(t, ctx, 240*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, "v1&h=inspector"); err != nil {
				return err
			}
			if err := waitFor(ctx, `window.kernelplay.stats().t > 300`, 60*time.Second); err != nil {
				return err
			}
			r, err := pauseSolved(ctx)
			if err != nil {
				return err
			}
			link, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.kernelplay.link()`))
			if err != nil {
				return err
			}
			_, hash, _ := strings.Cut(link, "#")
			on := strings.Replace(hash, "&gs=0", "&gs=1", 1) // the link writes every setting
			if on == hash {
				return fmt.Errorf("the link %q has no gs=0", hash)
			}
			var shots [2]image.Image
			for i, h := range []string{hash, on} {
				if err := open(ctx, srv.URL, h); err != nil {
					return err
				}
				if err := waitFor(ctx, fmt.Sprintf(`window.kernelplay.stats().t === %d`, r.T), 60*time.Second); err != nil {
					return err
				}
				if _, err := waitSolved(ctx); err != nil {
					return err
				}
				time.Sleep(500 * time.Millisecond) // the plot redraws with the solved g*
				b, err := chromedp.Run(ctx, chromedp.ScreenshotScale("#plot", 1))
				if err != nil {
					return err
				}
				if shots[i], err = png.Decode(bytes.NewReader(b)); err != nil {
					return err
				}
			}
			a, b := shots[0], shots[1]
			if a.Bounds() != b.Bounds() {
				return fmt.Errorf("plot screenshots of sizes %v and %v", a.Bounds(), b.Bounds())
			}
			diff := 0
			for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
				for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
					r1, g1, b1, _ := a.At(x, y).RGBA()
					r2, g2, b2, _ := b.At(x, y).RGBA()
					if r1 != r2 || g1 != g2 || b1 != b2 {
						diff++
					}
				}
			}
			area := a.Bounds().Dx() * a.Bounds().Dy()
			t.Logf("g*'s boundary changed %d of %d pixels (%.2f%%)", diff, area, 100*float64(diff)/float64(area))
			// A dotted line 2 px wide with its halo across a plot of
			// ~500 px: thousands of pixels, far from the whole plot.
			if diff < 500 || diff > area/4 {
				return fmt.Errorf("g*'s boundary changed %d of %d pixels, want a line's worth", diff, area)
			}
			shotElement(t, ctx, "plot", "regret-hindsight-boundary.png")
			return nil
		})
	})

	t.Run("Digits", func(t *testing.T) {
		within(t, ctx, 90*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, "v1&mode=digits"); err != nil {
				return err
			}
			if err := waitFor(ctx, `(window.kernelplay.chartTexts("digits") || {texts: []}).texts.length > 8`, 60*time.Second); err != nil {
				return err
			}
			w, err := measureFrames(ctx, 3000)
			if err != nil {
				return err
			}
			t.Logf("measure (%s): digits with the regret note: %v", load(), w)
			return hasText(ctx, "digits", "regret: binary tasks only")
		})
	})

	t.Run("DigitsSwitch", func(t *testing.T) {
		// digitsSolved waits until the comparators have solved every
		// checkpoint reached (pending 0) and the run is paused.
		digitsSolved := func(ctx context.Context) (regretState, error) {
			deadline := time.Now().Add(120 * time.Second)
			for {
				r, err := readRegret(ctx)
				if err == nil && r.N > 0 && r.Pending == 0 {
					return r, nil
				}
				if time.Now().After(deadline) {
					return r, fmt.Errorf("the digits comparators did not catch up: %+v (%v)", r, err)
				}
				time.Sleep(100 * time.Millisecond)
			}
		}
		within(t, ctx, 300*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, "v1&mode=digits&fig=switch&spf=5&h=inspector"); err != nil {
				return err
			}
			if err := waitFor(ctx, `window.kernelplay.stats().t > 30`, 120*time.Second); err != nil {
				return err
			}
			w, err := measureFrames(ctx, 3000)
			if err != nil {
				return err
			}
			t.Logf("measure (%s): the switch figure (MNIST, d = 784) playing with both comparators: %v", load(), w)
			if err := waitFor(ctx, `window.kernelplay.stats().t > 620`, 120*time.Second); err != nil {
				return err
			}
			playing, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.kernelplay.stats().playing`))
			if err != nil {
				return err
			}
			if playing {
				if err := chromedp.Do(ctx, chromedp.KeyEvent(" ")); err != nil {
					return err
				}
				if err := waitFor(ctx, `!window.kernelplay.stats().playing`, 10*time.Second); err != nil {
					return err
				}
			}
			w, err = measureFrames(ctx, 2000)
			if err != nil {
				return err
			}
			t.Logf("measure (%s): paused, the comparators catching up: %v", load(), w)
			if ms, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`window.kernelplay.stats().profile.regret`)); err == nil {
				t.Logf("the comparators' time per frame (moving average, stats().profile.regret): %.2f ms", ms)
			}
			r, err := digitsSolved(ctx)
			if err != nil {
				return err
			}
			t.Logf("paused at t = %d: %d checkpoints (SVMD), %d alarms (SVMD); NORMA %q", r.T, r.N, r.Alarms, r.Points2)
			if r.Why != "" || r.Points2 == "" {
				return fmt.Errorf("regret in the digits view: %+v", r)
			}
			time.Sleep(300 * time.Millisecond) // the charts redraw with the solved points
			if err := hasText(ctx, "digits", "regret vs best fixed g*"); err != nil {
				return err
			}
			if err := hasText(ctx, "digits", "ADWIN"); err != nil {
				return err
			}
			if err := hasText(ctx, "digits", "no bound: SVMD's η adapts"); err != nil {
				return err
			}
			title, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("digits-charts").title`))
			if err != nil || !strings.Contains(title, "NORMA Theorem 2, eq. (23)") {
				return fmt.Errorf("the digits charts' hover text %q does not cite the bounds (%v)", title, err)
			}
			screenshot(t, ctx, "regret-digits-switch-page.png")
			shotElement(t, ctx, "digits-charts", "regret-digits-switch.png")
			if err := reopenAt(ctx, srv.URL, r.T, 120*time.Second); err != nil {
				return err
			}
			got, err := digitsSolved(ctx)
			if err != nil {
				return err
			}
			if got.Points != r.Points || got.Points2 != r.Points2 {
				return fmt.Errorf("at=%d replayed other checkpoints:\n%s\n%s\nlive:\n%s\n%s", r.T, got.Points, got.Points2, r.Points, r.Points2)
			}
			t.Logf("at=%d: both learners' %d checkpoints replay bit for bit", r.T, got.N)
			return nil
		})
	})
}

// reopenAt reads the paused page's share link, checks that it carries
// at=t, opens it in the same tab and waits (up to timeout) until the
// replayed run stands at step t: the "a link with at= replays it" walk of
// the regret tests.
func reopenAt(ctx context.Context, url string, t int, timeout time.Duration) error {
	link, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.kernelplay.link()`))
	if err != nil {
		return err
	}
	_, hash, _ := strings.Cut(link, "#")
	if !strings.Contains(hash, fmt.Sprintf("at=%d", t)) {
		return fmt.Errorf("the paused run's link %q has no at=%d", hash, t)
	}
	if err := open(ctx, url, hash); err != nil {
		return err
	}
	return waitFor(ctx, fmt.Sprintf(`window.kernelplay.stats().t === %d`, t), timeout)
}
