package ui

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/hexops/vecty"

	"kernelplay/ui/app"
)

// Every entry from JavaScript into Go recovers, so that a bug never ends
// the Go runtime without a word:
//
//   - event handlers (a.on), listeners (a.jsFunc) and the frame loop defer
//     App.recovered;
//   - Vecty's batch renderer calls the components' Render, Mount and
//     Unmount from its own requestAnimationFrame callback, with no recover
//     and no hook to add one (vecty v0.6.0, dom.go: batchRenderer.render).
//     Each of those methods that can panic defers guardRender or guard, one
//     line at its top. That is the least invasive sound choice: wrapping
//     the renderer would need a fork of Vecty (its callback and batch are
//     unexported), and a JavaScript wrapper around requestAnimationFrame
//     cannot help, since an unrecovered Go panic ends the runtime before
//     control returns to JavaScript. SkipRender methods compare a field and
//     the Mount/Unmount methods that only set a flag cannot panic, so they
//     have no guard. A panic inside Vecty itself (a stored *HTML rendered
//     twice) still ends the runtime: static/boot.js's "stopped" view is
//     the last line for that and for running out of memory.
//
// A caught panic stops the page: the run, the frame loop and rendering
// stop (the state that panicked cannot be trusted), and boot.js's stopped
// view shows the message with Start over (the page without the failing
// link: the default demo) and Copy error report (app.Report).

// crash is where caught panics go. It is global on purpose (the App is
// not): it must be reachable from every entry point, including components
// that hold no *App (the sliders), and it must work when the App's own
// state is what broke.
var crash crashSink

// crashSink records the first caught panic and stops the page.
type crashSink struct {
	stopped bool   // a panic was caught: the page has stopped
	count   int    // panics caught (the later ones only go to the console)
	inject  string // debug: the entry that panics next (kernelplay.debugPanic)
	fill    bool   // debug: the next frame allocates until the runtime dies
	// out shows a caught panic: msg and the report (without the link and
	// the browser, which out adds) in boot.js's stopped view when first,
	// and in the console always. A panic inside it is not recovered: the
	// runtime ends and boot.js shows its stopped view.
	out func(msg string, rep app.Report, first bool)
}

// caught reports a recovered panic r at the entry where and stops the page:
// every panic goes to the console, the first one also to the stopped view
// (c.out, set by crash_js.go; natively the tests set it).
func (c *crashSink) caught(where string, r any) {
	c.count++
	stack := string(debug.Stack())
	val := fmt.Sprint(r)
	first := !c.stopped
	c.stopped = true
	rep := app.Report{Where: where, Panic: val, Stack: stack, Build: app.BuildInfo()}
	if c.out != nil {
		c.out(stopMessage(where, val), rep, first)
	}
}

// stopMessage is the stopped view's message for a panic of value val at
// the entry where (the value cut to 200 bytes of valid UTF-8).
func stopMessage(where, val string) string {
	short := val
	if len(short) > 200 {
		short = strings.ToValidUTF8(short[:200], "") + "…"
	}
	return "kernelplay stopped after an internal error (" + where + ": " + short + "). " +
		"Start over opens the default demo; Copy error report copies what a bug report needs."
}

// injected is the panic the debug hook asks for at where, if it is due.
func (c *crashSink) injected(where string) any {
	if c.inject == "" || c.inject != where {
		return nil
	}
	c.inject = ""
	return "kernelplay.debugPanic: a panic injected into " + where
}

// guardRender is deferred first thing by a component's Render (with a named
// result): a panic in Render stops the page (crashSink) and Render returns
// an empty element made by fallback (elem.Body for the page, so that
// Vecty's first render of the body still gets a body), so Vecty's batch
// renderer goes on.
func guardRender(where string, out *vecty.ComponentOrHTML, fallback func(...vecty.MarkupOrChild) *vecty.HTML) {
	r := recover()
	if r == nil {
		if v := crash.injected(where); v != nil {
			// The debug hook's panic, raised here, at the end of Render:
			// it takes the path a panic in Render's body takes (this
			// guard, deferred again, recovers it).
			defer guardRender(where, out, fallback)
			panic(v)
		}
		return
	}
	crash.caught(where, r)
	*out = fallback()
}

// guard is deferred first thing by a component's Mount or Unmount (or any
// other entry that returns nothing): a panic stops the page (crashSink).
func guard(where string) {
	r := recover()
	if r == nil {
		if v := crash.injected(where); v != nil {
			defer guard(where) // as in guardRender
			panic(v)
		}
		return
	}
	crash.caught(where, r)
}

// Recover is deferred by wasm/main.go's main: a panic that escapes Run
// (while the page is built) is reported as every other.
func Recover() {
	if r := recover(); r != nil {
		crash.caught("Run", r)
	}
}

// debugPanicWhere lists the entries kernelplay.debugPanic accepts.
var debugPanicWhere = []string{"Page.Render", "Stats.Render", "frame", "event handler", "memory"}
