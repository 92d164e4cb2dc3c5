package learn

import "kernelplay/core/kernel"

// PerceptronConfig holds the settings of the kernel perceptron. The zero
// value of a field means zero; [DefaultPerceptronConfig] gives the defaults.
type PerceptronConfig struct {
	// Kernel is the input kernel k; kernels failing kernel.Validate, nil
	// included, are an error.
	Kernel kernel.Kernel
	// Classes is K for the multiclass perceptron (labels 0..K−1, JMLR eq. 16
	// with margin 0); zero means binary (labels ±1).
	Classes int
	// BufferSize is ω ≥ 1, the number of mistakes kept (the most recent).
	BufferSize int
	// Offset adds a bias b updated like the coefficients (NORMA eq. 15:
	// b ← b + y_t). False means none, the classical perceptron.
	Offset bool
}

// DefaultPerceptronConfig returns the binary perceptron with the Gaussian
// kernel kernel.Gaussian{} (σ = 1) on a buffer of ω = 512 terms (JMLR §6.1's
// ω for every kernel learner), without offset.
func DefaultPerceptronConfig() PerceptronConfig {
	return PerceptronConfig{Kernel: kernel.Gaussian{}, BufferSize: svmdBufferSize}
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
