package learn

import (
	"testing"

	"kernelplay/core/kernel"
)

// sliceKernel is a kernel type that == cannot compare.
type sliceKernel struct {
	kernel.Gaussian
	w []float64
}

// TestSetKernel: a replacement kernel of the same type changes the run
// exactly when a parameter differs (as reflect.DeepEqual said before ==
// replaced it), another type is refused, and a kernel type == cannot
// compare counts as changed.
func TestSetKernel(t *testing.T) {
	for _, c := range []struct {
		old, nk kernel.Kernel
		changed bool
	}{
		{kernel.Gaussian{Sigma: 0.5}, kernel.Gaussian{Sigma: 0.5}, false},
		{kernel.Gaussian{Sigma: 0.5}, kernel.Gaussian{Sigma: 0.25}, true},
		{kernel.Polynomial{Scale: 1, Constant: 1, Degree: 3}, kernel.Polynomial{Scale: 1, Constant: 1, Degree: 3}, false},
		{kernel.Polynomial{Scale: 1, Constant: 1, Degree: 3}, kernel.Polynomial{Scale: 1, Constant: 1, Degree: 2}, true},
		{kernel.Linear{}, kernel.Linear{}, false},
		{sliceKernel{kernel.Gaussian{Sigma: 1}, []float64{1}}, sliceKernel{kernel.Gaussian{Sigma: 1}, []float64{1}}, true},
	} {
		changed, err := setKernel("test", c.old, c.nk)
		if err != nil || changed != c.changed {
			t.Errorf("%v → %v: changed %v (%v), want %v", c.old, c.nk, changed, err, c.changed)
		}
	}
	if _, err := setKernel("test", kernel.Gaussian{Sigma: 1}, kernel.Laplacian{Sigma: 1}); err == nil {
		t.Error("a Laplacian replaced a Gaussian")
	}
}
