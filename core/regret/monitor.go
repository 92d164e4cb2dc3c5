package regret

import (
	"fmt"
	"math"

	"kernelplay/core/drift"
	"kernelplay/core/learn"
)

// ObjectiveOfSVMD returns the objective SVMD with the settings cfg
// minimises, J = l + (c/2)‖f‖² (JMLR eq. 12, c = cfg.Lambda), for the
// binary hinge with a fixed margin (Margin0, Nu = 0), its offset
// unregularised (eq. 50 moves b by the loss gradient only). Other losses,
// the ν-trick and multiclass are errors (see the package table).
func ObjectiveOfSVMD(cfg learn.SVMDConfig) (Objective, error) {
	if cfg.Loss != learn.SVMDHinge || cfg.Nu != 0 {
		return Objective{}, fmt.Errorf("regret: SVMD %v with ν = %g: only the binary hinge with a fixed margin is compared", cfg.Loss, cfg.Nu)
	}
	return Objective{Kernel: cfg.Kernel, Loss: Hinge, Margin: cfg.Margin0, Lambda: cfg.Lambda, Offset: cfg.Offset}, nil
}

// ObjectiveOfKernelPegasos returns kernel Pegasos' objective, the hinge at
// margin 1 with its λ and no offset (its F(f) = λ/2‖f‖² + (1/N)Σ hinge is
// J_m/m, the same minimiser).
func ObjectiveOfKernelPegasos(cfg learn.KernelPegasosConfig) Objective {
	return Objective{Kernel: cfg.Kernel, Loss: Hinge, Margin: 1, Lambda: cfg.Lambda}
}

// OnlineRisk returns R_stoch[f_t, t] = loss + (λ/2)‖f_t‖² (NORMA eq. 3) of
// one step: loss is learn.Step.Loss (measured before the update) and
// norm2Before ‖f_t‖² read before Learn (NORMA.SquaredNorm,
// KernelPegasos.Norm2, SVMD's Diagnostics().NormF).
func OnlineRisk(loss, lambda, norm2Before float64) float64 {
	return loss + 0.5*lambda*norm2Before
}

// MaxAlarms bounds the alarms and the closed segments a [Monitor] keeps
// (the oldest are dropped first).
const MaxAlarms = 1000

// Alarm is one detection on the error stream.
type Alarm struct {
	// T is the step (1-based, since the monitor's start) at which the
	// detector fired.
	T int
	// ADWIN reports ADWIN (Bifet & Gavaldà 2007) fired; PageHinkley that
	// the Page–Hinkley test (Page 1954) did. Both may be true.
	ADWIN, PageHinkley bool
}

// Segment is the comparison over one part of the stream: the steps after
// Start (0: from the beginning; else the step of the alarm that restarted
// the comparator), at its solved checkpoints. Points[i].M counts from
// Start.
type Segment struct {
	Start  int
	Points []Point
}

// Monitor follows one learner's run for the page: the hindsight comparator
// of its objective, ADWIN and Page–Hinkley on its 0/1 errors, and, with
// restart, a restart of the comparator at every ADWIN alarm (the
// regret since the change; not within MinSegment steps of the last
// restart). Feed it every step with [Monitor.Observe] and
// give it frame-sized slices of work with [Monitor.Step]; everything it
// reports is a deterministic function of the steps observed.
type Monitor struct {
	// MinSegment is the fewest steps a segment runs before an ADWIN alarm
	// may restart the comparator: ADWIN fires on several consecutive steps
	// after one change (each step's cut drops only the oldest bucket), and
	// the page restarts at the first alarm of such a burst. Zero means every
	// ADWIN alarm restarts. NewMonitor sets 100.
	MinSegment int

	// Stop, when positive, is the most examples a segment's comparator
	// takes: later steps feed the detectors only, and the segment's
	// points end at its Stop-th example (a restart at an alarm starts a
	// new segment, which takes Stop examples again). Zero means no stop.
	// A page with high-dimensional inputs sets it to the comparator's
	// MaxExact: beyond it the frozen g* costs a kernel row over its
	// support vectors per example (Settings.MaxExact), more than a
	// digits learner's own step.
	Stop int

	cmp     *Comparator
	obj     Objective
	set     Settings
	dim     int
	closing *Comparator // the segment closed by the last restart, still solving
	cstart  int         // its Start
	adwin   *drift.ADWIN
	ph      *drift.PageHinkley
	restart bool
	forced  int // restarts that finished the closing segment at once, and the Forced of replaced comparators
	t       int
	start   int
	alarms  []Alarm
	closed  []Segment
}

// NewMonitor returns a monitor for inputs of dimension dim: a comparator
// of obj with the solver settings set, the detectors with the given
// settings (drift.DefaultADWIN and drift.DefaultPageHinkley give the
// defaults), and restart choosing whether an ADWIN alarm restarts the
// comparator. Errors are NewComparator's, NewADWIN's and NewPageHinkley's.
func NewMonitor(obj Objective, set Settings, dim int, adwin drift.ADWIN, ph drift.PageHinkley, restart bool) (*Monitor, error) {
	c, err := NewComparator(obj, set, dim)
	if err != nil {
		return nil, err
	}
	a, err := drift.NewADWIN(adwin)
	if err != nil {
		return nil, err
	}
	p, err := drift.NewPageHinkley(ph)
	if err != nil {
		return nil, err
	}
	return &Monitor{MinSegment: 100, cmp: c, obj: obj, set: set, dim: dim, adwin: a, ph: p, restart: restart}, nil
}

// Observe records step t (the learner's example x, y and what Learn
// returned, with online = [OnlineRisk] of the step) and returns the alarm
// it raised, if any. On an ADWIN alarm with restart, at least MinSegment
// steps into the segment, the current
// segment is closed, with a last checkpoint at the alarm's step, and a new
// comparator starts with the next step; the closed one goes on being
// solved by Step before the new one (should a second restart come first,
// the older closed segment is finished at once: a long call, and the same
// result; a caller that observes at most [Monitor.Room] steps between
// checks and steps only while not [Monitor.Behind] never meets it).
// Panics as [Comparator.Add].
func (m *Monitor) Observe(x []float64, y float64, mistake bool, online float64) (Alarm, bool) {
	m.t++
	if m.Stop <= 0 || m.cmp.T() < m.Stop {
		m.cmp.Add(x, y, online)
		if m.cmp.T() == m.Stop {
			m.cmp.Mark() // the segment's last point
		}
	}
	e := 0.0
	if mistake {
		e = 1
	}
	al := Alarm{T: m.t, ADWIN: m.adwin.Add(e), PageHinkley: m.ph.Add(e)}
	if !al.ADWIN && !al.PageHinkley {
		return Alarm{}, false
	}
	if len(m.alarms) == MaxAlarms {
		m.alarms = append(m.alarms[:0], m.alarms[1:]...)
	}
	m.alarms = append(m.alarms, al)
	if al.ADWIN && m.restart && m.t-m.start >= m.MinSegment {
		if m.closing != nil {
			m.forced++
			m.closing.Step(math.MaxInt)
			m.close()
		}
		m.cmp.Mark() // the segment's last prefix
		m.forced += m.cmp.Forced()
		m.closing, m.cstart = m.cmp, m.start
		c, err := NewComparator(m.obj, m.set, m.dim)
		if err != nil {
			panic("regret: Monitor: " + err.Error()) // the settings were checked by NewMonitor
		}
		m.cmp, m.start = c, m.t
	}
	return al, true
}

// close moves the solved closing comparator's points into the closed
// segments.
func (m *Monitor) close() {
	if len(m.closed) == MaxAlarms {
		m.closed = append(m.closed[:0], m.closed[1:]...)
	}
	m.closed = append(m.closed, Segment{Start: m.cstart, Points: append([]Point(nil), m.closing.Points()...)})
	m.closing = nil
}

// Step gives the comparators about budget units of work ([Comparator.Step]):
// a closed segment still solving first (the call that finishes it does no
// more), then the current one. It reports whether both are idle.
func (m *Monitor) Step(budget int) bool {
	if m.closing != nil {
		if m.closing.Step(budget) {
			m.close()
		}
		return false
	}
	return m.cmp.Step(budget)
}

// Room returns how many more steps Observe can take before one of them
// may restart the comparator while a segment closed by a restart is still
// solving (Observe would then finish that segment's work at once, in one
// call: 1.3 s natively for a kernel Pegasos run on the rotating set). A
// restart comes at least MinSegment steps after the last one: with a
// closed segment solving, Room counts the steps before the next restart
// may come (0 when the next step may restart: the caller should then give
// Step time first, [Monitor.Behind]); without one, a restart may close the
// current segment at its earliest step and a second come MinSegment steps
// later (one step later when MinSegment is 0), so Room is at least
// max(MinSegment, 1). It is math.MaxInt without restarts.
func (m *Monitor) Room() int {
	if !m.restart {
		return math.MaxInt
	}
	next := m.start + m.MinSegment // the first step that may restart
	if m.closing != nil {
		return max(0, next-1-m.t)
	}
	return max(m.t+1, next) + max(m.MinSegment, 1) - 1 - m.t
}

// Behind reports that the monitor needs Step before it observes another
// step, or it may do pending work at once: its comparator is behind
// ([Comparator.Behind]), or the next step may restart while a closed
// segment is still solving (Room is 0).
func (m *Monitor) Behind() bool { return m.cmp.Behind() || m.Room() == 0 }

// Forced returns the number of times Observe did pending work at once: a
// restart that finished the closed segment still solving, and the
// comparators' [Comparator.Forced]. A caller that observes at most Room
// steps between checks and gives Step time whenever the monitor is Behind
// keeps it at 0.
func (m *Monitor) Forced() int {
	return m.forced + m.cmp.Forced() // (a closing comparator's were counted when it closed)
}

// Current returns the segment in progress (its Points alias the
// comparator's: read, do not keep).
func (m *Monitor) Current() Segment { return Segment{Start: m.start, Points: m.cmp.Points()} }

// Closed returns the segments closed by restarts and fully solved, oldest
// first (a segment closed by the last restart appears once Step has
// solved it).
func (m *Monitor) Closed() []Segment { return m.closed }

// Alarms returns the alarms so far (at most MaxAlarms, the latest).
func (m *Monitor) Alarms() []Alarm { return m.alarms }

// Comparator returns the comparator of the current segment (for its Model:
// the dashed g* boundary).
func (m *Monitor) Comparator() *Comparator { return m.cmp }

// T returns the steps observed.
func (m *Monitor) T() int { return m.t }
