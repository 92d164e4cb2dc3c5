package ui

import (
	"errors"
	"fmt"
	"strings"
	"unicode"

	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// MessageKind is the severity of the banner message.
type MessageKind int

const (
	// NoMessage hides the banner.
	NoMessage MessageKind = iota
	// Info is a neutral note (e.g. "link copied").
	Info
	// Warning is a user action that was refused or corrected.
	Warning
	// Failure is a broken link, a diverged run or a recovered panic.
	Failure
)

// Message is the banner shown above the page.
type Message struct {
	Kind MessageKind
	Text string
	// Reset offers a Reset button (a diverged run, a recovered panic).
	Reset bool
}

// Store owns the page's state and applies the user's actions to it, as the
// store of Vecty's todomvc example does, without package-level globals:
// the configuration (what a link holds, [state.Config]), the simulation
// built from it ([sim.Sim]), the banner message and the page-only settings
// (the class of the next clicked point, delete mode). Listeners registered
// with Subscribe run after every change; the page's listener rerenders the
// controls and writes the link into the address bar. The frame loop calls
// Advance, which does not notify (the canvases are redrawn every frame).
//
// Store is pure (no syscall/js): it is tested natively.
type Store struct {
	cfg       state.Config
	sim       *sim.Sim
	msg       Message
	brush     int  // class of the next clicked point
	deleting  bool // clicks delete the nearest point
	listeners []func()
}

// NewStore decodes a share link's hash (without '#'; empty for none) and
// builds the simulation. A malformed or absurd hash leaves the default demo
// running and a Failure message saying what was wrong; NewStore never fails.
func NewStore(hash string) *Store {
	s := &Store{cfg: state.Default()}
	if hash != "" {
		c, err := decodeLink(hash)
		if err != nil {
			s.msg = Message{Kind: Failure, Text: "This link could not be read (" + err.Error() +
				"). Showing the default demo instead."}
		} else {
			s.cfg = c
		}
	}
	if err := s.rebuild(); err != nil {
		s.msg = Message{Kind: Failure, Text: "This link's settings cannot run (" + err.Error() +
			"). Showing the default demo instead."}
		s.cfg = state.Default()
		if err := s.rebuild(); err != nil {
			panic("ui: the default demo does not start: " + err.Error())
		}
	}
	return s
}

// Config returns the current configuration.
func (s *Store) Config() state.Config { return s.cfg }

// Sim returns the running simulation (never nil after NewStore).
func (s *Store) Sim() *sim.Sim { return s.sim }

// Message returns the banner message.
func (s *Store) Message() Message { return s.msg }

// Brush returns the class index of the next clicked point.
func (s *Store) Brush() int { return s.brush }

// Deleting reports whether clicks on the plot delete points.
func (s *Store) Deleting() bool { return s.deleting }

// Hash returns the share link's hash for the current configuration
// (without '#').
func (s *Store) Hash() string { return state.Encode(s.cfg) }

// Subscribe registers f to run after every change made by an action.
func (s *Store) Subscribe(f func()) { s.listeners = append(s.listeners, f) }

func (s *Store) notify() {
	for _, f := range s.listeners {
		f()
	}
}

// rebuild replaces the simulation with a fresh one built from the config.
func (s *Store) rebuild() error {
	c := s.cfg
	if c.Mode == state.ModeDigits {
		// The digits run is built by the page (digits_app.go), which
		// rebuilds it whenever this (idle) 2D simulation is replaced.
		c.Mode = state.Mode2D
	}
	sm, err := sim.New(c)
	if err != nil {
		return err
	}
	s.sim = sm
	return nil
}

// Dispatch applies one of the user's actions and notifies the listeners.
// The page-only actions are [SetBrush], [SetDeleting], [Dismiss] and
// [LoadLink]; the others are the [state.Action]s, applied by [state.Apply].
// An action that state refuses leaves everything as it was and shows a
// Warning. A change that alters the run ([state.RunChanged]), Reset and
// Defaults rebuild the simulation from t = 0, so the link in the address bar
// always replays what is on screen; Step then advances it by N examples.
func (s *Store) Dispatch(a any) {
	switch a := a.(type) {
	case SetBrush:
		if a.Class >= 0 && a.Class < s.cfg.NumClasses() {
			s.brush = a.Class
		}
		s.deleting = false
	case SetDeleting:
		s.deleting = a.On
	case Dismiss:
		s.msg = Message{}
	case LoadLink:
		c, err := decodeLink(a.Hash)
		if err != nil {
			s.msg = Message{Kind: Failure, Text: "This link could not be read (" + err.Error() + "). Nothing was changed."}
			break
		}
		s.apply(c, true)
	case state.Action:
		next, err := state.Apply(s.cfg, a)
		if err != nil {
			s.msg = Message{Kind: Warning, Text: err.Error()}
			break
		}
		_, reset := a.(state.Reset)
		_, defaults := a.(state.Defaults)
		if defaults {
			s.brush, s.deleting = 0, false
		}
		s.apply(next, reset || defaults || state.RunChanged(s.cfg, next) ||
			(next.Playing && s.sim.Err() != nil)) // playing a stopped run starts it again
		if st, ok := a.(state.Step); ok && s.sim.Err() == nil {
			s.Advance(st.N)
		}
	default:
		panic(fmt.Sprintf("ui: Dispatch of unknown action %T", a))
	}
	s.notify()
}

// apply installs the config next, rebuilding the simulation when rebuild
// is set. If the simulation cannot be built, the previous config stays and a
// Warning says why.
func (s *Store) apply(next state.Config, rebuild bool) {
	prev := s.cfg
	s.cfg = next
	if s.brush >= s.cfg.NumClasses() {
		s.brush = 0
	}
	if !rebuild {
		return
	}
	if err := s.rebuild(); err != nil {
		s.cfg = prev
		s.msg = Message{Kind: Warning, Text: err.Error()}
		return
	}
	if s.msg.Kind != Info {
		s.msg = Message{} // the problem the banner described is gone with the old run
	}
}

// Advance runs n learning steps (the frame loop's tick). If the run
// diverges it pauses, shows a Failure message offering Reset, and returns
// true, and the caller should notify the page (Changed).
func (s *Store) Advance(n int) (stopped bool) {
	if n <= 0 || s.sim.Err() != nil {
		return false
	}
	s.sim.Step(n)
	if err := s.sim.Err(); err != nil {
		s.cfg.Playing = false
		s.msg = Message{Kind: Failure, Reset: true, Text: sentence(err.Error())}
		return true
	}
	return false
}

// Changed notifies the listeners of a change made outside Dispatch (by
// Advance, or Fail).
func (s *Store) Changed() { s.notify() }

// Fail records a recovered panic or an unexpected error: it pauses the run
// and shows a Failure message offering Reset. It does not notify.
func (s *Store) Fail(err error) {
	s.fail(err)
}

func (s *Store) fail(err error) {
	s.cfg.Playing = false
	s.msg = Message{Kind: Failure, Reset: true, Text: "Something went wrong: " + err.Error() +
		". Reset starts the run again; “Default demo” restores the defaults."}
}

// SetBrush chooses the class of the next clicked point.
type SetBrush struct{ Class int }

// SetDeleting turns delete mode on or off.
type SetDeleting struct{ On bool }

// Dismiss hides the banner.
type Dismiss struct{}

// unescapeHash undoes the %-escapes a browser or chat app may put in a
// share link's hash (location.hash keeps them: a pasted "v1%26s%3D0.5"
// means "v1&s=0.5"); ok is false for a broken escape. The page sets it to
// the browser's decodeURIComponent (hash_unescape.go), so main.wasm does
// not link net/url. Natively it is nil and hashes are read as they are (a
// '%' is then an ordinary character that state.Decode rejects cleanly).
var unescapeHash func(hash string) (s string, ok bool)

// decodeLink reads a share link's hash (without '#'): %-unescaped by
// unescapeHash when it holds a '%', then [state.Decode] and
// [state.Config.Validate]. Errors carry the "link: " prefix.
func decodeLink(hash string) (state.Config, error) {
	if unescapeHash != nil && strings.Contains(hash, "%") {
		u, ok := unescapeHash(hash)
		if !ok {
			return state.Config{}, errors.New("link: the link has a broken %-escape")
		}
		hash = u
	}
	c, err := state.Decode(hash)
	if err == nil {
		err = c.Validate()
	}
	return c, err
}

// LoadLink replaces the configuration by the one a share link's hash holds
// (the address bar's hash changed without a reload).
type LoadLink struct{ Hash string }

// Notify shows m in the banner and notifies the listeners.
func (s *Store) Notify(m Message) {
	s.msg = m
	s.notify()
}

// sentence capitalises the first letter of msg and ends it with a full stop
// (sim's errors are lower-case clauses that already say what to do).
func sentence(msg string) string {
	if msg == "" {
		return msg
	}
	r := []rune(msg)
	if r[0] < unicode.MaxASCII {
		r[0] = unicode.ToUpper(r[0]) // not symbols: η stays η
	}
	if !strings.HasSuffix(msg, ".") {
		r = append(r, '.')
	}
	return string(r)
}
