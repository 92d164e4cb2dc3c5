package pad

import (
	"image"
)

// Optdigits' shapes: the 32×32 normalised bitmap and its 8×8 block counts.
const (
	FrameSide = 32 // side of the normalised bitmap
	BlockSide = 4  // side of a counted block
	GridSide8 = FrameSide / BlockSide
	MaxCount  = BlockSide * BlockSide // 16: a full block
)

// Optdigits is a drawing in the UCI optdigits format, with its
// intermediate step.
type Optdigits struct {
	// Frame is the normalised 32×32 bitmap: every pixel 0 (off) or 255 (on).
	Frame *image.Gray
	// Counts holds the on pixels of each non-overlapping 4×4 block of Frame,
	// 0…16, row-major, top row first: the 8×8 digit.
	Counts [GridSide8 * GridSide8]uint8
}

// ToOptdigits turns a Size×Size raster (0 background, 255 ink) into the
// optdigits format. Recipe (the UCI README, see the package doc): a 32×32
// bitmap, then the count of on pixels in each 4×4 block. How the bitmap
// is normalised, which the README leaves to NIST's programs, is read from
// the shipped data: the ink of every one of its 1,797 digits spans all
// eight block rows, and their widths vary (2 to 8 blocks, mostly 6: a "1"
// stays narrow), so the ink's bounding box is scaled, aspect ratio kept, to
// fill the frame's height (or its width, for a drawing wider than high) and
// centred; its bounding box counts every pixel with any ink, since faint
// ink still turns on pixels of the dithered frame. The scaled grey image (area-averaging, areaScale) is
// binarised by Floyd–Steinberg error diffusion (dither), not by a
// threshold, so that a block's count is its share of ink as a scan at
// higher resolution would count it: a hard threshold at half ink would
// turn the thin strokes of a small drawing into nothing or into 16s.
// It panics if raster is not Size×Size; a raster without ink is
// [ErrNoInk].
func ToOptdigits(raster *image.Gray) (Optdigits, error) {
	checkRaster(raster, "ToOptdigits")
	ink, ok := inkBounds(raster, 1)
	if !ok {
		return Optdigits{}, ErrNoInk
	}
	grey := image.NewGray(image.Rect(0, 0, FrameSide, FrameSide))
	areaScale(grey, fitRect(ink, FrameSide, FrameSide), raster, ink)
	bits := dither(grey)
	o := Optdigits{Frame: image.NewGray(grey.Bounds())}
	for i, b := range bits {
		if b == 1 {
			o.Frame.Pix[i] = 255
			x, y := i%FrameSide, i/FrameSide
			o.Counts[(y/BlockSide)*GridSide8+x/BlockSide]++
		}
	}
	return o, nil
}

// fitRect returns where the ink rectangle goes in a w×h field: scaled with
// its aspect ratio kept so that it fits the field and touches two opposite
// sides, rounded to whole pixels (at least one), and centred.
func fitRect(ink image.Rectangle, w, h int) image.Rectangle {
	iw, ih := float64(ink.Dx()), float64(ink.Dy())
	s := min(float64(h)/ih, float64(w)/iw)
	dw := max(1, min(w, int(iw*s+0.5)))
	dh := max(1, min(h, int(ih*s+0.5)))
	x0, y0 := (w-dw)/2, (h-dh)/2
	return image.Rect(x0, y0, x0+dw, y0+dh)
}
