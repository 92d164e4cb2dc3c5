package simd

import (
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"kernelplay/core/kernel"
	"kernelplay/core/learn"
)

// The measurements behind issue 13's "wasm/native ≤ 3× on one step": pure
// Go, run by the page's debug hook (install.go: in the browser, with and
// without the SIMD module) and natively by tests/browser/simd_test.go (the native
// figure), so that both time the same code path. Times are medians over
// batches of calls: a browser's clock is coarse (Chromium rounds
// performance.now to 100 µs on a page that is not cross-origin isolated),
// and the median drops the batches during which the shared machine ran
// something else.

// StepBench is one SVMD learner (core/learn's DefaultSVMDConfig) with its
// buffer of ω terms full, as core/learn's BenchmarkLearnStep sets it up:
// inputs of dimension d, random labels (so that most steps store a term
// and evict one), a Gaussian kernel of width σ = √d, a pool of 1024
// examples cycled through. Binary (hinge loss, labels ±1) for classes ≤ 1,
// else multiclass over that many classes. Dense inputs are unit normal; for
// a density below 1 each entry is non-zero (uniform in [0, 1)) with that
// probability, as the digits' pixels are (MNIST: d = 784, density about
// 0.19), and the learner's rows go through kernel.Columns.
type StepBench struct {
	l  *learn.SVMD
	xs [][]float64
	ys []float64
	i  int
}

// stepPool is the number of distinct examples a [StepBench] cycles through.
const stepPool = 1024

// NewStepBench returns the learner of [StepBench], with its buffer filled.
// It returns an error if the settings are refused or the buffer does not
// fill within 50·ω steps.
func NewStepBench(d, omega, classes int, density float64) (*StepBench, error) {
	r := rand.New(rand.NewPCG(2026, uint64(d*100+max(classes, 1))))
	b := &StepBench{xs: make([][]float64, stepPool), ys: make([]float64, stepPool)}
	for i := range b.xs {
		b.xs[i] = make([]float64, d)
		for j := range b.xs[i] {
			switch {
			case density >= 1:
				b.xs[i][j] = r.NormFloat64()
			case r.Float64() < density:
				b.xs[i][j] = r.Float64()
			}
		}
		if classes <= 1 {
			b.ys[i] = float64(2*r.IntN(2) - 1)
		} else {
			b.ys[i] = float64(r.IntN(classes))
		}
	}
	cfg := learn.DefaultSVMDConfig(learn.SVMDHinge, 0)
	cfg.Kernel = kernel.Gaussian{Sigma: math.Sqrt(float64(d))}
	cfg.BufferSize = omega
	if classes > 1 {
		cfg.Loss, cfg.Classes = learn.SVMDMulticlass, classes
	}
	l, err := learn.NewSVMD(cfg, d)
	if err != nil {
		return nil, err
	}
	b.l = l
	for steps := 0; l.Expansion().Len() < omega; steps++ {
		if steps == 50*omega {
			return nil, errBufferNotFull
		}
		b.step()
	}
	return b, nil
}

type benchError string

func (e benchError) Error() string { return string(e) }

const errBufferNotFull = benchError("simd: StepBench: the buffer did not fill")

func (b *StepBench) step() {
	b.l.Learn(b.xs[b.i%stepPool], b.ys[b.i%stepPool])
	b.i++
}

// Time returns the median over batches of the mean time of one step in a
// batch of steps.
func (b *StepBench) Time(steps, batches int) time.Duration {
	return medianBatch(steps, batches, b.step)
}

// DotsBench returns the median over batches of the mean time of one call
// dots(dst, x, rows) in a batch of calls, for n rows of dimension d of
// uniform random numbers in [−1, 1).
func DotsBench(dots func(dst, x, rows []float64), n, d, calls, batches int) time.Duration {
	r := rand.New(rand.NewPCG(2026, uint64(n*1000+d)))
	rows, x, dst := uniform(r, n*d), uniform(r, d), make([]float64, n)
	return medianBatch(calls, batches, func() { dots(dst, x, rows) })
}

// LaneBench returns the median over batches of the mean time of one call
// lane(dst, cols, offs, vals) in a batch of calls: m slots, nnz terms from
// columns of a 256 × m feature-major store, uniform random numbers in
// [−1, 1).
func LaneBench(lane func(dst, cols []float64, offs []int, vals []float64), m, nnz, calls, batches int) time.Duration {
	const dim = 256
	r := rand.New(rand.NewPCG(2026, uint64(m*1000+nnz)))
	cols, vals, dst := uniform(r, dim*m), uniform(r, nnz), make([]float64, m)
	offs := make([]int, nnz)
	for k := range offs {
		offs[k] = r.IntN(dim) * m
	}
	return medianBatch(calls, batches, func() { lane(dst, cols, offs, vals) })
}

// RowBench returns the median over batches of the mean time of one
// Gaussian kernel row in a batch of rows, from the feature-major store
// (kernel.Columns.Row) if columns, else from the row-major one
// (kernel.Row), for n stored vectors of dimension d and a query, each
// entry non-zero (uniform in [0, 1)) with the given probability: MNIST
// digits have d = 784 and density about 0.19.
func RowBench(n, d int, density float64, columns bool, calls, batches int) time.Duration {
	r := rand.New(rand.NewPCG(2026, uint64(n*1000+d)))
	sparse := func() []float64 {
		z := make([]float64, d)
		for j := range z {
			if r.Float64() < density {
				z[j] = r.Float64()
			}
		}
		return z
	}
	c, rows := kernel.NewColumns(d, n), make([]float64, n*d)
	norms := make([]float64, n)
	for s := range n {
		z := sparse()
		c.Set(s, z)
		copy(rows[s*d:], z)
		norms[s] = dot(z, z)
	}
	x, dst := sparse(), make([]float64, n)
	k, xx := kernel.Gaussian{Sigma: math.Sqrt(float64(d))}, dot(x, x)
	if columns {
		return medianBatch(calls, batches, func() { c.Row(k, dst, x, xx, norms) })
	}
	return medianBatch(calls, batches, func() { kernel.Row(k, dst, x, xx, rows, norms) })
}

// medianBatch runs f calls times per batch and returns the median over
// batches of the mean duration of one call.
func medianBatch(calls, batches int, f func()) time.Duration {
	ts := make([]time.Duration, batches)
	for b := range ts {
		t0 := time.Now()
		for range calls {
			f()
		}
		ts[b] = time.Since(t0) / time.Duration(calls)
	}
	slices.Sort(ts)
	return ts[len(ts)/2]
}

func uniform(r *rand.Rand, n int) []float64 {
	v := make([]float64, n)
	for i := range v {
		v[i] = 2*r.Float64() - 1
	}
	return v
}

func dot(a, b []float64) float64 {
	var s float64
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}
