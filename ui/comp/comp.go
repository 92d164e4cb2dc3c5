// Package comp is the page's one vecty.Component type: Component[V]
// renders, mounts and skips a view V — a plain struct with a Render method
// and no vecty.Core — in Vecty's tree, and recovers a panic in any of them.
//
// Vecty v0.6.0's batch renderer calls Render, Mount, Unmount and SkipRender
// from its own requestAnimationFrame callback, with no recover and no hook
// to add one (dom.go: batchRenderer.render), and a Go panic escaping a
// js.Func ends the runtime. The recover is here, in Component's four
// methods, which every render of every view passes through: a view cannot
// enter Vecty's tree any other way (it has no Context method, so it is no
// vecty.Component and no vecty.MarkupOrChild).
//
// The same structure rules out the crash Vecty meets when one component
// instance is placed in two trees (a panel shared by the 2D and the digits
// views, switched 2D → digits → 2D: Vecty's reconcile dereferences a node
// it no longer has, inside its animation-frame callback; reproduced against
// v0.6.0 by ui/comp's TestVectySharedComponentCrash). The page holds
// views, never components: Of makes a new Component in every render that
// places a view, Vecty keeps the one it pairs in each place, and so no
// Component is ever in two places — a view shown in two places gets two
// Components.
//
// comp imports nothing of the module: where a caught panic goes is the
// page's (Caught, Injected).
package comp

import (
	"reflect"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
)

// View is one view of the page: Render returns what it shows. A view may
// also implement Mounter, Unmounter, Skipper and Fallbacker, and embed
// Hosted to ask for its own render.
type View interface {
	Render() vecty.ComponentOrHTML
}

// Mounter is a view told when its element has entered the document
// (vecty.Mounter).
type Mounter interface{ Mount() }

// Unmounter is a view told when its element leaves the document
// (vecty.Unmounter).
type Unmounter interface{ Unmount() }

// Skipper is a view that may skip a render (vecty.RenderSkipper): the
// canvases, drawn by the frame loop, render once per mount.
type Skipper interface{ Skip() bool }

// Fallbacker is a view whose element must keep its tag when its Render
// panics (the page: Vecty's first render of the body needs a body).
type Fallbacker interface{ Fallback() *vecty.HTML }

// hostSetter is a view that embeds Hosted.
type hostSetter interface{ setHost(vecty.Component) }

// Hosted is embedded by a view that asks for its own render (the page, the
// read-outs, the inspector).
type Hosted struct{ host vecty.Component }

func (h *Hosted) setHost(c vecty.Component) { h.host = c }

// Host is the component Vecty keeps for the view, the one vecty.Rerender
// takes; nil before the view's first render.
func (h *Hosted) Host() vecty.Component { return h.host }

// Caught receives a panic recovered at the entry where ("Page.Render",
// "Plot.Mount"); the page sets it (it stops the page). Nil: the panic is
// dropped.
var Caught func(where string, r any)

// Injected returns the panic a debug hook asks for at the entry where, or
// nil; the page sets it.
var Injected func(where string) any

// Mounts, when not nil, chooses the views to which Component passes
// Vecty's Mount and Unmount; nil (the page) passes them to every view. The
// ui package's view tests set it while they render a view with Vecty into
// jsdom to read the DOM it makes (ui/viewtree_test.go): jsdom has no
// canvas context, no worker and no draw.js for most views' Mount, and the
// tests read the page as its render leaves it before the page's first
// frame (Page.Mount runs the model); they pass the Mount that only sets
// the DOM state a render needs (a range input's value).
var Mounts func(view any) bool

// Component is the vecty.Component of a view of type V. Vecty keeps one
// instance per place in the tree and copies the `vecty:"prop"` field V into
// it on every render of the parent; Component keeps the first view it got
// (the live one) and copies the later views' `vecty:"prop"` fields into
// it, as Vecty does for its own components, so that a view keeps its state
// (its canvas, its pictures) across renders.
type Component[V View] struct {
	vecty.Core
	V    V `vecty:"prop"`
	live V
	set  bool
}

// Of is the component showing v. A new one in every render is right: Vecty
// keeps the first one in each place.
func Of[V View](v V) *Component[V] { return &Component[V]{V: v} }

// Live is the view the component shows (the zero V before its first
// render).
func (c *Component[V]) Live() V { return c.live }

// sync makes live the view to render: the first view given, with the
// props of the latest.
func (c *Component[V]) sync() V {
	if !c.set {
		c.live, c.set = c.V, true
		if h, ok := any(c.live).(hostSetter); ok {
			h.setHost(c)
		}
		return c.live
	}
	copyProps(c.V, c.live)
	return c.live
}

// copyProps copies the `vecty:"prop"` fields of the view src into dst
// (pointers to structs of one type; nothing for other views).
func copyProps(src, dst any) {
	s, d := reflect.ValueOf(src), reflect.ValueOf(dst)
	if s.Kind() != reflect.Pointer || s.IsNil() || d.IsNil() || s.Pointer() == d.Pointer() || s.Elem().Kind() != reflect.Struct {
		return
	}
	st := s.Elem().Type()
	for i := 0; i < st.NumField(); i++ {
		if st.Field(i).Tag.Get("vecty") == "prop" {
			d.Elem().Field(i).Set(s.Elem().Field(i))
		}
	}
}

// name is the view's type name, as a crash report names the entry.
func (c *Component[V]) name() string {
	t := reflect.TypeOf(c.V)
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil {
		return "nil view"
	}
	return t.Name()
}

// caught hands a recovered panic to Caught.
func caught(where string, r any) {
	if Caught != nil {
		Caught(where, r)
	}
}

// injected asks Injected for a debug panic at where.
func injected(where string) any {
	if Injected != nil {
		return Injected(where)
	}
	return nil
}

// Render implements vecty.Component: the view's Render. A panic goes to
// Caught and Render returns an empty element (the view's Fallback, else a
// div), so Vecty's batch renderer goes on.
func (c *Component[V]) Render() (out vecty.ComponentOrHTML) {
	where := c.name() + ".Render"
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		caught(where, r)
		out = elem.Div()
		if f, ok := any(c.live).(Fallbacker); ok {
			out = f.Fallback()
		}
	}()
	out = c.sync().Render()
	if v := injected(where); v != nil {
		panic(v) // the debug hook's panic takes the path of a panic in Render
	}
	return out
}

// SkipRender implements vecty.RenderSkipper: the view's Skip, false for a
// view without one.
func (c *Component[V]) SkipRender(vecty.Component) bool {
	defer c.guard("SkipRender")
	if s, ok := any(c.sync()).(Skipper); ok {
		return s.Skip()
	}
	return false
}

// Mount implements vecty.Mounter: the view's Mount.
func (c *Component[V]) Mount() {
	defer c.guard("Mount")
	v := c.sync()
	if Mounts != nil && !Mounts(v) {
		return
	}
	if m, ok := any(v).(Mounter); ok {
		m.Mount()
	}
}

// Unmount implements vecty.Unmounter: the view's Unmount.
func (c *Component[V]) Unmount() {
	defer c.guard("Unmount")
	v := c.sync()
	if Mounts != nil && !Mounts(v) {
		return
	}
	if m, ok := any(v).(Unmounter); ok {
		m.Unmount()
	}
}

// guard is deferred by the methods that return no element: a panic goes
// to Caught.
func (c *Component[V]) guard(method string) {
	where := c.name() + "." + method
	r := recover()
	if r == nil {
		if v := injected(where); v != nil {
			defer c.guard(method) // the debug hook's panic, recovered here
			panic(v)
		}
		return
	}
	caught(where, r)
}
