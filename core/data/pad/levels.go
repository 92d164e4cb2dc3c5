package pad

import (
	"errors"
	"fmt"

	"kernelplay/core/data"
)

// A drawing as the learner takes it and a share link carries it: its
// quantised levels, one per pixel of the set's grid, row-major, top row
// first.
//
//   - 8×8 (optdigits): 64 levels 0…[MaxLevel8] = the block counts 0…16
//     themselves (the set's own values; nothing is lost).
//   - MNIST: 784 levels 0…[MaxLevel28], grey = 17·level (0, 17, …, 255):
//     16 grey levels, 4 bits a pixel. Rounding 0…255 to the nearest
//     multiple of 17 moves a pixel by at most 8 grey levels (3% of the
//     range); TestQuantizeMNIST measures what it does to the data.
const (
	MaxLevel8  = MaxCount // 16
	MaxLevel28 = 15
	// LevelStep28 is the grey step between MNIST levels: 255/15.
	LevelStep28 = 255 / MaxLevel28
)

// Quantize8 returns the levels of an optdigits drawing: its counts.
func Quantize8(o Optdigits) []uint8 { return append([]uint8(nil), o.Counts[:]...) }

// Quantize28 returns the levels of an MNIST drawing: each grey level
// rounded to the nearest multiple of 17, divided by 17.
func Quantize28(m MNIST) []uint8 {
	q := make([]uint8, len(m.Grid.Pix))
	for i, v := range m.Grid.Pix {
		q[i] = uint8((int(v) + LevelStep28/2) / LevelStep28)
	}
	return q
}

// Digits returns drawings as a [data.Digits] in the shipped set's format:
// for 64 levels per drawing an 8×8 set with pixels 0…16 (MaxValue 16, as
// digits8x8), for 784 a 28×28 set with pixels 17·level (MaxValue 255, as
// mnist10k); ten classes; labels[i] is drawing i's class. Its Set() gives
// the features the learner learns, scaled exactly as the shipped sets are
// (pixel/MaxValue, [data.Digits.Set]). name becomes Digits.Name.
//
// Errors: no drawings or more than [MaxDrawings]; drawings of a length
// other than 64 or 784, or of different lengths; a level above the set's
// maximum; a label above 9; len(labels) ≠ len(drawings).
func Digits(name string, drawings [][]uint8, labels []uint8) (*data.Digits, error) {
	switch {
	case len(drawings) == 0:
		return nil, fmt.Errorf("pad: no drawings")
	case len(drawings) > MaxDrawings:
		return nil, fmt.Errorf("pad: %d drawings, more than the %d allowed", len(drawings), MaxDrawings)
	case len(labels) != len(drawings):
		return nil, fmt.Errorf("pad: %d labels for %d drawings", len(labels), len(drawings))
	}
	n := len(drawings[0])
	d := &data.Digits{Name: name, Classes: 10, Labels: append([]uint8(nil), labels...)}
	var top, mul int
	switch n {
	case GridSide8 * GridSide8:
		d.Width, d.Height, d.MaxValue, top, mul = GridSide8, GridSide8, MaxCount, MaxLevel8, 1
	case GridSide28 * GridSide28:
		d.Width, d.Height, d.MaxValue, top, mul = GridSide28, GridSide28, 255, MaxLevel28, LevelStep28
	default:
		return nil, fmt.Errorf("pad: a drawing of %d levels: want 64 (8×8) or 784 (28×28)", n)
	}
	d.Pixels = make([]uint8, 0, n*len(drawings))
	for i, q := range drawings {
		if len(q) != n {
			return nil, fmt.Errorf("pad: drawing %d has %d levels, drawing 1 has %d", i+1, len(q), n)
		}
		if labels[i] > 9 {
			return nil, fmt.Errorf("pad: drawing %d has label %d: want a digit 0…9", i+1, labels[i])
		}
		for j, v := range q {
			if int(v) > top {
				return nil, fmt.Errorf("pad: drawing %d, pixel %d: level %d above %d", i+1, j+1, v, top)
			}
			d.Pixels = append(d.Pixels, v*uint8(mul))
		}
	}
	return d, nil
}

// Features returns the input the learner learns for one drawing's levels:
// what row 0 of Digits(…).Set() holds, the shipped sets' scaling
// pixel/MaxValue computed as [data.Digits.Set] computes it, bit for bit
// (TestLevels checks it against Set). Errors: levels of a length other
// than 64 or 784, or a level above the set's maximum. (It does not build a
// Digits, so that the page links only this loop.)
func Features(levels []uint8) ([]float64, error) {
	var top, mul, maxValue int
	switch len(levels) {
	case GridSide8 * GridSide8:
		top, mul, maxValue = MaxLevel8, 1, MaxCount
	case GridSide28 * GridSide28:
		top, mul, maxValue = MaxLevel28, LevelStep28, 255
	default:
		return nil, errLevels
	}
	scale := 1 / float64(maxValue)
	x := make([]float64, len(levels))
	for i, v := range levels {
		if int(v) > top {
			return nil, errLevels
		}
		x[i] = float64(v*uint8(mul)) * scale
	}
	return x, nil
}

// errLevels reports levels that are not a drawing of either set.
var errLevels = errors.New("pad: not the levels of an 8×8 (64 levels 0…16) or MNIST (784 levels 0…15) drawing")

// MaxDrawings bounds the drawings [Digits] takes at once (10,000, the size
// of the MNIST subset: 7.8 MB of pixels, 63 MB as features), so that a
// class's collected drawings fit in one data file. A share link carries
// far fewer (ui/state's MaxTeach).
const MaxDrawings = 10_000
