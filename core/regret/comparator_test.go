package regret

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"kernelplay/core/data"
	"kernelplay/core/kernel"
)

// stream draws n examples of a 2D shape with ±1 labels from seed.
func stream(shape data.Shape2D, noise float64, n int, seed uint64) (xs [][]float64, ys []float64) {
	g := &data.Gen2D{Shape: shape, Noise: noise}
	rng := rand.New(rand.NewPCG(seed, 7))
	for range n {
		x, y := g.Next(rng)
		xs, ys = append(xs, x), append(ys, y)
	}
	return xs, ys
}

// solve runs a comparator over the examples to completion and returns the
// point at the last checkpoint ≤ len(xs).
func solve(t *testing.T, obj Objective, set Settings, xs [][]float64, ys []float64) (Point, *Comparator) {
	t.Helper()
	c, err := NewComparator(obj, set, len(xs[0]))
	if err != nil {
		t.Fatal(err)
	}
	for i := range xs {
		c.Add(xs[i], ys[i], 0)
	}
	if !c.Step(math.MaxInt) {
		t.Fatal("Step(MaxInt) left work")
	}
	pts := c.Points()
	return pts[len(pts)-1], c
}

// gramFeatures returns Φ (m×m) with ΦΦᵀ = K for the Gram matrix of xs, from
// the symmetric eigendecomposition K = VΛVᵀ, Φ = V·√Λ (eigenvalues below 0,
// rounding, clamped to 0). A Cholesky factor gives the same inner products
// but fails on the numerically singular Gaussian Gram matrices of close
// points; the eigendecomposition does not.
func gramFeatures(t *testing.T, k kernel.Kernel, xs [][]float64) *mat.Dense {
	m := len(xs)
	K := mat.NewSymDense(m, nil)
	for i := range m {
		for j := 0; j <= i; j++ {
			K.SetSym(i, j, k.FromDot(dot(xs[i], xs[j]), dot(xs[i], xs[i]), dot(xs[j], xs[j])))
		}
	}
	var es mat.EigenSym
	if !es.Factorize(K, true) {
		t.Fatal("EigenSym failed")
	}
	var v mat.Dense
	es.VectorsTo(&v)
	vals := es.Values(nil)
	for j, l := range vals {
		s := math.Sqrt(max(0, l))
		for i := range m {
			v.Set(i, j, v.At(i, j)*s)
		}
	}
	return &v
}

// liblinearHinge trains liblinear-train -s 3 (L1-loss SVC, dual) with C and
// no bias on the rows of phi and returns w (oriented: ⟨w, φ⟩ > 0 predicts +1).
func liblinearHinge(t *testing.T, phi *mat.Dense, ys []float64, C float64) []float64 {
	t.Helper()
	if runtime.GOOS == "js" {
		t.Skip("no subprocesses under js/wasm: the LIBLINEAR comparison runs natively")
	}
	bin, err := exec.LookPath("liblinear-train")
	if err != nil {
		t.Fatalf("liblinear-train not found (Debian liblinear-tools): %v", err)
	}
	m, d := phi.Dims()
	var buf bytes.Buffer
	for i := range m {
		fmt.Fprintf(&buf, "%+d", int(ys[i]))
		for j := range d {
			fmt.Fprintf(&buf, " %d:%s", j+1, strconv.FormatFloat(phi.At(i, j), 'g', -1, 64))
		}
		buf.WriteByte('\n')
	}
	dir := t.TempDir()
	file, model := filepath.Join(dir, "train.svm"), filepath.Join(dir, "model")
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "-q", "-s", "3", "-c", strconv.FormatFloat(C, 'g', -1, 64),
		"-e", "1e-10", "-B", "-1", file, model).CombinedOutput()
	if err != nil {
		t.Fatalf("liblinear-train: %v\n%s", err, out)
	}
	b, err := os.ReadFile(model)
	if err != nil {
		t.Fatal(err)
	}
	var w []float64
	var labels []string
	inW := false
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) == 0:
		case inW:
			v, err := strconv.ParseFloat(f[0], 64)
			if err != nil {
				t.Fatal(err)
			}
			w = append(w, v)
		case f[0] == "label":
			labels = f[1:]
		case f[0] == "w":
			inW = true
		}
	}
	if len(w) != d || len(labels) != 2 {
		t.Fatalf("model: %d weights (want %d), labels %v", len(w), d, labels)
	}
	if labels[0] == "-1" {
		for j := range w {
			w[j] = -w[j]
		}
	}
	return w
}

// TestHingeMatchesLIBLINEAR is the acceptance test of the comparator: on
// three binary streams (noisy Gaussians, moons, XOR; Gaussian kernel σ =
// 0.5, margin ρ = 1, no offset) J_m(g*) equals the optimum LIBLINEAR finds
// for the same problem on features of the Gram matrix to 1e-6 relative.
//
// The scaling: J_m(f) = Σ max(0, 1 − y f(x)) + (mλ/2)‖f‖² = mλ·(½‖w‖² +
// C·Σ max(0, 1 − y⟨w, φ⟩)) with C = 1/(mλ), LIBLINEAR's L1-loss SVC.
func TestHingeMatchesLIBLINEAR(t *testing.T) {
	const (
		m      = 293 // a checkpoint of NextCheckpoint (…, 188, 235, 293)
		lambda = 1e-3
		rel    = 1e-6 // the acceptance tolerance
	)
	k := kernel.Gaussian{Sigma: 0.5}
	for _, tc := range []struct {
		shape data.Shape2D
		noise float64
	}{{data.Gaussians, 0.2}, {data.Moons, 0.1}, {data.XOR, 0.05}} {
		t.Run(tc.shape.String(), func(t *testing.T) {
			xs, ys := stream(tc.shape, tc.noise, m, 21)
			p, _ := solve(t, Objective{Kernel: k, Loss: Hinge, Margin: 1, Lambda: lambda}, Settings{}, xs, ys)
			if p.M != m || !p.Exact || !p.Converged {
				t.Fatalf("point %+v, want M = %d exact and converged", p, m)
			}
			phi := gramFeatures(t, k, xs)
			w := liblinearHinge(t, phi, ys, 1/(m*lambda))
			var ls float64
			for i := range m {
				ls += max(0, 1-ys[i]*dot(w, phi.RawRowView(i)))
			}
			lib := ls + 0.5*m*lambda*dot(w, w)
			t.Logf("%v: J(g*) = %.12g, LIBLINEAR %.12g, rel %.2g, gap %.2g, epochs %d, ‖f*‖ = %.4g",
				tc.shape, p.Hindsight, lib, math.Abs(p.Hindsight-lib)/lib, p.Gap, p.Epochs, p.Norm)
			if math.Abs(p.Hindsight-lib) > rel*lib {
				t.Errorf("J(g*) = %.12g, LIBLINEAR %.12g: relative difference %.3g > %g",
					p.Hindsight, lib, math.Abs(p.Hindsight-lib)/lib, rel)
			}
			if math.Abs(p.Norm-math.Sqrt(dot(w, w))) > 1e-3*p.Norm {
				t.Errorf("‖f*‖ = %.8g, LIBLINEAR ‖w‖ = %.8g", p.Norm, math.Sqrt(dot(w, w)))
			}
		})
	}
}

// TestSquaredMatchesClosedForm checks the squared loss, with and without the
// unregularised offset, against the normal equations solved by Cholesky
// (gonum), with f = Σ a_i k(x_i, ·) and μ = mλ: (K + μI)a = y − b·1, with
// b = 0 without offset and Σ a_i = 0 with it.
func TestSquaredMatchesClosedForm(t *testing.T) {
	const (
		m      = 235
		lambda = 0.01
	)
	k := kernel.Gaussian{Sigma: 0.3}
	rng := rand.New(rand.NewPCG(3, 4))
	src := data.Sine1D{Noise: 0.1}
	var xs [][]float64
	var ys []float64
	for range m {
		x, y := src.Next(rng)
		xs, ys = append(xs, x), append(ys, y+2) // a mean the offset must take up
	}
	mu := m * lambda
	A := mat.NewSymDense(m, nil)
	for i := range m {
		for j := 0; j <= i; j++ {
			v := k.FromDot(dot(xs[i], xs[j]), dot(xs[i], xs[i]), dot(xs[j], xs[j]))
			if i == j {
				v += mu
			}
			A.SetSym(i, j, v)
		}
	}
	var ch mat.Cholesky
	if !ch.Factorize(A) {
		t.Fatal("Cholesky failed")
	}
	yv := mat.NewVecDense(m, ys)
	ones := mat.NewVecDense(m, nil)
	for i := range m {
		ones.SetVec(i, 1)
	}
	// J at coefficients a and offset b: Σ ½(y − Ka − b)² + (μ/2) aᵀKa.
	J := func(a *mat.VecDense, b float64) float64 {
		var s float64
		for i := range m {
			var f float64
			for j := range m {
				f += a.AtVec(j) * (A.At(i, j) - func() float64 {
					if i == j {
						return mu
					}
					return 0
				}())
			}
			r := ys[i] - f - b
			s += 0.5*r*r + 0.5*mu*a.AtVec(i)*f
		}
		return s
	}
	for _, offset := range []bool{false, true} {
		var a, ai1 mat.VecDense
		if err := ch.SolveVecTo(&a, yv); err != nil {
			t.Fatal(err)
		}
		b := 0.0
		if offset {
			if err := ch.SolveVecTo(&ai1, ones); err != nil {
				t.Fatal(err)
			}
			b = mat.Dot(ones, &a) / mat.Dot(ones, &ai1)
			a.AddScaledVec(&a, -b, &ai1)
		}
		want := J(&a, b)
		p, _ := solve(t, Objective{Kernel: k, Loss: Squared, Lambda: lambda, Offset: offset}, Settings{}, xs, ys)
		t.Logf("offset %v: J(g*) = %.12g, closed form %.12g (b = %.6g), epochs %d", offset, p.Hindsight, want, b, p.Epochs)
		if p.M != m || math.Abs(p.Hindsight-want) > 1e-6*want {
			t.Errorf("offset %v: M = %d, J(g*) = %.12g, closed form %.12g", offset, p.M, p.Hindsight, want)
		}
	}
}

// TestHingeOffsetCertificate checks the pairwise solver with an offset: its
// dual stays feasible (Σ c_i = 0, boxes) so the gap certifies the optimum,
// the optimum lies below the no-offset optimum (a larger feasible set), and
// the recorded J equals the primal recomputed from the returned Model.
func TestHingeOffsetCertificate(t *testing.T) {
	xs, ys := stream(data.Gaussians, 0.3, 235, 5)
	for i := range xs {
		xs[i][0] += 0.7 // off centre: an offset helps
	}
	obj := Objective{Kernel: kernel.Gaussian{Sigma: 0.5}, Loss: Hinge, Margin: 1, Lambda: 1e-2, Offset: true}
	p, c := solve(t, obj, Settings{}, xs, ys)
	var sum float64
	for i, ci := range c.c {
		sum += ci
		if lo, hi := c.box(i); ci < lo || ci > hi {
			t.Fatalf("c_%d = %v outside [%v, %v]", i, ci, lo, hi)
		}
	}
	if math.Abs(sum) > 1e-9 {
		t.Errorf("Σ c_i = %v, want 0", sum)
	}
	if !p.Converged || p.Gap > 1e-9*p.Hindsight {
		t.Errorf("gap %v at J %v", p.Gap, p.Hindsight)
	}
	model := c.Model()
	var j float64
	for i := range xs {
		j += max(0, 1-ys[i]*model.Score(xs[i]))
	}
	j += 0.5 * float64(len(xs)) * obj.Lambda * p.Norm * p.Norm
	if math.Abs(j-p.Hindsight) > 1e-9*p.Hindsight {
		t.Errorf("J from the Model %.12g, recorded %.12g", j, p.Hindsight)
	}
	obj.Offset = false
	q, _ := solve(t, obj, Settings{}, xs, ys)
	t.Logf("with offset J = %.8g (b = %.4g), without %.8g", p.Hindsight, model.Offset, q.Hindsight)
	if p.Hindsight > q.Hindsight*(1+1e-9) {
		t.Errorf("J with an offset %.10g above J without %.10g", p.Hindsight, q.Hindsight)
	}
}

// TestSlicingDeterministic: the points are the same bits whatever the
// budget of each Step, and interleaving Step with Add changes nothing.
func TestSlicingDeterministic(t *testing.T) {
	xs, ys := stream(data.Moons, 0.1, 400, 9)
	for _, tc := range []struct {
		offset bool
		bound  float64
	}{{false, 0}, {true, 0}, {false, 2}} {
		offset := tc.offset
		obj := Objective{Kernel: kernel.Gaussian{Sigma: 0.5}, Loss: Hinge, Margin: 1, Lambda: 1e-3, Offset: offset, NormBound: tc.bound}
		_, ref := solve(t, obj, Settings{MaxExact: 300}, xs, ys)
		c, _ := NewComparator(obj, Settings{MaxExact: 300}, 2)
		for i := range xs {
			c.Add(xs[i], ys[i], float64(i%3))
			c.Step(1 + i%17) // a small, varying frame budget
		}
		for !c.Step(7) {
		}
		got, want := c.Points(), ref.Points()
		if len(got) != len(want) {
			t.Fatalf("%d points, want %d", len(got), len(want))
		}
		for i := range got {
			g, w := got[i], want[i]
			g.Online, g.Regret, w.Online, w.Regret = 0, 0, 0, 0
			if g != w {
				t.Fatalf("offset %v, B = %g, point %d: %+v, unsliced %+v", offset, tc.bound, i, g, w)
			}
		}
	}
}

// TestFrozenBeyondMaxExact: past MaxExact the hindsight sum is the frozen
// g*'s cumulative risk, recomputed here from the Model, and the regret a
// lower bound (Exact false).
func TestFrozenBeyondMaxExact(t *testing.T) {
	const maxExact = 50
	xs, ys := stream(data.Circles, 0.05, 200, 11)
	obj := Objective{Kernel: kernel.Gaussian{Sigma: 0.4}, Loss: Hinge, Margin: 1, Lambda: 0.01}
	c, err := NewComparator(obj, Settings{MaxExact: maxExact}, 2)
	if err != nil {
		t.Fatal(err)
	}
	for i := range xs {
		c.Add(xs[i], ys[i], 1)
	}
	c.Step(math.MaxInt)
	var exact Point
	model := c.Model()
	n2 := 0.0
	for _, p := range c.Points() {
		if p.M == maxExact {
			exact, n2 = p, p.Norm*p.Norm
		}
		if p.Online != float64(p.M) {
			t.Errorf("M = %d: Online %v, want %d (1 per example)", p.M, p.Online, p.M)
		}
		if p.Exact != (p.M <= maxExact) {
			t.Errorf("M = %d: Exact %v", p.M, p.Exact)
		}
		if p.M > maxExact {
			j := exact.Hindsight
			for i := maxExact; i < p.M; i++ {
				j += max(0, 1-ys[i]*model.Score(xs[i])) + 0.5*obj.Lambda*n2
			}
			if math.Abs(j-p.Hindsight) > 1e-12*j {
				t.Errorf("M = %d: frozen J %.15g, recomputed %.15g", p.M, p.Hindsight, j)
			}
		}
	}
	if exact.M != maxExact || c.Points()[len(c.Points())-1].M != 188 {
		t.Fatalf("checkpoints %v", c.Points())
	}
}

// TestHingeAtZero: with the hinge at margin 0 (the perceptron's loss) g* = 0
// and J = 0, so the regret is the online sum; λ = 0 is allowed there only.
func TestHingeAtZero(t *testing.T) {
	xs, ys := stream(data.XOR, 0, 30, 1)
	p, _ := solve(t, Objective{Kernel: kernel.Linear{}, Loss: Hinge}, Settings{}, xs, ys)
	if p.Hindsight != 0 || p.Norm != 0 || p.M != 27 {
		t.Errorf("%+v, want J = 0, ‖f*‖ = 0 at M = 27", p)
	}
	if _, err := NewComparator(Objective{Kernel: kernel.Linear{}, Loss: Hinge, Margin: 1}, Settings{}, 2); err == nil {
		t.Error("λ = 0 with margin 1: no error")
	}
}

// TestNewComparatorErrors lists the settings a user could get wrong.
func TestNewComparatorErrors(t *testing.T) {
	g := kernel.Gaussian{}
	for _, tc := range []struct {
		obj Objective
		set Settings
		dim int
	}{
		{Objective{Loss: Hinge, Lambda: 1}, Settings{}, 2},
		{Objective{Kernel: g, Loss: 7, Lambda: 1}, Settings{}, 2},
		{Objective{Kernel: g, Lambda: math.NaN()}, Settings{}, 2},
		{Objective{Kernel: g, Lambda: 1, Margin: -1}, Settings{}, 2},
		{Objective{Kernel: g, Lambda: 1}, Settings{Tolerance: 1}, 2},
		{Objective{Kernel: g, Lambda: 1}, Settings{MaxExact: 5000}, 2},
		{Objective{Kernel: g, Lambda: 1}, Settings{MaxEpochs: -1}, 2},
		{Objective{Kernel: g, Lambda: 1}, Settings{}, 0},
	} {
		if _, err := NewComparator(tc.obj, tc.set, tc.dim); err == nil {
			t.Errorf("%+v %+v dim %d: no error", tc.obj, tc.set, tc.dim)
		}
	}
}

// TestNextCheckpoint pins the schedule's start.
func TestNextCheckpoint(t *testing.T) {
	want := []int{1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 15, 18, 22, 27, 33, 41, 51, 63, 78, 97, 121, 151, 188, 235, 293}
	m := 0
	for i, w := range want {
		m = NextCheckpoint(m)
		if m != w {
			t.Fatalf("checkpoint %d = %d, want %d", i, m, w)
		}
	}
}

// BenchmarkCheckpoint is one cold solve of a prefix of m examples (moons,
// Gaussian kernel, hinge at 1, λ = 1e-3, no offset; MaxExact = m makes m
// a checkpoint), Gram matrix included.
func BenchmarkCheckpoint(b *testing.B) {
	for _, m := range []int{100, 1000} {
		b.Run(strconv.Itoa(m), func(b *testing.B) {
			xs, ys := stream(data.Moons, 0.1, m, 2)
			obj := Objective{Kernel: kernel.Gaussian{Sigma: 0.5}, Loss: Hinge, Margin: 1, Lambda: 1e-3}
			for b.Loop() {
				c, _ := NewComparator(obj, Settings{MaxExact: m}, 2)
				for i := range xs {
					c.Add(xs[i], ys[i], 0)
				}
				c.pending = c.pending[len(c.pending)-1:] // the last checkpoint only, cold
				c.Step(math.MaxInt)
				b.ReportMetric(float64(c.Points()[0].Epochs), "epochs")
			}
		})
	}
}

// TestHuberMatchesNewton checks Huber's loss (NORMA eq. 19, σ = 0.3), with
// and without the unregularised offset, against an independent primal
// solve on features of the Gram matrix: semismooth Newton with
// backtracking on Σ h(y_i − ⟨w, φ_i⟩ − b) + (μ/2)‖w‖² (its Hessian on the
// quadratic zone |r_i| ≤ σ, gonum's Cholesky for each system), run until
// the gradient norm is below 1e-10.
func TestHuberMatchesNewton(t *testing.T) {
	const (
		m      = 151 // a checkpoint
		lambda = 0.01
		sigma  = 0.3
	)
	k := kernel.Gaussian{Sigma: 0.3}
	rng := rand.New(rand.NewPCG(12, 13))
	src := data.Sine1D{Noise: 0.1}
	var xs [][]float64
	var ys []float64
	for i := range m {
		x, y := src.Next(rng)
		if i%10 == 0 {
			y += 3 // outliers, where Huber is linear
		}
		xs, ys = append(xs, x), append(ys, y+1)
	}
	phi := gramFeatures(t, k, xs)
	mu := m * lambda
	h := func(r float64) float64 {
		if a := math.Abs(r); a > sigma {
			return a - sigma/2
		}
		return r * r / (2 * sigma)
	}
	for _, offset := range []bool{false, true} {
		n := m // w, then b when offset
		if offset {
			n++
		}
		feat := func(i, a int) float64 { // φ̃_i = (φ_i, 1)
			if a < m {
				return phi.At(i, a)
			}
			return 1
		}
		obj := func(w []float64) float64 {
			s := 0.5 * mu * dot(w[:m], w[:m])
			for i := range m {
				r := ys[i] - dot(w[:m], phi.RawRowView(i))
				if offset {
					r -= w[m]
				}
				s += h(r)
			}
			return s
		}
		w := make([]float64, n)
		for iter := 0; ; iter++ {
			if iter == 200 {
				t.Fatal("Newton did not converge")
			}
			g := make([]float64, n)
			H := mat.NewSymDense(n, nil)
			for j := range m {
				g[j] = mu * w[j]
				H.SetSym(j, j, mu)
			}
			for i := range m {
				r := ys[i] - dot(w[:m], phi.RawRowView(i))
				if offset {
					r -= w[m]
				}
				psi := max(-1, min(1, r/sigma))
				for a := range n {
					g[a] -= psi * feat(i, a)
				}
				if math.Abs(r) <= sigma {
					for a := range n {
						for b := a; b < n; b++ {
							H.SetSym(a, b, H.At(a, b)+feat(i, a)*feat(i, b)/sigma)
						}
					}
				}
			}
			if math.Sqrt(dot(g, g)) < 1e-10 {
				break
			}
			if offset && H.At(m, m) == 0 {
				H.SetSym(m, m, 1e-12) // no point in the quadratic zone
			}
			var ch mat.Cholesky
			if !ch.Factorize(H) {
				t.Fatal("Newton: Hessian not positive definite")
			}
			var d mat.VecDense
			if err := ch.SolveVecTo(&d, mat.NewVecDense(n, g)); err != nil {
				t.Fatal(err)
			}
			f0 := obj(w)
			for step := 1.0; ; step /= 2 {
				nw := make([]float64, n)
				for j := range nw {
					nw[j] = w[j] - step*d.AtVec(j)
				}
				if f := obj(nw); f <= f0 || step < 1e-12 {
					w = nw
					break
				}
			}
		}
		want := obj(w)
		p, _ := solve(t, Objective{Kernel: k, Loss: Huber, Margin: sigma, Lambda: lambda, Offset: offset}, Settings{}, xs, ys)
		t.Logf("offset %v: J(g*) = %.12g, Newton %.12g, rel %.2g, epochs %d, gap %.2g",
			offset, p.Hindsight, want, math.Abs(p.Hindsight-want)/want, p.Epochs, p.Gap)
		if p.M != m || !p.Converged || math.Abs(p.Hindsight-want) > 1e-6*want {
			t.Errorf("offset %v: M = %d, converged %v, J(g*) = %.12g, Newton %.12g", offset, p.M, p.Converged, p.Hindsight, want)
		}
	}
}

// TestQueueBounded: beyond MaxExact, examples wait for the frozen g*; a
// caller that never calls Step leaves at most MaxExact waiting (Add then
// does the work itself), and the points equal a run stepped every time.
func TestQueueBounded(t *testing.T) {
	const maxExact = 20
	xs, ys := stream(data.Moons, 0.1, 300, 17)
	obj := Objective{Kernel: kernel.Gaussian{Sigma: 0.5}, Loss: Hinge, Margin: 1, Lambda: 0.01}
	lazy, _ := NewComparator(obj, Settings{MaxExact: maxExact}, 2)
	eager, _ := NewComparator(obj, Settings{MaxExact: maxExact}, 2)
	for i := range xs {
		lazy.Add(xs[i], ys[i], 1)
		eager.Add(xs[i], ys[i], 1)
		eager.Step(math.MaxInt)
		if w := len(lazy.queueY) - lazy.head; w > maxExact {
			t.Fatalf("step %d: %d examples waiting, want ≤ %d", i+1, w, maxExact)
		}
		if len(lazy.x) > maxExact*2 || len(lazy.queue) > 2*maxExact*2 {
			t.Fatalf("step %d: stored %d inputs, queue %d floats", i+1, len(lazy.x)/2, len(lazy.queue))
		}
	}
	lazy.Step(math.MaxInt)
	if !slices.Equal(lazy.Points(), eager.Points()) {
		t.Errorf("lazy %v\neager %v", lazy.Points(), eager.Points())
	}
}

// TestMaxWaiting: with MaxWaiting above the stream's length, Add never
// solves (every checkpoint is still pending after 300 Adds without Step:
// no long call inside the caller's step), a caller that drains a little
// after each Add keeps the queue within 2·MaxWaiting examples, a caller
// that gives Step work while Behind (half of MaxWaiting waiting, as the
// page's frame loop does) never has more than half waiting, so Add never
// reaches its backstop, and the points equal a run stepped to completion
// every time.
func TestMaxWaiting(t *testing.T) {
	const maxExact = 20
	xs, ys := stream(data.Moons, 0.1, 300, 17)
	obj := Objective{Kernel: kernel.Gaussian{Sigma: 0.5}, Loss: Hinge, Margin: 1, Lambda: 0.01}
	lazy, _ := NewComparator(obj, Settings{MaxExact: maxExact, MaxWaiting: 1000}, 2)
	slow, _ := NewComparator(obj, Settings{MaxExact: maxExact, MaxWaiting: 50}, 2)
	paced, _ := NewComparator(obj, Settings{MaxExact: maxExact, MaxWaiting: 50}, 2)
	eager, _ := NewComparator(obj, Settings{MaxExact: maxExact}, 2)
	behind := 0
	for i := range xs {
		lazy.Add(xs[i], ys[i], 1)
		slow.Add(xs[i], ys[i], 1)
		slow.Step(40)
		for paced.Behind() {
			behind++
			paced.Step(7)
		}
		paced.Add(xs[i], ys[i], 1)
		if w := paced.Waiting(); w != len(paced.queueY)-paced.head || w > 25 || paced.Behind() != (w >= 25) {
			t.Fatalf("step %d: Waiting %d (queue %d), Behind %v; want at most 25 of MaxWaiting 50 waiting", i+1, w, len(paced.queueY)-paced.head, paced.Behind())
		}
		eager.Add(xs[i], ys[i], 1)
		eager.Step(math.MaxInt)
		if len(slow.queueY) > 2*50 {
			t.Fatalf("step %d: queue of %d examples, want ≤ 100", i+1, len(slow.queueY))
		}
	}
	if len(lazy.Points()) != 0 {
		t.Fatalf("Add solved %d checkpoints itself", len(lazy.Points()))
	}
	if behind == 0 {
		t.Fatal("the paced comparator was never behind: the test misses its case")
	}
	if lazy.Waiting() != len(xs)-maxExact {
		t.Errorf("lazy: %d waiting, want %d", lazy.Waiting(), len(xs)-maxExact)
	}
	lazy.Step(math.MaxInt)
	slow.Step(math.MaxInt)
	paced.Step(math.MaxInt)
	if !slices.Equal(lazy.Points(), eager.Points()) || !slices.Equal(slow.Points(), eager.Points()) || !slices.Equal(paced.Points(), eager.Points()) {
		t.Errorf("lazy %v\nslow %v\npaced %v\neager %v", lazy.Points(), slow.Points(), paced.Points(), eager.Points())
	}
	if lazy.Waiting() != 0 || lazy.Behind() {
		t.Errorf("after Step(MaxInt): %d waiting, behind %v", lazy.Waiting(), lazy.Behind())
	}
	if _, err := NewComparator(obj, Settings{MaxWaiting: 1<<20 + 1}, 2); err == nil {
		t.Error("MaxWaiting above 1<<20 accepted")
	}
}

// TestConstrainedMatchesLIBLINEAR is the acceptance test of the comparator
// of NORMA Theorem 1, g*_B = argmin_{‖f‖≤B} J_m: on three binary streams
// (Gaussian kernel σ = 0.5, ρ = 1, λ = 10⁻³, no offset) where ‖g*‖ > B, its
// J_m (at the original λ) equals an independent solve to 1e-6 relative:
// LIBLINEAR on features of the Gram matrix, with this test's own
// bisection on C = 1/(mλ') for ‖w‖ = B (the KKT argument of [Comparator];
// LIBLINEAR's ‖w(C)‖ grows with C), the objective read at the last
// feasible w. Also ‖g*_B‖ ≤ B, the certificate Gap brackets the
// difference, and with B above ‖g*‖ the comparator is g* itself.
func TestConstrainedMatchesLIBLINEAR(t *testing.T) {
	const (
		m      = 293
		lambda = 1e-3
		rel    = 1e-6
	)
	k := kernel.Gaussian{Sigma: 0.5}
	for _, tc := range []struct {
		shape data.Shape2D
		noise float64
		b     float64
	}{{data.Gaussians, 0.2, 1}, {data.Moons, 0.1, 2}, {data.XOR, 0.05, 3}} {
		t.Run(tc.shape.String(), func(t *testing.T) {
			xs, ys := stream(tc.shape, tc.noise, m, 21)
			obj := Objective{Kernel: k, Loss: Hinge, Margin: 1, Lambda: lambda}
			free, _ := solve(t, obj, Settings{}, xs, ys)
			if !(free.Norm > 1.5*tc.b) {
				t.Fatalf("‖g*‖ = %.4g: the premise ‖g*‖ > 1.5B = %g fails", free.Norm, 1.5*tc.b)
			}
			obj.NormBound = tc.b
			p, _ := solve(t, obj, Settings{}, xs, ys)
			if p.M != m || !p.Converged || p.Norm > tc.b || !(p.Lambda > lambda) {
				t.Fatalf("point %+v, want M = %d converged, ‖g‖ ≤ B = %g, λ' > λ", p, m, tc.b)
			}
			phi := gramFeatures(t, k, xs)
			J := func(w []float64) float64 {
				var ls float64
				for i := range m {
					ls += max(0, 1-ys[i]*dot(w, phi.RawRowView(i)))
				}
				return ls + 0.5*m*lambda*dot(w, w)
			}
			// Bisection on log C: C_hi = 1/(mλ) (‖w‖ > B), C_lo = B/(mX)
			// (λ' = X/B, X = 1: ‖w‖ ≤ B).
			lo, hi := math.Log(tc.b/m), math.Log(1/(m*lambda))
			var wf []float64
			for range 40 {
				mid := (lo + hi) / 2
				w := liblinearHinge(t, phi, ys, math.Exp(mid))
				if math.Sqrt(dot(w, w)) <= tc.b {
					lo, wf = mid, w
				} else {
					hi = mid
				}
			}
			if wf == nil {
				t.Fatal("bisection found no feasible w")
			}
			lib := J(wf)
			t.Logf("%v B = %g: ‖g*‖ = %.4g; J(g*_B) = %.12g (λ' = %.6g, ‖g‖ = %.10g, gap %.2g, %d epochs), LIBLINEAR %.12g (‖w‖ = %.10g, λ' = %.6g), rel %.2g; J(g*) = %.6g",
				tc.shape, tc.b, free.Norm, p.Hindsight, p.Lambda, p.Norm, p.Gap, p.Epochs, lib, math.Sqrt(dot(wf, wf)), 1/(m*math.Exp(lo)), math.Abs(p.Hindsight-lib)/lib, free.Hindsight)
			if math.Abs(p.Hindsight-lib) > rel*lib {
				t.Errorf("J(g*_B) = %.12g, LIBLINEAR %.12g: relative %.3g > %g", p.Hindsight, lib, math.Abs(p.Hindsight-lib)/lib, rel)
			}
			if lib < p.Hindsight-p.Gap-1e-9*lib {
				t.Errorf("LIBLINEAR's feasible J %.12g below the certificate's floor %.12g", lib, p.Hindsight-p.Gap)
			}
			if p.Hindsight < free.Hindsight {
				t.Errorf("J(g*_B) = %.10g below the unconstrained J(g*) = %.10g", p.Hindsight, free.Hindsight)
			}
			// B above ‖g*‖: the constraint does not bind, g*_B = g*.
			obj.NormBound = 2 * free.Norm
			q, _ := solve(t, obj, Settings{}, xs, ys)
			if q.Hindsight != free.Hindsight || q.Norm != free.Norm || q.Lambda != lambda {
				t.Errorf("B = 2‖g*‖: %+v, want g* %+v", q, free)
			}
		})
	}
	if _, err := NewComparator(Objective{Kernel: k, Loss: Squared, Lambda: 1, NormBound: 1}, Settings{}, 2); err == nil {
		t.Error("NormBound with the squared loss: no error")
	}
	if _, err := NewComparator(Objective{Kernel: k, Loss: Hinge, Lambda: 1, NormBound: math.Inf(1)}, Settings{}, 2); err == nil {
		t.Error("NormBound = +Inf: no error")
	}
}
