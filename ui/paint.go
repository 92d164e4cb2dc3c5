//go:build js && wasm

package ui

import (
	"math"
	"strconv"
	"syscall/js"

	"kernelplay/ui/render"
)

// chartView is one canvas's chart: its description, its display list and
// the painter, all reused from one redraw to the next.
type chartView struct {
	chart render.Chart
	list  render.List
	paint painter
}

// draw lays out v.chart (filled in by the caller) for the canvas's size
// and paints it, its polylines through b: the page's one bridge to
// static/draw.js (the plot's), whose shared array a second bridge would
// hold stale once the first grew it.
func (v *chartView) draw(cv *canvas2D, b *bulk) {
	v.list.Reset(cv.w, cv.h)
	v.list.Chart(&v.chart)
	cv.clear()
	v.paint.paint(cv.ctx, &v.list, b)
}

// painter paints render.List display lists on a canvas 2D context, one op
// at a time: a polyline goes to static/draw.js in one call (a bulk), and the
// context's colours, font, alignment, width and dash are set only when
// they change (each set is a call into JavaScript and, for strings, a
// conversion).
type painter struct {
	dashes map[[2]float64]js.Value
	// The context state last set (valid within one paint call).
	fill, stroke string
	font         fontKey
	align        render.Align
	width        float64
	dash         [2]float64
}

// Font families of the display list's fonts (the page's CSS stacks).
const (
	sansStack = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
	monoStack = "ui-monospace, Menlo, Consolas, monospace"
)

// chartFont is the 13 px font of the gallery's messages and footer (the
// other canvases' text is in display lists).
const chartFont = "13px " + sansStack

// fontKey is a display-list font and size.
type fontKey struct {
	f    render.Font
	size float64
}

// fontCSS is the CSS font of a display-list font at size px.
func fontCSS(f render.Font, size float64) string {
	px := strconv.FormatFloat(size, 'f', -1, 64) + "px "
	switch f {
	case render.FontMono:
		return px + monoStack
	case render.FontBold:
		return "600 " + px + sansStack
	}
	return px + sansStack
}

// forget marks the cached context state unknown (a new paint call, or
// after a restore).
func (p *painter) forget() {
	p.fill, p.stroke, p.font, p.align, p.width = "", "", fontKey{size: -1}, 255, -1
	p.dash = [2]float64{-1, -1}
}

func (p *painter) setFill(ctx js.Value, c string) {
	if c != p.fill {
		ctx.Set("fillStyle", c)
		p.fill = c
	}
}

func (p *painter) setStroke(ctx js.Value, c string, width float64, dash [2]float64) {
	if c != p.stroke {
		ctx.Set("strokeStyle", c)
		p.stroke = c
	}
	if width != p.width {
		ctx.Set("lineWidth", width)
		p.width = width
	}
	if dash != p.dash {
		arr, ok := p.dashes[dash]
		if !ok {
			vals := []any{}
			if dash[0] > 0 {
				vals = []any{dash[0], dash[1]}
			}
			arr = js.ValueOf(vals)
			if p.dashes == nil {
				p.dashes = map[[2]float64]js.Value{}
			}
			p.dashes[dash] = arr
		}
		ctx.Call("setLineDash", arr)
		p.dash = dash
	}
}

// paint draws l's ops in order on ctx (whose units are CSS pixels), the
// polylines through b.
func (p *painter) paint(ctx js.Value, l *render.List, b *bulk) {
	p.forget()
	ctx.Set("textBaseline", "alphabetic")
	ctx.Set("lineJoin", "round")
	for i := range l.Ops {
		o := &l.Ops[i]
		switch o.Kind {
		case render.OpFill:
			p.setFill(ctx, o.Color)
			ctx.Call("fillRect", o.X, o.Y, o.W, o.H)
		case render.OpFrame:
			p.setStroke(ctx, o.Color, o.Width, [2]float64{})
			ctx.Call("strokeRect", o.X, o.Y, o.W, o.H)
		case render.OpStroke:
			clip := o.W > 0
			if clip {
				ctx.Call("save")
				ctx.Call("beginPath")
				ctx.Call("rect", o.X, o.Y, o.W, o.H)
				ctx.Call("clip")
			}
			b.pathOf(ctx, l.Pts[o.P0:o.P1])
			p.setStroke(ctx, o.Color, o.Width, o.Dash)
			ctx.Call("stroke")
			if clip {
				ctx.Call("restore")
				p.forget()
			}
		case render.OpText:
			if k := (fontKey{o.Font, o.Size}); k != p.font {
				ctx.Set("font", fontCSS(o.Font, o.Size))
				p.font = k
			}
			if o.Align != p.align {
				ctx.Set("textAlign", [...]string{"left", "center", "right"}[o.Align])
				p.align = o.Align
			}
			p.setFill(ctx, o.Color)
			if o.Vertical {
				ctx.Call("save")
				ctx.Call("translate", o.X, o.Y)
				ctx.Call("rotate", -math.Pi/2)
				ctx.Call("fillText", o.Text, 0, 0)
				ctx.Call("restore")
				p.forget()
				continue
			}
			ctx.Call("fillText", o.Text, o.X, o.Y)
		}
	}
	// Leave the context as the other painters expect it.
	p.setStroke(ctx, p.stroke, p.width, [2]float64{})
	if p.align != render.AlignLeft {
		ctx.Set("textAlign", "left")
	}
}

// installChartHook adds to window.kernelplay (see installDebugHook):
//
//	chartTexts(which)  the text of the chart last painted, which is
//	                   "charts" (the 2D page's stack), "objective" (RES vs
//	                   SGD) or "digits": {w, h, texts: [{text, x, y, font,
//	                   size, align, vertical, est}]} with est the width
//	                   render.TextWidth estimated (the layout's), or null
//
// so that a browser test can measure the real widths against the estimate
// and the labels against each other.
func (a *App) installChartHook(hook js.Value) {
	hook.Set("chartTexts", js.FuncOf(func(_ js.Value, args []js.Value) (out any) {
		defer func() {
			if r := recover(); r != nil {
				out = js.Global().Get("Error").New("kernelplay.chartTexts: panic")
			}
		}()
		var l *render.List
		if len(args) > 0 {
			switch args[0].String() {
			case "charts":
				l = &a.charts.view.list
			case "objective":
				l = &a.plot.lin.chart.list
			case "digits":
				if a.dg != nil {
					l = &a.dg.chart.list
				}
			}
		}
		if l == nil {
			return nil
		}
		var texts []any
		for _, o := range l.Ops {
			if o.Kind != render.OpText {
				continue
			}
			texts = append(texts, map[string]any{"text": o.Text, "x": o.X, "y": o.Y,
				"font": fontCSS(o.Font, o.Size), "size": o.Size,
				"align": [...]string{"left", "center", "right"}[o.Align], "vertical": o.Vertical,
				"est": render.TextWidth(o.Text, o.Font, o.Size)})
		}
		return map[string]any{"w": l.W, "h": l.H, "texts": texts}
	}))
}
