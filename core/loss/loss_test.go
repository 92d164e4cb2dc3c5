package loss

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// testSeed seeds every random test input; it is logged by newRand.
const testSeed = 20062

func newRand(t testing.TB) *rand.Rand {
	t.Logf("seed %d", testSeed)
	return rand.New(rand.NewPCG(testSeed, 2))
}

// fdStep is the central-difference step h; the truncation error is O(h²·∂³l)
// and the rounding error O(ε_mach·|l|/h) ≈ 1e-10 for |l| ≈ 10, so derivatives
// must agree to fdTol (absolute, on O(1) gradients).
const (
	fdStep = 1e-5
	fdTol  = 1e-6
)

// kinkGap is the distance from every kink that random test points keep: the
// central difference straddles a kink only if it is closer than fdStep.
const kinkGap = 1e-3

// testCase is one loss at one random point.
type testCase struct {
	name   string
	l      Loss
	k      int
	y      float64
	margin float64
}

// lossCases returns the losses, with label and margin generators.
func randCase(r *rand.Rand, i int) testCase {
	k := 2 + r.IntN(5)
	delta := make([]float64, k*k)
	for a := range k {
		for b := range k {
			if a != b {
				delta[a*k+b] = 0.5 + 2*r.Float64()
			}
		}
	}
	pm := float64(2*r.IntN(2) - 1)
	margin := 0.2 + 2*r.Float64()
	cls := float64(r.IntN(k))
	switch i % 10 {
	case 0:
		return testCase{"Novelty", Novelty{}, 1, 0, margin}
	case 1:
		return testCase{"Hinge", Hinge{}, 1, pm, margin}
	case 2:
		return testCase{"Multiclass", Multiclass{}, k, cls, margin}
	case 3:
		return testCase{"Graph", Graph{Distance: delta}, k, cls, margin}
	case 4:
		return testCase{"Logistic", Logistic{}, 1, pm, margin}
	case 5:
		return testCase{"MultiLogistic", MultiLogistic{}, k, cls, margin}
	case 6:
		return testCase{"Squared", Squared{}, 1, 3 * r.NormFloat64(), margin}
	case 7:
		return testCase{"EpsInsensitive", EpsInsensitive{}, 1, 3 * r.NormFloat64(), margin}
	case 8:
		return testCase{"SquaredHinge", SquaredHinge{}, 1, pm, margin}
	default:
		return testCase{"Huber", Huber{}, 1, 3 * r.NormFloat64(), margin}
	}
}

// nearKink reports whether f lies within kinkGap of a kink of c's loss
// (where the central difference is not the one-sided derivative).
func nearKink(c testCase, f []float64) bool {
	near := func(v float64) bool { return math.Abs(v) < kinkGap }
	switch l := c.l.(type) {
	case Novelty:
		return near(c.margin - f[0])
	case Hinge, SquaredHinge:
		return near(c.margin - c.y*f[0])
	case EpsInsensitive:
		r := c.y - f[0]
		return near(r) || near(math.Abs(r)-c.margin)
	case Huber:
		return near(math.Abs(c.y-f[0]) - c.margin) // Huber is C¹, but l'' jumps; stay clear
	case Multiclass, Graph:
		y := int(c.y)
		var d []float64
		if g, ok := l.(Graph); ok {
			d = g.Distance
		}
		var vals []float64
		for j := range f {
			if j == y {
				continue
			}
			m := c.margin
			if d != nil {
				m *= d[y*len(f)+j]
			}
			vals = append(vals, m+f[j]-f[y])
		}
		// Kinks: the hinge at 0 and ties between two candidates ỹ*.
		for a := range vals {
			if near(vals[a]) {
				return true
			}
			for b := a + 1; b < len(vals); b++ {
				if near(vals[a] - vals[b]) {
					return true
				}
			}
		}
	}
	return false
}

func TestXiFiniteDifference(t *testing.T) {
	r := newRand(t)
	checked := map[string]int{}
	for i := range 10 * 400 {
		c := randCase(r, i)
		f := make([]float64, c.k)
		for j := range f {
			f[j] = 2 * r.NormFloat64()
		}
		if nearKink(c, f) {
			continue
		}
		checked[c.name]++
		xi := make([]float64, c.k)
		c.l.Eval(xi, f, c.y, c.margin)
		scratch := make([]float64, c.k)
		for j := range f {
			fj := f[j]
			f[j] = fj + fdStep
			lp := c.l.Eval(scratch, f, c.y, c.margin)
			f[j] = fj - fdStep
			lm := c.l.Eval(scratch, f, c.y, c.margin)
			f[j] = fj
			if fd := (lp - lm) / (2 * fdStep); math.Abs(fd-xi[j]) > fdTol {
				t.Errorf("%s (y=%v, margin=%v) at f=%v: ξ[%d] = %v, finite difference %v", c.name, c.y, c.margin, f, j, xi[j], fd)
			}
		}
	}
	for _, name := range []string{"Novelty", "Hinge", "Multiclass", "Graph", "Logistic", "MultiLogistic", "Squared", "EpsInsensitive", "Huber"} {
		// Both sides of the hinge must be visited: at least 100 points per loss.
		if checked[name] < 100 {
			t.Errorf("%s: only %d points checked", name, checked[name])
		}
	}
}

// TestXiBothBranches checks that the random points of TestXiFiniteDifference
// reach both the violated and the satisfied branch of every hinge-type loss.
func TestXiBothBranches(t *testing.T) {
	r := newRand(t)
	zero, nonzero := map[string]int{}, map[string]int{}
	for i := range 10 * 400 {
		c := randCase(r, i)
		f := make([]float64, c.k)
		for j := range f {
			f[j] = 2 * r.NormFloat64()
		}
		xi := make([]float64, c.k)
		c.l.Eval(xi, f, c.y, c.margin)
		allZero := true
		for _, v := range xi {
			allZero = allZero && v == 0
		}
		if allZero {
			zero[c.name]++
		} else {
			nonzero[c.name]++
		}
	}
	for _, name := range []string{"Novelty", "Hinge", "SquaredHinge", "Multiclass", "Graph", "EpsInsensitive"} {
		if zero[name] < 20 || nonzero[name] < 20 {
			t.Errorf("%s: %d points with ξ = 0, %d with ξ ≠ 0", name, zero[name], nonzero[name])
		}
	}
}

func TestHessianFiniteDifference(t *testing.T) {
	r := newRand(t)
	for i := range 300 {
		var c testCase
		switch i % 4 {
		case 0:
			c = testCase{"Logistic", Logistic{}, 1, float64(2*r.IntN(2) - 1), 0}
		case 1:
			c = testCase{"MultiLogistic", MultiLogistic{}, 1 + r.IntN(6), 0, 0}
			c.y = float64(r.IntN(c.k))
		case 2:
			c = testCase{"Squared", Squared{}, 1, r.NormFloat64(), 0}
		default:
			c = testCase{"Huber", Huber{}, 1, r.NormFloat64(), 0.2 + r.Float64()}
		}
		f := make([]float64, c.k)
		for j := range f {
			f[j] = 2 * r.NormFloat64()
		}
		if _, ok := c.l.(Huber); ok && nearKink(c, f) {
			continue
		}
		h := make([]float64, c.k*c.k)
		switch l := c.l.(type) {
		case Curved:
			l.Hessian(h, f, c.y)
		case MarginCurved:
			l.HessianMargin(h, f, c.y, c.margin)
		}
		xp, xm := make([]float64, c.k), make([]float64, c.k)
		for j := range f {
			fj := f[j]
			f[j] = fj + fdStep
			c.l.Eval(xp, f, c.y, c.margin)
			f[j] = fj - fdStep
			c.l.Eval(xm, f, c.y, c.margin)
			f[j] = fj
			for a := range c.k {
				fd := (xp[a] - xm[a]) / (2 * fdStep)
				if math.Abs(fd-h[a*c.k+j]) > fdTol {
					t.Errorf("%s at f=%v: ρ(%d,%d) = %v, finite difference of ξ %v", c.name, f, a, j, h[a*c.k+j], fd)
				}
			}
		}
	}
}

func TestHand(t *testing.T) {
	xi := make([]float64, 1)
	xi3 := make([]float64, 3)
	for _, c := range []struct {
		name    string
		l       Loss
		f       []float64
		y, m    float64
		want    float64
		wantXi  []float64
		tolLoss float64
	}{
		// Table 1 rows, hand-computed.
		{"novelty violated", Novelty{}, []float64{0.25}, 0, 1, 0.75, []float64{-1}, 0},
		{"novelty satisfied", Novelty{}, []float64{1.5}, 0, 1, 0, []float64{0}, 0},
		{"novelty kink", Novelty{}, []float64{1}, 0, 1, 0, []float64{0}, 0},
		{"hinge violated +", Hinge{}, []float64{0.5}, 1, 1, 0.5, []float64{-1}, 0},
		{"hinge violated −", Hinge{}, []float64{0.5}, -1, 1, 1.5, []float64{1}, 0},
		{"hinge kink", Hinge{}, []float64{-2}, -1, 2, 0, []float64{0}, 0},
		{"hinge ν margin", Hinge{}, []float64{0.1}, 1, 0.3, 0.2, []float64{-1}, 1e-15},
		{"perceptron", Hinge{}, []float64{0}, 1, 0, 0, []float64{0}, 0},
		{"multiclass violated", Multiclass{}, []float64{1, 0.5, 0.8}, 0, 1, 0.8, []float64{-1, 0, 1}, 1e-15},
		{"multiclass satisfied", Multiclass{}, []float64{2, 0.5, 0.8}, 0, 1, 0, []float64{0, 0, 0}, 0},
		{"multiclass kink", Multiclass{}, []float64{1.8, 0.5, 0.8}, 0, 1, 0, []float64{0, 0, 0}, 0},
		{"multiclass tie → first", Multiclass{}, []float64{0.9, 0.9, 0}, 2, 1, 1.9, []float64{1, 0, -1}, 1e-15},
		{"graph", Graph{Distance: []float64{0, 1, 3, 1, 0, 1, 3, 1, 0}}, []float64{0, 0.5, -1}, 0, 1, 2, []float64{-1, 0, 1}, 0},
		{"graph ε scales Δ", Graph{Distance: []float64{0, 1, 3, 1, 0, 1, 3, 1, 0}}, []float64{0, 0.5, -1}, 0, 0.5, 1, []float64{-1, 1, 0}, 0},
		{"logistic at 0", Logistic{}, []float64{0}, 1, 1, math.Ln2, []float64{-0.5}, 1e-15},
		{"logistic", Logistic{}, []float64{2}, -1, 1, math.Log(1 + math.E*math.E), []float64{1 / (1 + math.Exp(-2))}, 1e-15},
		{"multilogistic uniform", MultiLogistic{}, []float64{3, 3, 3}, 1, 1, math.Log(3), []float64{1. / 3, -2. / 3, 1. / 3}, 1e-15},
		{"squared", Squared{}, []float64{2}, 0.5, 7, 1.125, []float64{1.5}, 0},
		{"eps tube inside", EpsInsensitive{}, []float64{1}, 1.2, 0.5, 0, []float64{0}, 0},
		{"eps tube above", EpsInsensitive{}, []float64{1}, 2, 0.5, 0.5, []float64{-1}, 0},
		{"eps tube below", EpsInsensitive{}, []float64{1}, -1, 0.5, 1.5, []float64{1}, 0},
		{"eps tube kink", EpsInsensitive{}, []float64{1}, 1.5, 0.5, 0, []float64{0}, 0},
		{"huber quadratic", Huber{}, []float64{1}, 1.5, 2, 0.0625, []float64{-0.25}, 0},
		{"huber linear", Huber{}, []float64{1}, -3, 2, 3, []float64{1}, 0},
		{"huber joint", Huber{}, []float64{1}, 3, 2, 1, []float64{-1}, 0},
		{"huber σ=0 absolute", Huber{}, []float64{1}, -3, 0, 4, []float64{1}, 0},
	} {
		x := xi
		if len(c.f) == 3 {
			x = xi3
		}
		for i := range x {
			x[i] = 99 // Eval must overwrite every entry
		}
		got := c.l.Eval(x, c.f, c.y, c.m)
		if math.Abs(got-c.want) > c.tolLoss {
			t.Errorf("%s: l = %v, want %v", c.name, got, c.want)
		}
		for i := range x {
			if math.Abs(x[i]-c.wantXi[i]) > 1e-15 {
				t.Errorf("%s: ξ = %v, want %v", c.name, x, c.wantXi)
				break
			}
		}
	}
	// Hessians at hand-computed points.
	h := make([]float64, 1)
	Logistic{}.Hessian(h, []float64{0}, 1)
	if h[0] != 0.25 {
		t.Errorf("logistic ρ(0) = %v, want 1/4", h[0])
	}
	h4 := make([]float64, 4)
	MultiLogistic{}.Hessian(h4, []float64{0, 0}, 0)
	if want := []float64{0.25, -0.25, -0.25, 0.25}; !equal(h4, want) {
		t.Errorf("multilogistic ρ at 0 = %v, want %v", h4, want)
	}
	Huber{}.HessianMargin(h, []float64{1}, 1.5, 2)
	if h[0] != 0.5 {
		t.Errorf("huber ρ inside = %v, want 1/σ = 0.5", h[0])
	}
	Huber{}.HessianMargin(h, []float64{1}, 5, 2)
	if h[0] != 0 {
		t.Errorf("huber ρ outside = %v, want 0", h[0])
	}
}

func equal(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i]-b[i]) > 1e-15 {
			return false
		}
	}
	return true
}

// TestGraphUnitDeltaIsMulticlass checks §4.2.2: with Δ = 1 off the diagonal
// (and with Δ nil) the graph loss (25) is the multiclass loss (16), for any
// margin, bit for bit.
func TestGraphUnitDeltaIsMulticlass(t *testing.T) {
	r := newRand(t)
	for range 2000 {
		k := 2 + r.IntN(6)
		unit := make([]float64, k*k)
		for i := range unit {
			if i%(k+1) != 0 {
				unit[i] = 1
			}
		}
		f := make([]float64, k)
		for j := range f {
			f[j] = r.NormFloat64()
			if r.IntN(4) == 0 {
				f[j] = math.Round(f[j]) // exact ties and kinks too
			}
		}
		y, m := float64(r.IntN(k)), math.Round(4*r.Float64())/2
		a, b, c := make([]float64, k), make([]float64, k), make([]float64, k)
		la := Multiclass{}.Eval(a, f, y, m)
		lb := Graph{Distance: unit}.Eval(b, f, y, m)
		lc := Graph{}.Eval(c, f, y, m)
		if la != lb || la != lc || !equal(a, b) || !equal(a, c) {
			t.Fatalf("f=%v y=%v ε=%v: multiclass %v %v, graph %v %v, nil-Δ graph %v %v", f, y, m, la, a, lb, b, lc, c)
		}
	}
}

// TestLogisticIsTwoClassMultiLogistic checks that binary logistic with score
// g equals two-class softmax with scores (0, g), label +1 ↔ class 1; the
// two-class ξ is (−ξ_bin, ξ_bin), and ρ(1,1) the binary ρ.
func TestLogisticIsTwoClassMultiLogistic(t *testing.T) {
	r := newRand(t)
	for range 500 {
		g := 5 * r.NormFloat64()
		yb := float64(2*r.IntN(2) - 1)
		yc := (yb + 1) / 2
		xb, xm := make([]float64, 1), make([]float64, 2)
		f2 := []float64{0, g}
		lb := Logistic{}.Eval(xb, []float64{g}, yb, 1)
		lm := MultiLogistic{}.Eval(xm, f2, yc, 1)
		if math.Abs(lb-lm) > 1e-14*math.Max(1, lb) {
			t.Errorf("g=%v y=%v: logistic %v, multilogistic %v", g, yb, lb, lm)
		}
		if math.Abs(xm[1]-xb[0]) > 1e-15 || math.Abs(xm[0]+xb[0]) > 1e-15 {
			t.Errorf("g=%v y=%v: ξ logistic %v, multilogistic %v", g, yb, xb, xm)
		}
		hb, hm := make([]float64, 1), make([]float64, 4)
		Logistic{}.Hessian(hb, []float64{g}, yb)
		MultiLogistic{}.Hessian(hm, f2, yc)
		if math.Abs(hm[3]-hb[0]) > 1e-15 || math.Abs(hm[1]+hb[0]) > 1e-15 {
			t.Errorf("g=%v: ρ logistic %v, multilogistic %v", g, hb, hm)
		}
	}
}

// TestExtremeScores checks that no loss overflows to NaN (nor, where the
// true value is finite, to ±Inf) for scores up to |f| = 1e300.
func TestExtremeScores(t *testing.T) {
	big := []float64{1e300, -1e300, 1e200, -1e300, 0}
	for i := range 10 {
		c := randCase(rand.New(rand.NewPCG(testSeed, uint64(i))), i)
		for _, a := range big {
			for _, b := range big {
				f := make([]float64, c.k)
				for j := range f {
					f[j] = a
					if j%2 == 1 {
						f[j] = b
					}
				}
				xi := make([]float64, c.k)
				l := c.l.Eval(xi, f, c.y, c.margin)
				if math.IsNaN(l) || (math.IsInf(l, 0) && c.name != "Squared" && c.name != "SquaredHinge") || l < 0 {
					t.Errorf("%s at f=%v: l = %v", c.name, f, l)
				}
				for _, v := range xi {
					if math.IsNaN(v) || math.IsInf(v, 0) {
						t.Errorf("%s at f=%v: ξ = %v", c.name, f, xi)
					}
				}
				var h []float64
				switch l := c.l.(type) {
				case Curved:
					h = make([]float64, c.k*c.k)
					l.Hessian(h, f, c.y)
				case MarginCurved:
					h = make([]float64, c.k*c.k)
					l.HessianMargin(h, f, c.y, c.margin)
				}
				for _, v := range h {
					if math.IsNaN(v) || math.IsInf(v, 0) {
						t.Errorf("%s at f=%v: ρ = %v", c.name, f, h)
					}
				}
			}
		}
	}
	// Exact large-score values: the logistic losses are linear in the tails.
	xi := make([]float64, 2)
	if l := (Logistic{}).Eval(xi[:1], []float64{1e300}, -1, 1); l != 1e300 || xi[0] != 1 {
		t.Errorf("logistic tail: l = %v ξ = %v, want 1e300, 1", l, xi[0])
	}
	if l := (MultiLogistic{}).Eval(xi, []float64{1e300, -1e300}, 1, 1); l != 2e300 || xi[0] != 1 || xi[1] != -1 {
		t.Errorf("multilogistic tail: l = %v ξ = %v, want 2e300, (1, −1)", l, xi)
	}
}

func TestNoAlloc(t *testing.T) {
	r := newRand(t)
	for i := range 10 {
		c := randCase(r, i)
		f, xi, h := make([]float64, c.k), make([]float64, c.k), make([]float64, c.k*c.k)
		for j := range f {
			f[j] = r.NormFloat64()
		}
		if a := testing.AllocsPerRun(50, func() { c.l.Eval(xi, f, c.y, c.margin) }); a != 0 {
			t.Errorf("%s: Eval allocates %v times", c.name, a)
		}
		var run func()
		switch l := c.l.(type) {
		case Curved:
			run = func() { l.Hessian(h, f, c.y) }
		case MarginCurved:
			run = func() { l.HessianMargin(h, f, c.y, c.margin) }
		default:
			continue
		}
		if a := testing.AllocsPerRun(50, run); a != 0 {
			t.Errorf("%s: Hessian allocates %v times", c.name, a)
		}
	}
}

func TestPiecewiseLinear(t *testing.T) {
	for _, c := range []struct {
		l    Loss
		want bool
	}{
		{Novelty{}, true}, {Hinge{}, true}, {Multiclass{}, true}, {Graph{}, true}, {EpsInsensitive{}, true},
		{Logistic{}, false}, {MultiLogistic{}, false}, {Squared{}, false}, {Huber{}, false},
	} {
		if got := PiecewiseLinear(c.l); got != c.want {
			t.Errorf("PiecewiseLinear(%T) = %v, want %v", c.l, got, c.want)
		}
	}
}

func TestPanics(t *testing.T) {
	for name, fn := range map[string]func(){
		"hinge K=2":        func() { Hinge{}.Eval(make([]float64, 2), make([]float64, 2), 1, 1) },
		"xi length":        func() { Multiclass{}.Eval(make([]float64, 2), make([]float64, 3), 1, 1) },
		"class range":      func() { Multiclass{}.Eval(make([]float64, 3), make([]float64, 3), 3, 1) },
		"class fraction":   func() { MultiLogistic{}.Eval(make([]float64, 3), make([]float64, 3), 0.5, 1) },
		"class negative":   func() { Graph{}.Eval(make([]float64, 3), make([]float64, 3), -1, 1) },
		"graph Δ size":     func() { Graph{Distance: make([]float64, 4)}.Eval(make([]float64, 3), make([]float64, 3), 0, 1) },
		"empty":            func() { Multiclass{}.Eval(nil, nil, 0, 1) },
		"multilogistic h":  func() { MultiLogistic{}.Hessian(make([]float64, 3), make([]float64, 2), 0) },
		"logistic h":       func() { Logistic{}.Hessian(make([]float64, 2), make([]float64, 1), 1) },
		"huber h":          func() { Huber{}.HessianMargin(nil, make([]float64, 1), 1, 1) },
		"squared h":        func() { Squared{}.Hessian(make([]float64, 1), nil, 1) },
		"novelty f length": func() { Novelty{}.Eval(make([]float64, 2), make([]float64, 2), 0, 1) },
	} {
		func() {
			defer func() {
				e := recover()
				if s, ok := e.(string); !ok || !strings.HasPrefix(s, "loss: ") {
					t.Errorf("%s: recover() = %v, want a \"loss: \" panic", name, e)
				}
			}()
			fn()
		}()
	}
}

func TestGraphValidate(t *testing.T) {
	for _, d := range [][]float64{{0, 1, 1}, {0, -1, 1, 0}, {0, math.NaN(), 1, 0}, {0, math.Inf(1), 1, 0}, {}} {
		if err := (Graph{Distance: d}).Validate(); err == nil {
			t.Errorf("Graph{%v}.Validate() = nil", d)
		}
	}
	if err := (Graph{Distance: []float64{0, 1, 2, 0}}).Validate(); err != nil {
		t.Error(err)
	}
	if err := (Graph{}).Validate(); err != nil {
		t.Error(err)
	}
}

// TestNaNScores checks that a NaN score gives a NaN loss (never a silent 0)
// and no panic, so that the learners' divergence checks see it.
func TestNaNScores(t *testing.T) {
	for i := range 10 {
		c := randCase(rand.New(rand.NewPCG(testSeed, uint64(i))), i)
		f, xi := make([]float64, c.k), make([]float64, c.k)
		f[int(max(c.y, 0))%c.k] = math.NaN()
		if l := c.l.Eval(xi, f, c.y, c.margin); !math.IsNaN(l) {
			t.Errorf("%s at f=%v: l = %v, want NaN", c.name, f, l)
		}
	}
}
