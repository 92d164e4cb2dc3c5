package ui

import "math"

// canvas2D is a <canvas> element and its 2D context, with a backing store
// kept at the element's CSS size times devicePixelRatio; drawing code uses
// CSS pixels. The browser's element and context are behind canvasElement
// and ctx2D (browser_js.go adapts them), so that painting code builds
// natively and is tested with a recording context.
//
// A canvas can be zoomed (canvasElement.Zoom, the style sheet's
// --canvas-zoom: presenter mode's 20/13, so that a chart's 13 px labels are
// 20 px on the screen): drawing units are then CSS pixels divided by the
// zoom, w and h are the element's size in those units and dpr is device
// pixels per unit, so painting code lays out a smaller canvas that the
// transform scales up, text and all.
type canvas2D struct {
	el         canvasElement
	ctx        ctx2D
	w, h       float64 // drawing units: CSS pixels / zoom
	dpr        float64 // device pixels per drawing unit
	cssW, cssH float64 // the element's CSS size at the last fit
}

// canvasElement is the <canvas> element as painting code needs it.
type canvasElement interface {
	// Size is the element's CSS size (clientWidth, clientHeight) and the
	// window's devicePixelRatio.
	Size() (w, h, dpr float64)
	// Zoom is how many CSS pixels one drawing unit takes (the custom
	// property --canvas-zoom of the element's style; 1 when unset).
	Zoom() float64
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
// the transform so that one unit is one CSS pixel times the zoom. It
// reports whether the canvas has a non-zero size.
func (c *canvas2D) fit() bool {
	w, h, dpr := c.el.Size()
	if !(dpr > 0) {
		dpr = 1
	}
	z := c.el.Zoom()
	if !(z > 0) || math.IsInf(z, 0) {
		z = 1
	}
	if w != c.cssW || h != c.cssH || dpr*z != c.dpr {
		c.cssW, c.cssH = w, h
		c.w, c.h, c.dpr = w/z, h/z, dpr*z
		c.el.SetBacking(int(math.Round(w*dpr)), int(math.Round(h*dpr)))
	}
	c.ctx.Call("setTransform", c.dpr, 0, 0, c.dpr, 0, 0)
	return w > 0 && h > 0
}

// resized reports whether the element's CSS size is no longer the one of
// the last fit.
func (c *canvas2D) resized() bool {
	w, h, _ := c.el.Size()
	return w != c.cssW || h != c.cssH
}

func (c *canvas2D) clear() {
	c.ctx.Call("clearRect", 0, 0, c.w, c.h)
}
