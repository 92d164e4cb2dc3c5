package ui

import (
	"math"

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
	ctx, w, h := p.cv.Ctx, p.cv.W, p.cv.H
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
