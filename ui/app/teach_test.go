package app

import (
	"slices"
	"strings"
	"testing"

	"kernelplay/ui/state"
)

// TestStoreTeach: in a digits run, Teach is an edit at the current step:
// the drawing is the next example learned (t advances by one as it is
// learned, the last example reports it), the link carries it and replays
// the run bit for bit, and Undo takes it back. Outside a digits run it is
// refused with a message.
func TestStoreTeach(t *testing.T) {
	s := NewStore("v1&mode=digits")
	s.Dispatch(DataLoaded{Key: state.Data8x8, Set: digits8x8(t)})
	s.Dispatch(state.Step{N: 5})
	drawing := strings.Repeat("\x00\x08\x10\x00", 16)
	s.Dispatch(state.Teach{Drawing: drawing, Label: 7})
	if evs := s.Base().Events; len(evs) != 1 || evs[0].T != 5 || evs[0].Kind != state.EventTeach {
		t.Fatalf("events %+v (%v)", evs, s.Message())
	}
	s.Dispatch(state.Step{N: 1})
	d := s.Run().Digits()
	if d.T() != 6 || d.Last().Drawing != drawing || d.Last().Truth != 7 {
		t.Fatalf("after one step: t = %d, last %+v", d.T(), d.Last())
	}
	s.Dispatch(state.Step{N: 4})
	probe := digits8x8(t).Row(3)
	scores := func(st *Store) []float64 {
		x, _ := st.Run().Digits().Ask(drawing, 0)
		return append(x[0].Scores, st.Run().Digits().Model(0).Expansion().Scores(make([]float64, 10), probe)...)
	}
	want := scores(s)
	h := s.Hash()
	if !strings.Contains(h, "ev=") {
		t.Fatalf("the link %q holds no edits", h)
	}
	o := NewStore(h)
	o.Dispatch(DataLoaded{Key: state.Data8x8, Set: digits8x8(t)})
	if o.Run().T() != 10 || !slices.Equal(scores(o), want) {
		t.Errorf("the link's replay: t = %d (%v), scores differ: %v", o.Run().T(), o.Message(), !slices.Equal(scores(o), want))
	}
	s.Dispatch(Undo{})
	if len(s.Base().Events) != 0 || s.Run().T() != 10 || slices.Equal(scores(s), want) {
		t.Errorf("after Undo: %d events, t = %d", len(s.Base().Events), s.Run().T())
	}
	p := NewStore("")
	p.Dispatch(state.Teach{Drawing: drawing, Label: 7})
	if len(p.Base().Events) != 0 || p.Message().Kind != Warning {
		t.Errorf("2D: events %v, message %+v", p.Base().Events, p.Message())
	}
}
