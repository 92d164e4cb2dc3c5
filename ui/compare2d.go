package ui

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"

	"kernelplay/ui/app"
	"kernelplay/ui/render"
	"kernelplay/ui/state"
)

// Second2D is the second learner of a 2D comparison beside the plot: its
// decision surface on the same stream, with its boundary f = 0 and the
// points the first plot shows, and a caption naming it and its settings
// (app.Second). One canvas, drawn by the frame loop; the view holds no
// rule of the page.
type Second2D struct {
	vecty.Core
	app        *App
	el         *vecty.HTML
	cv         *canvas2D
	surf       render.Surface
	second2DJS // the surface's blitter (compare2d_js.go)
}

// Render implements vecty.Component.
func (v *Second2D) Render() (out vecty.ComponentOrHTML) {
	defer guardRender("Second2D.Render", &out, elem.Div)
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

// SkipRender implements vecty.RenderSkipper: the caption changes with the
// store (a rerender of the page), the canvas with the frame loop.
func (v *Second2D) SkipRender(prev vecty.Component) bool { return false }

// Mount implements vecty.Mounter.
func (v *Second2D) Mount() {
	defer guard("Second2D.Mount")
	v.cv = v.app.b.Canvas(v.el)
}

// Unmount implements vecty.Unmounter.
func (v *Second2D) Unmount() { v.cv = nil }

// windowControl is the error window N's slider, under the charts.
func (a *App) windowControl(c state.Config) vecty.ComponentOrHTML {
	f, _ := state.FieldByKey("win")
	if c.Hidden(f.Key) {
		return nil
	}
	return elem.Div(vecty.Markup(vecty.Class("winctl")), a.control(f, c))
}

// comparing is the page's extra class in a 2D comparison ("comparing":
// the side column makes room for the second surface).
func comparing(r app.Run) []string {
	if r.Second() != nil {
		return []string{"comparing"}
	}
	return nil
}
