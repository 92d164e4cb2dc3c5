package state

import (
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestDefaultValid(t *testing.T) {
	if err := Default().Validate(); err != nil {
		t.Fatal(err)
	}
	if c, err := Decode(""); err != nil || !reflect.DeepEqual(c, Default()) {
		t.Fatalf("Decode(\"\") = %+v, %v; want Default()", c, err)
	}
}

func TestFieldsTable(t *testing.T) {
	keys := map[string]bool{keyPoints: true, keyHide: true, keyEmbed: true}
	for _, f := range Fields {
		if keys[f.Key] {
			t.Errorf("duplicate key %q", f.Key)
		}
		keys[f.Key] = true
		if f.Label == "" || f.Hint == "" || f.Group == "" {
			t.Errorf("field %q incomplete", f.Key)
		}
		if (f.Kind == Number || f.Kind == Integer) && !(f.Min < f.Max) || f.Log && f.Min <= 0 {
			t.Errorf("field %q has range %v..%v log=%v", f.Key, f.Min, f.Max, f.Log)
		}
		if f.Kind == Choice && len(f.Options) == 0 {
			t.Errorf("choice %q has no options", f.Key)
		}
		// The Go field named by Name exists and Get reads it.
		v := reflect.ValueOf(Default()).FieldByName(f.Name)
		if !v.IsValid() {
			t.Errorf("field %q names no Config field %q", f.Key, f.Name)
			continue
		}
		// Its Go type is the one get and set handle for the Kind.
		want := map[Kind][]reflect.Kind{Number: {reflect.Float64}, Integer: {reflect.Int, reflect.Uint64},
			Choice: {reflect.String}, Bool: {reflect.Bool}}[f.Kind]
		if !slices.Contains(want, v.Kind()) {
			t.Errorf("field %q: Config.%s is a %s, want one of %v for its kind", f.Key, f.Name, v.Kind(), want)
		}
		if f.Kind == Integer && f.Step != map[bool]float64{false: 1, true: 0}[f.Log] {
			t.Errorf("integer field %q: step %v with log=%v", f.Key, f.Step, f.Log)
		}
	}
	// Every Config field is in the table, or is one of the keys Encode
	// writes itself.
	typ := reflect.TypeFor[Config]()
	for i := range typ.NumField() {
		name := typ.Field(i).Name
		found := name == "Points" || name == "Hide" || name == "Generated" || name == "Events" || name == "At" ||
			name == "Presenter" || name == "Embed" || // embed.go
			name == "Quiz" || name == "Lesson" || name == "LessonStep" || // quiz.go
			name == "Second" // the second fields (second.go) hold Second's
		for _, f := range Fields {
			found = found || f.Name == name
		}
		if !found {
			t.Errorf("Config.%s is not in Fields: the link would lose it", name)
		}
	}
}

// randomConfig returns a valid config with every field drawn at random
// within its range (log fields log-uniformly), and quantised points.
func randomConfig(rng *rand.Rand) Config {
	c := Default()
	for i := range Fields {
		f := &Fields[i]
		var s string
		switch f.Kind {
		case Choice:
			s = f.Options[rng.IntN(len(f.Options))]
		case Bool:
			s = fmtBool(rng.IntN(2) == 1)
		case Integer:
			s = strconv.FormatInt(int64(f.Min)+rng.Int64N(int64(f.Max-f.Min)+1), 10)
		case Number:
			var v float64
			if f.Log {
				v = f.Min * math.Pow(f.Max/f.Min, rng.Float64())
			} else {
				v = f.Min + (f.Max-f.Min)*rng.Float64()
			}
			s = Format(max(f.Min, min(f.Max, v)))
		}
		if err := f.set(&c, s); err != nil {
			panic(err)
		}
	}
	compatible(&c)
	for range rng.IntN(50) {
		c.Points = append(c.Points, Quantize(Point{X: 2*rng.Float64() - 1, Y: 2*rng.Float64() - 1, Class: rng.IntN(MaxClasses)}))
	}
	if rng.IntN(3) == 0 {
		hk := "s"
		for hk == "s" { // Decode refuses a hidden key listed twice
			hk = Fields[rng.IntN(len(Fields))].Key
		}
		c.Hide = []string{hk, "s"}
	}
	c.Generated = rng.IntN(2) == 0 || len(c.Points) == 0
	randomEvents(rng, &c)
	if rng.IntN(3) == 0 {
		c.At = rng.IntN(MaxStep)
	}
	if IsRESvsSGD(c) {
		c.Learner, c.Task = LearnerRES, TaskBinary // as Decode names them
	}
	return c
}

// randomEvents appends up to 20 valid events to c: clicks of the task's
// classes, deletions of existing points and changes of live settings, at
// increasing steps.
func randomEvents(rng *rand.Rand, c *Config) {
	cur := *c
	t := 0
	for range rng.IntN(21) {
		t += rng.IntN(3000)
		var e Event
		switch rng.IntN(3) {
		case 0:
			e = Event{Kind: EventAdd, Point: Quantize(Point{X: 2*rng.Float64() - 1, Y: 2*rng.Float64() - 1,
				Class: rng.IntN(cur.NumClasses())})}
		case 1:
			if len(cur.Points) == 0 {
				continue
			}
			e = Event{Kind: EventDelete, Index: rng.IntN(len(cur.Points))}
		default:
			f, _ := FieldByKey(LiveKeys[rng.IntN(len(LiveKeys))])
			e = Event{Kind: EventSet, Key: f.Key, Value: Format(f.Min + (f.Max-f.Min)*rng.Float64())}
		}
		e.T = t
		n, err := e.Apply(cur)
		if err != nil {
			continue // e.g. ν = 0 under novelty, or a click under RES vs SGD
		}
		cur = n
		c.Events = append(c.Events, e)
	}
}

func TestRoundTripRandom(t *testing.T) {
	const seed, n = 7, 2000
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	for i := range n {
		c := randomConfig(rng)
		if err := c.Validate(); err != nil {
			t.Fatalf("random config %d invalid: %v", i, err)
		}
		h := Encode(c)
		d, err := Decode(h)
		if err != nil {
			t.Fatalf("Decode(Encode(c)) error %v for %s", err, h)
		}
		if !reflect.DeepEqual(c, d) {
			t.Fatalf("round trip changed the config:\n%+v\n%+v\n%s", c, d, h)
		}
		if Encode(d) != h {
			t.Fatalf("encoding not stable")
		}
	}
}

// TestRoundTripEachField changes one field at a time to values at its
// limits and in between, and checks the exact round trip (bitwise for
// floats).
func TestRoundTripEachField(t *testing.T) {
	for i := range Fields {
		f := &Fields[i]
		var vals []string
		switch f.Kind {
		case Choice:
			vals = f.Options
		case Bool:
			vals = []string{"0", "1"}
		case Integer:
			vals = []string{strconv.FormatInt(int64(f.Min), 10), strconv.FormatInt(int64(f.Max), 10),
				strconv.FormatInt(int64((f.Min+f.Max)/2), 10)}
		case Number:
			vals = []string{Format(f.Min), Format(f.Max), Format(f.Min + (f.Max-f.Min)/3),
				Format(math.Nextafter(f.Max, f.Min)), Format(math.Nextafter(f.Min, f.Max))}
		}
		for _, v := range vals {
			c := Default()
			c.Nu = 0.1 // so novelty is valid
			if err := f.set(&c, v); err != nil {
				t.Fatalf("%s=%s: %v", f.Key, v, err)
			}
			if f.Key == "t" {
				compatible(&c)
			}
			if IsRESvsSGD(c) {
				c.Learner, c.Task = LearnerRES, TaskBinary // as the preset's menu choice sets them (Decode too)
			}
			if c.Task == TaskRegression && f.Key == "l" {
				continue
			}
			d, err := Decode(Encode(c))
			if err != nil {
				t.Fatalf("%s=%s: %v", f.Key, v, err)
			}
			if got := f.get(&d); got != v {
				t.Errorf("%s=%s came back as %s", f.Key, v, got)
			}
			if !reflect.DeepEqual(c, d) {
				t.Errorf("%s=%s: config changed in the round trip", f.Key, v)
			}
		}
	}
}

func TestPointsRoundTripExact(t *testing.T) {
	pts := []Point{{-1, -1, 0}, {1, 1, 4}, {0, 0, 1}, {1.0 / Quantum, -1.0 / Quantum, 2}, {0.5, -0.25, 3}}
	for n := 0; n <= len(pts); n++ {
		c := Default()
		c.Points = append([]Point(nil), pts[:n]...)
		if n == 0 {
			c.Points = nil
		}
		d, err := Decode(Encode(c))
		if err != nil {
			t.Fatal(err)
		}
		for i := range c.Points {
			if math.Float64bits(c.Points[i].X) != math.Float64bits(d.Points[i].X) ||
				math.Float64bits(c.Points[i].Y) != math.Float64bits(d.Points[i].Y) || c.Points[i].Class != d.Points[i].Class {
				t.Errorf("point %d: %v came back as %v", i, c.Points[i], d.Points[i])
			}
		}
		if !reflect.DeepEqual(c, d) {
			t.Errorf("%d points: %v came back as %v", n, c.Points, d.Points)
		}
	}
	// 31 bits a point: 100 points take 388 bytes, 518 base64 characters.
	c := Default()
	for i := range 100 {
		c.Points = append(c.Points, Quantize(Point{X: float64(i)/50 - 1, Y: 0.3, Class: i % 2}))
	}
	h := Encode(c)
	_, p, _ := strings.Cut(h, "pts=")
	p, _, _ = strings.Cut(p, "&")
	if len(p) != 518 {
		t.Errorf("100 points take %d characters, want 518", len(p))
	}
	// Quantize: −0 becomes +0, values land on the grid and in the square.
	if q := Quantize(Point{X: -1e-9, Y: 3}); math.Signbit(q.X) || q.Y != 1 {
		t.Errorf("Quantize = %v", q)
	}
}

// dupHideLink is the link FuzzDecode once failed on: the hidden key s
// repeated 32,632 times, 65,268 characters that Decode accepted and Encode
// wrote back longer than MaxHashLen.
var dupHideLink = "v1&h=" + strings.Repeat("s.", 32631) + "s"

func TestDecodeErrors(t *testing.T) {
	good := Encode(Default())
	pc := Default()
	pc.Points = []Point{{0.5, -0.5, 1}, {0, 0, 0}}
	withPts := Encode(pc)
	var ptsPart string // "pts=…" of withPts
	for _, part := range strings.Split(withPts, "&") {
		if strings.HasPrefix(part, keyPoints+"=") {
			ptsPart = part
		}
	}
	if _, err := Decode(withPts); err != nil || ptsPart == "" {
		t.Fatalf("Decode(%q): %v (points %q)", withPts, err, ptsPart)
	}
	cases := []struct{ hash, want string }{
		{"v2&t=binary", "unsupported link version"},
		{"t=binary&p=moons", "does not start with the version"},
		{"v1&t=binary&t=xor", "appears twice"},
		{"v1&zz=1", "unknown setting"},
		{"v1&s", "malformed setting"},
		{"v1&s=abc", "kernel width σ (s=…): \"abc\" is not a number"},
		{"v1&s=0", "kernel width σ = 0 is too small: want 0.01 to 10"},
		{"v1&s=-1", "too small"},
		{"v1&s=NaN", "is not a number"},
		{"v1&s=Inf", "is not a number"},
		{"v1&w=0", "buffer size ω = 0 is too small: want 1 to 4096"},
		{"v1&w=1.5", "not a whole number"},
		{"v1&w=1e9", "buffer size ω = 1000000000 is too large: want 1 to 4096"},
		{"v1&w=99999999999999999999999", "too large: want 1 to 4096"},
		{"v1&l=svm", "learner = \"svm\" is not one of svmd, svmd0, norma, perceptron"},
		{"v1&play=yes", "is not 1 or 0"},
		{"v1&r=-1", "not a whole number"},
		{"v1&r=4294967296", "seed = 4294967296 is too large"},
		{"v1&pts=!!!!", "not base64url"},
		{"v1&pts=AAAA", "truncated"},
		{"v1&pts=_____w", "outside the square"},
		{"v1&h=zz", "hidden control \"zz\""},
		{"v1&h=s.s", `hidden control "s" appears twice`},
		{"v1&h=s.l.k.l", `hidden control "l" appears twice`},
		{"v1&h=s&h=l", `setting "h" appears twice`},
		{withPts + "&" + ptsPart, `setting "pts" appears twice`},
		// The fuzzer's input: 65,268 characters that decoded, then
		// re-encoded past MaxHashLen.
		{dupHideLink, `hidden control "s" appears twice`},
		{"v1&t=novelty&nu=0", "novelty detection needs the ν-trick"},
		{"v1&t=regression&l=svmd", "regression needs the NORMA learner"},
		{"v1&t=novelty&nu=0.1&l=perceptron", "cannot do novelty detection"},
		{"v1&c=9", "classes K = 9 is too large"},
		// Decode takes the hash already %-unescaped (the page does it): a
		// '%' is an ordinary character no key or value accepts.
		{"v1&s=%zz", `"%zz" is not a number`},
		{"v1&s=%30.5", `"%30.5" is not a number`},
		{"v1&%73=0.5", `unknown setting "%73"`},
		{"v1&h=%73", `hidden control "%73"`},
		{"v1&l=%", `learner = "%" is not one of`},
		{"v1&pts=AA%41", "not base64url"},
		{"v1%26s%3D0.5", `unsupported link version "v1%26s%3D0.5"`},
		{"%%garbage&&v9=;", `unsupported link version "%%garbage"`},
		{"v1" + strings.Repeat("&s=1", MaxHashLen/4), "characters long"},
		{good + "&junk", "malformed setting"},
	}
	for _, tc := range cases {
		_, err := Decode(tc.hash)
		if err == nil {
			t.Errorf("Decode(%.40q) succeeded, want error containing %q", tc.hash, tc.want)
			continue
		}
		if !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Decode(%.40q) = %q, want it to contain %q", tc.hash, err, tc.want)
		}
		if !strings.HasPrefix(err.Error(), "link: ") {
			t.Errorf("error %q lacks the link: prefix", err)
		}
	}
	// A trailing '&' is harmless.
	if c, err := Decode("v1&s=0.5&"); err != nil || c.Sigma != 0.5 {
		t.Errorf("trailing &: %v", err)
	}
	// A percent-escaped link (as some chat apps rewrite them) decodes once
	// the page has unescaped it ("#v1%26s%3D0.5" above fails as it is).
	if c, err := Decode("#v1&s=0.5"); err != nil || c.Sigma != 0.5 {
		t.Errorf("unescaped link: %v, σ = %v", err, c.Sigma)
	}
}

func TestApply(t *testing.T) {
	c := Default()
	c2, err := Apply(c, AddPoint{X: 0.123456789, Y: -2, Class: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Points) != 0 {
		t.Fatal("Apply modified its input")
	}
	if p := c2.Points[0]; p.X != math.Round(0.123456789*Quantum)/Quantum || p.Y != -1 || p.Class != 1 {
		t.Fatalf("added %v", p)
	}
	d, err := Decode(Encode(c2))
	if err != nil || !reflect.DeepEqual(c2, d) {
		t.Fatalf("config with an added point does not round-trip: %v", err)
	}
	if _, err := Apply(c2, AddPoint{X: 0, Y: 0, Class: 2}); err == nil {
		t.Error("binary task accepted class 2")
	}
	c3, _ := Apply(c2, AddPoint{X: 0.5, Y: 0.5, Class: 0})
	if i := c3.NearestPoint(0.49, 0.5, 0.05); i != 1 {
		t.Errorf("NearestPoint = %d", i)
	}
	c4, err := Apply(c3, DeletePoint{Index: 0})
	if err != nil || len(c4.Points) != 1 || c4.Points[0].X != 0.5 || len(c3.Points) != 2 {
		t.Fatalf("DeletePoint: %v %v", c4.Points, err)
	}
	if _, err := Apply(c4, DeletePoint{Index: 5}); err == nil {
		t.Error("DeletePoint out of range accepted")
	}
	c5, err := Apply(c3, SetField{Key: "s", Value: "0.5"})
	if err != nil || c5.Sigma != 0.5 || !RunChanged(c3, c5) {
		t.Fatalf("SetField σ: %v %v", c5.Sigma, err)
	}
	if c6, err := Apply(c5, SetField{Key: "s", Value: "0"}); err == nil || c6.Sigma != 0.5 {
		t.Errorf("σ = 0 accepted or config changed: %v", err)
	}
	c7, _ := Apply(c5, TogglePlay{})
	if c7.Playing == c5.Playing || RunChanged(c5, c7) {
		t.Error("TogglePlay")
	}
	c8, _ := Apply(c3, SetPreset{Preset: PresetXOR})
	if c8.Preset != PresetXOR || c8.Points != nil {
		t.Error("SetPreset")
	}
	if _, err := Apply(c3, SetPreset{Preset: "nope"}); err == nil {
		t.Error("SetPreset nope accepted")
	}
	if c9, err := Apply(c3, Step{N: 10}); err != nil || c9.Playing {
		t.Error("Step does not pause")
	}
	if _, err := Apply(c3, Step{N: 0}); err == nil {
		t.Error("Step 0 accepted")
	}
	c10, _ := Apply(c3, Defaults{})
	if !reflect.DeepEqual(c10, Default()) {
		t.Error("Defaults")
	}
	if _, err := Apply(c3, SetField{Key: "nope", Value: "1"}); err == nil {
		t.Error("unknown key accepted")
	}
	// Choosing a task picks a learner that can do it.
	r, err := Apply(Default(), SetField{Key: "t", Value: TaskRegression})
	if err != nil || r.Learner != LearnerNORMA {
		t.Errorf("regression: learner %q, %v", r.Learner, err)
	}
	if _, err := Apply(r, SetField{Key: "l", Value: LearnerSVMD}); err == nil {
		t.Error("SVMD accepted for regression")
	}
	nv, err := Apply(Default(), SetField{Key: "t", Value: TaskNovelty})
	if err != nil || nv.Nu != 0.1 {
		t.Errorf("novelty: ν = %v, %v", nv.Nu, err)
	}
}

func FuzzDecode(f *testing.F) {
	f.Add("")
	f.Add(Encode(Default()))
	c := Default()
	c.Points = []Point{{0.5, -0.5, 1}, {0, 0, 0}}
	c.Hide = []string{"s", "l"}
	f.Add(Encode(c))
	f.Add("v1&s=1e-2&pts=AAAA")
	f.Add("v1&t=multiclass&c=5&pts=_____w")
	f.Add("v1&s=%zz&h=%73")
	f.Add("v1%26s%3D0.5")
	f.Add(dupHideLink)
	f.Add("v1&p=rotating&vs=norma&2s=0.4&2tau=50&2k=laplacian&win=200&ev=AAA") // a 2D comparison
	f.Add(robustPaddedLink(2000))                                              // a σ edit "0.5000…0"
	f.Add("v1&quiz=3-5&lesson=norma.2")
	f.Add("v1&quiz=1&lesson=svmd")
	f.Add("v1&l=norma&sch=thm2&b=0&vs=norma&2sch=thm2") // NORMA as in Theorem 2, both learners
	f.Add("v1&sch=thm3")
	f.Add("v1&rsc=1&gs=1&p=rotating")                      // regret since the change, g*'s boundary
	f.Add("v1&l=norma&sch=thm1&nb=2.5&nm=1000&b=0&w=1000") // NORMA as in Theorem 1
	f.Add("v1&sch=thm1&nb=0&nm=1e9")
	f.Fuzz(func(t *testing.T, hash string) {
		c, err := Decode(hash)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "link: ") {
				t.Fatalf("error without prefix: %v", err)
			}
			return
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("Decode accepted an invalid config: %v", err)
		}
		if n := len(Encode(c)); n > MaxHashLen {
			t.Fatalf("a decoded link re-encodes to %d characters, above MaxHashLen", n)
		}
		d, err := Decode(Encode(c))
		if err != nil {
			t.Fatalf("re-decoding failed: %v", err)
		}
		if !reflect.DeepEqual(c, d) {
			t.Fatalf("re-encoding changed the config:\n%+v\n%+v", c, d)
		}
	})
}

// TestTheorem1Link: "NORMA as in Theorem 1" travels in the link as
// sch=thm1 with its B (nb) and m (nm), which round-trip exactly, are
// shown only under that schedule (of either learner), and are refused out
// of range with the field named.
func TestTheorem1Link(t *testing.T) {
	c := Default()
	c.Learner, c.Schedule, c.Offset, c.BufferSize = LearnerNORMA, ScheduleTheorem1, false, 2000
	c.NormBound, c.RunLength = 2.75, 2000
	h := Encode(c)
	for _, want := range []string{"&sch=thm1", "&nb=2.75", "&nm=2000"} {
		if !strings.Contains(h, want) {
			t.Errorf("link %q lacks %s", h, want)
		}
	}
	d, err := Decode(h)
	if err != nil || !reflect.DeepEqual(c, d) {
		t.Fatalf("round trip: %v\n%+v\n%+v", err, c, d)
	}
	if d := Default(); d.NormBound != 10 || d.RunLength != 500 || d.RunLength > d.BufferSize {
		t.Errorf("defaults B = %v, m = %d (ω = %d): want 10, 500 ≤ ω", d.NormBound, d.RunLength, d.BufferSize)
	}
	nb, _ := FieldByKey("nb")
	nm, _ := FieldByKey("nm")
	if !nb.Active(c) || !nm.Active(c) {
		t.Error("B and m inactive under sch=thm1")
	}
	for _, sch := range []string{ScheduleJMLR, ScheduleTheorem2} {
		o := c
		o.Schedule = sch
		if nb.Active(o) || nm.Active(o) {
			t.Errorf("B or m active under sch=%s", sch)
		}
		// The second learner as in Theorem 1 shows them.
		o.Compare, o.Second = LearnerNORMA, c.Settings()
		if !nb.Active(o) || !nm.Active(o) {
			t.Errorf("B or m inactive with 2sch=thm1 (sch=%s)", sch)
		}
	}
	if e, _ := FieldByKey("e"); e.Active(c) {
		t.Error("η₀ active under Theorem 1's constant rate")
	}
	for _, tc := range []struct{ link, want string }{
		{"v1&sch=thm1&nb=0", "norm bound B = 0 is too small: want 0.001 to 1000"},
		{"v1&sch=thm1&nb=-1", "too small"},
		{"v1&sch=thm1&nb=Inf", "norm bound B"},
		{"v1&sch=thm1&nb=NaN", "norm bound B"},
		{"v1&sch=thm1&nb=1e400", "norm bound B"},
		{"v1&sch=thm1&nm=0", "run length m = 0 is too small: want 1 to 4096"},
		{"v1&sch=thm1&nm=4097", "run length m = 4097 is too large: want 1 to 4096"},
		{"v1&sch=thm1&nm=1e9", "too large"},
		{"v1&sch=thm1&nm=2.5", "run length m"},
	} {
		if _, err := Decode(tc.link); err == nil || !strings.HasPrefix(err.Error(), "link: ") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error with %q", tc.link, err, tc.want)
		}
	}
}

// TestScheduleLink: "NORMA as in Theorem 2" travels in the link as
// sch=thm2 (and 2sch for a comparison's second learner, where it differs),
// round-trips, a link without it (every link before it) keeps JMLR's
// schedule, and an unknown schedule is refused with the link's prefix.
func TestScheduleLink(t *testing.T) {
	c := Default()
	c.Learner, c.Schedule, c.Offset = LearnerNORMA, ScheduleTheorem2, false
	c.Compare = LearnerNORMA
	c.Second.Schedule = ScheduleJMLR
	h := Encode(c)
	if !strings.Contains(h, "&sch=thm2") || !strings.Contains(h, "&2sch=jmlr") {
		t.Fatalf("link %q lacks sch=thm2 or 2sch=jmlr", h)
	}
	d, err := Decode(h)
	if err != nil || !reflect.DeepEqual(c, d) {
		t.Fatalf("round trip: %v\n%+v\n%+v", err, c, d)
	}
	old, err := Decode("v1&l=norma")
	if err != nil || old.Schedule != ScheduleJMLR {
		t.Errorf("a link without sch: schedule %q, %v", old.Schedule, err)
	}
	if _, err := Decode("v1&sch=thm3"); err == nil || !strings.HasPrefix(err.Error(), "link: ") {
		t.Errorf("sch=thm3: %v", err)
	}
	// The schedule's fields come last, so that the field indices older
	// links' edits (ev=…) use stay the same.
	var last []string
	for _, f := range Fields[len(Fields)-7:] {
		last = append(last, f.Key)
	}
	if want := []string{"rn", "sch", "2sch", "rsc", "gs", "nb", "nm"}; !slices.Equal(last, want) {
		t.Errorf("the last fields are %v; want %v (rn the last linear field; Theorem 1's B and m last)", last, want)
	}
	// An edit of the second learner's schedule is the second's setting.
	if first, ok := IsSecondKey("2sch"); !ok || first != "sch" {
		t.Errorf("IsSecondKey(2sch) = %q, %v", first, ok)
	}
}
