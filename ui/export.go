//go:build js && wasm

package ui

import (
	"math"
	"syscall/js"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kernelplay/ui/app"
	"kernelplay/ui/state"
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
	a := p.app
	c := a.store.Config()
	plot2D := a.store.Run().Kind() == app.Plot2D
	classes := c.Task == state.TaskBinary || c.Task == state.TaskMulticlass
	btn := func(id, label, title string, f func()) *vecty.HTML {
		return elem.Button(vecty.Markup(vecty.Class("btn"), prop.ID(id), vecty.Attribute("title", title),
			event.Click(a.on(func(*vecty.Event) { f() }))), vecty.Text(label))
	}
	return elem.Details(vecty.Markup(vecty.Class("takehome"), prop.ID("take-home")),
		elem.Summary(vecty.Markup(vecty.Class("btn", "small"), vecty.Attribute("title", "save pictures, traces, data and models; load a model")),
			vecty.Text("Save ▾")),
		elem.Div(vecty.Markup(vecty.Class("takehome-menu", "panel")),
			vecty.If(c.Mode == state.Mode2D, elem.Label(vecty.Markup(vecty.Class("inline")),
				vecty.Text("picture size "),
				elem.Select(vecty.Markup(prop.ID("save-scale"), vecty.Attribute("aria-label", "picture size")),
					elem.Option(vecty.Markup(prop.Value("1")), vecty.Text("1× screen")),
					elem.Option(vecty.Markup(prop.Value("1.5")), vecty.Text("1.5× screen")),
					elem.Option(vecty.Markup(prop.Value("2"), vecty.Property("selected", true)), vecty.Text("2× screen")),
				))),
			vecty.If(c.Mode == state.Mode2D, btn("save-plot-png", "Plot (PNG)",
				"the plot alone: surface, boundary, margins, points and legend", func() { a.savePlotPNG() })),
			btn("save-view-png", "View (PNG)", "the plot, strip and charts with a caption line (settings, t, error, link)",
				func() { a.saveViewPNG() }),
			btn("save-traces", "Traces (CSV)", "every chart's series, one row per kept step", func() { a.saveExport(a.store.ExportTraces()) }),
			vecty.If(plot2D && classes, btn("save-points-csv", "Points (CSV)", "the plot's points, readable by Load data",
				func() { a.saveExport(a.store.ExportData(app.FormatCSV)) })),
			vecty.If(plot2D && classes, btn("save-points-libsvm", "Points (LIBSVM)", "the plot's points, readable by Load data",
				func() { a.saveExport(a.store.ExportData(app.FormatLIBSVM)) })),
			vecty.If(plot2D, btn("save-model", "Model (JSON)", "the learner's full state with the run's link and step: Load model continues it",
				func() { a.saveExport(a.store.ExportModel()) })),
			// (kp-file: see loadButton.)
			vecty.If(c.Mode == state.Mode2D, vecty.Tag("kp-file", elem.Label(vecty.Markup(vecty.Class("btn", "file"), prop.ID("load-model"),
				vecty.Attribute("title", "continue a run saved with Model (JSON)")),
				vecty.Text("Load model…"),
				elem.Input(vecty.Markup(prop.Type(prop.TypeFile), prop.ID("load-model-input"),
					vecty.Attribute("accept", ".json,application/json"),
					event.Change(a.on(func(e *vecty.Event) { a.loadModelFile(e.Target) })))),
			))),
		),
	)
}

// loadModelFile reads the file chosen in input and hands it to the store
// (app.LoadModel), which checks it whole and says what it did.
func (a *App) loadModelFile(input js.Value) {
	files := input.Get("files")
	if files.Get("length").Int() == 0 {
		return
	}
	file := files.Index(0)
	input.Set("value", "") // choosing the same file again fires change again
	a.readDroppedFile(file, func(name string, b []byte) {
		a.store.Dispatch(app.LoadModel{Name: name, Bytes: b})
	})
}

// saveExport downloads e, or shows err in the banner.
func (a *App) saveExport(e app.Export, err error) {
	if err != nil {
		a.store.Notify(app.Message{Kind: app.Warning, Text: "Nothing saved: " + err.Error() + "."})
		return
	}
	u8 := js.Global().Get("Uint8Array").New(len(e.Bytes))
	js.CopyBytesToJS(u8, e.Bytes)
	blob := js.Global().Get("Blob").New([]any{u8}, map[string]any{"type": e.MIME})
	download(blob, e.Name)
}

// download saves blob as a file named name, as the browser downloads: a
// Blob URL clicked on an <a download>, revoked once the click has started
// the download (the next task).
func download(blob js.Value, name string) {
	url := js.Global().Get("URL")
	href := url.Call("createObjectURL", blob).String()
	doc := js.Global().Get("document")
	link := doc.Call("createElement", "a")
	link.Set("href", href)
	link.Set("download", name)
	link.Get("style").Set("display", "none")
	doc.Get("body").Call("appendChild", link)
	link.Call("click")
	link.Call("remove")
	var revoke js.Func
	revoke = js.FuncOf(func(js.Value, []js.Value) any {
		url.Call("revokeObjectURL", href)
		revoke.Release()
		return nil
	})
	js.Global().Call("setTimeout", revoke, 0)
}

// pictureScale is the chosen picture size in screen sizes (1 to 2).
func pictureScale() float64 {
	el := js.Global().Get("document").Call("getElementById", "save-scale")
	if el.IsNull() {
		return 1
	}
	return app.PictureScale(el.Get("value").String())
}

// savePlotPNG downloads the plot alone — the surface, the lines' and the
// plot's canvases, stacked as on screen — at the chosen scale of its CSS
// size.
func (a *App) savePlotPNG() {
	doc := js.Global().Get("document")
	top := doc.Call("getElementById", "plot")
	if top.IsNull() {
		a.store.Notify(app.Message{Kind: app.Warning, Text: "Nothing saved: there is no plot on screen."})
		return
	}
	r := top.Call("getBoundingClientRect")
	w, h := app.PictureSize(r.Get("width").Float(), r.Get("height").Float(), pictureScale())
	cv, ctx := newPictureCanvas(w, h)
	for _, id := range []string{"surface", "lines", "plot"} {
		if el := doc.Call("getElementById", id); !el.IsNull() && el.Get("width").Int() > 0 {
			drawCanvas(ctx, el, 0, 0, float64(w), float64(h))
		}
	}
	a.savePNG(cv, a.store.ExportName("plot.png"))
}

// saveViewPNG downloads the whole view: every canvas of the page's main
// area (plot, buffer strip, charts; the digits view's canvases) where it
// is on screen, cropped to them, on white, and under them the caption
// (app.Store.Caption, wrapped to the picture's width by app.WrapCaption).
// The controls are HTML, which a canvas cannot draw: the caption says the
// settings instead.
func (a *App) saveViewPNG() {
	doc := js.Global().Get("document")
	main := doc.Call("querySelector", ".main")
	if main.IsNull() {
		main = doc.Get("body")
	}
	type box struct {
		el         js.Value
		x, y, w, h float64
	}
	var boxes []box
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	cvs := main.Call("querySelectorAll", "canvas")
	for i := range cvs.Get("length").Int() {
		el := cvs.Index(i)
		r := el.Call("getBoundingClientRect")
		b := box{el, r.Get("left").Float(), r.Get("top").Float(), r.Get("width").Float(), r.Get("height").Float()}
		if el.Get("width").Int() == 0 || b.w == 0 || b.h == 0 {
			continue
		}
		boxes = append(boxes, b)
		x0, y0, x1, y1 = math.Min(x0, b.x), math.Min(y0, b.y), math.Max(x1, b.x+b.w), math.Max(y1, b.y+b.h)
	}
	if len(boxes) == 0 {
		a.store.Notify(app.Message{Kind: app.Warning, Text: "Nothing saved: the view shows no picture yet."})
		return
	}
	const pad, fontPx, lineGap = 8.0, 13.0, 1.4 // CSS px
	scale := pictureScale()
	vw := x1 - x0 + 2*pad
	font := ftoa(fontPx*scale, 1) + "px system-ui, sans-serif"
	_, mctx := newPictureCanvas(1, 1)
	mctx.Set("font", font)
	lines := app.WrapCaption(a.store.Caption(pageAddress()), (vw-2*pad)*scale, func(s string) float64 {
		return mctx.Call("measureText", s).Get("width").Float()
	})
	capH := float64(len(lines))*fontPx*lineGap + pad
	w, h := app.PictureSize(vw, y1-y0+2*pad+capH, scale)
	s := float64(w) / vw
	cv, ctx := newPictureCanvas(w, h)
	for _, b := range boxes {
		drawCanvas(ctx, b.el, (b.x-x0+pad)*s, (b.y-y0+pad)*s, b.w*s, b.h*s)
	}
	ctx.Set("font", font)
	ctx.Set("fillStyle", "#222")
	ctx.Set("textBaseline", "top")
	for i, l := range lines {
		ctx.Call("fillText", l, pad*s, (y1-y0+2*pad+float64(i)*fontPx*lineGap)*s)
	}
	a.savePNG(cv, a.store.ExportName("view.png"))
}

// pageAddress is the page's address without its hash.
func pageAddress() string {
	loc := js.Global().Get("location")
	return loc.Get("origin").String() + loc.Get("pathname").String()
}

// newPictureCanvas returns a w×h canvas on white and its 2D context.
func newPictureCanvas(w, h int) (cv, ctx js.Value) {
	cv = js.Global().Get("document").Call("createElement", "canvas")
	cv.Set("width", w)
	cv.Set("height", h)
	ctx = cv.Call("getContext", "2d")
	ctx.Set("fillStyle", "#fff")
	ctx.Call("fillRect", 0, 0, w, h)
	return cv, ctx
}

// drawCanvas draws canvas el onto ctx at (x, y) scaled to w×h. A canvas
// the browser will not draw (a worker's placeholder in a browser that
// refuses it) is left out rather than failing the picture.
func drawCanvas(ctx, el js.Value, x, y, w, h float64) {
	defer func() { _ = recover() }()
	ctx.Call("drawImage", el, x, y, w, h)
}

// savePNG encodes cv as PNG (canvas.toBlob) and downloads it as name.
func (a *App) savePNG(cv js.Value, name string) {
	var done js.Func
	done = a.jsFunc("saving a picture", func(_ js.Value, args []js.Value) {
		done.Release()
		if len(args) == 0 || args[0].IsNull() {
			a.store.Notify(app.Message{Kind: app.Warning, Text: "Nothing saved: the browser could not encode the picture."})
			return
		}
		download(args[0], name)
	})
	cv.Call("toBlob", done, "image/png")
}
