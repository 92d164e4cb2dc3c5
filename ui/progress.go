package ui

import (
	"strconv"

	"kernelplay/ui/sim"
)

// digitsProgress is the digits view's progress line as text: t of N, the
// bar's width, the learning rate and time per step, and the run's phase.
type digitsProgress struct {
	T, N  int
	Pct   float64 // the bar's fill, 0–100
	Count string  // "t / N"
	Rate  string  // examples learned per second, "–" before any
	MS    string  // learning time per example in ms, "–" before any
	Phase string  // "running", "paused", "done" or "stopped"
}

// progressOf is run's progress line, given the measured examples per
// second (sps) and ms per example (perStep), and whether the page plays.
func progressOf(run *sim.Digits, sps, perStep float64, playing bool) digitsProgress {
	p := digitsProgress{T: run.T(), N: run.N(), Rate: "–", MS: "–", Phase: "paused"}
	if p.N > 0 {
		p.Pct = 100 * float64(p.T) / float64(p.N)
	}
	p.Count = strconv.Itoa(p.T) + " / " + strconv.Itoa(p.N)
	if sps > 0 {
		p.Rate = count(int(sps))
	}
	if perStep > 0 {
		p.MS = num(perStep)
	}
	switch {
	case run.Err() != nil:
		p.Phase = "stopped"
	case run.Done():
		p.Phase = "done"
	case playing:
		p.Phase = "running"
	}
	return p
}
