//go:build js && wasm

package ui

import (
	"errors"
	"strconv"
	"strings"
	"syscall/js"

	"kernelplay/ui/app"
)

// get returns the entry of the shipped set key (a state.Data value),
// starting its fetch on first use. Decoding happens in poll, from the frame
// loop, so the "decoding" message is drawn first.
func (l *loader) get(a *Playground, key string) *loadEntry {
	if l.sets == nil {
		l.sets = map[string]*loadEntry{}
		l.changed = func() { a.rev++; a.rerender() }
	}
	if e, ok := l.sets[key]; ok {
		return e
	}
	e := &loadEntry{}
	l.sets[key] = e
	src, ok := shippedSets[key]
	if !ok {
		e.phase, e.err = loadFailed, errors.New("unknown data set "+strconv.Quote(key))
		return e
	}
	l.fetch(a, e, src.File)
	return e
}

// fetch reads url into e chunk by chunk. The shipped files are gzip
// streams: the browser decompresses them (DecompressionStream, standard in
// Chromium 80+, Firefox 113+, Safari 16.4+), so compress/gzip stays out of
// main.wasm, and e.buf receives the uncompressed payload for
// data.DecodeDigits. e.received counts the compressed bytes as they pass
// (a TransformStream in front of the decompressor), so the progress is
// bytes downloaded of the Content-Length, as the server sends them.
func (l *loader) fetch(a *Playground, e *loadEntry, url string) {
	var funcs []js.Func
	release := func() {
		for _, f := range funcs {
			f.Release()
		}
	}
	fail := func(msg string) {
		e.phase, e.err, e.buf = loadFailed, errors.New(msg), nil
		release()
		l.changed()
	}
	if js.Global().Get("DecompressionStream").IsUndefined() {
		e.phase, e.err = loadFailed, errors.New("this browser cannot decompress gzip streams (no DecompressionStream); "+
			"use Chromium 80+, Firefox 113+ or Safari 16.4+")
		return
	}
	var reader js.Value
	var pump js.Func
	// count passes the compressed chunks on to the decompressor, counting
	// them: args are (chunk Uint8Array, TransformStreamDefaultController).
	count := a.jsFunc("loading data", func(_ js.Value, args []js.Value) {
		e.received += args[0].Get("length").Int()
		args[1].Call("enqueue", args[0])
		l.changed()
	})
	onChunk := a.jsFunc("loading data", func(_ js.Value, args []js.Value) {
		r := args[0]
		if r.Get("done").Bool() {
			if e.total > 0 && e.received != e.total {
				fail("the download of " + url + " stopped at " + strconv.Itoa(e.received) + " of " + strconv.Itoa(e.total) + " bytes")
				return
			}
			e.phase = loadDecoding
			release()
			l.changed()
			return
		}
		v := r.Get("value")
		n := v.Get("length").Int()
		if len(e.buf)+n > app.MaxFileBytes {
			reader.Call("cancel") // stops the pipes, so count is not called once released
			fail(url + " decompresses to more than " + strconv.Itoa(app.MaxFileBytes>>20) + " MB")
			return
		}
		start := len(e.buf)
		e.buf = append(e.buf, make([]byte, n)...)
		js.CopyBytesToGo(e.buf[start:], v)
		reader.Call("read").Call("then", pump, funcs[len(funcs)-1])
	})
	onErr := a.jsFunc("loading data", func(_ js.Value, args []js.Value) {
		msg := "network error"
		if len(args) > 0 && !args[0].IsUndefined() {
			msg = strings.TrimSuffix(args[0].Call("toString").String(), ".") // the page adds its own
		}
		if e.total > 0 && e.received == e.total {
			// Every byte arrived: the gzip stream itself is broken.
			fail("could not decompress " + url + " (not a valid gzip file): " + msg)
			return
		}
		fail("could not load " + url + ": " + msg)
	})
	pump = onChunk
	onResp := a.jsFunc("loading data", func(_ js.Value, args []js.Value) {
		resp := args[0]
		if !resp.Get("ok").Bool() {
			fail("could not load " + url + ": the server answered " + strconv.Itoa(resp.Get("status").Int()) + " " + resp.Get("statusText").String())
			return
		}
		if n, err := strconv.Atoi(resp.Get("headers").Call("get", "Content-Length").String()); err == nil && n > 0 {
			e.total = n
		}
		counter := js.Global().Get("TransformStream").New(map[string]any{"transform": count})
		reader = resp.Get("body").Call("pipeThrough", counter).
			Call("pipeThrough", js.Global().Get("DecompressionStream").New("gzip")).
			Call("getReader")
		reader.Call("read").Call("then", pump, funcs[len(funcs)-1])
	})
	funcs = append(funcs, onResp, count, onChunk, onErr) // onErr last: used as the rejection handler
	js.Global().Call("fetch", url, map[string]any{"credentials": "same-origin"}).Call("then", onResp, onErr)
}

// readDroppedFile reads a File (from the picker or a drop) and hands its
// bytes to done.
func (a *Playground) readDroppedFile(file js.Value, done func(name string, b []byte)) {
	name := file.Get("name").String()
	if size := file.Get("size").Int(); size > app.MaxFileBytes {
		a.store.Notify(app.Message{Kind: app.Failure, Text: "Could not read " + name + ": it is " +
			strconv.Itoa(size>>20) + " MB, more than the " + strconv.Itoa(app.MaxFileBytes>>20) + " MB the page reads."})
		return
	}
	var then, catch js.Func
	release := func() { then.Release(); catch.Release() }
	then = a.jsFunc("reading a file", func(_ js.Value, args []js.Value) {
		release()
		u8 := js.Global().Get("Uint8Array").New(args[0])
		b := make([]byte, u8.Get("length").Int())
		js.CopyBytesToGo(b, u8)
		done(name, b)
	})
	catch = a.jsFunc("reading a file", func(_ js.Value, args []js.Value) {
		release()
		a.store.Notify(app.Message{Kind: app.Failure, Text: "Could not read " + name + ": the browser refused to open it."})
	})
	file.Call("arrayBuffer").Call("then", then, catch)
}
