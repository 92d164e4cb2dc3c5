package state

import "testing"

func TestKeyAction(t *testing.T) {
	for _, tc := range []struct {
		key   string
		shift bool
		focus Focus
		want  Action // nil: the key stays with the element
	}{
		{" ", false, FocusPage, TogglePlay{}},
		{"ArrowRight", false, FocusPage, Step{N: 1}},
		{"ArrowRight", true, FocusPage, Step{N: 10}},
		{"r", false, FocusPage, Reset{}},
		{"R", true, FocusPage, Reset{}},
		{"x", false, FocusPage, nil},
		// A button: space plays instead of clicking the button.
		{" ", false, FocusButton, TogglePlay{}},
		{"ArrowRight", false, FocusButton, Step{N: 1}},
		// A slider keeps its arrows; space and r are the page's.
		{" ", false, FocusSlider, TogglePlay{}},
		{"r", false, FocusSlider, Reset{}},
		{"ArrowRight", false, FocusSlider, nil},
		{"ArrowLeft", false, FocusSlider, nil},
		// A menu likewise.
		{" ", false, FocusMenu, TogglePlay{}},
		{"r", false, FocusMenu, Reset{}},
		{"ArrowRight", false, FocusMenu, nil},
		// A checkbox keeps space (it ticks it).
		{" ", false, FocusCheckbox, nil},
		{"r", false, FocusCheckbox, Reset{}},
		{"ArrowRight", false, FocusCheckbox, Step{N: 1}},
		// Typing into the seed is typing.
		{" ", false, FocusText, nil},
		{"r", false, FocusText, nil},
		{"ArrowRight", false, FocusText, nil},
	} {
		got, ok := KeyAction(tc.key, tc.shift, tc.focus)
		if ok != (tc.want != nil) || got != tc.want {
			t.Errorf("KeyAction(%q, shift %v, focus %d) = %#v, %v; want %#v", tc.key, tc.shift, tc.focus, got, ok, tc.want)
		}
	}
}

func TestFocusOf(t *testing.T) {
	for _, tc := range []struct {
		tag, typ string
		want     Focus
	}{
		{"BODY", "", FocusPage},
		{"CANVAS", "", FocusPage},
		{"BUTTON", "", FocusButton},
		{"SELECT", "", FocusMenu},
		{"TEXTAREA", "", FocusText},
		{"INPUT", "range", FocusSlider},
		{"INPUT", "checkbox", FocusCheckbox},
		{"INPUT", "number", FocusText},
		{"INPUT", "text", FocusText},
		{"INPUT", "file", FocusButton},
	} {
		if got := FocusOf(tc.tag, tc.typ); got != tc.want {
			t.Errorf("FocusOf(%q, %q) = %d, want %d", tc.tag, tc.typ, got, tc.want)
		}
	}
}
