//go:build js && wasm

package ui

import (
	"fmt"
	"image"
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"github.com/hexops/vecty"

	"kernelplay/ui/app"
	"kernelplay/ui/comp"
	"kernelplay/ui/paint"
)

// node is a rendered element as the view tests read it: Vecty v0.6.0 keeps
// an *HTML's tag, text, classes, styles, properties, attributes, listeners
// and children in unexported fields, which readHTML copies out by reflect.
// Components met on the way are rendered in place (as Vecty would on the
// first render), so that a node tree is what the page shows.
type node struct {
	Tag, Text string
	Classes   map[string]bool
	Styles    map[string]string
	Props     map[string]any
	Attrs     map[string]any
	Listeners []*vecty.EventListener
	Kids      []*node
}

// htmlFields are the unexported fields of vecty.HTML that readHTML reads;
// a Vecty that renamed or retyped one fails every view test here, loudly.
var htmlFields = map[string]reflect.Kind{
	"tag": reflect.String, "text": reflect.String, "classes": reflect.Map, "styles": reflect.Map,
	"properties": reflect.Map, "attributes": reflect.Map, "eventListeners": reflect.Slice, "children": reflect.Slice,
}

// field is the exported-access value of h's unexported field name.
func field(t *testing.T, h reflect.Value, name string) reflect.Value {
	t.Helper()
	f := h.FieldByName(name)
	if !f.IsValid() || f.Kind() != htmlFields[name] {
		t.Fatalf("vecty.HTML has no %s field of kind %v: the pinned Vecty's layout changed; update viewtree_test.go", name, htmlFields[name])
	}
	return reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem()
}

// tree renders c (a component, an *HTML, a List, or nil) into nodes.
func tree(t *testing.T, c any) []*node {
	t.Helper()
	switch v := c.(type) {
	case nil:
		return nil
	case *vecty.HTML:
		if v == nil {
			return nil
		}
		return []*node{readHTML(t, v)}
	case vecty.List:
		var out []*node
		for _, k := range v {
			out = append(out, tree(t, k)...)
		}
		return out
	case vecty.KeyedList:
		t.Fatalf("a keyed list in a view: viewtree_test.go does not read those")
	case vecty.Component:
		return tree(t, v.Render())
	case comp.View:
		return tree(t, comp.Of(v))
	}
	t.Fatalf("tree: unexpected %T", c)
	return nil
}

func readHTML(t *testing.T, h *vecty.HTML) *node {
	t.Helper()
	rv := reflect.ValueOf(h).Elem()
	n := &node{Tag: field(t, rv, "tag").String(), Text: field(t, rv, "text").String(),
		Classes: map[string]bool{}, Styles: map[string]string{}, Props: map[string]any{}, Attrs: map[string]any{}}
	for _, k := range field(t, rv, "classes").MapKeys() {
		n.Classes[k.String()] = true
	}
	st := field(t, rv, "styles")
	for _, k := range st.MapKeys() {
		n.Styles[k.String()] = st.MapIndex(k).String()
	}
	for name, m := range map[string]map[string]any{"properties": n.Props, "attributes": n.Attrs} {
		mv := field(t, rv, name)
		for _, k := range mv.MapKeys() {
			m[k.String()] = mv.MapIndex(k).Interface()
		}
	}
	n.Listeners = field(t, rv, "eventListeners").Interface().([]*vecty.EventListener)
	for _, k := range field(t, rv, "children").Interface().([]vecty.ComponentOrHTML) {
		n.Kids = append(n.Kids, tree(t, k)...)
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

// fire calls n's listener of the event name with a new event, failing the
// test when n has none.
func (n *node) fire(t *testing.T, name string) {
	t.Helper()
	for _, l := range n.Listeners {
		if l.Name == name {
			l.Listener(&vecty.Event{})
			return
		}
	}
	t.Fatalf("<%s id=%v> has no %s listener", n.Tag, n.Props["id"], name)
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
func (f *fakeBrowser) SetRange(_ *vecty.HTML, min, max, step string) {
	f.record("SetRange %s %s %s", min, max, step)
}
func (f *fakeBrowser) SetNodeValue(_ *vecty.HTML, v string) { f.record("SetNodeValue %s", v) }
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
