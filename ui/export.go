//go:build js && wasm

package ui

import (
	"syscall/js"

	"kernelplay/ui/app"
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
// is on screen, composed by app.ComposeView with the caption
// (app.Store.Caption) under them.
func (a *App) saveViewPNG() {
	doc := js.Global().Get("document")
	main := doc.Call("querySelector", ".main")
	if main.IsNull() {
		main = doc.Get("body")
	}
	var els []js.Value
	var boxes []app.Box
	cvs := main.Call("querySelectorAll", "canvas")
	for i := range cvs.Get("length").Int() {
		el := cvs.Index(i)
		r := el.Call("getBoundingClientRect")
		b := app.Box{X: r.Get("left").Float(), Y: r.Get("top").Float(), W: r.Get("width").Float(), H: r.Get("height").Float()}
		if el.Get("width").Int() > 0 && b.W > 0 && b.H > 0 {
			els, boxes = append(els, el), append(boxes, b)
		}
	}
	if len(boxes) == 0 {
		a.store.Notify(app.Message{Kind: app.Warning, Text: "Nothing saved: the view shows no picture yet."})
		return
	}
	_, mctx := newPictureCanvas(1, 1)
	v := app.ComposeView(boxes, a.store.Caption(pageAddress()), pictureScale(), func(font, s string) float64 {
		mctx.Set("font", font)
		return mctx.Call("measureText", s).Get("width").Float()
	})
	cv, ctx := newPictureCanvas(v.W, v.H)
	for i, b := range v.Places {
		drawCanvas(ctx, els[i], b.X, b.Y, b.W, b.H)
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
