package render

import (
	"fmt"
	"image"
	"math"

	"kernelplay/core/kernel"
	"kernelplay/core/learn"
)

// Viewport is the rectangle of input space a [Surface] covers: X from X0
// (left edge) to X1 (right edge), Y from Y0 (bottom edge) to Y1 (top edge),
// in the units of the inputs. The zero Viewport means [−1, 1]².
type Viewport struct{ X0, X1, Y0, Y1 float64 }

// Square is the plot's default viewport [−1, 1]².
var Square = Viewport{X0: -1, X1: 1, Y0: -1, Y1: 1}

func (v Viewport) orDefault() Viewport {
	if v == (Viewport{}) {
		return Square
	}
	return v
}

// Pixel centres: column px of g has x = X0 + (px + ½)(X1 − X0)/g, row py
// (from the top) has y = Y1 − (py + ½)(Y1 − Y0)/g.
func (v Viewport) centres(g int) (gx, gy []float64) {
	gx, gy = make([]float64, g), make([]float64, g)
	for i := range g {
		gx[i] = v.X0 + (float64(i)+0.5)*(v.X1-v.X0)/float64(g)
		gy[i] = v.Y1 - (float64(i)+0.5)*(v.Y1-v.Y0)/float64(g)
	}
	return gx, gy
}

// Defaults of Surface.
const (
	// DefaultGrid is the surface resolution when Surface.Grid is 0.
	DefaultGrid = 200
	// DefaultRecomputeEvery bounds the incremental updates between full
	// recomputes of the Gaussian field (rounding drift) when
	// Surface.RecomputeEvery is 0.
	DefaultRecomputeEvery = 64
	// DefaultBudget is the number of kernel evaluations the generic path
	// may spend per Render when Surface.Budget is 0; beyond it the scores
	// are computed on a coarser grid and interpolated bilinearly.
	DefaultBudget = 1_000_000
)

// Surface computes the decision surface of a learner over a viewport into
// one Grid×Grid *image.RGBA, and keeps the scores for [Surface.Contours].
// Settings are exported; their zero values mean the documented defaults.
// A Surface reuses its buffers between calls of Render and is not safe for
// concurrent use.
//
// Colours: binary and novelty scores s (novelty: f − ε, the learner's
// offset) map to [Diverging](tanh(s/Scale)); multiclass pixels take the
// argmax class's colour, tinted from white by tanh(margin/Scale) where the
// margin is the gap between the two largest scores; 1D regression (inputs
// of dimension 1, drawn with x across and the target y up) maps the
// residual y − f(x).
type Surface struct {
	// Grid is the number of pixels per side; zero means DefaultGrid.
	Grid int
	// View is the rectangle of input space shown; zero means Square.
	View Viewport
	// Scale is the score that maps to tanh(1) ≈ 76% of the palette's
	// saturation; zero means 1 (the hinge loss's margin).
	Scale float64
	// RecomputeEvery is the largest number of incremental updates of the
	// Gaussian field between full recomputes; zero means
	// DefaultRecomputeEvery, 1 recomputes every frame.
	RecomputeEvery int
	// Budget bounds the kernel evaluations of the generic path per Render;
	// zero means DefaultBudget.
	Budget int
	// NoFastPath forces the generic path (every score from Learner.Scores),
	// for tests and comparisons.
	NoFastPath bool
	// Direct keeps the Gaussian fast path exact to rounding: no Chebyshev
	// compression (which interpolates the kernel's factors to 1e-13).
	Direct bool

	img      *image.RGBA
	scores   []float64 // g·g·k, pixel-major, offsets and K_Y applied
	k        int
	task     learn.Task
	g        int
	view     Viewport
	gx, gy   []float64
	field    gaussField
	poly     polyField
	x        []float64  // scratch input
	lut      [][4]uint8 // diverging colours by u = score/scale
	tints    [][4]uint8 // class colours by margin/scale, tintSize per class
	lutScale float64
	dst      []float64 // scratch scores

	linPlanes [][3]float64 // linear models' hyperplanes (linear.go)
	linCount  []int
	linRow    []float64
}

// Image returns the last rendered image (nil before the first Render).
func (s *Surface) Image() *image.RGBA { return s.img }

// Scores returns the last rendered scores, pixel-major (pixel (px, py) at
// index (py·Grid + px)·K, K = NumScores of the learner), offsets included;
// for regression the residuals y − f(x). Aliased: valid until the next
// Render.
func (s *Surface) Scores() []float64 { return s.scores }

// FastPath reports whether l would be drawn without calling its Scores
// per pixel: l is a [learn.KernelModel] on 2D inputs with a
// kernel.Gaussian (factorised field) or a kernel.Polynomial or
// kernel.Linear (monomial expansion).
func FastPath(l learn.Learner) bool {
	km, ok := l.(learn.KernelModel)
	if !ok || l.Task() == learn.Regression {
		return false
	}
	e := km.Expansion()
	_, gauss := e.Kernel().(kernel.Gaussian)
	_, _, _, poly := polyParams(e.Kernel())
	return (gauss || poly) && e.Dim() == 2
}

// Render computes the surface of l and returns the image (Grid×Grid,
// aliased, reused by the next Render). Learners with inputs of dimension 2
// are drawn over View; learners with 1D inputs (regression) as the residual
// over View's x and y. It panics if l's inputs are neither 1D nor 2D.
func (s *Surface) Render(l learn.Learner) *image.RGBA {
	g := s.Grid
	if g <= 0 {
		g = DefaultGrid
	}
	view := s.View.orDefault()
	k := l.NumScores()
	if s.img == nil || g != s.g || view != s.view || k != s.k {
		s.img = image.NewRGBA(image.Rect(0, 0, g, g))
		s.scores = make([]float64, g*g*k)
		s.gx, s.gy = view.centres(g)
		s.field.terms = nil
		s.g, s.view, s.k = g, view, k
		s.dst = make([]float64, k)
	}
	s.task = l.Task()
	if s.task == learn.Regression {
		s.regression(l)
	} else if !s.NoFastPath && FastPath(l) {
		s.fast(l.(learn.KernelModel))
	} else if s.NoFastPath || !s.linear(l) { // linear models: linear.go
		s.generic(l)
	}
	s.colour()
	return s.img
}

// fast computes the scores from the factorised Gaussian field or the
// polynomial's monomials.
func (s *Surface) fast(km learn.KernelModel) {
	e := km.Expansion()
	k := s.k
	if e.Labels() != k {
		panic(fmt.Sprintf("render: expansion has %d labels, learner %d scores", e.Labels(), k))
	}
	f := &s.field
	if p, a, c, ok := polyParams(e.Kernel()); ok {
		pf := &s.poly
		if pf.g != s.g || pf.p != p || pf.scale != a || pf.off != c || len(pf.gx) == 0 || &pf.gx[0] != &s.gx[0] {
			pf.setup(p, a, c, s.gx, s.gy, k)
		}
		if cap(f.f) < k*s.g*s.g {
			f.f = make([]float64, k*s.g*s.g)
		}
		f.f = f.f[:k*s.g*s.g]
		f.terms = nil // the Gaussian field is stale
		pf.compute(f.f, k, e)
	} else {
		gamma := e.Kernel().(kernel.Gaussian).Gamma()
		if f.g != s.g || f.gamma != gamma || f.k != k || len(f.gx) == 0 || &f.gx[0] != &s.gx[0] {
			f.reset(s.gx, s.gy, gamma, k)
		}
		f.direct = s.Direct
		every := s.RecomputeEvery
		if every <= 0 {
			every = DefaultRecomputeEvery
		}
		f.update(e, every)
	}
	off := km.Offsets()
	ky := e.LabelKernel()
	gg := s.g * s.g
	if k == 1 {
		b := 0.0
		if len(off) > 0 {
			b = off[0]
		}
		for p, v := range f.f[:gg] {
			s.scores[p] = v + b
		}
		return
	}
	raw := s.dst
	for p := range gg {
		for y := range k {
			raw[y] = f.f[y*gg+p]
		}
		out := s.scores[p*k : (p+1)*k]
		for y := range k {
			v := raw[y]
			if ky != nil {
				v = 0
				for z := range k {
					v += ky[y*k+z] * raw[z]
				}
			}
			if len(off) > y {
				v += off[y]
			}
			out[y] = v
		}
	}
}

// generic evaluates l.Scores at every pixel centre, or on a coarser grid
// when that would exceed the budget, then interpolates bilinearly.
func (s *Surface) generic(l learn.Learner) {
	g, k := s.g, s.k
	cost := 1
	if km, ok := l.(learn.KernelModel); ok {
		cost = max(1, km.Expansion().Len())
	}
	budget := s.Budget
	if budget <= 0 {
		budget = DefaultBudget
	}
	gc := g
	if g*g*cost > budget {
		gc = max(8, int(math.Sqrt(float64(budget)/float64(cost))))
	}
	if len(s.x) != 2 {
		s.x = make([]float64, 2)
	}
	if gc >= g {
		for py := range g {
			for px := range g {
				s.x[0], s.x[1] = s.gx[px], s.gy[py]
				l.Scores(s.scores[(py*g+px)*k:(py*g+px+1)*k], s.x)
			}
		}
		return
	}
	cx, cy := s.view.centres(gc)
	coarse := make([]float64, gc*gc*k)
	for py := range gc {
		for px := range gc {
			s.x[0], s.x[1] = cx[px], cy[py]
			l.Scores(coarse[(py*gc+px)*k:(py*gc+px+1)*k], s.x)
		}
	}
	// Fine pixel centre p maps to coarse coordinate u = (p + ½)·gc/g − ½.
	idx := func(p int) (int, float64) {
		u := (float64(p)+0.5)*float64(gc)/float64(g) - 0.5
		u = max(0, min(float64(gc-1), u))
		i := min(int(u), gc-2)
		return i, u - float64(i)
	}
	for py := range g {
		j, wy := idx(py)
		for px := range g {
			i, wx := idx(px)
			out := s.scores[(py*g+px)*k : (py*g+px+1)*k]
			for y := range k {
				a := coarse[(j*gc+i)*k+y]
				b := coarse[(j*gc+i+1)*k+y]
				c := coarse[((j+1)*gc+i)*k+y]
				d := coarse[((j+1)*gc+i+1)*k+y]
				out[y] = (1-wy)*((1-wx)*a+wx*b) + wy*((1-wx)*c+wx*d)
			}
		}
	}
}

// regression writes the residuals y − f(x) for a 1D learner: f once per
// column.
func (s *Surface) regression(l learn.Learner) {
	if len(s.x) != 1 {
		s.x = make([]float64, 1)
	}
	g := s.g
	for px := range g {
		s.x[0] = s.gx[px]
		fx := l.Scores(s.dst, s.x)[0]
		for py := range g {
			s.scores[py*g+px] = s.gy[py] - fx
		}
	}
}

// Colour lookup tables: the palette as a function of u = score/Scale
// (tanh applied when the table is built, so colouring a pixel is one
// multiply, one conversion and one copy).
const (
	lutSize  = 4096 // entries of the diverging table over u ∈ [−lutRange, lutRange]
	lutRange = 4.0  // tanh(4) = 0.9993: beyond it the palette is saturated
	tintSize = 1024 // entries of each class's table over margin u ∈ [0, lutRange]
)

// buildLUTs fills the tables for scale once per scale.
func (s *Surface) buildLUTs(scale float64) {
	if s.lutScale == scale && s.lut != nil {
		return
	}
	s.lutScale = scale
	s.lut = make([][4]uint8, lutSize)
	for i := range s.lut {
		u := (float64(i)/(lutSize-1)*2 - 1) * lutRange
		d := Diverging(math.Tanh(u))
		s.lut[i] = [4]uint8{d.R, d.G, d.B, 0xff}
	}
	s.tints = make([][4]uint8, len(ClassColors)*tintSize)
	for c := range ClassColors {
		for i := range tintSize {
			w := math.Tanh(float64(i) / (tintSize - 1) * lutRange)
			d := tint(ClassColors[c], 0.2+0.7*w)
			s.tints[c*tintSize+i] = [4]uint8{d.R, d.G, d.B, 0xff}
		}
	}
}

// colour maps the scores to pixels.
func (s *Surface) colour() {
	scale := s.Scale
	if scale <= 0 {
		scale = 1
	}
	s.buildLUTs(scale)
	pix := s.img.Pix
	k := s.k
	gg := s.g * s.g
	if k == 1 {
		// i = round((u/lutRange + 1)/2·(lutSize − 1)), u = v/scale.
		a := (lutSize - 1) / (2 * lutRange * scale)
		const b = (lutSize-1)/2.0 + 0.5
		for p, v := range s.scores[:gg] {
			x := v*a + b
			i := lutSize / 2
			switch {
			case x >= lutSize-1:
				i = lutSize - 1
			case x >= 0:
				i = int(x)
			case x < 0:
				i = 0
			} // NaN: the centre (white)
			*(*[4]uint8)(pix[4*p : 4*p+4]) = s.lut[i]
		}
		return
	}
	a := (tintSize - 1) / (lutRange * scale)
	for p := range gg {
		top, first, second := argmax2(s.scores[p*k : (p+1)*k])
		x := (first-second)*a + 0.5
		i := 0
		if x >= tintSize-1 {
			i = tintSize - 1
		} else if x >= 0 {
			i = int(x)
		}
		*(*[4]uint8)(pix[4*p : 4*p+4]) = s.tints[(top%len(ClassColors))*tintSize+i]
	}
}

// argmax2 returns the index of the largest score and the two largest
// values (NaN scores lose).
func argmax2(sc []float64) (top int, first, second float64) {
	first, second = math.Inf(-1), math.Inf(-1)
	for y, v := range sc {
		if v > first {
			top, first, second = y, v, first
		} else if v > second {
			second = v
		}
	}
	return top, first, second
}
