package learn_test

import (
	"testing"

	"kernelplay/core/learn"
)

// TestAMMHugeBias: an AMM whose bias feature B = 1e300 scores ±Inf (or
// NaN) from its first update; the step reports Diverged (issue 25: it
// ran on with Diverged never set).
func TestAMMHugeBias(t *testing.T) {
	c := learn.DefaultAMMConfig(3)
	c.Bias = 1e300
	a, err := learn.NewAMM(c, 2)
	if err != nil {
		return // refusing the setting is as good
	}
	diverged := false
	for i := range 10 {
		st := a.Learn([]float64{0.5, -0.5}, float64(i%3))
		sc := a.Scores(make([]float64, 3), []float64{0.5, -0.5})
		finite := !blownTest(st.Loss) && !blownTest(sc...)
		if !finite && !st.Diverged {
			t.Fatalf("step %d: %+v with scores %v, not Diverged", i, st, sc)
		}
		diverged = diverged || st.Diverged
	}
	if !diverged {
		t.Log("B = 1e300 ran finitely")
	}
}

func blownTest(v ...float64) bool {
	for _, x := range v {
		if x != x || x > 1.7e308 || x < -1.7e308 {
			return true
		}
	}
	return false
}
