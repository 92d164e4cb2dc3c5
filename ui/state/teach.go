package state

import (
	"errors"
	"fmt"
)

// A taught drawing (issue 22): a student draws a digit on the pad, the page
// turns it into the digit set's own format (kernelplay/core/data/pad) and
// quantises it to levels; an [EventTeach] carries the levels and the label,
// and the learner learns exactly those levels (scaled as the shipped data
// is), so a link replays the drawing bit for bit.
//
// TeachLevels gives the levels per digit set:
//
//	8×8 (Data8x8):    64 levels 0…16, the optdigits block counts themselves
//	MNIST (DataMNIST): 784 levels 0…15, grey = 17·level (16 grey levels)
//
// In the link (encodeEvents), after the event's varint header: one byte,
// the label in bits 0–3 and the shape in bit 4 (0 = 8×8, 1 = 28×28), bits
// 5–7 zero; a mask of one bit per pixel (most significant bit first, 8 or
// 98 bytes) marking the non-zero levels; then level−1 of each marked pixel
// in 4 bits, two to a byte, high nibble first, a last odd nibble followed
// by a zero nibble. Bytes per drawing: 1 + 8 + ⌈nz/2⌉ ≤ 41 for 8×8 and
// 1 + 98 + ⌈nz/2⌉ ≤ 491 for MNIST, nz the non-zero levels (a drawn MNIST
// digit has about 150: about 175 bytes, 235 characters of the link).
// Anything the encoder could not have written (a mask bit over a zero
// level, a non-zero pad nibble, a level above the set's maximum, a label
// above 9, a set bit 5–7) is refused.

// MaxTeach bounds the taught drawings of one configuration (and link): 64
// MNIST drawings take at most 64·(491 + 4) bytes, 42.2 KB of base64url,
// leaving a third of [MaxHashLen] for the rest.
const MaxTeach = 64

// TeachLevels returns, for a digit set (Data8x8 or DataMNIST), the number
// of levels of a drawing and the largest level; ok is false for other
// sets (a loaded file has no drawing format).
func TeachLevels(data string) (n, maxLevel int, ok bool) {
	switch data {
	case Data8x8:
		return 64, 16, true
	case DataMNIST:
		return 784, 15, true
	}
	return 0, 0, false
}

// checkTeach checks that e, an EventTeach, fits c: a 10-way digits run
// (not a paper figure, whose learners are the experiment's) over the set
// the drawing was made for, with a digit label and levels in range.
func checkTeach(c Config, e Event) error {
	if c.Mode != ModeDigits || c.Figure != FigureNone || DigitsTask(c) != TaskMulticlass {
		return errors.New("a drawing can be taught only to a 10-way digits run (not a paper figure)")
	}
	n, top, ok := TeachLevels(c.Data)
	if !ok {
		return fmt.Errorf("a drawing cannot be taught on the data set %q", c.Data)
	}
	if len(e.Drawing) != n {
		return fmt.Errorf("a drawing of %d pixels cannot be taught on the %s set (%d pixels)", len(e.Drawing), c.Data, n)
	}
	if e.Label < 0 || e.Label > 9 {
		return fmt.Errorf("a drawing labelled %d: want a digit 0 to 9", e.Label)
	}
	for i, v := range []byte(e.Drawing) {
		if int(v) > top {
			return fmt.Errorf("a drawing's pixel %d has level %d, above %d", i+1, v, top)
		}
	}
	return nil
}

// countTeach returns the number of EventTeach events in evs.
func countTeach(evs []Event) int {
	n := 0
	for _, e := range evs {
		if e.Kind == EventTeach {
			n++
		}
	}
	return n
}

// appendDrawing appends the drawing of e (an EventTeach) to b in the link's
// form (above). The caller validated e; a drawing of another length than
// 64 or 784, or a level that does not fit 4 bits after −1, panics.
func appendDrawing(b []byte, e Event) []byte {
	var shape byte
	switch len(e.Drawing) {
	case 64:
	case 784:
		shape = 1
	default:
		panic(fmt.Sprintf("state: a drawing of %d levels", len(e.Drawing)))
	}
	b = append(b, shape<<4|byte(e.Label)&0x0f)
	mask := make([]byte, len(e.Drawing)/8)
	var nib []byte
	for i, v := range []byte(e.Drawing) {
		if v == 0 {
			continue
		}
		if v > 16 {
			panic(fmt.Sprintf("state: a drawing's level %d", v))
		}
		mask[i/8] |= 0x80 >> (i % 8)
		nib = append(nib, v-1)
	}
	b = append(b, mask...)
	for i := 0; i < len(nib); i += 2 {
		v := nib[i] << 4
		if i+1 < len(nib) {
			v |= nib[i+1]
		}
		b = append(b, v)
	}
	return b
}

// readDrawing reads a drawing written by appendDrawing from the front of b
// into e and returns the rest of b. It allocates at most 2·784 bytes.
func readDrawing(b []byte, e *Event) ([]byte, error) {
	if len(b) < 1 {
		return nil, errors.New("the drawing is truncated")
	}
	h := b[0]
	b = b[1:]
	if h>>5 != 0 || h&0x0f > 9 {
		return nil, errors.New("the drawing's header is corrupt")
	}
	n, top := 64, 16
	if h>>4&1 == 1 {
		n, top = 784, 15
	}
	if len(b) < n/8 {
		return nil, errors.New("the drawing is truncated")
	}
	mask := b[:n/8]
	b = b[n/8:]
	nz := 0
	for _, m := range mask {
		for ; m != 0; m &= m - 1 {
			nz++
		}
	}
	if len(b) < (nz+1)/2 {
		return nil, errors.New("the drawing is truncated")
	}
	vals := b[:(nz+1)/2]
	b = b[(nz+1)/2:]
	if nz%2 == 1 && vals[len(vals)-1]&0x0f != 0 {
		return nil, errors.New("the drawing is corrupt (padding)")
	}
	e.Label = int(h & 0x0f)
	d := make([]byte, n)
	k := 0
	for i := range n {
		if mask[i/8]&(0x80>>(i%8)) == 0 {
			continue
		}
		v := vals[k/2] >> 4
		if k%2 == 1 {
			v = vals[k/2] & 0x0f
		}
		k++
		if int(v)+1 > top {
			return nil, fmt.Errorf("the drawing has a level %d, above %d", v+1, top)
		}
		d[i] = v + 1
	}
	e.Drawing = string(d)
	return b, nil
}
