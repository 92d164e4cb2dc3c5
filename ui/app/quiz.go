package app

import (
	"strconv"

	"kernelplay/core/learn"
	"kernelplay/ui/render"
	"kernelplay/ui/state"
)

// Predict-then-reveal (issue 23): while the mode is on (state.Config.Quiz)
// and the run is paused, the page asks a question about the example the
// next step learns; the student answers ([Answer]), the step runs, and the
// answer is checked against the step's own numbers — the learner's
// inspection record, the one the step inspector shows — and counted in
// the score (state.Quiz, in the link). The questions, their choice and
// their truth are here, pure and tested natively (quiz_test.go).

// The kinds of question ([Question.Kind]).
const (
	// AskMistake: will the learner get the example wrong? True when the
	// step reports a mistake (learn.Step.Mistake: sign f(x_t) ≠ y_t, f = 0
	// included).
	AskMistake = iota + 1
	// AskTerm: will the example become a support vector, a term with
	// α_t ≠ 0? True when the record says the new term was stored
	// (NORMAUpdate.Stored: a margin error, NORMA eq. 9; SVMDUpdate.Stored:
	// ξ_t ≠ 0, JMLR eq. 32 and §5.5, which keeps non-zero terms only).
	AskTerm
	// AskEta: will η go up, down or stay? SVMD only: η_t =
	// η_{t−1}·max(½, 1 − μ⟨g_t, v_t⟩) (JMLR eq. 33), compared with
	// η_{t−1} exactly.
	AskEta
	// AskEvict: with the buffer full (ω terms), which term leaves? The
	// truth is the LRU rule of JMLR §5.5 and NORMA's truncation (§2, eq.
	// 11): the oldest when a term is stored, none otherwise — never "the
	// smallest |α|", the choice that tests the rule.
	AskEvict
)

// Question is predict-then-reveal's question about the next step.
type Question struct {
	// Kind is one of the Ask* kinds; T the step it is about (the run's
	// t + 1).
	Kind, T int
	// Text is the question; Choices its answers (2 or 3), keyed 1, 2, 3.
	Text    string
	Choices []string
}

// Reveal is the answer to the last question, checked.
type Reveal struct {
	// Question is the question answered; Choice the student's answer and
	// Truth the right one (indexes into its Choices); Right is Choice ==
	// Truth.
	Question      Question
	Choice, Truth int
	Right         bool
	// Numbers are the step's numbers that decide it, a line each, written
	// from the learner's record (cited by equation).
	Numbers []string
}

// Answer answers predict-then-reveal's question (Choice 0, 1 or 2: keys
// 1, 2, 3): the next step runs and the answer is revealed and scored.
// Without a question (the mode off, the run playing, a run the mode does
// not ask about) it shows a Warning and changes nothing.
type Answer struct{ Choice int }

// QuizReady reports why predict-then-reveal asks nothing for a
// configuration and run ("" when it asks): it asks about binary
// classification in the 2D plot, with SVMD, NORMA or the perceptron,
// while paused.
func QuizReady(c state.Config, kind Kind, done bool) string {
	switch {
	case !c.Quiz.On:
		return "Predict-then-reveal is off."
	case kind != Plot2D || c.Task != state.TaskBinary:
		return "Predict-then-reveal asks about two classes in the 2D plot (Task: binary)."
	case c.Learner != state.LearnerSVMD && c.Learner != state.LearnerSVMD0 && c.Learner != state.LearnerNORMA && c.Learner != state.LearnerPerceptron:
		return "Predict-then-reveal asks about SVMD, NORMA and the perceptron."
	case done:
		return "The run has stopped: Reset to go on."
	case c.Playing:
		return "Pause to answer the next question."
	}
	return ""
}

// Ask returns the question about step t+1 for learner (a state.Learner*
// name) with μ = mu, when terms of at most omega (ω) are stored: the kinds
// that fit the learner — a mistake (all); a new term (NORMA and SVMD,
// whose terms do not come from mistakes alone); η's direction (SVMD with
// μ > 0); the eviction (a full buffer) — taken in turn by t, so that a
// replay asks the same questions.
func Ask(learner string, mu float64, terms, omega, t int) Question {
	kinds := []int{AskMistake}
	if learner != state.LearnerPerceptron {
		kinds = append(kinds, AskTerm)
	}
	if (learner == state.LearnerSVMD || learner == state.LearnerSVMD0) && mu > 0 {
		kinds = append(kinds, AskEta)
	}
	if terms >= omega {
		kinds = append(kinds, AskEvict)
	}
	q := Question{Kind: kinds[t%len(kinds)], T: t + 1}
	q.Text, q.Choices = asked[q.Kind-1].text, asked[q.Kind-1].choices
	if q.Kind == AskEvict {
		q.Text = "The buffer is full (ω = " + strconv.Itoa(omega) + "). Which term will leave it?"
	}
	return q
}

// asked are the questions (Question.Text, Question.Choices) by kind
// (AskMistake first); the eviction's text names ω (Ask writes it).
var asked = [...]struct {
	text    string
	choices []string
}{
	{"Will the learner get the next example wrong?", []string{"Yes, a mistake", "No, it is right"}},
	{"Will the next example become a support vector (α ≠ 0)?", []string{"Yes, a new term", "No term"}},
	{"Will the step size η go up or down?", []string{"Up", "Down", "Neither"}},
	{"", []string{"The oldest", "The one with the smallest |α|", "None"}},
}

// Truth returns the right answer to q (an index into its Choices) and the
// numbers that decide it, from the step's record (learn.SVMDUpdate or
// learn.NORMAUpdate, [Record]) and what the step reported (step); ok is
// false when they cannot decide it (no record, a diverged step, a record
// of another kind than q needs).
func Truth(q Question, record any, step learn.Step) (truth int, numbers []string, ok bool) {
	var (
		f, y, xi, alpha, margin float64
		stored, evicted         bool
		evAlpha                 []float64
	)
	switch u := record.(type) {
	case learn.SVMDUpdate:
		if u.Diverged || len(u.U) == 0 {
			return 0, nil, false
		}
		f, y, xi, alpha, margin, stored, evicted, evAlpha = u.U[0], u.Y, u.Xi[0], u.Alpha[0], u.Margin, u.Stored, u.Evicted, u.EvictedAlpha
		if q.Kind == AskEta {
			truth = 2
			switch {
			case u.Eta > u.EtaPrev:
				truth = 0
			case u.Eta < u.EtaPrev:
				truth = 1
			}
			clamped := ""
			if u.Clamped {
				clamped = ", clamped to 1/c"
			}
			return truth, []string{
				"η_{t−1} = " + n(u.EtaPrev) + ", μ = " + n(u.Mu) + ", ⟨g_t, v_t⟩ = " + n(u.GV),
				"η_t = η_{t−1}·max(½, 1 − μ⟨g_t, v_t⟩) = " + n(u.Eta) + clamped + " (JMLR eq. 33)",
			}, true
		}
	case learn.NORMAUpdate:
		if u.Diverged || len(u.G) == 0 {
			return 0, nil, false
		}
		f, y, xi, alpha, margin, stored, evicted, evAlpha = u.G[0], u.Y, u.Xi[0], u.Alpha[0], u.Margin, u.Stored, u.Evicted, u.EvictedAlpha
	default:
		return 0, nil, false
	}
	label := "+1"
	if y < 0 {
		label = "−1"
	}
	score := "f(x_t) = " + n(f) + ", y_t = " + label + ", y_t·f(x_t) = " + n(y*f)
	switch q.Kind {
	case AskMistake:
		if !step.Mistake {
			truth = 1
		}
		why := "sign f(x_t) = y_t: right"
		if step.Mistake {
			why = "sign f(x_t) ≠ y_t (or f = 0): a mistake"
		}
		return truth, []string{score, why}, true
	case AskTerm:
		if !stored {
			truth = 1
		}
		return truth, []string{score + ", margin " + n(margin),
			"ξ_t = " + n(xi) + ", α_t = " + n(alpha) + storedNote(stored)}, true
	case AskEvict:
		if !evicted {
			truth = 2
		}
		lines := []string{score + ", ξ_t = " + n(xi) + storedNote(stored)}
		if evicted {
			ev := 0.0
			if len(evAlpha) > 0 {
				ev = evAlpha[0]
			}
			lines = append(lines, "the oldest term left the buffer with α = "+n(ev)+" (least recently used, JMLR §5.5)")
		} else {
			lines = append(lines, "nothing new was stored, so nothing left")
		}
		return truth, lines, true
	}
	return 0, nil, false
}

// n writes a number as the charts' read-outs do (three digits).
func n(v float64) string { return render.FormatValue(v, false) }

func storedNote(stored bool) string {
	if stored {
		return ": a new term"
	}
	return ": no term"
}

// Question returns predict-then-reveal's question about the next step, or
// ok false with why not (QuizReady).
func (s *Store) Question() (q Question, why string) {
	c := s.Config()
	if why := QuizReady(c, s.run.Kind(), s.run.Done()); why != "" {
		return q, why
	}
	sm := s.run.Sim()
	return Ask(c.Learner, c.Mu, sm.Last().Step.BufferSize, c.BufferSize, sm.T()), ""
}

// Reveal returns the last answer checked (the zero Reveal before one,
// after SetQuiz and after a change of the run).
func (s *Store) Reveal() Reveal { return s.reveal }

// answer runs the step q asks about and checks choice (see [Answer]).
func (s *Store) answer(choice int) {
	q, why := s.Question()
	if why != "" || choice < 0 || choice >= len(q.Choices) {
		if why == "" {
			why = "Answer with 1 to " + strconv.Itoa(len(q.Choices)) + "."
		}
		s.msg = Message{Kind: Warning, Text: why}
		return
	}
	s.staleMessage()
	s.step(1)
	sm := s.run.Sim()
	truth, numbers, ok := Truth(q, Record(sm.Learner()), sm.Last().Step)
	if !ok {
		s.reveal = Reveal{}
		s.msg = Message{Kind: Warning, Text: "This step cannot be checked (the run stopped): the answer is not counted."}
		return
	}
	s.reveal = Reveal{Question: q, Choice: choice, Truth: truth, Right: choice == truth, Numbers: numbers}
	if s.pg.Quiz.Asked == state.MaxQuizAsked {
		return // the score's bound (state.Config.Validate): revealed, not counted
	}
	s.pg.Quiz.Asked++
	if choice == truth {
		s.pg.Quiz.Right++
	}
}
