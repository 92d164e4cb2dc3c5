//go:build js && wasm

package ui

import (
	"strings"
	"testing"

	"kernelplay/ui/app"
	"kernelplay/ui/state"
)

const viewLesson = "kernelplay lesson 1\ntitle: Two steps\nstep: First\nlink: v1&l=perceptron&h=charts\ntext: Count the mistakes.\nuntil: t >= 3 within 3\nstep: Second\nlink: v1&l=norma\ntext: Watch η.\n"

// lessonOf renders the lesson card.
func lessonOf(t *testing.T, a *Playground) *node {
	t.Helper()
	a.props()
	n := tree(t, a.page.lessonCard())
	if len(n) != 1 {
		t.Fatalf("the lesson card renders %d nodes", len(n))
	}
	return n[0]
}

// TestViewLesson: the card shows the title, the step, its text and its
// condition in words; Step reaches the condition and the card says so;
// Next loads the next step and Back is then enabled; × closes the card.
func TestViewLesson(t *testing.T) {
	a, _ := testApp(t, "v1&play=0")
	a.store.Dispatch(app.OpenLesson{Name: "two", Text: viewLesson, At: 1, Load: true})
	n := lessonOf(t, a)
	if n.mustID(t, "lesson-title").text() != "Two steps" || n.mustID(t, "lesson-heading").text() != "Step 1 of 2: First" ||
		n.mustID(t, "lesson-text").text() != "Count the mistakes." || n.mustID(t, "lesson-until").text() != "Press Play until t ≥ 3." {
		t.Fatalf("card: %q", n.text())
	}
	if n.mustID(t, "lesson-back").Props["disabled"] != true {
		t.Error("Back is enabled on the first step")
	}
	a.store.Dispatch(state.Step{N: 10})
	if u := lessonOf(t, a).mustID(t, "lesson-until"); a.store.Run().T() != 3 || !strings.HasPrefix(u.text(), "✓") {
		t.Errorf("after Step 10: t = %d, %q", a.store.Run().T(), u.text())
	}
	lessonOf(t, a).mustID(t, "lesson-next").fire(t, "click")
	n = lessonOf(t, a)
	if a.store.Config().Learner != state.LearnerNORMA || n.mustID(t, "lesson-heading").text() != "Step 2 of 2: Second" ||
		n.mustID(t, "lesson-back").Props["disabled"] == true || n.byID("lesson-until") != nil {
		t.Errorf("Next: learner %s, %q", a.store.Config().Learner, n.text())
	}
	n.mustID(t, "lesson-close").fire(t, "click")
	a.props()
	if a.page.lessonCard() != nil {
		t.Error("× left the card")
	}
}
