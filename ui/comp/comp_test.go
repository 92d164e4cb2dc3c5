//go:build js && wasm

// The component's tests run under js/wasm in a jsdom document (make
// test-wasm: go test -exec=ui/comp/testdata/jsdom_exec), where Vecty's init
// finds a document.

package comp

import (
	"testing"

	"github.com/hexops/vecty"
)

// crashy is a view that panics where it is told to.
type crashy struct {
	Text  string `vecty:"prop"`
	where string
	n     int // renders
	mnt   int // mounts
}

func (c *crashy) Render() vecty.ComponentOrHTML {
	c.n++
	if c.where == "render" {
		panic("boom in render")
	}
	return vecty.Text(c.Text)
}

func (c *crashy) Mount() {
	c.mnt++
	if c.where == "mount" {
		panic("boom in mount")
	}
}

func (c *crashy) Skip() bool {
	if c.where == "skip" {
		panic("boom in skip")
	}
	return false
}

// A panic in a view's Render, Mount or Skip reaches Caught with the
// entry's name, and the component goes on (Render returns an empty div).
func TestComponentRecovers(t *testing.T) {
	defer func() { Caught = nil }()
	for _, where := range []string{"render", "mount", "skip"} {
		var got []string
		stopped := false
		Caught = func(where string, r any) { got = append(got, where); stopped = true }
		c := Of(&crashy{where: where})
		var out vecty.ComponentOrHTML
		switch where {
		case "render":
			out = c.Render()
			if h, ok := out.(*vecty.HTML); !ok || h == nil {
				t.Errorf("render: fallback %T, want an element", out)
			}
		case "mount":
			c.Mount()
		case "skip":
			c.SkipRender(nil)
		}
		method := map[string]string{"render": "Render", "mount": "Mount", "skip": "SkipRender"}[where]
		if !stopped || len(got) != 1 || got[0] != "crashy."+method {
			t.Errorf("%s: Caught got %v, want [crashy.%s]", where, got, method)
		}
	}
}

// The component keeps the first view it shows and copies the props of
// later ones into it, as Vecty does with its own components: the view's
// state (here its counts) survives the parent's renders.
func TestComponentKeepsView(t *testing.T) {
	first := &crashy{Text: "a"}
	c := Of(first)
	c.Render()
	c.Mount()
	c.V = &crashy{Text: "b"} // what Vecty's copyProps does on the parent's next render
	c.SkipRender(nil)
	c.Render()
	if c.live != first || first.Text != "b" || first.n != 2 || first.mnt != 1 {
		t.Errorf("live %p (first %p), text %q, renders %d, mounts %d; want the first view with text b, 2 renders, 1 mount",
			c.live, first, first.Text, first.n, first.mnt)
	}
}

// The debug hook's panic (Injected) goes through the component's recover.
func TestComponentInjected(t *testing.T) {
	defer func() { Caught, Injected = nil, nil }()
	var got []string
	inject := "crashy.Render"
	Caught = func(where string, r any) { got = append(got, where) }
	Injected = func(where string) any {
		if where != inject {
			return nil
		}
		inject = ""
		return "injected"
	}
	Of(&crashy{}).Render()
	if len(got) != 1 || got[0] != "crashy.Render" || inject != "" {
		t.Errorf("got %v, inject %q", got, inject)
	}
}

// Mounts chooses the views whose Mount runs: nil runs every view's, a
// filter only those it passes (the others' Mount is not called at all).
func TestComponentMounts(t *testing.T) {
	defer func() { Mounts = nil }()
	pass, block := &crashy{}, &crashy{}
	Mounts = func(v any) bool { return v == pass }
	Of(pass).Mount()
	Of(block).Mount()
	if pass.mnt != 1 || block.mnt != 0 {
		t.Errorf("with a filter: mounts %d (passed) and %d (not passed), want 1 and 0", pass.mnt, block.mnt)
	}
	Mounts = nil
	Of(block).Mount()
	if block.mnt != 1 {
		t.Errorf("without a filter: %d mounts, want 1", block.mnt)
	}
}
