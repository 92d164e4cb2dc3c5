package regret

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"kernelplay/core/kernel"
)

// Loss selects the loss c of the objective.
type Loss int

const (
	// Hinge is the soft margin c = max(0, ρ − y·g(x)) with labels y = ±1 and
	// a fixed margin ρ = [Objective.Margin] ≥ 0 (NORMA eq. 12 and §4; ρ = 0
	// is eq. 15's hinge, the perceptron's loss).
	Hinge Loss = iota
	// Squared is c = ½(y − g(x))² (NORMA eq. 17), y real.
	Squared
	// Huber is Huber's robust loss of NORMA eq. (19) with a fixed σ =
	// [Objective.Margin] ≥ 0: c = r²/(2σ) for |r| ≤ σ, |r| − σ/2 otherwise,
	// r = y − g(x) (σ = 0: the absolute loss |r|).
	Huber
)

// String returns "hinge", "squared" or "huber".
func (l Loss) String() string {
	switch l {
	case Hinge:
		return "hinge"
	case Squared:
		return "squared"
	case Huber:
		return "huber"
	}
	return fmt.Sprintf("Loss(%d)", int(l))
}

// Objective is the learner's objective J_m(g) = Σ_{t≤m} R_stoch[g, t]
// (NORMA eq. 3 summed; see the package documentation).
type Objective struct {
	// Kernel is the input kernel k of the learner; nil or invalid
	// (kernel.Validate) is an error.
	Kernel kernel.Kernel
	// Loss is the loss c.
	Loss Loss
	// Margin is ρ ≥ 0 of the Hinge loss and σ ≥ 0 of Huber (ignored by
	// Squared).
	Margin float64
	// Lambda is the regulariser λ > 0 of R_stoch (λ = 0 only with Hinge
	// and Margin 0, where g* = 0).
	Lambda float64
	// Offset adds an unregularised offset b to g = f + b, as NORMA's
	// Offset (NORMA §3).
	Offset bool
	// NormBound is B > 0 of NORMA Theorem 1, eq. (22): the comparator is
	// then g*_B = argmin_{‖f‖ ≤ B} J_m(g), the best predictor inside the
	// ball the theorem covers (see [Comparator]'s "Constrained comparator");
	// 0 means unconstrained. Only with the Hinge and Huber losses (their
	// dual coefficients lie in [−1, 1], which brackets the search).
	NormBound float64
}

// Settings of the solver; the zero value of a field means its default.
type Settings struct {
	// Tolerance is the relative duality gap (P − D)/max(P, 1e-300) at which
	// a checkpoint is solved. Zero means 1e-9; it must lie in (0, 0.1].
	Tolerance float64
	// MaxExact is the largest prefix solved exactly; zero means 1000, at
	// most 4096 (the Gram matrix is MaxExact² float64s).
	MaxExact int
	// MaxWaiting is the most examples beyond MaxExact kept waiting for the
	// frozen g* while the solver is behind; the next Add then does the
	// pending work itself, in one long call (the same result). Zero means
	// MaxExact; at most 1<<20 (a page that steps faster than its frame
	// budget solves sets it high: a 2D example waits in 3 float64s).
	MaxWaiting int
	// MaxEpochs bounds the epochs (m coordinate steps each) spent on one
	// checkpoint; a checkpoint that reaches it is recorded with
	// Converged = false and its gap. Zero means 200. Near the hard margin
	// (mλ ≪ 1, e.g. NORMA's default λ ≈ 2.7·10⁻⁷) coordinate descent does
	// not reach a 1e-9 gap in any practical number of epochs: the point
	// then carries its gap as an error bar.
	MaxEpochs int
}

// Point is the comparison at one checkpoint m.
type Point struct {
	// M is the prefix length m (examples since the start or the last Restart).
	M int
	// Online is Σ_{t≤m} R_stoch[f_t, t], as passed to [Comparator.Add].
	Online float64
	// Hindsight is J_m(g*), the primal objective of the solution found
	// (Exact) or the frozen predictor's cumulative risk (not Exact).
	Hindsight float64
	// Regret is Online − Hindsight; Regret/M is the average regret.
	Regret float64
	// Norm is ‖f*‖_H of the comparator (the B of NORMA Theorems 1–2).
	Norm float64
	// Gap is the duality gap P − D at the end of the solve (0 when frozen):
	// by weak duality the optimum lies in [Hindsight − Gap, Hindsight], so
	// the true regret lies in [Regret, Regret + Gap].
	Gap float64
	// Exact reports m ≤ MaxExact (the true optimum to the tolerance);
	// otherwise Hindsight is that of g*_{MaxExact} and Regret a lower bound.
	Exact bool
	// Converged reports the gap reached the tolerance within MaxEpochs.
	Converged bool
	// Epochs is the number of epochs this checkpoint took.
	Epochs int
	// X2 is X² = max_{t≤m} k(x_t, x_t), the kernel bound of NORMA
	// Theorems 1–2 and Proposition 1 (R² of the perceptron bound).
	X2 float64
	// Lambda is λ' ≥ λ, the regulariser whose unconstrained minimiser is
	// the comparator: λ itself, unless [Objective.NormBound] binds (then
	// ‖g*‖ = Norm ≤ B). Hindsight is always J_m at the objective's λ.
	Lambda float64
}

// NextCheckpoint returns the checkpoint following m ≥ 0: m + 1 up to 8,
// then m + ⌊m/4⌋ (≈ ten per decade). Integer arithmetic, so the schedule
// is the same on every platform.
func NextCheckpoint(m int) int {
	if m < 0 {
		panic(fmt.Sprintf("regret: NextCheckpoint(%d)", m))
	}
	return m + max(1, m/4)
}

// Comparator computes the hindsight comparator of [Objective] on a growing
// prefix at log-spaced checkpoints, in slices of bounded work. Build one
// with [NewComparator], feed it every example with [Comparator.Add], and
// drive the solver with [Comparator.Step]. Not safe for concurrent use.
//
// Memory: at most MaxExact·(MaxExact + d + 4) + 2·MaxWaiting·(d + 1)
// float64s (the Gram matrix, the prefix and the queue of examples waiting
// for the frozen g*).
//
// # Constrained comparator
//
// With [Objective.NormBound] = B > 0 (NORMA Theorem 1, eq. 22, covers only
// g with ‖g‖ ≤ B) the comparator is g*_B = argmin_{‖f‖≤B} J_m(g). The
// problem is convex and f = 0 is strictly feasible (Slater), so by the KKT
// conditions there is a multiplier ν ≥ 0 with g*_B the unconstrained
// minimiser of J_m(g) + (mν/2)(‖f‖² − B²), i.e. of the same objective at
// λ' = λ + ν, and ν(‖f‖ − B) = 0. Hence: if ‖g*_λ‖ ≤ B, g*_B = g*_λ
// (λ' = λ); otherwise ‖g*_λ'‖ = B, and since ‖g*_λ'‖ does not increase with
// λ' (the regularisation path), λ' is the root of ‖g*_λ'‖ = B. The dual
// coefficients of the hinge and Huber lie in [−1, 1], so ‖f‖ =
// ‖Σ c_i k(x_i, ·)‖/(mλ') ≤ X/λ' for ANY feasible dual c: λ' = X/B
// brackets the root from above. The search is regula falsi (the Illinois
// variant) on u = log λ' of h(u) = ‖g_λ'‖/B − 1, each trial solved by the
// same warm-started coordinate descent (the dual c stays feasible when λ'
// changes; Kc does not depend on λ'); the first step from the lower end
// is the power law ‖g_λ'‖ ∝ 1/λ' (λ' ← λ'·‖g‖/B), and each checkpoint
// starts from the previous one's λ' (then at λ, should ‖g_λ'‖ ≤ B there).
//
// The value recorded is J_m at the ORIGINAL λ of the trial g (‖f‖ ≤ B):
// Hindsight = P_λ'(g) − (m(λ' − λ)/2)‖f‖². For every h with ‖h‖ ≤ B,
// J_λ(h) = J_λ'(h) − (m(λ'−λ)/2)‖h‖² ≥ D_λ'(c) − (m(λ'−λ)/2)B², so
//
//	0 ≤ J_λ(g) − J_λ(g*_B) ≤ (P_λ' − D_λ') + (m(λ'−λ)/2)(B² − ‖f‖²) = Gap,
//
// a certificate as the unconstrained gap is. The search stops at the
// first trial with ‖f‖ ≤ B and (m(λ'−λ)/2)(B² − ‖f‖²) ≤ τ·J_λ(g), τ =
// [SearchTolerance]·Tolerance (10⁻⁷ by default): so 0 ≤ B − ‖f‖ ≤
// τ·J_λ(g)/(m(λ'−λ)B), and J_λ(g) is within about τ relative of
// J_λ(g*_B); the Gap says how far, rigorously. After [MaxSearch] trials it
// solves at λ' = X/B (feasible whatever the dual) and records that point
// with Converged = false and its Gap.
type Comparator struct {
	obj Objective
	set Settings
	dim int

	forced int // Adds that finished the pending work themselves (Forced)

	// The prefix, row-major, with squared norms and labels.
	x, xx, y []float64
	t        int     // examples added
	online   float64 // Σ R_stoch[f_t, t] so far
	x2       float64 // max k(x_t, x_t) so far
	next     int     // next checkpoint
	pending  []Point // checkpoints reached, not yet solved (M, Online set)
	points   []Point // solved checkpoints, in order

	// Solver state (m = len(c) examples in the current solve).
	k      [][]float64 // Gram rows k(x_i, x_j), j < len(k[i]) = rows built (symmetric, stored in full)
	c      []float64   // dual coefficients: f = (1/μ) Σ c_i k(x_i, ·)
	kc     []float64   // (Kc)_i
	diag   []float64   // k(x_i, x_i), contiguous for the greedy scan
	pos    int         // position in the current epoch
	epochs int         // epochs of the current checkpoint

	// Frozen comparator beyond MaxExact.
	frozen      bool
	frozenJ     float64   // J_MaxExact + Σ later R_stoch[g*, t]
	frozenN2    float64   // ‖f*‖²
	frozenLam   float64   // its λ' (Point.Lambda)
	queue       []float64 // inputs (row-major) and labels waiting for the frozen g*
	queueY      []float64
	head        int // queue entries before head are evaluated
	frozenCount int // examples beyond MaxExact evaluated
	frozenM     *Model
	scratch     []float64
	model       *Model    // g* of the last solved checkpoint
	margins     []float64 // its normalised margins

	// The constrained search (NormBound > 0): λ' of the current trial and
	// the bracket of u = log λ' (a: ‖g‖ > B, b: ‖g‖ ≤ B) with h = ‖g‖/B − 1.
	lam             float64
	ua, ha, ub, hb  float64
	okA, okB        bool
	side            int  // the end the last trial replaced (−1 a, +1 b, 0 none): Illinois
	trials, sEpochs int  // trials and epochs spent on this checkpoint
	nA              int  // trials with ‖g‖ > B on this checkpoint
	stalled         bool // the last trial did not move λ'

}

// SearchTolerance is the constrained search's stopping tolerance relative
// to Settings.Tolerance: a trial ends it when (m(λ'−λ)/2)(B² − ‖f‖²) ≤
// SearchTolerance·Tolerance·J_λ(g). The norm of a trial is only as exact
// as its solve (a duality gap ε moves ‖f‖ by about √(2ε/(mλ'))), so the
// search cannot resolve ‖f‖ = B much finer than the solves' tolerance:
// 100 (10⁻⁷ relative at the default 10⁻⁹) is what the trials reached in
// TestConstrainedMatchesLIBLINEAR's runs. A trial that does not move λ'
// (the regula falsi stalled at that resolution) ends it too.
const SearchTolerance = 100

// MaxSearch bounds the trials of the constrained comparator's search for
// λ' on one checkpoint (see [Comparator]); Illinois regula falsi needs
// about ten.
const MaxSearch = 60

// NewComparator returns a comparator for inputs of dimension dim. Errors:
// a nil or invalid kernel, an unknown loss, a negative or non-finite Margin
// or Lambda, λ = 0 unless the hinge at margin 0, settings out of range, dim < 1.
func NewComparator(obj Objective, set Settings, dim int) (*Comparator, error) {
	if err := kernel.Validate(obj.Kernel); err != nil {
		return nil, fmt.Errorf("regret: %w", err)
	}
	if obj.Loss != Hinge && obj.Loss != Squared && obj.Loss != Huber {
		return nil, fmt.Errorf("regret: unknown loss %d", int(obj.Loss))
	}
	if bad(obj.Margin) || bad(obj.Lambda) {
		return nil, fmt.Errorf("regret: Margin = %v, Lambda = %v: want finite and ≥ 0", obj.Margin, obj.Lambda)
	}
	if obj.Lambda == 0 && !(obj.Loss == Hinge && obj.Margin == 0) {
		return nil, errors.New("regret: Lambda = 0: the hindsight problem has no minimiser (only the hinge at margin 0, where g* = 0, is defined)")
	}
	if bad(obj.NormBound) {
		return nil, fmt.Errorf("regret: NormBound = %v: want finite and ≥ 0", obj.NormBound)
	}
	if obj.NormBound > 0 && obj.Loss == Squared {
		return nil, errors.New("regret: NormBound with the squared loss: the constrained search needs a bounded dual (hinge or Huber)")
	}
	if dim < 1 {
		return nil, fmt.Errorf("regret: dimension %d, want ≥ 1", dim)
	}
	if set.Tolerance == 0 {
		set.Tolerance = 1e-9
	}
	if !(set.Tolerance > 0 && set.Tolerance <= 0.1) {
		return nil, fmt.Errorf("regret: Tolerance = %v, want in (0, 0.1]", set.Tolerance)
	}
	if set.MaxExact == 0 {
		set.MaxExact = 1000
	}
	if set.MaxExact < 1 || set.MaxExact > 4096 {
		return nil, fmt.Errorf("regret: MaxExact = %d, want 1…4096", set.MaxExact)
	}
	if set.MaxWaiting == 0 {
		set.MaxWaiting = set.MaxExact
	}
	if set.MaxWaiting < 1 || set.MaxWaiting > 1<<20 {
		return nil, fmt.Errorf("regret: MaxWaiting = %d, want 1…%d", set.MaxWaiting, 1<<20)
	}
	if set.MaxEpochs == 0 {
		set.MaxEpochs = 200
	}
	if set.MaxEpochs < 1 {
		return nil, fmt.Errorf("regret: MaxEpochs = %d, want ≥ 1", set.MaxEpochs)
	}
	c := &Comparator{obj: obj, set: set, dim: dim}
	c.Restart()
	return c, nil
}

func bad(v float64) bool { return math.IsNaN(v) || math.IsInf(v, 0) || v < 0 }

// Objective returns the objective compared.
func (c *Comparator) Objective() Objective { return c.obj }

// Settings returns the solver settings with the defaults filled in.
func (c *Comparator) Settings() Settings { return c.set }

// Restart forgets the prefix: the next Add is example 1 of a new prefix (the
// regret since a detected change, package kernelplay/core/drift).
func (c *Comparator) Restart() {
	c.x, c.xx, c.y = c.x[:0], c.xx[:0], c.y[:0]
	c.t, c.online, c.next, c.x2 = 0, 0, 1, 0
	c.pending, c.points = c.pending[:0], c.points[:0]
	c.k, c.c, c.kc, c.diag = c.k[:0], c.c[:0], c.kc[:0], c.diag[:0]
	c.pos, c.epochs = 0, 0
	c.frozen, c.frozenJ, c.frozenN2 = false, 0, 0
	c.queue, c.queueY, c.head, c.frozenCount, c.frozenM = c.queue[:0], c.queueY[:0], 0, 0, nil
	c.model, c.margins = nil, c.margins[:0]
	c.lam = c.obj.Lambda
	c.resetSearch()
}

// resetSearch forgets the bracket of the constrained search (λ' stays: the
// next checkpoint starts from it).
func (c *Comparator) resetSearch() {
	c.okA, c.okB, c.side, c.trials, c.sEpochs, c.nA, c.stalled = false, false, 0, 0, 0, 0, false
}

// Add appends example (x, y) to the prefix with online = R_stoch[f_t, t] of
// the learner on it, measured before the learner learnt it (the loss
// learn.Step.Loss plus (λ/2)‖f_t‖² of the hypothesis before the step). x is
// copied. len(x) ≠ dim, a non-finite x, y or online, or y ≠ ±1 with
// the hinge panic (the caller's stream is validated upstream).
//
// Beyond MaxExact the example waits for the frozen g* (solved by Step); at
// most Settings.MaxWaiting examples wait: the next Add then finishes the
// pending work itself (bounded memory, same result).
func (c *Comparator) Add(x []float64, y, online float64) {
	if len(x) != c.dim {
		panic(fmt.Sprintf("regret: Add: len(x) = %d, want %d", len(x), c.dim))
	}
	for _, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			panic("regret: Add: non-finite input")
		}
	}
	if math.IsNaN(y) || math.IsInf(y, 0) || math.IsNaN(online) || math.IsInf(online, 0) {
		panic(fmt.Sprintf("regret: Add: y = %v, online = %v", y, online))
	}
	if c.obj.Loss == Hinge && y != 1 && y != -1 {
		panic(fmt.Sprintf("regret: Add: label %v, want ±1 with the hinge", y))
	}
	c.t++
	c.online += online
	xx := dot(x, x)
	c.x2 = max(c.x2, c.obj.Kernel.FromDot(xx, xx, xx))
	if c.t <= c.set.MaxExact {
		c.x = append(c.x, x...)
		c.xx = append(c.xx, xx)
		c.y = append(c.y, y)
	} else {
		if len(c.queueY)-c.head >= c.set.MaxWaiting {
			c.forced++
			c.Step(math.MaxInt)
		}
		if c.head > 0 && c.head >= len(c.queueY)/2 {
			// Drop the evaluated half, so that the queue holds at most
			// 2·MaxWaiting examples.
			n := copy(c.queueY, c.queueY[c.head:])
			copy(c.queue, c.queue[c.head*c.dim:])
			c.queueY, c.queue, c.head = c.queueY[:n], c.queue[:n*c.dim], 0
		}
		c.queue = append(c.queue, x...)
		c.queueY = append(c.queueY, y)
	}
	if c.t == c.next || c.t == c.set.MaxExact {
		c.pending = append(c.pending, Point{M: c.t, Online: c.online, Exact: c.t <= c.set.MaxExact, X2: c.x2})
		for c.next <= c.t {
			c.next = NextCheckpoint(c.next)
		}
	}
}

// Mark adds a checkpoint at the current prefix length T (the end of a
// finite stream, a run's fixed length m of NORMA Theorem 1) unless T is
// already one or T = 0. The points stay a deterministic function of the
// prefix as long as Mark is called at steps that are (never on a timer).
func (c *Comparator) Mark() {
	if c.t == 0 {
		return
	}
	if n := len(c.pending); n > 0 && c.pending[n-1].M == c.t {
		return
	}
	if n := len(c.points); n > 0 && c.points[n-1].M == c.t && len(c.pending) == 0 {
		return
	}
	c.pending = append(c.pending, Point{M: c.t, Online: c.online, Exact: c.t <= c.set.MaxExact, X2: c.x2})
}

// T returns the number of examples added since the start or Restart.
func (c *Comparator) T() int { return c.t }

// Online returns Σ_{t≤T} R_stoch[f_t, t] so far.
func (c *Comparator) Online() float64 { return c.online }

// Points returns the solved checkpoints in order (aliases the comparator's
// storage: read, do not keep across Add or Step).
func (c *Comparator) Points() []Point { return c.points }

// Pending returns the number of checkpoints reached and not yet solved.
func (c *Comparator) Pending() int { return len(c.pending) }

// Waiting returns the number of examples beyond MaxExact added and not yet
// evaluated with the frozen g*: 0 … Settings.MaxWaiting.
func (c *Comparator) Waiting() int { return len(c.queueY) - c.head }

// Behind reports that at least half of Settings.MaxWaiting examples wait
// ([Comparator.Waiting]). A caller that slices the work (Step) should then
// give it time before it adds more examples: once MaxWaiting wait, Add
// finishes all the pending work itself, in one call (every pending
// checkpoint's solve and every waiting example: 0.44 s natively, 1.2–1.8 s
// in Chromium, for the page's default 2D run at 131,072 waiting).
func (c *Comparator) Behind() bool { return 2*c.Waiting() >= c.set.MaxWaiting }

// Forced returns the number of Adds that found MaxWaiting examples waiting
// and finished all the pending work themselves (kept across Restart): 0
// for a caller that gives Step time whenever the comparator is Behind.
func (c *Comparator) Forced() int { return c.forced }

// mu is μ = mλ of the current solve.
func (c *Comparator) mu() float64 { return float64(len(c.c)) * c.lam }

// Step does at most about budget units of work and reports whether nothing
// is left to do (every checkpoint reached is solved). One unit is one pass
// over the m numbers of a prefix of length m (a dual coordinate step, one
// column of the gap); a Gram row costs d + 1 units. Step(math.MaxInt) runs
// to completion. budget < 1 panics.
//
// The sequence of operations does not depend on the budgets, so the points
// are the same for any slicing.
func (c *Comparator) Step(budget int) (done bool) {
	if budget < 1 {
		panic(fmt.Sprintf("regret: Step(%d)", budget))
	}
	for budget > 0 {
		if len(c.pending) == 0 {
			if c.frozen && len(c.queueY) > c.head {
				budget -= c.drainQueue(budget)
				continue
			}
			return true
		}
		p := &c.pending[0]
		if !p.Exact {
			if !c.frozen {
				panic("regret: internal: frozen point before the last exact one")
			}
			need := p.M - c.set.MaxExact - c.frozenSeen()
			if need > 0 {
				budget -= c.drainQueueN(budget, need)
				continue
			}
			c.finishFrozen()
			continue
		}
		budget -= c.solveStep(p.M, budget)
	}
	return len(c.pending) == 0 && (!c.frozen || len(c.queueY) == c.head)
}

// solveStep advances the exact solve of the prefix of length m and returns
// the units spent.
func (c *Comparator) solveStep(m, budget int) int {
	spent := 0
	// Grow the Gram matrix and the dual to m examples (warm start: c_i = 0
	// for the new ones).
	for len(c.k) < m && spent < budget {
		i := len(c.k)
		row := make([]float64, i+1)
		xi := c.x[i*c.dim : (i+1)*c.dim]
		kernel.Row(c.obj.Kernel, row, xi, c.xx[i], c.x, c.xx)
		for j := range i {
			c.k[j] = append(c.k[j], row[j]) // full symmetric rows: contiguous updates
		}
		c.k = append(c.k, row)
		c.diag = append(c.diag, row[i])
		spent += c.dim + 1
	}
	for len(c.c) < len(c.k) && len(c.c) < m {
		i := len(c.c)
		var s float64
		for j, cj := range c.c {
			s += cj * c.k[i][j]
		}
		c.c = append(c.c, 0)
		c.kc = append(c.kc, s)
		c.pos, c.epochs = 0, 0
		spent++
	}
	if len(c.c) < m {
		return max(spent, 1)
	}
	if c.obj.Loss == Hinge && c.obj.Margin == 0 {
		// g* = 0: the hinge at 0 is positively homogeneous.
		clear(c.c)
		clear(c.kc)
		c.record(0, 0, 0, true)
		return spent + 1
	}
	for spent < budget {
		if c.pos < m {
			if c.obj.Offset {
				spent += c.pairStep()
			} else {
				c.coordStep(c.greedy())
				spent += 2
			}
			c.pos++
			continue
		}
		// End of an epoch: the duality gap.
		c.pos = 0
		c.epochs++
		p, d, b := c.primalDual()
		spent += 2
		gap := p - d
		if gap <= c.set.Tolerance*max(math.Abs(p), 1e-300) || c.epochs >= c.set.MaxEpochs {
			conv := gap <= c.set.Tolerance*max(math.Abs(p), 1e-300)
			if c.obj.NormBound > 0 {
				var done bool
				spent += 2
				if p, gap, conv, done = c.searchStep(m, p, gap, conv); !done {
					return spent
				}
			}
			c.record(p, gap, b, conv)
			return spent
		}
	}
	return spent
}

// kat returns k(x_i, x_j).
func (c *Comparator) kat(i, j int) float64 {
	return c.k[i][j]
}

// box returns the bounds of c_i: hinge [min(0, y), max(0, y)], squared
// ℝ, Huber [−1, 1].
func (c *Comparator) box(i int) (lo, hi float64) {
	switch c.obj.Loss {
	case Squared:
		return math.Inf(-1), math.Inf(1)
	case Huber:
		return -1, 1
	}
	if c.y[i] > 0 {
		return 0, 1
	}
	return -1, 0
}

// grad returns ∂F/∂c_i of the dual objective (to minimise)
//
//	F(c) = (1/(2μ)) cᵀKc + Σ φ_i(c_i),
//	φ_i(c) = −ρ·y_i·c on the box (hinge),  ½c² − y_i·c (squared),
//	         (σ/2)c² − y_i·c on [−1, 1] (Huber: h*(u) = σu²/2, |u| ≤ 1),
//
// the Fenchel dual of J_m: f = (1/μ)Σ c_i k(x_i, ·), J_m(g*) = −min F.
func (c *Comparator) grad(i int, mu float64) float64 {
	g := c.kc[i] / mu
	if c.obj.Loss == Hinge {
		return g - c.obj.Margin*c.y[i]
	}
	return g + c.curv()*c.c[i] - c.y[i]
}

// curv returns ∂²φ_i/∂c² (0 for the hinge, 1 for squared, σ for Huber).
func (c *Comparator) curv() float64 {
	switch c.obj.Loss {
	case Squared:
		return 1
	case Huber:
		return c.obj.Margin
	}
	return 0
}

// move sets c_i ← c_i + delta and updates Kc: O(m).
func (c *Comparator) move(i int, delta float64) {
	if delta == 0 {
		return
	}
	c.c[i] += delta
	row := c.k[i][:len(c.kc)]
	for j := range row {
		c.kc[j] += delta * row[j]
	}
}

// coordStep is one exact coordinate minimisation of F in c_i, clipped to
// its box (Hsieh et al. 2008's dual coordinate step in this scaling).
func (c *Comparator) coordStep(i int) {
	mu := c.mu()
	h := c.k[i][i]/mu + c.curv()
	if h <= 0 {
		return // k(x_i, x_i) = 0: the coordinate does not move F
	}
	lo, hi := c.box(i)
	v := min(hi, max(lo, c.c[i]-c.grad(i, mu)/h))
	c.move(i, v-c.c[i])
}

// greedy returns the coordinate whose exact, clipped minimisation lowers F
// the most (the Gauss–Southwell rule; O(m), as the step's own update of
// Kc, so it at most doubles a step's cost, and on the strongly correlated
// Gram matrices of Gaussian kernels it needs far fewer steps than a cyclic
// sweep).
func (c *Comparator) greedy() int {
	mu := c.mu()
	best, bestDec := 0, -1.0
	curv, rho := c.curv(), c.obj.Margin
	hinge := c.obj.Loss == Hinge
	diag, kc, cc, y := c.diag[:len(c.c)], c.kc[:len(c.c)], c.c, c.y[:len(c.c)]
	for i, ci := range cc {
		h := diag[i]/mu + curv
		if h <= 0 {
			continue
		}
		// grad and box, inlined (the same arithmetic).
		var g, lo, hi float64
		if hinge {
			g = kc[i]/mu - rho*y[i]
			lo, hi = -1, 0
			if y[i] > 0 {
				lo, hi = 0, 1
			}
		} else {
			g = kc[i]/mu + curv*ci - y[i]
			lo, hi = c.box(i)
		}
		s := min(hi, max(lo, ci-g/h)) - ci
		if dec := -(g*s + 0.5*h*s*s); dec > bestDec {
			best, bestDec = i, dec
		}
	}
	return best
}

// pairStep is one step on the most violating pair (i, j) under Σ c = 0
// (Keerthi et al. 2001's maximal violating pair, as in LIBSVM's first-order
// working-set selection): c_i += s, c_j −= s with the exact minimiser s
// clipped to the boxes. Returns the units spent (3: selection and the two
// row updates).
func (c *Comparator) pairStep() int {
	mu := c.mu()
	i, j := -1, -1
	gi, gj := math.Inf(1), math.Inf(-1)
	for n := range c.c {
		lo, hi := c.box(n)
		g := c.grad(n, mu)
		if c.c[n] < hi && g < gi {
			i, gi = n, g
		}
		if c.c[n] > lo && g > gj {
			j, gj = n, g
		}
	}
	if i < 0 || j < 0 || i == j || gj-gi <= 0 {
		return 1
	}
	h := (c.k[i][i]+c.k[j][j]-2*c.kat(i, j))/mu + 2*c.curv()
	s := math.Inf(1)
	if h > 0 {
		s = (gj - gi) / h
	}
	_, hi := c.box(i)
	lo, _ := c.box(j)
	s = min(s, hi-c.c[i], c.c[j]-lo)
	c.move(i, s)
	c.move(j, -s)
	return 3
}

// primalDual returns the primal J_m at f = (1/μ)Σ c_i k(x_i, ·) with the
// best offset (0 without Offset), the dual value −F(c), and that offset.
func (c *Comparator) primalDual() (p, d, b float64) {
	mu := c.mu()
	var ckc, phi float64
	for i, ci := range c.c {
		ckc += ci * c.kc[i]
		if c.obj.Loss == Hinge {
			phi -= c.obj.Margin * c.y[i] * ci
		} else {
			phi += 0.5*c.curv()*ci*ci - c.y[i]*ci
		}
	}
	d = -(ckc/(2*mu) + phi)
	if c.obj.Offset {
		b = c.bestOffset(mu)
	}
	var ls float64
	for i := range c.c {
		ls += c.loss(c.kc[i]/mu+b, c.y[i])
	}
	p = ls + ckc/(2*mu) // (μ/2)‖f‖², ‖f‖² = cᵀKc/μ²
	return p, d, b
}

// loss returns c(g, y).
func (c *Comparator) loss(g, y float64) float64 {
	r := y - g
	switch c.obj.Loss {
	case Hinge:
		return max(0, c.obj.Margin-y*g)
	case Huber:
		s := c.obj.Margin
		if a := math.Abs(r); a > s || s == 0 {
			return a - s/2
		}
		return r * r / (2 * s)
	}
	return 0.5 * r * r
}

// bestOffset returns the b minimising Σ c(f_i + b, y_i): the mean residual
// for the squared loss; for the hinge the n₊-th smallest breakpoint
// b_i = ρy_i − f_i (each breakpoint raises the slope of the piecewise-linear
// sum by 1, from −n₊ at b → −∞).
func (c *Comparator) bestOffset(mu float64) float64 {
	n := len(c.c)
	switch c.obj.Loss {
	case Squared:
		var s float64
		for i := range c.c {
			s += c.y[i] - c.kc[i]/mu
		}
		return s / float64(n)
	case Huber:
		return c.huberOffset(mu)
	}
	bp := c.scratch[:0]
	np := 0
	for i := range c.c {
		bp = append(bp, c.obj.Margin*c.y[i]-c.kc[i]/mu)
		if c.y[i] > 0 {
			np++
		}
	}
	c.scratch = bp
	slices.Sort(bp)
	if np == 0 {
		return bp[0]
	}
	return bp[np-1]
}

// huberOffset returns the b where Σ ψ(r_i − b) = 0, r_i = y_i − f_i,
// ψ(r) = clip(r/σ, −1, 1) (sgn r for σ = 0): the minimiser of the convex
// Σ c(f_i + b, y_i), by bisection to the last representable midpoint (the
// sum falls as b grows).
func (c *Comparator) huberOffset(mu float64) float64 {
	s := c.obj.Margin
	psi := func(b float64) float64 {
		var t float64
		for i := range c.c {
			r := c.y[i] - c.kc[i]/mu - b
			switch {
			case s > 0:
				t += max(-1, min(1, r/s))
			case r > 0:
				t++
			case r < 0:
				t--
			}
		}
		return t
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for i := range c.c {
		r := c.y[i] - c.kc[i]/mu
		lo, hi = min(lo, r-s), max(hi, r+s)
	}
	for range 200 {
		mid := lo + (hi-lo)/2
		if mid <= lo || mid >= hi {
			break
		}
		if psi(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo + (hi-lo)/2
}

// record closes the solve of the first pending point.
func (c *Comparator) record(p, gap, b float64, converged bool) {
	pt := c.pending[0]
	c.pending = c.pending[1:]
	mu := c.mu()
	var ckc float64
	for i, ci := range c.c {
		ckc += ci * c.kc[i]
	}
	n2 := 0.0
	if mu > 0 {
		n2 = ckc / (mu * mu)
	}
	pt.Hindsight, pt.Regret = p, pt.Online-p
	pt.Norm, pt.Gap, pt.Converged, pt.Epochs = math.Sqrt(max(0, n2)), gap, converged, c.epochs+c.sEpochs
	pt.Lambda = c.lam
	c.points = append(c.points, pt)
	c.epochs, c.pos = 0, 0
	c.resetSearch()
	c.snapshot(b, n2)
	if pt.M == c.set.MaxExact {
		c.frozen = true
		c.frozenJ, c.frozenN2, c.frozenM, c.frozenLam = p, n2, c.model, pt.Lambda
		c.k, c.diag = nil, nil // the Gram matrix is no longer needed
	}
}

// searchStep closes one trial of the constrained search at λ' = c.lam on
// the prefix of length m (p, gap: its primal P_λ' and duality gap; conv:
// the gap reached the tolerance). It returns done with the point's values
// (J_λ of the trial g, the certificate Gap, converged) when the trial is
// the comparator g*_B, or sets the next λ' and returns done = false (see
// [Comparator], "Constrained comparator"). O(m).
func (c *Comparator) searchStep(m int, p, gap float64, conv bool) (pl, total float64, converged, done bool) {
	bnd, lam := c.obj.NormBound, c.obj.Lambda
	mu := c.mu()
	var ckc, x2 float64
	for i, ci := range c.c {
		ckc += ci * c.kc[i]
		x2 = max(x2, c.diag[i])
	}
	n2 := 0.0
	if mu > 0 {
		n2 = max(0, ckc/(mu*mu))
	}
	dl := c.lam - lam
	pl = p - 0.5*float64(m)*dl*n2
	c.trials++
	c.sEpochs += c.epochs
	c.epochs, c.pos = 0, 0
	lamMax := math.Sqrt(x2) / bnd // ‖f‖ ≤ X/λ' for every feasible dual
	u, h := math.Log(c.lam), math.Sqrt(n2)/bnd-1
	if h <= 0 {
		extra := 0.5 * float64(m) * dl * (bnd*bnd - n2)
		ok := extra <= SearchTolerance*c.set.Tolerance*max(math.Abs(pl), 1e-300)
		if dl <= 0 || ok || c.trials >= MaxSearch || c.stalled {
			return pl, gap + extra, conv && ok, true
		}
		if c.side == 1 {
			c.ha /= 2 // Illinois: the same end replaced twice
		}
		c.ub, c.hb, c.okB, c.side = u, h, true, 1
	} else {
		if c.lam >= lamMax {
			// Rounding at λ' = X/B (‖f‖ ≤ B up to it): record.
			return pl, gap + max(0, 0.5*float64(m)*dl*(bnd*bnd-n2)), false, true
		}
		if c.side == -1 {
			c.hb /= 2
		}
		c.ua, c.ha, c.okA, c.side = u, h, true, -1
		c.nA++
	}
	var next float64
	switch {
	case c.trials >= MaxSearch:
		next = math.Log(lamMax)
	case !c.okA:
		next = math.Log(lam) // started above λ with ‖g‖ ≤ B: is λ itself inside?
	case !c.okB && c.nA < 2:
		next = min(c.ua+math.Log1p(c.ha), math.Log(lamMax)) // the power law ‖g‖ ∝ 1/λ'
	case !c.okB:
		// The power law fell short (‖g_λ'‖ flat: a hard-margin solution
		// whose box is not active): the bracket's guaranteed end.
		next = math.Log(lamMax)
	default:
		next = (c.ua*c.hb - c.ub*c.ha) / (c.hb - c.ha)
		if !(next > min(c.ua, c.ub) && next < max(c.ua, c.ub)) {
			next = (c.ua + c.ub) / 2
		}
	}
	c.stalled = next == u // no progress (the norm's resolution, see SearchTolerance): the next trial ends the search
	c.lam = math.Exp(next)
	if c.trials >= MaxSearch || next >= math.Log(lamMax) {
		c.lam = lamMax // exactly: the trial there ends the search
	}
	return 0, 0, false, false
}

// frozenSeen counts the examples beyond MaxExact already evaluated.
func (c *Comparator) frozenSeen() int { return c.frozenCount }

// drainQueue evaluates queued examples with the frozen g* within budget
// and returns the units spent.
func (c *Comparator) drainQueue(budget int) int {
	return c.drainQueueN(budget, len(c.queueY)-c.head)
}

// drainQueueN evaluates at most n queued examples (at least one), each
// costing d + 1 units, adding R_stoch[g*, t] to the frozen sum.
func (c *Comparator) drainQueueN(budget, n int) int {
	spent := 0
	for n > 0 && c.head < len(c.queueY) && (spent == 0 || spent < budget) {
		x := c.queue[c.head*c.dim : (c.head+1)*c.dim]
		y := c.queueY[c.head]
		c.frozenJ += c.loss(c.frozenM.Score(x), y) + 0.5*c.obj.Lambda*c.frozenN2
		c.head++
		c.frozenCount++
		n--
		spent += c.dim + 1
	}
	if c.head == len(c.queueY) {
		c.queue, c.queueY, c.head = c.queue[:0], c.queueY[:0], 0
	}
	return max(spent, 1)
}

// finishFrozen records the first pending point (beyond MaxExact) with the
// frozen comparator's cumulative risk.
func (c *Comparator) finishFrozen() {
	pt := c.pending[0]
	c.pending = c.pending[1:]
	pt.Hindsight, pt.Regret = c.frozenJ, pt.Online-c.frozenJ
	pt.Norm, pt.Converged, pt.Lambda = math.Sqrt(c.frozenN2), true, c.frozenLam
	c.points = append(c.points, pt)
}

// Model returns the comparator g* of the last solved checkpoint (nil before
// the first): g*(x) = Σ_i Coef[i]·k(X_i, x) + Offset, the comparator's own
// copy taken when the checkpoint was solved (do not modify; the boundary
// of g* for a plot is Score over a grid).
func (c *Comparator) Model() *Model { return c.model }

// Margins appends to dst the normalised margins y_t·f*(x_t)/‖f*‖ (offset
// excluded) of the prefix of the last exactly solved checkpoint: y_t⟨θ,
// φ(x_t)⟩ for the unit direction θ = f*/‖f*‖ in the RKHS, the input of
// [PerceptronBound]. It returns dst unchanged when no checkpoint is solved
// or f* = 0.
func (c *Comparator) Margins(dst []float64) []float64 { return append(dst, c.margins...) }

// snapshot builds the Model and the margins of the solution in c.c.
func (c *Comparator) snapshot(b, n2 float64) {
	mu := c.mu()
	m := &Model{Kernel: c.obj.Kernel, Dim: c.dim, Offset: b}
	c.margins = c.margins[:0]
	for i, ci := range c.c {
		if ci != 0 && mu > 0 {
			m.X = append(m.X, c.x[i*c.dim:(i+1)*c.dim]...)
			m.norms = append(m.norms, c.xx[i])
			m.Coef = append(m.Coef, ci/mu)
		}
	}
	if n2 > 0 {
		norm := math.Sqrt(n2)
		for i := range c.c {
			c.margins = append(c.margins, c.y[i]*c.kc[i]/mu/norm)
		}
	}
	c.model = m
}

// Model is a fixed predictor g(x) = Σ_i Coef[i]·k(X_i, x) + Offset.
type Model struct {
	// Kernel is k; Dim the input dimension d.
	Kernel kernel.Kernel
	Dim    int
	// X holds the support inputs, row-major len(Coef)×d.
	X []float64
	// Coef are the expansion coefficients; Offset is b.
	Coef   []float64
	Offset float64
	norms  []float64
	row    []float64
}

// Score returns g(x) in O(len(Coef)·d). len(x) ≠ Dim panics. Not safe for
// concurrent use (scratch row).
func (m *Model) Score(x []float64) float64 {
	if len(x) != m.Dim {
		panic(fmt.Sprintf("regret: Model.Score: len(x) = %d, want %d", len(x), m.Dim))
	}
	if len(m.Coef) == 0 {
		return m.Offset
	}
	if cap(m.row) < len(m.Coef) {
		m.row = make([]float64, len(m.Coef))
	}
	row := m.row[:len(m.Coef)]
	kernel.Row(m.Kernel, row, x, dot(x, x), m.X, m.norms)
	s := m.Offset
	for i, v := range row {
		s += m.Coef[i] * v
	}
	return s
}

func dot(a, b []float64) float64 {
	var s float64
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}
