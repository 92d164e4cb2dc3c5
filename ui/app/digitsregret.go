package app

import (
	"strconv"

	"kernelplay/core/regret"
	"kernelplay/ui/render"
	"kernelplay/ui/sim"
)

// DigitsRegret builds the regret panel's data of a digits run's learners
// (render.CompareInput.Regrets) into memory it reuses from redraw to
// redraw. The zero value is ready to use.
type DigitsRegret struct {
	bufs []regretBuf
	out  []render.RegretTrace
}

// Traces returns one render.RegretTrace per learner of d when one of
// them is compared (a binary task), nil otherwise (DigitsRegretNote says
// why): the monitor's
// segments (closed by restarts at detections, then the current one) at
// their solved checkpoints, in the run's steps, R + gap where the gap is
// not negligible, the bound sim.Digits.RegretBound gives (NORMA Theorem
// 2, eq. 23, where it applies), the detections, and a caption: the bound
// or why there is none, the first three detections' steps, and that the
// comparison covers a segment's first 1,000 examples only
// (regret.Monitor.Stop) once the run is past them.
// The slices are valid until the next call.
func (dr *DigitsRegret) Traces(d *sim.Digits) []render.RegretTrace {
	dr.out = dr.out[:0]
	if d == nil || DigitsRegretNote(d) != "" {
		return nil
	}
	for len(dr.bufs) < d.Learners() {
		dr.bufs = append(dr.bufs, regretBuf{})
	}
	for i := range d.Learners() {
		dr.out = append(dr.out, digitsTrace(d, i, &dr.bufs[i]))
	}
	return dr.out
}

// digitsTrace is learner i's regret trace (see Traces).
func digitsTrace(d *sim.Digits, i int, b *regretBuf) render.RegretTrace {
	mon, why := d.Regret(i)
	if mon == nil {
		return render.RegretTrace{Why: why}
	}
	b.rx, b.ry, b.ux, b.uy, b.bx, b.by = b.rx[:0], b.ry[:0], b.ux[:0], b.uy[:0], b.bx[:0], b.by[:0]
	var last regret.Bound
	band := false
	closed := mon.Closed()
	for k := 0; k <= len(closed); k++ {
		seg := mon.Current()
		if k < len(closed) {
			seg = closed[k]
		}
		for _, p := range seg.Points {
			t := float64(seg.Start + p.M)
			b.rx, b.ry = append(b.rx, t), append(b.ry, p.Regret)
			b.ux, b.uy = append(b.ux, t), append(b.uy, p.Regret+p.Gap)
			band = band || p.Gap > negligibleGap*max(p.Hindsight, 1)
			last = d.RegretBound(i, p)
			if last.Applies {
				b.bx, b.by = append(b.bx, t), append(b.by, last.Value-p.Hindsight)
			}
		}
	}
	tr := render.RegretTrace{R: render.Points{X: b.rx, Y: b.ry}, Bound: render.Points{X: b.bx, Y: b.by},
		Caption: regretCaption(last, false)}
	if band {
		tr.Upper = render.Points{X: b.ux, Y: b.uy}
	}
	tr.Alarms = alarms(b.alarms[:0], mon.Alarms(), 0)
	b.alarms = tr.Alarms
	// The marks' labels may give way to the switch's (render.CompareChart):
	// the caption names the first detections too.
	for k, a := range tr.Alarms {
		switch {
		case k == 0:
			tr.Caption += "\ndetected at t = "
		case k == 3:
			tr.Caption += ", …"
		case k < 3:
			tr.Caption += ", "
		}
		if k < 3 {
			tr.Caption += strconv.Itoa(int(a.T)) + " (" + a.Label + ")"
		}
	}
	cur := mon.Current()
	if stop := mon.Stop; stop > 0 && mon.T()-cur.Start > stop {
		tr.Caption += "\ncompared over the first " + render.CountLabel(float64(stop)) + " examples" + since(cur.Start)
	}
	if len(closed) > 0 {
		tr.Caption = "since the change at step " + strconv.Itoa(cur.Start) + " (ADWIN)\n" + tr.Caption
	}
	return tr
}

// since is " since step s" after a restart at s > 0, else "".
func since(s int) string {
	if s == 0 {
		return ""
	}
	return " since step " + strconv.Itoa(s)
}
