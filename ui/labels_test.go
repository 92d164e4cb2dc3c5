//go:build js && wasm

package ui

import (
	"testing"

	"kernelplay/ui/state"
)

// TestOptionLabels: every option of every select has a display name, and
// no select shows two options under the same name (a menu could not tell
// them apart).
func TestOptionLabels(t *testing.T) {
	for i := range state.Fields {
		f := &state.Fields[i]
		if f.Kind != state.Choice {
			continue
		}
		seen := map[string]string{}
		for _, o := range f.Options {
			l := fieldOptionLabel(f.Key, o)
			if l == "" {
				t.Errorf("%s: option %q has no name", f.Key, o)
			}
			if prev, ok := seen[l]; ok {
				t.Errorf("%s: options %q and %q both read %q", f.Key, prev, o, l)
			}
			seen[l] = o
		}
	}
	if got := fieldOptionLabel("t", state.TaskBinary); got != "binary" {
		t.Errorf("the task binary reads %q", got)
	}
	if got := fieldOptionLabel("l", state.LearnerRES); got != "RES (BFGS)" {
		t.Errorf("RES reads %q", got)
	}
	// The margin rules read as words, not as the link's values.
	for _, o := range []string{state.MarginRuleAdditive, state.MarginRuleLog, state.MarginRuleLogDecay} {
		if got := fieldOptionLabel("mr", o); got == o {
			t.Errorf("margin rule %q reads as its link value", o)
		}
	}
}
