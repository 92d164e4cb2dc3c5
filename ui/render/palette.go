// Package render turns a learner into pictures and geometry for the
// playground page: the decision surface f(x) over a 2D viewport as one
// *image.RGBA (diverging palette for binary and novelty scores, argmax
// regions for multiclass, the residual y − f(x) for 1D regression), its
// level sets as line segments (marching squares), the support vectors and
// the buffer bars, and every chart of the page as a display list ([List]:
// fills, frames, strokes, text; [Chart] and [List.Chart] lay out frames,
// linear and log axes with labels that never overlap, series, legends and
// markers), which the page paints one op at a time on a canvas.
//
// The Gaussian kernel factorises over the grid's coordinates,
// k(x_i, g) = e^{−γ(g_x − x_i1)²}·e^{−γ(g_y − x_i2)²}, so the field
// F = Σ_i α_i k(x_i, ·) on a G×G grid is a sum of rank-one outer products of
// two precomputed 1D exponentials. [Surface] keeps F between frames and
// takes the cheapest exact-to-1e-9 way to the next frame: an incremental
// update by the terms the buffer gained and lost (old coefficients all scale
// by one factor per step in NORMA and SVMD), a Chebyshev-compressed
// recompute when the kernel is wide (cheb.go: O(ω·r² + G²·r) for r ≈ 32
// points at σ = 0.35), or a full recompute. Polynomial and linear kernels
// are expanded into monomials of the grid coordinates (poly.go); other
// kernels and learners fall back to Learner.Scores on a budgeted grid.
//
// Package render is pure Go: it must not import syscall/js,
// kernelplay/ui (the Vecty components draw what it computes) or
// kernelplay/ui/app (which uses it).
package render

import (
	"image/color"
	"math"
)

// Diverging colour stops from negative (blue) through white to positive
// (orange): ColorBrewer RdBu's blue half and PuOr's orange half (Cynthia
// Brewer, colorbrewer2.org; both are colour-blind safe). Lightness falls
// monotonically from the white centre to both ends, so |f| reads in
// greyscale as well.
var divergingStops = [...]color.RGBA{
	{0x21, 0x66, 0xac, 0xff},
	{0x43, 0x93, 0xc3, 0xff},
	{0x92, 0xc5, 0xde, 0xff},
	{0xd1, 0xe5, 0xf0, 0xff},
	{0xf7, 0xf7, 0xf7, 0xff},
	{0xfe, 0xe0, 0xb6, 0xff},
	{0xfd, 0xb8, 0x63, 0xff},
	{0xe0, 0x82, 0x14, 0xff},
	{0xb3, 0x58, 0x06, 0xff},
}

// paletteSize is the number of entries of the diverging lookup table.
const paletteSize = 257

// divergingLUT holds Diverging at 257 evenly spaced t in [−1, 1].
var divergingLUT = func() (lut [paletteSize]color.RGBA) {
	for i := range lut {
		lut[i] = divergingAt(2*float64(i)/(paletteSize-1) - 1)
	}
	return
}()

// divergingAt interpolates the stops linearly in sRGB.
func divergingAt(t float64) color.RGBA {
	u := (max(-1, min(1, t)) + 1) / 2 * float64(len(divergingStops)-1)
	i := min(int(u), len(divergingStops)-2)
	w := u - float64(i)
	a, b := divergingStops[i], divergingStops[i+1]
	mix := func(x, y uint8) uint8 { return uint8(math.Round(float64(x)*(1-w) + float64(y)*w)) }
	return color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 0xff}
}

// Diverging returns the palette colour of t ∈ [−1, 1] (clamped; NaN is
// white): blue for −1, white for 0, orange for +1, from a 257-entry table.
func Diverging(t float64) color.RGBA {
	if math.IsNaN(t) {
		return divergingLUT[paletteSize/2]
	}
	t = max(-1, min(1, t))
	return divergingLUT[int(math.Round((t+1)/2*(paletteSize-1)))]
}

// ClassColors are the colours of classes 0…4, from the Okabe–Ito palette
// (Okabe & Ito 2008, "Color Universal Design"): blue, orange, bluish green,
// reddish purple, vermillion. Binary class 0 (label −1) is the blue and
// class 1 (label +1) the orange of the diverging palette's ends.
var ClassColors = [...]color.RGBA{
	{0x00, 0x72, 0xb2, 0xff},
	{0xe6, 0x9f, 0x00, 0xff},
	{0x00, 0x9e, 0x73, 0xff},
	{0xcc, 0x79, 0xa7, 0xff},
	{0xd5, 0x5e, 0x00, 0xff},
}

// White is the colour of f = 0 and of zero margin between classes.
var White = color.RGBA{0xf7, 0xf7, 0xf7, 0xff}

// tint returns the colour w of the way from White to c (w ∈ [0, 1]).
func tint(c color.RGBA, w float64) color.RGBA {
	mix := func(x, y uint8) uint8 { return uint8(math.Round(float64(x)*(1-w) + float64(y)*w)) }
	return color.RGBA{mix(White.R, c.R), mix(White.G, c.G), mix(White.B, c.B), 0xff}
}
