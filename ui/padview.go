package ui

import (
	"strconv"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kernelplay/ui/app"
	"kernelplay/ui/comp"
	"kernelplay/ui/render"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// padView is the drawing pad of the digits view (issue 22): a canvas to
// draw a digit on (mouse, pen or touch: pad_js.go's pointer listeners),
// beside it the drawing through its set's preprocessing as the learner
// will see it (render.PadSteps), and the buttons that ask the learners
// about it (app.AskPad: prediction, scores and the support vectors that
// pulled it most, nothing learned) and teach it with a label (state.Teach:
// the next example of the run, an edit of its timeline). The strokes are
// the view's own state, as the plot's keyboard cursor is the plot's: they
// are no state of the run until taught. Rasterising costs tens of
// milliseconds under wasm, so it runs once per stroke, on pointer-up
// (strokeDone), never on a move.
type padView struct {
	comp.Hosted
	P        padProps
	rr       rerenderer
	pad      *dCanvas // the pad (drawn on pointer moves and by the frame loop)
	steps    *dCanvas // the preprocessing steps
	nearest  *dCanvas // the support vectors that pulled the asked drawing most
	strokes  []app.PadStroke
	shown    app.PadSteps // the drawing's steps (valid when Levels != "")
	err      string       // why the drawing has no steps ("" when it has)
	answers  []sim.Answer // the last Ask, for askedFor at step askedT
	pulls    [][]app.Pull
	askedFor string
	askedT   int
	data     string // the set the drawing was preprocessed for
	dirty    bool   // the canvases need a redraw
	open     bool   // the pad is shown (closed at first: the gallery keeps the column)
	padJS           // the pointer listeners (pad_js.go)
}

// padProps are the pad's props: the run it asks and teaches (nil while
// waiting for data), whether the run has an edit to undo, and Dispatch.
type padProps struct {
	Run      *sim.Digits
	CanUndo  bool
	Drawings int // the drawings taught in the run (state.EventTeach events)
	Dispatch Dispatch
}

// padNearest is how many support vectors Ask shows per learner.
const padNearest = 4

// newPadView makes the pad with its canvases.
func newPadView(cs canvases, rr rerenderer) *padView {
	return &padView{rr: rr, dirty: true,
		pad: &dCanvas{id: "pad", class: "pad", canvases: cs, describedBy: "pad-steps-text",
			label: "drawing pad: draw a digit with the mouse, a pen or a finger; on the pad the keys 0–9 teach it, Enter asks, Backspace undoes a stroke, Delete clears"},
		steps:   &dCanvas{id: "pad-steps", class: "padsteps", label: "the drawing as the learner sees it", canvases: cs, describedBy: "pad-steps-text"},
		nearest: &dCanvas{id: "pad-nearest", class: "padnearest", label: "support vectors that pulled the drawing most", canvases: cs, describedBy: "pad-answers"},
	}
}

// padOK reports whether a run takes drawings (a 10-way run on the 8×8 or
// MNIST digits).
func padOK(run *sim.Digits) bool {
	if run == nil {
		return false
	}
	_, _, ok := state.TeachLevels(run.Config().Data)
	return ok && len(run.ClassNames()) == 10
}

// feed hands the pad its props; a drawing made for another set is
// preprocessed again for the run's, and a changed CanUndo rerenders.
func (v *padView) feed(p padProps) {
	undo := v.P.CanUndo != p.CanUndo || v.P.Drawings != p.Drawings || (v.P.Run == nil) != (p.Run == nil)
	v.P = p
	if p.Run != nil && len(v.strokes) > 0 && p.Run.Config().Data != v.data {
		v.changed()
	} else if undo {
		v.rr.Rerender(&v.Hosted)
	}
}

// strokeDone adds a finished stroke (pointer-up) and preprocesses the
// drawing.
func (v *padView) strokeDone(s app.PadStroke) {
	if len(s) == 0 {
		return
	}
	v.strokes = append(v.strokes, s)
	v.changed()
}

// points is the number of points of the finished strokes.
func (v *padView) points() int {
	n := 0
	for _, s := range v.strokes {
		n += len(s)
	}
	return n
}

// undoStroke removes the last stroke; clear removes them all.
func (v *padView) undoStroke() {
	if len(v.strokes) > 0 {
		v.strokes = v.strokes[:len(v.strokes)-1]
		v.changed()
	}
}

func (v *padView) clear() {
	v.strokes = v.strokes[:0]
	v.changed()
}

// changed preprocesses the drawing again and forgets the last answer.
func (v *padView) changed() {
	v.shown, v.err, v.data = app.PadSteps{}, "", ""
	v.answers, v.pulls, v.askedFor = nil, nil, ""
	if len(v.strokes) > 0 && v.P.Run != nil {
		v.data = v.P.Run.Config().Data
		s, err := app.Preprocess(v.strokes, v.data)
		if err != nil {
			v.err = err.Error()
		} else {
			v.shown = s
		}
	}
	v.dirty = true
	v.rr.Rerender(&v.Hosted)
}

// toggle shows or hides the pad (its strokes are kept); the canvases of
// a reopened pad are new, and drawn on the next frame.
func (v *padView) toggle() {
	v.open = !v.open
	v.dirty = true
	v.rr.Rerender(&v.Hosted)
}

// ask asks every learner about the drawing, learning nothing.
func (v *padView) ask() {
	run := v.P.Run
	if run == nil || v.shown.Levels == "" {
		return
	}
	ans, err := app.AskPad(run, v.shown.Levels)
	if err != nil {
		v.err = err.Error()
	} else {
		v.answers, v.askedFor, v.askedT = ans, v.shown.Levels, run.T()
		v.pulls = v.pulls[:0]
		for _, a := range ans {
			v.pulls = append(v.pulls, app.Pulls(a, padNearest))
		}
	}
	v.dirty = true
	v.rr.Rerender(&v.Hosted)
}

// teach makes the drawing, labelled y, the next example (teachDrawing:
// while paused the run learns it at once).
func (v *padView) teach(y int) {
	if v.shown.Levels == "" || v.P.Dispatch == nil {
		return
	}
	v.P.Dispatch(teachDrawing{state.Teach{Drawing: v.shown.Levels, Label: y}})
}

// key handles a key on the focused pad: a digit teaches the drawing with
// that label, Backspace undoes the last stroke, Delete clears, Enter
// asks. It reports whether it used the key.
func (v *padView) key(k string) bool {
	switch {
	case len(k) == 1 && k[0] >= '0' && k[0] <= '9':
		v.teach(int(k[0] - '0'))
	case k == "Backspace":
		v.undoStroke()
	case k == "Delete":
		v.clear()
	case k == "Enter":
		v.ask()
	default:
		return false
	}
	return true
}

// paint draws the pad's canvases (pad_js.go calls it on pointer moves;
// the frame loop when dirty or resized). live is the stroke being drawn.
func (v *padView) paint(live app.PadStroke) {
	if cv := v.pad.cv; cv != nil && cv.Fit() {
		l := &v.pad.list
		l.Reset(cv.W, cv.H)
		strokes := v.strokes
		if len(live) > 0 {
			strokes = append(strokes[:len(strokes):len(strokes)], live)
		}
		render.PadStrokes(l, strokes, cv.W, cv.H)
		cv.Clear()
		cv.Ctx.Set("lineCap", "round")
		v.pad.paint.Paint(cv.Ctx, l)
	}
	if cv := v.steps.cv; cv != nil && cv.Fit() {
		l := &v.steps.list
		l.Reset(cv.W, cv.H)
		if in, ok := v.stepsInput(); ok {
			render.PadSteps(l, in, cv.W, cv.H)
		}
		cv.Clear()
		v.steps.paint.Paint(cv.Ctx, l)
	}
	if cv := v.nearest.cv; cv != nil && cv.Fit() {
		l := &v.nearest.list
		l.Reset(cv.W, cv.H)
		render.PadPulls(l, v.pullThumbs(), cv.W, cv.H)
		cv.Clear()
		v.nearest.paint.Paint(cv.Ctx, l)
	}
	v.dirty = false
}

// stepsInput is the shown drawing's steps for render.PadSteps.
func (v *padView) stepsInput() (render.PadStepsInput, bool) {
	s := v.shown
	if s.Levels == "" {
		return render.PadStepsInput{}, false
	}
	return render.PadStepsInput{MNIST: s.Width == 28, Normalised: s.Normalised, Offset: s.Offset,
		Features: s.Features, Width: s.Width, Height: s.Height}, true
}

// pullThumbs are the asked learners' pulling terms as thumbnails.
func (v *padView) pullThumbs() [][]render.PadThumb {
	run := v.P.Run
	if run == nil || len(v.pulls) == 0 {
		return nil
	}
	w := v.shown.Width
	names := run.ClassNames()
	var out [][]render.PadThumb
	for _, ps := range v.pulls {
		var row []render.PadThumb
		for _, p := range ps {
			row = append(row, render.PadThumb{X: p.X, Width: w, Height: len(p.X) / max(w, 1),
				Caption: classOf(names, p.Alpha) + " " + signed(p.Contribution)})
		}
		out = append(out, row)
	}
	return out
}

// classOf is the class a term was stored for: its largest α (SVMD stores
// an example with +α at its true class: JMLR eq. 41).
func classOf(names []string, alpha []float64) string {
	best := 0
	for i, a := range alpha {
		if a > alpha[best] {
			best = i
		}
	}
	if best < len(names) {
		return names[best]
	}
	return strconv.Itoa(best)
}

// signed formats a contribution with its sign, 2 decimals.
func signed(x float64) string {
	if x >= 0 {
		return "+" + ftoa(x, 2)
	}
	return "−" + ftoa(-x, 2)
}

// Render implements comp.View.
func (v *padView) Render() vecty.ComponentOrHTML {
	run := v.P.Run
	has := v.shown.Levels != ""
	btn := func(id, label, title string, disabled bool, f func()) *vecty.HTML {
		return elem.Button(vecty.Markup(vecty.Class("btn"), prop.ID(id), vecty.Attribute("title", title), prop.Disabled(disabled),
			event.Click(handle(func(*vecty.Event) { f() }))), vecty.Text(label))
	}
	stepsText := "Draw a digit: its steps through the data set's preprocessing show here."
	if in, ok := v.stepsInput(); ok {
		stepsText = render.PadStepsText(in)
	} else if v.err != "" {
		stepsText = "No drawing to show: " + v.err + "."
	}
	var labels []vecty.MarkupOrChild
	labels = append(labels, vecty.Markup(vecty.Class("padlabels"), vecty.Attribute("role", "group"),
		vecty.Attribute("aria-label", "teach the drawing as")))
	if run != nil {
		for y, name := range run.ClassNames() {
			labels = append(labels, elem.Button(vecty.Markup(vecty.Class("btn", "padlabel"), prop.ID("teach-"+strconv.Itoa(y)),
				vecty.Attribute("title", "teach the drawing as a "+name+" (key "+strconv.Itoa(y)+" on the pad): the run's next example"),
				prop.Disabled(!has), event.Click(handle(func(*vecty.Event) { v.teach(y) }))), vecty.Text(name)))
		}
	}
	var ans []vecty.MarkupOrChild
	ans = append(ans, vecty.Markup(vecty.Class("padanswers"), prop.ID("pad-answers"), vecty.Attribute("aria-live", "polite")))
	if v.askedFor != "" && run != nil {
		names := run.ClassNames()
		for i, a := range v.answers {
			txt := run.Name(i) + " predicts " + names[a.Class] + " (score " + ftoa(a.Scores[a.Class], 3) + ")"
			if i < len(v.pulls) && len(v.pulls[i]) > 0 {
				txt += "; pulled most by stored"
				for j, p := range v.pulls[i] {
					if j > 0 {
						txt += ","
					}
					txt += " " + classOf(names, p.Alpha) + " (" + signed(p.Contribution) + ")"
				}
			}
			ans = append(ans, elem.Div(vecty.Markup(vecty.Class("padanswer")), swatch(i), vecty.Text(txt+".")))
		}
		ans = append(ans, elem.Div(vecty.Markup(vecty.Class("padnote")),
			vecty.Text("Asked at t = "+strconv.Itoa(v.askedT)+"; nothing was learned. Below: the support vectors "+
				"with the largest |αᵢ·k(xᵢ, x)| for the predicted class, each with its class and αᵢ·k(xᵢ, x).")))
	}
	rows := max(1, len(v.pulls))
	return elem.Div(vecty.Markup(vecty.Class("panel", "padwrap"), prop.ID("padwrap")),
		elem.Button(vecty.Markup(vecty.Class("btn", "padopen"), prop.ID("pad-open"), vecty.Attribute("aria-expanded", strconv.FormatBool(v.open)),
			vecty.MarkupIf(v.open, vecty.Attribute("aria-controls", "pad-body")), // (only when the body is there)
			vecty.Attribute("title", "draw a digit, see it become the data set's format, ask the learners about it and teach it as the next example"),
			event.Click(handle(func(*vecty.Event) { v.toggle() }))),
			vecty.Text(map[bool]string{false: "▸ ", true: "▾ "}[v.open]+"Your digit — draw it, ask the learners, then teach it")),
		vecty.If(v.open, elem.Div(vecty.Markup(prop.ID("pad-body"), vecty.Class("padbody")),
			elem.Div(vecty.Markup(vecty.Class("padrow")),
				comp.Of(v.pad),
				elem.Div(vecty.Markup(vecty.Class("padcol")),
					elem.Div(vecty.Markup(vecty.Class("padbtns")),
						btn("pad-undo", "Undo stroke", "remove the last stroke (Backspace on the pad)", len(v.strokes) == 0, v.undoStroke),
						btn("pad-clear", "Clear", "clear the pad (Delete on the pad)", len(v.strokes) == 0, v.clear),
						btn("pad-ask", "Ask", "each learner's prediction for the drawing, learning nothing (Enter on the pad)", !has, v.ask),
					),
					elem.Div(ans...),
					vecty.If(v.askedFor != "", elem.Div(vecty.Markup(vecty.Style("height", strconv.Itoa(rows*86)+"px")), comp.Of(v.nearest))),
				),
			),
			comp.Of(v.steps),
			elem.Paragraph(vecty.Markup(vecty.Class("sr"), prop.ID("pad-steps-text")), vecty.Text(stepsText)),
			elem.Div(vecty.Markup(vecty.Class("padteach")),
				elem.Span(vecty.Markup(vecty.Class("flbl")), vecty.Text("Teach as")),
				elem.Div(labels...),
				btn("pad-undo-teach", "Undo", "remove the last edit of the run (a taught drawing) and replay it to this step (Ctrl/Cmd+Z)",
					!v.P.CanUndo, func() { v.P.Dispatch(app.Undo{}) }),
				btn("pad-save", "Save drawings", "download the drawings taught in this run as a CSV file that Load data… reads back",
					v.P.Drawings == 0, func() { v.P.Dispatch(saveDrawings{}) }),
			),
		)))
}
