package ui

// lineBatch collects one frame for the line worker (static/lines.js): per
// stroke its coordinates (CSS pixels, NaN pairs between polylines), width,
// dash and halo, then the markers, in the layout lines.js reads.
type lineBatch struct {
	desc  []float64 // per stroke: n, width, dash on, dash off, halo 0/1
	xy    []float64
	marks []float64 // sprite triples (atlas cell, x, y in device pixels), drawn over the lines
	buf   []float64
	sent  bool // the last frame sent drew something (the next may clear it)
}

// add appends one stroke.
func (lb *lineBatch) add(xy []float64, width float64, dash []float64, halo bool) {
	on, off, h := 0.0, 0.0, 0.0
	if len(dash) == 2 {
		on, off = dash[0], dash[1]
	}
	if halo {
		h = 1
	}
	lb.desc = append(lb.desc, float64(len(xy)), width, on, off, h)
	lb.xy = append(lb.xy, xy...)
}
