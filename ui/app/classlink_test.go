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
