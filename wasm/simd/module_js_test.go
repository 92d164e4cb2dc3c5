//go:build js && wasm

package simd

import (
	"encoding/binary"
	"math"
	"syscall/js"
	"testing"
)

// TestModuleInHost runs [Module] in the JavaScript host of the test (Node
// under go_js_wasm_exec; V8 has WebAssembly SIMD) on a memory of its own:
// the inputs are copied in, dots and lane run, the results are copied
// back, and [Check] compares them with core/kernel's Go loops bit for bit.
// The browser test (TestBrowserSIMD) does the same on the page's own
// memory, through the hooks.
//
//	GOOS=js GOARCH=wasm go test -exec="$(go env GOROOT)/lib/wasm/go_js_wasm_exec" ./wasm/simd
func TestModuleInHost(t *testing.T) {
	g := js.Global()
	wa := g.Get("WebAssembly")
	b := Module()
	buf := g.Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(buf, b)
	if !wa.Call("validate", buf).Bool() {
		t.Skip("this host's WebAssembly has no SIMD")
	}
	const pages = 200 // 12.5 MiB: the largest case (600 rows of 784) takes 3.8 MB
	mem := wa.Get("Memory").New(map[string]any{"initial": pages})
	inst := wa.Get("Instance").New(wa.Get("Module").New(buf), map[string]any{"env": map[string]any{"mem": mem}})
	dotsFn, laneFn := inst.Get("exports").Get("dots"), inst.Get("exports").Get("lane")

	// The host memory is laid out as consecutive 16-byte aligned regions;
	// put writes float64s (or ints as 64-bit) at the next one, get reads
	// float64s back.
	var next int
	region := func(n int) int {
		at := next
		next += (8*n + 15) &^ 15
		if next > pages<<16 {
			t.Fatalf("host memory too small for %d bytes", next)
		}
		return at
	}
	put := func(words []uint64) int {
		at := region(len(words))
		raw := make([]byte, 8*len(words))
		for i, w := range words {
			binary.LittleEndian.PutUint64(raw[8*i:], w)
		}
		js.CopyBytesToJS(g.Get("Uint8Array").New(mem.Get("buffer"), at, len(raw)), raw)
		return at
	}
	floats := func(v []float64) int {
		w := make([]uint64, len(v))
		for i, f := range v {
			w[i] = math.Float64bits(f)
		}
		return put(w)
	}
	get := func(dst []float64, at int) {
		raw := make([]byte, 8*len(dst))
		js.CopyBytesToGo(raw, g.Get("Uint8Array").New(mem.Get("buffer"), at, len(raw)))
		for i := range dst {
			dst[i] = math.Float64frombits(binary.LittleEndian.Uint64(raw[8*i:]))
		}
	}
	hostDots := func(dst, x, rows []float64) {
		next = 0
		xa, ra, da := floats(x), floats(rows), region(len(dst))
		dotsFn.Invoke(da, xa, ra, len(dst), len(x))
		get(dst, da)
	}
	hostLane := func(dst, cols []float64, offs []int, vals []float64) {
		next = 0
		ca, va, da := floats(cols), floats(vals), region(len(dst))
		w := make([]uint64, len(offs))
		for i, o := range offs {
			w[i] = uint64(o)
		}
		oa := put(w)
		laneFn.Invoke(da, ca, oa, va, len(dst), len(offs))
		get(dst, da)
	}
	rep := Check(11, hostDots, hostLane)
	t.Logf("%+v", rep)
	if rep.Mismatches != 0 {
		t.Errorf("%d of %d results differ from the Go loops; first: %s", rep.Mismatches, rep.Cases, rep.First)
	}
	if want := 8*2103 + 6*1285; rep.Cases != want {
		t.Errorf("%d cases, want %d", rep.Cases, want)
	}
}
