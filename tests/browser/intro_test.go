//go:build !js

package browser

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

// openAt is open (browser_test.go) for a full address: the page at u, its
// first surface drawn.
func openAt(ctx context.Context, u string) error {
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		return fmt.Errorf("about:blank: %w", err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(u)); err != nil {
		return fmt.Errorf("navigate %s: %w", u, err)
	}
	if err := waitFor(ctx, `window.kernelplay.stats().frames > 0`, 20*time.Second); err != nil {
		return fmt.Errorf("the page at %s drew no surface: %w", u, err)
	}
	return nil
}

// clickID scrolls the element with id into view and clicks the mouse at
// its centre, as a user does (what is drawn on top there gets the click).
func clickID(ctx context.Context, id string) error {
	p, err := chromedp.Run(ctx, chromedp.Evaluate[[2]float64](`(e => (e.scrollIntoView({block: "center"}),
  (r => [r.left + r.width / 2, r.top + r.height / 2])(e.getBoundingClientRect())))(document.getElementById(`+strconv.Quote(id)+`))`))
	if err != nil {
		return err
	}
	return chromedp.Do(ctx, chromedp.MouseClickXY(p[0], p[1]))
}

// closeByEscape closes the introduction with Escape, as a user can.
func closeByEscape(ctx context.Context) error {
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Escape)); err != nil {
		return err
	}
	if err := waitFor(ctx, `!(`+introOpenJS+`)`, 3*time.Second); err != nil {
		return fmt.Errorf("Escape did not close the introduction: %w", err)
	}
	return nil
}

// axeClean runs axe-core on the page as it is (when `make axe` has
// installed it; otherwise it logs that it did not) and fails on a serious
// or critical violation.
func axeClean(t *testing.T, ctx context.Context, what string) error {
	src, err := os.ReadFile(axePath)
	if err != nil {
		t.Logf("%s: axe-core not installed (make axe): not checked", what)
		return nil
	}
	bad, all, err := runAxe(ctx, string(src))
	if err != nil {
		return err
	}
	for _, x := range all {
		t.Logf("axe, %s: %v", what, x)
	}
	if len(bad) > 0 {
		return fmt.Errorf("%s: %d serious or critical accessibility violations (see the log)", what, len(bad))
	}
	return nil
}

// introOpenJS is whether the introduction's dialog is open.
const introOpenJS = `!!(document.getElementById("intro") || {}).open`

// introBoxJS is the introduction dialog's box and the window's size.
const introBoxJS = `(() => {
  const r = document.getElementById("intro").getBoundingClientRect();
  return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, w: innerWidth, h: innerHeight};
})()`

type introBox struct {
	Left, Top, Right, Bottom, W, H float64
}

// missingJS returns the selectors of the list that match no element.
func missingJS(sels []string) string {
	q := make([]string, len(sels))
	for i, s := range sels {
		q[i] = strconv.Quote(s)
	}
	return `[` + strings.Join(q, ",") + `].filter(s => !document.querySelector(s))`
}

func TestBrowserIntro(t *testing.T) {
	srv := pageServer(t)
	// A tab of its own: browser()'s tab is a returning visitor.
	tab, cancel := chromedp.NewContext(browser(t))
	defer cancel()
	// The tab's first action opens it; it must not carry a timeout (the
	// tab would close with the first subtest's deadline).
	if err := chromedp.Do(tab, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}

	t.Run("FirstVisit", func(t *testing.T) {
		// The first visit opens the introduction; every element it names
		// is on the page; it fits a laptop's window; space does not play
		// or pause behind it; its button closes it and it stays closed on
		// the next visit; ?intro and the "?" open it again.
		within(t, tab, 90*time.Second, func(ctx context.Context) error {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)); err != nil {
				return err
			}
			if err := openAt(ctx, srv.URL+"/"); err != nil {
				return err
			}
			if err := waitFor(ctx, introOpenJS+` && !!document.getElementById("f-lam")`, 10*time.Second); err != nil {
				return fmt.Errorf("the first visit shows no introduction: %w", err)
			}
			miss, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](missingJS(app.IntroFor(state.Default()).Selectors)))
			if err != nil {
				return err
			}
			if len(miss) > 0 {
				return fmt.Errorf("the 2D introduction speaks of %v, not on the page", miss)
			}
			b, err := chromedp.Run(ctx, chromedp.Evaluate[introBox](introBoxJS))
			if err != nil {
				return err
			}
			if b.Left < 0 || b.Top < 0 || b.Right > b.W || b.Bottom > b.H {
				return fmt.Errorf("at 1280×800 the introduction (%+v) does not fit the window", b)
			}
			time.Sleep(time.Second)
			screenshot(t, ctx, "intro-1280x800.png")
			if err := axeClean(t, ctx, "the introduction open"); err != nil {
				return err
			}
			before, err := readStats(ctx)
			if err != nil {
				return err
			}
			if err := chromedp.Do(ctx, chromedp.KeyEvent(" ")); err != nil {
				return err
			}
			time.Sleep(300 * time.Millisecond)
			after, err := readStats(ctx)
			if err != nil {
				return err
			}
			if after.Playing != before.Playing {
				return fmt.Errorf("space with the introduction open toggled the run (playing %v → %v)", before.Playing, after.Playing)
			}
			if err := clickID(ctx, "intro-close"); err != nil {
				return err
			}
			if err := waitFor(ctx, `!(`+introOpenJS+`) && localStorage.getItem(`+strconv.Quote(app.IntroSeenKey)+`) === "seen"`, 3*time.Second); err != nil {
				return fmt.Errorf("Start exploring did not close the introduction and remember it: %w", err)
			}
			if err := openAt(ctx, srv.URL+"/"); err != nil {
				return err
			}
			time.Sleep(time.Second)
			if open, err := chromedp.Run(ctx, chromedp.Evaluate[bool](introOpenJS)); err != nil || open {
				return fmt.Errorf("the second visit shows the introduction again (open %v, %v)", open, err)
			}
			if err := clickID(ctx, "intro-open"); err != nil {
				return err
			}
			if err := waitFor(ctx, introOpenJS, 3*time.Second); err != nil {
				return fmt.Errorf("the ? button did not open the introduction: %w", err)
			}
			if err := openAt(ctx, srv.URL+"/?intro"); err != nil {
				return err
			}
			if err := waitFor(ctx, introOpenJS, 5*time.Second); err != nil {
				return fmt.Errorf("?intro did not open the introduction: %w", err)
			}
			return closeByEscape(ctx)
		})
	})

	t.Run("Digits", func(t *testing.T) {
		// The digits view's introduction names what is on that view.
		within(t, tab, 60*time.Second, func(ctx context.Context) error {
			if err := openAt(ctx, srv.URL+"/?intro#"+state.Encode(state.DigitsDefault())); err != nil {
				return err
			}
			if err := waitFor(ctx, introOpenJS+` && !!document.getElementById("digits-progress")`, 10*time.Second); err != nil {
				return err
			}
			time.Sleep(500 * time.Millisecond)
			miss, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](missingJS(app.IntroFor(state.DigitsDefault()).Selectors)))
			if err != nil {
				return err
			}
			if len(miss) > 0 {
				return fmt.Errorf("the digits introduction speaks of %v, not on the page", miss)
			}
			return closeByEscape(ctx)
		})
	})

	t.Run("Phone", func(t *testing.T) {
		// On a 390 px phone the introduction is as wide as the window
		// allows and its button can be reached (the dialog scrolls).
		within(t, tab, 60*time.Second, func(ctx context.Context) error {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844)); err != nil {
				return err
			}
			defer chromedp.Do(ctx, chromedp.EmulateReset())
			if err := openAt(ctx, srv.URL+"/?intro"); err != nil {
				return err
			}
			if err := waitFor(ctx, introOpenJS, 10*time.Second); err != nil {
				return err
			}
			b, err := chromedp.Run(ctx, chromedp.Evaluate[introBox](introBoxJS))
			if err != nil {
				return err
			}
			if b.Left < 0 || b.Right > b.W || b.Bottom > b.H {
				return fmt.Errorf("at 390×844 the introduction (%+v) does not fit the window", b)
			}
			time.Sleep(time.Second)
			screenshot(t, ctx, "intro-390x844.png")
			if err := clickID(ctx, "intro-close"); err != nil {
				return err
			}
			return waitFor(ctx, `!(`+introOpenJS+`)`, 3*time.Second)
		})
	})
}

// thumbPixelsJS returns the pixels of the thumbnail canvas of a data set,
// as its backing store holds them (RGBA bytes), with its size.
const thumbPixelsJS = `(id => { const c = document.getElementById(id).querySelector("canvas");
  return {w: c.width, h: c.height, pix: Array.from(c.getContext("2d").getImageData(0, 0, c.width, c.height).data)}; })`

type thumbPixels struct {
	W, H int
	Pix  []int
}

// thumbButtonsJS lists the thumbnail buttons: id, accessible name, pressed.
const thumbButtonsJS = `[...document.querySelectorAll(".thumbs button")].map(b =>
  ({id: b.id, name: b.getAttribute("aria-label"), pressed: b.getAttribute("aria-pressed") === "true"}))`

type thumbButton struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Pressed bool   `json:"pressed"`
}

func TestBrowserThumbs(t *testing.T) {
	srv := pageServer(t)
	ctx := browser(t)
	// check compares every thumbnail on the page with app.DataThumbs for
	// the page's configuration, pixel for pixel, and the buttons' names
	// and pressed state with the chosen data set.
	check := func(ctx context.Context, when string, c state.Config) error {
		want := app.DataThumbs(c, 72)
		bs, err := chromedp.Run(ctx, chromedp.Evaluate[[]thumbButton](thumbButtonsJS))
		if err != nil {
			return err
		}
		if len(bs) != len(want) {
			return fmt.Errorf("%s: %d thumbnail buttons, want %d", when, len(bs), len(want))
		}
		for i, th := range want {
			b := bs[i]
			if b.ID != "thumb-"+th.Preset || !strings.HasPrefix(b.Name, "data set: ") || b.Pressed != (th.Preset == c.Preset) {
				return fmt.Errorf("%s: button %d is %+v, want thumb-%s named \"data set: …\", pressed %v", when, i, b, th.Preset, th.Preset == c.Preset)
			}
			px, err := chromedp.Run(ctx, chromedp.Evaluate[thumbPixels](thumbPixelsJS+`(`+strconv.Quote(b.ID)+`)`))
			if err != nil {
				return err
			}
			if px.W != 72 || px.H != 72 || len(px.Pix) != len(th.Image.Pix) {
				return fmt.Errorf("%s: the %s thumbnail is %d×%d, want 72×72", when, th.Preset, px.W, px.H)
			}
			bad := 0
			for j, v := range px.Pix {
				if byte(v) != th.Image.Pix[j] {
					bad++
				}
			}
			if bad > 0 {
				return fmt.Errorf("%s: the %s thumbnail differs from app.DataThumbs in %d of %d bytes", when, th.Preset, bad, len(px.Pix))
			}
		}
		return nil
	}
	within(t, ctx, 90*time.Second, func(ctx context.Context) error {
		if err := open(ctx, srv.URL, ""); err != nil {
			return err
		}
		if err := waitFor(ctx, `!!document.getElementById("thumb-spirals")`, 10*time.Second); err != nil {
			return err
		}
		c := state.Default()
		if err := check(ctx, "default page", c); err != nil {
			return err
		}
		// From the keyboard: the moons button takes the focus, Enter chooses it.
		if err := chromedp.Do(ctx, chromedp.Focus(chromedp.ID("thumb-moons")), chromedp.KeyEvent(kb.Enter)); err != nil {
			return err
		}
		if err := waitFor(ctx, `window.kernelplay.config().Preset === "moons"`, 3*time.Second); err != nil {
			return fmt.Errorf("Enter on the moons thumbnail did not choose moons: %w", err)
		}
		c.Preset = state.PresetMoons
		time.Sleep(300 * time.Millisecond)
		if err := check(ctx, "after Enter on moons", c); err != nil {
			return err
		}
		// Multiclass: the pictures show the task's classes.
		if err := setSelect(ctx, "task-select", state.TaskMulticlass); err != nil {
			return err
		}
		if err := waitFor(ctx, `window.kernelplay.config().Task === "multiclass"`, 3*time.Second); err != nil {
			return err
		}
		time.Sleep(300 * time.Millisecond)
		classes, err := configValue(ctx, "Classes")
		if err != nil {
			return err
		}
		preset, err := configValue(ctx, "Preset")
		if err != nil {
			return err
		}
		c.Task, c.Preset = state.TaskMulticlass, preset
		if c.Classes, err = strconv.Atoi(classes); err != nil {
			return err
		}
		if err := check(ctx, "multiclass", c); err != nil {
			return err
		}
		screenshot(t, ctx, "thumbs-multiclass.png")
		return nil
	})
}

// tourStepJS reports the tour card's step text, how many elements are
// ringed, whether the ringed one is the step's target, is shown (a box of
// some size) and has its centre under the tour's card.
const tourStepJS = `(sel => {
  const ringed = document.querySelectorAll(".tour-target"), e = document.querySelector(sel);
  const r = e ? e.getBoundingClientRect() : {width: 0, height: 0};
  const card = document.getElementById("tour"), at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return {text: (document.getElementById("tour-step") || {textContent: ""}).textContent,
    ringed: ringed.length, target: !!e && e.classList.contains("tour-target"), shown: r.width > 0 && r.height > 0,
    covered: !!card && !!at && card.contains(at)};
})`

type tourStepInfo struct {
	Text    string `json:"text"`
	Ringed  int    `json:"ringed"`
	Target  bool   `json:"target"`
	Shown   bool   `json:"shown"`
	Covered bool   `json:"covered"`
}

func TestBrowserTours(t *testing.T) {
	srv := pageServer(t)
	ctx := browser(t)
	// Every tour, on its figure's page: the Tour button opens it; each
	// step rings exactly its element, which is on the page, shown and not
	// under the tour's card;
	// Next goes through the steps, Done ends the tour and the ring.
	for _, tour := range app.Tours() {
		t.Run(tour.Name, func(t *testing.T) {
			within(t, ctx, 90*time.Second, func(ctx context.Context) error {
				if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)); err != nil {
					return err
				}
				defer chromedp.Do(ctx, chromedp.EmulateReset())
				if tour.Name == state.PresetRESvsSGD {
					// Chosen in the page, as TestBrowserLayout/TopBar does.
					if err := open(ctx, srv.URL, ""); err != nil {
						return err
					}
					if err := waitFor(ctx, `!!document.getElementById("preset-select")`, 10*time.Second); err != nil {
						return err
					}
					if err := setSelect(ctx, "preset-select", state.PresetRESvsSGD); err != nil {
						return err
					}
				} else {
					c, _ := app.TourConfig(tour.Name)
					if err := open(ctx, srv.URL, state.Encode(c)); err != nil {
						return err
					}
				}
				if err := waitFor(ctx, `!!document.getElementById("tour-open")`, 10*time.Second); err != nil {
					return fmt.Errorf("no Tour button: %w", err)
				}
				if err := clickID(ctx, "tour-open"); err != nil {
					return err
				}
				for i, s := range tour.Steps {
					if err := waitFor(ctx, `(document.getElementById("tour-step") || {textContent: ""}).textContent.includes(`+
						strconv.Quote(s.Text)+`)`, 3*time.Second); err != nil {
						return fmt.Errorf("step %d does not show: %w", i+1, err)
					}
					in, err := chromedp.Run(ctx, chromedp.Evaluate[tourStepInfo](tourStepJS+`(`+strconv.Quote(s.Target)+`)`))
					if err != nil {
						return err
					}
					if !in.Target || !in.Shown || in.Ringed != 1 || in.Covered {
						return fmt.Errorf("step %d (%s): %+v, want its element ringed alone, shown and not under the card", i+1, s.Target, in)
					}
					if tour.Name == state.FigureSwitch && i == 2 {
						screenshot(t, ctx, "tour-switch-step3-1280x800.png")
					}
					if i == 0 {
						if err := axeClean(t, ctx, tour.Name+" tour open"); err != nil {
							return err
						}
					}
					next := "tour-next"
					if i == len(tour.Steps)-1 {
						next = "tour-done"
					}
					if err := clickID(ctx, next); err != nil {
						return err
					}
				}
				return waitFor(ctx, `!document.getElementById("tour") && !document.querySelector(".tour-target")`, 3*time.Second)
			})
		})
	}
}
