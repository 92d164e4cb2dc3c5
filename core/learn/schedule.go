package learn

import (
	"errors"
	"fmt"
	"math"
)

// Schedule is a step-size schedule: Eta(t) is the step size η_t used for the
// t-th example, t = 1, 2, … (dimensionless; NORMA's Λ, JMLR's η_t).
// Eta panics for t < 1. Implementations are pure functions of t, so a
// schedule holds no state and is safe to share between learners.
type Schedule interface {
	// Eta returns η_t > 0 for the t-th example, t ≥ 1; t < 1 panics.
	Eta(t int) float64
}

// Validator is implemented by schedules that can check their settings.
// [NewNORMA] calls Validate on any schedule that implements it.
type Validator interface {
	// Validate returns an error describing a setting a user could have got
	// wrong (negative, zero or non-finite step sizes), or nil.
	Validate() error
}

// maxEta bounds every scheduled step size: a larger η cannot come from a
// sensible setting (NORMA's bounds need η·λ < 1, and the ν-margin moves by η
// per example).
const maxEta = 1e6

func checkPositive(name string, v float64) error {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("learn: %s = %v is not finite", name, v)
	}
	if v <= 0 {
		return fmt.Errorf("learn: %s = %v must be positive", name, v)
	}
	if v > maxEta {
		return fmt.Errorf("learn: %s = %v is larger than %v", name, v, float64(maxEta))
	}
	return nil
}

func checkT(t int) {
	if t < 1 {
		panic(fmt.Sprintf("learn: schedule: step t = %d, want t ≥ 1", t))
	}
}

// Constant is the constant step size η_t = Eta0 for every t (NORMA §2;
// Theorem 1 uses a constant Λ = B/(X√m)).
type Constant struct {
	// Eta0 is the step size, 0 < Eta ≤ 1e6. There is no default: zero is invalid.
	Eta0 float64
}

// Eta returns c.Eta0. It panics if t < 1.
func (c Constant) Eta(t int) float64 {
	checkT(t)
	return c.Eta0
}

// Validate reports a non-positive, non-finite or absurdly large Eta0.
func (c Constant) Validate() error { return checkPositive("Constant.Eta0", c.Eta0) }

// String returns e.g. "constant(η=0.1)".
func (c Constant) String() string { return fmt.Sprintf("constant(η=%g)", c.Eta0) }

// Sqrt is the decay schedule of JMLR eq. (59), the online SVM (NORMA) control
// of the SVMD experiments:
//
//	η_t = η0·√(τ/(τ + t − 1)),  t = 1, 2, …
//
// JMLR counts examples from t = 0 and states that all algorithms start with
// the same initial step size η0; our t starts at 1, so the first example
// uses η_1 = η0 exactly (the paper's t is our t − 1). The paper prints (59)
// with η0 = 1 omitted.
type Sqrt struct {
	// Eta0 is the initial step size η0 > 0. Zero means 1 (JMLR §6, Figs. 3 and 6).
	Eta0 float64
	// Tau is the decay time τ > 0 in examples. Zero means 10 (JMLR Fig. 3;
	// Figs. 4 and 6 use 100).
	Tau float64
}

func (s Sqrt) params() (eta0, tau float64) {
	eta0, tau = s.Eta0, s.Tau
	if eta0 == 0 {
		eta0 = 1
	}
	if tau == 0 {
		tau = 10
	}
	return eta0, tau
}

// Eta returns η0·√(τ/(τ + t − 1)). It panics if t < 1.
func (s Sqrt) Eta(t int) float64 {
	checkT(t)
	eta0, tau := s.params()
	return eta0 * math.Sqrt(tau/(tau+float64(t-1)))
}

// Validate reports a negative or non-finite Eta0 or Tau (zero means the default).
func (s Sqrt) Validate() error {
	eta0, tau := s.params()
	if err := checkPositive("Sqrt.Eta0", eta0); err != nil {
		return err
	}
	if math.IsNaN(tau) || math.IsInf(tau, 0) || tau <= 0 {
		return fmt.Errorf("learn: Sqrt.Tau = %v must be positive and finite", s.Tau)
	}
	return nil
}

// String returns e.g. "sqrt(η0=1, τ=10)".
func (s Sqrt) String() string {
	eta0, tau := s.params()
	return fmt.Sprintf("sqrt(η0=%g, τ=%g)", eta0, tau)
}

// InvSqrtT is the schedule of NORMA Theorem 2 (and Theorem 3), which gives the
// O(√m) cumulative-risk bound (23):
//
//	η_t = 1/(3λ√t),  t = 1, 2, …
//
// Since η_t·λ = 1/(3√t) ≤ 1/3, the shrinking factor (1 − λη_t) of eq. (10)
// stays in [2/3, 1).
type InvSqrtT struct {
	// Lambda is the regularizer λ > 0 of the learner it drives. Zero is
	// invalid on its own; [NewNORMA] replaces it by the learner's λ.
	Lambda float64
}

// Eta returns 1/(3λ√t). It panics if t < 1.
func (s InvSqrtT) Eta(t int) float64 {
	checkT(t)
	return 1 / (3 * s.Lambda * math.Sqrt(float64(t)))
}

// Validate reports a non-positive or non-finite Lambda, or one so small that
// η_1 = 1/(3λ) exceeds 1e6.
func (s InvSqrtT) Validate() error {
	l := s.Lambda
	if math.IsNaN(l) || math.IsInf(l, 0) || l <= 0 {
		return fmt.Errorf("learn: InvSqrtT.Lambda = %v must be positive and finite", l)
	}
	return checkPositive("InvSqrtT η_1 = 1/(3λ)", 1/(3*l))
}

// String returns e.g. "1/(3λ√t)(λ=0.1)".
func (s InvSqrtT) String() string { return fmt.Sprintf("1/(3λ√t)(λ=%g)", s.Lambda) }

// errNilSchedule is returned when a schedule is needed and absent.
var errNilSchedule = errors.New("learn: nil schedule")

// validateSchedule checks s's settings if it can, and the first step size in
// any case.
func validateSchedule(s Schedule) error {
	if s == nil {
		return errNilSchedule
	}
	if v, ok := s.(Validator); ok {
		if err := v.Validate(); err != nil {
			return err
		}
	}
	return checkPositive("schedule η_1", s.Eta(1))
}
