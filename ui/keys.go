package ui

import (
	"kernelplay/ui/app"
	"kernelplay/ui/state"
)

// keyPress is a keydown event as the page's shortcuts read it: the key,
// its modifiers and the focused element it went to (tag name in upper
// case as the DOM gives it, and an input's type).
type keyPress struct {
	Key                    string
	Ctrl, Meta, Shift, Alt bool
	TargetTag, TargetType  string
}

// pageKey handles a key pressed anywhere on the page: space (play/pause),
// → (step; shift: 10), r (reset), 1/2/3 (answer predict-then-reveal's
// question, when it is on), Ctrl/Cmd+Z (undo the last edit of the
// run) and, during a long replay, Esc (stop it where it got to), leaving a focused control the keys it needs (state.KeyAction) and
// a text or number field its own undo. It reports whether the key was
// used, so that the caller prevents its default (a page scroll, a click
// on a focused button, a menu opening).
func (a *Playground) pageKey(k keyPress) bool {
	if (k.Ctrl || k.Meta) && !k.Shift && !k.Alt && (k.Key == "z" || k.Key == "Z") {
		if k.TargetTag == "TEXTAREA" || k.TargetTag == "INPUT" && (k.TargetType == "text" || k.TargetType == "number") {
			return false
		}
		a.store.Dispatch(app.Undo{})
		return true
	}
	if k.Ctrl || k.Meta || k.Alt {
		return false
	}
	if _, _, replaying := a.store.Replaying(); replaying && k.Key == "Escape" {
		a.store.Dispatch(app.StopReplay{}) // the banner's Stop
		return true
	}
	if q := a.store.Config().Quiz; q.On && (k.Key == "1" || k.Key == "2" || k.Key == "3") && !k.Shift &&
		k.TargetTag != "TEXTAREA" && k.TargetTag != "INPUT" && k.TargetTag != "SELECT" {
		a.store.Dispatch(app.Answer{Choice: int(k.Key[0] - '1')}) // predict-then-reveal (quiz.go)
		return true
	}
	act, ok := state.KeyAction(k.Key, k.Shift, state.FocusOf(k.TargetTag, k.TargetType))
	if ok {
		a.store.Dispatch(act)
	}
	return ok
}
