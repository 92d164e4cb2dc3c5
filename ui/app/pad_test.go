package app

import (
	"testing"

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
