//go:build !js

package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/security"
	"github.com/chromedp/chromedp"
)

// sizeBudget is main.wasm's budget (issue 24): the bytes of its zopfli gzip,
// main.wasm.gz, built as `make wasm` builds it and as serve.go serves it to
// a browser that accepts gzip — the 1.2 MB the page held before it grew to
// 1,673,074 bytes (November 2026). A feature that cannot fit says so in its
// note, with the figures, and asks for more.
const sizeBudget = 1_200_000

// sizeCeiling is the interim limit while main.wasm is still over
// [sizeBudget]: the 1,674,736 bytes of the build that merged this round's
// classroom, file and robustness work (November 2026), plus 25 KB. The
// test fails above it, so nothing grows the page unnoticed, and logs how
// far the build is from the budget; each cut of issue "Lighter and quicker
// to open" lowers it, until it is the budget.
const sizeCeiling = 1_700_000

// TestSizeBudget builds main.wasm as served (`make wasm` into a temporary
// directory: the same flags, the data-section packing, zopfli --i5 and
// brotli -q 11) and fails when its gzip is over [sizeCeiling] (the interim
// limit while it is over [sizeBudget]), printing what
// main.wasm is made of (`make wasm-breakdown`: code by package, the largest
// functions, the data section by region). It measures sizes, not times: the
// same tree gives the same bytes on any machine with the same Go and zopfli.
// It fails rather than measure another compressor when zopfli (or make, or
// brotli) is missing. The brotli size is logged with the others.
func TestSizeBudget(t *testing.T) {
	for _, tool := range []string{"make", "zopfli", "brotli"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is not installed (make %s installs it): the budget is main.wasm's zopfli gzip as `make wasm` writes it", tool, tool)
		}
	}
	dir := t.TempDir()
	if out, err := sizeMake("wasm", "WASMOUT="+dir); err != nil {
		t.Fatalf("make wasm WASMOUT=%s: %v\n%s", dir, err, out)
	}
	raw, err := os.ReadFile(filepath.Join(dir, "main.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	gz, err := os.ReadFile(filepath.Join(dir, "main.wasm.gz"))
	if err != nil {
		t.Fatal(err)
	}
	br, err := os.Stat(filepath.Join(dir, "main.wasm.br"))
	if err != nil {
		t.Fatal(err)
	}
	// The gzip measured is the gzip of this main.wasm.
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatalf("main.wasm.gz: %v", err)
	}
	if in, err := io.ReadAll(zr); err != nil || !bytes.Equal(in, raw) {
		t.Fatalf("main.wasm.gz does not inflate to main.wasm (%d of %d bytes, %v)", len(in), len(raw), err)
	}
	t.Logf("measure (%s): main.wasm %d bytes raw, %d zopfli gzip (budget %d: %+d), %d brotli -q 11 (%.1f%% of the gzip)",
		load(), len(raw), len(gz), sizeBudget, len(gz)-sizeBudget, br.Size(), 100*float64(br.Size())/float64(len(gz)))
	if len(gz) > sizeBudget {
		t.Logf("main.wasm.gz is %d bytes, %d (%.1f%%) over its budget of %d; the interim ceiling is %d",
			len(gz), len(gz)-sizeBudget, 100*float64(len(gz)-sizeBudget)/sizeBudget, sizeBudget, sizeCeiling)
	}
	if len(gz) > sizeCeiling {
		out, err := sizeMake("wasm-breakdown", "TOP=30", "FUNCS=20")
		if err != nil {
			out += "\n(make wasm-breakdown: " + err.Error() + ")"
		}
		t.Errorf("main.wasm.gz is %d bytes, over the interim ceiling of %d (the budget is %d): cut before adding (what it is made of, `make wasm-breakdown TOP=30 FUNCS=20`):\n%s",
			len(gz), sizeCeiling, sizeBudget, out)
	}
}

// sizeMake runs make with args in the module's root and returns what it
// printed. The make that may be running this test (make test) does not pass
// its job server or flags down.
func sizeMake(args ...string) (string, error) {
	cmd := exec.Command("make", append([]string{"-s", "--no-print-directory"}, args...)...)
	for _, e := range os.Environ() {
		if k, _, _ := strings.Cut(e, "="); k != "MAKEFLAGS" && k != "MFLAGS" && k != "MAKELEVEL" && k != "MAKEOVERRIDES" {
			cmd.Env = append(cmd.Env, e)
		}
	}
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// sizeBrotliDir is testDir with a main.wasm.br beside main.wasm.gz. The
// server sends precompressed files as they are, so the .br's bytes need not
// be a brotli stream: they are told apart from the others by their content.
func sizeBrotliDir(t *testing.T) (dir string, raw, br []byte) {
	t.Helper()
	dir, raw = testDir(t)
	br = []byte("brotli of main.wasm (stand-in)")
	if err := os.WriteFile(filepath.Join(dir, "main.wasm.br"), br, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, raw, br
}

// TestServeWasmBrotli: main.wasm.br is sent to a client that accepts br
// (every current browser over HTTPS), before the gzip at equal weights, with
// Content-Encoding: br, Vary: Accept-Encoding and the raw size in
// X-Decoded-Content-Length (what the loading view counts up to); else the
// gzip, else the raw file.
func TestServeWasmBrotli(t *testing.T) {
	dir, raw, br := sizeBrotliDir(t)
	gz, err := os.ReadFile(filepath.Join(dir, "main.wasm.gz"))
	if err != nil {
		t.Fatal(err)
	}
	h := newHandler(dir)
	for _, c := range []struct {
		accept, want string // want: the Content-Encoding sent
	}{
		{"gzip, deflate, br, zstd", "br"}, // Chromium over HTTPS
		{"gzip, deflate", "gzip"},         // Chromium over HTTP
		{"br", "br"},
		{"BR;q=1.0", "br"},
		{"br;q=0.5, gzip", "gzip"}, // the client prefers gzip
		{"gzip;q=0.5, br", "br"},
		{"br;q=0, *", "gzip"},
		{"br;q=0, gzip;q=0", ""},
		{"*", "br"},
		{"identity", ""},
		{"deflate", ""},
		{"", ""},
	} {
		resp := get(t, h, "/main.wasm", c.accept)
		body, _ := io.ReadAll(resp.Body)
		want := map[string][]byte{"br": br, "gzip": gz, "": raw}[c.want]
		if resp.StatusCode != 200 || resp.Header.Get("Content-Encoding") != c.want || !bytes.Equal(body, want) {
			t.Errorf("Accept-Encoding %q: status %d, Content-Encoding %q, %d bytes; want %q, %d bytes",
				c.accept, resp.StatusCode, resp.Header.Get("Content-Encoding"), len(body), c.want, len(want))
		}
		if got := resp.Header.Get("Vary"); got != "Accept-Encoding" {
			t.Errorf("Accept-Encoding %q: Vary = %q, want Accept-Encoding", c.accept, got)
		}
		if got := resp.Header.Get("Content-Type"); got != "application/wasm" {
			t.Errorf("Accept-Encoding %q: Content-Type = %q, want application/wasm", c.accept, got)
		}
		wantLen := strconv.Itoa(len(raw)) // the loading view's total: the decoded size
		if c.want == "" {
			wantLen = ""
		}
		if got := resp.Header.Get("X-Decoded-Content-Length"); got != wantLen {
			t.Errorf("Accept-Encoding %q: X-Decoded-Content-Length = %q, want %q", c.accept, got, wantLen)
		}
	}
	// HEAD: the same headers, no body.
	req := httptest.NewRequest("HEAD", "/main.wasm", nil)
	req.Header.Set("Accept-Encoding", "gzip, br")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if ce := rec.Result().Header.Get("Content-Encoding"); ce != "br" || rec.Body.Len() != 0 {
		t.Errorf("HEAD: Content-Encoding %q, %d body bytes; want br, none", ce, rec.Body.Len())
	}
}

// TestServeStaleBrotli: a main.wasm.br older than main.wasm (a rebuild
// without brotli) is not sent: the gzip is, when it is current, else the
// raw file; a .br without its main.wasm is not sent in its place.
func TestServeStaleBrotli(t *testing.T) {
	dir, raw, _ := sizeBrotliDir(t)
	h := newHandler(dir)
	src, gz, br := filepath.Join(dir, "main.wasm"), filepath.Join(dir, "main.wasm.gz"), filepath.Join(dir, "main.wasm.br")
	built := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name         string
		brAge, gzAge time.Duration // the copy's mtime minus main.wasm's
		want         string
	}{
		{"both current", 0, time.Second, "br"},
		{"br stale", -time.Second, 0, "gzip"},
		{"both stale", -time.Second, -time.Second, ""},
		{"gz stale, br current", time.Minute, -time.Nanosecond, "br"},
	} {
		for f, age := range map[string]time.Duration{src: 0, br: c.brAge, gz: c.gzAge} {
			if err := os.Chtimes(f, built.Add(age), built.Add(age)); err != nil {
				t.Fatal(err)
			}
		}
		resp := get(t, h, "/main.wasm", "gzip, deflate, br")
		body, _ := io.ReadAll(resp.Body)
		if got := resp.Header.Get("Content-Encoding"); resp.StatusCode != 200 || got != c.want {
			t.Errorf("%s: status %d, Content-Encoding %q, want %q", c.name, resp.StatusCode, got, c.want)
		}
		if c.want == "" && !bytes.Equal(body, raw) {
			t.Errorf("%s: the body is not the raw main.wasm", c.name)
		}
	}
	if err := os.Remove(src); err != nil {
		t.Fatal(err)
	}
	if resp := get(t, h, "/main.wasm", "br"); resp.StatusCode != 404 {
		t.Errorf("main.wasm missing, main.wasm.br present: status %d, want 404", resp.StatusCode)
	}
}

// TestServeAcceptWeight: the q weight of a coding in Accept-Encoding (RFC
// 9110 §12.5.3).
func TestServeAcceptWeight(t *testing.T) {
	for _, c := range []struct {
		header []string
		coding string
		want   float64
	}{
		{[]string{"gzip, deflate, br"}, "br", 1},
		{[]string{"gzip, deflate"}, "br", 0},
		{[]string{"gzip", "br;q=0.3"}, "br", 0.3}, // two header lines
		{[]string{"Br ; Q=0.7"}, "br", 0.7},
		{[]string{"x-gzip"}, "gzip", 1},
		{[]string{"*;q=0.2"}, "br", 0.2},
		{[]string{"br;q=0, *"}, "br", 0}, // an explicit refusal beats the wildcard
		{[]string{"*, br;q=0.4"}, "br", 0.4},
		{[]string{"br;q=1.5, *;q=0.1"}, "br", 0.1}, // a malformed item is ignored
		{[]string{"brotli"}, "br", 0},
		{nil, "br", 0},
	} {
		if got := acceptWeight(c.header, c.coding); got != c.want {
			t.Errorf("acceptWeight(%q, %q) = %v, want %v", c.header, c.coding, got, c.want)
		}
	}
}

// TestBrowserSizeEncodings: the loading view counts main.wasm's bytes right
// whichever copy the server sends — brotli over HTTPS and HTTP/2 as a
// static host serves it, gzip to a browser that does not ask for br, the raw
// file to a client that accepts no coding — and the page starts from each. Every load is a first visit over a network
// throttled to 10 Mbps / 40 ms ([loadingOnce]: the view must show a byte
// count, and count main.wasm's decoded size against the total the server
// sent); the bytes that crossed the network (the resource's
// encodedBodySize) are the size of the copy wanted.
func TestBrowserSizeEncodings(t *testing.T) {
	files := map[string]int64{}
	for _, f := range []string{"main.wasm", "main.wasm.gz", "main.wasm.br"} {
		st, err := os.Stat(filepath.Join("static", f))
		need(t, err == nil, "static/"+f+" is missing (run `make wasm`)")
		files[f] = st.Size()
	}
	ctx := browser(t)
	if _, err := chromedp.Call(ctx, security.SetIgnoreCertificateErrors, security.SetIgnoreCertificateErrorsParams{Ignore: true}); err != nil {
		t.Fatal(err)
	}
	static := newHandler("static")
	// Chromium asks for "gzip, deflate, br, zstd" from a secure context
	// and from localhost: the gzip and raw servers rewrite what it asks
	// for main.wasm to what a browser without brotli asks (before Chrome
	// 50, Safari before 11; any browser over plain HTTP from another
	// host), and to nothing (a client or proxy that accepts no coding).
	var asked sync.Map // server → the Accept-Encoding main.wasm was asked with
	record := func(name string, accept []string) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/main.wasm" {
				if accept != nil {
					r.Header["Accept-Encoding"] = accept
				}
				asked.Store(name, r.Header.Get("Accept-Encoding"))
			}
			static.ServeHTTP(w, r)
		})
	}
	tls := httptest.NewUnstartedServer(record("br", nil))
	tls.Config.ErrorLog = log.New(io.Discard, "", 0) // the browser's probes before it ignores the test certificate
	tls.EnableHTTP2 = true
	tls.StartTLS()
	defer tls.Close()
	plain := httptest.NewServer(record("gzip", []string{"gzip, deflate"}))
	defer plain.Close()
	raw := httptest.NewServer(record("raw", []string{}))
	defer raw.Close()

	for _, c := range []struct {
		name, url, file string
	}{
		{"br", tls.URL, "main.wasm.br"},
		{"gzip", plain.URL, "main.wasm.gz"},
		{"raw", raw.URL, "main.wasm"},
	} {
		t.Run(c.name, func(t *testing.T) {
			within(t, ctx, 90*time.Second, func(ctx context.Context) error {
				b, err := loadingOnce(t, ctx, c.url, false)
				if err != nil {
					return err
				}
				sizes, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(() => {
				  const e = performance.getEntriesByType("resource").find(e => e.name.endsWith("/main.wasm"));
				  return e ? [e.encodedBodySize, e.decodedBodySize] : [0, 0]; })()`))
				if err != nil {
					return err
				}
				screenshot(t, ctx, "size-encodings-"+c.name+".png") // the page, started from this copy
				ae, _ := asked.Load(c.name)
				t.Logf("measure (%s): %s: Accept-Encoding %q; %.0f bytes over the network, %.0f decoded; the loading view counted %.0f of %.0f; its first byte count at %.0f ms, compiled at %.0f ms",
					load(), c.name, ae, sizes[0], sizes[1], b.Bytes, b.Total, b.ProgressMS, b.CompiledMS)
				if b.Total != float64(files["main.wasm"]) || b.Bytes != b.Total {
					return fmt.Errorf("the loading view counted %.0f of %.0f bytes, want %d of %d", b.Bytes, b.Total, files["main.wasm"], files["main.wasm"])
				}
				if sizes[0] != float64(files[c.file]) || sizes[1] != float64(files["main.wasm"]) {
					return fmt.Errorf("main.wasm came as %.0f bytes (%.0f decoded), want %s's %d (%d decoded)",
						sizes[0], sizes[1], c.file, files[c.file], files["main.wasm"])
				}
				return nil
			})
		})
	}
}

// TestServeSizeFavicon: the page's directory has the /favicon.ico every
// browser asks for (a 404 there is an error in the console, which
// Lighthouse's best-practices audit counts), served as an image.
func TestServeSizeFavicon(t *testing.T) {
	resp := get(t, newHandler("static"), "/favicon.ico", "gzip, br")
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "image/") || !bytes.HasPrefix(body, []byte{0, 0, 1, 0}) {
		t.Errorf("GET /favicon.ico: status %d, Content-Type %q, %d bytes starting % x; want 200, an image, an ICO",
			resp.StatusCode, resp.Header.Get("Content-Type"), len(body), body[:min(4, len(body))])
	}
}
