package render

import (
	"math"
	"math/rand/v2"
	"sort"
	"testing"

	"kernelplay/core/kernel"
	"kernelplay/core/learn"
)

// splitLines cuts the NaN-separated output of Tracer.Lines into polylines.
func splitLines(xy []float64) [][]float64 {
	var out [][]float64
	start := 0
	for i := 0; i+1 < len(xy); i += 2 {
		if math.IsNaN(xy[i]) {
			out = append(out, xy[start:i])
			start = i + 2
		}
	}
	return out
}

// segKeys lists the undirected segments of polylines (or of segs) in a
// canonical, sorted form.
func segKeys(lines [][]float64) [][4]float64 {
	var out [][4]float64
	for _, l := range lines {
		for i := 0; i+3 < len(l); i += 2 {
			out = append(out, canon(l[i], l[i+1], l[i+2], l[i+3]))
		}
	}
	sortKeys(out)
	return out
}

func canon(x0, y0, x1, y1 float64) [4]float64 {
	if x1 < x0 || x1 == x0 && y1 < y0 {
		x0, y0, x1, y1 = x1, y1, x0, y0
	}
	return [4]float64{x0, y0, x1, y1}
}

func sortKeys(k [][4]float64) {
	sort.Slice(k, func(i, j int) bool {
		for c := range 4 {
			if k[i][c] != k[j][c] {
				return k[i][c] < k[j][c]
			}
		}
		return false
	})
}

// TestTracerEqualsChain: without simplification the traced polylines have
// exactly the segments of Contours and as many polylines as Chain makes
// (random fields, with NaN holes, and a trained learner's surface).
func TestTracerEqualsChain(t *testing.T) {
	const seed = 7
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 1))
	var tr Tracer
	check := func(name string, v []float64, g int, level float64) {
		t.Helper()
		segs := Contours(v, g, Square, level)
		want := make([][4]float64, len(segs))
		for i, s := range segs {
			want[i] = canon(s.X0, s.Y0, s.X1, s.Y1)
		}
		sortKeys(want)
		lines := splitLines(tr.Lines(nil, v, g, Square, level, 0))
		got := segKeys(lines)
		if len(got) != len(want) {
			t.Fatalf("%s: %d segments, Contours has %d", name, len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("%s: segment %d is %v, Contours has %v", name, i, got[i], want[i])
			}
		}
		if n := len(Chain(segs)); len(lines) != n {
			t.Errorf("%s: %d polylines, Chain makes %d", name, len(lines), n)
		}
	}
	for trial := range 20 {
		g := 3 + rng.IntN(40)
		if trial%4 == 3 {
			g = []int{63, 64, 65, 66, 127, 128, 129}[rng.IntN(7)]
		}
		v := make([]float64, g*g)
		for i := range v {
			v[i] = rng.NormFloat64()
			if rng.IntN(50) == 0 {
				v[i] = math.NaN()
			}
		}
		check("random", v, g, 0.3*float64(trial%3-1))
	}
	l := trained(t, learn.Binary, kernel.Gaussian{Sigma: 0.3}, 128, 500)
	s := &Surface{Grid: 120}
	s.Render(l)
	for _, level := range []float64{0, 1, -1} {
		check("surface", s.Scores(), 120, level)
	}
}

// TestTracerSimplify: simplified polylines keep their end points, keep
// every dropped vertex within tol of the line kept, and drop most vertices
// of a finely sampled circle.
func TestTracerSimplify(t *testing.T) {
	const g, r, tol = 200, 0.6, 0.002
	v := make([]float64, g*g)
	gx, gy := Square.centres(g)
	for py := range g {
		for px := range g {
			v[py*g+px] = math.Hypot(gx[px], gy[py]) - r
		}
	}
	var tr Tracer
	full := splitLines(tr.Lines(nil, v, g, Square, 0, 0))
	simple := splitLines(tr.Lines(nil, v, g, Square, 0, tol))
	if len(full) != 1 || len(simple) != 1 {
		t.Fatalf("%d and %d polylines, want one circle", len(full), len(simple))
	}
	f, s := full[0], simple[0]
	if f[0] != f[len(f)-2] || f[1] != f[len(f)-1] {
		t.Errorf("the circle is not closed")
	}
	if s[0] != f[0] || s[1] != f[1] || s[len(s)-2] != f[len(f)-2] || s[len(s)-1] != f[len(f)-1] {
		t.Errorf("simplification moved an end point")
	}
	t.Logf("%d vertices, %d after simplification to %g", len(f)/2, len(s)/2, tol)
	if len(s)*3 > len(f) {
		t.Errorf("simplification kept %d of %d vertices; want fewer than a third", len(s)/2, len(f)/2)
	}
	// Every original vertex lies within tol of some kept segment.
	for i := 0; i+1 < len(f); i += 2 {
		best := math.Inf(1)
		for j := 0; j+3 < len(s); j += 2 {
			best = math.Min(best, segDist(f[i], f[i+1], s[j], s[j+1], s[j+2], s[j+3]))
		}
		if best > tol*(1+1e-9) {
			t.Fatalf("vertex %d is %g from the simplified line (tol %g)", i/2, best, tol)
		}
	}
}

func segDist(px, py, ax, ay, bx, by float64) float64 {
	ux, uy := bx-ax, by-ay
	l2 := ux*ux + uy*uy
	u := 0.0
	if l2 > 0 {
		u = math.Max(0, math.Min(1, ((px-ax)*ux+(py-ay)*uy)/l2))
	}
	return math.Hypot(px-ax-u*ux, py-ay-u*uy)
}
