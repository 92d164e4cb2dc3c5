package app

import (
	"errors"
	"image"

	"kernelplay/core/data/pad"
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
const (
	PadSize     = pad.Size
	PadPenWidth = pad.PenWidth
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
