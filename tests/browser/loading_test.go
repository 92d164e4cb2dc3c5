//go:build !js

package browser

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// loadingBoxesJS returns the loading view's boxes (the top bar, the three
// columns' skeletons, the message, the progress bar and the picture of the
// default demo's surface) as [x, y, w, h].
const loadingBoxesJS = `(() => {
  const m = {};
  for (const s of [".top", ".controls.skeleton", ".plotframe", ".side > .skeleton", "#boot-msg", "#boot-progress", ".boot-pic"]) {
    const e = document.querySelector(s);
    const r = e ? e.getBoundingClientRect() : {x: -1, y: -1, width: -1, height: -1};
    m[s] = [r.x, r.y, r.width, r.height];
  }
  return m;
})()`

// TestBrowserLoadingView: the loading view is drawn from index.html alone.
// With main.wasm and the style sheets held back by the server (never
// answered while the test looks), the page shows the skeleton and the
// message, and its indeterminate progress bar visibly moves (screenshots
// differ); the boxes are where the full style sheets put them (the same
// page with the sheets served, which boot.js has moved into the head, out
// of the body the Go program replaces), so the view does not jump when
// they arrive.
func TestBrowserLoadingView(t *testing.T) {
	static := staticHandler(t)
	var holdCSS atomic.Bool
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/main.wasm" || (holdCSS.Load() && strings.HasSuffix(r.URL.Path, ".css")) {
			select {
			case <-release:
			case <-r.Context().Done():
			}
			http.Error(w, "held", http.StatusServiceUnavailable)
			return
		}
		static.ServeHTTP(w, r)
	}))
	defer srv.Close()
	defer close(release)
	ctx := browser(t)

	boxes := func(ctx context.Context, ready string) (map[string][]float64, error) {
		// Navigate from a script: chromedp.Navigate waits for the load
		// event, which a held style sheet holds back.
		if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
			return nil, err
		}
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`location.href = `+fmt.Sprintf("%q", srv.URL+"/")+`, true`)); err != nil {
			return nil, err
		}
		if err := waitFor(ctx, ready, 10*time.Second); err != nil {
			return nil, err
		}
		return chromedp.Run(ctx, chromedp.Evaluate[map[string][]float64](loadingBoxesJS))
	}

	var alone map[string][]float64
	within(t, ctx, 30*time.Second, func(ctx context.Context) error {
		holdCSS.Store(true)
		defer holdCSS.Store(false)
		// Only the inline <style> applies, and the parser waits on the
		// style sheets at the end of the body.
		var err error
		alone, err = boxes(ctx, `document.getElementById("boot-progress") !== null && document.styleSheets.length === 1`)
		if err != nil {
			return fmt.Errorf("the loading view without the style sheets: %w", err)
		}
		msg, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("boot-msg").textContent`))
		if err != nil {
			return err
		}
		if !strings.HasPrefix(msg, "Loading the learner") {
			return fmt.Errorf("the loading view says %q", msg)
		}
		// The picture (static/first.jpg, wasm/internal/firstpic: Side × Side, 200²) is loaded
		// and fills the plot's frame inside its 1 px border, under the
		// message.
		if err := waitFor(ctx, `(() => { const i = document.querySelector(".boot-pic");
			return i !== null && i.complete && i.naturalWidth === 200 && i.naturalHeight === 200; })()`, 10*time.Second); err != nil {
			return fmt.Errorf("the loading view's picture did not load: %w", err)
		}
		pic, frame := alone[".boot-pic"], alone[".plotframe"]
		for i, want := range []float64{frame[0] + 1, frame[1] + 1, frame[2] - 2, frame[3] - 2} {
			if math.Abs(pic[i]-want) > 0.5 {
				return fmt.Errorf("the picture's box %v does not fill the plot frame %v", pic, frame)
			}
		}
		top, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const r = document.getElementById("boot-msg").getBoundingClientRect();
			return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2).id === "boot-msg"; })()`))
		if err != nil || !top {
			return fmt.Errorf("the message is not above the picture (%v)", err)
		}
		first, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			return err
		}
		for range 20 {
			time.Sleep(50 * time.Millisecond)
			shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
			if err != nil {
				return err
			}
			if !bytes.Equal(shot, first) {
				return nil
			}
		}
		return fmt.Errorf("the loading view did not change in 20 screenshots: its progress bar does not move")
	})

	within(t, ctx, 30*time.Second, func(ctx context.Context) error {
		// boot.js moves the sheets into the head (the Go program replaces
		// the body) before the program starts.
		full, err := boxes(ctx, `document.getElementById("boot-progress") !== null && document.styleSheets.length === 3 &&
			document.readyState !== "loading" && document.head.querySelectorAll('link[rel="stylesheet"]').length === 2`)
		if err != nil {
			return fmt.Errorf("the loading view with the style sheets: %w", err)
		}
		for k, a := range alone {
			f := full[k]
			for i := range a {
				if len(f) != len(a) || math.Abs(a[i]-f[i]) > 0.5 {
					return fmt.Errorf("%s is at %v from index.html alone, at %v with the style sheets", k, a, f)
				}
			}
			if a[2] <= 0 || a[3] <= 0 {
				return fmt.Errorf("%s is not shown (%v)", k, a)
			}
		}
		t.Logf("the loading view's boxes (x, y, w, h): %v", alone)
		return nil
	})
}
