package render

import (
	"math"
	"strconv"
	"strings"

	"kernelplay/core/learn"
)

// The page's three charts as [Chart] descriptions: the 2D page's trace
// stack ([TraceChart]), the digits comparison ([CompareChart]) and the
// RES-vs-SGD objective ([ObjectiveChart]).

// Trace colours of the 2D page (Okabe–Ito blue, vermillion, bluish green;
// a purple for the buffer).
const (
	EtaColor    = "#0072b2"
	ErrorColor  = "#d55e00"
	LossColor   = "#009e73"
	BufferColor = "#6a3d9a"
	RegretColor = "#cc79a7" // Okabe–Ito reddish purple
)

// Points is a series' points (X[i], Y[i]), X increasing.
type Points struct{ X, Y []float64 }

// TraceInput is what the 2D page's charts show of a run.
type TraceInput struct {
	// Learner says which panels mean what: whether it has a step size and
	// what its stored count counts.
	Learner learn.Learner
	// Regression charts AbsError (the running mean |y_t − f(x_t)|) in the
	// error panel instead of AvgError.
	Regression                            bool
	Eta, AvgError, AbsError, Loss, Buffer Points
	// WinError is the windowed online error (the mistakes among the last
	// Window steps, sim.ErrorWindow; for regression the mean |y − f(x)|
	// over them, sim.MeanWindow), drawn dashed in the error panel beside
	// the running average or mean; empty draws none.
	WinError Points
	Window   int

	// Regret is the comparison with the best fixed predictor in hindsight
	// (core/regret via sim.Sim.Regret), drawn in its own panel on a symlog
	// axis.
	Regret RegretTrace

	// Second, when not nil, is the second learner of a 2D comparison: its
	// traces are overlaid on every panel, each learner in its colour
	// (Colors), and a legend above the panels names them (Names). Its own
	// Second is ignored.
	Second *TraceInput
	Names  [2]string
	Colors [2]string
}

// RegretTrace is the regret panel's data, in the steps t of the run (a
// checkpoint m of a comparison that started after step s is at t = s + m).
type RegretTrace struct {
	// R is the regret R_m = Σ R_stoch[f_t, t] − J_m(g*) at the solved
	// checkpoints where g* is exact; Lower continues it beyond MaxExact,
	// where g* is frozen and R is a lower bound (regret.Point.Exact false).
	R, Lower Points
	// Upper is R + gap (the duality gap of the solve: the true regret lies
	// in [R, R + gap]); empty where the gap is negligible everywhere.
	Upper Points
	// Bound is the theorem's bound on the regret (the bound on Σ R_stoch
	// minus J_m(g*)); empty where none applies.
	Bound Points
	// Caption says what the bound is (paper and equation) or why there is
	// none; Why, without points, why there is no comparison at all.
	Caption, Why string
	// Alarms are the change detections on the learner's 0/1 errors (ADWIN,
	// Page–Hinkley: core/drift), marked across the panels.
	Alarms []Alarm
}

// Alarm is one detection at step T, labelled by its detector(s).
type Alarm struct {
	T     float64
	Label string
}

// AlarmColor is the detections' marker colour (a dark vermillion).
const AlarmColor = "#a33a00"

// caption is the caption, or why there is no comparison.
func (r RegretTrace) caption() string {
	if r.Caption == "" {
		return r.Why
	}
	return r.Caption
}

// WindowDash is the dash of the windowed error's curves.
var WindowDash = [2]float64{4, 3}

// errorTitle is the error panel's title: with the windowed error, what
// its dashed curve is.
func errorTitle(in TraceInput) string {
	last := "last " + strconv.Itoa(in.Window) + " dashed (log)"
	switch {
	case in.Regression && len(in.WinError.X) > 0:
		return "mean absolute error: all, " + last
	case in.Regression:
		return "mean absolute error |y − f(x)| (log)"
	case len(in.WinError.X) == 0:
		return "average online error (log)"
	}
	return "online error: average, " + last
}

// Stored describes what a learner's stored count (learn.Step.BufferSize)
// counts, for chart titles and the buffer panel: title is the chart's
// title ("stored terms", "examples in the window", "hyperplanes"), and
// none, when non-empty, says why there is nothing to chart (a linear model
// keeps only w).
func Stored(l learn.Learner) (title, none string) {
	if ammOf(l) != nil {
		return "hyperplanes", ""
	}
	switch l.(type) {
	case *learn.DCDOnline:
		return "examples in the window (ω)", ""
	case *learn.Pegasos, *learn.RES, *learn.SGD:
		return "stored terms", "a linear model keeps only w, no terms"
	}
	return "stored terms", ""
}

// NoStepSize returns why l has no step size to chart (DCD solves each
// dual coordinate exactly), or "" when it has one.
func NoStepSize(l learn.Learner) string {
	if _, ok := l.(*learn.DCDOnline); ok {
		return "DCD has no step size: each update solves its dual coordinate exactly"
	}
	return ""
}

// TraceChart describes the 2D page's chart stack into dst (reusing its
// panels): step size η_t and average online error on log scales (JMLR
// Figs. 3–7), the loss and the stored count, over one time axis t.
func TraceChart(dst *Chart, in TraceInput) {
	*dst = Chart{Panels: dst.Panels[:0], XWhole: true, XName: "t"}
	stored, none := Stored(in.Learner)
	noEta := NoStepSize(in.Learner)
	eta := Panel{Title: "step size η_t (log)", Log: true, Note: noEta}
	if noEta == "" {
		eta.Value = lastValue(in.Eta.Y, false)
		eta.Series = []Series{{Color: EtaColor, X: in.Eta.X, Y: in.Eta.Y}}
	}
	errP := Panel{Title: "average online error (log)", Log: true, Value: lastValue(in.AvgError.Y, false),
		Series: []Series{{Color: ErrorColor, X: in.AvgError.X, Y: in.AvgError.Y}}}
	if in.Regression {
		errP = Panel{Title: "mean absolute error |y − f(x)| (log)", Log: true, Value: lastValue(in.AbsError.Y, false),
			Series: []Series{{Color: ErrorColor, X: in.AbsError.X, Y: in.AbsError.Y}}}
	}
	// The loss and the stored count are spare (Panel.Spare): on a short
	// chart (a projector in presenter mode) they make room for the regret
	// panel, the comparison a lesson on online learning is about; both
	// stay in the read-outs (and the stored terms in the buffer strip).
	loss := Panel{Title: "loss", Value: lastValue(in.Loss.Y, false), Spare: true,
		Series: []Series{{Color: LossColor, X: in.Loss.X, Y: in.Loss.Y}}}
	buf := Panel{Title: stored, Note: none, Whole: true, Spare: true}
	if none == "" {
		buf.Value = lastValue(in.Buffer.Y, true)
		buf.Series = []Series{{Color: BufferColor, X: in.Buffer.X, Y: in.Buffer.Y}}
	}
	if len(in.WinError.X) > 0 {
		errP.Title = errorTitle(in)
		errP.Series = append(errP.Series, Series{Color: ErrorColor, Dash: WindowDash, Width: 1.2, X: in.WinError.X, Y: in.WinError.Y})
	}
	dst.Panels = append(dst.Panels, eta, errP, loss, buf, regretPanel(in))
	for _, a := range in.Regret.Alarms {
		dst.Markers = append(dst.Markers, Marker{X: a.T, Label: a.Label, Color: AlarmColor})
	}
	if in.Second != nil {
		overlay(dst, in)
	}
}

// overlay redraws the panels of dst (TraceChart's, of in) with both
// learners of a comparison: every series in its learner's colour, the
// second learner's traces added, its windowed error dashed, the legend
// above naming the learners by the first panel's series (one per
// learner), and each panel's value dropped (two learners have two).
func overlay(dst *Chart, in TraceInput) {
	b := in.Second
	dst.Legend = LegendTop
	pick := []func(*TraceInput) Points{
		func(t *TraceInput) Points { return t.Eta },
		func(t *TraceInput) Points {
			if t.Regression {
				return t.AbsError
			}
			return t.AvgError
		},
		func(t *TraceInput) Points { return t.Loss },
		func(t *TraceInput) Points { return t.Buffer },
	}
	for i := range dst.Panels {
		p := &dst.Panels[i]
		if i == 4 {
			// The regret: both learners' curves, each one's caption on
			// a line of its own.
			p.Value, p.Note = "", ""
			p.Series = regretSeries(p.Series[:0], in.Regret, in.Colors[0], in.Names[0])
			p.Series = regretSeries(p.Series, b.Regret, in.Colors[1], in.Names[1])
			p.Caption = in.Names[0] + ": " + in.Regret.caption() + "\n" + in.Names[1] + ": " + b.Regret.caption()
			if len(in.Regret.R.X) == 0 && len(b.Regret.R.X) == 0 {
				p.Note, p.Caption = in.Regret.Why, ""
			}
			continue
		}
		p.Value, p.Note, p.Series = "", "", p.Series[:0]
		for j, t := range []*TraceInput{&in, b} {
			pts := pick[i](t)
			if i == 0 && NoStepSize(t.Learner) != "" {
				pts = Points{}
			}
			if i == 3 {
				if _, none := Stored(t.Learner); none != "" {
					pts = Points{}
				}
			}
			p.Series = append(p.Series, Series{Name: in.Names[j], Color: in.Colors[j], X: pts.X, Y: pts.Y})
		}
		if i == 1 {
			for j, t := range []*TraceInput{&in, b} {
				if len(t.WinError.X) > 0 {
					p.Series = append(p.Series, Series{Color: in.Colors[j], Dash: WindowDash, Width: 1.2,
						X: t.WinError.X, Y: t.WinError.Y})
				}
			}
		}
	}
}

// RegretTitle is the regret panel's title.
const RegretTitle = "regret vs best fixed g* in hindsight (symlog)"

// regretPanel is the regret panel of one learner: R solid, its lower
// bound beyond MaxExact thin, R + gap dotted, the bound dashed, the
// caption citing the bound or saying why there is none.
func regretPanel(in TraceInput) Panel {
	r := in.Regret
	p := Panel{Title: RegretTitle, SymLog: true, Caption: r.Caption}
	if len(r.R.X) == 0 {
		p.Note, p.Caption = r.Why, ""
		if p.Note == "" {
			p.Note = "regret: solving the first checkpoint…"
		}
		return p
	}
	p.Series = regretSeries(nil, r, RegretColor, "")
	if n := len(r.Lower.Y); n > 0 {
		p.Value = "≥ " + formatSig(r.Lower.Y[n-1])
	} else {
		p.Value = formatSig(r.R.Y[len(r.R.Y)-1])
	}
	return p
}

// regretSeries appends the curves of r in color (named name: the legend
// of a comparison).
func regretSeries(dst []Series, r RegretTrace, color, name string) []Series {
	dst = append(dst, Series{Name: name, Color: color, X: r.R.X, Y: r.R.Y})
	if len(r.Lower.X) > 0 {
		dst = append(dst, Series{Color: color, Width: 1, Dash: [2]float64{1, 3}, X: r.Lower.X, Y: r.Lower.Y})
	}
	if len(r.Upper.X) > 0 {
		dst = append(dst, Series{Color: color, Width: 0.8, X: r.Upper.X, Y: r.Upper.Y})
	}
	if len(r.Bound.X) > 0 {
		dst = append(dst, Series{Color: color, Width: 1.2, Dash: [2]float64{6, 4}, X: r.Bound.X, Y: r.Bound.Y})
	}
	return dst
}

// formatSig writes v with 3 significant digits.
func formatSig(v float64) string { return strconv.FormatFloat(v, 'g', 3, 64) }

// CompareInput is what the digits comparison charts show.
type CompareInput struct {
	// Names and Colors of the learners, in legend order.
	Names, Colors []string
	// AvgError[i] and Eta[i] are learner i's running average online error
	// and step size η_t as (step, value) points in step order — the bounded
	// histories of a digits run (sim.History), so not one point per step.
	AvgError, Eta []Points
	// WinError[i], if given, is learner i's windowed error (the mistakes
	// among its last Window predictions), drawn dashed in its colour.
	WinError []Points
	Window   int
	// T is the number of steps learned so far (0: the run has not started).
	T int
	// N is the stream's length (the x axis runs from 1 to N).
	N int
	// SwitchAt, when positive, marks the step where the stream switches
	// task (the 0/1 → 2/3 stream, JMLR Fig. 6).
	SwitchAt int
	// SwitchLabel labels that marker.
	SwitchLabel string
	// Regret, when set, says under the title why no regret is drawn
	// (app.DigitsRegretNote).
	Regret string
	// Regrets, on a binary task, is each learner's regret (app.DigitsRegret):
	// a third panel, as the 2D charts' (compareRegretPanel, digitsview.go).
	Regrets []RegretTrace
}

// CompareChart describes the digits comparison into dst: every learner's
// average online error and step size η_t overlaid on log scales (as JMLR
// Figs. 3–7) over t from 1 to N, with a legend of the learners.
func CompareChart(dst *Chart, in CompareInput) {
	*dst = Chart{Panels: dst.Panels[:0], XWhole: true, XName: "t", XMin: 1, XMax: math.Max(2, float64(in.N)), Legend: LegendTop}
	if in.T == 0 {
		dst.Message = "Charts appear once the run starts."
		return
	}
	errP := Panel{Title: "average online error (log)", Log: true}
	etaP := Panel{Title: "step size η_t (log)", Log: true}
	for i, name := range in.Names {
		col := in.Colors[i%len(in.Colors)]
		a, e := in.AvgError[i], in.Eta[i]
		errP.Series = append(errP.Series, Series{Name: name, Color: col, X: a.X, Y: a.Y})
		etaP.Series = append(etaP.Series, Series{Name: name, Color: col, X: e.X, Y: e.Y})
	}
	for i := range in.WinError {
		if w := in.WinError[i]; len(w.X) > 0 {
			errP.Title = "online error: average, last " + strconv.Itoa(in.Window) + " dashed (log)"
			errP.Series = append(errP.Series, Series{Color: in.Colors[i%len(in.Colors)], Dash: WindowDash, Width: 1.2,
				X: w.X, Y: w.Y})
		}
	}
	dst.Panels = append(dst.Panels, errP, etaP)
	if len(in.Regrets) > 0 {
		dst.Panels = append(dst.Panels, compareRegretPanel(in))
	}
	dst.Subtitle = in.Regret
	if in.SwitchAt > 0 {
		dst.Markers = append(dst.Markers, Marker{X: float64(in.SwitchAt) + 0.5, Label: in.SwitchLabel, Color: ChartMuted})
	}
	dst.Markers = compareAlarms(dst.Markers, in) // after the switch: its label is placed first
}

// ObjectiveInput is what the RES-vs-SGD chart shows (RES paper Figs. 1,
// 2, 4): the objective F(w_t) of both learners at checkpoints t.
type ObjectiveInput struct {
	RES, SGD Points
	// Dim is the problem's dimension n, Eval the held-out sample size, L
	// RES's batch size.
	Dim, Eval, L int
	// Started is false before the first step.
	Started bool
}

// Curve colours of RES vs SGD (Okabe–Ito blue and vermillion).
const (
	RESColor = "#0072b2"
	SGDColor = "#d55e00"
)

// ObjectiveChart describes the RES-vs-SGD chart into dst: F(w_t) against
// the samples processed on log–log axes, the x axis from 1 to the decade
// above the last checkpoint, the y axis over the values with a quarter of
// a decade of air (F(w_0) = 1 for the squared hinge would run along the
// frame otherwise).
func ObjectiveChart(dst *Chart, in ObjectiveInput) {
	tmax := 10.0
	for _, s := range []Points{in.RES, in.SGD} {
		if n := len(s.X); n > 0 {
			tmax = math.Max(tmax, s.X[n-1])
		}
	}
	tmax = math.Pow(10, math.Ceil(math.Log10(tmax)))
	// SGD first, so that RES, the paper's subject, is drawn on top (and
	// listed first: the inside legend lists the topmost curve first).
	p := Panel{Log: true, LogPad: 1.8, YLabel: "F(wₜ) (log)", Series: []Series{
		{Name: "SGD", Value: "F = " + lastValue(in.SGD.Y, false), Color: SGDColor, Width: 2.2, X: in.SGD.X, Y: in.SGD.Y},
		{Name: "RES", Value: "F = " + lastValue(in.RES.Y, false), Color: RESColor, Width: 2.2, X: in.RES.X, Y: in.RES.Y},
	}}
	if !in.Started {
		p.Note = "press Play or Step: both learners see the same examples"
	}
	*dst = Chart{
		Title: "RES vs SGD: objective F(wₜ) as samples arrive",
		Subtitle: "§4 problem, n = " + strconv.Itoa(in.Dim) + " · F on " + strconv.Itoa(in.Eval) +
			" held-out samples · L = " + strconv.Itoa(in.L) + " RES, 1 SGD",
		Panels: append(dst.Panels[:0], p), XMin: 1, XMax: tmax, XLog: true,
		XCaption: "samples processed t (log)", Legend: LegendInside, Background: "#ffffff",
	}
}

// lastValue formats the last finite-or-not value of ys for a title: a
// count as a whole number, otherwise three significant digits; "" when
// empty.
func lastValue(ys []float64, count bool) string {
	if len(ys) == 0 {
		return ""
	}
	return FormatValue(ys[len(ys)-1], count)
}

// FormatValue writes v with three significant digits (fixed point from
// 0.001 to 10⁴, else 1.23e-5), or as a whole number when count; NaN and
// infinities as "NaN", "∞", "−∞"; a leading minus as U+2212.
func FormatValue(v float64, count bool) string {
	switch {
	case math.IsNaN(v):
		return "NaN"
	case math.IsInf(v, 1):
		return "∞"
	case math.IsInf(v, -1):
		return "−∞"
	case v == 0:
		return "0"
	}
	var s string
	a := math.Abs(v)
	switch {
	case count && a < 1e6:
		s = strconv.FormatFloat(math.Round(v), 'f', 0, 64)
	case a >= 1e-3 && a < 1e4:
		dec := max(0, 2-int(math.Floor(math.Log10(a))))
		s = strconv.FormatFloat(v, 'f', dec, 64)
		if a >= 999.5 {
			s = strconv.FormatFloat(v, 'f', 0, 64)
		}
	default:
		s = strconv.FormatFloat(v, 'e', 2, 64)
		// 1.23e-05 → 1.23e-5, 1.23e+06 → 1.23e6
		mant, exp, _ := strings.Cut(s, "e")
		sign, digits := exp[:1], strings.TrimLeft(exp[1:], "0")
		if sign == "+" {
			sign = ""
		}
		s = mant + "e" + sign + digits
	}
	if s[0] == '-' {
		s = "−" + s[1:]
	}
	return s
}
