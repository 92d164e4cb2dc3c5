//go:build !js

package browser

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"kernelplay/ui/state"
)

// The drawing pad of the digits view (issue 22) in headless Chromium: a
// digit drawn with pointer events — the mouse at 1280×800, a finger
// (touch events, which Chromium turns into pointer events of type touch)
// on a 390 px phone — is preprocessed, asked about without learning, and
// taught with a label: t advances by one, the inspector shows that
// example, the link replays it identically in a new tab, and Undo removes
// it. Screenshots: the pad with its steps, the drawing entering the buffer
// in slow motion.

// padBox is the pad canvas's box in CSS pixels, after scrolling it into
// view.
type padBox struct{ X, Y, W, H float64 }

// padSeven is a 7 in the pad's unit square: a bar, then a slanted stroke.
var padSeven = [][2]float64{{0.22, 0.2}, {0.78, 0.2}, {0.42, 0.86}}

// drawOnPad opens the pad (when closed) and draws padSeven on it, 16
// moves a segment, with the mouse or with a finger.
func drawOnPad(ctx context.Context, touch bool) error {
	if open, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!!document.getElementById("pad")`)); err != nil {
		return err
	} else if !open {
		if err := pressID(ctx, "pad-open", touch); err != nil {
			return err
		}
		if err := waitFor(ctx, `!!document.getElementById("pad") && document.getElementById("pad").width > 0`, 5*time.Second); err != nil {
			return fmt.Errorf("the pad does not open: %w", err)
		}
	}
	// The pad is scrolled to the middle, and its box read once it has
	// held still for two animation frames: a box read while the page
	// still moves (the scroll, or a panel laid out after the pad opened)
	// sent the stroke beside the pad, 1 run in 4 under load.
	b, err := chromedp.Run(ctx, chromedp.Evaluate[padBox](`new Promise(done => {
		const c = document.getElementById("pad"); c.scrollIntoView({block: "center"});
		const box = () => { const r = c.getBoundingClientRect(); return {X: r.left, Y: r.top, W: r.width, H: r.height}; };
		let last = box(), still = 0, n = 0;
		const tick = () => {
			const b = box();
			still = (b.X === last.X && b.Y === last.Y && b.W === last.W && b.H === last.H) ? still + 1 : 0;
			last = b;
			if (still >= 2 || ++n > 120) { done(b); } else { requestAnimationFrame(tick); }
		};
		requestAnimationFrame(tick);
	})`, chromedp.EvalAwaitPromise))
	if err != nil {
		return err
	}
	if b.W < 100 || b.H < 100 {
		return fmt.Errorf("the pad is %g×%g CSS pixels", b.W, b.H)
	}
	var pts [][2]float64
	for i := 0; i+1 < len(padSeven); i++ {
		p, q := padSeven[i], padSeven[i+1]
		for k := range 16 {
			f := float64(k) / 16
			pts = append(pts, [2]float64{b.X + b.W*(p[0]+(q[0]-p[0])*f), b.Y + b.H*(p[1]+(q[1]-p[1])*f)})
		}
	}
	last := padSeven[len(padSeven)-1]
	pts = append(pts, [2]float64{b.X + b.W*last[0], b.Y + b.H*last[1]})
	mouse := func(typ input.DispatchMouseEventType, p [2]float64, buttons int64) error {
		_, err := chromedp.Call(ctx, input.DispatchMouseEvent, input.DispatchMouseEventParams{Type: typ, X: p[0], Y: p[1],
			Button: input.MouseButtonLeft, Buttons: buttons, ClickCount: 1})
		return err
	}
	finger := func(typ input.DispatchTouchEventType, ps []*input.TouchPoint) error {
		_, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: ps})
		return err
	}
	for i, p := range pts {
		var err error
		switch {
		case touch && i == 0:
			err = finger(input.DispatchTouchEventTypeTouchStart, []*input.TouchPoint{{X: p[0], Y: p[1]}})
		case touch:
			err = finger(input.DispatchTouchEventTypeTouchMove, []*input.TouchPoint{{X: p[0], Y: p[1]}})
		case i == 0:
			err = mouse(input.DispatchMouseEventTypeMousePressed, p, 1)
		default:
			err = mouse(input.DispatchMouseEventTypeMouseMoved, p, 1)
		}
		if err != nil {
			return err
		}
	}
	if touch {
		return finger(input.DispatchTouchEventTypeTouchEnd, []*input.TouchPoint{})
	}
	return mouse(input.DispatchMouseEventTypeMouseReleased, pts[len(pts)-1], 0)
}

// pressID clicks the element of the id with the mouse, or taps it with a
// finger.
func pressID(ctx context.Context, id string, touch bool) error {
	if !touch {
		return clickID(ctx, id)
	}
	p, err := chromedp.Run(ctx, chromedp.Evaluate[[3]float64](`(e => (e.scrollIntoView({block: "center"}),
  (r => [r.left + r.width / 2, r.top + r.height / 2, e.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)) ? 1 : 0])(e.getBoundingClientRect())))(document.getElementById("`+id+`"))`))
	if err != nil {
		return err
	}
	if p[2] == 0 {
		return fmt.Errorf("a tap at the centre of #%s (%.0f, %.0f) would not reach it", id, p[0], p[1])
	}
	// A finger takes time to go from the pad to a button: a tap that
	// starts at once after the drawing's last touch got no click in
	// Chromium's touch emulation (2 runs in 3), with touch-action:
	// manipulation or not; after half a second it always does.
	time.Sleep(500 * time.Millisecond)
	if _, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchStart,
		TouchPoints: []*input.TouchPoint{{X: p[0], Y: p[1]}}}); err != nil {
		return err
	}
	_, err = chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchEnd,
		TouchPoints: []*input.TouchPoint{}})
	return err
}

func TestBrowserPad(t *testing.T) {
	srv := pageServer(t)
	axeSrc, err := os.ReadFile(axePath)
	need(t, err == nil, "axe-core is missing (make axe installs it): "+axePath)
	for _, c := range []struct {
		name  string
		w, h  int64
		touch bool
		data  string
		steps string // what the steps' text says once the drawing is preprocessed
	}{{"Desktop", 1280, 800, false, state.Data8x8, "8 rows of 8 counts"}, {"Phone", 390, 844, true, state.Data8x8, "8 rows of 8 counts"},
		{"MNIST", 1280, 800, false, state.DataMNIST, "fitted into a 20×20 box"}} {
		t.Run(c.name, func(t *testing.T) {
			ctx := browser(t)
			opts := []chromedp.EmulateViewportOption{}
			if c.touch {
				opts = append(opts, chromedp.EmulateScale(3), chromedp.EmulateMobile, chromedp.EmulateTouch)
			}
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(c.w, c.h, opts...)); err != nil {
				t.Fatal(err)
			}
			d, err := state.Apply(state.DigitsDefault(), state.SetField{Key: "ds", Value: c.data})
			if err != nil {
				t.Fatal(err)
			}
			d.Playing, d.At = false, 120
			var hash string
			var t0 int
			var before inspectorPanel
			within(t, ctx, 90*time.Second, func(ctx context.Context) error {
				if err := open(ctx, srv.URL, state.Encode(d)); err != nil {
					return err
				}
				if err := waitFor(ctx, `!!document.getElementById("pad-open") && document.getElementById("inspector")?.dataset.t === "120"`, 20*time.Second); err != nil {
					return fmt.Errorf("no pad on the paused digits link: %w", err)
				}
				if err := drawOnPad(ctx, c.touch); err != nil {
					return err
				}
				if err := waitFor(ctx, `(document.getElementById("pad-steps-text")||{}).textContent?.includes("`+c.steps+`")`, 10*time.Second); err != nil {
					return fmt.Errorf("the drawing was not preprocessed: %w", err)
				}
				for _, id := range []string{"pad", "pad-steps"} {
					ci, err := readCanvas(ctx, id)
					if err != nil {
						return err
					}
					if ci.Ink < 200 {
						return fmt.Errorf("canvas %s has %d inked pixels", id, ci.Ink)
					}
				}
				screenshot(t, ctx, "pad-"+strings.ToLower(c.name)+".png")
				if w, err := chromedp.Run(ctx, chromedp.Evaluate[[2]int](`[document.documentElement.scrollWidth, innerWidth]`)); err != nil {
					return err
				} else if w[0] > w[1] {
					return fmt.Errorf("with the pad open the page is %d px wide, the window %d px (sideways scrolling)", w[0], w[1])
				}

				// Ask: every learner answers, nothing is learned.
				if t0, err = digitsT(ctx); err != nil {
					return err
				}
				if err := pressID(ctx, "pad-ask", c.touch); err != nil {
					return err
				}
				if err := waitFor(ctx, `document.getElementById("pad-answers").textContent.includes("predicts")`, 5*time.Second); err != nil {
					return err
				}
				if t1, _ := digitsT(ctx); t1 != t0 {
					return fmt.Errorf("Ask moved t from %d to %d", t0, t1)
				}
				// The open pad with its answer: every canvas has a text
				// alternative, and axe finds nothing serious.
				if probs, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](canvasTextJS)); err != nil {
					return err
				} else if len(probs) > 1 {
					return fmt.Errorf("canvases without a text alternative: %v", probs)
				}
				bad, all, err := runAxe(ctx, string(axeSrc))
				if err != nil {
					return err
				}
				for _, x := range all {
					t.Logf("axe: %v", x)
				}
				if len(bad) > 0 {
					return fmt.Errorf("%d serious or critical accessibility violations with the pad open (see the log)", len(bad))
				}

				// Teach it as a 7: one step, the inspector shows it.
				if err := pressID(ctx, "teach-7", c.touch); err != nil {
					return err
				}
				if err := waitFor(ctx, fmt.Sprintf(`document.getElementById("inspector")?.dataset.t === "%d"`, t0+1), 10*time.Second); err != nil {
					return fmt.Errorf("teaching did not advance t by one: %w", err)
				}
				if t1, _ := digitsT(ctx); t1 != t0+1 {
					return fmt.Errorf("after teaching t = %d, want %d", t1, t0+1)
				}
				if before, err = readInspector(ctx); err != nil {
					return err
				}
				if !strings.Contains(before.Text, "your drawing, taught as 7") {
					return fmt.Errorf("the inspector says %q", clipLog(before.Text))
				}
				if hash, err = chromedp.Run(ctx, chromedp.Evaluate[string](`location.hash.slice(1)`)); err != nil {
					return err
				}
				if !strings.Contains(hash, "ev=") {
					return fmt.Errorf("the link %q carries no drawing", hash)
				}
				return nil
			})
			screenshot(t, ctx, "pad-taught-"+strings.ToLower(c.name)+".png")

			// The link in a new tab replays the same step.
			tab := browser(t)
			within(t, tab, 60*time.Second, func(ctx context.Context) error {
				if err := open(ctx, srv.URL, hash); err != nil {
					return err
				}
				if err := waitFor(ctx, fmt.Sprintf(`document.getElementById("inspector")?.dataset.t === "%d"`, t0+1), 20*time.Second); err != nil {
					return err
				}
				p, err := readInspector(ctx)
				if err != nil {
					return err
				}
				if p.Eta != before.Eta || p.F != before.F || p.Alpha != before.Alpha || p.Evicted != before.Evicted || p.Eta == "" ||
					!strings.Contains(p.Text, "your drawing, taught as 7") {
					return fmt.Errorf("the link replays η %s f %s α %s evicted %s, the page showed η %s f %s α %s evicted %s",
						p.Eta, p.F, p.Alpha, p.Evicted, before.Eta, before.F, before.Alpha, before.Evicted)
				}
				return nil
			})

			// Undo removes the drawing.
			within(t, ctx, 30*time.Second, func(ctx context.Context) error {
				if err := pressID(ctx, "pad-undo-teach", c.touch); err != nil {
					return err
				}
				if err := waitFor(ctx, `!location.hash.includes("ev=")`, 10*time.Second); err != nil {
					return fmt.Errorf("Undo left the drawing in the link: %w", err)
				}
				return waitFor(ctx, `!document.getElementById("inspector").textContent.includes("your drawing")`, 10*time.Second)
			})
		})
	}
}

// TestBrowserPadSlow: in slow motion a drawing taught with the key 3 on
// the pad enters the buffer sub-step by sub-step (screenshot mid-way).
func TestBrowserPadSlow(t *testing.T) {
	srv := pageServer(t)
	ctx := browser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)); err != nil {
		t.Fatal(err)
	}
	d := state.DigitsDefault()
	d.Playing, d.At = false, 60
	within(t, ctx, 90*time.Second, func(ctx context.Context) error {
		if err := open(ctx, srv.URL, state.Encode(d)); err != nil {
			return err
		}
		if err := waitFor(ctx, `!!document.getElementById("pad-open") && document.getElementById("inspector")?.dataset.t === "60"`, 20*time.Second); err != nil {
			return err
		}
		if err := clickID(ctx, "slow-motion"); err != nil {
			return err
		}
		if err := waitFor(ctx, `!!document.getElementById("slow-pace")`, 5*time.Second); err != nil {
			return err
		}
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const r = document.getElementById("slow-pace");
			r.value = "1500"; r.dispatchEvent(new Event("input", {bubbles: true})); return true })()`)); err != nil {
			return err
		}
		if err := drawOnPad(ctx, false); err != nil {
			return err
		}
		if err := waitFor(ctx, `(document.getElementById("pad-steps-text")||{}).textContent?.includes("8 rows")`, 10*time.Second); err != nil {
			return err
		}
		// The key 3 on the pad (focused since the pen went down) teaches it.
		if focused, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.activeElement.id`)); err != nil || focused != "pad" {
			return fmt.Errorf("the pad does not have the focus after drawing (%q, %v)", focused, err)
		}
		if err := chromedp.Do(ctx, chromedp.KeyEvent("3")); err != nil {
			return err
		}
		if err := waitFor(ctx, `window.kernelplay.inspector().t === 61 && window.kernelplay.inspector().lit >= 2`, 20*time.Second); err != nil {
			return fmt.Errorf("slow motion does not play the taught step: %w", err)
		}
		return nil
	})
	screenshot(t, ctx, "pad-slow.png")
	// The drawing entering the buffer: slow motion at the taught step's
	// last sub-step, the insertion (or past it: lit −1), where the
	// inspector says it is stored as the newest term.
	within(t, ctx, 40*time.Second, func(ctx context.Context) error {
		if err := waitFor(ctx, `(() => { const i = window.kernelplay.inspector(); return i.t === 61 && (i.lit === i.blocks - 1 || i.lit < 0) })()`, 30*time.Second); err != nil {
			return fmt.Errorf("slow motion does not reach the taught step's insertion: %w", err)
		}
		return nil
	})
	screenshot(t, ctx, "pad-slow-buffer.png")
}
