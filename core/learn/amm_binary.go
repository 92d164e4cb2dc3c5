package learn

import "fmt"

// BinaryAMM is an [AMM] (or, with MaxHyperplanes = 1, the multiclass linear
// SVM) with two classes learning the binary task: label −1 is class 0, +1
// class 1, and the single score is f(x) = s_1(x) − s_0(x), so f = 0 is the
// machine's decision boundary and f = ±1 are the margins of its loss
// max(0, 1 + s_rival − s_y). Predictions are sign(f) as ±1; a tie
// s_1 = s_0 is a [Step.Mistake], as for every learner.
//
// BinaryAMM implements [Learner]; [BinaryAMM.AMM] gives the two-class machine
// whose hyperplanes a view draws. Create it with [NewBinaryAMM].
type BinaryAMM struct {
	a   *AMM
	dim int
	sc  []float64 // scratch: the two class scores
}

var _ Learner = (*BinaryAMM)(nil)

// NewBinaryAMM returns the binary AMM for inputs of dimension dim with the
// settings cfg, whose Classes is replaced by 2 (DefaultAMMConfig(2) serves).
// Its errors are [NewAMM]'s.
func NewBinaryAMM(cfg AMMConfig, dim int) (*BinaryAMM, error) {
	cfg.Classes = 2
	a, err := NewAMM(cfg, dim)
	if err != nil {
		return nil, err
	}
	return &BinaryAMM{a: a, dim: dim, sc: make([]float64, 2)}, nil
}

// AMM returns the two-class machine (live: read it only, between Learn
// calls).
func (b *BinaryAMM) AMM() *AMM { return b.a }

// Config returns the settings in force (Classes = 2).
func (b *BinaryAMM) Config() AMMConfig { return b.a.Config() }

// Task returns [Binary].
func (b *BinaryAMM) Task() Task { return Binary }

// NumScores returns 1.
func (b *BinaryAMM) NumScores() int { return 1 }

// Scores writes f(x) = s_1(x) − s_0(x) into dst[0] and returns dst. It
// panics unless len(dst) = 1 and len(x) is the input dimension.
func (b *BinaryAMM) Scores(dst, x []float64) []float64 {
	checkLen("BinaryAMM.Scores", x, b.dim)
	if len(dst) != 1 {
		panic(fmt.Sprintf("learn: BinaryAMM.Scores: len(dst) = %d, want 1", len(dst)))
	}
	b.a.Scores(b.sc, x)
	dst[0] = b.sc[1] - b.sc[0]
	return dst
}

// Learn learns (x, y), y = ±1, as class (y + 1)/2 of the two-class AMM and
// reports the prediction sign(f) as ±1 (+1 at f = 0, like every binary
// learner; the step costs one extra scoring, O(H·d)). It panics on a label other than ±1 or
// len(x) ≠ the input dimension.
func (b *BinaryAMM) Learn(x []float64, y float64) Step {
	checkLen("BinaryAMM.Learn", x, b.dim)
	checkBinaryLabel("BinaryAMM.Learn", y)
	c := 0.0
	if y > 0 {
		c = 1
	}
	b.a.Scores(b.sc, x)
	f := b.sc[1] - b.sc[0]
	st := b.a.Learn(x, c)
	st.Prediction, st.Mistake = binaryPrediction(f, y)
	if blown(f) {
		b.a.dead = true
		st.Diverged = true
	}
	return st
}

// Reset returns the machine to its state before the first example.
func (b *BinaryAMM) Reset() { b.a.Reset() }
