package render

import (
	"reflect"
	"strings"
	"testing"

	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// TestTraceChartCompare: a 2D comparison's charts overlay both learners on
// every panel in their colours, name them in a legend above, and draw each
// learner's windowed error dashed beside its running average, the
// windowed curve ending at the learner's exact windowed error.
func TestTraceChartCompare(t *testing.T) {
	cfg := state.Default()
	cfg.Preset, cfg.Compare = state.PresetRotating, state.LearnerNORMA
	cfg.Second = cfg.Settings()
	cfg.Second.Sigma = 0.4
	a, err := sim.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	b, err := sim.NewSecond(cfg)
	if err != nil {
		t.Fatal(err)
	}
	a.Step(1200)
	b.Step(1200)
	withWin := func(s *sim.Sim) TraceInput {
		in := traceInput(s)
		tr := s.Traces()
		in.WinError, in.Window = Points{X: tr.WinError.T, Y: tr.WinError.V}, cfg.Window
		return in
	}
	in := withWin(a)
	second := withWin(b)
	in.Second = &second
	in.Names = [2]string{"SVMD ρ=0.95", "NORMA τ=100"}
	in.Colors = [2]string{"#0072b2", "#d55e00"}
	var c Chart
	TraceChart(&c, in)
	if c.Legend != LegendTop || len(c.Panels) != 5 { // η, error, loss, stored, regret
		t.Fatalf("legend %d, %d panels", c.Legend, len(c.Panels))
	}
	for i, p := range c.Panels {
		if len(p.Series) < 2 || p.Series[0].Name != in.Names[0] || p.Series[1].Name != in.Names[1] ||
			p.Series[0].Color != in.Colors[0] || p.Series[1].Color != in.Colors[1] {
			t.Errorf("panel %d (%s): series %+v", i, p.Title, p.Series)
		}
	}
	errP := c.Panels[1]
	if len(errP.Series) != 4 || !strings.Contains(errP.Title, "last 500 dashed") {
		t.Fatalf("error panel %q has %d series, want 4", errP.Title, len(errP.Series))
	}
	for j, s := range []*sim.Sim{a, b} {
		w := errP.Series[2+j]
		if w.Dash != WindowDash || w.Color != in.Colors[j] || w.Name != "" {
			t.Errorf("learner %d's windowed curve: dash %v colour %s name %q", j, w.Dash, w.Color, w.Name)
		}
		tr := s.Traces().WinError
		if !reflect.DeepEqual(w.X, tr.T) || !reflect.DeepEqual(w.Y, tr.V) {
			t.Errorf("learner %d's windowed curve is not its run's windowed error", j)
		}
	}
	l := &List{}
	l.Reset(300, 560)
	l.Chart(&c)
	checkLayout(t, "compare", l, nil)
	legend := 0
	for _, o := range texts(l) {
		if o.Text == in.Names[0] || o.Text == in.Names[1] {
			legend++
		}
	}
	if legend != 2 {
		t.Errorf("the legend names %d learners, want 2", legend)
	}
}

// TestTraceChartWindowTitles: the error panel's titles with the windowed
// curve (classification and regression, one learner and two) fit the
// page's 300 px chart without overlapping its value or leaving the canvas.
func TestTraceChartWindowTitles(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  func(*state.Config)
		want string
	}{
		{"binary", func(c *state.Config) {}, "online error: average, last 500 dashed"},
		{"regression", func(c *state.Config) {
			c.Task, c.Learner, c.Nu = state.TaskRegression, state.LearnerNORMA, 0
		}, "mean absolute error: all, last 500 dashed"},
	} {
		cfg := state.Default()
		tc.cfg(&cfg)
		s := run2D(t, cfg, 700)
		in := traceInput(s)
		tr := s.Traces()
		in.WinError, in.Window = Points{X: tr.WinError.T, Y: tr.WinError.V}, cfg.Window
		var c Chart
		TraceChart(&c, in)
		p := c.Panels[1]
		if !strings.HasPrefix(p.Title, tc.want) || len(p.Series) != 2 || p.Series[1].Dash != WindowDash {
			t.Errorf("%s: error panel %q with %d series", tc.name, p.Title, len(p.Series))
		}
		l := &List{}
		l.Reset(300, 560)
		l.Chart(&c)
		checkLayout(t, tc.name, l, nil)
	}
}
