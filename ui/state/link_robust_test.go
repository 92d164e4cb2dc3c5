package state

import (
	"reflect"
	"strings"
	"testing"
)

// robustPaddedLink returns a hand-written link of the default demo with
// one σ edit at step 10 whose value is "0.5" followed by n zeros (issue
// 25: n = 49,000 gives a 65,350-character link).
func robustPaddedLink(n int) string {
	return "v1&ev=" + encodeEvents([]Event{{T: 10, Kind: EventSet, Key: "s", Value: "0.5" + strings.Repeat("0", n)}})
}

// TestLinkPaddedValueRoundTrips: the padded σ edit decodes to σ = 0.5
// stored as "0.5", and the page's own share link, Encode of what was
// decoded, is short and decodes to the same configuration (before, it was
// 65,639 characters and "This link could not be read").
func TestLinkPaddedValueRoundTrips(t *testing.T) {
	h := robustPaddedLink(49_000)
	if len(h) > MaxHashLen {
		t.Fatalf("the crafted link is %d characters, above MaxHashLen: the premise fails", len(h))
	}
	c, err := Decode(h)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Events) != 1 || c.Events[0].Value != "0.5" {
		t.Fatalf("%d events, the first %.80q…, want σ = \"0.5\"", len(c.Events), c.Events[0].Value)
	}
	again := Encode(c)
	if len(again) > 1000 {
		t.Errorf("the re-encoded link is %d characters", len(again))
	}
	d, err := Decode(again)
	if err != nil || !reflect.DeepEqual(c, d) {
		t.Errorf("the re-encoded link decodes to %+v (%v)", d.Events, err)
	}
}

// TestLinkBadValueClipped: a long value that is not a number gives a short
// message.
func TestLinkBadValueClipped(t *testing.T) {
	_, err := Decode("v1&s=" + strings.Repeat("x", 60_000))
	if err == nil || len(err.Error()) > 200 {
		t.Errorf("a %d-character error", len(err.Error()))
	}
	c := Default()
	c.Events = []Event{{T: 10, Kind: EventSet, Key: "s", Value: strings.Repeat("y", 40_000)}}
	_, err = Decode(Encode(c))
	if err == nil || len(err.Error()) > 200 {
		t.Errorf("an edit: a %d-character error", len(err.Error()))
	}
}
