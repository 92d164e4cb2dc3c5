package experiment

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"kernelplay/core/data"
	"kernelplay/core/data/digitfile"
	"kernelplay/core/kernel"
	"kernelplay/core/learn"
)

// The paper tests run the setups of papers.go on the shipped digit sets and
// check the papers' qualitative claims. Seeds are logged; the numbers
// measured are in each test's log (go test -v) and in the report.

var (
	setsOnce sync.Once
	sets     = map[string]*data.Set{}
	setsErr  error
)

// shippedSet loads a shipped digit set (static/data) by name, once.
func shippedSet(t testing.TB, name string) *data.Set {
	t.Helper()
	setsOnce.Do(func() {
		for _, n := range []string{"digits8x8", "mnist10k"} {
			f, err := os.Open(filepath.Join("../../static/data", n+".kpd.gz"))
			if err != nil {
				setsErr = err
				return
			}
			d, err := digitfile.Read(f, n)
			f.Close()
			if err != nil {
				setsErr = err
				return
			}
			sets[n] = d.Set()
		}
	})
	if setsErr != nil {
		t.Fatal(setsErr)
	}
	return sets[name]
}

// runSetup builds and runs setup s with seed and logs the table.
func runSetup(t *testing.T, s Setup, seed uint64) []*Trace {
	t.Helper()
	q, cs, err := s.Build(shippedSet(t, s.Set), seed)
	if err != nil {
		t.Fatal(err)
	}
	return runLogged(t, s.Title, q, seed, cs)
}

func runLogged(t *testing.T, title string, q *data.Sequence, seed uint64, cs []Contender) []*Trace {
	t.Helper()
	tr := Run(q, 0, cs...)
	var b bytes.Buffer
	WriteTable(&b, tr...)
	t.Logf("%s — %s, seed %d\n%s", title, q.Name, seed, b.String())
	for _, x := range tr {
		if x.Diverged >= 0 {
			t.Errorf("%s diverged at step %d", x.Name, x.Diverged)
		}
	}
	return tr
}

// meanErrors runs s over seeds and returns each contender's average online
// error, averaged over the seeds.
func meanErrors(t *testing.T, s Setup, seeds []uint64) ([]float64, [][]*Trace) {
	var mean []float64
	var all [][]*Trace
	for _, seed := range seeds {
		tr := runSetup(t, s, seed)
		if mean == nil {
			mean = make([]float64, len(tr))
		}
		for i, x := range tr {
			mean[i] += x.AverageError() / float64(len(seeds))
		}
		all = append(all, tr)
	}
	return mean, all
}

func TestPaperBinaryDigits(t *testing.T) {
	e, _ := meanErrors(t, BinarySetup(), []uint64{1, 2, 3})
	t.Logf("mean errors: SVMD %.4f, SVMD λ=0 %.4f, NORMA %.4f", e[0], e[1], e[2])
	// JMLR §6.1.1: "overall makes only about half as many classification
	// errors"; λ = 0 is "asymptotically inferior to SVMD proper, though still
	// far better than the online SVM". 0.7 leaves room around "about half".
	if !(e[0] < 0.7*e[2]) {
		t.Errorf("SVMD error %.4f is not clearly below NORMA's %.4f", e[0], e[2])
	}
	if !(e[0] < e[1] && e[1] < e[2]) {
		t.Errorf("want SVMD < SVMD λ=0 < NORMA, got %.4f, %.4f, %.4f", e[0], e[1], e[2])
	}
}

func TestPaperMulticlassDigits(t *testing.T) {
	e, all := meanErrors(t, MulticlassSetup(), []uint64{1, 2, 3})
	t.Logf("mean errors: SVMD %.4f, SVMD λ=0 %.4f, NORMA %.4f", e[0], e[1], e[2])
	// JMLR §6.1.2: SVMD "makes only about half as many classification errors
	// overall as the online SVM, with the single-step (λ = 0) variant of SVMD
	// falling in between". We ask for a clear gap (20%), not for half.
	if !(e[0] < 0.8*e[2]) {
		t.Errorf("SVMD error %.4f is not clearly below NORMA's %.4f", e[0], e[2])
	}
	if !(e[0] < e[1] && e[1] < e[2]) {
		t.Errorf("want SVMD < SVMD λ=0 < NORMA, got %.4f, %.4f, %.4f", e[0], e[1], e[2])
	}
	// "SVMD raised η significantly above its initial value of 0.1."
	for _, tr := range all {
		if m := tr[0].MeanEta(0, tr[0].Len()); !(m > 0.15) {
			t.Errorf("SVMD's mean η %.4g is not above η0 = 0.1", m)
		}
	}
}

func TestPaperCountingSequence(t *testing.T) {
	runs := data.DefaultCountingRuns
	if testing.Short() {
		runs = 1
	}
	const seed = 1
	q, cs, err := countingBuild(shippedSet(t, "mnist10k"), seed, runs)
	if err != nil {
		t.Fatal(err)
	}
	if q.Repeats() != 1 {
		t.Errorf("the counting sequence shows a digit %d times", q.Repeats())
	}
	tr := runLogged(t, CountingSetup().Title, q, seed, cs)
	e := []float64{tr[0].AverageError(), tr[1].AverageError(), tr[2].AverageError()}
	// JMLR §6.2.1: ν-SVMD below 19%, NORMA "barely above chance level (90%
	// error rate)", λ = 0 "clearly outperforms it".
	if !(e[0] < 0.5*e[2]) {
		t.Errorf("SVMD error %.4f is not clearly below NORMA's %.4f", e[0], e[2])
	}
	if !(e[0] < e[1] && e[1] < e[2]) {
		t.Errorf("want SVMD < SVMD λ=0 < NORMA, got %.4f, %.4f, %.4f", e[0], e[1], e[2])
	}
}

func TestPaperSwitch(t *testing.T) {
	for _, seed := range []uint64{1, 2} {
		for _, tau := range []float64{10, 100, 1000} {
			q, cs, err := switchBuild(shippedSet(t, "mnist10k"), seed, tau)
			if err != nil {
				t.Fatal(err)
			}
			tr := runLogged(t, SwitchSetup().Title, q, seed, cs)
			s, n := tr[0], tr[1]
			// Conference §5: "SVMD outperforms the online SVM algorithm
			// during the initial 500 stationary iterations and adapts well
			// to the sudden change". The paper's τ was "tuned" and is not
			// given. With τ = 10 (JMLR Fig. 3's) SVMD's error is clearly
			// lower; with τ = 100 (JMLR Figs. 4, 6) lower; with τ = 1000 the
			// two are level (logged, not checked: see the report).
			se, ne := s.AverageError(), n.AverageError()
			switch {
			case tau == 10 && !(se < 0.75*ne):
				t.Errorf("seed %d, τ = %g: SVMD error %.4f is not clearly below NORMA's %.4f", seed, tau, se, ne)
			case tau == 100 && !(se < ne):
				t.Errorf("seed %d, τ = %g: SVMD error %.4f is not below NORMA's %.4f", seed, tau, se, ne)
			}
			// "in response to the change of the distribution η increases
			// again": SVMD's mean η over t = 550..649 against t = 450..499.
			before, after := s.MeanEta(450, 500), s.MeanEta(550, 650)
			t.Logf("SVMD mean η: %.4g over t = 0..49, %.4g over 50..99, %.4g before the switch (t = 450..499), %.4g after (t = 550..649), %.4g at the end (900..999)",
				s.MeanEta(0, 50), s.MeanEta(50, 100), before, after, s.MeanEta(900, 1000))
			// "in the case of SVMD η is raised at the initial iterations ...
			// and then decays until halfway through the data".
			if early := s.MeanEta(0, 100); !(early > 1 && before < early) {
				t.Errorf("seed %d: SVMD's η is not raised early (%.4g over t < 100) and then lowered (%.4g)", seed, early, before)
			}
			if !(after > 1.5*before) {
				t.Errorf("seed %d: SVMD's η does not rise after the switch: %.4g → %.4g", seed, before, after)
			}
		}
	}
}

func TestPaperNovelty(t *testing.T) {
	if testing.Short() {
		t.Skip("6,000 steps on MNIST")
	}
	tr := runSetup(t, NoveltySetup(), 1)
	s := tr[0]
	for _, w := range []int{6, 60, 120, 300, 1200, 1500, 3000} {
		t.Logf("SVMD η around t = %d: %.4g → %.4g", w, s.MeanEta(w-5, w), s.MeanEta(w, w+5))
	}
	// "though SVMD markedly reduces the initial step size, it does not anneal
	// it down to zero"
	late := s.MeanEta(5000, 6000)
	t.Logf("SVMD mean η over t = 5000..5999: %.4g (η0 = 1)", late)
	if !(late < 0.5 && late > 1e-3) {
		t.Errorf("SVMD's late η %.4g: want markedly below η0 = 1 but not annealed to zero", late)
	}
}

func TestPaperBufferSize(t *testing.T) {
	if testing.Short() {
		t.Skip("10,000 steps of MNIST with ω up to 4096: about a minute")
	}
	tr := runSetup(t, BufferSetup(nil), 1)
	for i := 1; i < len(tr); i++ {
		if !(tr[i].AverageError() < tr[i-1].AverageError()) {
			t.Errorf("%s error %.4f is not below %s's %.4f", tr[i].Name, tr[i].AverageError(), tr[i-1].Name, tr[i-1].AverageError())
		}
	}
	for _, x := range tr {
		t.Logf("%s: error over the last 4,500 digits %.4f", x.Name, x.ErrorOver(x.Len()-4500, x.Len()))
	}
}

// TestBaselineSensitivity records how much the papers' gaps depend on the
// NORMA baseline's settings, which the papers hand-tuned and we take from
// their figures: a NORMA with a larger η0 and slower decay on the 10-way
// digits, and with a small regularizer on the counting sequence (the ν-trick's
// c = 1 shrinks every old coefficient by (1 − η_t) per step, so NORMA
// remembers only the last few digits); and SVMD itself started at η0 = 1.
// It checks that each retuned NORMA beats the paper's, and logs all of them.
func TestBaselineSensitivity(t *testing.T) {
	set := shippedSet(t, "digits8x8")
	q, cs, err := MulticlassSetup().Build(set, 1)
	if err != nil {
		t.Fatal(err)
	}
	k := kernel.Gaussian{Sigma: scaledSigma(8, set.Dim)}
	reg := 1 / (500 * float64(q.Len()))
	for _, s := range []learn.Sqrt{{Eta0: 1, Tau: 100}, {Eta0: 1, Tau: 1e9}} {
		l, err := learn.NewNORMA(with(learn.DefaultNORMAConfig(learn.RuleSoftMargin, 10), func(c *learn.NORMAConfig) {
			c.Kernel = k
			c.Lambda = reg
			c.Schedule = s
		}), set.Dim)
		if err != nil {
			t.Fatal(err)
		}
		cs = append(cs, Contender{Name: fmt.Sprintf("NORMA η0=%g τ=%g", s.Eta0, s.Tau), Learner: l})
	}
	sv, err := learn.NewSVMD(with(learn.DefaultSVMDConfig(learn.SVMDMulticlass, 0), func(c *learn.SVMDConfig) {
		c.Kernel = k
		c.Classes = 10
		c.Lambda = reg
		c.Eta0 = 1
		c.Mu = 0.1
		c.Decay = 0.99
	}), set.Dim)
	if err != nil {
		t.Fatal(err)
	}
	cs = append(cs, Contender{Name: "SVMD λ=0.99 η0=1", Learner: sv})
	tr := runLogged(t, "10-way digits, retuned NORMA", q, 1, cs)
	if !(tr[3].AverageError() < tr[2].AverageError()) {
		t.Errorf("NORMA with η0 = 1 (%.4f) is not better than with η0 = 0.1 (%.4f)", tr[3].AverageError(), tr[2].AverageError())
	}

	runs := 1
	mn := shippedSet(t, "mnist10k")
	q, cs, err = countingBuild(mn, 1, runs)
	if err != nil {
		t.Fatal(err)
	}
	l, err := learn.NewNORMA(with(learn.DefaultNORMAConfig(learn.RuleNuClassification, 10), func(c *learn.NORMAConfig) {
		c.Kernel = kernel.Gaussian{Sigma: scaledSigma(8, mn.Dim)}
		c.Nu = 0.05
		c.Lambda = 1e-4
		c.Schedule = learn.Sqrt{Eta0: 1, Tau: 100}
	}), mn.Dim)
	if err != nil {
		t.Fatal(err)
	}
	cs = append(cs, Contender{Name: "NORMA τ=100 λ=1e-4", Learner: l})
	tr = runLogged(t, "counting sequence (one run), NORMA with a small regularizer", q, 1, cs)
	if !(tr[3].AverageError() < tr[2].AverageError()) {
		t.Errorf("NORMA with λ = 1e-4 (%.4f) is not better than with λ = 1 (%.4f)", tr[3].AverageError(), tr[2].AverageError())
	}
}

// TestNoveltyStream runs SVMD's novelty detection over a stream of one
// digit with 5% other digits mixed in (data.Novelty) and checks that it
// flags the novel digits far more often than the normal ones.
func TestNoveltyStream(t *testing.T) {
	const seed = 3
	mn := shippedSet(t, "mnist10k")
	q, err := data.Novelty(mn, seed, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	l, err := learn.NewSVMD(with(learn.DefaultSVMDConfig(learn.SVMDNovelty, 0.05), func(c *learn.SVMDConfig) {
		c.Kernel = kernel.Gaussian{Sigma: scaledSigma(8, mn.Dim)}
		c.Eta0 = 1
		c.Mu = 1
		c.Decay = 1
	}), mn.Dim)
	if err != nil {
		t.Fatal(err)
	}
	tr := runLogged(t, "novelty: digit 1 with 5% others", q, seed, []Contender{{Name: "SVMD", Learner: l}})
	hit, fa := tr[0].Detection()
	t.Logf("flagged %.1f%% of novel digits, %.1f%% of normal ones", 100*hit, 100*fa)
	if !(hit > 3*fa) {
		t.Errorf("novel digits flagged at %.3f, normal ones at %.3f: no detection", hit, fa)
	}
}
