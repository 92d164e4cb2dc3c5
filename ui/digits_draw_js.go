//go:build js && wasm

package ui

import (
	"image"
	"math"

	"kernelplay/ui/app"
	"kernelplay/ui/paint"
	"kernelplay/ui/render"
	"kernelplay/ui/sim"
)

// digitsJS is the digits view's part that only the browser has: the
// images' upload canvases.
type digitsJS struct {
	nowBlit    blitter
	galleryImg []*galleryCache
}

// galleryCache is one learner's gallery atlas and its upload canvas.
type galleryCache struct {
	img  *image.RGBA
	blit blitter
}

// draw redraws the digits canvases: the current digit every frame it
// changes, the galleries, confusion matrices and charts at most ten times a
// second while playing.
func (dg *digitsUI) draw(a *Playground, now float64) {
	dg.pad.frame() // the pad's strokes follow the pointer whatever else is drawn
	dg.wireConfusions(a)
	dg.cell.paint()
	run := dg.run
	resized := dg.now.resized() || dg.charts.resized()
	for i := range dg.galleries {
		resized = resized || dg.galleries[i].resized() || dg.confusions[i].resized()
	}
	t, reg := -1, 0
	if run != nil {
		t, reg = run.T(), digitsRegretShown(run)
	}
	if !resized && any(run) == a.drawnSim && t == a.drawnT && a.rev == a.drawnRev && reg == a.drawnRegret {
		return
	}
	t0 := perfNow()
	dg.drawNow(a, run)
	t1 := perfNow()
	dg.nowCost = app.EMA(dg.nowCost, t1-t0)
	a.profile("digit", t1-t0)
	slow := resized || any(run) != a.drawnSim || a.rev != a.drawnRev || dg.slowDue(now) || !a.store.Config().Playing ||
		reg != a.drawnRegret && t == a.drawnT
	if slow {
		dg.slowDrawn = now
		defer func() { dg.slowCost = perfNow() - t1 }()
		dg.drawCharts(a, run)
		t2 := perfNow()
		a.profile("dcharts", t2-t1)
		if run != nil {
			for i := range run.Learners() {
				if i < len(dg.galleries) {
					t3 := perfNow()
					dg.drawGallery(run, i)
					t4 := perfNow()
					dg.drawConfusion(a, run, i)
					a.profile("gallery", perfNow()-t3)
					a.profile("confusion", perfNow()-t4)
				}
			}
		}
	}
	a.drawnSim, a.drawnT, a.drawnRev, a.drawnRegret = run, t, a.rev, reg
	a.m.Frames++
	a.fps.Add(now, 1)
}

// slowDue reports whether the charts, galleries and matrices are due for
// a redraw at frame time now while playing: at most ten times a second,
// and less often when they are expensive (a large MNIST gallery), so that
// they take at most about a tenth of the time.
func (dg *digitsUI) slowDue(now float64) bool {
	return now-dg.slowDrawn >= math.Max(100, 10*dg.slowCost)
}

// drawCost is what this frame's drawing will take, ms, as measured in
// earlier frames: the current digit's, and the slow redraw's when one is
// due (slowDue). The frame's learning gets what is left (digitsMode).
func (dg *digitsUI) drawCost(now float64) float64 {
	ms := dg.nowCost
	if dg.slowDue(now) {
		ms += dg.slowCost
	}
	return ms
}

// drawNow draws the current digit large, its true class and each learner's
// prediction with ✓ or ✗ and running error: the display list of nowPanel
// (nowpanel.go), painted, and the digit's image blitted into its square.
func (dg *digitsUI) drawNow(a *Playground, run *sim.Digits) {
	d := dg.now
	if d.cv == nil || !d.cv.Fit() {
		return
	}
	r, draw := nowPanel(&d.list, run, learnerColors, d.cv.W, d.cv.H)
	d.cv.Clear()
	d.paint.Paint(d.cv.Ctx, &d.list)
	if draw {
		set := run.Stream().Set()
		w, h, _ := app.ImageShape(set)
		img := image.NewRGBA(image.Rect(0, 0, w, h))
		x := app.DrawingFeatures(run.Last().Drawing) // a taught drawing has no row
		if x == nil {
			x = set.Row(run.Last().Row)
		}
		render.DigitImage(img, x, w, h, 0, 0)
		dg.nowBlit.draw(d.cv, img, r.X, r.Y, r.W, r.H, false)
	}
}

// drawGallery draws learner i's support vectors as thumbnails in buffer
// order (oldest first), each with a bar of |α_i| (orange positive, blue
// negative, as on the plot), the next evicted one outlined: the layout,
// footer and messages of render.GalleryLayout, GalleryFooter and
// GalleryMessage.
func (dg *digitsUI) drawGallery(run *sim.Digits, i int) {
	cv := dg.galleries[i].cv
	if cv == nil || !cv.Fit() {
		return
	}
	ctx := cv.Ctx
	cv.Clear()
	ctx.Set("font", paint.ChartFont)
	ctx.Set("fillStyle", "#4d5560")
	ctx.Set("textBaseline", "alphabetic")
	m := run.Model(i)
	set := run.Stream().Set()
	w, h, ok := app.ImageShape(set)
	n, capacity := 0, 0
	if m != nil {
		n, capacity = m.Expansion().Len(), m.Expansion().Cap()
	}
	if msg := render.GalleryMessage(m != nil, n, capacity, set.Dim, ok); msg != "" {
		ctx.Call("fillText", msg, 4, 18)
		return
	}
	e := m.Expansion()
	s, cols, rows := render.GalleryLayout(cv.W, cv.H, w, h, n)
	dg.termIdx = render.GalleryTerms(dg.termIdx, n, cols*rows)
	for len(dg.galleryImg) <= i {
		dg.galleryImg = append(dg.galleryImg, &galleryCache{})
	}
	gc := dg.galleryImg[i]
	gc.img = render.Gallery(gc.img, e, dg.termIdx, w, h, cols)
	gc.blit.upload(gc.img)
	k := s / float64(w)
	ctx.Set("imageSmoothingEnabled", k < 1)
	b := gc.img.Bounds()
	ctx.Call("drawImage", gc.blit.off, 0, 0, b.Dx(), b.Dy(), 0, 0, k*float64(b.Dx()), k*float64(b.Dy()))
	if next := e.NextEvicted(); next >= 0 && len(dg.termIdx) > 0 && dg.termIdx[0] == next {
		ctx.Set("strokeStyle", learnerColor(4))
		ctx.Set("lineWidth", 2)
		ctx.Call("strokeRect", 1, 1, s-2, s-2)
	}
	ctx.Call("fillText", render.GalleryFooter(n, capacity, len(dg.termIdx), cv.W), 0, cv.H-3)
}
