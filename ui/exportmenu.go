package ui

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kernelplay/ui/app"
)

// “Take it home” (issue 12): the Save menu. The files come from
// the store (app/export.go) as bytes; pictures are composed from the
// page's own canvases on one canvas and encoded by the browser
// (canvas.toBlob); downloads are a Blob URL clicked on an <a download>,
// revoked afterwards. Nothing leaves the browser.

// takeHome is the Save menu beside Load data… (the Data heading of both
// modes; the top bar has no room left at laptop widths): a <details>, no
// state in Go, the browser opens and closes it.
func (p *Page) takeHome() *vecty.HTML {
	offer := p.S.Offers // which exports this run has (app.SaveOffers)
	btn := func(id, label, title string, act any) *vecty.HTML {
		return elem.Button(vecty.Markup(vecty.Class("btn"), prop.ID(id), vecty.Attribute("title", title),
			event.Click(handle(func(*vecty.Event) { p.Dispatch(act) }))), vecty.Text(label))
	}
	return elem.Details(vecty.Markup(vecty.Class("takehome"), prop.ID("take-home")),
		elem.Summary(vecty.Markup(vecty.Class("btn", "small"), vecty.Attribute("title", "save pictures, traces, data and models; load a model")),
			vecty.Text("Save ▾")),
		elem.Div(vecty.Markup(vecty.Class("takehome-menu", "panel")),
			vecty.If(offer.PlotPicture, elem.Label(vecty.Markup(vecty.Class("inline")),
				vecty.Text("picture size "),
				elem.Select(vecty.Markup(prop.ID("save-scale"), vecty.Attribute("aria-label", "picture size")),
					elem.Option(vecty.Markup(prop.Value("1")), vecty.Text("1× screen")),
					elem.Option(vecty.Markup(prop.Value("1.5")), vecty.Text("1.5× screen")),
					elem.Option(vecty.Markup(prop.Value("2"), vecty.Property("selected", true)), vecty.Text("2× screen")),
				))),
			vecty.If(offer.PlotPicture, btn("save-plot-png", "Plot (PNG)",
				"the plot alone: surface, boundary, margins, points and legend", savePicture{What: "plot"})),
			btn("save-view-png", "View (PNG)", "the plot, strip and charts with a caption line (settings, t, error, link)",
				savePicture{What: "view"}),
			btn("save-traces", "Traces (CSV)", "every chart's series, one row per kept step", saveExport{What: "traces"}),
			vecty.If(offer.Points, btn("save-points-csv", "Points (CSV)", "the plot's points, readable by Load data",
				saveExport{What: "csv"})),
			vecty.If(offer.Points, btn("save-points-libsvm", "Points (LIBSVM)", "the plot's points, readable by Load data",
				saveExport{What: "libsvm"})),
			vecty.If(offer.Model, btn("save-model", "Model (JSON)", "the learner's full state with the run's link and step: Load model continues it",
				saveExport{What: "model"})),
			// (kp-file: see loadButton.)
			vecty.If(offer.LoadModel, vecty.Tag("kp-file", elem.Label(vecty.Markup(vecty.Class("btn", "file"), prop.ID("load-model"),
				vecty.Attribute("title", "continue a run saved with Model (JSON)")),
				vecty.Text("Load model…"),
				elem.Input(vecty.Markup(prop.Type(prop.TypeFile), prop.ID("load-model-input"),
					vecty.Attribute("accept", ".json,application/json"),
					event.Change(handle(func(e *vecty.Event) {
						p.Files.ReadFile(e, func(name string, b []byte) { p.Dispatch(app.LoadModel{Name: name, Bytes: b}) })
					})))),
			))),
		),
	)
}

// saveExport downloads an export of the store, or says why there is none.
func (a *Playground) saveExport(e app.Export, err error) {
	if err != nil {
		a.store.Notify(app.Message{Kind: app.Warning, Text: "Nothing saved: " + err.Error() + "."})
		return
	}
	a.b.Save(e.Name, e.MIME, e.Bytes)
}
