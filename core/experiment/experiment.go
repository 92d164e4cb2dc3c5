// Package experiment runs online learners over a stream and records what
// they did, step by step: the papers' experiments (JMLR §6, the conference
// paper's §5) as code. Several learners see the identical stream, example by
// example; each step's mistake, loss, η, buffer size and margin go into a
// [Trace]; traces give the papers' "current average error" curves, averages
// over seeds, and a printable table.
//
// The caller drives: a [Runner] advances a chosen number of steps per call,
// so a page can run a heavy experiment in slices within its frame budget;
// [Run] runs to the end.
//
// Package experiment is pure Go: it must not import syscall/js or anything
// under kernelplay/ui.
package experiment

import (
	"fmt"
	"math"

	"kernelplay/core/data"
	"kernelplay/core/learn"
)

// Contender is one learner of a comparison with the name it is shown under.
type Contender struct {
	Name    string        // shown in tables and legends, e.g. "SVMD λ=0.95"
	Learner learn.Learner // a fresh learner; Run and Runner step it
}

// Trace records one learner's steps on a stream: entry t (0-based) is what
// [learn.Learner.Learn] reported for the stream's (t+1)-th example.
//
// A trace keeps every step: 50 bytes per step (61–69 with the slices' spare
// capacity), right for the papers' experiments, whose streams are a data
// set long; a run of unbounded length should keep a bounded summary
// instead.
type Trace struct {
	// Name is the contender's name.
	Name string
	// Mistake[t] is the prediction error before the update (the papers'
	// online error); MarginError[t] a non-zero loss gradient.
	Mistake, MarginError []bool
	// Loss[t] is the instantaneous loss, Eta[t] the step size η_t used,
	// Margin[t] the margin in force after the update (ε or ρ).
	Loss, Eta, Margin []float64
	// Prediction[t] is the prediction made before the update.
	Prediction []float64
	// Label[t] is the stream's label of the example (the ground truth, also
	// for novelty detection, where the learner ignores it).
	Label []float64
	// BufferSize[t] is the number of expansion terms after the update.
	BufferSize []int
	// Diverged is the step t at which the learner reported divergence, or
	// −1. A diverged learner is fed no more examples: its trace ends there.
	Diverged int

	mistakes int
}

// Len returns the number of steps recorded.
func (tr *Trace) Len() int { return len(tr.Mistake) }

// Mistakes returns the number of mistakes over all recorded steps.
func (tr *Trace) Mistakes() int { return tr.mistakes }

// AverageError returns the average online error over all recorded steps,
// mistakes/steps (the last point of the papers' "current average error";
// JMLR §6.1.1), or NaN for an empty trace.
func (tr *Trace) AverageError() float64 { return tr.ErrorOver(0, tr.Len()) }

// ErrorOver returns the fraction of mistakes among steps from ≤ t < to, or NaN
// when the range is empty. It panics if the range is outside the trace.
func (tr *Trace) ErrorOver(from, to int) float64 {
	if from < 0 || to > tr.Len() || from > to {
		panic(fmt.Sprintf("experiment: ErrorOver(%d, %d) of a trace of %d steps", from, to, tr.Len()))
	}
	if from == to {
		return math.NaN()
	}
	n := 0
	for _, m := range tr.Mistake[from:to] {
		if m {
			n++
		}
	}
	return float64(n) / float64(to-from)
}

// ErrorCurve returns the current average error after each step, curve[t] =
// (mistakes among the first t+1 steps)/(t+1): the curves of JMLR Figs. 3, 4,
// 6, 7 (right) and the conference paper's Fig. 1.
func (tr *Trace) ErrorCurve() []float64 {
	c := make([]float64, tr.Len())
	n := 0
	for t, m := range tr.Mistake {
		if m {
			n++
		}
		c[t] = float64(n) / float64(t+1)
	}
	return c
}

// MeanEta returns the mean of Eta over steps from ≤ t < to, or NaN when the
// range is empty. It panics if the range is outside the trace.
func (tr *Trace) MeanEta(from, to int) float64 {
	if from < 0 || to > tr.Len() || from > to {
		panic(fmt.Sprintf("experiment: MeanEta(%d, %d) of a trace of %d steps", from, to, tr.Len()))
	}
	if from == to {
		return math.NaN()
	}
	s := 0.0
	for _, e := range tr.Eta[from:to] {
		s += e
	}
	return s / float64(to-from)
}

// Detection scores a novelty-detection trace against its ground truth
// (labels −1 novel, +1 normal, as [data.Novelty] gives them): the fraction
// of novel examples flagged (Mistake: predicted novel) and the fraction of
// normal ones flagged. Either is NaN when the stream has no example of its
// kind.
func (tr *Trace) Detection() (hit, falseAlarm float64) {
	var nNovel, nNormal, hits, alarms int
	for t, y := range tr.Label {
		if y < 0 {
			nNovel++
			if tr.Mistake[t] {
				hits++
			}
		} else {
			nNormal++
			if tr.Mistake[t] {
				alarms++
			}
		}
	}
	return ratio(hits, nNovel), ratio(alarms, nNormal)
}

func ratio(a, b int) float64 {
	if b == 0 {
		return math.NaN()
	}
	return float64(a) / float64(b)
}

// record appends one step.
func (tr *Trace) record(st learn.Step, y float64) {
	tr.Mistake = append(tr.Mistake, st.Mistake)
	tr.MarginError = append(tr.MarginError, st.MarginError)
	tr.Loss = append(tr.Loss, st.Loss)
	tr.Eta = append(tr.Eta, st.Eta)
	tr.Margin = append(tr.Margin, st.Margin)
	tr.Prediction = append(tr.Prediction, st.Prediction)
	tr.Label = append(tr.Label, y)
	tr.BufferSize = append(tr.BufferSize, st.BufferSize)
	if st.Mistake {
		tr.mistakes++
	}
}

// Runner feeds one stream to several learners, example by example: every
// learner sees example t before any sees example t+1, so all of them learn
// from the identical sequence. It is not safe for concurrent use.
type Runner struct {
	stream data.Stream
	cs     []Contender
	traces []*Trace
	limit  int // steps to run in all, −1 for the whole stream
	t      int
	done   bool
}

// NewRunner returns a runner of the contenders over stream for at most steps
// examples (0 means the whole stream, which must then be finite). Learners
// are used as they are (call Reset first to start afresh). It panics if a
// contender has a nil learner, steps < 0, or steps is 0 with an endless
// stream.
func NewRunner(stream data.Stream, steps int, contenders ...Contender) *Runner {
	if steps < 0 || (steps == 0 && stream.Len() < 0) {
		panic(fmt.Sprintf("experiment: NewRunner: %d steps of a stream of length %d", steps, stream.Len()))
	}
	r := &Runner{stream: stream, cs: contenders, limit: steps}
	if steps == 0 {
		r.limit = stream.Len()
	}
	for _, c := range contenders {
		if c.Learner == nil {
			panic(fmt.Sprintf("experiment: contender %q has no learner", c.Name))
		}
		r.traces = append(r.traces, &Trace{Name: c.Name, Diverged: -1})
	}
	return r
}

// Advance runs up to n more steps and returns how many it ran (fewer at the
// end of the stream or of the step limit).
func (r *Runner) Advance(n int) int {
	done := 0
	for ; done < n && !r.done; done++ {
		if r.t >= r.limit {
			r.done = true
			break
		}
		e, ok := r.stream.Next()
		if !ok {
			r.done = true
			break
		}
		for i, c := range r.cs {
			tr := r.traces[i]
			if tr.Diverged >= 0 {
				continue
			}
			st := c.Learner.Learn(e.X, e.Y)
			tr.record(st, e.Y)
			if st.Diverged {
				tr.Diverged = r.t
			}
		}
		r.t++
	}
	if r.t >= r.limit {
		r.done = true
	}
	return done
}

// Done reports whether the runner has reached the end of the stream or its
// step limit.
func (r *Runner) Done() bool { return r.done }

// Steps returns the number of examples drawn so far.
func (r *Runner) Steps() int { return r.t }

// Traces returns the contenders' traces, in the contenders' order. They grow
// as the runner advances.
func (r *Runner) Traces() []*Trace { return r.traces }

// Run feeds every example of the stream (at most steps of them; 0 means the
// whole finite stream) to the contenders and returns their traces. See
// [NewRunner] for the panics.
func Run(stream data.Stream, steps int, contenders ...Contender) []*Trace {
	r := NewRunner(stream, steps, contenders...)
	for !r.Done() {
		r.Advance(1 << 12)
	}
	return r.Traces()
}

// MeanCurve returns the pointwise mean of several curves (for example the
// [Trace.ErrorCurve]s of one learner under several seeds), as long as the
// shortest. It returns nil for no curves.
func MeanCurve(curves ...[]float64) []float64 {
	if len(curves) == 0 {
		return nil
	}
	n := len(curves[0])
	for _, c := range curves {
		n = min(n, len(c))
	}
	m := make([]float64, n)
	for _, c := range curves {
		for t := range m {
			m[t] += c[t]
		}
	}
	for t := range m {
		m[t] /= float64(len(curves))
	}
	return m
}
