//go:build js && wasm

package ui

import (
	"syscall/js"

	"kernelplay/ui/app"
	"kernelplay/ui/sim"
)

// “Take it home” (issue 12): the Save menu. The files come from
// the store (app/export.go) as bytes; pictures are composed from the
// page's own canvases on one canvas and encoded by the browser
// (canvas.toBlob); downloads are a Blob URL clicked on an <a download>,
// revoked afterwards. Nothing leaves the browser.

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
func (a *Playground) savePlotPNG() {
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

// viewPanel is one panel of a picture of the view: the canvases drawn
// into its box (the plot's three layers share one), the element whose
// size is the panel's, its column and whether it sits beside the
// previous panel (app.Panel).
type viewPanel struct {
	ids    []string
	col    int
	beside bool
}

// viewPanels are the panels a picture of the view holds, in layout order,
// for the 2D view and for the digits view: the plot (and a comparison's
// second surface beside it) and the buffer strip on the left, the charts
// on the right; the digits view's current digit and support-vector
// galleries (side by side) on the left, its charts and confusion matrices
// (side by side) on the right.
// The data-set thumbnails, the controls and the inspector are not in it.
var viewPanels = []viewPanel{
	{ids: []string{"surface", "lines", "plot"}},
	{ids: []string{"surface2"}, beside: true},
	{ids: []string{"strip"}},
	{ids: []string{"charts"}, col: 1},
	{ids: []string{"digit-now"}},
	{ids: []string{"gallery-0"}},
	{ids: []string{"gallery-1"}, beside: true},
	{ids: []string{"digits-charts"}, col: 1},
	{ids: []string{"confusion-0"}, col: 1},
	{ids: []string{"confusion-1"}, col: 1, beside: true},
}

// saveViewPNG downloads the whole view composed from its panels
// (viewPanels) by app.ComposePanels in a fixed layout — the panels at
// their size on screen, wherever the page has scrolled or wrapped them —
// with the 2D read-outs (the values of the read-out table, without the
// machine's speed) beside the charts and the caption (app.Store.Caption)
// under everything.
func (a *Playground) saveViewPNG() {
	doc := js.Global().Get("document")
	var panels []app.Panel
	var layers [][]js.Value
	for _, vp := range viewPanels {
		var els []js.Value
		for _, id := range vp.ids {
			if el := doc.Call("getElementById", id); !el.IsNull() && el.Get("width").Int() > 0 {
				els = append(els, el)
			}
		}
		if len(els) == 0 {
			continue
		}
		// The panel's size is its top layer's on screen (the plot's
		// layers share one box); a hidden panel has none.
		r := doc.Call("getElementById", vp.ids[len(vp.ids)-1]).Call("getBoundingClientRect")
		p := app.Panel{W: r.Get("width").Float(), H: r.Get("height").Float(), Col: vp.col, Beside: vp.beside}
		if !(p.W > 0 && p.H > 0) {
			continue
		}
		panels, layers = append(panels, p), append(layers, els)
	}
	if len(panels) == 0 {
		a.store.Notify(app.Message{Kind: app.Warning, Text: "Nothing saved: the view shows no picture yet."})
		return
	}
	var lines []string
	if sm := a.store.Sim(); sm != nil {
		if a.store.Run().Second() != nil {
			// The read-outs are the first learner's (the second's
			// figures are on its surface).
			first, _ := sim.PairNames(a.store.Config())
			lines = append(lines, first+":")
		}
		for _, r := range readouts(sm, a.store.Config()) {
			lines = append(lines, r.Label+"  "+r.Value)
		}
	}
	_, mctx := newPictureCanvas(1, 1)
	v := app.ComposePanels(panels, lines, a.store.Caption(pageAddress()), pictureScale(), func(font, s string) float64 {
		mctx.Set("font", font)
		return mctx.Call("measureText", s).Get("width").Float()
	})
	cv, ctx := newPictureCanvas(v.W, v.H)
	for i, b := range v.Places {
		for _, el := range layers[i] {
			drawCanvas(ctx, el, b.X, b.Y, b.W, b.H)
		}
	}
	ctx.Set("font", v.Font)
	ctx.Set("fillStyle", "#222")
	ctx.Set("textBaseline", "top")
	for _, l := range v.Lines {
		ctx.Call("fillText", l.Text, l.X, l.Y)
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
func (a *Playground) savePNG(cv js.Value, name string) {
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
