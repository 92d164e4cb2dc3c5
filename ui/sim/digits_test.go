package sim

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"kernelplay/core/data"
	"kernelplay/core/data/digitfile"
	"kernelplay/core/experiment"
	"kernelplay/ui/state"
)

// loadDigits reads a shipped digit set from static/data.
func loadDigits(t testing.TB, file string) *data.Digits {
	t.Helper()
	d, err := digitfile.Open("../../static/data/" + file)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestDigitsRun(t *testing.T) {
	set := loadDigits(t, "digits8x8.kpd.gz").Set()
	cfg := state.ComparePreset()
	t.Logf("seed %d", cfg.Seed)
	d, err := NewDigits(cfg, set)
	if err != nil {
		t.Fatal(err)
	}
	if d.Learners() != 2 || d.N() != set.Len() || len(d.ClassNames()) != 10 {
		t.Fatalf("learners %d, N %d, classes %v", d.Learners(), d.N(), d.ClassNames())
	}
	for d.T() < 600 {
		d.Step(7)
	}
	if err := d.Err(); err != nil {
		t.Fatal(err)
	}
	for i := range d.Learners() {
		name := d.Name(i)
		total := 0
		for _, n := range d.Confusion(i) {
			total += n
		}
		if total != d.T() {
			t.Errorf("%s: confusion holds %d examples, want %d", name, total, d.T())
		}
		avg := d.AvgError(i)
		at, last := avg.Last()
		if avg.Len() != d.T() || at != d.T() || math.Abs(last-d.AverageError(i)) > 1e-12 {
			t.Errorf("%s: running error %v at %d of %d, average %v", name, last, at, avg.Len(), d.AverageError(i))
		}
		diag := 0
		for k := range 10 {
			diag += d.Confusion(i)[k*10+k]
		}
		if got := float64(d.T()-diag) / float64(d.T()); math.Abs(got-d.AverageError(i)) > 1e-12 {
			t.Errorf("%s: off-diagonal share %v, average error %v", name, got, d.AverageError(i))
		}
		t.Logf("%s: average online error %.3f after %d digits", name, d.AverageError(i), d.T())
	}
	last := d.Last()
	if last.T != d.T() || int(set.Y[last.Row]) != last.Truth || len(last.Pred) != 2 {
		t.Errorf("last %+v", last)
	}
	if d.Model(0) == nil || d.Model(0).Expansion().Len() == 0 {
		t.Error("SVMD has no expansion terms")
	}
	// Same config, same run.
	e, _ := NewDigits(cfg, set)
	e.Step(d.T())
	if !reflect.DeepEqual(e.AvgError(0).Buckets(nil), d.AvgError(0).Buckets(nil)) || !reflect.DeepEqual(e.Confusion(1), d.Confusion(1)) {
		t.Error("a slice-wise run differs from a single Step")
	}
}

func TestDigitsStreams(t *testing.T) {
	set := loadDigits(t, "digits8x8.kpd.gz").Set()
	for _, st := range []string{state.StreamMulticlass, state.StreamSplit, state.StreamSwitch,
		state.StreamCounting, state.StreamNovelty} {
		cfg := state.DigitsDefault()
		cfg.Stream = st
		cfg.Nu = 0.05
		d, err := NewDigits(cfg, set)
		if err != nil {
			t.Fatalf("%s: %v", st, err)
		}
		n := min(200, d.N())
		d.Step(200)
		if d.Err() != nil || d.T() != n {
			t.Fatalf("%s: T %d, err %v", st, d.T(), d.Err())
		}
		total := 0
		for _, n := range d.Confusion(0) {
			total += n
		}
		if total != n {
			t.Errorf("%s: confusion sums to %d", st, total)
		}
		t.Logf("%s (%s, %d examples): error %.3f", st, d.Task(), d.N(), d.AverageError(0))
	}
	cfg := state.DigitsDefault()
	cfg.Stream, cfg.Nu = state.StreamNovelty, 0
	if _, err := NewDigits(cfg, set); err == nil || !strings.Contains(err.Error(), "ν") {
		t.Errorf("novelty without ν: %v", err)
	}
}

// TestFiguresMatchSetups checks that state's figure table names the data
// set and task of core/experiment's setups.
func TestFiguresMatchSetups(t *testing.T) {
	sets := map[string]string{"digits8x8": state.Data8x8, "mnist10k": state.DataMNIST}
	if len(state.Figures) != len(experiment.Setups()) {
		t.Fatalf("%d figures, %d setups", len(state.Figures), len(experiment.Setups()))
	}
	for _, s := range experiment.Setups() {
		f, ok := state.FigureByName(s.Name)
		if !ok || f.Data != sets[s.Set] {
			t.Errorf("setup %s on %s: figure %+v", s.Name, s.Set, f)
		}
	}
	set := loadDigits(t, "digits8x8.kpd.gz").Set()
	for _, name := range []string{state.FigureBinary, state.FigureMulticlass} {
		cfg, _ := state.FigurePreset(name)
		d, err := NewDigits(cfg, set)
		if err != nil {
			t.Fatal(err)
		}
		d.Step(300)
		if d.Learners() != 3 || d.Err() != nil {
			t.Errorf("%s: %d learners, %v", name, d.Learners(), d.Err())
		}
	}
}

func TestDigitsFile(t *testing.T) {
	src := "1 1:0.5 2:1\n-1 1:-1 2:0.25\n1 1:0.75\n-1 2:-0.5\n"
	set, err := data.ReadLIBSVM(strings.NewReader(src), "tiny.svm")
	if err != nil {
		t.Fatal(err)
	}
	cfg := state.DigitsDefault()
	cfg.Data = state.DataFile
	d, err := NewDigits(cfg, set)
	if err != nil {
		t.Fatal(err)
	}
	d.Step(10)
	if d.T() != 4 || !d.Done() || d.Task() != state.TaskBinary || !reflect.DeepEqual(d.ClassNames(), []string{"-1", "1"}) {
		t.Errorf("T %d done %v task %s names %v", d.T(), d.Done(), d.Task(), d.ClassNames())
	}
}

// TestDigitsFileTextLabels: a file's text labels name the confusion
// matrix's classes, binary (−1 then +1) and multiclass, clipped to 16
// characters.
func TestDigitsFileTextLabels(t *testing.T) {
	cfg := state.DigitsDefault()
	cfg.Data = state.DataFile
	for _, c := range []struct {
		src  string
		want []string
	}{
		{"1,2,long\n3,4,short\n5,6,long\n", []string{"long", "short"}},
		{"1,2,setosa\n3,4,versicolor\n5,6,virginica\n7,8,setosa\n", []string{"setosa", "versicolor", "virginica"}},
		{"1,2,a\n3,4,Iris-a-very-long-species-name\n5,6,c\n", []string{"a", "Iris-a-very-lon…", "c"}},
	} {
		set, err := data.ReadCSV(strings.NewReader(c.src), "f.csv", data.CSVConfig{})
		if err != nil {
			t.Fatal(err)
		}
		d, err := NewDigits(cfg, set)
		if err != nil {
			t.Fatal(err)
		}
		d.Step(10)
		if !reflect.DeepEqual(d.ClassNames(), c.want) || d.T() != set.Len() {
			t.Errorf("%q: names %q, t %d", c.src, d.ClassNames(), d.T())
		}
	}
}

// TestLegendDecaySymbol: the page's λ is the regularizer (its slider), and
// the SMD trace decay is ρ (its slider, the conference paper's letter), so
// no legend may name the decay λ: the configured learners' names and every
// paper figure's contenders say ρ.
func TestLegendDecaySymbol(t *testing.T) {
	cfg := state.Default()
	cfg.Learner, cfg.Decay = state.LearnerSVMD, 0.99
	if got := LearnerName(cfg); got != "SVMD ρ=0.99" {
		t.Errorf("LearnerName(SVMD, decay 0.99) = %q, want %q", got, "SVMD ρ=0.99")
	}
	cfg.Learner = state.LearnerSVMD0
	if got := LearnerName(cfg); got != "SVMD ρ=0" {
		t.Errorf("LearnerName(SVMD0) = %q, want %q", got, "SVMD ρ=0")
	}
	set := loadDigits(t, "digits8x8.kpd.gz").Set()
	for _, name := range []string{state.FigureBinary, state.FigureMulticlass} {
		cfg, _ := state.FigurePreset(name)
		d, err := NewDigits(cfg, set)
		if err != nil {
			t.Fatal(err)
		}
		for i := range d.Learners() {
			if n := d.Name(i); strings.Contains(n, "λ") {
				t.Errorf("%s: legend %q names the trace decay λ", name, n)
			}
		}
	}
}
