package data

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Shape2D names a 2D distribution of [Gen2D]. Every shape lives in the
// square [−1, 1]² and comes in 2 to [MaxClasses2D] classes.
type Shape2D int

const (
	// Gaussians: one isotropic Gaussian blob per class (std 0.15 before
	// noise), centres evenly spaced on the circle of radius 0.5.
	Gaussians Shape2D = iota
	// XOR: the plane cut into 2K angular sectors of angle π/K around the
	// origin, sector s belonging to class s mod K; for K = 2 these are the
	// four quadrants of the XOR problem. Points are uniform in the square.
	XOR
	// Circles: concentric rings, class k at radius in [k, k+0.6]·0.9/K
	// (class 0 a disk around the origin).
	Circles
	// Moons: K interlocking half circles, alternately opening down and up,
	// chained left to right (scikit-learn's make_moons for K = 2), scaled
	// into the square.
	Moons
	// Spirals: K interleaved spiral arms of 1.75 turns each, radius growing
	// linearly from 0.05 to 0.95 (TensorFlow Playground's spiral, K arms).
	Spirals
	// Checkerboard: a 4×4 board of cells of side 0.5 over the square, cell
	// (i, j) belonging to class (i + j) mod K. Points are uniform in the
	// cells of their class.
	Checkerboard
	// Rotating: a drifting stream. The disk of radius 0.95 is cut into K
	// equal sectors which rotate about the origin by 2π every Period
	// examples, so the class boundary turns with t (for K = 2 a line
	// through the origin). Points are uniform in the disk.
	Rotating
)

// MaxClasses2D is the largest number of classes a [Gen2D] draws.
const MaxClasses2D = 5

// shapeNames are the lower-case names of the shapes, indexed by Shape2D.
var shapeNames = [...]string{"gaussians", "xor", "circles", "moons", "spirals", "checkerboard", "rotating"}

// String returns the shape's lower-case name ("gaussians", "xor", "circles",
// "moons", "spirals", "checkerboard", "rotating").
func (s Shape2D) String() string {
	if s < 0 || int(s) >= len(shapeNames) {
		return fmt.Sprintf("Shape2D(%d)", int(s))
	}
	return shapeNames[s]
}

// Shapes2D lists every [Shape2D] in order.
func Shapes2D() []Shape2D {
	s := make([]Shape2D, len(shapeNames))
	for i := range s {
		s[i] = Shape2D(i)
	}
	return s
}

// ParseShape2D returns the shape with the given [Shape2D.String] name, or an
// error naming the known shapes.
func ParseShape2D(name string) (Shape2D, error) {
	for i, n := range shapeNames {
		if n == name {
			return Shape2D(i), nil
		}
	}
	return 0, fmt.Errorf("data: unknown 2D shape %q (want one of %v)", name, shapeNames)
}

// Labels2D says how [Gen2D] writes a class k into [Example.Y].
type Labels2D int

const (
	// Signed labels for binary classification: class 0 → −1, class 1 → +1.
	// Needs Classes = 2.
	Signed Labels2D = iota
	// Index labels for multiclass classification: Y = k as a float64.
	Index
	// OneClass labels for novelty detection: Y = 0 for every example; the
	// inputs come from all classes of the shape (its support is what a
	// novelty detector learns).
	OneClass
)

// DefaultPeriod is the number of examples per full turn of the [Rotating]
// shape when Gen2D.Period is 0.
const DefaultPeriod = 5000

// Gen2D draws labelled points in [−1, 1]² from one of the [Shape2D]
// distributions. The class is drawn first, uniformly, then the point given
// the class, then isotropic Gaussian noise of standard deviation Noise is
// added to both coordinates (redrawn up to 8 times while the point falls
// outside the square, then clamped into it). The zero value is two
// noiseless Gaussian blobs with ±1 labels.
//
// Gen2D counts the examples it has drawn (for [Rotating]); it is not safe
// for concurrent use. Randomness comes only from the rng passed to Next.
type Gen2D struct {
	// Shape is the distribution; zero is Gaussians.
	Shape Shape2D
	// Noise is the standard deviation of the Gaussian jitter added to each
	// coordinate, in the units of the square (which is 2 wide); 0 ≤ Noise.
	// Zero means no noise.
	Noise float64
	// Classes is the number of classes K, 2 ≤ K ≤ MaxClasses2D; zero means 2.
	Classes int
	// Labels says how classes become Y; zero is Signed (±1).
	Labels Labels2D
	// Period is the number of examples per full turn of the Rotating
	// shape; zero means DefaultPeriod. Other shapes ignore it.
	Period int

	t int // examples drawn so far
}

// classes returns K with the default applied; it panics on a bad setting
// (programmer misuse: the UI validates its own settings first).
func (g *Gen2D) classes() int {
	k := g.Classes
	if k == 0 {
		k = 2
	}
	if k < 2 || k > MaxClasses2D {
		panic(fmt.Sprintf("data: Gen2D.Classes = %d, want 2..%d", g.Classes, MaxClasses2D))
	}
	if g.Labels == Signed && k != 2 {
		panic(fmt.Sprintf("data: Gen2D with Signed labels needs 2 classes, have %d", k))
	}
	return k
}

// T returns the number of examples drawn so far.
func (g *Gen2D) T() int { return g.t }

// Angle returns the rotation angle in radians of the Rotating shape for the
// next example: 2π·T/Period.
func (g *Gen2D) Angle() float64 {
	p := g.Period
	if p <= 0 {
		p = DefaultPeriod
	}
	return 2 * math.Pi * float64(g.t%p) / float64(p)
}

// Next draws one example: X of length 2 (a fresh slice, the caller may keep
// it) in [−1, 1]², Y per Labels. It panics if Classes, Labels or Shape are
// out of range or Noise is negative or NaN.
func (g *Gen2D) Next(rng *rand.Rand) (x []float64, y float64) {
	k := g.classes()
	if !(g.Noise >= 0) {
		panic(fmt.Sprintf("data: Gen2D.Noise = %v, want ≥ 0", g.Noise))
	}
	c := rng.IntN(k)
	px, py := g.point(rng, c, k)
	g.t++
	if g.Noise > 0 {
		px, py = jitter(rng, px, py, g.Noise)
	}
	x = []float64{clamp1(px), clamp1(py)}
	switch g.Labels {
	case Signed:
		y = float64(2*c - 1)
	case Index:
		y = float64(c)
	case OneClass:
		y = 0
	default:
		panic(fmt.Sprintf("data: Gen2D.Labels = %d unknown", g.Labels))
	}
	return x, y
}

// Sample draws n examples with Next.
func (g *Gen2D) Sample(n int, rng *rand.Rand) []Example {
	out := make([]Example, n)
	for i := range out {
		x, y := g.Next(rng)
		out[i] = Example{X: x, Y: y}
	}
	return out
}

// jitter adds N(0, s²) noise to both coordinates, redrawing up to 8 times
// while the result leaves the square (the caller clamps after that).
func jitter(rng *rand.Rand, x, y, s float64) (float64, float64) {
	var nx, ny float64
	for range 8 {
		nx, ny = x+s*rng.NormFloat64(), y+s*rng.NormFloat64()
		if math.Abs(nx) <= 1 && math.Abs(ny) <= 1 {
			break
		}
	}
	return nx, ny
}

func clamp1(v float64) float64 { return max(-1, min(1, v)) }

// point draws a noiseless point of class c out of k.
func (g *Gen2D) point(rng *rand.Rand, c, k int) (float64, float64) {
	switch g.Shape {
	case Gaussians:
		a := 2*math.Pi*float64(c)/float64(k) + math.Pi*5/4 // K = 2: (−,−) and (+,+)
		const r, s = 0.5, 0.15
		return r*math.Cos(a) + s*rng.NormFloat64(), r*math.Sin(a) + s*rng.NormFloat64()
	case XOR:
		// 2k sectors of angle π/k; class c owns sectors c and c + k. A point
		// uniform in the square conditioned on its sector: rejection.
		for {
			x, y := 2*rng.Float64()-1, 2*rng.Float64()-1
			a := math.Atan2(y, x)
			if a < 0 {
				a += 2 * math.Pi
			}
			s := int(a / (math.Pi / float64(k)))
			if s%k == c {
				return x, y
			}
		}
	case Circles:
		w := 0.9 / float64(k)
		r := (float64(c) + 0.6*rng.Float64()) * w
		if c > 0 {
			r += 0.2 * w
		}
		a := 2 * math.Pi * rng.Float64()
		return r * math.Cos(a), r * math.Sin(a)
	case Moons:
		// Moon c: a unit half circle centred at (c, ½·(c mod 2)) opening
		// down for even c, up for odd c. x spans [−1, k]; y spans [−½, 1].
		a := math.Pi * rng.Float64()
		x, y := float64(c)+math.Cos(a), math.Sin(a)
		if c%2 == 1 {
			y = 0.5 - y
		}
		cx, cy := (float64(k)-1)/2, 0.25
		sc := 1.8 / (float64(k) + 1)
		return (x - cx) * sc, (y - cy) * sc
	case Spirals:
		u := rng.Float64()
		r := 0.05 + 0.9*u
		a := 1.75*2*math.Pi*u + 2*math.Pi*float64(c)/float64(k)
		return r * math.Sin(a), r * math.Cos(a)
	case Checkerboard:
		// The cells (i, j), 0 ≤ i, j < 4, with (i + j) mod k == c.
		var cells [16]int
		n := 0
		for i := range 4 {
			for j := range 4 {
				if (i+j)%k == c {
					cells[n] = 4*i + j
					n++
				}
			}
		}
		cell := cells[rng.IntN(n)]
		i, j := cell/4, cell%4
		return -1 + 0.5*(float64(i)+rng.Float64()), -1 + 0.5*(float64(j)+rng.Float64())
	case Rotating:
		sector := 2 * math.Pi / float64(k)
		a := g.Angle() + sector*(float64(c)+rng.Float64())
		r := 0.95 * math.Sqrt(rng.Float64())
		return r * math.Cos(a), r * math.Sin(a)
	}
	panic(fmt.Sprintf("data: Gen2D.Shape = %d unknown", int(g.Shape)))
}

// Sine1D draws 1D regression examples: x uniform in [−1, 1] and
//
//	y = 0.8·sin(π·Cycles·x) + N(0, Noise²),
//
// clamped to [−1, 1]. The zero value is one full period without noise.
type Sine1D struct {
	// Noise is the standard deviation of the target noise, ≥ 0; zero means
	// none.
	Noise float64
	// Cycles is the number of sine periods over [−1, 1]; zero means 1.
	Cycles float64
}

// F returns the noiseless target 0.8·sin(π·Cycles·x).
func (s Sine1D) F(x float64) float64 {
	c := s.Cycles
	if c == 0 {
		c = 1
	}
	return 0.8 * math.Sin(math.Pi*c*x)
}

// Next draws one example: X of length 1 (a fresh slice) and the noisy target.
// It panics if Noise is negative or NaN.
func (s Sine1D) Next(rng *rand.Rand) (x []float64, y float64) {
	if !(s.Noise >= 0) {
		panic(fmt.Sprintf("data: Sine1D.Noise = %v, want ≥ 0", s.Noise))
	}
	v := 2*rng.Float64() - 1
	y = s.F(v)
	if s.Noise > 0 {
		y += s.Noise * rng.NormFloat64()
	}
	return []float64{v}, clamp1(y)
}

// Source2D is anything that draws examples one at a time from an explicit
// random source: [*Gen2D] and [Sine1D].
type Source2D interface {
	// Next draws one example from rng: a fresh input x (the source's
	// dimension, 2 for Gen2D and 1 for Sine1D) and its label y. It panics
	// on settings out of range (a programmer error; the page validates its
	// settings first).
	Next(rng *rand.Rand) (x []float64, y float64)
}

var (
	_ Source2D = (*Gen2D)(nil)
	_ Source2D = Sine1D{}
)

// NewStream2D returns an endless [Stream] drawing from src with its own
// random source seeded by seed (PCG(seed, 0x6b70)). dim is the length of
// the inputs src returns (2 for Gen2D, 1 for Sine1D).
func NewStream2D(src Source2D, dim int, seed uint64) Stream {
	return &stream2D{src: src, dim: dim, rng: rand.New(rand.NewPCG(seed, 0x6b70))}
}

type stream2D struct {
	src Source2D
	dim int
	rng *rand.Rand
}

func (s *stream2D) Next() (Example, bool) {
	x, y := s.src.Next(s.rng)
	return Example{X: x, Y: y}, true
}
func (s *stream2D) Dim() int { return s.dim }
func (s *stream2D) Len() int { return -1 }
