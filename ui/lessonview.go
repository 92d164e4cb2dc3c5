package ui

import (
	"strconv"
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
// stack fixed at the bottom left of the window (over the end of the
// controls column, which a lesson needs least): always in view, whatever
// the columns' scroll, in both modes and in presenter mode (whose text
// size the stack takes: it sits outside the page's root).
func (p *Page) teachCards() vecty.ComponentOrHTML {
	if p.S.Booting || !p.S.Lesson.Open && !p.S.Quiz.On {
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
	return comp.Of(&lessonPanel{L: p.S.Lesson, Dispatch: p.Dispatch})
}

// lessonPanel is the lesson card (see lessonCard).
type lessonPanel struct {
	L        app.LessonView `vecty:"prop"`
	Dispatch Dispatch       `vecty:"prop"`
}

// untilWords writes a condition for a student: "t >= 20" as "t ≥ 20",
// without its bound ("within 500": the player stops there by itself).
func untilWords(u string) string {
	if i := strings.Index(u, " within "); i >= 0 {
		u = u[:i]
	}
	out := []rune{}
	rs := []rune(u)
	for i := 0; i < len(rs); i++ {
		switch {
		case rs[i] == '>' && i+1 < len(rs) && rs[i+1] == '=':
			out, i = append(out, '≥'), i+1
		case rs[i] == '<' && i+1 < len(rs) && rs[i+1] == '=':
			out, i = append(out, '≤'), i+1
		default:
			out = append(out, rs[i])
		}
	}
	s := string(out)
	if len(s) > 4 && s[:4] == "eta " {
		s = "η " + s[4:]
	}
	return s
}

// Render implements comp.View.
func (v *lessonPanel) Render() vecty.ComponentOrHTML {
	l := v.L
	body := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("panel", "lessoncard"), prop.ID("lesson"),
		vecty.Attribute("aria-label", "lesson"), vecty.Data("step", strconv.Itoa(l.Step))),
		elem.Div(vecty.Markup(vecty.Class("ihead")),
			elem.Heading2(vecty.Markup(prop.ID("lesson-title")), vecty.Text(l.Title)),
			elem.Span(vecty.Markup(vecty.Class("spacer"))),
			actButton("lesson-close", "×", false, v.Dispatch, app.CloseLesson{}),
		),
		elem.Paragraph(elem.Strong(vecty.Markup(prop.ID("lesson-heading")),
			vecty.Text("Step "+strconv.Itoa(l.Step)+" of "+strconv.Itoa(l.Steps)+": "+l.Heading))),
		vecty.If(l.Text != "", elem.Paragraph(vecty.Markup(vecty.Class("ltext"), prop.ID("lesson-text")), vecty.Text(l.Text))),
	}
	if l.Until != "" {
		what := "Press Play until " + untilWords(l.Until) + "."
		switch {
		case l.Reached:
			what = "✓ " + untilWords(l.Until) + ": reached."
		case l.Missed:
			what = "Not reached within its steps: Reset and try again, or go on."
		}
		body = append(body, elem.Paragraph(vecty.Markup(vecty.Class("luntil"), vecty.ClassMap{"done": l.Reached}, prop.ID("lesson-until")), vecty.Text(what)))
	}
	body = append(body, elem.Div(vecty.Markup(vecty.Class("quiz-choices")),
		actButton("lesson-back", "← Back", l.Step <= 1, v.Dispatch, app.LessonGo{Step: l.Step - 1}),
		actButton("lesson-next", "Next →", l.Step >= l.Steps, v.Dispatch, app.LessonGo{Step: l.Step + 1}),
	))
	return elem.Section(body...)
}

// lessonMenu is the class dialog's list of lessons: the shipped ones, and
// a file of the teacher's own.
func (p *Page) lessonMenu() *vecty.HTML {
	items := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("lesson-menu"), prop.ID("lesson-menu")), vecty.Text("Lessons: ")}
	for _, l := range app.ShippedLessons {
		name := l.Name
		items = append(items, elem.Button(vecty.Markup(vecty.Class("btn"), vecty.Data("lesson", name),
			event.Click(handle(func(*vecty.Event) {
				p.Dialogs.Dialog("class-dialog", false)
				p.Dispatch(openShippedLesson{Name: name, At: 1, Load: true})
			}))), vecty.Text(l.Title)))
	}
	items = append(items, vecty.Tag("kp-file", elem.Label(vecty.Markup(vecty.Class("btn", "file"), vecty.Attribute("title",
		"open a lesson file you wrote (README: Teaching with kernelplay)")),
		vecty.Text("My own lesson file…"),
		elem.Input(vecty.Markup(prop.Type(prop.TypeFile), prop.ID("lesson-file"), vecty.Attribute("accept", ".txt,text/plain"),
			event.Change(handle(func(e *vecty.Event) {
				p.Files.ReadFile(e, func(_ string, b []byte) {
					p.Dialogs.Dialog("class-dialog", false)
					p.Dispatch(app.OpenLesson{Text: string(b), At: 1, Load: true})
				})
			})))),
	)))
	return elem.Div(items...)
}
