package embed

import (
	"encoding/json"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// msg builds a message's JSON: kernelplay: 1 and the given pairs.
func msg(kv ...any) string {
	m := map[string]any{"kernelplay": float64(Version)}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1]
	}
	return js(m)
}

// js is v as JSON.
func js(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// TestParseRequests: each request type, with its fields, and its id.
func TestParseRequests(t *testing.T) {
	for _, c := range []struct {
		fields string
		want   Request
	}{
		{msg("type", "play"), Request{Type: Play}},
		{msg("type", "pause", "id", 7.0), Request{Type: Pause, ID: 7.0}},
		{msg("type", "reset", "id", "r1"), Request{Type: Reset, ID: "r1"}},
		{msg("type", "state"), Request{Type: Read}},
		{msg("type", "step", "n", 10.0), Request{Type: Step, N: 10}},
		{msg("type", "step", "n", float64(MaxStep)), Request{Type: Step, N: MaxStep}},
		{msg("type", "load", "link", "v1&s=0.5"), Request{Type: Load, Hash: "v1&s=0.5"}},
		{msg("type", "load", "link", "#v1&s=0.5"), Request{Type: Load, Hash: "v1&s=0.5"}},
		{msg("type", "load", "link", "https://kp.example/#v1&s=0.5&embed=https://a.org"), Request{Type: Load, Hash: "v1&s=0.5&embed=https://a.org"}},
		{msg("type", "load", "link", ""), Request{Type: Load}},
	} {
		got, ours, err := Parse(c.fields)
		if !ours || err != "" || !reflect.DeepEqual(got, c.want) {
			t.Errorf("Parse(%v) = %+v, %v, %v; want %+v", c.fields, got, ours, err, c.want)
		}
	}
}

// TestParseNotOurs: messages without the kernelplay field belong to other
// scripts: no request, no error, no reply.
func TestParseNotOurs(t *testing.T) {
	for _, f := range []string{
		js(map[string]any{}),
		js(map[string]any{"type": "step", "n": 10.0}),
		js(map[string]any{"kernelplay": nil, "type": "play"}),
	} {
		if _, ours, err := Parse(f); ours || err != "" {
			t.Errorf("Parse(%v): ours %v, err %v; want neither", f, ours, err)
		}
	}
}

// TestParseRefuses: a malformed request is an error for the reply, short,
// saying what to send, with the id kept when it is valid.
func TestParseRefuses(t *testing.T) {
	for _, c := range []struct {
		fields string
		err    string
		id     any
	}{
		{js(map[string]any{"kernelplay": 2.0, "type": "play", "id": 3.0}), errVersion, 3.0},
		{js(map[string]any{"kernelplay": "1", "type": "play"}), errVersion, nil},
		{js(map[string]any{"kernelplay": true, "type": "play"}), errVersion, nil},
		{msg("id", "a"), errType, "a"},
		{msg("type", 5.0), errType, nil},
		{msg("type", "jump", "id", 1.0), errType, 1.0},
		{msg("type", "step"), errStep, nil},
		{msg("type", "step", "n", 0.0), errStep, nil},
		{msg("type", "step", "n", -3.0), errStep, nil},
		{msg("type", "step", "n", 2.5), errStep, nil},
		{msg("type", "step", "n", float64(MaxStep+1)), errStep, nil},
		{msg("type", "step", "n", 1e300), errStep, nil},
		{msg("type", "step", "n", "10"), errStep, nil},
		{msg("type", "step", "n", []any{1.0}), errStep, nil},
		{msg("type", "load"), errLink, nil},
		{msg("type", "load", "link", map[string]any{}), errLink, nil},
		{msg("type", "load", "link", true), errLink, nil},
		{msg("type", strings.Repeat("y", 10_000)), errType, nil},
	} {
		req, ours, err := Parse(c.fields)
		if !ours || err != c.err {
			t.Errorf("Parse(%.80v): ours %v, err %v; want %v", c.fields, ours, err, c.err)
			continue
		}
		if req.ID != c.id || req.Type != "" {
			t.Errorf("Parse(%.80v): request %+v, want only the id %v", c.fields, req, c.id)
		}
	}
	// The messages name the bounds in force.
	if !strings.Contains(errStep, " "+strconv.Itoa(MaxStep)) || !strings.Contains(errLink, " "+strconv.Itoa(MaxLinkLen)+" ") {
		t.Errorf("the errors do not say the bounds: %v; %v", errStep, errLink)
	}
}

// TestReplyAndEvent: the messages the page posts, as JSON objects, with
// null for a missing error or η.
func TestReplyAndEvent(t *testing.T) {
	st := State{T: 10, Error: 0.3, Eta: math.NaN(), Link: "https://kp.example/#v1", Playing: false, Message: ""}
	wantState := map[string]any{"t": 10.0, "error": 0.3, "eta": nil, "link": "https://kp.example/#v1", "playing": false, "message": ""}
	read := func(s string) map[string]any {
		t.Helper()
		var m map[string]any
		if err := json.Unmarshal([]byte(s), &m); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		return m
	}
	got := read(Reply(Request{Type: Step, ID: "s1", N: 10}, st, ""))
	want := map[string]any{"kernelplay": 1.0, "type": "reply", "id": "s1", "ok": true, "state": wantState}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Reply = %v, want %v", got, want)
	}
	got = read(Reply(Request{ID: 0.0}, st, errType))
	if got["ok"] != false || got["error"] != errType || got["id"] != 0.0 {
		t.Errorf("the error reply is %v", got)
	}
	if _, ok := read(Reply(Request{}, st, ""))["id"]; ok {
		t.Error("a reply to a request without id has one")
	}
	// Any id comes back as it was sent.
	req, _, _ := Parse(`{"kernelplay": 1, "type": "state", "id": {"lesson": [3, "b"], "x": null}}`)
	if got := read(Reply(req, st, ""))["id"]; !reflect.DeepEqual(got, map[string]any{"lesson": []any{3.0, "b"}, "x": nil}) {
		t.Errorf("an object id came back as %v", got)
	}
	// Numbers as JSON writes them, strings escaped.
	odd := read(Event(EventStep, State{T: 7, Error: 1e-300, Eta: 2.5e21, Link: "a\"\n\u0001</script>\u2028é", Message: "x"}))
	os := odd["state"].(map[string]any)
	if os["error"] != 1e-300 || os["eta"] != 2.5e21 || os["link"] != "a\"\n\u0001</script>\u2028é" || os["t"] != 7.0 {
		t.Errorf("the state came back as %v", os)
	}
	ev := read(Event(EventRun, State{T: 0, Error: math.NaN(), Eta: math.Inf(1), Link: "x\u2028\"</script>"}))
	s := ev["state"].(map[string]any)
	if ev["type"] != "event" || ev["event"] != EventRun || s["error"] != nil || s["eta"] != nil || s["link"] != "x\u2028\"</script>" {
		t.Errorf("Event = %v", ev)
	}
	if _, ok := ev["ok"]; ok {
		t.Errorf("an event has ok: %v", ev)
	}
}

// TestWatch: a run event when the run changes or goes back, step events
// when t moves on, at most EventsPerSecond a second.
func TestWatch(t *testing.T) {
	var w Watch
	for _, s := range []struct {
		run  string
		t    int
		now  float64
		want string
	}{
		{"a", 0, 0, ""},            // the first look: what the host's "ready" reported
		{"a", 0, 100, ""},          // nothing moved
		{"a", 10, 300, EventStep},  // stepped
		{"a", 20, 400, ""},         // 100 ms later: too soon
		{"a", 30, 560, EventStep},  // 260 ms after the last one
		{"a", 30, 900, ""},         // nothing moved
		{"a", 0, 950, EventRun},    // Reset: back in time
		{"b", 0, 960, EventRun},    // a new run
		{"b", 5, 970, EventStep},   // no step event since 560
		{"b", 5, 5000, ""},         //
		{"c", 120, 5001, EventRun}, // a loaded link opened at a step
	} {
		if got := w.Next(s.run, s.t, s.now); got != s.want {
			t.Errorf("Next(%q, %d, %v) = %q, want %q", s.run, s.t, s.now, got, s.want)
		}
	}
}
