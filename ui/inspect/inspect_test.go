package inspect

import (
	"crypto/sha256"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"kernelplay/core/kernel"
	"kernelplay/core/learn"
	"kernelplay/core/loss"
	"kernelplay/ui/render"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// stream is a seeded 2D XOR stream with ±1 labels and a regression target.
type stream struct {
	x    [][]float64
	y, r []float64
}

func newStream(n int) stream {
	rng := rand.New(rand.NewPCG(42, 1))
	var s stream
	for range n {
		x := []float64{2*rng.Float64() - 1, 2*rng.Float64() - 1}
		y := 1.0
		if x[0]*x[1] < 0 {
			y = -1
		}
		s.x, s.y, s.r = append(s.x, x), append(s.y, y), append(s.r, x[0]-0.5*x[1])
	}
	return s
}

// run feeds the stream to l and calls blocks after every step; it returns
// the blocks of the first step (from step minStep on) for which pick holds.
func run(t *testing.T, l learn.Learner, labels []float64, minStep int, blocks func() []Block, pick func() bool) []Block {
	t.Helper()
	s := newStream(60)
	for i, x := range s.x {
		l.Learn(x, labels[i])
		bs := blocks()
		if i+1 >= minStep && pick() {
			return bs
		}
	}
	t.Fatal("no step matched")
	return nil
}

func always() bool { return true }

// goldenCases builds every learner's blocks at a chosen step.
func goldenCases(t *testing.T) map[string][]Block {
	s := newStream(60)
	cases := map[string][]Block{}

	svmd := func(nu float64) *learn.SVMD {
		cfg := learn.DefaultSVMDConfig(learn.SVMDHinge, nu)
		cfg.Kernel = kernel.Gaussian{Sigma: 0.7}
		cfg.BufferSize, cfg.Lambda, cfg.Eta0, cfg.Mu, cfg.Decay = 4, 0.3, 0.5, 0.8, 0.9
		l, err := learn.NewSVMD(cfg, 2)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	h := svmd(0)
	cases["svmd_hinge"] = run(t, h, s.y, 3, func() []Block { return SVMD(h.LastUpdate()) }, func() bool { return h.LastUpdate().Violated })
	n := svmd(0.2)
	cases["svmd_nu"] = run(t, n, s.y, 3, func() []Block { return SVMD(n.LastUpdate()) }, always)
	e := svmd(0)
	cases["svmd_evict"] = run(t, e, s.y, 1, func() []Block { return SVMD(e.LastUpdate()) }, func() bool { return e.LastUpdate().Evicted })

	nc := learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0)
	nc.Lambda, nc.BufferSize = 0.4, 4
	nc.Kernel = kernel.Gaussian{Sigma: 0.7}
	nClass, _ := learn.NewNORMA(nc, 2)
	cases["norma_classification"] = run(t, nClass, s.y, 1, func() []Block { return NORMA(nClass.LastUpdate()) }, func() bool { return nClass.LastUpdate().Evicted })
	nr := learn.DefaultNORMAConfig(learn.RuleNuEpsilonInsensitive, 0)
	nr.BufferSize = 8
	nReg, _ := learn.NewNORMA(nr, 2)
	cases["norma_regression"] = run(t, nReg, s.r, 4, func() []Block { return NORMA(nReg.LastUpdate()) }, func() bool { return nReg.LastUpdate().MarginError })

	pc := learn.DefaultPerceptronConfig()
	pc.BufferSize = 4
	perc, _ := learn.NewPerceptron(pc, 2)
	cases["perceptron"] = run(t, perc, s.y, 2, func() []Block { return Perceptron(perc.LastUpdate()) }, func() bool { return perc.LastUpdate().MarginError })

	peg, _ := learn.NewPegasos(learn.PegasosConfig{Lambda: 0.01, BatchSize: 1}, 2)
	cases["pegasos"] = run(t, peg, s.y, 3, func() []Block { return Pegasos(peg.LastUpdate()) }, func() bool { return peg.LastUpdate().Violated })
	kpeg, _ := learn.NewKernelPegasos(learn.KernelPegasosConfig{Kernel: kernel.Gaussian{Sigma: 0.7}, Lambda: 0.5, BufferSize: 4}, 2)
	cases["kernel_pegasos"] = run(t, kpeg, s.y, 1, func() []Block { return KernelPegasos(kpeg.LastUpdate()) }, func() bool { return kpeg.LastUpdate().Evicted })

	dc := learn.DefaultDCDOnlineConfig()
	dc.Lambda, dc.BufferSize = 0.1, 4
	dcd, _ := learn.NewDCDOnline(dc, 2)
	cases["dcd"] = run(t, dcd, s.y, 6, func() []Block { return DCDOnline(dcd.LastUpdate()) }, always)

	ac := learn.DefaultAMMConfig(2)
	ac.Lambda = 0.1
	amm, _ := learn.NewBinaryAMM(ac, 2)
	cases["amm"] = run(t, amm, s.y, 3, func() []Block { return AMM(amm.LastUpdate()) }, func() bool { return amm.LastUpdate().Violated })

	res, _ := learn.NewRES(learn.DefaultRESConfig(), 2)
	cases["res"] = run(t, res, s.y, 1, func() []Block { return RES(res.LastUpdate()) }, func() bool { return res.LastUpdate().Updated })
	return cases
}

// text writes blocks as the golden files hold them.
func text(bs []Block) string {
	var b strings.Builder
	for _, bl := range bs {
		fmt.Fprintf(&b, "%v | %s | %s | %+v\n%s\n\n", bl.Stage, bl.Title, bl.Source, bl.Highlight, bl.MathML)
	}
	return b.String()
}

// TestGolden compares every learner's blocks (SVMD with the hinge, with ν and
// at an eviction; NORMA classification at an eviction and ν-ε regression; the
// perceptron; Pegasos and kernel Pegasos; online DCD; AMM; RES at an
// iteration) with testdata/<case>.golden; -update rewrites them.
func TestGolden(t *testing.T) {
	for name, bs := range goldenCases(t) {
		path := filepath.Join("testdata", name+".golden")
		got := text(bs)
		if *update {
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%s: %v (run with -update)", name, err)
		}
		if got != string(want) {
			t.Errorf("%s: blocks differ from %s:\n%s", name, path, got)
		}
	}
}

// checkMathML parses s and returns an error unless it is one well-formed
// <math display="block"> element using only MathML Core element names.
func checkMathML(s string) error {
	d := xml.NewDecoder(strings.NewReader(s))
	depth, roots := 0, 0
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			if !slices.Contains(mathElements, tk.Name.Local) {
				return fmt.Errorf("element <%s> is not in the MathML Core set", tk.Name.Local)
			}
			if depth == 0 {
				roots++
				if tk.Name.Local != "math" || len(tk.Attr) != 1 || tk.Attr[0].Name.Local != "display" || tk.Attr[0].Value != "block" {
					return fmt.Errorf("root <%s %v>, want <math display=\"block\">", tk.Name.Local, tk.Attr)
				}
			} else if len(tk.Attr) > 1 || len(tk.Attr) == 1 && (tk.Attr[0].Name.Local != "class" || !slices.Contains(mathClasses, tk.Attr[0].Value)) {
				return fmt.Errorf("<%s> has attributes %v, want none or a class of %q", tk.Name.Local, tk.Attr, mathClasses)
			}
			depth++
		case xml.EndElement:
			depth--
		case xml.CharData:
			if depth == 0 && strings.TrimSpace(string(tk)) != "" {
				return fmt.Errorf("text %q outside <math>", tk)
			}
		}
	}
	if roots != 1 || depth != 0 {
		return fmt.Errorf("%d root elements, depth %d at the end", roots, depth)
	}
	return nil
}

// learner is one configured learner with its labels and its inspector.
type learner struct {
	name   string
	l      learn.Learner
	labels []float64
	blocks func() []Block
}

// allLearners is every learner the inspector shows, in every configuration
// that changes its blocks: SVMD with each loss it shows (with and without ν),
// multiclass SVMD, NORMA with every rule, the perceptron, Pegasos (in
// mini-batches), kernel Pegasos, online DCD, AMM and RES.
func allLearners(t *testing.T, s stream) []learner {
	var ls []learner
	for _, l := range []learn.SVMDLoss{learn.SVMDHinge, learn.SVMDNovelty, learn.SVMDLogistic} {
		for _, nu := range []float64{0, 0.2} {
			if nu > 0 && l == learn.SVMDLogistic {
				continue
			}
			cfg := learn.DefaultSVMDConfig(l, nu)
			cfg.BufferSize, cfg.Offset = 5, l != learn.SVMDNovelty
			m, err := learn.NewSVMD(cfg, 2)
			if err != nil {
				t.Fatal(err)
			}
			ls = append(ls, learner{fmt.Sprintf("SVMD %v ν=%v", l, nu), m, s.y, func() []Block { return SVMD(m.LastUpdate()) }})
		}
	}
	mc := learn.DefaultSVMDConfig(learn.SVMDMulticlass, 0)
	mc.Classes, mc.BufferSize = 3, 5
	multi, _ := learn.NewSVMD(mc, 2)
	classes := make([]float64, len(s.y))
	for i := range classes {
		classes[i] = float64(i % 3)
	}
	ls = append(ls, learner{"SVMD multiclass", multi, classes, func() []Block { return SVMD(multi.LastUpdate()) }})
	for r := learn.RuleSoftMargin; r <= learn.RuleAdaptiveHuber; r++ {
		cfg := learn.DefaultNORMAConfig(r, 0)
		cfg.BufferSize = 5
		m, err := learn.NewNORMA(cfg, 2)
		if err != nil {
			t.Fatal(err)
		}
		labels := s.y
		if m.Task() == learn.Regression {
			labels = s.r
		}
		ls = append(ls, learner{"NORMA " + r.String(), m, labels, func() []Block { return NORMA(m.LastUpdate()) }})
	}
	perc, _ := learn.NewPerceptron(learn.DefaultPerceptronConfig(), 2)
	peg, _ := learn.NewPegasos(learn.PegasosConfig{Lambda: 0.01, BatchSize: 3}, 2)
	kpeg, _ := learn.NewKernelPegasos(learn.DefaultKernelPegasosConfig(), 2)
	dcd, _ := learn.NewDCDOnline(learn.DefaultDCDOnlineConfig(), 2)
	amm, _ := learn.NewBinaryAMM(learn.DefaultAMMConfig(2), 2)
	res, _ := learn.NewRES(learn.DefaultRESConfig(), 2)
	ls = append(ls,
		learner{"perceptron", perc, s.y, func() []Block { return Perceptron(perc.LastUpdate()) }},
		learner{"Pegasos", peg, s.y, func() []Block { return Pegasos(peg.LastUpdate()) }},
		learner{"kernel Pegasos", kpeg, s.y, func() []Block { return KernelPegasos(kpeg.LastUpdate()) }},
		learner{"DCD", dcd, s.y, func() []Block { return DCDOnline(dcd.LastUpdate()) }},
		learner{"AMM", amm, s.y, func() []Block { return AMM(amm.LastUpdate()) }},
		learner{"RES", res, s.y, func() []Block { return RES(res.LastUpdate()) }},
	)
	return ls
}

// TestMathMLWellFormed runs every learner (SVMD with each loss it shows,
// NORMA with every rule, the linear learners) for 60 steps and checks that
// every block of every step is well-formed XML (encoding/xml) with one
// <math display="block"> root and MathML Core elements only, that the stages
// come in the order predict → … → insert/evict, and that the checker itself
// rejects a foreign element, a second root and broken markup.
func TestMathMLWellFormed(t *testing.T) {
	for _, bad := range []string{`<math display="block"><div/></math>`, `<math display="block"></math><math display="block"></math>`,
		`<math display="block"><mi>a</mn></math>`, `<math><mi>x</mi></math>`} {
		if checkMathML(bad) == nil {
			t.Errorf("checker accepted %s", bad)
		}
	}
	s := newStream(60)
	for _, l := range allLearners(t, s) {
		if bs := l.blocks(); bs != nil {
			t.Errorf("%s: %d blocks before the first step", l.name, len(bs))
		}
		for i, x := range s.x {
			l.l.Learn(x, l.labels[i])
			bs := l.blocks()
			if len(bs) < 4 || bs[0].Stage != StagePredict || bs[len(bs)-1].Stage != StageInsert {
				t.Fatalf("%s step %d: %d blocks from %v to %v", l.name, i+1, len(bs), bs[0].Stage, bs[len(bs)-1].Stage)
			}
			for j, b := range bs {
				if j > 0 && b.Stage < bs[j-1].Stage {
					t.Errorf("%s step %d: stage %v after %v", l.name, i+1, b.Stage, bs[j-1].Stage)
				}
				if b.Source == "" || b.Title == "" {
					t.Errorf("%s step %d: block %d has no title or source", l.name, i+1, j)
				}
				if err := checkMathML(b.MathML); err != nil {
					t.Fatalf("%s step %d block %v: %v\n%s", l.name, i+1, b.Stage, err, b.MathML)
				}
			}
		}
	}
}

// TestSVMDNumbers checks that SVMD's blocks carry the record's numbers as
// render.FormatValue writes them, in the block of their sub-step: f_t(x_t)
// in predict, ξ_t in loss, ⟨g,v⟩, η_{t−1} and η_t in step size, the shrink
// factor in shrink, the new α_t and the evicted α in insert/evict, with the
// highlights naming the new and the evicted term.
func TestSVMDNumbers(t *testing.T) {
	cfg := learn.DefaultSVMDConfig(learn.SVMDHinge, 0)
	cfg.BufferSize, cfg.Lambda, cfg.Mu = 3, 0.3, 0.8
	l, _ := learn.NewSVMD(cfg, 2)
	s := newStream(60)
	evicted := 0
	for i, x := range s.x {
		l.Learn(x, s.y[i])
		u := l.LastUpdate()
		bs := SVMD(u)
		byStage := map[Stage]string{}
		var ins Block
		for _, b := range bs {
			byStage[b.Stage] += b.MathML
			if b.Stage == StageInsert {
				ins = b
			}
		}
		has := func(st Stage, v float64, what string) {
			t.Helper()
			if n := "<mn>" + render.FormatValue(v, false) + "</mn>"; !strings.Contains(byStage[st], n) {
				t.Errorf("step %d: %v block lacks %s %s", i+1, st, what, n)
			}
		}
		has(StagePredict, u.F[0], "f_t(x_t)")
		has(StageLoss, u.Xi[0], "ξ_t")
		has(StageStepSize, u.GV, "⟨g,v⟩")
		has(StageStepSize, u.EtaPrev, "η_{t−1}")
		has(StageStepSize, u.Eta, "η_t")
		has(StageShrink, u.Shrink, "1 − η_t c")
		has(StageInsert, u.Alpha[0], "α_t")
		if ins.Highlight.Term != u.Index || ins.Highlight.Evicted != u.EvictedIndex || !ins.Highlight.Point {
			t.Errorf("step %d: insert highlight %+v, record index %d evicted %d", i+1, ins.Highlight, u.Index, u.EvictedIndex)
		}
		if u.Evicted {
			evicted++
			has(StageInsert, u.EvictedAlpha[0], "evicted α")
		}
	}
	if evicted == 0 {
		t.Error("no eviction in the run; the test needs one")
	}
}

// TestEscape checks that text reaching the markup is escaped.
func TestEscape(t *testing.T) {
	got := display(mtext(`a<b & "c"`), mo("<"))
	if err := checkMathML(got); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got, "<mtext>a&lt;b &amp; &quot;c&quot;</mtext>") || !strings.Contains(got, "<mo>&lt;</mo>") {
		t.Errorf("not escaped: %s", got)
	}
}

// TestPageLetters checks that the inspector writes the page's symbols (the
// controls' λ for the regularizer, ρ for SVMD's trace decay, ε for the
// margin, ξ_t for the loss's derivative) and not the papers' letters for
// them (JMLR's c and λ, NORMA's c, c′ and ρ), and names the paper's letter
// once per step, in a "letter" note: "λ: c in JMLR", "ρ: λ in JMLR",
// "ε: ρ in NORMA", "ξ: c′ in NORMA" (issue 19 item 9).
func TestPageLetters(t *testing.T) {
	cases := goldenCases(t)
	notes := func(bs []Block) map[string]int {
		n := map[string]int{}
		for _, b := range bs {
			for _, m := range regexp.MustCompile(`<mtext class="letter">\(([^)]*)\)</mtext>`).FindAllStringSubmatch(b.MathML, -1) {
				n[m[1]]++
			}
		}
		return n
	}
	all := func(bs []Block) string {
		var s strings.Builder
		for _, b := range bs {
			s.WriteString(b.MathML)
		}
		return s.String()
	}
	for _, name := range []string{"svmd_hinge", "svmd_nu", "svmd_evict"} {
		bs := cases[name]
		m := all(bs)
		if strings.Contains(m, "<mi>c</mi>") {
			t.Errorf("%s: writes JMLR's c for the regularizer, the page's λ", name)
		}
		if !strings.Contains(m, "<mi>ρ</mi><msub><mi>β</mi>") {
			t.Errorf("%s: the trace's decay (β_i ← … ρβ_i …) is not the page's ρ", name)
		}
		if !strings.Contains(m, "<mi>λ</mi><msub><mi>π</mi>") {
			t.Errorf("%s: ⟨g_t, v_t⟩'s regularizer term is not the page's λ", name)
		}
		if n := notes(bs); n["λ: c in JMLR"] != 1 || n["ρ: λ in JMLR"] != 1 || len(n) != 2 {
			t.Errorf("%s: letter notes %v, want λ: c in JMLR and ρ: λ in JMLR once each", name, n)
		}
	}
	bs := cases["norma_classification"]
	m := all(bs)
	if strings.Contains(m, "<mi>ρ</mi>") || strings.Contains(m, "<mi>c</mi>") {
		t.Errorf("norma_classification: writes NORMA's ρ (the page's ρ is SVMD's decay) or c for the loss")
	}
	if n := notes(bs); n["ε: ρ in NORMA"] != 1 || n["ξ: c′ in NORMA"] != 1 {
		t.Errorf("norma_classification: letter notes %v, want ε: ρ in NORMA and ξ: c′ in NORMA once each", n)
	}
	if n := notes(cases["norma_regression"]); n["ξ: c′ in NORMA"] != 1 || n["ε: ρ in NORMA"] != 0 {
		t.Errorf("norma_regression: letter notes %v, want ξ: c′ in NORMA once (its ε is NORMA's own)", n)
	}
}

// TestTermsCountedAsTheStrip checks that the insert block numbers the new
// term as the buffer strip counts ("3 / 4 terms": the newest is term 3,
// counting from 1), not by its index from 0 (issue 19's polish: "stored as
// term 100" beside a strip that says 101/512), and the evicted one as term
// 1, the oldest.
func TestTermsCountedAsTheStrip(t *testing.T) {
	for name, bs := range goldenCases(t) {
		last := bs[len(bs)-1]
		h := last.Highlight
		if h.Term < 0 {
			continue
		}
		want := fmt.Sprintf("<mtext>stored as term</mtext><mtext class=\"sp\">\u2003</mtext><mn>%d</mn>", h.Term+1)
		if !strings.Contains(last.MathML, want) {
			t.Errorf("%s: the new term is term %d of the strip (index %d); the block says %s", name, h.Term+1, h.Term, last.MathML)
		}
		if h.Evicted == 0 && !strings.Contains(last.MathML, "<mtext>buffer full: term</mtext><mtext class=\"sp\">\u2003</mtext><mn>1</mn>") {
			t.Errorf("%s: the evicted term is the strip's term 1; the block says %s", name, last.MathML)
		}
	}
}

// TestEscapeAsReplacer: esc writes what the strings.Replacer it replaced
// wrote, on text with every escaped byte, UTF-8 and none.
func TestEscapeAsReplacer(t *testing.T) {
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#39;")
	for _, s := range []string{"", "plain", `a<b & "c" > 'd'`, "η_t ≤ ξ′ & λ", "&&&", "'", "<<>>", "\xff<\xc3"} {
		if got, want := esc(s), r.Replace(s); got != want {
			t.Errorf("esc(%q) = %q, want %q", s, got, want)
		}
	}
}

// everyState adds to allLearners the configurations that change the
// inspector's text beyond them: SVMD's graph and multiclass logistic losses,
// NORMA with each schedule (constant, 1/√t), with the offset, with the
// log-space margin, multiclass, online DCD with the squared hinge and the
// multiclass perceptron.
func everyState(t *testing.T, s stream) []learner {
	ls := allLearners(t, s)
	classes := make([]float64, len(s.y))
	for i := range classes {
		classes[i] = float64(i % 3)
	}
	for _, l := range []learn.SVMDLoss{learn.SVMDGraph, learn.SVMDMultiLogistic} {
		cfg := learn.DefaultSVMDConfig(l, 0)
		cfg.Classes, cfg.BufferSize = 3, 5
		m, err := learn.NewSVMD(cfg, 2)
		if err != nil {
			t.Fatal(err)
		}
		ls = append(ls, learner{fmt.Sprintf("SVMD %v", l), m, classes, func() []Block { return SVMD(m.LastUpdate()) }})
	}
	norma := func(name string, labels []float64, cfg learn.NORMAConfig) {
		cfg.BufferSize = 5
		m, err := learn.NewNORMA(cfg, 2)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		ls = append(ls, learner{name, m, labels, func() []Block { return NORMA(m.LastUpdate()) }})
	}
	c := learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0)
	c.Schedule = learn.Constant{Eta0: 0.2}
	norma("NORMA constant", s.y, c)
	c = learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0)
	c.Schedule = learn.InvSqrtT{Lambda: 0.1}
	c.Lambda = 0.1
	norma("NORMA 1/√t", s.y, c)
	c = learn.DefaultNORMAConfig(learn.RuleNuClassification, 0)
	c.Offset = true
	norma("NORMA offset", s.y, c)
	c = learn.DefaultNORMAConfig(learn.RuleNuClassification, 0)
	c.MarginRule, c.EtaMargin = learn.MarginLogSpace, 0.5
	norma("NORMA log-space margin", s.y, c)
	norma("NORMA multiclass", classes, learn.DefaultNORMAConfig(learn.RuleSoftMargin, 3))
	norma("NORMA ν multiclass", classes, learn.DefaultNORMAConfig(learn.RuleNuClassification, 3))
	dc := learn.DefaultDCDOnlineConfig()
	dc.Loss = loss.SquaredHinge{}
	dcd, err := learn.NewDCDOnline(dc, 2)
	if err != nil {
		t.Fatal(err)
	}
	ls = append(ls, learner{"DCD squared hinge", dcd, s.y, func() []Block { return DCDOnline(dcd.LastUpdate()) }})
	pc := learn.DefaultPerceptronConfig()
	pc.Classes = 3
	perc, err := learn.NewPerceptron(pc, 2)
	if err != nil {
		t.Fatal(err)
	}
	ls = append(ls, learner{"perceptron multiclass", perc, classes, func() []Block { return Perceptron(perc.LastUpdate()) }})
	return ls
}

// TestGoldenEveryStep writes every block of every step of every learner of
// everyState (60 steps each; the Stage, Title, Source, Highlight and MathML
// as text writes them) and compares each step's SHA-256 (first 16 hex
// digits) with testdata/every_step.golden, one line per learner and step:
// the inspector's output, byte for byte, over every state it shows (the
// full text would be megabytes; TestGolden keeps readable full text of one
// step per learner). -update rewrites it.
func TestGoldenEveryStep(t *testing.T) {
	s := newStream(60)
	var got strings.Builder
	for _, l := range everyState(t, s) {
		for i, x := range s.x {
			l.l.Learn(x, l.labels[i])
			sum := sha256.Sum256([]byte(text(l.blocks())))
			fmt.Fprintf(&got, "%s\t%d\t%x\n", l.name, i+1, sum[:8])
		}
	}
	path := filepath.Join("testdata", "every_step.golden")
	if *update {
		if err := os.WriteFile(path, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update)", err)
	}
	g, w := strings.Split(got.String(), "\n"), strings.Split(string(want), "\n")
	if len(g) != len(w) {
		t.Fatalf("%d lines, want %d", len(g), len(w))
	}
	bad := 0
	for i := range g {
		if g[i] != w[i] {
			if bad++; bad <= 10 {
				t.Errorf("line %d: %q, want %q", i+1, g[i], w[i])
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d steps differ", bad, len(g)-1)
	}
}

// TestTemplate checks each element of m's notation against the writer's
// call it names, and that holes are taken in order ("" when they run out).
func TestTemplate(t *testing.T) {
	for _, c := range []struct{ f, want string }{
		{`x`, mi("x")}, {`'≠`, mo("≠")}, {`"two words"`, mtext("two words")}, {`{λ: c in JMLR}`, letter("λ: c in JMLR")},
		{`(45)`, eqno("45")}, {`12`, elem("mn", "12")}, {`η_t−1`, sym("η", "t−1")}, {`~`, sp()}, {`½`, half()}, {`.`, ""},
		{`[row a 'b]`, row(mi("a"), mo("b"))}, {`[eq a # b]`, eq(mi("a"), "<mn>1</mn>", mi("b"))}, {`[call . x_t y]`, call("", sym("x", "t"), mi("y"))},
		{`[sub a b] [sup a b] [frac a [row b c]]`, sub(mi("a"), mi("b")) + sup(mi("a"), mi("b")) + frac(mi("a"), row(mi("b"), mi("c")))},
		{`[row # # #]`, row("<mn>1</mn>", "<mn>2</mn>")}, {`[eq a # # #]`, eq(mi("a"), "<mn>1</mn>", "<mn>2</mn>")},
	} {
		if got := m(c.f, "<mn>1</mn>", "<mn>2</mn>"); got != c.want {
			t.Errorf("m(%q) = %s, want %s", c.f, got, c.want)
		}
	}
}

// FuzzTemplate: m on any text (no holes) ends and writes well-formed
// MathML Core (every node is a whole element with escaped text), whatever
// brackets or quotes are left open. Only printable UTF-8 is checked: the templates
// are, and XML has no invalid UTF-8 nor control characters.
func FuzzTemplate(f *testing.F) {
	for _, s := range []string{`[eq l [call max 0 [row 1 '− y_t f]] #]`, `[`, `]`, `"open`, `{open`, `[row`, `'`, `_x`, `x_`, `1<2`, `'<`, `(<)`, `[frac]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) || strings.IndexFunc(s, unicode.IsControl) >= 0 {
			return // templates are printable text; XML has neither
		}
		if err := checkMathML(display(m(s))); err != nil {
			t.Fatalf("m(%q): %v", s, err)
		}
	})
}
