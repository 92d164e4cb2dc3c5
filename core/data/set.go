package data

import (
	"fmt"
	"math"
	"slices"
)

// Set is a data set held in memory: Len() examples of dimension Dim, inputs
// row-major in X (length Len()·Dim) and labels in Y (length Len()).
//
// Labels are whatever the source gave until converted with [Set.ToBinary] or
// [Set.ToClasses]; the digit sets load with class indices 0..9 (Classes = 10).
type Set struct {
	// Name says where the set came from (a file name or a shipped set's name).
	Name string
	// Dim is the input dimension d.
	Dim int
	// X holds the inputs row-major: example i is X[i·Dim : (i+1)·Dim].
	X []float64
	// Y holds the labels, one per example.
	Y []float64
	// Classes is K when the labels are class indices 0..K−1, 0 otherwise.
	Classes int
	// ClassNames names the classes when the source labelled them with text
	// ([ReadCSV]): ClassNames[k] is class k's label as written, classes
	// numbered in order of first appearance; nil for numeric labels. After
	// [Set.ToBinary] of a two-name set, ClassNames[0] names −1 and
	// ClassNames[1] names +1.
	ClassNames []string
	// Width and Height give the image shape (Width·Height = Dim, row-major
	// pixels, top row first) for image data such as the digit sets, 0 otherwise.
	Width, Height int
}

// Len returns the number of examples.
func (s *Set) Len() int { return len(s.Y) }

// Row returns example i's input as a sub-slice of X (not a copy). It panics if
// i is out of range.
func (s *Set) Row(i int) []float64 {
	if i < 0 || i >= len(s.Y) {
		panic(fmt.Sprintf("data: row %d out of range [0, %d)", i, len(s.Y)))
	}
	return s.X[i*s.Dim : (i+1)*s.Dim : (i+1)*s.Dim]
}

// Example returns example i, its X sharing memory with the set. It panics if
// i is out of range.
func (s *Set) Example(i int) Example { return Example{X: s.Row(i), Y: s.Y[i]} }

// check panics when the set's slices disagree with Dim: programmer misuse.
func (s *Set) check() {
	if s.Dim <= 0 || len(s.X) != len(s.Y)*s.Dim {
		panic(fmt.Sprintf("data: set %q has Dim %d, %d inputs and %d labels", s.Name, s.Dim, len(s.X), len(s.Y)))
	}
}

// ClassCounts returns how many examples each class 0..Classes−1 has. It
// panics if s.Classes is 0 or a label is not a class index.
func (s *Set) ClassCounts() []int {
	if s.Classes <= 0 {
		panic("data: ClassCounts of a set without class labels")
	}
	n := make([]int, s.Classes)
	for _, y := range s.Y {
		c := int(y)
		if float64(c) != y || c < 0 || c >= s.Classes {
			panic(fmt.Sprintf("data: label %v is not a class index in [0, %d)", y, s.Classes))
		}
		n[c]++
	}
	return n
}

// ToBinary returns a copy of s whose labels are ±1, the learn.Binary
// convention: the smaller of the two distinct label values becomes −1, the
// larger +1. Labels already in {−1, +1} are kept. A set with a number of
// distinct labels other than two (one is allowed only if it is ±1) is an
// error naming the values found.
func (s *Set) ToBinary() (*Set, error) {
	vals := distinct(s.Y)
	out := s.shallowCopy()
	out.Classes = 0
	switch {
	case len(vals) == 1 && (vals[0] == -1 || vals[0] == 1):
		return out, nil
	case len(vals) != 2:
		return nil, fmt.Errorf("data: binary classification needs exactly 2 distinct labels, %s has %d%s", s.Name, len(vals), sample(vals))
	}
	for i, y := range s.Y {
		if y == vals[0] {
			out.Y[i] = -1
		} else {
			out.Y[i] = 1
		}
	}
	return out, nil
}

// maxClasses bounds K in [Set.ToClasses]: a multiclass learner keeps K scores
// per term, so a file with a thousand distinct labels is almost surely a
// regression file read by mistake.
const maxClasses = 1000

// ToClasses returns a copy of s whose labels are class indices 0..K−1, the
// learn.Multiclass convention, and the original label of each class in
// increasing order (class k stands for values[k]). More than 1000 distinct
// labels, or fewer than 2, is an error.
func (s *Set) ToClasses() (*Set, []float64, error) {
	vals := distinct(s.Y)
	if len(vals) < 2 || len(vals) > maxClasses {
		return nil, nil, fmt.Errorf("data: multiclass classification needs 2 to %d distinct labels, %s has %d%s", maxClasses, s.Name, len(vals), sample(vals))
	}
	out := s.shallowCopy()
	out.Classes = len(vals)
	for i, y := range s.Y {
		k, _ := slices.BinarySearch(vals, y)
		out.Y[i] = float64(k)
	}
	return out, vals, nil
}

// shallowCopy shares X and copies Y.
func (s *Set) shallowCopy() *Set {
	out := *s
	out.Y = slices.Clone(s.Y)
	return &out
}

// distinct returns the sorted distinct values of y.
func distinct(y []float64) []float64 {
	v := slices.Clone(y)
	slices.Sort(v)
	return slices.Compact(v)
}

// sample formats the first few values of vals for an error message.
func sample(vals []float64) string {
	if len(vals) == 0 {
		return ""
	}
	const show = 5
	if len(vals) > show {
		return fmt.Sprintf(" (%v …)", vals[:show])
	}
	return fmt.Sprintf(" (%v)", vals)
}

// UnitNorm returns a copy of s with every input scaled to unit Euclidean
// length, x/‖x‖ (all-zero inputs stay zero). With it a polynomial kernel
// (⟨x, x'⟩)^p takes values in [−1, 1] whatever the ink of a digit, which the
// degree-9 kernel of JMLR §6.3 needs to stay well scaled.
func (s *Set) UnitNorm() *Set {
	s.check()
	out := *s
	out.Name = s.Name + "/unit"
	out.X = slices.Clone(s.X)
	for i := range out.Len() {
		r := out.Row(i)
		n := 0.0
		for _, v := range r {
			n += v * v
		}
		if n > 0 {
			n = math.Sqrt(n)
			for j := range r {
				r[j] /= n
			}
		}
	}
	return &out
}
