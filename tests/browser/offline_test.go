//go:build !js

package browser

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserOffline: the service worker (static/sw.js) keeps the build,
// so that a second visit opens with no server at all, and a new build
// replaces the old one without ever mixing the two in a page.
//
// The page is served by serve.go of its own, from a copy of static/ (the
// test changes a file and the manifest in it). After one visit, once a
// worker is active, the server is stopped (its process killed) and its
// port taken by a recorder that answers every request 503: the reloaded
// page draws its surface, its navigation and main.wasm went through the
// worker (the Navigation and Resource Timing entries' workerStart), and
// the recorder saw nothing but the browser's own update check of the
// worker's scripts (sw.js and sw-manifest.js, which the browser fetches
// after every navigation). The DevTools offline switch is not used: it
// does not reach service workers, so it would prove nothing.
//
// Then a new build: serve.go again on the same port (the same origin),
// style.css changed and the manifest rewritten by
// wasm/internal/swmanifest. The update installs a second worker beside the
// first: both caches exist while the old page is open, and that page still
// gets the old style.css. Once the page is closed (the tab goes to
// about:blank) the new worker activates and deletes the old cache; the page
// opened again gets the new style.css and only the new cache exists.
func TestBrowserOffline(t *testing.T) {
	pageServer(t) // skips (fails in CI) without a built page; builds serve.go
	if _, err := os.Stat(filepath.Join("static", "sw-manifest.js")); err != nil {
		t.Fatalf("static/sw-manifest.js is missing: make wasm writes it (%v)", err)
	}
	exe := filepath.Join(site.dir, "serve")
	dir := t.TempDir()
	if err := copyDir(dir, "static"); err != nil {
		t.Fatal(err)
	}
	srv := startServe(t, exe, dir, "127.0.0.1:0")
	addr := strings.TrimPrefix(srv.url, "http://")
	p := &Page{t: t, ctx: browser(t), base: srv.url}
	v1 := manifestVersion(t, dir)

	p.Open("")
	if got := waitSW(t, p, 90*time.Second); got != "ready" {
		t.Fatalf("the service worker: kpBoot.sw = %q, want ready", got)
	}
	if names := cacheNames(p); !slices.Equal(names, []string{"kernelplay-" + v1}) {
		t.Fatalf("the caches are %q, want the build's alone, kernelplay-%s", names, v1)
	}
	policy := awaitEval[string](p, `caches.open("kernelplay-`+v1+`").then(c => c.match(location.origin + "/index.html")).then(r => r ? r.headers.get("Content-Security-Policy") + "" : "no index.html")`)
	if want := servedPolicy(t); policy != want {
		t.Errorf("the cached index.html's policy is %q, want serve.go's %q", policy, want)
	}
	// The loading view's picture, a build output of make wasm like
	// main.wasm, is kept with the build (the manifest lists static/'s files).
	if got := awaitEval[string](p, `caches.open("kernelplay-`+v1+`").then(c => c.match(location.origin + "/first.jpg")).then(r => r ? r.headers.get("Content-Type") + "" : "no first.jpg")`); got != "image/jpeg" {
		t.Errorf("the cached first.jpg: %q, want an image/jpeg", got)
	}

	t.Run("NoServer", func(t *testing.T) {
		p := p.In(t)
		srv.stop()
		rec := record(t, addr)
		p.Open("")
		if st := p.Stats(); st.FirstSurfaceMS <= 0 {
			t.Errorf("the page opened without the server but drew no surface (stats %+v)", st)
		}
		via := pageEval[string](p, `[performance.getEntriesByType("navigation")[0]].concat(performance.getEntriesByType("resource"))
			.filter(e => e.workerStart === 0).map(e => e.name).join(" ")`)
		if strings.Contains(via, "main.wasm") || !pageEval[bool](p, `performance.getEntriesByType("navigation")[0].workerStart > 0`) {
			t.Errorf("loaded without the service worker: %s", via)
		}
		// A controlled page compiles main.wasm in its compile worker
		// (static/compile.js), whose fetch the service worker answers too.
		if got := pageEval[string](p, `kpBoot.via`); got != "worker" {
			t.Errorf("the controlled page compiled main.wasm via %q, want its compile worker", got)
		}
		time.Sleep(2 * time.Second) // the browser's update check follows the navigation
		seen := rec.stop()
		for _, path := range seen {
			if path != "/sw.js" && path != "/sw-manifest.js" {
				t.Errorf("with the server stopped the page asked for %s (all requests: %q)", path, seen)
			}
		}
		t.Logf("without the server: the page drew its surface at %.0f ms; requests at the server's port: %q",
			p.Stats().FirstSurfaceMS, seen)
	})

	t.Run("NewBuild", func(t *testing.T) {
		p := p.In(t)
		srv := startServe(t, exe, dir, addr)
		defer srv.stop()
		const mark = "/* the new build */"
		f, err := os.OpenFile(filepath.Join(dir, "style.css"), os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintln(f, mark)
		f.Close()
		tool := exec.Command("go", "run", "./wasm/internal/swmanifest", "-dir", dir)
		tool.Env = append(os.Environ(), "GOOS=", "GOARCH=")
		if out, err := tool.CombinedOutput(); err != nil {
			t.Fatalf("swmanifest: %v\n%s", err, out)
		}
		v2 := manifestVersion(t, dir)
		if v2 == v1 {
			t.Fatalf("a changed style.css kept the version %s", v1)
		}
		awaitEval[bool](p, `navigator.serviceWorker.getRegistration().then(r => r.update()).then(() => true)`)
		waitAsync(t, p, `navigator.serviceWorker.getRegistration().then(r => !!r.waiting)`, 90*time.Second)
		want := []string{"kernelplay-" + v1, "kernelplay-" + v2}
		slices.Sort(want) // as cacheNames sorts (the versions are hashes, in either order)
		if names := cacheNames(p); !slices.Equal(names, want) {
			t.Errorf("with the new worker waiting the caches are %q, want the old build's and the new one's, %q", names, want)
		}
		if newCSS(p, mark) {
			t.Errorf("the old page got the new build's style.css while its own build is still active")
		}
		// Close the page: no client of the old build is left, the new
		// worker activates. The browser does this in its own time: open
		// the page again until the new build serves it.
		deadline := time.Now().Add(60 * time.Second)
		for {
			if err := chromedp.Do(p.Ctx(), chromedp.Navigate("about:blank")); err != nil {
				t.Fatal(err)
			}
			time.Sleep(500 * time.Millisecond)
			p.Open("")
			if newCSS(p, mark) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the new build never served the page (caches %q)", cacheNames(p))
			}
		}
		if names := cacheNames(p); !slices.Equal(names, []string{"kernelplay-" + v2}) {
			t.Errorf("after the new worker activated the caches are %q, want kernelplay-%s alone", names, v2)
		}
	})
}

// waitSW waits up to d for boot.js's kpBoot.sw to settle (ready, an error
// or unsupported) and returns it.
func waitSW(t *testing.T, p *Page, d time.Duration) string {
	t.Helper()
	p.WaitFor(`["ready", "unsupported"].includes(kpBoot.sw) || kpBoot.sw.startsWith("error")`, d)
	return pageEval[string](p, `kpBoot.sw`)
}

// cacheNames returns the page's Cache Storage names, sorted.
func cacheNames(p *Page) []string {
	p.t.Helper()
	names := awaitEval[[]string](p, `caches.keys()`)
	slices.Sort(names)
	return names
}

// newCSS reports whether the page's fetch of style.css gets the text with
// mark (the new build's).
func newCSS(p *Page, mark string) bool {
	p.t.Helper()
	return awaitEval[bool](p, fmt.Sprintf(`fetch("style.css").then(r => r.text()).then(s => s.includes(%q))`, mark))
}

// awaitEval evaluates the JavaScript expression, a promise, in p's tab and
// returns the value it resolves to as T.
func awaitEval[T any](p *Page, expr string) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, pageCallTimeout)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("evaluating %.200s: %v", expr, err)
	}
	return v
}

// waitAsync evaluates the JavaScript expression, a promise, every 200 ms
// until it resolves to true, for up to d.
func waitAsync(t *testing.T, p *Page, expr string, d time.Duration) {
	t.Helper()
	deadline := time.Now().Add(d)
	for {
		ctx, cancel := context.WithTimeout(p.ctx, pageCallTimeout)
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](expr, chromedp.EvalAwaitPromise))
		cancel()
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("waiting %v for %s: last error %v", d, expr, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// manifestRE finds the version in a sw-manifest.js.
var manifestRE = regexp.MustCompile(`"version":"([0-9a-f]{16})"`)

// manifestVersion reads the build version of dir/sw-manifest.js.
func manifestVersion(t *testing.T, dir string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "sw-manifest.js"))
	if err != nil {
		t.Fatal(err)
	}
	m := manifestRE.FindSubmatch(b)
	if m == nil {
		t.Fatalf("%s/sw-manifest.js has no version: %.200s", dir, b)
	}
	return string(m[1])
}

// copyDir copies the regular files under src into dst (which exists),
// keeping their modification times (serve.go sends a precompressed copy
// only when it is not older than its source).
func copyDir(dst, src string) error {
	return filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		to := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(to, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		in, err := os.Open(p)
		if err != nil {
			return err
		}
		defer in.Close()
		out, err := os.Create(to)
		if err != nil {
			return err
		}
		if _, err := io.Copy(out, in); err != nil {
			out.Close()
			return err
		}
		if err := out.Close(); err != nil {
			return err
		}
		st, err := in.Stat()
		if err != nil {
			return err
		}
		return os.Chtimes(to, st.ModTime(), st.ModTime())
	})
}

// serveRun is a serve.go process of a test's own.
type serveRun struct {
	url  string
	cmd  *exec.Cmd
	once sync.Once
}

// startServe runs the serve.go binary exe on dir at addr and waits for the
// line that says where it serves; the test's cleanup stops it.
func startServe(t *testing.T, exe, dir, addr string) *serveRun {
	t.Helper()
	cmd := exec.Command(exe, "-addr", addr, "-dir", dir)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &serveRun{cmd: cmd}
	t.Cleanup(s.stop)
	found := make(chan string, 1)
	go func() {
		r := bufio.NewReader(stderr)
		for {
			line, err := r.ReadString('\n')
			if m := servingRE.FindStringSubmatch(line); m != nil {
				found <- m[1]
			}
			if err != nil {
				close(found)
				return
			}
		}
	}()
	select {
	case u, ok := <-found:
		if !ok {
			t.Fatalf("serve.go -addr %s exited without saying where it serves", addr)
		}
		s.url = u
	case <-time.After(30 * time.Second):
		t.Fatalf("serve.go -addr %s did not say where it serves within 30 s", addr)
	}
	return s
}

// stop kills the server (once).
func (s *serveRun) stop() {
	s.once.Do(func() {
		s.cmd.Process.Kill()
		s.cmd.Wait()
	})
}

// recorder listens where the stopped server did and answers every request
// 503, keeping its path.
type recorder struct {
	mu    sync.Mutex
	paths []string
	srv   *http.Server
}

// record starts a recorder at addr; the test's cleanup stops it.
func record(t *testing.T, addr string) *recorder {
	t.Helper()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatalf("listening where the server was: %v", err)
	}
	rec := &recorder{}
	rec.srv = &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec.mu.Lock()
		rec.paths = append(rec.paths, r.URL.Path)
		rec.mu.Unlock()
		http.Error(w, "the server is stopped", http.StatusServiceUnavailable)
	})}
	go rec.srv.Serve(ln)
	t.Cleanup(func() { rec.stop() })
	return rec
}

// stop closes the recorder and returns the paths it was asked for.
func (r *recorder) stop() []string {
	r.srv.Close()
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.paths)
}
