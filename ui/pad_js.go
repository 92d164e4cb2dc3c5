//go:build js && wasm

package ui

import (
	"syscall/js"

	"kernelplay/ui/app"
)

// padJS is the pad's part that only the browser has: its pointer and key
// listeners, the element they are on, and the stroke being drawn.
type padJS struct {
	fns   []js.Func
	wired js.Value // the canvas element the listeners are on
	live  app.PadStroke
	down  int  // the pointerId drawing, while drawing
	drawn bool // live grew since the last paint
}

// wire adds the pad's listeners to its canvas once it is in the document
// (and again to a new canvas after a remount): Pointer Events for mouse,
// pen and touch, with pointer capture (a stroke continues outside the
// canvas) and the coalesced points of each move (a fast stroke keeps its
// shape); the canvas's CSS has touch-action: none, so that a finger draws
// instead of scrolling. Keys on the focused pad: padView.key.
func (v *padView) wire() {
	cv := v.pad.cv
	if cv == nil {
		return
	}
	el, _ := jsOf(cv)
	if el.Equal(v.wired) {
		return
	}
	for _, f := range v.fns {
		f.Release()
	}
	v.fns, v.wired, v.live = nil, el, nil
	el.Set("tabIndex", 0)
	on := func(name string, f func(e js.Value)) {
		fn := guardedFunc("pad "+name, func(_ js.Value, args []js.Value) { f(args[0]) })
		v.fns = append(v.fns, fn)
		el.Call("addEventListener", name, fn)
	}
	at := func(e js.Value) app.PadPoint {
		r := el.Call("getBoundingClientRect")
		side := min(r.Get("width").Float(), r.Get("height").Float())
		k := app.PadSize / side
		return app.PadPoint{X: (e.Get("clientX").Float() - r.Get("left").Float()) * k,
			Y: (e.Get("clientY").Float() - r.Get("top").Float()) * k}
	}
	on("pointerdown", func(e js.Value) {
		if e.Get("button").Int() != 0 || v.live != nil {
			return
		}
		e.Call("preventDefault")
		el.Call("focus")
		v.down = e.Get("pointerId").Int()
		el.Call("setPointerCapture", v.down)
		v.live = app.PadStroke{at(e)}
		v.drawn = true
	})
	on("pointermove", func(e js.Value) {
		if v.live == nil || e.Get("pointerId").Int() != v.down || v.points()+len(v.live) >= app.PadMaxPoints {
			return // (a drawing's points are bounded: the rest of a stroke past the bound is dropped)
		}
		if f := e.Get("getCoalescedEvents"); f.Type() == js.TypeFunction {
			evs := e.Call("getCoalescedEvents")
			for i := range evs.Length() {
				v.live = append(v.live, at(evs.Index(i)))
			}
			if evs.Length() == 0 {
				v.live = append(v.live, at(e))
			}
		} else {
			v.live = append(v.live, at(e))
		}
		v.drawn = true
	})
	end := func(e js.Value) {
		if v.live == nil || e.Get("pointerId").Int() != v.down {
			return
		}
		s := v.live
		v.live = nil
		v.strokeDone(s) // rasterised here, once per stroke
	}
	on("pointerup", end)
	on("pointercancel", end)
	on("keydown", func(e js.Value) {
		if e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool() || e.Get("altKey").Bool() {
			return
		}
		if v.key(e.Get("key").String()) {
			e.Call("preventDefault")
			e.Call("stopPropagation")
		}
	})
}

// frame is the pad's part of a frame of the digits view: wire a new
// canvas, and repaint when a stroke grew, the drawing changed or a canvas
// was resized.
func (v *padView) frame() {
	v.wire()
	if v.drawn || v.dirty || v.pad.resized() || v.steps.resized() || v.nearest.resized() {
		v.drawn = false
		v.paint(v.live)
	}
}
