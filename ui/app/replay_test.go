package app

import (
	"strings"
	"testing"

	"kernelplay/ui/state"
)

// timelineLink is the default demo with two clicks at steps 150 and 1200,
// paused at step 3000: its link.
func timelineLink(t *testing.T) string {
	t.Helper()
	s := NewStore("")
	s.Dispatch(state.Pause{})
	s.Dispatch(state.Step{N: 150})
	s.Dispatch(state.AddPoint{X: 0.5, Y: 0.5, Class: 1})
	s.Dispatch(state.Step{N: 1050})
	s.Dispatch(state.AddPoint{X: -0.5, Y: 0.25})
	s.Dispatch(state.Step{N: 1800})
	link := s.Hash()
	if !strings.Contains(link, "&at=3000") {
		t.Fatalf("link %s lacks at=3000", link)
	}
	return link
}

// TestReplaySliced: a link whose at= is longer than ReplayNow opens with
// the replay under way (a progress note, the link unchanged, Advance
// refused); Replay in slices reaches the identical run as the replay at
// once, then notifies once and drops the note.
func TestReplaySliced(t *testing.T) {
	link := timelineLink(t)
	whole := NewStore(link)
	if _, _, ok := whole.Replaying(); ok || whole.Run().T() != 3000 {
		t.Fatalf("NewStore: t = %d, replaying %v; want the replay done at once", whole.Run().T(), ok)
	}
	s := NewStoreSliced(link, 500)
	tt, target, ok := s.Replaying()
	if !ok || tt != 0 || target != 3000 {
		t.Fatalf("Replaying() = %d, %d, %v; want 0, 3000, true", tt, target, ok)
	}
	if m := s.Message(); m.Kind != Info || !strings.Contains(m.Text, "Replaying the run to step 3000: 0%") {
		t.Errorf("no progress note: %+v", m)
	}
	if s.Hash() != link {
		t.Errorf("the link changed during the replay:\n%s\n%s", s.Hash(), link)
	}
	if ran, _ := s.Advance(100); ran != 0 {
		t.Errorf("Advance ran %d steps during the replay", ran)
	}
	notes := 0
	s.Subscribe(func() { notes++ })
	slices := 0
	for {
		if _, _, ok := s.Replaying(); !ok {
			break
		}
		if n := s.Replay(700); n <= 0 || n > 700 {
			t.Fatalf("Replay(700) ran %d", n)
		}
		slices++
		if _, _, ok := s.Replaying(); ok && notes != 0 {
			t.Fatal("notified before the replay ended")
		}
	}
	if slices != 5 || notes != 1 {
		t.Errorf("%d slices and %d notifications, want 5 (3000/700) and 1", slices, notes)
	}
	if !sameRun(whole, s) || s.Message().Kind != NoMessage || s.Config().Playing {
		t.Errorf("sliced replay: t = %d, message %+v, playing %v; same run %v",
			s.Run().T(), s.Message(), s.Config().Playing, sameRun(whole, s))
	}
}

// TestReplayUndoAndEdits: an Undo after a long run replays in slices; Play
// during it plays on from the step it goes to; an edit during it waits for
// it (the page stays responsive, the banner says so) and lands at the same
// step as without slicing; a page-only setting applies at once and the
// replay goes on; a new run ends it.
func TestReplayUndoAndEdits(t *testing.T) {
	link := timelineLink(t)
	sync, sliced := NewStore(link), NewStore(link)
	sliced.ReplayNow = 1000
	sync.Dispatch(Undo{})
	sliced.Dispatch(Undo{})
	if _, target, ok := sliced.Replaying(); !ok || target != 3000 || len(sliced.Base().Events) != 1 {
		t.Fatalf("Undo: replaying %v to %d with %d events; want a replay to 3000 with 1 event", ok, target, len(sliced.Base().Events))
	}
	sliced.Dispatch(state.Play{})
	if !sliced.Config().Playing {
		t.Error("Play during the replay is not kept")
	}
	if ran, _ := sliced.Advance(50); ran != 0 {
		t.Errorf("Advance ran %d steps during the replay", ran)
	}
	sliced.Replay(400)
	sliced.Dispatch(state.Pause{})
	// A click during the replay waits for it: the click is at 3000.
	t0 := sliced.Run().T()
	sliced.Dispatch(state.AddPoint{X: 0.1, Y: -0.4, Class: 1})
	sync.Dispatch(state.AddPoint{X: 0.1, Y: -0.4, Class: 1})
	if _, _, ok := sliced.Replaying(); !ok || sliced.Run().T() != t0 || len(sliced.Base().Events) != 1 {
		t.Fatalf("a click during the replay: replaying %v at t = %d (was %d) with %d events; want it to wait", ok, sliced.Run().T(), t0, len(sliced.Base().Events))
	}
	if m := sliced.Message(); !strings.Contains(m.Text, "Replaying") || !strings.Contains(m.Text, "Your change applies when it gets there") {
		t.Errorf("the banner does not say the click waits: %+v", m)
	}
	// Undo takes back an edit still waiting, and only that.
	sliced.Dispatch(state.AddPoint{X: 0.7, Y: 0.7})
	sliced.Dispatch(Undo{})
	if _, target, ok := sliced.Replaying(); !ok || target != 3000 || len(sliced.waiting) != 1 || len(sliced.Base().Events) != 1 {
		t.Fatalf("Undo of a waiting edit: replaying %v to %d, %d waiting, %d events; want the first click still waiting", ok, target, len(sliced.waiting), len(sliced.Base().Events))
	}
	// A page-only setting applies at once; the replay goes on.
	sliced.Dispatch(state.SetField{Key: "spf", Value: "7"})
	sync.Dispatch(state.SetField{Key: "spf", Value: "7"})
	if _, _, ok := sliced.Replaying(); !ok || sliced.Config().StepsPerFrame != 7 {
		t.Fatalf("steps/frame during the replay: replaying %v, steps/frame %d", ok, sliced.Config().StepsPerFrame)
	}
	for n := 0; n < 10; n++ {
		if _, _, ok := sliced.Replaying(); !ok {
			break
		}
		sliced.Replay(1000)
	}
	if _, _, ok := sliced.Replaying(); ok {
		t.Fatal("still replaying")
	}
	evs := sliced.Base().Events
	if len(evs) != 2 || evs[1].T != 3000 || !sameRun(sync, sliced) {
		t.Errorf("edit during the replay: %d events, last at %d; same run as without slicing %v", len(evs), evs[len(evs)-1].T, sameRun(sync, sliced))
	}
	sliced.Dispatch(state.Step{N: 200})
	sync.Dispatch(state.Step{N: 200})
	if !sameRun(sync, sliced) {
		t.Error("the runs differ 200 steps later")
	}
	// A new run (another data set) ends a replay at once, and drops the
	// edits waiting for it.
	sliced.Dispatch(Undo{})
	if _, _, ok := sliced.Replaying(); !ok {
		t.Fatal("Undo did not replay in slices")
	}
	sliced.Dispatch(state.Step{N: 1})
	sliced.Dispatch(state.SetField{Key: "p", Value: state.PresetMoons})
	if _, _, ok := sliced.Replaying(); ok || sliced.Run().T() != 0 || sliced.Config().Preset != state.PresetMoons || sliced.Message().Kind != NoMessage {
		t.Errorf("a new data set during a replay: replaying %v, t = %d, data set %q, message %+v", ok, sliced.Run().T(), sliced.Config().Preset, sliced.Message())
	}
	sliced = NewStore(link)
	sliced.ReplayNow = 1000
	sliced.Dispatch(state.Step{N: 500})
	// A replay cut short by Reset leaves no replay and not its note (Reset's
	// own note says where the run's edit went: TestResetSaysWhatItKept).
	sliced.Dispatch(Undo{})
	if _, _, ok := sliced.Replaying(); !ok {
		t.Fatal("the second Undo did not replay in slices")
	}
	sliced.Dispatch(state.Reset{})
	if _, _, ok := sliced.Replaying(); ok || sliced.Run().T() != 0 || strings.Contains(sliced.Message().Text, "Replaying") || sliced.Message().Stop {
		t.Errorf("Reset during a replay: t = %d, replaying %v, message %+v", sliced.Run().T(), ok, sliced.Message())
	}
}

// TestStopReplay checks the banner's Stop during a long replay (issue 19
// item 15: #v1&at=99999999 replayed for about 40 minutes and the banner's
// ✕ did not stop it): the note says how long is left once the page has
// measured the rate, and offers Stop; StopReplay, Esc's action, leaves the
// run paused at the step it reached, with no replay and no note, and Play
// goes on from there; the ✕ (Dismiss) stops it too.
func TestStopReplay(t *testing.T) {
	for _, stop := range []any{StopReplay{}, Dismiss{}} {
		s := NewStoreSliced("v1&at=99999999", 500)
		m := s.Message()
		if !m.Stop || !strings.Contains(m.Text, "Stop (Esc)") || strings.Contains(m.Text, "left") {
			t.Errorf("before any rate is measured the note is %+v: want Stop offered and no estimate", m)
		}
		s.ReplayRate = 50000 // steps per second
		s.Replay(1200)
		m = s.Message()
		if !m.Stop || !strings.Contains(m.Text, "about 33 min left") {
			t.Errorf("at 50,000 steps/s the note is %q: want about 33 min left", m.Text)
		}
		notes := 0
		s.Subscribe(func() { notes++ })
		s.Dispatch(stop)
		if _, _, ok := s.Replaying(); ok {
			t.Fatalf("%T: the replay goes on", stop)
		}
		if got := s.Run().T(); got != 1200 || s.Config().Playing || s.Message().Kind != NoMessage || notes != 1 {
			t.Errorf("%T: t = %d, playing %v, message %+v, %d notifications; want the run paused at 1200, no message, one notification",
				stop, got, s.Config().Playing, s.Message(), notes)
		}
		s.Dispatch(state.Play{})
		if ran, _ := s.Advance(10); ran != 10 || s.Run().T() != 1210 {
			t.Errorf("%T: Play after Stop ran %d steps to t = %d, want 10 to 1210", stop, ran, s.Run().T())
		}
	}
	s := NewStore("v1")
	s.Dispatch(StopReplay{})
	if s.Run().T() != 0 || s.Message().Kind != NoMessage {
		t.Error("StopReplay without a replay changed the page")
	}
}

// TestReplayLeft checks the note's estimate of a replay's time left.
func TestReplayLeft(t *testing.T) {
	for _, c := range []struct {
		steps int
		rate  float64
		want  string
	}{
		{1000, 0, ""},
		{0, 100, ""},
		{1000, 100, ", under a minute left"},
		{99999999, 40000, ", about 42 min left"},
		{99999999, 10000, ", about 2 h 47 min left"},
		{1e9, 1000, ", about 12 days left"},
	} {
		if got := ReplayLeft(c.steps, c.rate); got != c.want {
			t.Errorf("ReplayLeft(%d, %g) = %q, want %q", c.steps, c.rate, got, c.want)
		}
	}
}

// TestResetSaysWhatItKept: Reset rewinds a run with edits to t = 0 and
// keeps its edits, each coming back at its step (DESIGN: a run is a
// timeline); the banner says so, since the clicked points leave the plot
// until their steps and Undo stays active (issue 19's polish); choosing
// the data set again starts without them; a run without edits resets
// without a note.
func TestResetSaysWhatItKept(t *testing.T) {
	s := NewStore(timelineLink(t))
	s.Dispatch(state.Reset{})
	if s.Run().T() != 0 || !s.CanUndo() {
		t.Fatalf("after Reset: t = %d, can undo %v; want 0, true", s.Run().T(), s.CanUndo())
	}
	if m := s.Message(); m.Kind != Info || !strings.Contains(m.Text, "your 2 edits") || !strings.Contains(m.Text, "Undo") {
		t.Errorf("after Reset the banner says %+v", m)
	}
	s.Dispatch(state.Step{N: 3000})
	if n := len(s.Config().Points); n != 2 {
		t.Errorf("at t = 3000 after Reset the run has %d clicked points, want the 2 back", n)
	}
	s.Dispatch(Dismiss{})
	s.Dispatch(state.SetPreset{Preset: state.PresetMoons})
	if s.CanUndo() || len(s.Config().Points) != 0 {
		t.Errorf("a new data set kept the edits: can undo %v, %d points", s.CanUndo(), len(s.Config().Points))
	}
	s = NewStore("v1&play=0")
	s.Dispatch(state.Step{N: 10})
	s.Dispatch(state.Reset{})
	if m := s.Message(); m.Kind != NoMessage {
		t.Errorf("Reset of a run without edits says %q", m.Text)
	}
}
