package state

import (
	"reflect"
	"strings"
	"testing"
)

// compareConfig is SVMD against NORMA on the rotating stream, the second
// learner with its own σ, τ and ω, and edits of both learners' live
// settings and a click.
func compareConfig(t *testing.T) Config {
	t.Helper()
	c := Default()
	c.Preset = PresetRotating
	c.Compare = LearnerNORMA
	c.Second = c.Settings()
	c.Second.Sigma, c.Second.Tau, c.Second.BufferSize = 0.4, 50, 256
	c.Events = []Event{
		{T: 10, Kind: EventAdd, Point: Quantize(Point{X: 0.25, Y: -0.5, Class: 1})},
		{T: 20, Kind: EventSet, Key: "2s", Value: "0.3"},
		{T: 20, Kind: EventSet, Key: "s", Value: "0.2"},
	}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	return c
}

func TestSecondRoundTrip(t *testing.T) {
	c := compareConfig(t)
	h := Encode(c)
	for _, want := range []string{"&vs=norma", "&2s=0.4", "&2tau=50", "&2w=256"} {
		if !strings.Contains(h, want) {
			t.Errorf("link %s lacks %s", h, want)
		}
	}
	// Second settings equal to the first learner's stay out of the link.
	if strings.Contains(h, "&2lam=") || strings.Contains(h, "&2m=") {
		t.Errorf("link %s writes second settings equal to the first's", h)
	}
	d, err := Decode(h)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(c, d) {
		t.Fatalf("round trip changed the config:\n%+v\n%+v", c.Second, d.Second)
	}
	// The edit of the second σ changes only the second learner.
	at, err := d.AtStep(20)
	if err != nil {
		t.Fatal(err)
	}
	if at.Second.Sigma != 0.3 || at.Sigma != 0.2 || at.Second.Tau != 50 {
		t.Errorf("after the edits σ = %v, second σ = %v, second τ = %v; want 0.2, 0.3, 50", at.Sigma, at.Second.Sigma, at.Second.Tau)
	}
}

// TestSecondOldLinks: links without second keys open as before — the
// default link is unchanged, and a digits Compare link runs its second
// learner on the first one's settings.
func TestSecondOldLinks(t *testing.T) {
	if h := Encode(Default()); strings.Contains(h, "&"+SecondPrefix) {
		t.Errorf("the default link writes second settings: %s", h)
	}
	c, err := Decode("v1&mode=digits&ds=mnist&vs=norma&s=5&lam=0.001")
	if err != nil {
		t.Fatal(err)
	}
	if c.Second != c.Settings() {
		t.Errorf("an old Compare link's second learner has %+v, want the first's %+v", c.Second, c.Settings())
	}
	if c.Second.Sigma != 5 || c.Window != DigitsWindow {
		t.Errorf("second σ = %v, window %d; want 5, %d", c.Second.Sigma, c.Window, DigitsWindow)
	}
	s := c.SecondConfig()
	if s.Learner != LearnerNORMA || s.Compare != LearnerSVMD || s.Sigma != 5 {
		t.Errorf("SecondConfig: learner %s, compare %s, σ %v", s.Learner, s.Compare, s.Sigma)
	}
}

func TestSecondConfigSwaps(t *testing.T) {
	c := compareConfig(t)
	s := c.SecondConfig()
	if s.Learner != LearnerNORMA || s.Sigma != 0.4 || s.Tau != 50 || s.Second.Sigma != c.Sigma {
		t.Errorf("SecondConfig: %s σ=%v τ=%v, second σ=%v", s.Learner, s.Sigma, s.Tau, s.Second.Sigma)
	}
	if s.Events[1].Key != "s" || s.Events[2].Key != "2s" || c.Events[1].Key != "2s" {
		t.Errorf("swapped edits %+v (the original's %+v)", s.Events, c.Events)
	}
	if !reflect.DeepEqual(s.SecondConfig(), c) {
		t.Error("swapping twice does not give the config back")
	}
}

func TestSecondValidate(t *testing.T) {
	c := compareConfig(t)
	c.Task = TaskRegression
	c.Learner = LearnerNORMA
	c.Compare = LearnerSVMD
	if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "second learner") {
		t.Errorf("regression against SVMD: error %v, want one naming the second learner", err)
	}
	// Choosing the task moves the second learner to one that can do it.
	c = compareConfig(t)
	c.Compare, c.Events = LearnerPerceptron, nil
	n, err := Apply(c, SetField{Key: "t", Value: TaskNovelty})
	if err != nil {
		t.Fatal(err)
	}
	if n.Compare == LearnerPerceptron || n.Second.Nu == 0 {
		t.Errorf("novelty: second learner %s with ν = %v", n.Compare, n.Second.Nu)
	}
	// A bad second value is refused with its name.
	if _, err := Decode("v1&vs=norma&2s=-1"); err == nil || !strings.Contains(err.Error(), "second learner's kernel width σ") {
		t.Errorf("2s=-1: error %v", err)
	}
	// Switching a comparison on starts the second learner from the first's settings.
	d := Default()
	d.Second.Sigma = 3
	n, err = Apply(d, SetField{Key: "vs", Value: LearnerNORMA})
	if err != nil {
		t.Fatal(err)
	}
	if n.Second != n.Settings() {
		t.Errorf("vs=norma: second settings %+v, want the first's", n.Second)
	}
}

func TestIsSecondKey(t *testing.T) {
	for key, want := range map[string]string{"2s": "s", "2lam": "lam", "2w": "w", "s": "", "2": "", "2r": "", "2spf": ""} {
		got, ok := IsSecondKey(key)
		if ok != (want != "") || got != want && ok {
			t.Errorf("IsSecondKey(%q) = %q, %v", key, got, ok)
		}
	}
}
