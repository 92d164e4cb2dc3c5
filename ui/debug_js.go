//go:build js && wasm

package ui

import "syscall/js"

// installDebugHook puts the debug hooks (debugHooks, debughook.go) on
// window.kernelplay, with link() (the share link) and stats().compiledMs
// (boot.js's compile time), which only the browser knows. A panic in a
// hook, or its error, is thrown as an Error; it only ends the page it is
// called in (as closing the tab would), so a visitor who types it into the
// console harms nobody.
func (a *Playground) installDebugHook() {
	hook := js.Global().Get("Object").New()
	for name, f := range a.debugHooks() {
		hook.Set(name, js.FuncOf(func(_ js.Value, args []js.Value) (out any) {
			defer func() {
				if r := recover(); r != nil {
					out = js.Global().Get("Error").New("kernelplay." + name + ": panic")
				}
			}()
			in := make([]any, len(args))
			for i, v := range args {
				switch v.Type() {
				case js.TypeNumber:
					in[i] = v.Float()
				case js.TypeString:
					in[i] = v.String()
				}
			}
			v, err := f(in)
			if err != nil {
				return js.Global().Get("Error").New(err.Error())
			}
			if m, ok := v.(map[string]any); ok && name == "stats" {
				m["compiledMs"] = js.Global().Get("kpBoot").Get("compiledMs")
			}
			return v
		}))
	}
	hook.Set("link", js.FuncOf(func(js.Value, []js.Value) any {
		return js.Global().Get("location").Get("href").String()
	}))
	js.Global().Set("kernelplay", hook)
}
