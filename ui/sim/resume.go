package sim

import (
	"errors"
	"fmt"
	"math"

	"kernelplay/core/learn"
	"kernelplay/ui/state"
)

// Resumer rebuilds a saved 2D run in slices, as a link's at= replay runs:
// [StartResume] checks what it can at once, [Resumer.Advance] replays the
// stream a bounded number of examples at a time (a page calls it once a
// frame with the frame's budget and shows [Resumer.Progress]; dropping the
// Resumer is its Stop, which changes nothing), and [Resumer.Finish], once
// [Resumer.Done], checks the model's settings against the ones the link has
// in force at the saved step and returns the run. Nothing of the page
// changes before Finish returns a run.
type Resumer struct {
	s   *Sim
	l   learn.Learner
	p   Position
	err error
}

// StartResume begins rebuilding the 2D run of cfg at position p with the
// learner l (see [Resume]). It returns an error, at once, when cfg fails
// [New], for the RES-vs-SGD preset (two learners, one file), when l is not
// the learner cfg builds (another type, task, number of scores or input
// dimension), or when p is negative, has more mistakes than examples, or
// exceeds [MaxResume].
func StartResume(cfg state.Config, l learn.Learner, p Position) (*Resumer, error) {
	if p.T < 0 || p.T > MaxResume || p.Mistakes < 0 || p.Mistakes > p.T || !(p.AbsErrorSum >= 0) || math.IsInf(p.AbsErrorSum, 0) {
		return nil, fmt.Errorf("resume: position t = %d, %d mistakes, Σ|error| = %v: out of range", p.T, p.Mistakes, p.AbsErrorSum)
	}
	s, err := New(cfg)
	if err != nil {
		return nil, err
	}
	if s.cmp != nil {
		return nil, errors.New("resume: the RES-vs-SGD preset runs two learners; a model file holds one")
	}
	if err := sameShape(s.learner, l, s.task); err != nil {
		return nil, err
	}
	return &Resumer{s: s, l: l, p: p}, nil
}

// Advance replays up to n more examples of the stream (n ≤ 0 replays none)
// and returns how many it replayed. The stream is replayed without
// learning, and the run's edits (a clicked point is the next example, a
// deletion leaves the stream, a live setting reaches the learner that is
// then replaced) apply at their steps, as Step applies them: the stream at
// p.T is the one the saved run met. Its cost is about that of drawing n
// examples (no learning, no drawing).
func (r *Resumer) Advance(n int) int {
	ran := 0
	for ; ran < n && r.err == nil && r.s.t < r.p.T; ran++ {
		r.s.next()
		r.s.t++
		r.err = r.s.applyDue()
	}
	return ran
}

// Progress returns the examples replayed so far and the saved step p.T.
func (r *Resumer) Progress() (t, target int) { return r.s.t, r.p.T }

// Done reports that the replay has reached the saved step or failed (then
// Finish returns the error).
func (r *Resumer) Done() bool { return r.err != nil || r.s.t >= r.p.T }

// Finish returns the rebuilt run, at p.T with the learner l and p's
// counts. It returns an error when the replay failed (an edit of the link
// that cannot apply), when it is called before [Resumer.Done], or when a
// setting of l differs from the one the link has in force at p.T
// (learn.SameSettings: kernel, σ, λ, ω, … — a run file whose model
// contradicts its link is refused rather than shown under the link's
// settings; the error names the setting and both values).
func (r *Resumer) Finish() (*Sim, error) {
	switch {
	case r.err != nil:
		return nil, r.err
	case r.s.t < r.p.T:
		return nil, fmt.Errorf("resume: at step %d of %d", r.s.t, r.p.T)
	}
	if err := learn.SameSettings(r.s.learner, r.l); err != nil {
		var d *learn.SettingDiff
		if errors.As(err, &d) {
			return nil, fmt.Errorf("resume: the model's %s is %s, its link's %s", d.Name, d.B, d.A)
		}
		return nil, fmt.Errorf("resume: %w", err)
	}
	s := r.s
	s.learner = r.l
	s.model, _ = r.l.(learn.KernelModel)
	s.t, s.mistakes, s.absErr = r.p.T, r.p.Mistakes, r.p.AbsErrorSum
	return s, nil
}
