//go:build !js

// Command serve is kernelplay's local static server: it serves the page in
// static/ (index.html, boot.js, draw.js, lines.js, compile.js, the style sheets,
// main.wasm, wasm_exec.js, the digit sets in data/, and the service worker
// sw.js with the build's sw-manifest.js) on 127.0.0.1:8080.
//
//	go run serve.go [-addr 127.0.0.1:8080] [-dir static]
//
// A request for a .wasm file is answered with a precompressed sibling
// written by `make serve` — main.wasm.br (brotli) when the client accepts
// br, else main.wasm.gz when it accepts gzip ([wasmCodings]) — with its
// Content-Encoding and X-Decoded-Content-Length (the raw file's size, for
// the loading view's progress), as long as the sibling is not older than the
// file itself (a main.wasm rebuilt without its .br or .gz is never served as
// the old build); otherwise with the raw file. Vary: Accept-Encoding either way. The page (index.html),
// its style sheets and scripts are gzipped on the fly for clients that accept it ([gzipText]). Every
// response is sent with Cache-Control: no-cache, so a rebuilt main.wasm is picked up on
// reload (the browser revalidates with Last-Modified and gets 304 when
// nothing changed).
//
// Hardening (every response, see [securityHeaders] for the policy and why):
// GET and HEAD only (405 with Allow otherwise, "OPTIONS *" included); no
// dotfiles (.git, .env: 404) and no directory listings (a directory without
// index.html is 404); nothing outside the directory, even through a
// symbolic link (an os.Root, [rootedFS]: 404); a path
// longer than [maxPathLen] bytes is 414; read-header, read, write and idle
// timeouts ([defaultTimeouts]) so that a half-sent request does not hold a
// connection open.
//
// serve_test.go, serve_size_test.go and serve_speed_test.go test the encoding negotiation,
// serve_server_test.go the hardening (natively: make test-native); tests/browser
// runs this program as a subprocess and drives the page in headless Chromium
// (make test-browser). This file must not
// import anything from kernelplay: it is the only program that runs natively.
package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"flag"
	"io"
	"io/fs"
	"log"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
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
	log.Fatal(newServer(*dir, defaultTimeouts).Serve(ln))
}

// timeouts are the server's connection deadlines (the fields of
// http.Server of the same names).
type timeouts struct {
	// ReadHeader bounds the time to read a request's headers: a client
	// that sends half a request line is disconnected after it.
	ReadHeader time.Duration
	// Read bounds the time to read a whole request, body included.
	Read time.Duration
	// Write bounds the time from the end of the request's headers to the
	// end of the response (main.wasm is 1.2 MB gzip: 2 minutes is 10 KB/s).
	Write time.Duration
	// Idle bounds how long a kept-alive connection waits for the next
	// request.
	Idle time.Duration
}

// defaultTimeouts are the deadlines of `go run serve.go`.
var defaultTimeouts = timeouts{
	ReadHeader: 5 * time.Second,
	Read:       10 * time.Second,
	Write:      2 * time.Minute,
	Idle:       60 * time.Second,
}

const (
	// maxPathLen bounds the URL path (bytes, as sent): the longest file
	// name in static/ is far shorter, and the file system would refuse a
	// name component above 255 bytes with an error that FileServer
	// reports as 500. Longer paths (counted percent-encoded, as sent) get
	// 414 URI Too Long (net/http itself answers 431 to a request line and
	// headers above 1 MB).
	maxPathLen = 1024
)

// newServer returns the http.Server for dir with the handler of
// [newHandler] and the deadlines t.
//
// DisableGeneralOptionsHandler sends "OPTIONS *" to the handler like any
// other request (405 with the security headers) instead of net/http's
// built-in 200 without them.
func newServer(dir string, t timeouts) *http.Server {
	return &http.Server{
		Handler:                      newHandler(dir),
		DisableGeneralOptionsHandler: true,
		ReadHeaderTimeout:            t.ReadHeader,
		ReadTimeout:                  t.Read,
		WriteTimeout:                 t.Write,
		IdleTimeout:                  t.Idle,
	}
}

// contentSecurityPolicy is sent with every response. Everything the page
// loads comes from its own origin:
//
//   - default-src 'none': nothing that is not listed below (no plugins, no
//     fonts, no media, no frames inside the page, no manifest).
//   - script-src 'self' 'wasm-unsafe-eval' and index.html's one inline
//     script by its hash ([indexScriptHash]): wasm_exec.js, boot.js and
//     draw.js, the loading view's byte counter, no other inline script and
//     no eval; 'wasm-unsafe-eval' lets WebAssembly.instantiateStreaming
//     compile main.wasm.
//   - worker-src 'self': the line worker, new Worker("lines.js") in
//     draw.js (no blob: worker), the compile worker, new
//     Worker("compile.js") in index.html's script (it fetches main.wasm
//     under connect-src 'self' and compiles it under 'wasm-unsafe-eval':
//     it runs under the policy sent with compile.js, this one), and the
//     service worker, sw.js, which
//     boot.js registers (it keeps the build for offline use). The worker
//     runs under the policy sent with sw.js (this one): script-src 'self'
//     lets it import sw-manifest.js, connect-src 'self' fetch the files it
//     keeps; the pages it serves from its cache keep this policy (it keeps
//     index.html's headers).
//   - connect-src 'self': fetch of main.wasm and of the
//     digit sets in data/, which the page decompresses itself
//     (DecompressionStream needs no source).
//   - style-src 'self' and index.html's one <style> by its hash
//     ([indexStyleHash]): style.css, digits.css and the loading view's
//     skeleton. The Go page sets inline styles only through the CSSOM
//     (element.style.setProperty), which a policy without 'unsafe-inline'
//     allows; it writes no style attribute or <style> element.
//   - img-src 'self': the loading view's picture (first.jpg) and
//     /favicon.ico, which the browser asks for; the canvases are drawn with
//     putImageData, and ImageBitmaps made by createImageBitmap need no
//     source.
//   - base-uri 'none', form-action 'none': no <base>, no form submission.
//   - frame-ancestors *: see below.
//
// Embedding: a course site may show the page in an iframe (an LMS page, a
// lecture's notes), so frame-ancestors allows any http(s) embedder and no
// X-Frame-Options is sent (its only values, DENY and SAMEORIGIN, would
// forbid exactly that). Clickjacking gains an attacker nothing here: the
// page has no account, no credentials, no server-side state and no
// action beyond the playground itself, and the link it may be given is
// validated like any pasted link.
//
// The user's data file is read from the file input or a drop (File's
// arrayBuffer), copying the link uses navigator.clipboard: neither needs a
// source in the policy. The Save menu's downloads are Blob URLs clicked on
// an <a download> — a download, which no directive here governs — and its
// pictures are drawn from the page's own canvases (no image is loaded), so
// blob: appears nowhere in the policy; TestBrowserTakeHome downloads every
// file under this policy.
const contentSecurityPolicy = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval' " + indexScriptHash + "; worker-src 'self'; " +
	"connect-src 'self'; style-src 'self' " + indexStyleHash + "; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors *"

// indexScriptHash and indexStyleHash are the CSP sources of the inline
// <script> and <style> of static/index.html: the base64 SHA-256 of the
// text between the tags (CSP Level 3, hash-source). They are inline so that
// the loading view paints and counts main.wasm's bytes with no request
// after index.html's (on a 10 Mbps / 40 ms link every request costs a round
// trip or a new connection). A change to either block must change its hash
// here: TestServeIndexInlineCodeIsHashed fails otherwise and prints the new
// one, and a browser blocks a block whose hash is not listed.
const (
	indexScriptHash = "'sha256-xNcMk/6ASXhKVE8I7sNjDDXg2S3Npbe3L1NOyKpylW0='"
	indexStyleHash  = "'sha256-q6EilRoBB7y8EhCuuaP7YmDy8iZ3DVoh/sBXB9S/r7w='"
)

// securityHeaders sets the headers every response carries: the
// Content-Security-Policy above; Referrer-Policy: no-referrer (the page
// loads nothing from other sites and links to none today; a site it may link
// to later need not learn where the reader came from, and the run's
// settings, in the link's hash, are never in a Referer anyway);
// X-Content-Type-Options: nosniff (a .wasm, .js or .css is only what its
// Content-Type says); Cache-Control: no-cache.
func securityHeaders(h http.Header) {
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "no-cache")
}

// newHandler returns the static file handler for dir: http.FileServer over
// [publicFS] (no dotfiles, no listings), GET and HEAD only, with
// precompressed .wasm files, the security headers and revalidation on every
// load.
func newHandler(dir string) http.Handler {
	root := publicFS{rootedFS(dir)}
	files := http.FileServer(root)
	text := &gzipText{}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		securityHeaders(w.Header())
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "405 method not allowed: this server serves files (GET, HEAD)", http.StatusMethodNotAllowed)
			return
		}
		if len(r.URL.EscapedPath()) > maxPathLen {
			http.Error(w, "414 URI too long", http.StatusRequestURITooLong)
			return
		}
		p := path.Clean("/" + r.URL.Path)
		if strings.HasSuffix(p, ".wasm") {
			w.Header().Set("Content-Type", "application/wasm")
			w.Header().Add("Vary", "Accept-Encoding")
			for _, c := range wasmCodings(r.Header.Values("Accept-Encoding")) {
				if servePrecompressed(w, r, root, p, c) {
					return
				}
			}
		}
		if ext := path.Ext(p); ext == ".css" || ext == ".js" || p == "/" {
			w.Header().Add("Vary", "Accept-Encoding")
			f := p
			if p == "/" {
				f = "/index.html" // FileServer's answer for "/"
			}
			if acceptsGzip(r.Header.Values("Accept-Encoding")) && text.serve(w, r, root, f) {
				return
			}
		}
		files.ServeHTTP(w, r)
	})
}

// rootedFS returns dir as an http.FileSystem that cannot leave it: it
// opens files through an os.Root, so a path that resolves outside dir — a
// symbolic link such as static/link → /etc, or "..", however spelled — is
// an error (then 404), where http.Dir follows links anywhere. If dir cannot
// be opened every path is "not found".
func rootedFS(dir string) http.FileSystem {
	root, err := os.OpenRoot(dir)
	if err != nil {
		log.Printf("serve: %v", err)
		return http.FS(emptyFS{})
	}
	return http.FS(root.FS())
}

// emptyFS is the empty file system of a directory that cannot be opened.
type emptyFS struct{}

func (emptyFS) Open(string) (fs.File, error) { return nil, fs.ErrNotExist }

// gzipText compresses the page, its style sheets and scripts on the fly (a
// static host does the same), once per version of a file: on a slow link
// they share it with main.wasm's download — 57 KB of them are 16 KB
// gzipped — and index.html, 8 KB raw, 3 KB gzipped, is what the loading
// view waits for (on 10 Mbps / 40 ms its median first paint went from 88
// to 80 ms, TestBrowserSpeed/LoadingHTTP1).
type gzipText struct {
	mu    sync.Mutex
	cache map[string]gzipped
}

// gzipped is a file's gzip for one version of it (modification time and
// size).
type gzipped struct {
	mod  time.Time
	size int64
	gz   []byte
}

// maxTextGzip bounds the files gzipText compresses, bytes: the page's
// style sheets and scripts are far smaller; anything larger is sent raw.
const maxTextGzip = 1 << 20

// serve answers r with the file p of root gzipped, and reports whether it
// did (false when p cannot be opened, is a directory or is larger than
// maxTextGzip: the caller serves it raw, or its error).
func (g *gzipText) serve(w http.ResponseWriter, r *http.Request, root http.FileSystem, p string) bool {
	f, err := root.Open(p)
	if err != nil {
		return false
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || st.IsDir() || st.Size() > maxTextGzip {
		return false
	}
	g.mu.Lock()
	e, ok := g.cache[p]
	g.mu.Unlock()
	if !ok || !e.mod.Equal(st.ModTime()) || e.size != st.Size() {
		raw, err := io.ReadAll(io.LimitReader(f, maxTextGzip+1))
		if err != nil || int64(len(raw)) != st.Size() {
			return false
		}
		var b bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		zw.Write(raw)
		zw.Close()
		e = gzipped{mod: st.ModTime(), size: st.Size(), gz: b.Bytes()}
		g.mu.Lock()
		if g.cache == nil {
			g.cache = map[string]gzipped{}
		}
		g.cache[p] = e
		g.mu.Unlock()
	}
	w.Header().Set("Content-Encoding", "gzip")
	http.ServeContent(w, r, p, e.mod, bytes.NewReader(e.gz))
	return true
}

// publicFS is the file system the server shows: the files of its
// http.FileSystem except
//   - any path with a component starting with '.' (.git, .env, .DS_Store):
//     they do not exist;
//   - directories without an index.html: they do not exist either, so
//     http.FileServer answers 404 instead of listing them;
//   - errors other than "not found" and "permission denied" (a name too long
//     for the file system, a name that is not valid there) read as "not
//     found", so that FileServer answers 404 instead of 500.
type publicFS struct{ fs http.FileSystem }

// Open opens name (slash-separated, rooted, as http.FileServer asks) under
// the rules of [publicFS].
func (p publicFS) Open(name string) (http.File, error) {
	for _, part := range strings.Split(name, "/") {
		if strings.HasPrefix(part, ".") {
			return nil, fs.ErrNotExist
		}
	}
	f, err := p.fs.Open(name)
	if err != nil {
		if errors.Is(err, fs.ErrPermission) {
			return nil, err
		}
		return nil, fs.ErrNotExist
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fs.ErrNotExist
	}
	if st.IsDir() {
		index, err := p.fs.Open(path.Join(name, "index.html"))
		if err != nil {
			f.Close()
			return nil, fs.ErrNotExist
		}
		index.Close()
	}
	return f, nil
}

// precompressed is a content coding that `make wasm` writes a copy of
// main.wasm in: the coding's name (Content-Encoding) and the copy's suffix.
type precompressed struct{ coding, ext string }

// Brotli and gzip, smallest first: brotli -q 11 of main.wasm is 23% smaller
// than its zopfli gzip (November 2026).
var (
	codingBrotli = precompressed{"br", ".br"}
	codingGzip   = precompressed{"gzip", ".gz"}
)

// wasmCodings returns the precompressed codings the Accept-Encoding values
// allow, in the order to try them: by the client's q weight, and brotli
// first at equal weights (every current browser sends "gzip, deflate, br"
// or more over HTTPS, where it accepts br, and "gzip, deflate" over plain
// HTTP). None: the raw file.
func wasmCodings(values []string) []precompressed {
	br, gz := acceptWeight(values, "br"), acceptWeight(values, "gzip")
	var cs []precompressed
	switch {
	case br > 0 && br >= gz:
		cs = append(cs, codingBrotli)
		if gz > 0 {
			cs = append(cs, codingGzip)
		}
	case gz > 0:
		cs = append(cs, codingGzip)
		if br > 0 {
			cs = append(cs, codingBrotli)
		}
	}
	return cs
}

// servePrecompressed answers r with the file p+c.ext of root sent as
// Content-Encoding: c.coding, and reports whether it did. It does not
// (false) when there is no such file, or when it is older than p itself or
// p is missing: a precompressed file is only a copy of its source, and an
// older one is a stale build.
func servePrecompressed(w http.ResponseWriter, r *http.Request, root http.FileSystem, p string, c precompressed) bool {
	src, err := root.Open(p)
	if err != nil {
		return false
	}
	sst, err := src.Stat()
	src.Close()
	if err != nil || sst.IsDir() {
		return false
	}
	f, err := root.Open(p + c.ext)
	if err != nil {
		return false
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || st.IsDir() || st.ModTime().Before(sst.ModTime()) {
		return false
	}
	w.Header().Set("Content-Encoding", c.coding)
	// The size the browser's fetch will read (it decodes the body), for
	// the loading view's progress (index.html's counter): Content-Length
	// is the encoded file's.
	w.Header().Set("X-Decoded-Content-Length", strconv.FormatInt(sst.Size(), 10))
	http.ServeContent(w, r, p, st.ModTime(), f)
	return true
}

// acceptsGzip reports whether the Accept-Encoding header values allow the
// gzip coding (RFC 9110 §12.5.3): "gzip" or "x-gzip" or "*" listed with a
// non-zero q value. An explicit "gzip;q=0" refuses it even when "*" is listed.
func acceptsGzip(values []string) bool {
	return acceptWeight(values, "gzip") > 0
}

// acceptWeight returns the q weight the Accept-Encoding header values give
// the content coding (RFC 9110 §12.5.3; lower case; "gzip" also matches
// "x-gzip"): its own item's (the first one), else the "*" item's, else 0 (not
// acceptable). Malformed items are ignored.
func acceptWeight(values []string, coding string) float64 {
	star := 0.0
	for _, v := range values {
		for _, item := range strings.Split(v, ",") {
			name, params, _ := strings.Cut(item, ";")
			name = strings.ToLower(strings.TrimSpace(name))
			q, err := qValue(params)
			if err != nil {
				continue // a malformed item is ignored
			}
			switch {
			case name == coding, coding == "gzip" && name == "x-gzip":
				return q
			case name == "*":
				star = q
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
