//go:build js && wasm

package ui

import "kernelplay/ui/state"

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
	v.paint(cv.ctx, cv.w, cv.h, b)
}
