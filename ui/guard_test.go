package ui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestComponentMethodsGuarded keeps every entry Vecty's batch renderer makes
// into the page guarded (crash.go): each component method Render starts
// with `defer guardRender(…)`, and each Mount, Unmount and SkipRender that
// calls anything starts with `defer guard(…)`. A method without a call
// (setting or comparing a field of its live receiver) cannot panic and
// needs none. A new component without the guard fails here, not in a
// visitor's tab.
func TestComponentMethodsGuarded(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
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
			if !ok || fn.Recv == nil || fn.Body == nil {
				continue
			}
			want := ""
			switch fn.Name.Name {
			case "Render":
				want = "guardRender"
			case "Mount", "Unmount", "SkipRender":
				if !hasCall(fn.Body) {
					continue
				}
				want = "guard"
			default:
				continue
			}
			checked++
			pos := fset.Position(fn.Pos())
			if fn.Name.Name == "Render" && (fn.Type.Results == nil || len(fn.Type.Results.List[0].Names) == 0) {
				t.Errorf("%s: %s has no named result for the guard's fallback element", pos, fn.Name.Name)
			}
			if len(fn.Body.List) == 0 || deferredCall(fn.Body.List[0]) != want {
				t.Errorf("%s: %s does not start with `defer %s(…)`", pos, fn.Name.Name, want)
			}
		}
	}
	// Page, Plot, Strip, Charts, Stats, the slider, the digits canvases
	// and read-out: at least their Render methods.
	if checked < 8 {
		t.Errorf("only %d component methods found: is the test reading the views?", checked)
	}
}

// hasCall reports whether n contains a function call.
func hasCall(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if _, ok := n.(*ast.CallExpr); ok {
			found = true
		}
		return !found
	})
	return found
}

// deferredCall is the name of the function a `defer f(…)` statement calls,
// or "".
func deferredCall(s ast.Stmt) string {
	d, ok := s.(*ast.DeferStmt)
	if !ok {
		return ""
	}
	if id, ok := d.Call.Fun.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}
