package learn_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

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
		cfg := learn.NORMAConfig{Kernel: benchKernel(dim), BufferSize: omega}
		if classes > 1 {
			cfg.Classes = classes
		}
		l, err = learn.NewNORMA(cfg, dim)
	case "SVMD":
		cfg := learn.SVMDConfig{Kernel: benchKernel(dim), BufferSize: omega}
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
						i := 0
						for steps := 0; bufferLen(l) < omega && steps < 50*omega; steps++ {
							l.Learn(xs[i%benchPool], ys[i%benchPool])
							i++
						}
						if bufferLen(l) < omega {
							b.Fatalf("buffer filled to %d of %d", bufferLen(l), omega)
						}
						for b.Loop() {
							l.Learn(xs[i%benchPool], ys[i%benchPool])
							i++
						}
					})
				}
			}
		}
	}
}
