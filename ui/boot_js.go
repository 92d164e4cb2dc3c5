//go:build js && wasm

package ui

import "syscall/js"

// yieldTask ends the browser task the program runs in and returns at the
// start of a later one, so that the page's start-up is several short
// tasks instead of one long one (issue 24: no start-up task over 50 ms on
// a 4× slower CPU). The program blocks on a channel that a MessageChannel
// message feeds: with every goroutine blocked, Go's scheduler on wasm
// gives the thread back to the browser, which runs what waits (input,
// rendering when due) before the message's task. A MessageChannel, not
// setTimeout, whose nested calls the browser delays by 4 ms. Without
// MessageChannel it returns at once. It must not be called from a
// JavaScript callback (the callback's caller waits for it: a deadlock).
func yieldTask() {
	if !yield.port.Truthy() {
		mc := js.Global().Get("MessageChannel")
		if !mc.Truthy() {
			return
		}
		ch := mc.New()
		yield.c = make(chan struct{}, 1)
		yield.f = js.FuncOf(func(js.Value, []js.Value) any {
			select {
			case yield.c <- struct{}{}:
			default:
			}
			return nil
		})
		ch.Get("port1").Set("onmessage", yield.f)
		yield.port = ch.Get("port2")
	}
	yield.port.Call("postMessage", nil)
	<-yield.c
}

// yield is yieldTask's channel, made on its first call and kept.
var yield struct {
	port js.Value
	f    js.Func
	c    chan struct{}
}
