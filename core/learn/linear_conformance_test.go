package learn_test

import (
	"testing"

	"kernelplay/core/learn"
	"kernelplay/core/learn/learntest"
)

// The linear learners run the shared conformance suite (core/learn/learntest).

func TestPegasosConformance(t *testing.T) {
	for _, k := range []int{1, 3} {
		learntest.Test(t, "pegasos", func() learn.Learner {
			l, err := learn.NewPegasos(2, learn.PegasosSettings{Lambda: 1e-2, BatchSize: k})
			if err != nil {
				t.Fatal(err)
			}
			return l
		}, learntest.Options{Dim: 2})
	}
}
