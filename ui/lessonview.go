package ui

import (
	"strings"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kernelplay/ui/app"
	"kernelplay/ui/comp"
)

// The lesson player's card (the rules are ui/app's, lesson.go): the
// lesson's title, the step's heading and text (plain text with Unicode
// maths: the page's content-security policy stays as strict), its "press
// Play until …" condition and whether it was reached, Back and Next.

// openShippedLesson fetches a shipped lesson (static/lessons/<Name>.txt)
// and opens it at step At, loading that step's link when Load.
type openShippedLesson struct {
	Name string
	At   int
	Load bool
}

func (o openShippedLesson) do(a *Playground) { a.fetchLesson(o.Name, o.At, o.Load) }

// teachCards are the lesson card and predict-then-reveal's panel, in a
// stack (here: false renders none). The 2D view renders them at the head
// of the controls column, in its flow (static/style.css): they cover
// nothing — not the read-outs nor the step inspector, whose numbers a
// reveal refers to — and a lesson needs the controls least; on a
// projector of 601–1499 px in presenter mode, whose controls are a short
// row under the inspector, the stack is fixed over the charts instead.
// The digits view (a lesson's step may be one) renders them in the body,
// fixed at the bottom left.
func (p *Page) teachCards(here bool) vecty.ComponentOrHTML {
	if !here || !p.S.Lesson.Open && !p.S.Quiz.On {
		return nil
	}
	return elem.Div(vecty.Markup(vecty.Class("teach"), vecty.ClassMap{"presenter": p.S.Config.Presenter}),
		p.lessonCard(), p.quiz())
}

// lessonCard renders the card when a lesson is open.
func (p *Page) lessonCard() vecty.ComponentOrHTML {
	if !p.S.Lesson.Open {
		return nil
	}
	return comp.Of(&teachCard{Lesson: p.S.Lesson, Dispatch: p.Dispatch})
}

// teachCard is a teaching card: the lesson card when Lesson is open,
// predict-then-reveal's panel otherwise. Both are built of el and button
// calls, an element's attributes in one string: main.wasm pays for a call
// per element and the strings, not for Vecty's markup per element.
type teachCard struct {
	Lesson   app.LessonView `vecty:"prop"`
	Quiz     quizProps      `vecty:"prop"`
	Dispatch Dispatch       `vecty:"prop"`
}

// Render implements comp.View.
func (v *teachCard) Render() vecty.ComponentOrHTML {
	if v.Lesson.Open {
		return v.lessonCard()
	}
	return v.quizCard()
}

// el is an element: its tag, its attributes as "name=value" separated by
// '|' ("" for none; class a space-separated list; id an attribute, not
// the id property, so that Vecty removes it from an element it reuses),
// its kids, then its text ("" for none).
func el(tag, attrs, text string, kids ...vecty.MarkupOrChild) *vecty.HTML {
	var m []vecty.Applyer
	for _, a := range strings.Split(attrs, "|") {
		k, val, _ := strings.Cut(a, "=")
		switch k {
		case "":
		case "class":
			m = append(m, vecty.Class(strings.Split(val, " ")...))
		default:
			m = append(m, vecty.Attribute(k, val))
		}
	}
	kids = append(kids, vecty.Markup(m...))
	if text != "" {
		kids = append(kids, vecty.Text(text))
	}
	return vecty.Tag(tag, kids...)
}

// button is a card's button (attrs as el's) that dispatches action when
// clicked; off disables it.
func (v *teachCard) button(attrs, text string, off bool, action any) *vecty.HTML {
	return el("button", "class=btn|"+attrs, text, vecty.Markup(prop.Disabled(off), event.Click(handle(func(*vecty.Event) { v.Dispatch(action) }))))
}

// untilWords writes a condition for a student: "t >= 20" as "t ≥ 20",
// without its bound ("within 500": the player stops there by itself). u
// is a lesson.Condition's String: its number has no '<' or '>'.
func untilWords(u string) string {
	if i := strings.Index(u, " within "); i >= 0 {
		u = u[:i]
	}
	u = strings.ReplaceAll(strings.ReplaceAll(u, ">=", "≥"), "<=", "≤")
	if strings.HasPrefix(u, "eta ") {
		u = "η " + u[4:]
	}
	return u
}

// lessonCard is the lesson card: the lesson's title, the step's heading
// and text, its condition in words and whether it was reached, Back and
// Next.
func (v *teachCard) lessonCard() *vecty.HTML {
	l := v.Lesson
	kids := []vecty.MarkupOrChild{
		el("div", "class=ihead", "", el("h2", "id=lesson-title", l.Title), el("span", "class=spacer", ""),
			v.button("id=lesson-close", "×", false, app.CloseLesson{})),
		el("p", "", "", el("strong", "id=lesson-heading", "Step "+itoa(l.Step)+" of "+itoa(l.Steps)+": "+l.Heading)),
	}
	if l.Text != "" {
		kids = append(kids, el("p", "id=lesson-text|class=ltext", l.Text))
	}
	if l.Until != "" {
		what, cls := "Press Play until "+untilWords(l.Until)+".", ""
		switch {
		case l.Reached:
			what, cls = "✓ "+untilWords(l.Until)+": reached.", " done"
		case l.Missed:
			what = "Not reached within its steps: Reset and try again, or go on."
		}
		kids = append(kids, el("p", "id=lesson-until|class=luntil"+cls, what))
	}
	kids = append(kids, el("div", "class=quiz-choices", "",
		v.button("id=lesson-back", "← Back", l.Step <= 1, app.LessonGo{Step: l.Step - 1}),
		v.button("id=lesson-next", "Next →", l.Step >= l.Steps, app.LessonGo{Step: l.Step + 1})))
	return el("section", "id=lesson|class=panel lessoncard|aria-label=lesson|data-step="+itoa(l.Step), "", kids...)
}

// lessonMenu is the class dialog's list of lessons: the shipped ones, and
// a file of the teacher's own.
func (p *Page) lessonMenu() *vecty.HTML {
	items := []vecty.MarkupOrChild{vecty.Text("Lessons: ")}
	for _, l := range app.ShippedLessons {
		name := l.Name
		items = append(items, el("button", "class=btn|data-lesson="+name, l.Title, vecty.Markup(event.Click(handle(func(*vecty.Event) {
			p.Dialogs.Dialog("class-dialog", false)
			p.Dispatch(openShippedLesson{Name: name, At: 1, Load: true})
		})))))
	}
	items = append(items, vecty.Tag("kp-file", el("label", "class=btn file|title=open a lesson file you wrote (README: Teaching with kernelplay)", "",
		vecty.Text("My own lesson file…"),
		el("input", "type=file|id=lesson-file|accept=.txt,text/plain", "", vecty.Markup(event.Change(handle(func(e *vecty.Event) {
			p.Files.ReadFile(e, func(_ string, b []byte) {
				p.Dialogs.Dialog("class-dialog", false)
				p.Dispatch(app.OpenLesson{Text: string(b), At: 1, Load: true})
			})
		})))))))
	return el("div", "class=lesson-menu|id=lesson-menu", "", items...)
}
