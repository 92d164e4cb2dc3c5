//go:build !js

package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// The server's unit tests (this file, serve_server_test.go,
// serve_size_test.go, serve_speed_test.go) and the import graph
// (importgraph_test.go) run natively, without a browser (make test-native).
// The page itself is tested in headless Chromium by tests/browser, which
// runs serve.go as a subprocess (make test-browser).

func TestAcceptsGzip(t *testing.T) {
	cases := []struct {
		header []string
		want   bool
	}{
		{nil, false},
		{[]string{""}, false},
		{[]string{"gzip"}, true},
		{[]string{"GZIP"}, true},
		{[]string{"x-gzip"}, true},
		{[]string{"gzip, deflate, br, zstd"}, true}, // Chromium's header
		{[]string{"br", "gzip"}, true},              // two header lines
		{[]string{"deflate, br"}, false},
		{[]string{"gzip;q=0"}, false},
		{[]string{"gzip; q=0.0"}, false},
		{[]string{"gzip;q=0.5"}, true},
		{[]string{"*"}, true},
		{[]string{"*;q=0"}, false},
		{[]string{"*, gzip;q=0"}, false}, // explicit refusal beats the wildcard
		{[]string{"identity"}, false},
		{[]string{"gzip;q=2"}, false}, // malformed weight: ignored
		{[]string{"gzip;q=abc, *"}, true},
	}
	for _, c := range cases {
		if got := acceptsGzip(c.header); got != c.want {
			t.Errorf("acceptsGzip(%q) = %v, want %v", c.header, got, c.want)
		}
	}
}

// testDir writes a small static directory: a fake main.wasm (raw bytes), its
// gzip, and an index.html.
func testDir(t *testing.T) (dir string, raw []byte) {
	t.Helper()
	dir = t.TempDir()
	raw = bytes.Repeat([]byte("\x00asm\x01\x00\x00\x00kernelplay"), 100)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(raw)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	// One modification time for all: serve.go never sends a compressed
	// copy older than its source (a stale .gz or .br), and files written
	// one after the other get increasing times (the test failed whenever
	// the map's order wrote main.wasm.gz before main.wasm).
	mod := time.Now().Add(-time.Minute)
	for name, data := range map[string][]byte{
		"main.wasm":    raw,
		"main.wasm.gz": gz.Bytes(),
		"index.html":   []byte("<!doctype html><title>t</title>"),
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, mod, mod); err != nil {
			t.Fatal(err)
		}
	}
	return dir, raw
}

func get(t *testing.T, h http.Handler, path, acceptEncoding string) *http.Response {
	t.Helper()
	req := httptest.NewRequest("GET", path, nil)
	if acceptEncoding != "" {
		req.Header.Set("Accept-Encoding", acceptEncoding)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func TestServeWasmGzip(t *testing.T) {
	dir, raw := testDir(t)
	h := newHandler(dir)

	resp := get(t, h, "/main.wasm", "gzip, deflate, br")
	if resp.StatusCode != 200 {
		t.Fatalf("status %d", resp.StatusCode)
	}
	if got := resp.Header.Get("Content-Encoding"); got != "gzip" {
		t.Errorf("Content-Encoding = %q, want gzip", got)
	}
	if got := resp.Header.Get("Content-Type"); got != "application/wasm" {
		t.Errorf("Content-Type = %q, want application/wasm", got)
	}
	if got := resp.Header.Get("Vary"); got != "Accept-Encoding" {
		t.Errorf("Vary = %q, want Accept-Encoding", got)
	}
	if got := resp.Header.Get("Cache-Control"); got != "no-cache" {
		t.Errorf("Cache-Control = %q, want no-cache", got)
	}
	zr, err := gzip.NewReader(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(body, raw) {
		t.Errorf("gunzipped body differs from main.wasm (%d vs %d bytes)", len(body), len(raw))
	}
}

func TestServeWasmIdentity(t *testing.T) {
	dir, raw := testDir(t)
	h := newHandler(dir)
	for _, ae := range []string{"", "br", "gzip;q=0"} {
		resp := get(t, h, "/main.wasm", ae)
		if got := resp.Header.Get("Content-Encoding"); got != "" {
			t.Errorf("Accept-Encoding %q: Content-Encoding = %q, want none", ae, got)
		}
		if got := resp.Header.Get("Content-Type"); got != "application/wasm" {
			t.Errorf("Accept-Encoding %q: Content-Type = %q", ae, got)
		}
		body, _ := io.ReadAll(resp.Body)
		if !bytes.Equal(body, raw) {
			t.Errorf("Accept-Encoding %q: body is not the raw main.wasm", ae)
		}
	}
}

func TestServeWasmWithoutGz(t *testing.T) {
	dir, raw := testDir(t)
	os.Remove(filepath.Join(dir, "main.wasm.gz"))
	resp := get(t, newHandler(dir), "/main.wasm", "gzip")
	if got := resp.Header.Get("Content-Encoding"); got != "" {
		t.Errorf("Content-Encoding = %q without a .gz file", got)
	}
	body, _ := io.ReadAll(resp.Body)
	if !bytes.Equal(body, raw) {
		t.Error("body is not the raw main.wasm")
	}
}

func TestServeIndexAndMissing(t *testing.T) {
	dir, _ := testDir(t)
	h := newHandler(dir)
	resp := get(t, h, "/", "")
	if resp.StatusCode != 200 || resp.Header.Get("Content-Encoding") != "" {
		t.Errorf("/: status %d, encoding %q", resp.StatusCode, resp.Header.Get("Content-Encoding"))
	}
	if ct := resp.Header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
		t.Errorf("/: Content-Type %q", ct)
	}
	if resp := get(t, h, "/other.wasm", "gzip"); resp.StatusCode != 404 {
		t.Errorf("/other.wasm: status %d, want 404", resp.StatusCode)
	}
	if resp := get(t, h, "/../serve.go", ""); resp.StatusCode == 200 {
		t.Errorf("path traversal served a file")
	}
}
