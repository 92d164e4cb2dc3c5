package learn

import (
	"fmt"
	"reflect"
	"slices"

	"kernelplay/core/kernel"
)

// setKernel validates a replacement input kernel for a run in progress: it
// must be of the same type as old (another width σ of a Gaussian, another
// degree of a polynomial, …), and it reports whether anything changed.
func setKernel(name string, old, nk kernel.Kernel) (changed bool, err error) {
	if reflect.TypeOf(old) != reflect.TypeOf(nk) {
		return false, fmt.Errorf("learn: %s: Reconfigure: the kernel %v replaces %v, another kernel type: that starts a new run", name, nk, old)
	}
	// The kernels are small comparable structs (kernel.Gaussian{Sigma}, …):
	// == compares their parameters as reflect.DeepEqual would, without
	// linking it into the page. A kernel type that is not comparable counts
	// as changed: the kernel quantities are then recomputed, never kept
	// stale.
	if t := reflect.TypeOf(nk); t != nil && !t.Comparable() {
		return true, nil
	}
	return old != nk, nil
}

// Reconfigure applies new settings to the run in progress, from the next
// Learn on. It keeps every stored term (x_i, α_i, β_i, the buffer order),
// the step count, the offsets b and the traces v, v_b, v_ε. cfg is
// validated and defaulted as by [NewSVMD]; on an error nothing changes.
//
// What each change does to the state:
//   - Kernel (same type, other parameters, e.g. σ): f and v keep their
//     coefficients and become expansions in the new kernel; every quantity
//     built from kernel values — ‖f‖², π = ⟨f, v⟩ and the truncation
//     bookkeeping of the LRU buffer — is recomputed from the stored terms
//     (O(ω²·d) once).
//   - Lambda (c), Mu, Decay (λ), MuOffset, Nu: used from the next step; no
//     state depends on them. Turning the ν-trick on or off (Nu zero ↔
//     non-zero) restarts the margin: ε = Margin0, η_ε = η_{ε,0}, v_ε = 0.
//   - Eta0: a changed η_0 sets the current step size, η_t = η_0. SMD adapts
//     η multiplicatively from wherever it is, so η_0 is only ever its
//     starting point; setting it is how a user restarts the adaptation from
//     a chosen value (e.g. after η collapsed), and the next step adapts it
//     again by eq. (33). Likewise a changed η_{b,0} sets every η_b and a
//     changed η_{ε,0} sets η_ε.
//   - Margin0: the fixed margin without ν, used from the next step; with ν a
//     changed Margin0 sets the current ε (as Eta0 sets η).
//
// Settings that define the run are refused with an error (the caller starts
// a new run instead): Loss, Classes, LabelKernel, LabelDistance, BufferSize,
// Offset, and the kernel's type. Reconfigure with the settings in force
// changes nothing: the run stays bit-identical to one without the call.
// A diverged learner stays diverged until Reset.
func (s *SVMD) Reconfigure(cfg SVMDConfig) error {
	p, err := svmdResolve(cfg, s.dim)
	if err != nil {
		return err
	}
	old := s.svmdParams
	switch {
	case p.lossKind != old.lossKind:
		return fmt.Errorf("learn: SVMD: Reconfigure: the %v loss replaces %v: that starts a new run", p.lossKind, old.lossKind)
	case p.k != old.k:
		return fmt.Errorf("learn: SVMD: Reconfigure: %d classes replace %d: that starts a new run", p.k, old.k)
	case p.omega != old.omega:
		return fmt.Errorf("learn: SVMD: Reconfigure: BufferSize %d replaces %d: that starts a new run", p.omega, old.omega)
	case p.hasOffset != old.hasOffset:
		return fmt.Errorf("learn: SVMD: Reconfigure: Offset %v replaces %v: that starts a new run", p.hasOffset, old.hasOffset)
	case !slices.Equal(cfg.LabelKernel, s.cfg.LabelKernel):
		return fmt.Errorf("learn: SVMD: Reconfigure: a new LabelKernel starts a new run")
	case !slices.Equal(cfg.LabelDistance, s.cfg.LabelDistance):
		return fmt.Errorf("learn: SVMD: Reconfigure: a new LabelDistance starts a new run")
	}
	kernelChanged, err := setKernel("SVMD", old.kern, p.kern)
	if err != nil {
		return err
	}
	s.cfg, s.svmdParams = cfg, p
	if kernelChanged {
		s.exp.SetKernel(p.kern)
		s.normF, s.pi = s.exp.Norms()
	}
	if p.eta0 != old.eta0 {
		s.eta = p.eta0
	}
	if p.etaB0 != old.etaB0 {
		for y := range s.etaB {
			s.etaB[y] = p.etaB0
		}
	}
	if (p.nu > 0) != (old.nu > 0) {
		s.eps, s.etaEps, s.vEps = p.margin0, p.etaEps0, 0
	}
	if p.margin0 != old.margin0 {
		s.eps = p.margin0
	}
	if p.etaEps0 != old.etaEps0 {
		s.etaEps = p.etaEps0
	}
	return nil
}

// Reconfigure applies new settings to the run in progress, from the next
// Learn on. It keeps every stored term (x_i, α_i, the buffer order), the
// step count t, and the offsets b. cfg is validated and defaulted as by
// [NewNORMA]; on an error nothing changes.
//
// What each change does to the state:
//   - Kernel (same type, other parameters, e.g. σ): f keeps its
//     coefficients and becomes an expansion in the new kernel; ‖f‖² and the
//     truncation bookkeeping of the buffer are recomputed from the stored
//     terms (O(ω²·d) once).
//   - Lambda, Nu: used from the next step; no state depends on them.
//   - Schedule: the new schedule gives η_{t+1} at the next step,
//     t continuing (so η0 rescales the decay (59) from the next step on).
//     NORMA's η_t is a fixed function of t with no adapted state, unlike
//     SVMD's, so there is nothing else to reset.
//   - Margin0, Epsilon, HuberSigma (the margin of the rule): for the rules with
//     a fixed margin (RuleSoftMargin, RuleHuber) the new one is used from
//     the next step; for the adaptive rules a changed initial margin sets
//     the current one (novelty's offset −ρ follows).
//
// Settings that define the run are refused with an error (the caller starts
// a new run instead): Rule, MarginRule, Classes, BufferSize, Offset and the
// kernel's type. EtaMargin and MarginDecayTau are used from the next step
// (t continuing). Reconfigure with the settings in force changes nothing: the run
// stays bit-identical to one without the call. A diverged learner stays
// diverged until Reset.
func (n *NORMA) Reconfigure(cfg NORMAConfig) error {
	p, err := normaResolve(cfg, n.dim)
	if err != nil {
		return err
	}
	old := n.normaParams
	switch {
	case p.rule != old.rule:
		return fmt.Errorf("learn: NORMA: Reconfigure: the %v rule replaces %v: that starts a new run", p.rule, old.rule)
	case p.k != old.k || p.task != old.task:
		return fmt.Errorf("learn: NORMA: Reconfigure: Classes %d replaces %d: that starts a new run", p.cfg.Classes, old.cfg.Classes)
	case p.cfg.BufferSize != old.cfg.BufferSize:
		return fmt.Errorf("learn: NORMA: Reconfigure: BufferSize %d replaces %d: that starts a new run", p.cfg.BufferSize, old.cfg.BufferSize)
	case p.cfg.MarginRule != old.cfg.MarginRule:
		return fmt.Errorf("learn: NORMA: Reconfigure: the %v margin rule replaces %v: that starts a new run", p.cfg.MarginRule, old.cfg.MarginRule)
	case p.cfg.Offset != old.cfg.Offset:
		return fmt.Errorf("learn: NORMA: Reconfigure: Offset %v replaces %v: that starts a new run", p.cfg.Offset, old.cfg.Offset)
	}
	kernelChanged, err := setKernel("NORMA", old.cfg.Kernel, p.cfg.Kernel)
	if err != nil {
		return err
	}
	n.normaParams = p
	if kernelChanged {
		n.exp.SetKernel(p.cfg.Kernel)
		n.norm2, _ = n.exp.Norms()
	}
	if p.margin0 != old.margin0 {
		n.margin = p.margin0
		if n.task == Novelty {
			n.b[0] = -n.margin
		}
	}
	return nil
}

// NORMA returns the settings of NORMA that [NewPerceptron] runs: rule (15)
// with λ = 0 and η = 1. Pass them to [NORMA.Reconfigure] to change a
// perceptron's kernel mid-run.
func (c PerceptronConfig) NORMA() NORMAConfig {
	return NORMAConfig{
		Rule:       RuleHinge,
		Kernel:     c.Kernel,
		Classes:    c.Classes,
		Schedule:   Constant{Eta0: 1},
		BufferSize: c.BufferSize,
		Offset:     c.Offset,
	}
}
