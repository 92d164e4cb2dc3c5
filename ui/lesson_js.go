//go:build js && wasm

package ui

import (
	"strconv"
	"syscall/js"

	"kernelplay/ui/app"
)

// fetchLesson fetches shipped lesson name (same origin: the page's
// connect-src 'self') and opens it at step at (app.OpenLesson). A file
// over app.MaxLessonFile (by its Content-Length, before its body is read)
// or a failed download is a Failure in the banner.
func (a *Playground) fetchLesson(name string, at int, load bool) {
	url := app.LessonFile(name)
	fail := func(why string) {
		a.store.Notify(app.Message{Kind: app.Failure, Text: "The lesson " + name + " could not be opened: " + why + "."})
	}
	// on is called twice: with the Response, then with its text.
	var on, onErr js.Func
	release := func() { on.Release(); onErr.Release() }
	on = a.jsFunc("loading a lesson", func(_ js.Value, args []js.Value) {
		r := args[0]
		if r.Type() == js.TypeString {
			release()
			a.store.Dispatch(app.OpenLesson{Name: name, Text: r.String(), At: at, Load: load})
			return
		}
		if !r.Get("ok").Bool() {
			release()
			fail(url + " answered " + strconv.Itoa(r.Get("status").Int()))
			return
		}
		if n, err := strconv.Atoi(r.Get("headers").Call("get", "content-length").String()); err == nil && n > app.MaxLessonFile {
			release()
			fail("it is larger than " + strconv.Itoa(app.MaxLessonFile) + " bytes")
			return
		}
		r.Call("text").Call("then", on, onErr)
	})
	onErr = a.jsFunc("loading a lesson", func(js.Value, []js.Value) {
		release()
		fail("the download failed")
	})
	js.Global().Call("fetch", url, map[string]any{"credentials": "same-origin"}).Call("then", on, onErr)
}
