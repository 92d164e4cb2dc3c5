package learn_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"kernelplay/core/kernel"
	"kernelplay/core/learn"
	"kernelplay/core/loss"
)

// modelCase is a learner to save and load, with the dimension it learns in.
type modelCase struct {
	name string
	dim  int
	make func(dim int) (learn.Learner, error)
}

// modelCases covers every learner the page runs, each with settings that
// exercise its whole state: full and wrapped LRU buffers (ω = 13 below the
// 60 steps), SMD's traces and ν-trick, offsets, curved losses, partial
// mini-batches (batch sizes that do not divide N), bias features, DCD's
// random permutations, AMM's extra hyperplanes and pruning.
func modelCases() []modelCase {
	const omega = 13 // below N, so the buffer wraps
	svmd := func(l learn.SVMDLoss, nu float64, edit func(*learn.SVMDConfig)) func(int) (learn.Learner, error) {
		return func(d int) (learn.Learner, error) {
			c := learn.DefaultSVMDConfig(l, nu)
			c.BufferSize = omega
			if c.Classes > 0 {
				c.Classes = 3
			}
			if edit != nil {
				edit(&c)
			}
			return learn.NewSVMD(c, d)
		}
	}
	norma := func(r learn.Rule, classes int, edit func(*learn.NORMAConfig)) func(int) (learn.Learner, error) {
		return func(d int) (learn.Learner, error) {
			c := learn.DefaultNORMAConfig(r, classes)
			c.BufferSize = omega
			if edit != nil {
				edit(&c)
			}
			return learn.NewNORMA(c, d)
		}
	}
	return []modelCase{
		{"svmd hinge", 2, svmd(learn.SVMDHinge, 0, nil)},
		{"svmd ν hinge offset", 2, svmd(learn.SVMDHinge, 0.2, func(c *learn.SVMDConfig) { c.Offset = true })},
		{"svmd multiclass laplacian", 2, svmd(learn.SVMDMulticlass, 0, func(c *learn.SVMDConfig) {
			c.Kernel = kernel.Laplacian{Sigma: 0.7}
		})},
		{"svmd graph ν", 2, svmd(learn.SVMDGraph, 0.1, func(c *learn.SVMDConfig) {
			c.LabelDistance = []float64{0, 1, 2, 1, 0, 1, 2, 1, 0}
		})},
		{"svmd logistic offset", 2, svmd(learn.SVMDLogistic, 0, func(c *learn.SVMDConfig) { c.Offset = true })},
		{"svmd multilogistic label kernel", 2, svmd(learn.SVMDMultiLogistic, 0, func(c *learn.SVMDConfig) {
			c.LabelKernel = []float64{1, 0.5, 0, 0.5, 1, 0.5, 0, 0.5, 1}
		})},
		{"svmd novelty", 2, svmd(learn.SVMDNovelty, 0.2, nil)},
		{"norma soft margin", 2, norma(learn.RuleSoftMargin, 0, func(c *learn.NORMAConfig) { c.Offset = true })},
		{"norma ν log-space", 2, norma(learn.RuleNuClassification, 0, func(c *learn.NORMAConfig) {
			c.MarginRule = learn.MarginLogSpace
		})},
		{"norma ν log-space decaying step", 2, norma(learn.RuleNuClassification, 0, func(c *learn.NORMAConfig) {
			c.MarginRule, c.MarginDecayTau = learn.MarginLogSpace, 10
		})},
		{"norma multiclass polynomial", 2, norma(learn.RuleSoftMargin, 3, func(c *learn.NORMAConfig) {
			c.Kernel = kernel.Polynomial{Scale: 0.5, Constant: 1, Degree: 3}
			c.Schedule = learn.Constant{Eta0: 0.05}
		})},
		{"norma novelty", 2, norma(learn.RuleNovelty, 0, nil)},
		{"norma ν-ε regression", 1, norma(learn.RuleNuEpsilonInsensitive, 0, func(c *learn.NORMAConfig) {
			c.Schedule = learn.InvSqrtT{Lambda: c.Lambda}
		})},
		{"norma adaptive huber", 1, norma(learn.RuleAdaptiveHuber, 0, func(c *learn.NORMAConfig) { c.Offset = true })},
		{"perceptron", 2, func(d int) (learn.Learner, error) {
			c := learn.DefaultPerceptronConfig()
			c.BufferSize, c.Offset = omega, true
			return learn.NewPerceptron(c, d)
		}},
		{"kernel pegasos", 2, func(d int) (learn.Learner, error) {
			c := learn.DefaultKernelPegasosConfig()
			c.BufferSize, c.Lambda = omega, 0.01
			return learn.NewKernelPegasos(c, d)
		}},
		{"pegasos batch 4 bias", 2, func(d int) (learn.Learner, error) {
			c := learn.DefaultPegasosConfig()
			c.BatchSize, c.Bias, c.Lambda = 4, 1, 0.01
			return learn.NewPegasos(c, d)
		}},
		{"sgd batch 3 logistic", 2, func(d int) (learn.Learner, error) {
			c := learn.DefaultSGDConfig()
			c.BatchSize, c.Loss, c.Bias = 3, loss.Logistic{}, 1
			return learn.NewSGD(c, d)
		}},
		{"res batch 3", 2, func(d int) (learn.Learner, error) {
			c := learn.DefaultRESConfig()
			c.BatchSize, c.Bias = 3, 1
			return learn.NewRES(c, d)
		}},
		{"dcd online", 2, func(d int) (learn.Learner, error) {
			c := learn.DefaultDCDOnlineConfig()
			c.BufferSize, c.Passes, c.Bias, c.Seed = omega, 2, 1, 7
			return learn.NewDCDOnline(c, d)
		}},
		{"amm", 2, func(d int) (learn.Learner, error) {
			c := learn.DefaultAMMConfig(3)
			c.MaxHyperplanes, c.PruneEvery, c.PruneThreshold, c.Bias = 4, 7, 0.3, 1
			return learn.NewAMM(c, d)
		}},
		{"binary amm", 2, func(d int) (learn.Learner, error) {
			c := learn.DefaultAMMConfig(2)
			c.MaxHyperplanes, c.PruneEvery, c.PruneThreshold = 3, 5, 0.2
			return learn.NewBinaryAMM(c, d)
		}},
		{"multiclass linear", 2, func(d int) (learn.Learner, error) {
			return learn.NewMulticlassLinear(learn.DefaultAMMConfig(3), d)
		}},
	}
}

// modelExample returns the i-th example of a seeded stream for task t in
// dimension d: a noisy XOR-like binary label, min(k, 3) angular classes of
// k, or a
// sine target.
func modelExample(rng *rand.Rand, t learn.Task, d, k int) ([]float64, float64) {
	x := make([]float64, d)
	for j := range x {
		x[j] = 2*rng.Float64() - 1
	}
	switch t {
	case learn.Binary:
		if x[0]*x[d-1]+0.1*rng.NormFloat64() > 0 {
			return x, 1
		}
		return x, -1
	case learn.Multiclass:
		return x, float64(int(3*(math.Atan2(x[d-1], x[0])+math.Pi)/(2*math.Pi+1e-9)) % k)
	case learn.Regression:
		return x, math.Sin(3*x[0]) + 0.1*rng.NormFloat64()
	}
	return x, 0
}

// sameBits reports whether two Steps are equal field by field, floats to
// the bit.
func sameBits(a, b learn.Step) bool {
	fa := []float64{a.Loss, a.Prediction, a.Eta, a.Margin}
	fb := []float64{b.Loss, b.Prediction, b.Eta, b.Margin}
	for i := range fa {
		if math.Float64bits(fa[i]) != math.Float64bits(fb[i]) {
			return false
		}
	}
	return a.MarginError == b.MarginError && a.Mistake == b.Mistake && a.BufferSize == b.BufferSize && a.Diverged == b.Diverged
}

// TestModelRoundTrip saves every learner after N steps, loads it, learns M
// more steps, and checks each Step and the scores on probe points against
// the uninterrupted run of N + M steps, bit for bit; the file of the loaded
// learner after M steps must equal the uninterrupted learner's. N = 0 (a
// fresh learner) is included.
func TestModelRoundTrip(t *testing.T) {
	const m = 40 // steps after loading
	for _, c := range modelCases() {
		for _, n := range []int{0, 1, 29, 60} {
			t.Run(fmt.Sprintf("%s/N=%d", c.name, n), func(t *testing.T) {
				whole, err := c.make(c.dim)
				if err != nil {
					t.Fatal(err)
				}
				part, _ := c.make(c.dim)
				rng := rand.New(rand.NewPCG(uint64(len(c.name)), uint64(n)))
				type ex struct {
					x []float64
					y float64
				}
				stream := make([]ex, n+m)
				for i := range stream {
					stream[i].x, stream[i].y = modelExample(rng, whole.Task(), c.dim, whole.NumScores())
				}
				for _, e := range stream[:n] {
					whole.Learn(e.x, e.y)
					part.Learn(e.x, e.y)
				}
				file, err := learn.MarshalModel(part)
				if err != nil {
					t.Fatal(err)
				}
				loaded, err := learn.UnmarshalModel(file)
				if err != nil {
					t.Fatalf("%v\n%s", err, file)
				}
				if reflect.TypeOf(loaded) != reflect.TypeOf(whole) {
					t.Fatalf("loaded a %T, saved a %T", loaded, whole)
				}
				again, err := learn.MarshalModel(loaded)
				if err != nil || !bytes.Equal(again, file) {
					t.Fatalf("saving the loaded learner gives another file (err %v)", err)
				}
				probe := make([]float64, c.dim)
				sw, sl := make([]float64, whole.NumScores()), make([]float64, loaded.NumScores())
				for i, e := range stream[n:] {
					a, b := whole.Learn(e.x, e.y), loaded.Learn(e.x, e.y)
					if !sameBits(a, b) {
						t.Fatalf("step %d after loading: %+v, uninterrupted %+v", i+1, b, a)
					}
					for j := range probe {
						probe[j] = math.Sin(float64(3*i + j))
					}
					whole.Scores(sw, probe)
					loaded.Scores(sl, probe)
					for y := range sw {
						if math.Float64bits(sw[y]) != math.Float64bits(sl[y]) {
							t.Fatalf("step %d after loading: score %d = %v, uninterrupted %v", i+1, y, sl[y], sw[y])
						}
					}
				}
				fw, err1 := learn.MarshalModel(whole)
				fl, err2 := learn.MarshalModel(loaded)
				if err1 != nil || err2 != nil || !bytes.Equal(fw, fl) {
					t.Fatalf("after %d more steps the files differ (errors %v, %v)", m, err1, err2)
				}
			})
		}
	}
}

// TestModelReconfigured saves SVMD and NORMA after a mid-run change of
// settings (a new Gaussian width and regularizer), which the file must
// carry: the loaded learner continues like the reconfigured one.
func TestModelReconfigured(t *testing.T) {
	sv, _ := learn.NewSVMD(learn.DefaultSVMDConfig(learn.SVMDHinge, 0.1), 2)
	nc := learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0)
	no, _ := learn.NewNORMA(nc, 2)
	rng := rand.New(rand.NewPCG(3, 4))
	for _, l := range []learn.Learner{sv, no} {
		for range 30 {
			l.Learn(modelExample(rng, learn.Binary, 2, 1))
		}
	}
	sc := learn.DefaultSVMDConfig(learn.SVMDHinge, 0.1)
	sc.Kernel, sc.Lambda = kernel.Gaussian{Sigma: 0.5}, 0.5
	if err := sv.Reconfigure(sc); err != nil {
		t.Fatal(err)
	}
	nc.Kernel, nc.Lambda = kernel.Gaussian{Sigma: 0.5}, 0.01
	if err := no.Reconfigure(nc); err != nil {
		t.Fatal(err)
	}
	for _, l := range []learn.Learner{sv, no} {
		b, err := learn.MarshalModel(l)
		if err != nil {
			t.Fatal(err)
		}
		c, err := learn.UnmarshalModel(b)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 30 {
			x, y := modelExample(rng, learn.Binary, 2, 1)
			if a, b := l.Learn(x, y), c.Learn(x, y); !sameBits(a, b) {
				t.Fatalf("%T step %d after loading: %+v, reconfigured learner %+v", l, i+1, b, a)
			}
		}
	}
}

// savedModel returns the file of an SVMD (multiclass, K = 3, d = 2) after
// 20 steps, the base of the bad files below.
func savedModel(t testing.TB) []byte {
	c := learn.DefaultSVMDConfig(learn.SVMDMulticlass, 0)
	c.Classes, c.BufferSize = 3, 8
	l, err := learn.NewSVMD(c, 2)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		l.Learn(modelExample(rng, learn.Multiclass, 2, 3))
	}
	b, err := learn.MarshalModel(l)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// editModel decodes the file b into generic JSON, applies edit and
// re-encodes it.
func editModel(t testing.TB, b []byte, edit func(m map[string]any)) []byte {
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	edit(m)
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestModelBadFiles feeds files that must be refused with a message naming
// the problem.
func TestModelBadFiles(t *testing.T) {
	good := savedModel(t)
	if _, err := learn.UnmarshalModel(good); err != nil {
		t.Fatalf("the good file: %v", err)
	}
	state := func(m map[string]any) map[string]any { return m["state"].(map[string]any) }
	exp := func(m map[string]any) map[string]any { return state(m)["expansion"].(map[string]any) }
	cfg := func(m map[string]any) map[string]any { return m["config"].(map[string]any) }
	for _, c := range []struct {
		name, want string
		file       []byte
	}{
		{"empty", "truncated", nil},
		{"truncated", "truncated", good[:len(good)/2]},
		{"not an object", "not a model", []byte(`[1, 2]`)},
		{"trailing data", "after top-level value", append(append([]byte{}, good...), []byte(` {}`)...)},
		{"NaN", "invalid character", regexp.MustCompile(`"eta":[^,]*`).ReplaceAll(good, []byte(`"eta":NaN`))},
		{"overflow", "1e999", regexp.MustCompile(`"eta":[^,]*`).ReplaceAll(good, []byte(`"eta":1e999`))},
		{"other format", "format", editModel(t, good, func(m map[string]any) { m["format"] = "onnx" })},
		{"other version", "version 2", editModel(t, good, func(m map[string]any) { m["version"] = 2 })},
		{"unknown learner", "unknown learner", editModel(t, good, func(m map[string]any) { m["learner"] = "mlp" })},
		{"unknown field", "unknown key \"momentum\"", editModel(t, good, func(m map[string]any) { state(m)["momentum"] = 1 })},
		{"no state", "missing", editModel(t, good, func(m map[string]any) { delete(m, "state") })},
		{"other dimension", "dimension", editModel(t, good, func(m map[string]any) { m["dim"] = 3 })},
		{"zero dimension", "dimension", editModel(t, good, func(m map[string]any) { m["dim"] = 0 })},
		{"short alpha", "α", editModel(t, good, func(m map[string]any) {
			a := exp(m)["alpha"].([]any)
			exp(m)["alpha"] = a[:len(a)-1]
		})},
		{"too many terms", "stored terms", editModel(t, good, func(m map[string]any) { exp(m)["len"] = 9 })},
		{"bad next", "next slot", editModel(t, good, func(m map[string]any) { exp(m)["next"] = 8 })},
		{"short offsets", "b has 2 entries, want 3", editModel(t, good, func(m map[string]any) { state(m)["b"] = []float64{0, 0} })},
		{"negative η", "eta = -1", editModel(t, good, func(m map[string]any) { state(m)["eta"] = -1 })},
		{"zero scale", "alpha_scale = 0", editModel(t, good, func(m map[string]any) { exp(m)["alpha_scale"] = 0 })},
		{"unknown kernel", "not a known kernel", editModel(t, good, func(m map[string]any) {
			cfg(m)["Kernel"] = map[string]any{"type": "spline"}
		})},
		{"unknown loss", "unknown loss", editModel(t, good, func(m map[string]any) { cfg(m)["Loss"] = "ranking" })},
		{"bad setting", "Eta0", editModel(t, good, func(m map[string]any) { cfg(m)["Eta0"] = 0 })},
		{"over budget", "model file limit", editModel(t, good, func(m map[string]any) { cfg(m)["BufferSize"] = 1 << 40 })},
		{"one class", "Classes", editModel(t, good, func(m map[string]any) { cfg(m)["Classes"] = 1 })},
	} {
		t.Run(c.name, func(t *testing.T) {
			l, err := learn.UnmarshalModel(c.file)
			if err == nil {
				t.Fatalf("accepted, a %T", l)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q does not mention %q", err, c.want)
			}
		})
	}
}

// TestMarshalModelRefuses checks what MarshalModel will not write: a
// diverged learner holding NaN, and a learner of a type without a file form.
func TestMarshalModelRefuses(t *testing.T) {
	c := learn.DefaultNORMAConfig(learn.RuleSquared, 0)
	c.Schedule, c.Lambda = learn.Constant{Eta0: 1e5}, 0
	n, err := learn.NewNORMA(c, 1)
	if err != nil {
		t.Fatal(err)
	}
	diverged := false
	for i := 0; i < 10 && !diverged; i++ {
		diverged = n.Learn([]float64{1e150}, 1e300).Diverged
	}
	if !diverged {
		t.Fatal("NORMA did not diverge")
	}
	if _, err := learn.MarshalModel(n); err == nil {
		t.Errorf("a diverged NORMA was saved")
	}
	if _, err := learn.MarshalModel(notAModel{}); err == nil || !strings.Contains(err.Error(), "no model file form") {
		t.Errorf("a foreign learner: %v", err)
	}
}

type notAModel struct{ learn.Learner }

// FuzzUnmarshalModel feeds arbitrary bytes to UnmarshalModel: it must
// return an error or a learner, never panic, and a learner it returns must
// learn and score, and save to a file that loads again.
func FuzzUnmarshalModel(f *testing.F) {
	for _, c := range modelCases() {
		l, err := c.make(c.dim)
		if err != nil {
			f.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(5, 6))
		for range 17 {
			l.Learn(modelExample(rng, l.Task(), c.dim, l.NumScores()))
		}
		b, err := learn.MarshalModel(l)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"format":"kernelplay-model","version":1}`))
	f.Add([]byte(`{"format":"kernelplay-model","FORMAT":"x","version":1,"learner":"lin\u212a"}`)) // issue 25: folded, repeated keys
	f.Fuzz(func(t *testing.T, b []byte) {
		l, err := learn.UnmarshalModel(b)
		if err != nil {
			// Names from the file are clipped (issue 25: a 62 MB name gave
			// a 130 MB message).
			if n := len(err.Error()); n > 1000 {
				t.Fatalf("a %d-byte error message: %.200s", n, err)
			}
			return
		}
		var h struct{ Dim int }
		if err := json.Unmarshal(b, &h); err != nil {
			t.Fatalf("loaded a file whose header does not decode: %v", err)
		}
		d := h.Dim
		rng := rand.New(rand.NewPCG(7, 8))
		s := make([]float64, l.NumScores())
		for range 3 {
			x, y := modelExample(rng, l.Task(), d, l.NumScores())
			l.Scores(s, x)
			l.Learn(x, y)
		}
		if out, err := learn.MarshalModel(l); err == nil {
			if _, err := learn.UnmarshalModel(out); err != nil {
				t.Fatalf("a file written after loading does not load: %v", err)
			}
		}
	})
}

// jsonLeaf is a place in a decoded JSON document: the object and key, or
// the array and index, holding a value.
type jsonLeaf struct {
	obj map[string]any
	key string
	arr []any
	i   int
}

// jsonLeaves lists every object member and array element of v in a
// deterministic order (object keys sorted).
func jsonLeaves(v any, out []jsonLeaf) []jsonLeaf {
	switch v := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			out = append(out, jsonLeaf{obj: v, key: k})
			out = jsonLeaves(v[k], out)
		}
	case []any:
		for i := range v {
			out = append(out, jsonLeaf{arr: v, i: i})
			out = jsonLeaves(v[i], out)
		}
	}
	return out
}

// FuzzModelEdit edits one field of a valid model file of every learner —
// sets a number, an integer, a negative or huge value, empties an array
// or removes a member — so that the fuzzer explores the settings and state
// checks rather than JSON syntax. UnmarshalModel must return an error or a
// learner that scores, learns and saves without panicking.
func FuzzModelEdit(f *testing.F) {
	var files [][]byte
	for _, c := range modelCases() {
		l, err := c.make(c.dim)
		if err != nil {
			f.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(5, 6))
		for range 17 {
			l.Learn(modelExample(rng, l.Task(), c.dim, l.NumScores()))
		}
		b, err := learn.MarshalModel(l)
		if err != nil {
			f.Fatal(err)
		}
		files = append(files, b)
	}
	for i := range files {
		f.Add(uint8(i), uint16(7*i), 0.0, uint8(i))
	}
	f.Add(uint8(0), uint16(3), 1e300, uint8(0))
	f.Add(uint8(3), uint16(40), -1.0, uint8(1))
	f.Fuzz(func(t *testing.T, which uint8, field uint16, v float64, op uint8) {
		var doc any
		if err := json.Unmarshal(files[int(which)%len(files)], &doc); err != nil {
			t.Fatal(err)
		}
		leaves := jsonLeaves(doc, nil)
		p := leaves[int(field)%len(leaves)]
		var nv any
		switch op % 5 {
		case 0:
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return
			}
			nv = v
		case 1:
			nv = math.Trunc(math.Max(-1e15, math.Min(1e15, v)))
		case 2:
			nv = []any{}
		case 3:
			nv = -1.0
		case 4:
			if p.obj == nil {
				return
			}
			delete(p.obj, p.key)
		}
		if op%5 != 4 {
			if p.obj != nil {
				p.obj[p.key] = nv
			} else {
				p.arr[p.i] = nv
			}
		}
		b, err := json.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		l, err := learn.UnmarshalModel(b)
		if err != nil {
			return
		}
		var h struct{ Dim int }
		if err := json.Unmarshal(b, &h); err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(7, 8))
		s := make([]float64, l.NumScores())
		for range 3 {
			x, y := modelExample(rng, l.Task(), h.Dim, l.NumScores())
			l.Scores(s, x)
			l.Learn(x, y)
		}
		if out, err := learn.MarshalModel(l); err == nil {
			if _, err := learn.UnmarshalModel(out); err != nil {
				t.Fatalf("a file written after loading does not load: %v", err)
			}
		}
	})
}

// TestModelBadLinearFiles refuses linear models whose settings or state
// cannot be right: online DCD passes costing more than MaxModelWork per
// step, a broken random-source state, labels other than ±1, a negative
// dual variable; AMM counts beyond MaxHyperplanes; a RES batch position
// beyond its batch.
func TestModelBadLinearFiles(t *testing.T) {
	save := func(l learn.Learner, err error) []byte {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(9, 9))
		for range 20 {
			l.Learn(modelExample(rng, l.Task(), 2, l.NumScores()))
		}
		b, err := learn.MarshalModel(l)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := learn.UnmarshalModel(b); err != nil {
			t.Fatalf("the good file: %v", err)
		}
		return b
	}
	dc := learn.DefaultDCDOnlineConfig()
	dc.BufferSize = 8
	dcd := save(learn.NewDCDOnline(dc, 2))
	amm := save(learn.NewAMM(learn.DefaultAMMConfig(3), 2))
	rc := learn.DefaultRESConfig()
	rc.BatchSize = 3
	res := save(learn.NewRES(rc, 2))
	state := func(m map[string]any) map[string]any { return m["state"].(map[string]any) }
	for _, c := range []struct {
		name, want string
		file       []byte
	}{
		{"dcd passes", "multiply-adds per step", editModel(t, dcd, func(m map[string]any) { m["config"].(map[string]any)["Passes"] = 1e9 })},
		{"dcd random", "random", editModel(t, dcd, func(m map[string]any) { state(m)["random"] = "AAAA" })},
		{"dcd label", "label 2", editModel(t, dcd, func(m map[string]any) { state(m)["y"].([]any)[0] = 2 })},
		{"dcd dual", "dual variable", editModel(t, dcd, func(m map[string]any) { state(m)["alpha"].([]any)[0] = -1 })},
		{"amm count", "MaxHyperplanes", editModel(t, amm, func(m map[string]any) { state(m)["count"].([]any)[1] = 99 })},
		{"res batch", "in_batch", editModel(t, res, func(m map[string]any) { state(m)["in_batch"] = 3 })},
	} {
		if _, err := learn.UnmarshalModel(c.file); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one mentioning %q", c.name, err, c.want)
		}
	}
}
