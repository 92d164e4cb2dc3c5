//go:build js && wasm

package ui

import (
	"strconv"
	"testing"

	"kernelplay/ui/state"
)

func TestSliderRoundTrip(t *testing.T) {
	c := state.Default()
	for i := range state.Fields {
		f := &state.Fields[i]
		if f.Kind != state.Number && f.Kind != state.Integer || f.Max > 1e6 {
			continue // choices, booleans and the seed have no slider
		}
		// The default value survives value → position → value within the
		// slider's resolution (3 significant digits on log sliders).
		v := f.Value(c)
		got, err := strconv.ParseFloat(sliderValue(f, sliderPos(f, v)), 64)
		if err != nil {
			t.Fatalf("%s: %v", f.Key, err)
		}
		tol := 1e-9
		if f.Log {
			tol = 0.01 * v // one slider step on a log range of ≤ 7 decades is < 1.7%
		}
		if d := got - v; d > tol || d < -tol {
			t.Errorf("%s: %v → pos %v → %v", f.Key, v, sliderPos(f, v), got)
		}
		// The ends of the slider are the ends of the range.
		lo, hi, _ := sliderAttrs(f)
		if s := sliderValue(f, lo); s != state.Format(f.Min) {
			t.Errorf("%s: bottom of slider gives %s, want %s", f.Key, s, state.Format(f.Min))
		}
		if s := sliderValue(f, hi); s != state.Format(f.Max) {
			t.Errorf("%s: top of slider gives %s, want %s", f.Key, s, state.Format(f.Max))
		}
	}
}

func TestSliderLinearSnaps(t *testing.T) {
	f, ok := state.FieldByKey("n") // noise: 0–0.5 step 0.01
	if !ok {
		t.Fatal("no noise field (key n)")
	}
	if got := sliderValue(f, 0.30000000000000004); got != "0.3" {
		t.Errorf("noise slider at 0.30000000000000004 gives %q, want 0.3", got)
	}
}
