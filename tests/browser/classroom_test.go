//go:build !js

package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"kernelplay/ui/state"
)

// The classroom paths of issue 19, walked in headless Chromium as a
// teacher and a student take them: a class link made while paused, opened
// in presenter mode on a projector (1024×768) and a large screen
// (1920×1080), Pause, Step, Play; the same link on a 390 px phone with
// touch. A walkPage is the page object: each of its methods does what a
// user does and fails the test itself with what it saw.

// walkPointsJS counts the data points and support-vector rings drawn on
// the plot: the line worker's canvas (#lines, read through drawImage) and
// the plot canvas (#plot, where the page stamps the markers without a
// worker) composited without the surface, and their opaque pixels in a
// class colour (render.ClassColors 0 and 1, Okabe–Ito blue and orange,
// within 40 per channel: the points' fills) and in dark ink (the rings,
// the boundary and the legend).
const walkPointsJS = `(() => {
  const p = document.getElementById("plot");
  if (!p || p.width === 0) return {points: 0, ink: 0};
  const c = document.createElement("canvas"); c.width = p.width; c.height = p.height;
  const x = c.getContext("2d");
  const l = document.getElementById("lines");
  if (l && l.width > 0) x.drawImage(l, 0, 0, c.width, c.height);
  x.drawImage(p, 0, 0);
  const d = x.getImageData(0, 0, c.width, c.height).data;
  const cls = [[0x00, 0x72, 0xb2], [0xe6, 0x9f, 0x00]];
  let points = 0, ink = 0;
  for (let i = 0; i < d.length; i += 4) {
    if (d[i+3] < 250) continue;
    const r = d[i], g = d[i+1], b = d[i+2];
    if (cls.some(k => Math.abs(k[0] - r) < 40 && Math.abs(k[1] - g) < 40 && Math.abs(k[2] - b) < 40)) points++;
    else if (r < 60 && g < 60 && b < 60) ink++;
  }
  const dpr = c.width / p.getBoundingClientRect().width;
  return {points: points / (dpr * dpr), ink: ink / (dpr * dpr)};
})()`

// walkPoints is walkPointsJS's answer, in CSS pixels².
type walkPoints struct {
	Points float64 `json:"points"`
	Ink    float64 `json:"ink"`
}

// walkMinPointPx is the least area (CSS px²) of class-coloured point fills a
// plot with its points drawn shows: one point's fill is a disc of radius
// pointRadius (ui/plotmarks.go, 4 px: about 50 px²); the default demo at
// t ≥ 100 shows dozens.
const walkMinPointPx = 400

// walkViewJS reads what the user sees: the viewport, the page's scroll
// position and size, the boxes of the plot and the top bar, and the
// charts' box when there are charts.
const walkViewJS = `(() => {
  const box = q => { const e = document.querySelector(q); if (!e) return null;
    const r = e.getBoundingClientRect(); return {x: r.left, y: r.top, w: r.width, h: r.height}; };
  const se = document.scrollingElement;
  return {vw: innerWidth, vh: innerHeight, scrollX: scrollX, scrollY: scrollY,
    pageW: se.scrollWidth, pageH: se.scrollHeight,
    plot: box("#plot"), top: box("header.top"), charts: box("canvas.charts"), step: box("#step")};
})()`

// walkBox is a bounding box in CSS pixels (viewport coordinates).
type walkBox struct{ X, Y, W, H float64 }

// walkIn reports whether b lies fully inside a vw×vh viewport (half a
// pixel of rounding allowed).
func (b *walkBox) walkIn(vw, vh float64) bool {
	return b != nil && b.W > 0 && b.H > 0 && b.X >= -0.5 && b.Y >= -0.5 && b.X+b.W <= vw+0.5 && b.Y+b.H <= vh+0.5
}

func (b *walkBox) String() string {
	if b == nil {
		return "missing"
	}
	return fmt.Sprintf("%.0f×%.0f at (%.0f, %.0f)", b.W, b.H, b.X, b.Y)
}

// walkView is walkViewJS's answer.
type walkView struct {
	VW, VH           float64
	ScrollX, ScrollY float64
	PageW, PageH     float64
	Plot, Top        *walkBox
	Charts, Step     *walkBox
}

// walkPage is one tab walking a classroom path at one screen size: the
// page object (Page) with what the walk checks.
type walkPage struct {
	*Page
	name  string // the screenshots' prefix: walk-<name>-…
	touch bool   // a phone: taps instead of clicks
	shot  int
}

// walkOpen opens hash at w×h (a phone with touch and a pixel ratio of 3
// when touch) and waits for the first drawn surface.
func walkOpen(t *testing.T, ctx context.Context, srv, name string, w, h int64, touch bool, hash string) *walkPage {
	t.Helper()
	var opts []chromedp.EmulateViewportOption
	if touch {
		opts = append(opts, chromedp.EmulateScale(3), chromedp.EmulateMobile, chromedp.EmulateTouch)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, h, opts...)); err != nil {
		t.Fatalf("%s: emulating %d×%d: %v", name, w, h, err)
	}
	if err := open(ctx, srv, hash); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return &walkPage{Page: &Page{t: t, ctx: ctx, base: srv}, name: name, touch: touch}
}

// view reads what the user sees.
func (p *walkPage) view() walkView {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[walkView](walkViewJS))
	if err != nil {
		p.t.Fatalf("%s: reading the view: %v", p.name, err)
	}
	return v
}

// points reads what the plot shows of the points.
func (p *walkPage) points() walkPoints {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[walkPoints](walkPointsJS))
	if err != nil {
		p.t.Fatalf("%s: reading the plot: %v", p.name, err)
	}
	return v
}

// waitPaused waits until the run is paused and two more frames are drawn.
func (p *walkPage) waitPaused(when string) {
	p.t.Helper()
	if err := waitFor(p.ctx, `!window.kernelplay.stats().playing`, 10*time.Second); err != nil {
		p.t.Fatalf("%s %s: the run does not pause: %v", p.name, when, err)
	}
	p.frames(2)
}

// frames waits for n animation frames of the browser (a paused page
// draws only when something changed, so its own frame count stands still).
func (p *walkPage) frames(n int) {
	p.t.Helper()
	js := `new Promise(done => { let k = ` + strconv.Itoa(n) + `; const f = () => --k > 0 ? requestAnimationFrame(f) : done(true); requestAnimationFrame(f); })`
	if _, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](js, chromedp.EvalAwaitPromise)); err != nil {
		p.t.Fatalf("%s: no frames: %v", p.name, err)
	}
}

// press clicks (or, on a phone, taps) the element with id at its centre,
// as the user does: what is drawn on top there gets it. The element must
// be on screen already: the walk never scrolls for the user.
func (p *walkPage) press(id string) {
	p.t.Helper()
	r, err := chromedp.Run(p.ctx, chromedp.Evaluate[*walkBox](`(e => e && (r => ({X: r.left, Y: r.top, W: r.width, H: r.height}))(e.getBoundingClientRect()))(document.getElementById(`+strconv.Quote(id)+`))`))
	if err != nil || r == nil {
		p.t.Fatalf("%s: no #%s (%v)", p.name, id, err)
	}
	v := p.view()
	if !r.walkIn(v.VW, v.VH) {
		p.t.Fatalf("%s: #%s is off screen: %v in %.0f×%.0f", p.name, id, r, v.VW, v.VH)
	}
	x, y := r.X+r.W/2, r.Y+r.H/2
	if p.touch {
		err = chromedp.Do(p.ctx, chromedp.TapXY(x, y))
	} else {
		err = chromedp.Do(p.ctx, chromedp.MouseClickXY(x, y))
	}
	if err != nil {
		p.t.Fatalf("%s: pressing #%s: %v", p.name, id, err)
	}
}

// check asserts what the classroom needs to see after what the user did:
// the plot fully on screen and drawn with its points, the top bar on
// screen, the page not scrolled away from where it was (scrollY as
// before: nothing but the user's own scrolling moves it), and it saves a
// screenshot walk-<name>-<n>-<what>.png.
func (p *walkPage) check(what string, scrollY float64) walkView {
	p.t.Helper()
	v := p.view()
	var bad []string
	if !v.Plot.walkIn(v.VW, v.VH) {
		bad = append(bad, fmt.Sprintf("the plot is %v, not inside the %.0f×%.0f screen", v.Plot, v.VW, v.VH))
	}
	if !v.Top.walkIn(v.VW, v.VH) {
		bad = append(bad, fmt.Sprintf("the top bar is %v, not on screen", v.Top))
	}
	if math.Abs(v.ScrollY-scrollY) > 1 {
		bad = append(bad, fmt.Sprintf("the page scrolled from y = %.0f to %.0f", scrollY, v.ScrollY))
	}
	// The line worker draws a frame after the page sends it: wait for
	// the points (a few frames), then judge what is there.
	pts := p.points()
	for deadline := time.Now().Add(5 * time.Second); pts.Points < walkMinPointPx && time.Now().Before(deadline); {
		p.frames(1)
		pts = p.points()
	}
	if pts.Points < walkMinPointPx {
		bad = append(bad, fmt.Sprintf("the plot shows %.0f px² of points (want ≥ %d) and %.0f px² of ink", pts.Points, walkMinPointPx, pts.Ink))
	}
	p.shot++
	name := fmt.Sprintf("walk-%s-%d-%s.png", p.name, p.shot, what)
	screenshot(p.t, p.ctx, name)
	s := p.Stats()
	p.t.Logf("%s: t = %d, playing %v, scrollY %.0f, page %.0f×%.0f, plot %v, points %.0f px²", name, s.T, s.Playing, v.ScrollY, v.PageW, v.PageH, v.Plot, pts.Points)
	if len(bad) > 0 {
		p.t.Errorf("%s after %s: %s", p.name, what, strings.Join(bad, "; "))
	}
	return v
}

// walkSizes are the screens of the classroom paths: a projector, a large
// screen, and a phone held upright (touch, pixel ratio 3).
var walkSizes = []struct {
	name  string
	w, h  int64
	touch bool
}{
	{"1024x768", 1024, 768, false},
	{"1920x1080", 1920, 1080, false},
	{"phone", 390, 844, true},
}

// walkStart is the browser and the page's server of a walk test.
func walkStart(t *testing.T) (context.Context, string) {
	t.Helper()
	srv := pageServer(t)
	ctx := browser(t)
	t.Cleanup(func() { chromedp.Do(ctx, chromedp.EmulateReset()) })
	return ctx, srv.URL
}

// walkLink is the default demo's link at step at (paused there; 0: from
// the start, playing), in presenter mode or not.
func walkLink(at int, presenter bool) string {
	c := state.Default()
	c.At = at
	c.Presenter = presenter
	return state.Encode(c)
}

// TestBrowserWalkPausedLink is issue 19 item 1: a link made while paused
// (at=1000) opens at that step with the plot drawn with its points and
// support-vector rings, without a Step or Play. The line worker drew the
// frame it got before the markers' atlas reached it, and a paused page
// sends no other frame.
func TestBrowserWalkPausedLink(t *testing.T) {
	ctx, srv := walkStart(t)
	for _, sz := range []struct {
		name  string
		w, h  int64
		touch bool
	}{{"paused-1440x900", 1440, 900, false}, {"paused-phone", 390, 844, true}} {
		p := walkOpen(t, ctx, srv, sz.name, sz.w, sz.h, sz.touch, walkLink(1000, false))
		p.waitPaused("opening the link")
		if s := p.Stats(); s.T != 1000 {
			t.Errorf("%s: opened at t = %d, want 1000", sz.name, s.T)
		}
		p.check("opened", 0)
	}
}

// TestBrowserWalkPauseStaysPut is issue 19 item 2: Pause (the button, or
// space) shows the step inspector, and nothing scrolls the page for it:
// the plot and the top bar stay where they were, in presenter mode at
// 1024×768 and 1920×1080 and on a phone (not in presenter mode there).
func TestBrowserWalkPauseStaysPut(t *testing.T) {
	ctx, srv := walkStart(t)
	for _, sz := range walkSizes {
		p := walkOpen(t, ctx, srv, "pause-"+sz.name, sz.w, sz.h, sz.touch, walkLink(0, !sz.touch))
		if err := waitFor(ctx, `window.kernelplay.stats().t > 200`, 20*time.Second); err != nil {
			t.Fatalf("%s: the demo does not run: %v", p.name, err)
		}
		y := p.view().ScrollY
		p.press("play")
		p.waitPaused("Pause")
		p.check("paused", y)
		if sz.touch {
			continue // a phone has no space bar
		}
		p.Key(" ")
		if err := waitFor(ctx, `window.kernelplay.stats().playing`, 5*time.Second); err != nil {
			t.Fatalf("%s: space does not play: %v", p.name, err)
		}
		p.Key(" ")
		p.waitPaused("space")
		p.check("paused-by-space", y)
	}
}

// walkTextJS records, from now on, the size on screen (CSS px: the font's
// size times the context's scale over devicePixelRatio) of every text the
// page draws on a canvas, by canvas (its id or class): window.walkTexts.
const walkTextJS = `(() => {
  if (window.walkTexts) { window.walkTexts = {}; return true; }
  window.walkTexts = {};
  const fill = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
    const px = parseFloat((this.font.match(/([0-9.]+)px/) || [0, 0])[1]) * Math.hypot(this.getTransform().a, this.getTransform().b) / devicePixelRatio;
    const c = this.canvas, k = c.id || c.className || "canvas";
    if (String(text).trim() !== "" && c.isConnected && c.getClientRects().length > 0) {
      const m = window.walkTexts[k];
      if (!m || px < m.px) window.walkTexts[k] = {px: px, text: String(text)};
    }
    return fill.call(this, text, ...rest);
  };
  return true;
})()`

// walkText is the smallest text a canvas drew (walkTextJS).
type walkText struct {
	PX   float64 `json:"px"`
	Text string  `json:"text"`
}

// walkCanvasTexts records the canvases' texts for a second of drawing
// (the page playing) and returns the smallest text of each.
func (p *walkPage) walkCanvasTexts() map[string]walkText {
	p.t.Helper()
	if _, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](walkTextJS)); err != nil {
		p.t.Fatalf("%s: %v", p.name, err)
	}
	time.Sleep(time.Second)
	p.frames(2)
	m, err := chromedp.Run(p.ctx, chromedp.Evaluate[map[string]walkText](`window.walkTexts`))
	if err != nil {
		p.t.Fatalf("%s: %v", p.name, err)
	}
	return m
}

// walkPresenterFits checks presenter mode's promise at the screen's size:
// the page fits the screen (nothing to scroll), the top bar keeps one row,
// the plot, the top bar and the charts are fully on screen, and no text,
// in the page or on a canvas but the plot's, is under 20 px.
func (p *walkPage) walkPresenterFits(what string, canvases bool) {
	p.t.Helper()
	v := p.view()
	var bad []string
	if v.PageW > v.VW+0.5 || v.PageH > v.VH+0.5 {
		bad = append(bad, fmt.Sprintf("the page is %.0f×%.0f on a %.0f×%.0f screen", v.PageW, v.PageH, v.VW, v.VH))
	}
	if v.Top == nil || v.Top.H > 60 {
		bad = append(bad, fmt.Sprintf("the top bar is %v: more than one row", v.Top))
	}
	for _, b := range []struct {
		name string
		box  *walkBox
	}{{"plot", v.Plot}, {"top bar", v.Top}, {"charts", v.Charts}} {
		if !b.box.walkIn(v.VW, v.VH) {
			bad = append(bad, fmt.Sprintf("the %s is %v, not inside the %.0f×%.0f screen", b.name, b.box, v.VW, v.VH))
		}
	}
	more, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]string](walkBarCutJS))
	if err != nil {
		p.t.Fatal(err)
	}
	bad = append(bad, more...)
	if v.Charts != nil {
		if err := waitFor(p.ctx, walkChartsDrawnJS, 5*time.Second); err != nil {
			bad = append(bad, "the charts are blank")
		}
	}
	ts, err := chromedp.Run(p.ctx, chromedp.Evaluate[textSize](smallestTextJS))
	if err != nil {
		p.t.Fatal(err)
	}
	if ts.PX < 20 {
		bad = append(bad, fmt.Sprintf("text of %.1f px (%s)", ts.PX, ts.What))
	}
	if canvases {
		for k, c := range p.walkCanvasTexts() {
			if c.PX < 19.5 && k != "plot" { // (the plot's legend is the plot's business)
				bad = append(bad, fmt.Sprintf("canvas %s draws %q at %.1f px", k, c.Text, c.PX))
			}
		}
	}
	p.shot++
	screenshot(p.t, p.ctx, fmt.Sprintf("walk-%s-%d-%s.png", p.name, p.shot, what))
	if len(bad) > 0 {
		p.t.Errorf("%s, %s: %s", p.name, what, strings.Join(bad, "; "))
	}
}

// walkBarCutJS lists the top bar's items whose content is cut (a button
// squeezed narrower than its label).
const walkBarCutJS = `[...document.querySelectorAll("header.top > *, header.top .tabs > *")].filter(e =>
  e.getClientRects().length > 0 && e.tagName !== "DIALOG" && e.scrollWidth > e.clientWidth + 1).map(e =>
  "the top bar's " + (e.id || e.className) + " is cut (" + e.clientWidth + " of " + e.scrollWidth + " px)")`

// walkChartsDrawnJS: the charts canvas has panels (drawn frames: the
// chart draws none in too little room, only its legend) and at least a
// thousand pixels of ink (curves, axes and labels; not a blank panel).
const walkChartsDrawnJS = `(() => {
  const c = document.getElementById("charts");
  if (!c || c.width === 0) return false;
  const t = window.kernelplay.chartTexts("charts");
  if (!t || !t.texts.some(x => x.text === "t")) return false; // the time axis's label: panels were laid out
  const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
  let n = 0;
  for (let i = 0; i < d.length; i += 4) if (d[i+3] > 200 && (d[i] < 150 || d[i+1] < 150 || d[i+2] < 150)) n++;
  return n > 1000;
})()`

// TestBrowserWalkPresenterFits is issue 19 item 3: in presenter mode at
// 1024×768 and 1920×1080 the page fits the screen and never scrolls (a
// column scrolls within itself), the top bar keeps one row, the plot, the
// top bar and the charts are in view, paused (the step inspector shown)
// and playing, and all text is at least 20 px.
func TestBrowserWalkPresenterFits(t *testing.T) {
	ctx, srv := walkStart(t)
	for _, sz := range walkSizes[:2] {
		p := walkOpen(t, ctx, srv, "fits-"+sz.name, sz.w, sz.h, false, walkLink(1000, true))
		p.waitPaused("opening the link")
		p.walkPresenterFits("paused", false)
		p.press("play")
		p.walkPresenterFits("playing", true)
		p.press("play")
		p.waitPaused("Pause")
		p.walkPresenterFits("paused-again", false)
	}
	// A 2D comparison (the link): the second learner's surface
	// joins the column.
	c, err := state.Decode("v1&p=rotating&vs=norma&2s=0.5&at=500&pm=1")
	if err != nil {
		t.Fatal(err)
	}
	for _, sz := range walkSizes[:2] {
		p := walkOpen(t, ctx, srv, "fits-compare-"+sz.name, sz.w, sz.h, false, state.Encode(c))
		p.waitPaused("opening the link")
		p.walkPresenterFits("paused", false)
	}
}

// TestBrowserWalkPresenterPhone is issue 19 item 4: presenter mode on a
// phone is the phone's own layout (the plot the screen's width, the page
// no wider than the screen), and the class dialog's presenter mode is off
// until ticked.
func TestBrowserWalkPresenterPhone(t *testing.T) {
	ctx, srv := walkStart(t)
	p := walkOpen(t, ctx, srv, "phone-presenter", 390, 844, true, walkLink(1000, true))
	p.waitPaused("opening the link")
	v := p.check("opened", 0)
	if v.PageW > v.VW+0.5 || v.Plot == nil || v.Plot.W < 340 {
		t.Errorf("presenter mode on a 390 px phone: the page is %.0f px wide, the plot %v; want the page within the screen and a plot of ≥ 340 px",
			v.PageW, v.Plot)
	}
	p.press("class-link")
	if err := waitFor(ctx, `document.getElementById("class-dialog").open`, 5*time.Second); err != nil {
		t.Fatalf("the class dialog does not open: %v", err)
	}
	ticked, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("class-presenter").checked`))
	if err != nil || ticked {
		t.Errorf("the class dialog ticks presenter mode by default (%v)", err)
	}
	screenshot(t, ctx, "walk-phone-presenter-dialog.png")
}

// TestBrowserWalkDigitsPresenter is issue 19 item 14: the digits view in
// presenter mode draws its canvases' text at 20 px like the rest of the
// page, and its controls' labels and values are not cut or wrapped.
func TestBrowserWalkDigitsPresenter(t *testing.T) {
	ctx, srv := walkStart(t)
	c := state.DigitsDefault()
	c.Presenter = true
	for _, sz := range walkSizes[:2] {
		p := walkOpen(t, ctx, srv, "digits-"+sz.name, sz.w, sz.h, false, state.Encode(c))
		if err := waitFor(ctx, `window.kernelplay.stats().t > 300`, 60*time.Second); err != nil {
			t.Fatalf("%s: the digits do not run: %v", p.name, err)
		}
		texts := p.walkCanvasTexts()
		var bad []string
		for k, ct := range texts {
			if ct.PX < 19.5 {
				bad = append(bad, fmt.Sprintf("canvas %s draws %q at %.1f px", k, ct.Text, ct.PX))
			}
		}
		cut, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](walkCutJS))
		if err != nil {
			t.Fatal(err)
		}
		bad = append(bad, cut...)
		screenshot(t, ctx, fmt.Sprintf("walk-%s-playing.png", p.name))
		t.Logf("%s: canvases' smallest texts %v", p.name, texts)
		if len(bad) > 0 {
			t.Errorf("%s: %s", p.name, strings.Join(bad, "; "))
		}
	}
}

// walkCutJS lists the controls' labels cut with "…" and their values
// wrapped to a second line.
const walkCutJS = `[...document.querySelectorAll(".ctl label, .ctl .val")].filter(e => e.getClientRects().length > 0 &&
  !e.closest("[hidden]")).flatMap(e => {
    const lh = parseFloat(getComputedStyle(e).lineHeight) || 26;
    if (e.matches("label") && e.scrollWidth > e.clientWidth + 1) return ["label " + JSON.stringify(e.textContent) + " is cut"];
    if (e.matches(".val") && e.getBoundingClientRect().height > 1.5 * lh) return ["value " + JSON.stringify(e.textContent) + " wraps"];
    return [];
  })`

// walkTargetsJS runs axe-core's target-size rule (WCAG 2.2 AA 2.5.8, the
// check Lighthouse makes: a target at least 24×24 CSS px, or spaced so that
// a 24 px circle on it meets no other) and resolves to its violations.
const walkTargetsJS = `axe.run(document, {runOnly: ["target-size"], resultTypes: ["violations"]}).then(r => JSON.stringify(r.violations))`

// walkSmallBarJS lists the top bar's controls lower than 44 px (a
// finger's target on a phone).
const walkSmallBarJS = `[...document.querySelectorAll("header.top :is(button, select, a, input:not([type=range]), label:has(input[type=range]))")].filter(e =>
  e.getClientRects().length > 0 && !e.closest("dialog")).map(e => [e, e.getBoundingClientRect()]).filter(([e, r]) => r.height < 44).map(([e, r]) =>
  (e.id || e.textContent.trim() || e.tagName) + " " + Math.round(r.width) + "×" + Math.round(r.height))`

// TestBrowserWalkTouchTargets is issue 19 item 17: on a 390 px phone
// every target of the page is at least 24×24 px (axe-core's target-size,
// as Lighthouse checks it), the top bar's at least 44 px high, in the 2D
// view, the digits view and the class dialog; and the introduction of a
// first visit shows its button without scrolling.
func TestBrowserWalkTouchTargets(t *testing.T) {
	ctx, srv := walkStart(t)
	src, err := os.ReadFile(axePath)
	need(t, err == nil, "axe-core is not installed (make axe)")
	for _, v := range []struct{ name, hash string }{
		{"2d", walkLink(1000, false)},
		{"digits", state.Encode(state.DigitsDefault())},
	} {
		p := walkOpen(t, ctx, srv, "targets-"+v.name, 390, 844, true, v.hash)
		if v.name == "digits" {
			if err := waitFor(ctx, `document.querySelectorAll(".ctl").length > 3`, 30*time.Second); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`typeof axe !== "undefined" || (() => {`+string(src)+"\n; return true})()")); err != nil {
			t.Fatalf("injecting axe-core: %v", err)
		}
		for _, stage := range []string{"page", "class dialog"} {
			if stage == "class dialog" {
				p.press("class-link")
				if err := waitFor(ctx, `document.getElementById("class-dialog").open`, 5*time.Second); err != nil {
					t.Fatalf("the class dialog does not open: %v", err)
				}
			}
			js, err := chromedp.Run(ctx, chromedp.Evaluate[string](walkTargetsJS, chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatal(err)
			}
			var bad []axeViolation
			if err := json.Unmarshal([]byte(js), &bad); err != nil {
				t.Fatal(err)
			}
			for _, b := range bad {
				t.Errorf("%s, %s: %v", p.name, stage, b)
			}
			small, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](walkSmallBarJS))
			if err != nil {
				t.Fatal(err)
			}
			if len(small) > 0 && stage == "page" {
				t.Errorf("%s: the top bar's targets lower than 44 px: %v", p.name, small)
			}
		}
		screenshot(t, ctx, "walk-"+p.name+".png")
	}

	// The introduction on the phone (?intro opens it as a first visit
	// does; a tab of its own, whose first action must carry no timeout):
	// its button is on screen, on top, without scrolling.
	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	if err := chromedp.Do(tab, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(tab, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(3), chromedp.EmulateMobile, chromedp.EmulateTouch)); err != nil {
		t.Fatal(err)
	}
	if err := openAt(tab, srv+"/?intro"); err != nil {
		t.Fatal(err)
	}
	p := &walkPage{Page: &Page{t: t, ctx: tab, base: srv}, name: "targets-intro", touch: true}
	if err := waitFor(tab, introOpenJS, 10*time.Second); err != nil {
		t.Fatalf("?intro shows no introduction: %v", err)
	}
	p.frames(2)
	at, err := chromedp.Run(tab, chromedp.Evaluate[string](`(b => { const r = b.getBoundingClientRect();
  if (r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth) return "at " + JSON.stringify(r) + " in " + innerWidth + "×" + innerHeight;
  const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return e === b || b.contains(e) ? "" : "covered by " + (e ? e.tagName + "." + e.className : "nothing"); })(document.getElementById("intro-close"))`))
	if err != nil {
		t.Fatal(err)
	}
	screenshot(t, tab, "walk-targets-intro.png")
	if at != "" {
		t.Errorf("a first visit on a phone: the introduction's button is not on screen without scrolling: %s", at)
	}
	p.press("intro-close")
	if err := waitFor(tab, `!(`+introOpenJS+`)`, 5*time.Second); err != nil {
		t.Errorf("tapping the introduction's button does not close it: %v", err)
	}
}

// TestBrowserWalkClassroom is issue 19's acceptance walk. A teacher on a
// laptop pauses the default demo, steps, and makes a class link with
// presenter mode ticked in the class dialog; opens it in presenter mode on
// a projector (1024×768) and a large screen (1920×1080) and plays, pauses
// and steps with the buttons and the keys (space, →); a student opens the
// same link on a 390 px phone with touch and taps Step, Play and Pause.
// After every action the plot is fully on screen and drawn with its
// points, the top bar is on screen and the page has not scrolled (check);
// in presenter mode the page fits the screen with the charts in view and
// 20 px text (walkPresenterFits). Every stage is a screenshot,
// walk-classroom-….png.
func TestBrowserWalkClassroom(t *testing.T) {
	ctx, srv := walkStart(t)

	// The teacher makes the link while paused.
	p := walkOpen(t, ctx, srv, "classroom-teacher", 1280, 800, false, walkLink(0, false))
	if err := waitFor(ctx, `window.kernelplay.stats().t > 300`, 20*time.Second); err != nil {
		t.Fatalf("the demo does not run: %v", err)
	}
	p.press("play")
	p.waitPaused("Pause")
	p.press("step")
	p.frames(2)
	p.check("paused-stepped", 0)
	at := p.Stats().T
	p.press("class-link")
	if err := waitFor(ctx, `document.getElementById("class-dialog").open`, 5*time.Second); err != nil {
		t.Fatalf("the class dialog does not open: %v", err)
	}
	// Presenter mode: ticked by the teacher (off by default, item 4).
	ticked, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("class-presenter").checked`))
	if err != nil {
		t.Fatal(err)
	}
	if !ticked {
		p.press("class-presenter")
	}
	p.press("class-copy")
	link, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("class-url").value`))
	if err != nil {
		t.Fatal(err)
	}
	_, hash, ok := strings.Cut(link, "#")
	c, err := state.Decode(hash)
	if !ok || err != nil || !c.Presenter || c.At != at {
		t.Fatalf("the class link %q (%v): want presenter mode, at=%d", link, err, at)
	}
	p.frames(2)
	if still, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("class-presenter").checked`)); err != nil || !still {
		t.Errorf("after Copy class link the presenter tick is gone (%v)", err)
	}
	screenshot(t, ctx, "walk-classroom-teacher-dialog.png")

	// The projector and the large screen: presenter mode.
	for _, sz := range walkSizes[:2] {
		p := walkOpen(t, ctx, srv, "classroom-"+sz.name, sz.w, sz.h, false, hash)
		p.waitPaused("opening the class link")
		if s := p.Stats(); s.T != at {
			t.Errorf("%s: the class link opened at t = %d, want %d", p.name, s.T, at)
		}
		y := p.check("opened", 0).ScrollY
		p.walkPresenterFits("opened-fits", false)
		p.press("play")
		p.frames(10)
		p.check("play", y)
		p.press("play")
		p.waitPaused("Pause")
		p.check("pause", y)
		p.press("step")
		p.frames(2)
		p.check("step", y)
		// The keys, with the focus on the page (not on the button last
		// pressed, which space would press too).
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.activeElement.blur(), true`)); err != nil {
			t.Fatal(err)
		}
		t0 := p.Stats().T
		p.Key(kb.ArrowRight)
		if err := waitFor(ctx, `window.kernelplay.stats().t === `+strconv.Itoa(t0+1), 5*time.Second); err != nil {
			t.Errorf("%s: → does not step: %v", p.name, err)
		}
		p.frames(2)
		p.check("key-step", y)
		p.Key(" ")
		if err := waitFor(ctx, `window.kernelplay.stats().playing`, 5*time.Second); err != nil {
			t.Errorf("%s: space does not play: %v", p.name, err)
		}
		p.frames(10)
		p.check("key-play", y)
		p.Key(" ")
		p.waitPaused("space")
		p.check("key-pause", y)
		p.walkPresenterFits("paused-fits", false)
	}

	// The student's phone: the same link, with touch.
	s := walkOpen(t, ctx, srv, "classroom-phone", 390, 844, true, hash)
	s.waitPaused("opening the class link")
	s.check("opened", 0)
	for _, tap := range [][2]string{{"step", "tap-step"}, {"play", "tap-play"}, {"play", "tap-pause"}, {"step", "tap-step"}} {
		id := tap[0]
		t0 := s.Stats().T
		s.press(id)
		if id == "play" {
			s.frames(10)
		} else if err := waitFor(ctx, `window.kernelplay.stats().t > `+strconv.Itoa(t0), 5*time.Second); err != nil {
			t.Errorf("%s: tapping Step does not step: %v", s.name, err)
		}
		s.frames(2)
		s.check(tap[1], 0)
	}
}

// TestBrowserWalkLabels is issue 19's polish "passes per exa… cut at
// 1024": at 1024×768 no control's label is cut or value wrapped, for the
// default demo and a linear learner with the longest labels (DCD's
// "passes per example").
func TestBrowserWalkLabels(t *testing.T) {
	ctx, srv := walkStart(t)
	dcd := state.Default()
	dcd.Learner = state.LearnerDCD
	for _, v := range []struct{ name, hash string }{{"default", walkLink(0, false)}, {"dcd", state.Encode(dcd)}} {
		p := walkOpen(t, ctx, srv, "labels-"+v.name, 1024, 768, false, v.hash)
		if err := waitFor(ctx, `document.querySelectorAll(".ctl label").length > 3`, 10*time.Second); err != nil {
			t.Fatal(err)
		}
		cut, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](walkCutJS))
		if err != nil {
			t.Fatal(err)
		}
		screenshot(t, ctx, "walk-"+p.name+"-1024x768.png")
		if len(cut) > 0 {
			t.Errorf("%s at 1024×768: %v", p.name, cut)
		}
	}
}
