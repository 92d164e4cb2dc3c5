package app

import (
	"kernelplay/ui/render"
	"kernelplay/ui/sim"
)

// MaxDetections is the most change detections the read-outs list
// ([Detections]): the newest, a button each (five fit a line of the
// read-outs at a projector's 20 px text in two rows at most); the older
// ones stay marked on the charts.
const MaxDetections = 5

// Detection is one change detection of a run, as the read-outs list it:
// the step T at which it fired (the run's step: the comparison's start
// added), which detector(s) (Label: "ADWIN", "PH" or "ADWIN+PH", one per
// burst as the charts mark it, see alarms) and, in a 2D comparison, the
// learner whose errors it watched (Who, sim.PairNames; "" otherwise).
type Detection struct {
	_          [0]func() // not comparable: no equality function in main.wasm (see render.Marker)
	T          int
	Label, Who string
}

// DetectionList is the read-outs' list of change detections: Items, the
// newest MaxDetections in step order, of Total in all.
type DetectionList struct {
	Items []Detection
	Total int
}

// Detections returns the change detections of the 2D run r (ADWIN and
// Page–Hinkley on each learner's 0/1 errors, regret.Monitor.Alarms; a
// burst marked once, as on the charts), newest n kept, in step order
// (both learners' merged in a comparison, the first's first at a tie). It
// is a pure function of the runs' monitors: a run replayed to the same
// step lists the same. Empty for a run without a comparison (digits,
// regression, a linear learner). n < 1 keeps none.
func Detections(r Run, n int) DetectionList {
	var out DetectionList
	if r == nil {
		return out
	}
	runs := [2]*sim.Sim{r.Sim(), r.Second()}
	var names [2]string
	if runs[0] != nil && runs[1] != nil {
		names[0], names[1] = sim.PairNames(runs[0].Config())
	}
	var marks []render.Alarm
	for i, s := range runs {
		if s == nil {
			continue
		}
		mon, _ := s.Regret()
		if mon == nil {
			continue
		}
		marks = alarms(marks[:0], mon.Alarms(), s.RegretStart())
		for _, m := range marks {
			// Each learner's marks are in step order: the second's go in
			// after the first's of the same or an earlier step (a merge;
			// no sort, whose generic code main.wasm would carry for this
			// type alone).
			d := Detection{T: int(m.T), Label: m.Label, Who: names[i]}
			k := len(out.Items)
			for k > 0 && out.Items[k-1].T > d.T {
				k--
			}
			out.Items = append(out.Items, Detection{})
			copy(out.Items[k+1:], out.Items[k:])
			out.Items[k] = d
		}
	}
	out.Total = len(out.Items)
	out.Items = out.Items[max(0, len(out.Items)-max(0, n)):]
	if len(out.Items) == 0 {
		out.Items = nil
	}
	return out
}

// GoToStep takes the 2D run to step T, paused: forward by stepping, back
// by replaying the run from t = 0 with its edits (as Undo does), at once
// or, for a long way, as a replay under way with its note (the page's
// replay of a link's at=). The read-outs' detection buttons send it.
// T < 0, a digits run or a run not yet built does nothing.
type GoToStep struct{ T int }

// goToStep carries out GoToStep.
func (s *Store) goToStep(t int) {
	if t < 0 || s.run.Kind() != Plot2D {
		return
	}
	s.stopReplay() // a replay under way stops where it is, its waiting edits applied
	s.pg.Playing = false
	if t < s.run.T() {
		s.rebuild()
	}
	s.goTo(t)
}
