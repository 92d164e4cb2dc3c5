package learn_test

import (
	"fmt"
	"math/rand/v2"

	"kernelplay/core/kernel"
	"kernelplay/core/learn"
)

// ν-SVMD (JMLR Algorithm 2 with the ν-trick, paper defaults c = 1, η0 = 1,
// μ = 1, λ = 0.95) on a stream of two Gaussian blobs whose labels swap
// halfway: the online error rate before and after the switch, the step size
// η adapted by SMD, the learnt margin ε and the buffer of support vectors.
func ExampleSVMD() {
	l, err := learn.NewSVMD(with(learn.DefaultSVMDConfig(learn.SVMDHinge, 0.05), func(c *learn.SVMDConfig) {
		c.Kernel = kernel.Gaussian{Sigma: 1}
		c.BufferSize = 100
	}), 2)
	if err != nil {
		panic(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	const half = 1000
	mistakes := [2]int{}
	x := make([]float64, 2)
	for t := range 2 * half {
		y := float64(2*r.IntN(2) - 1)
		x[0], x[1] = 2*y+r.NormFloat64(), r.NormFloat64()
		if t >= half {
			y = -y // the class boundary switches
		}
		st := l.Learn(x, y)
		if st.Mistake {
			mistakes[t/half]++
		}
	}
	d := l.Diagnostics()
	fmt.Printf("error rate: first half %.4g, second half %.4g\n",
		float64(mistakes[0])/half, float64(mistakes[1])/half)
	fmt.Printf("η = %.4g, ε = %.4g, terms stored %d of %d\n",
		d.Eta, d.Margin, l.Expansion().Len(), l.Expansion().Cap())
	s := l.Scores(make([]float64, 1), []float64{2, 0})
	fmt.Printf("score at (2, 0): %.4g\n", s[0])
	// Output:
	// error rate: first half 0.045, second half 0.068
	// η = 0.01524, ε = 0.001775, terms stored 100 of 100
	// score at (2, 0): -0.005211
}
