package render

// HindsightGrid is the side of the grid on which the plot samples the
// hindsight predictor g* to trace its boundary: 40² = 1,600 scores of a
// predictor of at most 1,000 terms (regret.Settings.MaxExact), about 1.6
// million kernel evaluations, done once per solved checkpoint, not per
// frame. The boundary is smooth at this resolution on the 2D presets.
const HindsightGrid = 40

// ScoreField writes score at the g×g pixel centres of view (row py from the
// top, as [Surface] samples: x = X0 + (px + ½)(X1 − X0)/g, y = Y1 −
// (py + ½)(Y1 − Y0)/g) into dst (reused) and returns it: the field
// [Tracer.Lines] traces. It panics if g < 2.
func ScoreField(dst []float64, score func(x []float64) float64, g int, view Viewport) []float64 {
	if g < 2 {
		panic("render: ScoreField: g < 2")
	}
	view = view.orDefault()
	gx, gy := view.centres(g)
	dst = dst[:0]
	x := make([]float64, 2)
	for _, y := range gy {
		for _, xv := range gx {
			x[0], x[1] = xv, y
			dst = append(dst, score(x))
		}
	}
	return dst
}
