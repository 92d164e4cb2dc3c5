//go:build !js

package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"kernelplay/ui/state"
)

// axePath is where `make axe` installs axe-core (npm, pinned in the Makefile).
var axePath = filepath.Join(".cache", "npm", "node_modules", "axe-core", "axe.min.js")

// axeViolation is one rule axe-core found broken: its id, impact
// ("minor", "moderate", "serious" or "critical"), help text and the
// offending elements' selectors with axe's summary of what is wrong.
type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target  []any  `json:"target"`
		Summary string `json:"failureSummary"`
	} `json:"nodes"`
}

// axeRunJS runs axe-core (already evaluated in the page) on the whole
// document and resolves to its violations.
const axeRunJS = `axe.run(document, {resultTypes: ["violations"]}).then(r => JSON.stringify(r.violations))`

// canvasTextJS counts the visible canvases ("N canvases") and lists those that are not aria-hidden and
// lack role="img", an aria-label, or an aria-describedby naming elements
// that exist and hold text, one string each.
const canvasTextJS = `(cs => [String(cs.length) + " canvases"].concat(cs.flatMap(c => {
  const id = c.id || c.className, d = (c.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
  const out = [];
  if (c.getAttribute("role") !== "img" || !c.getAttribute("aria-label")) out.push(id + ": no role=img with an aria-label");
  if (d.length === 0) out.push(id + ": no aria-describedby");
  for (const r of d) { const e = document.getElementById(r); if (!e || e.textContent.trim() === "") out.push(id + ": aria-describedby " + r + " is missing or empty"); }
  return out;
})))(Array.from(document.querySelectorAll("canvas")).filter(c =>
  c.getAttribute("aria-hidden") !== "true" && c.offsetParent !== null))`

// runAxe injects axe.min.js by DevTools evaluation (the page's CSP allows
// no inline script, but Runtime.evaluate is not subject to it) and returns
// the violations of impact serious or critical, and all of them.
func runAxe(ctx context.Context, src string) (bad, all []axeViolation, err error) {
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`typeof axe !== "undefined" || (() => {`+src+"\n; return true})()")); err != nil {
		return nil, nil, fmt.Errorf("injecting axe-core: %w", err)
	}
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](axeRunJS, chromedp.EvalAwaitPromise))
	if err != nil {
		return nil, nil, fmt.Errorf("axe.run: %w", err)
	}
	if err := json.Unmarshal([]byte(s), &all); err != nil {
		return nil, nil, err
	}
	for _, v := range all {
		if v.Impact == "serious" || v.Impact == "critical" {
			bad = append(bad, v)
		}
	}
	return bad, all, nil
}

func (v axeViolation) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s): %s", v.ID, v.Impact, v.Help)
	for i, n := range v.Nodes {
		if i == 5 {
			fmt.Fprintf(&b, "\n    … %d more", len(v.Nodes)-5)
			break
		}
		fmt.Fprintf(&b, "\n    %v: %s", n.Target, strings.ReplaceAll(n.Summary, "\n", " "))
	}
	return b.String()
}

// TestBrowserA11y runs axe-core on every view of the page — the 2D
// default, each task, the linear learners, digits, compare, a paper
// figure, the step inspector and the Save menu open — and fails on any
// violation of impact serious or critical (the minor and moderate ones are
// logged).
func TestBrowserA11y(t *testing.T) {
	srv := pageServer(t)
	src, err := os.ReadFile(axePath)
	need(t, err == nil, "axe-core is missing (make axe installs it): "+axePath)
	ctx := browser(t)

	edit := func(f func(*state.Config)) string {
		c := state.Default()
		f(&c)
		if err := c.Validate(); err != nil {
			t.Fatal(err)
		}
		return state.Encode(c)
	}
	paused := func(c *state.Config) { c.At = 40 } // a link paused at t = 40: the inspector shows its step
	fig4, _ := state.FigurePreset(state.FigureMulticlass)
	views := []struct {
		name, hash string
		setup      string // JavaScript run before axe, "" for none
	}{
		{"default", "", ""},
		{"multiclass", edit(func(c *state.Config) {
			c.Task, c.Classes, c.Preset, c.Sigma = state.TaskMulticlass, 3, state.PresetGaussians, 0.3
		}), ""},
		{"novelty", edit(func(c *state.Config) { c.Task, c.Nu, c.Preset = state.TaskNovelty, 0.2, state.PresetMoons }), ""},
		{"regression", edit(func(c *state.Config) {
			c.Task, c.Learner, c.Nu, c.Sigma = state.TaskRegression, state.LearnerNORMA, 0.2, 0.3
		}), ""},
		{"pegasos", edit(func(c *state.Config) { c.Learner = state.LearnerPegasos }), ""},
		{"res", edit(func(c *state.Config) { c.Learner = state.LearnerRES }), ""},
		{"digits", state.Encode(state.DigitsDefault()), ""},
		{"compare", state.Encode(state.ComparePreset()), ""},
		{"compare2d", edit(func(c *state.Config) {
			c.Preset, c.Compare = state.PresetRotating, state.LearnerNORMA
			c.Second.Sigma = 0.5
		}), `document.getElementById("surface2") !== null`},
		{"figure4", state.Encode(fig4), ""},
		{"inspector", edit(paused), `document.getElementById("inspector") !== null`},
		{"save-menu", edit(paused), `(document.getElementById("take-home").open = true, true)`},
		// issue 23: the lesson card and predict-then-reveal's panel, with a reveal
		{"lesson-quiz", "v1&lesson=svmd&quiz=1", `document.getElementById("lesson") !== null && (document.getElementById("quiz-reveal") !== null ||
		  (document.querySelector("#quiz button[data-choice]") || {click() {}}).click() || false)`},
	}
	for _, v := range views {
		t.Run(v.name, func(t *testing.T) {
			within(t, ctx, 90*time.Second, func(ctx context.Context) error {
				if err := open(ctx, srv.URL, v.hash); err != nil {
					return err
				}
				if v.setup != "" {
					if err := waitFor(ctx, v.setup, 10*time.Second); err != nil {
						return err
					}
				}
				// Every canvas a reader meets is an image with a name and
				// a description that exists and says something (axe
				// checks the name, not the description's target).
				probs, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](canvasTextJS))
				if err != nil {
					return err
				}
				if probs[0] == "0 canvases" || len(probs) > 1 {
					return fmt.Errorf("%s: canvases without a text alternative: %v", v.name, probs)
				}
				t.Logf("%s: each has role=img, a name and a description", probs[0])
				bad, all, err := runAxe(ctx, string(src))
				if err != nil {
					return err
				}
				for _, x := range all {
					t.Logf("axe: %v", x)
				}
				if len(bad) > 0 {
					return fmt.Errorf("%s: %d serious or critical accessibility violations (see the log)", v.name, len(bad))
				}
				return nil
			})
		})
	}
}

// TestBrowserPlotKeyboard is issue 11's “the keyboard adds and deletes
// points”: on a paused page, the focused plot's cursor moves with the
// arrows (→ does not step the run while the plot has the focus), Enter
// adds a point of the selected class at the cursor, Delete removes it,
// and space still plays.
func TestBrowserPlotKeyboard(t *testing.T) {
	srv := pageServer(t)
	ctx := browser(t)
	c := state.Default()
	c.Task, c.Classes, c.Preset, c.Sigma = state.TaskMulticlass, 3, state.PresetGaussians, 0.3
	c.At = 20 // paused at t = 20
	type point struct {
		X, Y  float64
		Class int
	}
	points := func(ctx context.Context) ([]point, error) {
		return chromedp.Run(ctx, chromedp.Evaluate[[]point](`window.kernelplay.config().Points.map(p => ({X: p.X, Y: p.Y, Class: p.Class}))`))
	}
	keys := func(ctx context.Context, ks ...string) error {
		for _, k := range ks {
			if err := chromedp.Do(ctx, chromedp.KeyEvent(k)); err != nil {
				return err
			}
		}
		return nil
	}
	within(t, ctx, 60*time.Second, func(ctx context.Context) error {
		if err := open(ctx, srv.URL, state.Encode(c)); err != nil {
			return err
		}
		// The focus on the plot (class 0, the brush a new page selects).
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(document.getElementById("plot").focus(), document.activeElement.id === "plot")`)); err != nil {
			return err
		}
		if err := waitFor(ctx, `document.activeElement.id === "plot"`, 5*time.Second); err != nil {
			return fmt.Errorf("the plot takes no focus: %w", err)
		}
		// (0, 0) → three steps right, two up: (0.15, 0.1); r and → must not
		// reach the page (reset, step).
		if err := keys(ctx, kb.ArrowRight, kb.ArrowRight, kb.ArrowRight, kb.ArrowUp, kb.ArrowUp, "r", kb.Enter); err != nil {
			return err
		}
		if err := waitFor(ctx, `window.kernelplay.config().Points.length === 1`, 5*time.Second); err != nil {
			return fmt.Errorf("Enter on the plot added no point: %w", err)
		}
		label, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("plot").getAttribute("aria-label")`))
		if err != nil {
			return err
		}
		if !strings.HasSuffix(label, "cursor at x 0.15, y 0.10") {
			return fmt.Errorf("the plot's name %q does not say where the cursor is (x 0.15, y 0.10)", label)
		}
		ps, err := points(ctx)
		if err != nil {
			return err
		}
		want := state.Quantize(state.Point{X: 0.15, Y: 0.1}) // as a link stores it
		if len(ps) != 1 || ps[0] != (point{want.X, want.Y, 0}) {
			return fmt.Errorf("Enter at the cursor added %+v, want one point of class 0 at %+v, (0.15, 0.1) quantised", ps, want)
		}
		st, err := readStats(ctx)
		if err != nil {
			return err
		}
		if st.T != 20 || st.Playing {
			return fmt.Errorf("the plot's keys reached the page: t = %d, playing %v; want paused at 20", st.T, st.Playing)
		}
		screenshot(t, ctx, "plot-keyboard.png")
		// One step left: the point is 0.05 away, within reach of Delete.
		if err := keys(ctx, kb.ArrowLeft, kb.Delete); err != nil {
			return err
		}
		if err := waitFor(ctx, `window.kernelplay.config().Points.length === 0`, 5*time.Second); err != nil {
			return fmt.Errorf("Delete on the plot did not remove the point: %w", err)
		}
		// Space is still the page's: it plays, and the plot's text
		// alternative (the read-outs it is described by) follows the run.
		const described = `document.getElementById(document.getElementById("plot").getAttribute("aria-describedby")).textContent`
		before, err := chromedp.Run(ctx, chromedp.Evaluate[string](described))
		if err != nil {
			return err
		}
		if err := keys(ctx, " "); err != nil {
			return err
		}
		if err := waitFor(ctx, `window.kernelplay.stats().playing && window.kernelplay.stats().t > 200`, 10*time.Second); err != nil {
			return fmt.Errorf("space on the focused plot did not play: %w", err)
		}
		if err := waitFor(ctx, described+` !== `+strconv.Quote(before), 5*time.Second); err != nil {
			return fmt.Errorf("the plot's description did not follow the run (still %q): %w", before, err)
		}
		return nil
	})
}
