//go:build js && wasm

package ui

import (
	"math"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"

	"kernelplay/ui/render"
)

// Charts is the stack of trace charts beside the plot, sharing one time
// axis: η_t and the running average online error on log scales (as in the
// papers' figures), the loss and the number of stored terms. One canvas,
// drawn by the frame loop.
type Charts struct {
	vecty.Core
	app  *App
	el   *vecty.HTML
	cv   *canvas2D
	line []float64
	path pathBuilder
}

// Render implements vecty.Component.
func (ch *Charts) Render() vecty.ComponentOrHTML {
	ch.el = elem.Canvas(vecty.Markup(vecty.Class("charts"), vecty.Attribute("id", "charts"),
		vecty.Attribute("role", "img"),
		vecty.Attribute("aria-label", "traces of the step size, average error, loss and buffer size")))
	return ch.el
}

// SkipRender implements vecty.RenderSkipper: while mounted the frame loop
// draws the canvas; after an unmount (a mode switch) Vecty must build it
// afresh, not keep what another view left at its place.
func (ch *Charts) SkipRender(prev vecty.Component) bool { return ch.cv != nil }

// Mount implements vecty.Mounter.
func (ch *Charts) Mount() { ch.cv = newCanvas2D(ch.el.Node()) }

// Unmount implements vecty.Unmounter: the canvas is gone (mode switch).
func (ch *Charts) Unmount() { ch.cv = nil }

func (ch *Charts) resized() bool {
	return ch.cv != nil && (ch.cv.el.Get("clientWidth").Float() != ch.cv.w ||
		ch.cv.el.Get("clientHeight").Float() != ch.cv.h)
}

// Layout of the chart stack, CSS pixels.
const (
	chartLeft   = 46 // room for y tick labels
	chartRight  = 6
	chartTitle  = 18 // title line above each panel
	chartGap    = 8
	chartBottom = 20 // the shared time axis labels
	chartFont   = "13px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
	chartMono   = "13px ui-monospace, Menlo, Consolas, monospace"
)

func (ch *Charts) draw() {
	if ch.cv == nil || !ch.cv.fit() {
		return
	}
	cv := ch.cv
	ctx := cv.ctx
	cv.clear()
	ss := chartSeries(ch.app.store.Sim())
	if len(ss) == 0 {
		return
	}
	// The shared time axis.
	tmin, tmax := math.Inf(1), math.Inf(-1)
	for _, s := range ss {
		if len(s.X) > 0 {
			tmin = math.Min(tmin, s.X[0])
			tmax = math.Max(tmax, s.X[len(s.X)-1])
		}
	}
	if !(tmax > tmin) {
		tmin, tmax = 0, math.Max(1, tmax)
	}
	ph := (cv.h-chartBottom)/float64(len(ss)) - chartGap - chartTitle
	tx := render.Axis{Min: tmin, Max: tmax, P0: chartLeft, P1: cv.w - chartRight}
	ctx.Set("textBaseline", "alphabetic")
	for i, s := range ss {
		top := float64(i)*(ph+chartGap+chartTitle) + chartTitle
		ch.panel(s, tx, top, ph)
	}
	// Time ticks under the last panel.
	bottom := float64(len(ss))*(ph+chartGap+chartTitle) - chartGap
	ctx.Set("font", chartMono)
	ctx.Set("fillStyle", "#4d5560")
	ctx.Set("textAlign", "center")
	for _, tk := range render.LinearTicks(tmin, tmax, 4) {
		x := tx.Pixel(tk.Value)
		if x < chartLeft-1 || x > cv.w-chartRight-14 { // keep the label inside
			continue
		}
		ctx.Call("fillText", tk.Label, x, bottom+15)
	}
	ctx.Set("textAlign", "right")
	ctx.Call("fillText", "t", chartLeft-8, bottom+15)
	ctx.Set("textAlign", "left")
}

// panel draws one series between top and top+h.
func (ch *Charts) panel(s series, tx render.Axis, top, h float64) {
	ctx := ch.cv.ctx
	right := ch.cv.w - chartRight
	// Title and current value.
	ctx.Set("font", chartFont)
	ctx.Set("fillStyle", "#1b1f24")
	ctx.Call("fillText", s.Name, 0, top-5)
	if n := len(s.Y); n > 0 {
		ctx.Set("font", chartMono)
		ctx.Set("textAlign", "right")
		v := s.Y[n-1]
		text := num(v)
		if v == math.Trunc(v) && math.Abs(v) < 1e6 {
			text = itoa(int(v)) // counts
		}
		ctx.Call("fillText", text, right, top-5)
		ctx.Set("textAlign", "left")
	}
	// Frame.
	ctx.Set("fillStyle", "#fbfbfc")
	ctx.Call("fillRect", chartLeft, top, right-chartLeft, h)
	ctx.Set("strokeStyle", "#d9dde3")
	ctx.Set("lineWidth", 1)
	ctx.Call("strokeRect", chartLeft+0.5, top+0.5, right-chartLeft-1, h-1)

	lo, hi, ok := s.yRange()
	if !ok {
		return
	}
	ay := render.Axis{Min: lo, Max: hi, P0: top + h - 2, P1: top + 2, Log: s.Log}
	var ticks []render.Tick
	if s.Log {
		ticks = render.LogTicks(lo, hi)
	} else {
		ticks = render.LinearTicks(lo, hi, 3)
	}
	// Grid lines at major ticks; labels on majors first, then on the others
	// where they do not crowd (15 px apart).
	var placed []float64
	free := func(y float64) bool {
		for _, q := range placed {
			if math.Abs(q-y) < 15 {
				return false
			}
		}
		return true
	}
	ctx.Set("font", chartMono)
	ctx.Set("textAlign", "right")
	for pass := 0; pass < 2; pass++ {
		for _, tk := range ticks {
			y := ay.Pixel(tk.Value)
			if !(y >= top-0.5 && y <= top+h+0.5) || tk.Major != (pass == 0) {
				continue
			}
			if tk.Major {
				ctx.Set("fillStyle", "#e6e9ee")
				ctx.Call("fillRect", chartLeft+1, math.Round(y)-0.5, right-chartLeft-2, 1)
			}
			if tk.Label != "" && free(y) {
				ctx.Set("fillStyle", "#4d5560")
				ctx.Call("fillText", tk.Label, chartLeft-5, y+4)
				placed = append(placed, y)
			}
		}
	}
	ctx.Set("textAlign", "left")
	// The series.
	xs, ys := render.Downsample(s.X, s.Y, int(right-chartLeft))
	ch.line = render.Polyline(ch.line[:0], xs, ys, tx, ay)
	if len(ch.line) < 2 {
		return
	}
	ctx.Call("save")
	ctx.Call("beginPath")
	// The clip on whole device pixels (outwards): a fractional one makes
	// the browser rasterise the line through a coverage mask.
	dpr := ch.cv.dpr
	y0, y1 := math.Floor(top*dpr)/dpr, math.Ceil((top+h)*dpr)/dpr
	ctx.Call("rect", chartLeft, y0, right-chartLeft, y1-y0)
	ctx.Call("clip")
	ch.path.Reset()
	ch.path.Polyline(ch.line)
	ctx.Set("strokeStyle", s.Color)
	ctx.Set("lineWidth", 1.5)
	ctx.Set("lineJoin", "round")
	ctx.Call("stroke", path2D(&ch.path))
	ctx.Call("restore")
}
