package state

import (
	"errors"
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
	if !ok || len(e.Drawing) != n {
		return errors.New("a drawing can be taught only on the set it was drawn for (8×8 or MNIST)")
	}
	bad := e.Label < 0 || e.Label > 9
	for i := range n {
		bad = bad || int(e.Drawing[i]) > top
	}
	if bad {
		return errors.New("a taught drawing needs a digit label 0 to 9 and levels within its set's range")
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
// form (above). The caller validated e: a drawing of another length than
// 64 or 784 panics.
func appendDrawing(b []byte, e Event) []byte {
	n := len(e.Drawing)
	var shape byte
	switch n {
	case 64:
	case 784:
		shape = 1
	default:
		panic("state: a drawing of a wrong length")
	}
	b = append(b, shape<<4|byte(e.Label)&0x0f)
	m := len(b)
	b = append(b, make([]byte, n/8)...)
	half := false
	for i := range n {
		v := e.Drawing[i]
		if v == 0 {
			continue
		}
		b[m+i/8] |= 0x80 >> (i % 8)
		if half {
			b[len(b)-1] |= (v - 1) & 0x0f
		} else {
			b = append(b, (v-1)<<4)
		}
		half = !half
	}
	return b
}

// errDrawing reports a taught drawing in a link that the encoder could not
// have written (truncated, a bad header, padding or level).
var errDrawing = errors.New("a taught drawing in the edits data is corrupt")

// readDrawing reads a drawing written by appendDrawing from the front of b
// into e and returns the rest of b. It allocates at most 2·784 bytes.
func readDrawing(b []byte, e *Event) ([]byte, error) {
	if len(b) < 1 || b[0]>>5 != 0 || b[0]&0x0f > 9 {
		return nil, errDrawing
	}
	n, top := 64, byte(16)
	if b[0]>>4 == 1 {
		n, top = 784, 15
	}
	e.Label = int(b[0] & 0x0f)
	b = b[1:]
	if len(b) < n/8 {
		return nil, errDrawing
	}
	mask, vals := b[:n/8], b[n/8:]
	d := make([]byte, n)
	k := 0 // nibbles read
	for i := range n {
		if mask[i/8]&(0x80>>(i%8)) == 0 {
			continue
		}
		if k/2 >= len(vals) {
			return nil, errDrawing
		}
		v := vals[k/2]>>4 + 1
		if k%2 == 1 {
			v = vals[k/2]&0x0f + 1
		}
		if v > top {
			return nil, errDrawing
		}
		d[i] = v
		k++
	}
	if k%2 == 1 && vals[k/2]&0x0f != 0 {
		return nil, errDrawing // a non-zero pad nibble
	}
	e.Drawing = string(d)
	return vals[(k+1)/2:], nil
}
