//go:build js && wasm

package ui

import (
	"syscall/js"

	"kernelplay/ui/app"
)

func init() { app.UnescapeHash = decodeURIComponent }

// decodeURIComponent is the browser's decodeURIComponent(s): it undoes
// %-escapes (UTF-8, as a browser writes them into location.hash). ok is
// false when s has a broken escape ("%zz", a lone '%', an invalid UTF-8
// sequence), on which the browser throws URIError: syscall/js turns the
// throw into a js.Error panic, recovered here. Any other panic is passed on.
func decodeURIComponent(s string) (u string, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, isJS := r.(js.Error); !isJS {
				panic(r)
			}
			u, ok = "", false
		}
	}()
	return js.Global().Call("decodeURIComponent", s).String(), true
}
