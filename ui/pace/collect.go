package pace

// Collector decides when the page collects its garbage in a task of its
// own, between two animation frames, rather than where Go's runtime would
// start a collection: a wasm Go program has one thread, and a collection
// started by an allocation inside a frame's callback marks the whole heap
// when the callback returns, before the browser gets the thread back (Go's
// idle mark worker), so the frame's task grew by the marking: 14–33 ms
// with the CPU throttled 4× on a heap of 5–12 MB, on top of a frame of
// 25–40 ms, and such frames were long tasks (over 50 ms;
// TestBrowserSpeed/Throttled, the default demo, GODEBUG=gctrace=1).
//
// The rule is the runtime's own (GOGC = 100: collect when the heap in use
// has doubled since the last collection), with a floor: at least
// MinGrowth bytes between two collections, so a small heap is not
// collected every few frames. The page sets the runtime's GOGC above it
// (ui's gcPercent), so that the runtime collects by itself only when the
// page does not (no frames: a hidden tab, which allocates nothing either).
// Memory: the heap in use stays under max(2·live, live+MinGrowth) while
// frames run, and under the runtime's bound otherwise.
//
// The zero value is ready to use. It is pure (the caller passes the heap
// sizes) and is tested natively.
type Collector struct {
	// MinGrowth is the least growth of the heap between two
	// collections, bytes; 0 means 4 MiB.
	MinGrowth uint64

	live uint64 // heap in use after the last collection, bytes (0: none yet)
}

func (c *Collector) minGrowth() uint64 {
	if c.MinGrowth > 0 {
		return c.MinGrowth
	}
	return 4 << 20
}

// Due reports whether the heap in use (heap, bytes) has grown enough since
// the last collection for the page to collect now: above twice the heap
// left by the last collection, and by MinGrowth at least.
func (c *Collector) Due(heap uint64) bool {
	return heap >= c.live+max(c.live, c.minGrowth())
}

// Collected records the heap in use right after a collection, bytes.
func (c *Collector) Collected(heap uint64) { c.live = heap }
