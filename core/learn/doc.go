// Package learn implements the online learners of kernelplay: NORMA (Kivinen,
// Smola, Williamson 2004), SVMD (Vishwanathan, Schraudolph, Smola 2006, JMLR
// Algorithm 2), the kernel perceptron, and the linear solvers Pegasos, dual
// coordinate descent, the adaptive multi-hyperplane machine and RES.
//
// Every learner satisfies [Learner]: the caller drives, the learner steps. A
// learner never runs its own loop or timer.
//
// # Construction
//
// Every online learner is made by New…(cfg …Config, dim) and returns an
// error for every bad setting or dimension (misuse afterwards — a wrong
// slice length, a label outside the task — panics). The zero value of a
// setting means zero; Default…Config gives the settings of the papers'
// experiments, each value documented with its source. Storage is bounded by
// [MaxFloats] float64s and [MaxClasses] classes for every learner. SVMD and
// NORMA (so the perceptron) take new settings mid-run through Reconfigure.
//
// # Inspection
//
// The online learners (all but SGD) keep a record of their last step,
// returned by LastUpdate ([SVMDUpdate], [NORMAUpdate], [PegasosUpdate],
// [DCDOnlineUpdate], [AMMUpdate], [RESUpdate]): the quantities of the
// papers' update in their symbols, each field citing its equation, for a
// step inspector. Learn fills it from values it computes anyway, without
// allocating; slices alias the learner's scratch.
//
// # Model files
//
// [MarshalModel] writes a learner's full state as JSON and [UnmarshalModel]
// reads it back into a learner that continues bit for bit where the saved
// one stopped (TestModelRoundTrip checks every learner the page runs). A
// file is one object:
//
//	{"format": "kernelplay-model", "version": 1, "learner": "svmd", "dim": 2,
//	 "config": {"Lambda": 1, "Eta0": 1, …, "Kernel": {"type": "gaussian", "sigma": 0.5}, "Loss": "hinge"},
//	 "state": {"expansion": {…}, "eta": 0.73, …}}
//
// The fields:
//
//   - learner: svmd, norma (the kernel perceptron is NORMA's hinge rule with
//     λ = 0), kernel-pegasos, pegasos, sgd, res, dcd-online, amm (the
//     multiclass linear SVM is AMM with MaxHyperplanes 1) or binary-amm.
//   - config: the fields of the learner's Config type under their Go
//     names; the kernel as {"type": gaussian | laplacian | polynomial |
//     linear, "sigma", "scale", "constant", "degree"}, NORMA's schedule as
//     {"type": constant | sqrt | inv-sqrt-t, "eta0", "tau", "lambda"}, the
//     linear learners' loss and SVMD's loss, NORMA's Rule and MarginRule by
//     their String names. The learner is rebuilt by its constructor from it,
//     so every setting is validated as New… validates it.
//   - state: what the learner's next Learn reads, stored exactly: for the
//     kernel learners the ring of the expansion as it lies in memory
//     (expansion.State: slots, the stored α, β and their truncation sums
//     with the lazy multipliers, so that the sums run in the same order),
//     then η, π, ‖f‖², b, η_b, v_b, ε, η_ε, v_ε, ⟨g, v⟩, ξ and t for SVMD;
//     t, b, the margin and ‖f‖² for NORMA; w, the partial mini-batch and t
//     for the linear learners, B̂_t for RES, the example window, α and the
//     permutation source's position for online DCD, the hyperplanes and
//     their scale for AMM. The field list is at each learner's state type
//     in modelfile.go.
//
// Floats are written as encoding/json writes them (core/jsonfile writes the
// same bytes without it), in the shortest form that reads back to the same
// float64; NaN and ±Inf have no JSON form, so a diverged
// learner is not saved. A file of another format or version, a truncated
// file, unknown fields, a setting the constructor rejects, a state whose
// lengths or counters do not fit the settings and dimension, or settings
// needing more than [MaxModelFloats] float64s (checked before allocating)
// are errors. A version 2 would be a new ModelVersion; this package reads
// only its own.
//
// The stream a learner learns from is not in the file: a page that wants
// to continue its run stores the stream's seed and how far it has gone
// beside the model (kernelplay/ui/sim's Position and Resume).
//
// # Where the papers are ambiguous or wrong
//
// The code relies on these readings of the papers; comments cite them by
// their names here.
//
//   - Letters. The conference SVMD paper writes λ for the regularizer and ρ
//     for SMD's trace decay; JMLR writes c and λ for the same two; NORMA
//     uses λ for the regularizer, Λ for the step size and ρ for the margin.
//     We write Lambda for the regularizer and Decay for the trace decay.
//   - Sign of the trace. Conference eqs. (2)–(3) use η ← η·max(½, 1 + μ v·g)
//     with v ← ρv + η(g − ρGv); its eqs. (16)–(17) and JMLR (4), (33), (34)
//     use 1 − μ⟨g, v⟩ with v ← λv − η(g + λHv). Each pair is consistent; we
//     follow JMLR.
//   - Time index. JMLR (33) updates η_{t+1} from ⟨g_{t+1}, v_{t+1}⟩, while
//     Algorithm 2 computes ⟨g_t, v_t⟩ and adapts η before using it at step t
//     (the same recursion shifted by one); (57) likewise. We follow
//     Algorithm 2's order.
//   - ν-trick for every loss. JMLR (54)–(56) are written for novelty
//     detection, where ξ_t = −1 on a violation. For the binary and
//     multiclass losses we read "ξ_t + ν" as ν − m_t with m_t = ∂l/∂ε: 1 on a
//     margin violation (Δ(y_t, ỹ*) for the graph loss), 0 otherwise.
//   - NORMA's ν sign. NORMA's ν-updates (14) and (16) as printed raise ρ on
//     a margin error: gradient ascent on the loss (13), whose fixed point is
//     unstable (ρ runs away). We take the descent sign, as JMLR (56) has it;
//     the text after (18) also swaps Λν and Λ(1 − ν), while (18) itself is
//     right.
//   - Truncation. JMLR's incremental π = ⟨f, v⟩ and ‖f‖², (45)–(49), are for
//     the untruncated functions. When the LRU buffer drops a term we correct
//     them exactly for it (package expansion), or they drift from a
//     recomputation once the buffer wraps.
//   - Clamp. With c = 1 and η0 = 1 the factor (1 − ηc) is 0 and f is wiped;
//     nothing in SMD stops η from exceeding 1/c, where (1 − ηc) < 0 would
//     flip the sign of every old coefficient. SVMD clamps η_t ≤ 1/c (the
//     factor is then exactly 0, [SVMDDiagnostics.Clamped]); NORMA refuses a
//     schedule with η_1·λ > 1 and wipes f (factor 0) if a custom schedule
//     later exceeds 1/λ.
//   - Cost. JMLR measures SVMD at 3–4× NORMA per step; the kernel row of
//     f_t(x_t) also gives v_t(x_t), and v_{t+1}(x_t) follows from the update,
//     so SVMD's extra cost is O(ω·K), not a second O(ω·d) sum
//     (BenchmarkSVMDOverNORMA).
//   - RES. Update (9) is 0/0 when no sample of a mini-batch changes its loss
//     gradient (r̃ᵀv = 0); we skip the B̂ update then. δ = λ meets Assumption
//     3 only at equality, and §4's figures depend on the unstated B̂_0, which
//     we set to I (B0).
//   - Ties. The papers count undecided predictions as errors (the
//     perceptron's ŷ = sign(f) is 0 at f = 0, JMLR §2.1); [Step.Mistake]
//     does, on every learner.
//   - η after a change of the data. JMLR §6.2.1 reserves λ = 1 for
//     stationary data. With λ = 1 SMD's trace never forgets, and what η does
//     after a change depends on the change: when the new data contradict
//     the old boundary (labels flip) ⟨g, v⟩ stays positive and η collapses;
//     when they move to a new region, as on the conference paper's switch
//     task, ⟨g, v⟩ turns negative and η rises again (both in
//     TestSVMDEtaAfterSwitchDecay1; the switch task in core/experiment's
//     TestPaperSwitch).
//
// Package learn is pure Go: it must not import syscall/js or anything under
// kernelplay/ui or kernelplay/core/experiment.
package learn
