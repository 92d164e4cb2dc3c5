//go:build js && wasm

package ui

import (
	"math"
	"slices"
	"testing"

	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// TestHindsightLines: with the g* toggle (gs) the plot traces the
// hindsight predictor's zero level set from its field on the
// render.HindsightGrid grid, sampled once per solved checkpoint: every
// traced vertex lies where g* is near 0 (within the linear interpolation
// of a 40² grid), the field is not resampled while the checkpoint stays,
// and is after a new one; without the toggle nothing is traced.
func TestHindsightLines(t *testing.T) {
	cfg := state.Default()
	s, err := sim.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	s.Step(150)
	for !s.RegretStep(1 << 20) {
	}
	var p Plot
	if l := p.hindsightLines(s, cfg, 0); l != nil {
		t.Fatal("traced g* with the toggle off")
	}
	cfg.Hindsight = true
	lines := slices.Clone(p.hindsightLines(s, cfg, 0))
	if len(lines) < 20 {
		t.Fatalf("g*'s boundary has %d coordinates", len(lines))
	}
	score, solved := s.Hindsight()
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range p.gs.field {
		lo, hi = min(lo, v), max(hi, v)
	}
	for i := 0; i+1 < len(lines); i += 2 {
		if math.IsNaN(lines[i]) {
			continue
		}
		if v := score([]float64{lines[i], lines[i+1]}); math.Abs(v) > 0.25*(hi-lo) {
			t.Fatalf("boundary vertex (%v, %v) has g* = %v (field range [%v, %v])", lines[i], lines[i+1], v, lo, hi)
		}
	}
	field := slices.Clone(p.gs.field)
	p.gs.field[0] = math.Pi // a resample would overwrite it
	p.hindsightLines(s, cfg, 0)
	if p.gs.field[0] != math.Pi {
		t.Error("resampled g* at the same checkpoint")
	}
	p.gs.field[0] = field[0]
	s.Step(100)
	for !s.RegretStep(1 << 20) {
	}
	if _, now := s.Hindsight(); now == solved {
		t.Fatal("no new checkpoint in 100 steps")
	}
	p.hindsightLines(s, cfg, 0)
	if slices.Equal(field, p.gs.field) {
		t.Error("g*'s field unchanged after a new checkpoint")
	}
}
