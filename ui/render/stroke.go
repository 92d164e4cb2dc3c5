package render

import "math"

// Pen is how [Layer.Stroke] draws a polyline: an anti-aliased line of Width
// pixels in Color with round joins and caps, optionally dashed, optionally
// over a halo (a wider line in HaloColor, Halo pixels beyond each side of
// the line) that keeps it readable on both ends of the surface palette.
type Pen struct {
	Width float64  // line width, layer pixels (> 0; ≤ 0 draws nothing)
	Color [4]uint8 // straight (non-premultiplied) RGBA
	// Dash is the dash pattern {on, off} in layer pixels along the line,
	// restarting at each polyline; {0, 0} (or any non-positive entry) is a
	// solid line. Dash ends are square and anti-aliased.
	Dash [2]float64
	// Halo is the halo's extra width on each side, pixels (0: none); it
	// follows the dashes.
	Halo      float64
	HaloColor [4]uint8 // straight RGBA
}

// strokeScratch is the working state of one Stroke call: per pixel the
// line's and the halo's coverage (0–255), unioned by maximum over the
// pieces of the stroke so that joins are not blended twice, and the row
// spans the pieces touched, visited again to composite and clear the masks.
type strokeScratch struct {
	ink, halo []uint8
	spans     []int32 // y, x0, x1 (exclusive) triples
	pen       Pen
	hw, r     float64 // half width; reach: no coverage from distance r on
	dashed    bool
	halo2     bool    // a halo is drawn
	period    float64 // of the dash pattern
}

// cosTurn: an interior vertex where the line turns by more than about
// 0.35 rad gets a round join (a disc); at gentler turns the gap a disc
// would fill is under 0.04 px deep (r·θ²/8 for reach r = 2.5 px).
const cosTurn = 0.94

// Stroke composites polylines onto the layer, source over, with pen. xy is
// a flat list x0, y0, x1, y1, … in layer pixels (pixel (i, j) covers
// [i, i+1) × [j, j+1)), each polyline ended by a NaN pair (the format of
// [Tracer.Lines], scaled to pixels). Parts outside the layer are clipped;
// a vertex with a NaN or an infinite coordinate ends the polyline. This
// is the plot's boundary and margins drawn in Go: a canvas stroke of the
// same paths cost the browser about 4 ms a frame to rasterise.
//
// A pixel's coverage is that of signed-distance line rendering,
// clamp(w/2 + ½ − d, 0, 1) for a pixel centre at distance d from the line,
// so that a line of width w ≥ 1 adds up to w pixels of coverage across its
// length. Each segment covers the band beside it; discs at the polylines'
// ends and at sharp turns make the caps and joins round.
func (l *Layer) Stroke(xy []float64, pen Pen) {
	if !(pen.Width > 0) || l.W == 0 || l.H == 0 {
		return
	}
	n := l.W * l.H
	sc := &l.stroke
	if len(sc.ink) != n {
		sc.ink = make([]uint8, n)
		sc.halo = make([]uint8, n)
	}
	sc.spans = sc.spans[:0]
	sc.pen = pen
	sc.hw = pen.Width / 2
	sc.halo2 = pen.Halo > 0 && pen.HaloColor[3] > 0
	sc.r = sc.hw + 0.5
	if sc.halo2 {
		sc.r += pen.Halo
	}
	sc.dashed = pen.Dash[0] > 0 && pen.Dash[1] > 0
	sc.period = pen.Dash[0] + pen.Dash[1]
	// Walk the polylines: runs of finite vertices.
	first := true // the next finite vertex starts a polyline
	var s, px, py, ux, uy float64
	turned := false // (ux, uy) holds the direction of the previous segment
	for i := 0; i+1 < len(xy); i += 2 {
		x, y := xy[i], xy[i+1]
		if !finite(x) || !finite(y) || math.Abs(x) > maxCoord || math.Abs(y) > maxCoord {
			if !first {
				l.disc(px, py, s) // the end cap
			}
			first = true
			continue
		}
		if first {
			first, turned, s = false, false, 0
			px, py = x, y
			l.disc(x, y, 0) // the start cap
			continue
		}
		dx, dy := x-px, y-py
		seg := math.Hypot(dx, dy)
		if seg == 0 {
			continue
		}
		vx, vy := dx/seg, dy/seg
		if turned && ux*vx+uy*vy < cosTurn {
			l.disc(px, py, s) // a round join
		}
		l.band(px, py, dx, dy, seg, s)
		s += seg
		px, py, ux, uy, turned = x, y, vx, vy, true
	}
	if !first {
		l.disc(px, py, s)
	}
	// Composite each covered pixel once (its masks are cleared as it is
	// composited, so overlapping spans skip it the second time).
	ink := premul(pen.Color)
	hc := premul(pen.HaloColor)
	for k := 0; k+2 < len(sc.spans); k += 3 {
		p0 := int(sc.spans[k])*l.W + int(sc.spans[k+1])
		p1 := int(sc.spans[k])*l.W + int(sc.spans[k+2])
		mi, mh := sc.ink[p0:p1], sc.halo[p0:p1]
		pix := l.Pix[4*p0 : 4*p1]
		for j := range mi {
			ci, ch := uint32(mi[j]), uint32(mh[j])
			if ci|ch == 0 {
				continue
			}
			mi[j], mh[j] = 0, 0
			dst := pix[4*j : 4*j+4 : 4*j+4]
			// Source over, premultiplied: the halo, then the line (an
			// opaque line fully covering the pixel replaces it).
			if ci == 255 && ink[3] == 255 {
				dst[0], dst[1], dst[2], dst[3] = uint8(ink[0]), uint8(ink[1]), uint8(ink[2]), 255
				continue
			}
			if ch > 0 {
				sa := uint32(mul255(hc[3], ch))
				q := 255 - sa
				dst[0] = mul255(hc[0], ch) + mul255(uint32(dst[0]), q)
				dst[1] = mul255(hc[1], ch) + mul255(uint32(dst[1]), q)
				dst[2] = mul255(hc[2], ch) + mul255(uint32(dst[2]), q)
				dst[3] = uint8(sa) + mul255(uint32(dst[3]), q)
			}
			if ci > 0 {
				sa := uint32(mul255(ink[3], ci))
				q := 255 - sa
				dst[0] = mul255(ink[0], ci) + mul255(uint32(dst[0]), q)
				dst[1] = mul255(ink[1], ci) + mul255(uint32(dst[1]), q)
				dst[2] = mul255(ink[2], ci) + mul255(uint32(dst[2]), q)
				dst[3] = uint8(sa) + mul255(uint32(dst[3]), q)
			}
		}
	}
}

// maxCoord bounds the coordinates Stroke draws (pixels): farther vertices
// end the polyline, so that no arithmetic overflows.
const maxCoord = 1 << 24

// along is the dash coverage (0–1) at arc length s: the signed distance
// into the dash, plus ½, clamped. It is 1 for a solid line.
func (sc *strokeScratch) along(s float64) float64 {
	if !sc.dashed {
		return 1
	}
	on := sc.pen.Dash[0]
	m := s - sc.period*math.Floor(s/sc.period)
	var in float64
	if m < on {
		in = min(m, on-m)
	} else {
		in = -min(m-on, sc.period-m)
	}
	return max(0, min(1, in+0.5))
}

// span records row y, pixels [x0, x1), for compositing and Reset.
func (l *Layer) span(y, x0, x1 int) {
	l.stroke.spans = append(l.stroke.spans, int32(y), int32(x0), int32(x1))
	l.top, l.below = min(l.top, y), max(l.below, y+1)
}

// disc covers the pixels within reach of the vertex (x, y) at arc length s.
func (l *Layer) disc(x, y, s float64) {
	sc := &l.stroke
	along := sc.along(s)
	if along == 0 {
		return
	}
	r := sc.r
	y0 := int(clampTo(math.Floor(y-r), 0, float64(l.H)))
	y1 := int(clampTo(math.Ceil(y+r), 0, float64(l.H)))
	for py := y0; py < y1; py++ {
		cy := float64(py) + 0.5 - y
		h2 := r*r - cy*cy
		if h2 <= 0 {
			continue
		}
		h := math.Sqrt(h2)
		x0 := int(clampTo(math.Ceil(x-h-0.5), 0, float64(l.W)))
		x1 := int(clampTo(math.Floor(x+h-0.5)+1, 0, float64(l.W)))
		if x0 >= x1 {
			continue
		}
		l.span(py, x0, x1)
		row := py * l.W
		for px := x0; px < x1; px++ {
			cx := float64(px) + 0.5 - x
			d := math.Sqrt(cx*cx + cy*cy)
			if c := cover(sc.hw+0.5-d, along); c > sc.ink[row+px] {
				sc.ink[row+px] = c
			}
			if sc.halo2 {
				if c := cover(sc.r-d, along); c > sc.halo[row+px] {
					sc.halo[row+px] = c
				}
			}
		}
	}
}

// band covers the pixels beside the segment from (ax, ay) by (dx, dy), of
// length seg, starting at arc length s0: those whose nearest point of the
// segment's line lies on the segment and within reach. Along a row both
// that point's parameter and the signed distance are linear in x, so the
// loop needs no square root.
func (l *Layer) band(ax, ay, dx, dy, seg, s0 float64) {
	sc := &l.stroke
	r := sc.r
	ext := r * (math.Abs(dx) + math.Abs(dy)) / seg // ≥ the band's reach along an axis
	y0 := int(clampTo(math.Floor(min(ay, ay+dy)-ext), 0, float64(l.H)))
	y1 := int(clampTo(math.Ceil(max(ay, ay+dy)+ext), 0, float64(l.H)))
	inv := 1 / seg
	edge, dashed, halo := sc.hw+0.5, sc.dashed, sc.halo2
	for py := y0; py < y1; py++ {
		cy := float64(py) + 0.5 - ay
		lo, hi, ok := bandRow(cy, dx, dy, seg, r)
		if !ok {
			continue
		}
		// Pixels whose centre ax + cx lies in (lo, hi).
		x0 := int(clampTo(math.Ceil(ax+lo-0.5), 0, float64(l.W)))
		x1 := int(clampTo(math.Floor(ax+hi-0.5)+1, 0, float64(l.W)))
		if x0 >= x1 {
			continue
		}
		l.span(py, x0, x1)
		row := py * l.W
		cx := float64(x0) + 0.5 - ax
		// Arc length along and signed distance across at the first pixel,
		// and their steps per pixel. (The loop is written out: under
		// GOARCH=wasm a call per pixel doubles its cost.)
		a, da := (cx*dx+cy*dy)*inv, dx*inv
		d, dd := (cx*dy-cy*dx)*inv, dy*inv
		ink := sc.ink[row+x0 : row+x1]
		hal := sc.halo[row+x0 : row+x1]
		for k := range ink {
			along := 1.0
			if dashed {
				along = sc.along(s0 + max(0, min(seg, a)))
			}
			ad := math.Abs(d)
			a += da
			d += dd
			if along == 0 {
				continue
			}
			if c := edge - ad; c > 0 {
				if v := uint8(255*min(c, 1)*along + 0.5); v > ink[k] {
					ink[k] = v
				}
			}
			if halo {
				if c := r - ad; c > 0 {
					if v := uint8(255*min(c, 1)*along + 0.5); v > hal[k] {
						hal[k] = v
					}
				}
			}
		}
	}
}

// bandRow is the open interval (lo, hi) of x, relative to the segment's
// start, of the points (x, cy) within r of the segment's line whose
// projection falls on the segment (dx, dy) of length seg > 0; ok is false
// when the row misses the band.
func bandRow(cy, dx, dy, seg, r float64) (lo, hi float64, ok bool) {
	// Across: |dx·cy − dy·x| < r·seg.
	blo, bhi := math.Inf(-1), math.Inf(1)
	if dy != 0 {
		u, v := (dx*cy-r*seg)/dy, (dx*cy+r*seg)/dy
		blo, bhi = min(u, v), max(u, v)
	} else if math.Abs(dx*cy) >= r*seg {
		return 0, 0, false
	}
	// Along: 0 ≤ x·dx + cy·dy ≤ seg².
	slo, shi := math.Inf(-1), math.Inf(1)
	if dx != 0 {
		u, v := -cy*dy/dx, (seg*seg-cy*dy)/dx
		slo, shi = min(u, v), max(u, v)
	} else if t := cy * dy; t < 0 || t > seg*seg {
		return 0, 0, false
	}
	lo, hi = max(blo, slo), min(bhi, shi)
	return lo, hi, lo < hi
}

// premul is c in premultiplied RGBA.
func premul(c [4]uint8) [4]uint32 {
	a := uint32(c[3])
	return [4]uint32{uint32(mul255(uint32(c[0]), a)), uint32(mul255(uint32(c[1]), a)), uint32(mul255(uint32(c[2]), a)), a}
}

// cover is the coverage byte of a pixel whose centre is across pixels
// inside the line's edge and along (0–1) inside its dash.
func cover(across, along float64) uint8 {
	if across <= 0 {
		return 0
	}
	return uint8(255*min(across, 1)*along + 0.5)
}

// clampTo is v limited to [lo, hi] (NaN gives lo).
func clampTo(v, lo, hi float64) float64 {
	if !(v > lo) {
		return lo
	}
	return min(v, hi)
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
