package data

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// Sequence is a finite [Stream] that presents chosen examples of a [Set] in a
// fixed order, each with the label of the stream's task. The papers' streams
// over the digit sets are Sequences built by [Multiclass], [ClassSplit],
// [Switch], [Counting] and [Novelty]; [InOrder] and [Shuffled] present a
// user's file; [NewSequence] builds any other.
//
// A Sequence does not copy the inputs: Next returns rows of the set.
type Sequence struct {
	// Name describes the stream, e.g. "counting(mnist10k, runs=2, seed=1)".
	Name string
	// Classes is K when the labels are class indices 0..K−1 (multiclass), and
	// 0 when they are ±1 (binary, or normal/novel for [Novelty]).
	Classes int

	set  *Set
	rows []int     // the set's row behind each step
	y    []float64 // the label of each step
	pos  int
}

// NewSequence returns the stream presenting set's rows in the order rows,
// with labels y (len(y) = len(rows)) and the given Classes (see
// [Sequence.Classes]). It keeps rows and y. It panics if the lengths differ,
// a row is out of range, or a label is not a class index below classes
// (for classes > 0).
func NewSequence(name string, set *Set, rows []int, y []float64, classes int) *Sequence {
	set.check()
	if len(rows) != len(y) {
		panic(fmt.Sprintf("data: NewSequence: %d rows and %d labels", len(rows), len(y)))
	}
	for t, r := range rows {
		if r < 0 || r >= set.Len() {
			panic(fmt.Sprintf("data: NewSequence: row %d at step %d out of range [0, %d)", r, t, set.Len()))
		}
		if classes > 0 && (y[t] != float64(int(y[t])) || y[t] < 0 || int(y[t]) >= classes) {
			panic(fmt.Sprintf("data: NewSequence: label %v at step %d is not a class index below %d", y[t], t, classes))
		}
	}
	return &Sequence{Name: name, Classes: classes, set: set, rows: rows, y: y}
}

// Next returns the next example, its X a row of the set (read-only), and
// false after the last.
func (q *Sequence) Next() (Example, bool) {
	if q.pos >= len(q.rows) {
		return Example{}, false
	}
	e := q.At(q.pos)
	q.pos++
	return e, true
}

// Dim returns the set's input dimension.
func (q *Sequence) Dim() int { return q.set.Dim }

// Len returns the number of examples in the stream.
func (q *Sequence) Len() int { return len(q.rows) }

// Reset rewinds the stream to its first example.
func (q *Sequence) Reset() { q.pos = 0 }

// Pos returns the number of examples Next has returned since the last Reset.
func (q *Sequence) Pos() int { return q.pos }

// At returns the example at step t = 0, 1, …, Len()−1 without moving the
// stream. It panics if t is out of range.
func (q *Sequence) At(t int) Example {
	q.checkStep("At", t)
	return Example{X: q.set.Row(q.rows[t]), Y: q.y[t]}
}

// checkStep panics unless 0 ≤ t < Len().
func (q *Sequence) checkStep(who string, t int) {
	if t < 0 || t >= len(q.rows) {
		panic(fmt.Sprintf("data: Sequence.%s: step %d out of range [0, %d)", who, t, len(q.rows)))
	}
}

// Row returns the set's row index of the example at step t (to show the
// digit image, or its original class set.Y[row]). It panics if t is out of
// range.
func (q *Sequence) Row(t int) int {
	q.checkStep("Row", t)
	return q.rows[t]
}

// Set returns the set the stream draws from.
func (q *Sequence) Set() *Set { return q.set }

// Repeats returns the largest number of times one row of the set appears in
// the stream (1 when no example is shown twice).
func (q *Sequence) Repeats() int {
	n := map[int]int{}
	most := 0
	for _, r := range q.rows {
		n[r]++
		most = max(most, n[r])
	}
	return most
}

// streamPCG is the second word of every stream's PCG seed, so that the same
// user seed drives different generators in different parts of the program
// independently ("kernelpl" in ASCII).
const streamPCG = 0x6b65726e656c706c

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, streamPCG)) }

// classRows returns the rows of each class 0..K−1 of set, in order.
func classRows(set *Set, who string) [][]int {
	set.check()
	if set.Classes <= 0 {
		panic(fmt.Sprintf("data: %s needs a set with class labels (Classes > 0); convert with Set.ToClasses", who))
	}
	rows := make([][]int, set.Classes)
	for i, y := range set.Y {
		c := int(y)
		if float64(c) != y || c < 0 || c >= set.Classes {
			panic(fmt.Sprintf("data: %s: label %v of row %d is not a class index below %d", who, y, i, set.Classes))
		}
		rows[c] = append(rows[c], i)
	}
	return rows
}

// InOrder returns the stream of every example of set once, in the set's
// order (a user's file as written, e.g. a time series), with the set's labels
// and Classes.
func InOrder(set *Set) *Sequence {
	set.check()
	rows := make([]int, set.Len())
	for i := range rows {
		rows[i] = i
	}
	return NewSequence(fmt.Sprintf("inorder(%s)", set.Name), set, rows, slices.Clone(set.Y), set.Classes)
}

// Shuffled returns the stream of every example of set once, in a random
// order drawn from seed, with the set's labels and Classes: the stream of a
// user's file after [Set.ToBinary] or [Set.ToClasses], or of regression
// data as it is.
func Shuffled(set *Set, seed uint64) *Sequence {
	set.check()
	rows := newRand(seed).Perm(set.Len())
	y := make([]float64, len(rows))
	for t, r := range rows {
		y[t] = set.Y[r]
	}
	return NewSequence(fmt.Sprintf("shuffled(%s, seed=%d)", set.Name, seed), set, rows, y, set.Classes)
}

// Multiclass returns K-way classification over every example of set once,
// in a random order drawn from seed (JMLR §6.1.2: "a single run through the
// data, so that no digit is seen more than once"). Labels are the class
// indices. It panics if set has no class labels (Classes = 0).
func Multiclass(set *Set, seed uint64) *Sequence {
	classRows(set, "Multiclass") // validates the labels
	rng := newRand(seed)
	rows := rng.Perm(set.Len())
	y := make([]float64, len(rows))
	for t, r := range rows {
		y[t] = set.Y[r]
	}
	return NewSequence(fmt.Sprintf("multiclass(%s, seed=%d)", set.Name, seed), set, rows, y, set.Classes)
}

// ClassSplit returns binary classification over every example of set once,
// in a random order drawn from seed, the classes split in two halves: class
// c is labelled −1 when c < K/2 and +1 otherwise (for digits, 0–4 against
// 5–9, JMLR §6.1.1). It panics if set has no class labels.
func ClassSplit(set *Set, seed uint64) *Sequence {
	classRows(set, "ClassSplit")
	rng := newRand(seed)
	rows := rng.Perm(set.Len())
	y := make([]float64, len(rows))
	for t, r := range rows {
		y[t] = 1
		if int(set.Y[r]) < set.Classes/2 {
			y[t] = -1
		}
	}
	return NewSequence(fmt.Sprintf("classsplit(%s, seed=%d)", set.Name, seed), set, rows, y, 0)
}

// DefaultSwitchLen is the length of the conference paper's switch stream
// (Karatzoglou et al. §5: "a data set of 1000 data points").
const DefaultSwitchLen = 1000

// Switch returns the non-stationary binary stream of the conference SVMD
// paper (Karatzoglou, Vishwanathan, Schraudolph, Smola, §5, Figs. 1–2): n
// examples (0 means [DefaultSwitchLen]); the first ⌊n/2⌋ are digits 0
// (label −1) and 1 (label +1), the rest digits 2 (label −1) and 3 (label
// +1). Each half holds its two digits in equal numbers (up to one) in a
// random order drawn from seed, no image twice.
//
// The paper says only "classify between the 0 and 1 classes" then "between
// the 2 and 3 classes"; which digit of the second pair takes which sign is
// our choice (the lower digit is −1 in both halves), as are the balanced
// halves. With n = 1000 the stream needs 250 images of each of 0–3: the
// MNIST-10k set has them, the 8×8 set (about 180 each) does not, and an n
// it cannot serve is an error naming the digit. It panics if set has no
// class labels; fewer than 4 classes or n < 0 is an error.
func Switch(set *Set, seed uint64, n int) (*Sequence, error) {
	byClass := classRows(set, "Switch")
	if set.Classes < 4 {
		return nil, fmt.Errorf("data: switch stream needs the classes 0–3, %s has %d classes", set.Name, set.Classes)
	}
	if n == 0 {
		n = DefaultSwitchLen
	}
	if n < 2 {
		return nil, fmt.Errorf("data: switch stream of %d examples: need at least 2", n)
	}
	rng := newRand(seed)
	half := [2]int{n / 2, n - n/2}
	var rows []int
	var y []float64
	for h, pair := range [2][2]int{{0, 1}, {2, 3}} {
		need := [2]int{half[h] / 2, half[h] - half[h]/2}
		var part []int
		for i, c := range pair {
			if len(byClass[c]) < need[i] {
				return nil, fmt.Errorf("data: switch stream of %d examples needs %d images of digit %d, %s has %d",
					n, need[i], c, set.Name, len(byClass[c]))
			}
			pick := slices.Clone(byClass[c])
			rng.Shuffle(len(pick), func(a, b int) { pick[a], pick[b] = pick[b], pick[a] })
			part = append(part, pick[:need[i]]...)
		}
		rng.Shuffle(len(part), func(a, b int) { part[a], part[b] = part[b], part[a] })
		for _, r := range part {
			rows = append(rows, r)
			if int(set.Y[r]) == pair[0] {
				y = append(y, -1)
			} else {
				y = append(y, 1)
			}
		}
	}
	return NewSequence(fmt.Sprintf("switch(%s, n=%d, seed=%d)", set.Name, n, seed), set, rows, y, 0), nil
}

// CountingDigits returns the digit sequence of a 3-digit decimal counter
// running runs times from 000 to 999 (JMLR §6.2, Fig. 5): 0,0,0, 0,0,1,
// 0,0,2, …, 9,9,9, 0,0,0, …; 3000·runs digits, 300·runs of each.
func CountingDigits(runs int) []int {
	out := make([]int, 0, 3000*runs)
	for range runs {
		for v := range 1000 {
			out = append(out, v/100, v/10%10, v%10)
		}
	}
	return out
}

// DefaultCountingRuns is the number of passes of the counter in JMLR §6.2
// ("running twice from 000 through 999"): 6000 digits, 600 of each.
const DefaultCountingRuns = 2

// Counting returns the JMLR counting sequence (§6.2, Fig. 5): 10-way
// multiclass labels in the order of [CountingDigits](runs) (0 runs means
// [DefaultCountingRuns]), the i-th occurrence of digit d showing the i-th
// image of a random permutation (from seed) of set's images of d.
//
// The paper takes "600 samples of each digit" of USPS, each shown once
// (JMLR §6.2). MNIST-10k has at least 863 of each digit, so its
// counting sequence shows no image twice, like the paper's. A set with fewer
// than 300·runs images of some digit (the 8×8 set has 174 to 183 of each)
// reuses them: the permutation of that digit's images is followed by a fresh
// permutation, and so on, so that an image is shown at most
// ⌈300·runs / count⌉ times ([Sequence.Repeats] says how many). It panics if
// set has no class labels; a set without exactly 10 classes, a class without
// images, or runs outside 0..100 is an error.
func Counting(set *Set, seed uint64, runs int) (*Sequence, error) {
	byClass := classRows(set, "Counting")
	if set.Classes != 10 {
		return nil, fmt.Errorf("data: the counting sequence needs 10 digit classes, %s has %d", set.Name, set.Classes)
	}
	if runs == 0 {
		runs = DefaultCountingRuns
	}
	if runs < 0 || runs > 100 {
		return nil, fmt.Errorf("data: counting sequence of %d runs: want 1 to 100", runs)
	}
	rng := newRand(seed)
	digits := CountingDigits(runs)
	need := 300 * runs
	queue := make([][]int, 10)
	for d, rs := range byClass {
		if len(rs) == 0 {
			return nil, fmt.Errorf("data: the counting sequence needs images of every digit, %s has none of %d", set.Name, d)
		}
		for len(queue[d]) < need {
			p := slices.Clone(rs)
			rng.Shuffle(len(p), func(a, b int) { p[a], p[b] = p[b], p[a] })
			queue[d] = append(queue[d], p...)
		}
	}
	rows := make([]int, len(digits))
	y := make([]float64, len(digits))
	next := make([]int, 10)
	for t, d := range digits {
		rows[t] = queue[d][next[d]]
		next[d]++
		y[t] = float64(d)
	}
	return NewSequence(fmt.Sprintf("counting(%s, runs=%d, seed=%d)", set.Name, runs, seed), set, rows, y, 10), nil
}

// DefaultNoveltyFraction is the share of novel examples in [Novelty] when
// none is given: ν = 0.05, the fraction of margin errors of JMLR §6.
const DefaultNoveltyFraction = 0.05

// Novelty returns a novelty-detection stream: every image of class normal
// once, in a random order drawn from seed, with images of the other classes
// inserted at random places so that they make up the given fraction of the
// stream (0 means [DefaultNoveltyFraction]; each novel image drawn at most
// once). Labels are the ground truth, +1 normal and −1 novel: a novelty
// learner ignores them (learn.Novelty), the experiment uses them to score
// detections.
//
// (JMLR §6.2.2 runs novelty detection on the counting sequence itself, where
// the "novelty" is the change of digit: use [Counting] for that.) A fraction
// outside [0, 1) or a normal class out of range is an error; it panics if
// set has no class labels.
func Novelty(set *Set, seed uint64, normal int, fraction float64) (*Sequence, error) {
	byClass := classRows(set, "Novelty")
	if normal < 0 || normal >= set.Classes {
		return nil, fmt.Errorf("data: novelty stream: normal class %d outside 0..%d", normal, set.Classes-1)
	}
	if fraction == 0 {
		fraction = DefaultNoveltyFraction
	}
	if !(fraction > 0 && fraction < 1) {
		return nil, fmt.Errorf("data: novelty stream: fraction of novel examples %v outside (0, 1)", fraction)
	}
	rng := newRand(seed)
	normals := slices.Clone(byClass[normal])
	rng.Shuffle(len(normals), func(a, b int) { normals[a], normals[b] = normals[b], normals[a] })
	var others []int
	for c, rs := range byClass {
		if c != normal {
			others = append(others, rs...)
		}
	}
	rng.Shuffle(len(others), func(a, b int) { others[a], others[b] = others[b], others[a] })
	// m novel among m + len(normals): m/(m + n) ≈ fraction.
	m := int(fraction/(1-fraction)*float64(len(normals)) + 0.5)
	if m > len(others) {
		return nil, fmt.Errorf("data: novelty stream: %d novel images needed, %s has %d outside class %d", m, set.Name, len(others), normal)
	}
	total := len(normals) + m
	isNovel := make([]bool, total)
	for _, p := range rng.Perm(total)[:m] {
		isNovel[p] = true
	}
	rows := make([]int, total)
	y := make([]float64, total)
	in, out := 0, 0
	for t := range total {
		if isNovel[t] {
			rows[t], y[t] = others[out], -1
			out++
		} else {
			rows[t], y[t] = normals[in], 1
			in++
		}
	}
	return NewSequence(fmt.Sprintf("novelty(%s, normal=%d, fraction=%g, seed=%d)", set.Name, normal, fraction, seed), set, rows, y, 0), nil
}

var _ Stream = (*Sequence)(nil)
