package app

import (
	"image"
	"math/rand/v2"

	"kernelplay/core/data"
	"kernelplay/ui/render"
	"kernelplay/ui/state"
)

// DataThumb is the picture of one 2D data set for the data menu's row of
// thumbnails (as TensorFlow Playground shows its data sets).
type DataThumb struct {
	// Preset is the data set (a state.Preset* value, a core/data shape).
	Preset string
	// Image is the picture: ThumbPoints points drawn by [render.Thumbnail].
	Image *image.RGBA
}

// ThumbPoints is the number of points a thumbnail shows.
const ThumbPoints = 160

// thumbSeed seeds every thumbnail's generator: the pictures are the same
// on every visit (they show the shape of a data set, not this run's
// points).
const thumbSeed = 1

// DataThumbs returns a thumbnail of each 2D data set of the data menu (the
// generators of core/data, not the RES vs SGD preset, which is no shape),
// size×size pixels, drawn as the stream of c would draw them: with c's
// classes for the multiclass task (two otherwise), in one colour for
// novelty detection (its learner sees one class), without noise, and for
// the rotating stream at its start (t = 0…ThumbPoints, a turn of
// ThumbPoints/DefaultPeriod). It returns nil for regression, which has
// one data set (a noisy sine). It panics if size < 8 (render.Thumbnail).
func DataThumbs(c state.Config, size int) []DataThumb {
	if c.Task == state.TaskRegression {
		return nil
	}
	var out []DataThumb
	for _, shape := range data.Shapes2D() {
		g := &data.Gen2D{Shape: shape, Classes: 2, Labels: data.Index}
		if c.Task == state.TaskMulticlass {
			g.Classes = c.Classes
		}
		rng := rand.New(rand.NewPCG(thumbSeed, uint64(shape)))
		pts := make([]render.ThumbPoint, ThumbPoints)
		for i := range pts {
			x, y := g.Next(rng)
			k := int(y)
			if c.Task == state.TaskNovelty {
				k = 0
			}
			pts[i] = render.ThumbPoint{X: x[0], Y: x[1], Class: k}
		}
		out = append(out, DataThumb{Preset: shape.String(), Image: render.Thumbnail(pts, size)})
	}
	return out
}
