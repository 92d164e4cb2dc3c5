package sim

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"kernelplay/core/learn"
	"kernelplay/ui/state"
)

// Exports of a run for “Take it home”: its chart series as CSV, and what
// must be stored beside a model file (core/learn.MarshalModel) to continue
// the run where it stopped.

// traceColumn is one series of a traces CSV: its header and its points.
type traceColumn struct {
	name string
	s    Series
}

// Trace CSV headers: the series' names with their units.
const (
	headT = "t (step)"
	// headTKept heads the t column of the 2D traces, whose rows are the
	// steps some series kept (see WriteTraces).
	headTKept    = "t (step; a row per step that some series kept; an empty cell: that series kept its bucket's minimum and maximum at other steps)"
	headEta      = "eta (step size η_t, dimensionless)"
	headAvgError = "average error (fraction of the first t predictions wrong)"
	headLoss     = "loss (l(x_t, y_t, f_t) before the update)"
	headBuffer   = "stored terms (count, ≤ ω)"
	headPlanes   = "hyperplanes (count of AMM's weight vectors w_j, all classes)"
	headWindow   = "examples in the window (count, ≤ ω)"
	headMargin   = "margin (ε or ρ after the update, input-score units)"
	headAbsError = "mean absolute error (target units, first t predictions)"
	headRESObj   = "RES objective (λ/2‖w‖² + mean loss on the evaluation sample)"
	headSGDObj   = "SGD objective (λ/2‖w‖² + mean loss on the evaluation sample)"
	// The comparison with hindsight (core/regret), at its solved
	// checkpoints.
	headOnline    = "online sum (Σ R_stoch[f_t, t], NORMA eq. 3, each before the update)"
	headHindsight = "hindsight sum (J_m(g*): best fixed predictor of the learner's objective; under NORMA Theorem 1 the best with ‖g‖ ≤ B)"
	headRegret    = "regret (online − hindsight)"
	headBound     = "regret bound (the theorem's bound on the online sum − hindsight; empty where none applies)"
	headExact     = "exact (1: g* solved on the prefix; 0: g* frozen at 1,000 examples, regret a lower bound)"
	// The windowed series' headers take N (Config.Window).
	headWinError = "error over the last %d steps (fraction of those predictions wrong)"
	headWinAbs   = "mean absolute error over the last %d steps (target units)"
)

// WriteTraces writes the chart series tr as CSV: a header naming each
// series with its unit, then one row per step t that at least one series
// kept, in increasing t, with each series' value at t or an empty cell
// where that series did not keep t. The charts' histories are bounded
// (see [MaxBuckets]): each series keeps, per bucket of steps, the steps of
// its minimum and its maximum, so a row is a kept point of the decimated
// history, not every step, and the series' extremes fall on different
// steps — hence the empty cells, which the t column's header explains
// (filling them would invent values the run never had at those steps); a
// run of t ≤ MaxBuckets steps keeps every step of every series (one full
// row per step). Series are included when they mean something for the
// task: AbsError only for regression, and for regression not the average
// error (a "mistake" there is a residual outside the ε-tube, which reads 1
// on every step without one); the windowed error over the last window
// steps (tr.WinError; for regression its mean absolute error) follows the
// others when kept; objective adds RES' and SGD's objective columns of the
// RES-vs-SGD preset when non-nil ([Sim.Objective]). Numbers are written in
// the shortest form that reads back exactly (strconv 'g', −1). It returns
// w's errors.
func WriteTraces(w io.Writer, tr Traces, window int, objective *[2]Series) error {
	return writeColumns(w, traceColumns(tr, window, objective, nil, ""))
}

// storedHeader is the traces' header of the stored count of learner l
// (learn.Step.BufferSize), named for what it counts: AMM's hyperplanes,
// DCD's window of examples, the expansion's terms; "" for a linear model,
// which keeps only w (its column would read 0 on every row). nil is a
// kernel expansion.
func storedHeader(l learn.Learner) string {
	switch l.(type) {
	case *learn.AMM, *learn.BinaryAMM:
		return headPlanes
	case *learn.DCDOnline:
		return headWindow
	case *learn.Pegasos, *learn.RES, *learn.SGD:
		return ""
	}
	return headBuffer
}

// traceColumns are WriteTraces' columns for learner l (nil: a kernel
// expansion), each header prefixed by prefix.
func traceColumns(tr Traces, window int, objective *[2]Series, l learn.Learner, prefix string) []traceColumn {
	win := fmt.Sprintf(headWinError, window)
	regression := len(tr.AbsError.T) > 0
	if regression {
		win = fmt.Sprintf(headWinAbs, window)
	}
	stored := storedHeader(l)
	cols := []traceColumn{{headEta, tr.Eta}, {headAvgError, tr.AvgError}, {headLoss, tr.Loss},
		{stored, tr.Buffer}, {headMargin, tr.Margin}, {headAbsError, tr.AbsError}, {win, tr.WinError}}
	if objective != nil {
		cols = append(cols, traceColumn{headRESObj, objective[0]}, traceColumn{headSGDObj, objective[1]})
	}
	cols = slices.DeleteFunc(cols, func(c traceColumn) bool {
		return len(c.s.T) == 0 && (c.name == headAbsError || c.name == win) ||
			regression && c.name == headAvgError || c.name == ""
	})
	for i := range cols {
		cols[i].name = prefix + cols[i].name
	}
	return cols
}

// WriteCompareTraces writes the chart series of a 2D comparison as CSV:
// the columns of [WriteTraces] for the first learner a, then for the
// second b, each header prefixed with the learner's name ([PairNames]),
// one row per step either kept. a and b must be the two runs of one
// comparison (b built by [NewSecond] from a's Config). It returns w's
// errors.
func WriteCompareTraces(w io.Writer, a, b *Sim) error {
	na, nb := PairNames(a.Config())
	cols := traceColumns(a.Traces(), a.Config().Window, nil, a.learner, na+": ")
	cols = append(cols, a.regretColumns(na+": ")...)
	cols = append(cols, traceColumns(b.Traces(), b.Config().Window, nil, b.learner, nb+": ")...)
	cols = append(cols, b.regretColumns(nb+": ")...)
	return writeColumns(w, cols)
}

// regretColumns are the run's comparison with hindsight at its solved
// checkpoints (at step RegretStart + m): the online and hindsight sums,
// the regret, the bound on it ([Sim.RegretBound]: its value minus the
// hindsight sum, where it applies) and whether g* is exact (1) or frozen
// (0: the regret is a lower bound). None without a comparison.
func (s *Sim) regretColumns(prefix string) []traceColumn {
	mon, _ := s.Regret()
	if mon == nil {
		return nil
	}
	var on, hs, rg, bd, ex Series
	for _, p := range mon.Current().Points {
		t := float64(s.RegretStart() + p.M)
		on.T, on.V = append(on.T, t), append(on.V, p.Online)
		hs.T, hs.V = append(hs.T, t), append(hs.V, p.Hindsight)
		rg.T, rg.V = append(rg.T, t), append(rg.V, p.Regret)
		if b := s.RegretBound(p); b.Applies {
			bd.T, bd.V = append(bd.T, t), append(bd.V, b.Value-p.Hindsight)
		}
		e := 0.0
		if p.Exact {
			e = 1
		}
		ex.T, ex.V = append(ex.T, t), append(ex.V, e)
	}
	return []traceColumn{{prefix + headOnline, on}, {prefix + headHindsight, hs}, {prefix + headRegret, rg},
		{prefix + headBound, bd}, {prefix + headExact, ex}}
}

// writeColumns writes the union of the columns' steps as rows (see
// [WriteTraces]).
func writeColumns(w io.Writer, cols []traceColumn) error {
	bw := bufio.NewWriter(w)
	head := make([]string, 0, len(cols)+1)
	head = append(head, csvField(headTKept))
	for _, c := range cols {
		head = append(head, csvField(c.name))
	}
	bw.WriteString(strings.Join(head, ",") + "\n")
	pos := make([]int, len(cols)) // next point of each column
	var buf []byte
	for {
		// The next row is the smallest step any column has not written yet.
		t := math.Inf(1)
		for i, c := range cols {
			if pos[i] < len(c.s.T) {
				t = math.Min(t, c.s.T[pos[i]])
			}
		}
		if math.IsInf(t, 1) {
			break
		}
		buf = strconv.AppendFloat(buf[:0], t, 'g', -1, 64)
		for i, c := range cols {
			buf = append(buf, ',')
			if pos[i] < len(c.s.T) && c.s.T[pos[i]] == t {
				buf = strconv.AppendFloat(buf, c.s.V[pos[i]], 'g', -1, 64)
				pos[i]++
			}
		}
		buf = append(buf, '\n')
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// csvField quotes a header field holding a comma or a quote (RFC 4180).
func csvField(s string) string {
	if strings.ContainsAny(s, ",\"\n") {
		return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
	}
	return s
}

// WriteTraces writes the run's chart series as CSV ([WriteTraces], with
// the objectives of the RES-vs-SGD preset and the stored count named for
// the run's learner: stored terms, AMM's hyperplanes, DCD's window, none
// for a linear model), then the comparison with hindsight at the
// checkpoints solved so far (regretColumns: online and hindsight sums,
// regret, bound, exact flag), where the run has one.
func (s *Sim) WriteTraces(w io.Writer) error {
	var obj *[2]Series
	if res, sgd, ok := s.Objective(); ok {
		obj = &[2]Series{res, sgd}
	}
	return writeColumns(w, append(traceColumns(s.Traces(), s.cfg.Window, obj, s.learner, ""), s.regretColumns("")...))
}

// WriteTraces writes the digits run's series as CSV: a header, then one
// row per bucket of the learners' histories ([History]; every learner
// learns every example, so their buckets cover the same steps), holding
// its last step t and, per learner i in Compare order, the running average
// error, η_t and the error over the last N = Config().Window steps at that
// step, under the headers "<name>: average error (fraction…)", "<name>: eta
// (…)" and "<name>: error over the last N steps (…)". A run of t ≤
// [HistoryBuckets] steps has one row per step; a longer one a row every
// width steps (the history's decimation). It returns w's errors.
func (d *Digits) WriteTraces(w io.Writer) error {
	bw := bufio.NewWriter(w)
	n := d.Learners()
	head := []string{headT}
	avg, eta, win := make([][]Bucket, n), make([][]Bucket, n), make([][]Bucket, n)
	for i := range n {
		head = append(head, csvField(d.Name(i)+": average error (fraction of the first t predictions wrong)"),
			csvField(d.Name(i)+": eta (step size η_t, dimensionless)"),
			csvField(d.Name(i)+": "+fmt.Sprintf(headWinError, d.Config().Window)))
		avg[i], eta[i], win[i] = d.AvgError(i).Buckets(nil), d.Eta(i).Buckets(nil), d.WinError(i).Buckets(nil)
	}
	bw.WriteString(strings.Join(head, ",") + "\n")
	rows := 0
	if n > 0 {
		rows = len(avg[0])
	}
	var buf []byte
	for r := range rows {
		t := avg[0][r].Last
		buf = strconv.AppendInt(buf[:0], int64(t), 10)
		for i := range n {
			if r >= len(avg[i]) || r >= len(eta[i]) || r >= len(win[i]) || avg[i][r].Last != t || eta[i][r].Last != t || win[i][r].Last != t {
				return fmt.Errorf("sim: digits traces: learner %d's history does not cover step %d", i, t)
			}
			buf = append(buf, ',')
			buf = strconv.AppendFloat(buf, avg[i][r].LastV, 'g', -1, 64)
			buf = append(buf, ',')
			buf = strconv.AppendFloat(buf, eta[i][r].LastV, 'g', -1, 64)
			buf = append(buf, ',')
			buf = strconv.AppendFloat(buf, win[i][r].LastV, 'g', -1, 64)
		}
		buf = append(buf, '\n')
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// Position is what the page stores beside a model file to continue a 2D
// run: the model file holds the learner, the page's Config (its link)
// holds the stream's seed and the clicked points, and Position the rest —
// how many examples the stream has served (the stream's position: the
// seeded generator or permutation is replayed that far) and the counts
// behind the running errors.
type Position struct {
	// T is the number of examples drawn and learned.
	T int `json:"t"`
	// Mistakes counts the mistakes among them (learn.Step.Mistake).
	Mistakes int `json:"mistakes"`
	// AbsErrorSum is Σ |y_s − f_s(x_s)| over them (regression; 0 otherwise).
	AbsErrorSum float64 `json:"abs_error_sum"`
}

// Position returns the run's position (see [Position]).
func (s *Sim) Position() Position {
	return Position{T: s.t, Mistakes: s.mistakes, AbsErrorSum: s.absErr}
}

// MaxResume bounds Position.T for [Resume] (2^26 examples, a few seconds of
// replaying the stream).
const MaxResume = 1 << 26

// Resume rebuilds the 2D run of cfg at position p with the learner l (read
// from a model file saved at p, core/learn.UnmarshalModel): the stream is
// replayed p.T examples without learning, so that the next Step draws and
// learns exactly what the saved run's next Step would have, bit for bit.
// The charts' histories start empty at p.T (they are not in the files);
// the running average errors continue from p's counts.
//
// Resume replays the whole stream at once (up to [MaxResume] examples, a
// few seconds): a page calls [StartResume] and advances the [Resumer] a
// slice per frame instead. The errors are StartResume's and
// [Resumer.Finish]'s.
func Resume(cfg state.Config, l learn.Learner, p Position) (*Sim, error) {
	r, err := StartResume(cfg, l, p)
	if err != nil {
		return nil, err
	}
	r.Advance(p.T)
	return r.Finish()
}

// ResumeSecond is [Resume] for the second learner of a 2D comparison: the
// run of [NewSecond](cfg) at position p (the second learner's own
// mistakes and errors) with the learner l, read from the second model of
// a comparison's run file. It returns Resume's errors, and an error when
// cfg compares nothing.
func ResumeSecond(cfg state.Config, l learn.Learner, p Position) (*Sim, error) {
	r, err := StartResumeSecond(cfg, l, p)
	if err != nil {
		return nil, err
	}
	r.Advance(p.T)
	return r.Finish()
}

// sameShape returns an error unless l could replace want: the same type,
// task and number of scores, and the input dimension of the task (2, or 1
// for regression). The error names the learners as the page does
// ([KindName]), not by their Go types.
func sameShape(want, l learn.Learner, task learn.Task) (err error) {
	if l == nil || reflect.TypeOf(l) != reflect.TypeOf(want) || l.Task() != want.Task() || l.NumScores() != want.NumScores() {
		return fmt.Errorf("resume: the model is %s; these settings run %s", shapeOf(l), shapeOf(want))
	}
	dim := 2
	if task == learn.Regression {
		dim = 1
	}
	defer func() {
		if recover() != nil {
			err = fmt.Errorf("resume: the model is not for inputs of dimension %d", dim)
		}
	}()
	l.Scores(make([]float64, l.NumScores()), make([]float64, dim))
	return nil
}

// shapeOf describes l for sameShape's error: "NORMA for binary
// classification (1 score)", "nothing" for nil.
func shapeOf(l learn.Learner) string {
	if l == nil {
		return "nothing"
	}
	scores := "1 score"
	if n := l.NumScores(); n != 1 {
		scores = strconv.Itoa(n) + " scores"
	}
	return KindName(l) + " for " + taskName(l.Task()) + " (" + scores + ")"
}

// KindName is the page's name of learner l's algorithm ("SVMD", "NORMA",
// "kernel Pegasos", "AMM" …), as the Learner menu says it; a learner the
// page does not build is "another learner".
func KindName(l learn.Learner) string {
	switch l.(type) {
	case *learn.SVMD:
		return "SVMD"
	case *learn.NORMA:
		return "NORMA"
	case *learn.KernelPegasos:
		return "kernel Pegasos"
	case *learn.Pegasos:
		return "Pegasos"
	case *learn.SGD:
		return "SGD"
	case *learn.RES:
		return "RES"
	case *learn.DCDOnline:
		return "DCD"
	case *learn.AMM, *learn.BinaryAMM:
		return "AMM"
	}
	return "another learner"
}

// taskName is the task as the page's Task menu says it.
func taskName(t learn.Task) string {
	switch t {
	case learn.Binary:
		return "binary classification"
	case learn.Multiclass:
		return "multiclass classification"
	case learn.Regression:
		return "regression"
	case learn.Novelty:
		return "novelty detection"
	}
	return t.String()
}
