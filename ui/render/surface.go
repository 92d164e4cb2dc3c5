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
	DefaultBudget = 4_000_000
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

	img    *image.RGBA
	scores []float64 // g·g·k, pixel-major, offsets and K_Y applied
	k      int
	task   learn.Task
	g      int
	view   Viewport
	gx, gy []float64
	field  gaussField
	x      []float64 // scratch input
	dst    []float64 // scratch scores
}

// Image returns the last rendered image (nil before the first Render).
func (s *Surface) Image() *image.RGBA { return s.img }

// Scores returns the last rendered scores, pixel-major (pixel (px, py) at
// index (py·Grid + px)·K, K = NumScores of the learner), offsets included;
// for regression the residuals y − f(x). Aliased: valid until the next
// Render.
func (s *Surface) Scores() []float64 { return s.scores }

// FastPath reports whether l would be drawn with the factorised Gaussian
// path: l is a [learn.KernelModel] with a kernel.Gaussian on 2D inputs.
func FastPath(l learn.Learner) bool {
	km, ok := l.(learn.KernelModel)
	if !ok || l.Task() == learn.Regression {
		return false
	}
	e := km.Expansion()
	_, gauss := e.Kernel().(kernel.Gaussian)
	return gauss && e.Dim() == 2
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
	} else {
		s.generic(l)
	}
	s.colour()
	return s.img
}

// fast computes the scores from the factorised Gaussian field.
func (s *Surface) fast(km learn.KernelModel) {
	e := km.Expansion()
	gamma := e.Kernel().(kernel.Gaussian).Gamma()
	k := s.k
	if e.Labels() != k {
		panic(fmt.Sprintf("render: expansion has %d labels, learner %d scores", e.Labels(), k))
	}
	f := &s.field
	if f.g != s.g || f.gamma != gamma || f.k != k || len(f.gx) == 0 || &f.gx[0] != &s.gx[0] {
		f.reset(s.gx, s.gy, gamma, k)
	}
	every := s.RecomputeEvery
	if every <= 0 {
		every = DefaultRecomputeEvery
	}
	f.update(e, every)
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

// colour maps the scores to pixels.
func (s *Surface) colour() {
	scale := s.Scale
	if scale <= 0 {
		scale = 1
	}
	pix := s.img.Pix
	k := s.k
	for p := range s.g * s.g {
		var c [4]uint8
		if k == 1 {
			d := Diverging(math.Tanh(s.scores[p] / scale))
			c = [4]uint8{d.R, d.G, d.B, 0xff}
		} else {
			sc := s.scores[p*k : (p+1)*k]
			top, first, second := argmax2(sc)
			w := 0.0
			if !math.IsNaN(first - second) {
				w = math.Tanh((first - second) / scale)
			}
			d := tint(ClassColors[top%len(ClassColors)], 0.2+0.7*w)
			c = [4]uint8{d.R, d.G, d.B, 0xff}
		}
		copy(pix[4*p:4*p+4], c[:])
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
