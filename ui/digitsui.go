package ui

import (
	"errors"
	"strconv"

	"kernelplay/ui/app"
	"kernelplay/ui/paint"
	"kernelplay/ui/render"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// digitsUI is the page's part of the digits mode (state.ModeDigits): the
// data loader and the canvases. The run itself is the store's
// (app.Store.Run, Kind Digits or Compare): the store builds it when the
// data set it waits for (app.Store.NeedData) is handed over.
type digitsUI struct {
	fileNote   string      // the sentence about the user's file (app.Store.FileNote), fed with the progress line's props
	run        *sim.Digits // the store's digits run, nil while waiting for data
	builtFor   app.Run     // the store's run when last looked at
	status     string      // why there is no run (loading, a failure), "" when running
	failed     bool        // status is a failure (shown as an error)
	perFrame   int         // steps learned in the last frame
	regretBusy bool        // the comparators had work left after the last frame (solveDigitsRegret)

	now        *dCanvas // the current digit, large
	galleries  []*dCanvas
	confusions []*dCanvas
	charts     *dCanvas
	readout    *digitsReadout
	pad        *padView     // the drawing pad (padview.go)
	cell       *cellView    // the confusion cell's examples (cellview.go)
	cursors    []cellCursor // each confusion matrix's keyboard cursor
	nowCost    float64      // ms the current digit's drawing takes, moving average
	slowDrawn  float64      // when the charts, galleries and matrices were last drawn, ms
	slowCost   float64      // ms the last slow redraw took
	dropWired  bool
	digitsJS                // the images' upload canvases (digits_draw_js.go)
	chart      compareChart // the charts' display list and paint.Painter
	termIdx    []int
	alpha      []float64
}

// digits returns the digits state, creating it on first use.
func (a *Playground) digits() *digitsUI {
	if a.dg == nil {
		a.dg = &digitsUI{}
		a.dg.now = &dCanvas{id: "digit-now", class: "digitnow", label: "the current digit", canvases: a.b}
		a.dg.charts = &dCanvas{id: "digits-charts", class: "dcharts", label: "average error, step size and, on binary tasks, regret of each learner",
			title: app.RegretBoundsNote, canvases: a.b}
		a.dg.readout = &digitsReadout{}
		a.dg.pad = newPadView(a.b, a.b)
		a.dg.cell = newCellView(a.b, a.b)
		a.dg.cell.P.Dispatch = a.dispatch
		a.dg.feedReadout(a)
	}
	return a.dg
}

// feedReadout hands the progress line its props — the run, why there is
// none, and the loop's measured rate and time per step — and the data
// column the sentence about the user's file.
func (dg *digitsUI) feedReadout(a *Playground) {
	r := dg.readout
	r.Run, r.Status, r.Failed = dg.run, dg.status, dg.failed
	r.Rate, r.PerStep, r.Playing = a.sps.Rate(), a.slicer.PerStep(), a.store.Config().Playing
	drawings := 0
	for _, e := range a.store.Base().Events {
		if e.Kind == state.EventTeach {
			drawings++
		}
	}
	dg.pad.feed(padProps{Run: dg.run, CanUndo: a.store.CanUndo(), Drawings: drawings, Dispatch: a.dispatch})
}

// sizeCanvases keeps one gallery and one confusion canvas per learner.
func (dg *digitsUI) sizeCanvases(n int) {
	for len(dg.galleries) < n {
		i := strconv.Itoa(len(dg.galleries))
		dg.galleries = append(dg.galleries, &dCanvas{id: "gallery-" + i, class: "gallery", label: "support vectors of learner " + i, canvases: dg.now.canvases})
		dg.confusions = append(dg.confusions, &dCanvas{id: "confusion-" + i, class: "confusion", label: "confusion matrix of learner " + i, canvases: dg.now.canvases})
		dg.cursors = append(dg.cursors, cellCursor{})
	}
}

// userFile parses a user's data file (name and bytes) and hands it to the
// store, which decides where it goes and says why (app.Route).
func (a *Playground) userFile(name string, b []byte) {
	{
		set, err := app.ReadUserFile(name, b)
		if err == nil && set.Len() == 0 {
			err = errors.New(name + " holds no examples")
		}
		if err != nil {
			a.store.Notify(app.Message{Kind: app.Failure, Text: "Could not read your file: " + err.Error() + "."})
			return
		}
		a.store.Dispatch(app.LoadFile{Name: name, Set: set})
	}
}

// drawConfusion paints learner i's confusion matrix (render.Confusion).
func (dg *digitsUI) drawConfusion(a *Playground, run *sim.Digits, i int) {
	d := dg.confusions[i]
	if d.cv == nil || !d.cv.Fit() {
		return
	}
	render.Confusion(&d.list, run.ClassNames(), run.Confusion(i), d.cv.W, d.cv.H)
	if c := dg.cursors[i]; c.Focused {
		render.ConfusionCursor(&d.list, len(run.ClassNames()), d.cv.W, d.cv.H, c.Row, c.Col)
	}
	d.cv.Clear()
	d.paint.Paint(d.cv.Ctx, &d.list)
}

// drawCharts draws the learners' average online error and step size η_t
// overlaid on log scales (as JMLR Figs. 3–7) over one time axis, with a
// legend and, on the 0/1 → 2/3 stream, the switch marked: the display list
// of render.CompareChart, painted.
func (dg *digitsUI) drawCharts(a *Playground, run *sim.Digits) {
	cv := dg.charts.cv
	if cv == nil || !cv.Fit() {
		return
	}
	ch := &dg.chart
	in := &ch.in
	*in = render.CompareInput{Names: in.Names[:0], Colors: learnerColors, AvgError: in.AvgError[:0], Eta: in.Eta[:0],
		WinError: in.WinError[:0], Regrets: in.Regrets[:0]}
	if run != nil && run.T() > 0 {
		in.T, in.N, in.Window = run.T(), run.N(), run.Config().Window
		for i := range run.Learners() {
			for len(ch.curves) < 3*(i+1) {
				ch.curves = append(ch.curves, sim.Series{})
			}
			a, e, w := &ch.curves[3*i], &ch.curves[3*i+1], &ch.curves[3*i+2]
			run.AvgError(i).AppendTo(a)
			run.Eta(i).AppendTo(e)
			run.WinError(i).AppendTo(w)
			in.Names = append(in.Names, run.Name(i))
			in.AvgError = append(in.AvgError, render.Points{X: a.T, Y: a.V})
			in.Eta = append(in.Eta, render.Points{X: e.T, Y: e.V})
			in.WinError = append(in.WinError, render.Points{X: w.T, Y: w.V})
		}
		if at := run.SwitchAt(); at > 0 {
			in.SwitchAt, in.SwitchLabel = at, "0/1 → 2/3"
		}
		in.Regret = app.DigitsRegretNote(run)
		in.Regrets = ch.regret.Traces(run)
	}
	render.CompareChart(&ch.Chart, *in)
	ch.Draw(cv)
}

// compareChart is the digits charts' display list and paint.Painter, and what
// they show, reused from one redraw to the next.
type compareChart struct {
	paint.ChartView
	in     render.CompareInput
	curves []sim.Series     // each learner's average error, η_t and windowed error histories as points, reused
	regret app.DigitsRegret // each learner's regret curves on a binary task, reused
}

// digitsRegretSlice is the work of one sim.Digits.RegretStep call in the
// digits view, in the comparator's units (a pass over the m numbers of a
// prefix of m ≤ 1,000 examples; a Gram row of d = 784 features counts
// 785 and is done whole). The 2D view's regretSlice (400) took 2–11 ms
// natively at m = 1,000 (the greedy coordinate's scan and its update: 200
// coordinate steps), and up to 171 ms in Chromium on a loaded machine,
// far past the frame's regretMS; 50 units are 25 coordinate steps, about
// 0.3 ms natively at m = 1,000.
const digitsRegretSlice = 50

// solveDigitsRegret gives the digits run's hindsight comparators (each
// binary learner's: sim.Digits.RegretStep) slices of work for about
// budgetMS (regretMS of the frame, as the 2D view's solveRegret; more when
// they fell behind: catchUpRegret), and reports whether they are idle. The
// points do not depend on the slicing.
func (a *Playground) solveDigitsRegret(d *sim.Digits, budgetMS float64) bool {
	if d == nil {
		return true
	}
	t0 := a.b.Now()
	for a.b.Now()-t0 < budgetMS {
		if d.RegretStep(digitsRegretSlice) {
			return true
		}
	}
	return false
}

// digitsRegretShown counts the solved checkpoints and detections of the
// digits run's comparisons, so that the charts redraw when one is solved
// while the run is paused.
func digitsRegretShown(d *sim.Digits) int {
	n := 0
	for i := range d.Learners() {
		if mon, _ := d.Regret(i); mon != nil {
			n += len(mon.Current().Points) + len(mon.Closed()) + len(mon.Alarms())
		}
	}
	return n
}

// digitsRegretObject is the debug hook's regret() in the digits view
// (debughook.go): learner 0's solved checkpoints of its current segment
// as exact decimals ("m:regret;…"), their number n, its alarms, learner
// 1's checkpoints as points2, why there is none, and pending, the
// checkpoints reached and not yet solved (all learners).
func digitsRegretObject(d *sim.Digits) map[string]any {
	var pts [2]string
	n, alarms, start, pending, why := 0, 0, 0, 0, ""
	for i := range min(2, d.Learners()) {
		mon, w := d.Regret(i)
		if mon == nil {
			if i == 0 {
				why = w
			}
			continue
		}
		var b []byte
		for _, p := range mon.Current().Points {
			b = strconv.AppendInt(b, int64(p.M), 10)
			b = append(b, ':')
			b = strconv.AppendFloat(b, p.Regret, 'g', -1, 64)
			b = append(b, ';')
		}
		pts[i] = string(b)
		pending += mon.Comparator().Pending()
		if i == 0 {
			n, alarms, start = len(mon.Current().Points), len(mon.Alarms()), mon.Current().Start
		}
	}
	return map[string]any{"t": d.T(), "start": start, "points": pts[0], "n": n, "alarms": alarms, "points2": pts[1], "why": why, "pending": pending}
}
