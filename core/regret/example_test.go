package regret_test

import (
	"fmt"
	"math"
	"math/rand/v2"

	"kernelplay/core/data"
	"kernelplay/core/kernel"
	"kernelplay/core/learn"
	"kernelplay/core/regret"
)

// NORMA as in Theorem 2 on 2,000 moons, beside the comparator of its own
// objective: the regret at the last checkpoint, and eq. (23) above the
// learner's cumulative risk.
func Example() {
	cfg := learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0)
	cfg.Kernel, cfg.Lambda, cfg.BufferSize = kernel.Gaussian{Sigma: 0.5}, 0.1, 2000
	cfg.Schedule = learn.InvSqrtT{Lambda: cfg.Lambda}
	n, _ := learn.NewNORMA(cfg, 2)
	obj, _ := regret.ObjectiveOf(cfg)
	c, _ := regret.NewComparator(obj, regret.Settings{MaxExact: 2000}, 2)

	g := &data.Gen2D{Shape: data.Moons, Noise: 0.1}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		x, y := g.Next(rng)
		norm2 := n.SquaredNorm() // ‖f_t‖² before the step
		st := n.Learn(x, y)
		c.Add(x, y, regret.OnlineRisk(st.Loss, cfg.Lambda, norm2))
		c.Step(10000) // a frame's slice of the solve
	}
	for !c.Step(math.MaxInt) {
	}
	p := c.Points()[len(c.Points())-1]
	b := regret.NORMATheorem2(cfg, p)
	fmt.Printf("m = %d: online %.4g, hindsight %.4g, regret %.3g (%.2g per example)\n", p.M, p.Online, p.Hindsight, p.Regret, p.Regret/float64(p.M))
	fmt.Printf("%s: %.4g, applies %v\n", b.Source, b.Value, b.Applies)
	// Output:
	// m = 2000: online 1110, hindsight 1047, regret 62.8 (0.031 per example)
	// NORMA Theorem 2, eq. (23): 2339, applies true
}
