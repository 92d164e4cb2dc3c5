// Package pad turns a student's drawing into a digit in exactly the format
// of a shipped digit set (core/data's [data.Digits]), one visible step at a
// time, so that the page can show what the learner sees:
//
//	strokes ──Rasterize──▶ raster (Size×Size grey, anti-aliased)
//	   ├──ToOptdigits──▶ 32×32 binary frame ──4×4 block counts──▶ 8×8, 0…16
//	   └──ToMNIST─────▶ 20×20 box (grey) ──centre of mass──▶ 28×28, 0…255
//
// then quantised levels ([Quantize]) that a share link carries, and the
// features the learner learns ([Features]: the same pixel/MaxValue scaling
// [data.Digits.Set] gives the shipped sets).
//
// The recipes are the data sets' own:
//
//   - UCI optdigits (E. Alpaydin, C. Kaynak, "Optical Recognition of
//     Handwritten Digits", UCI Machine Learning Repository, 1998; its
//     optdigits.names): "32x32 bitmaps are divided into nonoverlapping
//     blocks of 4x4 and the number of on pixels are counted in each block.
//     This generates an input matrix of 8x8 where each element is an
//     integer in the range 0..16."
//   - MNIST (Y. LeCun, C. Cortes, C. J. C. Burges, "The MNIST database of
//     handwritten digits"; Y. LeCun et al., Proc. IEEE 86(11), 1998,
//     §III-A): "The original black and white (bilevel) images from NIST
//     were size normalized to fit in a 20x20 pixel box while preserving
//     their aspect ratio. The resulting images contain grey levels as a
//     result of the anti-aliasing technique used by the normalization
//     algorithm. the images were centered in a 28x28 image by computing
//     the center of mass of the pixels, and translating the image so as to
//     position this point at the center of the 28x28 field."
//
// Where a recipe leaves a choice open, the function that makes it says what
// was chosen and why. Rasterizing uses golang.org/x/image/vector (an
// anti-aliased polygon filler); resampling averages areas (areaScale: a
// box kernel stretched with the scale when shrinking, so each output pixel
// averages its own footprint, as the sets' anti-aliasing does — written
// out, and tested pixel for pixel against golang.org/x/image/draw's Kernel
// scaler, which would link 27 KB of gzip into the page); binarising
// diffuses errors as Floyd and Steinberg's (dither: also written out, and
// tested pixel for pixel against the standard library's
// draw.FloydSteinberg, which would link about 4 KB more).
//
// Bad input (non-finite points, too many points, a malformed data file) is a
// returned error; every function's time and memory are bounded by [Size],
// [MaxPoints] and [MaxDrawings]. Misuse by a programmer (a raster of the
// wrong size, levels of a wrong length) panics with a "pad: " prefix.
//
// Package pad is pure Go (natively tested): it must not import syscall/js,
// nor anything under kernelplay/ui, kernelplay/core/learn or
// kernelplay/core/experiment — it prepares data, it does not learn.
package pad
