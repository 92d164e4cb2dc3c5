package ui

import (
	"math"
	"strconv"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kernelplay/ui/app"
	"kernelplay/ui/comp"
	"kernelplay/ui/paint"
	"kernelplay/ui/render"
	"kernelplay/ui/state"
)

// Inspector is the step inspector's state, kept by the Playground for both
// views: the learner's last update as the paper writes it, one block per
// sub-step (predict → loss → step size → shrink → insert/evict) with the
// live numbers, shown while the run is paused and after every Step
// (app.Store.Inspect decides what is shown). It owns the slow-motion
// machine (app.SlowMotion): with slow motion on, a step plays as its
// sub-steps at the pace of the slider, the current block lit in the panel
// and its element (x_t, the margin lines, the terms) on the plot. The
// frame loop calls frame every frame and mark when it draws the plot. It
// is no view: the panel is inspectorPanel, one type placed in the 2D and
// the digits trees alike (Page.inspector) with the props this state makes
// (props); the page rerenders when the store changes and when the lit
// sub-step changes, never per frame otherwise. It holds no Playground and no
// store: what it reads of them comes as arguments (Playground.inspectFrame,
// Playground.snapshot, Plot.draw through mark).
type Inspector struct {
	slow   app.SlowMotion
	in     app.Inspection // what is shown, for (inT, inRev, inSlow)
	inT    int
	inRev  int
	inSlow bool
	inKind app.Kind
	lit    int       // the lit sub-step, −1 for none
	shown  bool      // the blocks were shown at the last refresh
	reveal string    // a selector to scroll into view once rendered ("": none)
	align  string    // and how: "start" (the panel) or "nearest" (a lit block)
	lines  []float64 // the lit margin lines, input coordinates then pixels
}

// newInspector returns an inspector with nothing lit.
func newInspector() *Inspector { return &Inspector{lit: -1, inT: -1} }

// refresh recomputes what is shown when the run of s, its step or the
// page (its revision rev, Playground.rev) changed since the last time.
func (i *Inspector) refresh(s *app.Store, rev int) {
	r := s.Run()
	if r.T() == i.inT && rev == i.inRev && i.slow.On == i.inSlow && r.Kind() == i.inKind {
		return
	}
	i.in = s.Inspect(i.slow.On)
	if i.in.Show && !i.shown {
		i.reveal, i.align = "#inspector .iblocks", "start"
	}
	i.shown = i.in.Show
	i.inT, i.inRev, i.inSlow, i.inKind = r.T(), rev, i.slow.On, r.Kind()
}

// markPlot draws the inspector's marks on the plot p (Inspector.mark): the
// overlay the frame loop hands Plot.draw.
func (a *Playground) markPlot(p *Plot) { a.insp.mark(p, a.store, a.rev) }

// inspectFrame runs the inspector's slow motion in the frame at time now
// (ms); a change of the lit sub-step redraws the plot and rerenders the
// page (and its panel).
func (a *Playground) inspectFrame(now float64) {
	if a.insp.frame(now, a.store, a.rev, a.b, a.tour.name != "") {
		a.plot.dirty = true
		a.rerender()
	}
}

// frame runs the slow-motion machine at frame time now (ms) on the run of
// s (rev: Playground.rev): a new step starts its playback; lit reports a change
// of the lit sub-step. It scrolls the panel's blocks into view once
// rendered (sc), unless a tour is open. Without slow motion it costs
// nothing.
func (i *Inspector) frame(now float64, s *app.Store, rev int, sc scrolling, tourOpen bool) (lit bool) {
	if tourOpen {
		// An open tour keeps its step's element in view (tour.go): the
		// panel does not scroll the page to itself.
		i.reveal = ""
	}
	if i.reveal != "" {
		// The blocks just appeared (a pause, a Step), or slow motion lit
		// the next one: bring it into view in its column, once rendered.
		inside := ""
		if i.align == "start" {
			inside = "#inspector" // its head too
		}
		if sc.Reveal(i.reveal, i.align, inside) {
			i.reveal = ""
		}
	}
	if !i.slow.On && i.lit < 0 {
		return false
	}
	i.refresh(s, rev)
	i.slow.Sync(i.in.T, len(i.in.Blocks))
	l := i.slow.Tick(now)
	if l == i.lit {
		return false
	}
	i.lit = l
	if l >= 0 {
		i.reveal, i.align = `#inspector .iblock[data-index="`+strconv.Itoa(l)+`"]`, "nearest"
	}
	return true
}

// steps is how many of the n examples due this frame a playing run may
// learn: none while a slow-motion playback runs, one at a time in slow
// motion, all of them otherwise.
func (i *Inspector) steps(n int) int {
	if !i.slow.On {
		return n
	}
	if i.slow.Busy() {
		return 0
	}
	return min(n, 1)
}

// Inspector's colours: x_t and what the lit sub-step lights on the plot.
const inspectColor = "#c8107a" // magenta: apart from both classes' blue and orange

// mark draws x_t on the plot (a ring with a cross, in inspectColor, over a
// white halo) and, during a slow-motion playback, what the lit sub-step
// lights: the margin lines, every term of the buffer or the new term.
// Called by Plot.draw after the markers (the frame loop hands it over:
// Playground.markPlot), with the store and its revision.
func (i *Inspector) mark(p *Plot, s *app.Store, rev int) {
	i.refresh(s, rev)
	in := i.in
	if !in.Show || len(in.X) == 0 {
		return
	}
	ctx := p.cv.Ctx
	w, h := p.cv.W, p.cv.H
	lit := app.Lit(in.Blocks, i.lit)
	c := s.Config()
	sm := s.Sim()
	if lit.Margin && c.Task == state.TaskBinary && !state.IsLinear(c.Learner) {
		if m := plotMargin(sm, c); m > 0 {
			tol := 2 / w / p.cv.DPR / 3
			i.lines = p.surf.Lines(i.lines[:0], &p.tracer, m, tol)
			i.lines = p.surf.Lines(i.lines, &p.tracer, -m, tol)
			for k := 0; k+1 < len(i.lines); k += 2 {
				i.lines[k], i.lines[k+1] = p.view.toPixel(i.lines[k], i.lines[k+1], w, h)
			}
			ctx.Lines(i.lines)
			ctx.Set("lineCap", "round")
			ctx.Set("lineJoin", "round")
			ctx.Set("strokeStyle", "#ffffff")
			ctx.Set("lineWidth", 5)
			ctx.Call("stroke")
			ctx.Set("strokeStyle", inspectColor)
			ctx.Set("lineWidth", 3)
			ctx.Call("stroke")
		}
	}
	// (p.svs are this frame's terms only for a 2D kernel expansion.)
	if terms := render.ModelTerms(sm.Learner()); (lit.AllTerms || lit.Term >= 0) && i.lit >= 0 && terms != nil && terms.Dim() == 2 {
		for k, sv := range p.svs {
			if math.IsNaN(sv.Y) || !(lit.AllTerms || k == lit.Term) {
				continue
			}
			x, y := p.view.toPixel(sv.X, sv.Y, w, h)
			r := 5.0
			if k == lit.Term {
				r = 13
			}
			ring(ctx, x, y, r, 2)
		}
	}
	xt, yt := in.X[0], in.Y // regression: x_t on the plot at its target
	if len(in.X) > 1 {
		yt = in.X[1]
	}
	x, y := p.view.toPixel(xt, yt, w, h)
	ring(ctx, x, y, 9, 2.5)
	ctx.Call("beginPath")
	for _, d := range [][4]float64{{-14, 0, -5, 0}, {5, 0, 14, 0}, {0, -14, 0, -5}, {0, 5, 0, 14}} {
		ctx.Call("moveTo", x+d[0], y+d[1])
		ctx.Call("lineTo", x+d[2], y+d[3])
	}
	ctx.Set("strokeStyle", "#ffffff")
	ctx.Set("lineWidth", 4.5)
	ctx.Call("stroke")
	ctx.Set("strokeStyle", inspectColor)
	ctx.Set("lineWidth", 2.5)
	ctx.Call("stroke")
}

// ring strokes a circle of radius r in inspectColor over a white halo.
func ring(ctx paint.Ctx, x, y, r, width float64) {
	ctx.Call("beginPath")
	ctx.Call("arc", x, y, r, 0, 2*math.Pi)
	ctx.Set("strokeStyle", "#ffffff")
	ctx.Set("lineWidth", width+2)
	ctx.Call("stroke")
	ctx.Set("strokeStyle", inspectColor)
	ctx.Set("lineWidth", width)
	ctx.Call("stroke")
}

// inspectorProps is what the panel shows: the inspection, the lit
// sub-step (−1 for none), slow motion and its pace, and, when no blocks
// show, why.
type inspectorProps struct {
	In     app.Inspection
	Lit    int
	Slow   bool
	PaceMS float64
	Why    string
}

// props is the panel's props for the page's render of the store s at
// revision rev (Playground.rev).
func (i *Inspector) props(s *app.Store, rev int) inspectorProps {
	i.refresh(s, rev)
	p := inspectorProps{In: i.in, Lit: i.lit, Slow: i.slow.On, PaceMS: i.slow.Pace()}
	if !i.in.Show {
		p.Why = "Pause (space) or press Step (→) to see the last update, equation by equation, with its numbers."
		if s.Run().T() > 0 && !s.Config().Playing {
			p.Why = "This learner keeps no record of its steps."
		}
	}
	return p
}

// inspector is the step inspector's panel, placed by both views' trees:
// a new comp.Of in each render (comp: one component per place), the same
// type and props in both.
func (p *Page) inspector() vecty.ComponentOrHTML {
	return comp.Of(&inspectorPanel{P: p.S.Insp, Dispatch: p.Dispatch, Ev: p.Ev, Inputs: p.Inputs})
}

// inspectorPanel is the step inspector's panel (see Inspector).
type inspectorPanel struct {
	P        inspectorProps `vecty:"prop"`
	Dispatch Dispatch       `vecty:"prop"`
	Ev       events         `vecty:"prop"` // the slow-motion box
	Inputs   rangeInputs    `vecty:"prop"` // the pace slider
}

// Render implements comp.View: the panel's head (title, step,
// slow-motion toggle and pace), then the blocks, or a line saying when
// they appear. The panel's data- attributes carry the record's numbers
// (see recordData) for tests and the debug hook.
func (v *inspectorPanel) Render() vecty.ComponentOrHTML {
	pr := v.P
	in, lit := pr.In, pr.Lit
	head := elem.Div(vecty.Markup(vecty.Class("ihead")),
		elem.Heading2(vecty.Text("Step inspector")),
		vecty.If(in.Show, elem.Span(vecty.Markup(vecty.Class("istep")), vecty.Text(stepText(in)))),
		vecty.If(in.Show && in.Of != "", elem.Span(vecty.Markup(vecty.Class("iof"), prop.ID("inspector-of")), vecty.Text("learner: "+in.Of))),
		elem.Span(vecty.Markup(vecty.Class("spacer"))),
		elem.Label(vecty.Markup(vecty.Class("inline"), vecty.Attribute("title",
			"play each step as its sub-steps, one at a time, at the pace set beside")),
			elem.Input(vecty.Markup(prop.Type(prop.TypeCheckbox), prop.ID("slow-motion"), prop.Checked(pr.Slow),
				event.Change(handle(func(e *vecty.Event) {
					v.Dispatch(setSlowMotion{On: v.Ev.Checked(e)})
				})))),
			vecty.Text("slow motion")),
		vecty.If(pr.Slow, elem.Label(vecty.Markup(vecty.Class("inline", "ipace"), vecty.Attribute("title", "time each sub-step is shown")),
			comp.Of(&rangeSlider{ // (controls.go: its thumb sits at the pace from the moment it appears)
				ID: "slow-pace", Label: "slow-motion pace, milliseconds per sub-step",
				Min: strconv.Itoa(app.MinPaceMS), Max: strconv.Itoa(app.MaxPaceMS), Step: "100",
				Pos:   strconv.Itoa(int(pr.PaceMS)),
				Slide: paceSlide{}, Dispatch: v.Dispatch, Ev: v.Ev, Inputs: v.Inputs,
			}),
			elem.Span(vecty.Markup(vecty.Class("val")), vecty.Text(ftoa(pr.PaceMS/1000, 1)+" s")))),
	)
	attrs := []vecty.Applyer{vecty.Class("panel", "inspector"), prop.ID("inspector"),
		vecty.Attribute("aria-label", "step inspector"), vecty.Attribute("data-lit", strconv.Itoa(lit))}
	if !in.Show {
		return elem.Section(vecty.Markup(attrs...), head, elem.Paragraph(vecty.Markup(vecty.Class("inote")), vecty.Text(pr.Why)))
	}
	attrs = append(attrs, vecty.Attribute("data-t", strconv.Itoa(in.T)))
	attrs = append(attrs, recordData(in.Record)...)
	items := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("iblocks"))}
	for k, b := range in.Blocks {
		cls := []string{"iblock"}
		if k == lit {
			cls = append(cls, "lit")
		} else if lit >= 0 && k > lit {
			cls = append(cls, "later")
		}
		items = append(items, elem.ListItem(vecty.Markup(vecty.Class(cls...),
			vecty.Attribute("data-stage", b.Stage.String()), vecty.Attribute("data-index", strconv.Itoa(k))),
			elem.Div(vecty.Markup(vecty.Class("ititle")),
				elem.Span(vecty.Markup(vecty.Class("istage")), vecty.Text(strconv.Itoa(k+1)+" "+b.Title)),
				elem.Span(vecty.Markup(vecty.Class("isrc")), vecty.Text(b.Source))),
			// The MathML is written by ui/inspect's own escaping writer
			// (every name and number goes through its escaper; the
			// elements are its fixed MathML Core set), so it is safe as
			// inner HTML: the browser renders it natively.
			// Focusable: a formula wider than the column scrolls, and the
			// keyboard must reach it (axe-core: scrollable-region-focusable).
			elem.Div(vecty.Markup(vecty.Class("imath"), vecty.Attribute("tabindex", "0"), vecty.Attribute("role", "group"),
				vecty.Attribute("aria-label", b.Title), vecty.UnsafeHTML(b.MathML))),
		))
	}
	// The learner made the step at once; slow motion replays its record,
	// while the plot already shows the model after it.
	note := vecty.If(lit >= 0, elem.Paragraph(vecty.Markup(vecty.Class("inote")),
		vecty.Text("Replaying step t = "+strconv.Itoa(in.T)+" sub-step by sub-step; the plot already shows f after it.")))
	return elem.Section(vecty.Markup(attrs...), head, note, elem.OrderedList(items...))
}

// stepText is the head's "t = 23 · x_t = (0.12, −0.4) · y_t = 1" (2D) or
// "t = 23 · example 23 of the stream" (digits). The line breaks only at a
// " · " (no-break spaces elsewhere), and a whole label is written whole.
func stepText(in app.Inspection) string {
	const nb = "\u00a0"
	s := "t" + nb + "=" + nb + strconv.Itoa(in.T)
	if in.Index >= 0 && in.Row < 0 { // a taught drawing (state.EventTeach): no row of the stream
		return s + " · your drawing, taught as " + render.FormatValue(in.Y, true)
	}
	if in.Index >= 0 {
		return s + " · example " + strconv.Itoa(in.Index+1) + " of the stream"
	}
	if len(in.X) == 2 {
		s += " · x_t" + nb + "=" + nb + "(" + render.FormatValue(in.X[0], false) + "," + nb + render.FormatValue(in.X[1], false) + ")"
	}
	return s + " · y_t" + nb + "=" + nb + render.FormatValue(in.Y, in.Y == math.Trunc(in.Y))
}

// recordData are the panel's data- attributes: the record's numbers in
// full precision (strconv 'g', shortest round trip), for the browser test
// and anyone reading the page's DOM: for SVMD and NORMA η_t (data-eta),
// f(x_t) of the first score (data-f), the new α_t (data-alpha), the
// evicted index (data-evicted, −1 for none) and SVMD's ⟨g_t, v_t⟩
// (data-gv).
func recordData(rec any) []vecty.Applyer {
	n, ok := app.NumbersOf(rec)
	if !ok {
		return nil
	}
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	attr := func(k, v string) vecty.Applyer { return vecty.Attribute("data-"+k, v) }
	out := []vecty.Applyer{attr("eta", f(n.Eta)), attr("f", f(n.F)), attr("alpha", f(n.Alpha)),
		attr("evicted", strconv.Itoa(n.Evicted))}
	if n.HasGV {
		out = append(out, attr("gv", f(n.GV)))
	}
	return out
}

// stage is the lit block's stage, for the debug hook ("" for none).
func (i *Inspector) stage() string {
	if i.lit < 0 || i.lit >= len(i.in.Blocks) {
		return ""
	}
	return i.in.Blocks[i.lit].Stage.String()
}

// markStrip draws on the buffer strip what the lit sub-step of a
// slow-motion playback lights (app.Lit): every term (a frame around the
// bars: all of them enter f_t(x_t), all of them shrink), the new term (a
// thick frame around its bar) and, when the buffer was full, a note that
// the oldest term left (it is gone from the strip after the step). bars
// are the strip's bars of this frame, top the height above them, w × h
// the bars' area. Called by Strip.draw.
func (i *Inspector) markStrip(ctx paint.Ctx, bars []render.Bar, top, w, h float64) {
	if i.lit < 0 || i.lit >= len(i.in.Blocks) {
		return
	}
	lit := i.in.Blocks[i.lit].Highlight
	ctx.Set("strokeStyle", inspectColor)
	if lit.AllTerms && len(bars) > 0 {
		ctx.Set("lineWidth", 2)
		ctx.Call("strokeRect", 1, top+1, w-2, h-2)
	}
	if lit.Term >= 0 && lit.Term < len(bars) {
		r := barRect(bars[lit.Term])
		ctx.Set("lineWidth", 3)
		ctx.Call("strokeRect", r.X-2, top+1.5, r.W+4, h-3)
	}
	if lit.Evicted >= 0 {
		ctx.Set("font", "600 12px system-ui, sans-serif")
		ctx.Set("fillStyle", inspectColor)
		ctx.Set("textAlign", "left")
		ctx.Call("fillText", "✕ the oldest term left the buffer", 16, 11)
	}
}

// markCharts adds to the 2D chart stack what the lit sub-step of a
// slow-motion playback lights there: for the step-size sub-step, a marker
// at the step t across the panels, so that the η_t chart's newest point is
// the one the panel computes. Called by Charts.draw before it lays out.
func (i *Inspector) markCharts(c *render.Chart) {
	if i.lit < 0 || i.lit >= len(i.in.Blocks) || !i.in.Blocks[i.lit].Highlight.StepSize {
		return
	}
	c.Markers = append(c.Markers, render.Marker{X: float64(i.in.T), Label: "η_t of this step", Color: inspectColor})
}

// paceSlide is the slow-motion pace slider: it sets the milliseconds per
// sub-step at the slider's position.
type paceSlide struct{}

func (paceSlide) slid(pos string) (any, bool) {
	ms, err := strconv.ParseFloat(pos, 64)
	if err != nil {
		return nil, false
	}
	return setSlowPace{MS: ms}, true
}
