package render

import (
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"testing"

	"kernelplay/core/data"
	"kernelplay/core/learn"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

func sameSeg(s, w Segment) bool {
	return near(s.X0, w.X0) && near(s.Y0, w.Y0) && near(s.X1, w.X1) && near(s.Y1, w.Y1)
}

// TestLineIn clips lines to the square, against endpoints worked by hand.
func TestLineIn(t *testing.T) {
	cases := []struct {
		a, b, c float64
		want    Segment
		ok      bool
	}{
		// x + y = 0.5 meets the square at (−0.5, 1) and (1, −0.5); it runs
		// along (b, −a) = (1, −1).
		{1, 1, 0.5, Segment{-0.5, 1, 1, -0.5}, true},
		// x = 0.3, running along (0, −1).
		{1, 0, 0.3, Segment{0.3, 1, 0.3, -1}, true},
		// −y = −0.25 (y = 0.25), running along (−1, 0).
		{0, -1, -0.25, Segment{1, 0.25, -1, 0.25}, true},
		// x + 2y = −0.5: y = 0.25 at x = −1, y = −0.75 at x = 1.
		{1, 2, -0.5, Segment{-1, 0.25, 1, -0.75}, true},
		{1, 0, 2, Segment{}, false},   // x = 2 misses
		{1, 1, 2.5, Segment{}, false}, // beyond the corner (1, 1)
		{0, 0, 0, Segment{}, false},   // no line
		{1, 1, math.NaN(), Segment{}, false},
	}
	for _, tc := range cases {
		got, ok := LineIn(tc.a, tc.b, tc.c, Square)
		if ok != tc.ok || ok && !sameSeg(got, tc.want) {
			t.Errorf("LineIn(%v, %v, %v) = %v, %v; want %v, %v", tc.a, tc.b, tc.c, got, ok, tc.want, tc.ok)
		}
	}
	// Another viewport: x − y = 0 in [0, 2] × [1, 3] runs from (1, 1) to (2, 2)... in direction (−1, −1).
	got, ok := LineIn(1, -1, 0, Viewport{X0: 0, X1: 2, Y0: 1, Y1: 3})
	if !ok || !sameSeg(got, Segment{2, 2, 1, 1}) {
		t.Errorf("viewport line = %v, %v", got, ok)
	}
}

// fixedLinear is a LinearModel with fixed weights.
type fixedLinear struct {
	w    []float64
	bias float64
}

func (f fixedLinear) Task() learn.Task                        { return learn.Binary }
func (f fixedLinear) NumScores() int                          { return 1 }
func (f fixedLinear) Learn(x []float64, y float64) learn.Step { panic("fixed") }
func (f fixedLinear) Reset()                                  {}
func (f fixedLinear) Weights() []float64                      { return f.w }
func (f fixedLinear) BiasFeature() float64                    { return f.bias }
func (f fixedLinear) Scores(dst, x []float64) []float64 {
	dst[0] = f.w[0]*x[0] + f.w[1]*x[1]
	if f.bias > 0 {
		dst[0] += f.w[2] * f.bias
	}
	return dst
}

// TestHyperplanesLinear: w = (1, 2), bias weight 0.25 on the feature B = 2,
// so f(x) = x + 2y + 0.5. By hand: f = 0 is y = −(x + 0.5)/2, from
// (−1, 0.25) to (1, −0.75); f = 1 is y = (0.5 − x)/2, from (−1, 0.75) to
// (1, −0.25); f = −1 is y = −(x + 1.5)/2, from (−1, −0.25) to (0.5, −1).
func TestHyperplanesLinear(t *testing.T) {
	l := fixedLinear{w: []float64{1, 2, 0.25}, bias: 2}
	got := Hyperplanes(nil, l, Square, 1)
	want := map[float64]Segment{0: {-1, 0.25, 1, -0.75}, 1: {-1, 0.75, 1, -0.25}, -1: {-1, -0.25, 0.5, -1}}
	if len(got) != 3 {
		t.Fatalf("%d lines, want 3: %+v", len(got), got)
	}
	for _, h := range got {
		w, ok := want[h.Level]
		if !ok || h.Class != -1 || len(h.Solid) != 1 || len(h.Dashed) != 0 || !sameSeg(h.Solid[0], w) {
			t.Errorf("level %v: %+v, want %v", h.Level, h, w)
		}
		// Every point of the line has f = level.
		for _, u := range []float64{0, 0.3, 1} {
			s := h.Solid[0]
			x := []float64{s.X0 + u*(s.X1-s.X0), s.Y0 + u*(s.Y1-s.Y0)}
			if f := l.Scores(make([]float64, 1), x)[0]; math.Abs(f-h.Level) > 1e-12 {
				t.Errorf("f = %v on the level-%v line", f, h.Level)
			}
		}
	}
	// A real Pegasos model: its line is where its score is 0.
	p, err := learn.NewPegasos(edited(learn.DefaultPegasosConfig(), func(c *learn.PegasosConfig) {
		c.Lambda = 0.01
		c.Bias = 1
	}), 2)
	if err != nil {
		t.Fatal(err)
	}
	p.Learn([]float64{0.5, 0.2}, 1)
	p.Learn([]float64{-0.4, -0.6}, -1)
	p.Learn([]float64{0.9, -0.9}, -1)
	for _, h := range Hyperplanes(nil, p, Square, 0) {
		s := h.Solid[0]
		for _, x := range [][]float64{{s.X0, s.Y0}, {s.X1, s.Y1}} {
			if f := p.Scores(make([]float64, 1), x)[0]; math.Abs(f) > 1e-12 {
				t.Errorf("Pegasos f = %v on its boundary", f)
			}
		}
	}
	// No lines for a kernel model or a 1D model.
	if n := len(Hyperplanes(nil, fixedLinear{w: []float64{1}}, Square, 1)); n != 0 {
		t.Errorf("1D model: %d lines", n)
	}
}

// trainedAMM trains a two-class AMM (bias feature 1) on noiseless XOR: a
// fixed seed, so the golden is reproducible.
func trainedAMM(t *testing.T) *learn.AMM {
	const seed, steps = 3, 4000
	t.Logf("seed %d, %d steps", seed, steps)
	a, err := learn.NewAMM(edited(learn.DefaultAMMConfig(2), func(c *learn.AMMConfig) {
		c.Lambda = 1e-3
		c.Bias = 1
	}), 2)
	if err != nil {
		t.Fatal(err)
	}
	g := &data.Gen2D{Shape: data.XOR, Classes: 2, Labels: data.Index}
	rng := rand.New(rand.NewPCG(seed, 0))
	for range steps {
		x, y := g.Next(rng)
		a.Learn(x, y)
	}
	return a
}

// TestHyperplanesAMM checks every stretch of the AMM's lines against the
// machine's own scores: solid stretches lie on the decision boundary s_1 =
// s_0 with the pair's pieces the best of their classes; dashed ones have the
// named piece best of its class and the other not. And the solid stretches
// cover the boundary the surface's contours find.
func TestHyperplanesAMM(t *testing.T) {
	a := trainedAMM(t)
	lines := Hyperplanes(nil, a, Square, 1)
	beta := make([]float64, 3)
	piece := func(y, k int, x, yy float64) float64 {
		b := a.Hyperplane(beta, y, k)
		return b[0]*x + b[1]*yy + b[2]
	}
	isBest := func(y, k int, x, yy float64) bool {
		v := piece(y, k, x, yy)
		for q := range a.Hyperplanes(y) {
			if q != k && piece(y, q, x, yy) > v+1e-9 {
				return false
			}
		}
		return true
	}
	sc := make([]float64, 2)
	var solid []Segment
	for _, h := range lines {
		if h.Class == h.Class2 {
			t.Errorf("line between two pieces of class %d", h.Class)
		}
		for kind, segs := range [][]Segment{h.Solid, h.Dashed, h.Dashed2} {
			for _, s := range segs {
				mx, my := (s.X0+s.X1)/2, (s.Y0+s.Y1)/2
				if d := piece(h.Class, h.Index, mx, my) - piece(h.Class2, h.Index2, mx, my); math.Abs(d) > 1e-9 {
					t.Errorf("midpoint off the pair's line by %v", d)
				}
				b1, b2 := isBest(h.Class, h.Index, mx, my), isBest(h.Class2, h.Index2, mx, my)
				switch kind {
				case 0:
					a.Scores(sc, []float64{mx, my})
					if math.Abs(sc[1]-sc[0]) > 1e-9 || !b1 || !b2 {
						t.Errorf("solid stretch %v: s1 − s0 = %v, best %v %v", s, sc[1]-sc[0], b1, b2)
					}
				}
				if kind > 0 && distToSegs(s.X0, s.Y0, h.Solid) > 0 && distToSegs(s.X1, s.Y1, h.Solid) > 0 {
					t.Errorf("dashed stretch %v does not continue a solid one", s)
				}
				switch kind {
				case 1:
					if !b1 || b2 {
						t.Errorf("dashed stretch %v: best %v %v, want true false", s, b1, b2)
					}
				case 2:
					if b1 || !b2 {
						t.Errorf("dashed2 stretch %v: best %v %v, want false true", s, b1, b2)
					}
				}
			}
		}
		solid = append(solid, h.Solid...)
	}
	// Every point of the contour f = 0 lies within 2 pixels of a solid
	// stretch (the grid of 200 pixels spans 2 plot units).
	s := Surface{Grid: 200}
	s.Render(a)
	far := 0
	contour := s.Contours(0)
	for _, c := range contour {
		if distToSegs(c.X0, c.Y0, solid) > 0.02 {
			far++
		}
	}
	t.Logf("%d lines, %d solid stretches; %d of %d contour points off them; AMM has %d and %d hyperplanes",
		len(lines), len(solid), far, len(contour), a.Hyperplanes(0), a.Hyperplanes(1))
	if far > 0 || len(contour) == 0 {
		t.Errorf("%d of %d contour points are not on a solid stretch", far, len(contour))
	}
	if a.Hyperplanes(0) < 2 || a.Hyperplanes(1) < 2 {
		t.Errorf("AMM on XOR has %d and %d hyperplanes, want ≥ 2 per class", a.Hyperplanes(0), a.Hyperplanes(1))
	}
}

func distToSegs(x, y float64, segs []Segment) float64 {
	best := math.Inf(1)
	for _, s := range segs {
		dx, dy := s.X1-s.X0, s.Y1-s.Y0
		u := 0.0
		if l2 := dx*dx + dy*dy; l2 > 0 {
			u = math.Max(0, math.Min(1, ((x-s.X0)*dx+(y-s.Y0)*dy)/l2))
		}
		best = math.Min(best, math.Hypot(x-s.X0-u*dx, y-s.Y0-u*dy))
	}
	return best
}

// TestGoldenAMM draws an AMM trained on XOR: the argmax regions, the
// boundary pieces solid in black and their continuations past the bends
// dashed in the colour of the class whose piece is still in force.
func TestGoldenAMM(t *testing.T) {
	a := trainedAMM(t)
	s := Surface{Grid: 96}
	img := s.Render(a)
	out := image.NewRGBA(img.Bounds())
	copy(out.Pix, img.Pix)
	dashed := func(segs []Segment, class int) {
		c := ClassColors[class]
		dark := color.RGBA{c.R / 2, c.G / 2, c.B / 2, 255}
		for _, d := range segs {
			// Dashes: every other eighth of the segment.
			for i := 0; i < 8; i += 2 {
				u0, u1 := float64(i)/8, float64(i+1)/8
				drawSegments(out, []Segment{{d.X0 + u0*(d.X1-d.X0), d.Y0 + u0*(d.Y1-d.Y0),
					d.X0 + u1*(d.X1-d.X0), d.Y0 + u1*(d.Y1-d.Y0)}}, Square, dark)
			}
		}
	}
	for _, h := range Hyperplanes(nil, a, Square, 1) {
		dashed(h.Dashed, h.Class)
		dashed(h.Dashed2, h.Class2)
		drawSegments(out, h.Solid, Square, color.RGBA{0, 0, 0, 255})
	}
	golden(t, "amm-xor.png", out)
}

// surfaceLinearGrid is the page's default surface resolution.
const surfaceLinearGrid = 200

// BenchmarkSurfaceLinear times one surface of a linear model (Pegasos with
// a bias) and of a two-class AMM with 3 hyperplanes per class (argmax
// regions) through the linear fast path (Surface.linear).
func BenchmarkSurfaceLinear(b *testing.B) {
	p, err := learn.NewPegasos(edited(learn.DefaultPegasosConfig(), func(c *learn.PegasosConfig) {
		c.Lambda = 0.01
		c.Bias = 1
	}), 2)
	if err != nil {
		b.Fatal(err)
	}
	p.Learn([]float64{0.5, 0.2}, 1)
	a := trainedAMM(&testing.T{})
	for _, tc := range []struct {
		name string
		l    learn.Learner
	}{{"pegasos", p}, {"amm", a}} {
		b.Run(tc.name, func(b *testing.B) {
			s := Surface{Grid: surfaceLinearGrid}
			for b.Loop() {
				s.Render(tc.l)
			}
		})
	}
}

// twoClass wraps a two-class AMM as one score, sign chosen by flip: flip
// false is learn.BinaryAMM's f = s_1 − s_0, true the opposite. Neither is a
// type the fast path knows, so it steps aside.
type twoClass struct {
	a    *learn.AMM
	flip bool
}

func (w twoClass) Task() learn.Task                        { return learn.Binary }
func (w twoClass) NumScores() int                          { return 1 }
func (w twoClass) Learn(x []float64, y float64) learn.Step { panic("fixed") }
func (w twoClass) Reset()                                  {}
func (w twoClass) Scores(dst, x []float64) []float64 {
	sc := w.a.Scores(make([]float64, 2), x)
	dst[0] = sc[1] - sc[0]
	if w.flip {
		dst[0] = -dst[0]
	}
	return dst
}

// TestSurfaceLinearFastPath: the linear fast path gives the generic path's
// scores (to rounding) for Pegasos, a two-class AMM and a learn.BinaryAMM,
// and steps aside for one-score wrappers it does not know.
func TestSurfaceLinearFastPath(t *testing.T) {
	p, err := learn.NewPegasos(edited(learn.DefaultPegasosConfig(), func(c *learn.PegasosConfig) {
		c.Lambda = 0.01
		c.Bias = 1
	}), 2)
	if err != nil {
		t.Fatal(err)
	}
	p.Learn([]float64{0.5, 0.2}, 1)
	p.Learn([]float64{-0.3, 0.4}, -1)
	a := trainedAMM(t)
	ba, err := learn.NewBinaryAMM(edited(learn.DefaultAMMConfig(2), func(c *learn.AMMConfig) {
		c.Lambda = 1e-3
		c.Bias = 1
	}), 2)
	if err != nil {
		t.Fatal(err)
	}
	g := &data.Gen2D{Shape: data.XOR, Classes: 2, Labels: data.Signed}
	rng := rand.New(rand.NewPCG(3, 0))
	for range 2000 {
		x, y := g.Next(rng)
		ba.Learn(x, y)
	}
	for _, tc := range []struct {
		name string
		l    learn.Learner
		fast bool
	}{{"pegasos", p, true}, {"amm", a, true}, {"binary", ba, true}, {"wrapper", twoClass{a, false}, false}, {"flipped", twoClass{a, true}, false}} {
		fast, slow := Surface{Grid: 50}, Surface{Grid: 50, NoFastPath: true}
		fast.Render(tc.l)
		slow.Render(tc.l)
		for i, v := range fast.Scores() {
			if w := slow.Scores()[i]; math.Abs(v-w) > 1e-12*(1+math.Abs(w)) {
				t.Fatalf("%s: score %d = %v, generic %v", tc.name, i, v, w)
			}
		}
		var probe Surface
		probe.Grid = 50
		probe.Render(tc.l) // sets up the buffers
		if got := probe.linear(tc.l); got != tc.fast {
			t.Errorf("%s: fast path taken = %v, want %v", tc.name, got, tc.fast)
		}
	}
}
