package sim

import (
	"fmt"
	"strconv"
	"strings"

	"kernelplay/ui/state"
)

// MaxBufferBytes is the page's memory budget for one learner's buffer of
// support vectors: 128 MiB (2²⁴ float64 values). A run holds at most two
// learners (a comparison) beside its data set (at most data.MaxSetBytes =
// 64 MiB), so a run stays near 320 MiB, within what a browser tab's
// wasm32 memory (4 GiB at most, 1–2 GB in practice) can give.
const MaxBufferBytes = 1 << 27

// BufferFloats returns the float64 values a kernel expansion of ω terms
// (BufferSize) allocates for inputs of dimension dim with K coefficient
// sets (K classes under multiclass, else 1): ω·(2·dim + 4K + 11) — the
// stored inputs x_i, the coefficients α and β with their truncation
// bookkeeping (4 per term and class), the squared norms and two kernel rows
// (core/expansion's New allocates them all at once), and the feature-major
// copy of the inputs, ω·(dim + 8), that core/expansion builds on the first
// sparse input (digit sets are sparse; counting it always keeps the budget
// an upper bound).
func BufferFloats(bufferSize, dim, classes int) int {
	return bufferSize * (2*dim + 4*max(1, classes) + 11)
}

// CheckBuffer returns an error, before anything is allocated, when the
// buffer of cfg's learner (ω = cfg.BufferSize terms of dim features) would
// take more than MaxBufferBytes: the message gives the size asked for and
// the largest ω that fits. Learners without a kernel expansion (the linear
// ones, which keep no terms) always pass. [Learner] calls it.
func CheckBuffer(cfg state.Config, dim int) error {
	if !state.UsesKernel(cfg) {
		return nil
	}
	k := 1
	if cfg.Task == state.TaskMulticlass {
		k = max(1, cfg.Classes)
	}
	per := BufferFloats(1, dim, k)
	if bytes := 8 * float64(cfg.BufferSize) * float64(per); bytes > MaxBufferBytes {
		most := MaxBufferBytes / 8 / per
		fix := fmt.Sprintf("lower the buffer size ω to %d or less", most)
		if most < 1 {
			fix = "use data with fewer features"
		}
		return fmt.Errorf("a buffer of ω = %d terms of %d features needs %s, more than the page's %s per learner: %s",
			cfg.BufferSize, dim, mib(bytes), mib(MaxBufferBytes), fix)
	}
	return nil
}

// mib formats a byte count in MiB with up to two decimals ("128.02 MiB",
// "128 MiB"), so that a size just over the budget does not read as equal
// to it.
func mib(bytes float64) string {
	s := strings.TrimRight(strconv.FormatFloat(bytes/(1<<20), 'f', 2, 64), "0")
	return strings.TrimSuffix(s, ".") + " MiB"
}
