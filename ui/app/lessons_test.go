package app

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"kernelplay/core/data/digitfile"
	"kernelplay/ui/lesson"
	"kernelplay/ui/state"
)

// The shipped lessons (static/lessons/*.txt) walked through the page's own
// run code: every step's link opens without a message, h= hides exactly
// the panels it lists, each "until" condition holds within its stated
// bound, and every sentence about a number or a curve is one of the claims
// below, checked against the run (as the figure captions are: see
// tourclaims_test.go).

// lessonDir is where the shipped lessons are, from this package.
const lessonDir = "../../static/lessons"

// lessonStore opens hash as the page does, with the shipped digit set the
// run waits for (if any) handed over.
func lessonStore(t *testing.T, hash string) *Store {
	t.Helper()
	s := NewStore(hash)
	if s.Message().Kind == Failure || s.Message().Kind == Warning {
		t.Fatalf("%s: %s", hash, s.Message().Text)
	}
	loadNeeded(t, s)
	return s
}

// loadNeeded hands s the shipped digit set its run waits for.
func loadNeeded(t *testing.T, s *Store) {
	t.Helper()
	if key := s.NeedData(); key != "" {
		file := map[string]string{state.Data8x8: "digits8x8.kpd.gz", state.DataMNIST: "mnist10k.kpd.gz"}[key]
		set, err := digitfile.Open("../../static/data/" + file)
		if err != nil {
			t.Fatal(err)
		}
		s.Dispatch(DataLoaded{Key: key, Set: set.Set()})
	}
}

// lessonAt is the run of hash after n steps (learned one at a time: f is
// called after each, with t, the running average error, the last η and
// the stored terms, for claims about a curve).
func lessonAt(t *testing.T, hash string, n int, f func(t, mistakes int, err, eta float64, terms int)) *Store {
	t.Helper()
	s := lessonStore(t, hash)
	for s.Run().T() < n {
		s.Dispatch(state.Step{N: 1})
		if f != nil {
			sm := s.Sim()
			tt := s.Run().T()
			f(tt, sm.Mistakes(), float64(sm.Mistakes())/float64(tt), sm.Last().Step.Eta, sm.Last().Step.BufferSize)
		}
	}
	return s
}

// numbers of a 2D run after n steps: mistakes, running average error, η,
// stored terms.
func numbers(t *testing.T, hash string, n int) (mistakes int, errRate, eta float64, terms int) {
	t.Helper()
	sm := lessonAt(t, hash, n, nil).Sim()
	return sm.Mistakes(), float64(sm.Mistakes()) / float64(n), sm.Last().Step.Eta, sm.Last().Step.BufferSize
}

// claim is a sentence of a lesson's step and its check: the fragment names
// the sentence (it must occur in the step's text), check returns whether
// the run bears it out and what it measured.
type claim struct {
	frag  string
	check func(t *testing.T) (bool, string)
}

// form is a sentence with digits that states no number of the run: a
// formula, a setting the step's link holds (checked: link), or a
// definition.
type form struct {
	frag string
	link func(c state.Config) bool // nil: a formula or definition
}

const (
	moonsPerceptron = "v1&p=moons&l=perceptron&w=64&play=0"
	spiralsPerc     = "v1&p=spirals&l=perceptron&w=256&play=0"
	moonsNORMA      = "v1&p=moons&l=norma&lam=0.01&w=1024&play=0"
	rotPerceptron   = "v1&p=rotating&l=perceptron&play=0"
)

func ftoa(v float64) string { return strconv.FormatFloat(v, 'g', 4, 64) }

// lessonClaims are the lessons' claims by lesson and step (1-based).
var lessonClaims = map[string]map[int][]claim{
	"perceptron": {
		1: {
			{"grows by one term at each mistake", func(t *testing.T) (bool, string) {
				ok, at := true, 0
				prevM, prevB := 0, 0
				lessonAt(t, moonsPerceptron, 50, func(tt, m int, _, _ float64, b int) {
					if ok && (b-prevB != m-prevM || b != m) {
						ok, at = false, tt
					}
					prevM, prevB = m, b
				})
				return ok, "first difference at t = " + strconv.Itoa(at)
			}},
			{"stored terms equal the mistakes", nil}, // the same check
		},
		2: {
			{"8 mistakes in the first 100 examples, and none from then on up to t = 1000", func(t *testing.T) (bool, string) {
				m100, _, _, _ := numbers(t, moonsPerceptron, 100)
				m1000, _, _, _ := numbers(t, moonsPerceptron, 1000)
				return m100 == 8 && m1000 == 8, strconv.Itoa(m100) + " and " + strconv.Itoa(m1000)
			}},
			{"therefore falls like 8/t", func(t *testing.T) (bool, string) {
				ok := true
				lessonAt(t, moonsPerceptron, 1000, func(tt, m int, e, _ float64, _ int) {
					ok = ok && (tt < 100 || e == 8/float64(tt))
				})
				return ok, "error = 8/t from t = 100 to 1000: " + strconv.FormatBool(ok)
			}},
			{"below 0.01 once t passes 800", func(t *testing.T) (bool, string) {
				first := 0
				lessonAt(t, moonsPerceptron, 1000, func(tt, _ int, e, _ float64, _ int) {
					if first == 0 && e < 0.01 {
						first = tt
					}
				})
				return first == 801, "first below at t = " + strconv.Itoa(first)
			}},
		},
		4: {
			{"more than 100 mistakes by t = 4000, and keeps every one of them", func(t *testing.T) (bool, string) {
				m, _, _, b := numbers(t, spiralsPerc, 4000)
				return m > 100 && b == m, strconv.Itoa(m) + " mistakes, " + strconv.Itoa(b) + " terms"
			}},
		},
	},
	"norma": {
		1: {
			{"adds a term whenever y_t f(x_t) is below the margin, even when the prediction is right", func(t *testing.T) (bool, string) {
				without := 0
				prevM, prevB := 0, 0
				lessonAt(t, moonsNORMA, 500, func(_, m int, _, _ float64, b int) {
					if b > prevB && m == prevM {
						without++
					}
					prevM, prevB = m, b
				})
				return without > 0, strconv.Itoa(without) + " terms added without a mistake"
			}},
			{"by t = 500 it stores more than 80 terms after only 10 mistakes", func(t *testing.T) (bool, string) {
				m, _, _, b := numbers(t, moonsNORMA, 500)
				return b > 80 && m == 10, strconv.Itoa(b) + " terms, " + strconv.Itoa(m) + " mistakes"
			}},
		},
		2: {
			{"about 0.41 at t = 500", func(t *testing.T) (bool, string) {
				_, _, eta, _ := numbers(t, moonsNORMA, 500)
				return eta > 0.405 && eta < 0.415, ftoa(eta)
			}},
			{"falls below 0.31 just before t = 1000", func(t *testing.T) (bool, string) {
				first := 0
				lessonAt(t, moonsNORMA, 1000, func(tt, _ int, _, eta float64, _ int) {
					if first == 0 && eta < 0.31 {
						first = tt
					}
				})
				return first > 900 && first < 1000, "first below at t = " + strconv.Itoa(first)
			}},
		},
		3: {
			{"at t = 1000 its running average error is above 0.15, where λ = 0.01 had reached 0.01", func(t *testing.T) (bool, string) {
				_, e, _, _ := numbers(t, "v1&p=moons&l=norma&lam=0.1&w=1024&play=0", 1000)
				_, e2, _, _ := numbers(t, moonsNORMA, 1000)
				return e > 0.15 && e2 <= 0.01, ftoa(e) + " and " + ftoa(e2)
			}},
		},
		4: {
			{"The buffer is full by t = 500", func(t *testing.T) (bool, string) {
				_, _, _, b := numbers(t, "v1&p=moons&l=norma&w=32&play=0", 500)
				return b == 32, strconv.Itoa(b) + " terms"
			}},
			{"11 mistakes in the first 1000 examples but more than 300 by t = 4000", func(t *testing.T) (bool, string) {
				m1, _, _, _ := numbers(t, "v1&p=moons&l=norma&w=32&play=0", 1000)
				m4, _, _, _ := numbers(t, "v1&p=moons&l=norma&w=32&play=0", 4000)
				return m1 == 11 && m4 > 300, strconv.Itoa(m1) + " and " + strconv.Itoa(m4)
			}},
		},
	},
	"svmd": {
		1: {
			{"η first rises above 2 (before t = 100)", func(t *testing.T) (bool, string) {
				first := 0
				lessonAt(t, "v1&p=moons&l=svmd&play=0", 100, func(tt, _ int, _, eta float64, _ int) {
					if first == 0 && eta > 2 {
						first = tt
					}
				})
				return first > 0 && first < 100, "first above 2 at t = " + strconv.Itoa(first)
			}},
		},
		2: {
			{"below 1 by t = 4000", func(t *testing.T) (bool, string) {
				_, _, eta, _ := numbers(t, "v1&p=moons&l=svmd&play=0", 4000)
				return eta < 1, ftoa(eta)
			}},
		},
		3: {
			{"below 0.01 before t = 500", func(t *testing.T) (bool, string) {
				_, _, eta, _ := numbers(t, "v1&p=moons&l=svmd&dc=1&play=0", 499)
				return eta < 0.01, ftoa(eta) + " at t = 499"
			}},
		},
		4: {
			{"η stays between 0.95 and 1 all the way to t = 4000", func(t *testing.T) (bool, string) {
				lo, hi := 10.0, 0.0
				lessonAt(t, "v1&p=moons&l=svmd&dc=0&play=0", 4000, func(_ int, _ int, _, eta float64, _ int) {
					lo, hi = min(lo, eta), max(hi, eta)
				})
				return lo >= 0.95 && hi <= 1, "from " + ftoa(lo) + " to " + ftoa(hi)
			}},
		},
		5: {
			{"100 steps after the switch both learners err on more than 15% of the recent examples; 400 steps after it SVMD's window error is below NORMA's", func(t *testing.T) (bool, string) {
				s := lessonStore(t, "v1&mode=digits&fig=switch&play=0")
				d := s.Run().Digits()
				sw := d.SwitchAt()
				win := func(i int) float64 { _, v := d.WinError(i).Last(); return v }
				s.Dispatch(state.Step{N: sw + 100 - d.T()})
				a, b := win(0), win(1)
				s.Dispatch(state.Step{N: sw + 400 - d.T()})
				c, e := win(0), win(1)
				return sw == 500 && a > 0.15 && b > 0.15 && c < e && strings.HasPrefix(d.Name(0), "SVMD") && strings.HasPrefix(d.Name(1), "NORMA"),
					"switch at " + strconv.Itoa(sw) + ": " + ftoa(a) + ", " + ftoa(b) + "; then " + ftoa(c) + " (" + d.Name(0) + "), " + ftoa(e) + " (" + d.Name(1) + ")"
			}},
		},
	},
	"budget-drift": {
		1: {
			{"299 terms by t = 4000, with a running average error below 0.08", func(t *testing.T) (bool, string) {
				m, e, _, b := numbers(t, rotPerceptron+"&w=512", 4000)
				return b == 299 && m == 299 && e < 0.08, strconv.Itoa(b) + " terms, error " + ftoa(e)
			}},
		},
		2: {
			{"once the buffer is full (by t = 1000)", func(t *testing.T) (bool, string) {
				_, _, _, b := numbers(t, rotPerceptron+"&w=64", 1000)
				return b == 64, strconv.Itoa(b) + " terms"
			}},
			{"312 mistakes by t = 4000, against 299 with every term kept, with less than a quarter of the terms", func(t *testing.T) (bool, string) {
				m, _, _, b := numbers(t, rotPerceptron+"&w=64", 4000)
				m2, _, _, b2 := numbers(t, rotPerceptron+"&w=512", 4000)
				return m == 312 && m2 == 299 && 4*b < b2, strconv.Itoa(m) + " vs " + strconv.Itoa(m2) + ", " + strconv.Itoa(b) + " vs " + strconv.Itoa(b2) + " terms"
			}},
		},
		3: {
			{"errs on more than 10% of the first 4000 examples", func(t *testing.T) (bool, string) {
				_, e, _, _ := numbers(t, "v1&p=rotating&l=svmd&w=16&play=0", 4000)
				return e > 0.1, ftoa(e)
			}},
			{"the running average error at t = 4000 is about half, below 0.06", func(t *testing.T) (bool, string) {
				_, e, _, _ := numbers(t, "v1&p=rotating&l=svmd&w=16&play=0", 4000)
				_, e2, _, _ := numbers(t, "v1&p=rotating&l=svmd&w=128&play=0", 4000)
				return e2 < 0.06 && e2 > 0.4*e && e2 < 0.6*e, ftoa(e2) + " vs " + ftoa(e)
			}},
		},
	},
}

// lessonForms are the sentences with digits that state no number of a run.
var lessonForms = map[string]map[int][]form{
	"perceptron": {
		1: {{"with α_t = y_t (JMLR §2.1; NORMA eq. 15 with λ = 0 and η = 1)", func(c state.Config) bool { return c.Learner == state.LearnerPerceptron }}},
		3: {
			{"at most ((R + D)/γ)² mistakes", nil},
			{"k(x, x) = 1, so R = 1", func(c state.Config) bool { return c.Kernel == state.KernelGaussian }},
		},
	},
	"norma": {
		1: {{"f ← (1 − η_t λ) f − η_t ξ_t k(x_t, ·)", nil}, {"multiplies every old coefficient by 1 − η_t λ", nil}},
		2: {{"With η₀ = 1 and τ = 100", func(c state.Config) bool { return c.Eta0 == 1 && c.Tau == 100 }},
			{"η_t = η₀·√(τ/(τ + t))", nil}},
		3: {{"With λ = 0.1 the shrinking is ten times stronger", func(c state.Config) bool { return c.Lambda == 0.1 }}},
		4: {{"has shrunk by (1 − ηλ)", nil},
			{"Truncation keeps only the ω newest terms and drops the oldest", nil}, // the rule, eq. 11
			{"Here λ = 0.001 and ω = 32", func(c state.Config) bool { return c.Lambda == 0.001 && c.BufferSize == 32 }}},
	},
	"svmd": {
		1: {{"η_t = η_{t−1}·max(½, 1 − μ⟨g_t, v_t⟩)", nil},
			{"When the last gradient agrees with that trace, η grows", nil}, // eq. 33 read in words
			{"when it disagrees, η shrinks, by at most a half per step", nil}},
		3: {{"With decay 1 it remembers every past step", func(c state.Config) bool { return c.Decay == 1 }}},
		4: {{"With decay 0 only the last step counts", func(c state.Config) bool { return c.Decay == 0 || c.Learner == state.LearnerSVMD0 }}},
		5: {{"MNIST digits 0 vs 1, then at t = 500 the task switches to 2 vs 3", func(c state.Config) bool {
			return c.Figure == state.FigureSwitch && c.Stream == state.StreamSwitch && c.Data == state.DataMNIST
		}}},
	},
	"budget-drift": {
		1: {{"the true boundary rotates as t grows", func(c state.Config) bool { return c.Preset == state.PresetRotating }},
			{"a term stored at t = 500 describes a boundary that has since turned", func(c state.Config) bool { return c.Preset == state.PresetRotating }}},
		2: {{"Now ω = 64", func(c state.Config) bool { return c.BufferSize == 64 }}},
		3: {{"SVMD with ω = 16", func(c state.Config) bool { return c.BufferSize == 16 && c.Learner == state.LearnerSVMD }},
			{"Set ω to 128 and press Play again", nil}}, // its numbers: the claim after it
	},
}

// citations are the digits of equation, section, theorem and figure
// numbers, which claim nothing of the run.
var citations = regexp.MustCompile(`(?:eqs?\.|§|Theorem|Figs?\.)[ \x{a0}]?[0-9][0-9.–]*(?:(?:, | and )[0-9][0-9.–]*)*`)

// curveWords mark a sentence about a curve.
var curveWords = []string{"rises", "falls", "grows", "shrinks", "drops", "stays", "below", "above", "fewer", "more than", "less than", "equal", "half", "twice", "collapses"}

// sentences splits a step's text into sentences (and clauses after ':'
// or ';'), not after the abbreviations of citations ("eq. 33").
func sentences(text string) []string {
	var out []string
	for _, ab := range []string{"eq. ", "eqs. ", "Fig. ", "Figs. "} {
		text = strings.ReplaceAll(text, ab, strings.TrimSuffix(ab, " ")+"\u00a0")
	}
	for _, line := range strings.Split(text, "\n") {
		for _, s := range regexp.MustCompile(`[.:;] `).Split(line, -1) {
			if s = strings.TrimSuffix(strings.TrimSpace(s), "."); s != "" {
				out = append(out, s)
			}
		}
	}
	return out
}

// TestShippedLessons walks every step of every shipped lesson.
func TestShippedLessons(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(lessonDir, "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no lessons in %s: %v", lessonDir, err)
	}
	var names []string
	for _, f := range files {
		names = append(names, strings.TrimSuffix(filepath.Base(f), ".txt"))
	}
	var shipped []string
	for _, l := range ShippedLessons {
		shipped = append(shipped, l.Name)
	}
	slices.Sort(shipped)
	if !slices.Equal(names, shipped) {
		t.Fatalf("lesson files %v, ShippedLessons %v: one list", names, shipped)
	}
	for _, name := range names {
		b, err := os.ReadFile(filepath.Join(lessonDir, name+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		l, err := lesson.Parse(string(b))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !state.LessonName(name) {
			t.Errorf("%q cannot be named by lesson=", name)
		}
		t.Run(name, func(t *testing.T) { walkLesson(t, name, string(b), l) })
	}
}

// walkLesson opens the lesson as the page does and walks its steps.
func walkLesson(t *testing.T, name, text string, l lesson.Lesson) {
	s := NewStore("v1&lesson=" + name)
	s.Dispatch(OpenLesson{Name: name, Text: text, At: 1, Load: true})
	used := map[string]bool{}
	for i, st := range l.Steps {
		n := i + 1
		if n > 1 {
			s.Dispatch(LessonGo{Step: n})
		}
		loadNeeded(t, s)
		c := s.Config()
		want, err := state.Decode(st.Hash())
		if err != nil {
			t.Fatalf("step %d: %v", n, err)
		}
		if m := s.Message(); m.Kind == Failure || m.Kind == Warning {
			t.Errorf("step %d: %s", n, m.Text)
		}
		if v := s.Lesson(); v.Step != n || c.LessonStep != n || c.Lesson != name || s.Run().T() != want.At || c.Playing {
			t.Errorf("step %d: card %+v, link step %d, t = %d (link at=%d), playing %v", n, v, c.LessonStep, s.Run().T(), want.At, c.Playing)
		}
		if !slices.Equal(c.Hide, want.Hide) {
			t.Errorf("step %d hides %v, its link lists %v", n, c.Hide, want.Hide)
		}
		if u := st.Until; u != nil {
			if u.Within == 0 {
				t.Errorf("step %d: %q states no bound (within)", n, u)
			}
			s.Dispatch(state.Play{})
			for frames := 0; s.Config().Playing && frames < 100_000; frames++ {
				s.Advance(c.StepsPerFrame)
			}
			if v := s.Lesson(); !v.Reached || s.Run().T() > u.Within {
				t.Errorf("step %d: %q: reached %v, missed %v at t = %d", n, u, v.Reached, v.Missed, s.Run().T())
			}
		}
		// Every sentence with a number (besides citations) or about a
		// curve is a claim checked against the run, or a formula or
		// setting (checked against the link).
		for _, sen := range sentences(st.Text) {
			bare := citations.ReplaceAllString(sen, "")
			sen = strings.ReplaceAll(sen, "\u00a0", " ")
			curve := slices.ContainsFunc(curveWords, func(w string) bool { return strings.Contains(sen, w) })
			if !strings.ContainsAny(bare, "0123456789") && !curve {
				continue
			}
			covered := false
			for _, cl := range lessonClaims[name][n] {
				covered = covered || strings.Contains(sen, cl.frag) || strings.Contains(cl.frag, sen)
			}
			for _, f := range lessonForms[name][n] {
				if strings.Contains(sen, f.frag) || strings.Contains(f.frag, sen) {
					covered = true
					if f.link != nil && !f.link(want) {
						t.Errorf("step %d: %q does not hold for the step's link", n, f.frag)
					}
				}
			}
			if !covered {
				t.Errorf("step %d: the sentence %q states a number or a curve that no claim checks", n, sen)
			}
		}
		for _, cl := range lessonClaims[name][n] {
			if !strings.Contains(st.Text, cl.frag) {
				t.Errorf("step %d: the claim %q is not in the text", n, cl.frag)
			}
			if cl.check == nil || used[cl.frag] {
				continue
			}
			used[cl.frag] = true
			if ok, got := cl.check(t); !ok {
				t.Errorf("step %d: %q: the run says %s", n, cl.frag, got)
			} else {
				t.Logf("step %d: %q: %s", n, cl.frag, got)
			}
		}
	}
}
