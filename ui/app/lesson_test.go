package app

import (
	"slices"
	"strings"
	"testing"

	"kernelplay/ui/state"
)

const testLesson = `kernelplay lesson 1
title: A test lesson
step: One
link: v1&l=perceptron&h=lam.charts
text: Count the mistakes.
until: t >= 25
step: Two
link: v1&l=norma&w=16&h=s
text: Watch the error.
until: error <= 0 within 40
step: Three
link: v1&l=svmd&pm=1
`

// TestLessonPlayer: opening a lesson loads its first step's link (h= as
// listed, paused, the lesson in the link); Play stops exactly where the
// condition holds (t ≥ 25), and then plays on freely; Next loads the next
// step, whose condition never holds and stops at its within bound, marked
// missed; the steps keep predict-then-reveal's score and the embed list;
// Back goes back; Close leaves the run.
func TestLessonPlayer(t *testing.T) {
	s := NewStore("v1&quiz=2-3&embed=https://course.example.org")
	s.Dispatch(OpenLesson{Name: "test", Text: testLesson, Load: true})
	v := s.Lesson()
	c := s.Config()
	if !v.Open || v.Step != 1 || v.Steps != 3 || v.Title != "A test lesson" || v.Until != "t >= 25" || c.Learner != state.LearnerPerceptron ||
		!slices.Equal(c.Hide, []string{"lam", "charts"}) || c.Playing || c.Lesson != "test" || c.LessonStep != 1 ||
		c.Quiz != (state.Quiz{On: true, Right: 2, Asked: 3}) || len(c.Embed) != 1 || s.Message().Kind != NoMessage {
		t.Fatalf("step 1: %+v, config %+v, message %+v", v, c, s.Message())
	}
	if !strings.Contains(s.Hash(), "&lesson=test") {
		t.Errorf("the link %q does not name the lesson", s.Hash())
	}
	s.Dispatch(state.Play{})
	for i := 0; i < 10 && s.Config().Playing; i++ { // the frame loop advances a playing run
		s.Advance(7)
	}
	if s.Run().T() != 25 || s.Config().Playing || !s.Lesson().Reached {
		t.Fatalf("Play until t ≥ 25 stopped at t = %d, playing %v, %+v", s.Run().T(), s.Config().Playing, s.Lesson())
	}
	s.Dispatch(state.Play{})
	s.Advance(7)
	if s.Run().T() != 32 {
		t.Errorf("after the condition the run goes on: t = %d", s.Run().T())
	}
	s.Dispatch(state.Reset{})
	s.Dispatch(state.Step{N: 100})
	if s.Run().T() != 25 || !s.Lesson().Reached {
		t.Errorf("after Reset, Step 100 stops at the condition again: t = %d", s.Run().T())
	}
	s.Dispatch(LessonGo{Step: 2})
	c = s.Config()
	if s.Lesson().Step != 2 || c.Learner != state.LearnerNORMA || !slices.Equal(c.Hide, []string{"s"}) || s.Run().T() != 0 || c.LessonStep != 2 ||
		c.Quiz.Asked != 3 || len(c.Embed) != 1 {
		t.Fatalf("step 2: %+v %+v", s.Lesson(), c)
	}
	s.Dispatch(state.Play{})
	for i := 0; i < 20 && s.Config().Playing; i++ {
		s.Advance(5)
	}
	if s.Run().T() != 40 || !s.Lesson().Missed || s.Lesson().Reached || s.Config().Playing {
		t.Errorf("an unreachable condition stops at within = 40: t = %d, %+v", s.Run().T(), s.Lesson())
	}
	s.Dispatch(LessonGo{Step: 3})
	if !s.Config().Presenter || s.Lesson().Until != "" {
		t.Errorf("step 3's pm=1: presenter %v", s.Config().Presenter)
	}
	s.Dispatch(LessonGo{Step: 4})
	if s.Lesson().Step != 3 {
		t.Errorf("a step past the end moved to %d", s.Lesson().Step)
	}
	s.Dispatch(LessonGo{Step: 1})
	if s.Lesson().Step != 1 || s.Config().Learner != state.LearnerPerceptron {
		t.Errorf("Back to step 1: %+v", s.Lesson())
	}
	s.Dispatch(CloseLesson{})
	if s.Lesson().Open || s.Config().Lesson != "" || s.Config().Learner != state.LearnerPerceptron || strings.Contains(s.Hash(), "lesson=") {
		t.Errorf("Close: %+v, %q", s.Lesson(), s.Hash())
	}
}

// TestLessonOpenRefuses: a file that does not parse is a Failure naming
// its line and changes nothing; a teacher's file (no name) puts no lesson=
// in the link; a shared moment (Load false) keeps its run.
func TestLessonOpenRefuses(t *testing.T) {
	s := NewStore("v1&l=norma&at=12")
	s.Dispatch(OpenLesson{Name: "x", Text: "kernelplay lesson 1\ntitle: T\nstep: S\n"})
	if s.Lesson().Open || s.Message().Kind != Failure || !strings.Contains(s.Message().Text, "no link") || s.Run().T() != 12 {
		t.Errorf("a broken lesson: %+v, %+v, t = %d", s.Lesson(), s.Message(), s.Run().T())
	}
	s.Dispatch(OpenLesson{Name: "../etc", Text: testLesson, At: 2})
	if !s.Lesson().Open || s.Lesson().Step != 2 || s.Run().T() != 12 || s.Config().Learner != state.LearnerNORMA || strings.Contains(s.Hash(), "lesson=") {
		t.Errorf("a teacher's file at step 2 without loading: %+v, t = %d, %q", s.Lesson(), s.Run().T(), s.Hash())
	}
}
