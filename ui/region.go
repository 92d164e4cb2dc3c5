package ui

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"

	"kernelplay/ui/app"
	"kernelplay/ui/comp"
	"kernelplay/ui/state"
)

// regionPart names one of the parts of the 2D view that the page reveals
// one by one after its skeleton (see Page.Mount), in this order: the top
// bar, the centre's hint and buffer strip, the controls column's groups
// (columnGroups), the side column. The order is the page's from the top
// on a narrow screen (static/style.css: centre, controls, side), so that
// a part that appears never moves one shown before it (Lighthouse counted
// the controls column's shift, 0.053, when the strip came after it). Each
// is a view of its own (region) so that its first full render is a
// render of that part only, not of the whole page.
type regionPart int

const (
	partTop    regionPart = iota // the top bar (the skeleton's has the name only)
	partCenter                   // the plot (drawn from the skeleton on), its hint, the buffer strip
	partGroup                    // the first of the column's groups: partGroup+i is columnGroups[i]
)

const (
	partSide   = partGroup + numGroups // the second learner, the charts, the read-outs, the inspector
	partDialog = partSide + 1          // the top bar's class dialog (closed: nothing to see), after the rest
	partIntro  = partDialog + 1        // the introduction (a dialog, closed unless it opens at the start), after the rest
	numParts   = partIntro + 1
)

// region is one part of the 2D view (regionPart), placed by the page in
// every render. After the skeleton the Playground asks for the regions'
// renders at once (Playground.reveal), not the page's: Vecty's batch
// renderer renders one component and moves the rest of its batch to the
// next animation frame when the frame's 16 ms are spent, so on a slow CPU
// each part renders, and the browser lays it out, in a task of its own
// (issue 24: the whole page's first render was one task of 180–290 ms
// with the CPU throttled 4×), and on a fast one several share a frame.
// Like view2D it reads the page it is part of: its state is the page's
// Snapshot.
type region struct {
	comp.Hosted
	page  *Page
	part  regionPart
	shown bool // rendered with its content (after the skeleton)
	// held: the region renders its skeleton's element until reveal
	// releases it, after the other regions (the class dialog, placed
	// inside the top bar, would otherwise render with it).
	held bool
}

// Render implements comp.View.
func (r *region) Render() vecty.ComponentOrHTML {
	p := r.page
	// A part shows its content after the skeleton; a dialog, unless held,
	// even in it (the introduction when it opens at the start).
	r.shown = !r.held && (!p.S.Booting || r.part >= partDialog)
	switch {
	case r.held: // a closed dialog held until the rest has rendered: its element, empty
		id := "class-dialog"
		if r.part == partIntro {
			id = "intro"
		}
		return elem.Dialog(vecty.Markup(prop.ID(id), vecty.Class("panel", id)))
	case r.part == partDialog:
		return p.classDialog(p.S.Config) // presenter.go
	case r.part == partIntro:
		return p.introDialog() // intro.go
	case r.part == partTop:
		return p.topBarAfterBoot()
	case r.part == partCenter:
		return p.center()
	case r.part < partSide:
		if p.S.Booting {
			return hiddenGroup()
		}
		return p.group(columnGroups[r.part-partGroup]) // controls.go
	default:
		return p.side()
	}
}

// controlsColumn is the controls column: the lesson card and
// predict-then-reveal's panel (lessonview.go), then a section per group,
// each a region (hidden in the skeleton).
func (p *Page) controlsColumn() *vecty.HTML {
	items := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("controls", "panel"),
		vecty.Attribute("aria-label", "settings")), p.teachCards(true)}
	for _, r := range p.views.regions[partGroup:partSide] {
		items = append(items, comp.Of(r))
	}
	return elem.Div(items...)
}

// center is the centre column: the plot, its hint and the buffer strip
// (the skeleton has the plot only).
func (p *Page) center() *vecty.HTML {
	s, v, c := p.S, p.views, p.S.Config
	return elem.Div(vecty.Markup(vecty.Class("center")),
		elem.Div(vecty.Markup(vecty.Class("plotwrap")), comp.Of(v.plot)),
		vecty.If(!s.Booting, p.plotHint()),
		vecty.If(!s.Booting && !c.Hidden(state.HideBuffer), elem.Div(vecty.Markup(vecty.Class("panel", "stripwrap")),
			p.stripCaption(),
			comp.Of(v.strip),
		)),
	)
}

// side is the side column: the second learner of a comparison, the
// charts, the read-outs and the step inspector (empty in the skeleton).
func (p *Page) side() *vecty.HTML {
	s, v, c := p.S, p.views, p.S.Config
	return elem.Div(vecty.Markup(vecty.Class("side")),
		vecty.If(!s.Booting && s.Run.Second() != nil && !c.Hidden(state.HideSecond), secondPanel(v.second, app.Second(s.Run))), // compare2d.go
		vecty.If(!s.Booting && !c.Hidden(state.HideCharts), elem.Div(vecty.Markup(vecty.Class("panel", "chartwrap")), comp.Of(v.charts),
			p.windowControl(c))),
		vecty.If(!s.Booting && !c.Hidden(state.HideStats), comp.Of(v.stats)),
		vecty.If(!s.Booting && !c.Hidden(state.HideInspector), p.inspector()), // the step inspector (inspector.go)
	)
}

// newRegions are the page's regions of page p; booting: the page starts
// as the skeleton, and the class dialog and, unless it opens at the start
// (intro), the introduction are held (see region).
func newRegions(p *Page, booting, intro bool) [numParts]*region {
	var rs [numParts]*region
	for i := range rs {
		rs[i] = &region{page: p, part: regionPart(i)}
	}
	rs[partDialog].held = booting
	rs[partIntro].held = booting && !intro
	return rs
}

// revealed reports whether every region has rendered its content since
// the skeleton, leaving out the held ones unless held; a region never
// placed (a link that hides the class link has no dialog) counts as
// revealed.
func revealed(rs [numParts]*region, held bool) bool {
	for _, r := range rs {
		if r == nil || !r.shown && r.Host() != nil && (held || !r.held) {
			return false
		}
	}
	return true
}

// maxRevealFrames is the most frames the frame loop waits for the regions
// after the skeleton before it draws the full picture anyway (a region
// that is not in the document, say after a switch to the digits view,
// never renders).
const maxRevealFrames = 30

// reveal is the frame loop's part while the page leaves its skeleton,
// true while the frame should do nothing else: in the first frame after
// the skeleton it asks for the regions' renders (not the page's: see
// region), and in the following frames it waits until they have rendered
// (in Vecty's callback, after this one), then asks for the held ones'
// (the class dialog) and waits for them, before the frame loop draws the
// full picture, so that the picture's frame is a task of its own too. An
// action in the meantime rerenders the whole page, regions included, as
// usual.
func (a *Playground) reveal() bool {
	if a.booting {
		a.booting, a.revealing = false, 1
		if a.mounted {
			a.props()
			for _, r := range a.page.views.regions {
				if !r.held {
					a.b.Rerender(&r.Hosted)
				}
			}
		}
		return true
	}
	a.revealing++
	rs := &a.page.views.regions
	if revealed(*rs, false) {
		// The rest has rendered: the held regions next.
		for _, r := range rs {
			if r.held {
				r.held = false
				a.b.Rerender(&r.Hosted)
			}
		}
	}
	if revealed(*rs, true) || a.revealing > maxRevealFrames {
		a.revealing = 0
		for _, r := range rs {
			r.held = false // (one not placed yet shows all in its first render)
		}
		return false
	}
	return true
}
