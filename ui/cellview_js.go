//go:build js && wasm

package ui

import (
	"syscall/js"

	"kernelplay/ui/app"
	"kernelplay/ui/render"
)

// cellJS is the confusion canvases' listeners and the elements they are on.
type cellJS struct {
	fns    []js.Func
	wired  []js.Value // the confusion canvases
	gwired []js.Value // the galleries
}

// wireConfusions adds to each confusion canvas, once it is in the document
// (and again after a remount), a click that opens the cell under the
// pointer and the keyboard cell cursor (cellKey): focus shows it, the
// arrow keys move it, Enter opens its cell; the canvas's accessible name
// follows the cursor (cellLabel).
func (dg *digitsUI) wireConfusions(a *Playground) {
	c := &dg.cell.cellJS
	for i, d := range dg.confusions {
		if d.cv == nil {
			continue
		}
		el, _ := jsOf(d.cv)
		for len(c.wired) <= i {
			c.wired = append(c.wired, js.Undefined())
		}
		if el.Equal(c.wired[i]) {
			continue
		}
		c.wired[i] = el
		el.Set("tabIndex", 0)
		on := func(name string, f func(e js.Value)) {
			fn := guardedFunc("confusion "+name, func(_ js.Value, args []js.Value) { f(args[0]) })
			c.fns = append(c.fns, fn)
			el.Call("addEventListener", name, fn)
		}
		redraw := func() {
			if run := dg.run; run != nil && i < run.Learners() {
				el.Call("setAttribute", "aria-label", cellLabel(run, i, dg.cursors[i]))
				dg.drawConfusion(a, run, i)
			}
		}
		on("click", func(e js.Value) {
			run := dg.run
			if run == nil || i >= run.Learners() {
				return
			}
			r := el.Call("getBoundingClientRect")
			row, col, ok := render.ConfusionCellAt(len(run.ClassNames()), d.cv.W, d.cv.H,
				e.Get("clientX").Float()-r.Get("left").Float(), e.Get("clientY").Float()-r.Get("top").Float())
			if !ok {
				return
			}
			dg.cursors[i].Row, dg.cursors[i].Col = row, col
			redraw()
			a.dispatch(openCell{Learner: i, Row: row, Col: col})
		})
		on("focus", func(js.Value) { dg.cursors[i].Focused = true; redraw() })
		on("blur", func(js.Value) { dg.cursors[i].Focused = false; redraw() })
		on("keydown", func(e js.Value) {
			run := dg.run
			if run == nil || i >= run.Learners() {
				return
			}
			next, open, handled := cellKey(dg.cursors[i], len(run.ClassNames()), e.Get("key").String())
			if !handled {
				return
			}
			e.Call("preventDefault")
			e.Call("stopPropagation")
			dg.cursors[i] = next
			redraw()
			if open {
				a.dispatch(openCell{Learner: i, Row: next.Row, Col: next.Col})
			}
		})
	}
	dg.wireGalleries(a)
}

// wireGalleries adds to each support-vector gallery a click that opens
// the term under the pointer in the cell panel (openTerm).
func (dg *digitsUI) wireGalleries(a *Playground) {
	c := &dg.cell.cellJS
	for i, d := range dg.galleries {
		if d.cv == nil {
			continue
		}
		el, _ := jsOf(d.cv)
		for len(c.gwired) <= i {
			c.gwired = append(c.gwired, js.Undefined())
		}
		if el.Equal(c.gwired[i]) {
			continue
		}
		c.gwired[i] = el
		fn := guardedFunc("gallery click", func(_ js.Value, args []js.Value) {
			e, run := args[0], dg.run
			if run == nil || i >= run.Learners() || run.Model(i) == nil {
				return
			}
			w, h, ok := app.ImageShape(run.Stream().Set())
			n := run.Model(i).Expansion().Len()
			if !ok || n == 0 {
				return
			}
			r := el.Call("getBoundingClientRect")
			tile, ok := render.GalleryTileAt(d.cv.W, d.cv.H, w, h, n, e.Get("clientX").Float()-r.Get("left").Float(), e.Get("clientY").Float()-r.Get("top").Float())
			if !ok {
				return
			}
			_, cols, rows := render.GalleryLayout(d.cv.W, d.cv.H, w, h, n)
			terms := render.GalleryTerms(nil, n, cols*rows)
			if tile < len(terms) {
				a.dispatch(openTerm{Learner: i, Term: terms[tile]})
			}
		})
		c.fns = append(c.fns, fn)
		el.Call("addEventListener", "click", fn)
	}
}
