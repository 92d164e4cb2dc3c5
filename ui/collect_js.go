//go:build js && wasm

package ui

import (
	"runtime"
	"runtime/debug"
	"syscall/js"

	"kernelplay/ui/pace"
)

// gcPercent is the runtime's GOGC while the page runs: above the page's
// own rule (pace.Collector: collect when the heap has doubled, GOGC =
// 100), so that the runtime starts a collection by itself only when the
// page's frames do not run (then the heap stays under 3× the live heap).
const gcPercent = 200

// collector is the page's garbage collection between frames (pace.Collector):
// the frame loop looks at the heap after each frame (maybeCollect) and,
// when a collection is due, runs it in a task of its own (a setTimeout),
// so that its marking and sweeping do not land in a frame's task.
var collector struct {
	rule    pace.Collector
	mem     runtime.MemStats // (one, not a new one per frame: 5 kB)
	fn      js.Func          // the task that collects
	pending bool             // the task is scheduled
}

// maybeCollect schedules a collection in a task of its own when the heap
// in use has grown enough since the last (pace.Collector). The first call
// sets the runtime's GOGC to gcPercent.
func (a *Playground) maybeCollect() {
	c := &collector
	if c.pending {
		return
	}
	if c.fn.IsUndefined() {
		debug.SetGCPercent(gcPercent)
		c.fn = js.FuncOf(func(js.Value, []js.Value) any {
			t0 := perfNow()
			runtime.GC() // marks and sweeps: nothing of it is left for the frames
			runtime.ReadMemStats(&c.mem)
			c.rule.Collected(c.mem.HeapAlloc)
			c.pending = false
			a.profile("gc", perfNow()-t0)
			return nil
		})
	}
	runtime.ReadMemStats(&c.mem)
	if c.rule.Due(c.mem.HeapAlloc) {
		c.pending = true
		js.Global().Call("setTimeout", c.fn, 0)
	}
}
