package paint

import "math"

// Canvas is a <canvas> element and its 2D context, with a backing store
// kept at the element's CSS size times devicePixelRatio; drawing code uses
// CSS pixels. The browser's element and context are behind Element
// and Ctx (package ui's browser_js.go adapts them), so that painting code
// builds natively and is tested with a recording context.
//
// A canvas can be zoomed (Element.Zoom, the style sheet's
// --canvas-zoom: presenter mode's 20/13, so that a chart's 13 px labels are
// 20 px on the screen): drawing units are then CSS pixels divided by the
// zoom, W and H are the element's size in those units and DPR is device
// pixels per unit, so painting code lays out a smaller canvas that the
// transform scales up, text and all.
type Canvas struct {
	_          [0]func() // not comparable: no equality function in main.wasm (see inspect.Block)
	El         Element
	Ctx        Ctx
	W, H       float64 // drawing units: CSS pixels / zoom, as of the last Fit
	DPR        float64 // device pixels per drawing unit, as of the last Fit
	cssW, cssH float64 // the element's CSS size at the last fit
}

// Element is the <canvas> element as painting code needs it.
type Element interface {
	// Size is the element's CSS size (clientWidth, clientHeight) and the
	// window's devicePixelRatio.
	Size() (w, h, dpr float64)
	// Zoom is how many CSS pixels one drawing unit takes (the custom
	// property --canvas-zoom of the element's style; 1 when unset).
	Zoom() float64
	// SetBacking sets the backing store's size in device pixels.
	SetBacking(w, h int)
}

// Ctx is a CanvasRenderingContext2D as painting code uses it, in the
// style of gonum/plot's vg.Canvas but with the browser's own names, so
// that the painting reads as the canvas calls it makes.
type Ctx interface {
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
	Path(p *Path) any
	// Gradient makes a linear gradient from (x0, y0) to (x1, y1) through
	// the CSS colours stops, evenly spaced: a value for fillStyle.
	Gradient(x0, y0, x1, y1 float64, stops []string) any
}

// Fit resizes the backing store to the element's current CSS size and resets
// the transform so that one unit is one CSS pixel times the zoom. It
// reports whether the canvas has a non-zero size.
func (c *Canvas) Fit() bool {
	w, h, dpr := c.El.Size()
	if !(dpr > 0) {
		dpr = 1
	}
	z := c.El.Zoom()
	if !(z > 0) || math.IsInf(z, 0) {
		z = 1
	}
	if w != c.cssW || h != c.cssH || dpr*z != c.DPR {
		c.cssW, c.cssH = w, h
		c.W, c.H, c.DPR = w/z, h/z, dpr*z
		c.El.SetBacking(int(math.Round(w*dpr)), int(math.Round(h*dpr)))
	}
	c.Ctx.Call("setTransform", c.DPR, 0, 0, c.DPR, 0, 0)
	return w > 0 && h > 0
}

// Resized reports whether the element's CSS size is no longer the one of
// the last fit.
func (c *Canvas) Resized() bool {
	w, h, _ := c.El.Size()
	return w != c.cssW || h != c.cssH
}

// Clear clears the whole canvas.
func (c *Canvas) Clear() {
	c.Ctx.Call("clearRect", 0, 0, c.W, c.H)
}
