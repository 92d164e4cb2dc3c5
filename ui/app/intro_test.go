package app

import (
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"

	"kernelplay/ui/state"
)

// TestShowIntro checks when the page opens with the introduction: once,
// again with ?intro, never with ?intro=0, and not in presenter mode or on
// a class link that hides something unless the query asks for it.
func TestShowIntro(t *testing.T) {
	plain := state.Default()
	pm := state.Default()
	pm.Presenter = true
	class := state.Default()
	class.Hide = []string{state.HideCharts}
	framed := state.Default()
	framed.Embed = []string{"https://course.example.org"}
	lesson := state.Default()
	lesson.Lesson, lesson.LessonStep = "norma", 1
	for _, tc := range []struct {
		name   string
		search string
		c      state.Config
		seen   bool
		want   bool
	}{
		{"first visit", "", plain, false, true},
		{"second visit", "", plain, true, false},
		{"?intro again", "?intro", plain, true, true},
		{"intro=1 without ?", "intro=1", plain, true, true},
		{"?intro=0 never", "?intro=0", plain, false, false},
		{"other query", "?x=1", plain, false, true},
		{"presenter mode", "", pm, false, false},
		{"class link hides", "", class, false, false},
		{"class link, ?intro asked", "?intro", class, true, true},
		{"embedded frame", "", framed, false, false},
		{"embedded frame, ?intro asked", "?intro", framed, false, true},
		{"lesson", "", lesson, false, false},
		{"unreadable query counts as none", "?%zz", plain, false, true},
		{"digits, first visit", "", state.DigitsDefault(), false, true},
	} {
		if got := ShowIntro(tc.search, tc.c, tc.seen); got != tc.want {
			t.Errorf("%s: ShowIntro(%q, seen %v) = %v, want %v", tc.name, tc.search, tc.seen, got, tc.want)
		}
	}
}

// TestIntroText checks that each view's introduction has the three
// sections, is short (a first visit is read in a minute: at most 4 lines
// a section of at most 200 characters), names elements to check, and that
// the 2D and digits views get their own text.
func TestIntroText(t *testing.T) {
	want := []string{"What you see", "What to click", "What to watch"}
	for _, c := range []state.Config{state.Default(), state.DigitsDefault()} {
		in := IntroFor(c)
		if in.Title == "" || len(in.Selectors) == 0 {
			t.Errorf("%s: title %q, %d selectors", c.Mode, in.Title, len(in.Selectors))
		}
		if len(in.Sections) != len(want) {
			t.Fatalf("%s: %d sections, want %d", c.Mode, len(in.Sections), len(want))
		}
		for i, s := range in.Sections {
			if s.Heading != want[i] {
				t.Errorf("%s: section %d is %q, want %q", c.Mode, i, s.Heading, want[i])
			}
			if len(s.Lines) == 0 || len(s.Lines) > 4 {
				t.Errorf("%s: %q has %d lines, want 1 to 4", c.Mode, s.Heading, len(s.Lines))
			}
			for _, l := range s.Lines {
				if n := utf8.RuneCountInString(l); n > 200 || !strings.HasSuffix(l, ".") {
					t.Errorf("%s: %q: line of %d characters (≤ 200, a sentence): %q", c.Mode, s.Heading, n, l)
				}
			}
		}
	}
	if IntroFor(state.Default()).Title == IntroFor(state.DigitsDefault()).Title {
		t.Error("the 2D and digits views share one introduction")
	}
}

// TestIntroLiveSettings checks what the introduction says about changing a
// setting mid-run against the timeline's rule (state.IsLive): a sentence
// saying the run "carries on" names only live settings, and one saying a
// change "starts the run over" names only settings that restart it (issue
// 19 item 11: it said the data set, the learner and ω let the run carry
// on; only σ among them does).
func TestIntroLiveSettings(t *testing.T) {
	named := map[string]string{"kernel width σ": "s", "regularizer λ": "lam", "step size η₀": "e",
		"data set": "p", "learner": "l", "buffer size ω": "w"}
	carries, restarts := 0, 0
	for _, c := range []state.Config{state.Default(), state.DigitsDefault()} {
		for _, sec := range IntroFor(c).Sections {
			for _, line := range sec.Lines {
				for _, sentence := range strings.SplitAfter(line, ". ") {
					live := strings.Contains(sentence, "carries on")
					restart := strings.Contains(sentence, "starts the run over")
					if !live && !restart {
						continue
					}
					if live {
						carries++
					} else {
						restarts++
					}
					for words, key := range named {
						if strings.Contains(sentence, words) && state.IsLive(key) != live {
							t.Errorf("%s: %q names the %s (%s), which %s", c.Mode, sentence, words, key,
								map[bool]string{true: "starts the run over", false: "is live: the run carries on"}[!state.IsLive(key)])
						}
					}
				}
			}
		}
	}
	if carries == 0 || restarts == 0 {
		t.Errorf("the introduction says which changes let the run carry on (%d sentences) and which start it over (%d): want both", carries, restarts)
	}
}

// FuzzQueryValue: queryValue reads a query as net/url's ParseQuery and Get
// do (the first value; none in a query ParseQuery refuses).
func FuzzQueryValue(f *testing.F) {
	for _, s := range []string{"", "intro", "intro=0", "intro=1", "a=1&intro=0&intro=1", "intro=%30", "%69ntro=0",
		"intro=0;x", "intro=%zz", "x=%4&intro=0", "intro=+0", "intro=a+b%20c", "&&intro&", "intro=0=1", "=0",
		"intro%3D0", "x=1&" + strings.Repeat("&", 10000), "intro=%e2%80%a8"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, has := queryValue(s, IntroFlag)
		q, err := url.ParseQuery(s)
		wantHas := err == nil && q.Has(IntroFlag)
		if has != wantHas || has && got != q.Get(IntroFlag) {
			t.Fatalf("%q: %q %v, ParseQuery: %q %v (%v)", s, got, has, q.Get(IntroFlag), wantHas, err)
		}
	})
}
