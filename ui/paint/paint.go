package paint

import (
	"math"
	"strconv"

	"kernelplay/ui/render"
)

// ChartView is one canvas's chart: its description, its display list and
// the Painter, all reused from one redraw to the next.
type ChartView struct {
	Chart render.Chart
	List  render.List
	Paint Painter
}

// Draw lays out v.Chart (filled in by the caller) for the canvas's size
// and paints it.
func (v *ChartView) Draw(cv *Canvas) {
	v.List.Reset(cv.W, cv.H)
	v.List.Chart(&v.Chart)
	cv.Clear()
	v.Paint.Paint(cv.Ctx, &v.List)
}

// Painter paints render.List display lists on a canvas 2D context, one op
// at a time: a polyline is one Ctx.Lines call (static/draw.js), and the
// context's colours, font, alignment, width and dash are set only when
// they change (each set is a call into JavaScript and, for strings, a
// conversion).
type Painter struct {
	dashBuf []float64 // the dash pattern passed to the context
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

// ChartFont is the 13 px font of the gallery's messages and footer (the
// other canvases' text is in display lists).
const ChartFont = "13px " + sansStack

// fontKey is a display-list font and size.
type fontKey struct {
	f    render.Font
	size float64
}

// FontCSS is the CSS font of a display-list font at size px.
func FontCSS(f render.Font, size float64) string {
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
func (p *Painter) forget() {
	p.fill, p.stroke, p.font, p.align, p.width = "", "", fontKey{size: -1}, 255, -1
	p.dash = [2]float64{-1, -1}
}

func (p *Painter) setFill(ctx Ctx, c string) {
	if c != p.fill {
		ctx.Set("fillStyle", c)
		p.fill = c
	}
}

func (p *Painter) setStroke(ctx Ctx, c string, width float64, dash [2]float64) {
	if c != p.stroke {
		ctx.Set("strokeStyle", c)
		p.stroke = c
	}
	if width != p.width {
		ctx.Set("lineWidth", width)
		p.width = width
	}
	if dash != p.dash {
		if dash[0] > 0 {
			p.dashBuf = append(p.dashBuf[:0], dash[0], dash[1])
			ctx.Dash(p.dashBuf)
		} else {
			ctx.Dash(nil)
		}
		p.dash = dash
	}
}

// Paint draws l's ops in order on ctx (whose units are CSS pixels), the
// polylines through b.
func (p *Painter) Paint(ctx Ctx, l *render.List) {
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
			ctx.Lines(l.Pts[o.P0:o.P1])
			p.setStroke(ctx, o.Color, o.Width, o.Dash)
			ctx.Call("stroke")
			if clip {
				ctx.Call("restore")
				p.forget()
			}
		case render.OpText:
			if k := (fontKey{o.Font, o.Size}); k != p.font {
				ctx.Set("font", FontCSS(o.Font, o.Size))
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
