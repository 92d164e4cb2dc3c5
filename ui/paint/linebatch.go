package paint

// LineBatch collects one frame for the line worker (static/lines.js): per
// stroke its coordinates (CSS pixels, NaN pairs between polylines), width,
// dash and halo, then the markers (Marks), in the layout lines.js reads
// (Pack).
type LineBatch struct {
	desc []float64 // per stroke: n, width, dash on, dash off, halo 0/1
	xy   []float64
	// Marks are the frame's sprite triples (atlas cell, x, y in device
	// pixels, PlaceSprite), drawn over the lines.
	Marks []float64
	buf   []float64
	sent  bool // the last frame sent drew something (the next may clear it)
}

// Add appends one stroke: the polylines xy (x, y pairs in CSS pixels, a
// NaN pair between polylines), width CSS pixels wide, dashed as dash (on,
// off in CSS pixels; nil: solid), over a white halo when halo is set.
func (lb *LineBatch) Add(xy []float64, width float64, dash []float64, halo bool) {
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

// Pack returns the frame in lines.js's layout — the number of strokes,
// their descriptions, their coordinates, the number of markers and their
// triples — and whether to send it: a frame with nothing to draw is sent
// only to clear the previous one. The buffer is reused by the next Pack.
func (lb *LineBatch) Pack() (buf []float64, send bool) {
	if len(lb.desc) == 0 && len(lb.Marks) == 0 && !lb.sent {
		return nil, false
	}
	lb.buf = append(append(append(lb.buf[:0], float64(len(lb.desc)/5)), lb.desc...), lb.xy...)
	lb.buf = append(append(lb.buf, float64(len(lb.Marks)/3)), lb.Marks...)
	return lb.buf, true
}

// Sent empties the batch after its frame went to the worker, remembering
// whether that frame drew anything.
func (lb *LineBatch) Sent() {
	lb.sent = len(lb.desc) > 0 || len(lb.Marks) > 0
	lb.desc, lb.xy, lb.Marks = lb.desc[:0], lb.xy[:0], lb.Marks[:0]
}
