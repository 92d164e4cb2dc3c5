//go:build js && wasm

package ui

import (
	"image"
	"math"
	"strconv"

	"kernelplay/ui/app"
	"kernelplay/ui/render"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// galleryCache is one learner's gallery atlas and its upload canvas.
type galleryCache struct {
	img  *image.RGBA
	blit blitter
}

// learnerColor is learner i's colour in legends and charts.
func learnerColor(i int) string { return learnerColors[i%len(learnerColors)] }

// learnerColors are the learners' colours: render.ClassColors as CSS.
var learnerColors = func() []string {
	out := make([]string, len(render.ClassColors))
	for i, c := range render.ClassColors {
		out[i] = cssColor(c.R, c.G, c.B, 255)
	}
	return out
}()

// draw redraws the digits canvases: the current digit every frame it
// changes, the galleries, confusion matrices and charts at most ten times a
// second while playing.
func (dg *digitsUI) draw(a *App, now float64) {
	run := dg.run
	resized := dg.now.resized() || dg.charts.resized()
	for i := range dg.galleries {
		resized = resized || dg.galleries[i].resized() || dg.confusions[i].resized()
	}
	t := -1
	if run != nil {
		t = run.T()
	}
	if !resized && run == dg.drawnRun && t == dg.drawnT && a.rev == dg.drawnRev {
		return
	}
	t0 := perfNow()
	dg.drawNow(run)
	t1 := perfNow()
	a.profile("digit", t1-t0)
	// The charts, galleries and matrices are redrawn at most ten times a
	// second while playing, and less often when they are expensive (a large
	// MNIST gallery): they take at most about a tenth of the time.
	every := math.Max(100, 10*dg.slowCost)
	slow := resized || run != dg.drawnRun || a.rev != dg.drawnRev || now-dg.slowDrawn >= every || !a.store.Config().Playing
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
	dg.drawnRun, dg.drawnT, dg.drawnRev = run, t, a.rev
	a.m.Frames++
	a.fps.Add(now, 1)
}

// drawNow draws the current digit large, its true class and each learner's
// prediction with ✓ or ✗ and running error.
func (dg *digitsUI) drawNow(run *sim.Digits) {
	cv := dg.now.cv
	if cv == nil || !cv.fit() {
		return
	}
	ctx := cv.ctx
	cv.clear()
	side := math.Min(math.Min(cv.h-8, 150), math.Max(96, 0.32*cv.w)) // smaller on a phone, to leave the text room
	x0, y0 := 4.0, (cv.h-side)/2
	ctx.Set("fillStyle", "#f7f7f7")
	ctx.Call("fillRect", x0, y0, side, side)
	ctx.Set("strokeStyle", "#d9dde3")
	ctx.Set("lineWidth", 1)
	ctx.Call("strokeRect", x0+0.5, y0+0.5, side-1, side-1)
	if run == nil {
		return
	}
	last := run.Last()
	set := run.Stream().Set()
	names := run.ClassNames()
	tx := x0 + side + 20
	ctx.Set("textBaseline", "alphabetic")
	if last.T == 0 {
		ctx.Set("font", chartFont)
		ctx.Set("fillStyle", "#4d5560")
		ctx.Call("fillText", "Press Play or Step: each example is predicted, then learned.", tx, y0+24)
		return
	}
	if w, h, ok := app.ImageShape(set); ok {
		img := image.NewRGBA(image.Rect(0, 0, w, h))
		render.DigitImage(img, set.Row(last.Row), w, h, 0, 0)
		dg.nowBlit.draw(cv, img, x0+1, y0+1, side-2, side-2, false)
	} else {
		ctx.Set("font", chartMono)
		ctx.Set("fillStyle", "#4d5560")
		ctx.Set("textAlign", "center")
		ctx.Call("fillText", strconv.Itoa(set.Dim)+" features", x0+side/2, y0+side/2)
		ctx.Set("textAlign", "left")
	}
	ctx.Set("font", "600 15px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif")
	ctx.Set("fillStyle", "#1b1f24")
	truth := classLabel(names, last.Truth)
	head := "Example " + count(last.T) + " · true class " + truth
	switch {
	case set.Classes == 10 && run.Task() != state.TaskMulticlass:
		// Binary and novelty streams over the digits: say which digit it is.
		head = "Example " + count(last.T) + " · digit " + strconv.Itoa(int(set.Y[last.Row])) + " (class " + truth + ")"
		if run.Task() == state.TaskNovelty {
			head = "Example " + count(last.T) + " · digit " + strconv.Itoa(int(set.Y[last.Row]))
		}
	case run.Task() == state.TaskNovelty:
		head = "Example " + count(last.T) + " · " + truth
	}
	if ctx.Call("measureText", head).Get("width").Float() > cv.w-8-tx {
		ctx.Set("font", "600 13px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif") // a narrow panel
	}
	ctx.Call("fillText", head, tx, y0+20)
	// Each learner's line (name, verdict, mark, error) is placed by
	// layoutNowLine (nowline.go), which breaks it into rows rather than
	// drawing the parts over each other on a narrow panel.
	markFont := "600 17px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
	measure := func(font, s string) float64 {
		ctx.Set("font", font)
		return ctx.Call("measureText", s).Get("width").Float()
	}
	type nowParts struct {
		name, verdict, mark, col, errNum string
		l                                nowLine
	}
	lines := make([]nowParts, run.Learners())
	rows := 1
	for i := range lines {
		p := &lines[i]
		p.name = run.Name(i)
		p.verdict, p.mark, p.col = "says "+classLabel(names, last.Pred[i]), "✓", "#1a7f37"
		if last.Mistake[i] {
			p.mark, p.col = "✗", "#b42318"
		}
		if run.Task() == state.TaskNovelty {
			p.verdict = "normal"
			if last.Pred[i] == 1 {
				p.verdict = "flags novel"
			}
		}
		if avg := run.AverageError(i); !math.IsNaN(avg) {
			p.errNum = ftoa(100*avg, 1) + "%"
		}
		p.l = layoutNowLine(tx, cv.w-8, nowLineWidths{Name: measure(chartFont, p.name),
			Verdict: measure(chartFont, p.verdict), Mark: measure(markFont, p.mark),
			Error: measure(chartMono, "error "+p.errNum), ErrorNumber: measure(chartMono, p.errNum)})
		rows = max(rows, p.l.Rows)
	}
	word := true // "error" on every line or on none
	for _, p := range lines {
		word = word && p.l.ErrorWord
	}
	if !word {
		// The bare numbers get the word once, over them, in the gap
		// between the heading and the first line.
		ctx.Set("font", "12px ui-monospace, Menlo, Consolas, monospace")
		ctx.Set("fillStyle", "#4d5560")
		ctx.Set("textAlign", "right")
		ctx.Call("fillText", "error", cv.w-8, y0+35)
		ctx.Set("textAlign", "left")
	}
	lineH := math.Min(math.Max(30, float64(rows)*nowRowDY+10), (side-34)/float64(max(1, run.Learners())))
	for i, p := range lines {
		y := y0 + 48 + float64(i)*lineH
		ctx.Set("fillStyle", learnerColor(i))
		ctx.Call("fillRect", tx, y-11, 12, 12)
		name := p.name
		for r := []rune(name); len(r) > 1 && measure(chartFont, name) > p.l.NameMax; {
			r = r[:len(r)-1]
			name = string(r) + "…"
		}
		ctx.Set("font", chartFont)
		ctx.Set("fillStyle", "#1b1f24")
		ctx.Call("fillText", name, p.l.NameX, y)
		ctx.Call("fillText", p.verdict, p.l.VerdictX, y+p.l.VerdictDY)
		ctx.Set("font", markFont)
		ctx.Set("fillStyle", p.col)
		ctx.Call("fillText", p.mark, p.l.MarkX, y+p.l.VerdictDY+1)
		if p.errNum != "" {
			txt := p.errNum
			if word {
				txt = "error " + txt
			}
			ctx.Set("font", chartMono)
			ctx.Set("fillStyle", "#4d5560")
			ctx.Set("textAlign", "right")
			ctx.Call("fillText", txt, p.l.ErrorRight, y+p.l.ErrorDY)
			ctx.Set("textAlign", "left")
		}
	}
}

func classLabel(names []string, k int) string {
	if k >= 0 && k < len(names) {
		return names[k]
	}
	return "?"
}

// drawGallery draws learner i's support vectors as thumbnails in buffer
// order (oldest first), each with a bar of |α_i| (orange positive, blue
// negative, as on the plot), the next evicted one outlined: the layout,
// footer and messages of render.GalleryLayout, GalleryFooter and
// GalleryMessage.
func (dg *digitsUI) drawGallery(run *sim.Digits, i int) {
	cv := dg.galleries[i].cv
	if cv == nil || !cv.fit() {
		return
	}
	ctx := cv.ctx
	cv.clear()
	ctx.Set("font", chartFont)
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
	s, cols, rows := render.GalleryLayout(cv.w, cv.h, w, h, n)
	dg.termIdx = render.GalleryTerms(dg.termIdx, n, cols*rows)
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
	ctx.Call("fillText", render.GalleryFooter(n, capacity, len(dg.termIdx), cv.w), 0, cv.h-3)
}

// drawConfusion paints learner i's confusion matrix (render.Confusion).
func (dg *digitsUI) drawConfusion(a *App, run *sim.Digits, i int) {
	d := dg.confusions[i]
	if d.cv == nil || !d.cv.fit() {
		return
	}
	render.Confusion(&d.list, run.ClassNames(), run.Confusion(i), d.cv.w, d.cv.h)
	d.cv.clear()
	d.paint.paint(d.cv.ctx, &d.list, &a.plot.bulk)
}

// drawCharts draws the learners' average online error and step size η_t
// overlaid on log scales (as JMLR Figs. 3–7) over one time axis, with a
// legend and, on the 0/1 → 2/3 stream, the switch marked: the display list
// of render.CompareChart, painted.
func (dg *digitsUI) drawCharts(a *App, run *sim.Digits) {
	cv := dg.charts.cv
	if cv == nil || !cv.fit() {
		return
	}
	ch := &dg.chart
	in := &ch.in
	*in = render.CompareInput{Names: in.Names[:0], Colors: learnerColors, AvgError: in.AvgError[:0], Eta: in.Eta[:0]}
	if run != nil && run.T() > 0 {
		in.T, in.N = run.T(), run.N()
		for i := range run.Learners() {
			for len(ch.curves) < 2*(i+1) {
				ch.curves = append(ch.curves, sim.Series{})
			}
			a, e := &ch.curves[2*i], &ch.curves[2*i+1]
			run.AvgError(i).AppendTo(a)
			run.Eta(i).AppendTo(e)
			in.Names = append(in.Names, run.Name(i))
			in.AvgError = append(in.AvgError, render.Points{X: a.T, Y: a.V})
			in.Eta = append(in.Eta, render.Points{X: e.T, Y: e.V})
		}
		if at := run.SwitchAt(); at > 0 {
			in.SwitchAt, in.SwitchLabel = at, "0/1 → 2/3"
		}
	}
	render.CompareChart(&ch.chart, *in)
	ch.draw(cv, &a.plot.bulk)
}

// compareChart is the digits charts' display list and painter, and what
// they show, reused from one redraw to the next.
type compareChart struct {
	chartView
	in     render.CompareInput
	curves []sim.Series // each learner's average error and η_t histories as points, reused
}
