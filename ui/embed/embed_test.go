package embed

import (
	"encoding/json"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"kernelplay/ui/state"
)

// msg is a request's fields with kernelplay: 1 and the given ones.
func msg(typ, n, link any) Fields {
	return Fields{Kernelplay: float64(Version), Type: typ, N: n, Link: link}
}

// TestParseRequests: each request type, with its fields.
func TestParseRequests(t *testing.T) {
	for _, c := range []struct {
		fields Fields
		want   Request
	}{
		{msg("play", nil, nil), Request{Type: Play}},
		{msg("pause", nil, nil), Request{Type: Pause}},
		{msg("reset", "x", Other{}), Request{Type: Reset}}, // fields the type does not use are not read
		{msg("state", nil, nil), Request{Type: Read}},
		{msg("step", 10.0, nil), Request{Type: Step, N: 10}},
		{msg("step", 1.0, "v1"), Request{Type: Step, N: 1}},
		{msg("step", float64(MaxStep), nil), Request{Type: Step, N: MaxStep}},
		{msg("load", nil, "v1&s=0.5"), Request{Type: Load, Hash: "v1&s=0.5"}},
		{msg("load", nil, "#v1&s=0.5"), Request{Type: Load, Hash: "v1&s=0.5"}},
		{msg("load", nil, "https://kp.example/#v1&s=0.5&embed=https://a.org"), Request{Type: Load, Hash: "v1&s=0.5&embed=https://a.org"}},
		{msg("load", nil, ""), Request{Type: Load}},
		{msg("load", nil, strings.Repeat("a", MaxLinkLen)), Request{Type: Load, Hash: strings.Repeat("a", MaxLinkLen)}},
	} {
		got, ours, err := Parse(c.fields)
		if !ours || err != "" || got != c.want {
			t.Errorf("Parse(%.80v) = %.80v, %v, %v; want %.80v", c.fields, got, ours, err, c.want)
		}
	}
}

// TestParseNotOurs: messages without the kernelplay field (or with
// kernelplay undefined or null: nil, as the glue reads them) belong to
// other scripts: no request, no error, no reply.
func TestParseNotOurs(t *testing.T) {
	for _, f := range []Fields{
		{},
		{Type: "step", N: 10.0},
		{Type: "play", Link: "v1"},
	} {
		if req, ours, err := Parse(f); ours || err != "" || req != (Request{}) {
			t.Errorf("Parse(%v) = %v, ours %v, err %v; want nothing", f, req, ours, err)
		}
	}
}

// TestParseRefuses: a malformed request is an error for the reply, short,
// saying what to send, and no request.
func TestParseRefuses(t *testing.T) {
	for _, c := range []struct {
		fields Fields
		err    string
	}{
		{Fields{Kernelplay: 2.0, Type: "play"}, errVersion},
		{Fields{Kernelplay: "1", Type: "play"}, errVersion},
		{Fields{Kernelplay: Other{}, Type: "play"}, errVersion}, // true, an object
		{Fields{Kernelplay: 1.5, Type: "play"}, errVersion},
		{msg(nil, nil, nil), errType},
		{msg(5.0, nil, nil), errType},
		{msg(Other{}, nil, nil), errType},
		{msg("jump", nil, nil), errType},
		{msg("Play", nil, nil), errType},
		{msg("step", nil, nil), errStep},
		{msg("step", 0.0, nil), errStep},
		{msg("step", -3.0, nil), errStep},
		{msg("step", 2.5, nil), errStep},
		{msg("step", float64(MaxStep+1), nil), errStep},
		{msg("step", 1e300, nil), errStep},
		{msg("step", math.NaN(), nil), errStep},
		{msg("step", math.Inf(1), nil), errStep},
		{msg("step", "10", nil), errStep},
		{msg("step", Other{}, nil), errStep},
		{msg("load", nil, nil), errLink},
		{msg("load", nil, Other{}), errLink},
		{msg("load", nil, 3.0), errLink},
		// A link one longer than the bound: what boot.js hands Go of a
		// longer one (it cuts strings after MaxLinkLen+1 characters).
		{msg("load", nil, strings.Repeat("a", MaxLinkLen+1)), errLink},
		// The bound is on bytes: 2-byte characters count twice.
		{msg("load", nil, strings.Repeat("é", MaxLinkLen/2+1)), errLink},
		{msg(strings.Repeat("y", MaxLinkLen+1), nil, nil), errType},
	} {
		req, ours, err := Parse(c.fields)
		if !ours || err != c.err || req != (Request{}) {
			t.Errorf("Parse(%.80v) = %v, ours %v, err %v; want no request and %v", c.fields, req, ours, err, c.err)
		}
	}
	// The messages name the bounds in force.
	if !strings.Contains(errStep, " "+strconv.Itoa(MaxStep)) || !strings.Contains(errLink, " "+strconv.Itoa(MaxLinkLen)+" ") {
		t.Errorf("the errors do not say the bounds: %v; %v", errStep, errLink)
	}
}

// TestReplyAndEvent: the messages the page posts, as JSON objects (read
// back with encoding/json, which the tests may use), with null for a
// missing error or η, without an id (boot.js adds the request's).
func TestReplyAndEvent(t *testing.T) {
	st := State{T: 10, Error: 0.3, Eta: math.NaN(), Link: "https://kp.example/#v1", Playing: false, Message: ""}
	wantState := map[string]any{"t": 10.0, "error": 0.3, "eta": nil, "link": "https://kp.example/#v1", "playing": false, "message": "", "quiz": nil}
	read := func(s string) map[string]any {
		t.Helper()
		var m map[string]any
		if err := json.Unmarshal([]byte(s), &m); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		return m
	}
	got := read(Reply(st, ""))
	want := map[string]any{"kernelplay": 1.0, "type": "reply", "ok": true, "state": wantState}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Reply = %v, want %v", got, want)
	}
	got = read(Reply(State{T: 3, Error: 0, Eta: 0.5, Playing: true, Message: "Paused."}, errType))
	want = map[string]any{"kernelplay": 1.0, "type": "reply", "ok": false, "error": errType,
		"state": map[string]any{"t": 3.0, "error": 0.0, "eta": 0.5, "link": "", "playing": true, "message": "Paused.", "quiz": nil}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the error reply is %v, want %v", got, want)
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
	// encoding/json's bytes: what the tests read back is what it writes.
	b, err := json.Marshal(map[string]any{"kernelplay": 1, "type": "event", "event": "ready",
		"state": map[string]any{"t": 2, "error": nil, "eta": 0.25, "link": "<&>", "playing": false, "message": "", "quiz": nil}})
	if err != nil {
		t.Fatal(err)
	}
	if got := Event(EventReady, State{T: 2, Error: math.NaN(), Eta: 0.25, Link: "<&>"}); !reflect.DeepEqual(read(got), read(string(b))) || !strings.Contains(got, `\u003c\u0026\u003e`) {
		t.Errorf("Event = %s, want the members of %s, with <&> escaped as encoding/json escapes them", got, b)
	}
}

// TestAnswerEvent: the answer event carries the step and whether it was
// right, and the state the score; a reply carries the score too, and
// null for it while the mode is off.
func TestAnswerEvent(t *testing.T) {
	var m map[string]any
	st := State{T: 12, Error: 0.25, Eta: 0.5, Quiz: state.Quiz{On: true, Right: 3, Asked: 5}}
	if err := json.Unmarshal([]byte(AnswerEvent(Answered{T: 12, Right: true}, st)), &m); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"t": 12.0, "right": true}
	q, _ := m["state"].(map[string]any)["quiz"].(map[string]any)
	if m["event"] != EventAnswer || !reflect.DeepEqual(m["answer"], want) || q["right"] != 3.0 || q["asked"] != 5.0 {
		t.Errorf("AnswerEvent = %v", m)
	}
	m = nil
	if err := json.Unmarshal([]byte(Reply(State{Quiz: state.Quiz{On: true}}, "")), &m); err != nil {
		t.Fatal(err)
	}
	if q := m["state"].(map[string]any)["quiz"]; !reflect.DeepEqual(q, map[string]any{"right": 0.0, "asked": 0.0}) {
		t.Errorf("a reply with the mode on: quiz %v", q)
	}
	if _, ok := m["answer"]; ok {
		t.Errorf("a reply has an answer: %v", m)
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
