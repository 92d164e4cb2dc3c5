//go:build js && wasm

package ui

import (
	"strings"
	"testing"

	"kernelplay/ui/state"
)

// quizOf renders predict-then-reveal's panel.
func quizOf(t *testing.T, a *Playground) *node {
	t.Helper()
	a.props()
	n := tree(t, a.page.quiz())
	if len(n) != 1 {
		t.Fatalf("the quiz panel renders %d nodes", len(n))
	}
	return n[0]
}

// TestViewQuiz: with quiz=1 the panel asks about the next step with its
// answers; key 2 answers, the step runs and the reveal shows the right
// answer and the numbers, the score counts it; a click answers too; keys
// 1–3 in a text field are the field's; Stop turns the mode off.
func TestViewQuiz(t *testing.T) {
	a, _ := testApp(t, "v1&play=0&at=3&quiz=1")
	n := quizOf(t, a)
	q := n.mustID(t, "quiz-question")
	if q.Attrs["data-t"] != "4" || !strings.Contains(q.text(), "Step 4:") {
		t.Fatalf("question %q (data-t %v), want one about step 4", q.text(), q.Attrs["data-t"])
	}
	buttons := n.all(func(m *node) bool { _, ok := m.Attrs["data-choice"]; return ok && m.Tag == "button" })
	if len(buttons) < 2 || !strings.HasPrefix(buttons[0].text(), "1 ") {
		t.Fatalf("%d answer buttons", len(buttons))
	}
	if a.pageKey(keyPress{Key: "2", TargetTag: "INPUT", TargetType: "text"}) || a.store.Run().T() != 3 {
		t.Fatal("2 typed in a text field answered")
	}
	if !a.pageKey(keyPress{Key: "2", TargetTag: "BODY"}) || a.store.Run().T() != 4 {
		t.Fatalf("key 2 did not answer: t = %d", a.store.Run().T())
	}
	n = quizOf(t, a)
	r := n.mustID(t, "quiz-reveal")
	right := r.Attrs["data-truth"] == "1"
	if r.Attrs["data-t"] != "4" || r.Attrs["data-choice"] != "1" || right != r.Classes["right"] || right == r.Classes["wrong"] {
		t.Errorf("reveal %v %v", r.Attrs, r.Classes)
	}
	want := "score 0 of 1"
	if right {
		want = "score 1 of 1"
	}
	if got := n.mustID(t, "quiz-score").text(); got != want {
		t.Errorf("score %q, want %q", got, want)
	}
	if !strings.Contains(r.text(), "f(x_t) = ") {
		t.Errorf("the reveal shows no numbers: %q", r.text())
	}
	buttons = n.all(func(m *node) bool { _, ok := m.Attrs["data-choice"]; return ok && m.Tag == "button" })
	buttons[0].fire(t, "click")
	if a.store.Run().T() != 5 || a.store.Config().Quiz.Asked != 2 {
		t.Errorf("a click on an answer: t = %d, %+v", a.store.Run().T(), a.store.Config().Quiz)
	}
	quizOf(t, a).mustID(t, "quiz-off").fire(t, "click")
	if a.store.Config().Quiz != (state.Quiz{}) {
		t.Errorf("Stop left %+v", a.store.Config().Quiz)
	}
	a.props()
	if a.page.quiz() != nil {
		t.Error("the panel stays after Stop")
	}
}
