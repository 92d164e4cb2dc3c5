package paint

import (
	"math"
	"strconv"
)

// Path writes SVG path data ("M 1.5 2 L 3 4 …") for the canvas's
// Path2D constructor, so that a whole contour, point set or chart line is
// handed to the browser in one call instead of one call per vertex (each
// call from WebAssembly into JavaScript costs about a microsecond).
// Coordinates are rounded to 0.1 CSS pixel. Vertices with a non-finite
// coordinate are skipped (and break the line). The zero value is ready;
// Reset reuses the buffer.
type Path struct {
	buf  []byte
	open bool // a subpath is open (the next LineTo draws)
}

// Reset empties the path, keeping the buffer.
func (p *Path) Reset() { p.buf, p.open = p.buf[:0], false }

// Len is the length of the path data in bytes.
func (p *Path) Len() int { return len(p.buf) }

// String returns the path data.
func (p *Path) String() string { return string(p.buf) }

// coord appends v rounded to one decimal, without a trailing ".0"
// (integer formatting: AppendFloat costs several times more).
func (p *Path) coord(v float64) {
	t := int64(math.Round(v * 10))
	if t < 0 {
		p.buf = append(p.buf, '-')
		t = -t
	}
	p.buf = strconv.AppendInt(p.buf, t/10, 10)
	if d := t % 10; d != 0 {
		p.buf = append(p.buf, '.', byte('0'+d))
	}
}

func (p *Path) cmd(c byte, x, y float64) {
	if len(p.buf) > 0 {
		p.buf = append(p.buf, ' ')
	}
	p.buf = append(p.buf, c, ' ')
	p.coord(x)
	p.buf = append(p.buf, ' ')
	p.coord(y)
}

func finite(x, y float64) bool {
	return !math.IsNaN(x) && !math.IsNaN(y) && !math.IsInf(x, 0) && !math.IsInf(y, 0)
}

// MoveTo starts a subpath at (x, y).
func (p *Path) MoveTo(x, y float64) {
	if !finite(x, y) {
		p.open = false
		return
	}
	p.cmd('M', x, y)
	p.open = true
}

// LineTo draws a line to (x, y), or starts a subpath there if none is open.
func (p *Path) LineTo(x, y float64) {
	if !finite(x, y) {
		p.open = false
		return
	}
	if !p.open {
		p.MoveTo(x, y)
		return
	}
	p.cmd('L', x, y)
}

// Circle adds a full circle of radius r around (x, y) as its own subpath
// (two half-circle arcs).
func (p *Path) Circle(x, y, r float64) {
	if !finite(x, y) || !(r > 0) {
		return
	}
	p.cmd('M', x+r, y)
	for _, end := range [2]float64{x - r, x + r} {
		p.buf = append(p.buf, " A "...)
		p.coord(r)
		p.buf = append(p.buf, ' ')
		p.coord(r)
		p.buf = append(p.buf, " 0 1 0 "...)
		p.coord(end)
		p.buf = append(p.buf, ' ')
		p.coord(y)
	}
	p.open = false
}

// Polyline adds the flat coordinate list x0, y0, x1, y1, … as one subpath.
func (p *Path) Polyline(xy []float64) {
	p.open = false
	for i := 0; i+1 < len(xy); i += 2 {
		p.LineTo(xy[i], xy[i+1])
	}
	p.open = false
}

// Rect adds the rectangle with corner (x, y), width w and height h.
func (p *Path) Rect(x, y, w, h float64) {
	if !finite(x, y) || !finite(w, h) {
		return
	}
	p.cmd('M', x, y)
	p.cmd('L', x+w, y)
	p.cmd('L', x+w, y+h)
	p.cmd('L', x, y+h)
	p.buf = append(p.buf, " Z"...)
	p.open = false
}

// halve averages each 2×2 block of the g×g field v (row-major, as
// render.Surface.Scores for one score) into dst, a (g/2)×(g/2) field whose
// samples sit at the centres of the coarse grid's pixels over the same
// viewport, and returns dst and g/2. NaN samples propagate. It is used for
// the dashed margins, which need chaining (render.Chain) and so cost more
// per segment than the solid boundary.
func halve(dst, v []float64, g int) ([]float64, int) {
	h := g / 2
	if cap(dst) < h*h {
		dst = make([]float64, h*h)
	}
	dst = dst[:h*h]
	for j := 0; j < h; j++ {
		r0, r1 := v[(2*j)*g:], v[(2*j+1)*g:]
		for i := 0; i < h; i++ {
			dst[j*h+i] = (r0[2*i] + r0[2*i+1] + r1[2*i] + r1[2*i+1]) / 4
		}
	}
	return dst, h
}
