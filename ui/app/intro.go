package app

import (
	"strings"

	"kernelplay/ui/state"
)

// The first visit's introduction: what a first-time student sees, clicks
// and watches, in three short sections, and the rule of when the page
// shows it. The view (ui/intro.go) paints [IntroFor]'s text in a dialog and
// remembers in the browser's localStorage that it was dismissed.

// IntroSection is one part of the introduction: a heading and its lines
// (each a short sentence; the view shows them as a list).
type IntroSection struct {
	Heading string
	Lines   []string
}

// Intro is the introduction to one view of the page: its title and the
// sections "What you see", "What to click" and "What to watch".
type Intro struct {
	Title    string
	Sections []IntroSection
	// Selectors are CSS selectors of the elements the text names (the
	// plot, the buffer strip, the charts, the run buttons…): the browser
	// test checks that each exists on the view the introduction is for.
	Selectors []string
}

// intro2D is the introduction to the 2D view (the default demo).
var intro2D = Intro{
	Title: "Welcome: a kernel learner, one example at a time",
	Sections: []IntroSection{
		{"What you see", []string{
			"The square is the learner's function f(x): orange where f > 0, blue where f < 0; the solid line is f = 0, the dashed lines the margins f = ±ε.",
			"Dots are the examples the stream has shown; a ringed dot is a support vector, a term of the kernel expansion f(x) = Σ αᵢ k(xᵢ, x).",
			"Under the plot, the buffer: one bar per term, oldest to newest, the next to be evicted marked. Beside it (below on a phone), the step size η, the error, the loss and the buffer size over time.",
		}},
		{"What to click", []string{
			"▶ Play (space) runs the stream; Step (→) learns one example, and the step inspector shows that update with its numbers.",
			"Click the plot to add a point of the chosen class: the learner learns it next. Undo takes it back; Reset starts the run again.",
			"Move the kernel width σ, the regularizer λ or the step size η₀ while it runs: the run carries on with the new setting. A new data set, learner or buffer size ω starts the run over.",
		}},
		{"What to watch", []string{
			"η: SVMD adapts its step size; see it shrink as the boundary settles and grow when the data changes (the rotating data set).",
			"The error chart: how often the learner was wrong before learning each example.",
			"With a small buffer ω the oldest terms go and the boundary forgets; Copy link keeps this run, step for step.",
		}},
	},
	Selectors: []string{"#plot", ".stripwrap", ".chartwrap", "#play", "#step", "#undo", "#reset",
		"#preset-select", "#learner-select", "#f-s", "#f-w", "#copy-link"},
}

// introDigits is the introduction to the digits view.
var introDigits = Intro{
	Title: "Welcome: a kernel learner reads digits, one at a time",
	Sections: []IntroSection{
		{"What you see", []string{
			"The digit just learned, large, with what the learner predicted before it learned it.",
			"The gallery: the support vectors, the digits the learner keeps as terms of its expansion, coloured by their coefficient α.",
			"Beside the digits (below them on a phone), the error and the step size over time, and the confusion matrix: rows the true digit, columns the prediction.",
		}},
		{"What to click", []string{
			"▶ Play (space) runs through the data set; Step (→) learns one digit, and the step inspector shows that update.",
			"The figure menu replays the papers' experiments: a switch of the classes mid-stream, a counting sequence, novelty detection.",
			"The Compare tab runs a second learner on the same stream beside the first.",
		}},
		{"What to watch", []string{
			"The error curve: it falls as the learner sees more digits, and jumps when the stream switches.",
			"η: SVMD raises its step size after a switch to relearn quickly, where a fixed schedule cannot.",
		}},
	},
	Selectors: []string{"#play", "#step", "#digit-now", "#digits-progress", "#figure-select", "#mode-compare", "canvas.dcharts", ".galleries", "canvas.confusion"},
}

// IntroFor returns the introduction to the view of c (digits or 2D).
func IntroFor(c state.Config) Intro {
	if c.Mode == state.ModeDigits {
		return introDigits
	}
	return intro2D
}

// IntroSeenKey is the localStorage key the page writes when the
// introduction is dismissed.
const IntroSeenKey = "kernelplay.intro"

// IntroFlag is the URL query parameter that shows the introduction again
// (?intro, ?intro=1) or never (?intro=0). It is in the query, not in the
// share link's hash: it is about this visit, not about the run.
const IntroFlag = "intro"

// ShowIntro reports whether the page opens with the introduction: with
// ?intro (or ?intro=1) in the query always, with ?intro=0 never; else once
// (seen is whether it was dismissed before in this browser), and never in
// presenter mode, on a class link that hides panels or controls (the
// teacher chose what the class sees), in a lesson (lesson=: the lesson's
// text leads) or in a page embedded by a course page (embed=: a frame
// is a first visit in the course site's storage, and the course page
// says what to do). search is location.search, with or
// without its leading '?'; an unreadable query counts as none.
func ShowIntro(search string, c state.Config, seen bool) bool {
	if len(search) > 0 && search[0] == '?' {
		search = search[1:]
	}
	if v, ok := queryValue(search, IntroFlag); ok {
		return v != "0"
	}
	if c.Presenter || len(c.Hide) > 0 || len(c.Embed) > 0 || c.Lesson != "" {
		return false
	}
	return !seen
}

// queryValue returns the first value of key in the query search (without
// its '?'), as net/url's ParseQuery(search).Get(key) does, and whether
// the key is there; a query ParseQuery refuses (a ';', a broken %-escape,
// more than 10,000 parameters) holds no key. Written here so that main.wasm
// does not link net/url and net/netip for one flag (about 8 KB of gzip,
// November 2026); FuzzQueryValue compares it with ParseQuery.
func queryValue(search, key string) (string, bool) {
	if strings.Count(search, "&")+1 > 10000 {
		return "", false
	}
	value, found := "", false
	for search != "" {
		var part string
		part, search, _ = strings.Cut(search, "&")
		if strings.Contains(part, ";") {
			return "", false
		}
		if part == "" {
			continue
		}
		k, v, _ := strings.Cut(part, "=")
		k, ok1 := queryUnescape(k)
		v, ok2 := queryUnescape(v)
		if !ok1 || !ok2 {
			return "", false
		}
		if k == key && !found {
			value, found = v, true
		}
	}
	return value, found
}

// queryUnescape undoes a query component's escapes (%XX, '+' for a
// space); false for a broken escape.
func queryUnescape(s string) (string, bool) {
	if !strings.ContainsAny(s, "%+") {
		return s, true
	}
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '+':
			out = append(out, ' ')
		case '%':
			if i+2 >= len(s) {
				return "", false
			}
			hi, ok1 := unhex(s[i+1])
			lo, ok2 := unhex(s[i+2])
			if !ok1 || !ok2 {
				return "", false
			}
			out = append(out, hi<<4|lo)
			i += 2
		default:
			out = append(out, s[i])
		}
	}
	return string(out), true
}

// unhex is the value of the hex digit c.
func unhex(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}
