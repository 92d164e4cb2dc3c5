//go:build js && wasm

package ui

import (
	"math"
	"slices"
	"strings"
	"syscall/js"

	"kernelplay/ui/app"
	"kernelplay/ui/embed"
	"kernelplay/ui/state"
)

// embedder is the embedding API's glue (the protocol is ui/embed's): it
// answers the messages that static/boot.js hands it (kpBoot.embedStart:
// the message listener, the request's fields, postMessage of the replies
// with the request's id and of the events, the events' timer), drives the store with its public
// actions and says which events to post. The browser's plumbing is in
// boot.js, not here, because every line of Go in main.wasm is downloaded
// by every visitor (TestSizeBudget).
type embedder struct {
	a    *Playground
	list []string // the origins of the link the page opened with: fixed
	boot js.Value // kpBoot
	// watch decides the events from what the store shows.
	watch embed.Watch
	// asked is predict-then-reveal's count of answers the last look saw:
	// one more is an answer event.
	asked int
}

// installEmbed starts the embedding API when the link the page opened
// with lists origins (state.Config.Embed); otherwise it does nothing, and
// the page listens to no message. It is called once, from Run.
func (a *Playground) installEmbed() {
	list := a.store.Config().Embed
	if len(list) == 0 {
		return
	}
	e := &embedder{a: a, list: list, boot: js.Global().Get("kpBoot"), asked: a.store.Config().Quiz.Asked}
	e.look() // what "ready" reports is what the events start from
	a.store.Subscribe(e.look)
	e.boot.Call("embedStart", strings.Join(list, ","), embed.MaxLinkLen, js.FuncOf(e.handle), embed.Event(embed.EventReady, e.state()))
}

// handle answers one message boot.js passes on, (origin, and its data's
// fields kernelplay, type, n and link, strings cut after
// embed.MaxLinkLen+1 characters): the reply's JSON (without the id, which
// boot.js adds), or "" for a message that is not for the page
// (another origin: the list is matched exactly; not the protocol's), which
// gets no answer. It dispatches the request's action; an action the page
// refuses (a link that cannot be read or run, a step it cannot take) is the
// reply's error. Called without arguments (boot.js's timer, a few times a
// second once a host has asked something) it looks for events (look): t
// moves without a change of the store while the run plays.
func (e *embedder) handle(_ js.Value, args []js.Value) any {
	if crash.stopped {
		return ""
	}
	defer e.a.recovered("embed message")
	if len(args) < 5 {
		e.look()
		return ""
	}
	if !slices.Contains(e.list, args[0].String()) {
		return ""
	}
	req, ours, err := embed.Parse(embed.Fields{Kernelplay: embedField(args[1]), Type: embedField(args[2]), N: embedField(args[3]), Link: embedField(args[4])})
	if !ours {
		return ""
	}
	s := e.a.store
	before := s.Message().Text
	switch {
	case err != "":
	case req.Type == embed.Load:
		s.Dispatch(app.LoadLink{Hash: req.Hash}) // the page's embed= list stays (LoadLink)
	case req.Type == embed.Play:
		s.Dispatch(state.Play{})
	case req.Type == embed.Pause:
		s.Dispatch(state.Pause{})
	case req.Type == embed.Reset:
		s.Dispatch(state.Reset{})
	case req.Type == embed.Step:
		s.Dispatch(state.Step{N: req.N})
	}
	// A link that failed leaves a Failure (a loaded link clears any);
	// another action's refusal is a new Warning or Failure.
	if m := s.Message(); err == "" && (m.Text != before || req.Type == embed.Load) && (m.Kind == app.Warning || m.Kind == app.Failure) {
		err = m.Text
	}
	return embed.Reply(e.state(), err)
}

// embedField is a request's field as embed.Fields holds it: nil, a number, a
// string (boot.js has bounded its length) or embed.Other{} (boot.js passes
// true for a field of any other type).
func embedField(v js.Value) any {
	switch v.Type() {
	case js.TypeUndefined, js.TypeNull:
		return nil
	case js.TypeNumber:
		return v.Float()
	case js.TypeString:
		return v.String()
	}
	return embed.Other{}
}

// look has boot.js post the event embed.Watch decides (to the host that
// last sent a request; none before one), and an answer event when the
// student answered predict-then-reveal's question.
func (e *embedder) look() {
	s := e.a.store
	if q := s.Config().Quiz; q.Asked != e.asked {
		r := s.Reveal()
		if q.Asked > e.asked && r.Question.T > 0 {
			e.boot.Call("embedPost", embed.AnswerEvent(embed.Answered{T: r.Question.T, Right: r.Right}, e.state()))
		}
		e.asked = q.Asked // a new score (SetQuiz, a loaded link) without an answer posts none
	}
	base := s.Base()
	base.At = 0
	if name := e.watch.Next(state.Encode(base), s.Run().T(), perfNow()); name != "" {
		e.boot.Call("embedPost", embed.Event(name, e.state()))
	}
}

// state is what replies and events report (embed.State).
func (e *embedder) state() embed.State {
	s := e.a.store
	// The address bar holds the share link: the page's listener, which
	// runs before look and after every action, writes it there.
	st := embed.State{T: s.Run().T(), Error: math.NaN(), Eta: math.NaN(), Link: js.Global().Get("location").Get("href").String(),
		Playing: s.Config().Playing, Message: s.Message().Text, Quiz: s.Config().Quiz}
	if sm := s.Sim(); sm != nil && sm.T() > 0 {
		st.Error = float64(sm.Mistakes()) / float64(sm.T())
		st.Eta = sm.Last().Step.Eta
	}
	return st
}
