package app

import (
	"bytes"
	"encoding/json"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// robustRunFile returns a run file of the default demo at step 20 whose
// members are replaced by those of repl (raw JSON by key).
func robustRunFile(t testing.TB, repl map[string][]byte) []byte {
	good, err := stepped(state.Default(), 20).ExportModel()
	if err != nil {
		t.Fatal(err)
	}
	var f map[string]json.RawMessage
	if err := json.Unmarshal(good.Bytes, &f); err != nil {
		t.Fatal(err)
	}
	for k, v := range repl {
		f[k] = v
	}
	b, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// robustRefused loads b into a stepped store and returns the warning,
// failing unless the file is refused and nothing changed.
func robustRefused(t *testing.T, b []byte) string {
	t.Helper()
	s := stepped(state.Default(), 33)
	run, hash := s.Run(), s.Hash()
	s.Dispatch(LoadModel{Name: "bad.json", Bytes: b})
	m := s.Message()
	if m.Kind != Warning || s.Run() != run || s.Hash() != hash {
		t.Fatalf("not refused (or the store changed): %+v", m)
	}
	return m.Text
}

// TestRunFileHugeArray: issue 25's run file whose model's expansion.x
// holds 32.5 M zeros (65 MB) is refused while it is scanned: allocating
// almost nothing (2.0 GB before), not a tenth of the file.
func TestRunFileHugeArray(t *testing.T) {
	good, err := stepped(state.Default(), 20).ExportModel()
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(good.Bytes, []byte(`"x": [`))
	if i < 0 {
		t.Fatalf("no x in %.300s", good.Bytes)
	}
	i += len(`"x": [`)
	var b bytes.Buffer
	b.Grow(65_000_100)
	b.Write(good.Bytes[:i])
	for b.Len() < 65_000_000 {
		b.WriteString("0,")
	}
	b.Write(good.Bytes[i:])
	var ms0, ms1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms0)
	start := time.Now()
	_, _, _, err = readRunFile(b.Bytes())
	took := time.Since(start)
	runtime.ReadMemStats(&ms1)
	total := ms1.TotalAlloc - ms0.TotalAlloc
	t.Logf("%d-byte run file: %d bytes allocated in %v: %v", b.Len(), total, took, err)
	if err == nil || !strings.Contains(err.Error(), "too many numbers") {
		t.Fatalf("error %v, want the arrays refused", err)
	}
	if total > uint64(b.Len())/10 {
		t.Errorf("refusing a %d-byte file allocated %d bytes, want ≤ a tenth of it", b.Len(), total)
	}
}

// TestRunFileStrictKeys: keys that encoding/json matches loosely —
// "lin\u212a" (a Kelvin sign) for "link", "FORMAT", a repeated "link" —
// are refused.
func TestRunFileStrictKeys(t *testing.T) {
	good := robustRunFile(t, nil)
	for name, b := range map[string][]byte{
		"Kelvin":   bytes.Replace(good, []byte(`"link":`), []byte("\"lin\u212a\":"), 1),
		"FORMAT":   bytes.Replace(good, []byte(`"format":`), []byte(`"FORMAT":`), 1),
		"repeated": bytes.Replace(good, []byte(`"link":`), []byte(`"link":"v1&r=7","link":`), 1),
	} {
		t.Run(name, func(t *testing.T) {
			if bytes.Equal(b, good) {
				t.Fatal("the edit did not apply")
			}
			if msg := robustRefused(t, b); !strings.Contains(msg, "key") {
				t.Errorf("message %q does not name the key", msg)
			}
		})
	}
}

// TestRunFileClippedNames: a long name in a run file (its format, its
// model's learner) gives a short message, the name cut after 24
// characters.
func TestRunFileClippedNames(t *testing.T) {
	long := strings.Repeat("n", 1<<20)
	good := robustRunFile(t, nil)
	var f map[string]json.RawMessage
	if err := json.Unmarshal(good, &f); err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(f["model"], &m); err != nil {
		t.Fatal(err)
	}
	m["learner"] = []byte(strconv.Quote(long))
	model, _ := json.Marshal(m)
	for name, b := range map[string][]byte{
		"format":  robustRunFile(t, map[string][]byte{"format": []byte(strconv.Quote(long))}),
		"learner": robustRunFile(t, map[string][]byte{"model": model}),
	} {
		t.Run(name, func(t *testing.T) {
			msg := robustRefused(t, b)
			if len(msg) > 400 || !strings.Contains(msg, `nnn"…`) {
				t.Errorf("a %d-byte message: %.300s", len(msg), msg)
			}
		})
	}
}

// TestRunFileModelAgreesWithLink: a run file whose model was trained with
// other settings than its link's (another kernel, σ, λ or ω) is refused,
// naming the setting, instead of running them under the link's controls.
func TestRunFileModelAgreesWithLink(t *testing.T) {
	for _, c := range []struct {
		key, value, want string
	}{
		{"k", state.KernelLaplacian, "Kernel"},
		{"s", "0.3", "Kernel"},
		{"lam", "0.01", "Lambda"},
		{"w", "64", "BufferSize"},
	} {
		t.Run(c.key, func(t *testing.T) {
			other, err := state.Apply(state.Default(), state.SetField{Key: c.key, Value: c.value})
			if err != nil {
				t.Fatal(err)
			}
			model, err := stepped(other, 20).Sim().MarshalModel()
			if err != nil {
				t.Fatal(err)
			}
			msg := robustRefused(t, robustRunFile(t, map[string][]byte{"model": model}))
			if !strings.Contains(msg, "the model's "+c.want) {
				t.Errorf("message %q does not name %s", msg, c.want)
			}
		})
	}
}

// TestRunFileResumesInSlices: Load model of a run file saved at
// sim.MaxResume replays nothing at once (the 7 s freeze of issue 25): the
// store replays its link over frames, a slice at a time, with the link's
// replay note; Stop leaves the run paused at the step it reached and says
// the file's learners were not loaded.
func TestRunFileResumesInSlices(t *testing.T) {
	b := robustRunFile(t, map[string][]byte{"position": []byte(`{"t":` + strconv.Itoa(sim.MaxResume) + `,"mistakes":0,"abs_error_sum":0}`)})
	s := NewStore("")
	s.ReplayNow = 100
	s.Dispatch(LoadModel{Name: "far.json", Bytes: b})
	at, target, ok := s.Replaying()
	if !ok || target != sim.MaxResume || at > 100 {
		t.Fatalf("after Load model: replaying %v, at %d of %d; want a replay to %d that has run at most 100 steps", ok, at, target, sim.MaxResume)
	}
	if ran := s.Replay(1000); ran != 1000 {
		t.Fatalf("a slice of 1000 ran %d", ran)
	}
	at, _, _ = s.Replaying()
	s.Dispatch(StopReplay{})
	if _, _, ok := s.Replaying(); ok || s.Run().T() != at {
		t.Fatalf("after Stop: replaying %v at t = %d, want stopped at %d", ok, s.Run().T(), at)
	}
	if m := s.Message(); !strings.Contains(m.Text, "Stopped at step") || !strings.Contains(m.Text, "not loaded") {
		t.Errorf("after Stop the banner says %q", m.Text)
	}
}

// TestRunFilePadded: a valid run file padded with whitespace to just under
// the limit (64 MiB − 1) loads with at most about twice its length
// allocated (its model member, then the model's state member, copied once
// each; 319 MB before).
func TestRunFilePadded(t *testing.T) {
	good := robustRunFile(t, nil)
	i := bytes.Index(good, []byte(`"expansion":`))
	b := append(append(append([]byte{}, good[:i]...), bytes.Repeat([]byte{' '}, sim.MaxModelBytes-1-len(good))...), good[i:]...)
	var ms0, ms1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms0)
	start := time.Now()
	_, _, _, err := readRunFile(b)
	took := time.Since(start)
	runtime.ReadMemStats(&ms1)
	total := ms1.TotalAlloc - ms0.TotalAlloc
	t.Logf("%d-byte run file: %d bytes allocated in %v", len(b), total, took)
	if err != nil {
		t.Fatal(err)
	}
	if bound := 2*uint64(len(b)) + 8<<20; total > bound {
		t.Errorf("allocated %d bytes, above 2·len(file) + 8 MiB = %d", total, bound)
	}
}
