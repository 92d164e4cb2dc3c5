//go:build !js

package browser

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/audits"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"kernelplay/ui/state"
)

// cspRecorderJS runs before the page's own scripts (DevTools-injected
// scripts are not subject to the page's policy) and keeps every
// securitypolicyviolation event the document sees: blocked scripts,
// WebAssembly compilation without 'wasm-unsafe-eval', workers, fetches,
// style sheets, inline styles.
const cspRecorderJS = `window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", e => {
  window.__cspViolations.push(e.effectiveDirective + " blocked " + (e.blockedURI || "inline") +
    " (" + (e.sourceFile || "") + ":" + e.lineNumber + ")");
}, true);`

// cspLog collects what the browser logs about the Content-Security-Policy
// (console errors, log entries, exceptions, from the page and its worker).
type cspLog struct {
	mu   sync.Mutex
	msgs []string
}

func (l *cspLog) add(msg string) {
	m := strings.ToLower(msg)
	if strings.Contains(m, "content security policy") || strings.Contains(m, "content-security-policy") ||
		strings.Contains(m, "wasm-unsafe-eval") {
		l.mu.Lock()
		l.msgs = append(l.msgs, clipLog(msg))
		l.mu.Unlock()
	}
}

func (l *cspLog) take() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	m := l.msgs
	l.msgs = nil
	return m
}

// listenCSP records ctx's CSP messages into a new cspLog and injects
// cspRecorderJS into every document ctx loads.
func listenCSP(t *testing.T, ctx context.Context) *cspLog {
	t.Helper()
	l := &cspLog{}
	chromedp.Listen(ctx, func(ev any) {
		switch ev := ev.(type) {
		case *audits.EventIssueAdded:
			// DevTools' Issues panel: where Chromium reports CSP
			// violations (the console message is made from it).
			if ev.Issue != nil && ev.Issue.Code == audits.InspectorIssueCodeContentSecurityPolicyIssue {
				msg := "Content Security Policy issue"
				if d := ev.Issue.Details; d != nil && d.ContentSecurityPolicyIssueDetails != nil {
					c := d.ContentSecurityPolicyIssueDetails
					msg += ": " + c.ViolatedDirective + " blocked " + c.BlockedURL + " (" + string(c.ContentSecurityPolicyViolationType) + ")"
				}
				l.add(msg)
			}
		case *log.EventEntryAdded:
			l.add(ev.Entry.Text)
		case *runtime.EventConsoleAPICalled:
			for _, a := range ev.Args {
				l.add(string(a.Value) + a.Description)
			}
		case *runtime.EventExceptionThrown:
			d := ev.ExceptionDetails
			msg := d.Text
			if d.Exception != nil {
				msg += " " + d.Exception.Description
			}
			l.add(msg)
		}
	})
	if _, err := chromedp.Call(ctx, audits.Enable, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument,
		page.AddScriptToEvaluateOnNewDocumentParams{Source: cspRecorderJS}); err != nil {
		t.Fatal(err)
	}
	return l
}

// violations returns the securitypolicyviolation events the page recorded.
func violations(ctx context.Context) ([]string, error) {
	return chromedp.Run(ctx, chromedp.Evaluate[[]string](`window.__cspViolations || []`))
}

// withPolicy serves static/ with the Content-Security-Policy replaced by
// policy (to check that the test sees a violation when there is one).
func withPolicy(t *testing.T, policy string) http.Handler {
	static := staticHandler(t)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		static.ServeHTTP(policyWriter{w, policy}, r)
	})
}

// servedPolicy is the Content-Security-Policy serve.go sends with the page.
func servedPolicy(t *testing.T) string {
	t.Helper()
	resp, err := http.Get(pageServer(t).URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	p := resp.Header.Get("Content-Security-Policy")
	if !strings.Contains(p, " 'wasm-unsafe-eval'") {
		t.Fatalf("serve.go's Content-Security-Policy %q has no 'wasm-unsafe-eval' to remove", p)
	}
	return p
}

type policyWriter struct {
	http.ResponseWriter
	policy string
}

func (p policyWriter) WriteHeader(code int) {
	p.Header().Set("Content-Security-Policy", p.policy)
	p.ResponseWriter.WriteHeader(code)
}

func (p policyWriter) Write(b []byte) (int, error) {
	p.Header().Set("Content-Security-Policy", p.policy)
	return p.ResponseWriter.Write(b)
}

// TestBrowserCSP loads the page from serve.go's handler, with its
// Content-Security-Policy, in headless Chromium and fails on any
// violation: the 2D demo (WebAssembly, the line worker, the canvases, the
// style sheets) and the digits view (fetch and DecompressionStream of a
// shipped set). A control run with 'wasm-unsafe-eval' removed from the
// policy must be seen to fail, so that a silent recorder cannot pass.
func TestBrowserCSP(t *testing.T) {
	_, errRaw := os.Stat(filepath.Join("static", "main.wasm"))
	_, errJS := os.Stat(filepath.Join("static", "wasm_exec.js"))
	need(t, errRaw == nil && errJS == nil, "static/main.wasm or static/wasm_exec.js is missing (run `make wasm`)")
	ctx := browser(t)
	csp := listenCSP(t, ctx)

	t.Run("PagePasses", func(t *testing.T) {
		srv := pageServer(t)
		within(t, ctx, 90*time.Second, func(ctx context.Context) error {
			if err := open(ctx, srv.URL, ""); err != nil {
				return err
			}
			if err := waitFor(ctx, `window.kernelplay.stats().t > 100`, 15*time.Second); err != nil {
				return fmt.Errorf("the default demo is not learning under the policy: %w", err)
			}
			if err := waitFor(ctx, linesDrawnJS, 10*time.Second); err != nil {
				return fmt.Errorf("the line worker draws nothing under the policy: %w", err)
			}
			if _, err := surfaceShown(ctx, "under the policy", 20, 0.2); err != nil {
				return err
			}
			v2d, err := violations(ctx)
			if err != nil {
				return err
			}
			if err := open(ctx, srv.URL, state.Encode(state.DigitsDefault())); err != nil {
				return err
			}
			if err := waitFor(ctx, `document.getElementById("gallery-0") !== null`, 30*time.Second); err != nil {
				return fmt.Errorf("the digits view did not load its set under the policy: %w", err)
			}
			vd, err := violations(ctx)
			if err != nil {
				return err
			}
			if v := append(v2d, vd...); len(v) > 0 {
				return fmt.Errorf("%d CSP violations: %q", len(v), v)
			}
			if m := csp.take(); len(m) > 0 {
				return fmt.Errorf("the browser logged %d CSP messages: %q", len(m), m)
			}
			return nil
		})
	})

	t.Run("ViolationIsSeen", func(t *testing.T) {
		srv := httptest.NewServer(withPolicy(t, strings.Replace(servedPolicy(t), " 'wasm-unsafe-eval'", "", 1)))
		defer srv.Close()
		csp.take()
		within(t, ctx, 60*time.Second, func(ctx context.Context) error {
			if err := chromedp.Do(ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(srv.URL+"/")); err != nil {
				return err
			}
			if err := waitFor(ctx, `(window.__cspViolations || []).some(v => v.startsWith("script-src"))`, 20*time.Second); err != nil {
				return fmt.Errorf("no violation recorded without 'wasm-unsafe-eval': %w", err)
			}
			deadline := time.Now().Add(20 * time.Second)
			for {
				if m := csp.take(); len(m) > 0 {
					t.Logf("without 'wasm-unsafe-eval' the browser reports: %s", m[0])
					return nil
				}
				if time.Now().After(deadline) {
					return fmt.Errorf("the browser logged no CSP message without 'wasm-unsafe-eval'")
				}
				time.Sleep(100 * time.Millisecond)
			}
		})
	})
}
