package ui

import (
	"strconv"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kernelplay/ui/app"
	"kernelplay/ui/comp"
	"kernelplay/ui/state"
)

// quizProps are predict-then-reveal's panel's props (Snapshot.Quiz): the
// question about the next step (Why says why there is none), the last
// answer checked and the score. The rules are ui/app's (quiz.go).
type quizProps struct {
	On     bool
	Why    string
	Q      app.Question
	Reveal app.Reveal
	Score  state.Quiz
}

// quizSnapshot reads predict-then-reveal's state from the store.
func quizSnapshot(s *app.Store) quizProps {
	c := s.Config()
	if !c.Quiz.On {
		return quizProps{}
	}
	q, why := s.Question()
	return quizProps{On: true, Why: why, Q: q, Reveal: s.Reveal(), Score: c.Quiz}
}

// quiz is the panel, when the mode is on.
func (p *Page) quiz() vecty.ComponentOrHTML {
	if !p.S.Quiz.On {
		return nil
	}
	return comp.Of(&quizPanel{P: p.S.Quiz, Dispatch: p.Dispatch})
}

// actButton is a button (id "" for none) that dispatches action when
// clicked: the teaching cards' buttons share its code (main.wasm pays for
// every closure a view builds). An answer's button carries its choice in
// data-choice and its key in aria-keyshortcuts.
func actButton(id, label string, disabled bool, d Dispatch, action any) *vecty.HTML {
	m := vecty.Markup(vecty.Class("btn"), vecty.MarkupIf(id != "", prop.ID(id)), prop.Disabled(disabled),
		event.Click(handle(func(*vecty.Event) { d(action) })))
	if a, ok := action.(app.Answer); ok {
		m = vecty.Markup(m, vecty.Data("choice", strconv.Itoa(a.Choice)), vecty.Attribute("aria-keyshortcuts", strconv.Itoa(a.Choice+1)))
	}
	return elem.Button(m, vecty.Text(label))
}

// quizPanel is predict-then-reveal's panel: the score, the last answer
// revealed with the step's numbers, and the question about the next step
// with its answers (keys 1, 2, 3: pageKey).
type quizPanel struct {
	P        quizProps `vecty:"prop"`
	Dispatch Dispatch  `vecty:"prop"`
}

// Render implements comp.View.
func (v *quizPanel) Render() vecty.ComponentOrHTML {
	pr := v.P
	head := elem.Div(vecty.Markup(vecty.Class("ihead")),
		elem.Heading2(vecty.Text("Predict, then reveal")),
		elem.Span(vecty.Markup(vecty.Class("quiz-score"), prop.ID("quiz-score")),
			vecty.Text("score "+strconv.Itoa(pr.Score.Right)+" of "+strconv.Itoa(pr.Score.Asked))),
		elem.Span(vecty.Markup(vecty.Class("spacer"))),
		actButton("quiz-off", "Stop", false, v.Dispatch, state.SetQuiz{On: false}),
	)
	body := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("panel", "quiz"), prop.ID("quiz"),
		vecty.Attribute("aria-label", "predict, then reveal")), head}
	if r := pr.Reveal; r.Question.T > 0 {
		verdict, cls := "Right", "right"
		if !r.Right {
			verdict, cls = "Not this time", "wrong"
		}
		lines := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("quiz-reveal", cls), prop.ID("quiz-reveal"),
			vecty.Data("truth", strconv.Itoa(r.Truth)), vecty.Data("choice", strconv.Itoa(r.Choice)),
			vecty.Data("t", strconv.Itoa(r.Question.T))),
			elem.Paragraph(elem.Strong(vecty.Text(verdict+" (t = "+strconv.Itoa(r.Question.T)+"): ")),
				vecty.Text(r.Question.Choices[r.Truth]+". You said: "+r.Question.Choices[r.Choice]+".")),
		}
		for _, n := range r.Numbers {
			lines = append(lines, elem.Paragraph(vecty.Markup(vecty.Class("quiz-num")), vecty.Text(n)))
		}
		body = append(body, elem.Div(lines...))
	}
	if pr.Why != "" {
		body = append(body, elem.Paragraph(vecty.Markup(vecty.Class("quiz-why"), prop.ID("quiz-why")), vecty.Text(pr.Why)))
		return elem.Section(body...)
	}
	q := pr.Q
	choices := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("quiz-choices"))}
	for i, ch := range q.Choices {
		key := strconv.Itoa(i + 1)
		choices = append(choices, actButton("", key+" "+ch, false, v.Dispatch, app.Answer{Choice: i}))
	}
	body = append(body,
		elem.Paragraph(vecty.Markup(vecty.Class("quiz-q"), prop.ID("quiz-question"), vecty.Data("kind", strconv.Itoa(q.Kind)),
			vecty.Data("t", strconv.Itoa(q.T))),
			vecty.Text("Step "+strconv.Itoa(q.T)+": "+q.Text)),
		elem.Div(choices...),
	)
	return elem.Section(body...)
}
