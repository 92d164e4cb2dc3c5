//go:build !js

package browser

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The linear solvers in the page (issue 5), driven in headless Chromium with
// the helpers of browser_test.go: Pegasos and AMM chosen from the learner
// select, points clicked and learned, hyperplanes read back through
// window.kernelplay.hyperplanes() and predictions at the clicked points;
// the RES-vs-SGD preset chosen from the data set select, played, both
// objective curves moving. Screenshots go to testdata/screenshots/.

// linHyperLine is one entry of window.kernelplay.hyperplanes().
type linHyperLine struct {
	Class   int       `json:"class"`
	Index   int       `json:"index"`
	Class2  int       `json:"class2"`
	Index2  int       `json:"index2"`
	Level   float64   `json:"level"`
	W       []float64 `json:"w"`
	Solid   int       `json:"solid"`
	Dashed  int       `json:"dashed"`
	Dashed2 int       `json:"dashed2"`
}

// linObjective is window.kernelplay.objective().
type linObjective struct {
	T   int `json:"t"`
	RES struct {
		N int      `json:"n"`
		T float64  `json:"t"`
		F *float64 `json:"f"`
	} `json:"res"`
	SGD struct {
		N int      `json:"n"`
		T float64  `json:"t"`
		F *float64 `json:"f"`
	} `json:"sgd"`
}

// choose sets a <select> by id and fires its change event, as a user's
// choice does.
func linChoose(ctx context.Context, id, value string) error {
	ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`(() => {
  const s = document.getElementById(%q);
  if (!s || ![...s.options].some(o => o.value === %q)) return false;
  s.value = %q;
  s.dispatchEvent(new Event("change", {bubbles: true}));
  return true;
})()`, id, value, value)))
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("select #%s has no option %q", id, value)
	}
	return nil
}

// clickPoints pauses the page, then clicks points of class 0 (plain click)
// and class 1 (right click) on the plot, and starts a run on them alone.
func linClickPoints(ctx context.Context, pts [][3]float64) error {
	if err := waitFor(ctx, `(() => { if (window.kernelplay.stats().playing) document.getElementById("play").click(); return !window.kernelplay.stats().playing })()`, 5*time.Second); err != nil {
		return fmt.Errorf("cannot pause: %w", err)
	}
	box, err := readPlotBox(ctx)
	if err != nil {
		return err
	}
	for _, p := range pts {
		x, y := box.toPage(p[0], p[1])
		var opt []chromedp.MouseOption
		if p[2] == 1 {
			opt = append(opt, chromedp.ButtonRight)
		}
		if err := chromedp.Do(ctx, chromedp.MouseClickXY(x, y, opt...)); err != nil {
			return err
		}
	}
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`window.kernelplay.config().Points.length`))
	if err != nil {
		return err
	}
	if n != len(pts) {
		return fmt.Errorf("%d points were added, want %d", n, len(pts))
	}
	// The clicks joined the running demo; learn from them alone (a new
	// run from t = 0).
	return chromedp.Do(ctx, chromedp.Click(chromedp.ID("only-clicked")))
}

// linStepTens clicks Step with shift n times (10 examples each).
func linStepTens(ctx context.Context, n int) error {
	_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](shiftStepJS(n)))
	return err
}

func linPredictionsMatch(ctx context.Context, pts [][3]float64) error {
	for _, p := range pts {
		got, err := chromedp.Run(ctx, chromedp.Evaluate[int](fmt.Sprintf(`window.kernelplay.predict(%g, %g)`, p[0], p[1])))
		if err != nil {
			return err
		}
		if got != int(p[2]) {
			return fmt.Errorf("the model predicts class %d at (%g, %g), a class-%d point", got, p[0], p[1], int(p[2]))
		}
	}
	return nil
}

func linReadHyperplanes(ctx context.Context) ([]linHyperLine, error) {
	return chromedp.Run(ctx, chromedp.Evaluate[[]linHyperLine](`window.kernelplay.hyperplanes()`))
}

func TestBrowserLinear(t *testing.T) {
	srv := pageServer(t)
	ctx := browser(t)

	t.Run("Pegasos", func(t *testing.T) {
		// Two classes split by the line x = 0.1·y: class 0 left, class 1 right.
		pts := [][3]float64{{-0.6, 0.5, 0}, {-0.5, -0.1, 0}, {-0.7, -0.6, 0}, {-0.3, 0.2, 0},
			{0.6, 0.5, 1}, {0.5, 0, 1}, {0.6, -0.6, 1}, {0.3, -0.2, 1}}
		within(t, ctx, 60*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, ""); err != nil {
				return err
			}
			if err := linChoose(ctx, "learner-select", "pegasos"); err != nil {
				return err
			}
			if err := linClickPoints(ctx, pts); err != nil {
				return err
			}
			if err := linStepTens(ctx, 30); err != nil {
				return err
			}
			st, err := readStats(ctx)
			if err != nil {
				return err
			}
			if st.T != 300 || st.Message != "" {
				return fmt.Errorf("after 30 shift-steps t = %d, message %q", st.T, st.Message)
			}
			lines, err := linReadHyperplanes(ctx)
			if err != nil {
				return err
			}
			t.Logf("Pegasos hyperplanes after %d steps: %+v", st.T, lines)
			levels := map[float64]bool{}
			for _, l := range lines {
				if l.Class != -1 || l.Solid != 1 {
					return fmt.Errorf("Pegasos line %+v: want one solid line of class −1", l)
				}
				levels[l.Level] = true
			}
			if !levels[0] || !levels[1] || !levels[-1] {
				return fmt.Errorf("Pegasos draws levels %v, want 0 and ±1", levels)
			}
			// w points from class 0 (left) to class 1 (right).
			if w := lines[0].W; !(w[0] > 0 && w[0] > linAbs(w[1])) {
				return fmt.Errorf("w = %v does not point right", w)
			}
			return linPredictionsMatch(ctx, pts)
		})
		screenshot(t, ctx, "linear-pegasos.png")
	})

	t.Run("AMMOnXOR", func(t *testing.T) {
		// XOR: class 1 in the first and third quadrants, class 0 in the others.
		var pts [][3]float64
		for _, q := range [][3]float64{{1, 1, 1}, {-1, -1, 1}, {-1, 1, 0}, {1, -1, 0}} {
			for _, r := range [][2]float64{{0.3, 0.3}, {0.7, 0.3}, {0.3, 0.7}, {0.65, 0.65}} {
				pts = append(pts, [3]float64{q[0] * r[0], q[1] * r[1], q[2]})
			}
		}
		within(t, ctx, 90*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, ""); err != nil {
				return err
			}
			if err := linChoose(ctx, "learner-select", "amm"); err != nil {
				return err
			}
			if err := linChoose(ctx, "preset-select", "xor"); err != nil {
				return err
			}
			if err := linClickPoints(ctx, pts); err != nil {
				return err
			}
			if err := linStepTens(ctx, 200); err != nil {
				return err
			}
			lines, err := linReadHyperplanes(ctx)
			if err != nil {
				return err
			}
			// Distinct hyperplanes in the drawn pairs, per class; solid and
			// dashed stretches.
			planes := map[[2]int]bool{}
			solid, dashed := 0, 0
			for _, l := range lines {
				if l.Class < 0 || l.Class2 < 0 || l.Class == l.Class2 {
					return fmt.Errorf("AMM line %+v is not a pair of pieces of two classes", l)
				}
				planes[[2]int{l.Class, l.Index}] = true
				planes[[2]int{l.Class2, l.Index2}] = true
				solid += l.Solid
				dashed += l.Dashed + l.Dashed2
			}
			per := map[int]int{}
			for k := range planes {
				per[k[0]]++
			}
			st, err := readStats(ctx)
			if err != nil {
				return err
			}
			t.Logf("AMM after %d steps: %d lines, hyperplanes in use per class %v, %d solid and %d dashed stretches", st.T, len(lines), per, solid, dashed)
			// XOR's boundary is the two axes: four half-axes, each a
			// boundary piece between a different pair of hyperplanes.
			if per[0] < 2 || per[1] < 2 || solid < 4 {
				return fmt.Errorf("AMM draws %d solid stretches with hyperplanes per class %v; XOR needs ≥ 4 and ≥ 2 per class", solid, per)
			}
			return linPredictionsMatch(ctx, pts)
		})
		screenshot(t, ctx, "linear-amm-xor.png")
		// The XOR generator (noisy, uneven pieces) for a few seconds.
		within(t, ctx, 30*time.Second, func(ctx context.Context) error {
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("clear-points"))); err != nil {
				return err
			}
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("play"))); err != nil {
				return err
			}
			return waitFor(ctx, `window.kernelplay.stats().t > 1500`, 20*time.Second)
		})
		screenshot(t, ctx, "linear-amm-xor-stream.png")
	})

	t.Run("RESvsSGD", func(t *testing.T) {
		within(t, ctx, 90*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, ""); err != nil {
				return err
			}
			if err := linChoose(ctx, "preset-select", "res-vs-sgd"); err != nil {
				return err
			}
			if err := waitFor(ctx, `window.kernelplay.objective() !== null && window.kernelplay.stats().t > 200`, 20*time.Second); err != nil {
				return fmt.Errorf("the preset does not run: %w", err)
			}
			first, err := chromedp.Run(ctx, chromedp.Evaluate[linObjective](`window.kernelplay.objective()`))
			if err != nil {
				return err
			}
			if err := waitFor(ctx, fmt.Sprintf(`window.kernelplay.stats().t > %d`, max(3000, 4*first.T)), 30*time.Second); err != nil {
				return err
			}
			later, err := chromedp.Run(ctx, chromedp.Evaluate[linObjective](`window.kernelplay.objective()`))
			if err != nil {
				return err
			}
			t.Logf("objective at t = %d: RES F = %v (%d points), SGD F = %v (%d points)", first.T, linDeref(first.RES.F), first.RES.N, linDeref(first.SGD.F), first.SGD.N)
			t.Logf("objective at t = %d: RES F = %v (%d points), SGD F = %v (%d points)", later.T, linDeref(later.RES.F), later.RES.N, linDeref(later.SGD.F), later.SGD.N)
			if first.RES.F == nil || first.SGD.F == nil || later.RES.F == nil || later.SGD.F == nil {
				return fmt.Errorf("a curve is missing: %+v %+v", first, later)
			}
			if !(later.RES.N > first.RES.N && later.SGD.N > first.SGD.N) {
				return fmt.Errorf("the curves did not grow: %d → %d, %d → %d points", first.RES.N, later.RES.N, first.SGD.N, later.SGD.N)
			}
			if *later.RES.F == *first.RES.F || *later.SGD.F == *first.SGD.F {
				return fmt.Errorf("a curve did not move: RES %v → %v, SGD %v → %v", *first.RES.F, *later.RES.F, *first.SGD.F, *later.SGD.F)
			}
			// The link holds the preset: opened afresh it runs the comparison again.
			link, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.kernelplay.link()`))
			if err != nil {
				return err
			}
			if !strings.Contains(link, "p=res-vs-sgd") {
				return fmt.Errorf("the link %q does not hold the preset", link)
			}
			return nil
		})
		time.Sleep(300 * time.Millisecond)
		screenshot(t, ctx, "linear-res-vs-sgd.png")
	})
}

func linAbs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

func linDeref(p *float64) any {
	if p == nil {
		return nil
	}
	return *p
}
