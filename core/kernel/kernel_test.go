package kernel

import (
	"math"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"gonum.org/v1/gonum/graph/path"
	"gonum.org/v1/gonum/graph/simple"
	"gonum.org/v1/gonum/mat"
)

// testSeed seeds every random test input; it is logged by newRand.
const testSeed = 20061

func newRand(t testing.TB) *rand.Rand {
	t.Logf("seed %d", testSeed)
	return rand.New(rand.NewPCG(testSeed, 1))
}

func randVec(r *rand.Rand, d int, scale float64) []float64 {
	v := make([]float64, d)
	for i := range v {
		v[i] = scale * r.NormFloat64()
	}
	return v
}

func dot(x, z []float64) float64 {
	var s float64
	for i := range x {
		s += x[i] * z[i]
	}
	return s
}

// textbook evaluates each kernel from its definition on x, z directly,
// never through inner products.
func textbook(k Kernel, x, z []float64) float64 {
	switch k := k.(type) {
	case Gaussian:
		s := k.Sigma
		if s == 0 {
			s = 1
		}
		var d2 float64
		for i := range x {
			d2 += (x[i] - z[i]) * (x[i] - z[i])
		}
		return math.Exp(-d2 / (2 * s * s))
	case Laplacian:
		s := k.Sigma
		if s == 0 {
			s = 1
		}
		var d2 float64
		for i := range x {
			d2 += (x[i] - z[i]) * (x[i] - z[i])
		}
		return math.Exp(-math.Sqrt(d2) / s)
	case Polynomial:
		sc, p := k.Scale, k.Degree
		if sc == 0 {
			sc = 1
		}
		if p == 0 {
			p = 2
		}
		return math.Pow(sc*dot(x, z)+k.Constant, float64(p))
	case Linear:
		return dot(x, z)
	}
	panic("no textbook form")
}

// testKernels are the kernels every generic test runs over, zero values
// (defaults) included.
var testKernels = []Kernel{
	Gaussian{}, Gaussian{Sigma: 0.5}, Gaussian{Sigma: 3}, GaussianGamma(2),
	Laplacian{}, Laplacian{Sigma: 0.7},
	Polynomial{}, Polynomial{Scale: 0.5, Constant: 1, Degree: 3}, Polynomial{Degree: 1, Constant: 2}, Polynomial{Scale: 0.1, Constant: 1, Degree: 9},
	Linear{},
}

func TestFromDotMatchesDefinition(t *testing.T) {
	r := newRand(t)
	for _, k := range testKernels {
		if err := Validate(k); err != nil {
			t.Fatalf("%v: %v", k, err)
		}
		for range 200 {
			d := 1 + r.IntN(10)
			x, z := randVec(r, d, 1), randVec(r, d, 1)
			got := k.FromDot(dot(x, z), dot(x, x), dot(z, z))
			want := textbook(k, x, z)
			// Rounding in ‖x‖²+‖z‖²−2⟨x,z⟩ costs a few ulps of the norms.
			if math.Abs(got-want) > 1e-12*math.Max(1, math.Abs(want)) {
				t.Errorf("%v: FromDot = %v, definition = %v (x=%v z=%v)", k, got, want, x, z)
			}
		}
		// k(x, x) from its inner products: the clamped distance is exactly 0.
		x := randVec(r, 7, 10)
		if got, want := k.FromDot(dot(x, x), dot(x, x), dot(x, x)), textbook(k, x, x); math.Abs(got-want) > 1e-12*math.Max(1, math.Abs(want)) {
			t.Errorf("%v: k(x,x) = %v, want %v", k, got, want)
		}
	}
}

func TestSqDistClamp(t *testing.T) {
	// xx + zz − 2·dot = 2 − 2(1 + 2⁻⁵²) < 0 before the clamp.
	if got := sqDist(1.0000000000000002, 1, 1); got != 0 {
		t.Errorf("sqDist at a negative rounded distance = %v, want 0", got)
	}
	if got := sqDist(1, 0.5, 0.5); got != 0 {
		t.Errorf("sqDist(1, .5, .5) = %v, want 0", got)
	}
	if got := (Laplacian{}).FromDot(1.0000000000000002, 1, 1); math.IsNaN(got) || got != 1 {
		t.Errorf("Laplacian at a negative rounded distance = %v, want 1", got)
	}
}

func TestGaussianGamma(t *testing.T) {
	g := GaussianGamma(2)
	if math.Abs(g.Sigma-0.5) > 1e-15 || math.Abs(g.Gamma()-2) > 1e-15 {
		t.Errorf("GaussianGamma(2) = %+v, γ = %v; want σ = 0.5, γ = 2", g, g.Gamma())
	}
	if got := (Gaussian{}).Gamma(); got != 0.5 {
		t.Errorf("zero Gaussian γ = %v, want 0.5 (σ = 1)", got)
	}
	for _, gamma := range []float64{0, -1, math.NaN(), math.Inf(1)} {
		if err := GaussianGamma(gamma).Validate(); err == nil {
			t.Errorf("GaussianGamma(%v).Validate() = nil, want error", gamma)
		}
	}
}

func TestValidate(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	bad := []Kernel{
		Gaussian{Sigma: -1}, Gaussian{Sigma: nan}, Gaussian{Sigma: inf}, Gaussian{Sigma: 1e-200},
		Laplacian{Sigma: -1}, Laplacian{Sigma: nan}, Laplacian{Sigma: inf},
		Laplacian{Sigma: 1e-320}, Laplacian{Sigma: 5e-324}, Gaussian{Sigma: 1e-160},
		Polynomial{Scale: -1}, Polynomial{Scale: nan}, Polynomial{Constant: -1}, Polynomial{Constant: inf},
		Polynomial{Degree: -1}, Polynomial{Degree: 65},
		nil,
	}
	for _, k := range bad {
		if err := Validate(k); err == nil {
			t.Errorf("Validate(%#v) = nil, want error", k)
		} else if !strings.HasPrefix(err.Error(), "kernel: ") {
			t.Errorf("error %q lacks the package prefix", err)
		}
	}
	badLabels := []Validator{
		Delta{}, Delta{K: -2},
		Taxonomy{}, Taxonomy{Parent: []int{-1, -1}}, Taxonomy{Parent: []int{-1, 5}},
		Taxonomy{Parent: []int{-1, 2, 1}}, Taxonomy{Parent: []int{1, 0}}, Taxonomy{Parent: []int{-1, 1}},
		Taxonomy{Parent: []int{-1, 0}, Labels: []int{}}, Taxonomy{Parent: []int{-1, 0}, Labels: []int{1, 1}},
		Taxonomy{Parent: []int{-1, 0}, Labels: []int{2}},
	}
	for _, v := range badLabels {
		if err := v.Validate(); err == nil {
			t.Errorf("%#v.Validate() = nil, want error", v)
		}
	}
}

// TestGramPSD checks that every Gram matrix of random points is positive
// semi-definite: its smallest eigenvalue is ≥ −1e-10·trace (rounding).
func TestGramPSD(t *testing.T) {
	r := newRand(t)
	const n, d = 40, 3
	pts := make([][]float64, n)
	for i := range pts {
		pts[i] = randVec(r, d, 1)
	}
	tax := Taxonomy{Parent: []int{-1, 0, 0, 1, 1, 2, 2, 2}}
	kappa := make([]float64, 64)
	tax.Matrix(kappa)
	check := func(name string, gram *mat.SymDense) {
		t.Helper()
		var eig mat.EigenSym
		if !eig.Factorize(gram, false) {
			t.Fatalf("%s: eigendecomposition failed", name)
		}
		vals := eig.Values(nil)
		if tr := mat.Trace(gram); vals[0] < -1e-10*tr {
			t.Errorf("%s: smallest eigenvalue %g < −1e-10·trace (%g)", name, vals[0], tr)
		}
	}
	for _, k := range testKernels {
		gram := mat.NewSymDense(n, nil)
		for i := range n {
			for j := i; j < n; j++ {
				gram.SetSym(i, j, k.FromDot(dot(pts[i], pts[j]), dot(pts[i], pts[i]), dot(pts[j], pts[j])))
			}
		}
		check(k.String(), gram)
		// The product kernel (63) with the taxonomy κ (65), labels drawn at random.
		p, err := NewProduct(k, tax)
		if err != nil {
			t.Fatal(err)
		}
		ys := make([]int, n)
		for i := range ys {
			ys[i] = r.IntN(p.K)
		}
		for i := range n {
			for j := i; j < n; j++ {
				gram.SetSym(i, j, p.FromDot(dot(pts[i], pts[j]), dot(pts[i], pts[i]), dot(pts[j], pts[j]), ys[i], ys[j]))
			}
		}
		check(p.String(), gram)
	}
	k := tax.NumLabels()
	check("taxonomy κ", mat.NewSymDense(k, kappa))
}

func TestRowMatchesNaive(t *testing.T) {
	r := newRand(t)
	// d = 0 (empty inputs) and odd d exercise the wasm loop's remainder.
	for _, d := range []int{0, 1, 2, 3, 5, 8, 13, 64} {
		for _, n := range []int{0, 1, 7, 33} {
			rows := randVec(r, n*d+3, 1) // extra trailing values must be ignored
			norms := make([]float64, n+2)
			for i := range n {
				norms[i] = dot(rows[i*d:i*d+d], rows[i*d:i*d+d])
			}
			x := randVec(r, d, 1)
			xx := dot(x, x)
			dst := make([]float64, n)
			for _, k := range append(testKernels, wrapped{Gaussian{Sigma: 2}}) {
				Row(k, dst, x, xx, rows, norms)
				for i := range n {
					want := k.FromDot(dot(x, rows[i*d:i*d+d]), xx, norms[i])
					if math.Abs(dst[i]-want) > 1e-12*math.Max(1, math.Abs(want)) {
						t.Errorf("%v d=%d n=%d: Row[%d] = %v, naive %v", k, d, n, i, dst[i], want)
					}
				}
			}
		}
	}
}

// wrapped hides the concrete type of a kernel from Row's fast paths.
type wrapped struct{ k Kernel }

func (w wrapped) FromDot(dot, xx, zz float64) float64 { return w.k.FromDot(dot, xx, zz) }
func (w wrapped) String() string                      { return "wrapped " + w.k.String() }

func TestRowPanics(t *testing.T) {
	for name, f := range map[string]func(){
		"rows": func() {
			Row(Linear{}, make([]float64, 3), make([]float64, 2), 0, make([]float64, 5), make([]float64, 3))
		},
		"norms": func() {
			Row(Linear{}, make([]float64, 3), make([]float64, 2), 0, make([]float64, 6), make([]float64, 2))
		},
	} {
		func() {
			defer func() {
				if e := recover(); e == nil || !strings.HasPrefix(e.(string), "kernel: ") {
					t.Errorf("%s: recover() = %v, want a kernel: panic", name, e)
				}
			}()
			f()
		}()
	}
}

func TestRowNoAlloc(t *testing.T) {
	r := newRand(t)
	const n, d = 100, 16
	rows, norms, x, dst := randVec(r, n*d, 1), make([]float64, n), randVec(r, d, 1), make([]float64, n)
	for _, k := range testKernels {
		if a := testing.AllocsPerRun(20, func() { Row(k, dst, x, 1, rows, norms) }); a != 0 {
			t.Errorf("%v: Row allocates %v times", k, a)
		}
	}
}

// tree is the hand-computed taxonomy
//
//	     0
//	   /   \
//	  1     2
//	 / \    |
//	3   4   5
var tree = Taxonomy{Parent: []int{-1, 0, 0, 1, 1, 2}}

func TestTaxonomyHand(t *testing.T) {
	k := tree.NumLabels()
	m := make([]float64, k*k)
	tree.Matrix(m)
	// κ counts common ancestors, each node being its own (JMLR eq. 65, fn. 6).
	for _, c := range []struct {
		y, y2 int
		want  float64
	}{
		{3, 4, 2}, {3, 3, 3}, {3, 5, 1}, {1, 3, 2}, {0, 0, 1}, {5, 2, 2}, {2, 2, 2}, {4, 1, 2},
	} {
		if got := m[c.y*k+c.y2]; got != c.want {
			t.Errorf("κ(%d,%d) = %v, want %v", c.y, c.y2, got, c.want)
		}
	}
	delta, err := tree.Distance()
	if err != nil {
		t.Fatal(err)
	}
	// Eq. (62): ½ per ancestor of one but not the other.
	for _, c := range []struct {
		y, y2 int
		want  float64
	}{
		{3, 4, 1}, {3, 5, 2}, {1, 3, 0.5}, {0, 5, 1}, {4, 4, 0}, {1, 2, 1}, {4, 2, 1.5},
	} {
		if got := delta[c.y*k+c.y2]; got != c.want {
			t.Errorf("Δ(%d,%d) = %v, want %v", c.y, c.y2, got, c.want)
		}
	}
	// Labels restricted to the leaves, in a chosen order.
	leaves := Taxonomy{Parent: tree.Parent, Labels: []int{5, 3, 4}}
	lm := make([]float64, 9)
	leaves.Matrix(lm)
	if want := []float64{3, 1, 1, 1, 3, 2, 1, 2, 3}; !equal(lm, want) {
		t.Errorf("leaf κ = %v, want %v", lm, want)
	}
	ld, _ := leaves.Distance()
	if want := []float64{0, 2, 2, 2, 0, 1, 2, 1, 0}; !equal(ld, want) {
		t.Errorf("leaf Δ = %v, want %v", ld, want)
	}
}

func equal(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestTwoLevelTreeIsMulticlass(t *testing.T) {
	// JMLR §4.2.2: labels as children of a root, edges ½, give Δ = 1 off the diagonal.
	const k = 5
	parent := []int{-1, 0, 0, 0, 0, 0}
	tax := Taxonomy{Parent: parent, Labels: []int{1, 2, 3, 4, 5}}
	delta, err := tax.Distance()
	if err != nil {
		t.Fatal(err)
	}
	for y := range k {
		for y2 := range k {
			want := 1.0
			if y == y2 {
				want = 0
			}
			if delta[y*k+y2] != want {
				t.Fatalf("Δ(%d,%d) = %v, want %v", y, y2, delta[y*k+y2], want)
			}
		}
	}
}

func TestGraphDistance(t *testing.T) {
	// Hand-computed: a square 0–1–2–3–0 with a heavy diagonal 0–2.
	edges := []Edge{{0, 1, 1}, {1, 2, 2}, {2, 3, 1}, {3, 0, 4}, {0, 2, 5}}
	d, err := GraphDistance(4, edges, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{
		0, 1, 3, 4,
		1, 0, 2, 3,
		3, 2, 0, 1,
		4, 3, 1, 0,
	}
	if !equal(d, want) {
		t.Errorf("Δ = %v, want %v", d, want)
	}
	// The tree with weight ½ per edge gives Taxonomy.Distance (eq. 62 = eq. 25).
	var te []Edge
	for v, p := range tree.Parent {
		if p >= 0 {
			te = append(te, Edge{p, v, 0.5})
		}
	}
	gd, err := GraphDistance(len(tree.Parent), te, nil)
	if err != nil {
		t.Fatal(err)
	}
	td, _ := tree.Distance()
	if !equal(gd, td) {
		t.Errorf("graph Δ %v ≠ taxonomy Δ %v", gd, td)
	}
	// Random connected graphs against gonum's Floyd–Warshall.
	r := newRand(t)
	for range 20 {
		n := 2 + r.IntN(12)
		var es []Edge
		g := simple.NewWeightedUndirectedGraph(0, math.Inf(1))
		for v := 1; v < n; v++ { // a random spanning tree keeps it connected
			es = append(es, Edge{r.IntN(v), v, r.Float64()})
		}
		for range n {
			u, v := r.IntN(n), r.IntN(n)
			if u != v {
				es = append(es, Edge{u, v, 2 * r.Float64()})
			}
		}
		for v := range n {
			g.AddNode(simple.Node(v))
		}
		for _, e := range es {
			if old := g.WeightedEdge(int64(e.U), int64(e.V)); old != nil && old.Weight() <= e.W {
				continue
			}
			g.SetWeightedEdge(simple.WeightedEdge{F: simple.Node(e.U), T: simple.Node(e.V), W: e.W})
		}
		all, ok := path.FloydWarshall(g)
		if !ok {
			t.Fatal("negative cycle")
		}
		labels := []int{n - 1, 0}
		d, err := GraphDistance(n, es, labels)
		if err != nil {
			t.Fatal(err)
		}
		for y, u := range labels {
			for y2, v := range labels {
				if w := all.Weight(int64(u), int64(v)); math.Abs(d[y*2+y2]-w) > 1e-12 {
					t.Errorf("Δ(%d,%d) = %v, gonum %v", u, v, d[y*2+y2], w)
				}
			}
		}
	}
	for name, c := range map[string]struct {
		n      int
		edges  []Edge
		labels []int
	}{
		"empty":        {0, nil, nil},
		"disconnected": {3, []Edge{{0, 1, 1}}, nil},
		"negative":     {2, []Edge{{0, 1, -1}}, nil},
		"nan":          {2, []Edge{{0, 1, math.NaN()}}, nil},
		"node":         {2, []Edge{{0, 2, 1}}, nil},
		"label":        {2, []Edge{{0, 1, 1}}, []int{3}},
	} {
		if _, err := GraphDistance(c.n, c.edges, c.labels); err == nil {
			t.Errorf("%s: GraphDistance error = nil", name)
		}
	}
	// Only the labels need to be connected.
	if _, err := GraphDistance(3, []Edge{{0, 1, 1}}, []int{0, 1}); err != nil {
		t.Errorf("connected labels: %v", err)
	}
}

func TestDeltaAndProduct(t *testing.T) {
	m := make([]float64, 9)
	for i := range m {
		m[i] = 7
	}
	Delta{K: 3}.Matrix(m)
	if want := []float64{1, 0, 0, 0, 1, 0, 0, 0, 1}; !equal(m, want) {
		t.Errorf("delta = %v", m)
	}
	p, err := NewProduct(Gaussian{Sigma: 1}, Delta{K: 3})
	if err != nil {
		t.Fatal(err)
	}
	// x = (0,0), x' = (1,0): k = e^{−1/2}; eq. (61) zeroes different labels.
	if got, want := p.FromDot(0, 0, 1, 2, 2), math.Exp(-0.5); math.Abs(got-want) > 1e-15 {
		t.Errorf("product same label = %v, want %v", got, want)
	}
	if got := p.FromDot(0, 0, 1, 1, 2); got != 0 {
		t.Errorf("product different labels = %v, want 0", got)
	}
	if _, err := NewProduct(Gaussian{Sigma: -1}, Delta{K: 3}); err == nil {
		t.Error("NewProduct with a bad kernel: nil error")
	}
	if _, err := NewProduct(Linear{}, Delta{}); err == nil {
		t.Error("NewProduct with K = 0: nil error")
	}
}

func TestDotsLoopMatchesGemv(t *testing.T) {
	r := newRand(t)
	for _, d := range []int{1, 2, 3, 4, 5, 7, 64, 65} {
		const n = 9
		rows, x := randVec(r, n*d, 1), randVec(r, d, 1)
		a, b := make([]float64, n), make([]float64, n)
		dotsLoop(a, x, rows)
		dotsGemv(b, x, rows)
		for i := range a {
			if want := dot(x, rows[i*d:i*d+d]); math.Abs(a[i]-want) > 1e-13*float64(d) || math.Abs(b[i]-want) > 1e-13*float64(d) {
				t.Errorf("d=%d: loop %v, gemv %v, naive %v", d, a[i], b[i], want)
			}
		}
	}
}

// TestExpNeg checks the call-free exponential against math.Exp: natively
// math.Exp is assembly and may differ in the last bit (tolerance 2 ulps);
// under wasm both are the same algorithm.
func TestExpNeg(t *testing.T) {
	r := newRand(t)
	xs := []float64{0, -0.0, -1e-300, -1.0 / (1 << 28), -1.0 / (1 << 27), -0.5, -1, -707.9, -708, -708.1, -745, -746, -1e300, math.Inf(-1)}
	for range 100000 {
		xs = append(xs, -r.ExpFloat64()*50)
	}
	for _, x := range xs {
		got, want := expNeg(x), math.Exp(x)
		if runtime.GOARCH == "wasm" && got != want && !math.IsNaN(want) {
			t.Errorf("wasm: expNeg(%v) = %v, math.Exp %v: must be identical", x, got, want)
		}
		if math.Abs(got-want) > 4.5e-16*want {
			t.Errorf("expNeg(%v) = %v, math.Exp %v", x, got, want)
		}
	}
	if v := expNeg(math.NaN()); !math.IsNaN(v) {
		t.Errorf("expNeg(NaN) = %v", v)
	}
}

// TestGaussMaps checks both Gaussian maps against the definition, whichever
// one the target uses, and that the inline one is math.Exp's algorithm.
func TestGaussMaps(t *testing.T) {
	r := newRand(t)
	const n = 1000
	dots, norms := make([]float64, n), make([]float64, n)
	xx := 2.0
	for i := range dots {
		norms[i] = r.ExpFloat64() * 4
		dots[i] = math.Sqrt(xx*norms[i]) * (2*r.Float64() - 1) // |⟨x,z⟩| ≤ ‖x‖‖z‖
	}
	dots[0], norms[0] = 1, 0.5 // ‖x − z‖² = 0.5: an exact case
	for _, g := range []float64{-0.5, -2, -1e-10, -1e4} {
		a, b := append([]float64(nil), dots...), append([]float64(nil), dots...)
		gaussMapInline(a, norms, xx, g)
		gaussMapStd(b, norms, xx, g)
		for i := range a {
			want := math.Exp(g * sqDist(dots[i], xx, norms[i]))
			if math.Abs(a[i]-want) > 4.5e-16*want || b[i] != want {
				t.Fatalf("g=%v i=%d: inline %v, std %v, want %v", g, i, a[i], b[i], want)
			}
			if runtime.GOARCH == "wasm" && a[i] != want {
				t.Fatalf("wasm: inline %v ≠ math.Exp %v", a[i], want)
			}
		}
	}
}
