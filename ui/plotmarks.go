package ui

import (
	"math"

	"kernelplay/ui/render"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// What the 2D plot draws over its surface, as values: where each point's
// markers and each support vector's ring go, in CSS pixels of a w×h plot.
// The page stamps them from its sprite atlas (plot.go).

// plotView maps the plot's data square [−1, 1]² to canvas pixels, y up.
type plotView struct{}

func (plotView) toPixel(x, y, w, h float64) (px, py float64) {
	return (x + 1) / 2 * w, (1 - y) / 2 * h
}

// fromPixel is toPixel's inverse, clamped to the data square.
func (plotView) fromPixel(px, py, w, h float64) (x, y float64) {
	x = px/w*2 - 1
	y = 1 - py/h*2
	return math.Max(-1, math.Min(1, x)), math.Max(-1, math.Min(1, y))
}

// Markers of the plot, in the sprite atlas: the support-vector rings at
// ringSteps radii from 3 to 11 px (a quarter pixel apart), then the same
// rings faint (for crowded cells, crowdFaint), then a point's white ring,
// its dark outline (multiclass) and its fill in each class colour.
const (
	ringSteps   = 33
	faintRings  = ringSteps // the first faint ring
	spriteWhite = 2 * ringSteps
	spriteDark  = spriteWhite + 1
	spriteFill  = spriteWhite + 2 // + class
	pointRadius = 4.5
)

// crowdFaint is the number of support vectors in a crowdPx cell from which
// their rings are drawn faint (thinner and translucent): where hundreds of
// terms pile up — the spiral's centre on a small screen — the rings then
// shade the crowd instead of blotting out the points and the surface.
const crowdFaint = 4

// ringSprite is the atlas cell of a support-vector ring of radius r, faint
// or not.
func ringSprite(r float64, faint bool) int {
	i := max(0, min(ringSteps-1, int(math.Round((r-3)*4))))
	if faint {
		i += faintRings
	}
	return i
}

// ringRadius is the radius (CSS pixels) of the ring of a term with
// coefficient alpha when the largest magnitude is maxA: 3 to 11 px,
// growing with |α_i|; 3 px when every α is 0.
func ringRadius(alpha, maxA float64) float64 {
	if maxA > 0 {
		return 3 + 8*math.Abs(alpha)/maxA
	}
	return 3
}

// crowdPx is the side (CSS pixels) of the cells in which crowding counts
// the support vectors.
const crowdPx = 16

// crowdCell is the index of the crowdPx cell holding pixel (x, y) of a w×h
// plot, in a row-major grid of ⌈w/crowdPx⌉ columns.
func crowdCell(x, y, w, h float64) int {
	cols, rows := int(math.Ceil(w/crowdPx)), int(math.Ceil(h/crowdPx))
	i := max(0, min(cols-1, int(x/crowdPx)))
	j := max(0, min(rows-1, int(y/crowdPx)))
	return j*cols + i
}

// crowding counts the support vectors svs in each crowdPx cell of a w×h
// plot (indexed by crowdCell).
func crowding(svs []render.SupportVector, w, h float64) []int {
	var v plotView
	n := make([]int, int(math.Ceil(w/crowdPx))*int(math.Ceil(h/crowdPx)))
	for _, sv := range svs {
		x, y := v.toPixel(sv.X, sv.Y, w, h)
		n[crowdCell(x, y, w, h)]++
	}
	return n
}

// ringCap is the largest ring radius (CSS pixels) in a cell holding n
// support vectors: 11 px (no cap) for one, 3 + 8/√n for more, so where
// terms crowd — the spiral's centre, XOR's corners — the rings' total
// outline in a cell grows as 3n + 8√n instead of 11n and the points under
// them stay visible; |α| still orders the rings of a cell.
func ringCap(n int) float64 {
	if n <= 1 {
		return 11
	}
	return 3 + 8/math.Sqrt(float64(n))
}

// plotMark is one sprite of the plot at (X, Y), CSS pixels.
type plotMark struct {
	Sprite int
	X, Y   float64
}

// plotMarks appends to dst the markers of sm's points and support vectors
// on a w×h plot, in painting order: class by class, the dark outlines
// (multiclass only, whose regions take the class colours), the white rings,
// then the fills; then a ring per support vector (2D inputs), its radius
// growing with |α_i| up to the cap of its crowded cell (ringCap), faint in a
// crowded cell (crowdFaint). svs is scratch for the support vectors; the returned
// evict is the pixel position of the term evicted next (ok false when
// there is none).
func plotMarks(dst []plotMark, svs []render.SupportVector, sm *sim.Sim, c state.Config, w, h float64) (
	marks []plotMark, _ []render.SupportVector, evict [2]float64, ok bool) {
	var v plotView
	pts := sm.Points()
	for class := range state.MaxClasses {
		for pass := range 3 {
			if pass == 0 && c.Task != state.TaskMulticlass {
				continue
			}
			sprite := [3]int{spriteDark, spriteWhite, spriteFill + class}[pass]
			for _, pt := range pts {
				if pt.Class == class {
					x, y := v.toPixel(pt.X, pt.Y, w, h)
					dst = append(dst, plotMark{sprite, x, y})
				}
			}
		}
	}
	terms := render.ModelTerms(sm.Learner())
	if terms == nil || terms.Dim() != 2 {
		return dst, svs, evict, false
	}
	svs = render.SupportVectors(svs[:0], terms)
	maxA := 0.0
	for _, sv := range svs {
		maxA = math.Max(maxA, math.Abs(sv.Alpha))
	}
	crowd := crowding(svs, w, h)
	for _, sv := range svs {
		x, y := v.toPixel(sv.X, sv.Y, w, h)
		n := crowd[crowdCell(x, y, w, h)]
		dst = append(dst, plotMark{ringSprite(min(ringRadius(sv.Alpha, maxA), ringCap(n)), n >= crowdFaint), x, y})
		if sv.Next {
			evict, ok = [2]float64{x, y}, true
		}
	}
	return dst, svs, evict, ok
}

// regressionRing is a support vector of a 1D regression drawn on the
// fitted curve: its centre (x_i, f(x_i)) and radius, CSS pixels.
type regressionRing struct {
	X, Y, R float64
	Next    bool // evicted next
}

// regressionRings appends to dst the rings of sm's support vectors on the
// fitted curve of a 1D regression on a w×h plot (none when the learner
// keeps no 1D kernel expansion); svs is scratch.
func regressionRings(dst []regressionRing, svs []render.SupportVector, sm *sim.Sim, w, h float64) (
	[]regressionRing, []render.SupportVector) {
	l := sm.Learner()
	terms := render.ModelTerms(l)
	if terms == nil || terms.Dim() != 1 {
		return dst, svs
	}
	svs = render.SupportVectors(svs[:0], terms)
	maxA := 0.0
	for _, sv := range svs {
		maxA = math.Max(maxA, math.Abs(sv.Alpha))
	}
	var v plotView
	in, out := make([]float64, 1), make([]float64, 1)
	for _, sv := range svs {
		in[0] = sv.X
		x, y := v.toPixel(sv.X, l.Scores(out, in)[0], w, h)
		dst = append(dst, regressionRing{X: x, Y: y, R: ringRadius(sv.Alpha, maxA), Next: sv.Next})
	}
	return dst, svs
}

// arrow is the normal w of a linear model's boundary on the plot: a shaft
// from (X0, Y0) to the tip (X1, Y1) and the two barbs' ends, CSS pixels,
// and where its label "w" goes.
type arrow struct {
	X0, Y0, X1, Y1 float64
	Barbs          [2][2]float64
	LabelX, LabelY float64
}

// normalArrow is the arrow of w for the boundary hl (hl.W = (w_x, w_y,
// bias term), level hl.Level) on a w×h plot: from the boundary point
// nearest the plot's centre (or, when that lies outside 95% of the data
// square, the middle of the boundary's first drawn stretch), 0.25 plot
// units along w, so it points to the side where f > hl.Level. ok is false
// for w = 0.
func normalArrow(hl render.HyperLine, w, h float64) (ar arrow, ok bool) {
	a, b := hl.W[0], hl.W[1]
	n := math.Hypot(a, b)
	if !(n > 0) {
		return ar, false
	}
	// Nearest point to the origin of a·x + b·y = level − c.
	r := (hl.Level - hl.W[2]) / (n * n)
	x0, y0 := r*a, r*b
	if (math.Abs(x0) > 0.95 || math.Abs(y0) > 0.95) && len(hl.Solid) > 0 {
		s := hl.Solid[0]
		x0, y0 = (s.X0+s.X1)/2, (s.Y0+s.Y1)/2
	}
	const length = 0.25
	var v plotView
	ar.X0, ar.Y0 = v.toPixel(x0, y0, w, h)
	ar.X1, ar.Y1 = v.toPixel(x0+length*a/n, y0+length*b/n, w, h)
	ang := math.Atan2(ar.Y1-ar.Y0, ar.X1-ar.X0)
	for i, d := range []float64{-2.6, 2.6} {
		ar.Barbs[i] = [2]float64{ar.X1 + 9*math.Cos(ang+d), ar.Y1 + 9*math.Sin(ang+d)}
	}
	ar.LabelX, ar.LabelY = ar.X1+6*math.Cos(ang)+3, ar.Y1+6*math.Sin(ang)+5
	return ar, true
}

// legendCorner returns the top-left corner (CSS pixels) of the boxW×boxH
// colour key on a w×h plot: of the four corners (inset by margin), the one
// whose box covers the fewest of the points marks (the sprites of class
// fills, spriteFill and up), so the key never hides data when a corner is
// free of it. Ties go in the order bottom-right, bottom-left, top-right,
// top-left (bottom-right, where the key always was, comes first), except
// that the corner prev (0–3 in that order; the key's corner in the last
// frame) wins its ties, so the key does not jump between equally free
// corners as the run goes on. corner is the chosen corner's index.
func legendCorner(marks []plotMark, prev int, w, h, boxW, boxH, margin float64) (corner int, x, y float64) {
	corners := [4][2]float64{
		{w - boxW - margin, h - boxH - margin}, {margin, h - boxH - margin},
		{w - boxW - margin, margin}, {margin, margin},
	}
	best, bestN := 0, -1
	for i, c := range corners {
		n := 0
		for _, m := range marks {
			// A point's marker reaches pointRadius (and its ring a little
			// more) beyond its centre.
			const r = pointRadius + 2
			if m.Sprite >= spriteFill && m.X+r > c[0] && m.X-r < c[0]+boxW && m.Y+r > c[1] && m.Y-r < c[1]+boxH {
				n++
			}
		}
		if bestN < 0 || n < bestN || (n == bestN && i == prev) {
			best, bestN = i, n
		}
	}
	return best, corners[best][0], corners[best][1]
}
