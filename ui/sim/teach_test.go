package sim

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"kernelplay/core/data/pad"
	"kernelplay/ui/state"
)

// teachLevels returns random levels of a drawing of the 8×8 set.
func teachLevels(rng *rand.Rand) string {
	b := make([]byte, 64)
	for i := range b {
		if rng.IntN(3) == 0 {
			b[i] = byte(rng.IntN(pad.MaxLevel8 + 1))
		}
	}
	return string(b)
}

// TestDigitsTeach: a run with taught drawings among its events learns,
// bit for bit, what a learner fed the stream with the drawings spliced in
// at their steps learns; teaching live (Teach at step T) gives the same
// model as replaying the link that holds the edit; Last reports the
// drawing; the stream loses no example.
func TestDigitsTeach(t *testing.T) {
	set := loadDigits(t, "digits8x8.kpd.gz").Set()
	rng := rand.New(rand.NewPCG(22, 6))
	cfg := state.DigitsDefault()
	d1, d2 := teachLevels(rng), teachLevels(rng)
	cfg.Events = []state.Event{
		{T: 2, Kind: state.EventTeach, Drawing: d1, Label: 3},
		{T: 5, Kind: state.EventTeach, Drawing: d2, Label: 8},
	}
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	// The link's replay.
	link, err := state.Decode(state.Encode(cfg))
	if err != nil {
		t.Fatal(err)
	}
	run, err := NewDigits(link, set)
	if err != nil {
		t.Fatal(err)
	}
	if n := run.Step(3); n != 3 || run.Last().Drawing != d1 || run.Last().Row != -1 || run.Last().Truth != 3 {
		t.Fatalf("after 3 steps: last %+v", run.Last())
	}
	run.Step(7)
	// By hand: the same learner, fed stream, drawing, stream, drawing, stream.
	ref, err := NewDigits(state.DigitsDefault(), set)
	if err != nil {
		t.Fatal(err)
	}
	l := ref.cs[0].Learner
	seq := ref.seq
	feed := func(n int) {
		for range n {
			e, _ := seq.Next()
			l.Learn(e.X, e.Y)
		}
	}
	x1, _ := pad.Features([]byte(d1))
	x2, _ := pad.Features([]byte(d2))
	feed(2)
	l.Learn(x1, 3)
	feed(2)
	l.Learn(x2, 8)
	feed(4)
	if run.T() != 10 || run.drawn != 8 {
		t.Fatalf("t = %d, %d drawn from the stream; want 10 and 8", run.T(), run.drawn)
	}
	if run.Last().Row != seq.Row(7) {
		t.Errorf("the last example is row %d, want the stream's 8th, row %d", run.Last().Row, seq.Row(7))
	}
	probe := set.Row(100)
	want := l.Scores(make([]float64, 10), probe)
	if got := run.cs[0].Learner.Scores(make([]float64, 10), probe); !slices.Equal(got, want) {
		t.Errorf("scores %v, want %v", got, want)
	}
	// Live: teach at steps 2 and 5 as the page would.
	live, _ := NewDigits(state.DigitsDefault(), set)
	live.Step(2)
	if err := live.Teach(state.Event{T: 2, Kind: state.EventTeach, Drawing: d1, Label: 3}); err != nil {
		t.Fatal(err)
	}
	live.Step(3)
	if err := live.Teach(state.Event{T: 5, Kind: state.EventTeach, Drawing: d2, Label: 8}); err != nil {
		t.Fatal(err)
	}
	live.Step(5)
	if got := live.cs[0].Learner.Scores(make([]float64, 10), probe); !slices.Equal(got, want) {
		t.Errorf("taught live: scores %v, want the replay's %v", got, want)
	}
	// Refused: another step, another set's drawing, a label above 9.
	for _, e := range []state.Event{
		{T: 9, Kind: state.EventTeach, Drawing: d1},
		{T: 10, Kind: state.EventTeach, Drawing: string(make([]byte, 784))},
		{T: 10, Kind: state.EventTeach, Drawing: d1, Label: 10},
		{T: 10, Kind: state.EventAdd},
	} {
		if err := live.Teach(e); err == nil {
			t.Errorf("Teach(%+v) accepted", e.T)
		}
	}
}

// TestDigitsAsk: asking about a drawing changes nothing; its scores are the
// learner's; its kernel row has one entry per stored term; after the
// drawing is taught, its own term is the nearest, with k = 1 (Gaussian).
func TestDigitsAsk(t *testing.T) {
	set := loadDigits(t, "digits8x8.kpd.gz").Set()
	run, err := NewDigits(state.DigitsDefault(), set)
	if err != nil {
		t.Fatal(err)
	}
	run.Step(50)
	d := teachLevels(rand.New(rand.NewPCG(22, 7)))
	x, _ := pad.Features([]byte(d))
	l := run.cs[0].Learner
	before := l.Scores(make([]float64, 10), x)
	a, err := run.Ask(d, 5)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a[0].Scores, before) || run.T() != 50 || !slices.Equal(l.Scores(make([]float64, 10), x), before) {
		t.Fatal("Ask changed the learner or disagrees with its scores")
	}
	terms := run.Model(0).Expansion().Len()
	if len(a[0].Row) != terms || len(a[0].Nearest) != min(5, terms) || terms == 0 {
		t.Fatalf("row of %d, %d nearest, %d terms", len(a[0].Row), len(a[0].Nearest), terms)
	}
	if err := run.Teach(state.Event{T: 50, Kind: state.EventTeach, Drawing: d, Label: 4}); err != nil {
		t.Fatal(err)
	}
	run.Step(1)
	a, _ = run.Ask(d, 3)
	e := run.Model(0).Expansion()
	if n := a[0].Nearest[0]; n.Index != e.Len()-1 || math.Abs(n.K-1) > 1e-12 || !slices.Equal(n.X, x) {
		t.Errorf("nearest after teaching: term %d of %d, k = %v", n.Index, e.Len(), n.K)
	}
	if _, err := run.Ask(string(make([]byte, 784)), 3); err == nil {
		t.Error("an MNIST drawing asked of an 8×8 run")
	}
}

// TestTeachStrokesEndToEnd: strokes drawn on the pad (a "7") become the
// 8×8 set's counts, an edit in the link, and after the link's replay the
// learner's newest term is exactly those counts' features: what the pad
// showed is what the learner learned.
func TestTeachStrokesEndToEnd(t *testing.T) {
	p := func(x, y float64) pad.Point { return pad.Point{X: x, Y: y} }
	g, err := pad.Rasterize([]pad.Stroke{{p(70, 50), p(210, 50), p(120, 240)}, {p(110, 140), p(190, 140)}}, pad.PenWidth)
	if err != nil {
		t.Fatal(err)
	}
	o, err := pad.ToOptdigits(g)
	if err != nil {
		t.Fatal(err)
	}
	levels := pad.Quantize8(o)
	cfg := state.DigitsDefault()
	before := len(state.Encode(cfg))
	cfg.Events = []state.Event{{T: 3, Kind: state.EventTeach, Drawing: string(levels), Label: 7}}
	h := state.Encode(cfg)
	t.Logf("the drawing adds %d characters to the link; counts %v", len(h)-before, o.Counts)
	link, err := state.Decode(h)
	if err != nil {
		t.Fatal(err)
	}
	run, err := NewDigits(link, loadDigits(t, "digits8x8.kpd.gz").Set())
	if err != nil {
		t.Fatal(err)
	}
	run.Step(4)
	e := run.Model(0).Expansion()
	x, _ := pad.Features(levels)
	if !slices.Equal(e.X(e.Len()-1), x) || run.Last().Drawing != string(levels) {
		t.Errorf("the newest term is not the drawing's features")
	}
	// For the report: what the default learner makes of it after one pass
	// over the set (measured, not asserted: one drawing).
	run.Step(run.N())
	if a, err := run.Ask(string(levels), 3); err == nil {
		t.Logf("after one pass the learner reads the drawn 7 as %d; nearest terms k = %.3f, %.3f, %.3f",
			a[0].Class, a[0].Nearest[0].K, a[0].Nearest[1].K, a[0].Nearest[2].K)
	}
}
