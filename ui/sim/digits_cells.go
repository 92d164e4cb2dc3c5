package sim

import (
	"math"

	"kernelplay/core/data/pad"
	"kernelplay/core/learn"
)

// Into the errors (issue 22, item 3): each cell of a learner's confusion
// matrix keeps the newest examples it counts, each with the support
// vectors that pulled it there most in the model that made the
// prediction: the largest |α_{i,ŷ}·k(x_i, x_t)| over the terms stored
// before the step, ŷ the predicted class (for a binary or novelty learner
// the one coefficient), the contributions to the score f_ŷ(x_t) =
// Σ_i α_{i,ŷ} k(x_i, x_t) (SVMD: JMLR eq. 29; NORMA: eq. 7). The kernel
// row and the α_{i,ŷ} before the step are the ones the learner's record
// keeps (learn.SVMDUpdate.Row and AlphaPred, likewise NORMAUpdate): the
// step shrinks the α (JMLR eq. 32, NORMA eq. 10) and may evict the oldest
// term, so they are read from the record, not from the model after.
//
// Memory per learner, whatever the stream's length: at most
// K²·[CellExamples] records, each 96 bytes, K scores (8·K bytes) and
// [CellPulls] pulls of 56 bytes (344 bytes for K = 10: 138 kB for the
// ten-way confusion matrix; a taught drawing's levels are shared with the
// run's events, not copied; a full cell reuses its oldest record's slices),
// and the origins of the ω stored terms (32 bytes each). Cost per step and
// learner: O(ω) for the ranking (and the record's two O(ω) copies in
// core/learn), beside the step's own O(ω·d) kernel row.
// Everything is a function of the run's prefix (the stream, the taught
// drawings), so replays, at= and Undo rebuild it as the counts.

// CellExamples is the number of examples a confusion cell keeps, the
// newest; CellPulls the number of pulling terms kept with each.
const (
	CellExamples = 4
	CellPulls    = 3
)

// Origin is where an example or a stored term came from: a row of the
// data (the stream's set, data.Sequence.Set), or a taught drawing.
type Origin struct {
	// Row is the row of the data, −1 for a taught drawing or a term whose
	// origin the run does not know (one stored before a learner's state
	// was replaced).
	Row int
	// Drawing is the taught drawing's levels (state.Event.Drawing) when
	// Row is −1, "" when the origin is not known.
	Drawing string
}

// Pull is one stored term's pull on an example's prediction, in the model
// before the step.
type Pull struct {
	Origin
	// Index is the term's index in the buffer before the step (0 = oldest).
	Index int
	// Alpha is α_{i,ŷ}, K k(x_i, x_t), Value their product, the term's
	// contribution to the predicted class's score.
	Alpha, K, Value float64
}

// CellExample is one example a confusion cell counts ([Digits.Cell]).
type CellExample struct {
	// T is the 1-based step at which it was learned.
	T int
	Origin
	// Truth and Pred are the cell's row and column (class indices).
	Truth, Pred int
	// Scores are the learner's scores f(x_t) + b before the step, one per
	// score (learn.Learner.NumScores; one for binary and novelty), nil
	// for a learner without a kernel row record.
	Scores []float64
	// Pulls are up to CellPulls terms with the largest |Value|, largest
	// first (ties: the older term first); nil before any term is stored.
	Pulls []Pull
}

// cells is one learner's record of the examples per confusion cell.
type cells struct {
	k       int
	kept    [][]CellExample // K·K rings of at most CellExamples, oldest first
	origins []Origin        // the stored terms' origins, term order
	stepOf  []int           // the step each stored term was learned at, term order (0: not known)
}

// beforeStep aligns the origins with m's buffer before the step (a
// learner whose state was replaced).
func (c *cells) beforeStep(m learn.KernelModel) {
	if m == nil {
		return
	}
	e := m.Expansion()
	n := e.Len()
	if len(c.origins) > n {
		c.origins, c.stepOf = c.origins[len(c.origins)-n:], c.stepOf[len(c.stepOf)-n:]
	}
	for len(c.origins) < n {
		c.origins, c.stepOf = append([]Origin{{Row: -1}}, c.origins...), append([]int{0}, c.stepOf...)
	}
}

// stepRecord is what cells needs of a learner's record of its last step.
type stepRecord struct {
	row, alpha, scores []float64
	stored, evicted    bool
	ok                 bool
}

// lastRecord reads l's record of its last step: SVMD and NORMA (the
// kernel perceptron included) keep the kernel row.
func lastRecord(l learn.Learner) stepRecord {
	switch l := l.(type) {
	case *learn.SVMD:
		u := l.LastUpdate()
		return stepRecord{u.Row, u.AlphaPred, u.U, u.Stored, u.Evicted, !u.Diverged}
	case *learn.NORMA:
		u := l.LastUpdate()
		return stepRecord{u.Row, u.AlphaPred, u.G, u.Stored, u.Evicted, !u.Diverged}
	}
	return stepRecord{}
}

// afterStep files the step's example, at step t from origin o, in cell
// (truth, pred) with its pulls, then updates the origins with the push.
func (c *cells) afterStep(l learn.Learner, t int, o Origin, truth, pred int) {
	if truth < 0 || truth >= c.k || pred < 0 || pred >= c.k {
		return
	}
	r := lastRecord(l)
	ring := &c.kept[truth*c.k+pred]
	var ex *CellExample
	if len(*ring) < CellExamples {
		*ring = append(*ring, CellExample{})
		ex = &(*ring)[len(*ring)-1]
	} else {
		// Reuse the oldest entry's slices: the memory stays bounded.
		old := (*ring)[0]
		copy(*ring, (*ring)[1:])
		(*ring)[CellExamples-1] = CellExample{Scores: old.Scores[:0], Pulls: old.Pulls[:0]}
		ex = &(*ring)[CellExamples-1]
	}
	ex.T, ex.Origin, ex.Truth, ex.Pred = t, o, truth, pred
	if !r.ok {
		ex.Scores, ex.Pulls = nil, nil
		return
	}
	ex.Scores = append(ex.Scores[:0], r.scores...)
	ex.Pulls = c.pulls(ex.Pulls[:0], r.row, r.alpha)
	if r.evicted && len(c.origins) > 0 {
		c.origins, c.stepOf = c.origins[1:], c.stepOf[1:]
	}
	if r.stored {
		c.origins, c.stepOf = append(c.origins, o), append(c.stepOf, t)
	}
}

// pulls appends to dst the CellPulls terms with the largest |α_{i,ŷ}·k_i|
// from the step's kernel row and α_{i,ŷ} before the step.
func (c *cells) pulls(dst []Pull, row, alpha []float64) []Pull {
	if len(alpha) != len(row) {
		return dst
	}
	for i, kv := range row {
		a := alpha[i]
		p := Pull{Index: i, Alpha: a, K: kv, Value: a * kv}
		if i < len(c.origins) {
			p.Origin = c.origins[i]
		}
		// Insert into the sorted top list (older first among equals).
		j := len(dst)
		for j > 0 && math.Abs(dst[j-1].Value) < math.Abs(p.Value) {
			j--
		}
		if j >= CellPulls {
			continue
		}
		if len(dst) < CellPulls {
			dst = append(dst, Pull{})
		}
		copy(dst[j+1:], dst[j:len(dst)-1])
		dst[j] = p
	}
	return dst
}

// Cell returns the examples learner i's confusion cell (truth, pred)
// keeps, the newest CellExamples at most, newest first, as fresh copies
// (the run goes on reusing its own). Nil for a cell outside the matrix.
func (d *Digits) Cell(i, truth, pred int) []CellExample {
	c := &d.lanes[i].cells
	if truth < 0 || truth >= c.k || pred < 0 || pred >= c.k {
		return nil
	}
	ring := c.kept[truth*c.k+pred]
	out := make([]CellExample, 0, len(ring))
	for j := len(ring) - 1; j >= 0; j-- {
		e := ring[j]
		e.Scores = append([]float64(nil), e.Scores...)
		e.Pulls = append([]Pull(nil), e.Pulls...)
		out = append(out, e)
	}
	return out
}

// TermOrigin returns where learner i's stored term j (0 = oldest, as
// expansion.Expansion.X numbers them now) came from and the step t at
// which it was learned (0 when not known); ok is false when j is out of
// range.
func (d *Digits) TermOrigin(i, j int) (o Origin, t int, ok bool) {
	c := &d.lanes[i].cells
	if j < 0 || j >= len(c.origins) {
		return Origin{Row: -1}, 0, false
	}
	return c.origins[j], c.stepOf[j], true
}

// TermExample returns the record of the example learner i's stored term j
// was learned from, when its confusion cell still keeps it (each keeps its
// newest CellExamples); ok is false otherwise.
func (d *Digits) TermExample(i, j int) (CellExample, bool) {
	_, t, ok := d.TermOrigin(i, j)
	c := &d.lanes[i].cells
	for _, ring := range c.kept {
		for _, ex := range ring {
			if ok && t > 0 && ex.T == t {
				ex.Scores = append([]float64(nil), ex.Scores...)
				ex.Pulls = append([]Pull(nil), ex.Pulls...)
				return ex, true
			}
		}
	}
	return CellExample{}, false
}

// Input returns the input of an example or term of origin o: the row of
// the stream's set, or the taught drawing's features (pad.Features, as
// learned); nil when the origin is not known.
func (d *Digits) Input(o Origin) []float64 {
	set := d.seq.Set()
	switch {
	case o.Row >= 0 && o.Row < set.Len():
		return set.Row(o.Row)
	case o.Row < 0 && o.Drawing != "":
		x, _ := pad.Features([]byte(o.Drawing))
		return x
	}
	return nil
}
