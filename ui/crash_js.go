//go:build js && wasm

package ui

import (
	"syscall/js"

	"kernelplay/ui/app"
)

func init() { crash.out = crashOut }

// crashOut writes a caught panic to the console and, the first time, to
// boot.js's stopped view with the report, completed with the page's link
// and the browser.
func crashOut(msg string, rep app.Report, first bool) {
	g := js.Global()
	g.Get("console").Call("error", "kernelplay: panic in "+rep.Where+": "+rep.Panic+"\n"+rep.Stack)
	if !first {
		return
	}
	rep.Link = g.Get("location").Get("href").String()
	rep.Browser = g.Get("navigator").Get("userAgent").String()
	if boot := g.Get("kpBoot"); boot.Truthy() && boot.Get("stopped").Type() == js.TypeFunction {
		boot.Call("stopped", "panic", msg, rep.Text())
	}
}

// hog keeps what fillMemory allocates reachable.
var hog [][]byte

// fillMemory allocates until the runtime runs out of memory and ends (the
// debug hook's "memory"): a wasm32 program has at most 4 GiB.
func fillMemory() {
	for {
		hog = append(hog, make([]byte, 64<<20))
	}
}
