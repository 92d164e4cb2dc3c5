//go:build js && wasm

package ui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"kernelplay/ui/app"
)

// views is every view type of package ui (a type with a Render method
// returning vecty.ComponentOrHTML), by name: TestViewsHoldNoHub reads
// their fields, and fails on a view missing here, so that a new view is
// read too.
var views = map[string]reflect.Type{
	"Page":           reflect.TypeOf(Page{}),
	"view2D":         reflect.TypeOf(view2D{}),
	"viewDigits":     reflect.TypeOf(viewDigits{}),
	"region":         reflect.TypeOf(region{}),
	"Stats":          reflect.TypeOf(Stats{}),
	"inspectorPanel": reflect.TypeOf(inspectorPanel{}),
	"teachCard":      reflect.TypeOf(teachCard{}),
	"rangeSlider":    reflect.TypeOf(rangeSlider{}),
	"thumbRow":       reflect.TypeOf(thumbRow{}),
	"thumbCanvas":    reflect.TypeOf(thumbCanvas{}),
	"Plot":           reflect.TypeOf(Plot{}),
	"Strip":          reflect.TypeOf(Strip{}),
	"Charts":         reflect.TypeOf(Charts{}),
	"dCanvas":        reflect.TypeOf(dCanvas{}),
	"digitsReadout":  reflect.TypeOf(digitsReadout{}),
	"padView":        reflect.TypeOf(padView{}),
	"cellView":       reflect.TypeOf(cellView{}),
}

// hubExempt are types the walk does not enter: none. (It listed the
// canvas views while their move to props was under way; they take their
// run as props now and are drawn by the one frame loop.) An entry would be
// a view that still holds the Playground or the whole browser.
var hubExempt = map[string]bool{}

// hubInterfaces are the interface types a view's field may have: the
// browser's roles (browser.go), whose methods take and return no Playground or
// store, the slider's slideAction, implemented by plain values, and the
// run (app.Run, implemented by ui/app's runs, which hold no store).
var hubInterfaces = map[reflect.Type]bool{
	reflect.TypeOf((*clock)(nil)).Elem():       true,
	reflect.TypeOf((*events)(nil)).Elem():      true,
	reflect.TypeOf((*files)(nil)).Elem():       true,
	reflect.TypeOf((*clipboard)(nil)).Elem():   true,
	reflect.TypeOf((*address)(nil)).Elem():     true,
	reflect.TypeOf((*storage)(nil)).Elem():     true,
	reflect.TypeOf((*dialogs)(nil)).Elem():     true,
	reflect.TypeOf((*scrolling)(nil)).Elem():   true,
	reflect.TypeOf((*rerenderer)(nil)).Elem():  true,
	reflect.TypeOf((*rangeInputs)(nil)).Elem(): true,
	reflect.TypeOf((*canvases)(nil)).Elem():    true,
	reflect.TypeOf((*slideAction)(nil)).Elem(): true,
	reflect.TypeOf((*app.Run)(nil)).Elem():     true,
}

// TestViewsHoldNoHub: no view holds the Playground or the store, nor anything
// that could carry them in. The rule, over every field of every view,
// recursively through embedded and nested structs, pointers, slices,
// arrays and maps:
//   - no *Playground, Playground, *app.Store or app.Store anywhere;
//   - in the types of package ui, a func field is of type Dispatch (any
//     other func could be a closure over the store), and an interface
//     field is one of hubInterfaces (a wider one, above all any, could
//     hold the Playground);
//   - the structs of the module's other packages are entered only to
//     look for the store (they cannot import ui, so they hold no Playground;
//     their funcs and interfaces are their own design: app.Run's runs,
//     sim's learners), and types of other modules and the standard
//     library are not entered.
//
// A view's handlers are closures made in Render; they reach the page only
// through the view's Dispatch and roles, which this rule keeps to those.
func TestViewsHoldNoHub(t *testing.T) {
	found := viewTypeNames(t)
	for _, name := range found {
		if _, ok := views[name]; !ok {
			t.Errorf("view %s is not in nohub_test.go's views: add it, so that its fields are read", name)
		}
	}
	if len(found) != len(views) {
		t.Errorf("package ui has %d views %v, nohub_test.go lists %d", len(found), found, len(views))
	}
	names := make([]string, 0, len(views))
	for n := range views {
		names = append(names, n)
	}
	sort.Strings(names)
	exempt := map[string]bool{}
	for _, n := range names {
		w := hubWalk{seen: map[walked]bool{}, exempt: exempt}
		for _, p := range w.check(views[n], n, true) {
			t.Errorf("%s: %s", n, p)
		}
	}
	var left []string
	for n := range exempt {
		left = append(left, n)
	}
	sort.Strings(left)
	if len(left) > 0 {
		t.Errorf("exempt types still met: %v (hubExempt must stay empty)", left)
	}
}

// TestHubWalkFails: the rule fails on each of the ways a view could hold
// the hub (the walk is no test that passes whatever it reads).
func TestHubWalkFails(t *testing.T) {
	type withFunc struct{ OnClick func() }
	type withAny struct{ X any }
	type withApp struct{ A []*Playground }
	type withStore struct{ M map[string]*app.Store }
	type embeds struct{ withApp }
	type wideRole struct{ B browser }
	for _, v := range []any{withFunc{}, withAny{}, withApp{}, withStore{}, embeds{}, wideRole{}} {
		w := hubWalk{seen: map[walked]bool{}, exempt: map[string]bool{}}
		if p := w.check(reflect.TypeOf(v), "x", true); len(p) == 0 {
			t.Errorf("%T passes the rule", v)
		}
	}
	type fine struct {
		D Dispatch
		E events
		S Snapshot
	}
	w := hubWalk{seen: map[walked]bool{}, exempt: map[string]bool{}}
	if p := w.check(reflect.TypeOf(fine{}), "x", true); len(p) != 0 {
		t.Errorf("a view of Dispatch, a role and the snapshot fails: %v", p)
	}
}

// hubWalk reads types by the rule of TestViewsHoldNoHub.
type hubWalk struct {
	seen   map[walked]bool
	exempt map[string]bool // the exempt types met
}

// walked is a struct type read, and whether by the strict rule.
type walked struct {
	t      reflect.Type
	strict bool
}

var (
	uiPkg     = reflect.TypeOf(Page{}).PkgPath()
	appType   = reflect.TypeOf(Playground{})
	storeType = reflect.TypeOf(app.Store{})
	dispatchT = reflect.TypeOf(Dispatch(nil))
)

// check returns the rule's failures in t, reached by path; strict says
// that t is (the element of) a field of a struct of package ui.
func (w *hubWalk) check(t reflect.Type, path string, strict bool) []string {
	if t == appType || t == storeType {
		return []string{path + " is " + t.String()}
	}
	if t.Name() != "" && t.PkgPath() != "" && !strings.HasPrefix(t.PkgPath(), "kernelplay/") {
		return nil // another module's or the standard library's
	}
	if t.PkgPath() == uiPkg && hubExempt[t.Name()] {
		w.exempt[t.Name()] = true
		return nil
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return w.check(t.Elem(), path, strict)
	case reflect.Map:
		return append(w.check(t.Key(), path+"[key]", strict), w.check(t.Elem(), path+"[value]", strict)...)
	case reflect.Func:
		if strict && t != dispatchT {
			return []string{path + " is a func (" + t.String() + "): a view's func is a Dispatch"}
		}
	case reflect.Interface:
		if strict && !hubInterfaces[t] {
			return []string{path + " is an interface (" + t.String() + ") that can hold the Playground: use a role of browser.go"}
		}
	case reflect.Struct:
		if w.seen[walked{t, strict}] {
			return nil
		}
		w.seen[walked{t, strict}] = true
		fieldsStrict := t.PkgPath() == uiPkg || (t.Name() == "" && strict)
		var out []string
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			out = append(out, w.check(f.Type, path+"."+f.Name, fieldsStrict)...)
		}
		return out
	}
	return nil
}

// viewTypeNames are the receiver types of package ui's methods
// Render() vecty.ComponentOrHTML, read from the source.
func viewTypeNames(t *testing.T) []string {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var out []string
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || fn.Name.Name != "Render" || fn.Type.Params.NumFields() != 0 || fn.Type.Results.NumFields() != 1 {
				continue
			}
			if sel, ok := fn.Type.Results.List[0].Type.(*ast.SelectorExpr); ok && sel.Sel.Name == "ComponentOrHTML" {
				out = append(out, recvName(fn))
			}
		}
	}
	sort.Strings(out)
	return out
}
