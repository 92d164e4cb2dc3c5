package app

import (
	"math"
	"strconv"
	"strings"

	"kernelplay/core/regret"
	"kernelplay/ui/render"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// negligibleGap is the relative duality gap (gap / max(J, 1)) under which
// the regret panel draws no band [R, R + gap]: a band thinner than a
// pixel of any symlog axis the page draws.
const negligibleGap = 1e-4

// regretBuf is the memory of one learner's regret curves, reused by every
// redraw.
type regretBuf struct {
	rx, ry, lx, ly, ux, uy, bx, by []float64
	alarms                         []render.Alarm
}

// alarmBurst is the span, in steps, of a burst of alarms marked once:
// ADWIN fires on several consecutive steps after one change (each cut
// drops only its oldest bucket), as regret.Monitor's MinSegment says.
const alarmBurst = 100

// alarms appends the detections al (steps counted after start) as chart
// marks, one per burst: an alarm within alarmBurst steps of the last one
// marked joins its label (ADWIN, PH, or both) instead of adding a mark.
// Both detectors are one-sided (increases of the error only) and silent
// during their burn-in of 30 steps (drift.DefaultADWIN,
// drift.DefaultPageHinkley).
func alarms(dst []render.Alarm, al []regret.Alarm, start int) []render.Alarm {
	lastT := -alarmBurst - 1
	for _, a := range al {
		name := "ADWIN"
		switch {
		case a.ADWIN && a.PageHinkley:
			name = "ADWIN+PH"
		case a.PageHinkley:
			name = "PH"
		}
		if a.T-lastT <= alarmBurst && len(dst) > 0 {
			d := &dst[len(dst)-1]
			if d.Label != name && d.Label != "ADWIN+PH" {
				d.Label = "ADWIN+PH"
			}
			lastT = a.T
			continue
		}
		dst = append(dst, render.Alarm{T: float64(start + a.T), Label: name})
		lastT = a.T
	}
	return dst
}

// regretTrace is the regret panel's data for run s (render.RegretTrace):
// the monitor's segments (those closed by restarts at detections, then the
// current one) at their solved checkpoints, shifted to the run's steps,
// with the bound sim.Sim.RegretBound gives there. A restart shows as the
// curve falling back towards 0 at the detection.
func regretTrace(s *sim.Sim, b *regretBuf) render.RegretTrace {
	mon, why := s.Regret()
	if mon == nil {
		return render.RegretTrace{Why: why}
	}
	b.rx, b.ry, b.lx, b.ly = b.rx[:0], b.ry[:0], b.lx[:0], b.ly[:0]
	b.ux, b.uy, b.bx, b.by = b.ux[:0], b.uy[:0], b.bx[:0], b.by[:0]
	var last regret.Bound
	var pts []regret.Point
	band := false
	closed := mon.Closed()
	for k := 0; k <= len(closed); k++ {
		seg := mon.Current()
		if k < len(closed) {
			seg = closed[k]
		}
		start := float64(s.RegretStart() + seg.Start)
		pts = seg.Points
		for i, p := range pts {
			t := start + float64(p.M)
			if p.Exact {
				b.rx, b.ry = append(b.rx, t), append(b.ry, p.Regret)
			} else {
				if i > 0 && pts[i-1].Exact {
					// The lower bound continues the exact curve.
					b.lx, b.ly = append(b.lx, b.rx[len(b.rx)-1]), append(b.ly, b.ry[len(b.ry)-1])
				}
				b.lx, b.ly = append(b.lx, t), append(b.ly, p.Regret)
			}
			b.ux, b.uy = append(b.ux, t), append(b.uy, p.Regret+p.Gap)
			band = band || p.Gap > negligibleGap*math.Max(math.Abs(p.Hindsight), 1)
			last = s.RegretBound(p)
			if last.Applies {
				b.bx, b.by = append(b.bx, t), append(b.by, last.Value-p.Hindsight)
			}
		}
	}
	frozen := len(pts) > 0 && !pts[len(pts)-1].Exact
	caption := regretCaption(last, frozen)
	if lc := s.LearnerConfig(); lc.Learner == state.LearnerNORMA && lc.Schedule == state.ScheduleTheorem1 {
		caption = theorem1Caption(last, lc, len(b.bx) > 0, frozen)
	}
	tr := render.RegretTrace{R: render.Points{X: b.rx, Y: b.ry}, Lower: render.Points{X: b.lx, Y: b.ly},
		Bound: render.Points{X: b.bx, Y: b.by}, Caption: caption}
	if band {
		tr.Upper = render.Points{X: b.ux, Y: b.uy}
	}
	tr.Alarms = alarms(b.alarms[:0], mon.Alarms(), s.RegretStart())
	b.alarms = tr.Alarms
	if line := theoryLine(s); line != "" {
		tr.Caption += "\n" + line
	}
	if line := truncationLine(s); line != "" {
		tr.Caption += "\n" + line
	}
	if n := len(mon.Closed()); n > 0 {
		tr.Caption = "since the change at step " + strconv.Itoa(s.RegretStart()+mon.Current().Start) + " (ADWIN)\n" + tr.Caption
	}
	if s.RegretStart() > 0 {
		tr.Caption = "since step " + strconv.Itoa(s.RegretStart()) + " (a setting changed)\n" + tr.Caption
	}
	return tr
}

// theorem1Caption is the regret caption of NORMA as in Theorem 1
// (state.ScheduleTheorem1; b the bound at the last checkpoint, drawn
// whether a dashed line up to t = m is drawn), in lines of at most 40
// characters (the panel is about 300 px wide): the theorem covers only
// predictors with ‖g‖ ≤ B, so it says so, with B and m; the comparator is
// then g*_B, the best of them (core/regret's NormBound). Beyond m the
// dashed line stops and the caption says the theorem says nothing there
// (the run is not paused at m: a student sees the regret go on, past the
// theorem's end; our choice). Where a condition fails, regretCaption's
// reason.
func theorem1Caption(b regret.Bound, c state.Config, drawn, frozen bool) string {
	bm := "B = " + state.Format(c.NormBound)
	m := strconv.Itoa(c.RunLength)
	var line string
	switch {
	case b.Applies:
		line = "dashed: " + regret.Theorem1Source + "\nonly predictors with ‖g‖ ≤ " + bm + "\ndrawn to t = m = " + m + ", without its O(1)"
	case drawn && strings.Contains(b.Why, "beyond the run"):
		line = "dashed: " + regret.Theorem1Source + "\nonly predictors with ‖g‖ ≤ " + bm + "\npast m = " + m + " the theorem says nothing"
	default:
		return regretCaption(b, frozen)
	}
	if frozen {
		line += "\ndotted: a lower bound (g* frozen at 1,000)"
	}
	return line
}

// theoryLine is the regret caption's line for the bounds that are not on
// the risk, read beside their quantity at the last solved checkpoint: the
// kernel perceptron's mistakes against JMLR Theorem 1's ((R + D)/γ)²
// (sim.Sim.PerceptronBound: or why it does not apply), kernel Pegasos'
// ‖g*‖ against the lecture's 1/√λ (sim.Sim.PegasosNorm); "" for other
// learners and before a solved checkpoint.
func theoryLine(s *sim.Sim) string {
	if b, gamma, mistakes, m := s.PerceptronBound(); b.Why != "the bound is for the perceptron" {
		if !b.Applies {
			return "no mistake bound (" + b.Source + "): " + b.Why
		}
		return "mistakes " + strconv.Itoa(mistakes) + " ≤ ((R+D)/γ)² = " + render.FormatValue(b.Value, false) +
			" at m = " + strconv.Itoa(m) + ", γ = " + render.FormatValue(gamma, false) + " (JMLR Theorem 1)"
	}
	if b, norm, ok := s.PegasosNorm(); ok {
		if !b.Applies {
			return "no norm bound: " + b.Why
		}
		return "‖g*‖ = " + render.FormatValue(norm, false) + " ≤ 1/√λ = " + render.FormatValue(b.Value, false) +
			" (Pegasos: Shalev-Shwartz et al. 2007, Theorem 1)"
	}
	return ""
}

// truncationLine is the regret caption's line for NORMA's Proposition 1,
// eq. (11), at the run's step with its ω (sim.Sim.Truncation): its own
// number, the bound on ‖f − f_trunc‖_H that dropping the terms older than
// ω costs, not a term added to a regret bound; or the condition that
// fails (regretCaption's cut); "" for other learners.
func truncationLine(s *sim.Sim) string {
	b, ok := s.Truncation()
	if !ok {
		return ""
	}
	if !b.Applies {
		return regretCaption(regret.Bound{Source: b.Source, Why: b.Why}, false)
	}
	return "ω = " + strconv.Itoa(s.LearnerConfig().BufferSize) + " keeps ‖f − f_trunc‖ ≤ " + render.FormatValue(b.Value, false) +
		" at t = " + strconv.Itoa(s.T()) + " (" + b.Source + ")"
}

// RegretBoundsNote is the charts' hover text (their canvas's title): what
// the regret is and every bound its panel may read, each with its paper
// and equation and the conditions under which the page reads it (the
// caption says which applies to the run, or the condition that fails).
// The Sources are core/regret's, word for word (TestRegretBoundsNote).
const RegretBoundsNote = "regret R = Σ R_stoch[f_t, t] − Σ R_stoch[g*, t], g* the best fixed predictor in hindsight (NORMA eq. 3); " +
	"band: [R, R + duality gap]; dotted: a lower bound beyond 1,000 examples (g* frozen).\n" +
	"Bounds, each read where its conditions hold:\n" +
	"· NORMA Theorem 2, eq. (23), dashed: the cumulative risk, for Λ_t = 1/(3λ√t) (schedule thm2), no offset, ω ≥ m, without its O(1).\n" +
	"· NORMA Theorem 1, eq. (22): only predictors with ‖g‖ ≤ B, so g* is then the best of them; dashed up to t = m, for the constant Λ = B/(X√m) with B and m fixed in advance (schedule thm1; X from the kernel on the box [−1, 1]²), no offset, ω ≥ m, without its O(1).\n" +
	"· JMLR Theorem 1 (Freund and Schapire 1999): the perceptron's mistakes ≤ ((R+D)/γ)², θ the soft-margin g*'s direction; no offset, no evicted terms.\n" +
	"· lecture: ‖β*‖ ≤ 1/√λ (Shalev-Shwartz et al. 2007): kernel Pegasos' ‖g*‖ against 1/√λ.\n" +
	"· NORMA Proposition 1, eq. (11): ‖f − f_trunc‖ for the buffer ω, for a fixed rate Λ (the perceptron); its own number, not part of a bound."

// DigitsRegretNote is what the digits view's charts say under their title
// of the regret when none of the run's learners is compared: why the
// first is not (sim.MulticlassNoRegret, sim.NoveltyNoRegret, the ν-trick
// of JMLR Fig. 3's learners); "" when one is (a binary run: 0–4 vs 5–9,
// the 0/1 → 2/3 switch, a file of two labels), whose charts draw the
// regret panel ([DigitsRegret]).
func DigitsRegretNote(d *sim.Digits) string {
	if d == nil || d.Learners() == 0 {
		return ""
	}
	for i := range d.Learners() {
		if mon, _ := d.Regret(i); mon != nil {
			return ""
		}
	}
	_, why := d.Regret(0)
	return why
}

// regretCaption is the regret panel's caption: the bound's source and
// what it leaves out (dashed), or why there is none; beyond MaxExact, that
// the curve is a lower bound.
//
// The caption is one line of a panel about 300 px wide, so it says the
// condition that fails, not the whole reason: core/regret's Why, after
// "not applicable: ", before ", so" and without a closing parenthesis.
func regretCaption(b regret.Bound, frozen bool) string {
	c := b.Why
	switch {
	case b.Applies:
		c = "dashed: " + b.Source + ", without its O(1)"
	case strings.HasPrefix(c, "not applicable: "):
		c = strings.TrimPrefix(c, "not applicable: ")
		if i := strings.Index(c, ", so"); i > 0 {
			c = c[:i]
		}
		// A closing parenthesis (its values) goes; one inside the
		// condition stays: "the buffer (ω = 512) is smaller than m".
		if i := strings.LastIndex(c, " ("); i > 0 && strings.HasSuffix(c, ")") {
			c = c[:i]
		}
		c = "no bound (" + b.Source + "): " + c
	}
	if frozen {
		c += "\ndotted: a lower bound (g* frozen at 1,000)"
	}
	return c
}
