package ui

import (
	"math"
	"strconv"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"

	"kernelplay/ui/app"
	"kernelplay/ui/render"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// Second2D is the second learner of a 2D comparison beside the plot: its
// decision surface on the same stream, with its boundary f = 0 and the
// points the first plot shows, and a caption naming it and its settings
// (app.Second). One canvas, drawn by the frame loop; the view holds no
// rule of the page.
type Second2D struct {
	app        *App
	el         *vecty.HTML
	cv         *canvas2D
	surf       render.Surface
	second2DJS             // the surface's blitter (compare2d_js.go)
	path       pathBuilder // the boundary's path, reused
}

// Render implements comp.View.
func (v *Second2D) Render() vecty.ComponentOrHTML {
	sv := app.Second(v.app.store.Run())
	v.el = elem.Canvas(vecty.Markup(vecty.Class("surface2"), prop.ID("surface2"),
		vecty.Attribute("role", "img"),
		vecty.Attribute("aria-label", "decision surface of the second learner, "+sv.Name),
		vecty.Attribute("aria-describedby", "second2d-cap")))
	return elem.Div(vecty.Markup(vecty.Class("panel", "second2d"), prop.ID("second2d")),
		v.el,
		elem.Div(vecty.Markup(vecty.Class("cap2"), prop.ID("second2d-cap")),
			elem.Heading2(vecty.Text("Second learner")),
			elem.Div(vecty.Markup(vecty.Class("name2")),
				// the learner's colour in the charts, beside its name (the colour is too light for text)
				elem.Span(vecty.Markup(vecty.Class("swatch2"), vecty.Style("background", learnerColor(1)),
					vecty.Attribute("aria-hidden", "true"))),
				vecty.Text(sv.Name)),
			elem.Div(vecty.Markup(vecty.Class("set2")), vecty.Text(sv.Caption)),
		),
	)
}

// Skip implements comp.Skipper: the caption changes with the
// store (a rerender of the page), the canvas with the frame loop.
func (v *Second2D) Skip() bool { return false }

// Mount implements comp.Mounter.
func (v *Second2D) Mount() {
	v.cv = v.app.b.Canvas(v.el)
}

// Unmount implements comp.Unmounter.
func (v *Second2D) Unmount() { v.cv = nil }

// paint draws over the second surface (w × h CSS pixels) the boundary
// f = 0 of run b's learner, the stream's points and, top left, b's mistakes
// and windowed error (regression: its mean |y − f(x)| over the window).
func (v *Second2D) paint(ctx ctx2D, w, h float64, b *sim.Sim) {
	c := v.app.store.Config()
	var view plotView
	// f = 0: the boundary (regression: the residual's zero, the fitted
	// curve), as one path made in one call, as the plot's lines.
	v.path.Reset()
	for _, sg := range v.surf.Contours(0) {
		x0, y0 := view.toPixel(sg.X0, sg.Y0, w, h)
		x1, y1 := view.toPixel(sg.X1, sg.Y1, w, h)
		v.path.MoveTo(x0, y0)
		v.path.LineTo(x1, y1)
	}
	strokeInk(ctx, 1.5, nil, false, ctx.Path(&v.path))
	// The points the plot shows (the same stream), small.
	for _, p := range v.app.store.Sim().Points() {
		x, y := view.toPixel(p.X, p.Y, w, h)
		ctx.Set("fillStyle", classCSS(c, p.Class))
		ctx.Call("beginPath")
		ctx.Call("arc", x, y, 2, 0, 2*math.Pi)
		ctx.Call("fill")
	}
	haloText(ctx, runLabel(c, b), 6, 15, "left")
}

// runLabel is what a compared learner's surface says top left: its
// mistakes and its error over the last N steps, the window (regression:
// its mean |y − f(x)| over the window).
func runLabel(c state.Config, s *sim.Sim) string {
	text := "mistakes " + strconv.Itoa(s.Mistakes())
	win := s.Window().Rate()
	if c.Task == state.TaskRegression {
		text, win = "mean |y − f(x)|", s.AbsWindow().Mean()
	}
	if !math.IsNaN(win) {
		text += " · last " + strconv.Itoa(c.Window) + ": " + render.FormatValue(win, false)
	}
	return text
}

// haloText writes text at (x, y) (CSS pixels, the baseline; align: the
// canvas textAlign) in the plot's ink over a halo that keeps it readable on
// any shade.
func haloText(ctx ctx2D, text string, x, y float64, align string) {
	ctx.Set("font", "12px system-ui, sans-serif")
	ctx.Set("textAlign", align)
	ctx.Set("strokeStyle", haloColor)
	ctx.Set("lineWidth", 3)
	ctx.Call("strokeText", text, x, y)
	ctx.Set("fillStyle", inkColor)
	ctx.Call("fillText", text, x, y)
	ctx.Set("textAlign", "left")
}

// compareLabel names the plot's learner in a 2D comparison, as the second
// surface's panel names its own, with its runLabel: top left on the w-wide
// plot, or top right when the colour key took the top-left corner
// (legendCorner's corner 3). Without a comparison it draws nothing.
func (p *Plot) compareLabel(ctx ctx2D, c state.Config, w float64) {
	s := p.app.store
	if s.Run().Second() == nil {
		return
	}
	first, _ := sim.PairNames(c)
	x, align := 6.0, "left"
	if p.keyCorner == 3 {
		x, align = w-6, "right"
	}
	haloText(ctx, first+" · "+runLabel(c, s.Sim()), x, 15, align)
}

// windowControl is the error window N's slider, under the charts.
func (p *Page) windowControl(c state.Config) vecty.ComponentOrHTML {
	f, _ := state.FieldByKey("win")
	if c.Hidden(f.Key) {
		return nil
	}
	return elem.Div(vecty.Markup(vecty.Class("winctl")), p.control(f, c))
}

// comparing is the page's extra class in a 2D comparison ("comparing":
// the side column makes room for the second surface).
func comparing(r app.Run) []string {
	if r.Second() != nil {
		return []string{"comparing"}
	}
	return nil
}
