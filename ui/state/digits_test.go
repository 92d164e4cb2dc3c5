package state

import (
	"reflect"
	"strings"
	"testing"
)

func TestDigitsPresetsRoundTrip(t *testing.T) {
	cs := []Config{DigitsDefault(), ComparePreset()}
	for _, f := range Figures {
		c, ok := FigurePreset(f.Name)
		if !ok {
			t.Fatalf("FigurePreset(%q) unknown", f.Name)
		}
		cs = append(cs, c)
	}
	for _, c := range cs {
		if err := c.Validate(); err != nil {
			t.Fatalf("%s/%s invalid: %v", c.Mode, c.Figure, err)
		}
		h := Encode(c)
		if !strings.Contains(h, "mode=digits") {
			t.Errorf("link %s does not name the digits mode", h)
		}
		d, err := Decode(h)
		if err != nil {
			t.Fatalf("Decode(%s): %v", h, err)
		}
		if !reflect.DeepEqual(c, d) {
			t.Errorf("round trip changed %s", h)
		}
	}
	if _, ok := FigurePreset("nope"); ok {
		t.Error("FigurePreset accepted an unknown name")
	}
}

func TestDigitsTask(t *testing.T) {
	c := DigitsDefault()
	for stream, want := range map[string]string{StreamMulticlass: TaskMulticlass, StreamSplit: TaskBinary,
		StreamSwitch: TaskBinary, StreamCounting: TaskMulticlass, StreamNovelty: TaskNovelty} {
		c.Stream = stream
		if got := DigitsTask(c); got != want {
			t.Errorf("DigitsTask(stream %s) = %s, want %s", stream, got, want)
		}
	}
	c, _ = FigurePreset(FigureNovelty)
	if got := DigitsTask(c); got != TaskNovelty {
		t.Errorf("novelty figure task %s", got)
	}
}

func TestDigitsFieldsActive(t *testing.T) {
	two := Default()
	// vs is active in 2D too: the 2D plot compares two learners (issue 11).
	for _, k := range []string{"ds", "st", "fig"} {
		f, ok := FieldByKey(k)
		if !ok {
			t.Fatalf("no field %q", k)
		}
		if f.Active(two) {
			t.Errorf("%s active in the 2D mode", k)
		}
	}
	c, _ := FigurePreset(FigureSwitch)
	for k, want := range map[string]bool{"ds": false, "st": false, "vs": false, "fig": true} {
		f, _ := FieldByKey(k)
		if f.Active(c) != want {
			t.Errorf("%s active = %v under a figure, want %v", k, !want, want)
		}
	}
	// Old 2D links (without the digits keys) still decode, to the defaults.
	d, err := Decode("v1&mode=2d&w=64")
	if err != nil || d.Data != Data8x8 || d.Figure != FigureNone {
		t.Errorf("short link: %+v, %v", d, err)
	}
	if _, err := Decode("v1&mode=digits&ds=usps"); err == nil || !strings.Contains(err.Error(), "digit set") {
		t.Errorf("bad data set error %v", err)
	}
}
