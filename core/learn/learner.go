package learn

// Task is what a learner predicts.
type Task int

const (
	// Binary classification: labels y ∈ {−1, +1}; one score f(x) + b, predicted label sign(f).
	Binary Task = iota
	// Multiclass classification: labels y ∈ {0, 1, …, K−1}; K scores f(x, y) + b_y, predicted argmax.
	Multiclass
	// Novelty detection: the label is ignored; one score f(x) − ε, novel when negative.
	Novelty
	// Regression: real targets y; one score f(x) + b, the prediction itself.
	Regression
)

// String returns the task's lower-case name.
func (t Task) String() string {
	switch t {
	case Binary:
		return "binary"
	case Multiclass:
		return "multiclass"
	case Novelty:
		return "novelty"
	case Regression:
		return "regression"
	}
	return "unknown"
}

// Step reports what one call of [Learner.Learn] did. It is returned by value
// so that learning allocates nothing.
type Step struct {
	// Loss is the instantaneous loss l(x_t, y_t, f_t) before the update
	// (for the ν-trick losses, including the −νε term of JMLR eq. 53).
	Loss float64
	// MarginError reports a non-zero loss gradient: the example violated the
	// margin (hinge family) and, for SVMD/NORMA, a new term entered the expansion.
	MarginError bool
	// Mistake reports that the prediction made before the update was wrong
	// or undecided. Binary: the score f has the wrong sign or is 0 (the
	// perceptron's ŷ = sign(f) of JMLR §2.1 is 0 there and differs from
	// every label y = ±1; so step 1, where f = 0, is always a mistake, as in
	// the papers' error counts, JMLR §6 "the total number of errors on the
	// training samples seen so far"). Multiclass: the true class's score is
	// not strictly above every other score (a tie for the maximum is
	// undecided; Prediction reports the lowest index among the tied).
	// Novelty: flagged as novel. Regression: |residual| greater than the
	// ε-tube, or than 0 without a tube.
	Mistake bool
	// Prediction is the prediction made before the update: the label for
	// classification (±1 or the class index), f(x_t) for regression and novelty.
	Prediction float64
	// Eta is the step size η_t used for this update (dimensionless).
	Eta float64
	// Margin is the margin in force after the update: ε (JMLR §5.4) or ρ
	// (NORMA §3) under the ν-trick, otherwise the fixed margin (1 for hinge).
	Margin float64
	// BufferSize is the number of terms stored after the update (≤ ω).
	BufferSize int
	// Diverged reports a non-finite quantity: the step's score or loss
	// (a non-finite or overflowing input, a score past the float64 range)
	// or the model after the update. Every learner reports it, for this
	// step and every later one: it has stopped learning and should be
	// Reset (learntest checks this for each).
	Diverged bool
}

// Learner is an online learner: it scores an input and learns from one
// labelled example at a time.
type Learner interface {
	// Task returns what the learner predicts.
	Task() Task
	// NumScores is the length of the score vector: 1 for binary, novelty and
	// regression, K for K-class multiclass.
	NumScores() int
	// Scores writes the current scores of x into dst and returns dst. dst
	// must have length NumScores(), x the learner's input dimension; other
	// lengths panic. Scores does not change the learner.
	Scores(dst, x []float64) []float64
	// Learn makes the prediction for (x, y), counts the mistake, then updates
	// the model with the example, following the learner's paper. Labels follow
	// [Task]. x is not retained (it is copied where stored). A label outside the
	// task's range panics.
	Learn(x []float64, y float64) Step
	// Reset returns the learner to its state before the first example,
	// keeping its settings.
	Reset()
}

// binaryPrediction returns the predicted label sign(f) (+1 at f = 0) and
// whether it is a [Step.Mistake] for the label y: a wrong sign or f = 0.
func binaryPrediction(f, y float64) (pred float64, mistake bool) {
	pred = 1
	if f < 0 {
		pred = -1
	}
	return pred, f == 0 || pred != y
}

// multiclassPrediction returns the arg max of the scores g (the lowest
// index among ties) and whether it is a [Step.Mistake] for the class y: some
// other class scores at least g[y].
func multiclassPrediction(g []float64, y int) (best int, mistake bool) {
	best = argmax(g)
	if best != y {
		return best, true
	}
	for j, v := range g {
		if j != y && v == g[y] {
			return best, true
		}
	}
	return best, false
}
