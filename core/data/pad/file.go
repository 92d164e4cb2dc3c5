package pad

import (
	"fmt"
	"io"
	"math"

	"kernelplay/core/data"
)

// WriteCSV writes drawings (levels as [Quantize8] or [Quantize28] give them,
// all of one set) and their labels 0…9 as a data file in the CSV form the
// page's Load data… reads ([data.ReadCSV] with the zero config, which
// ui/app's ReadUserFile uses for a .csv file): a header "x1,…,xd,y", then
// one record per drawing, its d features (64 or 784) exactly as the
// learner takes them ([Features]: pixel/MaxValue, the shipped sets'
// scaling) and its label last. Errors: those of [Digits] (before anything
// is written), then w's. Size: at most 784 features of up to 19 characters
// a drawing (an MNIST level is k/15 in shortest form, e.g.
// 0.06666666666666667), 15 KB, usually far less (zeros are "0").
func WriteCSV(w io.Writer, name string, drawings [][]uint8, labels []uint8) error {
	d, err := Digits(name, drawings, labels)
	if err != nil {
		return err
	}
	return data.WriteCSV(w, d.Set())
}

// ReadCSV reads a drawings file written by [WriteCSV] (or any CSV file of
// 64 or 784 features that are levels of the 8×8 or MNIST drawings scaled to
// [0, 1], and labels 0…9) back into levels and labels, so that a class's
// drawings can be collected and taught again. The file is parsed by
// [data.ReadCSV] (its errors name line and column, its budget bounds the
// memory); then more than [MaxDrawings] drawings, another dimension, a
// label that is not a digit, or a feature that is not level/MaxValue for a
// level in range is an error naming the drawing and pixel.
func ReadCSV(r io.Reader, name string) (drawings [][]uint8, labels []uint8, err error) {
	s, err := data.ReadCSV(r, name, data.CSVConfig{})
	if err != nil {
		return nil, nil, err
	}
	var top, mul int
	switch s.Dim {
	case GridSide8 * GridSide8:
		top, mul = MaxLevel8, 1
	case GridSide28 * GridSide28:
		top, mul = MaxLevel28, LevelStep28
	default:
		return nil, nil, fmt.Errorf("pad: %s: %d features a row, want 64 (8×8) or 784 (28×28) drawings", name, s.Dim)
	}
	if s.Len() > MaxDrawings {
		return nil, nil, fmt.Errorf("pad: %s: %d drawings, more than the %d allowed", name, s.Len(), MaxDrawings)
	}
	maxValue := float64(top * mul)
	for i := range s.Len() {
		y := s.Y[i]
		if s.ClassNames != nil {
			return nil, nil, fmt.Errorf("pad: %s: the labels are not digits 0 to 9", name)
		}
		if y != math.Trunc(y) || y < 0 || y > 9 {
			return nil, nil, fmt.Errorf("pad: %s: drawing %d has label %v, want a digit 0 to 9", name, i+1, y)
		}
		q := make([]uint8, s.Dim)
		for j, x := range s.Row(i) {
			v := math.Round(x * maxValue / float64(mul))
			if v < 0 || v > float64(top) || math.Abs(x*maxValue-v*float64(mul)) > 1e-9*maxValue {
				return nil, nil, fmt.Errorf("pad: %s: drawing %d, pixel %d: %v is not a level of the drawing format", name, i+1, j+1, x)
			}
			q[j] = uint8(v)
		}
		drawings, labels = append(drawings, q), append(labels, uint8(y))
	}
	return drawings, labels, nil
}
