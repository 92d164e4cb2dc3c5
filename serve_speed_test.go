//go:build !js

package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestServeDecodedLength: a gzip-encoded main.wasm carries the raw file's
// size in X-Decoded-Content-Length (the loading view counts the inflated
// bytes the browser's fetch reads against it: net/http sends no
// Content-Length with a Content-Encoding); a raw one does not need it (its
// Content-Length is the size read).
func TestServeDecodedLength(t *testing.T) {
	dir, raw := testDir(t)
	h := newHandler(dir)
	resp := get(t, h, "/main.wasm", "gzip")
	if got := resp.Header.Get("X-Decoded-Content-Length"); got != strconv.Itoa(len(raw)) {
		t.Errorf("gzip: X-Decoded-Content-Length = %q, want %d", got, len(raw))
	}
	resp = get(t, h, "/main.wasm", "")
	if got := resp.Header.Get("X-Decoded-Content-Length"); got != "" {
		t.Errorf("raw: X-Decoded-Content-Length = %q, want none", got)
	}
	if got := resp.Header.Get("Content-Length"); got != strconv.Itoa(len(raw)) {
		t.Errorf("raw: Content-Length = %q, want %d", got, len(raw))
	}
}

// TestServeTextGzip: a style sheet or script is sent gzipped to a client
// that accepts gzip (and inflates to the file), raw to one that does not;
// a changed file is compressed again, not served from the old gzip.
func TestServeTextGzip(t *testing.T) {
	dir := t.TempDir()
	css := bytes.Repeat([]byte(".a { color: red; }\n"), 200)
	if err := os.WriteFile(filepath.Join(dir, "style.css"), css, 0o644); err != nil {
		t.Fatal(err)
	}
	h := newHandler(dir)
	html := []byte("<!doctype html><title>t</title>" + strings.Repeat("<p>kernelplay</p>\n", 100))
	if err := os.WriteFile(filepath.Join(dir, "index.html"), html, 0o644); err != nil {
		t.Fatal(err)
	}
	check := func(want []byte) {
		t.Helper()
		checkGzip(t, h, "/style.css", "text/css", want)
	}
	check(css)
	// The page itself, asked for as "/" (FileServer redirects /index.html).
	checkGzip(t, h, "/", "text/html", html)
	if resp := get(t, h, "/", ""); resp.Header.Get("Content-Encoding") != "" {
		t.Errorf("/ without gzip: Content-Encoding %q", resp.Header.Get("Content-Encoding"))
	}
	resp := get(t, h, "/style.css", "")
	if body, _ := io.ReadAll(resp.Body); resp.Header.Get("Content-Encoding") != "" || !bytes.Equal(body, css) {
		t.Errorf("without gzip: Content-Encoding %q, %d bytes", resp.Header.Get("Content-Encoding"), len(body))
	}
	css2 := append(css, ".b { color: blue; }\n"...)
	if err := os.WriteFile(filepath.Join(dir, "style.css"), css2, 0o644); err != nil {
		t.Fatal(err)
	}
	check(css2)
}

// checkGzip checks that h answers p, to a client that accepts gzip, with
// want gzipped, Vary: Accept-Encoding and a Content-Type starting with ct.
func checkGzip(t *testing.T, h http.Handler, p, ct string, want []byte) {
	t.Helper()
	resp := get(t, h, p, "gzip, deflate, br")
	if resp.Header.Get("Content-Encoding") != "gzip" || resp.Header.Get("Vary") != "Accept-Encoding" {
		t.Fatalf("%s: Content-Encoding %q, Vary %q: want gzip, Accept-Encoding", p, resp.Header.Get("Content-Encoding"), resp.Header.Get("Vary"))
	}
	if got := resp.Header.Get("Content-Type"); !strings.HasPrefix(got, ct) {
		t.Errorf("%s: Content-Type %q, want %s", p, got, ct)
	}
	zr, err := gzip.NewReader(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(zr)
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("%s: gunzipped %d bytes (%v), want the file's %d", p, len(got), err, len(want))
	}
}
