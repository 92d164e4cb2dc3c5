//go:build js && wasm

package ui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestOneComponentType keeps comp.Component the page's only
// vecty.Component, so that every render, mount, unmount and skip passes
// through its recover and no component instance is kept by the page (the
// structure that rules out Vecty's shared-component crash, ui/comp): no
// type of package ui embeds vecty.Core or has a Context method, and no
// struct field or variable holds a comp.Component.
func TestOneComponentType(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch d := n.(type) {
			case *ast.TypeSpec:
				st, ok := d.Type.(*ast.StructType)
				if !ok {
					return true
				}
				for _, fl := range st.Fields.List {
					if sel, ok := fl.Type.(*ast.SelectorExpr); ok && len(fl.Names) == 0 && sel.Sel.Name == "Core" {
						t.Errorf("%s: %s embeds vecty.Core: make it a view (comp.View) shown through comp.Of", fset.Position(d.Pos()), d.Name.Name)
					}
					if holdsComponent(fl.Type) {
						t.Errorf("%s: %s holds a comp.Component: hold the view, and place it with comp.Of in each render", fset.Position(fl.Pos()), d.Name.Name)
					}
				}
			case *ast.FuncDecl:
				if d.Recv != nil && d.Name.Name == "Context" {
					t.Errorf("%s: %s has a Context method: a view is no vecty.Component", fset.Position(d.Pos()), recvName(d))
				}
			case *ast.ValueSpec:
				if d.Type != nil && holdsComponent(d.Type) {
					t.Errorf("%s: a variable holds a comp.Component: hold the view, and place it with comp.Of in each render", fset.Position(d.Pos()))
				}
			}
			return true
		})
	}
}

// holdsComponent reports whether the type expression x mentions
// comp.Component.
func holdsComponent(x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == "comp" && sel.Sel.Name == "Component" {
				found = true
			}
		}
		return !found
	})
	return found
}

// recvName is the name of fn's receiver type.
func recvName(fn *ast.FuncDecl) string {
	x := fn.Recv.List[0].Type
	if s, ok := x.(*ast.StarExpr); ok {
		x = s.X
	}
	if ix, ok := x.(*ast.IndexExpr); ok {
		x = ix.X
	}
	if id, ok := x.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}
