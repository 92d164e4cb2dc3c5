//go:build js && wasm

package ui

import (
	"strings"
	"testing"

	"kernelplay/ui/app"
)

// TestDetectionsRow: the read-outs list the run's change detections under
// their rows, a button each named by detector and step (in a comparison
// the learner's first word first), their count when more are left out;
// a button's click dispatches app.GoToStep to its step. Without
// detections there is no line.
func TestDetectionsRow(t *testing.T) {
	var sent []any
	s := &Stats{Rows: []readout{{Label: "t", Value: "2,300"}},
		Det: app.DetectionList{Total: 7, Items: []app.Detection{{T: 1512, Label: "ADWIN"},
			{T: 1530, Label: "PH", Who: "NORMA τ=100"}, {T: 2013, Label: "ADWIN+PH", Who: "SVMD ρ=0.95"}}},
		Dispatch: func(a any) { sent = append(sent, a) }}
	n := tree(t, s)
	if len(n) != 1 {
		t.Fatalf("the read-outs render %d nodes", len(n))
	}
	row := n[0].mustID(t, "detections")
	if dt := row.all(func(m *node) bool { return m.Tag == "dt" }); len(dt) != 1 || dt[0].text() != "detections (newest 3 of 7)" {
		t.Errorf("the line's label: %v", dt)
	}
	buttons := row.all(func(m *node) bool { return m.Tag == "button" })
	var texts []string
	for _, b := range buttons {
		texts = append(texts, b.text()+"@"+b.el.Get("dataset").Get("t").String())
	}
	if got, want := strings.Join(texts, "|"), "ADWIN t = 1512@1512|NORMA: PH t = 1530@1530|SVMD: ADWIN+PH t = 2013@2013"; got != want {
		t.Fatalf("buttons %q, want %q", got, want)
	}
	if title := buttons[1].el.Call("getAttribute", "title").String(); !strings.Contains(title, "Page–Hinkley") ||
		!strings.Contains(title, "NORMA τ=100") {
		t.Errorf("the PH button's title %q", title)
	}
	buttons[1].fire(t, "click")
	if len(sent) != 1 || sent[0] != (app.GoToStep{T: 1530}) {
		t.Errorf("the click sent %v, want app.GoToStep{T: 1530}", sent)
	}
	s.Det = app.DetectionList{}
	if row := tree(t, s)[0].byID("detections"); row != nil {
		t.Errorf("a line of detections without any: %q", row.text())
	}
}
