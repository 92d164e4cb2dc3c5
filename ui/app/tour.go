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
	// Claims are what Text says about the run's curves, in a form
	// TestTourClaims checks against the run the tour configures (seed 1,
	// as the page runs it): a sentence about a curve must hold on the run
	// it describes, as the figure captions do (state.FigureNote).
	Claims []TourClaim
	// Until, when above 0, paces the run: while this step shows, a
	// playing run stops at t = Until (TourLimit), so that the moment the
	// step speaks of stays on screen while it is read.
	Until int
}

// Curve names the chart curve a [TourClaim] is about.
type Curve int

const (
	// CurveError is a learner's running average online error (mistakes
	// over t), the error chart's solid curve.
	CurveError Curve = iota
	// CurveEta is a learner's step size η_t.
	CurveEta
	// CurveObjective is the objective F(w_t) of the RES vs SGD chart (RES
	// paper eq. 1) at its log-spaced checkpoints; learner 0 is RES, 1 SGD.
	CurveObjective
)

// ClaimKind is what a [TourClaim] says of its curve over its steps
// From…To (To = 0: the end of the run).
type ClaimKind int

const (
	// Below: A's curve is below B's at every step of From…To.
	Below ClaimKind = iota
	// Falls: A's curve never rises over From…To.
	Falls
	// Rises: A's curve rises at least once in From…To.
	Rises
	// RatioAt: A's value over B's at To is within Lo…Hi ("about half").
	RatioAt
	// AtLeast: A's curve is at least Lo at every step of From…To.
	AtLeast
	// GapGrows: B's value minus A's is larger at To than at From.
	GapGrows
	// TurnsUp: A's curve rises above its value at From somewhere in
	// From…To.
	TurnsUp
)

// TourClaim is one checkable statement of a tour step about a curve of
// the run: A and B are learners by their index in the run (the figure's
// contenders in the order of its setup; RES 0 and SGD 1).
type TourClaim struct {
	Kind     ClaimKind
	Curve    Curve
	A, B     int
	From, To int
	Lo, Hi   float64
	// With are settings the step asks the student to change first (e.g.
	// non-regularized RES, nr = 1): the claim is about that run.
	With []state.SetField
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
	tourFigure    = "#figure-select"
	tourPlay      = "#play"
	tourStep      = "#step"
	tourCharts    = "canvas.dcharts"
	tourGallery   = ".galleries"
	tourConfuse   = "canvas.confusion"
	tourProgress  = "#digits-progress"
	tourPreset    = "#preset-select"
	tourCharts2D  = ".chartwrap"
	tourObjective = ".plotframe" // the RES vs SGD preset draws F(w_t) on the plot canvas
)

// Learners of the figures' runs, by their index in the run (the order of
// the figure's setup in core/experiment; state.FigureNotes names them),
// for the tours' claims.
const (
	lSVMD  = 0 // SVMD (ν-SVMD in the counting figure)
	lSVMD0 = 1 // SVMD with decay ρ = 0
	lNORMA = 2 // NORMA, in the three-learner figures
	l2NORM = 1 // NORMA, in the two-learner figures (novelty, switch)
	lRES   = 0 // RES, under the RES vs SGD preset
	lSGD   = 1 // SGD
)

// TourEnd as a claim's From makes it about the run's last step alone.
const TourEnd = -1

// resHorizon is how far TestTourClaims runs the RES vs SGD preset, which
// has no end: the chart's claims hold up to here.
const resHorizon = 20000

// tours are the tours, in the figure menu's order, then RES vs SGD. Every
// step that speaks of a curve carries its Claims; TestTourClaims checks
// them against the run (seed 1), so a sentence here must say what that
// run shows, which is not always what the paper's run showed.
var tours = []Tour{
	{Name: state.FigureBinary, Title: "JMLR Fig. 3 — ν-SVM, digits 0–4 against 5–9",
		Paper: "In one pass over USPS digits split into 0–4 and 5–9, SVMD (trace decay λ = 0.95, the page's ρ; step sizes by eq. 33) " +
			"starts slower than the online SVM with the decaying step η_t = √(τ/(τ+t)) (eq. 59, τ = 10; the page's NORMA), overtakes it " +
			"after about 20 examples and ends with about half its errors; SVMD with λ = 0 learns fastest at first but ends worse. Here the 8×8 digits stand in for USPS.",
		Steps: []TourStep{
			{Target: tourFigure, Text: "This run is the figure's experiment: its three learners, with the paper's settings, on one stream of digits."},
			{Target: tourPlay, Text: "Press ▶ Play (space). Pause any time; Step (→) learns one digit and the step inspector shows its update."},
			{Target: tourCharts, Text: "Watch the average error: by the end SVMD has about half NORMA's errors, SVMD with ρ = 0 in between.",
				Claims: []TourClaim{
					{Kind: RatioAt, Curve: CurveError, A: lSVMD, B: lNORMA, From: TourEnd, Lo: 0.4, Hi: 0.6},
					{Kind: Below, Curve: CurveError, A: lSVMD, B: lSVMD0, From: TourEnd},
					{Kind: Below, Curve: CurveError, A: lSVMD0, B: lNORMA, From: TourEnd},
				}},
			{Target: tourCharts, Text: "Below, the step size η_t: NORMA's only falls (eq. 59), while SVMD's moves with the data (eq. 33).",
				Claims: []TourClaim{{Kind: Falls, Curve: CurveEta, A: lNORMA}, {Kind: Rises, Curve: CurveEta, A: lSVMD}}},
			{Target: tourGallery, Text: "Each learner's support vectors: the digits it keeps as terms of its expansion, oldest to newest."},
		}},
	{Name: state.FigureMulticlass, Title: "JMLR Fig. 4 — 10-way digits",
		Paper: "On 10-way classification of USPS digits (soft margin loss, η₀ = 0.1, μ = 0.1, c = 1/(500n)), SVMD with λ = 0.99 " +
			"(the page's ρ) makes about half as many errors as the online SVM with the decaying step of eq. 59 (τ = 100; the page's NORMA); " +
			"SVMD with λ = 0 falls in between.",
		Steps: []TourStep{
			{Target: tourFigure, Text: "The figure's experiment: three learners, one stream of the 8×8 digits, ten classes."},
			{Target: tourPlay, Text: "Press ▶ Play (space) and let the stream run through."},
			{Target: tourCharts, Text: "The error curves: SVMD starts behind NORMA, overtakes it near t = 870 and ends lowest, with ρ = 0 in between; its lead grows to the end.",
				Claims: []TourClaim{
					{Kind: Below, Curve: CurveError, A: lNORMA, B: lSVMD, From: 300, To: 800},
					{Kind: Below, Curve: CurveError, A: lSVMD, B: lNORMA, From: 900},
					{Kind: Below, Curve: CurveError, A: lSVMD, B: lSVMD0, From: TourEnd},
					{Kind: Below, Curve: CurveError, A: lSVMD0, B: lNORMA, From: TourEnd},
					{Kind: GapGrows, Curve: CurveError, A: lSVMD, B: lNORMA, From: 900},
				}},
			{Target: tourConfuse, Text: "The confusion matrices: rows are the true digit, columns the prediction; watch which digits each learner mixes up."},
			{Target: tourStep, Text: "Pause and press Step (→): the inspector shows one update, with η_t from eq. 33."},
		}},
	{Name: state.FigureCounting, Title: "JMLR Fig. 6 — the counting sequence",
		Paper: "Digits arranged as a 3-digit counter running twice from 000 to 999 (Fig. 5) are a strongly non-stationary stream. " +
			"ν-SVMD (ν = 0.05, η₀ = 1, μ = 1) keeps its average error under 19%; the online ν-SVM with the decaying step of eq. 59 " +
			"does barely better than chance (90% error). The paper used USPS; here MNIST digits count.",
		Steps: []TourStep{
			{Target: tourFigure, Text: "The stream counts: 000, 001, 002…, each number shown as three digits, so which digits come changes all the time."},
			{Target: tourProgress, Text: "The digit just learned and the learners' guesses before learning it; the counter wraps at 999."},
			{Target: tourPlay, Text: "Press ▶ Play (space)."},
			{Target: tourCharts, Text: "Watch the error: ν-SVMD's stays far below NORMA's, which with its decaying step cannot follow the stream and stays above 80%.",
				Claims: []TourClaim{
					{Kind: Below, Curve: CurveError, A: lSVMD, B: lNORMA, From: 7},
					{Kind: AtLeast, Curve: CurveError, A: lNORMA, From: 100, Lo: 0.8},
				}},
			{Target: tourCharts, Text: "And η_t: SVMD's step size still rises now and then to the end as the digits change (eq. 33); the schedule of eq. 59 only falls.",
				Claims: []TourClaim{{Kind: Rises, Curve: CurveEta, A: lSVMD, From: 5000}, {Kind: Falls, Curve: CurveEta, A: lNORMA}}},
		}},
	{Name: state.FigureNovelty, Title: "JMLR Fig. 7 (left) — novelty detection",
		Paper: "Novelty detection with SVMD (μ = λ = 1) on the counting sequence of Fig. 5: η_t (eq. 33) falls from its start but never to zero, and " +
			"spikes at the sequence's events — the first non-zero digit (t = 6), the tens wrapping (t = 60, 120, 150, 180), the hundreds " +
			"(t = 300, 1200, 1500) and the whole counter (t = 3000).",
		Steps: []TourStep{
			{Target: tourFigure, Text: "One class, no labels: the learner learns what the digits of the stream look like and flags the novel ones."},
			{Target: tourPlay, Text: "Press ▶ Play (space)."},
			{Target: tourCharts, Text: "Watch η_t: it falls from η₀ but not to zero (eq. 33), with a spike at t = 6, the first non-zero digit; here the later wraps hardly show.",
				Claims: []TourClaim{
					{Kind: Rises, Curve: CurveEta, A: lSVMD, From: 6, To: 6},
					{Kind: AtLeast, Curve: CurveEta, A: lSVMD, Lo: 0.005},
				}},
			{Target: tourProgress, Text: "The step count t: compare it with the spikes' times in the paper."},
		}},
	{Name: state.FigureSwitch, Title: "Conference paper Figs. 1–2 — 0/1, then 2/3",
		Paper: "1000 digits: the first 500 ask 0 against 1, the last 500 ask 2 against 3. SVMD (μ = 0.1, ρ = 1) beats the online SVM " +
			"with η_t = √(τ/(τ+t)) (the page's NORMA) before the switch and recovers faster after it (Fig. 1); its η_t rises at first, decays, and rises again " +
			"when the task switches (Fig. 2). Here MNIST digits stand in for USPS.",
		Steps: []TourStep{
			{Target: tourFigure, Text: "The task switches halfway: 0 against 1, then 2 against 3."},
			{Target: tourPlay, Text: "Press ▶ Play (space): the tour pauses the run at t = 600, a hundred digits after the switch.", Until: 600},
			{Target: tourCharts, Text: "At the switch (the dashed line) both error curves turn up; SVMD's rises less and stays below NORMA's.", Until: 600,
				Claims: []TourClaim{
					{Kind: TurnsUp, Curve: CurveError, A: lSVMD, From: 500, To: 600},
					{Kind: TurnsUp, Curve: CurveError, A: l2NORM, From: 500, To: 600},
					{Kind: GapGrows, Curve: CurveError, A: lSVMD, B: l2NORM, From: 500, To: 600},
					{Kind: Below, Curve: CurveError, A: lSVMD, B: l2NORM, From: 513},
				}},
			{Target: tourCharts, Text: "η_t: SVMD raises its step size after the switch to relearn (eq. 33); NORMA's scheduled step keeps falling.", Until: 600,
				Claims: []TourClaim{{Kind: TurnsUp, Curve: CurveEta, A: lSVMD, From: 500, To: 600}, {Kind: Falls, Curve: CurveEta, A: l2NORM}}},
			{Target: tourGallery, Text: "Press ▶ Play to finish the run: the support vectors of 0 and 1 give way to 2s and 3s."},
		}},
	{Name: state.FigureBuffer, Title: "JMLR Fig. 7 (right) — the buffer size ω",
		Paper: "SVMD on MNIST with a degree-9 polynomial kernel (λ = 1, μ = 0.01), keeping the last ω terms in a circular buffer (§6.3): ω = 256 ends near 20% " +
			"average error, ω = 4096 at 3.9% (2.9% over the last 4500 digits; batch SVMs reach 1.4%).",
		Steps: []TourStep{
			{Target: tourFigure, Text: "Three learners that differ only in how many terms they keep, ω."},
			{Target: tourPlay, Text: "Press ▶ Play (space)."},
			{Target: tourCharts, Text: "Watch the error curves order themselves by ω: by the end, the larger the buffer, the lower the error.",
				Claims: []TourClaim{
					{Kind: Below, Curve: CurveError, A: 2, B: 1, From: TourEnd}, // ω = 4096 below ω = 1024
					{Kind: Below, Curve: CurveError, A: 1, B: 0, From: TourEnd}, // ω = 1024 below ω = 256
				}},
			{Target: tourGallery, Text: "Each buffer fills, then the oldest term goes for each new one (▼ marks the next to go)."},
		}},
	{Name: state.PresetRESvsSGD, Title: "RES paper Figs. 1, 2 and 4 — RES against SGD",
		Paper: "On two classes uniform on [−0.8, 0.2]ⁿ and [−0.2, 0.8]ⁿ, regularized stochastic BFGS (Algorithm 1) lowers the objective " +
			"F(w_t) far faster than SGD per feature vector processed, Lt: for n = 4, F = 6.5·10⁻² after 315 vectors against 1,740 (Fig. 1); " +
			"the gap widens with n (Fig. 2, n = 40). Without regularization (δ = Γ = 0) RES jumps away and deteriorates (Fig. 4).",
		Steps: []TourStep{
			{Target: tourPreset, Text: "This data set is the RES paper's problem: RES and SGD learn from the same stream."},
			{Target: tourPlay, Text: "Press ▶ Play (space)."},
			{Target: tourObjective, Text: "F(w_t) against the vectors processed: here, unlike Fig. 1, SGD's curve is lower at first; RES's crosses it near 1,000 and stays below.",
				Claims: []TourClaim{
					{Kind: Below, Curve: CurveObjective, A: lSGD, B: lRES, To: 800},
					{Kind: Below, Curve: CurveObjective, A: lRES, B: lSGD, From: 1300, To: resHorizon},
				}},
			{Target: "#f-nr", Text: "Tick non-regularized (δ = Γ = 0): the run starts again. In Fig. 4 RES then jumped away; on this 4-dimensional problem it still ends below SGD.",
				Claims: []TourClaim{
					{Kind: Below, Curve: CurveObjective, A: lRES, B: lSGD, From: 1300, To: resHorizon, With: []state.SetField{{Key: "nr", Value: "1"}}},
				}},
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

// TourLimit paces a run under an open tour: of want steps that a playing
// run at step t would learn while the tour shows its step i, it returns
// how many it may learn (fewer when the step's Until comes first) and
// whether learning them reaches Until, where the page pauses the run. A
// run at or past Until (the student pressed Play again, or stepped on)
// goes on unpaced, as do steps without Until.
func TourLimit(tour Tour, i, t, want int) (n int, pause bool) {
	if i < 0 || i >= len(tour.Steps) || tour.Steps[i].Until <= t {
		return want, false
	}
	n = min(want, tour.Steps[i].Until-t)
	return n, t+n == tour.Steps[i].Until
}
