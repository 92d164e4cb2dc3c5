//go:build js && wasm

package ui

import (
	"fmt"
	"testing"

	"kernelplay/ui/render"
	"kernelplay/ui/state"
)

// TestStripPlan: the default run's strip has one bar per stored term,
// inside the canvas below the count's row, each touching the baseline
// (α above or below it), the count "n / ω terms", and the frame of the
// term evicted next around its bar; Pegasos keeps no expansion and the
// strip says so.
func TestStripPlan(t *testing.T) {
	sm, _ := run(t, "t", state.TaskBinary, 300)
	terms := render.ModelTerms(sm.Learner())
	const w, h = 500, 80
	var p stripPlan
	bars := planStrip(&p, nil, sm, w, h)
	if p.Kept || p.Text != fmt.Sprintf("%d / %d terms", terms.Len(), terms.Cap()) || len(p.Bars) != terms.Len() || len(bars) != terms.Len() {
		t.Fatalf("plan: %q kept %v, %d bars for %d terms", p.Text, p.Kept, len(p.Bars), terms.Len())
	}
	base := p.Baseline.Y + p.Baseline.H/2
	for i, b := range p.Bars {
		if b.X < 0 || b.X+b.W > w || b.Y < stripTop || b.Y+b.H > h {
			t.Errorf("bar %d %+v outside the strip", i, b)
		}
		if b.Y > base+0.5 || b.Y+b.H < base-0.5 {
			t.Errorf("bar %d %+v does not reach the baseline %g", i, b, base)
		}
	}
	for i, b := range bars {
		if b.Next {
			r := p.Bars[i]
			if !p.HasEvict || p.Evict.X > r.X || p.Evict.X+p.Evict.W < r.X+r.W || p.EvictX != r.X+r.W/2 {
				t.Errorf("evict frame %+v (mark at %g) misses bar %d %+v", p.Evict, p.EvictX, i, r)
			}
		}
	}

	sm, _ = run(t, "l", state.LearnerPegasos, 50)
	planStrip(&p, bars, sm, w, h)
	if !p.Kept || len(p.Bars) != 0 || p.HasEvict {
		t.Errorf("Pegasos: %+v", p)
	}
}
