package ui

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"

	"kernelplay/ui/render"
)

// Plot is the square plot: the decision surface, its boundary and margins,
// the points, the support vectors and the term evicted next, in three
// stacked canvases (see Render). It renders once per mount (Skip) and
// is drawn by the frame loop. Pointer input (mouse, pen, touch) adds and
// deletes points.
type Plot struct {
	app    *App
	el     *vecty.HTML // the plot canvas: legend, evict mark, exact lines; input
	under  *vecty.HTML // the surface canvas under it (grid-sized, scaled by CSS)
	mid    *vecty.HTML // between them: the traced lines and the markers, drawn by the line worker
	cv     *canvas2D
	view   plotView
	plotJS // the surface's and markers' canvases and the line worker (plot_js.go)

	surf      render.Surface
	svs       []render.SupportVector
	plan      []plotMark       // this frame's point and ring sprites (plotMarks)
	keyCorner int              // the colour key's corner in the last frame (legendCorner)
	rings     []regressionRing // this frame's support vectors on the regression curve
	path      pathBuilder
	lin       linearPlot    // hyperplanes of linear models, the RES-vs-SGD chart (linear.go)
	tracer    render.Tracer // contours as polylines
	lines     []float64     // their vertices, then pixels
	worker    bool          // the line worker strokes them and draws the markers
	sentAtlas string        // the atlas the worker has (its key)
	marks     []float64     // sprite triples of this frame
	layer     render.Layer  // the markers, stamped at device resolution

	canvasBelow              bool // this frame drew canvas paths under the layer
	surfaceShown, surfaceSet bool // the surface canvas's visibility, once set

	kb     plotKeys // the keyboard's cursor (plotcursor.go)
	dirty  bool     // the picture must be redrawn even if the run did not change
	surfMS float64  // time computing the surface (render.Surface.Render), ms, moving average
}

// Render implements comp.View.
//
// Three canvases, so that the main thread draws as little as possible: the
// decision surface, one canvas pixel per grid cell, which the browser's
// compositor scales to the plot's size; over it the boundary and margins,
// stroked by a worker (static/lines.js) on an OffscreenCanvas; on top the
// plot proper at device resolution (markers, legend), which takes the
// input.
func (p *Plot) Render() vecty.ComponentOrHTML {
	p.under = elem.Canvas(vecty.Markup(vecty.Class("surface"), vecty.Attribute("id", "surface"),
		vecty.Attribute("aria-hidden", "true")))
	p.mid = elem.Canvas(vecty.Markup(vecty.Class("lines"), vecty.Attribute("id", "lines"),
		vecty.Attribute("aria-hidden", "true")))
	p.el = elem.Canvas(vecty.Markup(vecty.Class("plot"), vecty.Attribute("id", "plot"),
		vecty.Attribute("role", "img"),
		vecty.Attribute("tabindex", "0"),         // the keyboard's cursor (plotcursor.go)
		vecty.Attribute("aria-label", plotLabel), // and the cursor's position once it moves (plotcursor.go)
		vecty.Attribute("aria-describedby", readoutsID)))
	return elem.Div(vecty.Markup(vecty.Class("plotframe")), p.under, p.mid, p.el)
}

// Skip implements comp.Skipper: as Charts.Skip.
func (p *Plot) Skip() bool { return p.cv != nil }
