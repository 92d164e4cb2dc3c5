// Package learntest is the conformance suite that every [learn.Learner] runs,
// in the style of gonum's lapack/testlapack: one exported [Test] checks the
// contract of the Learner interface on seeded synthetic streams, and each
// learner's own test file calls it.
//
// # Use
//
// From the learner's package tests (in package learn or learn_test):
//
//	func TestSVMDConformance(t *testing.T) {
//		learntest.Test(t, "svmd-binary", func() learn.Learner {
//			l, err := learn.NewSVMD(learn.DefaultSVMDConfig(learn.SVMDHinge, 0), 2)
//			if err != nil {
//				t.Fatal(err)
//			}
//			return l
//		}, learntest.Options{Dim: 2})
//	}
//
// newLearner must return a fresh learner with identical settings on every
// call (including the seed of any randomness it owns), built for inputs of
// length Options.Dim. The learner's Task picks the stream: two separated
// Gaussian blobs (Binary, labels ±1), Options.Classes blobs on a circle
// (Multiclass, labels 0..K−1), a smooth target (Regression) or one blob
// (Novelty). Linear learners pass with the defaults: every stream is
// linearly separable (or, for regression, linear) in the given dimension.
//
// # What it checks
//
//   - Scores returns dst, of length NumScores (1, or K for Multiclass), with
//     finite values, and does not change the learner: a run with Scores calls
//     between the Learn calls is bit-for-bit the run without them.
//   - Learn reports finite Loss, Eta, Margin and Prediction, a BufferSize ≥ 0
//     and no Diverged on the stream.
//   - Reset restores the initial scores, and a replay after Reset is
//     bit-for-bit the first run (Step by Step and in the final scores).
//   - Determinism: two fresh learners on the same stream agree bit for bit.
//   - No allocation per Learn or Scores call in steady state
//     (testing.AllocsPerRun), after Options.Warmup steps.
//   - It learns: the online mistake rate on the second half of a separable
//     stream is at most Options.MaxMistakeRate (classification); the RMS
//     prediction error on the last quarter is at most Options.MaxRMSE times
//     the target's standard deviation (regression); a far point scores below
//     the blob's centre (novelty).
//   - A [learn.KernelModel] (every kernel learner) scores exactly its
//     expansion plus its offsets, before and after the stream, and its
//     expansion has the learner's dimension and NumScores labels.
//   - Every blow-up is reported: after a step with a non-finite input
//     coordinate (NaN, +Inf) or a huge one (1e300), a step whose Loss,
//     Prediction, Eta or Margin is not finite, or after which a score is
//     not finite, reports Diverged (for a NaN input it must: its loss or
//     prediction cannot be a number), and so does every later step until
//     Reset, after which the learner learns finitely again.
//   - With Options.WithKernel (kernel learners), kernels whose width is too
//     small for float64 (a Gaussian σ whose 1/(2σ²) overflows, a Laplacian
//     σ whose 1/σ overflows) are refused by the constructor.
//   - Misuse panics with a message starting with Options.PanicPrefix: a dst
//     or x of the wrong length to Scores, an x of the wrong length to Learn,
//     and a label outside the task's range (±1 for Binary, 0..K−1 for
//     Multiclass).
//
// Package learntest may import testing, kernelplay/core/learn and
// kernelplay/core/kernel; it must not
// import syscall/js, kernelplay/ui or kernelplay/core/experiment, and no
// non-test code may import it.
package learntest

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"kernelplay/core/kernel"
	"kernelplay/core/learn"
)

// Options describes the problem a learner is tested on. The zero value of
// every field except Dim means the documented default.
type Options struct {
	// Dim is the input dimension the learner was built for (required, ≥ 1).
	Dim int
	// Classes is K for a Multiclass learner; it must equal NumScores. Zero
	// means NumScores.
	Classes int
	// Steps is the length of the learning stream. Zero means 600.
	Steps int
	// Warmup is the number of Learn calls before allocations are counted.
	// Zero means Steps (the buffer of a kernel learner must have filled, so
	// pass at least its ω when that is larger).
	Warmup int
	// Seed seeds the stream (PCG). Zero means 1. It is logged.
	Seed uint64
	// MaxMistakeRate bounds the online mistake rate on the second half of a
	// classification stream. Zero means 0.1.
	MaxMistakeRate float64
	// MaxRMSE bounds the RMS prediction error on the last quarter of a
	// regression stream, relative to the standard deviation of the targets.
	// Zero means 0.5.
	MaxRMSE float64
	// Separation is the distance between blob centres in units of the blobs'
	// standard deviation per coordinate. Zero means 8.
	Separation float64
	// PanicPrefix starts every misuse panic message. Zero means "learn: ".
	PanicPrefix string
	// WithKernel, for a kernel learner, builds one with the learner's other
	// settings and the kernel k (for the tiny-width check); nil skips it.
	WithKernel func(k kernel.Kernel) (learn.Learner, error)
	// SkipLearns skips the learning-quality check (for a learner that is
	// not expected to learn this stream; say why at the call site).
	SkipLearns bool
}

func (o Options) withDefaults(l learn.Learner) Options {
	if o.Classes == 0 {
		o.Classes = l.NumScores()
	}
	if o.Steps == 0 {
		o.Steps = 600
	}
	if o.Warmup == 0 {
		o.Warmup = o.Steps
	}
	if o.Seed == 0 {
		o.Seed = 1
	}
	if o.MaxMistakeRate == 0 {
		o.MaxMistakeRate = 0.1
	}
	if o.MaxRMSE == 0 {
		o.MaxRMSE = 0.5
	}
	if o.Separation == 0 {
		o.Separation = 8
	}
	if o.PanicPrefix == "" {
		o.PanicPrefix = "learn: "
	}
	return o
}

// Example is one labelled input of a test stream.
type Example struct {
	X []float64 // the input, length Options.Dim
	Y float64   // the label or target, by learn.Task's convention
}

// Stream returns n seeded examples of dimension dim for the task: Binary,
// blobs at ±(sep/2)·e_1 with unit standard deviation per coordinate, labels
// ±1 with equal probability; Multiclass, K blobs with centres on a circle of
// radius sep/(2 sin(π/K)) in the first two coordinates (adjacent centres sep
// apart; in one dimension they lie on a line, sep apart), labels 0..K−1; Regression, x uniform in
// [−2, 2]^dim and y = Σ_j x_j/√dim plus Gaussian noise of standard deviation
// 0.05; Novelty, one blob at the origin, label 0. Inputs are scaled by 1/sep
// so that a Gaussian kernel of width 1 sees blobs a unit apart. It panics for
// dim < 1 or K < 2 in the multiclass case.
func Stream(task learn.Task, dim, classes, n int, sep float64, seed uint64) []Example {
	if dim < 1 {
		panic("learntest: Stream: dim < 1")
	}
	rng := rand.New(rand.NewPCG(seed, 0x6c6561726e74))
	out := make([]Example, n)
	scale := 1 / sep
	for i := range out {
		x := make([]float64, dim)
		var y float64
		switch task {
		case learn.Binary:
			y = 1
			if rng.IntN(2) == 0 {
				y = -1
			}
			for j := range x {
				x[j] = rng.NormFloat64()
			}
			x[0] += y * sep / 2
		case learn.Multiclass:
			if classes < 2 {
				panic("learntest: Stream: multiclass with fewer than 2 classes")
			}
			c := rng.IntN(classes)
			y = float64(c)
			for j := range x {
				x[j] = rng.NormFloat64()
			}
			if dim == 1 {
				x[0] += float64(c) * sep
			} else {
				r := sep / (2 * math.Sin(math.Pi/float64(classes)))
				a := 2 * math.Pi * float64(c) / float64(classes)
				x[0] += r * math.Cos(a)
				x[1] += r * math.Sin(a)
			}
		case learn.Regression:
			var s float64
			for j := range x {
				x[j] = 4*rng.Float64() - 2
				s += x[j]
			}
			y = s/math.Sqrt(float64(dim)) + 0.05*rng.NormFloat64()
			out[i] = Example{X: x, Y: y}
			continue // regression inputs are not rescaled
		case learn.Novelty:
			for j := range x {
				x[j] = rng.NormFloat64()
			}
		default:
			panic(fmt.Sprintf("learntest: Stream: unknown task %v", task))
		}
		for j := range x {
			x[j] *= scale
		}
		out[i] = Example{X: x, Y: y}
	}
	return out
}

// Test runs the conformance suite on the learners made by newLearner, as
// subtests of t named name/…. See the package documentation for what it
// checks and how to call it.
func Test(t *testing.T, name string, newLearner func() learn.Learner, opt Options) {
	t.Helper()
	if opt.Dim < 1 {
		t.Fatalf("%s: learntest.Options.Dim = %d, want ≥ 1", name, opt.Dim)
	}
	probe := newLearner()
	opt = opt.withDefaults(probe)
	task := probe.Task()
	k := probe.NumScores()
	switch task {
	case learn.Multiclass:
		if k != opt.Classes || k < 2 {
			t.Fatalf("%s: multiclass NumScores = %d, Options.Classes = %d", name, k, opt.Classes)
		}
	default:
		if k != 1 {
			t.Fatalf("%s: %v NumScores = %d, want 1", name, task, k)
		}
	}
	stream := Stream(task, opt.Dim, opt.Classes, opt.Steps, opt.Separation, opt.Seed)
	probes := Stream(task, opt.Dim, opt.Classes, 16, opt.Separation, opt.Seed+1)
	t.Logf("%s: task %v, dim %d, scores %d, %d steps, seed %d", name, task, opt.Dim, k, opt.Steps, opt.Seed)

	t.Run(name+"/scores", func(t *testing.T) { testScores(t, newLearner, stream, probes, k) })
	t.Run(name+"/finite", func(t *testing.T) { testFinite(t, newLearner, stream) })
	t.Run(name+"/reset", func(t *testing.T) { testReset(t, newLearner, stream, probes, k) })
	t.Run(name+"/determinism", func(t *testing.T) { testDeterminism(t, newLearner, stream, probes, k) })
	t.Run(name+"/allocs", func(t *testing.T) { testAllocs(t, newLearner, opt, k) })
	if !opt.SkipLearns {
		t.Run(name+"/learns", func(t *testing.T) { testLearns(t, newLearner, task, stream, opt) })
	}
	t.Run(name+"/panics", func(t *testing.T) { testPanics(t, newLearner, task, opt, k) })
	t.Run(name+"/diverges", func(t *testing.T) { testDiverges(t, newLearner, stream, probes, k) })
	if opt.WithKernel != nil {
		t.Run(name+"/tinywidths", func(t *testing.T) { testTinyWidths(t, opt.WithKernel) })
	}
	if _, ok := probe.(learn.KernelModel); ok {
		t.Run(name+"/kernelmodel", func(t *testing.T) { testKernelModel(t, newLearner, stream, probes, k) })
	}
}

// testKernelModel checks the [learn.KernelModel] contract before and after
// learning the stream (its buffer wraps on the default stream for ω < 600):
// every score is the expansion plus the offset, Scores(x)[y] =
// Expansion().Scores(x)[y] + Offsets()[y], to 1e-12 of the terms' scale;
// the expansion has the learner's input dimension and NumScores labels; and
// Offsets has length NumScores.
func testKernelModel(t *testing.T, newLearner func() learn.Learner, stream, probes []Example, k int) {
	l := newLearner()
	m := l.(learn.KernelModel)
	check := func(when string) {
		t.Helper()
		e := m.Expansion()
		if e.Labels() != k || e.Dim() != len(probes[0].X) || len(m.Offsets()) != k {
			t.Fatalf("%s: expansion of %d labels, dimension %d, %d offsets; want %d, %d, %d",
				when, e.Labels(), e.Dim(), len(m.Offsets()), k, len(probes[0].X), k)
		}
		got, f := make([]float64, k), make([]float64, k)
		for _, p := range probes {
			l.Scores(got, p.X)
			e.Scores(f, p.X)
			off := m.Offsets()
			for y := range got {
				want := f[y] + off[y]
				if d := math.Abs(got[y] - want); !(d <= 1e-12*(1+math.Abs(f[y])+math.Abs(off[y]))) {
					t.Fatalf("%s: score %d = %.17g, expansion %.17g + offset %.17g", when, y, got[y], f[y], off[y])
				}
			}
		}
	}
	check("before learning")
	for _, e := range stream {
		l.Learn(e.X, e.Y)
	}
	check("after the stream")
}

// run learns the stream and returns the steps; between steps it calls Scores
// on the probes when interleave is set.
func run(l learn.Learner, stream []Example, probes []Example, k int, interleave bool) []learn.Step {
	steps := make([]learn.Step, len(stream))
	dst := make([]float64, k)
	for i, e := range stream {
		if interleave {
			for _, p := range probes[:2] {
				l.Scores(dst, p.X)
			}
			l.Scores(dst, e.X)
		}
		steps[i] = l.Learn(e.X, e.Y)
	}
	return steps
}

// scores returns the concatenated scores of the probes.
func scores(l learn.Learner, probes []Example, k int) []float64 {
	out := make([]float64, 0, k*len(probes))
	dst := make([]float64, k)
	for _, p := range probes {
		out = append(out, l.Scores(dst, p.X)...)
	}
	return out
}

func sameBits(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }

func sameStep(a, b learn.Step) bool {
	return sameBits(a.Loss, b.Loss) && a.MarginError == b.MarginError && a.Mistake == b.Mistake &&
		sameBits(a.Prediction, b.Prediction) && sameBits(a.Eta, b.Eta) && sameBits(a.Margin, b.Margin) &&
		a.BufferSize == b.BufferSize && a.Diverged == b.Diverged
}

// compareRuns reports the first difference between two runs.
func compareRuns(t *testing.T, what string, a, b []learn.Step) {
	t.Helper()
	for i := range a {
		if !sameStep(a[i], b[i]) {
			t.Fatalf("%s: step %d differs: %+v vs %+v", what, i, a[i], b[i])
		}
	}
}

func compareScores(t *testing.T, what string, a, b []float64) {
	t.Helper()
	for i := range a {
		if !sameBits(a[i], b[i]) {
			t.Fatalf("%s: score %d differs: %v vs %v", what, i, a[i], b[i])
		}
	}
}

func testScores(t *testing.T, newLearner func() learn.Learner, stream, probes []Example, k int) {
	l := newLearner()
	if got := l.NumScores(); got != k {
		t.Fatalf("NumScores changed between learners: %d vs %d", got, k)
	}
	dst := make([]float64, k)
	for i := range dst {
		dst[i] = math.NaN()
	}
	got := l.Scores(dst, probes[0].X)
	if len(got) != k || &got[0] != &dst[0] {
		t.Fatalf("Scores did not return dst (len %d, want %d)", len(got), k)
	}
	for _, v := range got {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			t.Fatalf("initial score %v is not finite", v)
		}
	}
	// Scores must not change the learner: interleaved and plain runs agree.
	a := run(newLearner(), stream, probes, k, false)
	lb := newLearner()
	b := run(lb, stream, probes, k, true)
	compareRuns(t, "run with Scores calls vs without", a, b)
	// Repeated Scores on a trained learner give the same bits.
	s1 := scores(lb, probes, k)
	s2 := scores(lb, probes, k)
	compareScores(t, "repeated Scores", s1, s2)
	for _, v := range s1 {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			t.Fatalf("trained score %v is not finite", v)
		}
	}
}

func testFinite(t *testing.T, newLearner func() learn.Learner, stream []Example) {
	l := newLearner()
	for i, e := range stream {
		s := l.Learn(e.X, e.Y)
		for _, v := range []float64{s.Loss, s.Eta, s.Margin, s.Prediction} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Fatalf("step %d: non-finite value in %+v", i, s)
			}
		}
		if s.BufferSize < 0 || s.Diverged {
			t.Fatalf("step %d: BufferSize %d, Diverged %v", i, s.BufferSize, s.Diverged)
		}
	}
}

func testReset(t *testing.T, newLearner func() learn.Learner, stream, probes []Example, k int) {
	l := newLearner()
	initial := scores(l, probes, k)
	first := run(l, stream, probes, k, false)
	trained := scores(l, probes, k)
	l.Reset()
	compareScores(t, "scores after Reset vs initial", initial, scores(l, probes, k))
	second := run(l, stream, probes, k, false)
	compareRuns(t, "replay after Reset", first, second)
	compareScores(t, "trained scores after replay", trained, scores(l, probes, k))
}

func testDeterminism(t *testing.T, newLearner func() learn.Learner, stream, probes []Example, k int) {
	a, b := newLearner(), newLearner()
	compareRuns(t, "two fresh learners", run(a, stream, probes, k, false), run(b, stream, probes, k, false))
	compareScores(t, "two fresh learners' scores", scores(a, probes, k), scores(b, probes, k))
}

func testAllocs(t *testing.T, newLearner func() learn.Learner, opt Options, k int) {
	if testing.Short() && opt.Warmup > 5000 {
		t.Skip("long warm-up in -short mode")
	}
	l := newLearner()
	stream := Stream(l.Task(), opt.Dim, opt.Classes, opt.Warmup+200, opt.Separation, opt.Seed+2)
	for _, e := range stream[:opt.Warmup] {
		l.Learn(e.X, e.Y)
	}
	i := opt.Warmup
	learnAllocs := testing.AllocsPerRun(100, func() {
		e := stream[i]
		i++
		l.Learn(e.X, e.Y)
	})
	if learnAllocs != 0 {
		t.Errorf("Learn allocates %v times per call in steady state", learnAllocs)
	}
	dst := make([]float64, k)
	x := stream[0].X
	scoreAllocs := testing.AllocsPerRun(100, func() { l.Scores(dst, x) })
	if scoreAllocs != 0 {
		t.Errorf("Scores allocates %v times per call", scoreAllocs)
	}
}

func testLearns(t *testing.T, newLearner func() learn.Learner, task learn.Task, stream []Example, opt Options) {
	l := newLearner()
	n := len(stream)
	switch task {
	case learn.Binary, learn.Multiclass:
		mistakes, diverged := 0, 0
		preds := map[float64]int{} // predictions on the second half, for the failure message
		var last learn.Step
		for i, e := range stream {
			s := l.Learn(e.X, e.Y)
			if i >= n/2 {
				if s.Mistake {
					mistakes++
				}
				preds[s.Prediction]++
			}
			if s.Diverged {
				diverged++
			}
			last = s
		}
		rate := float64(mistakes) / float64(n-n/2)
		t.Logf("online mistake rate on the second half: %.4g (bound %.4g)", rate, opt.MaxMistakeRate)
		if rate > opt.MaxMistakeRate {
			t.Errorf("online mistake rate on the second half %.4g > %.4g (predictions there %v, %d diverged steps, last step %+v)",
				rate, opt.MaxMistakeRate, preds, diverged, last)
		}
	case learn.Regression:
		var mean, m2 float64
		for _, e := range stream {
			mean += e.Y
		}
		mean /= float64(n)
		var sse float64
		cnt := 0
		for i, e := range stream {
			m2 += (e.Y - mean) * (e.Y - mean)
			s := l.Learn(e.X, e.Y)
			if i >= n-n/4 {
				sse += (s.Prediction - e.Y) * (s.Prediction - e.Y)
				cnt++
			}
		}
		sd := math.Sqrt(m2 / float64(n))
		rel := math.Sqrt(sse/float64(cnt)) / sd
		t.Logf("relative RMS error on the last quarter: %.4g (bound %.4g)", rel, opt.MaxRMSE)
		if rel > opt.MaxRMSE {
			t.Errorf("relative RMS error on the last quarter %.4g > %.4g", rel, opt.MaxRMSE)
		}
	case learn.Novelty:
		for _, e := range stream {
			l.Learn(e.X, e.Y)
		}
		centre := make([]float64, opt.Dim)
		far := make([]float64, opt.Dim)
		for j := range far {
			far[j] = 10 / opt.Separation // ten blob widths (inputs are scaled by 1/Separation)
		}
		dst := make([]float64, 1)
		sc := l.Scores(dst, centre)[0]
		sf := l.Scores(dst, far)[0]
		t.Logf("novelty score at the centre %.4g, far away %.4g", sc, sf)
		if !(sf < sc) || !(sf < 0) {
			t.Errorf("far point scores %.4g, centre %.4g: want far < centre and far < 0 (novel)", sf, sc)
		}
	}
}

// expectPanic runs f and checks that it panics with a string or error whose
// message starts with prefix.
func expectPanic(t *testing.T, what, prefix string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		r := recover()
		if r == nil {
			t.Errorf("%s: no panic", what)
			return
		}
		var msg string
		switch v := r.(type) {
		case string:
			msg = v
		case error:
			msg = v.Error()
		default:
			msg = fmt.Sprint(v)
		}
		if !strings.HasPrefix(msg, prefix) {
			t.Errorf("%s: panic %q does not start with %q", what, msg, prefix)
		}
	}()
	f()
}

func testPanics(t *testing.T, newLearner func() learn.Learner, task learn.Task, opt Options, k int) {
	l := newLearner()
	x := make([]float64, opt.Dim)
	short := make([]float64, opt.Dim-1)
	long := make([]float64, opt.Dim+1)
	p := opt.PanicPrefix
	expectPanic(t, "Scores with a short dst", p, func() { l.Scores(make([]float64, k-1), x) })
	expectPanic(t, "Scores with a long dst", p, func() { l.Scores(make([]float64, k+1), x) })
	expectPanic(t, "Scores with a short x", p, func() { l.Scores(make([]float64, k), short) })
	expectPanic(t, "Scores with a long x", p, func() { l.Scores(make([]float64, k), long) })
	y := 1.0
	if task == learn.Multiclass {
		y = 0
	}
	expectPanic(t, "Learn with a short x", p, func() { l.Learn(short, y) })
	expectPanic(t, "Learn with a long x", p, func() { l.Learn(long, y) })
	switch task {
	case learn.Binary:
		for _, bad := range []float64{0, 2, -0.5, math.NaN()} {
			expectPanic(t, fmt.Sprintf("Learn with binary label %v", bad), p, func() { l.Learn(x, bad) })
		}
	case learn.Multiclass:
		for _, bad := range []float64{-1, float64(k), 0.5, math.NaN()} {
			expectPanic(t, fmt.Sprintf("Learn with class %v of %d", bad, k), p, func() { l.Learn(x, bad) })
		}
	}
}

// testDiverges feeds, after 20 ordinary steps, one input with a NaN, +Inf
// or huge (1e300) first coordinate and checks that any non-finite
// quantity of that step or any non-finite score after it is reported as
// Diverged (a NaN input must be), that Diverged stays until Reset, and that
// the learner learns finitely after Reset.
func testDiverges(t *testing.T, newLearner func() learn.Learner, stream, probes []Example, k int) {
	for _, bad := range []float64{math.NaN(), math.Inf(1), 1e300} {
		l := newLearner()
		for _, e := range stream[:20] {
			l.Learn(e.X, e.Y)
		}
		e := stream[20]
		x := append([]float64(nil), e.X...)
		x[0] = bad
		st := l.Learn(x, e.Y)
		blown := !finiteAll(st.Loss, st.Prediction, st.Eta, st.Margin)
		for _, p := range probes {
			if !finiteAll(l.Scores(make([]float64, k), p.X)...) {
				blown = true
			}
		}
		if math.IsNaN(bad) && !blown && !st.Diverged {
			// A NaN input leaves no finite loss or prediction: the learner
			// must have said so (a finite report is a wrong one).
			t.Errorf("x₀ = NaN: a finite step %+v without Diverged", st)
		}
		if blown && !st.Diverged {
			t.Errorf("x₀ = %v: a non-finite step or score (%+v) without Diverged", bad, st)
		}
		if st.Diverged {
			if next := l.Learn(stream[21].X, stream[21].Y); !next.Diverged {
				t.Errorf("x₀ = %v: the step after a divergence reports %+v", bad, next)
			}
		}
		l.Reset()
		for i, e := range stream[:20] {
			s := l.Learn(e.X, e.Y)
			if s.Diverged || !finiteAll(s.Loss, s.Prediction, s.Eta, s.Margin) {
				t.Fatalf("x₀ = %v: step %d after Reset: %+v", bad, i, s)
			}
		}
	}
}

// finiteAll reports whether every v is neither NaN nor ±Inf.
func finiteAll(v ...float64) bool {
	for _, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// testTinyWidths checks that kernels too narrow for float64 are refused.
func testTinyWidths(t *testing.T, build func(kernel.Kernel) (learn.Learner, error)) {
	for _, k := range []kernel.Kernel{
		kernel.Gaussian{Sigma: 1e-160}, kernel.Gaussian{Sigma: 5e-324},
		kernel.Laplacian{Sigma: 1e-320}, kernel.Laplacian{Sigma: 5e-324},
	} {
		if l, err := build(k); err == nil {
			t.Errorf("%v: accepted (a %T)", k, l)
		}
	}
	if _, err := build(kernel.Gaussian{Sigma: 0.5}); err != nil {
		t.Errorf("an ordinary kernel is refused: %v", err)
	}
}
