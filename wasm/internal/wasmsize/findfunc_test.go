package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestPackFindFuncTab: a Go js/wasm program packed with -pack (its
// findfunctab written by a start function instead of data) finds the same
// functions from program counters as it did before — names on a deep stack
// after a garbage collection, function values, a recovered panic's frames —
// under node, and its data section no longer holds the table.
func TestPackFindFuncTab(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed (make node): the test runs a packed program in it")
	}
	_ = node
	goroot := runtime.GOROOT()
	execJS := filepath.Join(goroot, "lib", "wasm", "go_js_wasm_exec")
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain.wasm")
	build := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", plain, "./testdata/ffprog")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building testdata/ffprog: %v\n%s", err, out)
	}
	b, err := os.ReadFile(plain)
	if err != nil {
		t.Fatal(err)
	}
	packed := filepath.Join(dir, "packed.wasm")
	if err := packFile(packed, b); err != nil {
		t.Fatal(err)
	}
	run := func(f string) string {
		t.Helper()
		out, err := exec.Command(execJS, f).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", filepath.Base(f), err, out)
		}
		return string(out)
	}
	want, got := run(plain), run(packed)
	for _, name := range []string{"main.deep main.deep", "main.main", "main.boom", "fmt.Sprintf", "strings.Join", "runtime.GC", "runtime.mapassign_faststr"} {
		if !strings.Contains(want, name) {
			t.Errorf("the unpacked program's output lacks %q:\n%s", name, want)
		}
	}
	if got != want {
		t.Errorf("packed program:\n%s\nwant (unpacked):\n%s", got, want)
	}
	// The table is gone from the data: the packed file's memory image at
	// its address is zeros, and the start section names the added function.
	pb, err := os.ReadFile(packed)
	if err != nil {
		t.Fatal(err)
	}
	secs, err := sections(pb)
	if err != nil {
		t.Fatal(err)
	}
	var mem []byte
	start := false
	for _, s := range secs {
		switch s.id {
		case 8:
			start = true
		case 11:
			segs, err := dataSegments(s.body)
			if err != nil {
				t.Fatal(err)
			}
			mem = image(segs)
		}
	}
	if !start {
		t.Error("the packed module has no start section")
	}
	addr, _, size, err := findFuncTab(mem)
	if err != nil {
		t.Fatal(err)
	}
	if end := min(addr+size, len(mem)); addr < end && len(bytes.Trim(mem[addr:end], "\x00")) != 0 {
		t.Errorf("the packed data still holds the findfunctab at %#x", addr)
	}
	t.Logf("%d → %d bytes; the program printed:\n%s", len(b), len(pb), got)
}
