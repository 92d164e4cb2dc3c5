//go:build !js

package browser

// Browser tests of issue 19's text and classroom-path items owned by the
// "text" part: the tours' claims and pacing (items 7, 8), the inspector's
// letters (9), the introduction (11), a long replay's estimate and Stop
// (15), the tab order (16) and the listed polish. Helpers start with text.

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"kernelplay/ui/app"
	"kernelplay/ui/state"
)

// textTour returns the tour named name.
func textTour(t *testing.T, name string) app.Tour {
	t.Helper()
	for _, tour := range app.Tours() {
		if tour.Name == name {
			return tour
		}
	}
	t.Fatalf("no tour %q", name)
	return app.Tour{}
}

// textInViewJS reports how much of the element matching a selector is
// inside the window (0 to 1 of its area) and its box.
const textInViewJS = `(sel => {
  const e = document.querySelector(sel);
  if (!e) return {found: false};
  const r = e.getBoundingClientRect(), W = innerWidth, H = innerHeight;
  const w = Math.max(0, Math.min(r.right, W) - Math.max(r.left, 0)), h = Math.max(0, Math.min(r.bottom, H) - Math.max(r.top, 0));
  return {found: true, shown: r.width * r.height > 0 ? w * h / (r.width * r.height) : 0, top: r.top, bottom: r.bottom, h: H,
    ringed: e.classList.contains("tour-target")};
})`

type textInView struct {
	Found  bool    `json:"found"`
	Shown  float64 `json:"shown"`
	Top    float64 `json:"top"`
	Bottom float64 `json:"bottom"`
	H      float64 `json:"h"`
	Ringed bool    `json:"ringed"`
}

func textReadInView(ctx context.Context, sel string) (textInView, error) {
	return chromedp.Run(ctx, chromedp.Evaluate[textInView](textInViewJS+`(`+strconv.Quote(sel)+`)`))
}

// textWaitStep waits for the tour card to show step i (from 0) of tour.
func textWaitStep(ctx context.Context, tour app.Tour, i int) error {
	if err := waitFor(ctx, `(document.getElementById("tour-step") || {textContent: ""}).textContent.includes(`+
		strconv.Quote(tour.Steps[i].Text)+`)`, 5*time.Second); err != nil {
		return fmt.Errorf("step %d does not show: %w", i+1, err)
	}
	return nil
}

// textClickNoScroll clicks the element with id where it is, without
// scrolling it into view first (the tour card is fixed on the window): a
// test of what scrolls the page must not scroll it itself.
func textClickNoScroll(ctx context.Context, id string) error {
	p, err := chromedp.Run(ctx, chromedp.Evaluate[[2]float64](`(r => [r.left + r.width / 2, r.top + r.height / 2])(document.getElementById(`+
		strconv.Quote(id)+`).getBoundingClientRect())`))
	if err != nil {
		return err
	}
	return chromedp.Do(ctx, chromedp.MouseClickXY(p[0], p[1]))
}

// TestBrowserTextRESTour walks the RES vs SGD tour (issue 19 item 7): its
// chart step rings the F(w_t) chart (the plot canvas's frame, where the
// preset draws it), on screen, and says what the page's own chart shows:
// SGD's objective below RES's at first (at t = 800, the last checkpoint
// the claim covers) and RES's below SGD's from about 1,300 on (at t =
// 5,000), read from the page's chart data (window.kernelplay.objective).
func TestBrowserTextRESTour(t *testing.T) {
	srv := pageServer(t)
	ctx := browser(t)
	tour := textTour(t, state.PresetRESvsSGD)
	c, _ := app.TourConfig(state.PresetRESvsSGD)
	within(t, ctx, 90*time.Second, func(ctx context.Context) error {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)); err != nil {
			return err
		}
		defer chromedp.Do(ctx, chromedp.EmulateReset())
		type obj struct {
			T   int `json:"t"`
			RES struct {
				T float64 `json:"t"`
				F float64 `json:"f"`
			} `json:"res"`
			SGD struct {
				T float64 `json:"t"`
				F float64 `json:"f"`
			} `json:"sgd"`
		}
		for _, at := range []int{800, 5000} {
			c.At = at
			if err := open(ctx, srv.URL, state.Encode(c)); err != nil {
				return err
			}
			if err := waitFor(ctx, `window.kernelplay.stats().t === `+strconv.Itoa(at), 20*time.Second); err != nil {
				return err
			}
			o, err := chromedp.Run(ctx, chromedp.Evaluate[obj](`window.kernelplay.objective()`))
			if err != nil {
				return err
			}
			if at == 800 && !(o.SGD.F < o.RES.F) || at == 5000 && !(o.RES.F < o.SGD.F) {
				return fmt.Errorf("at t = %d the chart's last checkpoint (t = %g) has F = %.4g for RES and %.4g for SGD: the tour says SGD is lower at first and RES lower from about 1,000", at, o.RES.T, o.RES.F, o.SGD.F)
			}
		}
		if err := waitFor(ctx, `!!document.getElementById("tour-open")`, 10*time.Second); err != nil {
			return fmt.Errorf("no Tour button: %w", err)
		}
		if err := clickID(ctx, "tour-open"); err != nil {
			return err
		}
		for i := range 2 {
			if err := textWaitStep(ctx, tour, i); err != nil {
				return err
			}
			if i == 1 { // "Press ▶ Play (space)": play past the crossing, then pause
				if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(document.activeElement && document.activeElement.blur(), true)`)); err != nil {
					return err
				}
				if err := waitFor(ctx, `window.kernelplay.stats().t === 0 && !window.kernelplay.stats().playing`, 5*time.Second); err != nil {
					return fmt.Errorf("opening the tour did not start the run over, paused: %w", err)
				}
				if err := chromedp.Do(ctx, chromedp.KeyEvent(" ")); err != nil {
					return err
				}
				if err := waitFor(ctx, `window.kernelplay.stats().t >= 3000`, 60*time.Second); err != nil {
					return err
				}
				if err := chromedp.Do(ctx, chromedp.KeyEvent(" ")); err != nil {
					return err
				}
			}
			if err := textClickNoScroll(ctx, "tour-next"); err != nil {
				return err
			}
		}
		if err := textWaitStep(ctx, tour, 2); err != nil {
			return err
		}
		text, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("tour-step").textContent`))
		if err != nil {
			return err
		}
		if strings.Contains(text, "drops much faster") || !strings.Contains(text, "SGD's curve is lower at first") {
			return fmt.Errorf("step 3 says %q", text)
		}
		v, err := textReadInView(ctx, ".plotframe")
		if err != nil {
			return err
		}
		if !v.Found || !v.Ringed || v.Shown < 0.99 {
			return fmt.Errorf("step 3 (about F(w_t)): the plot frame, where the F(w_t) chart is drawn, is %+v; want it ringed and on screen", v)
		}
		if right, err := textReadInView(ctx, ".chartwrap"); err != nil || right.Ringed {
			return fmt.Errorf("step 3 rings the right-hand charts (%v)", err)
		}
		screenshot(t, ctx, "text-res-tour-step3-1280x800.png")
		return nil
	})
}

// TestBrowserTextSwitchTour walks the 0/1 → 2/3 switch tour as a student
// does (issue 19 item 8: the run ended at t = 1000 mid-tour, the column
// scrolled to the inspector and step 4 rang charts 578 px above the
// screen), at 1280×800 and 1024×768: Play from step 2; the tour pauses the
// run at t = 600, after the switch; at steps 3 and 4 the ringed charts are
// on screen; after the last step's Play the run ends and the gallery the
// step rings is still on screen.
func TestBrowserTextSwitchTour(t *testing.T) {
	srv := pageServer(t)
	ctx := browser(t)
	tour := textTour(t, state.FigureSwitch)
	c, _ := app.TourConfig(state.FigureSwitch)
	for _, size := range [][2]int64{{1280, 800}, {1024, 768}} {
		name := fmt.Sprintf("%dx%d", size[0], size[1])
		t.Run(name, func(t *testing.T) {
			within(t, ctx, 120*time.Second, func(ctx context.Context) error {
				if err := chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1])); err != nil {
					return err
				}
				defer chromedp.Do(ctx, chromedp.EmulateReset())
				if err := open(ctx, srv.URL, state.Encode(c)); err != nil {
					return err
				}
				// The figure's page plays from its start; opening the tour starts
				// the run over, paused, for its "Press ▶ Play".
				if err := waitFor(ctx, `!!document.getElementById("tour-open") && window.kernelplay.stats().t > 0`, 20*time.Second); err != nil {
					return fmt.Errorf("no Tour button: %w", err)
				}
				if err := clickID(ctx, "tour-open"); err != nil {
					return err
				}
				if err := textWaitStep(ctx, tour, 0); err != nil {
					return err
				}
				if err := waitFor(ctx, `window.kernelplay.stats().t === 0 && !window.kernelplay.stats().playing`, 5*time.Second); err != nil {
					return fmt.Errorf("opening the tour did not start the run over, paused: %w", err)
				}
				if err := textClickNoScroll(ctx, "tour-next"); err != nil {
					return err
				}
				if err := textWaitStep(ctx, tour, 1); err != nil {
					return err
				}
				// Play with the key the step names.
				if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(document.activeElement && document.activeElement.blur(), true)`)); err != nil {
					return err
				}
				if err := chromedp.Do(ctx, chromedp.KeyEvent(" ")); err != nil {
					return err
				}
				if err := waitFor(ctx, `window.kernelplay.stats().t > 0`, 20*time.Second); err != nil {
					return fmt.Errorf("space did not play: %w", err)
				}
				if os.Getenv("TEXT_DEBUG") != "" {
					log, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`new Promise(done => { const out = []; const t0 = performance.now();
  const f = () => { const s = window.kernelplay.stats(); out.push(s.t + (s.playing ? "p" : "_")); if (performance.now() - t0 < 3000) requestAnimationFrame(f); else done(out.join(" ")); }; f(); })`))
					t.Log(log)
				}
				if err := waitFor(ctx, `!window.kernelplay.stats().playing`, 60*time.Second); err != nil {
					return err
				}
				st, err := readStats(ctx)
				if err != nil {
					return err
				}
				if st.T != 600 {
					dbg, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.stringify(window.kernelplay.stats()) + document.getElementById("tour-step").textContent`))
					return fmt.Errorf("the run paused at t = %d; the tour's step 2 says it pauses at t = 600 %s", st.T, dbg)
				}
				for i := 2; i <= 3; i++ {
					if err := textClickNoScroll(ctx, "tour-next"); err != nil {
						return err
					}
					if err := textWaitStep(ctx, tour, i); err != nil {
						return err
					}
					time.Sleep(300 * time.Millisecond) // a few frames: anything that would scroll the page has
					v, err := textReadInView(ctx, tour.Steps[i].Target)
					if err != nil {
						return err
					}
					if !v.Found || !v.Ringed || v.Shown < 0.9 {
						return fmt.Errorf("step %d rings %s: %+v; want it ringed and at least 90%% on screen", i+1, tour.Steps[i].Target, v)
					}
					if st, err := readStats(ctx); err != nil || st.T != 600 || st.Playing {
						return fmt.Errorf("step %d: t = %d, playing %v (%v); want still paused at 600", i+1, st.T, st.Playing, err)
					}
					screenshot(t, ctx, fmt.Sprintf("text-switch-tour-step%d-%s.png", i+1, name))
				}
				if err := textClickNoScroll(ctx, "tour-next"); err != nil {
					return err
				}
				if err := textWaitStep(ctx, tour, 4); err != nil {
					return err
				}
				if err := chromedp.Do(ctx, chromedp.KeyEvent(" ")); err != nil {
					return err
				}
				if err := waitFor(ctx, `window.kernelplay.stats().t === 1000 && !window.kernelplay.stats().playing`, 60*time.Second); err != nil {
					return fmt.Errorf("the last step's Play did not finish the run: %w", err)
				}
				time.Sleep(300 * time.Millisecond)
				v, err := textReadInView(ctx, tour.Steps[4].Target)
				if err != nil {
					return err
				}
				if !v.Found || !v.Ringed || v.Shown < 0.5 {
					return fmt.Errorf("after the run ended, step 5's %s is %+v; want it ringed and on screen", tour.Steps[4].Target, v)
				}
				screenshot(t, ctx, "text-switch-tour-end-"+name+".png")
				return nil
			})
		})
	}
}

// TestBrowserTextInspectorLetters opens paused links of SVMD and ν-NORMA
// (issue 19 item 9: the inspector wrote JMLR's c for the page's λ, JMLR's
// λ for the page's ρ and NORMA's ρ for its margin, beside the λ and ρ
// sliders): the step inspector's formulas use the page's symbols, and
// name each paper's letter once.
func TestBrowserTextInspectorLetters(t *testing.T) {
	srv := pageServer(t)
	ctx := browser(t)
	type letters struct {
		MI    []string `json:"mi"`
		Notes []string `json:"notes"`
	}
	for _, c := range []struct {
		name, link string
		notes      []string
		not        []string
	}{
		{"svmd", "v1&at=30", []string{"(λ: c in JMLR)", "(ρ: λ in JMLR)"}, []string{"c"}},
		{"norma", "v1&l=norma&nu=0.2&at=30", []string{"(ξ: c′ in NORMA)", "(ε: ρ in NORMA)"}, []string{"c", "ρ"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			within(t, ctx, 60*time.Second, func(ctx context.Context) error {
				if err := open(ctx, srv.URL, c.link); err != nil {
					return err
				}
				if err := waitFor(ctx, `document.querySelectorAll("#inspector math").length >= 4`, 10*time.Second); err != nil {
					return fmt.Errorf("no inspector: %w", err)
				}
				l, err := chromedp.Run(ctx, chromedp.Evaluate[letters](`({mi: [...document.querySelectorAll("#inspector mi")].map(e => e.textContent),
  notes: [...document.querySelectorAll("#inspector mtext.letter")].map(e => e.textContent)})`))
				if err != nil {
					return err
				}
				for _, n := range c.notes {
					k := 0
					for _, got := range l.Notes {
						if got == n {
							k++
						}
					}
					if k != 1 {
						return fmt.Errorf("the inspector names %q %d times, want once (notes %q)", n, k, l.Notes)
					}
				}
				for _, bad := range c.not {
					for _, mi := range l.MI {
						if mi == bad {
							return fmt.Errorf("the inspector writes %s, a paper's letter for one of the page's symbols: %q", bad, l.MI)
						}
					}
				}
				if err := chromedp.Do(ctx, chromedp.ScrollIntoView(chromedp.ID("inspector"))); err != nil {
					return err
				}
				screenshot(t, ctx, "text-inspector-"+c.name+".png")
				return nil
			})
		})
	}
}

// TestBrowserTextIntroLive opens the introduction (?intro) on a paused
// link and does what it says (issue 19 item 11: it said a new data set,
// learner, σ or ω lets the run carry on; only σ did): its sentence names
// σ, λ and η₀ as carrying on and the data set, learner and ω as starting
// over; moving σ keeps the run at its step, changing ω starts it at 0.
func TestBrowserTextIntroLive(t *testing.T) {
	srv := pageServer(t)
	ctx := browser(t)
	within(t, ctx, 60*time.Second, func(ctx context.Context) error {
		if err := openAt(ctx, srv.URL+"/?intro#v1&at=200"); err != nil {
			return err
		}
		if err := waitFor(ctx, introOpenJS, 10*time.Second); err != nil {
			return fmt.Errorf("?intro opened no introduction: %w", err)
		}
		text, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("intro").textContent`))
		if err != nil {
			return err
		}
		want := "Move the kernel width σ, the regularizer λ or the step size η₀ while it runs: the run carries on with the new setting. A new data set, learner or buffer size ω starts the run over."
		if !strings.Contains(text, want) {
			return fmt.Errorf("the introduction does not say which changes carry on: %q", text)
		}
		screenshot(t, ctx, "text-intro.png")
		if err := closeByEscape(ctx); err != nil {
			return err
		}
		nudge := func(id string) error {
			_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const r = document.getElementById(`+strconv.Quote(id)+`);
  r.value = String(Number(r.value) + 60); r.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`))
			return err
		}
		if err := nudge("f-s"); err != nil {
			return err
		}
		if err := waitFor(ctx, `window.kernelplay.config().Sigma !== 0.5`, 5*time.Second); err != nil {
			return fmt.Errorf("σ did not move: %w", err)
		}
		if st, err := readStats(ctx); err != nil || st.T != 200 {
			return fmt.Errorf("after moving σ the run is at t = %d (%v), want 200: the introduction says it carries on", st.T, err)
		}
		if err := nudge("f-w"); err != nil {
			return err
		}
		if err := waitFor(ctx, `window.kernelplay.stats().t === 0`, 5*time.Second); err != nil {
			return fmt.Errorf("a new ω did not start the run over, as the introduction says: %w", err)
		}
		return nil
	})
}

// TestBrowserTextLongReplay opens #v1&at=99999999 (issue 19 item 15: it
// replayed for about 40 minutes and the banner's ✕ did not stop it): the
// banner says the time left and offers Stop with its key; Stop (and, on a
// second visit, Esc) leaves the run paused at the step the replay reached,
// and Play goes on from there.
func TestBrowserTextLongReplay(t *testing.T) {
	srv := pageServer(t)
	ctx := browser(t)
	for _, how := range []string{"button", "Esc"} {
		t.Run(how, func(t *testing.T) {
			within(t, ctx, 60*time.Second, func(ctx context.Context) error {
				// (Not open: a replay draws nothing until it ends.)
				if err := chromedp.Do(ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(srv.URL+"/#v1&at=99999999")); err != nil {
					return err
				}
				if err := waitFor(ctx, `/Replaying the run to step 99999999: \d+%, (about \d+ (min|h \d+ min)|about \d+ days) left\. Stop \(Esc\)/.test(document.getElementById("message").textContent) && !!document.getElementById("message-stop")`, 10*time.Second); err != nil {
					msg, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.getElementById("message") || {textContent: "no banner"}).textContent`))
					return fmt.Errorf("the banner does not say the time left and offer Stop: %q: %w", msg, err)
				}
				if how == "button" {
					// The button reads "■ Stop" (its ink differs from its background).
					label, err := chromedp.Run(ctx, chromedp.Evaluate[[3]string](`(b => [b.textContent, getComputedStyle(b).color, getComputedStyle(b).backgroundColor])(document.getElementById("message-stop"))`))
					if err != nil {
						return err
					}
					if label[0] != "■ Stop" || label[1] == label[2] {
						return fmt.Errorf("the Stop button reads %q in %s on %s", label[0], label[1], label[2])
					}
					screenshot(t, ctx, "text-long-replay.png")
					if err := clickID(ctx, "message-stop"); err != nil {
						return err
					}
				} else if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Escape)); err != nil {
					return err
				}
				if err := waitFor(ctx, `!document.getElementById("message-stop") && !window.kernelplay.stats().playing`, 5*time.Second); err != nil {
					return fmt.Errorf("%s did not stop the replay: %w", how, err)
				}
				st, err := readStats(ctx)
				if err != nil {
					return err
				}
				time.Sleep(500 * time.Millisecond)
				again, err := readStats(ctx)
				if err != nil {
					return err
				}
				if st.T <= 0 || st.T >= 99999999 || again.T != st.T || again.Playing || again.Message != "" {
					return fmt.Errorf("after %s: t = %d then %d, playing %v, message %q; want paused where the replay got to, no message", how, st.T, again.T, again.Playing, again.Message)
				}
				if how == "button" {
					screenshot(t, ctx, "text-long-replay-stopped.png")
				}
				if err := clickID(ctx, "play"); err != nil {
					return err
				}
				if err := waitFor(ctx, fmt.Sprintf(`window.kernelplay.stats().t > %d`, st.T), 10*time.Second); err != nil {
					return fmt.Errorf("Play after Stop did not go on from t = %d: %w", st.T, err)
				}
				return nil
			})
		})
	}
}

// TestBrowserTextTabOrder presses Tab through the page as a keyboard user
// does (issue 19 item 16: Tab never reached Load data… and Load model…),
// in the 2D and digits views: it reaches the Load data… file input, whose
// button shows the focus ring, and, with the Save menu open, Load model….
func TestBrowserTextTabOrder(t *testing.T) {
	srv := pageServer(t)
	ctx := browser(t)
	// tabTo presses Tab until the element with id has the focus, at most
	// limit times; it returns the ids it passed.
	tabTo := func(ctx context.Context, id string, limit int) ([]string, bool, error) {
		var seen []string
		for range limit {
			if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Tab)); err != nil {
				return seen, false, err
			}
			got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(e => e ? (e.id || e.tagName + "." + e.className) : "")(document.activeElement)`))
			if err != nil {
				return seen, false, err
			}
			seen = append(seen, got)
			if got == id {
				return seen, true, nil
			}
		}
		return seen, false, nil
	}
	for _, c := range []struct{ name, link string }{{"2d", "v1&at=50"}, {"digits", "v1&mode=digits&play=0"}} {
		t.Run(c.name, func(t *testing.T) {
			within(t, ctx, 90*time.Second, func(ctx context.Context) error {
				if err := open(ctx, srv.URL, c.link); err != nil {
					return err
				}
				if err := waitFor(ctx, `!!document.getElementById("file-input")`, 10*time.Second); err != nil {
					return err
				}
				seen, ok, err := tabTo(ctx, "file-input", 80)
				if err != nil {
					return err
				}
				if !ok {
					return fmt.Errorf("80 presses of Tab never reached Load data…: %q", seen)
				}
				ring, err := chromedp.Run(ctx, chromedp.Evaluate[string](`getComputedStyle(document.getElementById("file-input").closest("label")).outlineStyle`))
				if err != nil {
					return err
				}
				if ring == "none" {
					return fmt.Errorf("Load data… has the focus but its button shows no ring")
				}
				screenshot(t, ctx, "text-tab-load-data-"+c.name+".png")
				if c.name != "2d" {
					return nil
				}
				// The Save menu, opened from the keyboard (Enter on its summary).
				if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(document.querySelector(".takehome > summary").focus(), true)`)); err != nil {
					return err
				}
				if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
					return err
				}
				if err := waitFor(ctx, `document.querySelector(".takehome").open && !!document.getElementById("load-model-input")`, 5*time.Second); err != nil {
					return fmt.Errorf("Enter did not open the Save menu with Load model…: %w", err)
				}
				seen, ok, err = tabTo(ctx, "load-model-input", 20)
				if err != nil {
					return err
				}
				if !ok {
					return fmt.Errorf("Tab through the open Save menu never reached Load model…: %q", seen)
				}
				screenshot(t, ctx, "text-tab-load-model.png")
				return nil
			})
		})
	}
}

// textTopmostJS reports whether the element with id is what the window
// shows at its centre (nothing drawn over it: not under a modal's
// backdrop), and its text.
const textTopmostJS = `(id => {
  const e = document.getElementById(id);
  if (!e) return {found: false};
  const r = e.getBoundingClientRect(), at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return {found: true, top: !!at && (at === e || e.contains(at)), text: e.textContent, w: r.width, h: r.height};
})`

type textTopmost struct {
	Found bool    `json:"found"`
	Top   bool    `json:"top"`
	Text  string  `json:"text"`
	W     float64 `json:"w"`
	H     float64 `json:"h"`
}

func textReadTopmost(ctx context.Context, id string) (textTopmost, error) {
	return chromedp.Run(ctx, chromedp.Evaluate[textTopmost](textTopmostJS+`(`+strconv.Quote(id)+`)`))
}

// TestBrowserTextPolish walks issue 19's listed polish, each where a user
// meets it: the inspector numbers the new term as the buffer strip counts
// terms; the class link's "copied" note shows inside its modal dialog; a
// comparison's inspector names the learner it shows; Reset says what it
// kept; slow motion's sub-steps to come stay readable; the RES vs SGD data
// set names RES in the learner menu; the stopped view's page no longer
// says "❚❚ Pause" and takes no clicks.
func TestBrowserTextPolish(t *testing.T) {
	srv := pageServer(t)
	ctx := browser(t)
	t.Run("TermNumber", func(t *testing.T) {
		within(t, ctx, 60*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, "v1&at=40"); err != nil {
				return err
			}
			// Step until a step stores a term, then compare with the strip's count.
			for range 40 {
				if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)); err != nil {
					return err
				}
				time.Sleep(100 * time.Millisecond)
				text, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector('#inspector [data-stage="insert/evict"]') || {textContent: ""}).textContent`))
				if err != nil {
					return err
				}
				i := strings.Index(text, "stored as term")
				if i < 0 {
					continue
				}
				st, err := readStats(ctx)
				if err != nil {
					return err
				}
				want := fmt.Sprintf("stored as term\u2003%d\u2003(the newest)", st.Terms)
				if !strings.Contains(text, want) {
					return fmt.Errorf("the strip counts %d terms, the newest is term %d; the inspector says %q", st.Terms, st.Terms, text[i:])
				}
				return nil
			}
			return fmt.Errorf("40 steps stored no term")
		})
	})
	t.Run("ClassLinkNote", func(t *testing.T) {
		within(t, ctx, 60*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, "v1&at=100"); err != nil {
				return err
			}
			if err := clickID(ctx, "class-link"); err != nil {
				return err
			}
			if err := waitFor(ctx, `document.getElementById("class-dialog").open`, 5*time.Second); err != nil {
				return err
			}
			if err := clickID(ctx, "class-copy"); err != nil {
				return err
			}
			if err := waitFor(ctx, `/Class link copied|Copy this link/.test(document.getElementById("class-status").textContent)`, 5*time.Second); err != nil {
				return fmt.Errorf("the dialog says nothing after Copy class link: %w", err)
			}
			s, err := textReadTopmost(ctx, "class-status")
			if err != nil {
				return err
			}
			if !s.Top || s.H == 0 {
				return fmt.Errorf("the copied note %+v is not on top, where the teacher looks", s)
			}
			screenshot(t, ctx, "text-class-link-copied.png")
			return nil
		})
	})
	t.Run("CompareInspector", func(t *testing.T) {
		within(t, ctx, 60*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, "v1&vs=norma&at=60"); err != nil {
				return err
			}
			if err := waitFor(ctx, `(document.getElementById("inspector-of") || {textContent: ""}).textContent === "learner: SVMD ρ=0.95, the first of 2"`, 10*time.Second); err != nil {
				got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("inspector").textContent.slice(0, 120)`))
				return fmt.Errorf("the comparison's inspector does not name its learner: %q: %w", got, err)
			}
			if err := chromedp.Do(ctx, chromedp.ScrollIntoView(chromedp.ID("inspector"))); err != nil {
				return err
			}
			screenshot(t, ctx, "text-compare-inspector.png")
			return nil
		})
	})
	t.Run("ResetNote", func(t *testing.T) {
		within(t, ctx, 60*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, "v1&at=100"); err != nil {
				return err
			}
			b, err := readPlotBox(ctx)
			if err != nil {
				return err
			}
			for _, p := range [][2]float64{{0.3, 0.3}, {-0.4, 0.2}} {
				x, y := b.toPage(p[0], p[1])
				if err := chromedp.Do(ctx, chromedp.MouseClickXY(x, y)); err != nil {
					return err
				}
			}
			if err := waitFor(ctx, `window.kernelplay.config().Points && window.kernelplay.config().Points.length === 2`, 5*time.Second); err != nil {
				return err
			}
			if err := clickID(ctx, "reset"); err != nil {
				return err
			}
			if err := waitFor(ctx, `window.kernelplay.stats().t === 0 && window.kernelplay.stats().message.includes("your 2 edits")`, 5*time.Second); err != nil {
				msg, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`window.kernelplay.stats().message`))
				return fmt.Errorf("after Reset the banner says %q, not where the 2 clicked points went: %w", msg, err)
			}
			screenshot(t, ctx, "text-reset-note.png")
			return nil
		})
	})
	t.Run("SlowMotionLater", func(t *testing.T) {
		within(t, ctx, 60*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, "v1&at=60"); err != nil {
				return err
			}
			if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("slow-motion").click(), true`)); err != nil {
				return err
			}
			if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)); err != nil {
				return err
			}
			if err := waitFor(ctx, `!!document.querySelector("#inspector .iblock.later")`, 10*time.Second); err != nil {
				return err
			}
			// The effective opacity of a later block (its own and its
			// ancestors') and its text colour's contrast on white.
			v, err := chromedp.Run(ctx, chromedp.Evaluate[[2]float64](`(() => {
  const e = document.querySelector("#inspector .iblock.later");
  let o = 1; for (let n = e; n && n.nodeType === 1; n = n.parentElement) o *= Number(getComputedStyle(n).opacity);
  const m = getComputedStyle(e.querySelector("math") || e).color.match(/\d+(\.\d+)?/g).map(Number);
  const lin = c => (c /= 255) <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  const L = 0.2126 * lin(m[0]) + 0.7152 * lin(m[1]) + 0.0722 * lin(m[2]);
  return [o, 1.05 / (L + 0.05)];
})()`))
			if err != nil {
				return err
			}
			if v[0] < 1 || v[1] < 4.5 {
				return fmt.Errorf("a sub-step to come is drawn at opacity %.2f with contrast %.1f:1; want full opacity and at least 4.5:1", v[0], v[1])
			}
			if err := chromedp.Do(ctx, chromedp.ScrollIntoView(chromedp.ID("inspector"))); err != nil {
				return err
			}
			screenshot(t, ctx, "text-slow-motion-later.png")
			return nil
		})
	})
	t.Run("RESLearnerMenu", func(t *testing.T) {
		within(t, ctx, 60*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, "v1&p=res-vs-sgd"); err != nil {
				return err
			}
			l, err := chromedp.Run(ctx, chromedp.Evaluate[[2]string](`(s => [s.value, s.options[s.selectedIndex].textContent])(document.getElementById("learner-select"))`))
			if err != nil {
				return err
			}
			if l[0] != state.LearnerRES {
				return fmt.Errorf("under RES vs SGD the learner menu shows %q (%s)", l[1], l[0])
			}
			return nil
		})
	})
	t.Run("StoppedPage", func(t *testing.T) {
		within(t, ctx, 90*time.Second, func(ctx context.Context) error {
			if _, err := injectPanic(ctx, srv.URL, "", "frame", "", "panic"); err != nil {
				return err
			}
			p, err := chromedp.Run(ctx, chromedp.Evaluate[[3]string](`(b => [b ? b.textContent : "", String(b && b.disabled), String(document.body.inert)])(document.getElementById("play"))`))
			if err != nil {
				return err
			}
			if strings.Contains(p[0], "Pause") || p[1] != "true" || p[2] != "true" {
				return fmt.Errorf("behind the stopped view the Play button reads %q (disabled %s) and the page is inert %s; want no Pause, disabled, inert", p[0], p[1], p[2])
			}
			screenshot(t, ctx, "text-stopped.png")
			return nil
		})
	})
}
