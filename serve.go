//go:build !js

// Command serve is kernelplay's local static server: it serves the page in
// static/ (index.html, style.css, main.wasm, wasm_exec.js) on 127.0.0.1:8080.
//
//	go run serve.go [-addr 127.0.0.1:8080] [-dir static]
//
// A request for a .wasm file is answered with its precompressed sibling
// (main.wasm.gz, written by `make serve`) and Content-Encoding: gzip when the
// client accepts gzip; otherwise with the raw file. Every response is sent with
// Cache-Control: no-cache, so a rebuilt main.wasm is picked up on reload (the
// browser revalidates with Last-Modified and gets 304 when nothing changed).
//
// serve_test.go tests the gzip negotiation and drives the page in headless
// Chromium. This file must not import anything from kernelplay: it is the
// only program that runs natively.
package main

import (
	"errors"
	"flag"
	"log"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "listen address (host:port)")
	dir := flag.String("dir", "static", "directory to serve")
	flag.Parse()
	if _, err := os.Stat(filepath.Join(*dir, "main.wasm")); err != nil {
		log.Printf("warning: %s/main.wasm is missing; build it with `make serve`", *dir)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("kernelplay: serving %s/ at http://%s/  (Ctrl-C to stop)", *dir, ln.Addr())
	log.Fatal(http.Serve(ln, newHandler(*dir)))
}

// newHandler returns the static file handler for dir: http.FileServer with
// precompressed .wasm files and revalidation on every load.
func newHandler(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		p := path.Clean("/" + r.URL.Path)
		if strings.HasSuffix(p, ".wasm") {
			w.Header().Set("Content-Type", "application/wasm")
			w.Header().Add("Vary", "Accept-Encoding")
			if acceptsGzip(r.Header.Values("Accept-Encoding")) && serveGzip(w, r, dir, p) {
				return
			}
		}
		files.ServeHTTP(w, r)
	})
}

// serveGzip answers r with the file dir/p+".gz" sent as Content-Encoding:
// gzip, and reports whether it did (false when there is no such file).
func serveGzip(w http.ResponseWriter, r *http.Request, dir, p string) bool {
	f, err := http.Dir(dir).Open(p + ".gz")
	if err != nil {
		return false
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || st.IsDir() {
		return false
	}
	w.Header().Set("Content-Encoding", "gzip")
	http.ServeContent(w, r, p, st.ModTime(), f)
	return true
}

// acceptsGzip reports whether the Accept-Encoding header values allow the
// gzip coding (RFC 9110 §12.5.3): "gzip" or "x-gzip" or "*" listed with a
// non-zero q value. An explicit "gzip;q=0" refuses it even when "*" is listed.
func acceptsGzip(values []string) bool {
	star := false
	for _, v := range values {
		for _, item := range strings.Split(v, ",") {
			name, params, _ := strings.Cut(item, ";")
			name = strings.ToLower(strings.TrimSpace(name))
			q, err := qValue(params)
			if err != nil {
				continue // a malformed item is ignored
			}
			switch name {
			case "gzip", "x-gzip":
				return q > 0
			case "*":
				star = q > 0
			}
		}
	}
	return star
}

// qValue parses the parameters after a coding name (";q=0.5") and returns
// the q weight, 1 when absent.
func qValue(params string) (float64, error) {
	q := 1.0
	for _, p := range strings.Split(params, ";") {
		k, v, ok := strings.Cut(p, "=")
		if !ok {
			if strings.TrimSpace(p) != "" {
				return 0, errors.New("malformed parameter")
			}
			continue
		}
		if strings.ToLower(strings.TrimSpace(k)) != "q" {
			continue
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || f < 0 || f > 1 {
			return 0, errors.New("malformed q value")
		}
		q = f
	}
	return q, nil
}
