package data

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

func TestReadLIBSVM(t *testing.T) {
	in := "# a comment line\n" +
		"+1 1:0.5 3:-2 # trailing comment\n" +
		"\n" +
		"-1 qid:7 2:1e-3\r\n" +
		"2\t4:7\n"
	s, err := ReadLIBSVM(strings.NewReader(in), "t.libsvm")
	if err != nil {
		t.Fatal(err)
	}
	wantX := []float64{
		0.5, 0, -2, 0,
		0, 1e-3, 0, 0,
		0, 0, 0, 7,
	}
	if s.Dim != 4 || !slices.Equal(s.X, wantX) || !slices.Equal(s.Y, []float64{1, -1, 2}) {
		t.Errorf("got dim %d X %v Y %v", s.Dim, s.X, s.Y)
	}
}

func TestReadLIBSVMBOM(t *testing.T) {
	s, err := ReadLIBSVM(strings.NewReader("\ufeff1 1:2\n"), "bom")
	if err != nil || s.Y[0] != 1 || s.X[0] != 2 {
		t.Errorf("LIBSVM with a byte-order mark: %v %+v", err, s)
	}
}

func TestReadLIBSVMErrors(t *testing.T) {
	for _, c := range []struct {
		in        string
		line, col int
		msg       string
	}{
		{"1 1:2\nx 1:2\n", 2, 1, "label"},
		{"1 1:2\n1 1:2 bad\n", 2, 7, "expected <index>:<value>"},
		{"1 0:2\n", 1, 3, "outside 1.."},
		{"1 a:2\n", 1, 3, "not an integer"},
		{"1 99999999999999999999:2\n", 1, 3, "outside 1.."},
		{"1 2:1 2:3\n", 1, 7, "must increase"},
		{"1 3:1 2:3\n", 1, 7, "must increase"},
		{"1 2:x\n", 1, 5, "not a finite number"},
		{"1 2:NaN\n", 1, 5, "not a finite number"},
		{"1 2:1e999\n", 1, 5, "not a finite number"},
		{"Inf 2:1\n", 1, 1, "label"},
		{"1 qid:-1 2:1\n", 1, 3, "qid"},
		{"", 0, 0, "no examples"},
		{"# only\n\n", 0, 0, "no examples"},
		{"1\n-1\n", 0, 0, "no features"},
	} {
		_, err := ReadLIBSVM(strings.NewReader(c.in), "f")
		checkFormatError(t, c.in, err, "f", c.line, c.col, c.msg)
	}
}

// checkFormatError checks that err, from reading in under the name, is a
// *FormatError at line and column whose message contains msg and whose text
// starts with the name.
// checkFormatError: a negative col accepts any column.
func checkFormatError(t *testing.T, in string, err error, name string, line, col int, msg string) {
	t.Helper()
	var fe *FormatError
	if !errors.As(err, &fe) {
		t.Errorf("%q: error %v is not a *FormatError", in, err)
		return
	}
	if fe.Line != line || (col >= 0 && fe.Column != col) || !strings.Contains(fe.Msg, msg) {
		t.Errorf("%q: got line %d column %d %q, want line %d column %d containing %q", in, fe.Line, fe.Column, fe.Msg, line, col, msg)
	}
	if !strings.HasPrefix(err.Error(), name) {
		t.Errorf("%q: error %q does not start with the file name", in, err)
	}
}

func TestLIBSVMRoundTrip(t *testing.T) {
	d8, _ := loadShipped(t)
	for _, s := range []*Set{d8.Set(), awkwardSet()} {
		var b bytes.Buffer
		if err := WriteLIBSVM(&b, s); err != nil {
			t.Fatal(err)
		}
		back, err := ReadLIBSVM(&b, "back")
		if err != nil {
			t.Fatal(err)
		}
		sameSet(t, back, s, false)
	}
}

// TestCSVRoundTrip writes the digits and an awkward set as CSV and reads
// them back with the default CSVConfig (label last), bit for bit.
func TestCSVRoundTrip(t *testing.T) {
	d8, _ := loadShipped(t)
	for _, s := range []*Set{d8.Set(), awkwardSet()} {
		var b bytes.Buffer
		if err := WriteCSV(&b, s); err != nil {
			t.Fatal(err)
		}
		if want := "x1,x2,"; !strings.HasPrefix(b.String(), want) {
			t.Errorf("header %q, want it to start with %q", strings.SplitN(b.String(), "\n", 2)[0], want)
		}
		back, err := ReadCSV(&b, "back", CSVConfig{})
		if err != nil {
			t.Fatal(err)
		}
		sameSet(t, back, s, true)
	}
}

// awkwardSet has a last column of zeros, an all-zero row, −0, the smallest
// subnormal, numbers without a short decimal form and a feature at MaxAbs.
func awkwardSet() *Set {
	return &Set{Name: "awkward", Dim: 3, Y: []float64{1, -1, 0.1, 2},
		X: []float64{
			0.1, 1.0 / 3, 0,
			0, 0, 0,
			math.Copysign(0, -1), 5e-324, 0,
			-MaxAbs, 1e-300, 0,
		}}
}

// sameSet fails unless got has want's Dim, labels and inputs; signed
// zeros must match too when bits is set (LIBSVM keeps only non-zero
// values, so −0 reads back as 0).
func sameSet(t *testing.T, got, want *Set, bits bool) {
	t.Helper()
	if got.Dim != want.Dim || got.Len() != want.Len() {
		t.Fatalf("round trip: %d×%d, want %d×%d", got.Len(), got.Dim, want.Len(), want.Dim)
	}
	eq := func(a, b float64) bool { return a == b }
	if bits {
		eq = func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }
	}
	if !slices.EqualFunc(got.Y, want.Y, eq) || !slices.EqualFunc(got.X, want.X, eq) {
		t.Fatalf("round trip changed the values:\n got %v %v\nwant %v %v",
			got.X[:min(9, len(got.X))], got.Y[:min(3, got.Len())], want.X[:min(9, len(want.X))], want.Y[:min(3, want.Len())])
	}
}

func TestReadCSV(t *testing.T) {
	in := "a, b , label\n" +
		"# comment\n" +
		"1, 2, 0\n" +
		"\"3.5\",-4,1\n"
	s, err := ReadCSV(strings.NewReader(in), "t.csv", CSVConfig{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Dim != 2 || !slices.Equal(s.X, []float64{1, 2, 3.5, -4}) || !slices.Equal(s.Y, []float64{0, 1}) {
		t.Errorf("got dim %d X %v Y %v", s.Dim, s.X, s.Y)
	}
	s, err = ReadCSV(strings.NewReader("\ufeff1,2\n3,4\n"), "bom.csv", CSVConfig{})
	if err != nil || s.Len() != 2 || s.X[0] != 1 {
		t.Errorf("CSV with a byte-order mark: %v, %+v", err, s)
	}
	s, err = ReadCSV(strings.NewReader("7;1;2\n8;3;4\n"), "t.csv", CSVConfig{LabelColumn: 1, Comma: ';'})
	if err != nil {
		t.Fatal(err)
	}
	if s.Dim != 2 || !slices.Equal(s.X, []float64{1, 2, 3, 4}) || !slices.Equal(s.Y, []float64{7, 8}) {
		t.Errorf("label column 1: got dim %d X %v Y %v", s.Dim, s.X, s.Y)
	}
	s, err = ReadCSV(strings.NewReader("7\t1\n8\t3\n"), "t.tsv", CSVConfig{LabelColumn: -1, Comma: '\t'})
	if err != nil {
		t.Fatal(err)
	}
	if s.Dim != 2 || !slices.Equal(s.X, []float64{7, 1, 8, 3}) || !slices.Equal(s.Y, []float64{0, 0}) {
		t.Errorf("no label: got dim %d X %v Y %v", s.Dim, s.X, s.Y)
	}
}

func TestReadCSVErrors(t *testing.T) {
	for _, c := range []struct {
		in        string
		cfg       CSVConfig
		line, col int
		msg       string
	}{
		{"1,2,3\n4,5\n", CSVConfig{}, 2, 1, "2 fields, but the first record has 3"},
		{"1,2,3\n4,x,6\n", CSVConfig{}, 2, 3, "value \"x\" in field 2"},
		{"1,2,3\n4,5,NaN\n", CSVConfig{}, 2, 5, "label"},
		{"1,2,3\n4,,6\n", CSVConfig{}, 2, 3, "empty value"},
		{"1,2\n", CSVConfig{LabelColumn: 3}, 1, 0, "label column 3"},
		{"1\n", CSVConfig{}, 1, 0, "no feature columns"},
		{"a,b\n", CSVConfig{}, 0, 0, "no examples"},
		{"1,\"2\n", CSVConfig{}, 1, 6, "quoted-field"},
	} {
		_, err := ReadCSV(strings.NewReader(c.in), "f", c.cfg)
		checkFormatError(t, c.in, err, "f", c.line, c.col, c.msg)
	}
	for _, cfg := range []CSVConfig{{Comma: '"'}, {Comma: '\n'}, {LabelColumn: -2}} {
		if _, err := ReadCSV(strings.NewReader("1,2\n"), "f", cfg); err == nil {
			t.Errorf("config %+v: no error", cfg)
		}
	}
}

// TestToLabels checks the conversions to the learn.Task label conventions.
func TestToLabels(t *testing.T) {
	s := &Set{Name: "s", Dim: 1, X: []float64{1, 2, 3, 4}, Y: []float64{3, 7, 3, 7}}
	b, err := s.ToBinary()
	if err != nil || !slices.Equal(b.Y, []float64{-1, 1, -1, 1}) || !slices.Equal(s.Y, []float64{3, 7, 3, 7}) {
		t.Errorf("ToBinary: %v %v (original %v)", b, err, s.Y)
	}
	s.Y = []float64{5, -2, 0.5, 5}
	m, vals, err := s.ToClasses()
	if err != nil || !slices.Equal(m.Y, []float64{2, 0, 1, 2}) || !slices.Equal(vals, []float64{-2, 0.5, 5}) || m.Classes != 3 {
		t.Errorf("ToClasses: %v %v %v", m, vals, err)
	}
	if _, err := s.ToBinary(); err == nil {
		t.Error("ToBinary of 3 labels: no error")
	}
	s.Y = []float64{1, 1, 1, 1}
	if _, _, err := s.ToClasses(); err == nil {
		t.Error("ToClasses of 1 label: no error")
	}
}

// checkBudget fails when an accepted set breaks the readers' limits:
// MaxDim, MaxCells, MaxAbs.
func checkBudget(t *testing.T, s *Set) {
	t.Helper()
	if s.Dim > MaxDim || s.Len() > MaxCells/s.Dim {
		t.Fatalf("accepted %d examples × %d features (MaxDim %d, MaxCells %d)", s.Len(), s.Dim, MaxDim, MaxCells)
	}
	for i, x := range s.X {
		if math.Abs(x) > MaxAbs {
			t.Fatalf("accepted value %g (example %d) beyond MaxAbs", x, i/s.Dim)
		}
	}
}

func FuzzReadLIBSVM(f *testing.F) {
	for _, s := range []string{
		"+1 1:0.5 3:-2 # c\n-1 qid:2 2:1e-3\n",
		"0 5:1\n\n# x\n3 1:1 2:2 3:3\r\n",
		"1 0:1\n",
		"1 1:1e200\n",
		"1 65536:1\n",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		s, err := ReadLIBSVM(strings.NewReader(in), "fuzz")
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("error %v is not a *FormatError", err)
			}
			return
		}
		if s.Dim < 1 || len(s.X) != s.Len()*s.Dim || s.Len() == 0 {
			t.Fatalf("inconsistent set: dim %d, %d values, %d labels", s.Dim, len(s.X), s.Len())
		}
		checkBudget(t, s)
		var b bytes.Buffer
		if err := WriteLIBSVM(&b, s); err != nil {
			t.Fatal(err)
		}
		back, err := ReadLIBSVM(&b, "back")
		if err != nil {
			t.Fatalf("re-reading written set: %v", err)
		}
		sameSet(t, back, s, false)
	})
}

func FuzzReadCSV(f *testing.F) {
	for _, s := range []string{
		"a,b,label\n1,2,0\n\"3.5\",-4,1\n",
		"1;2\n3;4\n",
		"1,2,3\n4,5\n",
		"# it's \"odd\na,\"b\nc\",y\n1,2,3\n",
		"1,1e151,0\n",
		"",
	} {
		f.Add(s, 0, byte(','))
	}
	f.Add("7\t1\n8\t3\n", -1, byte('\t'))
	f.Fuzz(func(t *testing.T, in string, label int, comma byte) {
		s, err := ReadCSV(strings.NewReader(in), "fuzz", CSVConfig{LabelColumn: label, Comma: rune(comma)})
		if err != nil {
			return
		}
		if s.Dim < 1 || len(s.X) != s.Len()*s.Dim || s.Len() == 0 {
			t.Fatalf("inconsistent set: dim %d, %d values, %d labels", s.Dim, len(s.X), s.Len())
		}
		checkBudget(t, s)
		// Read → write → read gives the same set, bit for bit.
		var b bytes.Buffer
		if err := WriteCSV(&b, s); err != nil {
			t.Fatal(err)
		}
		back, err := ReadCSV(&b, "back", CSVConfig{})
		if err != nil {
			t.Fatalf("re-reading written set: %v", err)
		}
		sameSet(t, back, s, true)
	})
}

// TestReadCSVTextLabels reads files whose label column holds class names,
// as seaborn's iris.csv and geyser.csv do: a header, then classes numbered
// in order of first appearance (issue "The classroom paths", item 12).
func TestReadCSVTextLabels(t *testing.T) {
	iris := "sepal_length,sepal_width,petal_length,petal_width,species\n" +
		"5.1,3.5,1.4,0.2,setosa\n" +
		"7.0,3.2,4.7,1.4,versicolor\n" +
		"4.9,3.0,1.4,0.2,setosa\n" +
		"6.3,3.3,6.0,2.5,virginica\n" +
		"6.4,3.2,4.5,1.5,versicolor\n"
	s, err := ReadCSV(strings.NewReader(iris), "iris.csv", CSVConfig{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Dim != 4 || s.Len() != 5 || s.X[4] != 7.0 || s.X[19] != 1.5 {
		t.Errorf("iris: dim %d, %d examples, X %v", s.Dim, s.Len(), s.X)
	}
	if !slices.Equal(s.Y, []float64{0, 1, 0, 2, 1}) || s.Classes != 3 ||
		!slices.Equal(s.ClassNames, []string{"setosa", "versicolor", "virginica"}) {
		t.Errorf("iris labels: Y %v, Classes %d, names %q", s.Y, s.Classes, s.ClassNames)
	}
	// Without a header the first record is data: its features are numbers.
	// Two names make a binary set; ToBinary keeps the names, [0] for −1.
	geyser := "3.6,79,long\n1.8,54,short\n3.333,74,long\n"
	s, err = ReadCSV(strings.NewReader(geyser), "geyser.csv", CSVConfig{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.ToBinary()
	if err != nil || !slices.Equal(b.Y, []float64{-1, 1, -1}) || !slices.Equal(b.ClassNames, []string{"long", "short"}) {
		t.Errorf("geyser: %v, Y %v, names %q", err, b.Y, b.ClassNames)
	}
	// One text label makes every label a name, as written.
	s, err = ReadCSV(strings.NewReader("1,2,3\n4,5,cat\n6,7,3.0\n8,9,3\n"), "mixed.csv", CSVConfig{})
	if err != nil || !slices.Equal(s.Y, []float64{0, 1, 2, 0}) || !slices.Equal(s.ClassNames, []string{"3", "cat", "3.0"}) {
		t.Errorf("mixed labels: %v, Y %v, names %q", err, s.Y, s.ClassNames)
	}
	// Numeric labels stay numbers, with no names.
	s, err = ReadCSV(strings.NewReader("1,2,3\n4,5,6\n"), "n.csv", CSVConfig{})
	if err != nil || s.ClassNames != nil || s.Classes != 0 || !slices.Equal(s.Y, []float64{3, 6}) {
		t.Errorf("numeric labels: %v, Y %v, names %q, classes %d", err, s.Y, s.ClassNames, s.Classes)
	}
	// A label column elsewhere, quoted names with spaces around them.
	s, err = ReadCSV(strings.NewReader("\"a b\";1;2\n  c;3;4\n"), "t.csv", CSVConfig{LabelColumn: 1, Comma: ';'})
	if err != nil || !slices.Equal(s.ClassNames, []string{"a b", "c"}) || !slices.Equal(s.X, []float64{1, 2, 3, 4}) {
		t.Errorf("label column 1: %v, names %q, X %v", err, s.ClassNames, s.X)
	}
}

// TestReadCSVTextLabelErrors: too many names, a name after too many
// numbers, and numbers that are no value stay errors with their line.
func TestReadCSVTextLabelErrors(t *testing.T) {
	var many strings.Builder
	for i := range MaxTextClasses + 1 {
		fmt.Fprintf(&many, "%d,1,c%d\n", i, i)
	}
	_, err := ReadCSV(strings.NewReader(many.String()), "f", CSVConfig{})
	checkFormatError(t, "1001 names", err, "f", MaxTextClasses+1, -1, "at most 1000")

	var numbers strings.Builder
	for i := range MaxTextClasses + 5 {
		fmt.Fprintf(&numbers, "1,%d\n", i)
	}
	numbers.WriteString("1,oops\n")
	_, err = ReadCSV(strings.NewReader(numbers.String()), "f", CSVConfig{})
	checkFormatError(t, "text after numbers", err, "f", MaxTextClasses+6, 3, "more than 1000 distinct numbers")

	for _, c := range []struct {
		in   string
		line int
		msg  string
	}{
		{"1,a\n2,NaN\n", 2, "\"NaN\" in field 2 is not a finite number"},
		{"1,a\n2,-Inf\n", 2, "not a finite number"},
		{"1,a\n2,\n", 2, "empty label"},
	} {
		_, err := ReadCSV(strings.NewReader(c.in), "f", CSVConfig{})
		checkFormatError(t, c.in, err, "f", c.line, 3, c.msg)
	}
}
