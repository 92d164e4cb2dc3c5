package ui

import (
	"math"
	"strconv"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kernelplay/ui/comp"
	"kernelplay/ui/render"
	"kernelplay/ui/sim"
)

// cellView is the panel "into the errors" of the digits view (issue 22,
// item 3): the examples one confusion cell counts (sim.Digits.Cell: the
// newest sim.CellExamples, newest first), each with its prediction, scores
// and the support vectors that pulled it there most in the model that made
// the prediction. A click on a confusion matrix's cell opens it, and on a
// focused matrix the arrow keys move a cell cursor and Enter opens the
// cell under it (cellview_js.go). The panel shows the cell as it was when
// opened (its step T); opening it again refreshes it.
type cellView struct {
	comp.Hosted
	P      cellProps
	rr     rerenderer
	thumbs *dCanvas // the examples and their pulls as thumbnails (render.PadPulls)
	dirty  bool     // the thumbnails need a redraw
	cellJS          // the confusion canvases' listeners (cellview_js.go)
}

// cellProps are the panel's props: the open cell, its examples as text and
// thumbnails, and Dispatch (closeCell).
type cellProps struct {
	Open   bool
	Title  string   // the learner and the cell: "SVMD ρ=0.99 · true 3, predicted 5"
	T      int      // the step at which the cell was read
	Count  int      // the examples the cell counts in all
	Items  []string // one line per kept example, newest first
	Note   string   // replaces the count sentence (a support vector's panel)
	Thumbs [][]render.PadThumb
	// Dispatch receives closeCell.
	Dispatch Dispatch
}

// cellPullsNote says where the pulls come from (the issue's "say so in the
// view").
const cellPullsNote = "Each is followed by the support vectors that pulled it most (the largest |α·k(xᵢ, x)| for the predicted class), " +
	"in the model that made the prediction: kept with the example before the learner learned it."

func newCellView(cs canvases, rr rerenderer) *cellView {
	return &cellView{rr: rr, thumbs: &dCanvas{id: "cell-thumbs", class: "cellthumbs", canvases: cs, describedBy: "cell-list",
		label: "the cell's examples, each followed by the support vectors that pulled it most"}}
}

// cellPropsOf reads learner i's confusion cell (truth, pred) of run: the
// title, a line per kept example and its thumbnails (the example, then its
// pulls with their α·k).
func cellPropsOf(run *sim.Digits, i, truth, pred int) cellProps {
	names := run.ClassNames()
	p := cellProps{Open: true, T: run.T(), Title: run.Name(i) + " · true " + names[truth] + ", predicted " + names[pred],
		Count: run.Confusion(i)[truth*len(names)+pred]}
	for _, ex := range run.Cell(i, truth, pred) {
		line, row := exampleItem(run, ex)
		p.Items, p.Thumbs = append(p.Items, line), append(p.Thumbs, row)
	}
	return p
}

// exampleItem is a kept example's line and thumbnails: the example, then
// its pulls.
func exampleItem(run *sim.Digits, ex sim.CellExample) (string, []render.PadThumb) {
	names := run.ClassNames()
	line := "t = " + strconv.Itoa(ex.T) + " · " + originText(ex.Origin) + " · true " + names[ex.Truth] + ", predicted " + names[ex.Pred]
	if s := scoresText(names, ex.Scores); s != "" {
		line += " · scores " + s
	}
	row := []render.PadThumb{thumbOf(run.Input(ex.Origin), "t="+strconv.Itoa(ex.T))}
	for j, pl := range ex.Pulls {
		if j == 0 {
			line += " · pulled by"
		} else {
			line += ","
		}
		line += " " + originText(pl.Origin) + " (α·k " + signed3(pl.Value) + ")"
		row = append(row, thumbOf(run.Input(pl.Origin), signed3(pl.Value)))
	}
	return line, row
}

// termPropsOf is the panel for learner i's stored term j (a click on the
// support-vector gallery): the record of the example it was learned from
// when its cell still keeps it, else its α and class.
func termPropsOf(run *sim.Digits, i, j int) cellProps {
	e := run.Model(i).Expansion()
	o, _, _ := run.TermOrigin(i, j)
	p := cellProps{Open: true, T: run.T(), Title: run.Name(i) + " · support vector " + strconv.Itoa(j+1) + " of " + strconv.Itoa(e.Len()) + " (" + originText(o) + ")"}
	if ex, ok := run.TermExample(i, j); ok {
		line, row := exampleItem(run, ex)
		p.Items, p.Thumbs = []string{line}, [][]render.PadThumb{row}
		p.Note = "The example this support vector was learned from, as it was predicted at step " + strconv.Itoa(ex.T) + "."
		return p
	}
	alpha := e.Alpha(nil, j)
	var a string
	for c, v := range alpha {
		if c > 0 {
			a += ", "
		}
		a += signed3(v)
	}
	x := append([]float64(nil), e.X(j)...)
	p.Items = []string{originText(o) + " · stored for class " + classOf(run.ClassNames(), alpha) + " · α = (" + a + ")"}
	p.Thumbs = [][]render.PadThumb{{thumbOf(x, originText(o))}}
	p.Note = "Its example's record is no longer kept (each confusion cell keeps its newest " + strconv.Itoa(sim.CellExamples) + "): its α and class."
	return p
}

// signed3 is x with its sign and three significant digits (the pulls of
// one example are often equal to two decimals).
func signed3(x float64) string {
	s := strconv.FormatFloat(math.Abs(x), 'g', 3, 64)
	if x < 0 {
		return "−" + s
	}
	return "+" + s
}

// originText names an example's origin for the panel.
func originText(o sim.Origin) string {
	switch {
	case o.Row >= 0:
		return "row " + strconv.Itoa(o.Row+1)
	case o.Drawing != "":
		return "a taught drawing"
	}
	return "a term of unknown origin"
}

// scoresText lists the three highest scores with their classes (one score:
// the binary or novelty score f(x)).
func scoresText(names []string, s []float64) string {
	if len(s) == 1 {
		return "f = " + signed(s[0])
	}
	var out string
	used := make([]bool, len(s))
	for n := 0; n < 3 && n < len(s); n++ {
		best := -1
		for c, v := range s {
			if !used[c] && (best < 0 || v > s[best]) {
				best = c
			}
		}
		used[best] = true
		if n > 0 {
			out += ", "
		}
		name := strconv.Itoa(best)
		if best < len(names) {
			name = names[best]
		}
		out += name + " " + signed(s[best])
	}
	return out
}

// thumbOf is a square digit's thumbnail (an empty one for an unknown input).
func thumbOf(x []float64, caption string) render.PadThumb {
	w := int(math.Round(math.Sqrt(float64(len(x)))))
	if w*w != len(x) || w == 0 {
		return render.PadThumb{X: []float64{0}, Width: 1, Height: 1, Caption: caption}
	}
	return render.PadThumb{X: x, Width: w, Height: w, Caption: caption}
}

// feed hands the panel new props and rerenders it.
func (v *cellView) feed(p cellProps) {
	v.P, v.dirty = p, true
	v.rr.Rerender(&v.Hosted)
}

// paint draws the thumbnails when they changed or the canvas resized.
func (v *cellView) paint() {
	cv := v.thumbs.cv
	if cv == nil || !(v.dirty || cv.Resized()) || !cv.Fit() {
		return
	}
	v.dirty = false
	l := &v.thumbs.list
	l.Reset(cv.W, cv.H)
	render.PadPulls(l, v.P.Thumbs, cv.W, cv.H)
	cv.Clear()
	v.thumbs.paint.Paint(cv.Ctx, l)
}

// Render implements comp.View.
func (v *cellView) Render() vecty.ComponentOrHTML {
	if !v.P.Open {
		return elem.Div(vecty.Markup(prop.ID("confusion-cell"), vecty.Class("cellview", "closed")))
	}
	items := []vecty.MarkupOrChild{vecty.Markup(prop.ID("cell-list"), vecty.Class("celllist"))}
	for _, s := range v.P.Items {
		items = append(items, elem.ListItem(vecty.Markup(vecty.Class("cellex")), vecty.Text(s)))
	}
	kept := "Examples counted at step " + strconv.Itoa(v.P.T) + ": " + strconv.Itoa(v.P.Count) + ". Shown: the newest " + strconv.Itoa(len(v.P.Items)) + " (a cell keeps 4)."
	if v.P.Note != "" {
		kept = v.P.Note
	} else if len(v.P.Items) == 0 {
		kept = "No example in this cell yet (step " + strconv.Itoa(v.P.T) + ")."
	}
	return elem.Section(vecty.Markup(prop.ID("confusion-cell"), vecty.Class("panel", "cellview"), vecty.Attribute("aria-labelledby", "cell-title")),
		elem.Div(vecty.Markup(vecty.Class("cap")),
			elem.Span(vecty.Markup(prop.ID("cell-title")), vecty.Text(v.P.Title)),
			elem.Button(vecty.Markup(prop.ID("cell-close"), vecty.Attribute("type", "button"), vecty.Attribute("aria-label", "close the cell's examples"),
				event.Click(handle(func(*vecty.Event) { v.P.Dispatch(closeCell{}) }))), vecty.Text("×")),
		),
		elem.Paragraph(vecty.Markup(vecty.Class("cellnote")), vecty.Text(kept+" "+cellPullsNote)),
		// The thumbnails' canvas is as tall as its rows (render.PadPulls:
		// one row per example, 80 px each).
		vecty.If(len(v.P.Items) > 0, elem.Div(vecty.Markup(vecty.Class("cellthumbwrap"),
			vecty.Style("height", strconv.Itoa(80*len(v.P.Items))+"px")), comp.Of(v.thumbs))),
		elem.OrderedList(items...),
	)
}

// cellCursor is a confusion matrix's keyboard cell cursor (the view's own
// state, as the plot's cursor is the plot's) and whether the matrix has the
// focus, which shows it.
type cellCursor struct {
	Row, Col int
	Focused  bool
}

// cellKey applies a key pressed on a focused k×k confusion matrix to the
// cursor c: the arrow keys move it (clamped to the matrix), Home and End
// go to the diagonal's ends, Enter or Space open the cell under it
// (open). handled is false for other keys (they go on to the page).
func cellKey(c cellCursor, k int, key string) (next cellCursor, open, handled bool) {
	next = c
	switch key {
	case "ArrowUp":
		next.Row--
	case "ArrowDown":
		next.Row++
	case "ArrowLeft":
		next.Col--
	case "ArrowRight":
		next.Col++
	case "Home":
		next.Row, next.Col = 0, 0
	case "End":
		next.Row, next.Col = k-1, k-1
	case "Enter", " ":
		return c, true, true
	default:
		return c, false, false
	}
	next.Row, next.Col = max(0, min(k-1, next.Row)), max(0, min(k-1, next.Col))
	return next, false, true
}

// cellLabel is a confusion canvas's accessible name with the cursor's cell
// and its count, so that a screen reader says where the cursor is.
func cellLabel(run *sim.Digits, i int, c cellCursor) string {
	names := run.ClassNames()
	k := len(names)
	lab := "confusion matrix of " + run.Name(i) + "; click a cell, or the arrow keys and Enter, to see the examples it counts"
	if c.Row < k && c.Col < k {
		lab += "; cell true " + names[c.Row] + ", predicted " + names[c.Col] + ": " + strconv.Itoa(run.Confusion(i)[c.Row*k+c.Col]) + " examples"
	}
	return lab
}

type (
	// openCell opens learner Learner's confusion cell (Row = true class,
	// Col = prediction) in the cell panel (cellview.go).
	openCell struct{ Learner, Row, Col int }
	// openTerm opens learner Learner's stored term Term (0 = oldest) in
	// the cell panel: a click on the support-vector gallery.
	openTerm struct{ Learner, Term int }
	// closeCell closes the cell panel.
	closeCell struct{}
)

func (o openCell) do(a *Playground) {
	dg := a.digits()
	run := dg.run
	if run == nil || o.Learner < 0 || o.Learner >= run.Learners() {
		return
	}
	k := len(run.ClassNames())
	if o.Row < 0 || o.Col < 0 || o.Row >= k || o.Col >= k {
		return
	}
	p := cellPropsOf(run, o.Learner, o.Row, o.Col)
	p.Dispatch = a.dispatch
	dg.cell.feed(p)
}

func (o openTerm) do(a *Playground) {
	dg := a.digits()
	run := dg.run
	if run == nil || o.Learner < 0 || o.Learner >= run.Learners() || run.Model(o.Learner) == nil ||
		o.Term < 0 || o.Term >= run.Model(o.Learner).Expansion().Len() {
		return
	}
	p := termPropsOf(run, o.Learner, o.Term)
	p.Dispatch = a.dispatch
	dg.cell.feed(p)
}

func (closeCell) do(a *Playground) {
	dg := a.digits()
	dg.cell.feed(cellProps{Dispatch: a.dispatch})
}
