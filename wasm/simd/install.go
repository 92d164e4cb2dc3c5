//go:build js && wasm

package simd

import (
	"syscall/js"
	"unsafe"

	"kernelplay/core/kernel"
)

// hostDots and hostLane are the module's dots and lane, reached through the
// imports boot.js gives the Go program ("kernelplay" "dots" and "lane",
// which call kpBoot.simd's exports): a call from the Go program into
// JavaScript and on into the module costs tens of nanoseconds (about 30 ns
// under Node), where syscall/js's Value.Invoke costs about 1 µs and boxes
// its arguments. Pointers are byte addresses in the Go program's memory,
// counts are numbers of elements.
//
//go:wasmimport kernelplay dots
func hostDots(dst, x, rows unsafe.Pointer, n, d int32)

//go:wasmimport kernelplay lane
func hostLane(dst, cols, offs, vals unsafe.Pointer, m, nnz int32)

// Why handing the module Go pointers is safe: Go's heap does not move (its
// collector does not compact), and a goroutine's stack only moves when it
// grows, which needs Go code to run; the call is synchronous on the one
// thread, so no Go code (nor the collector) runs until the module returns,
// and the caller keeps the slices alive across the call. The module writes
// only dst[:n] (dst[:m]).

// calls counts the calls of the hooks: the page's debug hook reports them,
// so that a browser test can tell that the page's kernel rows went
// through the module.
var calls struct{ dots, lane int }

// Dots is the module's dots as a kernel.UseDots hook: dst[i] = ⟨x,
// rows[i·d:(i+1)·d]⟩ with the bits of kernel.DotsGo for d ≥ 8. Call it
// only after [Install] returned true; len(rows) ≥ len(dst)·len(x).
func Dots(dst, x, rows []float64) {
	if len(dst) == 0 {
		return
	}
	if len(rows) < len(dst)*len(x) {
		panic("simd: Dots: rows shorter than len(dst)·len(x)")
	}
	calls.dots++
	hostDots(unsafe.Pointer(unsafe.SliceData(dst)), unsafe.Pointer(unsafe.SliceData(x)),
		unsafe.Pointer(unsafe.SliceData(rows)), int32(len(dst)), int32(len(x)))
}

// ColumnLane is the module's lane as a kernel.UseColumnLane hook: dst[s] =
// Σ_n vals[n]·cols[offs[n] + s] with the bits of kernel.ColumnLaneGo. Call
// it only after [Install] returned true. It panics if vals is shorter than
// offs or an offset is out of range (the module would read outside cols).
func ColumnLane(dst, cols []float64, offs []int, vals []float64) {
	if len(dst) == 0 {
		return
	}
	if len(vals) < len(offs) {
		panic("simd: ColumnLane: vals shorter than offs")
	}
	for _, o := range offs {
		if o < 0 || o+len(dst) > len(cols) {
			panic("simd: ColumnLane: offset out of range")
		}
	}
	calls.lane++
	hostLane(unsafe.Pointer(unsafe.SliceData(dst)), unsafe.Pointer(unsafe.SliceData(cols)),
		unsafe.Pointer(unsafe.SliceData(offs)), unsafe.Pointer(unsafe.SliceData(vals)),
		int32(len(dst)), int32(len(offs)))
}

// Install builds the module ([Module]), validates it (a browser without
// WebAssembly SIMD refuses it), compiles and instantiates it synchronously
// on the Go program's memory (kpBoot.mem, published by boot.js), publishes
// its exports as kpBoot.simd for boot.js's imports, and installs [Dots] and
// [ColumnLane] as core/kernel's hooks. It reports whether it did; on false
// the page keeps the Go loops, and nothing else changes. Either way it puts
// the debug hook window.kernelplaySIMD on the page (debug.go). Call it once,
// before the page computes a kernel row (wasm/main.go, before ui.Run).
func Install() (ok bool) {
	defer installDebugHook(&ok)
	defer func() {
		// A JavaScript exception (a browser that refuses the module or its
		// import) panics in syscall/js: keep the Go loops.
		if r := recover(); r != nil {
			kernel.UseDots(nil)
			kernel.UseColumnLane(nil)
			ok = false
		}
	}()
	g := js.Global()
	boot, wa := g.Get("kpBoot"), g.Get("WebAssembly")
	if !boot.Truthy() || !wa.Truthy() || !boot.Get("mem").Truthy() {
		return false
	}
	b := Module()
	buf := g.Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(buf, b)
	if !wa.Call("validate", buf).Bool() {
		return false
	}
	env := g.Get("Object").New()
	env.Set("mem", boot.Get("mem"))
	imports := g.Get("Object").New()
	imports.Set("env", env)
	inst := wa.Get("Instance").New(wa.Get("Module").New(buf), imports)
	boot.Set("simd", inst.Get("exports"))
	kernel.UseDots(Dots)
	kernel.UseColumnLane(ColumnLane)
	return true
}
