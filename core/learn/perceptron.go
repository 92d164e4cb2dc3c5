package learn

import "kernelplay/core/kernel"

// PerceptronConfig holds the settings of the kernel perceptron. The zero
// value of every field means the documented default.
type PerceptronConfig struct {
	// Kernel is the input kernel k. Nil means kernel.Gaussian{}.
	Kernel kernel.Kernel
	// Classes is K for the multiclass perceptron (labels 0..K−1, JMLR eq. 16
	// with margin 0); zero means binary (labels ±1).
	Classes int
	// BufferSize is ω, the number of mistakes kept (the most recent). Zero
	// means 512.
	BufferSize int
	// Offset adds a bias b updated like the coefficients (NORMA eq. 15:
	// b ← b + y_t). False means none, the classical perceptron.
	Offset bool
}

// NewPerceptron returns the kernel perceptron as NORMA's rule (15) with
// λ = 0 ("Setting λ = 0 recovers the kernel-perceptron algorithm", after
// eq. 15) and the constant step size η = 1: on y_t·g(x_t) ≤ 0 the term
// y_t·k(x_t, ·) is added (the paper's strict inequality is relaxed to ≤, see
// [RuleHinge]); with Classes ≥ 2, on g_y ≤ g_{y*} the terms +k for y and −k
// for y* are added. With λ = 0 the step size only scales f and b, so η = 1
// loses nothing. Storage is NORMA's LRU buffer of ω terms, so for a stream
// with more than ω mistakes it is the budget perceptron that forgets its
// oldest mistakes. It returns NewNORMA's errors for invalid settings.
func NewPerceptron(cfg PerceptronConfig, dim int) (*NORMA, error) {
	return NewNORMA(cfg.NORMA(), dim)
}
