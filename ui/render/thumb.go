package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
)

// ThumbPoint is one point of a data set's thumbnail: a position in the
// plot's square [−1, 1]² (y up, as on the plot) and its class, an index
// into [ClassColors].
type ThumbPoint struct {
	X, Y  float64
	Class int
}

// Thumbnail draws pts as dots in their class colours on [White], on a
// size×size image of the square [−1, 1]² (x to the right, y up), the way
// TensorFlow Playground pictures its data sets in its data menu. Each dot
// is a disc of radius size/30 px (at least 1.2), anti-aliased by its
// coverage of each pixel (the distance from the pixel's centre to the
// disc's edge, clamped to [0, 1]); later points are drawn over earlier
// ones. Points outside the square are clipped. It panics if size < 8 or a
// class is out of ClassColors' range.
func Thumbnail(pts []ThumbPoint, size int) *image.RGBA {
	if size < 8 {
		panic(fmt.Sprintf("render: Thumbnail size %d, want ≥ 8", size))
	}
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = White.R, White.G, White.B, 0xff
	}
	r := max(1.2, float64(size)/30)
	for _, p := range pts {
		if p.Class < 0 || p.Class >= len(ClassColors) {
			panic(fmt.Sprintf("render: Thumbnail class %d, want 0..%d", p.Class, len(ClassColors)-1))
		}
		c := ClassColors[p.Class]
		// The point's centre in pixels: x = −1 at the left edge, y = +1 at the top.
		cx := (p.X + 1) / 2 * float64(size)
		cy := (1 - p.Y) / 2 * float64(size)
		x0, x1 := max(0, int(math.Floor(cx-r-1))), min(size-1, int(math.Ceil(cx+r+1)))
		y0, y1 := max(0, int(math.Floor(cy-r-1))), min(size-1, int(math.Ceil(cy+r+1)))
		// (math.Sqrt of the squares, not math.Hypot: the distances are
		// under 8 pixels, and Hypot's guard against overflow took half of
		// the data menu's seven thumbnails' time: BenchmarkDataThumbs in
		// ui/app, 1.2 → 0.6 ms natively, with the same pixels.)
		for y := y0; y <= y1; y++ {
			dy := float64(y) + 0.5 - cy
			for x := x0; x <= x1; x++ {
				dx := float64(x) + 0.5 - cx
				if w := min(1, max(0, r+0.5-math.Sqrt(dx*dx+dy*dy))); w > 0 {
					blendPixel(img, x, y, c, w)
				}
			}
		}
	}
	return img
}

// blendPixel mixes c into the pixel (x, y) with weight w ∈ [0, 1].
func blendPixel(img *image.RGBA, x, y int, c color.RGBA, w float64) {
	i := img.PixOffset(x, y)
	// v + 0.5 truncated rounds v ≥ 0 as math.Round does (but for v less
	// than an ulp below a half, which no thumbnail meets: every data set's,
	// for every task and class count, is unchanged bit for bit), without
	// Round's call, three per pixel of every dot.
	mix := func(old, new uint8) uint8 { return uint8(float64(old)*(1-w) + float64(new)*w + 0.5) }
	img.Pix[i], img.Pix[i+1], img.Pix[i+2] = mix(img.Pix[i], c.R), mix(img.Pix[i+1], c.G), mix(img.Pix[i+2], c.B)
}
