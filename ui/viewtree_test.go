//go:build js && wasm

package ui

import (
	"fmt"
	"image"
	"strings"
	"syscall/js"
	"testing"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"

	"kernelplay/ui/app"
	"kernelplay/ui/comp"
	"kernelplay/ui/paint"
)

// node is a rendered element (or text) as the view tests read it: tree
// renders with Vecty into jsdom's document (the ui tests run under node
// with jsdom: ui/comp/testdata/jsdom_exec) and reads the DOM Vecty built:
// Tag is the element's tagName lower-cased ("" for a text node, whose
// Text is its data), Classes its classList, Styles its style declarations,
// Attrs its attributes (name → value, strings as the DOM keeps them), and
// Props the element's own properties of the names the tests read (see
// propNames). Kids are its child nodes, comments and Vecty's <noscript>
// stand-in for a nil render left out (a nil render shows nothing).
type node struct {
	Tag, Text string
	Classes   map[string]bool
	Styles    map[string]string
	Props     map[string]any
	Attrs     map[string]any
	Kids      []*node
	el        js.Value // the DOM node read
}

// propNames are the element properties read into node.Props, each kept
// only where the element has it with the type named: id (a string, only
// when not empty), value and type (strings: inputs, selects, options,
// buttons, textareas), checked, disabled and selected (booleans). They are
// the live properties, not the attributes: an <option>'s selected is
// whether it is the chosen one, an <input>'s value what it holds.
var propNames = map[string]string{
	"id": "string", "value": "string", "type": "string",
	"checked": "boolean", "disabled": "boolean", "selected": "boolean",
}

// holder is the view tree renders: a <div> around what it reads, so that
// a component, an element, a list or a keyed list all render into one
// element whose children are what tree returns.
type holder struct{ c vecty.MarkupOrChild }

func (h *holder) Render() vecty.ComponentOrHTML { return elem.Div(h.c) }

// tree renders c (a component, a view, an *HTML, a List or KeyedList, or
// nil) with Vecty into a fresh container of jsdom's document, and reads
// the DOM it made. The container leaves the document when the test ends.
// Of the views' Mount and Unmount only the range slider's run (treeMounts,
// through comp.Mounts): a node tree is what the page's render shows
// before its first frame, with the sliders' thumbs where Mount puts them.
func tree(t *testing.T, c any) []*node {
	t.Helper()
	var child vecty.MarkupOrChild
	switch v := c.(type) {
	case nil:
		return nil
	case *vecty.HTML:
		if v == nil {
			return nil
		}
		child = v
	case vecty.List:
		child = v
	case vecty.KeyedList:
		child = v
	case vecty.Component:
		child = v
	case comp.View:
		child = comp.Of(v)
	default:
		t.Fatalf("tree: unexpected %T", c)
	}
	doc := js.Global().Get("document")
	box := doc.Call("createElement", "div")
	box.Call("appendChild", doc.Call("createElement", "div"))
	doc.Get("body").Call("appendChild", box)
	t.Cleanup(func() { box.Call("remove") })
	comp.Mounts = treeMounts
	err := vecty.RenderIntoNode(box.Get("firstChild"), comp.Of(&holder{child}))
	comp.Mounts = nil
	if err != nil {
		t.Fatalf("tree: %v", err)
	}
	var out []*node
	for _, k := range items(box.Get("firstChild").Get("childNodes")) {
		if n := readDOM(k); n != nil {
			out = append(out, n)
		}
	}
	return out
}

// treeMounts passes to comp.Mounts the views tree mounts: the range
// slider, whose Mount sets the input's value again once min, max and step
// are set (fakeBrowser.SetNodeValue does it on the element, as the page's
// browser does). The others' Mount needs what jsdom lacks (canvases,
// draw.js) or runs the model (the page's first frame).
func treeMounts(v any) bool {
	_, ok := v.(*rangeSlider)
	return ok
}

// items are the entries of the DOM list v (childNodes, classList,
// attributes, a style declaration); none when v is undefined.
func items(v js.Value) []js.Value {
	if v.IsUndefined() || v.IsNull() {
		return nil
	}
	out := make([]js.Value, v.Length())
	for i := range out {
		out[i] = v.Index(i)
	}
	return out
}

// readDOM reads the DOM node v: an element or a text node; nil for
// anything else (comments) and for Vecty's <noscript> of a nil render.
func readDOM(v js.Value) *node {
	n := &node{Classes: map[string]bool{}, Styles: map[string]string{}, Props: map[string]any{}, Attrs: map[string]any{}, el: v}
	switch v.Get("nodeType").Int() {
	case 3: // Node.TEXT_NODE
		n.Text = v.Get("data").String()
		return n
	case 1: // Node.ELEMENT_NODE
	default:
		return nil
	}
	n.Tag = strings.ToLower(v.Get("tagName").String())
	if n.Tag == "noscript" {
		return nil
	}
	for _, c := range items(v.Get("classList")) {
		n.Classes[c.String()] = true
	}
	st := v.Get("style") // none on some of jsdom's SVG elements
	for _, name := range items(st) {
		n.Styles[name.String()] = st.Call("getPropertyValue", name).String()
	}
	for _, a := range items(v.Get("attributes")) {
		n.Attrs[a.Get("name").String()] = a.Get("value").String()
	}
	for name, typ := range propNames {
		p := v.Get(name)
		if p.Type().String() != typ {
			continue
		}
		if typ == "boolean" {
			n.Props[name] = p.Bool()
		} else if s := p.String(); name != "id" || s != "" {
			n.Props[name] = s
		}
	}
	for _, k := range items(v.Get("childNodes")) {
		if m := readDOM(k); m != nil {
			n.Kids = append(n.Kids, m)
		}
	}
	return n
}

// all returns the nodes under n (n included) for which ok holds, in
// document order.
func (n *node) all(ok func(*node) bool) []*node {
	var out []*node
	var walk func(*node)
	walk = func(m *node) {
		if ok(m) {
			out = append(out, m)
		}
		for _, k := range m.Kids {
			walk(k)
		}
	}
	walk(n)
	return out
}

// byID is the element of the id under n, or nil.
func (n *node) byID(id string) *node {
	if m := n.all(func(m *node) bool { return m.Props["id"] == id || m.Attrs["id"] == id }); len(m) > 0 {
		return m[0]
	}
	return nil
}

// mustID is byID that fails the test when the id is missing.
func (n *node) mustID(t *testing.T, id string) *node {
	t.Helper()
	m := n.byID(id)
	if m == nil {
		t.Fatalf("no element #%s", id)
	}
	return m
}

// text is the text of n and everything under it, in document order.
func (n *node) text() string {
	var b strings.Builder
	for _, m := range n.all(func(*node) bool { return true }) {
		b.WriteString(m.Text)
	}
	return b.String()
}

// fire dispatches a new DOM event of the name (it bubbles) at n's
// element, as the browser does: Vecty's listeners on it and above it run.
// The DOM keeps no list of listeners: a test sees a listener work by its
// effect.
func (n *node) fire(t *testing.T, name string) {
	t.Helper()
	if n.Tag == "" {
		t.Fatalf("fire %s at a text node", name)
	}
	ev := js.Global().Get("window").Get("Event").New(name, map[string]any{"bubbles": true})
	n.el.Call("dispatchEvent", ev)
}

// options are the values of the <option>s under a <select>, and which one
// is selected and which are disabled.
func (n *node) options() (values []string, selected string, disabled []string) {
	for _, o := range n.all(func(m *node) bool { return m.Tag == "option" }) {
		v, _ := o.Props["value"].(string)
		values = append(values, v)
		if o.Props["selected"] == true {
			selected = v
		}
		if o.Props["disabled"] == true {
			disabled = append(disabled, v)
		}
	}
	return values, selected, disabled
}

// fakeBrowser is the tests' browser: events carry value, checked and shift
// as set here, files are handed over as file; everything else is recorded
// in calls.
type fakeBrowser struct {
	now, tick       float64 // the clock (ms) and how far each Now moves it
	value           string
	checked, shift  bool
	file            *fakeFile
	ticks           []string
	presenterTicked bool
	calls           []string
	canvases        map[*vecty.HTML]*paint.Canvas
	rerendered      []*comp.Hosted
	right           bool            // Ring's answer: the element is in the right half
	search          string          // the address's query string
	stored          map[string]bool // localStorage's flags
}

type fakeFile struct {
	name string
	data []byte
}

func (f *fakeBrowser) record(format string, args ...any) {
	f.calls = append(f.calls, fmt.Sprintf(format, args...))
}

func (f *fakeBrowser) Now() float64 {
	f.now += f.tick // the clock moves tick ms at every look
	return f.now
}
func (f *fakeBrowser) Value(*vecty.Event) string         { return f.value }
func (f *fakeBrowser) Checked(*vecty.Event) bool         { return f.checked }
func (f *fakeBrowser) Shift(*vecty.Event) bool           { return f.shift }
func (f *fakeBrowser) SetValue(_ *vecty.Event, v string) { f.record("SetValue %s", v) }
func (f *fakeBrowser) ReadFile(_ *vecty.Event, done func(string, []byte)) {
	if f.file != nil {
		done(f.file.name, f.file.data)
	}
}
func (f *fakeBrowser) CopyLink()                  { f.record("CopyLink") }
func (f *fakeBrowser) CopyURL(url, copied string) { f.record("CopyURL %s | %s", url, copied) }
func (f *fakeBrowser) PageURL() string            { return "https://example.org/kp/" }
func (f *fakeBrowser) Dialog(id string, open bool) {
	f.record("Dialog %s %v", id, open)
}
func (f *fakeBrowser) ClassTicks() ([]string, bool) { return f.ticks, f.presenterTicked }
func (f *fakeBrowser) ShowClassURL(url, placeholder string) {
	f.record("ShowClassURL %s | %s", url, placeholder)
}
func (f *fakeBrowser) Reveal(selector, block, inside string) bool {
	f.record("Reveal %s %s %s", selector, block, inside)
	return true
}
func (f *fakeBrowser) Ring(selector string) bool {
	f.record("Ring %s", selector)
	return f.right
}
func (f *fakeBrowser) StopPropagation(*vecty.Event) { f.record("StopPropagation") }
func (f *fakeBrowser) Search() string               { return f.search }
func (f *fakeBrowser) Remembered(key string, set bool) bool {
	if f.stored == nil {
		f.stored = map[string]bool{}
	}
	if set {
		f.stored[key] = true
	}
	return f.stored[key]
}
func (f *fakeBrowser) PutImage(_ *vecty.HTML, img *image.RGBA) {
	f.record("PutImage %dx%d", img.Bounds().Dx(), img.Bounds().Dy())
}
func (f *fakeBrowser) Rerender(h *comp.Hosted) { f.rerendered = append(f.rerendered, h) }

// SetRange and SetNodeValue act on the element in jsdom's document as the
// page's browser does (a slider's Mount calls SetNodeValue at every render
// tree reads: it is not recorded).
func (f *fakeBrowser) SetRange(el *vecty.HTML, min, max, step string) {
	f.record("SetRange %s %s %s", min, max, step)
	(*jsBrowser)(nil).SetRange(el, min, max, step)
}
func (f *fakeBrowser) SetNodeValue(el *vecty.HTML, v string) { (*jsBrowser)(nil).SetNodeValue(el, v) }
func (f *fakeBrowser) Canvas(el *vecty.HTML) *paint.Canvas {
	if f.canvases == nil {
		f.canvases = map[*vecty.HTML]*paint.Canvas{}
	}
	cv := &paint.Canvas{El: &fakeCanvasEl{w: 300, h: 200, dpr: 2}, Ctx: &recCtx{}}
	f.canvases[el] = cv
	return cv
}
func (f *fakeBrowser) Save(name, mime string, b []byte) {
	f.record("Save %s %s %d", name, mime, len(b))
}
func (f *fakeBrowser) SavePicture(what string) { f.record("SavePicture %s", what) }

var _ browser = (*fakeBrowser)(nil)

// fakeCanvasEl is a canvas element of a set CSS size and pixel ratio.
type fakeCanvasEl struct {
	w, h, dpr float64
	zoom      float64 // 0: none
	backing   [2]int
}

func (e *fakeCanvasEl) Zoom() float64 { return e.zoom }

func (e *fakeCanvasEl) Size() (w, h, dpr float64) { return e.w, e.h, e.dpr }
func (e *fakeCanvasEl) SetBacking(w, h int)       { e.backing = [2]int{w, h} }

// recCtx records the canvas calls painting makes, one string each
// ("fillRect 0 0 10 10", "set fillStyle #fff", "lines 4", "dash [5 4]").
type recCtx struct {
	ops []string
}

func (r *recCtx) Set(prop string, v any) { r.ops = append(r.ops, fmt.Sprintf("set %s %v", prop, v)) }
func (r *recCtx) Call(method string, args ...any) {
	s := method
	for _, a := range args {
		s += fmt.Sprintf(" %v", a)
	}
	r.ops = append(r.ops, s)
}
func (r *recCtx) Dash(d []float64)       { r.ops = append(r.ops, fmt.Sprintf("dash %v", d)) }
func (r *recCtx) Lines(xy []float64)     { r.ops = append(r.ops, fmt.Sprintf("lines %d", len(xy)/2)) }
func (r *recCtx) Path(p *paint.Path) any { return "path(" + p.String() + ")" }
func (r *recCtx) Gradient(x0, y0, x1, y1 float64, stops []string) any {
	return fmt.Sprintf("gradient(%v %v %v %v %s…%s)", x0, y0, x1, y1, stops[0], stops[len(stops)-1])
}

// with returns the recorded ops that start with prefix.
func (r *recCtx) with(prefix string) []string {
	var out []string
	for _, o := range r.ops {
		if strings.HasPrefix(o, prefix) {
			out = append(out, o)
		}
	}
	return out
}

// testApp is an Playground for the share link hash (without '#') with its
// components built and a fakeBrowser, as Run makes it in the page (Run's
// store replays at most 500 steps at once; here the whole link).
func testApp(t *testing.T, hash string) (*Playground, *fakeBrowser) {
	t.Helper()
	fb := &fakeBrowser{}
	a := &Playground{b: fb}
	a.store = app.NewStore(hash)
	a.build()
	return a, fb
}

// page renders a's page, with its snapshot taken now (Playground.props), as
// Playground.rerender hands it before each render.
func page(t *testing.T, a *Playground) *node {
	t.Helper()
	a.props()
	n := tree(t, a.page)
	if len(n) != 1 || n[0].Tag != "body" {
		t.Fatalf("the page renders %d nodes, want one <body>", len(n))
	}
	return n[0]
}

// inspectorOf renders the step inspector's panel of a's page (its
// snapshot taken now).
func inspectorOf(t *testing.T, a *Playground) *node {
	t.Helper()
	a.props()
	n := tree(t, a.page.inspector())
	if len(n) != 1 {
		t.Fatalf("the inspector renders %d nodes", len(n))
	}
	return n[0]
}

// rerenderedPage reports whether the last render fb was asked for is the
// page's.
func rerenderedPage(a *Playground, fb *fakeBrowser) bool {
	for _, h := range fb.rerendered {
		if h == &a.page.Hosted {
			return true
		}
	}
	return false
}
