package ui

import (
	"kernelplay/ui/app"
	"kernelplay/ui/state"
)

// The plot's input: its keys and its clicks (the listeners that call them
// are plot_js.go's; the page's own shortcuts are keys.go's).

// plotKey handles a key pressed on the focused plot: the arrows move the
// cursor, Enter does what a click at the cursor does, Delete/Backspace
// removes the nearest point (app.CursorKey, app.CursorAction). Only space
// (play/pause) and presses with Ctrl, Cmd or Alt go on to the page's
// shortcuts (pageKey): for the others stop is true (not → nor r while
// the plot has the focus); prevent is true for the keys it used (no page
// scroll), and label is the plot's new accessible name when the cursor
// moved ("" otherwise), so that a screen reader says where it is.
func (p *Plot) plotKey(k keyPress) (stop, prevent bool, label string) {
	if p.cv == nil {
		return false, false, ""
	}
	at, act := app.CursorKey(p.kb.at, k.Key, k.Shift, k.Ctrl || k.Meta || k.Alt)
	if act == app.PlotKeyPage {
		return false, false, ""
	}
	if act == app.PlotKeyKeep {
		return true, false, "" // Tab still moves the focus
	}
	p.kb.at, p.dirty = at, true
	if act == app.PlotKeyMove {
		label = cursorLabel(at)
	}
	if a, ok := app.CursorAction(p.P.Config, p.P.Brush, p.P.Deleting, at, act, k.Shift); ok && p.P.Dispatch != nil {
		p.P.Dispatch(a)
	}
	return true, true, label
}

// click handles a press on the plot at (px, py) CSS pixels of its w×h box:
// in delete mode it removes the nearest point within 12 CSS pixels;
// otherwise it adds a point of the brush's class (app.ClickClass; other:
// shift or the right button, the other class).
func (p *Plot) click(px, py, w, h float64, other bool) {
	if !(w > 0 && h > 0) || p.P.Dispatch == nil {
		return
	}
	x, y := p.view.fromPixel(px, py, w, h)
	c := p.P.Config
	if p.P.Deleting {
		if i := c.NearestPoint(x, y, 12*2/w); i >= 0 {
			p.P.Dispatch(state.DeletePoint{Index: i})
		}
		return
	}
	p.P.Dispatch(state.AddPoint{X: x, Y: y, Class: app.ClickClass(c, p.P.Brush, other)})
}
