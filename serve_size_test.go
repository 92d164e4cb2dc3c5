//go:build !js

package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// sizeBudget is main.wasm's budget (issue 24): the bytes of its zopfli gzip,
// main.wasm.gz, built as `make wasm` builds it and as serve.go serves it to
// a browser that accepts gzip — the 1.2 MB the page held before it grew to
// 1,673,074 bytes (November 2026). A feature that cannot fit says so in its
// note, with the figures, and asks for more.
const sizeBudget = 1_200_000

// TestSizeBudget builds main.wasm as served (`make wasm` into a temporary
// directory: the same flags, the data-section packing, zopfli --i5 and
// brotli -q 11) and fails when its gzip is over [sizeBudget], printing what
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
		out, err := sizeMake("wasm-breakdown", "TOP=30", "FUNCS=20")
		if err != nil {
			out += "\n(make wasm-breakdown: " + err.Error() + ")"
		}
		t.Errorf("main.wasm.gz is %d bytes, %d (%.1f%%) over its budget of %d: cut before adding (what it is made of, `make wasm-breakdown TOP=30 FUNCS=20`):\n%s",
			len(gz), len(gz)-sizeBudget, 100*float64(len(gz)-sizeBudget)/sizeBudget, sizeBudget, out)
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
