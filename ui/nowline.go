package ui

// nowLine places one learner's line of the digits view's "now" panel (its
// name, "says k", ✓ or ✗, and its running error), all x positions in CSS
// pixels of the panel's canvas. On a narrow panel the line breaks into up
// to three rows, nowRowDY apart, instead of drawing its parts over each
// other ("says1rror 10.5%").
type nowLine struct {
	NameX, VerdictX, MarkX float64
	// NameMax is the widest the name may be drawn; a longer one is cut
	// (with an ellipsis) by the caller.
	NameMax float64
	// VerdictDY is how far below the name the verdict and mark sit (0: on
	// the name's row).
	VerdictDY float64
	// ErrorRight is the right edge of the error read-out (drawn right-
	// aligned) and ErrorDY its row below the name's; ErrorWord says
	// whether it reads "error 20.0%" or just "20.0%".
	ErrorRight, ErrorDY float64
	ErrorWord           bool
	// Rows is how many rows the line takes, 1 to 3.
	Rows int
}

// nowRowDY is the distance of the rows of a broken line, in CSS pixels
// (13 px text).
const nowRowDY = 17

// nowLineWidths are the measured text widths of one line's parts: the
// learner's name, the verdict ("says 5"), the mark (✓), the error with its
// word ("error 20.0%") and without ("20.0%").
type nowLineWidths struct {
	Name, Verdict, Mark, Error, ErrorNumber float64
}

// layoutNowLine places a line whose text starts at tx (after the digit) and
// must end by right, for text of widths w. On one row the verdicts of all
// learners line up at tx + 160 when the names and the error with its word
// leave room; the error is right-aligned at right, at least 16 px from
// what precedes it, with its word when that fits and as a bare number
// otherwise (the caller then heads the numbers with the word once). A line too long for
// one row puts the verdict under the name, and the error where it fits:
// after the verdict, after the name, or on a third row.
func layoutNowLine(tx, right float64, w nowLineWidths) nowLine {
	const gap, errGap = 12, 16
	l := nowLine{NameX: tx + 20, ErrorRight: right, Rows: 1}
	l.NameMax = max(0, right-l.NameX)
	w.Name = min(w.Name, l.NameMax)
	// fitError says whether the error fits after end on its row, and how.
	fitError := func(end float64) (fits, word bool) {
		switch {
		case end+errGap+w.Error <= right:
			return true, true
		case end+errGap+w.ErrorNumber <= right:
			return true, false
		}
		return false, false
	}
	// One row: in the verdict column if the error fits with its word,
	// else right after the name, with the word if it fits.
	l.VerdictX = max(l.NameX+w.Name+gap, tx+160)
	if l.VerdictX+w.Verdict+8+w.Mark+errGap+w.Error > right {
		l.VerdictX = l.NameX + w.Name + gap // give up the column
	}
	l.MarkX = l.VerdictX + w.Verdict + 8
	if ok, word := fitError(l.MarkX + w.Mark); ok {
		l.ErrorWord = word
		return l
	}
	// Two rows: the verdict under the name.
	l.VerdictX, l.VerdictDY, l.Rows = l.NameX, nowRowDY, 2
	l.MarkX = l.VerdictX + w.Verdict + 8
	if ok, word := fitError(l.MarkX + w.Mark); ok {
		l.ErrorDY, l.ErrorWord = nowRowDY, word
		return l
	}
	if ok, word := fitError(l.NameX + w.Name); ok {
		l.ErrorDY, l.ErrorWord = 0, word
		return l
	}
	// Three rows: the error on its own.
	l.Rows, l.ErrorDY = 3, 2*nowRowDY
	l.ErrorWord = l.NameX+w.Error <= right
	return l
}
