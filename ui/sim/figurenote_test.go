package sim

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"kernelplay/core/experiment"
	"kernelplay/ui/state"
)

var percent = regexp.MustCompile(`[0-9]+\.[0-9]%`)

// TestFigureCaptions runs every paper figure as the page does (seed 1, to
// the end of its stream) and checks that the figure's caption quotes each
// learner's average online error of that run (to 0.1%), and that every
// figure its verdict quotes is the run's, besides what the paper reported: a caption must not claim what the run on screen does not
// show. The buffer figure (30,000 steps at ω up to 4,096) is left out with
// -short.
func TestFigureCaptions(t *testing.T) {
	sets := map[string]string{state.Data8x8: "digits8x8.kpd.gz", state.DataMNIST: "mnist10k.kpd.gz"}
	if len(state.FigureNotes) != len(experiment.Setups()) {
		t.Errorf("%d figure notes for %d figures", len(state.FigureNotes), len(experiment.Setups()))
	}
	for _, f := range state.Figures {
		if f.Name == state.FigureBuffer && testing.Short() {
			continue
		}
		cfg, _ := state.FigurePreset(f.Name)
		cfg.Seed = 1
		d, err := NewDigits(cfg, loadDigits(t, sets[f.Data]).Set())
		if err != nil {
			t.Fatal(err)
		}
		// Mistakes at the half-way step, for the second half's error.
		half := d.N() / 2
		d.Step(half)
		atHalf := make([]int, d.Learners())
		for i := range atHalf {
			atHalf[i] = d.Mistakes(i)
		}
		for !d.Done() && d.Err() == nil {
			d.Step(500)
		}
		if err := d.Err(); err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		caption := state.FigureCaption(f.Name, 1)
		if !strings.Contains(caption, "paper") {
			t.Errorf("%s: the caption does not say what the paper reported: %q", f.Name, caption)
		}
		// Every percentage of the verdict is one of the run's: a learner's
		// error over the whole run or over its second half.
		runs := map[string]bool{}
		for i := range d.Learners() {
			n := d.T()
			runs[fmt.Sprintf("%.1f%%", 100*d.AverageError(i))] = true
			runs[fmt.Sprintf("%.1f%%", 100*float64(d.Mistakes(i)-atHalf[i])/float64(n-half))] = true
		}
		for _, p := range percent.FindAllString(state.FigureNotes[f.Name].Verdict, -1) {
			if !runs[p] {
				t.Errorf("%s: the verdict quotes %s, which is no error of the run (whole or second half): %v", f.Name, p, runs)
			}
		}
		for i := range d.Learners() {
			got := fmt.Sprintf("%.1f%%", 100*d.AverageError(i))
			if !strings.Contains(caption, got) {
				t.Errorf("%s: %s ends at %s average online error with seed 1; the caption does not say so: %q",
					f.Name, d.Name(i), got, caption)
			}
		}
	}
}
