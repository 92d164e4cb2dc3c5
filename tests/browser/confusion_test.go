//go:build !js

package browser

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"kernelplay/ui/state"
)

// cellAt is the page-side layout of a 10-class confusion matrix
// (render.ConfusionCellAt's inverse): the viewport point of the centre of
// cell (row, col) of canvas confusion-0, scrolled into view.
const cellAt = `((row, col) => { const e = document.getElementById("confusion-0"); e.scrollIntoView({block: "center"});
  const r = e.getBoundingClientRect(), lab = 18, size = Math.min(r.width - lab - 2, r.height - lab - 2), side = size / 10;
  return [r.left + lab + (col + 0.5) * side, r.top + lab + (row + 0.5) * side] })`

// TestBrowserConfusionCell: on the paused 8×8 digits run at step 300, a
// click on an off-diagonal confusion cell that counts examples opens the
// panel of its examples: its title names the cell, it lists between one
// and four examples, each of the cell's classes and with its pulls, and
// its thumbnails are painted; then the keyboard (focus, End, ArrowLeft,
// Enter) opens cell (9, 8) and the matrix's accessible name follows the
// cursor; a click on the gallery's first tile opens the oldest support
// vector in the same panel. At 1280×800 and on a 390 px phone; screenshots
// confusion-cell-desktop.png and confusion-cell-phone.png.
func TestBrowserConfusionCell(t *testing.T) {
	srv := pageServer(t)
	for _, c := range []struct {
		name  string
		w, h  int64
		phone bool
	}{{"desktop", 1280, 800, false}, {"phone", 390, 844, true}} {
		t.Run(c.name, func(t *testing.T) {
			ctx := browser(t)
			opts := []chromedp.EmulateViewportOption{}
			if c.phone {
				opts = append(opts, chromedp.EmulateScale(3), chromedp.EmulateMobile, chromedp.EmulateTouch)
			}
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(c.w, c.h, opts...)); err != nil {
				t.Fatal(err)
			}
			d := state.DigitsDefault()
			d.Playing, d.At = false, 300
			within(t, ctx, 120*time.Second, func(ctx context.Context) error {
				if err := open(ctx, srv.URL, state.Encode(d)); err != nil {
					return err
				}
				if err := waitFor(ctx, `!!document.getElementById("confusion-0") && document.getElementById("inspector")?.dataset.t === "300"`, 30*time.Second); err != nil {
					return fmt.Errorf("the paused digits run did not reach step 300: %w", err)
				}
				// Find an off-diagonal cell with examples: synthetic clicks
				// at each cell's centre until the panel lists some.
				// (The panel renders on the next animation frame: wait for it.)
				found, err := chromedp.Run(ctx, chromedp.Evaluate[[2]int](`(async () => { const at = `+cellAt+`;
				  const e = document.getElementById("confusion-0");
				  for (let r = 0; r < 10; r++) for (let c = 0; c < 10; c++) { if (r === c) continue;
				    const [x, y] = at(r, c); e.dispatchEvent(new MouseEvent("click", {bubbles: true, clientX: x, clientY: y}));
				    for (let i = 0; i < 20 && !(document.getElementById("cell-title")||{}).textContent?.includes("true " + r + ", predicted " + c); i++)
				      await new Promise(f => setTimeout(f, 25));
				    if (document.querySelectorAll("#cell-list li").length > 0) return [r, c] }
				  return [-1, -1] })()`, chromedp.EvalAwaitPromise))
				if err != nil {
					return err
				}
				if found[0] < 0 {
					return fmt.Errorf("no off-diagonal cell opened examples after 300 steps")
				}
				// Close it, then open it again with a real click.
				if err := clickID(ctx, "cell-close"); err != nil {
					return err
				}
				if err := waitFor(ctx, `!document.getElementById("cell-title")`, 5*time.Second); err != nil {
					return err
				}
				p, err := chromedp.Run(ctx, chromedp.Evaluate[[2]float64](fmt.Sprintf(`(`+cellAt+`)(%d, %d)`, found[0], found[1])))
				if err != nil {
					return err
				}
				if err := chromedp.Do(ctx, chromedp.MouseClickXY(p[0], p[1])); err != nil {
					return err
				}
				want := fmt.Sprintf("true %d, predicted %d", found[0], found[1])
				if err := waitFor(ctx, `(document.getElementById("cell-title")||{}).textContent?.includes("`+want+`")`, 5*time.Second); err != nil {
					return fmt.Errorf("a click on cell %v did not open it: %w", found, err)
				}
				items, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#cell-list li")].map(e => e.textContent)`))
				if err != nil {
					return err
				}
				if len(items) < 1 || len(items) > 4 {
					return fmt.Errorf("%d examples listed, want 1 to 4", len(items))
				}
				for _, it := range items {
					if !strings.Contains(it, want) || !strings.Contains(it, "pulled by") {
						return fmt.Errorf("item %q is not of cell %q or has no pulls", it, want)
					}
				}
				if err := waitFor(ctx, `!!document.getElementById("cell-thumbs")`, 5*time.Second); err != nil {
					return err
				}
				if err := waitFor(ctx, `(() => { const c = document.getElementById("cell-thumbs"); if (!c || !c.width) return false;
				  const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data; let n = 0;
				  for (let i = 0; i < d.length; i += 4) if (d[i] < 128) n++; return n > 200 })()`, 5*time.Second); err != nil {
					return fmt.Errorf("the thumbnails are not painted: %w", err)
				}
				if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(document.getElementById("confusion-cell").scrollIntoView({block: "start"}), true)`)); err != nil {
					return err
				}
				time.Sleep(300 * time.Millisecond)
				screenshot(t, ctx, "confusion-cell-"+c.name+".png")
				// The keyboard: focus the matrix, End (9, 9), ArrowLeft (9, 8), Enter.
				if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(document.getElementById("confusion-0").focus(), true)`)); err != nil {
					return err
				}
				for _, k := range []string{"End", "ArrowLeft", "Enter"} {
					if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("confusion-0").dispatchEvent(new KeyboardEvent("keydown", {key: "`+k+`", bubbles: true, cancelable: true}))`)); err != nil {
						return err
					}
				}
				if err := waitFor(ctx, `(document.getElementById("cell-title")||{}).textContent?.includes("true 9, predicted 8") &&
				  document.getElementById("confusion-0").getAttribute("aria-label").includes("cell true 9, predicted 8")`, 5*time.Second); err != nil {
					return fmt.Errorf("the keyboard did not open cell (9, 8): %w", err)
				}
				// The gallery: a click on its first tile opens the oldest
				// support vector in the same panel.
				g, err := chromedp.Run(ctx, chromedp.Evaluate[[2]float64](`(e => (e.scrollIntoView({block: "center"}),
				  (r => [r.left + 4, r.top + 4])(e.getBoundingClientRect())))(document.getElementById("gallery-0"))`))
				if err != nil {
					return err
				}
				if err := chromedp.Do(ctx, chromedp.MouseClickXY(g[0], g[1])); err != nil {
					return err
				}
				if err := waitFor(ctx, `(document.getElementById("cell-title")||{}).textContent?.includes("support vector 1 of")`, 5*time.Second); err != nil {
					return fmt.Errorf("a click on the gallery's first tile did not open the oldest support vector: %w", err)
				}
				return nil
			})
		})
	}
}
