package sim

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"kernelplay/core/data"
	"kernelplay/core/experiment"
	"kernelplay/core/kernel"
	"kernelplay/core/learn"
	"kernelplay/ui/state"
)

// Digits is the running simulation of the digits mode: one stream over a
// digit set (or a user's file) fed to one or more learners in lockstep —
// every learner sees example t before any sees example t+1, as
// core/experiment's Runner does — so that every learner sees the identical
// sequence, example by example. It keeps, per learner, exact counts (steps,
// mistakes, the confusion matrix, the last verdict) and bounded histories
// of the running average online error and of η_t for the charts.
//
// Memory per learner, whatever the stream's length: three [History] values
// (the average error, η_t, the windowed error) of at most
// (HistoryBuckets+1)·BucketBytes = 36,936 bytes each (110.8 kB), the
// window's bits (⌈N/64⌉·8 bytes, [ErrorWindow]) and the K·K confusion
// counts (8·K² bytes: 800 bytes for ten classes) — besides the learner
// itself. On a binary task each learner also has its comparison with
// hindsight (digits_regret.go): over at most MaxExact = 1,000 examples,
// 8·1,000·(1,000 + d + 4) bytes (14.3 MB on MNIST, d = 784; 8.5 MB on
// the 8×8 digits; for a user's file the copied rows are at most the set's
// own, data.MaxSetBytes, beside the 8 MB Gram matrix). (Runner's [experiment.Trace] keeps every step,
// 61–69 bytes per step per learner: right for the papers' experiments,
// whose streams are a data set's length, not for a 16-million-row file.)
//
// Like [Sim] it never panics on user input: a learner panic or divergence
// becomes Err and stops every learner at that example.
type Digits struct {
	cfg    state.Config
	seq    *data.Sequence
	cs     []experiment.Contender
	lcs    []state.Config // the configured learners' settings (configured), nil for a figure
	models []learn.KernelModel
	task   string
	names  []string // class names (rows/columns of the confusion matrix)
	title  string
	lanes  []lane
	t      int // examples learned (drawn from the stream or taught)
	drawn  int // examples drawn from the stream
	done   bool
	err    error
	// teach holds the taught drawings still to learn (state.EventTeach,
	// in step order; teach.go), last whether example t was one of them
	// and lastRow the data row it came from otherwise.
	teach   []state.Event
	last    *state.Event
	lastRow int
}

// lane is one learner's record.
type lane struct {
	steps, mistakes int
	conf            []int // K·K counts, row = truth, column = prediction
	avg, eta, win   History
	window          *ErrorWindow // the mistakes among the last cfg.Window steps
	last            learn.Step   // the last step learned
	lastY           float64      // its label
	cells           cells        // the newest examples per confusion cell (digits_cells.go)
	reg             regretRun    // the comparison with hindsight on a binary task (digits_regret.go)
}

// NewDigits builds the digits run of cfg (Mode state.ModeDigits) over set,
// the loaded data: for the shipped digit sets the whole set as
// data.Digits.Set gives it (class labels 0..9); for state.DataFile the
// user's file as read (labels as written; two distinct labels make a binary
// task, more a multiclass one). With a Figure, the papers' experiment of
// core/experiment runs instead, with its own learners and settings.
// Errors (a stream the set cannot serve, settings a learner rejects) are
// for the page to show.
func NewDigits(cfg state.Config, set *data.Set) (*Digits, error) {
	if set == nil || set.Len() == 0 {
		return nil, errors.New("no data loaded")
	}
	d := &Digits{cfg: cfg}
	var cs []experiment.Contender
	var err error
	if f, ok := state.FigureByName(cfg.Figure); ok {
		cs, err = d.figure(f.Name, set)
	} else {
		cs, err = d.configured(set)
	}
	if err != nil {
		return nil, err
	}
	k := len(d.names)
	for i, c := range cs {
		if c.Learner == nil {
			return nil, fmt.Errorf("contender %q has no learner", c.Name)
		}
		m, _ := c.Learner.(learn.KernelModel)
		d.models = append(d.models, m)
		lc := cfg
		lc.Learner = "" // a figure's learner: its settings are its own
		if i < len(d.lcs) {
			lc = d.lcs[i]
		}
		d.lanes = append(d.lanes, lane{conf: make([]int, k*k), window: NewErrorWindow(max(1, cfg.Window)),
			cells: cells{k: k, kept: make([][]CellExample, k*k)},
			reg:   digitsRegret(c.Learner, lc, d.task, set.Dim)})
	}
	d.cs = cs
	for _, e := range cfg.Events {
		if e.Kind != state.EventTeach {
			continue
		}
		if _, err := e.Apply(cfg); err != nil {
			return nil, err
		}
		d.teach = append(d.teach, e)
	}
	return d, nil
}

// figure builds the experiment's stream and contenders.
func (d *Digits) figure(name string, set *data.Set) ([]experiment.Contender, error) {
	for _, s := range experiment.Setups() {
		if s.Name != name {
			continue
		}
		seq, cs, err := s.Build(set, d.cfg.Seed)
		if err != nil {
			return nil, err
		}
		d.seq, d.title = seq, s.Title
		d.task = state.DigitsTask(d.cfg)
		d.names = classNames(d.task, figureStream(name), nil)
		for i := range cs {
			cs[i].Name = decaySymbol(cs[i].Name)
		}
		return cs, nil
	}
	return nil, fmt.Errorf("unknown paper figure %q", name)
}

// decaySymbol renames the trace decay in a JMLR figure's contender name
// ("SVMD λ=0.95", JMLR's letter) to the page's ρ ("SVMD ρ=0.95"): on the
// page λ is the regularizer.
func decaySymbol(name string) string {
	return strings.Replace(name, "SVMD λ=", "SVMD ρ=", 1)
}

func figureStream(name string) string {
	f, _ := state.FigureByName(name)
	return f.Stream
}

// configured builds the stream of cfg.Stream (or the user's file) and the
// learner cfg.Learner, plus cfg.Compare.
func (d *Digits) configured(set *data.Set) ([]experiment.Contender, error) {
	cfg := d.cfg
	var values []float64 // a file's original labels, per class
	switch {
	case cfg.Data == state.DataFile:
		var err error
		set, values, d.task, err = fileTask(set)
		if err != nil {
			return nil, err
		}
		d.seq = data.Shuffled(set, cfg.Seed)
		d.title = "your file: " + set.Name
	default:
		if set.Classes < 2 {
			return nil, errors.New("the digit set has no class labels")
		}
		d.task = state.DigitsTask(cfg)
		var err error
		d.seq, err = digitStream(cfg.Stream, set, cfg.Seed)
		if err != nil {
			return nil, err
		}
	}
	d.names = classNames(d.task, cfg.Stream, values)
	if set.ClassNames != nil && len(set.ClassNames) == len(d.names) {
		// A file's text labels name its classes (data.ReadCSV), clipped
		// for the confusion matrix's headers.
		for i, n := range set.ClassNames {
			d.names[i] = clipName(n)
		}
	}
	lc := cfg
	lc.Task = d.task
	lc.Classes = max(1, set.Classes)
	if d.task == state.TaskNovelty {
		if lc.Nu == 0 {
			return nil, errors.New("novelty detection needs the ν-trick: set ν above 0 (0.05 is the papers' choice)")
		}
		if lc.Learner == state.LearnerPerceptron || lc.Compare == state.LearnerPerceptron {
			return nil, errors.New("the kernel perceptron cannot do novelty detection: choose SVMD or NORMA")
		}
	}
	if d.task == state.TaskNovelty && cfg.Comparing() && cfg.Second.Nu == 0 {
		return nil, errors.New("novelty detection needs the ν-trick: set the second learner's ν above 0")
	}
	var cs []experiment.Contender
	for i, name := range []string{cfg.Learner, cfg.Compare} {
		if name == state.CompareNone || name == "" {
			continue
		}
		lc := lc
		if i == 1 {
			// The second learner with its own settings (state.Config.Second).
			lc = cfg.SecondConfig()
			lc.Task, lc.Classes = d.task, max(1, set.Classes)
		}
		l, err := Learner(lc, set.Dim)
		if err != nil {
			return nil, err
		}
		cs = append(cs, experiment.Contender{Name: LearnerName(lc), Learner: l})
		d.lcs = append(d.lcs, lc)
	}
	if len(cs) == 2 {
		cs[0].Name, cs[1].Name = PairNames(cfg)
	}
	return cs, nil
}

// PairNames names the two learners of a comparison (cfg.Comparing) for
// legends: their [LearnerName]s, and where those are equal the first
// setting in which they differ (σ, λ, η₀, μ, ω, ν), e.g. "SVMD ρ=0.95
// σ=0.15" and "SVMD ρ=0.95 σ=0.4"; " (2)" is added to the second when
// they differ in nothing shown.
func PairNames(cfg state.Config) (first, second string) {
	a, b := cfg, cfg.SecondConfig()
	first, second = LearnerName(a), LearnerName(b)
	if first != second {
		return first, second
	}
	for _, d := range []struct {
		sym  string
		x, y float64
	}{{"σ", a.Sigma, b.Sigma}, {"λ", a.Lambda, b.Lambda}, {"η₀", a.Eta0, b.Eta0}, {"μ", a.Mu, b.Mu},
		{"ω", float64(a.BufferSize), float64(b.BufferSize)}, {"ν", a.Nu, b.Nu}} {
		if d.x != d.y {
			return first + " " + d.sym + "=" + state.Format(d.x), second + " " + d.sym + "=" + state.Format(d.y)
		}
	}
	return first, second + " (2)"
}

// LearnerName is how the page names cfg's learner in legends: "SVMD ρ=0.99",
// "SVMD ρ=0", "NORMA τ=100", "perceptron". The trace decay (Decay) is ρ,
// the conference paper's letter and its slider's: JMLR calls it λ, but on
// this page λ is the regularizer (JMLR's c), so the JMLR figures' legends
// are renamed too (see [decaySymbol]).
func LearnerName(cfg state.Config) string {
	switch cfg.Learner {
	case state.LearnerSVMD:
		return "SVMD ρ=" + state.Format(cfg.Decay)
	case state.LearnerSVMD0:
		return "SVMD ρ=0"
	case state.LearnerNORMA:
		return "NORMA τ=" + state.Format(cfg.Tau)
	case state.LearnerPerceptron:
		return "perceptron"
	}
	return cfg.Learner
}

// digitStream builds the stream named by a state.Stream* value over a digit
// set with class labels 0..9.
func digitStream(name string, set *data.Set, seed uint64) (*data.Sequence, error) {
	switch name {
	case state.StreamMulticlass:
		return data.Multiclass(set, seed), nil
	case state.StreamSplit:
		return data.ClassSplit(set, seed), nil
	case state.StreamSwitch:
		q, err := data.Switch(set, seed, 0)
		if err == nil || set.Classes < 4 {
			return q, err
		}
		// A small set (the 8×8 digits have about 180 of each) cannot serve
		// the paper's 1,000 examples: shorten the stream to what it has.
		cnt := set.ClassCounts()
		n := 4 * min(cnt[0], cnt[1], cnt[2], cnt[3])
		return data.Switch(set, seed, n)
	case state.StreamCounting:
		return data.Counting(set, seed, 0)
	case state.StreamNovelty:
		return data.Novelty(set, seed, 0, 0)
	}
	return nil, fmt.Errorf("unknown stream %q", name)
}

// fileTask converts a user's set for learning: two distinct labels →
// binary (±1), 3 to 1000 → multiclass (class indices); it returns the
// original label of each class.
func fileTask(set *data.Set) (*data.Set, []float64, string, error) {
	if b, err := set.ToBinary(); err == nil {
		vals := distinctLabels(set.Y)
		if len(vals) == 1 { // labels all −1 or all +1
			vals = []float64{-1, 1}
		}
		b.Classes = 0
		return b, vals, state.TaskBinary, nil
	}
	m, vals, err := set.ToClasses()
	if err != nil {
		return nil, nil, "", err
	}
	return m, vals, state.TaskMulticlass, nil
}

func distinctLabels(y []float64) []float64 {
	var lo, hi = math.Inf(1), math.Inf(-1)
	for _, v := range y {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	if lo == hi {
		return []float64{lo}
	}
	return []float64{lo, hi}
}

// clipName shortens a class name from a user's file to at most 16
// characters (an ellipsis ends a clipped one).
func clipName(n string) string {
	if r := []rune(n); len(r) > 16 {
		return string(r[:15]) + "…"
	}
	return n
}

// classNames names the rows and columns of the confusion matrix.
func classNames(task, stream string, values []float64) []string {
	switch {
	case values != nil:
		out := make([]string, len(values))
		for i, v := range values {
			out[i] = strconv.FormatFloat(v, 'g', 4, 64)
		}
		return out
	case task == state.TaskNovelty:
		return []string{"normal", "novel"}
	case task == state.TaskBinary && stream == state.StreamSwitch:
		return []string{"0 / 2", "1 / 3"}
	case task == state.TaskBinary:
		return []string{"0–4", "5–9"}
	}
	out := make([]string, 10)
	for i := range out {
		out[i] = strconv.Itoa(i)
	}
	return out
}

// Step advances every learner by up to n examples of the stream (fewer at
// its end) and returns how many it ran. After an error it does nothing.
func (d *Digits) Step(n int) (ran int) {
	if d.err != nil || n <= 0 {
		return 0
	}
	defer func() {
		if r := recover(); r != nil {
			d.err = fmt.Errorf("a learner failed at example %d: %v", d.t+1, r)
		}
	}()
	for ; ran < n && !d.done; ran++ {
		e, ok := d.taught()
		if !ok {
			e, ok = d.seq.Next()
			if !ok {
				d.done = true
				break
			}
			d.lastRow = d.seq.Row(d.drawn)
			d.drawn++
		}
		o := Origin{Row: d.lastRow}
		if d.last != nil {
			o = Origin{Row: -1, Drawing: d.last.Drawing}
		}
		for i, c := range d.cs {
			d.lanes[i].cells.beforeStep(d.models[i])
			reg := &d.lanes[i].reg
			norm2 := 0.0
			if reg.mon != nil {
				norm2 = reg.norm2() // ‖f_t‖², before Learn (NORMA eq. 3)
			}
			st := c.Learner.Learn(e.X, e.Y)
			reg.observe(e.X, e.Y, st, norm2)
			d.record(i, st, e.Y)
			if !st.Diverged {
				truth, pred := d.cell(e.Y, st)
				d.lanes[i].cells.afterStep(c.Learner, d.t+1, o, truth, pred)
			}
			if st.Diverged && d.err == nil {
				d.err = d.stopped(i, e, st)
			}
		}
		d.t++
		if d.err != nil {
			return ran + 1
		}
	}
	if d.drawn >= d.seq.Len() && !d.teachNow() {
		d.done = true
		for i := range d.lanes {
			if m := d.lanes[i].reg.mon; m != nil {
				m.Comparator().Mark() // the stream's end is a checkpoint
			}
		}
	}
	return ran
}

// stopped says why learner i diverged on example e (the (t+1)-th): the
// data when the example or its kernel value is beyond what the kernels
// represent, otherwise the step sizes.
func (d *Digits) stopped(i int, e data.Example, st learn.Step) error {
	var k kernel.Kernel
	if m := d.models[i]; m != nil {
		k = m.Expansion().Kernel()
	}
	where := fmt.Sprintf("example %d (row %d of the data)", d.t+1, d.lastRow+1)
	if d.last != nil {
		where = fmt.Sprintf("example %d (a taught drawing)", d.t+1)
	}
	if err := DataCause(where, e.X, e.Y, k); err != nil {
		return err
	}
	return fmt.Errorf("%s diverged at example %d (η = %.3g; a coefficient became infinite or NaN): lower η₀, μ or λ, then reset",
		d.cs[i].Name, d.t+1, st.Eta)
}

// record adds learner i's step on an example with label y to its counts,
// confusion matrix and histories.
func (d *Digits) record(i int, st learn.Step, y float64) {
	l := &d.lanes[i]
	l.steps++
	if st.Mistake {
		l.mistakes++
	}
	l.last, l.lastY = st, y
	l.avg.Add(float64(l.mistakes) / float64(l.steps))
	l.window.Add(st.Mistake)
	l.win.Add(l.window.Rate())
	l.eta.Add(st.Eta)
	k := len(d.names)
	truth, pred := d.cell(y, st)
	if truth >= 0 && truth < k && pred >= 0 && pred < k {
		l.conf[truth*k+pred]++
	}
}

// cell returns the confusion-matrix row (truth) and column (prediction) of
// a step on an example with label y.
func (d *Digits) cell(y float64, st learn.Step) (truth, pred int) {
	switch d.task {
	case state.TaskNovelty:
		// Labels +1 normal, −1 novel; a mistake is "flagged as novel".
		truth = 0
		if y < 0 {
			truth = 1
		}
		if st.Mistake {
			return truth, 1
		}
		return truth, 0
	case state.TaskBinary:
		truth, pred = 0, 0
		if y > 0 {
			truth = 1
		}
		if st.Prediction > 0 {
			pred = 1
		}
		return truth, pred
	}
	return int(y), int(st.Prediction)
}

// SwitchAt returns, on the 0/1 → 2/3 stream (data.Switch, conference
// Figs. 1–2), the last step of the first task, ⌊N/2⌋, and 0 on other
// streams.
func (d *Digits) SwitchAt() int {
	stream := d.cfg.Stream
	if f, ok := state.FigureByName(d.cfg.Figure); ok {
		stream = f.Stream
	}
	if stream != state.StreamSwitch {
		return 0
	}
	return d.N() / 2
}

// Config returns the configuration the run was built from.
func (d *Digits) Config() state.Config { return d.cfg }

// Err returns why the run stopped, or nil.
func (d *Digits) Err() error { return d.err }

// T returns the number of examples drawn so far.
func (d *Digits) T() int { return d.t }

// N returns the length of the stream.
func (d *Digits) N() int { return d.seq.Len() }

// Done reports whether the stream is exhausted.
func (d *Digits) Done() bool { return d.done }

// Task returns the task learned (state.Task* value).
func (d *Digits) Task() string { return d.task }

// Title returns the paper figure's title, or the file's name, or "".
func (d *Digits) Title() string { return d.title }

// ClassNames returns the names of the confusion matrix's classes.
func (d *Digits) ClassNames() []string { return d.names }

// Stream returns the stream (to find the image of step t: Sequence.Row).
func (d *Digits) Stream() *data.Sequence { return d.seq }

// Learners returns the number of learners.
func (d *Digits) Learners() int { return len(d.models) }

// Name returns learner i's name, as legends show it.
func (d *Digits) Name(i int) string { return d.cs[i].Name }

// Mistakes returns learner i's exact number of mistakes so far.
func (d *Digits) Mistakes(i int) int { return d.lanes[i].mistakes }

// AverageError returns learner i's exact running average online error,
// mistakes/steps (the last point of JMLR Figs. 3, 4, 6, 7), or NaN before
// its first step.
func (d *Digits) AverageError(i int) float64 {
	l := &d.lanes[i]
	if l.steps == 0 {
		return math.NaN()
	}
	return float64(l.mistakes) / float64(l.steps)
}

// AvgError returns learner i's history of the running average online error
// after each step (value at step t: mistakes among the first t, divided by
// t): the curves of JMLR Figs. 3, 4, 6, 7, bounded (see [History]). Read
// only.
func (d *Digits) AvgError(i int) *History { return &d.lanes[i].avg }

// Eta returns learner i's history of the step size η_t, bounded (see
// [History]). Read only.
func (d *Digits) Eta(i int) *History { return &d.lanes[i].eta }

// WinError returns learner i's bounded history of the windowed online
// error: the mistakes among its last N = Config().Window predictions,
// divided by min(t, N) ([ErrorWindow]).
func (d *Digits) WinError(i int) *History { return &d.lanes[i].win }

// Confusion returns learner i's confusion matrix, K·K counts row-major, row
// = true class, column = predicted class (novelty: normal/novel as flagged).
// Read only.
func (d *Digits) Confusion(i int) []int { return d.lanes[i].conf }

// Model returns learner i as a kernel model (nil if it is not one).
func (d *Digits) Model(i int) learn.KernelModel { return d.models[i] }

// Last describes the most recent example and each learner's verdict.
type DigitsLast struct {
	// T is the 1-based example index (0: nothing yet).
	T int
	// Row is the row of the data set the example came from, −1 for a
	// taught drawing.
	Row int
	// Drawing is the taught drawing's levels (state.Event.Drawing) when
	// the example was one, "" otherwise.
	Drawing string
	// Truth is the true class index (see ClassNames).
	Truth int
	// Pred and Mistake are each learner's prediction (class index) and
	// whether it was wrong, made before it learned the example.
	Pred    []int
	Mistake []bool
}

// Last returns the most recent example and the learners' verdicts on it.
func (d *Digits) Last() DigitsLast {
	t := d.t
	if t == 0 {
		return DigitsLast{}
	}
	l := DigitsLast{T: t, Row: d.lastRow}
	if d.last != nil {
		l.Row, l.Drawing = -1, d.last.Drawing
	}
	for i := range d.lanes {
		ln := &d.lanes[i]
		if ln.steps < t {
			l.Pred = append(l.Pred, -1)
			l.Mistake = append(l.Mistake, false)
			continue
		}
		truth, pred := d.cell(ln.lastY, ln.last)
		l.Truth = truth
		l.Pred = append(l.Pred, pred)
		l.Mistake = append(l.Mistake, ln.last.Mistake)
	}
	return l
}
