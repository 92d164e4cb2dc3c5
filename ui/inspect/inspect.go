// Package inspect writes one online learner's last update as the papers
// write it, with the live numbers substituted: the step inspector's
// equations. It reads the learners' inspection records (learn.SVMDUpdate,
// learn.NORMAUpdate, learn.PegasosUpdate, learn.DCDOnlineUpdate,
// learn.AMMUpdate, learn.RESUpdate) and returns one [Block] per sub-step, in
// the order predict → loss → step size → shrink → insert/evict, each a
// MathML Core formula (display="block": math, mrow, mi, mn, mo, msub, msup,
// mfrac, mtext only; native in current browsers, no math library) that cites
// its equation in the paper. Numbers are written by render.FormatValue, as
// every read-out of the page. The formulas are data: each is a template
// string in the small notation of m (mathml.go) with its numbers as holes,
// read by one reader, rather than a writer call per symbol, which made the
// package's code in main.wasm 237 KB (now 104 KB); TestGoldenEveryStep
// pins the output byte for byte.
//
// # How the view uses it
//
// The inspector panel shows the blocks of the last step, one under another,
// with the block's Title and Source beside its formula (the view inserts the
// MathML string as the panel's inner HTML; it is escaped and well formed
// here). Slow motion plays the blocks one at a time; the current block is
// highlighted in the panel and its [Highlight] says what else lights up:
//
//   - StagePredict: the example x_t is marked on the plot (Point) and, for
//     the kernel learners, every term of the buffer strip (AllTerms): all of
//     them enter f_t(x_t) through one kernel row.
//   - StageLoss: x_t stays marked; the plot's margin lines are emphasised
//     (Margin), since the loss measures x_t against them.
//   - StageStepSize: the η_t chart's newest point (StepSize); the strip is
//     quiet. SVMD's ν-trick block (same stage) moves the margin ε, so it
//     emphasises the margin lines (Margin) instead.
//   - StageShrink: every existing term of the strip (AllTerms) fades by the
//     shrink factor.
//   - StageInsert: the new term (Term, its index after the step) appears at
//     the strip's newest end and x_t on the plot gets its support-vector
//     ring; an evicted term (Evicted, its index before the step, 0 = the
//     oldest) is struck out at the strip's old end.
//
// The view only paints: which point, which term and which block to light up
// is all in the Blocks.
//
// Pure: it imports ui/render (for the number format) and core/learn, never
// syscall/js, ui/app or a view.
package inspect

// Stage is a sub-step of one update, in the order slow motion plays them.
type Stage int

const (
	// StagePredict is f_t(x_t): the prediction before the update.
	StagePredict Stage = iota
	// StageLoss is the loss at x_t and its derivative (ξ_t, c').
	StageLoss
	// StageStepSize is η_t (and the ν-trick's margin step, RES's ε_t, DCD's
	// box).
	StageStepSize
	// StageShrink scales the old coefficients (regularizer).
	StageShrink
	// StageInsert adds the new term (or moves w) and evicts the oldest.
	StageInsert
)

// String returns the stage's name as the panel labels it.
func (s Stage) String() string {
	switch s {
	case StagePredict:
		return "predict"
	case StageLoss:
		return "loss"
	case StageStepSize:
		return "step size"
	case StageShrink:
		return "shrink"
	case StageInsert:
		return "insert/evict"
	}
	return "unknown"
}

// Highlight says what a block lights up besides itself (see the package
// documentation).
type Highlight struct {
	// Point marks the example x_t on the plot.
	Point bool
	// Margin emphasises the plot's margin lines.
	Margin bool
	// StepSize marks the newest point of the η_t chart.
	StepSize bool
	// AllTerms lights every term of the buffer strip.
	AllTerms bool
	// Term is the buffer index (0 = oldest, after the step) of the new term,
	// −1 for none.
	Term int
	// Evicted is the buffer index (before the step) of the evicted term, −1
	// for none.
	Evicted int
}

// Block is one sub-step of an update.
type Block struct {
	// A func field makes Block not comparable (nothing compares blocks):
	// a comparable type costs main.wasm an equality function for itself
	// and for each array of it that a slice literal allocates ([2]Block
	// to [5]Block), about 10 KB of code.
	_ [0]func()
	// Stage is the sub-step.
	Stage Stage
	// Title names the block in words, e.g. "step size (SMD)".
	Title string
	// Source cites the paper and equation, e.g. "JMLR eq. (33)".
	Source string
	// MathML is one <math display="block"> element with the equation and
	// its live numbers.
	MathML string
	// Highlight is what the block lights up.
	Highlight Highlight
}

// none is a Highlight of nothing.
func none() Highlight { return Highlight{Term: -1, Evicted: -1} }

func block(st Stage, title, source string, h Highlight, parts ...string) Block {
	return Block{Stage: st, Title: title, Source: source, MathML: display(parts...), Highlight: h}
}

// predictHighlight marks x_t (and, for kernel learners, every term).
func predictHighlight(kernel bool) Highlight {
	h := none()
	h.Point, h.AllTerms = true, kernel
	return h
}

func lossHighlight() Highlight {
	h := none()
	h.Point, h.Margin = true, true
	return h
}

func stepHighlight() Highlight {
	h := none()
	h.StepSize = true
	return h
}

func shrinkHighlight() Highlight {
	h := none()
	h.AllTerms = true
	return h
}

func insertHighlight(term, evicted int) Highlight {
	h := none()
	h.Point, h.Term, h.Evicted = true, term, evicted
	return h
}
