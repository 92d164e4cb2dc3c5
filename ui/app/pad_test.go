package app

import (
	"slices"
	"strings"
	"testing"

	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// TestPreprocess: strokes become each set's steps, whose levels a digits
// run of that set takes as a taught drawing; an empty drawing, another set
// and bad points are errors.
func TestPreprocess(t *testing.T) {
	seven := []PadStroke{{{X: 70, Y: 50}, {X: 210, Y: 50}, {X: 120, Y: 240}}}
	for _, c := range []struct {
		data         string
		side, normal int
	}{{state.Data8x8, 8, 32}, {state.DataMNIST, 28, 20}} {
		s, err := Preprocess(seven, c.data)
		if err != nil {
			t.Fatal(err)
		}
		if s.Width != c.side || len(s.Features) != c.side*c.side || len(s.Levels) != c.side*c.side ||
			s.Normalised.Bounds().Dx() != c.normal || s.Raster.Bounds().Dx() != PadSize {
			t.Fatalf("%s: %d×%d, %d features, %d levels, normalised %v", c.data, s.Width, s.Height,
				len(s.Features), len(s.Levels), s.Normalised.Bounds())
		}
		cfg, _ := state.Apply(state.DigitsDefault(), state.SetField{Key: "ds", Value: c.data})
		if _, err := state.Apply(cfg, state.Teach{Drawing: s.Levels, Label: 7}); err != nil {
			t.Errorf("%s: the levels are not a drawing the run takes: %v", c.data, err)
		}
	}
	if _, err := Preprocess(nil, state.Data8x8); err == nil {
		t.Error("an empty drawing accepted")
	}
	if _, err := Preprocess(seven, state.DataFile); err == nil {
		t.Error("a drawing for a loaded file accepted")
	}
}

// TestPulls: the terms are ranked by |α_{i,ŷ}·k(x_i, x)| for the
// predicted class ŷ (not by k alone), ties keep the older term first, and
// at most n come back.
func TestPulls(t *testing.T) {
	a := sim.Answer{Class: 1, Nearest: []sim.Term{
		{Index: 0, K: 0.9, Alpha: []float64{5, 0.1}}, // near, but its α for class 1 is small: 0.09
		{Index: 1, K: 0.5, Alpha: []float64{0, -1}},  // −0.5
		{Index: 2, K: 0.2, Alpha: []float64{0, 2}},   // 0.4
		{Index: 3, K: 0.25, Alpha: []float64{0, 2}},  // 0.5, ties with 1 (older first)
	}}
	got := Pulls(a, 3)
	var idx []int
	for _, p := range got {
		idx = append(idx, p.Index)
	}
	if !slices.Equal(idx, []int{1, 3, 2}) || got[0].Contribution != -0.5 {
		t.Errorf("pulls %v (%+v), want terms 1, 3, 2", idx, got)
	}
	if len(Pulls(a, 0)) != 0 || len(Pulls(sim.Answer{}, 4)) != 0 {
		t.Error("n = 0 or no terms gave pulls")
	}
}

// TestDrawingsRoundTrip: the drawings taught in a run, saved (Save
// drawings), come back through Load data…'s reader (ReadUserFile) as the
// same features and labels the learner took; a run without drawings has
// nothing to save.
func TestDrawingsRoundTrip(t *testing.T) {
	if _, err := DrawingsExport(state.DigitsDefault()); err == nil {
		t.Error("a run without drawings saved a file")
	}
	seven := []PadStroke{{{X: 70, Y: 50}, {X: 210, Y: 50}, {X: 120, Y: 240}}}
	one := []PadStroke{{{X: 140, Y: 30}, {X: 140, Y: 250}}}
	for _, ds := range []string{state.Data8x8, state.DataMNIST} {
		cfg, _ := state.Apply(state.DigitsDefault(), state.SetField{Key: "ds", Value: ds})
		var want []PadSteps
		for i, d := range [][]PadStroke{seven, one} {
			s, err := Preprocess(d, ds)
			if err != nil {
				t.Fatal(err)
			}
			want = append(want, s)
			cfg.Events = append(cfg.Events, state.Event{Kind: state.EventTeach, T: 3 * i, Drawing: s.Levels, Label: []int{7, 1}[i]})
		}
		e, err := DrawingsExport(cfg)
		if err != nil {
			t.Fatal(err)
		}
		set, err := ReadUserFile(e.Name, e.Bytes)
		if err != nil {
			t.Fatalf("%s: Load data… refuses the saved drawings: %v", ds, err)
		}
		if set.Len() != 2 || !strings.HasSuffix(e.Name, ".csv") {
			t.Fatalf("%s: %d rows read back from %s", ds, set.Len(), e.Name)
		}
		for i, s := range want {
			if !slices.Equal(set.Row(i), s.Features) || set.Y[i] != float64([]int{7, 1}[i]) {
				t.Errorf("%s: drawing %d came back as other features or label %v", ds, i, set.Y[i])
			}
		}
	}
}

// TestStoreTeachCap: a run takes at most state.MaxTeach drawings (what a
// link carries and decodes); the one after is refused with a warning, and
// the link of the full run replays.
func TestStoreTeachCap(t *testing.T) {
	s := NewStore("v1&mode=digits")
	s.Dispatch(DataLoaded{Key: state.Data8x8, Set: digits8x8(t)})
	drawing := strings.Repeat("\x00\x08\x10\x00", 16)
	for i := range state.MaxTeach {
		s.Dispatch(state.Teach{Drawing: drawing, Label: i % 10})
		s.Dispatch(state.Step{N: 1})
	}
	s.Dispatch(state.Teach{Drawing: drawing, Label: 3})
	if n := len(s.Base().Events); n != state.MaxTeach || s.Message().Kind != Warning {
		t.Fatalf("%d drawings taught (most %d), message %+v", n, state.MaxTeach, s.Message())
	}
	o := NewStore(s.Hash())
	o.Dispatch(DataLoaded{Key: state.Data8x8, Set: digits8x8(t)})
	if len(o.Base().Events) != state.MaxTeach || o.Run().T() != s.Run().T() {
		t.Errorf("the full run's link replays %d drawings to t = %d (%v)", len(o.Base().Events), o.Run().T(), o.Message())
	}
}
