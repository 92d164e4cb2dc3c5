//go:build !js

package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The hardening of serve.go, natively (no browser): headers, methods,
// dotfiles, listings, the stale .gz, long paths and the connection
// deadlines. serve_csp_test.go checks in Chromium that the page passes the
// Content-Security-Policy.

// secret is the content of every file the server must not show.
const secret = "SECRET=hunter2"

// hardDir is testDir (main.wasm, main.wasm.gz, index.html) plus what must
// stay hidden: dotfiles at the top and below, a .git directory, a
// directory without index.html (data/, holding a file) and one with it
// (docs/).
func hardDir(t *testing.T) string {
	t.Helper()
	dir, _ := testDir(t)
	for name, body := range map[string]string{
		".env":             secret,
		".git/config":      secret,
		".git/HEAD":        secret,
		"data/.hidden":     secret,
		"data/set.kpd.gz":  "digits",
		"docs/index.html":  "<!doctype html><title>docs</title>",
		"docs/.htpasswd":   secret,
		"style.css":        "body{}",
		".well-known/x.js": secret,
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// do sends a request with the given method and raw path (not cleaned by a
// client) to h and returns the response and its body.
func do(t *testing.T, h http.Handler, method, target string, hdr ...string) (*http.Response, string) {
	t.Helper()
	req := httptest.NewRequest(method, "/", nil)
	req.URL.Path, req.URL.RawPath = target, ""
	req.RequestURI = target
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	resp := rec.Result()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

// cspDirectives splits a Content-Security-Policy into directive → sources.
func cspDirectives(policy string) map[string][]string {
	m := map[string][]string{}
	for _, d := range strings.Split(policy, ";") {
		f := strings.Fields(d)
		if len(f) > 0 {
			m[f[0]] = f[1:]
		}
	}
	return m
}

func TestServeSecurityHeaders(t *testing.T) {
	h := newHandler(hardDir(t))
	for _, c := range []struct {
		method, path string
		status       int
	}{
		{"GET", "/", 200},
		{"GET", "/main.wasm", 200},
		{"HEAD", "/style.css", 200},
		{"GET", "/missing.js", 404},
		{"GET", "/.env", 404},
		{"POST", "/", 405},
	} {
		resp, _ := do(t, h, c.method, c.path, "Accept-Encoding", "gzip")
		if resp.StatusCode != c.status {
			t.Errorf("%s %s: status %d, want %d", c.method, c.path, resp.StatusCode, c.status)
		}
		for k, want := range map[string]string{
			"Content-Security-Policy": contentSecurityPolicy,
			"Referrer-Policy":         "no-referrer",
			"X-Content-Type-Options":  "nosniff",
		} {
			if got := resp.Header.Get(k); got != want {
				t.Errorf("%s %s: %s = %q, want %q", c.method, c.path, k, got, want)
			}
		}
		if got := resp.Header.Get("Cache-Control"); c.status == 200 && got != "no-cache" {
			t.Errorf("%s %s: Cache-Control = %q, want no-cache", c.method, c.path, got)
		}
		// The page may be embedded (serve.go says why): no X-Frame-Options,
		// whose values would forbid it.
		if got := resp.Header.Get("X-Frame-Options"); got != "" {
			t.Errorf("%s %s: X-Frame-Options = %q, want none", c.method, c.path, got)
		}
	}

	// The policy itself: strict where it matters.
	d := cspDirectives(contentSecurityPolicy)
	want := map[string]string{
		"default-src":     "'none'",
		"script-src":      "'self' 'wasm-unsafe-eval' " + indexScriptHash,
		"worker-src":      "'self'",
		"connect-src":     "'self'",
		"style-src":       "'self' " + indexStyleHash,
		"img-src":         "'self'",
		"base-uri":        "'none'",
		"form-action":     "'none'",
		"frame-ancestors": "*",
	}
	for k, v := range want {
		if got := strings.Join(d[k], " "); got != v {
			t.Errorf("CSP %s = %q, want %q", k, got, v)
		}
	}
	if len(d) != len(want) {
		t.Errorf("CSP has %d directives, want %d: %q", len(d), len(want), contentSecurityPolicy)
	}
	for _, bad := range []string{"'unsafe-inline'", "'unsafe-eval'", "data:", "blob:", "http:", "https:"} {
		if strings.Contains(contentSecurityPolicy, bad) {
			t.Errorf("CSP allows %s: %q", bad, contentSecurityPolicy)
		}
	}
}

// TestServeIndexInlineCodeIsHashed: every inline <script> and <style> of
// the shipped index.html is allowed by a hash in the policy's script-src or
// style-src, every hash there belongs to one of them (no stale hash that
// would allow old code), and the page has no inline event handler, style
// attribute or javascript: link (which no hash allows). A control: the
// same check on index.html with one character of its script changed must
// fail.
func TestServeIndexInlineCodeIsHashed(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("static", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	for _, p := range inlineProblems(page, contentSecurityPolicy) {
		t.Error(p)
	}
	i := strings.Index(page, "(function () {")
	if i < 0 {
		t.Fatal("index.html has no inline counter to change")
	}
	changed := page[:i] + "(function  () {" + page[i+len("(function () {"):]
	if len(inlineProblems(changed, contentSecurityPolicy)) == 0 {
		t.Error("a changed inline script passes the check")
	}
	html := strings.ToLower(page)
	for _, bad := range []string{" onload=", " onclick=", " onerror=", " style=", "javascript:"} {
		if strings.Contains(html, bad) {
			t.Errorf("index.html contains %q, which the CSP forbids", bad)
		}
	}
}

// inlineProblems lists what policy would block in page: an inline
// <script> (one without src) or <style> whose 'sha256-…' hash is not a
// source of script-src or style-src, and a hash in those directives that no
// inline block of page has.
func inlineProblems(page, policy string) []string {
	d := cspDirectives(policy)
	var problems []string
	for _, c := range []struct{ tag, directive string }{{"script", "script-src"}, {"style", "style-src"}} {
		allowed, used := map[string]bool{}, map[string]bool{}
		for _, src := range d[c.directive] {
			if strings.HasPrefix(src, "'sha256-") {
				allowed[src] = true
			}
		}
		lower := strings.ToLower(page)
		for i := 0; ; {
			j := strings.Index(lower[i:], "<"+c.tag)
			if j < 0 {
				break
			}
			i += j
			end := strings.IndexByte(lower[i:], '>')
			if end < 0 {
				problems = append(problems, fmt.Sprintf("an unclosed <%s> at byte %d", c.tag, i))
				break
			}
			open := lower[i : i+end]
			i += end + 1
			if c.tag == "script" && strings.Contains(open, "src=") {
				continue
			}
			close := strings.Index(lower[i:], "</"+c.tag+">")
			if close < 0 {
				problems = append(problems, fmt.Sprintf("<%s> at byte %d is not closed", c.tag, i))
				break
			}
			sum := sha256.Sum256([]byte(page[i : i+close]))
			h := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
			if !allowed[h] {
				problems = append(problems, fmt.Sprintf("the inline <%s> at byte %d (%.40q…) has hash %s, which %s does not list",
					c.tag, i, strings.TrimSpace(page[i:i+close]), h, c.directive))
			}
			used[h] = true
			i += close
		}
		for h := range allowed {
			if used[h] {
				continue
			}
			problems = append(problems, fmt.Sprintf("%s lists %s, which no inline <%s> has", c.directive, h, c.tag))
		}
	}
	return problems
}

func TestServeMethods(t *testing.T) {
	h := newHandler(hardDir(t))
	resp, body := do(t, h, "GET", "/")
	if resp.StatusCode != 200 || !strings.Contains(body, "<title>t</title>") {
		t.Errorf("GET /: status %d, body %q", resp.StatusCode, body)
	}
	resp, body = do(t, h, "HEAD", "/")
	if resp.StatusCode != 200 || body != "" || resp.Header.Get("Content-Length") == "" {
		t.Errorf("HEAD /: status %d, body %q, Content-Length %q", resp.StatusCode, body, resp.Header.Get("Content-Length"))
	}
	for _, m := range []string{"POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT", "BREW", "PROPFIND"} {
		for _, p := range []string{"/", "/main.wasm", "/missing"} {
			resp, body := do(t, h, m, p, "Accept-Encoding", "gzip")
			if resp.StatusCode != http.StatusMethodNotAllowed {
				t.Errorf("%s %s: status %d, want 405", m, p, resp.StatusCode)
			}
			if got := resp.Header.Get("Allow"); got != "GET, HEAD" {
				t.Errorf("%s %s: Allow = %q, want \"GET, HEAD\"", m, p, got)
			}
			if strings.Contains(body, "<title>") || strings.Contains(body, "kernelplay\x00") || resp.Header.Get("Content-Encoding") != "" {
				t.Errorf("%s %s: the 405 carries the file (%d bytes, encoding %q)", m, p, len(body), resp.Header.Get("Content-Encoding"))
			}
		}
	}
}

func TestServeNoDotfiles(t *testing.T) {
	h := newHandler(hardDir(t))
	for _, p := range []string{
		"/.env", "/.git/config", "/.git/HEAD", "/.git/", "/.git", "/data/.hidden", "/docs/.htpasswd",
		"/.well-known/x.js", "/data/../.env", "/docs/./.htpasswd", "/%2eenv",
	} {
		resp, body := do(t, h, "GET", p)
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: status %d, want 404", p, resp.StatusCode)
		}
		if strings.Contains(body, secret) {
			t.Errorf("GET %s: served the hidden file", p)
		}
	}
}

func TestServeNoListings(t *testing.T) {
	h := newHandler(hardDir(t))
	for _, p := range []string{"/data/", "/data", "/data/./", "/.git/"} {
		resp, body := do(t, h, "GET", p)
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: status %d, want 404", p, resp.StatusCode)
		}
		if strings.Contains(body, "set.kpd.gz") || strings.Contains(body, "<pre>") {
			t.Errorf("GET %s: listed the directory: %q", p, body)
		}
	}
	// Files in that directory are still served, and a directory with an
	// index.html shows it.
	if resp, body := do(t, h, "GET", "/data/set.kpd.gz"); resp.StatusCode != 200 || body != "digits" {
		t.Errorf("GET /data/set.kpd.gz: status %d, body %q", resp.StatusCode, body)
	}
	if resp, body := do(t, h, "GET", "/docs/"); resp.StatusCode != 200 || !strings.Contains(body, "<title>docs</title>") {
		t.Errorf("GET /docs/: status %d, body %q", resp.StatusCode, body)
	}
}

// TestServeStaleGzip: main.wasm.gz is sent only when it is not older than
// main.wasm; a main.wasm rebuilt after it is sent raw.
func TestServeStaleGzip(t *testing.T) {
	dir, raw := testDir(t)
	h := newHandler(dir)
	src, gz := filepath.Join(dir, "main.wasm"), filepath.Join(dir, "main.wasm.gz")
	built := time.Date(2026, 11, 24, 1, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name     string
		gzAge    time.Duration // gz's mtime minus main.wasm's
		wantGzip bool
	}{
		{"gz newer", time.Minute, true},
		{"same time", 0, true},
		{"gz older (main.wasm rebuilt)", -time.Second, false},
		{"gz a nanosecond older", -time.Nanosecond, false},
	} {
		if err := os.Chtimes(src, built, built); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(gz, built.Add(c.gzAge), built.Add(c.gzAge)); err != nil {
			t.Fatal(err)
		}
		resp, body := do(t, h, "GET", "/main.wasm", "Accept-Encoding", "gzip")
		gotGzip := resp.Header.Get("Content-Encoding") == "gzip"
		if resp.StatusCode != 200 || gotGzip != c.wantGzip {
			t.Errorf("%s: status %d, gzip %v, want gzip %v", c.name, resp.StatusCode, gotGzip, c.wantGzip)
		}
		if !c.wantGzip && body != string(raw) {
			t.Errorf("%s: the body is not the raw main.wasm", c.name)
		}
	}
	// A .gz without its source is not served in its place.
	if err := os.Remove(src); err != nil {
		t.Fatal(err)
	}
	if resp, _ := do(t, h, "GET", "/main.wasm", "Accept-Encoding", "gzip"); resp.StatusCode != 404 {
		t.Errorf("main.wasm missing, main.wasm.gz present: status %d, want 404", resp.StatusCode)
	}
}

// TestServeLongPaths: a 100 KB path is 414 (through a real server, so
// that the request line is parsed as a browser would send it); a name
// component too long for the file system is 404, not 500.
func TestServeLongPaths(t *testing.T) {
	srv := httptest.NewUnstartedServer(nil)
	srv.Config = newServer(hardDir(t), defaultTimeouts)
	srv.Start()
	defer srv.Close()
	for _, c := range []struct {
		path   string
		status int
	}{
		{"/" + strings.Repeat("a", 100<<10), http.StatusRequestURITooLong},
		{"/" + strings.Repeat("a/", 50<<10), http.StatusRequestURITooLong},
		{"/" + strings.Repeat("a", maxPathLen), http.StatusRequestURITooLong},
		{"/" + strings.Repeat("a", 300), http.StatusNotFound},           // > 255 bytes: ENAMETOOLONG
		{"/" + strings.Repeat("é", 150) + ".wasm", http.StatusNotFound}, // 906 bytes escaped
		{"/index.html/x", http.StatusNotFound},                          // a file used as a directory: ENOTDIR
	} {
		resp, err := http.Get(srv.URL + c.path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != c.status {
			t.Errorf("GET a %d-byte path: status %d, want %d", len(c.path), resp.StatusCode, c.status)
		}
	}
}

func TestServeDefaultTimeouts(t *testing.T) {
	s := newServer("static", defaultTimeouts)
	if s.ReadHeaderTimeout <= 0 || s.ReadTimeout <= 0 || s.WriteTimeout <= 0 || s.IdleTimeout <= 0 {
		t.Errorf("a timeout is unset: header %v, read %v, write %v, idle %v",
			s.ReadHeaderTimeout, s.ReadTimeout, s.WriteTimeout, s.IdleTimeout)
	}
	if s.ReadHeaderTimeout > s.ReadTimeout {
		t.Errorf("ReadHeaderTimeout %v > ReadTimeout %v", s.ReadHeaderTimeout, s.ReadTimeout)
	}
}

// TestServeTimeouts: with short deadlines, the server itself closes a
// connection that sent half a request, and a kept-alive connection that
// sends nothing more. The client waits up to a minute (a bound, not a
// measurement: the server's deadlines are 100 ms).
func TestServeTimeouts(t *testing.T) {
	const short = 100 * time.Millisecond
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := newServer(hardDir(t), timeouts{ReadHeader: short, Read: short, Write: time.Minute, Idle: short})
	go srv.Serve(ln)
	defer srv.Close()

	// closed reports whether the server closes conn (the read ends with EOF
	// or a reset, after whatever response it sent) within the client's
	// bound, and what it read.
	closed := func(conn net.Conn) (bool, string) {
		conn.SetReadDeadline(time.Now().Add(time.Minute))
		b, err := io.ReadAll(conn)
		if ne, ok := err.(net.Error); ok && ne.Timeout() {
			return false, string(b)
		}
		return true, string(b)
	}

	t.Run("HalfSentRequest", func(t *testing.T) {
		conn, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		// A request line and one header, never the blank line that ends them.
		if _, err := io.WriteString(conn, "GET / HTTP/1.1\r\nHost: kernelplay\r\n"); err != nil {
			t.Fatal(err)
		}
		ok, got := closed(conn)
		if !ok {
			t.Fatal("the server kept a half-sent request open")
		}
		if strings.Contains(got, "200 OK") {
			t.Errorf("the server answered a half-sent request: %q", got)
		}
	})

	t.Run("IdleKeepAlive", func(t *testing.T) {
		conn, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		if _, err := io.WriteString(conn, "GET /style.css HTTP/1.1\r\nHost: kernelplay\r\n\r\n"); err != nil {
			t.Fatal(err)
		}
		br := bufio.NewReader(conn)
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 || string(body) != "body{}" || resp.Close {
			t.Fatalf("keep-alive GET: status %d, body %q, close %v", resp.StatusCode, body, resp.Close)
		}
		conn.SetReadDeadline(time.Now().Add(time.Minute))
		rest, err := io.ReadAll(br)
		if ne, ok := err.(net.Error); ok && ne.Timeout() {
			t.Fatal("the server kept an idle connection open")
		}
		if len(rest) != 0 {
			t.Errorf("the idle connection got %q", rest)
		}
	})
}
