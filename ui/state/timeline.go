package state

import (
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
)

// A run is a timeline: the configuration at t = 0 ([Config] without its
// Events) and the user's edits made while it ran, each an [Event] at the
// step T at which it happened. Replaying the configuration and its events
// with the same seed gives the same run, bit for bit (ui/sim applies them).
//
// What an edit changes, from the next example on:
//
//   - EventAdd: the clicked point joins the stream: it is the next example
//     learned, then one of the clicked points the stream draws from (mixed
//     with the generator unless Config.Generated is off; see ui/sim).
//   - EventDelete: the clicked point leaves the stream. Terms the learner
//     already stored for it stay in the expansion until they are evicted
//     or decay: the learner forgets online, as it learned.
//   - EventSet of one of [LiveKeys]: the new σ, λ, η₀, μ, ρ (the trace
//     decay), ν or τ (or RES/SGD's ε₀, τ, δ, Γ) is used from the next
//     example on. A new σ also
//     changes every stored term k(x_i, ·), since the expansion keeps x_i and
//     α_i, not the functions: the whole surface changes at once. λ, η₀, μ,
//     ρ, ν and τ change only the next updates (the stored α_i, η, the trace
//     v and the margin ρ keep their values).
//
// Every other change (learner, task, data set, kernel type, ω, the seed …)
// starts a new run at t = 0.

// EventKind is what an [Event] does.
type EventKind uint8

const (
	// EventAdd adds Event.Point to the clicked points.
	EventAdd EventKind = iota
	// EventDelete removes the clicked point with index Event.Index.
	EventDelete
	// EventSet sets the setting Event.Key (one of [LiveKeys]) to
	// Event.Value.
	EventSet
	// EventTeach makes Event.Drawing, labelled Event.Label, the next
	// example of a digits run (teach.go). It changes no setting.
	EventTeach
)

// Event is one edit of a running run: at step T (after T examples were
// learned, before example T+1) the user added a point, deleted one or
// changed a live setting.
type Event struct {
	// T is the step of the edit: it applies from example T+1 on. Events of
	// a Config are in non-decreasing T.
	T int
	// Kind is what the event does.
	Kind EventKind
	// Point is the added point (EventAdd), on the 1/Quantum grid.
	Point Point
	// Index is the index of the deleted point among the clicked points of
	// that moment (EventDelete).
	Index int
	// Key and Value are the setting's URL key and its new value in string
	// form (EventSet), as [SetField] takes them.
	Key, Value string
	// Drawing and Label are a taught drawing's quantised levels, one byte
	// per pixel, and its digit class 0…9 (EventTeach; see [TeachLevels]).
	// The levels are held in a string, not a []uint8, so that Event stays
	// comparable with == (the timeline's code compares edits).
	Drawing string
	Label   int
}

// LiveKeys are the settings that may change while a run goes on (an
// [EventSet]): σ, λ, η₀, μ, the trace decay ρ, ν and NORMA's τ, and the
// step sizes ε₀, τ and the terms δ, Γ of RES and SGD, and the second
// learner's σ, λ, η₀, μ, ρ, ν and τ (second.go). The learners apply
// them from the next example (core/learn's Reconfigure); other settings
// start a new run.
var LiveKeys = []string{"s", "lam", "e", "m", "dc", "nu", "tau", "e0", "rt", "del", "gam",
	SecondPrefix + "s", SecondPrefix + "lam", SecondPrefix + "e", SecondPrefix + "m", SecondPrefix + "dc",
	SecondPrefix + "nu", SecondPrefix + "tau"}

// IsLive reports whether the setting with URL key key may change mid-run.
func IsLive(key string) bool { return slices.Contains(LiveKeys, key) }

// MaxEvents bounds the events of a configuration (and so of a link): a
// click takes about 7 characters of the link (a few bytes of step, one of
// kind, four of point, in base64url), so 2,000 events stay under about
// 20 KB, a third of [MaxHashLen] and well within what browsers accept in an
// address (Chromium 2 MB; sharing through chat apps is the tighter limit).
const MaxEvents = 2000

// MaxStep bounds an event's step and [Config.At] (10⁸ examples: more than
// a day of playing at full speed).
const MaxStep = 100_000_000

// Apply returns c after event e: the point added or removed, or the setting
// changed. It is [Apply] of the matching action with the event's checks.
func (e Event) Apply(c Config) (Config, error) {
	switch e.Kind {
	case EventAdd:
		return Apply(c, AddPoint{X: e.Point.X, Y: e.Point.Y, Class: e.Point.Class})
	case EventDelete:
		return Apply(c, DeletePoint{Index: e.Index})
	case EventSet:
		if !IsLive(e.Key) {
			return c, fmt.Errorf("setting %q cannot change while a run goes on", e.Key)
		}
		return Apply(c, SetField{Key: e.Key, Value: e.Value})
	case EventTeach:
		return c, checkTeach(c, e)
	}
	return c, fmt.Errorf("unknown event kind %d", e.Kind)
}

// AtStep returns the configuration in force after the events with step ≤ t:
// c's settings and points with those events applied, Events nil. It is
// what the controls show at step t. An event that does not apply is an
// error naming it.
func (c Config) AtStep(t int) (Config, error) {
	cur := c
	cur.Events = nil
	for i, e := range c.Events {
		if e.T > t {
			break
		}
		n, err := e.Apply(cur)
		if err != nil {
			return c, fmt.Errorf("event %d (at step %d): %w", i+1, e.T, err)
		}
		cur = n
	}
	return cur, nil
}

// validateEvents checks the order, number and replay of c's events.
func (c Config) validateEvents() error {
	if len(c.Events) > MaxEvents {
		return fmt.Errorf("%d edits is too many: at most %d", len(c.Events), MaxEvents)
	}
	if n := countTeach(c.Events); n > MaxTeach {
		return fmt.Errorf("%d taught drawings is too many for one link: at most %d", n, MaxTeach)
	}
	if c.At < 0 || c.At > MaxStep {
		return fmt.Errorf("step at = %d is out of range: want 0 to %d", c.At, MaxStep)
	}
	prev := 0
	for i, e := range c.Events {
		if e.T < prev || e.T > MaxStep {
			return fmt.Errorf("edit %d is at step %d: want steps in order, 0 to %d", i+1, e.T, MaxStep)
		}
		prev = e.T
	}
	if len(c.Events) == 0 {
		return nil
	}
	last := c.Events[len(c.Events)-1].T
	_, err := c.AtStep(last)
	return err
}

// encodeEvents packs events into unpadded base64url: per event the step
// difference to the previous event and the kind as one unsigned varint
// (dT·4 + kind), then the point packed in 4 bytes (31 bits, as "pts"), the
// index as a varint, or the setting's index in [Fields] and its value as
// a varint length and bytes, or the drawing (appendDrawing).
func encodeEvents(evs []Event) string {
	var b []byte
	prev := 0
	for _, e := range evs {
		b = binary.AppendUvarint(b, uint64(e.T-prev)<<2|uint64(e.Kind))
		prev = e.T
		switch e.Kind {
		case EventAdd:
			p := e.Point
			v := quant(p.X)<<(coordBits+classBits) | quant(p.Y)<<classBits | uint64(p.Class)&(1<<classBits-1)
			b = binary.BigEndian.AppendUint32(b, uint32(v))
		case EventDelete:
			b = binary.AppendUvarint(b, uint64(e.Index))
		case EventSet:
			i := slices.IndexFunc(Fields, func(f Field) bool { return f.Key == e.Key })
			b = binary.AppendUvarint(b, uint64(max(i, 0)))
			b = binary.AppendUvarint(b, uint64(len(e.Value)))
			b = append(b, e.Value...)
		case EventTeach:
			b = appendDrawing(b, e)
		}
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// canonicalValue returns v in the form f.Get writes (a number's shortest
// exact decimal, [Format]): an edit's value read from a link is stored as
// the link would be written again, so that a value padded with zeros
// ("0.5000…0", 65 KB) cannot make the re-encoded link longer than the one
// read. A value f cannot parse is returned as it is (replaying the edit
// refuses it).
func canonicalValue(f *Field, v string) string {
	var c Config
	if f.set(&c, v) != nil {
		return v
	}
	return f.get(&c)
}

// decodeEvents inverts encodeEvents, rejecting anything it could not have
// written (the replay itself is checked by Validate).
func decodeEvents(s string) ([]Event, error) {
	if s == "" {
		return nil, nil
	}
	b, err := base64.RawURLEncoding.Strict().DecodeString(s)
	if err != nil {
		return nil, errors.New("the edits data is corrupt (not base64url)")
	}
	var evs []Event
	t, teach := 0, 0
	uvarint := func() (uint64, bool) {
		v, n := binary.Uvarint(b)
		if n <= 0 {
			return 0, false
		}
		b = b[n:]
		return v, true
	}
	truncated := errors.New("the edits data is truncated")
	for len(b) > 0 {
		if len(evs) == MaxEvents {
			return nil, fmt.Errorf("more than %d edits", MaxEvents)
		}
		h, ok := uvarint()
		if !ok || h>>2 > MaxStep {
			return nil, truncated
		}
		t += int(h >> 2)
		e := Event{T: t, Kind: EventKind(h & 3)}
		switch e.Kind {
		case EventAdd:
			if len(b) < 4 {
				return nil, truncated
			}
			v := uint64(binary.BigEndian.Uint32(b))
			b = b[4:]
			qx, qy := v>>(coordBits+classBits), v>>classBits&(1<<coordBits-1)
			if v>>pointBits != 0 || qx > 2*Quantum || qy > 2*Quantum {
				return nil, fmt.Errorf("edit %d adds a point outside the square", len(evs)+1)
			}
			e.Point = Point{X: float64(int(qx)-Quantum) / Quantum, Y: float64(int(qy)-Quantum) / Quantum,
				Class: int(v & (1<<classBits - 1))}
		case EventDelete:
			i, ok := uvarint()
			if !ok || i > MaxPoints {
				return nil, truncated
			}
			e.Index = int(i)
		case EventSet:
			i, ok1 := uvarint()
			n, ok2 := uvarint()
			if !ok1 || !ok2 || i >= uint64(len(Fields)) || n > uint64(len(b)) {
				return nil, truncated
			}
			e.Key, e.Value = Fields[i].Key, canonicalValue(&Fields[i], string(b[:n]))
			b = b[n:]
		case EventTeach:
			if teach++; teach > MaxTeach {
				return nil, fmt.Errorf("more than %d taught drawings", MaxTeach)
			}
			if b, err = readDrawing(b, &e); err != nil {
				return nil, fmt.Errorf("edit %d: %w", len(evs)+1, err)
			}
		default:
			return nil, fmt.Errorf("edit %d has an unknown kind", len(evs)+1)
		}
		evs = append(evs, e)
	}
	return evs, nil
}
