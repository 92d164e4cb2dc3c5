package learn_test

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"time"

	"kernelplay/core/learn"
)

// allocated returns the bytes f allocates (runtime.MemStats.TotalAlloc)
// and the heap in use at its end, with f's duration.
func allocated(f func()) (total, heap uint64, took time.Duration) {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	start := time.Now()
	f()
	took = time.Since(start)
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc, b.HeapAlloc, took
}

// hugeSVMDFile returns a well-formed SVMD model file of at least n bytes
// whose expansion.x holds zeros ("0,") up to n: its settings (ω = 8,
// d = 2) allow 16 entries. first puts "x" before the other keys of the
// expansion (where its length is not yet known from "len"), else last.
func hugeSVMDFile(t testing.TB, n int, first bool) []byte {
	c := learn.DefaultSVMDConfig(learn.SVMDHinge, 0)
	c.BufferSize = 8
	l, err := learn.NewSVMD(c, 2)
	if err != nil {
		t.Fatal(err)
	}
	good, err := learn.MarshalModel(l)
	if err != nil {
		t.Fatal(err)
	}
	var zeros bytes.Buffer
	zeros.Grow(n + 16)
	zeros.WriteString(`"x":[`)
	for zeros.Len() < n {
		zeros.WriteString("0,")
	}
	zeros.WriteString(`0]`)
	i := bytes.Index(good, []byte(`"x":null`))
	if i < 0 {
		t.Fatalf("no empty x in %s", good)
	}
	out := append([]byte{}, good[:i]...)
	if first {
		// {"expansion":{"len":0,…,"x":[]…} → x moved first.
		j := bytes.LastIndex(out, []byte(`"expansion":{`)) + len(`"expansion":{`)
		rest := append([]byte{}, out[j:]...)
		out = append(out[:j], zeros.Bytes()...)
		out = append(out, ',')
		out = append(out, rest...)
		out = append(out, bytes.TrimPrefix(good[i+len(`"x":null`):], []byte(","))...)
		return out
	}
	out = append(out, zeros.Bytes()...)
	return append(out, good[i+len(`"x":null`):]...)
}

// TestModelHugeArray is issue 25's crafted file: an SVMD model whose
// expansion.x holds 32.5 M zeros (65 MB, above MaxModelBytes only by a
// hair; here kept just under it). Decoding read the whole slice before
// checking its length (2 GB allocated); now the scan stops at the first
// number beyond what the settings need, whatever the keys' order, and the
// refusal allocates almost nothing (bound: a tenth of the file).
func TestModelHugeArray(t *testing.T) {
	for _, first := range []bool{true, false} {
		t.Run(fmt.Sprintf("xFirst=%v", first), func(t *testing.T) {
			b := hugeSVMDFile(t, 65_000_000, first)
			var err error
			total, heap, took := allocated(func() { _, err = learn.UnmarshalModel(b) })
			t.Logf("%d-byte file: allocated %d bytes (heap %d MB at the end) in %v: %v", len(b), total, heap>>20, took, err)
			if err == nil || !strings.Contains(err.Error(), "too many numbers") {
				t.Fatalf("error %v, want the arrays refused", err)
			}
			if total > uint64(len(b))/10 {
				t.Errorf("refusing a %d-byte file allocated %d bytes, want ≤ a tenth of the file", len(b), total)
			}
		})
	}
}

// TestModelPaddedFile: a valid file padded with whitespace to just under
// MaxModelBytes loads with at most the allocation UnmarshalModel's doc
// states (2 bytes per byte of the file plus 16 per float64 the settings
// need).
func TestModelPaddedFile(t *testing.T) {
	good := savedModel(t)
	pad := bytes.Repeat([]byte(" "), learn.MaxModelBytes-1-len(good))
	i := bytes.Index(good, []byte(`"expansion":`))
	b := append(append(append([]byte{}, good[:i]...), pad...), good[i:]...)
	var err error
	total, heap, took := allocated(func() { _, err = learn.UnmarshalModel(b) })
	t.Logf("%d-byte file: allocated %d bytes (heap %d MB at the end) in %v", len(b), total, heap>>20, took)
	if err != nil {
		t.Fatal(err)
	}
	if bound := 2*uint64(len(b)) + 1<<20; total > bound {
		t.Errorf("allocated %d bytes, above 2·len(file) + 1 MiB = %d", total, bound)
	}
}

// TestModelClippedNames: a name the file gives is clipped in the error, so
// a 1 MB learner or kernel name gives a short message.
func TestModelClippedNames(t *testing.T) {
	good := savedModel(t)
	long := strings.Repeat("m", 1<<20)
	for _, c := range []struct {
		name string
		file []byte
	}{
		{"learner", editModel(t, good, func(m map[string]any) { m["learner"] = long })},
		{"format", editModel(t, good, func(m map[string]any) { m["format"] = long })},
		{"kernel", editModel(t, good, func(m map[string]any) {
			m["config"].(map[string]any)["Kernel"] = map[string]any{"type": long}
		})},
		{"loss", editModel(t, good, func(m map[string]any) { m["config"].(map[string]any)["Loss"] = long })},
		{"key", editModel(t, good, func(m map[string]any) { m["state"].(map[string]any)[long] = 1 })},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := learn.UnmarshalModel(c.file)
			if err == nil {
				t.Fatal("accepted")
			}
			if len(err.Error()) > 400 || !strings.Contains(err.Error(), `mmm"…`) {
				t.Errorf("a %d-character message (want ≤ 400, the name clipped with …): %.200s", len(err.Error()), err)
			}
		})
	}
}

// TestModelUnreachableState: state no run reaches is refused — counters
// beyond 2^53 (NORMA at t = MaxInt64 failed at its first step with an
// overflowed schedule), a negative lazy multiplier (it flips f's sign) —
// and so are keys encoding/json would accept loosely: repeated, in
// another case, or matching a field only under Unicode case folding.
func TestModelUnreachableState(t *testing.T) {
	good := savedModel(t)
	st := func(m map[string]any) map[string]any { return m["state"].(map[string]any) }
	nc := learn.DefaultNORMAConfig(learn.RuleSoftMargin, 0)
	nl, err := learn.NewNORMA(nc, 2)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 5 {
		nl.Learn(modelExample(rng, learn.Binary, 2, 2))
	}
	norma, err := learn.MarshalModel(nl)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := learn.UnmarshalModel(norma); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, want string
		file       []byte
	}{
		{"NORMA t = MaxInt64", "t = 9223372036854775807", bytes.Replace(norma, []byte(`"t":5`), []byte(`"t":9223372036854775807`), 1)},
		{"SVMD steps = 2^60", "steps = ", editModel(t, good, func(m map[string]any) { st(m)["steps"] = 1 << 60 })},
		{"alpha_scale = -1", "alpha_scale = -1", editModel(t, good, func(m map[string]any) {
			st(m)["expansion"].(map[string]any)["alpha_scale"] = -1
		})},
		{"duplicate key", "twice", bytes.Replace(good, []byte(`"format":`), []byte(`"format":"x","format":`), 1)},
		{"upper-case key", `"FORMAT" is not "format"`, bytes.Replace(good, []byte(`"format":`), []byte(`"FORMAT":`), 1)},
		{"case-folded duplicate", `"Format" is not "format"`, bytes.Replace(good, []byte(`"format":`), []byte(`"Format":"x","format":`), 1)},
		{"Kelvin sign", "is not \"Kernel\"", bytes.Replace(good, []byte(`"Kernel":`), []byte("\"\u212aernel\":"), 1)},
		{"escaped key", "escape", bytes.Replace(good, []byte(`"format":`), []byte(`"\u0066ormat":`), 1)},
	} {
		t.Run(c.name, func(t *testing.T) {
			if bytes.Equal(c.file, good) || bytes.Equal(c.file, norma) {
				t.Fatal("the edit did not apply")
			}
			l, err := learn.UnmarshalModel(c.file)
			if err == nil {
				t.Fatalf("accepted, a %T", l)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q does not mention %q", err, c.want)
			}
		})
	}
	_ = math.MaxInt64
}

// TestModelArrayBeyondSettings: a state array longer than the settings
// allow (ω = 8, d = 2: 16 support-vector entries) is refused by the scan
// of the state, before it is decoded.
func TestModelArrayBeyondSettings(t *testing.T) {
	b := hugeSVMDFile(t, 2000, true)
	_, err := learn.UnmarshalModel(b)
	if err == nil || !strings.Contains(err.Error(), "state: too many numbers in its arrays: more than ") {
		t.Fatalf("error %v, want the state's arrays refused", err)
	}
}
