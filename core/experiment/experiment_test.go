package experiment

import (
	"bytes"
	"math"
	"slices"
	"strings"
	"testing"

	"kernelplay/core/data"
	"kernelplay/core/learn"
)

// fake is a learner whose steps are scripted: it records the examples it
// sees, makes a mistake on every example whose first input is odd, reports
// η = 1/t, and diverges at step divergeAt (1-based; 0 never).
type fake struct {
	seen      [][]float64
	labels    []float64
	divergeAt int
}

func (f *fake) Task() learn.Task                  { return learn.Binary }
func (f *fake) NumScores() int                    { return 1 }
func (f *fake) Scores(dst, x []float64) []float64 { return dst }
func (f *fake) Reset()                            { *f = fake{divergeAt: f.divergeAt} }
func (f *fake) Learn(x []float64, y float64) learn.Step {
	f.seen = append(f.seen, slices.Clone(x))
	f.labels = append(f.labels, y)
	t := len(f.seen)
	return learn.Step{Mistake: int(x[0])%2 == 1, Loss: x[0], Eta: 1 / float64(t), Margin: 1,
		BufferSize: t, Diverged: t == f.divergeAt}
}

// counting returns a finite stream of 1-D examples x = i, y = ±1 alternating.
func countingStream(n int) *data.Sequence {
	s := &data.Set{Name: "n", Dim: 1}
	rows := make([]int, n)
	y := make([]float64, n)
	for i := range n {
		s.X = append(s.X, float64(i))
		s.Y = append(s.Y, 0)
		rows[i] = i
		y[i] = float64(1 - 2*(i%2))
	}
	return data.NewSequence("n", s, rows, y, 0)
}

func TestRunner(t *testing.T) {
	a, b := &fake{}, &fake{divergeAt: 4}
	r := NewRunner(countingStream(10), 0, Contender{"a", a}, Contender{"b", b})
	if got := r.Advance(3); got != 3 || r.Done() || r.Steps() != 3 {
		t.Fatalf("Advance(3) = %d, done %v, steps %d", got, r.Done(), r.Steps())
	}
	if got := r.Advance(100); got != 7 || !r.Done() {
		t.Fatalf("Advance(100) = %d, done %v", got, r.Done())
	}
	if got := r.Advance(1); got != 0 {
		t.Errorf("Advance after the end = %d", got)
	}
	ta, tb := r.Traces()[0], r.Traces()[1]
	// Both learners saw the same examples in the same order, b until it diverged.
	if len(a.seen) != 10 || len(b.seen) != 4 || !slices.EqualFunc(a.seen[:4], b.seen, slices.Equal) {
		t.Errorf("a saw %v, b saw %v", a.seen, b.seen)
	}
	if ta.Len() != 10 || tb.Len() != 4 || ta.Diverged != -1 || tb.Diverged != 3 {
		t.Errorf("trace lengths %d, %d, diverged %d, %d", ta.Len(), tb.Len(), ta.Diverged, tb.Diverged)
	}
	// Mistakes on x = 1, 3, 5, 7, 9.
	if ta.Mistakes() != 5 || ta.AverageError() != 0.5 || ta.ErrorOver(0, 4) != 0.5 || ta.ErrorOver(1, 2) != 1 {
		t.Errorf("mistakes %d, error %v, over [0,4) %v", ta.Mistakes(), ta.AverageError(), ta.ErrorOver(0, 4))
	}
	want := []float64{0, 1. / 2, 1. / 3, 2. / 4, 2. / 5, 3. / 6, 3. / 7, 4. / 8, 4. / 9, 5. / 10}
	if got := ta.ErrorCurve(); !slices.Equal(got, want) {
		t.Errorf("error curve %v, want %v", got, want)
	}
	if !slices.Equal(ta.Label, []float64{1, -1, 1, -1, 1, -1, 1, -1, 1, -1}) || ta.Eta[3] != 0.25 || ta.BufferSize[9] != 10 {
		t.Errorf("labels %v, η %v, buffer %v", ta.Label, ta.Eta, ta.BufferSize)
	}
	if got := ta.MeanEta(0, 2); got != 0.75 {
		t.Errorf("MeanEta(0, 2) = %v, want 0.75", got)
	}
	if !math.IsNaN(ta.ErrorOver(3, 3)) || !math.IsNaN(ta.MeanEta(3, 3)) {
		t.Error("empty range is not NaN")
	}
	// A step limit below the stream's length.
	if tr := Run(countingStream(10), 4, Contender{"c", &fake{}}); tr[0].Len() != 4 {
		t.Errorf("Run with 4 steps recorded %d", tr[0].Len())
	}
}

func TestDetection(t *testing.T) {
	tr := &Trace{Label: []float64{1, 1, 1, -1, -1}, Mistake: []bool{false, true, false, true, false}}
	hit, fa := tr.Detection()
	if hit != 0.5 || fa != 1./3 {
		t.Errorf("Detection = %v, %v; want 0.5, 1/3", hit, fa)
	}
}

func TestMeanCurve(t *testing.T) {
	got := MeanCurve([]float64{1, 2, 3}, []float64{3, 4})
	if !slices.Equal(got, []float64{2, 3}) || MeanCurve() != nil {
		t.Errorf("MeanCurve = %v", got)
	}
}

func TestWriteTable(t *testing.T) {
	tr := Run(countingStream(4), 0, Contender{"a", &fake{}}, Contender{"long name", &fake{divergeAt: 2}})
	var b bytes.Buffer
	if err := WriteTable(&b, tr...); err != nil {
		t.Fatal(err)
	}
	want := `    learner  steps  mistakes  error %  1st half %  2nd half %  mean η  final η  buffer  margin  diverged
          a      4         2    50.00       50.00       50.00  0.5208     0.25       4       1         –
  long name      2         1    50.00        0.00      100.00    0.75      0.5       2       1         1
`
	if got := b.String(); got != want {
		t.Errorf("table:\n%q\nwant:\n%q", got, want)
	}
}

// TestDeterministic checks that a setup run twice with one seed gives the
// same traces bit for bit, and another seed a different stream.
func TestDeterministic(t *testing.T) {
	s := MulticlassSetup()
	set := shippedSet(t, s.Set)
	run := func(seed uint64) []*Trace {
		q, cs, err := s.Build(set, seed)
		if err != nil {
			t.Fatal(err)
		}
		return Run(q, 300, cs...)
	}
	a, b, c := run(7), run(7), run(8)
	for i := range a {
		if !slices.Equal(a[i].Eta, b[i].Eta) || !slices.Equal(a[i].Loss, b[i].Loss) || !slices.Equal(a[i].Mistake, b[i].Mistake) {
			t.Errorf("%s: two runs with seed 7 differ", a[i].Name)
		}
	}
	if slices.Equal(a[0].Label, c[0].Label) {
		t.Error("seeds 7 and 8 give the same stream")
	}
}

func TestSetups(t *testing.T) {
	names := map[string]bool{}
	for _, s := range Setups() {
		if names[s.Name] || s.Title == "" || s.Claim == "" || (s.Set != "digits8x8" && s.Set != "mnist10k") {
			t.Errorf("setup %+v: duplicate name or missing field", s.Name)
		}
		names[s.Name] = true
		q, cs, err := s.Build(shippedSet(t, s.Set), 1)
		if err != nil {
			t.Errorf("%s: %v", s.Name, err)
			continue
		}
		if q.Len() == 0 || len(cs) < 2 || !strings.Contains(q.Name, s.Set) {
			t.Errorf("%s: stream %s of %d, %d contenders", s.Name, q.Name, q.Len(), len(cs))
		}
	}
}
