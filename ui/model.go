package ui

import (
	"math"
	"strconv"

	"kernelplay/ui/render"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// Pure read-outs of the simulation for the page: predictions for the debug
// hook, the margin lines and the stats table (the charts: render.TraceChart).

// scorer is what the read-outs need of a learner (sim.Sim.Learner's
// Scores and NumScores), named here so the views need not import the core.
type scorer interface {
	NumScores() int
	Scores(dst, x []float64) []float64
}

// scoresAt returns the learner's scores at plot point (x, y): the input is
// (x, y) in 2D tasks and x alone in 1D regression.
func scoresAt(c state.Config, l scorer, x, y float64) []float64 {
	in := []float64{x, y}
	if c.Task == state.TaskRegression {
		in = in[:1]
	}
	return l.Scores(make([]float64, l.NumScores()), in)
}

// predictAt is the prediction at (x, y) in the page's terms: the class
// index for classification (binary: 0 is y = −1, 1 is y = +1, as clicked
// points are numbered), f(x) for regression, f(x) − ε for novelty.
func predictAt(c state.Config, l scorer, x, y float64) float64 {
	s := scoresAt(c, l, x, y)
	switch c.Task {
	case state.TaskBinary:
		if s[0] > 0 {
			return 1
		}
		return 0
	case state.TaskMulticlass:
		best := 0
		for i, v := range s {
			if v > s[best] {
				best = i
			}
		}
		return float64(best)
	}
	return s[0]
}

// plotMargin is the level of the dashed margin lines: the margin of the last
// step (ε or ρ under the ν-trick), 1 before the first step; 0 for no
// margin (the perceptron).
func plotMargin(sm *sim.Sim, c state.Config) float64 {
	if c.Learner == state.LearnerPerceptron && c.Task != state.TaskRegression {
		return 0
	}
	last := sm.Last()
	if last.X == nil {
		if c.Nu > 0 {
			return 0
		}
		return 1
	}
	m := last.Step.Margin
	if math.IsNaN(m) || math.IsInf(m, 0) || m < 0 {
		return 0
	}
	return m
}

// traceJSON is the run so far for the debug hook: t, the mistakes and
// every chart series, as JSON with exact float formatting (shortest
// round-trip decimals, so two runs agree bit for bit exactly when their
// JSON is equal). Non-finite values, which JSON cannot hold, are written as
// strings. Written by hand: encoding/json would add about 100 KB to the
// gzipped wasm.
func traceJSON(sm *sim.Sim) string {
	tr := sm.Traces()
	b := []byte(`{"t":`)
	b = strconv.AppendInt(b, int64(sm.T()), 10)
	b = append(b, `,"mistakes":`...)
	b = strconv.AppendInt(b, int64(sm.Mistakes()), 10)
	for _, f := range []struct {
		name string
		v    []float64
	}{{"steps", tr.Eta.T}, {"eta", tr.Eta.V}, {"avgError", tr.AvgError.V}, {"loss", tr.Loss.V},
		{"buffer", tr.Buffer.V}, {"margin", tr.Margin.V}, {"winSteps", tr.WinError.T}, {"winError", tr.WinError.V}} {
		b = append(b, `,"`...)
		b = append(b, f.name...)
		b = append(b, `":[`...)
		for i, x := range f.v {
			if i > 0 {
				b = append(b, ',')
			}
			if math.IsNaN(x) || math.IsInf(x, 0) {
				b = strconv.AppendQuote(b, num(x))
			} else {
				b = strconv.AppendFloat(b, x, 'g', -1, 64)
			}
		}
		b = append(b, ']')
	}
	return string(append(b, '}'))
}

// readout is one row of the stats table.
type readout struct {
	Label, Value, Hint string
	// Wide rows take a whole line of the read-outs (the label across the
	// first three of its four columns): a value such as "1,000 of 1,000"
	// would otherwise cut its label.
	Wide bool
}

// readouts are the stats rows for the current run.
func readouts(sm *sim.Sim, c state.Config) []readout {
	t := sm.T()
	avg := 0.0
	if t > 0 {
		avg = float64(sm.Mistakes()) / float64(t)
	}
	last := sm.Last()
	eta, loss := math.NaN(), math.NaN()
	if last.X != nil {
		eta, loss = last.Step.Eta, last.Step.Loss
	}
	if render.NoStepSize(sm.Learner()) != "" {
		eta = math.NaN() // DCD: no step size (its Step.Eta is 0)
	}
	terms := "–"
	if m := render.ModelTerms(sm.Learner()); m != nil {
		terms = itoa(m.Len()) + " / " + itoa(m.Cap())
	}
	dash := func(v float64) string {
		if math.IsNaN(v) {
			return "–"
		}
		return num(v)
	}
	rows := []readout{
		{Label: "t", Value: count(t), Hint: "examples drawn, predicted and learned so far"},
		{Label: "mistakes", Value: count(sm.Mistakes()), Hint: "wrong predictions, each made before its example was learned"},
		{Label: "avg error", Value: ftoa(100*avg, 2) + " %", Hint: "average online error: mistakes / t"},
	}
	if c.Task == state.TaskRegression {
		// A regression "mistake" is a residual outside the ε-tube: every
		// step when ν = 0 leaves no tube. The online error of regression
		// is the mean absolute residual, each prediction made before its
		// example is learned.
		rows = []readout{
			{Label: "t", Value: count(t), Hint: "examples drawn, predicted and learned so far"},
			{Label: "avg |y−f|", Value: dash(sm.MeanAbsError()), Hint: "mean absolute error on the stream: (1/t)·Σ |y_t − f(x_t)|, each f(x_t) predicted before learning"},
			{Label: "outside ε", Value: count(sm.Mistakes()), Hint: "residuals outside the ε-tube (all of them when there is no tube, ν = 0)"},
		}
	}
	rows = append(rows, []readout{
		{Label: "η_t", Value: dash(eta), Hint: "the step size of the last update"},
		{Label: "loss", Value: dash(loss), Hint: "the loss of the last example, before its update"},
		{Label: "margin", Value: dash(plotMargin(sm, c)), Hint: "ε (ν-trick) or the fixed margin 1; dashed in the plot"},
		{Label: "terms / ω", Value: terms, Hint: "expansion terms stored / buffer size"},
	}...)
	return rows
}
