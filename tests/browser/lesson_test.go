//go:build !js

package browser

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// quizStep is what the test reads of one predict-then-reveal step: the
// question (kind and step), and after the answer the reveal and the step
// inspector's published numbers (ui/inspector.go, recordData).
type quizStep struct {
	Kind, T       int
	Truth, Choice int
	RevealT       int
	Right         bool
	Eta, F, Alpha float64
	Evicted       int
	Y             string
}

// TestBrowserQuiz: a predict-then-reveal session of five steps, answered
// with the keys 1 and 2: each answer is scored against the step
// inspector's numbers (the sign of y_t·f(x_t), α_t ≠ 0, η_t against
// η_{t−1}, the evicted term), in presenter mode; the score shown and put in the link counts
// them, and the reveal is screenshot.
func TestBrowserQuiz(t *testing.T) {
	p := openPage(t)
	// SVMD without offsets (b=0: the score is f), a small buffer (ω = 8:
	// the eviction question), paused at t = 20 with the mode on.
	p.Open("v1&b=0&w=8&at=20&quiz=1&pm=1") // in presenter mode, as on a projector
	p.WaitFor(`document.querySelector("#quiz-question") !== null && document.querySelector("#inspector[data-eta]") !== null`, 20*time.Second)
	right := 0
	etaBefore := pageEval[float64](p, `+document.querySelector("#inspector").dataset.eta`)
	for i := range 5 {
		q := pageEval[[]int](p, `(() => { const q = document.querySelector("#quiz-question"); return [+q.dataset.kind, +q.dataset.t] })()`)
		if q[1] != 21+i {
			t.Fatalf("answer %d: the question is about step %d, want %d", i+1, q[1], 21+i)
		}
		choice := []int{1, 0, 0, 1, 1}[i] // a fixed student: the keys 2, 1, 1, 2, 2
		key := strconv.Itoa(1 + choice)
		p.Key(key)
		p.WaitFor(`document.querySelector("#quiz-reveal") !== null && +document.querySelector("#quiz-reveal").dataset.t === `+strconv.Itoa(q[1]), 10*time.Second)
		s := pageEval[quizStep](p, `(() => {
		  const r = document.querySelector("#quiz-reveal"), ins = document.querySelector("#inspector");
		  const y = (document.querySelector("#inspector .istep").textContent.match(/y_t\s=\s(\S+)/) || [])[1];
		  return {Truth: +r.dataset.truth, Choice: +r.dataset.choice, RevealT: +r.dataset.t, Right: r.classList.contains("right"),
		    Eta: +ins.dataset.eta, F: +ins.dataset.f, Alpha: +ins.dataset.alpha, Evicted: +ins.dataset.evicted, Y: y}})()`)
		y := 1.0
		if strings.HasPrefix(s.Y, "−") || strings.HasPrefix(s.Y, "-") {
			y = -1
		}
		var want int
		switch q[0] {
		case 1: // a mistake: sign f ≠ y (f = 0 included)
			if y*s.F > 0 {
				want = 1
			}
		case 2: // a new term: α_t ≠ 0
			if s.Alpha == 0 {
				want = 1
			}
		case 3: // η up, down or neither
			switch {
			case s.Eta < etaBefore:
				want = 1
			case s.Eta == etaBefore:
				want = 2
			}
		case 4: // the oldest term leaves, or none
			if s.Evicted < 0 {
				want = 2
			}
		default:
			t.Fatalf("question kind %d", q[0])
		}
		if s.Choice != choice || s.Truth != want || s.Right != (want == s.Choice) || s.RevealT != q[1] {
			t.Errorf("answer %d (kind %d, key %s): reveal %+v; from the inspector (y = %v, η before %v) the truth is %d",
				i+1, q[0], key, s, y, etaBefore, want)
		}
		if want == s.Choice {
			right++
		}
		etaBefore = s.Eta
		t.Logf("step %d: kind %d, said %d, truth %d (f %.3g, α %.3g, η %.3g, evicted %d)", q[1], q[0], s.Choice, want, s.F, s.Alpha, s.Eta, s.Evicted)
	}
	score := "score " + strconv.Itoa(right) + " of 5"
	if got := p.Text("quiz-score"); got != score {
		t.Errorf("the panel says %q, want %q", got, score)
	}
	p.WaitFor(`location.hash.includes("quiz=`+strconv.Itoa(right)+`-5")`, 5*time.Second)
	p.Screenshot("quiz-reveal.png")
}

// TestBrowserLesson: lesson= opens a shipped lesson (fetched from
// static/lessons/), its first step's link loaded with exactly the panels
// it lists hidden; Play stops at the step's condition (t ≥ 50), which the
// card marks reached; Next opens step 2 at its link's t = 50. A teacher's
// own file opens from the file picker; a missing lesson is a message.
func TestBrowserLesson(t *testing.T) {
	p := openPage(t)
	p.Open("v1&lesson=perceptron")
	p.WaitFor(`document.querySelector("#lesson-heading") !== null`, 20*time.Second)
	if got := p.Text("lesson-heading"); got != "Step 1 of 4: Every mistake adds a term" {
		t.Fatalf("heading %q", got)
	}
	p.WaitFor(`location.hash.includes("l=perceptron") && location.hash.includes("h=tabs.defaults") && location.hash.includes("lesson=perceptron")`, 5*time.Second)
	hidden := pageEval[[]bool](p, `[document.querySelector(".tabs") === null, document.querySelector("#defaults") === null, document.querySelector("#inspector") !== null, document.querySelector("canvas.charts") !== null]`)
	if !hidden[0] || !hidden[1] || !hidden[2] || !hidden[3] {
		t.Errorf("tabs hidden %v, defaults hidden %v, inspector shown %v, charts shown %v: want exactly tabs and defaults hidden", hidden[0], hidden[1], hidden[2], hidden[3])
	}
	p.Click("play")
	p.WaitFor(`document.querySelector("#lesson-until").textContent.startsWith("✓")`, 30*time.Second)
	if st := p.Stats(); st.T != 50 || st.Playing {
		t.Errorf("the condition t ≥ 50 stopped the run at t = %d (playing %v)", st.T, st.Playing)
	}
	p.Screenshot("lesson-step.png")
	p.Click("lesson-next")
	p.WaitFor(`document.querySelector("#lesson-heading").textContent.startsWith("Step 2 of 4")`, 10*time.Second)
	p.WaitFor(`window.kernelplay.stats().t === 50`, 10*time.Second)
	if !strings.Contains(p.Text("lesson-text"), "8 mistakes in the first 100 examples") {
		t.Errorf("step 2's text: %q", p.Text("lesson-text"))
	}

	// A teacher's own file, from the class dialog's file picker: it opens
	// at its first step, and the link names no lesson (it is not a file
	// next to the page).
	own := "kernelplay lesson 1\ntitle: My lesson\nstep: Look at NORMA\nlink: v1&l=norma&play=0&h=charts\ntext: Step it.\nstep: Two\nlink: v1\n"
	if err := uploadBytes(p.Ctx(), t, "lesson-file", "mine.txt", []byte(own)); err != nil {
		t.Fatal(err)
	}
	p.WaitFor(`document.querySelector("#lesson-title").textContent === "My lesson"`, 10*time.Second)
	p.WaitFor(`location.hash.includes("l=norma") && location.hash.includes("h=charts") && !location.hash.includes("lesson=")`, 5*time.Second)
	if got := p.Text("lesson-heading"); got != "Step 1 of 2: Look at NORMA" {
		t.Errorf("the teacher's file: heading %q", got)
	}

	// A lesson that is not there: the banner says so, the page runs on.
	p.Open("v1&lesson=no-such-lesson")
	p.WaitFor(`window.kernelplay.stats().message.includes("could not be opened")`, 10*time.Second)
	if st := p.Stats(); !strings.Contains(st.Message, "404") {
		t.Errorf("a missing lesson: %q", st.Message)
	}
}

// teachRect is an element's box on screen (zero when it is not there).
type teachRect struct{ L, T, R, B float64 }

// teachLayout is what TestBrowserTeachLayout reads: the teaching cards'
// stack, the step inspector, the read-outs, the plot and the controls
// column, and the class dialog's lesson menu with the dialog's box.
type teachLayout struct {
	Teach, Inspector, Stats, Plot, Controls teachRect
	Menu, Dialog                            teachRect
}

const teachLayoutJS = `(() => {
  const r = s => { const e = document.querySelector(s); if (!e) return {}; const b = e.getBoundingClientRect(); return {L: b.left, T: b.top, R: b.right, B: b.bottom} };
  return {Teach: r(".teach"), Inspector: r("#inspector"), Stats: r(".stats"), Plot: r("canvas.plot"), Controls: r(".controls"),
    Menu: r("#class-dialog[open] #lesson-menu"), Dialog: r("#class-dialog[open]")};
})()`

// overlaps reports whether a and b share more than a pixel of area.
func (a teachRect) overlaps(b teachRect) bool {
	return a.R-a.L > 0 && b.R-b.L > 0 && a.L < b.R-1 && b.L < a.R-1 && a.T < b.B-1 && b.T < a.B-1
}

// TestBrowserTeachLayout: a lesson with predict-then-reveal on, in
// presenter mode at 1024×768 and 1440×800, at 1280×800, 1920×1080 and on
// a 390 px phone: the teaching cards cover neither the step inspector nor
// the read-outs (the numbers a reveal refers to), nor the plot on the
// phone; on a laptop they are in the controls column's flow (at its head)
// instead of floating over its end; the class dialog's lesson
// menu shows without scrolling inside the dialog. Each is screenshot.
func TestBrowserTeachLayout(t *testing.T) {
	for _, c := range []struct {
		name  string
		w, h  int64
		touch bool
		pm    bool
	}{
		{"pm1024", 1024, 768, false, true},
		{"pm1440", 1440, 800, false, true},
		{"1280", 1280, 800, false, false},
		{"1920", 1920, 1080, false, false},
		{"phone", 390, 844, true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			pg := openPage(t)
			hash := "v1&lesson=perceptron&quiz=1"
			if c.pm {
				hash += "&pm=1"
			}
			p := walkOpen(t, pg.Ctx(), pg.base, "teach-"+c.name, c.w, c.h, c.touch, hash)
			p.WaitFor(`document.querySelector("#lesson-heading") !== null && document.querySelector("#quiz-question") !== null && document.querySelector("#inspector") !== null`, 20*time.Second)
			p.Key("1") // a reveal: the card at its tallest
			p.WaitFor(`document.querySelector("#quiz-reveal") !== null`, 10*time.Second)
			time.Sleep(300 * time.Millisecond)
			p.Screenshot("teach-" + c.name + ".png")
			l := pageEval[teachLayout](p.Page, teachLayoutJS)
			if l.Teach.R-l.Teach.L <= 0 {
				t.Fatalf("no teaching cards: %+v", l)
			}
			if c.touch {
				if l.Teach.overlaps(l.Plot) {
					t.Errorf("the cards %+v cover the plot %+v", l.Teach, l.Plot)
				}
				return
			}
			if l.Teach.overlaps(l.Inspector) || l.Teach.overlaps(l.Stats) {
				t.Errorf("the cards %+v cover the inspector %+v or the read-outs %+v", l.Teach, l.Inspector, l.Stats)
			}
			if in := l.Teach.L >= l.Controls.L-1 && l.Teach.R <= l.Controls.R+1; !c.pm && !in {
				t.Errorf("the cards %+v are not in the controls column %+v (they float over it)", l.Teach, l.Controls)
			}
			if c.name != "1280" {
				return
			}
			p.Click("class-link")
			p.WaitFor(`document.getElementById("class-dialog").open`, 5*time.Second)
			time.Sleep(300 * time.Millisecond)
			p.Screenshot("teach-class-dialog-1280.png")
			l = pageEval[teachLayout](p.Page, teachLayoutJS)
			if l.Menu.B <= 0 || l.Menu.B > l.Dialog.B || l.Menu.B > float64(c.h) {
				t.Errorf("the lesson menu %+v is not in view in the dialog %+v", l.Menu, l.Dialog)
			}
		})
	}
}
