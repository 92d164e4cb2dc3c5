package kernel

import (
	"fmt"
	"math"
	"strconv"
)

// LabelKernel is a positive semi-definite kernel κ on the labels
// {0, 1, …, K−1} of a multiclass or structured-output task.
type LabelKernel interface {
	// NumLabels returns K.
	NumLabels() int
	// Matrix writes κ(y, y') into dst[y·K + y'] for y, y' < K (row-major
	// K×K). It panics if len(dst) < K·K.
	Matrix(dst []float64)
	// String names the label kernel, e.g. "delta(K=10)".
	String() string
}

// Compile-time checks.
var (
	_ LabelKernel = Delta{}
	_ LabelKernel = Taxonomy{}
	_ Validator   = Delta{}
	_ Validator   = Taxonomy{}
)

// Delta is the delta kernel κ(y, y') = δ_{yy'} on K labels (JMLR eq. 61): with
// it the product kernel of eq. (63) gives every class its own function f(·, y).
type Delta struct {
	// K is the number of labels, ≥ 1.
	K int
}

// NumLabels returns K.
func (d Delta) NumLabels() int { return d.K }

// Matrix writes the K×K identity into dst. It panics if len(dst) < K·K.
func (d Delta) Matrix(dst []float64) {
	k := d.K
	if len(dst) < k*k {
		panic("kernel: Delta.Matrix: dst shorter than K·K")
	}
	clear(dst[:k*k])
	for y := 0; y < k; y++ {
		dst[y*k+y] = 1
	}
}

// String returns "delta(K=…)".
func (d Delta) String() string { return "delta(K=" + strconv.Itoa(d.K) + ")" }

// Validate returns an error if K < 1.
func (d Delta) Validate() error {
	if d.K < 1 {
		return fmt.Errorf("kernel: delta label kernel needs at least one label, got K = %d", d.K)
	}
	return nil
}

// Taxonomy is the taxonomy kernel of JMLR eq. (65),
//
//	κ(y, y') = |{z : z ⪯ y ∧ z ⪯ y'}|,
//
// the number of common ancestors of y and y' in a rooted tree, where every
// node counts as its own ancestor (JMLR footnote 6). It is positive
// semi-definite: κ(y, y') = ⟨a(y), a(y')⟩ with a(y) the 0/1 indicator vector
// of the ancestors of y.
//
// The tree is given by a parent array over its nodes 0…len(Parent)−1; the
// labels are the nodes listed in Labels (for instance the leaves, as for the
// WIPO categories of §6.4), or all nodes in order when Labels is nil.
type Taxonomy struct {
	// Parent[v] is the parent node of node v, or −1 for the root. Exactly
	// one node must be the root and every node must reach it.
	Parent []int
	// Labels[y] is the tree node of label y. Nil means label y is node y,
	// for every node.
	Labels []int
}

// NumLabels returns the number of labels K: len(Labels), or len(Parent) when
// Labels is nil.
func (t Taxonomy) NumLabels() int {
	if t.Labels == nil {
		return len(t.Parent)
	}
	return len(t.Labels)
}

// node returns the tree node of label y.
func (t Taxonomy) node(y int) int {
	if t.Labels == nil {
		return y
	}
	return t.Labels[y]
}

// depth returns the number of edges from node v to the root. It assumes a
// valid tree.
func (t Taxonomy) depth(v int) int {
	n := 0
	for t.Parent[v] >= 0 {
		v = t.Parent[v]
		n++
	}
	return n
}

// lcaDepths returns the depths of u, v and of their lowest common ancestor.
// It assumes a valid tree.
func (t Taxonomy) lcaDepths(u, v int) (du, dv, dl int) {
	du, dv = t.depth(u), t.depth(v)
	a, b, da, db := u, v, du, dv
	for da > db {
		a, da = t.Parent[a], da-1
	}
	for db > da {
		b, db = t.Parent[b], db-1
	}
	for a != b {
		a, b = t.Parent[a], t.Parent[b]
		da--
	}
	return du, dv, da
}

// Matrix writes κ(y, y') = depth(lca(y, y')) + 1, the number of common
// ancestors, into dst[y·K + y'] (the root has depth 0). It panics if
// len(dst) < K·K or the tree is invalid (call Validate first).
func (t Taxonomy) Matrix(dst []float64) {
	k := t.NumLabels()
	if len(dst) < k*k {
		panic("kernel: Taxonomy.Matrix: dst shorter than K·K")
	}
	if err := t.Validate(); err != nil {
		panic(err.Error())
	}
	for y := 0; y < k; y++ {
		for y2 := 0; y2 < k; y2++ {
			_, _, dl := t.lcaDepths(t.node(y), t.node(y2))
			dst[y*k+y2] = float64(dl + 1)
		}
	}
}

// Distance returns the K×K row-major matrix of the tree distance of JMLR
// eq. (62) (Cai and Hofmann 2004),
//
//	Δ(y, ỹ) = ½·|{z ⪯ y : z ⋠ ỹ}| + ½·|{z ⪯ ỹ : z ⋠ y}|,
//
// which is the shortest-path distance Δ_G of eq. (25) on the tree with weight
// ½ on every edge; with a two-level tree (every label a child of the root) it
// is 1 off the diagonal, the multiclass loss (16). It returns the error of
// Validate.
func (t Taxonomy) Distance() ([]float64, error) {
	if err := t.Validate(); err != nil {
		return nil, err
	}
	k := t.NumLabels()
	delta := make([]float64, k*k)
	for y := 0; y < k; y++ {
		for y2 := 0; y2 < k; y2++ {
			du, dv, dl := t.lcaDepths(t.node(y), t.node(y2))
			delta[y*k+y2] = 0.5 * float64((du-dl)+(dv-dl))
		}
	}
	return delta, nil
}

// String returns "taxonomy(nodes=…, K=…)".
func (t Taxonomy) String() string {
	return "taxonomy(nodes=" + strconv.Itoa(len(t.Parent)) + ", K=" + strconv.Itoa(t.NumLabels()) + ")"
}

// Validate returns an error unless Parent describes one rooted tree (exactly
// one root, parents in range, no cycles), and Labels (if not nil) is
// non-empty with distinct nodes in range.
func (t Taxonomy) Validate() error {
	n := len(t.Parent)
	if n == 0 {
		return fmt.Errorf("kernel: taxonomy has no nodes")
	}
	roots := 0
	for v, p := range t.Parent {
		switch {
		case p == -1:
			roots++
		case p < 0 || p >= n:
			return fmt.Errorf("kernel: taxonomy node %d has parent %d outside [-1, %d)", v, p, n)
		case p == v:
			return fmt.Errorf("kernel: taxonomy node %d is its own parent", v)
		}
	}
	if roots != 1 {
		return fmt.Errorf("kernel: taxonomy must have exactly one root (parent −1), has %d", roots)
	}
	// With one root, a walk of more than n steps from any node means a cycle.
	for v := range t.Parent {
		u, steps := v, 0
		for t.Parent[u] >= 0 {
			u = t.Parent[u]
			if steps++; steps > n {
				return fmt.Errorf("kernel: taxonomy has a cycle through node %d", v)
			}
		}
	}
	if t.Labels != nil {
		if len(t.Labels) == 0 {
			return fmt.Errorf("kernel: taxonomy has an empty label list")
		}
		seen := make(map[int]bool, len(t.Labels))
		for y, v := range t.Labels {
			if v < 0 || v >= n {
				return fmt.Errorf("kernel: taxonomy label %d is node %d outside [0, %d)", y, v, n)
			}
			if seen[v] {
				return fmt.Errorf("kernel: taxonomy node %d is listed as two labels", v)
			}
			seen[v] = true
		}
	}
	return nil
}

// Edge is an undirected edge of weight W ≥ 0 between nodes U and V of a label
// graph (JMLR §4.2.2).
type Edge struct {
	U, V int     // the end nodes, indices in [0, n) of the graph's n nodes
	W    float64 // the weight (path length) of the edge, ≥ 0
}

// GraphDistance returns the row-major K×K matrix Δ_G(y, ỹ) of shortest-path
// weights (JMLR §4.2.2, used by the graph-structured loss of eq. 25) between
// the labels of an undirected weighted graph with nodes 0…n−1. labels[y] is
// the node of label y; nil means every node is a label, in order (K = n).
//
// It returns an error if an edge has a node outside [0, n) or a weight that
// is negative or not finite, if a label node is out of range, or if two
// labels are not connected (the paper deals only with connected graphs).
//
// It is Floyd–Warshall, O(n³): label sets are small here. It is hand-written
// rather than gonum/graph/path so that the learners (and the wasm binary) do
// not depend on gonum's graph packages; the tests check it against
// path.FloydWarshall.
func GraphDistance(n int, edges []Edge, labels []int) ([]float64, error) {
	if n < 1 {
		return nil, fmt.Errorf("kernel: label graph has %d nodes", n)
	}
	inf := math.Inf(1)
	d := make([]float64, n*n)
	for i := range d {
		d[i] = inf
	}
	for v := 0; v < n; v++ {
		d[v*n+v] = 0
	}
	for _, e := range edges {
		if e.U < 0 || e.U >= n || e.V < 0 || e.V >= n {
			return nil, fmt.Errorf("kernel: label graph edge (%d, %d) outside [0, %d)", e.U, e.V, n)
		}
		if !(e.W >= 0) || math.IsInf(e.W, 1) {
			return nil, fmt.Errorf("kernel: label graph edge (%d, %d) has weight %v, must be ≥ 0", e.U, e.V, e.W)
		}
		if e.W < d[e.U*n+e.V] {
			d[e.U*n+e.V], d[e.V*n+e.U] = e.W, e.W
		}
	}
	for m := 0; m < n; m++ {
		for i := 0; i < n; i++ {
			dim := d[i*n+m]
			if dim == inf {
				continue
			}
			row, mrow := d[i*n:i*n+n], d[m*n:m*n+n]
			for j, dmj := range mrow {
				if s := dim + dmj; s < row[j] {
					row[j] = s
				}
			}
		}
	}
	if labels == nil {
		labels = make([]int, n)
		for v := range labels {
			labels[v] = v
		}
	}
	k := len(labels)
	for y, v := range labels {
		if v < 0 || v >= n {
			return nil, fmt.Errorf("kernel: label %d is node %d outside [0, %d)", y, v, n)
		}
	}
	delta := make([]float64, k*k)
	for y, u := range labels {
		for y2, v := range labels {
			if math.IsInf(d[u*n+v], 1) {
				return nil, fmt.Errorf("kernel: labels %d and %d are not connected in the label graph", y, y2)
			}
			delta[y*k+y2] = d[u*n+v]
		}
	}
	return delta, nil
}

// Product is the joint kernel on input–label pairs of JMLR eq. (63),
//
//	k((x, y), (x', y')) = k(x, x')·κ(y, y'),
//
// with κ held as its K×K matrix. With κ = [Delta] it is eq. (61).
type Product struct {
	// Input is the kernel k on inputs.
	Input Kernel
	// Labels is κ as a row-major K×K matrix (see [LabelKernel.Matrix]).
	Labels []float64
	// K is the number of labels.
	K int
}

// NewProduct returns the product of the input kernel in and the label kernel
// lk, computing lk's matrix once. It returns the Validate error of either.
func NewProduct(in Kernel, lk LabelKernel) (Product, error) {
	if err := Validate(in); err != nil {
		return Product{}, err
	}
	if lk == nil {
		return Product{}, fmt.Errorf("kernel: no label kernel")
	}
	if v, ok := lk.(Validator); ok {
		if err := v.Validate(); err != nil {
			return Product{}, err
		}
	}
	k := lk.NumLabels()
	m := make([]float64, k*k)
	lk.Matrix(m)
	return Product{Input: in, Labels: m, K: k}, nil
}

// FromDot returns k(x, x')·κ(y, y2) with k(x, x') computed from dot =
// ⟨x, x'⟩, xx = ‖x‖² and zz = ‖x'‖². It panics if y or y2 is outside [0, K).
func (p Product) FromDot(dot, xx, zz float64, y, y2 int) float64 {
	if uint(y) >= uint(p.K) || uint(y2) >= uint(p.K) {
		panic("kernel: Product.FromDot: label outside [0, K)")
	}
	return p.Input.FromDot(dot, xx, zz) * p.Labels[y*p.K+y2]
}

// Label returns κ(y, y2). It panics if y or y2 is outside [0, K).
func (p Product) Label(y, y2 int) float64 {
	if uint(y) >= uint(p.K) || uint(y2) >= uint(p.K) {
		panic("kernel: Product.Label: label outside [0, K)")
	}
	return p.Labels[y*p.K+y2]
}

// String returns "input ⊗ κ(K=…)".
func (p Product) String() string {
	in := "<nil>"
	if p.Input != nil {
		in = p.Input.String()
	}
	return in + " ⊗ κ(K=" + strconv.Itoa(p.K) + ")"
}
