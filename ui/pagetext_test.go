//go:build js && wasm

package ui

import (
	"strings"
	"testing"

	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// TestBufferCaption: the buffer panel marks "evicted next" only for
// learners with a kernel expansion (it did for DCD, AMM and the linear
// models, which keep none), and says what the others keep.
func TestBufferCaption(t *testing.T) {
	for _, c := range []struct {
		learner, task string
		evict         bool
		says          string
	}{
		{state.LearnerSVMD, state.TaskBinary, true, "α_i"},
		{state.LearnerNORMA, state.TaskBinary, true, "α_i"},
		{state.LearnerDCD, state.TaskBinary, false, "window"},
		{state.LearnerAMM, state.TaskBinary, false, "hyperplanes"},
		{state.LearnerPegasos, state.TaskBinary, false, "only w"},
		{state.LearnerSGD, state.TaskBinary, false, "only w"},
	} {
		cfg, err := state.Apply(state.Default(), state.SetField{Key: "t", Value: c.task})
		if err != nil {
			t.Fatal(err)
		}
		cfg.Learner = c.learner
		s, err := sim.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		caption, evict := bufferCaption(s)
		if (evict != "") != c.evict || !strings.Contains(caption, c.says) {
			t.Errorf("%s: caption %q, evict %q; want evict %v and %q", c.learner, caption, evict, c.evict, c.says)
		}
	}
}

// TestRESvsSGDTakesNoClicks: under the RES-vs-SGD preset the plot is a
// chart, so the page offers no class brushes and no click hint (it showed
// both).
func TestRESvsSGDTakesNoClicks(t *testing.T) {
	cfg, err := state.Apply(state.Default(), state.SetPreset{Preset: state.PresetRESvsSGD})
	if err != nil {
		t.Fatal(err)
	}
	if clicksAddPoints(cfg) || plotHintText(cfg, false, false) != "" || plotHintText(cfg, true, false) != "" {
		t.Errorf("RES vs SGD: clicks add points %v, hint %q", clicksAddPoints(cfg), plotHintText(cfg, false, false))
	}
	if plotHintText(cfg, false, true) != "" || plotHintText(cfg, true, true) != "" {
		t.Errorf("RES vs SGD: touch hint %q", plotHintText(cfg, false, true))
	}
	def := state.Default()
	if !clicksAddPoints(def) || !strings.Contains(plotHintText(def, false, false), "Click adds") {
		t.Errorf("default: clicks add points %v, hint %q", clicksAddPoints(def), plotHintText(def, false, false))
	}
}

// TestTouchHintHasNoMouse: the hint a touch screen shows names no mouse
// gesture (a phone has no shift key and no right click), for every task
// and in delete mode.
func TestTouchHintHasNoMouse(t *testing.T) {
	for _, task := range []string{state.TaskBinary, state.TaskMulticlass, state.TaskRegression, state.TaskNovelty} {
		c := state.Default()
		c.Task = task
		for _, del := range []bool{false, true} {
			h := plotHintText(c, del, true)
			if h == "" || strings.Contains(strings.ToLower(h), "click") ||
				strings.Contains(h, "shift") || strings.Contains(h, "right") {
				t.Errorf("task %s, deleting %v: touch hint %q", task, del, h)
			}
		}
	}
}
