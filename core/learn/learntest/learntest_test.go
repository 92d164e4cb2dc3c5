package learntest_test

import (
	"fmt"
	"maps"
	"math"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"testing"

	"kernelplay/core/learn"
	"kernelplay/core/learn/learntest"
)

// centroid is a small reference learner that satisfies the Learner
// contract: class means for classification, the mean and mean squared
// distance for novelty, and LMS on (x, 1) for regression. The suite must
// pass on it.
type centroid struct {
	task  learn.Task
	k     int // scores
	dim   int
	sum   []float64 // k·dim class sums (classification), dim mean (novelty), dim+1 weights (regression)
	count []float64 // k
	r2    float64   // novelty: running mean of ‖x − μ‖²
	n     float64
	dead  bool // a non-finite step: Diverged until Reset
}

func newCentroid(task learn.Task, k, dim int) *centroid {
	c := &centroid{task: task, k: k, dim: dim, count: make([]float64, max(k, 2))}
	c.sum = make([]float64, max(k, 2)*(dim+1))
	return c
}

func (c *centroid) Task() learn.Task { return c.task }
func (c *centroid) NumScores() int   { return c.k }
func (c *centroid) Reset() {
	clear(c.sum)
	clear(c.count)
	c.r2, c.n, c.dead = 0, 0, false
}

func (c *centroid) check(dst, x []float64) {
	if len(dst) != c.k || len(x) != c.dim {
		panic(fmt.Sprintf("ref: len(dst) = %d, len(x) = %d", len(dst), len(x)))
	}
}

// dist2 returns ‖x − μ_j‖² for the mean μ_j of class j (0 before any example).
func (c *centroid) dist2(j int, x []float64) float64 {
	if c.count[j] == 0 {
		return 0
	}
	row := c.sum[j*(c.dim+1) : j*(c.dim+1)+c.dim]
	var s float64
	for i, v := range x {
		d := v - row[i]/c.count[j]
		s += d * d
	}
	return s
}

func (c *centroid) Scores(dst, x []float64) []float64 {
	c.check(dst, x)
	switch c.task {
	case learn.Binary:
		dst[0] = c.dist2(1, x) - c.dist2(0, x) // class 0 is +1
	case learn.Multiclass:
		for j := range dst {
			dst[j] = -c.dist2(j, x)
		}
	case learn.Novelty:
		dst[0] = 2*c.r2 - c.dist2(0, x)
	case learn.Regression:
		w := c.sum[:c.dim+1]
		s := w[c.dim]
		for i, v := range x {
			s += w[i] * v
		}
		dst[0] = s
	}
	return dst
}

// Learn learns (x, y) (learn0) and reports Diverged, then and until
// Reset, once a step's loss or prediction or the model is not finite.
func (c *centroid) Learn(x []float64, y float64) learn.Step {
	if c.dead {
		if len(x) != c.dim {
			panic("ref: len(x)")
		}
		return learn.Step{Eta: 1, Diverged: true}
	}
	st := c.learn0(x, y)
	bad := math.IsNaN(st.Loss) || math.IsInf(st.Loss, 0) || math.IsNaN(st.Prediction) || math.IsInf(st.Prediction, 0) ||
		math.IsNaN(c.r2) || math.IsInf(c.r2, 0)
	for _, v := range c.sum {
		bad = bad || math.IsNaN(v) || math.IsInf(v, 0)
	}
	zero := make([]float64, c.dim)
	for j := range c.count {
		d := c.dist2(j, zero) // ‖μ_j‖²: finite, or every score is not
		bad = bad || math.IsNaN(d) || math.IsInf(d, 0)
	}
	if bad {
		c.dead, st.Diverged = true, true
	}
	return st
}

func (c *centroid) learn0(x []float64, y float64) learn.Step {
	var one [1]float64
	if c.task != learn.Multiclass {
		c.check(one[:], x)
	} else if len(x) != c.dim {
		panic("ref: len(x)")
	}
	var st learn.Step
	st.Eta = 1
	j := 0
	switch c.task {
	case learn.Binary:
		if y != 1 && y != -1 {
			panic("ref: binary label")
		}
		if y < 0 {
			j = 1
		}
		st.Prediction = 1
		if c.Scores(one[:], x)[0] < 0 {
			st.Prediction = -1
		}
		st.Mistake = st.Prediction != y
	case learn.Multiclass:
		if !(y >= 0 && y < float64(c.k) && y == math.Trunc(y)) {
			panic("ref: class label")
		}
		j = int(y)
		best, bi := math.Inf(-1), 0
		for i := range c.k {
			if s := -c.dist2(i, x); s > best {
				best, bi = s, i
			}
		}
		st.Prediction = float64(bi)
		st.Mistake = bi != j
	case learn.Novelty:
		st.Prediction = c.Scores(one[:], x)[0]
		st.Mistake = st.Prediction < 0
		c.n++
		c.r2 += (c.dist2(0, x) - c.r2) / c.n
	case learn.Regression:
		p := c.Scores(one[:], x)[0]
		st.Prediction = p
		st.Loss = 0.5 * (y - p) * (y - p)
		w := c.sum[:c.dim+1]
		for i, v := range x {
			w[i] += 0.05 * (y - p) * v
		}
		w[c.dim] += 0.05 * (y - p)
		return st
	}
	row := c.sum[j*(c.dim+1) : j*(c.dim+1)+c.dim]
	for i, v := range x {
		row[i] += v
	}
	c.count[j]++
	return st
}

// TestSuiteOnReference runs the suite on the reference learner for every
// task and dimension 1 and 3: a correct learner passes.
func TestSuiteOnReference(t *testing.T) {
	for _, dim := range []int{1, 3} {
		for _, c := range []struct {
			task learn.Task
			k    int
		}{{learn.Binary, 1}, {learn.Multiclass, 4}, {learn.Novelty, 1}, {learn.Regression, 1}} {
			name := fmt.Sprintf("%v-d%d", c.task, dim)
			learntest.Test(t, name, func() learn.Learner { return newCentroid(c.task, c.k, dim) },
				learntest.Options{Dim: dim, PanicPrefix: "ref: ", Warmup: 50})
		}
	}
}

// TestStream checks the generators: shapes, labels, determinism by seed.
func TestStream(t *testing.T) {
	for _, task := range []learn.Task{learn.Binary, learn.Multiclass, learn.Novelty, learn.Regression} {
		a := learntest.Stream(task, 3, 5, 200, 8, 42)
		b := learntest.Stream(task, 3, 5, 200, 8, 42)
		c := learntest.Stream(task, 3, 5, 200, 8, 43)
		same := true
		for i := range a {
			if len(a[i].X) != 3 {
				t.Fatalf("%v: len(x) = %d", task, len(a[i].X))
			}
			for j := range a[i].X {
				if math.Float64bits(a[i].X[j]) != math.Float64bits(b[i].X[j]) {
					t.Fatalf("%v: same seed, different streams", task)
				}
				if a[i].X[j] != c[i].X[j] {
					same = false
				}
			}
			y := a[i].Y
			switch task {
			case learn.Binary:
				if y != 1 && y != -1 {
					t.Fatalf("binary label %v", y)
				}
			case learn.Multiclass:
				if y < 0 || y >= 5 || y != math.Trunc(y) {
					t.Fatalf("class %v", y)
				}
			}
		}
		if same {
			t.Errorf("%v: seeds 42 and 43 give the same stream", task)
		}
	}
}

// mutant is the binary reference learner with one planted fault, named by
// fault, that exactly one check of the suite exists to catch.
type mutant struct {
	*centroid
	fault string
	junk  []float64
}

// mutantCalls is shared by every mutant: the "shared-state" fault reads it.
var mutantCalls int

// mutantFaults maps each fault to the check that must fail on it.
var mutantFaults = map[string]string{
	"scores-learn":  "scores",      // Scores changes the learner
	"non-finite":    "finite",      // a NaN loss
	"no-reset":      "reset",       // Reset forgets nothing
	"shared-state":  "determinism", // a step depends on package-level state
	"allocates":     "allocs",      // Learn allocates
	"flipped":       "learns",      // the prediction has the wrong sign
	"accepts-label": "panics",      // a label of 0 is learnt, not refused
	"hidden-offset": "kernelmodel", // a kernel learner's score has a term its Offsets omit
}

// kernelMutant is a kernel perceptron whose Scores add a constant that its
// Offsets do not report (the "hidden-offset" fault).
type kernelMutant struct{ *learn.NORMA }

func (m kernelMutant) Scores(dst, x []float64) []float64 {
	m.NORMA.Scores(dst, x)
	dst[0] += 0.25
	return dst
}

func newKernelMutant() learn.Learner {
	c := learn.DefaultPerceptronConfig()
	c.BufferSize = 64
	n, err := learn.NewPerceptron(c, 2)
	if err != nil {
		panic(err)
	}
	return kernelMutant{n}
}

func (m *mutant) Scores(dst, x []float64) []float64 {
	if m.fault == "scores-learn" {
		m.centroid.count[0]++
	}
	return m.centroid.Scores(dst, x)
}

func (m *mutant) Reset() {
	if m.fault != "no-reset" {
		m.centroid.Reset()
	}
}

func (m *mutant) Learn(x []float64, y float64) learn.Step {
	if m.fault == "accepts-label" && y == 0 {
		y = 1
	}
	st := m.centroid.Learn(x, y)
	switch m.fault {
	case "non-finite":
		st.Loss = math.NaN()
	case "shared-state":
		mutantCalls++
		st.Loss = float64(mutantCalls)
	case "allocates":
		m.junk = make([]float64, 8)
	case "flipped":
		st.Prediction = -st.Prediction
		st.Mistake = st.Prediction != y
	}
	return st
}

// TestMutantChild runs the suite on the mutant named by $LEARNTEST_MUTANT; it
// is run, and expected to fail, by TestSuiteCatchesMutants in a child process.
func TestMutantChild(t *testing.T) {
	fault := os.Getenv("LEARNTEST_MUTANT")
	if fault == "" {
		t.Skip("run by TestSuiteCatchesMutants")
	}
	if fault == "hidden-offset" {
		learntest.Test(t, "mutant", newKernelMutant, learntest.Options{Dim: 2})
		return
	}
	learntest.Test(t, "mutant", func() learn.Learner {
		return &mutant{centroid: newCentroid(learn.Binary, 1, 2), fault: fault}
	}, learntest.Options{Dim: 2, PanicPrefix: "ref: ", Warmup: 50})
}

// TestSuiteCatchesMutants checks that the suite can fail: for every planted
// fault the child run fails, in the check meant to catch it.
func TestSuiteCatchesMutants(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("no subprocesses under js/wasm: runs natively")
	}
	for _, fault := range slices.Sorted(maps.Keys(mutantFaults)) {
		check := mutantFaults[fault]
		cmd := exec.Command(os.Args[0], "-test.run=^TestMutantChild$", "-test.v", "-test.count=1")
		cmd.Env = append(os.Environ(), "LEARNTEST_MUTANT="+fault)
		out, err := cmd.CombinedOutput()
		if err == nil {
			t.Errorf("%s: the suite passed a learner with this fault", fault)
			continue
		}
		if want := "--- FAIL: TestMutantChild/mutant/" + check; !strings.Contains(string(out), want) {
			t.Errorf("%s: no %q in the child's output:\n%s", fault, want, out)
		}
	}
}
