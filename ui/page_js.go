//go:build js && wasm

package ui

import "kernelplay/ui/app"

// Mount implements comp.Mounter: from now on the page may be rerendered.
//
// The page starts as a skeleton — the top bar with the name only, the plot
// in its final place, the side columns empty — and the surface is drawn into
// it right away, before the browser's first paint: the first thing a
// visitor sees is the live model. The rest of the page then renders part
// by part (the regions of region.go: the top bar, the centre, each group of
// controls, the side column, then the closed dialogs), each in a frame of
// its own on a slow CPU (Playground.reveal), and the full picture (lines,
// points, support vectors) is drawn once they have, from then on every
// frame; see Playground.frame. They are the costliest the first time,
// while the browser compiles the code they run.
//
// The page holds no Playground: it dispatches pageMounted, which the Playground carries
// out (Playground.mount).
func (p *Page) Mount() { p.Dispatch(pageMounted{}) }

// pageMounted is the page action of the page's first render.
type pageMounted struct{}

func (pageMounted) do(a *Playground) { a.mount() }

// mount is the Playground's part of the page's first render (Page.Mount).
func (a *Playground) mount() {
	a.mounted, a.m.MountMS = true, perfNow()
	a.maybeOpenIntro() // intro.go
	func() {
		defer a.recovered("first frame")
		kind := a.store.Run().Kind()
		if kind != app.Plot2D && kind != app.RESvsSGD {
			return // the digits view draws from its frame loop
		}
		t0 := perfNow()
		if !a.booting {
			a.draw(a.m.MountMS)
		} else if a.plot.drawSurface() {
			a.m.FirstSurfaceMS = perfNow()
		}
		a.profile("first draw", perfNow()-t0)
	}()
}

// takeFirstSteps takes the run's first steps before the page's first render
// (Run), in a task before the one that renders and draws it: a live demo
// shows data on its first picture (at most firstSteps, as the code runs
// for the first time, unoptimised, and the surface costs in proportion
// to the terms). Only the views with a surface (the 2D plot, RES vs SGD)
// take them; the digits view learns from its frame loop.
func (a *Playground) takeFirstSteps() {
	defer a.recovered("first frame")
	t0 := perfNow()
	if k := a.store.Run().Kind(); k != app.Plot2D && k != app.RESvsSGD {
		return
	}
	if c := a.store.Config(); c.Playing && a.store.Run().T() == 0 {
		a.store.Advance(min(c.StepsPerFrame, firstSteps))
	}
	a.profile("first advance", perfNow()-t0)
}

// firstSteps is the most steps the run takes before its first picture.
const firstSteps = 25
