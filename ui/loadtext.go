package ui

import (
	"strconv"

	"kernelplay/ui/app"
)

// The shipped data sets' way into memory, as the page reports it (the
// fetching is loaddata_js.go's).

// loadPhase is where a data set is on its way into memory.
type loadPhase int

const (
	loadFetching loadPhase = iota // bytes arriving (received of total)
	loadDecoding                  // all bytes in; decoded on the next frame
	loadReady
	loadFailed
)

// loadEntry is one shipped set being fetched or held.
type loadEntry struct {
	phase           loadPhase
	received, total int            // compressed bytes (total 0 when the server sent no length)
	buf             []byte         // the uncompressed payload so far
	loaded          app.DataLoaded // the decoded set, handed to the store
	err             error
}

// progressText describes a loading entry for the page: bytes received of
// the total and the share while fetching, decoding, or why it failed; ""
// when ready.
func (e *loadEntry) progressText(title string) string {
	switch e.phase {
	case loadFetching:
		s := "Loading " + title + ": " + kb(e.received)
		if e.total > 0 {
			s += " of " + kb(e.total) + " (" + strconv.Itoa(100*e.received/e.total) + "%)"
		}
		return s + "…"
	case loadDecoding:
		return "Decoding " + title + "…"
	case loadFailed:
		return "Could not load " + title + ": " + e.err.Error()
	}
	return ""
}

// kb writes a byte count as rounded kB (1024 bytes), or MB with one
// decimal from 1 MiB on.
func kb(n int) string {
	if n >= 1<<20 {
		return ftoa(float64(n)/(1<<20), 1) + " MB"
	}
	return strconv.Itoa((n+512)>>10) + " kB"
}

// loader fetches the shipped digit sets with fetch() and a stream reader,
// so the page can show bytes received of the total, and decodes them with
// app.DecodeShipped. Each set is fetched once and kept.
type loader struct {
	sets map[string]*loadEntry
	// changed is called (from a JS callback) when a fetch makes progress.
	changed func()
}

// retry forgets a failed entry so the next get fetches it again.
func (l *loader) retry(key string) {
	if e, ok := l.sets[key]; ok && e.phase == loadFailed {
		delete(l.sets, key)
	}
}

// poll decodes entries whose bytes have all arrived. It reports whether
// anything changed.
func (l *loader) poll() bool {
	changed := false
	for key, e := range l.sets {
		if e.phase != loadDecoding {
			continue
		}
		loaded, err := app.DecodeShipped(key, shippedSets[key].Name, e.buf)
		e.buf = nil
		if err != nil {
			e.phase, e.err = loadFailed, err
		} else {
			e.loaded, e.phase = loaded, loadReady
		}
		changed = true
	}
	return changed
}
