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
// findfunctab written by a start function instead of data, its file and
// line tables dropped) finds the same functions from program counters as
// it did before — names on a deep stack after a garbage collection,
// function values, a recovered panic's frames — under node, and its data
// section no longer holds the table. Its panic stack names the same frames
// at the same offsets, at "?:0" instead of file and line, and -where maps
// each of those frames back to the unpacked program's file and line.
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
	want, wantStack, _ := strings.Cut(want, "stack:\n")
	got, gotStack, _ := strings.Cut(got, "stack:\n")
	checkStacks(t, plain, wantStack, gotStack)
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

// checkStacks compares the unpacked program's panic stack (want) with the
// packed one's (got): the same functions at the same offsets, positions
// only in want, and -where on the unpacked binary gives want's positions
// for got's frames.
func checkStacks(t *testing.T, plain, want, got string) {
	t.Helper()
	type frame struct{ fn, pos, off string }
	parse := func(s string) []frame {
		var fs []frame
		lines := strings.Split(strings.TrimSpace(s), "\n")
		for i := 1; i+1 < len(lines); i += 2 { // after "goroutine 1 [running]:"
			fn := lines[i]
			if j := strings.LastIndex(fn, "("); j > 0 {
				fn = fn[:j]
			}
			pos, off, _ := strings.Cut(strings.TrimSpace(lines[i+1]), " +")
			fs = append(fs, frame{fn, pos, off})
		}
		return fs
	}
	w, g := parse(want), parse(got)
	if len(w) < 4 || len(w) != len(g) {
		t.Fatalf("stacks differ in length:\n%s\npacked:\n%s", want, got)
	}
	var asked, wantPos []string
	for i := range w {
		if w[i].fn != g[i].fn || w[i].off != g[i].off {
			t.Errorf("frame %d: packed %s +%s, want %s +%s", i, g[i].fn, g[i].off, w[i].fn, w[i].off)
		}
		if g[i].pos != "?:0" || w[i].pos == "?:0" || !strings.Contains(w[i].pos, ".go:") {
			t.Errorf("frame %d (%s): packed at %q, unpacked at %q", i, w[i].fn, g[i].pos, w[i].pos)
		}
		// Every frame that called another (all but debug.Stack's innermost).
		if i > 0 && g[i].off != "" {
			asked = append(asked, g[i].fn+"+"+g[i].off)
			wantPos = append(wantPos, w[i].pos)
		}
	}
	for _, fn := range []string{"main.index", "main.caller", "main.main"} {
		if !strings.Contains(strings.Join(asked, " "), fn+"+0x") {
			t.Errorf("no frame of %s with an offset in the packed stack:\n%s", fn, got)
		}
	}
	lines, err := whereFile(plain, asked)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range lines {
		if want := asked[i] + "  " + wantPos[i]; l != want {
			t.Errorf("-where: %q, want %q", l, want)
		}
	}
	t.Logf("-where:\n%s", strings.Join(lines, "\n"))
}

// TestReportFrames: the frames of an error report's stack, as ui/app's
// Report.Text writes it for a build without line tables; not the frames
// of a build with them, nor other lines.
func TestReportFrames(t *testing.T) {
	rep := "kernelplay error report\nwhere: frame\npanic: x+0x1\nstack:\n" +
		"  kernelplay/ui.(*Playground).frame+0x4a\n  kernelplay/ui.inlined\n" +
		"  kernelplay/ui.f  ui/f.go:3\n  main.main+0x31\n  … 3 more frames\n"
	got := strings.Join(reportFrames(strings.NewReader(rep)), " ")
	if want := "kernelplay/ui.(*Playground).frame+0x4a main.main+0x31"; got != want {
		t.Errorf("frames %q, want %q", got, want)
	}
}
