package state

import (
	"encoding/base64"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// teachDrawing returns n random levels 0…top, about a fifth non-zero (a
// drawn digit's share of ink).
func teachDrawing(rng *rand.Rand, n, top int) string {
	d := make([]byte, n)
	for i := range d {
		if rng.IntN(5) == 0 {
			d[i] = byte(1 + rng.IntN(top))
		}
	}
	return string(d)
}

// TestTeachRoundTrip: taught drawings of both sets, among other edits,
// come back from the link exactly (levels, labels, steps), and each costs
// in the link 1 + mask + ⌈nz/2⌉ bytes besides its header, as teach.go says.
func TestTeachRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 3))
	for _, ds := range []string{Data8x8, DataMNIST} {
		c, err := Apply(DigitsDefault(), SetField{Key: "ds", Value: ds})
		if err != nil {
			t.Fatal(err)
		}
		n, top, _ := TeachLevels(ds)
		full := strings.Repeat(string(rune(top)), n)
		c.Events = []Event{
			{T: 0, Kind: EventTeach, Drawing: teachDrawing(rng, n, top), Label: 7},
			{T: 40, Kind: EventSet, Key: "s", Value: "3"},
			{T: 40, Kind: EventTeach, Drawing: strings.Repeat("\x00", n), Label: 0},
			{T: 1000, Kind: EventTeach, Drawing: full, Label: 9},
		}
		c.At = 2000
		if err := c.Validate(); err != nil {
			t.Fatal(err)
		}
		h := Encode(c)
		d, err := Decode(h)
		if err != nil {
			t.Fatalf("%s: Decode: %v", ds, err)
		}
		if !reflect.DeepEqual(c, d) {
			t.Fatalf("%s: round trip changed the events:\n%+v\n%+v", ds, c.Events, d.Events)
		}
		for _, e := range c.Events {
			if e.Kind != EventTeach {
				continue
			}
			nz := n - strings.Count(e.Drawing, "\x00")
			got := len(appendDrawing(nil, e))
			if want := 1 + n/8 + (nz+1)/2; got != want {
				t.Errorf("%s: a drawing with %d non-zero levels takes %d bytes, want %d", ds, nz, got, want)
			}
			t.Logf("%s: %d non-zero levels: %d bytes in the link", ds, nz, got)
		}
	}
}

// TestTeachLimit: MaxTeach MNIST drawings at their largest (every level
// 15) fit a link; one more is refused by Validate and by Decode.
func TestTeachLimit(t *testing.T) {
	c, _ := Apply(DigitsDefault(), SetField{Key: "ds", Value: DataMNIST})
	full := strings.Repeat("\x0f", 784)
	for i := range MaxTeach {
		c.Events = append(c.Events, Event{T: i, Kind: EventTeach, Drawing: full, Label: i % 10})
	}
	h := Encode(c)
	t.Logf("%d full MNIST drawings: a link of %d characters (MaxHashLen %d)", MaxTeach, len(h), MaxHashLen)
	if d, err := Decode(h); err != nil || !reflect.DeepEqual(c, d) {
		t.Fatalf("the largest allowed link: %v", err)
	}
	c.Events = append(c.Events, Event{T: MaxTeach, Kind: EventTeach, Drawing: strings.Repeat("\x00", 784)})
	if err := c.Validate(); err == nil {
		t.Error("Validate accepted one drawing too many")
	}
	if _, err := decodeEvents(encodeEvents(c.Events)); err == nil {
		t.Error("decodeEvents accepted one drawing too many")
	}
}

// TestTeachRefused: a drawing fits only a 10-way digits run over its own
// set, with a digit label and levels in range; a corrupt drawing in a link
// is an error, not a panic.
func TestTeachRefused(t *testing.T) {
	ok8 := Event{Kind: EventTeach, Drawing: strings.Repeat("\x03", 64), Label: 1}
	mnist, _ := Apply(DigitsDefault(), SetField{Key: "ds", Value: DataMNIST})
	split, _ := Apply(DigitsDefault(), SetField{Key: "st", Value: StreamSplit})
	fig, _ := FigurePreset(FigureMulticlass)
	file := DigitsDefault()
	file.Data = DataFile
	for name, c := range map[string]struct {
		cfg Config
		e   Event
	}{
		"2D":             {Default(), ok8},
		"8×8 on MNIST":   {mnist, ok8},
		"binary stream":  {split, ok8},
		"a paper figure": {fig, ok8},
		"a loaded file":  {file, ok8},
		"label 10":       {DigitsDefault(), Event{Kind: EventTeach, Drawing: ok8.Drawing, Label: 10}},
		"level 17":       {DigitsDefault(), Event{Kind: EventTeach, Drawing: strings.Repeat("\x11", 64)}},
		"MNIST level 16": {mnist, Event{Kind: EventTeach, Drawing: strings.Repeat("\x10", 784)}},
	} {
		if _, err := ok8.Apply(DigitsDefault()); err != nil {
			t.Fatalf("the 8×8 drawing itself: %v", err)
		}
		if _, err := c.e.Apply(c.cfg); err == nil {
			t.Errorf("%s: accepted", name)
		}
		c.cfg.Events = []Event{c.e}
		if err := c.cfg.Validate(); err == nil {
			t.Errorf("%s: Validate accepted", name)
		}
	}
	good := []byte(encodeEvents([]Event{ok8}))
	raw, _ := base64.RawURLEncoding.DecodeString(string(good))
	for name, b := range map[string][]byte{
		"truncated mask":   raw[:5],
		"truncated levels": raw[:len(raw)-1],
		"header bit 5":     append([]byte{raw[0], raw[1] | 0x20}, raw[2:]...),
		"label 12":         append([]byte{raw[0], 0x0c}, raw[2:]...),
		"padding nibble":   append([]byte{3, 0, 0x80, 0, 0, 0, 0, 0, 0, 0}, 0x01),
		"MNIST level 16":   append(append([]byte{3, 0x10, 0x80}, make([]byte, 97)...), 0xf0),
	} {
		if _, err := decodeEvents(base64.RawURLEncoding.EncodeToString(b)); err == nil {
			t.Errorf("%s: decoded", name)
		}
	}
}

// FuzzDecodeTeach: whatever the edits data, decodeEvents returns an error
// or edits that survive encoding and decoding again unchanged, never more
// than MaxEvents edits or MaxTeach drawings, each drawing of 64 or 784
// levels within its set's range and a digit label. (Byte for byte the
// edits data need not come back: the varints of the older edit kinds
// accept non-minimal forms.) The seeds hold every kind of edit.
func FuzzDecodeTeach(f *testing.F) {
	rng := rand.New(rand.NewPCG(22, 4))
	f.Add([]byte{})
	for _, evs := range [][]Event{
		{{T: 3, Kind: EventTeach, Drawing: teachDrawing(rng, 64, 16), Label: 4}},
		{{T: 0, Kind: EventTeach, Drawing: teachDrawing(rng, 784, 15), Label: 9}, {T: 9, Kind: EventDelete, Index: 2}},
		{{T: 1, Kind: EventAdd, Point: Point{X: 0.5, Y: -0.5, Class: 1}}, {T: 2, Kind: EventSet, Key: "s", Value: "0.3"}},
	} {
		raw, _ := base64.RawURLEncoding.DecodeString(encodeEvents(evs))
		f.Add(raw)
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		s := base64.RawURLEncoding.EncodeToString(raw)
		evs, err := decodeEvents(s)
		if err != nil {
			return
		}
		if len(evs) > MaxEvents || countTeach(evs) > MaxTeach {
			t.Fatalf("%d edits, %d drawings", len(evs), countTeach(evs))
		}
		for _, e := range evs {
			if e.Kind != EventTeach {
				continue
			}
			ds := map[int]string{64: Data8x8, 784: DataMNIST}[len(e.Drawing)]
			c, _ := Apply(DigitsDefault(), SetField{Key: "ds", Value: ds})
			if ds == "" || checkTeach(c, e) != nil {
				t.Fatalf("decoded %x to a drawing of %d levels, label %d: %v", raw, len(e.Drawing), e.Label, checkTeach(c, e))
			}
		}
		if again, err := decodeEvents(encodeEvents(evs)); err != nil || !reflect.DeepEqual(again, evs) {
			t.Fatalf("decoded %x to %+v, which re-encodes to %+v (%v)", raw, evs, again, err)
		}
	})
}
