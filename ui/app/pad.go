package app

import (
	"bytes"
	"cmp"
	"errors"
	"image"
	"math"
	"slices"

	"kernelplay/core/data/pad"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// The drawing pad's preprocessing (issue 22) for the views, which import
// no core package: the pad's types and [Preprocess], a drawing through its
// digit set's recipe (kernelplay/core/data/pad), every step kept for the
// view to show. Teaching and asking take [PadSteps.Levels]:
// state.Teach{Drawing: s.Levels, Label: y} and
// Run().Digits().Ask(s.Levels, n).

// PadPoint and PadStroke are a point (pad pixels, Y down) and a
// pen-down-to-pen-up polyline on the pad (core/data/pad's Point, Stroke).
type (
	PadPoint  = pad.Point
	PadStroke = pad.Stroke
)

// PadSize is the pad's side in pad pixels and PadPenWidth the pen's width
// (pad.Size, pad.PenWidth): a view draws the strokes it shows with this
// width (round caps and joins) scaled to its canvas.
// PadMaxPoints bounds the points of one drawing (pad.MaxPoints): the pad
// stops adding points at it.
const (
	PadSize      = pad.Size
	PadPenWidth  = pad.PenWidth
	PadMaxPoints = pad.MaxPoints
)

// PadSteps is a drawing through its set's preprocessing.
type PadSteps struct {
	// Raster is the drawing, PadSize×PadSize grey, 0 background, 255 ink.
	Raster *image.Gray
	// Normalised is the set's intermediate image: for the 8×8 set the
	// 32×32 binary bitmap (0 or 255) whose 4×4 blocks are counted, for
	// MNIST the 20×20 box the ink is fitted in (grey levels).
	Normalised *image.Gray
	// Offset is, for MNIST, where the box's top-left corner lies in the
	// 28×28 grid (the centre-of-mass shift); zero for the 8×8 set.
	Offset image.Point
	// Width and Height are the set's image shape (8×8 or 28×28), and
	// Features the drawing as the learner takes it: Width·Height values in
	// [0, 1], row-major (ui/render.DigitImage draws them).
	Width, Height int
	Features      []float64
	// Levels are the quantised levels a link carries (state.Event.Drawing).
	Levels string
}

// Preprocess turns strokes into the format of the digit set data
// (state.Data8x8 or state.DataMNIST). Errors: another set, a drawing
// without ink, or strokes Rasterize refuses (non-finite points, more than
// pad.MaxPoints points). Cost: a few milliseconds natively, tens under
// wasm (core/data/pad's benchmarks).
func Preprocess(strokes []PadStroke, data string) (PadSteps, error) {
	if _, _, ok := state.TeachLevels(data); !ok {
		return PadSteps{}, errors.New("a drawing can be made only for the 8×8 or the MNIST digits")
	}
	g, err := pad.Rasterize(strokes, pad.PenWidth)
	if err != nil {
		return PadSteps{}, err
	}
	s := PadSteps{Raster: g}
	var levels []uint8
	if data == state.Data8x8 {
		o, err := pad.ToOptdigits(g)
		if err != nil {
			return PadSteps{}, err
		}
		s.Normalised, s.Width, s.Height, levels = o.Frame, pad.GridSide8, pad.GridSide8, pad.Quantize8(o)
	} else {
		m, err := pad.ToMNIST(g)
		if err != nil {
			return PadSteps{}, err
		}
		s.Normalised, s.Offset, s.Width, s.Height, levels = m.Box, m.Offset, pad.GridSide28, pad.GridSide28, pad.Quantize28(m)
	}
	s.Levels = string(levels)
	s.Features, err = pad.Features(levels)
	return s, err
}

// Pull is one stored term's pull on a drawing's prediction: the term of
// a learner's expansion (sim.Term) and its contribution α_{i,ŷ}·k(x_i, x)
// to the score of the predicted class ŷ (the kernel expansion's score,
// NORMA eq. 4 / the SVMD score f_ŷ(x) = Σ_i α_{i,ŷ} k(x_i, x)).
type Pull struct {
	sim.Term
	Contribution float64
}

// Pulls returns the n terms of a that pulled the drawing most: the largest
// |α_{i,ŷ}·k(x_i, x)| for the predicted class ŷ = a.Class, largest first
// (ties: the older term first). a must carry every term (sim.Digits.Ask
// with nearest ≥ the expansion's length); a term whose α has one entry (a
// binary learner) uses that entry. Nil for a learner without an expansion.
func Pulls(a sim.Answer, n int) []Pull {
	c := make([]float64, len(a.Nearest))
	idx := make([]int, len(a.Nearest))
	for i, t := range a.Nearest {
		al := 0.0
		switch {
		case a.Class < len(t.Alpha):
			al = t.Alpha[a.Class]
		case len(t.Alpha) > 0:
			al = t.Alpha[0]
		}
		c[i], idx[i] = al*t.K, i
	}
	// (An index sort, stable, so ties keep the terms' order: the []int
	// instantiation sim.Ask already links, not one more for []Pull.)
	slices.SortStableFunc(idx, func(p, q int) int {
		if d := cmp.Compare(math.Abs(c[q]), math.Abs(c[p])); d != 0 {
			return d
		}
		return cmp.Compare(a.Nearest[p].Index, a.Nearest[q].Index)
	})
	ps := make([]Pull, min(max(n, 0), len(idx)))
	for i := range ps {
		ps[i] = Pull{Term: a.Nearest[idx[i]], Contribution: c[idx[i]]}
	}
	return ps
}

// AskPad asks run about a drawing's levels without learning it
// (sim.Digits.Ask with every term, so that [Pulls] can rank them): cost
// one kernel row and a copy of each learner's stored inputs, at most
// BufferSize·dim values per learner.
func AskPad(run *sim.Digits, levels string) ([]sim.Answer, error) {
	return run.Ask(levels, math.MaxInt32)
}

// DrawingsExport is the "Save drawings" download: the drawings taught in
// cfg (its state.EventTeach events, in step order) as the CSV file that
// Load data… reads (pad.WriteCSV), named kernelplay-drawings-<set>.csv.
// Errors: no drawing taught, or drawings WriteCSV refuses.
func DrawingsExport(cfg state.Config) (Export, error) {
	var drawings [][]uint8
	var labels []uint8
	for _, e := range cfg.Events {
		if e.Kind == state.EventTeach {
			drawings = append(drawings, []uint8(e.Drawing))
			labels = append(labels, uint8(e.Label))
		}
	}
	if len(drawings) == 0 {
		return Export{}, errors.New("no drawing was taught in this run")
	}
	var b bytes.Buffer
	if err := pad.WriteCSV(&b, "drawings", drawings, labels); err != nil {
		return Export{}, err
	}
	return Export{Name: "kernelplay-drawings-" + cfg.Data + ".csv", MIME: "text/csv", Bytes: b.Bytes()}, nil
}

// DrawingFeatures returns the input a taught drawing's levels give the
// learner (pad.Features: what the run learned), nil for "" or levels that
// are no drawing. The views show a taught example with it (it has no row
// of the data set).
func DrawingFeatures(levels string) []float64 {
	if levels == "" {
		return nil
	}
	x, err := pad.Features([]byte(levels))
	if err != nil {
		return nil
	}
	return x
}
