// Package embed is the protocol of kernelplay's embedding API: how a page
// that shows kernelplay in an iframe (a course page, an LMS) drives it with
// window.postMessage — load a link, play, pause, step, reset, read the
// state — and hears back. It parses and validates the requests a host
// sends (Parse, bounded), builds the replies and events (Reply, Event) and
// decides when an event is due (Watch). The page's glue does the rest:
// ui/embed_js.go checks the sender's origin against the page's embed= list
// (state.Config.Embed, matched exactly) and dispatches the actions to the
// store; static/boot.js listens to the window's messages and posts what
// this package builds (the browser's plumbing is JavaScript there, not Go
// in main.wasm, which every visitor downloads).
//
// # Protocol (version 1)
//
// A host lists its origin in the frame's link, e.g.
//
//	<iframe src="https://kernelplay.example/#v1&embed=https://course.example.org"></iframe>
//
// Messages from any other origin are ignored (no reply: a page cannot probe
// the frame), and so are messages without the field kernelplay: 1 (other
// scripts' messages). A request is a plain object:
//
//	{kernelplay: 1, type: "load", link: "<a share link, or its hash>", id: …}
//	{kernelplay: 1, type: "play" | "pause" | "reset" | "state", id: …}
//	{kernelplay: 1, type: "step", n: <1 … MaxStep>, id: …}
//
// id (optional: any JSON value, a number or a short string as a rule)
// comes back in the reply. Every request is answered, to the sender's window and
// origin (never to "*"), with the state after it:
//
//	{kernelplay: 1, type: "reply", id, ok: true, state: {…}}
//	{kernelplay: 1, type: "reply", id, ok: false, error: "…", state: {…}}
//
// and the page posts events to the host that last sent a request (and
// "ready", once, to its parent window for each listed origin):
//
//	{kernelplay: 1, type: "event", event: "ready" | "step" | "run", state: {…}}
//
// "step": t changed (at most [EventsPerSecond] a second while the run
// plays); "run": the run changed (a loaded link, a new setting or an edit
// of its timeline, from the host or the user in the frame) or went back
// (Reset). The state is
//
//	{t, error, eta, link, playing, message}
//
// t the examples learned; error the running average online error
// (mistakes among the first t predictions, divided by t) and eta the step
// size η_t of the last update, both null before the first step or where
// the run has none (the digits view); link the page's share link; playing;
// message the page's banner ("" for none). A loaded link keeps the
// frame's own embed= list (app.LoadLink): a message cannot change who may
// drive the page. A request the page refuses (a link it cannot read or
// run, a step it cannot take) is answered ok: false with the page's
// message as the error.
//
// Package embed is pure Go: it must not import syscall/js; it imports
// ui/state (the bounds of links and steps) and nothing else of kernelplay.
package embed

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"

	"kernelplay/ui/state"
)

// Version is the protocol's version, the messages' kernelplay field.
const Version = 1

// Request types.
const (
	Load  = "load"
	Play  = "play"
	Pause = "pause"
	Reset = "reset"
	Step  = "step"
	Read  = "state"
)

// Event names.
const (
	EventReady = "ready"
	EventStep  = "step"
	EventRun   = "run"
)

// Bounds of a request.
const (
	// MaxStep is the most examples one step request learns: they run at
	// once, in the page's event loop (about half a second at the default
	// demo's speed on a slow laptop).
	MaxStep = 10_000
	// MaxLinkLen bounds a load request's link: a hash of state.MaxHashLen
	// behind an address of up to 2 KB.
	MaxLinkLen = state.MaxHashLen + 2048
	// MaxMessageLen bounds a request as JSON, bytes: the glue copies at
	// most this many characters of it (and one more, to tell).
	MaxMessageLen = MaxLinkLen + 1024
	// EventsPerSecond bounds the step events while the run plays.
	EventsPerSecond = 4
)

// Request is a validated request.
type Request struct {
	// Type is one of the request types.
	Type string
	// ID is the request's id: nil (none), or what json.Unmarshal made of
	// it (a float64, a string, …).
	ID any
	// N is the number of examples of a step request, 1–MaxStep.
	N int
	// Hash is a load request's link reduced to its hash (without '#'),
	// not yet decoded (the store decodes it).
	Hash string
}

// The errors of a malformed request (the reply's error). Strings, not
// error values: main.wasm then needs no error type of this package.
const (
	errVersion = "protocol version: this page speaks kernelplay: 1"
	errType    = "type: want one of load, play, pause, step, reset, state"
	errStep    = "step n: want a whole number from 1 to 10000"
	errLink    = "load link: want a share link, a string of at most 67584 characters"
	errLong    = "the message is longer than 68608 bytes as JSON"
)

// Parse reads a message, the JSON of its data (the glue's JSON.stringify
// of the MessageEvent's data, at most MaxMessageLen+1 bytes of it). ours is
// false for a message that is not an object with the field kernelplay,
// which is for other scripts of the page and gets no reply; for the
// others err ("" for none) says what is wrong (the reply's error: a
// message longer than MaxMessageLen is one), and the request's ID is set,
// for the reply. Fields other than kernelplay, type,
// id, n and link are ignored.
func Parse(text string) (req Request, ours bool, err string) {
	if len(text) > MaxMessageLen {
		return req, true, errLong
	}
	var fields map[string]any
	if json.Unmarshal([]byte(text), &fields) != nil || fields["kernelplay"] == nil {
		return req, false, ""
	}
	req.ID = fields["id"] // any JSON value: echoed back
	if fields["kernelplay"] != float64(Version) {
		return req, true, errVersion
	}
	t, _ := fields["type"].(string)
	switch t {
	case Play, Pause, Reset, Read:
	case Step:
		n, ok := fields["n"].(float64)
		if !ok || n != math.Trunc(n) || n < 1 || n > MaxStep {
			return req, true, errStep
		}
		req.N = int(n)
	case Load:
		l, ok := fields["link"].(string)
		if !ok || len(l) > MaxLinkLen {
			return req, true, errLink
		}
		if _, h, ok := strings.Cut(l, "#"); ok {
			l = h // a whole address: its hash
		}
		req.Hash = l
	default:
		return req, true, errType
	}
	req.Type = t
	return req, true, ""
}

// State is what replies and events report.
type State struct {
	// T is the number of examples learned.
	T int
	// Error is the running average online error, Eta the step size of the
	// last update; NaN where there is none (reported as null).
	Error, Eta float64
	// Link is the page's share link.
	Link string
	// Playing says whether the run advances by itself.
	Playing bool
	// Message is the banner's text ("" for none).
	Message string
}

// Reply returns the reply to req (err "": ok; else the error's text) with
// the state after it, as JSON (an object: the glue parses it with
// JSON.parse and posts the object). A request without id gets a reply
// without one.
func Reply(req Request, st State, err string) string {
	head := `"reply"`
	if req.ID != nil {
		head += `,"id":` + jsonOf(req.ID)
	}
	head += `,"ok":` + strconv.FormatBool(err == "")
	if err != "" {
		head += `,"error":` + jsonOf(err)
	}
	return encode(head, st)
}

// Event returns the event name (EventReady, EventStep, EventRun) with the
// state, as JSON (see Reply).
func Event(name string, st State) string {
	return encode(`"event","event":`+jsonOf(name), st)
}

// encode returns the message {"kernelplay":1,"type":<head>,"state":{…}},
// head being the type's JSON string and the fields after it. The message
// is written by hand, with encoding/json for its strings and the id: a
// struct for encoding/json would cost main.wasm more.
func encode(head string, st State) string {
	num := func(v float64) string {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return "null"
		}
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	return `{"kernelplay":1,"type":` + head + `,"state":{"t":` + strconv.Itoa(st.T) + `,"error":` + num(st.Error) +
		`,"eta":` + num(st.Eta) + `,"link":` + jsonOf(st.Link) + `,"playing":` + strconv.FormatBool(st.Playing) +
		`,"message":` + jsonOf(st.Message) + "}}"
}

// jsonOf is v as JSON: a string, a number from a request's id, or a
// request's id of any JSON type (what json.Unmarshal made of it).
func jsonOf(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic("embed: " + err.Error()) // what json.Unmarshal made, and strings, always marshal
	}
	return string(b)
}

// Watch decides the events the page posts from what it sees of the run
// each time it looks (after every change of the store, and a few times a
// second while a host listens): a "run" event when the run changed or went
// back in time, a "step" event when t moved on, at most EventsPerSecond
// step events a second. The zero Watch has seen nothing.
type Watch struct {
	_        [0]func() // not comparable (see message)
	seen     bool
	t        int
	run      string
	lastStep float64 // ms, when the last step event was posted
}

// Next returns the event to post ("" for none) for the run identified by
// run (any string that changes exactly when the run does: its link at
// t = 0) at step t, now (ms, a monotonic clock).
func (w *Watch) Next(run string, t int, now float64) string {
	switch {
	case !w.seen:
		w.seen, w.run, w.t = true, run, t
		return ""
	case run != w.run || t < w.t:
		w.run, w.t = run, t
		return EventRun
	case t != w.t && now-w.lastStep >= 1000/EventsPerSecond:
		w.t, w.lastStep = t, now
		return EventStep
	}
	return ""
}
