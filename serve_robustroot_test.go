//go:build !js

package main

import (
	"bufio"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestServeStaysInRoot: a symbolic link inside the served directory that
// points outside it (static/link → a directory holding a secret, as
// static/link → /etc served /link/passwd) and a linked file are not
// served: 404, the secret never sent; a relative link inside the root
// still works (an absolute one does not: os.Root does not follow them).
func TestServeStaysInRoot(t *testing.T) {
	dir := hardDir(t)
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "passwd"), []byte(secret), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, target := range map[string]string{
		"link":      outside,
		"file.css":  filepath.Join(outside, "passwd"),
		"inner.css": "style.css", // relative: os.Root refuses absolute links
	} {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
	}
	h := newHandler(dir)
	for _, p := range []string{"/link/passwd", "/file.css", "/link/../link/passwd"} {
		resp, body := do(t, h, http.MethodGet, p)
		if resp.StatusCode != http.StatusNotFound || strings.Contains(body, secret) {
			t.Errorf("GET %s: status %d, body %.60q", p, resp.StatusCode, body)
		}
	}
	if resp, body := do(t, h, http.MethodGet, "/inner.css"); resp.StatusCode != http.StatusOK || body != "body{}" {
		t.Errorf("GET a link inside the root: status %d, body %q", resp.StatusCode, body)
	}
}

// TestServeOptionsStar: "OPTIONS *" over a raw connection is answered like
// any other method — 405, Allow: GET, HEAD — with the security headers
// (net/http's own handler answered 200 without them).
func TestServeOptionsStar(t *testing.T) {
	srv := httptest.NewUnstartedServer(nil)
	srv.Config = newServer(hardDir(t), defaultTimeouts)
	srv.Start()
	defer srv.Close()
	c, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Write([]byte("OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "GET, HEAD" ||
		resp.Header.Get("Content-Security-Policy") == "" || resp.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("OPTIONS *: status %d, headers %v", resp.StatusCode, resp.Header)
	}
}
