//go:build js && wasm

package ui

import (
	"strconv"
	"syscall/js"
	"testing"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kernelplay/ui/comp"
)

// counter is a view whose count is its text and its class, and whose
// click (on the button inside it) counts.
type counter struct {
	comp.Hosted
	n int
}

func (c *counter) Render() vecty.ComponentOrHTML {
	return elem.Div(vecty.Markup(prop.ID("counter"), vecty.Class("c"+strconv.Itoa(c.n)), event.Click(func(*vecty.Event) { c.n++ })),
		elem.Button(vecty.Markup(prop.ID("counter-button")), vecty.Text(strconv.Itoa(c.n))),
	)
}

// nextFrame waits for the animation frame after the one Vecty renders in.
func nextFrame() {
	done := make(chan struct{})
	var f js.Func
	f = js.FuncOf(func(js.Value, []js.Value) any {
		f.Release()
		close(done)
		return nil
	})
	js.Global().Call("requestAnimationFrame", f)
	<-done
}

// TestTreeReadsTheDOM: tree's nodes are the DOM Vecty renders into jsdom's
// document: after a Vecty rerender the same element reads the new text and
// class; fire dispatches a real event, which bubbles from the button to
// the div's listener; and the container leaves the document with its test.
func TestTreeReadsTheDOM(t *testing.T) {
	doc := js.Global().Get("document")
	c := &counter{}
	t.Run("render", func(t *testing.T) {
		n := tree(t, c)
		if len(n) != 1 || n[0].Tag != "div" || !n[0].Classes["c0"] || n[0].text() != "0" {
			t.Fatalf("first render: %d nodes, <%s> classes %v text %q", len(n), n[0].Tag, n[0].Classes, n[0].text())
		}
		if el := doc.Call("getElementById", "counter"); !el.Equal(n[0].el) {
			t.Fatal("the node read is not the document's #counter")
		}
		n[0].mustID(t, "counter-button").fire(t, "click") // bubbles to the div's listener
		if c.n != 1 {
			t.Fatalf("a click on the button: count %d, want 1", c.n)
		}
		if n[0].text() != "0" {
			t.Fatalf("the nodes read changed without a read: %q", n[0].text())
		}
		vecty.Rerender(c.Host())
		nextFrame()
		m := readDOM(n[0].el)
		if m.text() != "1" || !m.Classes["c1"] || m.Classes["c0"] {
			t.Errorf("after Vecty's rerender the element reads classes %v text %q, want c1 and \"1\"", m.Classes, m.text())
		}
		if again := tree(t, c); again[0].el.Equal(n[0].el) || again[0].text() != "1" {
			t.Errorf("a second tree: the same element %v, text %q", again[0].el.Equal(n[0].el), again[0].text())
		}
	})
	if k := doc.Call("querySelectorAll", "#counter").Length(); k != 0 {
		t.Errorf("%d #counter elements left in the document after the test", k)
	}
}
