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
	if clicksAddPoints(cfg) || plotHintText(cfg, false) != "" || plotHintText(cfg, true) != "" {
		t.Errorf("RES vs SGD: clicks add points %v, hint %q", clicksAddPoints(cfg), plotHintText(cfg, false))
	}
	def := state.Default()
	if !clicksAddPoints(def) || !strings.Contains(plotHintText(def, false), "Click adds") {
		t.Errorf("default: clicks add points %v, hint %q", clicksAddPoints(def), plotHintText(def, false))
	}
}
