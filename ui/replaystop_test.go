//go:build js && wasm

package ui

import (
	"strings"
	"testing"

	"kernelplay/ui/app"
)

// TestReplayStopButton: during a long replay the banner offers Stop, which
// leaves the run paused where the replay got to, and Esc does the same
// (issue 19 item 15).
func TestReplayStopButton(t *testing.T) {
	for _, how := range []string{"button", "Esc"} {
		fb := &fakeBrowser{}
		a := &Playground{b: fb}
		a.store = app.NewStoreSliced("v1&at=99999999", 500)
		a.build()
		a.store.Replay(700)
		b := page(t, a).mustID(t, "message-stop")
		if !strings.Contains(page(t, a).mustID(t, "message").text(), "Stop (Esc)") {
			t.Errorf("the note does not say the key: %q", page(t, a).mustID(t, "message").text())
		}
		if how == "button" {
			b.fire(t, "click")
		} else if !a.pageKey(keyPress{Key: "Escape", TargetTag: "BODY"}) {
			t.Error("Esc was not used during the replay")
		}
		if _, _, ok := a.store.Replaying(); ok || a.store.Run().T() != 700 || a.store.Config().Playing {
			t.Errorf("%s: replaying %v at t = %d, playing %v; want stopped and paused at 700", how, ok, a.store.Run().T(), a.store.Config().Playing)
		}
		if page(t, a).byID("message-stop") != nil {
			t.Errorf("%s: Stop is still offered after the replay stopped", how)
		}
		if a.pageKey(keyPress{Key: "Escape", TargetTag: "BODY"}) {
			t.Errorf("%s: Esc is used with no replay under way (it belongs to dialogs then)", how)
		}
	}
}

// TestReplayRate: the replay's measured speed counts the steps replayed
// over wall time from its first frame, says nothing for half a second,
// and starts over for a new replay.
func TestReplayRate(t *testing.T) {
	var r replayRate
	if v := r.observe(1000, 0, 0); v != 0 {
		t.Errorf("first frame: %g", v)
	}
	r.observe(1000, 100, 200)
	if v := r.observe(1000, 1000, 300); v != 500 {
		t.Errorf("500 steps in 1 s: %g steps/s", v)
	}
	if v := r.observe(2000, 1500, 100); v != 0 {
		t.Errorf("a new replay's first frame: %g", v)
	}
}
