//go:build !js

package main

import (
	"bytes"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

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

// TestServeSizeFirstPicture: the loading view's picture (index.html's
// boot-pic, static/first.jpg) is served as a JPEG, small next to main.wasm.
// It is a build output: make wasm and make test-native write it (the
// Makefile's first-pic target); its absence fails the test.
func TestServeSizeFirstPicture(t *testing.T) {
	index, err := os.ReadFile("static/index.html")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(index, []byte(`<img class="boot-pic" src="first.jpg"`)) {
		t.Fatal("index.html's loading view does not show first.jpg")
	}
	if _, err := os.Stat("static/first.jpg"); err != nil {
		t.Fatalf("static/first.jpg is a build output: make first-pic (or make wasm) writes it (%v)", err)
	}
	resp := get(t, newHandler("static"), "/first.jpg", "gzip, br")
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/jpeg" || !bytes.HasPrefix(body, []byte{0xff, 0xd8, 0xff}) || len(body) > 16<<10 {
		t.Errorf("GET /first.jpg: status %d, Content-Type %q, %d bytes starting % x; want 200, a JPEG of at most 16 KB",
			resp.StatusCode, resp.Header.Get("Content-Type"), len(body), body[:min(3, len(body))])
	}
}
