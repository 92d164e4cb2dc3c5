package app

import (
	"testing"

	"kernelplay/ui/state"
)

// press applies the keys in order from the zero cursor and returns the
// cursor and the last press's effect.
func press(keys ...string) (Cursor, PlotKey) {
	var k Cursor
	var act PlotKey
	for _, key := range keys {
		shift := len(key) > 6 && key[:6] == "Shift+"
		if shift {
			key = key[6:]
		}
		k, act = CursorKey(k, key, shift, false)
	}
	return k, act
}

// TestCursorKey: the arrows move the cursor on the grid of steps (exactly:
// three steps are 0.15), shift moves five, the edges clamp; Enter, Delete
// and Backspace act; space and modified presses are the page's; any other
// key is kept from the page's shortcuts.
func TestCursorKey(t *testing.T) {
	for _, tc := range []struct {
		keys []string
		want Cursor
		act  PlotKey
	}{
		{[]string{"ArrowRight", "ArrowRight", "ArrowRight"}, Cursor{0.15, 0}, PlotKeyMove},
		{[]string{"ArrowUp", "ArrowUp", "ArrowLeft"}, Cursor{-0.05, 0.1}, PlotKeyMove},
		{[]string{"ArrowDown", "Shift+ArrowDown", "ArrowRight"}, Cursor{0.05, -0.3}, PlotKeyMove},
		{[]string{"Shift+ArrowRight", "Shift+ArrowRight", "Shift+ArrowRight", "Shift+ArrowRight", "Shift+ArrowRight"}, Cursor{1, 0}, PlotKeyMove},
		{[]string{"Shift+ArrowLeft", "Shift+ArrowLeft", "Shift+ArrowLeft", "Shift+ArrowLeft", "Shift+ArrowLeft", "ArrowLeft"}, Cursor{-1, 0}, PlotKeyMove},
		{[]string{"ArrowRight", "Enter"}, Cursor{0.05, 0}, PlotKeyAdd},
		{[]string{"ArrowUp", "Delete"}, Cursor{0, 0.05}, PlotKeyDelete},
		{[]string{"Backspace"}, Cursor{}, PlotKeyDelete},
		{[]string{"ArrowUp", " "}, Cursor{0, 0.05}, PlotKeyPage},
		{[]string{"r"}, Cursor{}, PlotKeyKeep},
		{[]string{"Tab"}, Cursor{}, PlotKeyKeep},
	} {
		k, act := press(tc.keys...)
		if k != tc.want || act != tc.act {
			t.Errorf("%v: cursor %+v, effect %d; want %+v, %d", tc.keys, k, act, tc.want, tc.act)
		}
	}
	// Three shifted steps from the right edge land on the grid, not at 1 − 0.75 ± ε.
	k := Cursor{X: 1}
	for range 3 {
		k, _ = CursorKey(k, "ArrowLeft", true, false)
	}
	if k.X != 0.25 {
		t.Errorf("1 − 3·0.25 = %v, want 0.25", k.X)
	}
	// Ctrl/Cmd/Alt presses (undo) are the page's and do not move the cursor.
	if k2, act := CursorKey(Cursor{X: 0.5}, "ArrowLeft", false, true); act != PlotKeyPage || k2.X != 0.5 {
		t.Errorf("Ctrl+←: %+v, %d; want the page's, unmoved", k2, act)
	}
}

// TestCursorAction: Enter adds a point of the brush's class at the cursor
// (shift: the next class), as a click there; Delete removes the nearest
// clicked point within CursorReach and nothing beyond it; in delete mode
// Enter removes, as a click does.
func TestCursorAction(t *testing.T) {
	c := state.Default()
	c.Task, c.Classes = state.TaskMulticlass, 3
	k := Cursor{0.2, -0.1}
	a, ok := CursorAction(c, 1, false, k, PlotKeyAdd, false)
	if !ok || a != (state.AddPoint{X: 0.2, Y: -0.1, Class: 1}) {
		t.Errorf("Enter: %#v, %v", a, ok)
	}
	if a, _ := CursorAction(c, 2, false, k, PlotKeyAdd, true); a != (state.AddPoint{X: 0.2, Y: -0.1, Class: 0}) {
		t.Errorf("shift+Enter with brush 2 of 3: %#v, want class 0", a)
	}
	c.Points = []state.Point{{X: 0.9, Y: 0.9}, {X: 0.25, Y: -0.05, Class: 2}, {X: 0.2, Y: -0.22}}
	for _, deleting := range []bool{false, true} {
		act := PlotKeyDelete
		if deleting {
			act = PlotKeyAdd
		}
		if a, ok := CursorAction(c, 0, deleting, k, act, false); !ok || a != (state.DeletePoint{Index: 1}) {
			t.Errorf("delete (delete mode %v): %#v, %v; want point 1, the nearest", deleting, a, ok)
		}
	}
	// Point 2 is 0.12 away, beyond the reach of 0.1: a press at (0.2, −0.2)
	// finds it, one at (0.2, −0.1) with point 1 gone does not.
	c.Points = append(c.Points[:1], c.Points[2])
	if a, ok := CursorAction(c, 0, false, k, PlotKeyDelete, false); ok {
		t.Errorf("delete with no point within reach: %#v", a)
	}
	if a, ok := CursorAction(c, 0, false, Cursor{0.2, -0.2}, PlotKeyDelete, false); !ok || a != (state.DeletePoint{Index: 1}) {
		t.Errorf("delete at (0.2, −0.2): %#v, %v", a, ok)
	}
	if _, ok := CursorAction(c, 0, false, k, PlotKeyMove, false); ok {
		t.Error("an arrow press made an action")
	}
}
