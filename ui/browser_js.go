//go:build js && wasm

package ui

import (
	"image"
	"strconv"
	"strings"
	"syscall/js"

	"github.com/hexops/vecty"
	"honnef.co/go/js/dom/v2"

	"kernelplay/ui/comp"
	"kernelplay/ui/paint"
)

// jsBrowser is the page's browser (see browser): syscall/js and the dom
// package behind the narrow methods the components call.
type jsBrowser struct{ a *Playground }

var _ browser = (*jsBrowser)(nil)

func (*jsBrowser) Now() float64 { return perfNow() }

func (*jsBrowser) Value(e *vecty.Event) string       { return e.Target.Get("value").String() }
func (*jsBrowser) Checked(e *vecty.Event) bool       { return e.Target.Get("checked").Bool() }
func (*jsBrowser) Shift(e *vecty.Event) bool         { return e.Value.Get("shiftKey").Bool() }
func (*jsBrowser) SetValue(e *vecty.Event, v string) { e.Target.Set("value", v) }

func (b *jsBrowser) ReadFile(e *vecty.Event, done func(name string, data []byte)) {
	in := &dom.HTMLInputElement{BasicHTMLElement: htmlElement(e.Target)}
	files := in.Files()
	if len(files) == 0 {
		return
	}
	file := files[0].Value
	in.SetValue("") // choosing the same file again fires change again
	b.a.readDroppedFile(file, done)
}

func (b *jsBrowser) CopyLink()                  { b.a.copyLink() }
func (b *jsBrowser) CopyURL(url, copied string) { b.a.copyURL(url, copied) }

func (*jsBrowser) PageURL() string {
	loc := js.Global().Get("location")
	return loc.Get("origin").String() + loc.Get("pathname").String()
}

func (*jsBrowser) Dialog(id string, open bool) {
	el := js.Global().Get("document").Call("getElementById", id)
	if el.IsNull() {
		return
	}
	if open {
		// Already open: as a modal, nothing to do; open but not modal (a
		// modal dialog the DOM moved, as Vecty may when it reorders
		// nodes, stays open without being modal) showModal would throw.
		if el.Get("open").Bool() {
			if el.Call("matches", ":modal").Bool() {
				return
			}
			el.Call("close")
		}
		el.Call("showModal")
	} else {
		el.Call("close")
	}
}

func (*jsBrowser) ClassTicks() (hide []string, presenter bool) {
	doc := js.Global().Get("document")
	boxes := doc.Call("querySelectorAll", "#class-dialog input[data-key]:checked")
	for i := 0; i < boxes.Length(); i++ {
		hide = append(hide, boxes.Index(i).Get("dataset").Get("key").String())
	}
	return hide, doc.Call("getElementById", "class-presenter").Get("checked").Bool()
}

func (*jsBrowser) ShowClassURL(url, placeholder string) {
	out := js.Global().Get("document").Call("getElementById", "class-url")
	out.Set("value", url)
	if placeholder != "" {
		out.Set("placeholder", placeholder)
	}
}

func (*jsBrowser) Reveal(selector, block, inside string) bool {
	el := js.Global().Get("document").Call("querySelector", selector)
	if !el.Truthy() {
		return false
	}
	if inside != "" {
		el = el.Call("closest", inside)
	}
	scrollWithin(el, block)
	return true
}

// scrollWithin scrolls el into view inside its scrolling column (the
// nearest ancestor that scrolls on its own, such as the side column), with
// block "start" (its top at the column's top) or "nearest" (the least
// move), and never scrolls the page: Element.scrollIntoView scrolls every
// scrolling ancestor, the page too, and so took the plot and the top bar
// off the screen when a pause showed the step inspector (issue 19 item
// 2). Where the column does not scroll on its own (a phone, where the
// columns stack and the page scrolls) nothing moves: only the user scrolls
// the page.
func scrollWithin(el js.Value, block string) {
	doc := js.Global().Get("document")
	root := doc.Get("scrollingElement")
	for box := el.Get("parentElement"); box.Truthy() && !box.Equal(root) && !box.Equal(doc.Get("body")); box = box.Get("parentElement") {
		oy := js.Global().Call("getComputedStyle", box).Get("overflowY").String()
		if (oy != "auto" && oy != "scroll") || box.Get("scrollHeight").Int() <= box.Get("clientHeight").Int() {
			continue
		}
		r, b := el.Call("getBoundingClientRect"), box.Call("getBoundingClientRect")
		top := r.Get("top").Float() - b.Get("top").Float() - box.Get("clientTop").Float()
		bottom := top + r.Get("height").Float()
		view := box.Get("clientHeight").Float()
		y := box.Get("scrollTop").Float()
		switch {
		case block == "start" || top < 0 || r.Get("height").Float() > view:
			y += top
		case bottom > view:
			y += bottom - view
		default:
			return
		}
		box.Set("scrollTop", y)
		return
	}
}

func (*jsBrowser) Ring(selector string) (right bool) {
	doc := js.Global().Get("document")
	old := doc.Call("querySelectorAll", ".tour-target")
	for i := 0; i < old.Length(); i++ {
		old.Index(i).Get("classList").Call("remove", "tour-target")
	}
	if selector == "" {
		return false
	}
	el := doc.Call("querySelector", selector)
	if !el.Truthy() {
		return false
	}
	el.Get("classList").Call("add", "tour-target")
	el.Call("scrollIntoView", map[string]any{"block": "nearest", "inline": "nearest"})
	r := el.Call("getBoundingClientRect")
	return r.Get("left").Float()+r.Get("width").Float()/2 > js.Global().Get("innerWidth").Float()/2
}

func (*jsBrowser) StopPropagation(e *vecty.Event) { e.Call("stopPropagation") }

func (*jsBrowser) Search() string { return js.Global().Get("location").Get("search").String() }

func (*jsBrowser) Remembered(key string, set bool) (on bool) {
	defer func() {
		if recover() != nil { // localStorage throws when storage is disabled
			on = false
		}
	}()
	ls := js.Global().Get("localStorage")
	if !ls.Truthy() {
		return false
	}
	if set {
		ls.Call("setItem", key, "seen")
		return true
	}
	return ls.Call("getItem", key).Truthy()
}

func (*jsBrowser) PutImage(el *vecty.HTML, img *image.RGBA) {
	n := el.Node()
	if !n.Truthy() {
		return
	}
	var b blitter
	b.target(n)
	b.put(img)
}

func (*jsBrowser) Rerender(h *comp.Hosted) {
	if h.Host() != nil {
		vecty.Rerender(h.Host())
	}
}

func (*jsBrowser) SetRange(el *vecty.HTML, min, max, step string) {
	n := el.Node()
	if !n.Truthy() {
		return
	}
	for _, kv := range [][2]string{{"min", min}, {"max", max}, {"step", step}} {
		if n.Call("getAttribute", kv[0]).String() != kv[1] {
			n.Call("setAttribute", kv[0], kv[1])
		}
	}
}

func (*jsBrowser) SetNodeValue(el *vecty.HTML, v string) { el.Node().Set("value", v) }

func (*jsBrowser) Canvas(el *vecty.HTML) *paint.Canvas { return newCanvas2D(el.Node()) }

func (*jsBrowser) Save(name, mime string, data []byte) {
	u8 := js.Global().Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(u8, data)
	blob := js.Global().Get("Blob").New([]any{u8}, map[string]any{"type": mime})
	download(blob, name)
}

func (b *jsBrowser) SavePicture(what string) {
	if what == "plot" {
		b.a.savePlotPNG()
	} else {
		b.a.saveViewPNG()
	}
}

// jsCanvas is a <canvas> element (paint.Element).
type jsCanvas struct{ v js.Value }

func (c jsCanvas) Size() (w, h, dpr float64) {
	return c.v.Get("clientWidth").Float(), c.v.Get("clientHeight").Float(),
		js.Global().Get("devicePixelRatio").Float()
}

func (c jsCanvas) Zoom() float64 {
	v := js.Global().Call("getComputedStyle", c.v).Call("getPropertyValue", "--canvas-zoom").String()
	z, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil {
		return 1
	}
	return z
}

func (c jsCanvas) SetBacking(w, h int) {
	c.v.Set("width", w)
	c.v.Set("height", h)
}

// jsCtx is a CanvasRenderingContext2D (paint.Ctx): dash arrays are made once
// per pattern, and Lines goes through static/draw.js (kpDraw).
type jsCtx struct {
	v      js.Value
	dashes map[string]js.Value
	key    []byte
}

func (c *jsCtx) Set(prop string, v any)          { c.v.Set(prop, v) }
func (c *jsCtx) Call(method string, args ...any) { c.v.Call(method, args...) }
func (c *jsCtx) Lines(xy []float64)              { kpDraw.pathOf(c.v, xy) }
func (c *jsCtx) Path(p *paint.Path) any          { return path2D(p) }

func (c *jsCtx) Gradient(x0, y0, x1, y1 float64, stops []string) any {
	g := c.v.Call("createLinearGradient", x0, y0, x1, y1)
	for i, s := range stops {
		g.Call("addColorStop", float64(i)/float64(len(stops)-1), s)
	}
	return g
}

func (c *jsCtx) Dash(d []float64) {
	c.key = c.key[:0]
	for _, x := range d {
		c.key = append(c.key, ftoa(x, 2)...)
		c.key = append(c.key, ',')
	}
	arr, ok := c.dashes[string(c.key)]
	if !ok {
		vals := make([]any, len(d))
		for i, x := range d {
			vals[i] = x
		}
		arr = js.ValueOf(vals)
		if c.dashes == nil {
			c.dashes = map[string]js.Value{}
		}
		c.dashes[string(c.key)] = arr
	}
	c.v.Call("setLineDash", arr)
}

// newCanvas2D is the canvas of the element el.
func newCanvas2D(el js.Value) *paint.Canvas {
	return &paint.Canvas{El: jsCanvas{el}, Ctx: &jsCtx{v: el.Call("getContext", "2d")}}
}

// jsOf are cv's element and context as js.Values, for the js-only drawing
// (images, gradients, the pointer's position).
func jsOf(cv *paint.Canvas) (el, ctx js.Value) {
	return cv.El.(jsCanvas).v, cv.Ctx.(*jsCtx).v
}
