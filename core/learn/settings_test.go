package learn_test

import (
	"errors"
	"testing"

	"kernelplay/core/kernel"
	"kernelplay/core/learn"
)

// TestSameSettings: learners built from equal settings agree; one setting
// changed (the kernel's σ, the buffer size ω) is named with both values;
// learners of two types differ.
func TestSameSettings(t *testing.T) {
	build := func(edit func(*learn.SVMDConfig)) learn.Learner {
		c := learn.DefaultSVMDConfig(learn.SVMDHinge, 0)
		c.Kernel = kernel.Gaussian{Sigma: 0.15}
		if edit != nil {
			edit(&c)
		}
		l, err := learn.NewSVMD(c, 2)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	if err := learn.SameSettings(build(nil), build(nil)); err != nil {
		t.Errorf("equal settings: %v", err)
	}
	for _, c := range []struct {
		name, field, a, b string
		edit              func(*learn.SVMDConfig)
	}{
		{"laplacian", "Kernel", "{type:gaussian,sigma:0.15}", "{type:laplacian,sigma:0.15}",
			func(c *learn.SVMDConfig) { c.Kernel = kernel.Laplacian{Sigma: 0.15} }},
		{"ω", "BufferSize", "512", "1", func(c *learn.SVMDConfig) { c.BufferSize = 1 }},
	} {
		err := learn.SameSettings(build(nil), build(c.edit))
		var d *learn.SettingDiff
		if !errors.As(err, &d) || d.Name != c.field || d.A != c.a || d.B != c.b {
			t.Errorf("%s: %v (%+v), want %s: %s vs %s", c.name, err, d, c.field, c.a, c.b)
		}
	}
	n, err := learn.NewNORMA(learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0), 2)
	if err != nil {
		t.Fatal(err)
	}
	if err := learn.SameSettings(build(nil), n); err == nil {
		t.Error("an SVMD and a NORMA have the same settings")
	}
}
