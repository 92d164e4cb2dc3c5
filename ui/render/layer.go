package render

// Sprite is a small image to stamp onto a [Layer] many times (a marker of
// the plot): its pixels in premultiplied RGBA, kept as runs of
// non-transparent pixels so that stamping skips the transparent ones.
type Sprite struct {
	W, H int
	runs []spriteRun
	pix  []uint8 // premultiplied RGBA of the runs' pixels, in run order
}

type spriteRun struct{ y, x, n, off int32 } // row, first column, length, offset in pix

// NewSprite makes a sprite from w×h pixels in straight (non-premultiplied)
// RGBA, row-major, as a canvas's getImageData returns them. It panics if
// len(rgba) < 4·w·h.
func NewSprite(rgba []uint8, w, h int) *Sprite {
	if len(rgba) < 4*w*h {
		panic("render: NewSprite: pixels shorter than 4·w·h")
	}
	s := &Sprite{W: w, H: h}
	for y := range h {
		for x := 0; x < w; {
			if rgba[4*(y*w+x)+3] == 0 {
				x++
				continue
			}
			r := spriteRun{y: int32(y), x: int32(x), off: int32(len(s.pix))}
			for ; x < w && rgba[4*(y*w+x)+3] != 0; x++ {
				p := rgba[4*(y*w+x) : 4*(y*w+x)+4]
				a := uint32(p[3])
				s.pix = append(s.pix, mul255(uint32(p[0]), a), mul255(uint32(p[1]), a), mul255(uint32(p[2]), a), p[3])
				r.n++
			}
			s.runs = append(s.runs, r)
		}
	}
	return s
}

// mul255 is round(c·a/255) for c, a ≤ 255.
func mul255(c, a uint32) uint8 {
	t := c*a + 128
	return uint8((t + t>>8) >> 8)
}

// Layer is a transparent W×H image in premultiplied RGBA onto which
// sprites are composited (source over, in stamping order), then handed to
// the canvas in straight RGBA with [Layer.Straight]: one image copy
// instead of one drawImage per marker. The zero value is an empty 0×0
// layer; Reset sizes and clears it.
type Layer struct {
	W, H       int
	Pix        []uint8 // premultiplied RGBA, row-major
	top, below int     // rows [top, below) may be non-transparent
}

// Reset makes the layer w×h and fully transparent (clearing only the rows
// stamped since the last Reset).
func (l *Layer) Reset(w, h int) {
	if w != l.W || h != l.H || len(l.Pix) != 4*w*h {
		l.W, l.H = w, h
		l.Pix = make([]uint8, 4*w*h)
		l.top, l.below = h, 0
		return
	}
	if l.top < l.below {
		clear(l.Pix[4*l.top*w : 4*l.below*w])
	}
	l.top, l.below = h, 0
}

// Stamp composites s with its top left corner at pixel (x, y), source
// over what the layer holds; the parts outside the layer are clipped.
func (l *Layer) Stamp(s *Sprite, x, y int) {
	if x >= l.W || y >= l.H || x+s.W <= 0 || y+s.H <= 0 {
		return
	}
	l.top = min(l.top, max(0, y))
	l.below = max(l.below, min(l.H, y+s.H))
	for _, r := range s.runs {
		py := y + int(r.y)
		if py < 0 || py >= l.H {
			continue
		}
		x0, n, off := x+int(r.x), int(r.n), int(r.off)
		if x0 < 0 {
			n += x0
			off -= 4 * x0
			x0 = 0
		}
		if x0+n > l.W {
			n = l.W - x0
		}
		if n <= 0 {
			continue
		}
		dst := l.Pix[4*(py*l.W+x0) : 4*(py*l.W+x0+n)]
		src := s.pix[off : off+4*n]
		for i := 0; i+3 < len(dst) && i+3 < len(src); i += 4 {
			sa := uint32(src[i+3])
			if sa == 255 {
				dst[i], dst[i+1], dst[i+2], dst[i+3] = src[i], src[i+1], src[i+2], 255
				continue
			}
			k := 255 - sa
			dst[i] = src[i] + mul255(uint32(dst[i]), k)
			dst[i+1] = src[i+1] + mul255(uint32(dst[i+1]), k)
			dst[i+2] = src[i+2] + mul255(uint32(dst[i+2]), k)
			dst[i+3] = uint8(sa) + mul255(uint32(dst[i+3]), k)
		}
	}
}

// Straight converts the layer's pixels to straight (non-premultiplied)
// RGBA in place, as ImageData holds them, and returns them; stamping again
// needs a Reset first.
func (l *Layer) Straight() []uint8 {
	if l.top >= l.below {
		return l.Pix
	}
	p := l.Pix[4*l.top*l.W : 4*l.below*l.W]
	for i := 0; i+3 < len(p); i += 4 {
		a := uint32(p[i+3])
		if a == 0 || a == 255 {
			continue
		}
		p[i] = uint8(min(255, (uint32(p[i])*255+a/2)/a))
		p[i+1] = uint8(min(255, (uint32(p[i+1])*255+a/2)/a))
		p[i+2] = uint8(min(255, (uint32(p[i+2])*255+a/2)/a))
	}
	return l.Pix
}
