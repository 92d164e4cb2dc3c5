package render

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"kernelplay/core/expansion"
	"kernelplay/core/kernel"
	"kernelplay/core/learn"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// Benchmark sizes: the page's default surface and the target
// buffer and learning rate.
const (
	benchGrid   = 200 // pixels per side
	benchOmega  = 512 // buffer size ω
	benchSteps  = 100 // examples learned per frame
	benchShrink = 0.999
)

// fullModel returns a binary hand model whose buffer of benchOmega terms is
// full, and a function pushing one more random term after shrinking the
// old ones by benchShrink (what NORMA and SVMD do per step).
func fullModel() (*handModel, func()) {
	e := expansion.New(kernel.Gaussian{Sigma: 0.35}, 2, 1, benchOmega, nil, false)
	rng := rand.New(rand.NewPCG(1, 2))
	x, a := make([]float64, 2), make([]float64, 1)
	push := func() {
		e.ScaleAlpha(benchShrink)
		x[0], x[1] = 2*rng.Float64()-1, 2*rng.Float64()-1
		a[0] = rng.NormFloat64()
		e.Prepare(x)
		e.Push(a, nil)
	}
	for range benchOmega {
		push()
	}
	return &handModel{e: e, off: []float64{0.1}, task: learn.Binary}, push
}

// BenchmarkSurfaceFull: a full recompute of the 200×200 surface from 512
// Gaussian terms, colouring included: Direct (exact, O(ω·G²)) and by
// Chebyshev compression (σ = 0.35 needs r = 32 points: O(ω·r² + G²·r)).
func BenchmarkSurfaceFull(b *testing.B) {
	for _, direct := range []bool{true, false} {
		b.Run(map[bool]string{true: "direct", false: "chebyshev"}[direct], func(b *testing.B) {
			m, _ := fullModel()
			s := &Surface{Grid: benchGrid, Direct: direct}
			for b.Loop() {
				s.field.terms = nil // forget the field: recompute from every term
				s.Render(m)
			}
			if f := s.field; direct && f.chebs > 0 || !direct && f.full > 0 {
				b.Fatalf("wrong path: %d Chebyshev, %d direct", f.chebs, f.full)
			}
		})
	}
}

// BenchmarkSurfaceIncremental: 100 pushes (shrink, new term, eviction),
// then the update of the surface, colouring included: Direct (incremental:
// 200 rank-one updates) and the default choice (Chebyshev here).
func BenchmarkSurfaceIncremental(b *testing.B) {
	for _, direct := range []bool{true, false} {
		b.Run(map[bool]string{true: "direct", false: "chebyshev"}[direct], func(b *testing.B) {
			m, push := fullModel()
			s := &Surface{Grid: benchGrid, RecomputeEvery: 1 << 30, Direct: direct}
			s.Render(m)
			for b.Loop() {
				for range benchSteps {
					push()
				}
				s.Render(m)
			}
			if f := s.field; direct && (f.full > 1 || f.incr == 0) {
				b.Fatalf("%d full recomputes, %d incremental", f.full, f.incr)
			}
		})
	}
}

// BenchmarkPushes is the 100 pushes alone, to subtract from
// BenchmarkSurfaceIncremental.
func BenchmarkPushes(b *testing.B) {
	_, push := fullModel()
	for b.Loop() {
		for range benchSteps {
			push()
		}
	}
}

// BenchmarkColour is the colour pass alone (scores → RGBA).
func BenchmarkColour(b *testing.B) {
	m, _ := fullModel()
	s := &Surface{Grid: benchGrid}
	s.Render(m)
	for b.Loop() {
		s.colour()
	}
}

// BenchmarkSurfaceGeneric: the generic path (Laplacian kernel) within its
// default budget of kernel evaluations.
func BenchmarkSurfaceGeneric(b *testing.B) {
	m, _ := fullModel()
	e := expansion.New(kernel.Laplacian{Sigma: 0.35}, 2, 1, benchOmega, nil, false)
	for i := range m.e.Len() {
		e.Prepare(m.e.X(i))
		e.Push(m.e.Alpha(nil, i), nil)
	}
	lap := &handModel{e: e, off: []float64{0}, task: learn.Binary}
	s := &Surface{Grid: benchGrid}
	for b.Loop() {
		s.Render(lap)
	}
}

// BenchmarkContours: the boundary and both margins of a 200×200 surface.
func BenchmarkContours(b *testing.B) {
	m, _ := fullModel()
	s := &Surface{Grid: benchGrid}
	s.Render(m)
	for b.Loop() {
		s.Contours(0)
		s.Contours(1)
		s.Contours(-1)
	}
}

// BenchmarkFrame is one frame of the page's target load: the default demo
// (SVMD, Gaussian σ = 0.15, ω = 512, buffer full) learns 100 examples, then
// the 200×200 surface and its three contours (boundary and margins) are
// updated.
func BenchmarkFrame(b *testing.B) {
	cfg := state.Default()
	cfg.StepsPerFrame = benchSteps
	s, err := sim.New(cfg)
	if err != nil {
		b.Fatal(err)
	}
	s.Step(5000)
	surf := &Surface{Grid: benchGrid}
	surf.Render(s.Learner())
	for b.Loop() {
		s.Step(benchSteps)
		surf.Render(s.Learner())
		m := s.Last().Step.Margin
		surf.Contours(0)
		surf.Contours(m)
		surf.Contours(-m)
	}
	f := surf.field
	b.ReportMetric(float64(f.chebs), "chebyshev")
	b.ReportMetric(float64(f.incr), "incremental")
}

// BenchmarkChebPoints: choosing the number of Chebyshev points when σ or
// the grid changes (σ = 0.15 needs 64 points; σ = 0.05 finds none).
func BenchmarkChebPoints(b *testing.B) {
	gx, gy := Square.centres(benchGrid)
	gs := append(append([]float64(nil), gx...), gy...)
	for _, sigma := range []float64{0.15, 0.05} {
		b.Run(strconv.FormatFloat(sigma, 'g', -1, 64), func(b *testing.B) {
			for b.Loop() {
				chebPoints(1/(2*sigma*sigma), gs, benchGrid/2)
			}
		})
	}
}

// BenchmarkChain joins the boundary of the default demo's surface (two
// spirals: a few thousand segments) into polylines.
func BenchmarkChain(b *testing.B) {
	s, err := sim.New(state.Default())
	if err != nil {
		b.Fatal(err)
	}
	s.Step(3000)
	surf := &Surface{Grid: benchGrid}
	surf.Render(s.Learner())
	segs := surf.Contours(0)
	b.ReportMetric(float64(len(segs)), "segments")
	for b.Loop() {
		Chain(segs)
	}
}

// BenchmarkTracer traces the boundary and both margins of the default
// demo's surface into simplified polylines (a third of a pixel at 520 px),
// the work BenchmarkContours and BenchmarkChain do together.
func BenchmarkTracer(b *testing.B) {
	s, err := sim.New(state.Default())
	if err != nil {
		b.Fatal(err)
	}
	s.Step(3000)
	surf := &Surface{Grid: benchGrid}
	surf.Render(s.Learner())
	var tr Tracer
	var xy []float64
	for b.Loop() {
		xy = xy[:0]
		for _, level := range []float64{0, 1, -1} {
			xy = surf.Lines(xy, &tr, level, 2.0/520/3)
		}
	}
	b.ReportMetric(float64(len(xy)/2), "vertices")
}
