//go:build js && wasm

package ui

import (
	"math"
	"strconv"

	"kernelplay/ui/render"
	"kernelplay/ui/state"
)

// second2DJS is the second surface's blitter.
type second2DJS struct {
	blit blitter
}

// draw paints the second learner's surface, its boundary and the points.
func (v *Second2D) draw() {
	b := v.app.store.Run().Second() // the run itself: app.Second's caption is for Render only
	if v.cv == nil || b == nil || !v.cv.fit() {
		return
	}
	c := v.app.store.Config()
	cv := v.cv
	v.surf.Grid = min(v.app.surfaceGrid(c.Grid), 120) // a smaller square than the plot's
	v.surf.Scale = 0
	if c.Task == state.TaskMulticlass {
		v.surf.Scale = 2
	}
	img := v.surf.Render(b.Learner())
	cv.clear()
	v.blit.draw(cv, img, 0, 0, cv.w, cv.h, true)
	ctx := cv.ctx
	toPx := func(x, y float64) (float64, float64) { return (x + 1) / 2 * cv.w, (1 - y) / 2 * cv.h }
	{ // f = 0: the boundary (regression: the residual's zero, the fitted curve)
		ctx.Set("strokeStyle", inkColor)
		ctx.Set("lineWidth", 1.5)
		ctx.Call("beginPath")
		for _, pl := range render.Chain(v.surf.Contours(0)) {
			for i := 0; i+1 < len(pl); i += 2 {
				x, y := toPx(pl[i], pl[i+1])
				if i == 0 {
					ctx.Call("moveTo", x, y)
				} else {
					ctx.Call("lineTo", x, y)
				}
			}
		}
		ctx.Call("stroke")
	}
	// The points the plot shows (the same stream), small.
	for _, p := range v.app.store.Sim().Points() {
		x, y := toPx(p.X, p.Y)
		ctx.Set("fillStyle", classCSS(c, p.Class))
		ctx.Call("beginPath")
		ctx.Call("arc", x, y, 2, 0, 2*math.Pi)
		ctx.Call("fill")
	}
	// The second learner's mistakes and windowed error (regression: its
	// mean |y − f(x)| over the window), top left.
	text := "mistakes " + strconv.Itoa(b.Mistakes())
	w := b.Window().Rate()
	if c.Task == state.TaskRegression {
		text, w = "mean |y − f(x)|", b.AbsWindow().Mean()
	}
	if !math.IsNaN(w) {
		text += " · last " + strconv.Itoa(c.Window) + ": " + render.FormatValue(w, false)
	}
	ctx.Set("font", "12px system-ui, sans-serif")
	ctx.Set("strokeStyle", haloColor) // a halo keeps the text readable on any shade
	ctx.Set("lineWidth", 3)
	ctx.Call("strokeText", text, 6, 15)
	ctx.Set("fillStyle", inkColor)
	ctx.Call("fillText", text, 6, 15)
}
