package pad

import (
	"image"
	"math"
)

// MNIST's shapes: the box the ink is fitted in and the field it is centred
// in.
const (
	BoxSide    = 20
	GridSide28 = 28
)

// MNIST is a drawing in the MNIST format, with its intermediate step.
type MNIST struct {
	// Box is the 20×20 box with the ink fitted in it, grey levels 0…255.
	Box *image.Gray
	// Offset is where Box's top-left corner lies in Grid (in 28×28 pixels):
	// the translation that puts the centre of mass at the centre.
	Offset image.Point
	// Grid is the 28×28 digit, grey levels 0…255 (0 background).
	Grid *image.Gray
}

// mnistInkMin is the grey level from which a raster's pixel counts as ink
// for the MNIST bounding box: a quarter inked (64 of 255), so that the
// faint anti-aliased halo of a stroke (or of a blurred drawing) does not
// stretch the box the ink is fitted to. The recipe boxes NIST's bilevel
// images; the acceptance test (ui/sim, TestPadMNISTAcceptance) measured
// thresholds 1, 64, 96 and 128 and it is not tuned beyond this choice.
const mnistInkMin = 64

// ToMNIST turns a Size×Size raster (0 background, 255 ink) into the MNIST
// format (recipe: LeCun et al., quoted in the package doc). The ink's
// bounding box is scaled, aspect ratio kept, so that its larger side is 20
// pixels, and centred in the 20×20 box; the shrinking averages areas
// (areaScale), which gives the anti-aliased grey levels the recipe
// describes. The box is then
// placed in the 28×28 field so that the centre of mass of its grey levels,
// in pixel indices, is pixel (14, 14) — the set's own convention, measured
// on the shipped 10,000 digits: their centres of mass in pixel indices
// lie in [13.5, 14.5) in both directions, so "the center of the 28x28
// field" is index 14 rounded. The translation is rounded to whole pixels
// (a fractional one would resample the box a second time and blur it), as
// the set's spread shows. The ink's bounding box counts pixels from
// mnistInkMin up. Ink translated beyond the field is cut.
// It panics if raster is not Size×Size; a raster without ink is
// [ErrNoInk].
func ToMNIST(raster *image.Gray) (MNIST, error) {
	checkRaster(raster, "ToMNIST")
	ink, ok := inkBounds(raster, mnistInkMin)
	if !ok {
		return MNIST{}, ErrNoInk
	}
	box := image.NewGray(image.Rect(0, 0, BoxSide, BoxSide))
	areaScale(box, fitRect(ink, BoxSide, BoxSide), raster, ink)
	var m, mx, my float64
	for i, v := range box.Pix {
		w := float64(v)
		m += w
		mx += w * float64(i%BoxSide)
		my += w * float64(i/BoxSide)
	}
	if m == 0 {
		// Faint ink that the shrinking averaged away.
		return MNIST{}, ErrNoInk
	}
	const c = GridSide28 / 2 // pixel index 14: see the doc comment
	off := image.Pt(int(math.Round(c-mx/m)), int(math.Round(c-my/m)))
	grid := image.NewGray(image.Rect(0, 0, GridSide28, GridSide28))
	for y := range BoxSide {
		for x := range BoxSide {
			gx, gy := x+off.X, y+off.Y
			if gx >= 0 && gx < GridSide28 && gy >= 0 && gy < GridSide28 {
				grid.Pix[gy*GridSide28+gx] = box.Pix[y*BoxSide+x]
			}
		}
	}
	return MNIST{Box: box, Offset: off, Grid: grid}, nil
}
