package render

import (
	"math"
	"math/rand/v2"
	"testing"

	"kernelplay/core/data"
	"kernelplay/core/kernel"
	"kernelplay/core/learn"
)

// TestChebPoints: the number of points grows as σ shrinks, and the
// interpolant meets chebTol at points the selection did not test.
func TestChebPoints(t *testing.T) {
	gx, gy := Square.centres(200)
	gs := append(append([]float64(nil), gx...), gy...)
	prev := 0
	for _, sigma := range []float64{3, 1, 0.5, 0.35, 0.2, 0.1, 0.05} {
		gamma := 1 / (2 * sigma * sigma)
		r := chebPoints(gamma, gs, 128)
		t.Logf("σ = %v: r = %d", sigma, r)
		if r == 0 {
			if sigma > 0.1 {
				t.Errorf("σ = %v: no interpolation", sigma)
			}
			continue
		}
		if r < prev {
			t.Errorf("σ = %v needs fewer points (%d) than a wider kernel (%d)", sigma, r, prev)
		}
		prev = r
		nodes, weights := chebNodes(r)
		L := make([]float64, r)
		rng := rand.New(rand.NewPCG(9, 9))
		for range 300 {
			x := 2*rng.Float64() - 1
			g := 2.4*rng.Float64() - 1.2
			lagrange(L, nodes, weights, x)
			v := 0.0
			for l, xl := range nodes {
				v += L[l] * math.Exp(-gamma*(g-xl)*(g-xl))
			}
			if d := math.Abs(v - math.Exp(-gamma*(g-x)*(g-x))); d > 10*chebTol {
				t.Fatalf("σ = %v, x = %v, g = %v: error %g", sigma, x, g, d)
			}
		}
	}
}

// TestChebEqualsGeneric: the surface by Chebyshev compression, then by
// incremental updates on top of it, equals the learner's own scores.
func TestChebEqualsGeneric(t *testing.T) {
	for _, task := range []learn.Task{learn.Binary, learn.Multiclass, learn.Novelty} {
		l := trained(t, task, kernel.Gaussian{Sigma: 0.35}, 256, 600)
		fast := &Surface{Grid: 120}
		slow := &Surface{Grid: 120, NoFastPath: true, Budget: 1 << 30}
		g := &data.Gen2D{Shape: data.Moons, Noise: 0.1}
		rng := rand.New(rand.NewPCG(testSeed, 5))
		for frame, steps := range []int{0, 200, 3, 1, 50} {
			for range steps {
				x, y := g.Next(rng)
				switch task {
				case learn.Multiclass:
					y = float64(rng.IntN(3))
				case learn.Novelty:
					y = 0
				}
				l.Learn(x, y)
			}
			fast.Render(l)
			slow.Render(l)
			scale := 1e-300
			for _, v := range slow.Scores() {
				scale = max(scale, math.Abs(v))
			}
			if d := maxDiff(fast.Scores(), slow.Scores()); d > 1e-9*scale {
				t.Errorf("%v frame %d: fast and generic differ by %g (scale %g)", task, frame, d, scale)
			}
		}
		f := &fast.field
		t.Logf("%v: r = %d; %d Chebyshev, %d incremental, %d direct", task, f.cheb.r, f.chebs, f.incr, f.full)
		if f.chebs == 0 {
			t.Errorf("%v: the Chebyshev path never ran", task)
		}
	}
}

// TestChebSetupDeferred: a surface of few terms is computed directly,
// without choosing Chebyshev points (costly the first time, under wasm the
// bulk of a page's first picture); many terms set it up and use it.
func TestChebSetupDeferred(t *testing.T) {
	few := trained(t, learn.Binary, kernel.Gaussian{Sigma: 0.35}, 256, 0)
	g := &data.Gen2D{Shape: data.Moons, Noise: 0.1}
	rng := rand.New(rand.NewPCG(testSeed, 9))
	for ModelTerms(few).Len() < chebMinTerms/2 {
		x, y := g.Next(rng)
		few.Learn(x, y)
	}
	s := &Surface{Grid: 120}
	s.Render(few)
	if f := &s.field; f.chebKnown || f.chebs > 0 {
		t.Fatalf("%d terms: Chebyshev set up (known %v, %d uses)", ModelTerms(few).Len(), f.chebKnown, f.chebs)
	}
	for ModelTerms(few).Len() < 4*chebMinTerms {
		x, y := g.Next(rng)
		few.Learn(x, y)
	}
	s.field.terms = nil // a full recompute
	s.Render(few)
	if f := &s.field; !f.chebKnown || f.chebs == 0 {
		t.Fatalf("%d terms: Chebyshev not used (known %v, r = %d, %d uses)", ModelTerms(few).Len(), f.chebKnown, f.cheb.r, f.chebs)
	}
}
