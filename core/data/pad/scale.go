package pad

import (
	"image"
	"math"
)

// areaScale scales the rectangle sr of src into the rectangle dr of dst by
// area averaging: each output pixel is the mean of the input pixels whose
// centres fall in its footprint (when shrinking; when enlarging, the input
// pixel nearest its centre), separably, columns then rows. Pixels of dst
// outside dr are not touched. It computes exactly what
// golang.org/x/image/draw's Kernel.Scale computes with the box kernel
// {Support: 0.5, At: 1} (the kernel stretched by the scale when
// shrinking), operation Src, from an *image.Gray into an *image.Gray, float
// operation for float operation and with the same rounding to 16 and then
// 8 bits — TestAreaScaleMatchesXDraw compares every pixel over many
// rectangles. It is written out here instead of calling that package
// because its scaler links every fast path of x/image/draw and, through
// its Draw, of the standard library's image/draw: about 27 KB of the
// page's gzip for these thirty lines. sr must lie in src and dr in dst;
// both must be non-empty.
func areaScale(dst *image.Gray, dr image.Rectangle, src *image.Gray, sr image.Rectangle) {
	dw, dh, sw, sh := dr.Dx(), dr.Dy(), sr.Dx(), sr.Dy()
	cols, rows := boxSpans(dw, sw), boxSpans(dh, sh)
	// tmp holds the source's rows scaled in x, each value in [0, 1].
	tmp := make([]float64, dw*sh)
	for y := range sh {
		row := src.Pix[(sr.Min.Y+y-src.Rect.Min.Y)*src.Stride+sr.Min.X-src.Rect.Min.X:]
		for x, s := range cols {
			var p float64
			for c := s.i; c < s.j; c++ {
				p += float64(uint32(row[c]) * 0x101)
			}
			tmp[y*dw+x] = p * (s.inv / 0xffff)
		}
	}
	for y, s := range rows {
		out := dst.Pix[(dr.Min.Y+y-dst.Rect.Min.Y)*dst.Stride+dr.Min.X-dst.Rect.Min.X:]
		n := float64(s.j - s.i) // the sum of the weights, each 1
		for x := range dw {
			var p float64
			for c := s.i; c < s.j; c++ {
				p += tmp[c*dw+x]
			}
			p = min(p, n)
			// To 16 bits (x/image/draw's ftou), then to a grey level as
			// image.Gray.SetRGBA64 converts a grey RGBA64 (R = G = B).
			v := int32(float64(0xffff*(p*s.inv)) + 0.5)
			v = max(0, min(v, 0xffff))
			out[x] = uint8((19595*uint32(v) + 38470*uint32(v) + 7471*uint32(v) + 1<<15) >> 24)
		}
	}
}

// span is the source pixels [i, j) an output pixel averages, and
// 1/(j − i).
type span struct {
	i, j int
	inv  float64
}

// boxSpans returns, for each of dw output pixels, the source pixels (of
// sw) the box kernel gives it: those whose centres lie less than half an
// output pixel from its centre, measured in output pixels when shrinking
// (the kernel stretched by the scale) and in source pixels when
// enlarging — x/image/draw's newDistrib for a kernel of support 0.5.
func boxSpans(dw, sw int) []span {
	scale := float64(sw) / float64(dw)
	half, argScale := 0.5, 1.0
	if scale > 1 {
		half *= scale
		argScale = 1 / scale
	}
	out := make([]span, dw)
	for x := range out {
		centre := float64((float64(x)+0.5)*scale) - 0.5
		i0 := max(0, int(math.Floor(centre-half)))
		j0 := min(sw, int(math.Ceil(centre+half)))
		s := span{i: -1}
		for c := i0; c < j0; c++ {
			if math.Abs((centre-float64(c))*argScale) >= 0.5 {
				continue
			}
			if s.i < 0 {
				s.i = c
			}
			s.j = c + 1
		}
		if s.i < 0 {
			s.i, s.j = 0, 0
		}
		s.inv = 1 / float64(s.j-s.i)
		out[x] = s
	}
	return out
}

// dither binarises a grey image by Floyd–Steinberg error diffusion (R. W.
// Floyd, L. Steinberg, "An adaptive algorithm for spatial greyscale",
// Proc. SID 17(2), 1976): row by row, left to right, each pixel goes to
// the nearer of black and white and its error is passed on, 7/16 to the
// right, 3/16, 5/16 and 1/16 to the row below. It returns 1 for a white
// (255, ink) pixel and 0 for a black one, row-major. The numbers are those
// of the standard library's draw.FloydSteinberg drawing g into an
// image.Paletted of {Gray 0, Gray 255} — the same 16-bit levels, integer
// divisions and squared distances — which TestDitherMatchesImageDraw
// checks pixel for pixel; written out here because that call links the
// standard library's generic colour paths (about 4 KB of the page's gzip)
// for this loop.
func dither(g *image.Gray) []uint8 {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	out := make([]uint8, w*h)
	// cur and next are the errors passed on to this row and the next,
	// 16 times too large; the +2 spares the edge tests (as image/draw's).
	cur, next := make([]int32, w+2), make([]int32, w+2)
	sq := func(x, y int32) uint32 { d := uint32(x - y); return (d * d) >> 2 } // image/draw's sqDiff
	for y := range h {
		for x := range w {
			e := int32(g.Pix[y*g.Stride+x]) * 0x101
			e = max(0, min(e+cur[x+1]/16, 0xffff))
			// R, G and B carry the same error; A is opaque in both colours.
			if 3*sq(e, 0xffff) < 3*sq(e, 0) {
				out[y*w+x] = 1
				e -= 0xffff
			}
			next[x] += e * 3
			next[x+1] += e * 5
			next[x+2] += e * 1
			cur[x+2] += e * 7
		}
		cur, next = next, cur
		clear(next)
	}
	return out
}
