package experiment

import (
	"fmt"
	"io"
	"math"
	"text/tabwriter"
)

// Summary is one row of a comparison table: a trace condensed to the numbers
// the papers quote.
type Summary struct {
	Name     string // the contender's name
	Steps    int    // examples learnt
	Mistakes int    // online mistakes (Step.Mistake) over the Steps
	// AverageError is mistakes/steps over the whole run (JMLR §6).
	AverageError float64
	// FirstHalf and SecondHalf are the error rates over the first and second
	// half of the steps (the conference paper's switch happens at the half).
	FirstHalf, SecondHalf float64
	// MeanEta is the mean step size, FinalEta the last one.
	MeanEta, FinalEta float64
	// Buffer is the final number of expansion terms, Margin the final margin.
	Buffer int
	Margin float64
	// Diverged is the step at which the learner diverged, or −1.
	Diverged int
}

// Summarize condenses a trace. Values of an empty trace are NaN or 0.
func Summarize(tr *Trace) Summary {
	n := tr.Len()
	s := Summary{Name: tr.Name, Steps: n, Mistakes: tr.Mistakes(), AverageError: tr.AverageError(),
		FirstHalf: tr.ErrorOver(0, n/2), SecondHalf: tr.ErrorOver(n/2, n),
		MeanEta: tr.MeanEta(0, n), FinalEta: math.NaN(), Margin: math.NaN(), Diverged: tr.Diverged}
	if n > 0 {
		s.FinalEta, s.Buffer, s.Margin = tr.Eta[n-1], tr.BufferSize[n-1], tr.Margin[n-1]
	}
	return s
}

// WriteTable prints one aligned row per trace (text/tabwriter): name, steps,
// mistakes, average online error (in %), the error over each half, mean and
// final η, final buffer size and margin, and the divergence step if any. It
// returns w's error.
func WriteTable(w io.Writer, traces ...*Trace) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "learner\tsteps\tmistakes\terror %\t1st half %\t2nd half %\tmean η\tfinal η\tbuffer\tmargin\tdiverged\t")
	for _, tr := range traces {
		s := Summarize(tr)
		div := "–"
		if s.Diverged >= 0 {
			div = fmt.Sprint(s.Diverged)
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.2f\t%.2f\t%.2f\t%.4g\t%.4g\t%d\t%.4g\t%s\t\n", s.Name, s.Steps, s.Mistakes,
			100*s.AverageError, 100*s.FirstHalf, 100*s.SecondHalf, s.MeanEta, s.FinalEta, s.Buffer, s.Margin, div)
	}
	return tw.Flush()
}
