//go:build js && wasm

// Command wasm is kernelplay's WebAssembly entry point: wiring only. It reads
// the share link's hash, hands it to the page (ui.Run), and keeps the
// program alive. A panic that escapes the page is shown in the document
// instead of leaving a dead page: everything a user can do is recovered
// inside ui; this is the last line.
package main

import (
	"fmt"
	"strings"
	"syscall/js"

	"kernelplay/ui"
)

func main() {
	defer func() {
		if r := recover(); r != nil {
			showFatal(fmt.Sprint(r))
			select {} // keep the callbacks that still work alive
		}
	}()
	hash := strings.TrimPrefix(js.Global().Get("location").Get("hash").String(), "#")
	ui.Run(hash) // never returns
}

// showFatal puts a message with a "start over" link at the top of the page.
func showFatal(msg string) {
	doc := js.Global().Get("document")
	div := doc.Call("createElement", "div")
	div.Set("className", "banner banner-error fatal")
	div.Set("textContent", "kernelplay failed to start: "+msg+" ")
	a := doc.Call("createElement", "a")
	a.Set("href", js.Global().Get("location").Get("pathname").String())
	a.Set("textContent", "Start over with the default demo")
	div.Call("appendChild", a)
	doc.Get("body").Call("prepend", div)
}
