package state

// Focus says what kind of element had the keyboard focus when a key was
// pressed: it decides which keys stay with the element (see [KeyAction]).
type Focus int

const (
	// FocusPage is the page itself, a canvas or a link: every key of the
	// page works.
	FocusPage Focus = iota
	// FocusButton is a button. Space would click it; the page takes space
	// for play/pause instead, as everywhere else.
	FocusButton
	// FocusSlider is a range input: the arrow keys move it.
	FocusSlider
	// FocusMenu is a <select>: the arrow keys choose an option.
	FocusMenu
	// FocusCheckbox is a checkbox: space ticks it.
	FocusCheckbox
	// FocusText is a text or number field (the seed): every key is typing.
	FocusText
)

// FocusOf classifies a focused element by its tag name (upper case, as the
// DOM gives it) and, for INPUT, its type attribute.
func FocusOf(tagName, inputType string) Focus {
	switch tagName {
	case "BUTTON":
		return FocusButton
	case "SELECT":
		return FocusMenu
	case "TEXTAREA":
		return FocusText
	case "INPUT":
		switch inputType {
		case "range":
			return FocusSlider
		case "checkbox", "radio":
			return FocusCheckbox
		case "button", "submit", "reset", "file":
			return FocusButton
		}
		return FocusText
	}
	return FocusPage
}

// KeyAction returns the page's action for a key press (key as the DOM's
// KeyboardEvent.key; shift held or not) with focus on an element of the
// given kind, and ok = false when the key is not the page's:
//
//	space  play or pause   everywhere but in a text field and on a checkbox
//	→      step one (⇧: ten) everywhere but on a slider, a menu or in a text field
//	r      reset to t = 0   everywhere but in a text field
//
// So a slider or menu the user has just moved keeps its arrow keys, while
// space and r still play and reset. When ok, the caller prevents the key's
// default (a space would scroll or open the menu, r would pick the menu's
// option starting with r). Modifier keys (Ctrl, Cmd, Alt) are the caller's
// to filter: the page leaves those presses to the browser.
func KeyAction(key string, shift bool, focus Focus) (a Action, ok bool) {
	if focus == FocusText {
		return nil, false
	}
	switch key {
	case " ":
		if focus == FocusCheckbox {
			return nil, false
		}
		return TogglePlay{}, true
	case "ArrowRight":
		if focus == FocusSlider || focus == FocusMenu {
			return nil, false
		}
		if shift {
			return Step{N: 10}, true
		}
		return Step{N: 1}, true
	case "r", "R":
		return Reset{}, true
	}
	return nil, false
}
