package render

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"kernelplay/core/data/digitfile"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// goldenText compares got with testdata/name or rewrites it (-update).
func goldenText(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if string(want) != got {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("%s: line %d differs:\n got %.200s\nwant %.200s\n(go test -update rewrites)", name, i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("%s: %d lines, want %d (go test -update rewrites)", name, len(gl), len(wl))
	}
}

// run2D returns a 2D page run of cfg after steps examples.
func run2D(t *testing.T, cfg state.Config, steps int) *sim.Sim {
	t.Helper()
	s, err := sim.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	s.Step(steps)
	if s.Err() != nil {
		t.Fatal(s.Err())
	}
	return s
}

// traceInput is what the page's Charts view hands TraceChart.
func traceInput(s *sim.Sim) TraceInput {
	tr := s.Traces()
	pts := func(a sim.Series) Points { return Points{X: a.T, Y: a.V} }
	return TraceInput{Learner: s.Learner(), Regression: s.Config().Task == state.TaskRegression,
		Eta: pts(tr.Eta), AvgError: pts(tr.AvgError), AbsError: pts(tr.AbsError), Loss: pts(tr.Loss), Buffer: pts(tr.Buffer)}
}

func applied(t *testing.T, acts ...state.Action) state.Config {
	t.Helper()
	cfg := state.Default()
	for _, a := range acts {
		var err error
		if cfg, err = state.Apply(cfg, a); err != nil {
			t.Fatal(err)
		}
	}
	return cfg
}

// pageCharts are the representative charts of the golden tests: the 2D
// page's stack for the default SVMD run (early, t = 3, and later), DCD,
// regression and a long synthetic run; the digits comparison; RES vs SGD.
func pageCharts(t *testing.T) map[string]*List {
	out := map[string]*List{}
	trace := func(name string, in TraceInput, w, h float64) {
		var c Chart
		TraceChart(&c, in)
		l := &List{}
		l.Reset(w, h)
		l.Chart(&c)
		out[name] = l
	}
	def := state.Default()
	trace("trace-svmd-t3", traceInput(run2D(t, def, 3)), 300, 560)
	trace("trace-svmd", traceInput(run2D(t, def, 1500)), 300, 560)
	dcd := def
	dcd.Learner = state.LearnerDCD
	trace("trace-dcd", traceInput(run2D(t, dcd, 600)), 300, 560)
	reg := applied(t, state.SetField{Key: "t", Value: state.TaskRegression})
	reg.Nu = 0
	trace("trace-regression", traceInput(run2D(t, reg, 800)), 300, 560)
	// A long run: the recorder's buckets over t ≤ 10⁶ (synthetic values
	// shaped like η_t = √(τ/(τ+t)) and a falling error).
	long := TraceInput{Learner: run2D(t, def, 1).Learner()}
	for i := range 1000 {
		x := 1 + float64(i)*1000
		long.Eta.X, long.Eta.Y = append(long.Eta.X, x), append(long.Eta.Y, math.Sqrt(100/(100+x)))
		long.AvgError.X, long.AvgError.Y = append(long.AvgError.X, x), append(long.AvgError.Y, 0.5/math.Sqrt(1+x/50))
		long.Loss.X, long.Loss.Y = append(long.Loss.X, x), append(long.Loss.Y, 0.3+0.2*math.Sin(x/3e4))
		long.Buffer.X, long.Buffer.Y = append(long.Buffer.X, x), append(long.Buffer.Y, math.Min(512, x))
	}
	trace("trace-long", long, 300, 560)

	// Digits: the comparison preset over the 8×8 digits, 400 steps.
	f, err := os.Open("../../static/data/digits8x8.kpd.gz")
	if err != nil {
		t.Fatal(err)
	}
	dset, err := digitfile.Read(f, "digits8x8")
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	dg, err := sim.NewDigits(state.ComparePreset(), dset.Set())
	if err != nil {
		t.Fatal(err)
	}
	dg.Step(400)
	in := CompareInput{T: dg.T(), N: dg.N(), Colors: []string{"#0072b2", "#d55e00", "#009e73"}}
	for i := range dg.Learners() {
		var a, e sim.Series
		dg.AvgError(i).AppendTo(&a)
		dg.Eta(i).AppendTo(&e)
		in.Names = append(in.Names, dg.Name(i))
		in.AvgError = append(in.AvgError, Points{a.T, a.V})
		in.Eta = append(in.Eta, Points{e.T, e.V})
	}
	var c Chart
	CompareChart(&c, in)
	l := &List{}
	l.Reset(520, 300)
	l.Chart(&c)
	out["compare"] = l

	// RES vs SGD, 3000 samples.
	rs := run2D(t, applied(t, state.SetPreset{Preset: state.PresetRESvsSGD}), 3000)
	res, sgd, ok := rs.Objective()
	if !ok {
		t.Fatal("no objective under the RES-vs-SGD preset")
	}
	cfg := rs.Config()
	var oc Chart
	ObjectiveChart(&oc, ObjectiveInput{RES: Points{res.T, res.V}, SGD: Points{sgd.T, sgd.V},
		Dim: cfg.ResDim, Eval: sim.ResEvalSize, L: cfg.LinBatchSize, Started: rs.T() > 0})
	l = &List{}
	l.Reset(600, 600)
	l.Chart(&oc)
	out["res-vs-sgd"] = l
	return out
}

// TestChartGolden compares the display lists of the page's charts, as the
// shipped builders make them from real runs, with testdata/chart-*.txt.
func TestChartGolden(t *testing.T) {
	charts := pageCharts(t)
	for name, l := range charts {
		goldenText(t, "chart-"+name+".txt", l.dump())
		checkLayout(t, name, l, nil)
	}
}

// texts returns the list's text ops.
func texts(l *List) []Op {
	var out []Op
	for _, o := range l.Ops {
		if o.Kind == OpText {
			out = append(out, o)
		}
	}
	return out
}

// frames returns the list's frame rectangles (the outline ops).
func frames(l *List) []Rect {
	var out []Rect
	for _, o := range l.Ops {
		if o.Kind == OpFrame {
			out = append(out, Rect{o.X - 0.5, o.Y - 0.5, o.W + 1, o.H + 1})
		}
	}
	return out
}

// checkLayout asserts what every chart must satisfy: every text lies
// within the canvas's width and no two texts overlap by the layout's own
// width estimate; every y tick label (monospace, right
// aligned left of a frame) has its baseline inside its frame's height and
// every x tick label (monospace, centred, under the last frame) its anchor
// inside the frames' width; log panels (given by frame index in logs)
// with more than two decades label only powers of ten.
func checkLayout(t *testing.T, name string, l *List, logs map[int]bool) {
	t.Helper()
	ts := texts(l)
	for _, o := range ts {
		if b := TextBox(o); b.X < -0.5 || b.X+b.W > l.W+0.5 {
			t.Errorf("%s: %q spans x = %.1f…%.1f, outside the %.0f px canvas", name, o.Text, b.X, b.X+b.W, l.W)
		}
	}
	for i := range ts {
		for j := range i {
			if TextBox(ts[i]).overlaps(TextBox(ts[j])) {
				t.Errorf("%s: %q at (%.1f, %.1f) overlaps %q at (%.1f, %.1f)", name,
					ts[i].Text, ts[i].X, ts[i].Y, ts[j].Text, ts[j].X, ts[j].Y)
			}
		}
	}
	fr := frames(l)
	if len(fr) == 0 {
		return
	}
	last := fr[len(fr)-1]
	for _, o := range ts {
		if o.Font != FontMono {
			continue
		}
		switch {
		case o.Align == AlignRight && o.X < fr[0].X && o.Y <= last.Y+last.H+1e-9:
			k := -1
			for i, f := range fr {
				if o.Y >= f.Y-1e-9 && o.Y <= f.Y+f.H+1e-9 {
					k = i
				}
			}
			if k < 0 {
				t.Errorf("%s: y tick label %q at y = %.1f outside every frame", name, o.Text, o.Y)
				continue
			}
			if logs[k] {
				v, err := strconv.ParseFloat(o.Text, 64)
				if e := math.Log10(v); err != nil || math.Abs(e-math.Round(e)) > 1e-9 {
					t.Errorf("%s: log panel %d labels %q, not a power of ten", name, k, o.Text)
				}
			}
		case o.Align == AlignCenter && o.Y > last.Y+last.H:
			if o.X < last.X-0.5 || o.X > last.X+last.W+0.5 {
				t.Errorf("%s: x tick label %q at x = %.1f outside the frame [%.1f, %.1f]", name, o.Text, o.X, last.X, last.X+last.W)
			}
		}
	}
}

// TestChartTimeAxisEarlyAndLong: at t < 5 the time labels are whole steps
// and the axis name "t" stands clear of them (they read "t0.0 0.2 …" with
// "t" over "0.0" before); at t = 10⁶ and 10⁷ they are compact and apart.
func TestChartTimeAxisEarlyAndLong(t *testing.T) {
	for _, tmax := range []float64{1, 2, 3, 4, 5, 7, 1e4, 123456, 1e6, 2.5e6, 1e7} {
		for _, w := range []float64{200, 300, 480} {
			c := Chart{XWhole: true, XName: "t", Panels: []Panel{{Title: "loss",
				Series: []Series{{Color: "#000", X: []float64{1, tmax}, Y: []float64{1, 2}}}}}}
			l := &List{}
			l.Reset(w, 200)
			l.Chart(&c)
			name := fmt.Sprintf("t ≤ %g, %g px", tmax, w)
			checkLayout(t, name, l, nil)
			var labels []string
			for _, o := range texts(l) {
				if o.Font == FontMono && o.Align == AlignCenter {
					labels = append(labels, o.Text)
					if strings.Contains(o.Text, ".") && !strings.HasSuffix(o.Text, "k") && !strings.HasSuffix(o.Text, "M") {
						t.Errorf("%s: time label %q is not a whole step", name, o.Text)
					}
				}
			}
			if len(labels) < 2 {
				t.Errorf("%s: %d time labels %q, want at least 2", name, len(labels), labels)
			}
		}
	}
}

// TestChartLabelsNeverCollide lays out seeded random charts — 1 to 4
// panels, log ranges over up to 30 decades, linear ranges of any sign and
// scale, t up to 10⁷, canvases from 180×120 to 900×1000, with and without
// legends, notes, markers, titles — and checks them with checkLayout.
func TestChartLabelsNeverCollide(t *testing.T) {
	const seed, cases = 11, 2000
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	for k := range cases {
		tmax := math.Pow(10, 7*rng.Float64())
		xs := []float64{1, 1 + (tmax-1)/3, tmax}
		c := Chart{XWhole: true, XName: "t", XLog: rng.IntN(4) == 0}
		if c.XLog {
			c.XWhole, c.XName, c.XCaption = false, "", "samples processed t (log)"
		}
		np := 1 + rng.IntN(4)
		logs := map[int]bool{}
		for p := range np {
			pn := Panel{Title: "panel " + strconv.Itoa(p), Value: FormatValue(rng.NormFloat64()*1e3, false)}
			var ys []float64
			if rng.IntN(2) == 0 {
				pn.Log = true
				e0 := -15 + 20*rng.Float64()
				span := 30 * rng.Float64() * rng.Float64()
				ys = []float64{math.Pow(10, e0), math.Pow(10, e0+span/2), math.Pow(10, e0+span)}
				logs[p] = math.Ceil(e0+span)-math.Floor(e0) > 2
				if rng.IntN(3) == 0 {
					pn.YLabel = "F(wₜ) (log)"
				}
			} else {
				scale := math.Pow(10, -6+12*rng.Float64())
				ys = []float64{scale * rng.NormFloat64(), scale * rng.NormFloat64(), scale * rng.NormFloat64()}
			}
			pn.Series = []Series{{Name: "a", Color: "#000", X: xs, Y: ys}, {Name: "SVMD ρ=0.99", Color: "#111", X: xs, Y: ys}}
			c.Panels = append(c.Panels, pn)
		}
		switch rng.IntN(3) {
		case 0:
			c.Legend = LegendTop
		case 1:
			c.Legend = LegendInside
		}
		if rng.IntN(4) == 0 {
			c.Panels[0].Note = "DCD has no step size: each update solves its dual coordinate exactly"
			c.Panels[0].Series = nil
		}
		if rng.IntN(3) == 0 {
			c.Markers = []Marker{{X: xs[1], Label: "0/1 → 2/3", Color: "#555"}}
		}
		if rng.IntN(4) == 0 {
			c.Title, c.Subtitle = "RES vs SGD: objective F(wₜ) as samples arrive", "§4 problem, n = 4 · F on 2000 held-out samples"
		}
		l := &List{}
		l.Reset(180+720*rng.Float64(), 120+880*rng.Float64())
		l.Chart(&c)
		checkLayout(t, fmt.Sprintf("case %d (%.0f×%.0f, t ≤ %.3g)", k, l.W, l.H, tmax), l, logs)
		if t.Failed() {
			return
		}
	}
}

// TestTraceChartLearners: each learner's panels say what they show. A
// kernel learner charts its stored terms; DCD's window and AMM's
// hyperplanes are titled as such (they read "stored terms (this learner
// keeps none)" beside 512 and 18 before); a linear model that keeps only w
// draws no count and says why; DCD, which has no step size, draws no η
// curve and says so (its η chart was empty and read 0).
func TestTraceChartLearners(t *testing.T) {
	cases := []struct {
		learner, task  string
		stored, none   string
		etaNote        bool
		bufferDrawnMax float64 // the last value the count panel shows
	}{
		{state.LearnerSVMD, state.TaskBinary, "stored terms", "", false, 0},
		{state.LearnerDCD, state.TaskBinary, "examples in the window (ω)", "", true, 0},
		{state.LearnerAMM, state.TaskBinary, "hyperplanes", "", false, 0},
		{state.LearnerMulticlass, state.TaskMulticlass, "hyperplanes", "", false, 0},
		{state.LearnerPegasos, state.TaskBinary, "stored terms", "a linear model keeps only w, no terms", false, 0},
		{state.LearnerSGD, state.TaskBinary, "stored terms", "a linear model keeps only w, no terms", false, 0},
	}
	for _, tc := range cases {
		cfg := applied(t, state.SetField{Key: "t", Value: tc.task})
		cfg.Learner = tc.learner
		s := run2D(t, cfg, 200)
		var c Chart
		TraceChart(&c, traceInput(s))
		buf, eta := c.Panels[3], c.Panels[0]
		if buf.Title != tc.stored || buf.Note != tc.none {
			t.Errorf("%s: count panel %q, note %q; want %q, %q", tc.learner, buf.Title, buf.Note, tc.stored, tc.none)
		}
		if (tc.none != "") != (len(buf.Series) == 0) {
			t.Errorf("%s: count panel has %d series with note %q", tc.learner, len(buf.Series), buf.Note)
		}
		if tc.none == "" && buf.Value != FormatValue(float64(s.Last().Step.BufferSize), true) {
			t.Errorf("%s: count reads %q, last step stored %d", tc.learner, buf.Value, s.Last().Step.BufferSize)
		}
		if tc.etaNote != (eta.Note != "") || tc.etaNote != (len(eta.Series) == 0) || (tc.etaNote && eta.Value != "") {
			t.Errorf("%s: η panel note %q, %d series, value %q", tc.learner, eta.Note, len(eta.Series), eta.Value)
		}
		l := &List{}
		l.Reset(300, 560)
		l.Chart(&c)
		checkLayout(t, tc.learner, l, nil)
		for _, o := range texts(l) {
			if strings.Contains(o.Text, "keeps none") {
				t.Errorf("%s: %q", tc.learner, o.Text)
			}
		}
	}
}

// TestTraceChartRegression: 1D regression charts the mean absolute error
// (not the average "mistake" rate, 100% with ν = 0) and its panel reads
// the run's mean |y − f(x)|.
func TestTraceChartRegression(t *testing.T) {
	cfg := applied(t, state.SetField{Key: "t", Value: state.TaskRegression})
	cfg.Nu = 0
	s := run2D(t, cfg, 500)
	var c Chart
	TraceChart(&c, traceInput(s))
	p := c.Panels[1]
	if !strings.Contains(p.Title, "mean absolute error") || p.Value != FormatValue(s.MeanAbsError(), false) {
		t.Errorf("regression error panel %q reads %q; mean |y − f| = %v", p.Title, p.Value, s.MeanAbsError())
	}
	if v := s.MeanAbsError(); !(v < 0.5) {
		t.Errorf("mean |y − f| = %v after 500 steps", v)
	}
}

// TestFormatValue pins the value format of chart titles.
func TestFormatValue(t *testing.T) {
	for _, c := range []struct {
		v     float64
		count bool
		want  string
	}{
		{0.5, false, "0.500"}, {12.34, false, "12.3"}, {1024, false, "1024"}, {1.234e-5, false, "1.23e-5"},
		{-2.5e7, false, "−2.50e7"}, {512, true, "512"}, {0, false, "0"}, {math.NaN(), false, "NaN"},
		{math.Inf(-1), false, "−∞"}, {3e-120, false, "3.00e-120"},
	} {
		if got := FormatValue(c.v, c.count); got != c.want {
			t.Errorf("FormatValue(%v, %v) = %q, want %q", c.v, c.count, got, c.want)
		}
	}
	for v, want := range map[float64]string{1: "1", 9999: "9999", 20000: "20k", 1.5e6: "1.5M", 1e7: "10M", 250000: "250k"} {
		if got := CountLabel(v); got != want {
			t.Errorf("CountLabel(%v) = %q, want %q", v, got, want)
		}
	}
}

// BenchmarkTraceChart lays out the 2D page's chart stack of a 1500-step
// run (300×560 px, the page's size at 1280×800): the work of one chart
// redraw before painting.
func BenchmarkTraceChart(b *testing.B) {
	const steps, w, h = 1500, 300, 560
	s, err := sim.New(state.Default())
	if err != nil {
		b.Fatal(err)
	}
	s.Step(steps)
	in := traceInput(s)
	var c Chart
	var l List
	for b.Loop() {
		TraceChart(&c, in)
		l.Reset(w, h)
		l.Chart(&c)
	}
}

// TestSparePanelsGoFirst: the 2D page's chart too short for its five
// panels drops its spare ones (the stored terms, then the loss) before
// the regret panel: at 300×180 (the charts of presenter mode on a
// 1024×768 projector: 328 px drawn 1.82 times larger) η_t, the error and
// the regret, each frame at least chartCaptionMinH high; at 300×250 the
// loss too; at 300×560 all five. Every layout keeps its text apart.
func TestSparePanelsGoFirst(t *testing.T) {
	s := run2D(t, state.Default(), 300)
	in := traceInput(s)
	in.Regret = RegretTrace{R: Points{X: []float64{1, 10, 100, 300}, Y: []float64{0.5, 3, -2, 12}}}
	var c Chart
	TraceChart(&c, in)
	for _, tc := range []struct {
		h    float64
		want []string
	}{
		{180, []string{"step size η_t (log)", "average online error (log)", RegretTitle}},
		{250, []string{"step size η_t (log)", "average online error (log)", "loss", RegretTitle}},
		{560, []string{"step size η_t (log)", "average online error (log)", "loss", "stored terms", RegretTitle}},
	} {
		l := &List{}
		l.Reset(300, tc.h)
		l.Chart(&c)
		var frames []Op
		for _, o := range l.Ops {
			if o.Kind == OpFrame {
				frames = append(frames, o)
			}
		}
		var titles []string
		for _, o := range texts(l) {
			for _, p := range c.Panels {
				if o.Text == p.Title && o.Color == ChartInk {
					titles = append(titles, o.Text)
				}
			}
		}
		if strings.Join(titles, "|") != strings.Join(tc.want, "|") || len(frames) != len(tc.want) {
			t.Errorf("300×%v: %d frames titled %q, want %q", tc.h, len(frames), titles, tc.want)
		}
		if len(frames) < 5 && frames[0].H < chartCaptionMinH {
			t.Errorf("300×%v: spare panels dropped, yet frames %.1f high, under %v", tc.h, frames[0].H, chartCaptionMinH)
		}
		checkLayout(t, "spare", l, nil)
	}
}
