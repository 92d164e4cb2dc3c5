//go:build js && wasm

package ui

import "syscall/js"

// trackInput records when the user last pointed, scrolled or typed
// (Playground.lastInput), once: the digits view learns for most of each frame
// while nobody interacts with the page, and gives the frame back to
// drawing and to the input's handlers for interactingMS after the last
// input (digitsMode). The listeners are passive and capture on the
// document, so that they see every input and delay none.
func (a *Playground) trackInput() {
	if a.inputWired {
		return
	}
	a.inputWired = true
	doc := js.Global().Get("document")
	f := a.jsFunc("input", func(js.Value, []js.Value) { a.lastInput = perfNow() })
	opts := js.ValueOf(map[string]any{"capture": true, "passive": true})
	for _, ev := range []string{"pointerdown", "pointermove", "wheel", "keydown", "touchstart"} {
		doc.Call("addEventListener", ev, f, opts)
	}
}

// interactingMS is how long after the last input the digits view counts
// as interacted with, ms.
const interactingMS = 1000

// interacting reports whether the user pointed, scrolled or typed within
// interactingMS of now.
func (a *Playground) interacting(now float64) bool {
	return a.lastInput > 0 && now-a.lastInput < interactingMS
}
