//go:build js && wasm

package ui

import (
	"math"
	"syscall/js"
	"unsafe"

	"kernelplay/ui/paint"
	"kernelplay/ui/render"
)

// kpDraw is the page's one bridge to static/draw.js (window.kpDraw): one,
// because the helper has one shared array, which a second bridge would
// hold stale once the first grew it.
var kpDraw bulk

// bulk is a bridge to static/draw.js (window.kpDraw): numbers go
// to a Float64Array shared with the helper in one js.CopyBytesToJS, and one
// call draws a whole path. The zero value is ready;
// it looks the helper up on first use.
type bulk struct {
	kp          js.Value // window.kpDraw
	path        js.Value // its path method
	u8          js.Value // the helper's buffer as bytes
	capF        int      // its size in float64s
	initialised bool
}

func (b *bulk) init() {
	if b.initialised {
		return
	}
	b.initialised = true
	b.kp = js.Global().Get("kpDraw")
	if b.kp.IsUndefined() {
		panic("ui: static/draw.js is not loaded (window.kpDraw is missing)")
	}
	b.path = b.kp.Get("path")
}

// send copies xs into the helper's buffer.
func (b *bulk) send(xs []float64) {
	b.init()
	if len(xs) == 0 {
		return
	}
	if len(xs) > b.capF || b.u8.IsUndefined() {
		b.u8 = b.kp.Call("buffer", len(xs))
		b.capF = b.u8.Get("length").Int() / 8
	}
	// The float64s' bytes in memory order: WebAssembly is little-endian,
	// as Float64Array is on every platform that runs it.
	raw := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(xs))), 8*len(xs))
	js.CopyBytesToJS(b.u8, raw)
}

// pathOf makes ctx's current path from xy (x, y pairs in CSS pixels; a
// NaN pair breaks the line) with one call; stroke or fill it next.
func (b *bulk) pathOf(ctx js.Value, xy []float64) {
	b.send(xy)
	b.path.Invoke(ctx, len(xy))
}

// linesStart gives canvas el to a new line worker; false when the browser
// has no OffscreenCanvas, workers or createImageBitmap.
func (b *bulk) linesStart(el js.Value) bool {
	b.init()
	return b.kp.Call("linesStart", el, inkColor, haloColor).Bool()
}

// linesFrame sends the batch as the next frame of a pw×ph (device pixels)
// canvas at pixel ratio dpr and empties it; a frame with nothing to draw is
// sent only to clear the previous one. It reports false when the worker has
// failed (static/lines.js missing or broken); the caller then draws the
// lines itself from then on.
func (b *bulk) linesFrame(lb *paint.LineBatch, pw, ph int, dpr float64) bool {
	buf, send := lb.Pack()
	if !send {
		return true
	}
	b.send(buf)
	if !b.kp.Call("linesFrame", len(buf), pw, ph, dpr).Bool() {
		return false
	}
	lb.Sent()
	return true
}

// linesAtlas gives the line worker the sprite atlas (a canvas, and its
// cells: sx, sy, w, h per sprite) for the markers of later frames.
func (b *bulk) linesAtlas(cv, cells js.Value) {
	b.init()
	b.kp.Call("linesAtlas", cv, cells)
}

// linesStop ends the line worker.
func (b *bulk) linesStop() {
	b.init()
	b.kp.Call("linesStop")
}

// spriteAtlas is an offscreen canvas of markers (circles and rings) drawn
// once at the device pixel ratio: a copy goes to the line worker, which
// draws the markers from it, and (for the page without a worker) it is read
// back as render.Sprites, which the plot stamps onto a render.Layer, instead
// of rasterising hundreds of circles per frame (in Chromium without a GPU, stroking the 512
// support-vector rings as one path took 11 ms a frame, a drawImage per
// marker about 5 µs each; stamping all of them about 3 ms).
type spriteAtlas struct {
	key    string           // what the atlas holds; rebuilt when it changes
	cv     js.Value         // the canvas
	cells  js.Value         // flat JS array (sx, sy, w, h) per sprite
	side   []int            // the side of each cell, device pixels
	sprite []*render.Sprite // the cells' pixels, for stamping in Go
}

// build draws the specs at device pixel ratio dpr into a new atlas when
// key differs from the last build.
func (a *spriteAtlas) build(key string, dpr float64, specs []paint.SpriteSpec) {
	if key == a.key && !a.cv.IsUndefined() {
		return
	}
	a.key = key
	cells, w, h := paint.AtlasLayout(specs, dpr)
	var ctx js.Value
	a.cv, ctx = newCanvas(w, h)
	flat := make([]any, 0, 4*len(cells))
	a.side = a.side[:0]
	for i, s := range specs {
		c := cells[i]
		flat = append(flat, c.X, 0, c.Side, c.Side)
		a.side = append(a.side, c.Side)
		ctx.Call("beginPath")
		ctx.Call("arc", float64(c.X)+float64(c.Side)/2, float64(c.Side)/2, s.R*dpr, 0, 2*math.Pi)
		if s.Width > 0 {
			ctx.Set("lineWidth", s.Width*dpr)
			ctx.Set("strokeStyle", s.Stroke)
			ctx.Call("stroke")
		} else {
			ctx.Set("fillStyle", s.Fill)
			ctx.Call("fill")
		}
	}
	a.cells = js.ValueOf(flat)
	// The pixels, read back once, for render.Layer.
	data := ctx.Call("getImageData", 0, 0, w, h).Get("data")
	pix := make([]byte, 4*w*h)
	js.CopyBytesToGo(pix, data)
	a.sprite = paint.CutSprites(a.sprite[:0], pix, w, cells)
}

// put appends the triple that draws sprite i centred on (x, y) in CSS
// pixels at ratio dpr to data (paint.PlaceSprite).
func (a *spriteAtlas) put(data []float64, i int, x, y, dpr float64) []float64 {
	return paint.PlaceSprite(data, i, a.side[i], x, y, dpr)
}
