//go:build js && wasm

package ui

import (
	"math"
	"syscall/js"

	"kernelplay/ui/app"
)

// plotKeys is the plot's keyboard cursor (app.Cursor: the rule of its
// keys) and whether the plot has the focus, which shows it.
type plotKeys struct {
	at      app.Cursor
	focused bool
}

// plotLabel is the plot canvas's accessible name; once the keyboard's
// cursor moves, its position follows (cursorLabel).
const plotLabel = "decision surface; click, or the arrow keys and Enter, to add points; Delete removes the nearest"

// cursorLabel is plotLabel with the cursor's position in plot coordinates.
func cursorLabel(k app.Cursor) string {
	return plotLabel + "; cursor at x " + ftoa(k.X, 2) + ", y " + ftoa(k.Y, 2)
}

// cursorColor is the keyboard cursor's ring: the ink of the plot, over a
// white halo, so it shows on every surface colour.
const cursorColor = inkColor

// keyDown handles a key pressed on the focused plot: the arrows move the
// cursor, Enter does what a click at the cursor does, Delete/Backspace
// removes the nearest point (app.CursorKey, app.CursorAction). Only space
// (play/pause) and presses with Ctrl, Cmd or Alt go on to the page's
// shortcuts (App.installKeys, a listener on the document).
func (p *Plot) keyDown(e js.Value) {
	if p.cv == nil {
		return
	}
	shift := e.Get("shiftKey").Bool()
	mod := e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool() || e.Get("altKey").Bool()
	k, act := app.CursorKey(p.kb.at, e.Get("key").String(), shift, mod)
	if act == app.PlotKeyPage {
		return
	}
	e.Call("stopPropagation") // not → (step) nor r (reset) while the plot has the focus
	if act == app.PlotKeyKeep {
		return // Tab still moves the focus
	}
	e.Call("preventDefault") // no page scroll
	p.kb.at, p.dirty = k, true
	if act == app.PlotKeyMove {
		p.el.Node().Call("setAttribute", "aria-label", cursorLabel(k)) // a screen reader says where it is
	}
	s := p.app.store
	if a, ok := app.CursorAction(s.Config(), s.Brush(), s.Deleting(), k, act, shift); ok {
		s.Dispatch(a)
	}
}

// focusChanged shows the cursor while the plot has the focus.
func (p *Plot) focusChanged(focused bool) {
	p.kb.focused, p.dirty = focused, true
}

// drawCursor draws the keyboard cursor while the plot has the focus: a
// cross at its position and a ring of radius app.CursorReach, the reach
// of Delete.
func (p *Plot) drawCursor() {
	if !p.kb.focused {
		return
	}
	ctx, w, h := p.cv.ctx, p.cv.w, p.cv.h
	x, y := p.view.toPixel(p.kb.at.X, p.kb.at.Y, w, h)
	x1, _ := p.view.toPixel(p.kb.at.X+app.CursorReach, p.kb.at.Y, w, h)
	r, arm := x1-x, 5.0
	ctx.Call("beginPath")
	ctx.Call("moveTo", x+r, y)
	ctx.Call("arc", x, y, r, 0, 2*math.Pi)
	ctx.Call("moveTo", x-arm, y)
	ctx.Call("lineTo", x+arm, y)
	ctx.Call("moveTo", x, y-arm)
	ctx.Call("lineTo", x, y+arm)
	ctx.Set("strokeStyle", haloColor)
	ctx.Set("lineWidth", 4)
	ctx.Call("stroke")
	ctx.Set("strokeStyle", cursorColor)
	ctx.Set("lineWidth", 1.5)
	ctx.Call("stroke")
}
