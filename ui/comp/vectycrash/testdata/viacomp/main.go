//go:build js && wasm

// Command viacomp is testdata/shared's "shared" scenario as the page builds
// views (ui/comp): one panel view placed by both views' trees, each
// placement a comp.Of of it. It prints "survived" and the body when every
// render ran; otherwise the runtime ends in Vecty's panic.
package main

import (
	"fmt"
	"syscall/js"
	"time"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"

	"kernelplay/ui/comp"
)

type panel struct{ n int }

func (s *panel) Render() vecty.ComponentOrHTML {
	s.n++
	return elem.Div(vecty.Text(fmt.Sprint("shared ", s.n)))
}

type viewA struct{ s *panel }

func (v *viewA) Render() vecty.ComponentOrHTML {
	return elem.Div(elem.Paragraph(vecty.Text("a")), comp.Of(v.s))
}

type viewB struct{ s *panel }

func (v *viewB) Render() vecty.ComponentOrHTML {
	return elem.Div(comp.Of(v.s), elem.Span(vecty.Text("b1")), elem.Span(vecty.Text("b2")))
}

type page struct {
	comp.Hosted
	mode int
	s    *panel
}

func (p *page) Render() vecty.ComponentOrHTML {
	if p.mode == 0 {
		return elem.Body(comp.Of(&viewA{s: p.s}))
	}
	return elem.Body(comp.Of(&viewB{s: p.s}))
}

func main() {
	comp.Caught = func(where string, r any) { panic(fmt.Sprint(where, ": ", r)) }
	p := &page{s: &panel{}}
	if err := vecty.RenderInto("body", comp.Of(p)); err != nil {
		panic(err)
	}
	for _, m := range []int{1, 0, 1, 0} {
		p.mode = m
		vecty.Rerender(p.Host())
		time.Sleep(100 * time.Millisecond)
	}
	fmt.Println("survived:", js.Global().Get("document").Get("body").Get("innerHTML").String())
}
