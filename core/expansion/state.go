package expansion

import (
	"errors"
	"fmt"
	"math"
)

// State is the exact stored form of an [Expansion]'s terms, for saving a
// learner and restoring it bit for bit (kernelplay/core/learn's model
// files). It holds the ring as it lies in memory, not the true
// coefficients: restoring the same State into an expansion of the same
// settings gives the same sums in the same order, so every later score and
// update is identical to the last bit. The true coefficients of the term in
// ring slot s are
//
//	α_s = AlphaScale·Alpha[y·Len + s],   β_s = BetaScale·Beta[y·Len + s] + BetaMix·Alpha[y·Len + s]
//
// for label y = 0 … K−1, and the terms, oldest first, are the slots Next,
// Next+1, … (mod Len) when the buffer is full (Len = Cap), else 0 … Len−1.
// Nf and Nv are the truncation bookkeeping of the package documentation in
// the same stored units (true Nf = AlphaScale·Nf, true Nv = BetaScale·Nv +
// BetaMix·Nf), before K_Y.
type State struct {
	// Len is the number of stored terms n, 0 ≤ n ≤ Cap; Next is the slot the
	// next storing Push writes (n when n < Cap, else the oldest slot).
	Len  int `json:"len"`
	Next int `json:"next"`
	// X holds the support vectors of slots 0 … n−1, row-major, n·d.
	X []float64 `json:"x"`
	// Alpha and Nf are label-major, K rows of n entries (K·n each).
	Alpha []float64 `json:"alpha"`
	Nf    []float64 `json:"nf"`
	// Beta and Nv (K·n each) are present exactly when the expansion keeps β.
	Beta []float64 `json:"beta,omitempty"`
	Nv   []float64 `json:"nv,omitempty"`
	// AlphaScale, BetaScale and BetaMix are the lazy multipliers of
	// [Expansion.ScaleAlpha] and [Expansion.MixBeta] (1, 1 and 0 when folded).
	AlphaScale float64 `json:"alpha_scale"`
	BetaScale  float64 `json:"beta_scale"`
	BetaMix    float64 `json:"beta_mix"`
}

// State returns the stored form of the expansion's terms (see [State]);
// the slices are fresh copies. It allocates (2 or 4)·K·n + n·d float64s.
func (e *Expansion) State() State {
	n := e.n
	st := State{
		Len: n, Next: e.next,
		X:          append([]float64(nil), e.x[:n*e.dim]...),
		Alpha:      e.labelMajor(e.alpha),
		Nf:         e.labelMajor(e.nf),
		AlphaScale: e.as, BetaScale: e.bs, BetaMix: e.ba,
	}
	if e.trace {
		st.Beta = e.labelMajor(e.beta)
		st.Nv = e.labelMajor(e.nv)
	}
	return st
}

// labelMajor copies the first n slots of each label row of c (K·cap) into
// a fresh K·n slice.
func (e *Expansion) labelMajor(c []float64) []float64 {
	n := e.n
	out := make([]float64, e.labels*n)
	for y := range e.labels {
		copy(out[y*n:(y+1)*n], c[y*e.cap:y*e.cap+n])
	}
	return out
}

// SetState replaces the expansion's terms by st, keeping its settings
// (kernel, d, K, ω, K_Y, whether β is kept). The squared norms ‖x_i‖² are
// recomputed as [Expansion.Prepare] computes them, so a State taken by
// [Expansion.State] restores bit for bit. It allocates nothing.
//
// SetState returns an error, and leaves the expansion unchanged, unless
// 0 ≤ Len ≤ Cap(), Next is Len when Len < Cap() and in [0, Cap()) when
// Len = Cap(), the slices have the lengths above (Beta and Nv empty without
// β), every number is finite, and AlphaScale and BetaScale are non-zero.
func (e *Expansion) SetState(st State) error {
	n, K := st.Len, e.labels
	switch {
	case n < 0 || n > e.cap:
		return fmt.Errorf("expansion: %d stored terms, want 0 … %d (the buffer size)", n, e.cap)
	case n < e.cap && st.Next != n, n == e.cap && (st.Next < 0 || st.Next >= e.cap):
		return fmt.Errorf("expansion: next slot %d is inconsistent with %d of %d terms stored", st.Next, n, e.cap)
	case len(st.X) != n*e.dim:
		return fmt.Errorf("expansion: %d support-vector entries, want %d terms × dimension %d", len(st.X), n, e.dim)
	case len(st.Alpha) != K*n || len(st.Nf) != K*n:
		return fmt.Errorf("expansion: %d α and %d Nf entries, want %d labels × %d terms", len(st.Alpha), len(st.Nf), K, n)
	case e.trace && (len(st.Beta) != K*n || len(st.Nv) != K*n):
		return fmt.Errorf("expansion: %d β and %d Nv entries, want %d labels × %d terms", len(st.Beta), len(st.Nv), K, n)
	case !e.trace && (len(st.Beta) != 0 || len(st.Nv) != 0):
		return errors.New("expansion: β given for an expansion that keeps none")
	}
	for _, v := range [][]float64{st.X, st.Alpha, st.Nf, st.Beta, st.Nv, {st.AlphaScale, st.BetaScale, st.BetaMix}} {
		for _, x := range v {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return errors.New("expansion: a stored value is not finite")
			}
		}
	}
	if st.AlphaScale == 0 || st.BetaScale == 0 {
		return errors.New("expansion: a lazy multiplier is zero")
	}
	if !e.trace && (st.BetaScale != 1 || st.BetaMix != 0) {
		return errors.New("expansion: β multipliers given for an expansion that keeps none")
	}
	e.Reset()
	e.n, e.next = n, st.Next
	copy(e.x, st.X)
	for s := range n {
		x := e.x[s*e.dim : (s+1)*e.dim]
		e.norms[s] = dot(x, x)
	}
	if e.cols != nil {
		e.fillColumns()
	}
	for y := range K {
		copy(e.alpha[y*e.cap:y*e.cap+n], st.Alpha[y*n:(y+1)*n])
		copy(e.nf[y*e.cap:y*e.cap+n], st.Nf[y*n:(y+1)*n])
		if e.trace {
			copy(e.beta[y*e.cap:y*e.cap+n], st.Beta[y*n:(y+1)*n])
			copy(e.nv[y*e.cap:y*e.cap+n], st.Nv[y*n:(y+1)*n])
		}
	}
	e.as, e.bs, e.ba = st.AlphaScale, st.BetaScale, st.BetaMix
	return nil
}
