package app

import (
	"math"

	"kernelplay/ui/state"
)

// Cursor is the plot's keyboard cursor: a position in plot coordinates
// [−1, 1]² (y up, as the points), moved by the arrow keys while the plot
// has the focus. The zero value is the plot's centre.
type Cursor struct{ X, Y float64 }

// The cursor's step sizes and reach, in plot units (the plot is 2 wide).
const (
	// CursorStep is one arrow press: 1/40 of the plot's width.
	CursorStep = 0.05
	// CursorStepShift is one arrow press with shift held: five steps.
	CursorStepShift = 5 * CursorStep
	// CursorReach is how far from the cursor Delete looks for the
	// nearest point (two steps; the cursor's ring is drawn this size).
	CursorReach = 2 * CursorStep

	cursorSteps = 20 // steps per plot unit, 1/CursorStep
)

// PlotKey is what a key pressed on the focused plot does.
type PlotKey int

const (
	// PlotKeyPage leaves the key to the page's shortcuts: space
	// (play/pause) and presses with Ctrl, Cmd or Alt (undo, the
	// browser's own).
	PlotKeyPage PlotKey = iota
	// PlotKeyKeep keeps the key from the page's shortcuts and does
	// nothing (→ does not step the run, r does not reset it while the
	// plot has the focus); Tab and the browser's own keys keep their
	// default.
	PlotKeyKeep
	// PlotKeyMove moved the cursor (an arrow key).
	PlotKeyMove
	// PlotKeyAdd is Enter: what a click at the cursor does (adds a
	// point of the selected class, or in delete mode removes the
	// nearest).
	PlotKeyAdd
	// PlotKeyDelete is Delete or Backspace: removes the point nearest
	// the cursor within CursorReach.
	PlotKeyDelete
)

// CursorKey returns the cursor after a key press (key as the DOM's
// KeyboardEvent.key) on the focused plot, with shift and with a Ctrl, Cmd
// or Alt modifier held or not, and what the press does. The arrows move
// the cursor by CursorStep (shift: CursorStepShift) on the grid of
// CursorStep multiples, clamped to [−1, 1]².
func CursorKey(k Cursor, key string, shift, modifier bool) (Cursor, PlotKey) {
	if modifier || key == " " {
		return k, PlotKeyPage
	}
	step := CursorStep
	if shift {
		step = CursorStepShift
	}
	move := func(v, d float64) float64 {
		v = math.Round((v+d)*cursorSteps) / cursorSteps // no drift: three steps are 0.15, not 0.15000000000000002
		return math.Max(-1, math.Min(1, v))
	}
	switch key {
	case "ArrowLeft":
		k.X = move(k.X, -step)
	case "ArrowRight":
		k.X = move(k.X, step)
	case "ArrowUp":
		k.Y = move(k.Y, step)
	case "ArrowDown":
		k.Y = move(k.Y, -step)
	case "Enter":
		return k, PlotKeyAdd
	case "Delete", "Backspace":
		return k, PlotKeyDelete
	default:
		return k, PlotKeyKeep
	}
	return k, PlotKeyMove
}

// CursorAction is the store action of a key act at cursor k under c, with
// the selected class brush, in delete mode (deleting) or not, and shift
// held (the other class, as a shift-click): Enter is a click at the
// cursor (AddPoint of [ClickClass], or in delete mode as Delete), Delete
// is DeletePoint of the clicked point nearest the cursor within
// CursorReach. ok is false when the press changes nothing (no point
// within reach, or a key that is not Enter or Delete).
func CursorAction(c state.Config, brush int, deleting bool, k Cursor, act PlotKey, shift bool) (a state.Action, ok bool) {
	if act == PlotKeyAdd && !deleting {
		return state.AddPoint{X: k.X, Y: k.Y, Class: ClickClass(c, brush, shift)}, true
	}
	if act == PlotKeyAdd || act == PlotKeyDelete {
		if i := c.NearestPoint(k.X, k.Y, CursorReach); i >= 0 {
			return state.DeletePoint{Index: i}, true
		}
	}
	return nil, false
}
