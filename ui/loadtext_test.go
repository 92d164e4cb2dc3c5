//go:build js && wasm

package ui

import (
	"errors"
	"testing"
)

// TestProgressText: what the digits view says while a shipped set loads:
// bytes of the total with the share (or without a total when the server
// sent no length), decoding, the failure's reason; nothing when ready.
func TestProgressText(t *testing.T) {
	for _, c := range []struct {
		e    loadEntry
		want string
	}{
		{loadEntry{phase: loadFetching, received: 300 << 10, total: 1200 << 10}, "Loading MNIST: 300 kB of 1.2 MB (25%)…"},
		{loadEntry{phase: loadFetching, received: 2 << 20}, "Loading MNIST: 2.0 MB…"},
		{loadEntry{phase: loadDecoding}, "Decoding MNIST…"},
		{loadEntry{phase: loadFailed, err: errors.New("HTTP 404")}, "Could not load MNIST: HTTP 404"},
		{loadEntry{phase: loadReady}, ""},
	} {
		if got := c.e.progressText("MNIST"); got != c.want {
			t.Errorf("%+v: %q, want %q", c.e, got, c.want)
		}
	}
	if kb(511) != "0 kB" || kb(512) != "1 kB" || kb(1<<20) != "1.0 MB" {
		t.Errorf("kb: %q %q %q", kb(511), kb(512), kb(1<<20))
	}
}
