package sim

import (
	"runtime"
	"strings"
	"testing"

	"kernelplay/core/data"
	"kernelplay/ui/state"
)

// allocated returns the bytes f allocates (MemStats.TotalAlloc).
func allocated(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// TestCheckBuffer: the largest ω that fits MaxBufferBytes passes and one
// more is refused with the size and the fix; learners without a buffer
// always pass.
func TestCheckBuffer(t *testing.T) {
	cfg := state.DigitsDefault()
	const wide = data.MaxDim // 65,536 features: 131,087 floats per term (the feature-major copy included)
	// 2²⁴ floats / 131,087 per term = 127.98…: ω = 127 fits.
	cfg.Task, cfg.BufferSize = state.TaskBinary, 127
	if err := CheckBuffer(cfg, wide); err != nil {
		t.Errorf("ω = 127: %v", err)
	}
	cfg.BufferSize = 128
	err := CheckBuffer(cfg, wide)
	if err == nil || !strings.Contains(err.Error(), "ω = 128 terms of 65536 features needs 128.01 MiB, more than the page's 128 MiB") ||
		!strings.Contains(err.Error(), "ω to 127 or less") {
		t.Errorf("ω = 128: %v", err)
	}
	// Multiclass: 4K coefficients per term on top of the input.
	cfg.Task, cfg.Classes, cfg.BufferSize = state.TaskMulticlass, 10, 4096
	if err := CheckBuffer(cfg, 784); err != nil { // 4096·(2·784+51)·8 B = 51 MiB
		t.Errorf("MNIST at ω = 4096: %v", err)
	}
	if err := CheckBuffer(cfg, 1<<24); err == nil || !strings.Contains(err.Error(), "fewer features") {
		t.Errorf("2²⁴ features: %v", err)
	}
	cfg.Learner = state.LearnerPegasos
	if err := CheckBuffer(cfg, 1<<22); err != nil {
		t.Errorf("linear Pegasos keeps no buffer: %v", err)
	}
}

// TestBufferFloats: BufferFloats is what building the learner and
// learning one sparse example allocate (SVMD keeps both coefficient sets,
// the most of the kernel learners; the first sparse input builds the
// feature-major copy), to within the learner's fixed-size working memory.
// A dense example allocates less: the budget is an upper bound.
func TestBufferFloats(t *testing.T) {
	cfg := state.DigitsDefault()
	cfg.Task, cfg.Classes, cfg.BufferSize = state.TaskMulticlass, 10, 300
	const dim = 2000
	x := make([]float64, dim)
	x[3], x[700] = 0.5, 1 // sparse: the feature-major copy is built
	got := allocated(func() {
		l, err := Learner(cfg, dim)
		if err != nil {
			t.Fatal(err)
		}
		l.Learn(x, 3) // stored: the second example's row reads the copy
		l.Learn(x, 4)
	})
	want := uint64(8 * BufferFloats(cfg.BufferSize, dim, cfg.Classes))
	if got < want || got > want+64<<10 {
		t.Errorf("SVMD ω = %d, d = %d, K = 10 allocates %d bytes, BufferFloats says %d", cfg.BufferSize, dim, got, want)
	}
}

// TestDigitsRefusesWideBuffer: a user's file of 65,536 features at the
// default ω = 512 (a 256 MiB buffer per learner) is refused before the
// buffer is allocated, with the ω that would fit.
func TestDigitsRefusesWideBuffer(t *testing.T) {
	set, err := data.ReadLIBSVM(strings.NewReader("1 65536:1\n-1 1:1\n1 2:0.5\n"), "wide.svm")
	if err != nil || set.Dim != data.MaxDim {
		t.Fatalf("dim %d: %v", set.Dim, err)
	}
	cfg := state.ComparePreset()
	cfg.Data = state.DataFile
	var d *Digits
	bytes := allocated(func() { d, err = NewDigits(cfg, set) })
	if err == nil || d != nil || !strings.Contains(err.Error(), "ω = 512 terms of 65536 features needs 512.06 MiB") ||
		!strings.Contains(err.Error(), "ω to 127 or less") {
		t.Errorf("NewDigits: %v", err)
	}
	// The set (3 × 65,536 values, 1.5 MiB) is copied once for the binary
	// task; a buffer would be 256 MiB.
	if bytes > 8<<20 {
		t.Errorf("refusing allocated %d bytes", bytes)
	}
	t.Logf("refused with %d bytes allocated: %v", bytes, err)
}
