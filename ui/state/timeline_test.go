package state

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// TestLinkDigitsDefaults: a hand-written digits link takes its missing
// settings from the digits demo and its digit set, not from the 2D plot
// (whose σ = 0.15 gives chance-level error on digits). Fails before the
// digits base of Decode: the link ran with σ = 0.15.
func TestLinkDigitsDefaults(t *testing.T) {
	d, err := Decode("v1&mode=digits")
	if err != nil {
		t.Fatal(err)
	}
	want := DigitsDefault()
	if d.Sigma != want.Sigma || d.Lambda != want.Lambda || d.Eta0 != want.Eta0 || d.StepsPerFrame != want.StepsPerFrame {
		t.Errorf("v1&mode=digits: σ, λ, η₀, spf = %v, %v, %v, %v; want the digits demo's %v, %v, %v, %v",
			d.Sigma, d.Lambda, d.Eta0, d.StepsPerFrame, want.Sigma, want.Lambda, want.Eta0, want.StepsPerFrame)
	}
	m, err := Decode("v1&mode=digits&ds=mnist")
	if err != nil {
		t.Fatal(err)
	}
	fig, _ := FigurePreset(FigureCounting) // the MNIST figure: the papers' σ rescaled to MNIST
	if m.Sigma != fig.Sigma || m.Sigma == d.Sigma {
		t.Errorf("ds=mnist: σ = %v, want MNIST's %v (the 8×8 set has %v)", m.Sigma, fig.Sigma, d.Sigma)
	}
	// An explicit setting still wins over the base.
	if s, _ := Decode("v1&mode=digits&ds=mnist&s=3"); s.Sigma != 3 {
		t.Errorf("explicit s=3 gave σ = %v", s.Sigma)
	}
	// Switching the set in the page applies the new set's defaults too.
	n, err := Apply(DigitsDefault(), SetField{Key: "ds", Value: DataMNIST})
	if err != nil || n.Sigma != fig.Sigma {
		t.Errorf("SetField ds=mnist: σ = %v (%v), want %v", n.Sigma, err, fig.Sigma)
	}
}

// TestEventsRoundTrip: every kind of event, at steps that need several
// varint bytes, comes back exactly (a setting's value in its canonical
// form: "1e-3" is read as "0.001"); corrupt data is an error, not a panic.
func TestEventsRoundTrip(t *testing.T) {
	c := Default()
	c.Events = []Event{
		{T: 0, Kind: EventAdd, Point: Quantize(Point{X: 0.5, Y: -0.25, Class: 1})},
		{T: 300, Kind: EventSet, Key: "s", Value: "0.3"},
		{T: 300, Kind: EventAdd, Point: Point{X: -1, Y: 1, Class: 0}},
		{T: 123456, Kind: EventDelete, Index: 0},
		{T: 123457, Kind: EventSet, Key: "m", Value: "1e-3"},
	}
	c.At = 200000
	h := Encode(c)
	d, err := Decode(h)
	if err != nil {
		t.Fatalf("Decode(%s): %v", h, err)
	}
	c.Events[4].Value = "0.001"
	if !reflect.DeepEqual(c, d) {
		t.Fatalf("round trip changed the events:\n%+v\n%+v", c.Events, d.Events)
	}
	// After the events the config holds what they did.
	end, err := d.AtStep(d.At)
	if err != nil || len(end.Points) != 1 || end.Points[0] != (Point{X: -1, Y: 1}) || end.Sigma != 0.3 || end.Mu != 1e-3 {
		t.Errorf("AtStep: points %v σ %v μ %v (%v)", end.Points, end.Sigma, end.Mu, err)
	}
	for _, bad := range []string{"v1&ev=@@", "v1&ev=AQ", "v1&ev=_____w", "v1&at=-1", "v1&at=x",
		"v1&ev=AAAAAAA&ev=AAAAAAA"} {
		if _, err := Decode(bad); err == nil {
			t.Errorf("Decode(%q) accepted", bad)
		}
	}
	// Events out of order, or that do not replay, are refused.
	o := Default()
	o.Events = []Event{{T: 5, Kind: EventSet, Key: "s", Value: "1"}, {T: 4, Kind: EventSet, Key: "s", Value: "2"}}
	if err := o.Validate(); err == nil {
		t.Error("events out of order accepted")
	}
	o.Events = []Event{{T: 5, Kind: EventDelete, Index: 3}}
	if err := o.Validate(); err == nil || !strings.Contains(err.Error(), "no point 3") {
		t.Errorf("deleting a missing point: %v", err)
	}
	o.Events = []Event{{T: 5, Kind: EventSet, Key: "w", Value: "8"}}
	if err := o.Validate(); err == nil {
		t.Error("an event changing ω (not live) accepted")
	}
}

// TestEventsLinkSize: a 500-click session (a click every 50 steps, the
// last a long way into the run) stays a link far below MaxHashLen; the
// figure is logged.
func TestEventsLinkSize(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 0))
	c := Default()
	step := 0
	for i := range 500 {
		step += 1 + rng.IntN(100)
		c.Events = append(c.Events, Event{T: step, Kind: EventAdd,
			Point: Quantize(Point{X: 2*rng.Float64() - 1, Y: 2*rng.Float64() - 1, Class: i % 2})})
	}
	h := Encode(c)
	base := len(Encode(Default()))
	t.Logf("500 clicks: link of %d characters (%d without the clicks)", len(h), base)
	if per := float64(len(h)-base) / 500; per > 8 {
		t.Errorf("%.1f characters per click, want at most 8", per)
	}
	if len(h) > MaxHashLen/4 {
		t.Errorf("500 clicks take %d characters, more than a quarter of MaxHashLen", len(h))
	}
	if _, err := Decode(h); err != nil {
		t.Fatal(err)
	}
}

// TestOldLinkPointsReplaceGenerator: links written before the timeline
// (no "gen" key) keep their meaning: clicked points replace the generator;
// a link without points keeps it.
func TestOldLinkPointsReplaceGenerator(t *testing.T) {
	c := Default()
	c.Points = []Point{{X: 0.5, Y: 0.5, Class: 1}}
	c.Generated = false
	h := Encode(c)
	if strings.Contains(h, "gen=") {
		t.Errorf("%s: gen written although it is what Decode infers", h)
	}
	d, err := Decode(h)
	if err != nil || d.Generated {
		t.Errorf("old link with points: Generated = %v (%v), want false", d.Generated, err)
	}
	if d, _ := Decode("v1&p=moons"); !d.Generated {
		t.Error("old link without points: generator off")
	}
	c.Generated = true
	if d, _ := Decode(Encode(c)); !d.Generated {
		t.Error("points added to the generated data: gen lost")
	}
}

func FuzzDecodeEvents(f *testing.F) {
	f.Add(encodeEvents([]Event{{T: 3, Kind: EventAdd}, {T: 9, Kind: EventSet, Key: "s", Value: "0.2"}}))
	f.Add("AAAA")
	f.Fuzz(func(t *testing.T, s string) {
		evs, err := decodeEvents(s)
		if err != nil {
			return
		}
		if got, _ := decodeEvents(encodeEvents(evs)); !reflect.DeepEqual(got, evs) {
			t.Errorf("re-encoding %q changed the events", s)
		}
	})
}

// TestLinkTooLarge: a whole number written in exponent form is read as
// that number, and one beyond the range is "too large" with the limit
// (before: `"1e9" is not a whole number`).
func TestLinkTooLarge(t *testing.T) {
	_, err := Decode("v1&w=1e9")
	if err == nil || !strings.Contains(err.Error(), "too large: want 1 to 4096") {
		t.Errorf("w=1e9: %v", err)
	}
	if c, err := Decode("v1&w=1e3"); err != nil || c.BufferSize != 1000 {
		t.Errorf("w=1e3: ω = %d (%v), want 1000", c.BufferSize, err)
	}
}
