package sim

import (
	"bytes"
	"encoding/csv"
	"math"
	"strconv"
	"strings"
	"testing"

	"kernelplay/core/learn"
	"kernelplay/ui/state"
)

// readTraces parses a traces CSV into its header and rows.
func readTraces(t *testing.T, b []byte) (head []string, rows [][]string) {
	t.Helper()
	recs, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil {
		t.Fatalf("the traces are not CSV: %v", err)
	}
	return recs[0], recs[1:]
}

// checkColumn checks that column c of rows holds exactly the points of s:
// its non-empty cells, in order, at the rows whose t is s.T[i], equal s.V[i].
func checkColumn(t *testing.T, name string, rows [][]string, c int, s Series) {
	t.Helper()
	k := 0
	for _, r := range rows {
		if r[c] == "" {
			continue
		}
		if k >= len(s.T) {
			t.Fatalf("%s: more cells than the series' %d points", name, len(s.T))
		}
		tt, err1 := strconv.ParseFloat(r[0], 64)
		v, err2 := strconv.ParseFloat(r[c], 64)
		if err1 != nil || err2 != nil || tt != s.T[k] || math.Float64bits(v) != math.Float64bits(s.V[k]) {
			t.Fatalf("%s: row t = %s holds %s, want point %d (t = %v, %v)", name, r[0], r[c], k, s.T[k], s.V[k])
		}
		k++
	}
	if k != len(s.T) {
		t.Fatalf("%s: %d cells, want the series' %d points", name, k, len(s.T))
	}
}

// TestWriteTraces checks the 2D traces CSV against the run's own
// accessors: the header and its units, one row per step for a short run,
// every column equal to its series for a run long enough to be decimated,
// the columns the task and the learner give meaning to (issue 19 item 13:
// regression without the classification's average error, AMM's
// hyperplanes named so, no stored-terms column for a linear model, the t
// column saying why a decimated row has empty cells), the objectives for
// RES vs SGD.
func TestWriteTraces(t *testing.T) {
	reg, err := state.Apply(state.Default(), state.SetField{Key: "t", Value: state.TaskRegression})
	if err != nil {
		t.Fatal(err)
	}
	rvs := state.Default()
	rvs.Preset = state.PresetRESvsSGD
	amm, err := state.Apply(state.Default(), state.SetField{Key: "l", Value: state.LearnerAMM})
	if err != nil {
		t.Fatal(err)
	}
	type col struct {
		prefix string // the header starts so
		series func(Traces) Series
	}
	var (
		cEta    = col{"eta (step size η_t", func(tr Traces) Series { return tr.Eta }}
		cAvg    = col{"average error (fraction", func(tr Traces) Series { return tr.AvgError }}
		cLoss   = col{"loss (", func(tr Traces) Series { return tr.Loss }}
		cTerms  = col{"stored terms (count", func(tr Traces) Series { return tr.Buffer }}
		cPlanes = col{"hyperplanes (count", func(tr Traces) Series { return tr.Buffer }}
		cMargin = col{"margin (", func(tr Traces) Series { return tr.Margin }}
		cAbs    = col{"mean absolute error (target units, first t", func(tr Traces) Series { return tr.AbsError }}
		cWin    = col{"error over the last 500 steps", func(tr Traces) Series { return tr.WinError }}
		cWinAbs = col{"mean absolute error over the last 500 steps", func(tr Traces) Series { return tr.WinError }}
		// The comparison with hindsight (regretColumns; series nil).
		cReg = []col{{"online sum (", nil}, {"hindsight sum (", nil}, {"regret (", nil}, {"regret bound (", nil}, {"exact (", nil}}
	)
	for _, c := range []struct {
		name  string
		cfg   state.Config
		steps int
		cols  []col
	}{
		{"binary short", state.Default(), 300, append([]col{cEta, cAvg, cLoss, cTerms, cMargin, cWin}, cReg...)},
		{"binary long", state.Default(), 3000, append([]col{cEta, cAvg, cLoss, cTerms, cMargin, cWin}, cReg...)},
		{"regression", reg, 1500, []col{cEta, cLoss, cTerms, cMargin, cAbs, cWinAbs}},
		{"amm", amm, 700, []col{cEta, cAvg, cLoss, cPlanes, cMargin, cWin}},
		{"res vs sgd", rvs, 700, []col{cEta, cAvg, cLoss, cMargin, cWin, {"RES objective", nil}, {"SGD objective", nil}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := mustNew(t, c.cfg)
			s.Step(c.steps)
			s.RegretStep(20000) // some checkpoints solved, not all
			var b bytes.Buffer
			if err := s.WriteTraces(&b); err != nil {
				t.Fatal(err)
			}
			head, rows := readTraces(t, b.Bytes())
			if len(head) != len(c.cols)+1 || !strings.HasPrefix(head[0], "t (step") {
				t.Fatalf("header %q, want %d columns", head, len(c.cols)+1)
			}
			if c.steps > MaxBuckets && !strings.Contains(head[0], "empty cell") {
				t.Errorf("a decimated run's t column %q does not say why cells are empty", head[0])
			}
			tr := s.Traces()
			res, sgd, isRES := s.Objective()
			for i, cl := range c.cols {
				if !strings.HasPrefix(head[i+1], cl.prefix) {
					t.Errorf("column %d is %q, want %q…", i+1, head[i+1], cl.prefix)
					continue
				}
				var sr Series
				switch {
				case cl.series != nil:
					sr = cl.series(tr)
				case !isRES:
					for _, rc := range s.regretColumns("") {
						if strings.HasPrefix(rc.name, cl.prefix) {
							sr = rc.s
						}
					}
				case isRES && cl.prefix == "RES objective":
					sr = res
				case isRES:
					sr = sgd
				}
				checkColumn(t, head[i+1], rows, i+1, sr)
			}
			if c.steps <= MaxBuckets && len(rows) != c.steps {
				t.Errorf("%d rows for %d steps, want one per step", len(rows), c.steps)
			}
			for i := 1; i < len(rows); i++ {
				a, _ := strconv.ParseFloat(rows[i-1][0], 64)
				b, _ := strconv.ParseFloat(rows[i][0], 64)
				if !(b > a) {
					t.Fatalf("rows %d and %d: t = %v then %v, want increasing", i, i+1, a, b)
				}
			}
			if last, _ := strconv.Atoi(rows[len(rows)-1][0]); last != s.T() {
				t.Errorf("last row t = %d, want the run's t = %d", last, s.T())
			}
		})
	}
}

// TestDigitsWriteTraces checks the digits Compare traces: three columns
// (average error, η_t, windowed error) per learner, one row per step up to HistoryBuckets steps, the last row
// at the run's t with each learner's AverageError, and every cell equal to
// its history's bucket.
func TestDigitsWriteTraces(t *testing.T) {
	set := loadDigits(t, "digits8x8.kpd.gz").Set()
	for _, steps := range []int{300, 1500} {
		d, err := NewDigits(state.ComparePreset(), set)
		if err != nil {
			t.Fatal(err)
		}
		for d.T() < steps {
			d.Step(steps - d.T())
		}
		var b bytes.Buffer
		if err := d.WriteTraces(&b); err != nil {
			t.Fatal(err)
		}
		head, rows := readTraces(t, b.Bytes())
		if len(head) != 1+3*d.Learners() || !strings.HasPrefix(head[1], d.Name(0)+": average error") || !strings.HasPrefix(head[5], d.Name(1)+": eta") ||
			!strings.HasPrefix(head[6], d.Name(1)+": error over the last 100 steps") {
			t.Fatalf("header %q", head)
		}
		if steps <= HistoryBuckets && len(rows) != steps {
			t.Errorf("%d rows for %d steps", len(rows), steps)
		}
		for i := range d.Learners() {
			avg, eta, win := d.AvgError(i).Buckets(nil), d.Eta(i).Buckets(nil), d.WinError(i).Buckets(nil)
			if len(rows) != len(avg) {
				t.Fatalf("%d rows, %d buckets", len(rows), len(avg))
			}
			for r, row := range rows {
				if row[0] != strconv.Itoa(avg[r].Last) || row[1+3*i] != strconv.FormatFloat(avg[r].LastV, 'g', -1, 64) ||
					row[2+3*i] != strconv.FormatFloat(eta[r].LastV, 'g', -1, 64) || row[3+3*i] != strconv.FormatFloat(win[r].LastV, 'g', -1, 64) {
					t.Fatalf("%s row %d: %q, want t %d, %v, %v", d.Name(i), r, row, avg[r].Last, avg[r].LastV, eta[r].LastV)
				}
			}
			last := rows[len(rows)-1]
			if v, _ := strconv.ParseFloat(last[1+3*i], 64); last[0] != strconv.Itoa(d.T()) || math.Abs(v-d.AverageError(i)) > 1e-15 {
				t.Errorf("%s: last row %q, want t %d and average error %v", d.Name(i), last, d.T(), d.AverageError(i))
			}
		}
	}
}

// TestResume saves the learner of a 2D run after n steps (core/learn's
// model file), resumes the run from the file and the Position, and checks
// that the next m steps are those of the uninterrupted run, bit for bit:
// the examples drawn, every Step field, the scores, and the counts.
func TestResume(t *testing.T) {
	clicked := state.Default()
	clicked.Learner = state.LearnerPerceptron
	clicked.Points = []state.Point{pt(-0.5, 0.2, 0), pt(0.4, -0.1, 1), pt(0.1, 0.6, 0), pt(-0.3, -0.7, 1), pt(0.8, 0.8, 1)}
	reg, err := state.Apply(state.Default(), state.SetField{Key: "t", Value: state.TaskRegression})
	if err != nil {
		t.Fatal(err)
	}
	lin := state.Default()
	lin.Learner = state.LearnerDCD
	multi := state.Default()
	multi.Task, multi.Learner = state.TaskMulticlass, state.LearnerAMM
	// A timeline: clicks into the running demo, a deletion and live settings
	// at their steps, before and after the save.
	edited := state.Default()
	edited.Events = []state.Event{
		{T: 50, Kind: state.EventAdd, Point: pt(0.2, 0.3, 1)},
		{T: 120, Kind: state.EventAdd, Point: pt(-0.6, 0.1, 0)},
		{T: 300, Kind: state.EventSet, Key: "s", Value: "0.25"},
		{T: 450, Kind: state.EventDelete, Index: 0},
		{T: 800, Kind: state.EventSet, Key: "s", Value: "0.2"},
		{T: 820, Kind: state.EventAdd, Point: pt(0.5, -0.5, 0)},
	}
	const n, m = 700, 300
	for name, cfg := range map[string]state.Config{"svmd generated": state.Default(), "perceptron clicked": clicked,
		"norma regression": reg, "dcd": lin, "amm multiclass": multi, "svmd with edits": edited} {
		t.Run(name, func(t *testing.T) {
			whole, part := mustNew(t, cfg), mustNew(t, cfg)
			whole.Step(n)
			part.Step(n)
			file, err := learn.MarshalModel(part.Learner())
			if err != nil {
				t.Fatal(err)
			}
			l, err := learn.UnmarshalModel(file)
			if err != nil {
				t.Fatal(err)
			}
			r, err := Resume(cfg, l, part.Position())
			if err != nil {
				t.Fatal(err)
			}
			probe := []float64{0.3, -0.2}
			if whole.task == learn.Regression {
				probe = probe[:1]
			}
			sw, sr := make([]float64, l.NumScores()), make([]float64, l.NumScores())
			for i := range m {
				whole.Step(1)
				r.Step(1)
				a, b := whole.Last(), r.Last()
				if !slicesBits(a.X, b.X) || a.Y != b.Y || a.Step != b.Step {
					t.Fatalf("step %d after resuming: %+v, uninterrupted %+v", n+i+1, b, a)
				}
				whole.Learner().Scores(sw, probe)
				r.Learner().Scores(sr, probe)
				if !slicesBits(sw, sr) {
					t.Fatalf("step %d after resuming: scores %v, uninterrupted %v", n+i+1, sr, sw)
				}
			}
			if whole.Position() != r.Position() || whole.Err() != nil || r.Err() != nil {
				t.Errorf("positions %+v and %+v (errors %v, %v)", whole.Position(), r.Position(), whole.Err(), r.Err())
			}
		})
	}
}

// slicesBits reports whether a and b are equal to the bit.
func slicesBits(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			return false
		}
	}
	return true
}

// TestResumeRefuses: a model for other settings, the RES-vs-SGD preset and
// impossible positions are errors.
func TestResumeRefuses(t *testing.T) {
	cfg := state.Default()
	svmd := mustNew(t, cfg).Learner()
	norma, err := learn.NewNORMA(learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0), 2)
	if err != nil {
		t.Fatal(err)
	}
	svmd3, err := learn.NewSVMD(learn.DefaultSVMDConfig(learn.SVMDHinge, 0), 3)
	if err != nil {
		t.Fatal(err)
	}
	rvs := state.Default()
	rvs.Preset = state.PresetRESvsSGD
	for _, c := range []struct {
		name string
		cfg  state.Config
		l    learn.Learner
		p    Position
		want string
	}{
		{"other learner", cfg, norma, Position{}, "NORMA"},
		{"other dimension", cfg, svmd3, Position{}, "dimension 2"},
		{"nil", cfg, nil, Position{}, "nothing"},
		{"res vs sgd", rvs, svmd, Position{}, "two learners"},
		{"negative t", cfg, svmd, Position{T: -1}, "out of range"},
		{"too many mistakes", cfg, svmd, Position{T: 3, Mistakes: 4}, "out of range"},
		{"NaN error sum", cfg, svmd, Position{T: 3, AbsErrorSum: math.NaN()}, "out of range"},
	} {
		if _, err := Resume(c.cfg, c.l, c.p); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one mentioning %q", c.name, err, c.want)
		}
	}
}

// TestWriteCompareTraces: a 2D comparison's traces hold both learners'
// columns under their names, each equal to that learner's own series.
func TestWriteCompareTraces(t *testing.T) {
	c := state.Default()
	c.Preset, c.Compare = state.PresetRotating, state.LearnerNORMA
	c.Second = c.Settings()
	c.Second.Sigma = 0.4
	a := mustNew(t, c)
	b, err := NewSecond(c)
	if err != nil {
		t.Fatal(err)
	}
	a.Step(800)
	b.Step(800)
	var buf bytes.Buffer
	if err := WriteCompareTraces(&buf, a, b); err != nil {
		t.Fatal(err)
	}
	head, rows := readTraces(t, buf.Bytes())
	na, nb := PairNames(c)
	ta, tb := a.Traces(), b.Traces()
	want := []struct {
		name string
		s    Series
	}{{na + ": eta", ta.Eta}, {na + ": average error", ta.AvgError}, {na + ": error over the last 500", ta.WinError},
		{nb + ": eta", tb.Eta}, {nb + ": average error", tb.AvgError}, {nb + ": error over the last 500", tb.WinError}}
	for _, w := range want {
		col := -1
		for i, h := range head {
			if strings.HasPrefix(h, w.name) {
				col = i
			}
		}
		if col < 0 {
			t.Errorf("no column %q in %q", w.name, head)
			continue
		}
		checkColumn(t, head[col], rows, col, w.s)
	}
	if len(head) != 1+2*(6+5) || len(rows) != 800 { // η, average error, loss, terms, margin, window; 5 of regret
		t.Errorf("%d columns, %d rows; want 23 and 800", len(head), len(rows))
	}
}
