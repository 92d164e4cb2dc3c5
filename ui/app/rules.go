package app

import (
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// Option is one entry of a select: offered, or disabled with the reason
// (the page never swaps a refused choice for another silently).
type Option struct {
	_ [0]func() // not comparable: no equality function in main.wasm (see inspect.Block)
	// Value is the option's value (e.g. state.LearnerPegasos).
	Value string
	// Disabled says choosing it would be refused under the current
	// settings.
	Disabled bool
	// Reason is the sentence state gives for the refusal ("" if enabled).
	Reason string
}

// Options returns the options of the Choice field with URL key key under c,
// each offered or disabled with the reason [state.Apply] would give (e.g.
// Pegasos under the multiclass task: "pegasos learns two classes (binary
// task), not multiclass"). The learner and task selects use it, so the
// menu cannot show a learner that is not running.
func Options(c state.Config, key string) []Option {
	f, ok := state.FieldByKey(key)
	if !ok {
		return nil
	}
	out := make([]Option, len(f.Options))
	for i, v := range f.Options {
		out[i].Value = v
		if v == f.Get(c) {
			continue
		}
		if state.IsRESvsSGD(c) && (key == "l" || key == "t") {
			// The preset runs RES and SGD on its binary problem, whatever
			// the learner and task say (state.Decode names them RES and
			// binary): no other choice would change the run.
			out[i].Disabled, out[i].Reason = true, "The RES vs SGD data set runs RES and SGD on two classes: choose another data set for this "+f.Label+"."
			continue
		}
		n, err := state.Apply(c, state.SetField{Key: key, Value: v})
		if err == nil && n.Mode == state.Mode2D && !state.IsRESvsSGD(n) {
			// The learner must accept the settings, too (e.g. NORMA
			// refuses η₀·λ > 1).
			dim := 2
			if n.Task == state.TaskRegression {
				dim = 1
			}
			_, err = sim.Learner(n, dim)
		}
		if err != nil {
			out[i].Disabled, out[i].Reason = true, sentence(err.Error())
		}
	}
	return out
}

// ClickClass returns the class a click on the plot adds under c: the
// selected class brush, or with shift (or the right button) the next class
// (binary: the other one); 0 for regression and novelty, whose points have
// no class.
func ClickClass(c state.Config, brush int, other bool) int {
	if c.Task == state.TaskRegression || c.Task == state.TaskNovelty {
		return 0
	}
	if other {
		return (brush + 1) % c.NumClasses()
	}
	return brush
}

// learnerTitle names the learner of c for a sentence ("SVMD λ=0.95").
func learnerTitle(c state.Config) string { return sim.LearnerName(c) }
