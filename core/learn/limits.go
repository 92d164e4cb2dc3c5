package learn

import (
	"fmt"

	"kernelplay/core/kernel"
)

// Limits on what a user setting can make a learner allocate, the same for
// every learner.
const (
	// MaxFloats bounds the float64s a learner's constructor allocates for
	// its model and buffers (2^26 float64s, 512 MiB, within a browser's
	// wasm memory). Each constructor documents its count (e.g. SVMD's
	// ω·(2d + 4K + 11)).
	MaxFloats = 1 << 26
	// MaxClasses bounds the number of classes K of a multiclass learner.
	MaxClasses = 1 << 12
)

// checkStorage returns an error when a learner would allocate more than
// MaxFloats float64s; what describes the count for the message.
func checkStorage(who string, floats float64, what string) error {
	if floats > MaxFloats {
		return fmt.Errorf("learn: %s: %s needs %.3g float64s, above the limit %d", who, what, floats, MaxFloats)
	}
	return nil
}

// checkDim returns an error unless the input dimension is positive.
func checkDim(who string, dim int) error {
	if dim < 1 {
		return fmt.Errorf("learn: %s: input dimension %d, want ≥ 1", who, dim)
	}
	return nil
}

// checkKernel validates an input kernel: non-nil, and valid by its own
// Validate method if it has one ([kernel.Validate]). Every kernel learner
// validates its kernel here.
func checkKernel(who string, k kernel.Kernel) error {
	if err := kernel.Validate(k); err != nil {
		return fmt.Errorf("learn: %s: %w", who, err)
	}
	return nil
}
