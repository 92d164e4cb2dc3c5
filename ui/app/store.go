package app

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"

	"kernelplay/core/data"
	"kernelplay/ui/render"
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
	// Kind is the severity (NoMessage hides the banner).
	Kind MessageKind
	// Text is the sentence shown.
	Text string
	// Reset offers a Reset button (a diverged run, a recovered panic).
	Reset bool
	// Stop offers a Stop button (and says its key, Esc): a long replay is
	// under way, and StopReplay leaves the run paused where it got to.
	Stop bool
}

// Store owns the page's state and applies the user's actions to it, as the
// store of Vecty's todomvc example does, without package-level globals: the
// run's configuration at t = 0 with its timeline of edits (what a link
// holds), the one running [Run] built from it, the data sets loaded so far,
// the banner message and the page-only settings (the class of the next
// clicked point, delete mode). Listeners registered with Subscribe run
// after every change; the page's listener rerenders the controls and writes
// the link into the address bar. The frame loop calls Advance, which does
// not notify: it reports when the run stopped, and the loop calls Changed.
//
// Store is pure (no syscall/js) and not safe for concurrent use: the page
// calls it from its one event loop.
//
// A run is a timeline (state/timeline.go): a click, a deletion or a change
// of a live setting (σ, λ, η₀, μ, ρ, ν, τ) while the 2D plot runs is an
// event at the current step t, and the learner carries on; Reset replays
// the events from t = 0; Undo removes the last one and replays up to t.
// Every other change (learner, task, data set, kernel type, ω …) starts a
// new run at t = 0 from the settings and points in force, without events.
type Store struct {
	base      state.Config // the run at t = 0 and its events; At is 0
	pg        state.Config // page-only settings: StepsPerFrame, Grid, Playing, Hide, Presenter
	run       Run
	sets      map[string]*data.Set // loaded data sets by state.Data key
	at        int                  // step a link asked to open at, applied when the digits data arrives
	replay    int                  // the step a replay under way goes to (0: none); see Replay
	noting    bool                 // the banner shows the replay's progress note
	waiting   []state.Action       // edits made during a replay, applied when it reaches its step (duringReplay)
	loading   *loadedRun           // a LoadModel whose replay is under way, settled when it ends (settleLoad)
	msg       Message
	brush     int    // class of the next clicked point
	deleting  bool   // clicks delete the nearest point
	keepHash  string // a link that could not be read, kept in the address bar until the next change
	listeners []func()
	reveal    Reveal   // predict-then-reveal's last answer (quiz.go)
	lesson    *playing // the open lesson (lesson.go), nil for none

	// ReplayNow is the longest replay, in steps, that runs at once when a
	// link opens at a step (at=) or an Undo replays the run; a longer one
	// is left under way for the frame loop to advance with [Store.Replay]
	// over many frames, so that the tab never stalls. 0 (as [NewStore]
	// sets it) runs every replay at once. The page sets it from the
	// measured time per step.
	ReplayNow int
	// ReplayRate is how many steps per second a long replay advances, as
	// the page measures it (0: not measured yet): the banner's note says
	// from it how long the replay has left (ReplayLeft).
	ReplayRate float64
}

// UnescapeHash undoes the %-escapes a browser or chat app may put in a
// share link's hash (location.hash keeps them: a pasted "v1%26s%3D0.5"
// means "v1&s=0.5"); ok is false for a broken escape. The page sets it to
// the browser's decodeURIComponent, so main.wasm does not link net/url.
// Natively it is nil and hashes are read as they are (a '%' is then an
// ordinary character that state.Decode rejects cleanly).
var UnescapeHash func(hash string) (s string, ok bool)

// NewStore decodes a share link's hash (without '#'; empty for none) and
// builds its run, replayed up to the link's step at= (then paused). A
// malformed or absurd hash leaves the default demo running and a Failure
// message saying what was wrong; the link's text stays what Hash returns
// (and so in the address bar) until the user changes something, so that a
// typo can be fixed. NewStore never fails.
func NewStore(hash string) *Store { return NewStoreSliced(hash, 0) }

// NewStoreSliced is [NewStore] with [Store.ReplayNow] set to replayNow
// before the link's at= is replayed: the page opens links this way, so that
// a link with a large at= replays over frames with a progress note.
func NewStoreSliced(hash string, replayNow int) *Store {
	s := &Store{sets: map[string]*data.Set{}, ReplayNow: replayNow}
	c := state.Default()
	if hash != "" {
		d, err := decodeLink(hash)
		if err != nil {
			s.msg = Message{Kind: Failure, Text: "This link could not be read (" + err.Error() +
				"). Showing the default demo instead; the link stays in the address bar to be corrected."}
			s.keepHash = hash
		} else {
			c = d
		}
	}
	if err := s.open(c); err != nil {
		s.msg = Message{Kind: Failure, Text: "This link's settings cannot run (" + err.Error() +
			"). Showing the default demo instead; the link stays in the address bar to be corrected."}
		s.keepHash = hash
		if err := s.open(state.Default()); err != nil {
			panic("app: the default demo does not start: " + err.Error())
		}
	}
	return s
}

// open installs c (a decoded link) as a new run and replays it up to c.At
// (then paused). On error nothing changed.
func (s *Store) open(c state.Config) error {
	at := c.At
	c.At = 0
	r, err := newRun(c, s.sets)
	if err != nil {
		return err
	}
	s.base, s.pg, s.run = c, c, r
	s.at = 0
	s.endReplay()
	if at > 0 {
		s.pg.Playing = false
		s.at = at
		s.replayTo()
	}
	if s.brush >= c.NumClasses() {
		s.brush = 0
	}
	return nil
}

// replayTo advances the run to the step a link asked for, once its data is
// there.
func (s *Store) replayTo() {
	if s.at > 0 && s.run.Kind() != Waiting {
		s.goTo(s.at)
		s.at = 0
	}
}

// goTo replays the run from its step to target: at once if that takes at
// most ReplayNow steps (or ReplayNow is 0), else it leaves the replay
// under way (Replay) with a progress note in the banner.
func (s *Store) goTo(target int) {
	n := target - s.run.T()
	if n <= 0 {
		return
	}
	if s.ReplayNow <= 0 || n <= s.ReplayNow {
		s.step(n)
		return
	}
	s.replay = target
	s.note()
}

// note shows the replay's progress in the banner, unless it shows another
// message.
func (s *Store) note() {
	if s.msg.Kind != NoMessage && !s.noting {
		return
	}
	s.noting = true
	text := fmt.Sprintf("Replaying the run to step %d: %d%%%s.", s.replay, int(100*float64(s.run.T())/float64(s.replay)),
		ReplayLeft(s.replay-s.run.T(), s.ReplayRate))
	if len(s.waiting) > 0 {
		text += " Your change applies when it gets there."
	}
	text += " Stop (Esc) pauses the run at the step it reached."
	s.msg = Message{Kind: Info, Text: text, Stop: true}
}

// ReplayLeft says how long a replay of steps more steps takes at rate
// steps per second, as the banner's note ends: ", about 38 min left";
// "" while no rate is measured (rate ≤ 0).
func ReplayLeft(steps int, rate float64) string {
	if !(rate > 0) || steps <= 0 {
		return ""
	}
	sec := float64(steps) / rate
	switch {
	case sec < 60:
		return ", under a minute left"
	case sec < 3600:
		return fmt.Sprintf(", about %d min left", int(math.Round(sec/60)))
	case sec < 100*3600:
		m := int(math.Round(sec / 60))
		return fmt.Sprintf(", about %d h %02d min left", m/60, m%60)
	}
	return fmt.Sprintf(", about %d days left", int(math.Round(sec/86400)))
}

// resetNote says what Reset did to a run with edits: a run is a
// timeline, and Reset rewinds it to t = 0 with its edits kept, each coming
// back at its step — so the clicked points leave the plot until then, and
// Undo still takes back the last edit. (Choosing the data set again starts
// without them.)
func (s *Store) resetNote() {
	n := len(s.base.Events)
	if n == 0 || s.msg.Kind != NoMessage {
		return
	}
	what := "your edit (a click, a deletion or a setting) comes back at the step you made it"
	if n > 1 {
		what = fmt.Sprintf("your %d edits (clicks, deletions, settings) come back at the steps you made them", n)
	}
	s.msg = Message{Kind: Info, Text: "Back to t = 0: " + what + ". Undo takes back the last; choosing the data set again starts without them."}
}

// stopReplay ends a replay under way at the step it reached, paused: the
// run is a run at that step as any other (Play goes on from there, and a
// copied link holds that step). The edits made during the replay apply
// there, as they would have at the replay's end. A Load model under way
// is settled: the banner says the file's learners were not loaded.
func (s *Store) stopReplay() {
	if s.replay == 0 {
		return
	}
	waiting, ld := s.waiting, s.loading
	s.endReplay()
	s.pg.Playing = false
	s.stopped()
	if ld != nil {
		s.settleLoad(ld)
	}
	for _, a := range waiting {
		s.action(a)
	}
}

// endReplay drops a replay under way, its note and the edits waiting for
// it.
func (s *Store) endReplay() {
	s.replay = 0
	s.waiting = nil
	s.loading = nil
	if s.noting {
		s.msg = Message{}
		s.noting = false
	}
}

// duringReplay decides what action a does while a replay is under way. An
// edit of the run (a click, a deletion, a Step, a setting the learner takes
// mid-run, the error window) waits for the replay to reach its step, where
// it applies as it would have without slicing ([Store.Replay] applies it):
// finishing a long replay at once would freeze the page (a link's at= can
// be 10⁸ steps). A page-only setting applies at once and the replay goes
// on; anything that starts a new run ends the replay first. It reports
// whether a waits. cur and next are the configuration before and after a
// (state.Apply).
func (s *Store) duringReplay(a state.Action, cur, next state.Config) bool {
	if s.replay == 0 {
		return false
	}
	edit := false
	switch a := a.(type) {
	case state.Play, state.Pause, state.TogglePlay, state.SetPresenter, state.SetQuiz:
		return false
	case state.Step:
		edit = true
	case state.AddPoint, state.DeletePoint:
		edit = s.run.Kind() == Plot2D
	case state.Teach:
		edit = s.run.Digits() != nil
	case state.SetField:
		if a.Key == "win" && next.Window != cur.Window {
			edit = true
		} else if !state.RunChanged(cur, next) {
			return false // a page-only setting
		} else {
			edit = state.IsLive(a.Key) && s.run.Kind() == Plot2D
		}
	}
	if !edit {
		s.endReplay()
		return false
	}
	s.waiting = append(s.waiting, a)
	s.note()
	return true
}

// Replaying reports a replay under way (a link's at=, or an Undo, longer
// than ReplayNow steps): the run is at step t of target.
func (s *Store) Replaying() (t, target int, ok bool) {
	return s.run.T(), s.replay, s.replay > 0
}

// Replay advances a replay under way by up to n steps and returns how many
// it ran; when the replay reaches its step (or the run stops) it ends, the
// banner's progress note goes, and the listeners are notified. While a
// replay is under way Advance runs nothing: the run plays on (if it
// plays) from the step the replay goes to.
func (s *Store) Replay(n int) int {
	if s.replay == 0 || n <= 0 {
		return 0
	}
	t0 := s.run.T()
	s.run.Step(min(n, s.replay-t0))
	ran := s.run.T() - t0
	if s.run.T() >= s.replay || s.run.Done() || ran == 0 {
		waiting, ld := s.waiting, s.loading
		s.endReplay()
		s.stopped()
		if ld != nil {
			s.settleLoad(ld)
		}
		for _, a := range waiting {
			s.action(a) // the edits made during the replay, at its step
		}
		s.notify()
		return ran
	}
	s.note()
	return ran
}

// Config returns the configuration in force: the run's settings with its
// edits up to the current step, and the page-only settings.
func (s *Store) Config() state.Config {
	c := s.run.Config()
	c.Events, c.At = nil, 0
	s.pageOnly(&c)
	return c
}

// pageOnly sets c's page-only settings (those that do not change the run)
// to the page's.
func (s *Store) pageOnly(c *state.Config) {
	c.StepsPerFrame, c.Grid, c.Playing, c.Hide, c.Presenter = s.pg.StepsPerFrame, s.pg.Grid, s.pg.Playing, s.pg.Hide, s.pg.Presenter
	c.Quiz, c.Lesson, c.LessonStep = s.pg.Quiz, s.pg.Lesson, s.pg.LessonStep
}

// Base returns the run's configuration at t = 0 with its events (what
// Reset replays).
func (s *Store) Base() state.Config { return s.base }

// Run returns the running run (never nil after NewStore).
func (s *Store) Run() Run { return s.run }

// Sim returns the 2D simulation of a 2D plot or RES-vs-SGD run, nil in the
// digits view.
func (s *Store) Sim() *sim.Sim { return s.run.Sim() }

// Message returns the banner message.
func (s *Store) Message() Message { return s.msg }

// Brush returns the class index of the next clicked point.
func (s *Store) Brush() int { return s.brush }

// Deleting reports whether clicks on the plot delete points.
func (s *Store) Deleting() bool { return s.deleting }

// CanUndo reports whether there is an edit to undo.
func (s *Store) CanUndo() bool { return len(s.base.Events) > 0 }

// Hash returns the share link's hash (without '#'): the run at t = 0, its
// events, and, while paused after step 0, at= the current step, so the
// link opens on what is on screen. After a link that could not be read it
// is that link's text, until the first change.
func (s *Store) Hash() string {
	if s.keepHash != "" {
		return s.keepHash
	}
	c := s.base
	s.pageOnly(&c)
	if !c.Playing {
		c.At = s.run.T()
		if s.replay > 0 {
			c.At = s.replay
		}
	}
	return state.Encode(c)
}

// NeedData returns the data set key (state.Data*) the run waits for, or
// "" if it waits for none. The page loads it and dispatches [DataLoaded].
func (s *Store) NeedData() string { return s.run.Waiting() }

// Data returns the loaded data set with the state.Data key, or nil.
func (s *Store) Data(key string) *data.Set { return s.sets[key] }

// Subscribe registers f to run after every change made by an action.
func (s *Store) Subscribe(f func()) { s.listeners = append(s.listeners, f) }

func (s *Store) notify() {
	for _, f := range s.listeners {
		f()
	}
}

// The store's own actions (besides the state.Action values).
type (
	// SetBrush chooses the class of the next clicked point.
	SetBrush struct{ Class int }
	// SetDeleting turns delete mode on or off.
	SetDeleting struct{ On bool }
	// Dismiss hides the banner; during a long replay it stops the replay
	// (StopReplay), whose note the banner shows.
	Dismiss struct{}
	// StopReplay ends a long replay under way (a link's at=, an Undo
	// after a long run) at the step it reached, paused (the banner's Stop
	// and Esc).
	StopReplay struct{}
	// LoadLink replaces the run by the one a share link's hash holds (the
	// address bar's hash changed without a reload, the embedding API's
	// load). The page's embed= list (state.Config.Embed) stays the one it
	// opened with, whatever the link says.
	LoadLink struct{ Hash string }
	// Undo removes the last edit of the timeline and replays the run up to
	// the current step (the button and Ctrl/Cmd+Z).
	Undo struct{}
	// SetGenerated keeps (On) or clears (off) the generated data: off,
	// only the clicked points feed the learner. It starts a new run.
	SetGenerated struct{ On bool }
	// DataLoaded hands the store a data set the page downloaded (Key a
	// state.Data value) or a file the user loaded into the digits view
	// (Key state.DataFile).
	DataLoaded struct {
		Key string
		Set *data.Set
	}
	// LoadFile installs a user's data file, parsed: it goes where [Route]
	// says, and the banner says why.
	LoadFile struct {
		Name string
		Set  *data.Set
	}
)

// Dispatch applies one of the user's actions and notifies the listeners:
// the store's own actions above, or a [state.Action]. An action that state
// refuses leaves everything as it was and shows a Warning.
func (s *Store) Dispatch(a any) {
	if _, ok := a.(Answer); !ok {
		s.reveal = Reveal{} // a reveal is about the step just answered
	}
	switch a := a.(type) {
	case SetBrush:
		if a.Class >= 0 && a.Class < s.Config().NumClasses() {
			s.brush = a.Class
		}
		s.deleting = false
	case SetDeleting:
		s.deleting = a.On
	case Dismiss:
		if s.replay > 0 {
			s.stopReplay()
		}
		s.msg = Message{}
	case StopReplay:
		s.stopReplay()
	case LoadLink:
		c, err := decodeLink(a.Hash)
		c.Embed = s.base.Embed // read when the page opens: a link loaded later cannot change who may drive it
		if err == nil {
			err = s.open(c)
		}
		if err != nil {
			s.msg = Message{Kind: Failure, Text: "This link could not be read (" + err.Error() + "). Nothing was changed."}
			break
		}
		s.keepHash = ""
		s.clearProblem()
	case Undo:
		s.undo()
	case GoToStep:
		s.goToStep(a.T) // detections.go
	case SetGenerated:
		c := s.Config()
		if !a.On && len(c.Points) == 0 {
			s.msg = Message{Kind: Warning, Text: "Click some points first: without the generated data they are the whole data set."}
			break
		}
		c.Generated = a.On
		s.newRun(c)
	case DataLoaded:
		s.sets[a.Key] = a.Set
		if s.run.Waiting() == a.Key {
			s.rebuild()
			s.replayTo()
		}
	case LoadFile:
		dest, c, why := Route(a.Name, a.Set)
		if dest == ToDigits {
			s.sets[state.DataFile] = a.Set
		}
		c.Hide, c.Presenter, c.Embed = s.pg.Hide, s.pg.Presenter, s.base.Embed
		if err := s.open(c); err != nil {
			s.msg = Message{Kind: Failure, Text: "Your file cannot run: " + err.Error() + "."}
			break
		}
		s.keepHash = ""
		s.msg = Message{Kind: Info, Text: why}
	case LoadModel:
		s.loadModel(a)
	case Answer:
		s.answer(a.Choice)
	case OpenLesson:
		s.openLesson(a)
	case LessonGo:
		s.lessonGo(a.Step)
	case CloseLesson:
		s.lesson = nil
		s.pg.Lesson, s.pg.LessonStep = "", 0
	case state.Action:
		s.keepHash = ""
		s.staleMessage()
		s.action(a)
	default:
		panic(fmt.Sprintf("app: Dispatch of unknown action %T", a))
	}
	s.notify()
}

// action applies a state.Action: page-only settings and play/pause change
// no run; edits of a running 2D plot become events; everything else starts
// a new run.
func (s *Store) action(a state.Action) {
	cur := s.Config()
	next, err := state.Apply(cur, a)
	if err != nil {
		s.msg = Message{Kind: Warning, Text: sentence(err.Error())}
		return // a refused action: a replay under way goes on
	}
	if s.duringReplay(a, cur, next) {
		return
	}
	s.pg.StepsPerFrame, s.pg.Grid, s.pg.Playing, s.pg.Hide, s.pg.Presenter = next.StepsPerFrame, next.Grid, next.Playing, next.Hide, next.Presenter
	s.pg.Quiz, s.pg.Lesson, s.pg.LessonStep = next.Quiz, next.Lesson, next.LessonStep
	switch a := a.(type) {
	case state.Reset:
		if s.lesson != nil {
			s.lesson.reached, s.lesson.missed = false, false // the step's condition counts again
		}
		s.rebuild()
		s.resetNote()
		return
	case state.Defaults:
		s.brush, s.deleting = 0, false
		s.pg = next
		s.newRun(next)
		return
	case state.Play, state.TogglePlay:
		if next.Playing && s.run.Done() {
			s.rebuild() // playing a stopped or finished run starts it again
		}
		return
	case state.Step:
		if s.run.Done() {
			s.rebuild()
		}
		if c := s.until(); c != nil {
			s.advanceUntil(c, a.N)
			s.stopped()
			return
		}
		s.step(a.N)
		return
	case state.Pause, state.SetPresenter:
		return
	case state.SetQuiz:
		return
	case state.AddPoint:
		if s.event(state.Event{Kind: state.EventAdd, Point: next.Points[len(next.Points)-1]}) {
			return
		}
	case state.DeletePoint:
		if s.event(state.Event{Kind: state.EventDelete, Index: a.Index}) {
			return
		}
	case state.Teach:
		s.teach(state.Event{Kind: state.EventTeach, Drawing: a.Drawing, Label: a.Label})
		return
	case state.SetField:
		if a.Key == "win" && next.Window != cur.Window {
			// The error window changes what the charts show, not the
			// learning: the run replays to the same step with the new N.
			t := s.run.T()
			s.base.Window = next.Window
			s.rebuild()
			s.goTo(t)
			return
		}
		if !state.RunChanged(cur, next) {
			return // a page-only setting
		}
		if state.IsLive(a.Key) {
			f, _ := state.FieldByKey(a.Key)
			e := state.Event{Kind: state.EventSet, Key: a.Key, Value: f.Get(next)}
			if s.event(e) {
				return
			}
			if s.run.Kind() == Plot2D && s.run.Err() == nil && s.run.T() > 0 {
				s.newRun(next)
				s.msg = Message{Kind: Info, Text: sentence(fmt.Sprintf("%s cannot change %s while it runs: a new run "+
					"started with %s = %s", learnerTitle(cur), f.Symbol, f.Symbol, f.Get(next)))}
				return
			}
		} else if s.run.Kind() == Plot2D && s.run.Err() == nil && s.run.T() > 0 && !slices.Contains(newRunKeys, a.Key) {
			// A setting no learner changes mid-run (ω, the kernel type,
			// the loss, the noise …): say why the run starts again.
			old := s.run
			s.newRun(next)
			if f, _ := state.FieldByKey(a.Key); s.run != old {
				s.msg = Message{Kind: Info, Text: sentence(fmt.Sprintf("%s cannot change while a run goes on: a new run "+
					"started with %s = %s", title(f), title(f), f.Get(next)))}
			}
			return
		}
	}
	s.newRun(next)
}

// newRunKeys are the settings whose change is a new run by its nature (the
// data, the task, the learner, the seed): no banner explains it.
var newRunKeys = []string{"mode", "t", "p", "c", "r", "l", "ds", "st", "fig", "vs"}

// title is a field's label and symbol, e.g. "buffer size ω".
func title(f *state.Field) string {
	t := f.Label
	if f.Second() {
		t = "the second learner's " + t
	}
	if f.Symbol == "" {
		return t
	}
	return t + " " + f.Symbol
}

// event adds e at the current step to a running 2D plot: the run carries
// on with it and the timeline keeps it. It returns false (and changes
// nothing) when the run takes no edits: not a 2D plot, stopped, or the
// learner refuses the change.
func (s *Store) event(e state.Event) bool {
	r := s.run
	if r.Kind() != Plot2D || r.Err() != nil || len(s.base.Events) >= state.MaxEvents {
		return false
	}
	e.T = r.T()
	pr, ok := r.(plotRun)
	if !ok {
		return false
	}
	if err := pr.addEvent(e); err != nil {
		return false
	}
	evs := s.base.Events[:len(s.base.Events):len(s.base.Events)]
	if pr.pending() {
		// After Reset (or a link opened before its end) the old edits lie
		// ahead: the new one starts a new timeline from here, without them.
		if i := slices.IndexFunc(evs, func(o state.Event) bool { return o.T > e.T }); i >= 0 {
			evs = evs[:i:i]
		}
		pr.truncate()
		s.msg = Message{Kind: Info, Text: fmt.Sprintf("The edits after step %d were dropped: the run goes on from here with this one.", e.T)}
	}
	if n := len(evs); n > 0 && e.Kind == state.EventSet && evs[n-1].Kind == state.EventSet &&
		evs[n-1].Key == e.Key && evs[n-1].T == e.T {
		// A slider dragged while paused: the values met at one step
		// replace each other, and the link keeps the last.
		evs = slices.Clone(evs)
		evs[n-1] = e
	} else {
		evs = append(evs, e)
	}
	s.base.Events = evs
	return true
}

// teach adds e, a taught drawing, at the current step of a digits run: the
// run learns it next and the timeline keeps it (Undo takes it back, Reset
// replays it, the link carries it). Where the run cannot take it (not a
// digits run, stopped, too many edits) a Warning says why and nothing
// changes. After Reset, edits lying ahead are dropped, as for a click.
func (s *Store) teach(e state.Event) {
	d := s.run.Digits()
	switch {
	case d == nil:
		s.msg = Message{Kind: Warning, Text: "A drawing can be taught only to a digits run once its data is loaded."}
		return
	case s.run.Err() != nil:
		s.msg = Message{Kind: Warning, Text: "The run has stopped: Reset, then teach the drawing."}
		return
	case len(s.base.Events) >= state.MaxEvents:
		s.msg = Message{Kind: Warning, Text: fmt.Sprintf("The run holds %d edits, the most a link carries.", state.MaxEvents)}
		return
	case taughtCount(s.base.Events) >= state.MaxTeach:
		// (state.Apply's own check sees Config's events, which are none.)
		s.msg = Message{Kind: Warning, Text: fmt.Sprintf("The run holds %d drawings, the most a link carries.", state.MaxTeach)}
		return
	}
	e.T = d.T()
	evs := s.base.Events[:len(s.base.Events):len(s.base.Events)]
	if err := d.Teach(e); err != nil { // drops the drawings ahead
		s.msg = Message{Kind: Warning, Text: sentence(err.Error())}
		return
	}
	if i := slices.IndexFunc(evs, func(o state.Event) bool { return o.T > e.T }); i >= 0 {
		evs = evs[:i:i]
		s.msg = Message{Kind: Info, Text: fmt.Sprintf("The edits after step %d were dropped: the run goes on from here with this drawing.", e.T)}
	}
	s.base.Events = append(evs, e)
}

// taughtCount is the number of taught drawings (state.EventTeach) in evs.
func taughtCount(evs []state.Event) int {
	n := 0
	for _, e := range evs {
		if e.Kind == state.EventTeach {
			n++
		}
	}
	return n
}

// newRun starts a new run at t = 0 from c (the settings and points in
// force with a change), without events. If it cannot be built, the old run
// stays and a Warning says why.
func (s *Store) newRun(c state.Config) {
	c.Events, c.At = nil, 0
	r, err := newRun(c, s.sets)
	if err != nil {
		s.msg = Message{Kind: Warning, Text: sentence(err.Error())}
		return
	}
	s.base, s.run, s.at = c, r, 0
	s.endReplay()
	if s.brush >= c.NumClasses() {
		s.brush = 0
	}
	s.clearProblem()
}

// rebuild replays the run from t = 0 with the same configuration and
// events (Reset).
func (s *Store) rebuild() {
	r, err := newRun(s.base, s.sets)
	if err != nil {
		s.msg = Message{Kind: Warning, Text: sentence(err.Error())}
		return
	}
	s.run = r
	s.endReplay()
	s.clearProblem()
}

// undo removes the last edit and replays the run to the current step; during
// a replay it first takes back the edits waiting for it, last first.
func (s *Store) undo() {
	n := len(s.base.Events)
	if n == 0 && len(s.waiting) == 0 {
		s.msg = Message{Kind: Info, Text: "Nothing to undo: the run has no edits."}
		return
	}
	if k := len(s.waiting); k > 0 {
		s.waiting = s.waiting[:k-1] // the last edit still waiting for the replay
		s.note()
		return
	}
	t := s.run.T()
	if s.replay > 0 {
		t = s.replay // an Undo during a replay: to where it was going
	}
	c := s.base
	c.Events = c.Events[: n-1 : n-1]
	r, err := newRun(c, s.sets)
	if err != nil {
		s.msg = Message{Kind: Warning, Text: sentence(err.Error())}
		return
	}
	s.base, s.run = c, r
	s.endReplay()
	s.clearProblem()
	s.goTo(t)
}

// staleMessage removes the banner message before the user's next action is
// applied (which may set a message of its own, the same one again for a
// second refused edit): a note ("Link copied", "a new run started …") or a
// refused edit's warning has been read or superseded once the user goes on.
// A link that could not be read is no longer kept after this action, so
// its failure goes too. A Failure offering Reset (a diverged run, a
// recovered panic) stays until a new run replaces its cause
// ([Store.clearProblem]) or it is dismissed; the replay's progress note
// ends with the replay ([Store.endReplay]).
func (s *Store) staleMessage() {
	if !s.msg.Reset && !s.noting {
		s.msg = Message{}
	}
}

// clearProblem hides a warning or failure that belonged to the old run.
func (s *Store) clearProblem() {
	if s.msg.Kind != Info {
		s.msg = Message{}
	}
}

// step advances the run by n examples and stops playing when it stops.
func (s *Store) step(n int) {
	if n <= 0 {
		return
	}
	s.run.Step(n)
	s.stopped()
}

// stopped pauses a run that stopped (with a Failure offering Reset when it
// diverged) or ended; it reports whether it did.
func (s *Store) stopped() bool {
	if !s.run.Done() {
		return false
	}
	was := s.pg.Playing
	s.pg.Playing = false
	if err := s.run.Err(); err != nil {
		text := sentence(err.Error())
		if s.run.Digits() != nil {
			text = "The run stopped: " + err.Error() + ". Lower η₀ or μ (or raise λ), then Reset."
		}
		s.msg = Message{Kind: Failure, Reset: true, Text: text}
		return true
	}
	return was
}

// Advance runs up to n learning steps (the frame loop's tick) and returns
// how many it ran and whether the run stopped (diverged, or its stream
// ended) and paused — then the caller should notify the page ([Changed]).
func (s *Store) Advance(n int) (ran int, stopped bool) {
	if n <= 0 || s.run.Done() || s.replay > 0 {
		return 0, false
	}
	if c := s.until(); c != nil {
		if ran, stopped = s.advanceUntil(c, n); stopped {
			return ran, true
		}
		return ran, s.stopped()
	}
	ran = s.run.Step(n)
	return ran, s.stopped()
}

// Changed notifies the listeners of a change made outside Dispatch (by
// Advance, or Fail).
func (s *Store) Changed() { s.notify() }

// Fail records a recovered panic or an unexpected error: it pauses the run
// and shows a Failure message offering Reset. It does not notify.
func (s *Store) Fail(err error) {
	s.pg.Playing = false
	s.msg = Message{Kind: Failure, Reset: true, Text: "Something went wrong: " + err.Error() +
		". Reset starts the run again; “Default demo” restores the defaults."}
}

// Notify shows m in the banner and notifies the listeners.
func (s *Store) Notify(m Message) {
	s.msg = m
	s.notify()
}

// decodeLink reads a share link's hash (without '#'): %-unescaped by
// UnescapeHash when it holds a '%', then [state.Decode] (which validates).
// Errors carry the "link: " prefix.
func decodeLink(hash string) (state.Config, error) {
	if UnescapeHash != nil && strings.Contains(hash, "%") {
		u, ok := UnescapeHash(hash)
		if !ok {
			return state.Config{}, errors.New("link: the link has a broken %-escape")
		}
		hash = u
	}
	return state.Decode(hash)
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

// Stats are the run's figures kernelplay.stats() reports, for the run on
// screen (the digits run in the digits view).
type Stats struct {
	// Mode is state.Mode2D or state.ModeDigits.
	Mode string
	// T is the number of examples learned.
	T int
	// Playing, Grid and BufferSize are the settings in force.
	Playing    bool
	Grid       int
	BufferSize int
	// Terms is the number of expansion terms the (first) learner keeps.
	Terms int
	// Message is the banner's text.
	Message string
}

// Stats returns the figures of the run on screen.
func (s *Store) Stats() Stats {
	c := s.Config()
	st := Stats{Mode: c.Mode, T: s.run.T(), Playing: c.Playing, Grid: c.Grid, BufferSize: c.BufferSize, Message: s.msg.Text}
	switch {
	case s.run.Sim() != nil:
		if t := render.ModelTerms(s.run.Sim().Learner()); t != nil {
			st.Terms = t.Len()
		}
	case s.run.Digits() != nil:
		if m := s.run.Digits().Model(0); m != nil {
			st.Terms = m.Expansion().Len()
		}
	}
	return st
}

// Measurements are the page's timings for kernelplay.stats(), kept by the
// frame loop in one place (not in the components): milliseconds since the
// navigation, and moving averages.
type Measurements struct {
	// MainMS, MountMS, FirstSurfaceMS, ShownMS and CompleteMS are the load
	// phases, ms from the navigation: the Go program started, the page
	// first rendered, the first surface drawn, the first animation frame
	// after it was painted, the first full picture with the whole page.
	MainMS, MountMS, FirstSurfaceMS, ShownMS, CompleteMS float64
	// Frames counts the frames drawn.
	Frames int
	// StepMS is learning time per frame (per example in the digits view),
	// DrawMS drawing time per drawn frame: ms, moving averages. (The plot
	// keeps the surface's share, which only it measures.)
	StepMS, DrawMS float64
	// Profile is drawing time by part, ms (moving averages; "1st …" the
	// first time).
	Profile map[string]float64
}

// EMA folds a new sample v into an exponential moving average avg (weight
// 1/16; the first sample starts it).
func EMA(avg, v float64) float64 {
	if avg == 0 {
		return v
	}
	return avg + (v-avg)/16
}

// AddProfile folds a timing of a named part of the frame into its average.
func (m *Measurements) AddProfile(part string, ms float64) {
	if m.Profile == nil {
		m.Profile = map[string]float64{}
	}
	if _, seen := m.Profile[part]; !seen {
		m.Profile["1st "+part] = ms
	}
	m.Profile[part] = EMA(m.Profile[part], ms)
}

// ClassHash returns the hash (without '#') of the link for a class: the
// share link's run ([Store.Hash]) with only the hide keys ticked and
// presenter mode as given ([state.ClassLink]). It returns an error when a
// ticked key is no hide key, or when the share link cannot be read (after a
// link that could not be read, before the first change).
func (s *Store) ClassHash(ticked []string, presenter bool) (string, error) {
	c, err := state.Decode(s.Hash())
	if err != nil {
		return "", err
	}
	return state.ClassLink(c, ticked, presenter)
}
