package app

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

// Report is what the page's "Copy error report" button copies after a panic
// that the page caught: enough for a bug report, and nothing of the user's
// beyond the link (which holds the run's settings and clicked points, and is
// what reproduces it).
type Report struct {
	// Where names the entry from JavaScript that panicked, e.g.
	// "Page.Render", "frame", "event handler".
	Where string
	// Panic is the panic's value, as fmt's %v prints it.
	Panic string
	// Stack is the goroutine's stack at the panic, as runtime/debug.Stack
	// returns it; Text trims it ([TrimStack]).
	Stack string
	// Link is the page's address with the share link's hash.
	Link string
	// Build identifies the program ([BuildInfo]).
	Build string
	// Browser is navigator.userAgent.
	Browser string
}

// Limits of the report's text: the panic's value in bytes (a panic value
// can be a whole data set printed), and the stack in frames.
const (
	reportMaxPanic  = 2000
	reportMaxFrames = 24
)

// Text is the report as plain text, one "key: value" line per field and
// the trimmed stack last. A panic value longer than 2,000 bytes is cut
// there and says so.
func (r Report) Text() string {
	var b strings.Builder
	p := r.Panic
	if len(p) > reportMaxPanic {
		p = strings.ToValidUTF8(p[:reportMaxPanic], "") + fmt.Sprintf(" … (%d bytes in all)", len(r.Panic))
	}
	b.WriteString("kernelplay error report\n")
	fmt.Fprintf(&b, "where: %s\n", r.Where)
	fmt.Fprintf(&b, "panic: %s\n", p)
	fmt.Fprintf(&b, "link: %s\n", r.Link)
	fmt.Fprintf(&b, "build: %s\n", r.Build)
	fmt.Fprintf(&b, "browser: %s\n", r.Browser)
	b.WriteString("stack:\n")
	b.WriteString(TrimStack(r.Stack, reportMaxFrames))
	return b.String()
}

// TrimStack shortens a stack as runtime/debug.Stack prints it to the frames
// that say where the panic happened, one line each ("function  file:line"):
// it drops the goroutine header, every frame up to and including the
// runtime's panic (the recovering code and runtime/debug.Stack itself),
// the program-counter offsets and the directories above the last two path
// elements (the builder's machine is nobody's business), and it stops at
// the first syscall/js frame (below it is only the JavaScript event loop)
// or after maxFrames frames, saying how many were left out. A stack
// without a runtime panic frame (a panic value made up by the debug hook)
// keeps its frames after runtime/debug.Stack.
//
// The served main.wasm has no file and line tables (`make wasm` drops them:
// see wasm/internal/wasmsize/lines.go), so its frames print at "?:0". Such a
// frame keeps its offset instead, "function+0x1c", which `make where` maps
// back to file and line from a build of the report's commit.
func TrimStack(stack string, maxFrames int) string {
	type frame struct{ fn, off, at string }
	var frames []frame
	lines := strings.Split(strings.TrimRight(stack, "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if l == "" || strings.HasPrefix(l, "goroutine ") || strings.HasPrefix(l, "\t") {
			continue
		}
		f := frame{fn: l}
		if i+1 < len(lines) && strings.HasPrefix(lines[i+1], "\t") {
			if pos, off, _ := strings.Cut(strings.TrimSpace(lines[i+1]), " +"); strings.HasPrefix(pos, "?:") {
				f.off = off // "" for an inlined frame, which has none
			} else {
				f.at = shortPos(lines[i+1])
			}
			i++
		}
		frames = append(frames, f)
	}
	// Cut everything up to the panic: the last runtime panic frame, else
	// runtime/debug.Stack.
	cut := -1
	for i, f := range frames {
		if strings.HasPrefix(f.fn, "panic(") || strings.HasPrefix(f.fn, "runtime.gopanic(") {
			cut = i
		}
	}
	if cut < 0 {
		for i, f := range frames {
			if strings.HasPrefix(f.fn, "runtime/debug.Stack(") {
				cut = i
			}
		}
	}
	frames = frames[cut+1:]
	for i, f := range frames {
		if strings.HasPrefix(f.fn, "syscall/js.") {
			frames = frames[:i]
			break
		}
	}
	var b strings.Builder
	for i, f := range frames {
		if maxFrames > 0 && i == maxFrames {
			fmt.Fprintf(&b, "  … %d more frames\n", len(frames)-i)
			break
		}
		b.WriteString("  " + shortCall(f.fn))
		if f.off != "" {
			b.WriteString("+" + f.off)
		}
		if f.at != "" {
			b.WriteString("  " + f.at)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// shortPos turns "\t/path/to/kernelplay/ui/page.go:67 +0x1c" into
// "ui/page.go:67".
func shortPos(l string) string {
	l = strings.TrimSpace(l)
	if i := strings.LastIndex(l, " +0x"); i >= 0 {
		l = l[:i]
	}
	parts := strings.Split(l, "/")
	if len(parts) > 2 {
		parts = parts[len(parts)-2:]
	}
	return strings.Join(parts, "/")
}

// shortCall drops the argument words of a frame's call:
// "kernelplay/ui.(*Page).Render(0x1234)" → "kernelplay/ui.(*Page).Render".
func shortCall(fn string) string {
	if strings.HasSuffix(fn, ")") {
		if i := strings.LastIndex(fn, "("); i > 0 && !strings.HasSuffix(fn[:i], ".") {
			return fn[:i]
		}
	}
	return fn
}

// BuildInfo identifies the running program for an error report: the Go
// version, the target and, when the build recorded them (go build in a
// git checkout), the commit, its time and whether the tree had changes,
// e.g. "go1.26.8 js/wasm 67bff22c1d2e (2026-11-24T01:58:00Z, modified)".
func BuildInfo() string {
	s := runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return s
	}
	var rev, when string
	modified := false
	for _, kv := range bi.Settings {
		switch kv.Key {
		case "vcs.revision":
			rev = kv.Value
		case "vcs.time":
			when = kv.Value
		case "vcs.modified":
			modified = kv.Value == "true"
		}
	}
	if rev == "" {
		return s
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	s += " " + rev
	var notes []string
	if when != "" {
		notes = append(notes, when)
	}
	if modified {
		notes = append(notes, "modified")
	}
	if len(notes) > 0 {
		s += " (" + strings.Join(notes, ", ") + ")"
	}
	return s
}
