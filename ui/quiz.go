package ui

import (
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
	return comp.Of(&teachCard{Quiz: p.S.Quiz, Dispatch: p.Dispatch})
}

// actButton is a button (id "" for none) that dispatches action when
// clicked.
func actButton(id, label string, disabled bool, d Dispatch, action any) *vecty.HTML {
	return elem.Button(vecty.Markup(vecty.Class("btn"), vecty.MarkupIf(id != "", prop.ID(id)), prop.Disabled(disabled),
		event.Click(handle(func(*vecty.Event) { d(action) }))), vecty.Text(label))
}

// quizCard is predict-then-reveal's panel: the score, the last answer
// revealed with the step's numbers, and the question about the next step
// with its answers (keys 1, 2, 3: pageKey; an answer's button carries its
// choice in data-choice and its key in aria-keyshortcuts), or why there
// is none.
func (v *teachCard) quizCard() *vecty.HTML {
	pr := v.Quiz
	kids := []vecty.MarkupOrChild{el("div", "class=ihead", "", el("h2", "", "Predict, then reveal"),
		el("span", "id=quiz-score|class=quiz-score", "score "+itoa(pr.Score.Right)+" of "+itoa(pr.Score.Asked)),
		el("span", "class=spacer", ""), v.button("id=quiz-off", "Stop", false, state.SetQuiz{On: false}))}
	if r := pr.Reveal; r.Question.T > 0 {
		verdict, cls := "Right", "right"
		if !r.Right {
			verdict, cls = "Not this time", "wrong"
		}
		lines := []vecty.MarkupOrChild{el("p", "", r.Question.Choices[r.Truth]+". You said: "+r.Question.Choices[r.Choice]+".",
			el("strong", "", verdict+" (t = "+itoa(r.Question.T)+"): "))}
		for _, n := range r.Numbers {
			lines = append(lines, el("p", "class=quiz-num", n))
		}
		kids = append(kids, el("div", "id=quiz-reveal|class=quiz-reveal "+cls+"|data-truth="+itoa(r.Truth)+
			"|data-choice="+itoa(r.Choice)+"|data-t="+itoa(r.Question.T), "", lines...))
	}
	if pr.Why != "" {
		kids = append(kids, el("p", "id=quiz-why|class=quiz-why", pr.Why))
	} else {
		q := pr.Q
		choices := []vecty.MarkupOrChild{}
		for i, ch := range q.Choices {
			key := itoa(i + 1)
			choices = append(choices, v.button("data-choice="+itoa(i)+"|aria-keyshortcuts="+key, key+" "+ch, false, app.Answer{Choice: i}))
		}
		kids = append(kids,
			el("p", "id=quiz-question|class=quiz-q|data-kind="+itoa(q.Kind)+"|data-t="+itoa(q.T), "Step "+itoa(q.T)+": "+q.Text),
			el("div", "class=quiz-choices", "", choices...))
	}
	return el("section", "id=quiz|class=panel quiz|aria-label=predict, then reveal", "", kids...)
}
