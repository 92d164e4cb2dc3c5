//go:build js && wasm

package ui

import (
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"kernelplay/ui/app"
	"kernelplay/ui/state"
)

// html writes n as HTML with its attributes (and its classes) sorted:
// Vecty keeps an element's attributes and classes in maps, so their order
// in the DOM varies from render to render.
func html(b *strings.Builder, n *node) {
	if n.Tag == "" {
		b.WriteString(n.Text)
		return
	}
	keys := make([]string, 0, len(n.Attrs))
	for k := range n.Attrs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	b.WriteString("<" + n.Tag)
	for _, k := range keys {
		v := fmt.Sprint(n.Attrs[k])
		if k == "class" {
			cs := strings.Fields(v)
			sort.Strings(cs)
			v = strings.Join(cs, " ")
		}
		b.WriteString(" " + k + "=\"" + v + "\"")
	}
	b.WriteString(">")
	for _, k := range n.Kids {
		html(b, k)
	}
	b.WriteString("</" + n.Tag + ">")
}

var updateCards = flag.Bool("update", false, "rewrite testdata/teachcards.golden")

// TestTeachCardsGolden: the teaching cards' DOM (predict-then-reveal's
// panel asking, revealing and saying why it asks nothing; the lesson card
// at its first step, with the condition reached and missed, and at its
// last step; the class dialog's lesson menu), as the DOM Vecty built in jsdom (html), is byte for byte testdata's golden:
// a change to how the cards are built must not change what they show.
func TestTeachCardsGolden(t *testing.T) {
	var b strings.Builder
	shot := func(name string, n *node) {
		b.WriteString("== " + name + "\n")
		html(&b, n)
		b.WriteString("\n")
	}
	a, _ := testApp(t, "v1&play=0&at=3&quiz=1")
	shot("quiz question", quizOf(t, a))
	a.pageKey(keyPress{Key: "2", TargetTag: "BODY"})
	shot("quiz reveal", quizOf(t, a))
	a.pageKey(keyPress{Key: "1", TargetTag: "BODY"})
	shot("quiz reveal 2", quizOf(t, a))
	a, _ = testApp(t, "v1&play=0&at=3&quiz=1&l=svmd&m=0.5")
	for i := 0; i < 3; i++ {
		a.pageKey(keyPress{Key: "1", TargetTag: "BODY"})
		shot("quiz svmd", quizOf(t, a))
	}
	a, _ = testApp(t, "v1&play=1&quiz=1")
	shot("quiz why", quizOf(t, a))

	a, _ = testApp(t, "v1&play=0")
	a.store.Dispatch(app.OpenLesson{Name: "two", Text: viewLesson, At: 1, Load: true})
	shot("lesson first", lessonOf(t, a))
	a.store.Dispatch(state.Step{N: 10})
	shot("lesson reached", lessonOf(t, a))
	a.store.Dispatch(app.LessonGo{Step: 2})
	shot("lesson last", lessonOf(t, a))
	a.store.Dispatch(app.OpenLesson{Text: strings.Replace(viewLesson, "t >= 3", "error < 0", 1), At: 1, Load: true})
	a.store.Dispatch(state.Step{N: 10})
	shot("lesson missed", lessonOf(t, a))

	a.props()
	menu := tree(t, a.page.lessonMenu())
	if len(menu) != 1 {
		t.Fatalf("the lesson menu renders %d nodes", len(menu))
	}
	shot("lesson menu", menu[0])

	got := b.String()
	const file = "testdata/teachcards.golden"
	if *updateCards {
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("the cards' DOM differs from %s:\n%s", file, got)
	}
}
