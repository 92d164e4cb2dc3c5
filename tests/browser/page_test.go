//go:build !js

package browser

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Page is the page under test in one tab: its methods do one thing a user
// or the test does — open a link, click, press a key, step, read the
// statistics, wait for a condition, save a screenshot — and fail the test
// themselves (t.Helper, t.Fatalf) with what they were doing, so that a test
// reads as the path it walks:
//
//	p := openPage(t)
//	p.Open("")
//	p.Key(" ")
//	p.WaitFor(`!window.kernelplay.stats().playing`, 5*time.Second)
//	p.StepSequence(0)
//	p.Screenshot("clicked.png")
//
// Each call carries its own deadline ([pageCallTimeout], Open and WaitFor
// theirs), so a hung page fails the test instead of the whole run timing
// out. A subtest takes the page with [Page.In].
type Page struct {
	t    *testing.T
	ctx  context.Context // the tab
	base string          // serve.go's address, http://127.0.0.1:port
}

// pageCallTimeout bounds one action or evaluation of a Page method.
const pageCallTimeout = 30 * time.Second

// openPage gives the test a fresh tab of the package's Chromium (browser)
// on the page served by serve.go (pageServer); nothing is loaded yet.
func openPage(t *testing.T) *Page {
	t.Helper()
	srv := pageServer(t)
	return &Page{t: t, ctx: browser(t), base: srv.URL}
}

// In returns the page for the (sub)test t: the same tab, failures reported
// to t.
func (p *Page) In(t *testing.T) *Page {
	return &Page{t: t, ctx: p.ctx, base: p.base}
}

// Ctx is the tab's context, for what the page object does not cover.
func (p *Page) Ctx() context.Context { return p.ctx }

// NewTab opens a second tab in the same browser context (the same storage:
// a link opened in a new tab), closed when the test ends.
func (p *Page) NewTab() *Page {
	p.t.Helper()
	tab, cancel := chromedp.NewContext(p.ctx)
	p.t.Cleanup(cancel)
	// The tab's first action opens it; it must not carry a timeout.
	if err := chromedp.Do(tab, chromedp.Navigate("about:blank")); err != nil {
		p.t.Fatalf("opening a new tab: %v", err)
	}
	return &Page{t: p.t, ctx: tab, base: p.base}
}

// do runs actions with the call deadline and fails the test with what.
func (p *Page) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, pageCallTimeout)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		p.t.Fatalf("%s: %v", what, err)
	}
}

// pageEval evaluates the JavaScript expression in p's tab and returns its
// value as T (a Go function: methods take no type parameters).
func pageEval[T any](p *Page, expr string) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, pageCallTimeout)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		p.t.Fatalf("evaluating %.200s: %v", expr, err)
	}
	return v
}

// Open loads the page afresh at link — a hash ("" for the default demo,
// "v1&…" for a state) on serve.go, or a whole URL (a copied link) — and
// waits for the first drawn surface ([open]).
func (p *Page) Open(link string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 60*time.Second)
	defer cancel()
	var err error
	if len(link) > 7 && (link[:7] == "http://" || link[:8] == "https://") {
		err = chromedp.Do(ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(link))
		if err == nil {
			err = waitFor(ctx, `window.kernelplay !== undefined && window.kernelplay.stats().frames > 0`, 20*time.Second)
		}
	} else {
		err = open(ctx, p.base, link)
	}
	if err != nil {
		p.t.Fatalf("opening %q: %v", link, err)
	}
}

// Click clicks the element with the given id.
func (p *Page) Click(id string) {
	p.t.Helper()
	p.do("clicking #"+id, chromedp.Click(chromedp.ID(id)))
}

// Key presses keys (kb.ArrowRight, " ", "r" …) on the focused element.
func (p *Page) Key(keys ...string) {
	p.t.Helper()
	for _, k := range keys {
		p.do(fmt.Sprintf("pressing %q", k), chromedp.KeyEvent(k))
	}
}

// Step clicks the Step button n times (one example each).
func (p *Page) Step(n int) {
	p.t.Helper()
	for range n {
		p.Click("step")
	}
}

// ShiftStep shift-clicks the Step button n times (ten examples each), in
// one script: n clicks as fast as the page takes them.
func (p *Page) ShiftStep(n int) {
	p.t.Helper()
	pageEval[bool](p, shiftStepJS(n))
}

// shiftStepJS dispatches n shift-clicks on the Step button.
func shiftStepJS(n int) string {
	return fmt.Sprintf(`(() => { for (let i = 0; i < %d; i++) document.getElementById("step").dispatchEvent(new MouseEvent("click", {bubbles: true, shiftKey: true})); return true })()`, n)
}

// StepSequence is the tests' fixed path of 115 examples from step t0 on a
// paused run, through the three ways of stepping: five clicks on Step and
// ten → keys (15 examples, checked), then ten shift-clicks on Step (100
// more, checked). Two runs that take it from the same state are the same
// run (the link test compares their traces).
func (p *Page) StepSequence(t0 int) {
	p.t.Helper()
	p.Step(5)
	for range 10 {
		p.Key(kb.ArrowRight)
	}
	if st := p.Stats(); st.T != t0+15 {
		p.t.Fatalf("after 5 Step clicks and 10 → keys t = %d, want %d", st.T, t0+15)
	}
	p.ShiftStep(10)
	if st := p.Stats(); st.T != t0+115 {
		p.t.Fatalf("after 10 shift-clicks on Step t = %d, want %d", st.T, t0+115)
	}
}

// Text is the text of the element with the given id.
func (p *Page) Text(id string) string {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, pageCallTimeout)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID(id)))
	if err != nil {
		p.t.Fatalf("reading #%s's text: %v", id, err)
	}
	return s
}

// Stats is window.kernelplay.stats().
func (p *Page) Stats() pageStats {
	p.t.Helper()
	return pageEval[pageStats](p, `window.kernelplay.stats()`)
}

// Trace is window.kernelplay.trace(): the run's trace as JSON.
func (p *Page) Trace() string {
	p.t.Helper()
	return pageEval[string](p, `window.kernelplay.trace()`)
}

// WaitFor waits up to d for the JavaScript expression to be true ([waitFor]).
func (p *Page) WaitFor(expr string, d time.Duration) {
	p.t.Helper()
	if err := waitFor(p.ctx, expr, d); err != nil {
		p.t.Fatal(err)
	}
}

// CopyLink presses "Copy link" and returns what the page copied.
func (p *Page) CopyLink() string {
	p.t.Helper()
	p.Click("copy-link")
	ctx, cancel := context.WithTimeout(p.ctx, pageCallTimeout)
	defer cancel()
	link, err := chromedp.Run(ctx, chromedp.Poll[string](`window.kernelplay.lastCopied()`, chromedp.WithPollingTimeout(5*time.Second)))
	if err != nil {
		p.t.Fatalf("Copy link copied nothing: %v", err)
	}
	return link
}

// PlotBox is the plot canvas's bounding box in CSS pixels.
func (p *Page) PlotBox() plotBox {
	p.t.Helper()
	b, err := readPlotBox(p.ctx)
	if err != nil {
		p.t.Fatalf("reading the plot's box: %v", err)
	}
	return b
}

// ClickPlot clicks the plot at (x, y) in plot coordinates [−1, 1]² with the
// mouse options (shift, right button …).
func (p *Page) ClickPlot(x, y float64, opt ...chromedp.MouseOption) {
	p.t.Helper()
	px, py := p.PlotBox().toPage(x, y)
	p.do(fmt.Sprintf("clicking the plot at (%g, %g)", x, y), chromedp.MouseClickXY(px, py, opt...))
}

// Screenshot saves the tab as testdata/screenshots/name (PNG) and returns
// the path.
func (p *Page) Screenshot(name string) string {
	p.t.Helper()
	return screenshot(p.t, p.ctx, name)
}

// TestBrowserFreshTab: every test gets a tab of its own, in a browser
// context of its own, of the one Chromium: the window's size, and storage
// that starts empty (what one test stores, the next does not see; the
// introduction is marked seen in it and nothing else).
func TestBrowserFreshTab(t *testing.T) {
	var origin string
	for i := range 2 {
		t.Run(fmt.Sprint("Tab", i), func(t *testing.T) {
			p := openPage(t)
			p.Open("")
			if origin == "" {
				origin = pageEval[string](p, `location.origin`)
			} else if o := pageEval[string](p, `location.origin`); o != origin {
				t.Fatalf("the second tab's page is at %s, the first's at %s: want one origin, to test isolation", o, origin)
			}
			if w, h := pageEval[int](p, `window.innerWidth`), pageEval[int](p, `window.innerHeight`); w != browserWidth || h > browserHeight || h < browserHeight-150 {
				t.Errorf("the tab's window is %d×%d, want %d wide and at most %d high", w, h, browserWidth, browserHeight)
			}
			keys := pageEval[[]string](p, `Object.keys(localStorage).filter(k => k !== "kernelplay.intro" && k !== "kernelplay.test-isolation")`)
			if mark := pageEval[string](p, `localStorage.getItem("kernelplay.test-isolation") || ""`); mark != "" {
				t.Errorf("tab %d sees what an earlier test stored (%q): tabs do not start afresh", i, mark)
			}
			pageEval[bool](p, fmt.Sprintf(`localStorage.setItem("kernelplay.test-isolation", "tab %d"), true`, i))
			t.Logf("tab %d: %s, the page's own storage keys %q", i, origin, keys)
		})
	}
}

// uploadBytes writes data to a file named name in a temporary directory of
// t and hands it to the page's file input with the given id, as a user's
// choice in the file dialog does (Load model…, Load data…).
func uploadBytes(ctx context.Context, t *testing.T, inputID, name string, data []byte) error {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		return err
	}
	return chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.ID(inputID), []string{p}))
}
