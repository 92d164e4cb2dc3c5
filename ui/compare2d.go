package ui

import (
	"math"
	"strconv"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"

	"kernelplay/ui/app"
	"kernelplay/ui/comp"
	"kernelplay/ui/paint"
	"kernelplay/ui/render"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// secondPanel is a 2D comparison's panel beside the plot: the second
// learner's Plot (plot, fed the second run: see Plot) and a caption naming
// the learner and its settings (sv, app.Second).
func secondPanel(plot *Plot, sv app.SecondView) *vecty.HTML {
	return elem.Div(vecty.Markup(vecty.Class("panel", "second2d"), prop.ID("second2d")),
		comp.Of(plot),
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

// renderSecond is the second Plot's one canvas: the surface, the boundary,
// the points and the label, drawn by the frame loop (Plot.drawSecond).
func (p *Plot) renderSecond() vecty.ComponentOrHTML {
	p.el = elem.Canvas(vecty.Markup(vecty.Class("surface2"), prop.ID("surface2"),
		vecty.Attribute("role", "img"),
		vecty.Attribute("aria-label", "decision surface of the second learner, "+p.P.Name),
		vecty.Attribute("aria-describedby", "second2d-cap")))
	return p.el
}

// paintSecond draws over the second surface (w × h drawing units, dpr
// device pixels per unit) the boundary f = 0 of P.Sim's learner, traced
// from the surface as the plot traces its own (render.Surface.Lines), the
// stream's points as dots and, top left, P.Label.
func (p *Plot) paintSecond(ctx paint.Ctx, w, h, dpr float64) {
	c := p.P.Config
	// f = 0: the boundary (regression: the residual's zero, the fitted
	// curve), thinner than the plot's and without its halo.
	p.lines = p.surf.Lines(p.lines[:0], &p.tracer, 0, 2/w/dpr/3)
	if len(p.lines) > 0 {
		for i := 0; i+1 < len(p.lines); i += 2 {
			p.lines[i], p.lines[i+1] = p.view.toPixel(p.lines[i], p.lines[i+1], w, h)
		}
		ctx.Lines(p.lines)
		strokeInk(ctx, 1.5, nil, false)
	}
	// The points the plot shows (the same stream), small.
	for _, pt := range p.data().Points() {
		x, y := p.view.toPixel(pt.X, pt.Y, w, h)
		ctx.Set("fillStyle", classCSS(c, pt.Class))
		ctx.Call("beginPath")
		ctx.Call("arc", x, y, 2, 0, 2*math.Pi)
		ctx.Call("fill")
	}
	if p.P.Label != "" {
		haloText(ctx, p.P.Label, 6, 15, "left")
	}
}

// compareLabels are what the two plots of a 2D comparison write top left
// (Plot.P.Label): the first names its learner beside its runLabel, the
// second (whose panel names it) its runLabel. Without a comparison both
// are "".
func compareLabels(c state.Config, r app.Run) (first, second string) {
	b := r.Second()
	if b == nil {
		return "", ""
	}
	name, _ := sim.PairNames(c)
	return name + " · " + runLabel(c, r.Sim()), runLabel(c, b)
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
func haloText(ctx paint.Ctx, text string, x, y float64, align string) {
	ctx.Set("font", "12px system-ui, sans-serif")
	ctx.Set("textAlign", align)
	ctx.Set("strokeStyle", haloColor)
	ctx.Set("lineWidth", 3)
	ctx.Call("strokeText", text, x, y)
	ctx.Set("fillStyle", inkColor)
	ctx.Call("fillText", text, x, y)
	ctx.Set("textAlign", "left")
}

// compareLabel writes P.Label, which names the plot's learner in a 2D
// comparison (compareLabels), top left on the w-wide plot, or top right
// when the colour key took the top-left corner (legendCorner's corner 3).
// Without a label it draws nothing.
func (p *Plot) compareLabel(ctx paint.Ctx, w float64) {
	if p.P.Label == "" {
		return
	}
	x, align := 6.0, "left"
	if p.keyCorner == 3 {
		x, align = w-6, "right"
	}
	haloText(ctx, p.P.Label, x, 15, align)
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
