//go:build js && wasm

package ui

import (
	"image"
	"math"
	"syscall/js"

	"kernelplay/ui/app"
	"kernelplay/ui/paint"
	"kernelplay/ui/state"
)

// plotJS is the plot's part that only the browser has: the surface's
// canvas, the markers' atlas and layer, the line worker's batch, the
// colour key's image and the plot's listeners.
type plotJS struct {
	fns    []js.Func
	blit   blitter         // the surface, straight into the canvas under the plot
	atlas  spriteAtlas     // the point and support-vector markers
	batch  paint.LineBatch // this frame's lines and markers for the line worker
	layerB blitter         // the markers' layer, composited onto the canvas, or
	direct blitter         // put into it when nothing is under the layer
	key    cachedImage     // the colour key, drawn once per task
}

// markers builds the atlas for the canvas's pixel ratio.
func (p *Plot) markers(dpr float64) {
	key := ftoa(dpr, 3)
	if key == p.atlas.key {
		return
	}
	specs := make([]paint.SpriteSpec, 0, spriteFill+state.MaxClasses)
	for i := range ringSteps {
		specs = append(specs, paint.SpriteSpec{R: 3 + float64(i)/4, Width: 1.3, Stroke: inkColor})
	}
	for i := range ringSteps { // faint, for crowded cells (crowdFaint)
		specs = append(specs, paint.SpriteSpec{R: 3 + float64(i)/4, Width: 1, Stroke: "rgba(27,31,36,0.3)"})
	}
	specs = append(specs,
		paint.SpriteSpec{R: pointRadius, Width: 1.8, Stroke: "#ffffff"},
		paint.SpriteSpec{R: pointRadius, Width: 3.4, Stroke: "rgba(27,31,36,0.55)"})
	for class := range state.MaxClasses {
		specs = append(specs, paint.SpriteSpec{R: pointRadius, Fill: classCSS(state.Config{}, class)})
	}
	p.atlas.build(key, dpr, specs)
}

// Mount implements comp.Mounter.
func (p *Plot) Mount() {
	el := p.el.Node()
	p.cv = newCanvas2D(el)
	if p.P.Second {
		return // one canvas, no input, no worker (compare2d.go)
	}
	p.blit.target(p.under.Node())
	p.direct.target(el) // (a remount brings new canvases)
	p.worker = kpDraw.linesStart(p.mid.Node())
	on := func(name string, f func(e js.Value)) {
		fn := guardedFunc("plot "+name, func(_ js.Value, args []js.Value) { f(args[0]) })
		p.fns = append(p.fns, fn)
		el.Call("addEventListener", name, fn)
	}
	on("pointerdown", p.pointerDown)
	on("contextmenu", func(e js.Value) { e.Call("preventDefault") })
	on("keydown", p.keyDown) // the keyboard's cursor (plotcursor.go)
	on("focus", func(js.Value) { p.focusChanged(true) })
	on("blur", func(js.Value) { p.focusChanged(false) })
}

// Unmount implements comp.Unmounter.
func (p *Plot) Unmount() {
	if p.worker {
		kpDraw.linesStop()
		p.worker = false
	}
	for _, f := range p.fns {
		f.Release()
	}
	p.fns = nil
	p.cv, p.surfaceSet, p.sentAtlas = nil, false, "" // the canvases and the worker are gone (mode switch)
}

func (p *Plot) resized() bool {
	return p.cv != nil && p.cv.Resized()
}

// pointerDown handles a press on the plot (click).
func (p *Plot) pointerDown(e js.Value) {
	if p.cv == nil {
		return
	}
	e.Call("preventDefault") // no text selection, no emulated mouse events after touch
	el, _ := jsOf(p.cv)
	rect := el.Call("getBoundingClientRect")
	p.click(e.Get("clientX").Float()-rect.Get("left").Float(), e.Get("clientY").Float()-rect.Get("top").Float(),
		rect.Get("width").Float(), rect.Get("height").Float(), e.Get("shiftKey").Bool() || e.Get("button").Int() == 2)
}

// draw renders the plot for its props (P), with overlay (the step
// inspector's marks; nil: none) drawn over the markers and under the colour
// key and the keyboard's cursor. It reports false when the canvas is not
// mounted or has no size yet. What it spent, by part, is added to p.spent
// (which the frame loop folds into its profile and empties).
func (p *Plot) draw(overlay func(*Plot)) bool {
	if p.cv == nil || !p.cv.Fit() {
		return false
	}
	if p.P.Second {
		p.drawSecond() // compare2d_js.go
		return true
	}
	if p.drawRESvsSGD() {
		p.showSurface(false)
		p.batch.Marks = p.batch.Marks[:0]
		p.flushLines()
		return true // the preset's objective chart replaces the 2D plot
	}
	c := p.P.Config
	sm := p.P.Sim
	cv := p.cv
	w, h := cv.W, cv.H
	p.drawSurface()
	cv.Clear()
	t2 := perfNow()

	// Lines traced from the surface go to the line worker (or, without
	// one, are stroked on this canvas); the exact lines of linear models
	// and the regression curve are paths on this canvas. The markers'
	// layer goes over them.
	dpr := cv.DPR
	W, H := int(math.Round(w*dpr)), int(math.Round(h*dpr))
	p.canvasBelow = false
	margin := plotMargin(sm, c)
	if c.Task == state.TaskRegression {
		p.canvasBelow = true
		p.drawRegression(sm, margin)
	} else if p.drawLinear(sm, c, margin) {
		p.canvasBelow = true
	} else {
		// The boundary solid, the margins dashed (linear models and AMM
		// draw their exact lines instead: linear.go).
		// Traced through the grid and simplified to a third of a device
		// pixel: the same lines with far fewer vertices to stroke.
		tol := 2 / w / cv.DPR / 3
		if c.Task == state.TaskBinary && margin > 0 {
			p.lines = p.surf.Lines(p.lines[:0], &p.tracer, margin, tol)
			p.lines = p.surf.Lines(p.lines, &p.tracer, -margin, tol)
			p.strokeLines(p.lines, 1.2, []float64{5, 4}, false)
		}
		p.lines = p.surf.Lines(p.lines[:0], &p.tracer, 0, tol)
		p.strokeLines(p.lines, 2, nil, true)
	}
	// The hindsight predictor's boundary, dotted over a halo (the
	// regret chart's g*; Config.Hindsight).
	if gs := p.hindsightLines(sm, c, 2/w/cv.DPR/3); len(gs) > 0 {
		p.strokeLines(gs, 2, []float64{1.5, 3.5}, true)
	}
	t3 := perfNow()
	p.took("contours", t3-t2)

	// Points (clicked, or the generator's recent examples), class by
	// class: a white ring and (multiclass, whose regions take the class
	// colours) a dark one under all the points of the class, then their
	// fills; then the support vectors as rings with radius growing with
	// |α_i|. All from the sprite atlas.
	p.markers(dpr)
	var evict [2]float64
	var hasEvict bool
	p.plan, p.svs, evict, hasEvict = plotMarks(p.plan[:0], p.svs, sm, c, w, h)
	p.marks = p.marks[:0]
	for _, m := range p.plan {
		p.marks = p.atlas.put(p.marks, m.Sprite, m.X, m.Y, dpr)
	}
	t4 := perfNow()
	if p.worker {
		// The worker draws them over its lines, from its copy of the
		// atlas, while this frame goes on.
		p.sendAtlas()
		p.batch.Marks = append(p.batch.Marks[:0], p.marks...)
		p.flushLines()
	} else {
		p.stampMarkers(W, H)
	}
	p.took("markers", perfNow()-t4)
	if hasEvict {
		p.evictMark(evict[0], evict[1]) // the next evicted term crossed out
	}
	if overlay != nil {
		overlay(p) // the inspector's x_t and, in slow motion, what its sub-step lights (inspector.go)
	}
	p.legend(c)
	p.compareLabel(cv.Ctx, w) // in a 2D comparison: which learner this is (compare2d.go)
	p.drawCursor()            // while the plot has the focus (plotcursor.go)
	p.took("points", perfNow()-t3)
	return true
}

// drawSurface computes the decision surface and puts it into the surface
// canvas (shown; it is grid-sized, so the plot's size does not matter). It
// reports false when the plot is not mounted.
func (p *Plot) drawSurface() bool {
	if p.cv == nil {
		return false
	}
	t0 := perfNow()
	img := p.renderSurface()
	p.surfMS = app.EMA(p.surfMS, perfNow()-t0)
	p.took("surface", perfNow()-t0)
	t1 := perfNow()
	p.showSurface(true)
	p.blit.upload(img)
	p.took("blit", perfNow()-t1)
	return true
}

// strokeLines strokes polylines in the format of render.Tracer.Lines
// (input coordinates, NaN-separated; converted to CSS pixels in place), in
// ink with a dash pattern (CSS pixels) and, with halo, over a white halo so
// the line reads on both ends of the palette: batched for the line worker,
// or (without one) as one path on the plot canvas, made in one call.
func (p *Plot) strokeLines(xy []float64, width float64, dash []float64, halo bool) {
	if len(xy) == 0 {
		return
	}
	w, h := p.cv.W, p.cv.H
	for i := 0; i+1 < len(xy); i += 2 {
		xy[i], xy[i+1] = p.view.toPixel(xy[i], xy[i+1], w, h)
	}
	if p.worker {
		p.batch.Add(xy, width, dash, halo)
		return
	}
	p.canvasBelow = true
	p.cv.Ctx.Lines(xy)
	strokeInk(p.cv.Ctx, width, dash, halo)
}

// stampMarkers draws this frame's markers without a worker: stamped onto a
// transparent W×H layer (device pixels) in Go and copied to the canvas as
// one image (a drawImage per marker cost the browser about 5 µs each, a
// thousand a frame).
func (p *Plot) stampMarkers(W, H int) {
	p.layer.Reset(W, H)
	for i := 0; i+2 < len(p.marks); i += 3 {
		p.layer.Stamp(p.atlas.sprite[int(p.marks[i])], int(p.marks[i+1]), int(p.marks[i+2]))
	}
	layer := &image.RGBA{Pix: p.layer.Straight(), Stride: 4 * W, Rect: image.Rect(0, 0, W, H)}
	if p.canvasBelow {
		dpr := p.cv.DPR
		p.layerB.draw(p.cv, layer, 0, 0, float64(W)/dpr, float64(H)/dpr, false)
	} else {
		// Nothing under the layer: its pixels replace the canvas's
		// (putImageData, no compositing).
		p.direct.put(layer)
	}
}

// sendAtlas gives the worker the sprite atlas when it changed.
func (p *Plot) sendAtlas() {
	if p.sentAtlas != p.atlas.key {
		p.sentAtlas = p.atlas.key
		kpDraw.linesAtlas(p.atlas.cv, p.atlas.cells)
	}
}

// flushLines sends this frame's lines to the line worker (which clears its
// canvas when there are none).
// If the worker has failed, the plot draws them itself from the next frame
// on.
func (p *Plot) flushLines() {
	if !p.worker {
		return
	}
	if !kpDraw.linesFrame(&p.batch, int(math.Round(p.cv.W*p.cv.DPR)), int(math.Round(p.cv.H*p.cv.DPR)), p.cv.DPR) {
		kpDraw.linesStop()
		p.worker, p.batch = false, paint.LineBatch{}
		p.dirty = true // redraw, even if paused
	}
}

// showSurface shows or hides the surface canvas under the plot.
func (p *Plot) showSurface(on bool) {
	if on == p.surfaceShown && p.surfaceSet {
		return
	}
	p.surfaceShown, p.surfaceSet = on, true
	v := "hidden"
	if on {
		v = "visible"
	}
	p.under.Node().Get("style").Set("visibility", v)
}

// legend draws the colour key of the surface in the corner with the
// fewest points (legendCorner; bottom-right when free):
// the diverging bar over scores −2 … +2 (the surface maps s to
// Diverging(tanh(s)), so ±1, the margins, are 76% saturated), or the class
// swatches for multiclass.
// It is drawn once per task and pixel ratio into an offscreen canvas and
// copied from there every frame.
func (p *Plot) legend(c state.Config) {
	w, h := p.cv.W, p.cv.H
	img := p.legendImage(c)
	var x, y float64
	p.keyCorner, x, y = legendCorner(p.plan, p.keyCorner, w, h, legendW, legendH, 6)
	p.cv.Ctx.Call("drawImage", img, x, y, legendW, legendH)
}

// legendW and legendH are the legend's box, CSS pixels.
const legendW, legendH = 150.0, 50.0

// legendImage is the legend's picture for c, drawn when the task, the
// classes or the pixel ratio changed.
func (p *Plot) legendImage(c state.Config) js.Value {
	key := ftoa(p.cv.DPR, 3) + " " + string(c.Task) + " " + itoa(c.NumClasses())
	return p.key.get(key, legendW, legendH, p.cv.DPR, func(ctx js.Value) { drawLegend(&jsCtx{v: ctx}, c, legendW, legendH) })
}

// prepare makes what the plot's first full picture draws with and the
// skeleton's surface did not need: the markers' sprite atlas and the
// legend (both cached). The Playground calls it in a task of its own while
// the page leaves its skeleton (Playground.prepareLater), so that the
// first full picture's frame does not pay for them (about 30 ms with the
// CPU throttled 4×, text in a canvas the first time above all).
func (p *Plot) prepare() {
	if p.cv == nil || p.P.Second || !p.cv.Fit() {
		return
	}
	p.markers(p.cv.DPR)
	p.legendImage(p.P.Config)
}

// keyDown handles a key pressed on the focused plot (plotKey).
func (p *Plot) keyDown(e js.Value) {
	stop, prevent, label := p.plotKey(keyOf(e))
	if stop {
		e.Call("stopPropagation")
	}
	if prevent {
		e.Call("preventDefault")
	}
	if label != "" {
		p.el.Node().Call("setAttribute", "aria-label", label)
	}
}
