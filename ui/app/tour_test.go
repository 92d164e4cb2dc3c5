package app

import (
	"strings"
	"testing"

	"kernelplay/ui/state"
)

// TestTours checks that every paper figure of the figure menu and the RES
// vs SGD preset has a tour, that TourFor finds it for the configuration
// TourConfig gives (and none for the default demo or plain digits), and
// that each tour cites a figure, says what the paper showed and has steps
// that each name an element and say something short. (That each
// element exists on its page is TestBrowserTours'.)
func TestTours(t *testing.T) {
	var want []string
	for _, f := range state.Figures {
		want = append(want, f.Name)
	}
	want = append(want, state.PresetRESvsSGD)
	ts := Tours()
	if len(ts) != len(want) {
		t.Fatalf("%d tours, want %d (one per figure and RES vs SGD)", len(ts), len(want))
	}
	for i, name := range want {
		tour := ts[i]
		if tour.Name != name {
			t.Errorf("tour %d is %q, want %q", i, tour.Name, name)
		}
		c, ok := TourConfig(name)
		if !ok {
			t.Errorf("%s: no configuration", name)
			continue
		}
		got, ok := TourFor(c)
		if !ok || got.Name != name {
			t.Errorf("%s: TourFor(its configuration) = %q, %v", name, got.Name, ok)
		}
		cites := func(s string) bool {
			for _, c := range []string{"Fig.", "eq.", "§", "Algorithm"} {
				if strings.Contains(s, c) {
					return true
				}
			}
			return false
		}
		if !strings.Contains(tour.Title, "Fig") || !cites(tour.Paper) {
			t.Errorf("%s: the title %q names no figure or the paper text cites no figure, equation, section or algorithm", name, tour.Title)
		}
		if len(tour.Steps) < 3 || len(tour.Steps) > 6 {
			t.Errorf("%s: %d steps, want 3 to 6", name, len(tour.Steps))
		}
		for j, s := range tour.Steps {
			if s.Target == "" || !strings.ContainsAny(s.Target[:1], "#.c") {
				t.Errorf("%s step %d: target %q is no selector", name, j, s.Target)
			}
			if n := len([]rune(s.Text)); n == 0 || n > 200 {
				t.Errorf("%s step %d: %d characters, want 1 to 200", name, j, n)
			}
		}
	}
	for _, c := range []state.Config{state.Default(), state.DigitsDefault()} {
		if tour, ok := TourFor(c); ok {
			t.Errorf("%s default: a tour %q, want none (no paper figure)", c.Mode, tour.Name)
		}
	}
}

// TestOptionsUnderRESvsSGD: under the RES vs SGD data set the learner and
// task menus offer what runs (RES, binary) and nothing else, with the
// reason; a hand-written link naming the data set alone shows RES too
// (issue 19's polish: the learner menu said "SVMD (adaptive η)").
func TestOptionsUnderRESvsSGD(t *testing.T) {
	c, err := state.Decode("v1&p=res-vs-sgd")
	if err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]string{"l": state.LearnerRES, "t": state.TaskBinary} {
		for _, o := range Options(c, key) {
			if o.Disabled == (o.Value == want) {
				t.Errorf("%s=%s: disabled %v (%q); want only %s enabled", key, o.Value, o.Disabled, o.Reason, want)
			}
		}
	}
}
