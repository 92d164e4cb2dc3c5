//go:build js && wasm

package ui

import (
	"fmt"
	"strings"
	"testing"

	"kernelplay/core/data/digitfile"
	"kernelplay/ui/render"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// digitsRun is the compare preset (two learners, ten classes) on the
// shipped 8×8 digits after n steps.
func digitsRun(t *testing.T, cfg state.Config, n int) *sim.Digits {
	t.Helper()
	d, err := digitfile.Open("../static/data/digits8x8.kpd.gz")
	if err != nil {
		t.Fatal(err)
	}
	run, err := sim.NewDigits(cfg, d.Set())
	if err != nil {
		t.Fatal(err)
	}
	run.Step(n)
	return run
}

// TestNowPanel: the now panel of the compare preset after 40 examples, at
// panel widths from a phone's to a wide screen's, shows the heading with
// the example's number and true class, each learner's name, verdict ("says
// k" of its prediction), ✓ or ✗ as the learner erred, and its running
// error; no two texts overlap (by TextWidth's estimate) and none leaves the
// panel; the image goes into the square. Before the first example it
// prompts for Play and leaves the square empty.
func TestNowPanel(t *testing.T) {
	run := digitsRun(t, state.ComparePreset(), 40)
	last := run.Last()
	var l render.List
	for w := 340.0; w <= 1000; w += 30 {
		where := fmt.Sprintf("%g px", w)
		img, draw := nowPanel(&l, run, learnerColors, w, 170)
		if !draw || img.W <= 0 || img.X+img.W > w {
			t.Errorf("%s: image %+v, draw %v", where, img, draw)
		}
		var texts []render.Op
		all := ""
		for _, o := range l.Ops {
			if o.Kind == render.OpText {
				texts = append(texts, o)
				all += o.Text + "|"
			}
		}
		if want := fmt.Sprintf("Example %d · true class %s|", last.T, run.ClassNames()[last.Truth]); !strings.HasPrefix(all, want) {
			t.Errorf("%s: texts %q, want the heading %q first", where, all, want)
		}
		for i := range run.Learners() {
			mark := "✓"
			if last.Mistake[i] {
				mark = "✗"
			}
			verdict := "says " + run.ClassNames()[last.Pred[i]]
			if !strings.Contains(all, verdict+"|"+mark+"|") {
				t.Errorf("%s: learner %d: want %q then %q in %q", where, i, verdict, mark, all)
			}
			if e := ftoa(100*run.AverageError(i), 1) + "%"; !strings.Contains(all, e+"|") {
				t.Errorf("%s: learner %d: no error %q in %q", where, i, e, all)
			}
		}
		for i, a := range texts {
			ra := render.TextBox(a)
			if ra.X < 0 || ra.X+ra.W > w+0.5 {
				t.Errorf("%s: %q leaves the panel: %+v", where, a.Text, ra)
			}
			for _, b := range texts[i+1:] {
				rb := render.TextBox(b)
				if ra.X < rb.X+rb.W && rb.X < ra.X+ra.W && ra.Y < rb.Y+rb.H && rb.Y < ra.Y+ra.H {
					t.Errorf("%s: %q %+v overlaps %q %+v", where, a.Text, ra, b.Text, rb)
				}
			}
		}
	}
	if _, draw := nowPanel(&l, digitsRun(t, state.ComparePreset(), 0), learnerColors, 600, 170); draw ||
		!strings.HasPrefix(l.Ops[len(l.Ops)-1].Text, "Press Play or Step") {
		t.Errorf("t = 0: draw %v, last op %+v", draw, l.Ops[len(l.Ops)-1])
	}
}

// TestProgressOf: the digits progress line reads t of N with the bar's
// share, "–" for rates not measured yet, and the phase: paused, running
// while the page plays, done at the end of the stream.
func TestProgressOf(t *testing.T) {
	run := digitsRun(t, state.ComparePreset(), 449)
	p := progressOf(run, 0, 0, false)
	if p.Count != fmt.Sprintf("449 / %d", run.N()) || p.Pct != 100*449/float64(run.N()) || p.Rate != "–" || p.MS != "–" || p.Phase != "paused" {
		t.Errorf("paused: %+v", p)
	}
	if p := progressOf(run, 1234.5, 0.25, true); p.Rate != "1234" || p.MS != "0.250" || p.Phase != "running" {
		t.Errorf("playing: %+v", p)
	}
	run.Step(run.N())
	if p := progressOf(run, 100, 0.1, true); p.Phase != "done" || p.Pct != 100 {
		t.Errorf("at the end: %+v", p)
	}
}
