package app

import (
	"strconv"

	"kernelplay/ui/lesson"
	"kernelplay/ui/state"
)

// The lesson player's rules (issue 23): a lesson (ui/lesson's format) is
// opened from a shipped file (static/lessons/<name>.txt, named by the
// link's lesson=) or a teacher's own; each step loads its share link
// (whose h= hides exactly the panels it lists), shows its text, and its
// "until" condition pauses the run the moment it holds (checked after
// every example while the run plays: Advance) or when its "within" bound
// is reached first. Pure and tested natively (lesson_test.go, and the
// shipped lessons' walk in lessons_test.go).

// OpenLesson opens a lesson file's text: Name is the shipped lesson's name
// (state.LessonName; the link's lesson= then names it) or "" for a file
// of the teacher's own (the link then names no lesson). At is the step to
// show (1-based; 0 or out of range: the first). Load loads that step's
// link; without it the run on screen stays (a shared link of a lesson's
// moment: its run is the link's, the lesson card shows the step). A file
// that does not parse is a Failure naming its line; nothing changes.
type OpenLesson struct {
	Name, Text string
	At         int
	Load       bool
}

// LessonGo shows step Step of the open lesson (1-based) and loads its
// link: the lesson card's Back and Next.
type LessonGo struct{ Step int }

// CloseLesson closes the lesson; the run stays.
type CloseLesson struct{}

// LessonView is what the lesson card shows (Open false: no lesson).
type LessonView struct {
	Open bool
	// Name is the shipped lesson's name ("" for a teacher's file).
	Name, Title string
	// Step is the step shown (1-based) of Steps.
	Step, Steps int
	// Heading and Text are the step's.
	Heading, Text string
	// Until is the step's condition as written ("" for none); Reached
	// reports that it held (the run was paused there); Missed that the run
	// reached the condition's "within" bound first.
	Until           string
	Reached, Missed bool
}

// playing is the open lesson.
type playing struct {
	name            string
	l               lesson.Lesson
	step            int // 1-based
	reached, missed bool
}

// Lesson returns what the lesson card shows.
func (s *Store) Lesson() LessonView {
	p := s.lesson
	if p == nil {
		return LessonView{}
	}
	st := p.l.Steps[p.step-1]
	v := LessonView{Open: true, Name: p.name, Title: p.l.Title, Step: p.step, Steps: len(p.l.Steps),
		Heading: st.Heading, Text: st.Text, Reached: p.reached, Missed: p.missed}
	if st.Until != nil {
		v.Until = st.Until.String()
	}
	return v
}

// openLesson applies OpenLesson.
func (s *Store) openLesson(a OpenLesson) {
	l, err := lesson.Parse(a.Text)
	if err != nil {
		s.msg = Message{Kind: Failure, Text: "This lesson cannot be opened: " + err.Error() + "."}
		return
	}
	if a.Name != "" && !state.LessonName(a.Name) {
		a.Name = ""
	}
	at := a.At
	if at < 1 || at > len(l.Steps) {
		at = 1
	}
	s.lesson = &playing{name: a.Name, l: l, step: at}
	if a.Load {
		s.lessonGo(at)
		return
	}
	s.pg.Lesson, s.pg.LessonStep = a.Name, 0
	if a.Name != "" {
		s.pg.LessonStep = at
	}
}

// lessonGo loads step n's link (1-based), keeping the page's embed= list,
// predict-then-reveal and its score, and presenter mode if on.
func (s *Store) lessonGo(n int) {
	p := s.lesson
	if p == nil || n < 1 || n > len(p.l.Steps) {
		return
	}
	c, err := decodeLink(p.l.Steps[n-1].Hash())
	if err == nil {
		c.Embed, c.Quiz = s.base.Embed, s.pg.Quiz
		c.Presenter = c.Presenter || s.pg.Presenter
		c.Lesson, c.LessonStep = p.name, 0
		if p.name != "" {
			c.LessonStep = n
		}
		c.Playing = false // the student presses Play (or answers)
		err = s.open(c)
	}
	if err != nil {
		s.msg = Message{Kind: Failure, Text: "Step " + strconv.Itoa(n) + " of the lesson cannot run (" + err.Error() + ")."}
		return
	}
	p.step, p.reached, p.missed = n, false, false
	s.keepHash = ""
	s.clearProblem()
}

// until returns the open lesson step's condition (nil for none, or once
// it was reached or missed: the run then goes on freely).
func (s *Store) until() *lesson.Condition {
	p := s.lesson
	if p == nil || p.reached || p.missed {
		return nil
	}
	return p.l.Steps[p.step-1].Until
}

// checkUntil checks the step's condition against the run (t, its running
// average online error, the last η) and its within bound; when either is
// met it pauses and reports true.
func (s *Store) checkUntil(c *lesson.Condition) bool {
	sm := s.run.Sim()
	t := s.run.T()
	errRate, eta := 0.0, 0.0
	if sm != nil && t > 0 {
		errRate, eta = float64(sm.Mistakes())/float64(t), sm.Last().Step.Eta
	}
	switch {
	case t > 0 && c.Holds(t, errRate, eta):
		s.lesson.reached = true
	case c.Within > 0 && t >= c.Within:
		s.lesson.missed = true
	default:
		return false
	}
	s.pg.Playing = false
	return true
}

// advanceUntil runs up to n steps one at a time, stopping at the step's
// condition (see checkUntil); it returns the steps run and whether it
// stopped there.
func (s *Store) advanceUntil(c *lesson.Condition, n int) (ran int, stopped bool) {
	for ran < n && !s.run.Done() {
		if s.run.Step(1) == 0 {
			break
		}
		ran++
		if s.checkUntil(c) {
			return ran, true
		}
	}
	return ran, false
}

// ShippedLessons are the lessons shipped with the page, in teaching order:
// Name is the file static/lessons/<Name>.txt (lesson=<Name>), Title what
// the menu's button says (short: the file's own title is longer).
var ShippedLessons = []struct{ Name, Title string }{
	{"perceptron", "Perceptron"},
	{"norma", "NORMA"},
	{"svmd", "SVMD"},
	{"budget-drift", "Budget and drift"},
}

// LessonFile is the address of shipped lesson name, relative to the page.
func LessonFile(name string) string { return "lessons/" + name + ".txt" }

// MaxLessonFile bounds a lesson file the page reads, bytes (ui/lesson's
// MaxFileLen): the page refuses a larger one by its Content-Length before
// reading its body.
const MaxLessonFile = lesson.MaxFileLen
