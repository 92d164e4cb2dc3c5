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
	_   [0]func() // not comparable: no equality function in main.wasm (see inspect.Block)
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
	return startResume(cfg, l, p, false)
}

// StartResumeSecond is [StartResume] for the second learner of a 2D
// comparison (the run of [NewSecond]); it is an error when cfg compares
// nothing.
func StartResumeSecond(cfg state.Config, l learn.Learner, p Position) (*Resumer, error) {
	return startResume(cfg, l, p, true)
}

// startResume is [StartResume] (second false) and [StartResumeSecond].
func startResume(cfg state.Config, l learn.Learner, p Position, second bool) (*Resumer, error) {
	if err := p.check(); err != nil {
		return nil, err
	}
	s, err := newRun(cfg, second)
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

// newRun is [New] (second false) or [NewSecond] (second true).
func newRun(cfg state.Config, second bool) (*Sim, error) {
	if second {
		return NewSecond(cfg)
	}
	return New(cfg)
}

// check returns an error unless p is a position a run can reach: t in
// [0, MaxResume], mistakes in [0, t], Σ|error| finite and ≥ 0.
func (p Position) check() error {
	if p.T < 0 || p.T > MaxResume || p.Mistakes < 0 || p.Mistakes > p.T || !(p.AbsErrorSum >= 0) || math.IsInf(p.AbsErrorSum, 0) {
		return fmt.Errorf("resume: position t = %d, %d mistakes, Σ|error| = %v: out of range", p.T, p.Mistakes, p.AbsErrorSum)
	}
	return nil
}

// CheckModel returns an error unless l could continue cfg's 2D run (with
// second set: its comparison's second learner) at position p: the checks of
// [StartResume], and every setting of l against the one cfg's link has in
// force at p.T (cfg.AtStep: its live edits up to that step;
// learn.SameSettings — kernel, σ, λ, ω, …). It builds the learner, and
// replays nothing: a page checks a run file with it before changing
// anything, then replays the link over frames and installs l with
// [Sim.Adopt].
func CheckModel(cfg state.Config, l learn.Learner, p Position, second bool) error {
	if _, err := startResume(cfg, l, p, second); err != nil {
		return err
	}
	at, err := cfg.AtStep(p.T)
	if err != nil {
		return fmt.Errorf("resume: its link at step %d: %w", p.T, err)
	}
	s, err := newRun(at, second)
	if err != nil {
		return err
	}
	return settingsError(s.learner, l)
}

// Adopt makes l the run's learner from now on, with p's counts: the run
// must be at step p.T (its stream is then where the saved run's was), l
// the learner it builds (type, task, scores, input dimension) with the
// settings it has in force (learn.SameSettings). The charts keep their
// histories. On error nothing changed.
func (s *Sim) Adopt(l learn.Learner, p Position) error {
	switch {
	case s.cmp != nil:
		return errors.New("resume: the RES-vs-SGD preset runs two learners; a model file holds one")
	case s.t != p.T:
		return fmt.Errorf("resume: the run is at step %d, the model at %d", s.t, p.T)
	}
	if err := p.check(); err != nil {
		return err
	}
	if err := sameShape(s.learner, l, s.task); err != nil {
		return err
	}
	if err := settingsError(s.learner, l); err != nil {
		return err
	}
	s.learner = l
	s.model, _ = l.(learn.KernelModel)
	s.mistakes, s.absErr = p.Mistakes, p.AbsErrorSum
	// The replay had no learner to measure: the comparison with hindsight
	// starts at the adopted step.
	s.reg = newRegret(l, s.LearnerConfig(), s.task, s.dim(), s.t)
	return nil
}

// settingsError is learn.SameSettings(want, l) worded for the page: the
// setting and both values ("the model's Kernel is …, its link's …").
func settingsError(want, l learn.Learner) error {
	err := learn.SameSettings(want, l)
	if err == nil {
		return nil
	}
	var d *learn.SettingDiff
	if errors.As(err, &d) {
		return fmt.Errorf("resume: the model's %s is %s, its link's %s", d.Name, d.B, d.A)
	}
	return fmt.Errorf("resume: %w", err)
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
	if err := settingsError(r.s.learner, r.l); err != nil {
		return nil, err
	}
	s := r.s
	s.learner = r.l
	s.model, _ = r.l.(learn.KernelModel)
	s.t, s.mistakes, s.absErr = r.p.T, r.p.Mistakes, r.p.AbsErrorSum
	return s, nil
}

// Saved is a learner read from a run file, with the position it was saved
// at: what [Sim.Adopt] installs once a page has replayed the file's link to
// that step. Its zero value holds no learner.
type Saved struct {
	l learn.Learner
	// P is the position the learner was saved at.
	P Position
}

// ReadSaved reads the model file model (learn.UnmarshalModel: strict,
// bounded; an error naming what is wrong) saved at position p.
func ReadSaved(model []byte, p Position) (Saved, error) {
	l, err := learn.UnmarshalModel(model)
	if err != nil {
		return Saved{}, err
	}
	return Saved{l: l, P: p}, nil
}

// Check is [CheckModel] for the saved learner: an error unless it could
// continue cfg's run (second: its comparison's second learner) at its step.
func (sv Saved) Check(cfg state.Config, second bool) error {
	return CheckModel(cfg, sv.l, sv.P, second)
}

// Resume rebuilds cfg's run (second: its comparison's second) at the saved
// step with the saved learner, replaying the stream at once ([Resume],
// [ResumeSecond]).
func (sv Saved) Resume(cfg state.Config, second bool) (*Sim, error) {
	if second {
		return ResumeSecond(cfg, sv.l, sv.P)
	}
	return Resume(cfg, sv.l, sv.P)
}

// Model returns the saved learner's model file as core/learn writes it
// (learn.MarshalModel), for comparing it byte for byte with a run's
// ([Sim.MarshalModel]).
func (sv Saved) Model() ([]byte, error) { return learn.MarshalModel(sv.l) }

// AdoptSaved is [Sim.Adopt] of the saved learner at its position.
func (s *Sim) AdoptSaved(sv Saved) error { return s.Adopt(sv.l, sv.P) }
