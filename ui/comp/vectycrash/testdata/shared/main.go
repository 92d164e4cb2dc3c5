//go:build js && wasm

// Command shared switches a page between two views that place one
// component instance ("shared") or one each ("own"), with Vecty v0.6.0's
// own components, in a jsdom document (vectycrash_test.go): it prints
// "survived" and the body when every render ran; otherwise the runtime ends
// in Vecty's panic.
package main

import (
	"fmt"
	"os"
	"syscall/js"
	"time"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
)

type shared struct {
	vecty.Core
	n int
}

func (s *shared) Render() vecty.ComponentOrHTML {
	s.n++
	return elem.Div(vecty.Text(fmt.Sprint("shared ", s.n)))
}

type viewA struct {
	vecty.Core
	s vecty.ComponentOrHTML
}

func (v *viewA) Render() vecty.ComponentOrHTML {
	return elem.Div(elem.Paragraph(vecty.Text("a")), v.s)
}

type viewB struct {
	vecty.Core
	s vecty.ComponentOrHTML
}

func (v *viewB) Render() vecty.ComponentOrHTML {
	return elem.Div(v.s, elem.Span(vecty.Text("b1")), elem.Span(vecty.Text("b2")))
}

type page struct {
	vecty.Core
	mode     int
	sa, sb   vecty.ComponentOrHTML
	sameType bool
}

func (p *page) Render() vecty.ComponentOrHTML {
	if p.sameType {
		if p.mode == 0 {
			return elem.Body(&viewA{s: p.sa})
		}
		return elem.Body(&viewA{s: p.sb})
	}
	if p.mode == 0 {
		return elem.Body(&viewA{s: p.sa})
	}
	return elem.Body(&viewB{s: p.sb})
}

func main() {
	p := &page{}
	switch os.Args[1] {
	case "shared": // one instance in both views' trees
		s := &shared{}
		p.sa, p.sb = s, s
	case "own": // an instance per view
		p.sa, p.sb = &shared{}, &shared{}
	}
	if err := vecty.RenderInto("body", p); err != nil {
		panic(err)
	}
	for _, m := range []int{1, 0, 1, 0} {
		p.mode = m
		vecty.Rerender(p)
		time.Sleep(100 * time.Millisecond)
	}
	fmt.Println("survived:", js.Global().Get("document").Get("body").Get("innerHTML").String())
}
