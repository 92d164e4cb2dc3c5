// Package lesson reads and writes kernelplay's lesson format: a small text
// file a teacher writes by hand — a title, then steps, each a share link
// (with h= flags hiding what the step does not need), a short text and
// optionally a condition on t, the error or η that ends the step ("press
// Play until …"). The lesson player and the shipped lessons come later;
// this package is the format: a strict, bounded reader with errors that
// name the line, and a writer whose output it reads back to the same
// lesson.
//
// # Format
//
//	kernelplay lesson 1
//	# A line starting with '#' is a comment; blank lines are ignored.
//	title: The kernel perceptron counts its mistakes
//
//	step: Every mistake adds a term
//	link: v1&l=perceptron&play=0&h=lam.nu
//	text: The perceptron changes only when it is wrong.
//	text: Press Step until t = 20 and count the terms in the buffer.
//	until: t >= 20
//
//	step: The boundary settles
//	link: https://kernelplay.example/#v1&l=perceptron&at=20
//	text: Press Play: how often is it still wrong?
//	until: error <= 0.1
//
// The first line is the header, "kernelplay lesson 1". Then "key: value"
// lines (the value is the rest of the line after ": ", trimmed): title
// once, before the first step; step starts a step, its value the step's
// heading; in a step, link once (required: a share link, a whole address
// or its hash, which must open — [state.Decode] reads it, h= keys
// included), text one or more times (the lines of the step's text, plain
// text with Unicode maths: η, σ, ‖f‖²; an empty "text:" line is a blank
// line of the text, ignored before its first line), until at most once: a condition
// "<var> <op> <number>" with var t, error (the running average online
// error) or eta (η_t), op <, <=, > or >=.
//
// Bounds: a file of at most [MaxFileLen] bytes, at most [MaxSteps] steps, a
// title or heading of at most [MaxTitleLen] bytes, a step's text of at most
// [MaxTextLen] bytes, valid UTF-8 without control characters but tabs. A
// line may end in "\r\n".
//
// Package lesson is pure Go: it must not import syscall/js; it imports
// ui/state (the links) and nothing else of kernelplay.
package lesson

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"kernelplay/ui/state"
)

// Header is a lesson file's first line: the format and its version.
const Header = "kernelplay lesson 1"

// Bounds of a lesson file.
const (
	// MaxFileLen bounds a lesson file, bytes: about 30 steps of links
	// with a hundred clicked points each.
	MaxFileLen = 1 << 20
	// MaxSteps bounds the steps of a lesson: a lesson is a class's hour.
	MaxSteps = state.MaxLessonSteps
	// MaxTitleLen bounds a title or a step's heading, bytes.
	MaxTitleLen = 120
	// MaxTextLen bounds a step's text, its lines joined by "\n", bytes.
	MaxTextLen = 2000
)

// Lesson is a lesson file's content.
type Lesson struct {
	// Title is the lesson's title.
	Title string
	// Steps are the lesson's steps, in order (at least one).
	Steps []Step
}

// Step is one step of a lesson.
type Step struct {
	// Heading is the step's heading (its "step:" line).
	Heading string
	// Link is the step's share link as written: a whole address or a
	// hash; [state.Decode] of its hash (Hash) opens.
	Link string
	// Text is the step's text, its lines joined by "\n".
	Text string
	// Until ends the step when it holds (nil: the step ends when the
	// student moves on).
	Until *Condition
}

// Hash returns the step's link's hash (without '#'): what the page opens.
func (s Step) Hash() string {
	if _, h, ok := strings.Cut(s.Link, "#"); ok {
		return h
	}
	return s.Link
}

// Condition is a step's "until" condition: Var Op Value.
type Condition struct {
	// Var is "t" (the examples learned), "error" (the running average
	// online error, a fraction) or "eta" (the step size η_t).
	Var string
	// Op is "<", "<=", ">" or ">=".
	Op string
	// Value is the number compared with, finite.
	Value float64
	// Within is the most steps the step's run takes to reach the
	// condition ("until: error <= 0.2 within 500": 1 to MaxWithin; 0: not
	// stated). The lesson player stops the run there if the condition has
	// not held yet, and the lesson tests check that it holds by then.
	Within int
}

// MaxWithin bounds a condition's "within": a lesson's step runs at most a
// million examples.
const MaxWithin = 1_000_000

// String writes c as the format does: "t >= 20", "error <= 0.2 within 500".
func (c Condition) String() string {
	s := c.Var + " " + c.Op + " " + strconv.FormatFloat(c.Value, 'g', -1, 64)
	if c.Within > 0 {
		s += " within " + strconv.Itoa(c.Within)
	}
	return s
}

// Holds reports whether the condition holds for the run's t, error and η.
func (c Condition) Holds(t int, errRate, eta float64) bool {
	v := float64(t)
	switch c.Var {
	case "error":
		v = errRate
	case "eta":
		v = eta
	}
	switch c.Op {
	case "<":
		return v < c.Value
	case "<=":
		return v <= c.Value
	case ">":
		return v > c.Value
	}
	return v >= c.Value
}

// parseCondition reads "<var> <op> <number>" and optionally "within
// <steps>".
func parseCondition(s string) (*Condition, error) {
	f := strings.FieldsFunc(s, unicode.IsSpace) // strings.Fields, whose code main.wasm would pay for besides
	within := 0
	if len(f) == 5 && f[3] == "within" {
		n, err := strconv.Atoi(f[4])
		if err != nil || n < 1 || n > MaxWithin || strconv.Itoa(n) != f[4] {
			return nil, errors.New("within " + strconv.Quote(clip(f[4])) + ": want a whole number of steps from 1 to " + strconv.Itoa(MaxWithin))
		}
		within, f = n, f[:3]
	}
	if len(f) != 3 {
		return nil, errors.New(`want "<var> <op> <number> [within <steps>]", as "t >= 100" or "error < 0.1 within 2000"`)
	}
	c := &Condition{Var: f[0], Op: f[1], Within: within}
	if c.Var != "t" && c.Var != "error" && c.Var != "eta" {
		return nil, errors.New("unknown quantity " + strconv.Quote(clip(c.Var)) + ": want t, error or eta")
	}
	if c.Op != "<" && c.Op != "<=" && c.Op != ">" && c.Op != ">=" {
		return nil, errors.New("unknown comparison " + strconv.Quote(clip(c.Op)) + ": want <, <=, > or >=")
	}
	v, err := strconv.ParseFloat(f[2], 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return nil, errors.New(strconv.Quote(clip(f[2])) + " is not a number")
	}
	c.Value = v
	return c, nil
}

// Parse reads a lesson file. It returns an error naming the line and what
// is wrong for a file that breaks the format or its bounds (see the
// package doc), or whose links do not open; it reads at most MaxFileLen
// bytes and never panics.
func Parse(text string) (Lesson, error) {
	if len(text) > MaxFileLen {
		return Lesson{}, errors.New("lesson: the file is " + strconv.Itoa(len(text)) + " bytes, more than the " + strconv.Itoa(MaxFileLen) + " allowed")
	}
	if !utf8.ValidString(text) {
		return Lesson{}, errors.New("lesson: the file is not UTF-8 text")
	}
	var l Lesson
	var cur *Step
	header := false
	fail := func(n int, msg string) (Lesson, error) {
		return Lesson{}, errors.New("lesson line " + strconv.Itoa(n) + ": " + msg)
	}
	for i, line := range strings.Split(text, "\n") {
		n := i + 1
		line = strings.TrimSuffix(line, "\r")
		if strings.IndexFunc(line, func(r rune) bool { return unicode.IsControl(r) && r != '\t' }) >= 0 {
			return fail(n, "a control character")
		}
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		if !header {
			if trimmed != Header {
				return fail(n, "the file does not start with "+strconv.Quote(Header))
			}
			header = true
			continue
		}
		key, value, ok := strings.Cut(trimmed, ":")
		if !ok {
			return fail(n, "want key: value (title, step, link, text or until)")
		}
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		switch key {
		case "title":
			switch {
			case l.Title != "":
				return fail(n, "a second title")
			case len(l.Steps) > 0:
				return fail(n, "the title comes before the first step")
			}
			if value == "" || len(value) > MaxTitleLen {
				return fail(n, "a title of 1 to "+strconv.Itoa(MaxTitleLen)+" bytes")
			}
			l.Title = value
			continue
		case "step":
			if len(l.Steps) == MaxSteps {
				return fail(n, "more than "+strconv.Itoa(MaxSteps)+" steps")
			}
			if cur != nil && cur.Link == "" {
				return fail(n, "the step before has no link")
			}
			if value == "" || len(value) > MaxTitleLen {
				return fail(n, "a step's heading of 1 to "+strconv.Itoa(MaxTitleLen)+" bytes")
			}
			l.Steps = append(l.Steps, Step{Heading: value})
			cur = &l.Steps[len(l.Steps)-1]
			continue
		}
		if cur == nil {
			if key == "link" || key == "text" || key == "until" {
				return fail(n, key+" before the first step")
			}
			return fail(n, "unknown key "+strconv.Quote(clip(key))+": want title, step, link, text or until")
		}
		switch key {
		case "link":
			switch {
			case cur.Link != "":
				return fail(n, "a second link in the step")
			case value == "":
				return fail(n, "an empty link")
			}
			cur.Link = value
			if _, err := state.Decode(cur.Hash()); err != nil {
				return fail(n, err.Error())
			}
		case "text":
			t := value
			if cur.Text != "" {
				t = cur.Text + "\n" + value
			}
			if len(t) > MaxTextLen {
				return fail(n, "the step's text is longer than "+strconv.Itoa(MaxTextLen)+" bytes")
			}
			cur.Text = t
		case "until":
			if cur.Until != nil {
				return fail(n, "a second until in the step")
			}
			c, err := parseCondition(value)
			if err != nil {
				return fail(n, "until: "+err.Error())
			}
			cur.Until = c
		default:
			return fail(n, "unknown key "+strconv.Quote(clip(key))+": want title, step, link, text or until")
		}
	}
	switch {
	case !header:
		return Lesson{}, errors.New("lesson: the file is empty: it starts with " + strconv.Quote(Header))
	case l.Title == "":
		return Lesson{}, errors.New("lesson: the lesson has no title")
	case len(l.Steps) == 0:
		return Lesson{}, errors.New("lesson: the lesson has no step")
	case cur.Link == "":
		return Lesson{}, errors.New("lesson: the last step (" + strconv.Quote(clip(cur.Heading)) + ") has no link")
	}
	return l, nil
}

// Format writes l in the lesson format, so that Parse(Format(l)) is l for
// a lesson Parse returned. (Parse trims each line's spaces and ignores an
// empty "text:" line before a step's first text: a text that starts with
// an empty line or a line with outer spaces does not come back as it was.)
func Format(l Lesson) string {
	var b strings.Builder
	b.WriteString(Header + "\n")
	b.WriteString("title: " + l.Title + "\n")
	for _, s := range l.Steps {
		b.WriteString("\nstep: " + s.Heading + "\n")
		b.WriteString("link: " + s.Link + "\n")
		if s.Text != "" {
			for _, t := range strings.Split(s.Text, "\n") {
				b.WriteString("text: " + t + "\n")
			}
		}
		if s.Until != nil {
			b.WriteString("until: " + s.Until.String() + "\n")
		}
	}
	return b.String()
}

// clip shortens s for an error message.
func clip(s string) string {
	if len(s) > 24 {
		return s[:24] + "…"
	}
	return s
}
