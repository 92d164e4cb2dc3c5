package state

import (
	"strings"
	"testing"
)

// TestQuizLessonLink: the teaching modes' link keys round-trip, are
// written only when on, and do not change the run.
func TestQuizLessonLink(t *testing.T) {
	for _, tc := range []struct {
		hash      string
		quiz      Quiz
		lesson    string
		step      int
		canonical string // what Encode writes for them
	}{
		{"v1&quiz=1", Quiz{On: true}, "", 0, "&quiz=1"},
		{"v1&quiz=0", Quiz{}, "", 0, ""},
		{"v1&quiz=3-5", Quiz{On: true, Right: 3, Asked: 5}, "", 0, "&quiz=3-5"},
		{"v1&quiz=0-1", Quiz{On: true, Right: 0, Asked: 1}, "", 0, "&quiz=0-1"},
		{"v1&lesson=perceptron", Quiz{}, "perceptron", 1, "&lesson=perceptron"},
		{"v1&lesson=budget-drift.1", Quiz{}, "budget-drift", 1, "&lesson=budget-drift"},
		{"v1&lesson=svmd.4&quiz=2-2", Quiz{On: true, Right: 2, Asked: 2}, "svmd", 4, "&quiz=2-2&lesson=svmd.4"},
	} {
		c, err := Decode(tc.hash)
		if err != nil {
			t.Fatalf("Decode(%q): %v", tc.hash, err)
		}
		if c.Quiz != tc.quiz || c.Lesson != tc.lesson || c.LessonStep != tc.step {
			t.Errorf("Decode(%q) = quiz %+v lesson %q.%d, want %+v %q.%d", tc.hash, c.Quiz, c.Lesson, c.LessonStep, tc.quiz, tc.lesson, tc.step)
		}
		enc := Encode(c)
		if !strings.HasSuffix(enc, tc.canonical) || strings.Count(enc, "quiz=")+strings.Count(enc, "lesson=") != strings.Count(tc.canonical, "=") {
			t.Errorf("Encode(Decode(%q)) = …%s, want it to end in %q", tc.hash, enc[max(0, len(enc)-30):], tc.canonical)
		}
		if RunChanged(Default(), c) {
			t.Errorf("%q changes the run", tc.hash)
		}
	}
}

// TestQuizLessonLinkRefuses: malformed scores and lesson names are link
// errors naming the key.
func TestQuizLessonLinkRefuses(t *testing.T) {
	for _, h := range []string{
		"v1&quiz=", "v1&quiz=2", "v1&quiz=6-5", "v1&quiz=-1-5", "v1&quiz=1-0", "v1&quiz=0-0", "v1&quiz=01-5",
		"v1&quiz=1-05", "v1&quiz=1-100000001", "v1&quiz=a-b", "v1&quiz=1-2-3", "v1&quiz=+1-2",
		"v1&lesson=", "v1&lesson=../x", "v1&lesson=Perceptron", "v1&lesson=a/b", "v1&lesson=-a", "v1&lesson=a.0",
		"v1&lesson=a.51", "v1&lesson=a.01", "v1&lesson=a.", "v1&lesson=" + strings.Repeat("a", 41), "v1&lesson=a.b",
		"v1&lesson=a.1.2",
	} {
		_, err := Decode(h)
		if err == nil {
			t.Errorf("Decode(%q) accepted it", h)
			continue
		}
		if !strings.Contains(err.Error(), "quiz=") && !strings.Contains(err.Error(), "lesson=") {
			t.Errorf("Decode(%q): %v does not name the key", h, err)
		}
	}
}

// TestSetQuiz: turning predict-then-reveal on or off starts the score
// again; Defaults keeps the mode, its score and the lesson.
func TestSetQuiz(t *testing.T) {
	c := Default()
	c.Quiz, c.Lesson, c.LessonStep = Quiz{On: true, Right: 2, Asked: 3}, "norma", 2
	n, err := Apply(c, SetQuiz{On: true})
	if err != nil || n.Quiz != (Quiz{On: true}) {
		t.Errorf("SetQuiz on: %+v, %v", n.Quiz, err)
	}
	n, err = Apply(c, SetQuiz{On: false})
	if err != nil || n.Quiz != (Quiz{}) {
		t.Errorf("SetQuiz off: %+v, %v", n.Quiz, err)
	}
	n, err = Apply(c, Defaults{})
	if err != nil || n.Quiz != c.Quiz || n.Lesson != "norma" || n.LessonStep != 2 {
		t.Errorf("Defaults: %+v %q.%d, %v", n.Quiz, n.Lesson, n.LessonStep, err)
	}
	bad := Default()
	bad.Quiz = Quiz{On: true, Right: 4, Asked: 3}
	if bad.Validate() == nil {
		t.Error("a score of 4 of 3 validates")
	}
	bad = Default()
	bad.Lesson = "x"
	if bad.Validate() == nil {
		t.Error("a lesson without a step validates")
	}
}

// TestClassLinkQuiz: a class link keeps predict-then-reveal on and starts
// each student's score at 0 of 0.
func TestClassLinkQuiz(t *testing.T) {
	c := Default()
	c.Quiz = Quiz{On: true, Right: 4, Asked: 7}
	h, err := ClassLink(c, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	d, err := Decode(h)
	if err != nil || d.Quiz != (Quiz{On: true}) {
		t.Errorf("class link %q: quiz %+v, %v", h, d.Quiz, err)
	}
}
