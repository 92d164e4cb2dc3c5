//go:build js && wasm

package ui

import (
	"fmt"
	"testing"
)

// TestNowLineNoOverlap lays out the digits view's "now" line for panel
// widths from a phone's to a wide screen's, with learner names of the
// page's lengths, and checks that the parts never overlap nor leave the
// panel (the error once ran into "says 1": "says1rror 10.5%"). Text widths
// are estimated at 7.5 px a character, the 13 px font's average.
func TestNowLineNoOverlap(t *testing.T) {
	const charW, gap = 7.5, 4.0
	width := func(s string) float64 { return charW * float64(len([]rune(s))) }
	tx := 4.0 + 150 + 20 // the digit's square and its margin (drawNow)
	for _, name := range []string{"SVMD λ=0.99", "NORMA λ=1e-4 η=0.01", "kernel perceptron"} {
		for _, verdict := range []string{"says 1", "flags novel"} {
			for panel := 340.0; panel <= 1000; panel += 10 {
				right := panel - 8
				w := nowLineWidths{Name: width(name), Verdict: width(verdict), Mark: 12,
					Error: width("error 100.0%"), ErrorNumber: width("100.0%")}
				l := layoutNowLine(tx, right, w)
				where := fmt.Sprintf("%q, %q in a %.0f px panel", name, verdict, panel)
				type box struct {
					what        string
					x0, x1, row float64
				}
				boxes := []box{
					{"name", l.NameX, l.NameX + min(w.Name, l.NameMax), 0},
					{"verdict", l.VerdictX, l.VerdictX + w.Verdict, l.VerdictDY},
					{"mark", l.MarkX, l.MarkX + w.Mark, l.VerdictDY},
				}
				ew := w.ErrorNumber
				if l.ErrorWord {
					ew = w.Error
				}
				boxes = append(boxes, box{"error", l.ErrorRight - ew, l.ErrorRight, l.ErrorDY})
				if l.Rows < 1 || l.Rows > 3 || l.VerdictDY >= float64(l.Rows)*nowRowDY || l.ErrorDY >= float64(l.Rows)*nowRowDY {
					t.Errorf("%s: %d rows, but the verdict is %v and the error %v px down", where, l.Rows, l.VerdictDY, l.ErrorDY)
				}
				if panel >= 700 && (l.Rows != 1 || !l.ErrorWord) {
					t.Errorf("%s: %d rows (error word %v); a wide panel has room for one full row", where, l.Rows, l.ErrorWord)
				}
				for i, a := range boxes {
					if a.x0 < tx || a.x1 > right {
						t.Errorf("%s: the %s (%.0f–%.0f) leaves the text area %.0f–%.0f", where, a.what, a.x0, a.x1, tx, right)
					}
					for _, b := range boxes[i+1:] {
						if a.row == b.row && a.x0 < b.x1+gap && b.x0 < a.x1+gap {
							t.Errorf("%s: the %s (%.0f–%.0f) and the %s (%.0f–%.0f) overlap", where, a.what, a.x0, a.x1, b.what, b.x0, b.x1)
						}
					}
				}
			}
		}
	}
}
