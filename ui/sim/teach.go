package sim

import (
	"cmp"
	"errors"
	"fmt"
	"slices"

	"kernelplay/core/data"
	"kernelplay/core/data/pad"
	"kernelplay/ui/state"
)

// Taught drawings (issue 22): a student's drawing, quantised to the levels
// a link carries (state.EventTeach), is the next example of a digits run at
// its step T; the stream then goes on where it was, so the run learns
// T examples of the stream, the drawing, then the rest. The learner takes
// the levels' features as core/data/pad.Features gives them (the shipped
// sets' pixel/MaxValue scaling), so the run and its link's replay learn
// the same numbers, bit for bit.

// teachNow reports whether a taught drawing is due at the current step.
func (d *Digits) teachNow() bool { return len(d.teach) > 0 && d.teach[0].T == d.t }

// taught returns the taught drawing due at the current step as an example
// (and records it as the last example), or false when none is due (the
// last example is then the stream's).
func (d *Digits) taught() (data.Example, bool) {
	d.last = nil
	if !d.teachNow() {
		return data.Example{}, false
	}
	e := d.teach[0]
	d.teach = d.teach[1:]
	x, _ := pad.Features([]byte(e.Drawing)) // checked when e joined (NewDigits, Teach)
	d.last = &e
	return data.Example{X: x, Y: float64(e.Label)}, true
}

// Teach makes e, a state.EventTeach made now (e.T = T()), the next example
// learned (after any drawings already due at this step), as replaying the
// run from its link with e among its events does; drawings lying ahead of
// the run (after Reset) are dropped first, as the timeline drops the edits
// ahead of a new one. The page adds e to the configuration's events itself
// (as for a click in 2D). Errors, with nothing changed: another kind or
// step, a stopped run, or a drawing the run cannot take
// (state.Event.Apply: a 10-way run on the drawing's own set, levels in
// range, a digit label).
func (d *Digits) Teach(e state.Event) error {
	switch {
	case e.Kind != state.EventTeach:
		return errors.New("not a taught drawing")
	case e.T != d.t:
		return errors.New("a drawing is taught at the run's current step")
	case d.err != nil:
		return d.err
	}
	if _, err := e.Apply(d.cfg); err != nil {
		return err
	}
	d.Truncate()
	d.teach = append(d.teach, e)
	d.done = false
	return nil
}

// Pending reports taught drawings lying ahead of the run, after its
// current step (after Reset, or a link opened before its end); Truncate
// drops them, so that a drawing taught now starts a new timeline from here
// (drawings due at the current step stay, and are learned first).
func (d *Digits) Pending() bool { return slices.ContainsFunc(d.teach, d.ahead) }

// Truncate drops the taught drawings lying ahead of the run.
func (d *Digits) Truncate() {
	if i := slices.IndexFunc(d.teach, d.ahead); i >= 0 {
		d.teach = d.teach[:i:i]
	}
}

// ahead reports whether e lies after the current step.
func (d *Digits) ahead(e state.Event) bool { return e.T > d.t }

// Answer is one learner's reply to a drawing it is asked about and does
// not learn ([Digits.Ask]).
type Answer struct {
	// Scores are the learner's scores of the drawing, one per class
	// (learn.Learner.Scores), and Class their arg max (the lowest class
	// among ties), the prediction Learn would make.
	Scores []float64
	Class  int
	// Row is the kernel row k(x_i, x) of the drawing x against every
	// stored term x_i, oldest first (expansion term order); nil for a
	// learner without a kernel expansion.
	Row []float64
	// Nearest are up to the n asked-for terms with the largest k(x_i, x)
	// (for the Gaussian kernel the nearest in input space), largest first.
	Nearest []Term
}

// Term is one stored term of an expansion as [Digits.Ask] reports it.
type Term struct {
	// Index is the term's index, 0 the oldest (expansion.Expansion.X).
	Index int
	// K is k(x_i, x) for the asked drawing x.
	K float64
	// Alpha holds the term's coefficients α_i, one per class (the
	// expansion's Labels()).
	Alpha []float64
	// X is the term's input x_i (a copy): the view shows it as a digit.
	X []float64
}

// Ask returns every learner's [Answer] about a drawing's levels (as
// state.Event.Drawing: 64 or 784 levels of the run's set) without
// learning it: scores, prediction, kernel row and the nearest terms (at
// most nearest of them). The learners do not change. Errors: levels that
// are not a drawing of the run's set.
// Cost: one kernel row, O(terms · dim) per learner.
func (d *Digits) Ask(levels string, nearest int) ([]Answer, error) {
	if n, _, ok := state.TeachLevels(d.cfg.Data); !ok || len(levels) != n {
		return nil, fmt.Errorf("a drawing of %d levels cannot be asked of a run on %q", len(levels), d.cfg.Data)
	}
	x, err := pad.Features([]byte(levels))
	if err != nil {
		return nil, err
	}
	var out []Answer
	for i, c := range d.cs {
		a := Answer{Scores: c.Learner.Scores(make([]float64, c.Learner.NumScores()), x)}
		a.Class = slices.Index(a.Scores, slices.Max(a.Scores))
		if m := d.models[i]; m != nil {
			e := m.Expansion()
			k := e.Kernel()
			xx := dot(x, x)
			a.Row = make([]float64, e.Len())
			for j := range a.Row {
				xj := e.X(j)
				a.Row[j] = k.FromDot(dot(x, xj), xx, dot(xj, xj))
			}
			idx := make([]int, len(a.Row))
			for j := range idx {
				idx[j] = j
			}
			slices.SortStableFunc(idx, func(p, q int) int { return cmp.Compare(a.Row[q], a.Row[p]) })
			for _, j := range idx[:min(max(nearest, 0), len(idx))] {
				a.Nearest = append(a.Nearest, Term{Index: j, K: a.Row[j], Alpha: e.Alpha(nil, j),
					X: slices.Clone(e.X(j))})
			}
		}
		out = append(out, a)
	}
	return out, nil
}

// dot returns ⟨a, b⟩.
func dot(a, b []float64) float64 {
	s := 0.0
	for i, v := range a {
		s += v * b[i]
	}
	return s
}
