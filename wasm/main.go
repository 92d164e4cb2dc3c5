//go:build js && wasm

// Command wasm is kernelplay's WebAssembly entry point: wiring only. It
// installs the kernel rows' SIMD loops (wasm/simd), reads the share link's
// hash, hands it to the page (ui.Run), and keeps the program alive. Every
// entry from JavaScript into the page recovers (see ui/crash.go); a panic
// that escapes Run while the page is built is reported the same way
// (boot.js's stopped view, with Start over and Copy error report), and the
// program stays alive. main.wasm imports "kernelplay" "dots" and "lane"
// (wasm/simd), which boot.js provides.
package main

import (
	"strings"
	"syscall/js"

	"kernelplay/ui"
	"kernelplay/wasm/simd"
)

func main() {
	defer func() { select {} }() // after ui.Recover: keep the callbacks that still work alive
	defer ui.Recover()
	simd.Install() // false in a browser without WebAssembly SIMD: the Go loops, silently
	hash := strings.TrimPrefix(js.Global().Get("location").Get("hash").String(), "#")
	ui.Run(hash) // never returns
}
