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
// id (optional: any value postMessage can carry, a number or a short
// string as a rule) comes back in the reply as it was sent: static/boot.js
// copies it from the request onto the reply, so that the Go program never
// reads or writes it. Every request is answered, to the sender's window and
// origin (never to "*"), with the state after it:
//
//	{kernelplay: 1, type: "reply", ok: true, state: {…}, id}
//	{kernelplay: 1, type: "reply", ok: false, error: "…", state: {…}, id}
//
// and the page posts events to the host that last sent a request (and
// "ready", once, to its parent window for each listed origin):
//
//	{kernelplay: 1, type: "event", event: "ready" | "step" | "run", state: {…}}
//	{kernelplay: 1, type: "event", event: "answer", answer: {t, right}, state: {…}}
//
// "answer": the student answered predict-then-reveal's question about step
// t (right: true or false; the state's quiz holds the new score); "step": t changed (at most [EventsPerSecond] a second while the run
// plays); "run": the run changed (a loaded link, a new setting or an edit
// of its timeline, from the host or the user in the frame) or went back
// (Reset). The state is
//
//	{t, error, eta, link, playing, message, quiz}
//
// t the examples learned; error the running average online error
// (mistakes among the first t predictions, divided by t) and eta the step
// size η_t of the last update, both null before the first step or where
// the run has none (the digits view); link the page's share link; playing;
// message the page's banner ("" for none); quiz predict-then-reveal's
// score {right, asked} (null while the mode is off: the link's quiz=
// turns it on, and a loaded link can). A loaded link keeps the
// frame's own embed= list (app.LoadLink): a message cannot change who may
// drive the page. A request the page refuses (a link it cannot read or
// run, a step it cannot take) is answered ok: false with the page's
// message as the error.
//
// # Between boot.js and Go
//
// The page reads a request's fields, not its JSON: boot.js hands the glue
// the four fields Parse reads (kernelplay, type, n, link; a string cut
// after MaxLinkLen+1 characters, so that what is copied into Go is
// bounded whatever the host sends), the glue turns each into a Go value
// (Fields) and Parse checks them. The replies and events go the other way
// as JSON text, written by core/jsonfile (Reply, Event), which boot.js
// parses with JSON.parse before it posts them. Neither direction needs
// encoding/json, which main.wasm does without (importgraph_test.go,
// TestPageDeps): about 89 KB of its gzip.
//
// Package embed is pure Go: it must not import syscall/js; it imports
// ui/state (the bounds of links and steps) and core/jsonfile (the JSON of
// the replies) and nothing else of kernelplay.
package embed

import (
	"math"
	"strings"

	"kernelplay/core/jsonfile"
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
	// EventAnswer: the student answered predict-then-reveal's question
	// (the state's quiz has the new score; the event's answer says which
	// step and whether it was right).
	EventAnswer = "answer"
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
	// EventsPerSecond bounds the step events while the run plays.
	EventsPerSecond = 4
)

// Request is a validated request.
type Request struct {
	// Type is one of the request types.
	Type string
	// N is the number of examples of a step request, 1–MaxStep.
	N int
	// Hash is a load request's link reduced to its hash (without '#'),
	// not yet decoded (the store decodes it).
	Hash string
}

// Fields are the fields of a message that Parse reads, as the glue
// (ui/embed_js.go) reads them from the MessageEvent's data: each is nil
// (the data has no such field, or it is undefined or null), a float64 (a
// number), a string (at most MaxLinkLen+1 UTF-16 code units of it: boot.js
// cuts a longer one, which then fails Parse's bound on its length), or
// Other{} (any other value: a boolean, an object, an array, …). The data's
// other fields, id among them, are not Go's to read.
type Fields struct {
	Kernelplay, Type, N, Link any
}

// Other stands in Fields for a value that is neither a number nor a
// string (nor missing): a request's field of the wrong type.
type Other struct{}

// The errors of a malformed request (the reply's error). Strings, not
// error values: main.wasm then needs no error type of this package.
const (
	errVersion = "protocol version: this page speaks kernelplay: 1"
	errType    = "type: want one of load, play, pause, step, reset, state"
	errStep    = "step n: want a whole number from 1 to 10000"
	errLink    = "load link: want a share link, a string of at most 67584 characters"
)

// Parse reads a message's fields. ours is false for a message without
// the field kernelplay (f.Kernelplay nil), which is for other scripts of
// the page and gets no reply; for the others err ("" for none) says what
// is wrong (the reply's error): a kernelplay other than the number
// Version, a type that is not one of the request types, a step's n that
// is not a whole number from 1 to MaxStep, a load's link that is not a
// string of at most MaxLinkLen bytes. It copies nothing longer than the
// fields it is given, and looks at each at most once.
func Parse(f Fields) (req Request, ours bool, err string) {
	if f.Kernelplay == nil {
		return req, false, ""
	}
	if f.Kernelplay != float64(Version) {
		return req, true, errVersion
	}
	t, _ := f.Type.(string)
	switch t {
	case Play, Pause, Reset, Read:
	case Step:
		n, ok := f.N.(float64)
		if !ok || n != math.Trunc(n) || n < 1 || n > MaxStep {
			return req, true, errStep
		}
		req.N = int(n)
	case Load:
		l, ok := f.Link.(string)
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
	// Quiz is predict-then-reveal's score (state.Quiz; reported as null
	// while the mode is off).
	Quiz state.Quiz
}

// Answered is an answer event's answer: the step t asked about and
// whether the answer was right.
type Answered struct {
	T     int
	Right bool
}

// Reply returns the reply to a request (err "": ok; else the error's
// text) with the state after it, as JSON (an object, without the
// request's id: boot.js parses it with JSON.parse, copies the id onto it
// and posts the object).
func Reply(st State, err string) string {
	ok := err == ""
	return encode(message{Type: "reply", OK: &ok, Error: err}, st)
}

// Event returns the event name (EventReady, EventStep, EventRun) with the
// state, as JSON (see Reply).
func Event(name string, st State) string {
	return encode(message{Type: "event", Event: name}, st)
}

// AnswerEvent returns the event EventAnswer for answer a with the state
// after it, as JSON (see Reply).
func AnswerEvent(a Answered, st State) string {
	return encode(message{Type: "event", Event: EventAnswer, Answer: &answerJSON{T: a.T, Right: a.Right}}, st)
}

// answerJSON is an answer event's answer.
type answerJSON struct {
	T     int  `json:"t"`
	Right bool `json:"right"`
}

// quizJSON is the state's quiz.
type quizJSON struct {
	Right int `json:"right"`
	Asked int `json:"asked"`
}

// message is a reply's or an event's JSON (see the package doc).
type message struct {
	_          [0]func()   // not comparable: no equality function in main.wasm (see inspect.Block)
	Kernelplay int         `json:"kernelplay"`
	Type       string      `json:"type"`
	Event      string      `json:"event,omitempty"`
	OK         *bool       `json:"ok,omitempty"` // replies only
	Error      string      `json:"error,omitempty"`
	Answer     *answerJSON `json:"answer,omitempty"` // answer events only
	State      struct {
		T       int       `json:"t"`
		Error   *float64  `json:"error"` // null for NaN or ±Inf
		Eta     *float64  `json:"eta"`   // as Error
		Link    string    `json:"link"`
		Playing bool      `json:"playing"`
		Message string    `json:"message"`
		Quiz    *quizJSON `json:"quiz"` // null while predict-then-reveal is off
	} `json:"state"`
}

// encode returns m with the protocol's version and the state st, as JSON
// (core/jsonfile: encoding/json's bytes, without encoding/json).
func encode(m message, st State) string {
	finite := func(v float64) *float64 {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil
		}
		return &v
	}
	m.Kernelplay = Version
	m.State.T, m.State.Error, m.State.Eta = st.T, finite(st.Error), finite(st.Eta)
	m.State.Link, m.State.Playing, m.State.Message = st.Link, st.Playing, st.Message
	if st.Quiz.On {
		m.State.Quiz = &quizJSON{Right: st.Quiz.Right, Asked: st.Quiz.Asked}
	}
	b, err := jsonfile.Marshal(m)
	if err != nil {
		panic("embed: " + err.Error()) // unreachable: the floats are finite or nil
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
