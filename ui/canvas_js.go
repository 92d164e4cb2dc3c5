//go:build js && wasm

package ui

import (
	"image"
	"math"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"kernelplay/ui/paint"
)

// blitter copies an *image.RGBA to the screen with one js.CopyBytesToJS into
// a reused ImageData, putImageData on an offscreen canvas of the image's
// size, and drawImage scaled onto the target (the browser interpolates).
type blitter struct {
	off, offCtx js.Value
	img, data   js.Value
	w, h        int
	packed      []byte // for images whose Stride is not 4·width
}

// draw puts img onto dst's rectangle (x, y, w, h) in CSS pixels. When smooth
// is false the pixels are scaled without interpolation.
func (b *blitter) draw(dst *paint.Canvas, img *image.RGBA, x, y, w, h float64, smooth bool) {
	if !b.upload(img) {
		return
	}
	dst.Ctx.Set("imageSmoothingEnabled", smooth)
	dst.Ctx.Call("drawImage", b.off, x, y, w, h)
}

// target makes the blitter upload into the canvas el (sized to each image)
// instead of an offscreen canvas of its own: a canvas on the page that
// CSS scales.
func (b *blitter) target(el js.Value) {
	b.off, b.offCtx, b.w, b.h = el, el.Call("getContext", "2d"), 0, 0
}

// put copies img into the target canvas's backing store at the origin,
// one canvas pixel per image pixel, replacing what it held (putImageData:
// no compositing, no scaling). It does nothing for an empty image. It
// panics if target was not called.
func (b *blitter) put(img *image.RGBA) {
	if b.off.IsUndefined() {
		panic("ui: blitter.put without a target canvas")
	}
	b.upload(img)
}

// upload puts img onto the blitter's canvas (offscreen unless set by
// target; no drawing), so that it or parts of it can be drawn with
// drawImage: one js.CopyBytesToJS into a reused ImageData and one
// putImageData. A target canvas is resized to the image. It reports false,
// doing nothing, for an empty image.
func (b *blitter) upload(img *image.RGBA) bool {
	r := img.Bounds()
	iw, ih := r.Dx(), r.Dy()
	if iw == 0 || ih == 0 {
		return false
	}
	if b.off.IsUndefined() || b.w != iw || b.h != ih {
		if b.off.IsUndefined() {
			b.off, b.offCtx = newCanvas(iw, ih)
		}
		if b.off.Get("width").Int() != iw || b.off.Get("height").Int() != ih {
			b.off.Set("width", iw)
			b.off.Set("height", ih)
		}
		b.img = b.offCtx.Call("createImageData", iw, ih)
		b.data = b.img.Get("data")
		b.w, b.h = iw, ih
	}
	pix := img.Pix
	if img.Stride != 4*iw || len(pix) != 4*iw*ih {
		if cap(b.packed) < 4*iw*ih {
			b.packed = make([]byte, 4*iw*ih)
		}
		b.packed = b.packed[:4*iw*ih]
		for row := 0; row < ih; row++ {
			copy(b.packed[row*4*iw:(row+1)*4*iw], img.Pix[img.PixOffset(r.Min.X, r.Min.Y+row):])
		}
		pix = b.packed
	}
	js.CopyBytesToJS(b.data, pix)
	b.offCtx.Call("putImageData", b.img, 0, 0)
	return true
}

// The dom package (honnef.co/go/js/dom/v2) wraps the page's elements and
// events in typed values. Its Wrap… functions, GetWindow, Document,
// CreateElement and AddEventListener pick the type by a switch over every
// element and event constructor, which links all of their methods:
// main.wasm grew by 163 KB gzip with them (66 KB for the events alone),
// against 2 KB for the typed values built directly, as htmlElement does.
// So the page builds them directly, for elements whose type it knows.

// htmlElement is v, an HTML element, as the dom package's element.
func htmlElement(v js.Value) *dom.BasicHTMLElement {
	return &dom.BasicHTMLElement{BasicElement: &dom.BasicElement{BasicNode: &dom.BasicNode{Value: v}}}
}

// newCanvas creates a detached w×h canvas (device pixels) and its 2D
// context through the dom package; the per-frame code calls the raw
// js.Values it returns.
func newCanvas(w, h int) (cv, ctx js.Value) {
	el := &dom.HTMLCanvasElement{BasicHTMLElement: htmlElement(js.Global().Get("document").Call("createElement", "canvas"))}
	el.SetWidth(w)
	el.SetHeight(h)
	return el.Underlying(), el.GetContext2d().Value
}

// path2D makes a Path2D from the builder's path data (one call).
func path2D(p *paint.Path) js.Value {
	return js.Global().Get("Path2D").New(p.String())
}

// cachedImage is an offscreen canvas drawn once per key (a legend, a
// frame that does not change while the run plays) and copied with one
// drawImage.
type cachedImage struct {
	key string
	cv  js.Value
}

// get returns the canvas for key: w×h CSS pixels at ratio dpr, drawn by
// draw (in CSS pixels, origin at the top left) when key differs from the
// last call's.
func (ci *cachedImage) get(key string, w, h, dpr float64, draw func(ctx js.Value)) js.Value {
	if key == ci.key && !ci.cv.IsUndefined() {
		return ci.cv
	}
	ci.key = key
	var ctx js.Value
	ci.cv, ctx = newCanvas(int(math.Ceil(w*dpr)), int(math.Ceil(h*dpr)))
	ctx.Call("setTransform", dpr, 0, 0, dpr, 0, 0)
	draw(ctx)
	return ci.cv
}
