package ui

import "math"

// canvas2D is a <canvas> element and its 2D context, with a backing store
// kept at the element's CSS size times devicePixelRatio; drawing code uses
// CSS pixels. The browser's element and context are behind canvasElement
// and ctx2D (browser_js.go adapts them), so that painting code builds
// natively and is tested with a recording context.
type canvas2D struct {
	el   canvasElement
	ctx  ctx2D
	w, h float64 // CSS pixels
	dpr  float64
}

// canvasElement is the <canvas> element as painting code needs it.
type canvasElement interface {
	// Size is the element's CSS size (clientWidth, clientHeight) and the
	// window's devicePixelRatio.
	Size() (w, h, dpr float64)
	// SetBacking sets the backing store's size in device pixels.
	SetBacking(w, h int)
}

// ctx2D is a CanvasRenderingContext2D as painting code uses it, in the
// style of gonum/plot's vg.Canvas but with the browser's own names, so
// that the painting reads as the canvas calls it makes.
type ctx2D interface {
	// Set sets a drawing property: fillStyle, strokeStyle, lineWidth,
	// font, textAlign, textBaseline, lineCap, lineJoin,
	// imageSmoothingEnabled.
	Set(prop string, v any)
	// Call calls a drawing method whose result painting does not use:
	// fillRect, strokeRect, clearRect, fillText, beginPath, moveTo,
	// lineTo, arc, rect, closePath, fill, stroke, clip, save, restore,
	// translate, rotate, setTransform, drawImage. A Path (below) may be
	// an argument of fill and stroke.
	Call(method string, args ...any)
	// Dash sets the line dash pattern (CSS pixels; nil: solid).
	Dash(d []float64)
	// Lines makes the current path from xy (x, y pairs in CSS pixels; a
	// NaN pair breaks the line) in one call; stroke or fill it next.
	Lines(xy []float64)
	// Path makes a Path2D of p's path data, an argument for fill and
	// stroke.
	Path(p *pathBuilder) any
	// Gradient makes a linear gradient from (x0, y0) to (x1, y1) through
	// the CSS colours stops, evenly spaced: a value for fillStyle.
	Gradient(x0, y0, x1, y1 float64, stops []string) any
}

// fit resizes the backing store to the element's current CSS size and resets
// the transform so that one unit is one CSS pixel. It reports whether the
// canvas has a non-zero size.
func (c *canvas2D) fit() bool {
	w, h, dpr := c.el.Size()
	if !(dpr > 0) {
		dpr = 1
	}
	if w != c.w || h != c.h || dpr != c.dpr {
		c.w, c.h, c.dpr = w, h, dpr
		c.el.SetBacking(int(math.Round(w*dpr)), int(math.Round(h*dpr)))
	}
	c.ctx.Call("setTransform", dpr, 0, 0, dpr, 0, 0)
	return w > 0 && h > 0
}

// resized reports whether the element's CSS size is no longer the one of
// the last fit.
func (c *canvas2D) resized() bool {
	w, h, _ := c.el.Size()
	return w != c.w || h != c.h
}

func (c *canvas2D) clear() {
	c.ctx.Call("clearRect", 0, 0, c.w, c.h)
}
