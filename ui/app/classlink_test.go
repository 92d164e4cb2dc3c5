package app

import (
	"slices"
	"strings"
	"testing"

	"kernelplay/ui/state"
)

func TestClassHash(t *testing.T) {
	// A teacher's page paused at step 40 with η₀ hidden: the class link
	// replays the same run to the same step, hides only what was ticked
	// and carries presenter mode.
	s := NewStore("v1&play=0&h=e")
	s.Dispatch(state.Step{N: 40})
	s.Dispatch(state.SetPresenter{On: true})
	if !s.Config().Presenter || !strings.Contains(s.Hash(), "pm=1") {
		t.Fatalf("presenter mode on: config %v, hash %q", s.Config().Presenter, s.Hash())
	}
	own, err := state.Decode(s.Hash())
	if err != nil {
		t.Fatal(err)
	}
	h, err := s.ClassHash([]string{state.HideCharts, "l"}, false)
	if err != nil {
		t.Fatal(err)
	}
	c, err := state.Decode(h)
	if err != nil {
		t.Fatal(err)
	}
	if c.Presenter || !slices.Equal(c.Hide, []string{state.HideCharts, "l"}) || c.At != 40 {
		t.Errorf("class link %q: presenter %v, hide %v, at %d", h, c.Presenter, c.Hide, c.At)
	}
	if state.RunChanged(own, c) {
		t.Error("the class link runs something else than the teacher's page")
	}
	// Opening the class link gives a page with those flags and step.
	o := NewStore(h)
	if o.Run().T() != 40 || !o.Config().Hidden(state.HideCharts) || o.Config().Hidden("e") {
		t.Errorf("opened class link: t = %d, hidden charts %v, hidden η₀ %v", o.Run().T(),
			o.Config().Hidden(state.HideCharts), o.Config().Hidden("e"))
	}
	if _, err := s.ClassHash([]string{"nonsense"}, true); err == nil {
		t.Error("a class link hiding \"nonsense\" is written")
	}
	// A page opened on an unreadable link has no class link to write.
	if _, err := NewStore("v1&zz=1").ClassHash(nil, true); err == nil {
		t.Error("a class link is written from an unreadable link")
	}
}

func TestMessagesLeave(t *testing.T) {
	s := NewStore("v1&play=0")
	// A note leaves at the user's next action.
	s.Notify(Message{Kind: Info, Text: "Link copied."})
	s.Dispatch(state.Step{N: 1})
	if m := s.Message(); m.Kind != NoMessage {
		t.Errorf("after a step the note is still shown: %+v", m)
	}
	// A refused edit warns; the same refused edit again warns again; the
	// next accepted edit removes the warning.
	refused := state.SetField{Key: "s", Value: "-1"}
	for i := range 2 {
		s.Dispatch(refused)
		if s.Message().Kind != Warning {
			t.Fatalf("refused edit %d: message %+v, want a warning", i, s.Message())
		}
	}
	s.Dispatch(state.AddPoint{X: 0.5, Y: 0.5, Class: 0})
	if m := s.Message(); m.Kind != NoMessage {
		t.Errorf("after an accepted edit the warning is still shown: %+v", m)
	}
	// A diverged run's failure stays through page-only actions and leaves
	// with the new run that Reset starts.
	c := state.Default()
	c.Playing = false
	c.Learner, c.Eta0, c.Mu, c.Lambda, c.Decay = state.LearnerSVMD0, 10, 10, 1e-6, 1
	c.Kernel, c.Degree, c.Scale, c.Constant = state.KernelPolynomial, 10, 100, 10
	d := NewStore(state.Encode(c))
	d.Dispatch(state.Step{N: 3000})
	if d.Message().Kind != Failure {
		t.Fatalf("the run did not diverge in 3000 steps (message %+v): the premise of the check that a failure stays and leaves is broken", d.Message())
	}
	d.Dispatch(state.SetPresenter{On: true})
	if d.Message().Kind != Failure {
		t.Errorf("presenter mode removed the divergence failure: %+v", d.Message())
	}
	d.Dispatch(state.Reset{})
	if m := d.Message(); m.Kind == Failure {
		t.Errorf("after Reset the failure is still shown: %+v", m)
	}
	// A link that could not be read: its failure leaves at the first
	// change, when the page stops keeping that link.
	b := NewStore("v1&zz=1")
	if b.Message().Kind != Failure {
		t.Fatalf("unreadable link: message %+v", b.Message())
	}
	b.Dispatch(state.Step{N: 1})
	if m := b.Message(); m.Kind != NoMessage {
		t.Errorf("after a step the unreadable link's failure is still shown: %+v", m)
	}
}
