package state

import (
	"fmt"
	"strconv"
	"strings"
)

// Link keys of the teaching modes: predict-then-reveal (quiz=) and the
// lesson a page follows (lesson=).
const (
	keyQuiz   = "quiz"
	keyLesson = "lesson"
)

// Bounds of the teaching modes' link values.
const (
	// MaxQuizAsked bounds the questions a score counts: one a step, and a
	// run has at most MaxStep steps.
	MaxQuizAsked = MaxStep
	// MaxLessonName bounds a lesson's name (lesson=…), bytes.
	MaxLessonName = 40
)

// Quiz is predict-then-reveal (link key quiz=): before each step the
// student answers a question about the example about to be learned, the
// step runs, and the answer is checked against the step's numbers (the
// questions and their truth are ui/app's, quiz.go). It does not change the
// run. The zero Quiz is off.
type Quiz struct {
	// On turns the mode on.
	On bool
	// Right and Asked are the score: questions answered right, of those
	// answered (0 ≤ Right ≤ Asked ≤ [MaxQuizAsked]); zero when off.
	Right, Asked int
}

// SetQuiz turns predict-then-reveal on or off ([Config.Quiz]); either way
// the score starts again at 0 of 0. It does not change the run.
type SetQuiz struct{ On bool }

func (SetQuiz) isAction() {}

// encodeQuiz writes q as quiz='s value: "1" (on, nothing answered yet) or
// "<right>-<asked>" ("3-5": 3 right of 5).
func encodeQuiz(q Quiz) string {
	if q.Asked == 0 {
		return "1"
	}
	return strconv.Itoa(q.Right) + "-" + strconv.Itoa(q.Asked)
}

// parseQuiz reads quiz='s value: "1", "0" (off) or "<right>-<asked>" with
// 0 ≤ right ≤ asked ≤ MaxQuizAsked, decimal without sign or leading zero.
func parseQuiz(v string) (Quiz, error) {
	switch v {
	case "0":
		return Quiz{}, nil
	case "1":
		return Quiz{On: true}, nil
	}
	r, a, ok := strings.Cut(v, "-")
	right, err1 := strconv.Atoi(r)
	asked, err2 := strconv.Atoi(a)
	if !ok || err1 != nil || err2 != nil || right < 0 || asked < 1 || right > asked || asked > MaxQuizAsked ||
		strconv.Itoa(right) != r || strconv.Itoa(asked) != a {
		return Quiz{}, fmt.Errorf("link: predict-then-reveal (quiz=%s): want 1, 0 or the score as right-asked (3-5), at most %d asked", clip(v), MaxQuizAsked)
	}
	return Quiz{On: true, Right: right, Asked: asked}, nil
}

// LessonName reports whether s can name a lesson (lesson=…): the file
// static/lessons/<s>.txt, 1 to [MaxLessonName] bytes of lower-case ASCII
// letters, digits and '-', not starting with '-' (so that a link names a
// file next to the page and nothing else: no path, no '.').
func LessonName(s string) bool {
	return s != "" && len(s) <= MaxLessonName && s[0] != '-' && strings.Trim(s, "abcdefghijklmnopqrstuvwxyz0123456789-") == ""
}

// parseLesson reads lesson='s value: "<name>" (the lesson's first step) or
// "<name>.<step>" (its step, 1 to MaxLessonSteps).
func parseLesson(v string) (name string, step int, err error) {
	name, s, dotted := strings.Cut(v, ".")
	step = 1
	if dotted {
		step, err = strconv.Atoi(s)
		if err != nil || strconv.Itoa(step) != s {
			step = 0
		}
	}
	if !LessonName(name) || step < 1 || step > MaxLessonSteps {
		return "", 0, fmt.Errorf("link: lesson=%s: want a lesson's name (lower-case letters, digits and '-', at most %d) and optionally .<step> from 1 to %d", clip(v), MaxLessonName, MaxLessonSteps)
	}
	return name, step, nil
}

// MaxLessonSteps is the most steps a lesson has (ui/lesson's MaxSteps).
const MaxLessonSteps = 50

// encodeLesson writes lesson='s value.
func encodeLesson(name string, step int) string {
	if step <= 1 {
		return name
	}
	return name + "." + strconv.Itoa(step)
}
