package sim

import (
	"cmp"
	"math"
	"reflect"
	"slices"
	"testing"

	"kernelplay/ui/state"
)

// expectedPulls recomputes, from learner i's model before the next step,
// the pulls of example x predicted as class pred: every stored term's
// α_{i,ŷ}·k(x_i, x) with the kernel evaluated afresh, ranked by |value|
// (ties: older first), the top CellPulls.
func expectedPulls(d *Digits, i int, x []float64, pred int) []Pull {
	e := d.Model(i).Expansion()
	k := e.Kernel()
	var ps []Pull
	for j := range e.Len() {
		xj := e.X(j)
		kv := k.FromDot(dot(xj, x), dot(xj, xj), dot(x, x))
		al := e.Alpha(nil, j)
		a := al[0]
		if len(al) > 1 {
			a = al[pred]
		}
		ps = append(ps, Pull{Index: j, Alpha: a, K: kv, Value: a * kv})
	}
	slices.SortStableFunc(ps, func(p, q Pull) int { return cmp.Compare(math.Abs(q.Value), math.Abs(p.Value)) })
	return ps[:min(CellPulls, len(ps))]
}

func near(a, b float64) bool {
	return math.Abs(a-b) <= 1e-9*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

// TestDigitsCellPulls runs SVMD and NORMA side by side on the 8×8 digits
// with a buffer of ω = 30 (so that most steps evict) and, before each of
// 400 steps, recomputes from each learner's model the pulls of the coming
// example; after the step the newest example of the cell it went to must
// carry exactly those terms (index, α, k, α·k) and the origin of each must
// be the data row whose features the term stores; its scores are those of
// learn.Learner.Scores before the step.
func TestDigitsCellPulls(t *testing.T) {
	set := loadDigits(t, "digits8x8.kpd.gz").Set()
	cfg := state.ComparePreset()
	cfg.BufferSize = 30
	cfg.Second.BufferSize = 30
	t.Logf("seed %d", cfg.Seed)
	d, err := NewDigits(cfg, set)
	if err != nil {
		t.Fatal(err)
	}
	src := d.Stream().Set()
	evicting := 0
	for d.T() < 400 {
		row := d.Stream().Row(d.drawn)
		x := src.Row(row)
		// Before the step: each learner's scores of x, its stored inputs,
		// and the pulls for every class (the prediction is not known yet).
		var scs [][]float64
		terms := make([][][]float64, d.Learners())
		before := make([][][]Pull, d.Learners())
		for i := range d.Learners() {
			e := d.Model(i).Expansion()
			l := d.cs[i].Learner
			scs = append(scs, l.Scores(make([]float64, l.NumScores()), x))
			if e.Len() == e.Cap() {
				evicting++
			}
			for j := range e.Len() {
				terms[i] = append(terms[i], slices.Clone(e.X(j)))
			}
			for c := range 10 {
				before[i] = append(before[i], expectedPulls(d, i, x, c))
			}
		}
		if d.Step(1) != 1 || d.Err() != nil {
			t.Fatalf("step %d: %v", d.T(), d.Err())
		}
		last := d.Last()
		if last.Row != row {
			t.Fatalf("step %d: row %d, want %d", d.T(), last.Row, row)
		}
		for i := range d.Learners() {
			got := d.Cell(i, last.Truth, last.Pred[i])
			if len(got) == 0 || got[0].T != d.T() || got[0].Row != row {
				t.Fatalf("%s step %d: cell (%d,%d) newest %+v", d.Name(i), d.T(), last.Truth, last.Pred[i], got)
			}
			ex := got[0]
			want := before[i][last.Pred[i]]
			if len(ex.Pulls) != len(want) {
				t.Fatalf("%s step %d: %d pulls, want %d", d.Name(i), d.T(), len(ex.Pulls), len(want))
			}
			for j, p := range ex.Pulls {
				w := want[j]
				if p.Index != w.Index || !near(p.Alpha, w.Alpha) || !near(p.K, w.K) || !near(p.Value, w.Value) {
					t.Fatalf("%s step %d pull %d: %+v, recomputed %+v", d.Name(i), d.T(), j, p, w)
				}
				if p.Row < 0 || !slices.Equal(src.Row(p.Row), terms[i][p.Index]) {
					t.Fatalf("%s step %d pull %d: origin row %d does not hold the term's input", d.Name(i), d.T(), j, p.Row)
				}
			}
			if len(ex.Scores) != len(scs[i]) {
				t.Fatalf("%s step %d: scores %v, want %v", d.Name(i), d.T(), ex.Scores, scs[i])
			}
			for c := range ex.Scores {
				if !near(ex.Scores[c], scs[i][c]) {
					t.Fatalf("%s step %d: scores %v, want %v", d.Name(i), d.T(), ex.Scores, scs[i])
				}
			}
		}
	}
	// The origins of the stored terms after the run: each names the data
	// row the term stores and a step at which it was learned; a term whose
	// example is still kept in a cell has that example's origin.
	kept := 0
	for i := range d.Learners() {
		e := d.Model(i).Expansion()
		for j := range e.Len() {
			o, at, ok := d.TermOrigin(i, j)
			if !ok || o.Row < 0 || !slices.Equal(src.Row(o.Row), e.X(j)) || at < 1 || at > d.T() {
				t.Fatalf("%s term %d: origin %+v at %d (%v) does not hold its input", d.Name(i), j, o, at, ok)
			}
			if ex, ok := d.TermExample(i, j); ok {
				kept++
				if ex.Origin != o || ex.T != at {
					t.Fatalf("%s term %d: its example's record %+v, origin %+v at %d", d.Name(i), j, ex, o, at)
				}
			}
		}
	}
	if kept == 0 {
		t.Error("no stored term's example is kept in a cell")
	}
	if evicting < 100 {
		t.Errorf("only %d learner-steps with a full buffer: the test does not exercise eviction", evicting)
	}
}

// TestDigitsCellCap runs 900 steps of the default digits run and checks
// that every confusion cell keeps exactly the newest min(count,
// CellExamples) examples it counted, newest first (the memory bound), and
// that a second run of the same configuration keeps the same records (a
// function of the run's prefix).
func TestDigitsCellCap(t *testing.T) {
	set := loadDigits(t, "digits8x8.kpd.gz").Set()
	cfg := state.ComparePreset()
	run := func() (*Digits, [][]int) {
		d, err := NewDigits(cfg, set)
		if err != nil {
			t.Fatal(err)
		}
		ts := make([][]int, d.Learners()*100)
		for d.T() < 900 && !d.Done() {
			d.Step(1)
			l := d.Last()
			for i := range d.Learners() {
				c := i*100 + l.Truth*10 + l.Pred[i]
				ts[c] = append(ts[c], l.T)
			}
		}
		return d, ts
	}
	d, ts := run()
	d2, _ := run()
	total := 0
	for i := range d.Learners() {
		for truth := range 10 {
			for pred := range 10 {
				got := d.Cell(i, truth, pred)
				all := ts[i*100+truth*10+pred]
				if len(all) != d.Confusion(i)[truth*10+pred] {
					t.Fatalf("cell (%d,%d): %d steps seen, confusion %d", truth, pred, len(all), d.Confusion(i)[truth*10+pred])
				}
				n := min(len(all), CellExamples)
				if len(got) != n {
					t.Fatalf("%s cell (%d,%d): %d kept of %d, want %d", d.Name(i), truth, pred, len(got), len(all), n)
				}
				for j, ex := range got {
					if ex.T != all[len(all)-1-j] || ex.Truth != truth || ex.Pred != pred {
						t.Fatalf("%s cell (%d,%d) #%d: T %d truth %d pred %d, want T %d", d.Name(i), truth, pred, j, ex.T, ex.Truth, ex.Pred, all[len(all)-1-j])
					}
					if len(ex.Pulls) > CellPulls {
						t.Fatalf("%d pulls", len(ex.Pulls))
					}
				}
				total += len(got)
				if !reflect.DeepEqual(got, d2.Cell(i, truth, pred)) {
					t.Fatalf("%s cell (%d,%d) differs between two runs of the same link", d.Name(i), truth, pred)
				}
			}
		}
	}
	if total > d.Learners()*100*CellExamples || total < 20 {
		t.Errorf("%d examples kept over %d learners", total, d.Learners())
	}
	t.Logf("%d examples kept in the confusion cells of %d learners after %d steps", total, d.Learners(), d.T())
}
