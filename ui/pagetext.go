package ui

import (
	"kernelplay/ui/render"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// Pure texts of the 2D page that depend on the run: the hint under the
// plot and the buffer panel's caption.

// clicksAddPoints reports whether clicks on the plot add points: not under
// the RES-vs-SGD preset, whose plot is a chart of the §4 problem (the
// class brushes and the click hint are not shown there).
func clicksAddPoints(c state.Config) bool { return !state.IsRESvsSGD(c) }

// plotHintText is the line under the plot: what a click does, or "" when
// clicks add nothing (see clicksAddPoints). touch gives the words for a
// touch screen, which has no shift key and no right click: a tap adds the
// class chosen under "click adds" in the points tools. The page renders
// both and style.css shows one by the primary pointer ((pointer: coarse):
// .hint-touch).
func plotHintText(c state.Config, deleting, touch bool) string {
	click, clicks := "click", "Click adds"
	if touch {
		click, clicks = "tap", "A tap adds"
	}
	switch {
	case !clicksAddPoints(c):
		return ""
	case deleting:
		return "Delete mode: " + click + " a point to remove it."
	case c.Task == state.TaskRegression:
		return clicks + " a point: x is the input, y the target."
	case c.Task == state.TaskNovelty:
		return clicks + " a normal point; outside f = ε is novel."
	case touch:
		return "A tap adds the chosen class."
	}
	return "Click adds the selected class; shift- or right-click the other."
}

// bufferCaption is the buffer panel's caption for the learner of sm, and its
// eviction key ("" when l keeps no kernel expansion, so nothing is evicted
// to mark): a kernel learner's terms, or what a learner without a kernel
// expansion keeps instead (DCD's window of examples, AMM's hyperplanes, a
// linear model's w).
func bufferCaption(sm *sim.Sim) (caption, evict string) {
	l := sm.Learner()
	if render.ModelTerms(l) != nil {
		return "Buffer: coefficient α_i of each term, oldest → newest", "▼ evicted next"
	}
	stored, none := render.Stored(l)
	switch {
	case none != "":
		return "Buffer: none — " + none, ""
	case stored == "hyperplanes":
		return "Buffer: none — AMM keeps hyperplanes w_j (counted in the charts), no kernel expansion", ""
	case stored == "stored terms":
		return "Buffer: none — this learner keeps no kernel expansion", ""
	}
	return "Buffer: none — DCD keeps a window of the last ω examples and w, no kernel expansion", ""
}
