package data

import (
	"math"
	"math/rand/v2"
	"testing"
)

const gen2dSeed = 42 // any fixed seed: the tests check properties, not values

func TestGen2DDeterministicAndInRange(t *testing.T) {
	t.Logf("seed %d", gen2dSeed)
	for _, shape := range Shapes2D() {
		for k := 2; k <= MaxClasses2D; k++ {
			for _, noise := range []float64{0, 0.1, 0.5} {
				labels := Index
				if k == 2 {
					labels = Signed
				}
				g1 := Gen2D{Shape: shape, Noise: noise, Classes: k, Labels: labels, Period: 100}
				g2 := g1
				r1 := rand.New(rand.NewPCG(gen2dSeed, 1))
				r2 := rand.New(rand.NewPCG(gen2dSeed, 1))
				const n = 4000
				count := make([]int, k)
				for i := range n {
					x1, y1 := g1.Next(r1)
					x2, y2 := g2.Next(r2)
					if x1[0] != x2[0] || x1[1] != x2[1] || y1 != y2 {
						t.Fatalf("%v K=%d: example %d differs between two generators with one seed", shape, k, i)
					}
					if len(x1) != 2 || math.Abs(x1[0]) > 1 || math.Abs(x1[1]) > 1 || math.IsNaN(x1[0]+x1[1]) {
						t.Fatalf("%v K=%d noise %v: x = %v outside [−1,1]²", shape, k, noise, x1)
					}
					c := int(y1)
					if labels == Signed {
						if y1 != -1 && y1 != 1 {
							t.Fatalf("%v: signed label %v", shape, y1)
						}
						c = (c + 1) / 2
					}
					if c < 0 || c >= k || float64(int(y1)) != y1 {
						t.Fatalf("%v K=%d: label %v", shape, k, y1)
					}
					count[c]++
				}
				// Classes are drawn uniformly: each count is Binomial(n, 1/K);
				// 5 standard deviations is at most 5·√(4000/4) ≈ 160.
				for c, m := range count {
					if math.Abs(float64(m)-float64(n)/float64(k)) > 5*math.Sqrt(float64(n)/float64(k)) {
						t.Errorf("%v K=%d: class %d has %d of %d examples", shape, k, c, m, n)
					}
				}
			}
		}
	}
}

// TestGen2DShapesSeparate checks each noiseless shape's geometry through a
// property that defines it.
func TestGen2DShapesSeparate(t *testing.T) {
	rng := rand.New(rand.NewPCG(gen2dSeed, 2))
	g := Gen2D{Shape: XOR}
	for range 1000 {
		x, y := g.Next(rng)
		if want := -math.Copysign(1, x[0]*x[1]); y != want {
			t.Fatalf("xor: x = %v has label %v, want %v", x, y, want)
		}
	}
	g = Gen2D{Shape: Circles}
	for range 1000 {
		x, y := g.Next(rng)
		r := math.Hypot(x[0], x[1])
		if (y < 0) != (r < 0.3) {
			t.Fatalf("circles: r = %v has label %v", r, y)
		}
	}
	g = Gen2D{Shape: Checkerboard, Classes: 3, Labels: Index}
	for range 1000 {
		x, y := g.Next(rng)
		i, j := int((x[0]+1)/0.5), int((x[1]+1)/0.5)
		if (i+j)%3 != int(y) {
			t.Fatalf("checkerboard: x = %v has label %v", x, y)
		}
	}
	// Rotating: after half a turn the labels of a fixed point flip.
	g = Gen2D{Shape: Rotating, Period: 1000}
	var pos [2]float64
	for range 500 {
		x, y := g.Next(rng)
		if a := math.Atan2(x[1], x[0]); y > 0 {
			pos[0] += math.Cos(a)
			pos[1] += math.Sin(a)
		}
	}
	g2 := Gen2D{Shape: Rotating, Period: 1000}
	g2.t = 500
	var neg [2]float64
	for range 500 {
		x, y := g2.Next(rng)
		if a := math.Atan2(x[1], x[0]); y > 0 {
			neg[0] += math.Cos(a)
			neg[1] += math.Sin(a)
		}
	}
	if pos[0]*neg[0]+pos[1]*neg[1] >= 0 {
		t.Errorf("rotating: class +1 mean directions %v and %v half a turn apart do not point apart", pos, neg)
	}
}

func TestSine1D(t *testing.T) {
	rng := rand.New(rand.NewPCG(gen2dSeed, 3))
	s := Sine1D{}
	for range 1000 {
		x, y := s.Next(rng)
		if len(x) != 1 || math.Abs(x[0]) > 1 || y != 0.8*math.Sin(math.Pi*x[0]) {
			t.Fatalf("sine: (%v, %v)", x, y)
		}
	}
	s.Noise = 0.1
	var sum, sq float64
	const n = 20000
	for range n {
		x, y := s.Next(rng)
		d := y - s.F(x[0])
		sum += d
		sq += d * d
	}
	if sd := math.Sqrt(sq / n); math.Abs(sd-0.1) > 0.005 || math.Abs(sum/n) > 0.005 {
		t.Errorf("sine noise: mean %v sd %v, want 0 and 0.1", sum/n, sd)
	}
}

func TestStream2D(t *testing.T) {
	a := NewStream2D(&Gen2D{Shape: Moons, Noise: 0.1}, 2, 7)
	b := NewStream2D(&Gen2D{Shape: Moons, Noise: 0.1}, 2, 7)
	if a.Dim() != 2 || a.Len() != -1 {
		t.Fatalf("Dim %d Len %d", a.Dim(), a.Len())
	}
	for range 100 {
		ea, _ := a.Next()
		eb, _ := b.Next()
		if ea.X[0] != eb.X[0] || ea.X[1] != eb.X[1] || ea.Y != eb.Y {
			t.Fatal("two streams with one seed differ")
		}
	}
}

func TestParseShape2D(t *testing.T) {
	for _, s := range Shapes2D() {
		if p, err := ParseShape2D(s.String()); err != nil || p != s {
			t.Errorf("ParseShape2D(%q) = %v, %v", s, p, err)
		}
	}
	if _, err := ParseShape2D("bogus"); err == nil {
		t.Error("ParseShape2D(bogus) succeeded")
	}
}
