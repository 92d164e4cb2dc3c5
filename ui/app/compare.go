package app

import (
	"kernelplay/ui/render"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// ChartTraces builds what the 2D page's charts draw of a run — one
// learner's traces, or in a 2D comparison both learners' overlaid — into
// memory it reuses from frame to frame. The zero value is ready to use.
type ChartTraces struct {
	a, b   sim.Traces
	ra, rb regretBuf
	second render.TraceInput
}

// Input returns the charts' input for the 2D run r (Kind Plot2D): the
// traces of r.Sim() with its windowed error over N = Config().Window
// steps, and in a comparison (r.Second() not nil) the second learner's
// traces as Second, the learners named by sim.PairNames and coloured by
// colors. The slices it holds are valid until the next call.
func (ct *ChartTraces) Input(r Run, colors [2]string) render.TraceInput {
	s := r.Sim()
	in := traceInput(s, &ct.a)
	in.Regret = regretTrace(s, &ct.ra)
	b := r.Second()
	if b == nil {
		return in
	}
	ct.second = traceInput(b, &ct.b)
	ct.second.Regret = regretTrace(b, &ct.rb)
	ct.second.Learner = b.Learner()
	in.Second = &ct.second
	in.Names[0], in.Names[1] = sim.PairNames(s.Config())
	in.Colors = colors
	return in
}

// traceInput is s's traces (written into tr) as the charts' input.
func traceInput(s *sim.Sim, tr *sim.Traces) render.TraceInput {
	s.TracesInto(tr)
	pts := func(s sim.Series) render.Points { return render.Points{X: s.T, Y: s.V} }
	c := s.Config()
	return render.TraceInput{
		Learner: s.Learner(), Regression: c.Task == state.TaskRegression,
		Eta: pts(tr.Eta), AvgError: pts(tr.AvgError), AbsError: pts(tr.AbsError), Loss: pts(tr.Loss), Buffer: pts(tr.Buffer),
		WinError: pts(tr.WinError), Window: c.Window,
	}
}

// SecondView is what the page shows of a 2D comparison's second learner
// beside the plot: its run (whose learner the surface is drawn from; the
// points are the first run's, the same stream), its name and a caption of
// its settings. Zero (Sim nil) when the run compares nothing.
type SecondView struct {
	Sim *sim.Sim
	// Name is the learner's legend name (sim.PairNames), Caption its
	// settings in the page's symbols, e.g. "λ = 0.001 · σ = 0.4 ·
	// η₀ = 1 · τ = 50 · ω = 512".
	Name, Caption string
}

// Second returns what the page shows of run r's second learner.
func Second(r Run) SecondView {
	b := r.Second()
	if b == nil {
		return SecondView{}
	}
	_, name := sim.PairNames(r.Sim().Config())
	return SecondView{Sim: b, Name: name, Caption: settingsCaption(b.LearnerConfig())}
}

// settingsCaption lists c's learner settings that matter (active fields
// of the learner, kernel, step size and buffer groups), as "σ = 0.4".
func settingsCaption(c state.Config) string {
	out := ""
	for i := range state.Fields {
		f := &state.Fields[i]
		if f.Second() || f.Symbol == "" || !f.Active(c) {
			continue
		}
		switch f.Group {
		case state.GroupLearner, state.GroupKernel, state.GroupStepSize, state.GroupBuffer:
		default:
			continue
		}
		if f.Kind == state.Bool {
			continue
		}
		if out != "" {
			out += " · "
		}
		out += f.Symbol + " = " + f.Get(c)
	}
	return out
}
