package state

import (
	"reflect"
	"strings"
	"testing"
)

// TestLinearFieldsRoundTrip: every linear learner, with its settings moved
// off their defaults, survives the link exactly.
func TestLinearFieldsRoundTrip(t *testing.T) {
	for _, l := range LinearLearners {
		c := Default()
		c.Learner = l
		c.PegasosBatchSize, c.MaxHyperplanes, c.DCDLoss, c.DCDPasses = 8, 3, LossL2, 4
		c.LinLoss, c.NonRegularized, c.Delta, c.Gamma = LossLogistic, true, 0.02, 3e-5
		c.LinBatchSize, c.LinEta0, c.LinTau, c.ResDim = 7, 0.125, 250, 40
		if err := c.Validate(); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		d, err := Decode(Encode(c))
		if err != nil || !reflect.DeepEqual(c, d) {
			t.Fatalf("%s: round trip %v\n%+v\n%+v", l, err, c, d)
		}
	}
}

// TestLinearTasks: binary solvers refuse the multiclass task with a message
// naming the alternatives; choosing a task moves to a learner that can do it.
func TestLinearTasks(t *testing.T) {
	c := Default()
	c.Learner, c.Task = LearnerPegasos, TaskMulticlass
	if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "AMM") {
		t.Errorf("Pegasos multiclass: %v", err)
	}
	c.Learner = LearnerAMM
	if err := c.Validate(); err != nil {
		t.Errorf("AMM multiclass: %v", err)
	}
	p := Default()
	p.Learner = LearnerRES
	for task, want := range map[string]string{TaskMulticlass: LearnerAMM, TaskNovelty: LearnerSVMD, TaskRegression: LearnerNORMA} {
		n, err := Apply(p, SetField{Key: "t", Value: task})
		if err != nil || n.Learner != want {
			t.Errorf("RES → %s: learner %q, %v; want %q", task, n.Learner, err, want)
		}
	}
	if _, err := Decode("v1&l=dcd&t=novelty&nu=0.1"); err == nil {
		t.Error("DCD novelty accepted")
	}
}

// TestLinearActive: the controls shown follow the learner.
func TestLinearActive(t *testing.T) {
	active := func(c Config, key string) bool {
		f, ok := FieldByKey(key)
		if !ok {
			t.Fatalf("no field %q", key)
		}
		return f.Active(c)
	}
	c := Default()
	if active(c, "pk") || active(c, "del") || !active(c, "s") || !active(c, "m") {
		t.Error("SVMD shows linear settings or hides its own")
	}
	c.Learner = LearnerPegasos
	if !active(c, "pk") || active(c, "s") || active(c, "k") || active(c, "w") || active(c, "e") || !active(c, "lam") {
		t.Error("Pegasos: want k and λ, no kernel, ω or η₀")
	}
	c.Learner = LearnerKernelPegasos
	if !active(c, "k") || !active(c, "s") || !active(c, "w") || active(c, "pk") {
		t.Error("kernel Pegasos: want the kernel and ω")
	}
	c.Learner = LearnerDCD
	if !active(c, "w") || !active(c, "dl") || !active(c, "dp") || active(c, "k") {
		t.Error("DCD: want ω (its window), loss and passes")
	}
	c.Learner = LearnerRES
	for _, k := range []string{"del", "gam", "bl", "e0", "rt", "ls", "nr"} {
		if !active(c, k) {
			t.Errorf("RES hides %s", k)
		}
	}
	c.NonRegularized = true
	if active(c, "del") || active(c, "gam") {
		t.Error("non-regularized RES shows δ or Γ")
	}
	r, err := Apply(Default(), SetPreset{Preset: PresetRESvsSGD})
	if err != nil || r.Learner != LearnerRES || r.Task != TaskBinary {
		t.Fatalf("preset: learner %q task %q, %v", r.Learner, r.Task, err)
	}
	if !active(r, "rn") || !active(r, "del") || active(r, "n") || active(r, "b") || active(r, "pk") {
		t.Error("the RES-vs-SGD preset shows the wrong controls")
	}
	if _, err := Apply(r, AddPoint{X: 0, Y: 0, Class: 1}); err == nil {
		t.Error("a click was accepted under the RES-vs-SGD preset")
	}
	// The digits mode ignores the 2D preset: its own controls show.
	d := r
	d.Mode = ModeDigits
	if active(d, "rn") || !active(d, "ds") {
		t.Error("the RES-vs-SGD preset hides the digits controls")
	}
}

// TestDecodeRESvsSGDLearner: a hand-written link naming the RES vs SGD
// data set alone runs RES and SGD, so its learner and task are RES and
// binary, as when the preset is chosen in the menu (issue 19's polish: the
// learner menu said "SVMD (adaptive η)" under RES vs SGD).
func TestDecodeRESvsSGDLearner(t *testing.T) {
	for _, link := range []string{"v1&p=res-vs-sgd", "v1&p=res-vs-sgd&l=norma", "v1&p=res-vs-sgd&t=multiclass&c=3"} {
		c, err := Decode(link)
		if err != nil {
			t.Fatalf("%s: %v", link, err)
		}
		if c.Learner != LearnerRES || c.Task != TaskBinary {
			t.Errorf("%s: learner %q, task %q; want res, binary", link, c.Learner, c.Task)
		}
	}
	if c, _ := Decode("v1&mode=digits&p=res-vs-sgd"); c.Learner == LearnerRES {
		t.Error("the digits view took the 2D preset's learner")
	}
}
