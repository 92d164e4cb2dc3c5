package app

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"kernelplay/core/data"
	"kernelplay/ui/state"
)

// MaxFileBytes bounds the size of a file the page reads (64 MiB): the
// readers' own limit (data.MaxCells) is about cells, this one about the
// bytes held in the browser before parsing.
const MaxFileBytes = 64 << 20

// ReadUserFile parses a user's data file: LIBSVM/svmlight when the name
// ends in .svm, .libsvm, .svmlight or .t, or when the first data line has an
// index:value pair; CSV (label in the last column) otherwise. Malformed
// input is the readers' *data.FormatError (file, line, column, what).
func ReadUserFile(name string, b []byte) (*data.Set, error) {
	if len(b) > MaxFileBytes {
		return nil, fmt.Errorf("%s is %d MB, more than the %d MB the page reads", name, len(b)>>20, MaxFileBytes>>20)
	}
	if isLIBSVM(name, b) {
		return data.ReadLIBSVM(bytes.NewReader(b), name)
	}
	return data.ReadCSV(bytes.NewReader(b), name, data.CSVConfig{})
}

func isLIBSVM(name string, b []byte) bool {
	n := strings.ToLower(name)
	for _, ext := range []string{".svm", ".libsvm", ".svmlight", ".t"} {
		if strings.HasSuffix(n, ext) {
			return true
		}
	}
	if strings.HasSuffix(n, ".csv") || strings.HasSuffix(n, ".tsv") {
		return false
	}
	for _, line := range strings.SplitN(string(b[:min(len(b), 4096)]), "\n", 20) {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		return strings.Contains(line, ":") && !strings.Contains(line, ",")
	}
	return false
}

// Destination is where a loaded file goes.
type Destination int

const (
	// ToPlot: the file's rows become clicked points of the 2D plot (and
	// travel in the link).
	ToPlot Destination = iota
	// ToDigits: the file runs in the digits view (a link cannot carry it).
	ToDigits
)

// Route decides where a loaded file goes, and says why in a sentence for
// the banner (the page rule of issue 9): a 2-D file with 2 to
// state.MaxClasses labels and at most state.MaxPoints rows becomes points
// of the plot; anything else runs in the digits view, and the reason names
// what kept it off the plot (more than 2,000 rows, too many labels, not
// two features). c is the configuration to load.
func Route(name string, set *data.Set) (dest Destination, c state.Config, why string) {
	n := set.Len()
	if c, ok := plotConfig(set); ok {
		return ToPlot, c, fmt.Sprintf("Loaded %s: %d two-dimensional examples, shown as points of the plot "+
			"(they are part of the link).%s", name, n, ClassMapping(set, c.Task == state.TaskBinary))
	}
	var reason string
	switch {
	case set.Dim != 2:
		reason = fmt.Sprintf("%d features, not the plot's two", set.Dim)
	case n > state.MaxPoints:
		reason = fmt.Sprintf("%d rows, more than the %d points the plot (and a link) holds", n, state.MaxPoints)
	default:
		reason = fmt.Sprintf("%d distinct labels; the plot shows 2 to %d classes", distinct(set.Y), state.MaxClasses)
	}
	note := ""
	if !imageShape(set.Dim) {
		note = " No thumbnails: they need 64 (8×8) or 784 (28×28) features."
	}
	return ToDigits, fileConfig(set), fmt.Sprintf("Loaded %s: %d examples of %d features. It runs in the digits view "+
		"because it has %s. A link cannot carry the file itself.%s%s", name, n, set.Dim, reason, note,
		ClassMapping(set, set.Classes == 2))
}

// ClassMapping is the banner's sentence on a file's text labels
// (data.Set.ClassNames): which class each name became, in order of first
// appearance — "class −1" and "class +1" when binary is set (two names, a
// binary task), "class 0", "class 1", … otherwise —, each name clipped to
// 24 characters and at most 10 named; "" when the labels were numbers.
func ClassMapping(set *data.Set, binary bool) string {
	if len(set.ClassNames) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(" Its text labels became classes in order of first appearance: ")
	for k, name := range set.ClassNames {
		if k == 10 {
			fmt.Fprintf(&b, ", and %d more", len(set.ClassNames)-k)
			break
		}
		if k > 0 {
			b.WriteString(", ")
		}
		if r := []rune(name); len(r) > 24 {
			name = string(r[:23]) + "…"
		}
		class := strconv.Itoa(k)
		if binary {
			class = [2]string{"−1", "+1"}[k]
		}
		fmt.Fprintf(&b, "“%s” → class %s", name, class)
	}
	b.WriteString(".")
	return b.String()
}

// imageShape reports whether inputs of dimension d can be drawn as
// thumbnails (8×8 or 28×28 pixels).
func imageShape(d int) bool { return d == 64 || d == 784 }

func distinct(y []float64) int {
	l := slices.Clone(y)
	slices.Sort(l)
	return len(slices.Compact(l))
}

// roundSig rounds v to n significant digits.
func roundSig(v float64, n int) float64 {
	if v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return v
	}
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', n, 64), 64)
	return r
}

// plotConfig turns a 2-D file with 2 to state.MaxClasses distinct labels
// and at most state.MaxPoints rows into clicked points of the 2D plot
// (each coordinate scaled linearly onto [−0.95, 0.95] — unless the file
// holds the plot's own points: every coordinate in [−1, 1] and a multiple
// of 1/state.Quantum, then they are kept as they are —, classes in label
// order), so it runs — and travels in a link — like points clicked by hand.
// ok is false when the file does not fit the plot.
func plotConfig(set *data.Set) (c state.Config, ok bool) {
	if set.Dim != 2 || set.Len() == 0 || set.Len() > state.MaxPoints {
		return c, false
	}
	labels := slices.Clone(set.Y)
	slices.Sort(labels)
	labels = slices.Compact(labels)
	if len(labels) < 2 || len(labels) > state.MaxClasses {
		return c, false
	}
	var lo, hi [2]float64
	for j := range 2 {
		lo[j], hi[j] = math.Inf(1), math.Inf(-1)
	}
	for i := range set.Len() {
		for j, v := range set.Row(i) {
			lo[j], hi[j] = math.Min(lo[j], v), math.Max(hi[j], v)
		}
	}
	// A file of the plot's own points (Store.ExportData writes them) keeps
	// them where they were, so that they come back as they left: every
	// coordinate inside the plot's square [−1, 1]² and on the link's grid
	// (a multiple of 1/state.Quantum). A file of other numbers — [0, 1]
	// data with values such as 0.1 — is scaled to fill the plot.
	inside := true
	for _, v := range set.X {
		inside = inside && v >= -1 && v <= 1 && v*state.Quantum == math.Round(v*state.Quantum)
	}
	scale := func(v float64, j int) float64 {
		if inside {
			return v
		}
		if hi[j] == lo[j] {
			return 0
		}
		return -0.95 + 1.9*(v-lo[j])/(hi[j]-lo[j])
	}
	c = state.Default()
	c.Task, c.Generated = state.TaskBinary, false // the file's points are the data
	if len(labels) > 2 {
		c.Task, c.Classes = state.TaskMulticlass, len(labels)
	}
	for i := range set.Len() {
		r := set.Row(i)
		k, _ := slices.BinarySearch(labels, set.Y[i])
		c.Points = append(c.Points, state.Quantize(state.Point{X: scale(r[0], 0), Y: scale(r[1], 1), Class: k}))
	}
	return c, c.Validate() == nil
}

// fileConfig is the digits-mode configuration for a user's file: the
// digits demo's learner with a Gaussian width guessed from the data (the
// root mean square distance between random pairs of examples over √2, the
// usual median-style heuristic, clamped to σ's range) and c = 1/(500n).
func fileConfig(set *data.Set) state.Config {
	c := state.DigitsDefault()
	c.Data = state.DataFile
	const pairs, seed = 200, 1
	rng := rand.New(rand.NewPCG(seed, 0))
	sum := 0.0
	for range pairs {
		a, b := set.Row(rng.IntN(set.Len())), set.Row(rng.IntN(set.Len()))
		for j := range a {
			d := a[j] - b[j]
			sum += d * d
		}
	}
	sigma := math.Sqrt(sum / pairs / 2)
	f, _ := state.FieldByKey("s")
	if !(sigma >= f.Min) {
		sigma = 1
	}
	c.Sigma = roundSig(min(f.Max, sigma), 2)
	lam, _ := state.FieldByKey("lam")
	c.Lambda = roundSig(max(lam.Min, 1/(500*float64(set.Len()))), 2)
	c.StepsPerFrame = 20
	return c
}

// ImageShape returns the width and height of set's inputs drawn as images
// (the digits view's thumbnails): the set's own Width×Height when they
// multiply to its Dim, else 8×8 for 64 features and 28×28 for 784; ok is
// false for inputs that are not images.
func ImageShape(set *data.Set) (w, h int, ok bool) {
	if set.Width > 0 && set.Height > 0 && set.Width*set.Height == set.Dim {
		return set.Width, set.Height, true
	}
	switch set.Dim {
	case 64:
		return 8, 8, true
	case 784:
		return 28, 28, true
	}
	return 0, 0, false
}

// DecodeShipped decodes the payload b of a shipped digit set (the
// uncompressed .kpd bytes, data.DecodeDigits' format) named name, and
// returns the action that hands it to the store under key (a state.Data
// value). A malformed payload is data.DecodeDigits' error.
func DecodeShipped(key, name string, b []byte) (DataLoaded, error) {
	d, err := data.DecodeDigits(bytes.NewReader(b), name)
	if err != nil {
		return DataLoaded{}, err
	}
	return DataLoaded{Key: key, Set: d.Set()}, nil
}

// FileNote is the digits view's sentence about the user's loaded file
// (state.DataFile): its name and size, or what to do when the file is not
// in memory (a link cannot carry it).
func (s *Store) FileNote() string {
	set := s.sets[state.DataFile]
	if set == nil {
		return "A link cannot carry your file: load it again."
	}
	return "Your file " + set.Name + " (" + strconv.Itoa(set.Len()) + " examples, " + strconv.Itoa(set.Dim) +
		" features), in a seeded random order. A link cannot carry the file."
}
