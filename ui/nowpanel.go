package ui

import (
	"math"
	"strconv"

	"kernelplay/ui/app"
	"kernelplay/ui/render"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// The digits view's "now" panel as a display list: the current digit's
// square, the example's heading and each learner's line (name, verdict,
// ✓ or ✗, running error), placed by layoutNowLine with render.TextWidth's
// estimates. The page paints the list and blits the digit's image into the
// square the list leaves for it.

// nowSquare is the square of the current digit on a w×h panel: smaller on
// a phone, to leave the text room.
func nowSquare(w, h float64) (x0, y0, side float64) {
	side = math.Min(math.Min(h-8, 150), math.Max(96, 0.32*w))
	return 4, (h - side) / 2, side
}

// nowHead is the heading of example t (1-based) of run: its true class, and
// on a binary or novelty stream over the ten digits the digit itself.
func nowHead(run *sim.Digits, last sim.DigitsLast) string {
	set := run.Stream().Set()
	truth := classLabel(run.ClassNames(), last.Truth)
	ex := "Example " + count(last.T)
	switch {
	case last.Drawing != "": // a student's drawing (state.EventTeach)
		return ex + " · your drawing, class " + truth // (short: the heading shares the panel with the digit)
	case set.Classes == 10 && run.Task() == state.TaskNovelty:
		return ex + " · digit " + strconv.Itoa(int(set.Y[last.Row]))
	case set.Classes == 10 && run.Task() != state.TaskMulticlass:
		return ex + " · digit " + strconv.Itoa(int(set.Y[last.Row])) + " (class " + truth + ")"
	case run.Task() == state.TaskNovelty:
		return ex + " · " + truth
	}
	return ex + " · true class " + truth
}

// classLabel is the name of class k, "?" for none.
func classLabel(names []string, k int) string {
	if k >= 0 && k < len(names) {
		return names[k]
	}
	return "?"
}

// Colours of the now panel.
const (
	nowInk   = "#1b1f24"
	nowMuted = "#4d5560"
	nowRight = "#1a7f37"
	nowWrong = "#b42318"
)

// nowPanel fills l with the now panel of run (nil while waiting for data)
// on a w×h canvas, learner i's swatch in colors[i mod len], and returns the
// rectangle of the digit's image (inside the square's frame) and whether
// an image goes there (not before the first example, nor for inputs that
// are not images: those say "d features" in the square).
func nowPanel(l *render.List, run *sim.Digits, colors []string, w, h float64) (img render.Rect, draw bool) {
	l.Reset(w, h)
	x0, y0, side := nowSquare(w, h)
	l.Fill(x0, y0, side, side, "#f7f7f7")
	l.Frame(x0+0.5, y0+0.5, side-1, side-1, "#d9dde3", 1)
	if run == nil {
		return render.Rect{}, false
	}
	last := run.Last()
	tx := x0 + side + 20
	if last.T == 0 {
		l.Text("Press Play or Step: each example is predicted, then learned.", tx, y0+24, render.FontSans, 13,
			render.AlignLeft, nowMuted)
		return render.Rect{}, false
	}
	set := run.Stream().Set()
	_, _, draw = app.ImageShape(set)
	if !draw {
		l.Text(strconv.Itoa(set.Dim)+" features", x0+side/2, y0+side/2, render.FontMono, 13, render.AlignCenter, nowMuted)
	}
	head := nowHead(run, last)
	size := 15.0
	if render.TextWidth(head, render.FontBold, size) > w-8-tx {
		size = 13 // a narrow panel
	}
	l.Text(head, tx, y0+20, render.FontBold, size, render.AlignLeft, nowInk)
	type parts struct {
		name, verdict, mark, col, errNum string
		line                             nowLine
	}
	names := run.ClassNames()
	lines := make([]parts, run.Learners())
	rows := 1
	for i := range lines {
		p := &lines[i]
		p.name = run.Name(i)
		p.verdict, p.mark, p.col = "says "+classLabel(names, last.Pred[i]), "✓", nowRight
		if last.Mistake[i] {
			p.mark, p.col = "✗", nowWrong
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
		p.line = layoutNowLine(tx, w-8, nowLineWidths{
			Name:        render.TextWidth(p.name, render.FontSans, 13),
			Verdict:     render.TextWidth(p.verdict, render.FontSans, 13),
			Mark:        render.TextWidth(p.mark, render.FontBold, 17),
			Error:       render.TextWidth("error "+p.errNum, render.FontMono, 13),
			ErrorNumber: render.TextWidth(p.errNum, render.FontMono, 13)})
		rows = max(rows, p.line.Rows)
	}
	word := true // "error" on every line or on none
	for _, p := range lines {
		word = word && p.line.ErrorWord
	}
	if !word {
		// The bare numbers get the word once, over them, in the gap
		// between the heading and the first line.
		l.Text("error", w-8, y0+34, render.FontMono, 12, render.AlignRight, nowMuted)
	}
	lineH := math.Min(math.Max(30, float64(rows)*nowRowDY+10), (side-34)/float64(max(1, run.Learners())))
	for i, p := range lines {
		y := y0 + 48 + float64(i)*lineH
		l.Fill(tx, y-11, 12, 12, colors[i%len(colors)])
		name := p.name
		for r := []rune(name); len(r) > 1 && render.TextWidth(name, render.FontSans, 13) > p.line.NameMax; {
			r = r[:len(r)-1]
			name = string(r) + "…"
		}
		l.Text(name, p.line.NameX, y, render.FontSans, 13, render.AlignLeft, nowInk)
		l.Text(p.verdict, p.line.VerdictX, y+p.line.VerdictDY, render.FontSans, 13, render.AlignLeft, nowInk)
		l.Text(p.mark, p.line.MarkX, y+p.line.VerdictDY+1, render.FontBold, 17, render.AlignLeft, p.col)
		if p.errNum != "" {
			txt := p.errNum
			if word {
				txt = "error " + txt
			}
			l.Text(txt, p.line.ErrorRight, y+p.line.ErrorDY, render.FontMono, 13, render.AlignRight, nowMuted)
		}
	}
	return render.Rect{X: x0 + 1, Y: y0 + 1, W: side - 2, H: side - 2}, draw
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
