package learn_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"kernelplay/core/kernel"
	"kernelplay/core/learn"
)

// Benchmark sizes: the input dimensions of a 2D playground, a mid-size
// feature vector, 16×16 USPS digits and 28×28 MNIST digits; the buffer sizes
// of JMLR §6.1 (512) and §6.3 (4096); binary and 10-class problems.
var (
	benchDims    = []int{2, 64, 256, 784}
	benchOmegas  = []int{512, 4096}
	benchClasses = []int{1, 10} // 1 = binary
)

const (
	// benchPool is the number of distinct pre-generated examples cycled
	// through, so that generating data is not measured.
	benchPool = 1024
	// benchSigmaPerDim scales the Gaussian width with √d so that kernel
	// values stay O(1) at every dimension (unit-variance inputs).
	benchSigmaPerDim = 1.0
)

// benchStream returns a pool of random unit-variance inputs with random
// labels (random labels keep the hinge losses violated most of the time, so
// most steps store a term and evict one: the expensive steady state).
func benchStream(dim, classes int) ([][]float64, []float64) {
	r := rand.New(rand.NewPCG(2026, uint64(dim*100+classes)))
	xs := make([][]float64, benchPool)
	ys := make([]float64, benchPool)
	for i := range xs {
		xs[i] = make([]float64, dim)
		for j := range xs[i] {
			xs[i][j] = r.NormFloat64()
		}
		if classes == 1 {
			ys[i] = float64(2*r.IntN(2) - 1)
		} else {
			ys[i] = float64(r.IntN(classes))
		}
	}
	return xs, ys
}

// benchKernel is the Gaussian kernel with σ = √d·benchSigmaPerDim, so that
// ‖x − x'‖²/(2σ²) ≈ 1 for unit-variance inputs at every dimension.
func benchKernel(dim int) kernel.Kernel {
	return kernel.Gaussian{Sigma: benchSigmaPerDim * math.Sqrt(float64(dim))}
}

// benchLearner builds NORMA or SVMD with matching settings.
func benchLearner(b *testing.B, alg string, dim, omega, classes int) learn.Learner {
	b.Helper()
	var l learn.Learner
	var err error
	switch alg {
	case "NORMA":
		cfg := with(learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0), func(c *learn.NORMAConfig) {
			c.Kernel = benchKernel(dim)
			c.BufferSize = omega
		})
		if classes > 1 {
			cfg.Classes = classes
		}
		l, err = learn.NewNORMA(cfg, dim)
	case "SVMD":
		cfg := with(learn.DefaultSVMDConfig(learn.SVMDHinge, 0), func(c *learn.SVMDConfig) {
			c.Kernel = benchKernel(dim)
			c.BufferSize = omega
		})
		if classes > 1 {
			cfg.Loss, cfg.Classes = learn.SVMDMulticlass, classes
		}
		l, err = learn.NewSVMD(cfg, dim)
	}
	if err != nil {
		b.Fatal(err)
	}
	return l
}

// bufferLen reads the number of stored terms of a kernel learner.
func bufferLen(l learn.Learner) int {
	return l.(learn.KernelModel).Expansion().Len()
}

// BenchmarkLearnStep measures one Learn step of NORMA and SVMD in steady
// state (the buffer pre-filled to ω, so that a step stores and evicts).
//
//	go test -run XXX -bench LearnStep -benchtime=200x ./core/learn
func BenchmarkLearnStep(b *testing.B) {
	for _, classes := range benchClasses {
		task := "binary"
		if classes > 1 {
			task = fmt.Sprintf("%dclass", classes)
		}
		for _, dim := range benchDims {
			xs, ys := benchStream(dim, classes)
			for _, omega := range benchOmegas {
				for _, alg := range []string{"NORMA", "SVMD"} {
					name := fmt.Sprintf("%s/%s/d=%d/omega=%d", task, alg, dim, omega)
					b.Run(name, func(b *testing.B) {
						l := benchLearner(b, alg, dim, omega, classes)
						i := prefill(b, l, xs, ys, omega)
						// ns/op is the mean; median-ns/step discards the steps
						// during which the shared machine ran another process.
						ts := make([]time.Duration, 0, b.N)
						for b.Loop() {
							t0 := time.Now()
							l.Learn(xs[i%benchPool], ys[i%benchPool])
							ts = append(ts, time.Since(t0))
							i++
						}
						b.ReportMetric(float64(median(ts).Nanoseconds()), "median-ns/step")
					})
				}
			}
		}
	}
}

// prefill learns from the pool until the learner's buffer holds ω terms and
// returns the next pool index.
func prefill(b *testing.B, l learn.Learner, xs [][]float64, ys []float64, omega int) int {
	b.Helper()
	i := 0
	for steps := 0; bufferLen(l) < omega && steps < 50*omega; steps++ {
		l.Learn(xs[i%benchPool], ys[i%benchPool])
		i++
	}
	if bufferLen(l) < omega {
		b.Fatalf("buffer filled to %d of %d", bufferLen(l), omega)
	}
	return i
}

// BenchmarkSVMDOverNORMA measures the cost ratio of an SVMD step to a NORMA
// step on the same stream, alternating one step of each so that both see the
// same machine load (this machine is shared; separate benchmarks drift). It
// reports the median norma-ns/step and svmd-ns/step (medians discard steps
// interrupted by other processes) and their ratio svmd/norma; ns/op is the
// mean of a pair.
//
//	go test -run XXX -bench SVMDOverNORMA -benchtime=300x ./core/learn
func BenchmarkSVMDOverNORMA(b *testing.B) {
	for _, classes := range benchClasses {
		task := "binary"
		if classes > 1 {
			task = fmt.Sprintf("%dclass", classes)
		}
		for _, dim := range benchDims {
			xs, ys := benchStream(dim, classes)
			for _, omega := range benchOmegas {
				b.Run(fmt.Sprintf("%s/d=%d/omega=%d", task, dim, omega), func(b *testing.B) {
					n := benchLearner(b, "NORMA", dim, omega, classes)
					s := benchLearner(b, "SVMD", dim, omega, classes)
					i := prefill(b, n, xs, ys, omega)
					if j := prefill(b, s, xs, ys, omega); j > i {
						i = j
					}
					// Per-step durations; the medians discard the steps
					// during which the scheduler ran another process.
					tn := make([]time.Duration, 0, b.N)
					ts := make([]time.Duration, 0, b.N)
					for b.Loop() {
						x, y := xs[i%benchPool], ys[i%benchPool]
						t0 := time.Now()
						n.Learn(x, y)
						t1 := time.Now()
						s.Learn(x, y)
						t2 := time.Now()
						tn = append(tn, t1.Sub(t0))
						ts = append(ts, t2.Sub(t1))
						i++
					}
					mn, ms := median(tn), median(ts)
					b.ReportMetric(float64(mn.Nanoseconds()), "norma-ns/step")
					b.ReportMetric(float64(ms.Nanoseconds()), "svmd-ns/step")
					b.ReportMetric(float64(ms)/float64(mn), "svmd/norma")
				})
			}
		}
	}
}

// median returns the median of d (reordering d).
func median(d []time.Duration) time.Duration {
	if len(d) == 0 {
		return 0
	}
	slices.Sort(d)
	return d[len(d)/2]
}
