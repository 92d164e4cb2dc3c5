//go:build js && wasm

package ui

import "testing"

// TestCellKey walks the confusion matrix's keyboard cursor: the arrow keys
// move it and stop at the edges, Home and End go to the diagonal's ends,
// Enter and Space open the cell without moving, other keys are not taken.
func TestCellKey(t *testing.T) {
	c := cellCursor{}
	steps := []struct {
		key           string
		row, col      int
		open, handled bool
	}{
		{"ArrowUp", 0, 0, false, true},
		{"ArrowLeft", 0, 0, false, true},
		{"ArrowDown", 1, 0, false, true},
		{"ArrowRight", 1, 1, false, true},
		{"ArrowRight", 1, 2, false, true},
		{"Enter", 1, 2, true, true},
		{"End", 9, 9, false, true},
		{"ArrowDown", 9, 9, false, true},
		{" ", 9, 9, true, true},
		{"Home", 0, 0, false, true},
		{"a", 0, 0, false, false},
	}
	for i, s := range steps {
		next, open, handled := cellKey(c, 10, s.key)
		if next.Row != s.row || next.Col != s.col || open != s.open || handled != s.handled {
			t.Fatalf("step %d %q: cursor (%d,%d) open %v handled %v, want (%d,%d) %v %v",
				i, s.key, next.Row, next.Col, open, handled, s.row, s.col, s.open, s.handled)
		}
		c = next
	}
}
