//go:build !js

// Package browser drives the built page (static/, `make wasm`) in headless
// Chromium through chromedp: `make test-browser`, or
//
//	make wasm && go test -count=1 -v -run TestBrowserX ./tests/browser
//
// The package builds serve.go once and runs it as a subprocess (`serve
// -addr 127.0.0.1:0 -dir static`, its address read from the line it logs);
// a test that needs a server of its own (a lost file, a held response, a
// slow download, another policy, HTTP/2) puts an httptest.Server with
// staticHandler, a proxy to it, in front. It starts one Chromium for the
// package (TestMain stops it) and gives each test a fresh tab in a browser
// context of its own (browser). Page (page_test.go) is the page object:
// its methods open, click, step, read and screenshot, and fail the test
// themselves. The tests run from the module's root: screenshots go to
// testdata/screenshots/ (gitignored) and axe-core is read from .cache/.
// They skip when static/main.wasm or Chromium is missing, except in CI
// (CI=true), where that is a failure. They read the page through the
// read-only debug hook window.kernelplay (ui/debug.go).
package browser

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestMain runs the package's tests from the module's root (so that
// static/, testdata/screenshots/ and .cache/ are where the Makefile puts
// them), then stops the one Chromium and the one serve.go that the tests
// started (each on first use: `go test -run X` starts neither unless X
// needs it).
func TestMain(m *testing.M) {
	if err := os.Chdir(filepath.Join("..", "..")); err != nil {
		fmt.Fprintln(os.Stderr, "tests/browser:", err)
		os.Exit(2)
	}
	if _, err := os.Stat("serve.go"); err != nil {
		fmt.Fprintln(os.Stderr, "tests/browser: the module's root has no serve.go:", err)
		os.Exit(2)
	}
	code := m.Run()
	chrome.stop()
	site.stop()
	os.Exit(code)
}

func inCI() bool {
	v := strings.ToLower(os.Getenv("CI"))
	return v != "" && v != "0" && v != "false"
}

// need skips the test (or fails it in CI) with the reason why.
func need(t *testing.T, ok bool, why string) {
	t.Helper()
	if ok {
		return
	}
	if inCI() {
		t.Fatalf("%s (CI=%s: the browser test must run)", why, os.Getenv("CI"))
	}
	t.Skipf("skipping the browser test: %s", why)
}

// ---- serve.go, as a subprocess ----

// site is serve.go, built once into a temporary directory and run as
// `serve -addr 127.0.0.1:0 -dir static` (the port the kernel chose is read
// from the line it logs), shared by every test of the package.
var site serveProc

type serveProc struct {
	once sync.Once
	url  string // http://127.0.0.1:port, without a slash
	err  error
	cmd  *exec.Cmd
	dir  string
}

// servingRE is serve.go's line "kernelplay: serving static/ at http://127.0.0.1:port/".
var servingRE = regexp.MustCompile(`serving \S+ at (http://\S+?)/?\s`)

// startSite builds and starts serve.go (once).
func startSite() (string, error) {
	site.once.Do(func() {
		site.url, site.err = runServe()
	})
	return site.url, site.err
}

func runServe() (string, error) {
	dir, err := os.MkdirTemp("", "kernelplay-serve-")
	if err != nil {
		return "", err
	}
	site.dir = dir
	exe := filepath.Join(dir, "serve")
	build := exec.Command("go", "build", "-o", exe, "serve.go")
	build.Env = append(os.Environ(), "GOOS=", "GOARCH=")
	if out, err := build.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build serve.go: %v\n%s", err, out)
	}
	cmd := exec.Command(exe, "-addr", "127.0.0.1:0", "-dir", "static")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return "", err
	}
	if err := cmd.Start(); err != nil {
		return "", err
	}
	site.cmd = cmd
	found := make(chan string, 1)
	go func() {
		r := bufio.NewReader(stderr)
		sent := false
		for {
			line, err := r.ReadString('\n')
			if m := servingRE.FindStringSubmatch(line); m != nil && !sent {
				found <- m[1]
				sent = true
			}
			if err != nil {
				if !sent {
					close(found)
				}
				return
			}
		}
	}()
	select {
	case u, ok := <-found:
		if !ok {
			return "", fmt.Errorf("serve.go exited without saying where it serves")
		}
		return u, nil
	case <-time.After(30 * time.Second):
		return "", fmt.Errorf("serve.go did not say where it serves within 30 s")
	}
}

func (s *serveProc) stop() {
	if s.cmd != nil {
		s.cmd.Process.Kill()
		s.cmd.Wait()
	}
	if s.dir != "" {
		os.RemoveAll(s.dir)
	}
}

// pageSite is where a test finds the page: serve.go's address.
type pageSite struct{ URL string }

// pageServer returns serve.go serving the built page (static/); it skips
// the test, or fails it under CI, when the page has not been built (make
// wasm), and fails it when serve.go does not start.
func pageServer(t *testing.T) pageSite {
	t.Helper()
	_, errRaw := os.Stat(filepath.Join("static", "main.wasm"))
	_, errJS := os.Stat(filepath.Join("static", "wasm_exec.js"))
	_, errPic := os.Stat(filepath.Join("static", "first.jpg"))
	need(t, errRaw == nil && errJS == nil && errPic == nil, "static/main.wasm, static/wasm_exec.js or static/first.jpg is missing (run `make wasm`)")
	u, err := startSite()
	if err != nil {
		t.Fatalf("starting serve.go: %v", err)
	}
	return pageSite{URL: u}
}

// staticHandler forwards every request, unchanged, to serve.go: a test
// that wants a server of its own (one that loses a file, holds a response,
// trickles a download, rewrites a header, speaks HTTP/2) wraps it in an
// httptest.Server. The answer comes back as serve.go sent it (no
// compression is added or removed on the way).
func staticHandler(t *testing.T) http.Handler {
	t.Helper()
	u, err := url.Parse(pageServer(t).URL)
	if err != nil {
		t.Fatal(err)
	}
	p := httputil.NewSingleHostReverseProxy(u)
	p.Transport = &http.Transport{DisableCompression: true, MaxIdleConnsPerHost: 16}
	p.FlushInterval = -1
	p.ErrorLog = nil
	return p
}

// serverWithout serves static/ but answers 404 for paths ending in suffix
// (a file the deployment lost, or a download that fails).
func serverWithout(t *testing.T, suffix string) *httptest.Server {
	static := staticHandler(t)
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, suffix) {
			http.Error(w, "gone", http.StatusNotFound)
			return
		}
		static.ServeHTTP(w, r)
	}))
}

// ---- One Chromium, a tab per test ----

// chromiumPath finds the browser: $CHROME, or chromium, chromium-browser,
// google-chrome on PATH.
func chromiumPath() string {
	if p := os.Getenv("CHROME"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// chromium is the package's one headless Chromium, started by the first
// test that asks for a tab and stopped by TestMain.
var chrome chromium

type chromium struct {
	once    sync.Once
	ctx     context.Context // the browser's first tab; new tabs are made from it
	cancel  []context.CancelFunc
	err     error
	userDir string
}

func (c *chromium) start(exe string) {
	dir, err := os.MkdirTemp("", "kernelplay-chromium-")
	if err != nil {
		c.err = err
		return
	}
	c.userDir = dir
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("mute-audio", true),
		// Frames keep coming in background tabs (the link tests open a second one).
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.UserDataDir(dir),
		chromedp.WindowSize(browserWidth, browserHeight),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	c.cancel = []context.CancelFunc{cancel, cancelA}
	// The first Run starts the browser; it must not carry a timeout.
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		c.err = fmt.Errorf("starting %s: %w", exe, err)
		return
	}
	c.ctx = ctx
}

func (c *chromium) stop() {
	for _, f := range c.cancel {
		f()
	}
	if c.userDir != "" {
		os.RemoveAll(c.userDir)
	}
}

// browser returns a fresh tab of the package's Chromium (started on first
// use), in a browser context of its own — its own storage, cache,
// permissions and downloads, as a new browser had — closed when the test
// ends. It skips the test (fails it under CI) when there is no Chromium.
//
// The tests are returning visitors: the first visit's introduction (a
// modal dialog) does not open in this tab; TestBrowserIntro opens a tab of
// its own (chromedp.NewContext on this one: the same browser context,
// without the script) for a first visit.
func browser(t *testing.T) context.Context {
	t.Helper()
	exe := chromiumPath()
	need(t, exe != "", "no chromium on PATH (make test installs it: apt-get install -y chromium)")
	chrome.once.Do(func() { chrome.start(exe) })
	if chrome.err != nil {
		t.Fatal(chrome.err)
	}
	ctx, cancel := chromedp.NewContext(chrome.ctx, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	// The tab's first action opens it; it must not carry a timeout.
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument,
		page.AddScriptToEvaluateOnNewDocumentParams{Source: introSeenJS}); err != nil {
		t.Fatalf("marking the introduction seen: %v", err)
	}
	return ctx
}

// introSeenJS marks the introduction as seen (app.IntroSeenKey) before the
// page's own scripts run.
const introSeenJS = `try { localStorage.setItem("kernelplay.intro", "seen") } catch (e) {}`
