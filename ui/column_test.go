//go:build js && wasm

package ui

import (
	"slices"
	"strings"
	"testing"

	"kernelplay/ui/state"
)

// TestColumnKeys: the 2D column leaves out what the top bar and the plot
// carry (learner, task, preset, steps per frame, grid) and fields the link
// hides; the digits column leaves out the 2D settings, and under a paper
// figure shows only the seed; every key shown is an active field of its
// group.
func TestColumnKeys(t *testing.T) {
	all := func(c state.Config) []string {
		var keys []string
		for _, g := range columnGroups {
			for _, k := range columnKeys(g, c) {
				f, ok := state.FieldByKey(k)
				if !ok || f.Group != g || !f.Active(c) {
					t.Errorf("%q shown in %s", k, g)
				}
				keys = append(keys, k)
			}
		}
		return keys
	}
	c := state.Default()
	keys := all(c)
	for _, k := range []string{"lam", "n", "r", "w"} {
		if !slices.Contains(keys, k) {
			t.Errorf("2D default: %q missing from %v", k, keys)
		}
	}
	for _, k := range []string{"l", "t", "p", "spf", "g", "mode", "play"} {
		if slices.Contains(keys, k) {
			t.Errorf("2D default: %q (shown elsewhere) in the column", k)
		}
	}
	c.Hide = []string{"lam"}
	if slices.Contains(all(c), "lam") {
		t.Error("a hidden λ is shown")
	}

	d := state.DigitsDefault()
	keys = all(d)
	if !slices.Contains(keys, "ds") || !slices.Contains(keys, "lam") || slices.Contains(keys, "n") || slices.Contains(keys, "t") {
		t.Errorf("digits default: %v", keys)
	}
	f, ok := state.FigurePreset(state.FigureMulticlass)
	if !ok {
		t.Fatal("no multiclass figure")
	}
	if keys := all(f); !slices.Equal(keys, []string{"r"}) {
		t.Errorf("under a figure: %v, want only the seed", keys)
	}
	if n := dataNote(f, nil); !strings.Contains(n, "Choose “none” as paper figure") {
		t.Errorf("figure note: %q", n)
	}
	d.Data = state.DataFile
	if n := dataNote(d, func() string { return "the file" }); n != "the file" {
		t.Errorf("file note: %q", n)
	}
}
