package app

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

// panicker panics two calls deep, so that a stack taken in the recovering
// function shows where.
func panicker(depth int) {
	if depth == 0 {
		var m map[string]int
		m["boom"]++ // a real runtime panic (assignment to a nil map)
	}
	panicker(depth - 1)
}

// stackOfPanic returns the panic's value and debug.Stack taken in the
// deferred recover, as the page's recovery does.
func stackOfPanic() (val string, stack string) {
	defer func() {
		r := recover()
		val, stack = fmt.Sprint(r), string(debug.Stack())
	}()
	panicker(2)
	return "", ""
}

// TestTrimStackRealPanic: the trimmed stack starts at the frame that
// panicked, keeps the callers with file:line, and drops the recovering
// code, runtime/debug.Stack, the runtime's panic frames and the pc offsets.
func TestTrimStackRealPanic(t *testing.T) {
	_, stack := stackOfPanic()
	got := TrimStack(stack, 0)
	lines := strings.Split(strings.TrimRight(got, "\n"), "\n")
	if len(lines) < 4 {
		t.Fatalf("trimmed stack too short:\n%s\nfrom:\n%s", got, stack)
	}
	if !strings.HasPrefix(strings.TrimSpace(lines[0]), "kernelplay/ui/app.panicker") ||
		!strings.Contains(lines[0], "app/report_test.go:") {
		t.Errorf("first frame %q, want the panicking function with its file", lines[0])
	}
	// panicker(0) ← panicker(1) ← panicker(2) ← stackOfPanic.
	if n := strings.Count(got, "app.panicker"); n != 3 {
		t.Errorf("%d panicker frames, want 3:\n%s", n, got)
	}
	for _, bad := range []string{"runtime/debug.Stack", "gopanic", "panic(", "+0x", "[running]", "stackOfPanic.func1"} {
		if strings.Contains(got, bad) {
			t.Errorf("trimmed stack holds %q:\n%s", bad, got)
		}
	}
	if _, file, _, _ := runtime.Caller(0); strings.Contains(got, file) {
		t.Errorf("trimmed stack holds the absolute path %s:\n%s", file, got)
	}
}

// TestTrimStackCuts: a deep stack is cut at maxFrames with a count of the
// rest, and the JavaScript event loop below syscall/js is left out.
func TestTrimStackCuts(t *testing.T) {
	var b strings.Builder
	b.WriteString("goroutine 1 [running]:\nruntime/debug.Stack()\n\t/go/src/runtime/debug/stack.go:26 +0x5e\n")
	b.WriteString("panic({0x1, 0x2})\n\t/go/src/runtime/panic.go:785 +0x132\n")
	for i := range 40 {
		fmt.Fprintf(&b, "kernelplay/ui.f%d(0x%x)\n\t/home/someone/src/kernelplay/ui/f.go:%d +0x10\n", i, i, i+1)
	}
	b.WriteString("syscall/js.handleEvent()\n\t/go/src/syscall/js/func.go:100 +0x2\nruntime.handleEvent()\n\t/go/src/runtime/lock_js.go:1 +0x2\n")
	got := TrimStack(b.String(), 10)
	lines := strings.Split(strings.TrimRight(got, "\n"), "\n")
	if len(lines) != 11 {
		t.Fatalf("%d lines, want 10 frames and a count:\n%s", len(lines), got)
	}
	if lines[0] != "  kernelplay/ui.f0  ui/f.go:1" {
		t.Errorf("first line %q", lines[0])
	}
	if lines[10] != "  … 30 more frames" {
		t.Errorf("last line %q, want the 30 frames left out", lines[10])
	}
	all := TrimStack(b.String(), 0)
	if strings.Contains(all, "handleEvent") || strings.Count(all, "\n") != 40 {
		t.Errorf("uncapped: want the 40 frames above syscall/js, got:\n%s", all)
	}
}

// TestTrimStackNoLines: a stack from a build without file and line tables
// (every frame at "?:0", as the served main.wasm prints it) keeps each
// frame's offset in their place, so that the frame can be looked up in a
// build of the same commit.
func TestTrimStackNoLines(t *testing.T) {
	stack := "goroutine 1 [running]:\nruntime/debug.Stack()\n\t?:0 +0x5\n" +
		"kernelplay/ui.crashSink.func1()\n\t?:0 +0x2\npanic({0x1, 0x2})\n\t?:0 +0x1c\n" +
		"kernelplay/ui.(*Page).Render(0x1)\n\t?:0 +0x4a\nkernelplay/ui.inlined(...)\n\t?:0\n" +
		"syscall/js.handleEvent()\n\t?:0 +0x2\n"
	want := "  kernelplay/ui.(*Page).Render+0x4a\n  kernelplay/ui.inlined\n"
	if got := TrimStack(stack, 0); got != want {
		t.Errorf("TrimStack:\n%s\nwant:\n%s", got, want)
	}
}

// TestReportText: every field is in the text, the stack is trimmed, and a
// huge panic value is cut with its length said.
func TestReportText(t *testing.T) {
	val, stack := stackOfPanic()
	r := Report{Where: "Page.Render", Panic: val, Stack: stack, Link: "http://x/#v1&s=1",
		Build: BuildInfo(), Browser: "TestAgent/1"}
	txt := r.Text()
	for _, want := range []string{"where: Page.Render\n", "panic: assignment to entry in nil map\n",
		"link: http://x/#v1&s=1\n", "build: " + runtime.Version(), "browser: TestAgent/1\n",
		"stack:\n  kernelplay/ui/app.panicker"} {
		if !strings.Contains(txt, want) {
			t.Errorf("report lacks %q:\n%s", want, txt)
		}
	}
	r.Panic = strings.Repeat("é", 3000) // 6000 bytes; the cut must not split a rune
	txt = r.Text()
	line := txt[strings.Index(txt, "panic: "):]
	line = line[:strings.Index(line, "\n")]
	if len(line) > reportMaxPanic+60 || !strings.HasSuffix(line, "(6000 bytes in all)") ||
		!strings.Contains(line, "é … (") || strings.ContainsRune(line, '\uFFFD') {
		t.Errorf("long panic value not cut cleanly: %d bytes, ends %q", len(line), line[len(line)-40:])
	}
}
