//go:build !js

package browser

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"kernelplay/ui/state"
)

// smallestTextJS returns the smallest computed font size (px) of the
// visible elements of the page that hold text of their own, with the text.
const smallestTextJS = `(() => {
	let min = 1e9, what = "";
	for (const el of document.querySelectorAll(".app *")) {
		const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim() !== "");
		if (!own || el.getClientRects().length === 0 || el.closest("dialog:not([open]), [hidden]")) continue;
		const s = parseFloat(getComputedStyle(el).fontSize);
		if (s < min) { min = s; what = el.tagName + " " + el.textContent.trim().slice(0, 40); }
	}
	return {px: min, what: what};
})()`

// cutHintsJS lists the control explanations (.hint) whose text is wider
// than their box (cut, or hidden behind "…").
const cutHintsJS = `[...document.querySelectorAll(".hint")].filter(h => h.getClientRects().length > 0 &&
	(h.scrollWidth > h.clientWidth || h.scrollHeight > h.clientHeight + 1)).map(h => h.textContent)`

type textSize struct {
	PX   float64 `json:"px"`
	What string  `json:"what"`
}

func TestBrowserPresenter(t *testing.T) {
	srv := pageServer(t)
	ctx := browser(t)
	defer chromedp.Do(ctx, chromedp.EmulateReset())

	c := state.Default()
	c.Presenter = true
	c.Hide = []string{state.HideTabs, state.HideCharts, state.HideBuffer, state.HideLoad, state.HideDefaults, "l"}
	link := state.Encode(c)

	for _, size := range [][2]int{{1024, 768}, {1920, 1080}} {
		w, h := size[0], size[1]
		t.Run(fmt.Sprintf("Link%dx%d", w, h), func(t *testing.T) {
			within(t, ctx, 60*time.Second, func(ctx context.Context) error {
				if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(w), int64(h))); err != nil {
					return err
				}
				if err := open(ctx, srv.URL, link); err != nil {
					return err
				}
				// What the link hides is gone; the learner's name stays.
				gone, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[
					["tabs", ".tabs"], ["charts", ".chartwrap"], ["buffer", ".stripwrap"], ["load", "#file-input"],
					["defaults", "#defaults"], ["l", "#learner-select"]].filter(([k, q]) => document.querySelector(q)).map(([k]) => k)`))
				if err != nil {
					return err
				}
				if len(gone) > 0 {
					return fmt.Errorf("the presenter link hides %v, but they are shown", gone)
				}
				ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](
					`!!document.querySelector(".app.presenter") && !!document.getElementById("learner-name") && !!document.getElementById("f-s")`))
				if err != nil || !ok {
					return fmt.Errorf("presenter class, learner name or σ slider missing (%v)", err)
				}
				// Text at least 20 px.
				ts, err := chromedp.Run(ctx, chromedp.Evaluate[textSize](smallestTextJS))
				if err != nil {
					return err
				}
				if ts.PX < 20 {
					return fmt.Errorf("at %d×%d the smallest text is %.1f px (%s)", w, h, ts.PX, ts.What)
				}
				// The plot is the largest square beside a slim column: it
				// fits the screen and takes its height but the top bar's
				// and the hint's.
				box, err := readPlotBox(ctx)
				if err != nil {
					return err
				}
				// The plot is a square; it and the line under it are on
				// screen; it takes the screen's height but for the top
				// bar, that line and the margins (≤ 110 px), or leaves a
				// slim column (≤ 360 px) beside it.
				frame, err := chromedp.Run(ctx, chromedp.Evaluate[[2]float64](
					`[document.querySelector(".top").getBoundingClientRect().bottom, document.querySelector(".plothint").getBoundingClientRect().bottom]`))
				if err != nil {
					return err
				}
				want := math.Min(float64(h)-frame[0]-110, float64(w)-360)
				if math.Abs(box.W-box.H) > 1 || box.W < want || box.X < 0 || box.X+box.W > float64(w) || frame[1] > float64(h) {
					return fmt.Errorf("at %d×%d the plot is %.0f×%.0f at (%.0f, %.0f), the line under it ends at y = %.0f; "+
						"want a square of at least %.0f px on screen", w, h, box.W, box.H, box.X, box.Y, frame[1], want)
				}
				t.Logf("measure: presenter at %d×%d: plot %.0f px square, smallest text %.0f px", w, h, box.W, ts.PX)
				screenshot(t, ctx, fmt.Sprintf("presenter-%dx%d.png", w, h))
				return nil
			})
		})
	}

	t.Run("ToggleAndClassLink", func(t *testing.T) {
		within(t, ctx, 60*time.Second, func(ctx context.Context) error {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)); err != nil {
				return err
			}
			if err := open(ctx, srv.URL, ""); err != nil {
				return err
			}
			click := func(id string) error {
				_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("`+id+
					`").dispatchEvent(new MouseEvent("click", {bubbles: true})), true`))
				return err
			}
			// The top bar keeps one row with the ▾ of the class dialog.
			if err := waitFor(ctx, `document.getElementById("copy-link").getBoundingClientRect().top < 20`, time.Second); err != nil {
				return fmt.Errorf("the top bar wraps at 1280 px: %w", err)
			}
			if err := click("class-link"); err != nil {
				return err
			}
			if err := click("presenter"); err != nil {
				return err
			}
			if err := waitFor(ctx, `!!document.querySelector(".app.presenter") && location.hash.includes("&pm=1")`, 5*time.Second); err != nil {
				return fmt.Errorf("the Presenter toggle: %w", err)
			}
			if err := click("presenter"); err != nil {
				return err
			}
			if err := waitFor(ctx, `!document.querySelector(".app.presenter") && !location.hash.includes("pm=")`, 5*time.Second); err != nil {
				return fmt.Errorf("the Presenter toggle off: %w", err)
			}
			// The class dialog (still open): tick the charts and Load
			// data, and presenter mode (off by default: issue 19 item 4),
			// copy.
			if err := waitFor(ctx, `document.getElementById("class-dialog").open`, 5*time.Second); err != nil {
				return err
			}
			url, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
				if (document.getElementById("class-presenter").checked) return "presenter ticked by default";
				document.getElementById("class-presenter").checked = true;
				for (const k of ["charts", "load"]) document.querySelector('#class-dialog input[data-key="' + k + '"]').checked = true;
				document.getElementById("class-copy").click();
				return document.getElementById("class-url").value;
			})()`))
			if err != nil {
				return err
			}
			_, hash, ok := strings.Cut(url, "#")
			if !ok {
				return fmt.Errorf("class link %q has no hash", url)
			}
			got, err := state.Decode(hash)
			if err != nil {
				return fmt.Errorf("class link %q: %w", url, err)
			}
			if !got.Presenter || !slices.Equal(got.Hide, []string{state.HideCharts, state.HideLoad}) {
				return fmt.Errorf("class link %q: presenter %v, hide %v; want presenter, hide [charts load]", url, got.Presenter, got.Hide)
			}
			screenshot(t, ctx, "class-dialog.png")
			return nil
		})
	})

	t.Run("HintsNotCut", func(t *testing.T) {
		// At 1280×800 every control's explanation is fully shown, in the
		// 2D view and the digits view.
		for _, hash := range []string{"", state.Encode(state.DigitsDefault())} {
			within(t, ctx, 60*time.Second, func(ctx context.Context) error {
				if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)); err != nil {
					return err
				}
				if err := chromedp.Do(ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(srv.URL+"/#"+hash)); err != nil {
					return err
				}
				if err := waitFor(ctx, `document.querySelectorAll(".hint").length > 3`, 30*time.Second); err != nil {
					return err
				}
				cut, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](cutHintsJS))
				if err != nil {
					return err
				}
				if len(cut) > 0 {
					return fmt.Errorf("link %q: %d explanations are cut: %q", hash, len(cut), cut)
				}
				return nil
			})
		}
	})
}
