package lesson

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"kernelplay/ui/state"
)

// sample is the package doc's lesson, with CRLF line ends, comments, tabs
// and blank lines a hand-written file has.
const sample = "kernelplay lesson 1\r\n" +
	"# The perceptron, one mistake at a time\r\n" +
	"title: The kernel perceptron counts its mistakes\r\n" +
	"\r\n" +
	"step: Every mistake adds a term\r\n" +
	"link: v1&l=perceptron&play=0&h=lam.nu\r\n" +
	"text: The perceptron changes only when it is wrong.\r\n" +
	"\ttext:   Press Step until t = 20 and count the terms in the buffer.  \r\n" +
	"until: t >= 20\r\n" +
	"\r\n" +
	"step: The boundary settles\r\n" +
	"link: https://kernelplay.example/#v1&l=perceptron&at=20\r\n" +
	"text: Press Play: how often is it still wrong?\r\n" +
	"text:\r\n" +
	"text: (η plays no part here: the perceptron's step is 1.)\r\n" +
	"until: error <= 0.1\r\n"

// TestParseSample: the sample reads as written.
func TestParseSample(t *testing.T) {
	l, err := Parse(sample)
	if err != nil {
		t.Fatal(err)
	}
	want := Lesson{
		Title: "The kernel perceptron counts its mistakes",
		Steps: []Step{
			{Heading: "Every mistake adds a term", Link: "v1&l=perceptron&play=0&h=lam.nu",
				Text:  "The perceptron changes only when it is wrong.\nPress Step until t = 20 and count the terms in the buffer.",
				Until: &Condition{Var: "t", Op: ">=", Value: 20}},
			{Heading: "The boundary settles", Link: "https://kernelplay.example/#v1&l=perceptron&at=20",
				Text:  "Press Play: how often is it still wrong?\n\n(η plays no part here: the perceptron's step is 1.)",
				Until: &Condition{Var: "error", Op: "<=", Value: 0.1}},
		},
	}
	if !reflect.DeepEqual(l, want) {
		t.Fatalf("Parse = %+v\nwant    %+v", l, want)
	}
	if h := l.Steps[1].Hash(); h != "v1&l=perceptron&at=20" {
		t.Errorf("the second step's hash is %q", h)
	}
	c, err := state.Decode(l.Steps[0].Hash())
	if err != nil || !reflect.DeepEqual(c.Hide, []string{"lam", "nu"}) || c.Learner != state.LearnerPerceptron {
		t.Errorf("the first step's link opens %v hiding %q (%v)", c.Learner, c.Hide, err)
	}
}

// TestRoundTrip: Format writes what Parse reads back to the same lesson,
// and Format of that is the same text.
func TestRoundTrip(t *testing.T) {
	l, err := Parse(sample)
	if err != nil {
		t.Fatal(err)
	}
	text := Format(l)
	back, err := Parse(text)
	if err != nil {
		t.Fatalf("Parse(Format(l)): %v\n%s", err, text)
	}
	if !reflect.DeepEqual(back, l) {
		t.Errorf("Parse(Format(l)) = %+v, want %+v", back, l)
	}
	if again := Format(back); again != text {
		t.Errorf("Format is not stable:\n%s\nthen\n%s", text, again)
	}
	// A lesson at every bound comes back too.
	big := Lesson{Title: strings.Repeat("T", MaxTitleLen)}
	for i := range MaxSteps {
		big.Steps = append(big.Steps, Step{Heading: fmt.Sprint("step ", i), Link: fmt.Sprintf("v1&r=%d&h=s", i),
			Text: strings.Repeat("x", MaxTextLen/2-1) + "\n" + strings.Repeat("y", MaxTextLen/2), Until: &Condition{"eta", "<", 1e-3, MaxWithin}})
	}
	if back, err := Parse(Format(big)); err != nil || !reflect.DeepEqual(back, big) {
		t.Errorf("a lesson at the bounds: %v", err)
	}
}

// TestParseRefuses: each way a file breaks the format is an error naming
// its line and what is wrong.
func TestParseRefuses(t *testing.T) {
	const head = "kernelplay lesson 1\ntitle: T\n"
	const step = "step: S\nlink: v1\n"
	for _, c := range []struct{ text, says string }{
		{"", "the file is empty"},
		{"# only a comment\n\n", "the file is empty"},
		{"kernelplay lesson 2\n", `line 1: the file does not start with "kernelplay lesson 1"`},
		{"title: T\n", "line 1: the file does not start"},
		{"kernelplay lesson 1\n", "no title"},
		{head, "no step"},
		{head + "step: S\n", `the last step ("S") has no link`},
		{head + "step: S\nstep: R\nlink: v1\n", "line 4: the step before has no link"},
		{head + "title: U\n", "line 3: a second title"},
		{head + step + "title: U\n", "line 5: a second title"},
		{"kernelplay lesson 1\nstep: S\nlink: v1\ntitle: T\n", "line 4: the title comes before the first step"},
		{head + "link: v1\n", "line 3: link before the first step"},
		{head + "text: x\n", "line 3: text before the first step"},
		{head + "until: t > 1\n", "line 3: until before the first step"},
		{head + "colour: red\n", `line 3: unknown key "colour"`},
		{head + step + "colour: red\n", `line 5: unknown key "colour"`},
		{head + step + "just words\n", "line 5: want key: value"},
		{head + step + "link: v1\n", "line 5: a second link"},
		{head + "step: S\nlink:\n", "line 4: an empty link"},
		{head + "step: S\nlink: v1&s=banana\n", "line 4: link: kernel width"},
		{head + "step: S\nlink: v2&s=1\n", "line 4: link: unsupported link version"},
		{head + "step: S\nlink: v1&h=nosuchpanel\n", `line 4: link: hidden control "nosuchpanel"`},
		{head + "step: S\nlink: https://k.example/#v1&h=s.s\n", "line 4: link: hidden control \"s\" appears twice"},
		{head + step + "until: t > 1\nuntil: t > 2\n", "line 6: a second until"},
		{head + step + "until: t >= \n", "line 5: until: want"},
		{head + step + "until: loss < 1\n", `line 5: until: unknown quantity "loss"`},
		{head + step + "until: t => 1\n", `line 5: until: unknown comparison "=>"`},
		{head + step + "until: t > NaN\n", `line 5: until: "NaN" is not a number`},
		{head + step + "until: t > 1e999\n", `"1e999" is not a number`},
		{head + step + "until: t > ten\n", `"ten" is not a number`},
		{head + step + "until: t > 1 within\n", "line 5: until: want"},
		{head + step + "until: t > 1 within 0\n", `line 5: until: within "0"`},
		{head + step + "until: t > 1 within 1000001\n", `within "1000001"`},
		{head + step + "until: t > 1 within 05\n", `within "05"`},
		{head + step + "until: t > 1 during 5\n", "line 5: until: want"},
		{head + step + "until: t > 1 within 5 x\n", "line 5: until: want"},
		{"kernelplay lesson 1\ntitle:\n", "line 2: a title of 1 to 120 bytes"},
		{"kernelplay lesson 1\ntitle: " + strings.Repeat("t", MaxTitleLen+1) + "\n", "line 2: a title of 1 to 120 bytes"},
		{head + "step:\n", "line 3: a step's heading of 1 to 120 bytes"},
		{head + step + "text: " + strings.Repeat("x", MaxTextLen+1) + "\n", "line 5: the step's text is longer than 2000 bytes"},
		{head + step + "text: " + strings.Repeat("x", 1500) + "\ntext: " + strings.Repeat("y", 600) + "\n", "line 6: the step's text is longer"},
		{head + strings.Repeat(step, MaxSteps+1), fmt.Sprintf("line %d: more than 50 steps", 3+2*MaxSteps)},
		{head + step + "text: a\x00b\n", "line 5: a control character"},
		{head + step + "text: a\x1b[31mred\n", "line 5: a control character"},
		{head + step + "text: \xff\n", "not UTF-8"},
		{head + step + strings.Repeat("# padding\n", MaxFileLen/10), "more than the 1048576 allowed"},
	} {
		_, err := Parse(c.text)
		if err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("Parse(%.60q): err %v, want one saying %q", c.text, err, c.says)
			continue
		}
		if len(err.Error()) > 200 {
			t.Errorf("Parse(%.60q): a %d-byte message", c.text, len(err.Error()))
		}
	}
}

// TestConditionHolds: each quantity and comparison against the run's
// figures.
func TestConditionHolds(t *testing.T) {
	for _, c := range []struct {
		cond     string
		t        int
		err, eta float64
		want     bool
	}{
		{"t >= 20", 20, 0, 0, true},
		{"t >= 20", 19, 0, 0, false},
		{"t > 20", 20, 0, 0, false},
		{"error <= 0.1", 5, 0.1, 9, true},
		{"error < 0.1", 5, 0.1, 9, false},
		{"eta < 0.5", 5, 0.9, 0.4, true},
		{"eta > 0.5", 5, 0.9, 0.4, false},
	} {
		cond, err := parseCondition(c.cond)
		if err != nil {
			t.Fatal(err)
		}
		if got := cond.Holds(c.t, c.err, c.eta); got != c.want {
			t.Errorf("%s at t=%d, error %v, η %v: %v, want %v", c.cond, c.t, c.err, c.eta, got, c.want)
		}
		if cond.String() != c.cond {
			t.Errorf("%q is written %q", c.cond, cond.String())
		}
	}
}

// FuzzParse: Parse never panics, and a lesson it returns comes back from
// Format unchanged (go test runs the seeds; go test -fuzz=FuzzParse
// explores).
func FuzzParse(f *testing.F) {
	f.Add(sample)
	f.Add("kernelplay lesson 1\ntitle: T\nstep: S\nlink: v1\ntext:\ntext: a\ntext:\nuntil: eta<1\n")
	f.Add("kernelplay lesson 1\ntitle: T\nstep: S\nlink: v1&pts=AAAA\nuntil: t >= -0\n")
	f.Add("kernelplay lesson 1\ntitle: T\nstep: S\nlink: v1\nuntil: error <= 0.2 within 500\n")
	f.Fuzz(func(t *testing.T, text string) {
		l, err := Parse(text)
		if err != nil {
			return
		}
		back, err := Parse(Format(l))
		if err != nil || !reflect.DeepEqual(back, l) {
			t.Errorf("Parse(Format(Parse(%q))) = %+v, %v; want %+v", text, back, err, l)
		}
	})
}
