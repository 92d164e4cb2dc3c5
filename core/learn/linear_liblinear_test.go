package learn

// Test-only helpers for comparing the linear solvers with LIBLINEAR (Debian
// package liblinear-tools: liblinear-train, liblinear-predict): a seeded
// generator of the shared LIBSVM-format file, a LIBSVM reader, a runner for
// liblinear-train and a parser of its model file.

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

var linearUpdate = flag.Bool("linear.update", false, "rewrite core/learn/testdata/linear/ from its seeded generator")

// The shared LIBSVM-format set: linTrainN examples of linTrainDim features,
// each feature non-zero with probability linTrainDensity, labelled by a
// random hyperplane with linTrainFlip of the labels flipped (so the set is not
// separable and both SVMs have bound dual variables).
const (
	linTrainFile    = "testdata/linear/train.svm"
	linTrainSeed    = 20080705 // Hsieh et al., ICML 2008
	linTrainN       = 4000
	linTrainDim     = 40
	linTrainDensity = 0.25
	linTrainFlip    = 0.1
)

// linGenerate writes the shared set in LIBSVM format (1-based feature
// indices, only non-zero features, values with 6 significant digits).
func linGenerate(seed uint64, n, d int, density, flip float64) []byte {
	rng := rand.New(rand.NewPCG(seed, 1))
	wTrue := make([]float64, d)
	for j := range wTrue {
		wTrue[j] = rng.NormFloat64()
	}
	var buf bytes.Buffer
	x := make([]float64, d)
	for i := 0; i < n; i++ {
		var s float64
		for j := range x {
			x[j] = 0
			if rng.Float64() < density {
				// Round to what the file stores, so the label is the file's.
				v, _ := strconv.ParseFloat(strconv.FormatFloat(rng.NormFloat64(), 'g', 6, 64), 64)
				x[j] = v
				s += v * wTrue[j]
			}
		}
		y := 1
		if s+0.3 < 0 { // an offset, so that a bias helps
			y = -1
		}
		if rng.Float64() < flip {
			y = -y
		}
		fmt.Fprintf(&buf, "%+d", y)
		for j, v := range x {
			if v != 0 {
				fmt.Fprintf(&buf, " %d:%s", j+1, strconv.FormatFloat(v, 'g', 6, 64))
			}
		}
		buf.WriteByte('\n')
	}
	return buf.Bytes()
}

// linReadLIBSVM parses a LIBSVM-format file with labels ±1 into a dense
// matrix of d columns (d = the largest feature index when d == 0).
func linReadLIBSVM(t testing.TB, path string, d int) (*mat.Dense, []float64) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type entry struct {
		j int
		v float64
	}
	var rows [][]entry
	var y []float64
	maxJ := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		lab, err := strconv.ParseFloat(fields[0], 64)
		if err != nil {
			t.Fatalf("%s: label %q: %v", path, fields[0], err)
		}
		y = append(y, lab)
		var row []entry
		for _, fv := range fields[1:] {
			js, vs, ok := strings.Cut(fv, ":")
			if !ok {
				t.Fatalf("%s: feature %q", path, fv)
			}
			j, err1 := strconv.Atoi(js)
			v, err2 := strconv.ParseFloat(vs, 64)
			if err1 != nil || err2 != nil || j < 1 {
				t.Fatalf("%s: feature %q", path, fv)
			}
			row = append(row, entry{j - 1, v})
			maxJ = max(maxJ, j)
		}
		rows = append(rows, row)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if d == 0 {
		d = maxJ
	}
	X := mat.NewDense(len(rows), d, nil)
	for i, row := range rows {
		for _, e := range row {
			X.Set(i, e.j, e.v)
		}
	}
	return X, y
}

// linNeedLIBLINEAR returns the path of liblinear-train. When it is missing the
// test fails under CI=true (make test installs liblinear-tools) and is
// skipped with a message otherwise. Under js/wasm, which cannot start
// processes, it always skips.
func linNeedLIBLINEAR(t testing.TB) string {
	t.Helper()
	if runtime.GOOS == "js" {
		t.Skip("no subprocesses under js/wasm: the LIBLINEAR comparison runs natively")
	}
	p, err := exec.LookPath("liblinear-train")
	if err != nil {
		msg := "liblinear-train not found: install Debian's liblinear-tools (apt-get install liblinear-tools)"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return p
}

// linLIBLINEARModel is a parsed LIBLINEAR model file of a binary problem.
type linLIBLINEARModel struct {
	solver string
	bias   float64   // −1: none
	w      []float64 // oriented so that ⟨w, x̃⟩ > 0 predicts +1; bias weight last
}

// linRunLIBLINEAR trains liblinear-train with args on file and parses the model.
func linRunLIBLINEAR(t testing.TB, bin, file string, args ...string) linLIBLINEARModel {
	t.Helper()
	model := filepath.Join(t.TempDir(), "model")
	cmd := exec.Command(bin, append(append([]string{"-q"}, args...), file, model)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v: %v\n%s", cmd.Args, err, out)
	}
	return linParseLIBLINEARModel(t, model)
}

func linParseLIBLINEARModel(t testing.TB, path string) linLIBLINEARModel {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m linLIBLINEARModel
	var labels []string
	lines := strings.Split(string(b), "\n")
	i := 0
	for ; i < len(lines); i++ {
		f := strings.Fields(lines[i])
		if len(f) == 0 {
			continue
		}
		if f[0] == "w" {
			i++
			break
		}
		switch f[0] {
		case "solver_type":
			m.solver = f[1]
		case "label":
			labels = f[1:]
		case "bias":
			m.bias, err = strconv.ParseFloat(f[1], 64)
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	for ; i < len(lines); i++ {
		f := strings.Fields(lines[i])
		if len(f) == 0 {
			continue
		}
		v, err := strconv.ParseFloat(f[0], 64)
		if err != nil {
			t.Fatalf("%s: weight %q: %v", path, lines[i], err)
		}
		m.w = append(m.w, v)
	}
	// LIBLINEAR's w scores the first label it met as positive.
	if len(labels) != 2 {
		t.Fatalf("%s: labels %v, want two", path, labels)
	}
	if labels[0] == "-1" {
		for j := range m.w {
			m.w[j] = -m.w[j]
		}
	}
	return m
}

// linAccuracy returns the fraction of rows of X that sign⟨w, x̃⟩ labels right.
func linAccuracy(w []float64, bias float64, X mat.Matrix, y []float64) float64 {
	n, d := X.Dims()
	row := make([]float64, d)
	right := 0
	for i := 0; i < n; i++ {
		mat.Row(row, i, X)
		if linSign(linScore(w, row, bias)) == y[i] {
			right++
		}
	}
	return float64(right) / float64(n)
}

func linRelDiff(a, b float64) float64 { return math.Abs(a-b) / math.Max(math.Abs(b), 1e-300) }

// TestLinearTestdataGolden checks that the committed LIBSVM file is what its
// seeded generator writes (go test -run LinearTestdata -linear.update
// rewrites it).
func TestLinearTestdataGolden(t *testing.T) {
	t.Logf("seed %d", linTrainSeed)
	want := linGenerate(linTrainSeed, linTrainN, linTrainDim, linTrainDensity, linTrainFlip)
	if *linearUpdate {
		if err := os.MkdirAll(filepath.Dir(linTrainFile), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(linTrainFile, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(linTrainFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s differs from its generator; rerun with -linear.update", linTrainFile)
	}
	X, y := linReadLIBSVM(t, linTrainFile, linTrainDim)
	if r, c := X.Dims(); r != linTrainN || c != linTrainDim || len(y) != linTrainN {
		t.Fatalf("read %d×%d with %d labels", r, c, len(y))
	}
}
