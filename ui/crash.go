package ui

import (
	"fmt"
	"runtime/debug"
	"strings"

	"kernelplay/ui/app"
	"kernelplay/ui/comp"
)

// Every entry from JavaScript into Go recovers, so that a bug never ends
// the Go runtime without a word:
//
//   - event handlers (a.on), listeners (a.jsFunc) and the frame loop defer
//     Playground.recovered;
//   - Vecty's batch renderer calls the components' Render, Mount,
//     Unmount and SkipRender from its own requestAnimationFrame callback,
//     with no recover and no hook to add one (vecty v0.6.0, dom.go:
//     batchRenderer.render). The page's one vecty.Component type,
//     comp.Component (ui/comp), recovers in those four methods, and
//     every view reaches Vecty only through it. A panic inside Vecty
//     itself (a stored *HTML rendered twice) still ends the runtime:
//     static/boot.js's "stopped" view is the last line for that and for
//     running out of memory.
//
// A caught panic stops the page: the run, the frame loop and rendering
// stop (the state that panicked cannot be trusted), and boot.js's stopped
// view shows the message with Start over (the page without the failing
// link: the default demo) and Copy error report (app.Report).

// crash is where caught panics go. It is global on purpose (the Playground is
// not): it must be reachable from every entry point, including components
// that hold no *Playground (the sliders), and it must work when the Playground's own
// state is what broke.
var crash crashSink

// Every view's Render, Mount, Unmount and SkipRender reach Vecty through
// comp.Component, which hands what it recovers to the crash sink.
func init() {
	comp.Caught = func(where string, r any) { crash.caught(where, r) }
	comp.Injected = func(where string) any { return crash.injected(where) }
}

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

// debugPoint raises the debug hook's panic for where inside the function
// that calls it, so that the error report's stack shows that function: the
// page's Render calls it for "Page.Render" (the browser test reads the
// page's frame in the report). Every other view's injected panic is raised
// by comp.Component after the view's Render returns. It is no guard: the
// recover is comp.Component's.
func debugPoint(where string) {
	if v := crash.injected(where); v != nil {
		panic(v)
	}
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
