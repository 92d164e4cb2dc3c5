package app

import (
	"slices"

	"kernelplay/ui/state"
)

// The guided tours: one per paper figure the page reproduces (the digits
// view's figure menu, state.Figures, and the 2D RES vs SGD preset). A
// tour says what the paper showed (citing its figure and equations), then
// walks the student through the run in steps, each about one element of
// the page, which the view highlights (ui/tour.go).

// TourStep is one step of a tour: the element it is about (a CSS selector
// of the page, highlighted while the step shows) and what to do or watch
// there.
type TourStep struct {
	Target string
	Text   string
}

// Tour is the guided tour of one figure.
type Tour struct {
	// Name is the figure (a state.Figure* value) or the 2D preset
	// (state.PresetRESvsSGD) the tour is for.
	Name string
	// Title names the figure as the paper numbers it.
	Title string
	// Paper is what the paper showed, with its figure and equations.
	Paper string
	// Steps are the steps, in order.
	Steps []TourStep
}

// Selectors the tours point at: the digits view's and the 2D view's.
const (
	tourFigure   = "#figure-select"
	tourPlay     = "#play"
	tourStep     = "#step"
	tourCharts   = "canvas.dcharts"
	tourGallery  = ".galleries"
	tourConfuse  = "canvas.confusion"
	tourProgress = "#digits-progress"
	tourPreset   = "#preset-select"
	tourCharts2D = ".chartwrap"
)

// tours are the tours, in the figure menu's order, then RES vs SGD.
var tours = []Tour{
	{Name: state.FigureBinary, Title: "JMLR Fig. 3 — ν-SVM, digits 0–4 against 5–9",
		Paper: "In one pass over USPS digits split into 0–4 and 5–9, SVMD (trace decay λ = 0.95, the page's ρ; step sizes by eq. 33) " +
			"starts slower than the online SVM with the decaying step η_t = √(τ/(τ+t)) (eq. 59, τ = 10; the page's NORMA), overtakes it " +
			"after about 20 examples and ends with about half its errors; SVMD with λ = 0 learns fastest at first but ends worse. Here the 8×8 digits stand in for USPS.",
		Steps: []TourStep{
			{tourFigure, "This run is the figure's experiment: its three learners, with the paper's settings, on one stream of digits."},
			{tourPlay, "Press ▶ Play (space). Pause any time; Step (→) learns one digit and the step inspector shows its update."},
			{tourCharts, "Watch the average error: by the end SVMD has about half NORMA's errors, SVMD with ρ = 0 in between."},
			{tourCharts, "Below, the step size η_t: NORMA's only falls (eq. 59), while SVMD's moves with the data (eq. 33)."},
			{tourGallery, "Each learner's support vectors: the digits it keeps as terms of its expansion, oldest to newest."},
		}},
	{Name: state.FigureMulticlass, Title: "JMLR Fig. 4 — 10-way digits",
		Paper: "On 10-way classification of USPS digits (soft margin loss, η₀ = 0.1, μ = 0.1, c = 1/(500n)), SVMD with λ = 0.99 " +
			"(the page's ρ) makes about half as many errors as the online SVM with the decaying step of eq. 59 (τ = 100; the page's NORMA); " +
			"SVMD with λ = 0 falls in between.",
		Steps: []TourStep{
			{tourFigure, "The figure's experiment: three learners, one stream of the 8×8 digits, ten classes."},
			{tourPlay, "Press ▶ Play (space) and let the stream run through."},
			{tourCharts, "The error curves: SVMD lowest, NORMA highest, ρ = 0 in between; SVMD's lead grows as it learns."},
			{tourConfuse, "The confusion matrices: rows are the true digit, columns the prediction; watch which digits each learner mixes up."},
			{tourStep, "Pause and press Step (→): the inspector shows one update, with η_t from eq. 33."},
		}},
	{Name: state.FigureCounting, Title: "JMLR Fig. 6 — the counting sequence",
		Paper: "Digits arranged as a 3-digit counter running twice from 000 to 999 (Fig. 5) are a strongly non-stationary stream. " +
			"ν-SVMD (ν = 0.05, η₀ = 1, μ = 1) keeps its average error under 19%; the online ν-SVM with the decaying step of eq. 59 " +
			"does barely better than chance (90% error). The paper used USPS; here MNIST digits count.",
		Steps: []TourStep{
			{tourFigure, "The stream counts: 000, 001, 002…, each number shown as three digits, so which digits come changes all the time."},
			{tourProgress, "The digit just learned and the learners' guesses before learning it; the counter wraps at 999."},
			{tourPlay, "Press ▶ Play (space)."},
			{tourCharts, "Watch the error: ν-SVMD's stays far below NORMA's, which with its decaying step cannot follow the stream and stays near chance."},
			{tourCharts, "And η_t: SVMD's step size rises where the counter turns over (eq. 33); the schedule of eq. 59 only falls."},
		}},
	{Name: state.FigureNovelty, Title: "JMLR Fig. 7 (left) — novelty detection",
		Paper: "Novelty detection with SVMD (μ = λ = 1) on the counting sequence of Fig. 5: η_t (eq. 33) falls from its start but never to zero, and " +
			"spikes at the sequence's events — the first non-zero digit (t = 6), the tens wrapping (t = 60, 120, 150, 180), the hundreds " +
			"(t = 300, 1200, 1500) and the whole counter (t = 3000).",
		Steps: []TourStep{
			{tourFigure, "One class, no labels: the learner learns what the digits of the stream look like and flags the novel ones."},
			{tourPlay, "Press ▶ Play (space); the first spikes come within the first 300 steps."},
			{tourCharts, "Watch η_t: each spike follows an event of the counter (t = 6, 60, 120…); the adaptation of eq. 33 reacts to novelty."},
			{tourProgress, "The step count t: compare it with the spikes' times in the paper."},
		}},
	{Name: state.FigureSwitch, Title: "Conference paper Figs. 1–2 — 0/1, then 2/3",
		Paper: "1000 digits: the first 500 ask 0 against 1, the last 500 ask 2 against 3. SVMD (μ = 0.1, ρ = 1) beats the online SVM " +
			"with η_t = √(τ/(τ+t)) (the page's NORMA) before the switch and recovers faster after it (Fig. 1); its η_t rises at first, decays, and rises again " +
			"when the task switches (Fig. 2). Here MNIST digits stand in for USPS.",
		Steps: []TourStep{
			{tourFigure, "The task switches halfway: 0 against 1, then 2 against 3."},
			{tourPlay, "Press ▶ Play (space) and watch the progress bar reach the middle."},
			{tourCharts, "At the switch (the dashed line) both error curves turn up; SVMD's rises less and stays below."},
			{tourCharts, "η_t: SVMD raises its step size after the switch to relearn (eq. 33); NORMA's scheduled step keeps falling."},
			{tourGallery, "After the switch the support vectors of 0 and 1 give way to 2s and 3s."},
		}},
	{Name: state.FigureBuffer, Title: "JMLR Fig. 7 (right) — the buffer size ω",
		Paper: "SVMD on MNIST with a degree-9 polynomial kernel (λ = 1, μ = 0.01), keeping the last ω terms in a circular buffer (§6.3): ω = 256 ends near 20% " +
			"average error, ω = 4096 at 3.9% (2.9% over the last 4500 digits; batch SVMs reach 1.4%).",
		Steps: []TourStep{
			{tourFigure, "Three learners that differ only in how many terms they keep, ω."},
			{tourPlay, "Press ▶ Play (space)."},
			{tourCharts, "Watch the error curves order themselves by ω: the larger the buffer, the lower the error."},
			{tourGallery, "Each buffer fills, then the oldest term goes for each new one (▼ marks the next to go)."},
		}},
	{Name: state.PresetRESvsSGD, Title: "RES paper Figs. 1, 2 and 4 — RES against SGD",
		Paper: "On two classes uniform on [−0.8, 0.2]ⁿ and [−0.2, 0.8]ⁿ, regularized stochastic BFGS (Algorithm 1) lowers the objective " +
			"F(w_t) far faster than SGD per feature vector processed, Lt: for n = 4, F = 6.5·10⁻² after 315 vectors against 1,740 (Fig. 1); " +
			"the gap widens with n (Fig. 2, n = 40). Without regularization (δ = Γ = 0) RES jumps away and deteriorates (Fig. 4).",
		Steps: []TourStep{
			{tourPreset, "This data set is the RES paper's problem: RES and SGD learn from the same stream."},
			{tourPlay, "Press ▶ Play (space)."},
			{tourCharts2D, "The objective F(w_t) against the vectors processed: RES's curve drops much faster than SGD's."},
			{"#f-nr", "Tick non-regularized (δ = Γ = 0), press Reset, and watch RES jump away from the optimum, as in Fig. 4."},
		}},
}

// Tours returns every guided tour: one per entry of state.Figures, in
// its order, then the RES vs SGD preset's.
func Tours() []Tour { return slices.Clone(tours) }

// TourFor returns the tour of the figure c runs (digits with a paper
// figure, or the 2D RES vs SGD preset); ok is false when c runs none.
func TourFor(c state.Config) (t Tour, ok bool) {
	name := ""
	switch {
	case c.Mode == state.ModeDigits && c.Figure != state.FigureNone:
		name = c.Figure
	case state.IsRESvsSGD(c):
		name = state.PresetRESvsSGD
	default:
		return Tour{}, false
	}
	i := slices.IndexFunc(tours, func(t Tour) bool { return t.Name == name })
	if i < 0 {
		return Tour{}, false
	}
	return tours[i], true
}

// TourConfig returns the configuration a tour runs: the figure's preset
// (state.FigurePreset) or the 2D default with the RES vs SGD preset
// chosen as the page's menu chooses it; ok is false for an unknown name.
func TourConfig(name string) (c state.Config, ok bool) {
	if name == state.PresetRESvsSGD {
		c, err := state.Apply(state.Default(), state.SetPreset{Preset: state.PresetRESvsSGD})
		return c, err == nil
	}
	return state.FigurePreset(name)
}
