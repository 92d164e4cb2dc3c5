package learn

import "kernelplay/core/expansion"

// KernelModel is a learner whose prediction is a kernel expansion plus
// offsets,
//
//	score_y(x) = f(x, y) + Offsets()[y],   f(x, ·) = Σ_i K_Y·α_i k(x_i, x)
//
// (JMLR eq. 29 with the offsets b of §5.4.1). The UI draws from it: the
// decision surface, the support vectors of the LRU buffer with their
// coefficients, and the term evicted next.
//
// Expansion returns the learner's live expansion: read it only (its
// read-only accessors Len, Cap, Dim, Labels, Kernel, X, Alpha, NextEvicted,
// Scores), and only between calls of Learn; it changes with every Learn and
// is reused after Reset. Offsets returns the offsets b per label, length
// NumScores(), aliasing the learner's state (read-only, valid until the next
// Learn): for binary and multiclass the offsets b of JMLR eq. (50) (zero
// without Offset), for novelty detection −ε (the margin, JMLR eq. 53), so
// that score = f(x) + Offsets()[0] is negative exactly for novel points.
type KernelModel interface {
	Expansion() *expansion.Expansion
	Offsets() []float64
}
