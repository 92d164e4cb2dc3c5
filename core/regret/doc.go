// Package regret compares an online learner with the best fixed predictor in
// hindsight, and gives the papers' bounds on that comparison where their
// theorems apply.
//
// # Regret
//
// NORMA (Kivinen, Smola, Williamson 2004, §4) measures an online learner by
// its cumulative risk Σ_{t≤m} R_stoch[f_t, t], with
//
//	R_stoch[f, t] = c(x_t, y_t, g(x_t)) + (λ/2)‖f‖²_H,   g = f + b,   (3)
//
// evaluated on each example BEFORE the learner learns it (f_t is the
// hypothesis after t − 1 examples). [Comparator] finds, for the prefix
// (x_1, y_1) … (x_m, y_m), the fixed g* = f* + b* minimising the same sum,
//
//	J_m(g) = Σ_{t≤m} [c(x_t, y_t, g(x_t)) + (λ/2)‖f‖²] = Σ c + (mλ/2)‖f‖²,
//
// with the learner's kernel, loss, margin and λ, and the regret
// R_m = Σ R_stoch[f_t, t] − J_m(g*) (negative on a drifting stream, where no
// fixed g fits every part of the prefix).
//
// The offset b is treated as NORMA treats it: not regularised (NORMA §3
// updates b by the gradient of the loss only). With [Objective.Offset] the
// comparator minimises over an unregularised b ∈ ℝ as well (the dual gains
// the equality constraint Σ c_i = 0, solved by pairwise steps). This is NOT
// the problem of learn.KernelDCD with Bias > 0, which regularises its bias
// (k̃ = k + B², LIBLINEAR's -B); that solver is not used here.
//
// # What is compared (learner × task)
//
//	learner (kernelplay/core/learn)        task        comparator g*                        exact
//	NORMA RuleSoftMargin (ρ fixed)          binary      hinge at ρ, λ, offset as the learner  yes
//	NORMA RuleHinge, kernel perceptron      binary      hinge at 0: g* = 0, J = 0 (see below) yes
//	NORMA RuleSquared                       regression  squared loss ½(y−g)², λ, offset       yes
//	NORMA RuleHuber (σ fixed)               regression  Huber's loss (eq. 19), λ, offset      yes
//	Kernel Pegasos                          binary      hinge at 1, λ, no offset              yes
//	SVMD with the hinge loss, ν = 0         binary      hinge at Margin0, c as λ, offset      yes
//	ν rules, adaptive Huber                 —           not computed: the margin is a
//	                                                    variable of the learner's objective
//	                                                    (ν-SVM), not a fixed setting
//	any learner, multiclass (digits)        —           not computed: binary tasks only
//
// The hinge at margin 0 is positively homogeneous, so J_m(s·g) = s·J_m(g)
// for s > 0 when λ = 0 and J_m only grows with ‖f‖ otherwise: g* = 0 with
// J_m = 0, and the regret of the perceptron is its cumulative hinge loss.
// Multiclass runs are not compared: JMLR eq. (16)'s multiclass hinge would
// need a dual with K coefficients per example; we show regret for binary
// tasks only.
//
// # Checkpoints, slices and exactness
//
// The comparator is solved at the checkpoints of [NextCheckpoint]
// (1, 2, …, 8, 10, 12, 15, 18, 22, …: ×1.25 per step, integer arithmetic),
// every checkpoint in order, each warm-started from the previous solution,
// by greedy coordinate descent on the dual (the coordinate of largest
// decrease, Gauss–Southwell; with an offset the maximal violating pair of
// Keerthi et al. 2001, as LIBSVM) until the duality gap is at most
// Tolerance·J_m (default 1e-9) or MaxEpochs epochs have run (then the
// point carries its gap: the true J lies in [Hindsight − Gap, Hindsight]
// and the regret in [Regret, Regret + Gap]). This happens near the hard
// margin, mλ ≪ 1: at NORMA's and SVMD's default λ ≈ 2.7·10⁻⁷ with σ = 1
// the relative gap after 1,000 examples was 10⁻⁴ on moons but 0.6 on
// spirals (non-separable at that width), so the page must draw the regret
// there as a band, or use a larger λ. Greedy selection
// costs O(m) per step, as the step itself; on Gaussian Gram matrices it
// converged in 2–12 epochs where a cyclic sweep took 136–489 (2D
// streams) or did not reach the tolerance in 2000 (MNIST). The work is done by
// [Comparator.Step] in slices of a caller-given budget; the sequence of
// operations does not depend on how it is sliced, so a checkpoint's value is
// a deterministic function of the prefix (same bits for any frame budget).
//
// The prefix is solved exactly (to the tolerance) up to MaxExact examples
// (default 1000: the m×m Gram matrix is stored, 8 MB). Beyond it the
// comparator is frozen at g*_{MaxExact}, and the hindsight sum continues as
// J_{MaxExact}(g*) + Σ_{t>MaxExact} R_stoch[g*, t]: the cumulative risk of
// one fixed predictor, so an upper bound on the true J_m(g*) and the regret
// reported is a LOWER bound on the true regret ([Point.Exact] is false).
// Why: the exact solve costs O(m²) memory and O(m²) per epoch, which a
// frame budget cannot carry for long streams.
//
// With [Objective.NormBound] = B the comparator is the best predictor
// inside the ball ‖f‖ ≤ B that NORMA Theorem 1 covers, g*_B: the
// unconstrained minimiser at a larger λ' found by a search (the KKT
// derivation is in [Comparator]'s documentation), its J_m read at the
// learner's λ.
//
// # Bounds
//
// Each bound is a function of the run's settings and a [Point] returning a
// [Bound]: its value, or "not applicable" with the failing condition.
//
//	bound                                   applies when                                  value
//	NORMA Theorem 2, eq. (23)  [NORMATheorem2]  soft margin (fixed ρ), binary, no offset,     Σ R_stoch[g*] + 2λ(B + X/λ)²√m
//	                                        ω ≥ m, Λ_t = 1/(3λ√t) (learn.InvSqrtT)        (O(1) term unstated, left out)
//	NORMA Theorem 1, eq. (22)  [NORMATheorem1]  as above, Λ = B/(X√m) constant, m and B     Σ R_stoch[g*_B] + B·X·√m
//	                                        fixed in advance, at t = m, ‖g*‖ ≤ B          (g*_B: Objective.NormBound)
//	NORMA Proposition 1, eq. (11) [Truncation] constant Λ, |c'| ≤ C, one score             ‖f − f_trunc‖_H (own read-out)
//	JMLR Theorem 1 [PerceptronBound]        perceptron, λ = 0, no offset, no eviction     ((R + D)/γ)² mistakes
//	                                        (θ from a second Comparator: hinge at 1, small λ; [Comparator.Margins])
//	Pegasos (lecture) [PegasosNorm]         λ > 0                                         ‖g*‖ ≤ 1/√λ
//
// Where none applies (SVMD's adaptive η, the ν-trick, AMM, RES, NORMA with
// JMLR's schedule) only the measured regret is shown.
//
// # Monitor
//
// [Monitor] is what a page runs beside one learner: the comparator of the
// learner's objective ([ObjectiveOf], [ObjectiveOfSVMD],
// [ObjectiveOfKernelPegasos]), fed [OnlineRisk] each step, ADWIN and
// Page–Hinkley (package kernelplay/core/drift) on the learner's mistakes,
// and optionally a restart of the comparator at an ADWIN alarm, so that the
// regret is measured against the best fixed predictor since the change.
// Its work is done in frame-sized slices by [Monitor.Step]. With
// [Monitor.Stop] a segment is compared over its first Stop examples only
// (the detectors go on): the page's digits view stops at MaxExact.
//
// Package regret is pure Go: it must not import syscall/js or anything under
// kernelplay/ui. It imports kernelplay/core/kernel, kernelplay/core/learn
// (the learners' settings, whose conditions the bounds check) and
// kernelplay/core/drift only.
package regret
