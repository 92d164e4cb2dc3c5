package learn

import (
	"fmt"
	"math"

	"kernelplay/core/expansion"
	"kernelplay/core/kernel"
)

// KernelPegasosConfig configures [KernelPegasos]. The zero value of a field
// means zero; [DefaultKernelPegasosConfig] gives the defaults.
type KernelPegasosConfig struct {
	// Kernel is the input kernel k; kernels failing kernel.Validate, nil
	// included, are an error.
	Kernel kernel.Kernel
	// Lambda is the regularizer λ > 0 of F(f) = λ/2‖f‖²_H + (1/N)Σ max(0,
	// 1 − y f(x)).
	Lambda float64
	// BufferSize is ω ≥ 1, the number of expansion terms kept (the most
	// recent margin violators; the oldest is dropped, JMLR §5.5).
	BufferSize int
	// NoProjection skips the projection onto the ball ‖f‖_H ≤ 1/√λ.
	NoProjection bool
}

// DefaultKernelPegasosConfig returns kernel Pegasos with kernel.Gaussian{}
// (σ = 1), λ = 10⁻⁴ (as [DefaultPegasosConfig]) and ω = 512 (JMLR §6.1),
// projecting.
func DefaultKernelPegasosConfig() KernelPegasosConfig {
	return KernelPegasosConfig{Kernel: kernel.Gaussian{}, Lambda: 1e-4, BufferSize: svmdBufferSize}
}

// KernelPegasos is Pegasos in a reproducing kernel Hilbert space (Shalev-
// Shwartz et al. 2007 §4; lecture "(Non-linear) kernels"), with mini-batches
// of one example, on the LRU kernel expansion f = Σ_i α_i k(x_i, ·) of
// [expansion.Expansion]:
//
//	η_t = 1/(λt),  f ← (1 − 1/t)·f + η_t·y_t·k(x_t, ·) if y_t f(x_t) < 1,
//	f ← min(1, (1/√λ)/‖f‖_H)·f.
//
// ‖f‖²_H is kept incrementally, O(1) per step from the cached kernel row:
// ‖s·f + a·k(x, ·)‖² = s²‖f‖² + 2as·f(x) + a²k(x, x), corrected exactly when
// the buffer drops its oldest term (“Truncation”, package documentation). Mini-batches of k > 1
// would need the kernel values between the batch's examples; the lecture
// notes "no empirical evidence that K > 1 has any benefits", so only k = 1 is
// offered. Learn costs O(ω·d) and allocates nothing.
type KernelPegasos struct {
	s      KernelPegasosConfig
	dim    int
	exp    *expansion.Expansion
	norm2  float64 // ‖f‖²_H
	t      int
	radius float64
	f      []float64 // scratch, length 1
	alpha  []float64 // scratch, length 1
	offs   []float64 // zero offset, length 1
	dead   bool
	last   PegasosUpdate // the inspection record of the last step
}

var (
	_ Learner     = (*KernelPegasos)(nil)
	_ KernelModel = (*KernelPegasos)(nil)
)

// NewKernelPegasos returns a kernel Pegasos learner for inputs of dimension
// dim ≥ 1 (smaller is an error). It returns an error for an invalid kernel, a
// non-positive or non-finite λ, a BufferSize below 1, or storage
// ω·(2d + 13) above [MaxFloats] (the feature-major copy of sparse inputs,
// ω·(d + 8), included).
func NewKernelPegasos(s KernelPegasosConfig, dim int) (*KernelPegasos, error) {
	if err := checkDim("KernelPegasos", dim); err != nil {
		return nil, err
	}
	if err := checkKernel("KernelPegasos", s.Kernel); err != nil {
		return nil, err
	}
	if err := checkLambda("KernelPegasos", s.Lambda); err != nil {
		return nil, err
	}
	if s.BufferSize < 1 {
		return nil, fmt.Errorf("learn: KernelPegasos: BufferSize = %d, want ≥ 1", s.BufferSize)
	}
	if err := checkStorage("KernelPegasos", float64(s.BufferSize)*float64(2*dim+13), fmt.Sprintf("BufferSize %d with dimension %d, ω·(2d + 13),", s.BufferSize, dim)); err != nil {
		return nil, err
	}
	p := &KernelPegasos{
		s: s, dim: dim, exp: expansion.New(s.Kernel, dim, 1, s.BufferSize, nil, false),
		radius: 1 / math.Sqrt(s.Lambda), f: make([]float64, 1), alpha: make([]float64, 1), offs: make([]float64, 1),
	}
	return p, nil
}

// Config returns the settings in force.
func (p *KernelPegasos) Config() KernelPegasosConfig { return p.s }

// Task returns [Binary].
func (p *KernelPegasos) Task() Task { return Binary }

// NumScores returns 1.
func (p *KernelPegasos) NumScores() int { return 1 }

// Expansion returns the live expansion (read only; see [KernelModel]).
func (p *KernelPegasos) Expansion() *expansion.Expansion { return p.exp }

// Offsets returns the zero offset (Pegasos has no bias term).
func (p *KernelPegasos) Offsets() []float64 { return p.offs }

// Norm2 returns ‖f‖²_H as kept incrementally.
func (p *KernelPegasos) Norm2() float64 { return p.norm2 }

// Scores writes f(x) into dst[0]. Wrong lengths panic.
func (p *KernelPegasos) Scores(dst, x []float64) []float64 {
	checkLen("KernelPegasos.Scores", x, p.dim)
	if len(dst) != 1 {
		panic(fmt.Sprintf("learn: KernelPegasos.Scores: len(dst) = %d, want 1", len(dst)))
	}
	return p.exp.Scores(dst, x)
}

// Reset empties the expansion and sets t = 0.
func (p *KernelPegasos) Reset() {
	p.exp.Reset()
	p.norm2, p.t, p.dead = 0, 0, false
	p.last = PegasosUpdate{}
}

// Learn makes one kernel Pegasos step on (x, y). Step.Eta is η_t = 1/(λt),
// Step.BufferSize the number of stored terms. y must be ±1 and len(x) the
// input dimension, or Learn panics.
func (p *KernelPegasos) Learn(x []float64, y float64) Step {
	checkLen("KernelPegasos.Learn", x, p.dim)
	checkBinaryLabel("KernelPegasos.Learn", y)
	p.exp.Prepare(x)
	f := p.exp.F(p.f)[0]
	m := y * f
	t := p.t + 1
	eta := 1 / (p.s.Lambda * float64(t))
	st := Step{Loss: math.Max(0, 1-m), MarginError: m < 1, Eta: eta, Margin: 1}
	st.Prediction, st.Mistake = binaryPrediction(f, y)
	p.last = PegasosUpdate{T: t, InBatch: 1, BatchSize: 1, Y: y, Score: f, LossValue: st.Loss, Violated: m < 1,
		Lambda: p.s.Lambda, Eta: eta, Radius: p.radius, Projection: 1, Terms: p.exp.Len(), Index: -1, EvictedIndex: -1}
	if blown(f, st.Loss, p.exp.SelfKernel()) {
		p.dead = true
	}
	if p.dead {
		st.Diverged = true
		st.BufferSize = p.exp.Len()
		return st
	}
	s := 1 - 1/float64(t)
	p.exp.ScaleAlpha(s)
	p.norm2 *= s * s
	p.t = t
	if m < 1 {
		a := eta * y
		kxx := p.exp.SelfKernel()
		p.norm2 += 2*a*s*f + a*a*kxx
		p.alpha[0] = a
		p.last.Alpha = a
		p.recordEvictee(a)
		ev := p.exp.Push(p.alpha, nil)
		p.last.Stored, p.last.Evicted, p.last.Index = ev.Stored, ev.Evicted, p.exp.Len()-1
		p.norm2 += ev.NormF
		if p.norm2 < 0 {
			p.norm2 = 0 // rounding
		}
	}
	p.last.Updated, p.last.Shrink, p.last.Norm = true, s, math.Sqrt(p.norm2)
	if !p.s.NoProjection && p.norm2 > p.radius*p.radius {
		p.last.Projection = p.radius / math.Sqrt(p.norm2)
		p.exp.ScaleAlpha(p.radius / math.Sqrt(p.norm2))
		p.norm2 = p.radius * p.radius
	}
	if math.IsNaN(p.norm2) || math.IsInf(p.norm2, 0) {
		p.dead = true
		st.Diverged = true
	}
	st.BufferSize = p.exp.Len()
	return st
}
