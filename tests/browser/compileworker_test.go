//go:build !js

package browser

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// noWorkerJS removes Worker before the page's scripts run: a browser
// without dedicated workers (the page then also draws the lines itself).
const noWorkerJS = `delete window.Worker;`

// brokenCompileWorkerJS makes index.html's new Worker("compile.js") load a
// script that does not exist: a worker that cannot start (its script lost
// or blocked). Other workers (the line worker) start as before.
const brokenCompileWorkerJS = `{ const W = window.Worker;
  window.Worker = function (u, o) { return new W(String(u) === "compile.js" ? "no-such-compile.js" : u, o); }; }`

// controlledJS makes the page believe a service worker controls it
// (navigator.serviceWorker.controller), the returning visit on which
// index.html starts its compile worker, on a load that bypasses the
// service worker: the worker's paths on the server the test chooses.
const controlledJS = `try { Object.defineProperty(navigator.serviceWorker, "controller", {get: () => ({})}); } catch (e) {}`

// compiledVia is where the page compiled main.wasm (kpBoot.via), its
// loading view's byte counts, and the message it shows.
type compiledVia struct {
	Via   string  `json:"via"`
	Bytes float64 `json:"bytes"`
	Total float64 `json:"total"`
	Msg   string  `json:"msg"`
	Class string  `json:"class"`
}

const compiledViaJS = `({via: kpBoot.via || "", bytes: kpBoot.bytes || 0, total: kpBoot.total || 0,
  msg: (document.getElementById("boot-msg") || {textContent: ""}).textContent,
  class: (document.getElementById("boot-msg") || {className: ""}).className})`

// TestBrowserCompileWorker: on a returning visit (the service worker
// controls the page) index.html's script compiles main.wasm in its compile
// worker (static/compile.js) and the page starts with the module it posts,
// the loading view having counted every decoded byte; a first visit
// compiles on the main thread. With the page made to believe it is
// controlled: the worker path from the network; without Worker, or with a
// worker that cannot start, the page compiles main.wasm on its main thread
// and starts; a main.wasm the server does not have shows boot.js's message
// with the HTTP status, from either path.
func TestBrowserCompileWorker(t *testing.T) {
	srv := pageServer(t)
	lost := serverWithout(t, "/main.wasm")
	defer lost.Close()
	t.Run("ReturningVisit", func(t *testing.T) {
		ctx := browser(t)
		within(t, ctx, 120*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, ""); err != nil {
				return err
			}
			first, err := chromedp.Run(ctx, chromedp.Evaluate[compiledVia](compiledViaJS))
			if err != nil {
				return err
			}
			if first.Via != "main" {
				return fmt.Errorf("a first visit compiled main.wasm via %q, want main", first.Via)
			}
			if err := waitFor(ctx, `kpBoot.sw === "ready"`, 90*time.Second); err != nil {
				sw, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`String(kpBoot.sw)`))
				return fmt.Errorf("the service worker did not get ready (kpBoot.sw %q): %w", sw, err)
			}
			if err := open(ctx, srv.URL, ""); err != nil {
				return err
			}
			v, err := chromedp.Run(ctx, chromedp.Evaluate[compiledVia](compiledViaJS))
			if err != nil {
				return err
			}
			t.Logf("returning visit: compiled via %q, %.0f of %.0f bytes counted", v.Via, v.Bytes, v.Total)
			if v.Via != "worker" {
				return fmt.Errorf("a returning visit compiled main.wasm via %q, want worker", v.Via)
			}
			if v.Bytes <= 0 || v.Bytes != v.Total {
				return fmt.Errorf("the loading view counted %.0f bytes of %.0f, want every byte of a known total", v.Bytes, v.Total)
			}
			return nil
		})
	})
	for _, c := range []struct {
		name, js, base, via string
		lost                bool
	}{
		{"FirstVisit", "", srv.URL, "main", false},
		{"Worker", controlledJS, srv.URL, "worker", false},
		{"NoWorker", controlledJS + noWorkerJS, srv.URL, "main", false},
		{"BrokenWorker", controlledJS + brokenCompileWorkerJS, srv.URL, "main", false},
		{"WorkerHTTP404", controlledJS, lost.URL, "worker", true},
		{"NoWorkerHTTP404", controlledJS + noWorkerJS, lost.URL, "main", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx := browser(t) // a tab of its own: the injected script stays with it
			if c.js != "" {
				if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: c.js}); err != nil {
					t.Fatal(err)
				}
			}
			// Every load a first visit: the bytes are downloaded and counted.
			restore, err := firstVisit(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer restore()
			within(t, ctx, 60*time.Second, func(ctx context.Context) error {
				var v compiledVia
				if c.lost {
					if err := chromedp.Do(ctx, chromedp.Navigate(c.base+"/")); err != nil {
						return err
					}
					if err := waitFor(ctx, `document.getElementById("boot-msg").className === "boot-error"`, 30*time.Second); err != nil {
						return fmt.Errorf("no error shown for a lost main.wasm: %w", err)
					}
					v, err = chromedp.Run(ctx, chromedp.Evaluate[compiledVia](compiledViaJS))
					if err != nil {
						return err
					}
					t.Logf("a lost main.wasm, compiled via %q: %q", v.Via, v.Msg)
					if !strings.Contains(v.Msg, "Could not start kernelplay") || !strings.Contains(v.Msg, "main.wasm: HTTP 404") {
						return fmt.Errorf("the view says %q, want boot.js's message with main.wasm: HTTP 404", v.Msg)
					}
				} else {
					if err := open(ctx, c.base, ""); err != nil {
						return err
					}
					v, err = chromedp.Run(ctx, chromedp.Evaluate[compiledVia](compiledViaJS))
					if err != nil {
						return err
					}
					t.Logf("compiled via %q: %.0f of %.0f bytes counted", v.Via, v.Bytes, v.Total)
					if v.Bytes <= 0 || v.Total <= 0 || v.Bytes != v.Total {
						return fmt.Errorf("the loading view counted %.0f bytes of %.0f, want every byte of a known total", v.Bytes, v.Total)
					}
				}
				if v.Via != c.via {
					return fmt.Errorf("main.wasm was compiled via %q, want %q", v.Via, c.via)
				}
				return nil
			})
		})
	}
}
