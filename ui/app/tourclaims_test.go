package app

import (
	"fmt"
	"math"
	"testing"

	"kernelplay/core/data/digitfile"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// textCurves are a run's curves, step by step: curves[c][i][t−1] is curve
// c of learner i after step t (NaN where it was not measured: the
// objective between its checkpoints).
type textCurves struct {
	end    int
	curves map[Curve][][]float64
}

// textRunTour runs the configuration of tour name as the page does (its
// seed, the shipped digit set) to the end of its stream, or, for the RES
// vs SGD preset, which runs for ever, to step horizon, and records its
// curves at every step.
func textRunTour(t *testing.T, name string, horizon int, with []state.SetField) textCurves {
	t.Helper()
	cfg, ok := TourConfig(name)
	if !ok {
		t.Fatalf("%s: no configuration", name)
	}
	for _, a := range with {
		var err error
		if cfg, err = state.Apply(cfg, a); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	out := textCurves{curves: map[Curve][][]float64{}}
	if cfg.Mode != state.ModeDigits {
		s, err := sim.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		s.Step(horizon)
		res, sgd, ok := s.Objective()
		if !ok {
			t.Fatalf("%s: no objective", name)
		}
		out.end = s.T()
		obj := [][]float64{textNaNs(out.end), textNaNs(out.end)}
		for i, ser := range []sim.Series{res, sgd} {
			for j, tt := range ser.T {
				obj[i][int(tt)-1] = ser.V[j]
			}
		}
		out.curves[CurveObjective] = obj
		return out
	}
	file := map[string]string{state.Data8x8: "digits8x8.kpd.gz", state.DataMNIST: "mnist10k.kpd.gz"}[cfg.Data]
	set, err := digitfile.Open("../../static/data/" + file)
	if err != nil {
		t.Fatal(err)
	}
	d, err := sim.NewDigits(cfg, set.Set())
	if err != nil {
		t.Fatal(err)
	}
	n := d.Learners()
	errs, etas := make([][]float64, n), make([][]float64, n)
	for !d.Done() && d.Err() == nil {
		if d.Step(1) == 0 {
			break
		}
		for i := range n {
			errs[i] = append(errs[i], d.AverageError(i))
			_, eta := d.Eta(i).Last()
			etas[i] = append(etas[i], eta)
		}
	}
	if err := d.Err(); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	out.end = d.T()
	out.curves[CurveError], out.curves[CurveEta] = errs, etas
	return out
}

func textNaNs(n int) []float64 {
	v := make([]float64, n)
	for i := range v {
		v[i] = math.NaN()
	}
	return v
}

// textCheckClaim reports how claim c fails on the run's curves, or "".
func textCheckClaim(r textCurves, c TourClaim) string {
	cs, ok := r.curves[c.Curve]
	if !ok || c.A >= len(cs) || c.Kind != Falls && c.Kind != Rises && c.Kind != AtLeast && c.Kind != TurnsUp && c.B >= len(cs) {
		return fmt.Sprintf("the run has no such curve (curve %d, learners %d and %d)", c.Curve, c.A, c.B)
	}
	from, to := max(c.From, 1), c.To
	if to == 0 {
		to = r.end
	}
	if c.From == TourEnd {
		from = to
	}
	if to > r.end || from > to {
		return fmt.Sprintf("steps %d…%d outside the run's 1…%d", from, to, r.end)
	}
	a := cs[c.A][from-1 : to]
	var b []float64
	if c.B < len(cs) {
		b = cs[c.B][from-1 : to]
	}
	// last returns the last measured value at or before index j.
	last := func(v []float64, j int) float64 {
		for ; j >= 0; j-- {
			if !math.IsNaN(v[j]) {
				return v[j]
			}
		}
		return math.NaN()
	}
	measured := 0
	prev := math.NaN() // the value before from: a rise at from counts
	if from >= 2 {
		prev = last(cs[c.A][:from-1], from-2)
	}
	rose := false
	for j := range a {
		if math.IsNaN(a[j]) {
			continue
		}
		measured++
		t := from + j
		switch c.Kind {
		case Below:
			if bv := last(b, j); !(a[j] < bv) {
				return fmt.Sprintf("at t = %d learner %d's curve is %.4g, not below learner %d's %.4g", t, c.A, a[j], c.B, bv)
			}
		case Falls:
			if a[j] > prev {
				return fmt.Sprintf("at t = %d learner %d's curve rises from %.4g to %.4g", t, c.A, prev, a[j])
			}
		case Rises:
			rose = rose || a[j] > prev
		case AtLeast:
			if a[j] < c.Lo {
				return fmt.Sprintf("at t = %d learner %d's curve is %.4g, below %.4g", t, c.A, a[j], c.Lo)
			}
		case TurnsUp:
			rose = rose || a[j] > last(a, 0)
		}
		prev = a[j]
	}
	if measured == 0 {
		return fmt.Sprintf("nothing measured in steps %d…%d", from, to)
	}
	switch c.Kind {
	case Rises, TurnsUp:
		if !rose {
			return fmt.Sprintf("learner %d's curve does not rise in steps %d…%d", c.A, from, to)
		}
	case RatioAt:
		if q := last(a, len(a)-1) / last(b, len(b)-1); !(q >= c.Lo && q <= c.Hi) {
			return fmt.Sprintf("at t = %d learner %d's value over learner %d's is %.3g, not within %.3g…%.3g", to, c.A, c.B, q, c.Lo, c.Hi)
		}
	case GapGrows:
		g0, g1 := last(b, 0)-last(a, 0), last(b, len(b)-1)-last(a, len(a)-1)
		if !(g1 > g0) {
			return fmt.Sprintf("learner %d's lead over learner %d is %.4g at t = %d and %.4g at t = %d: it does not grow", c.A, c.B, g0, from, g1, to)
		}
	}
	return ""
}

// textChartTargets are the tours' selectors of charts: a step ringing one
// speaks of its curves and must carry the claims it makes.
var textChartTargets = map[string]bool{tourCharts: true, tourCharts2D: true, tourObjective: true}

// TestTourClaims runs every tour's run as the page runs it and checks
// each claim its steps make about a curve (issue 19 item 7: the RES vs SGD
// tour said RES's curve drops much faster than SGD's while its chart
// showed the opposite): every step that rings a chart makes at least one
// claim, and every claim holds on the run. The buffer figure (30,000
// steps at ω up to 4,096) is left out with -short.
func TestTourClaims(t *testing.T) {
	for _, tour := range Tours() {
		if tour.Name == state.FigureBuffer && testing.Short() {
			continue
		}
		horizon := 0
		for _, s := range tour.Steps {
			for _, c := range s.Claims {
				horizon = max(horizon, c.To)
			}
		}
		runs := map[string]textCurves{} // by the settings changed
		for i, s := range tour.Steps {
			if textChartTargets[s.Target] && len(s.Claims) == 0 {
				t.Errorf("%s step %d rings a chart (%s) and claims nothing checkable: %q", tour.Name, i+1, s.Target, s.Text)
			}
			for _, c := range s.Claims {
				key := fmt.Sprint(c.With)
				r, ok := runs[key]
				if !ok {
					r = textRunTour(t, tour.Name, horizon, c.With)
					runs[key] = r
				}
				if why := textCheckClaim(r, c); why != "" {
					t.Errorf("%s step %d (%q): claim %+v fails: %s", tour.Name, i+1, s.Text, c, why)
				}
			}
		}
	}
}

// TestTourLimit checks the pacing rule: a step with Until lets a playing
// run learn up to Until and pauses it there, once; past it, and on steps
// without Until, the run goes on.
func TestTourLimit(t *testing.T) {
	tour := Tour{Steps: []TourStep{{Target: "#play"}, {Target: "#play", Until: 600}}}
	for _, c := range []struct {
		step, t, want, n int
		pause            bool
	}{
		{0, 590, 50, 50, false},  // no Until
		{1, 500, 50, 50, false},  // before Until
		{1, 590, 50, 10, true},   // reaches it: learns 10, pauses
		{1, 550, 50, 50, true},   // exactly
		{1, 600, 50, 50, false},  // at Until (played again): unpaced
		{1, 700, 50, 50, false},  // past it
		{2, 590, 50, 50, false},  // no such step
		{-1, 590, 50, 50, false}, // no step
		{1, 0, 1000, 600, true},  // a big frame stops at Until
		{1, 599, 1, 1, true},     // one step at a time
		{1, 598, 1, 1, false},    //
		{1, 100, 0, 0, false},    // nothing asked
	} {
		n, pause := TourLimit(tour, c.step, c.t, c.want)
		if n != c.n || pause != c.pause {
			t.Errorf("TourLimit(step %d, t = %d, want %d) = %d, %v; want %d, %v", c.step, c.t, c.want, n, pause, c.n, c.pause)
		}
	}
}
