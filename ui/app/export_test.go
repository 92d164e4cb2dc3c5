package app

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// readCSV parses an exported CSV into its header and rows.
func readCSV(t *testing.T, b []byte) (head []string, rows [][]string) {
	t.Helper()
	recs, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil || len(recs) == 0 {
		t.Fatalf("not CSV: %v", err)
	}
	return recs[0], recs[1:]
}

// TestExportTraces: the traces CSV of a 2D run and of a digits Compare run
// has a header naming t and every learner's columns, one row per step of a
// short run, and a last row at the current step t.
func TestExportTraces(t *testing.T) {
	const steps = 57 // below sim.MaxBuckets: one row per step
	s := NewStore("")
	s.Dispatch(state.Pause{})
	s.Dispatch(state.Step{N: steps})
	e, err := s.ExportTraces()
	if err != nil {
		t.Fatal(err)
	}
	head, rows := readCSV(t, e.Bytes)
	if e.MIME != "text/csv" || !strings.HasSuffix(e.Name, "-t57-traces.csv") || !strings.HasPrefix(head[0], "t (step") ||
		!strings.HasPrefix(head[1], "eta") {
		t.Errorf("2D traces: %s %s, header %q", e.Name, e.MIME, head)
	}
	if len(rows) != steps || rows[len(rows)-1][0] != strconv.Itoa(steps) || rows[0][0] != "1" {
		t.Errorf("2D traces: %d rows from t = %s to %s, want %d rows from 1 to %d", len(rows), rows[0][0], rows[len(rows)-1][0], steps, steps)
	}

	d := NewStore("v1&mode=digits")
	d.Dispatch(DataLoaded{Key: state.Data8x8, Set: digits8x8(t)})
	d.Dispatch(state.SetField{Key: "vs", Value: state.LearnerNORMA})
	d.Dispatch(state.Pause{})
	d.Dispatch(state.Step{N: 40})
	if d.Run().Kind() != Compare {
		t.Fatalf("not a Compare run: %v", d.Run().Kind())
	}
	e, err = d.ExportTraces()
	if err != nil {
		t.Fatal(err)
	}
	head, rows = readCSV(t, e.Bytes)
	dg := d.Run().Digits()
	if len(head) != 1+3*dg.Learners() || !strings.HasPrefix(head[1], dg.Name(0)+":") || !strings.HasPrefix(head[4], dg.Name(1)+":") {
		t.Errorf("compare header %q, want t and three columns per learner (%s, %s)", head, dg.Name(0), dg.Name(1))
	}
	if len(rows) != 40 || rows[len(rows)-1][0] != "40" {
		t.Errorf("compare traces: %d rows, last t = %s; want 40 rows ending at 40", len(rows), rows[len(rows)-1][0])
	}
}

// TestExportDataRoundTrip: the plot's points (clicked and generated,
// binary and multiclass) written as CSV and as LIBSVM load back through
// Load data (ReadUserFile, Route) to the plot, to the same points in the
// same order with the same classes (generated ones rounded to the link's
// grid, as any loaded point is), without generated data.
func TestExportDataRoundTrip(t *testing.T) {
	multi, err := state.Apply(state.Default(), state.SetField{Key: "t", Value: state.TaskMulticlass})
	if err != nil {
		t.Fatal(err)
	}
	clicked := state.Default()
	clicked.Generated = false
	clicked.Points = []state.Point{{X: -0.5, Y: 0.25, Class: 0}, {X: 0.125, Y: -0.75, Class: 1}, {X: 0.5, Y: 0.5, Class: 1}}
	for name, c := range map[string]state.Config{"binary": state.Default(), "multiclass": multi, "clicked": clicked} {
		s := NewStore(state.Encode(c))
		s.Dispatch(state.Pause{})
		s.Dispatch(state.AddPoint{X: 0.3, Y: -0.2, Class: 1})
		s.Dispatch(state.Step{N: 150})
		want := s.Sim().Points()
		for _, format := range []string{FormatCSV, FormatLIBSVM} {
			e, err := s.ExportData(format)
			if err != nil {
				t.Fatalf("%s %s: %v", name, format, err)
			}
			set, err := ReadUserFile(e.Name, e.Bytes)
			if err != nil {
				t.Fatalf("%s %s: the file does not read back: %v", name, format, err)
			}
			dest, lc, why := Route(e.Name, set)
			if dest != ToPlot {
				t.Fatalf("%s %s: the file went to the digits view: %s", name, format, why)
			}
			if len(lc.Points) != len(want) || lc.Generated {
				t.Fatalf("%s %s: %d points (generated %v), want %d", name, format, len(lc.Points), lc.Generated, len(want))
			}
			for i, p := range want {
				if q := state.Quantize(p); lc.Points[i] != q {
					t.Fatalf("%s %s: point %d is %+v, want %+v", name, format, i, lc.Points[i], q)
				}
			}
			l := NewStore("")
			l.Dispatch(LoadFile{Name: e.Name, Set: set})
			if got := l.Config().Points; len(got) != len(want) || l.Message().Kind != Info {
				t.Errorf("%s %s: LoadFile gave %d points, message %+v", name, format, len(got), l.Message())
			}
		}
	}
	reg, _ := state.Apply(state.Default(), state.SetField{Key: "t", Value: state.TaskRegression})
	if _, err := NewStore(state.Encode(reg)).ExportData(FormatCSV); err == nil {
		t.Error("regression points were exported as two-class data")
	}
}

// stepped returns a paused store of link c advanced n steps.
func stepped(c state.Config, n int) *Store {
	s := NewStore(state.Encode(c))
	s.Dispatch(state.Pause{})
	s.Dispatch(state.Step{N: n})
	return s
}

// modelAfter returns the model file of s's learner.
func modelAfter(t *testing.T, s *Store) []byte {
	t.Helper()
	b, err := s.Sim().MarshalModel()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestLoadModelContinues: a run saved at step 300 (with a clicked point and
// a live setting on its timeline, before and after the save) and loaded
// into another page learns the next 100 steps exactly as the uninterrupted
// run: the same learner state bit for bit (its model file), the same last
// step, mistakes and link.
func TestLoadModelContinues(t *testing.T) {
	norma, _ := state.Apply(state.Default(), state.SetField{Key: "l", Value: state.LearnerNORMA})
	for name, c := range map[string]state.Config{"svmd": state.Default(), "norma": norma} {
		s := stepped(c, 120)
		s.Dispatch(state.AddPoint{X: 0.4, Y: 0.4, Class: 0})
		s.Dispatch(state.Step{N: 180})
		e, err := s.ExportModel()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		l := NewStore("")
		l.Dispatch(LoadModel{Name: e.Name, Bytes: e.Bytes})
		if l.Message().Kind != Info || l.Run().T() != 300 || l.Config().Playing {
			t.Fatalf("%s: loaded at t = %d (playing %v): %+v", name, l.Run().T(), l.Config().Playing, l.Message())
		}
		if l.Hash() != s.Hash() {
			t.Errorf("%s: the loaded run's link\n%s\nis not the saved run's\n%s", name, l.Hash(), s.Hash())
		}
		s.Dispatch(state.Step{N: 100})
		l.Dispatch(state.Step{N: 100})
		if !bytes.Equal(modelAfter(t, s), modelAfter(t, l)) {
			t.Errorf("%s: 100 steps after loading, the learner differs from the uninterrupted run's", name)
		}
		ls, ss := l.Sim().Last(), s.Sim().Last()
		if l.Run().T() != 400 || l.Sim().Mistakes() != s.Sim().Mistakes() || ls.Step != ss.Step || ls.Y != ss.Y {
			t.Errorf("%s: t = %d, mistakes %d vs %d, last step %+v vs %+v", name, l.Run().T(),
				l.Sim().Mistakes(), s.Sim().Mistakes(), ls.Step, ss.Step)
		}
	}
}

// TestLoadModelRefuses: each bad file — truncated, another version, NaN,
// a model for another input dimension or learner than its link, not JSON,
// a position beyond its stream — is refused with a message naming the
// problem, and the store (run, link, t, message kind) is unchanged.
func TestLoadModelRefuses(t *testing.T) {
	good, err := stepped(state.Default(), 200).ExportModel()
	if err != nil {
		t.Fatal(err)
	}
	// The default learner (SVMD) for inputs of dimension 3.
	l3, err := sim.Learner(state.Default(), 3)
	if err != nil {
		t.Fatal(err)
	}
	dim3, err := sim.MarshalLearner(l3)
	if err != nil {
		t.Fatal(err)
	}
	norma, _ := state.Apply(state.Default(), state.SetField{Key: "l", Value: state.LearnerNORMA})
	normaModel, err := stepped(norma, 50).Sim().MarshalModel()
	if err != nil {
		t.Fatal(err)
	}
	var f map[string]json.RawMessage
	if err := json.Unmarshal(good.Bytes, &f); err != nil {
		t.Fatal(err)
	}
	with := func(key string, v []byte) []byte {
		g := map[string]json.RawMessage{}
		for k, x := range f {
			g[k] = x
		}
		g[key] = v
		b, _ := json.Marshal(g)
		return b
	}
	// A NaN for the learner's η₀.
	model := string(f["model"])
	i := strings.Index(model, `"Eta0":`) + len(`"Eta0":`)
	if i < len(`"Eta0":`) {
		t.Fatalf("no Eta0 in the model file %.200s", model)
	}
	nan := []byte(model[:i] + " NaN" + model[i+strings.IndexByte(model[i:], ','):])
	nan = bytes.Replace(good.Bytes, f["model"], nan, 1)
	for name, c := range map[string]struct {
		b    []byte
		want string
	}{
		"truncated":         {good.Bytes[:len(good.Bytes)/2], "truncated"},
		"empty":             {nil, "truncated"},
		"other version":     {with("version", []byte("3")), "version 3"},
		"model version":     {with("model", []byte(strings.Replace(model, `"version": 1`, `"version": 7`, 1))), "version 7"},
		"NaN":               {nan, "NaN"},
		"NaN position":      {bytes.Replace(good.Bytes, []byte(`"mistakes": `), []byte(`"mistakes": NaN, "x":`), 1), "NaN"},
		"other dimension":   {with("model", dim3), "dimension 2"},
		"other learner":     {with("model", normaModel), "NORMA"},
		"bare model file":   {f["model"], "bare learner model file"},
		"not a run":         {[]byte(`{"format":"other","version":1}`), "not a kernelplay run file"},
		"position too far":  {with("position", []byte(`{"t":-3,"mistakes":0,"abs_error_sum":0}`)), "out of range"},
		"bad link":          {with("link", []byte(`"v1&s=-1"`)), "its link"},
		"two objects":       {append(append([]byte{}, good.Bytes...), good.Bytes...), "text after"},
		"another format":    {with("format", []byte(`"other"`)), "not a kernelplay run file"},
		"link of digits":    {with("link", []byte(`"v1&mode=digits"`)), "not a 2D plot"},
		"model not a model": {with("model", []byte(`[1,2]`)), "model"},
	} {
		s := stepped(state.Default(), 33)
		s.Dispatch(state.AddPoint{X: 0.1, Y: 0.1, Class: 1})
		run, hash := s.Run(), s.Hash()
		s.Dispatch(LoadModel{Name: "bad.json", Bytes: c.b})
		m := s.Message()
		if m.Kind != Warning || !strings.Contains(m.Text, c.want) || !strings.Contains(m.Text, "Nothing was changed") {
			t.Errorf("%s: message %+v, want a Warning mentioning %q", name, m, c.want)
		}
		if s.Run() != run || s.Hash() != hash || s.Run().T() != 33 {
			t.Errorf("%s: the store changed (t = %d)", name, s.Run().T())
		}
	}
}

// TestCaption: the caption names the learner, the active settings with
// their symbols, t, the error so far and the link.
func TestCaption(t *testing.T) {
	s := stepped(state.Default(), 80)
	c := s.Config()
	got := s.Caption("https://example.org/kp/")
	want := []string{"SVMD", "σ = " + state.Format(c.Sigma), "λ = " + state.Format(c.Lambda), "ω = " + strconv.Itoa(c.BufferSize),
		"t = 80", "error ", "https://example.org/kp/#" + s.Hash()}
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("caption %q lacks %q", got, w)
		}
	}
	if strings.Contains(got, "τ =") {
		t.Errorf("caption %q shows NORMA's τ for SVMD", got)
	}
}

// TestPictureSize: pictures are 1× to 2× the screen size of what they
// show, whatever the menu says.
func TestPictureSize(t *testing.T) {
	for _, c := range []struct {
		v     string
		scale float64
	}{{"1", 1}, {"1.5", 1.5}, {"2", 2}, {"3", 2}, {"0.5", 1}, {"", 1}, {"NaN", 1}, {"x", 1}} {
		if got := PictureScale(c.v); got != c.scale {
			t.Errorf("PictureScale(%q) = %v, want %v", c.v, got, c.scale)
		}
	}
	if w, h := PictureSize(560, 560, 2); w != 1120 || h != 1120 {
		t.Errorf("560×560 at 2×: %d×%d", w, h)
	}
	if w, h := PictureSize(560.4, 300.6, 1); w != 560 || h != 301 {
		t.Errorf("560.4×300.6 at 1×: %d×%d", w, h)
	}
	if w, h := PictureSize(100, 0, 5); w != 200 || h != 1 {
		t.Errorf("100×0 at 5× (clamped to 2×): %d×%d", w, h)
	}
}

// TestWrapCaption: with a measure of one unit per character, the caption
// breaks between its parts, the settings after ", ", a long link after '&', and a part wider than
// a line between characters; no line is wider than the width, and the
// lines hold the whole caption.
func TestWrapCaption(t *testing.T) {
	measure := func(s string) float64 { return float64(len([]rune(s))) }
	s := stepped(state.Default(), 10)
	caption := s.Caption("http://x/")
	// The settings fit a line alone but not beside the learner's name: the
	// name does not stand alone on the first line (the View picture's
	// "SVMD ρ=0.95 ·" line).
	w := measure(strings.Split(caption, " · ")[1] + " · ")
	if lines := WrapCaption(caption, w, measure); measure(lines[0]) < w/2 {
		t.Errorf("width %v: the first line %q is less than half full", w, lines[0])
	}
	for _, width := range []float64{1, 7, 30, 80, 10000} {
		lines := WrapCaption(caption, width, measure)
		joined := ""
		for _, l := range lines {
			if measure(l) > width || l == "" {
				t.Fatalf("width %v: line %q", width, l)
			}
			joined += l
		}
		if strip := func(s string) string { return strings.ReplaceAll(s, " ", "") }; strip(joined) != strip(caption) {
			t.Errorf("width %v: the lines do not hold the caption:\n%q\n%q", width, joined, caption)
		}
		if width == 80 && measure(lines[0]) < width/2 {
			t.Errorf("width 80: the first line %q is less than half full", lines[0])
		}
		if width == 10000 && len(lines) != 1 {
			t.Errorf("a wide picture has %d caption lines", len(lines))
		}
		if width == 80 {
			if !strings.HasPrefix(lines[0], "SVMD") || !(strings.HasSuffix(lines[0], "·") || strings.HasSuffix(lines[0], ",")) {
				t.Errorf("width 80: the first line %q is not cut after a part or a setting", lines[0])
			}
			for i, l := range lines[:len(lines)-1] {
				if strings.Contains(l, "&") && !strings.HasSuffix(l, "&") {
					t.Errorf("width 80: link line %d %q is not cut after '&'", i, l)
				}
			}
		}
	}
}

// FuzzLoadModel: no input makes LoadModel panic, and a refused file
// leaves the store as it was (run and link).
func FuzzLoadModel(f *testing.F) {
	good, err := stepped(state.Default(), 40).ExportModel()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good.Bytes)
	f.Add(good.Bytes[:len(good.Bytes)/3])
	f.Add([]byte(`{"format":"kernelplay-run","version":1,"link":"v1","position":{"t":0,"mistakes":0,"abs_error_sum":0},"model":{}}`))
	f.Add([]byte(`null`))
	f.Add(bytes.Replace(good.Bytes, []byte(`"link":`), []byte("\"lin\u212a\":"), 1)) // issue 25: a case-folded key
	f.Add(bytes.Replace(good.Bytes, []byte(`"t":`), []byte(`"t":1,"t":`), 1))        // a repeated key
	s := stepped(state.Default(), 5)
	f.Fuzz(func(t *testing.T, b []byte) {
		run, hash := s.Run(), s.Hash()
		s.Dispatch(LoadModel{Name: "fuzz.json", Bytes: b})
		if s.Message().Kind == Warning && (s.Run() != run || s.Hash() != hash) {
			t.Fatalf("a refused file changed the store: %s", s.Message().Text)
		}
		if n := len(s.Message().Text); n > 1500 {
			t.Fatalf("a %d-byte message: %.200s", n, s.Message().Text)
		}
	})
}

// TestComposePanels (issue 19 item 5): the view's picture is laid out
// from the panels' sizes alone — the plot with the second learner's
// surface beside it and the strip under them on the left, the charts and
// the read-outs on the right, the caption under both — at scale 2, with
// a hidden panel (zero size) taking no room.
func TestComposePanels(t *testing.T) {
	panels := []Panel{
		{W: 400, H: 400},                        // the plot
		{W: 400, H: 400, Beside: true},          // the second learner's surface
		{W: 812, H: 30},                         // the buffer strip
		{W: 300, H: 600, Col: 1},                // the charts
		{W: 0, H: 0, Col: 1},                    // a hidden canvas
		{W: 100, H: 100, Col: 0, Beside: false}, // another left panel
	}
	readouts := []string{"t 300", "error 12.0%", "η_t 0.5"}
	caption := strings.Repeat("SVMD σ=0.5 · ", 30) + "t=100"
	var fonts []string
	measure := func(font string, s string) float64 {
		fonts = append(fonts, font)
		return 7 * 2 * float64(len([]rune(s))) // 7 px a character at scale 2
	}
	v := ComposePanels(panels, readouts, caption, 2, measure)
	// Left column 812 wide; the right one 300 (its read-outs are
	// narrower); 8 px margins, a 12 px gap: 1140 CSS px at scale 2.
	if v.W != 2280 || v.Font != "26.0px system-ui, sans-serif" || fonts[0] != v.Font {
		t.Fatalf("picture %d wide, font %q (measured in %q)", v.W, v.Font, fonts[0])
	}
	want := []Box{{16, 16, 800, 800}, {840, 16, 800, 800}, {16, 840, 1624, 60}, {1664, 16, 600, 1200}, {},
		{16, 924, 200, 200}}
	if !reflect.DeepEqual(v.Places, want) {
		t.Errorf("places %v, want %v", v.Places, want)
	}
	for i, r := range readouts {
		if l := v.Lines[i]; l.Text != r || l.X != 1664 || math.Abs(l.Y-2*(8+612+float64(i)*13*1.4)) > 1e-9 {
			t.Errorf("read-out %d: %+v", i, l)
		}
	}
	capLines := v.Lines[len(readouts):]
	if len(capLines) < 2 {
		t.Fatalf("the caption of %d characters is on %d lines", len([]rune(caption)), len(capLines))
	}
	var joined string
	for i, l := range capLines {
		if w := measure(v.Font, l.Text); w > float64(v.W)-2*v.Pad+1e-9 {
			t.Errorf("line %d is %v px wide, the picture's text width is %v", i, w, float64(v.W)-2*v.Pad)
		}
		// Under both columns: the right one ends at 612 + 3 lines.
		if l.X != v.Pad || l.Y < 2*(8+612+3*13*1.4+12)-1e-9 || (i > 0 && l.Y <= capLines[i-1].Y) || l.Y >= float64(v.H) {
			t.Errorf("line %d at (%v, %v) in a picture %d high", i, l.X, l.Y, v.H)
		}
		joined += l.Text
	}
	if nospace := func(s string) string { return strings.ReplaceAll(s, " ", "") }; nospace(joined) != nospace(caption) {
		t.Errorf("the lines do not make the caption (spaces at the breaks aside):\n%q\n%q", joined, caption)
	}
	// One column: no gap for an empty right column; the read-outs under
	// the left one.
	v = ComposePanels([]Panel{{W: 200, H: 100}}, []string{"t 1"}, "c", 1, func(_, s string) float64 { return float64(len(s)) })
	if v.W != 216 || v.Lines[0].X != 8 || v.Lines[0].Y != 8+100+12 {
		t.Errorf("one column: %d wide, read-out at %+v", v.W, v.Lines[0])
	}
}

// TestLoadModelCompare (issue 19 item 6): a comparison saved at step 300
// (#v1&p=rotating&vs=norma&2s=0.5) and loaded into a fresh page continues
// both learners: 100 steps later each learner's model file and position
// equal the uninterrupted run's bit for bit, and the Learner group still
// compares with NORMA. Item 10: the loaded run has its charts' history from
// t = 1 and the step inspector's last update (SVMD keeps one), for a file
// loaded at once and for one whose replay is sliced over frames.
func TestLoadModelCompare(t *testing.T) {
	c, err := state.Decode("v1&p=rotating&vs=norma&2s=0.5")
	if err != nil {
		t.Fatal(err)
	}
	s := stepped(c, 300)
	e, err := s.ExportModel()
	if err != nil {
		t.Fatal(err)
	}
	var f map[string]json.RawMessage
	if err := json.Unmarshal(e.Bytes, &f); err != nil || f["second"] == nil || string(f["version"]) != "2" {
		t.Fatalf("the run file of a comparison has no second learner (version %s): %v", f["version"], err)
	}
	s.Dispatch(state.Step{N: 100})
	for _, replayNow := range []int{0, 7} { // 0: the replay at once; 7: sliced, 7 steps at a time
		l := NewStore("")
		l.ReplayNow = replayNow
		l.Dispatch(LoadModel{Name: e.Name, Bytes: e.Bytes})
		for range 1000 {
			if _, _, ok := l.Replaying(); !ok {
				break
			}
			l.Replay(7)
		}
		if l.Message().Kind != Info || l.Run().T() != 300 || l.Run().Second() == nil || l.Config().Compare != state.LearnerNORMA {
			t.Fatalf("ReplayNow %d: loaded at t = %d, second %v, compare %q: %+v", replayNow, l.Run().T(),
				l.Run().Second() != nil, l.Config().Compare, l.Message())
		}
		if tr := l.Sim().Traces(); len(tr.AvgError.T) == 0 || tr.AvgError.T[0] != 1 {
			t.Errorf("ReplayNow %d: after loading, the charts' history starts at %v, want t = 1", replayNow, tr.AvgError.T[:min(1, len(tr.AvgError.T))])
		}
		if in := l.Inspect(false); !in.Show || in.T != 300 {
			t.Errorf("ReplayNow %d: after loading, the inspector shows %v at t = %d", replayNow, in.Show, in.T)
		}
		l.Dispatch(state.Step{N: 100})
		for i, p := range [][2]*sim.Sim{{s.Sim(), l.Sim()}, {s.Run().Second(), l.Run().Second()}} {
			if !sameModel(p[0], p[1]) {
				t.Errorf("ReplayNow %d: learner %d differs from the uninterrupted run's 100 steps after loading", replayNow, i+1)
			}
		}
		if l.Hash() != s.Hash() {
			t.Errorf("ReplayNow %d: link %s, want %s", replayNow, l.Hash(), s.Hash())
		}
	}
}

// TestLoadModelVersion1: a run file of version 1 (one learner, written
// before comparisons were saved) still loads, and a comparison's second
// learner comes back from its link.
func TestLoadModelVersion1(t *testing.T) {
	c, _ := state.Decode("v1&p=rotating&vs=norma&2s=0.5")
	for name, c := range map[string]state.Config{"one learner": state.Default(), "comparison": c} {
		s := stepped(c, 200)
		e, err := s.ExportModel()
		if err != nil {
			t.Fatal(err)
		}
		var f map[string]json.RawMessage
		if err := json.Unmarshal(e.Bytes, &f); err != nil {
			t.Fatal(err)
		}
		delete(f, "second")
		f["version"] = json.RawMessage("1")
		v1, _ := json.Marshal(f)
		l := NewStore("")
		l.Dispatch(LoadModel{Name: "v1.json", Bytes: v1})
		if l.Message().Kind != Info || l.Run().T() != 200 || !sameModel(l.Sim(), s.Sim()) ||
			(l.Run().Second() != nil) != c.Comparing() {
			t.Errorf("%s: version 1 loaded at t = %d, second %v: %+v", name, l.Run().T(), l.Run().Second() != nil, l.Message())
		}
	}
}

// TestLoadModelEdited: a file whose learner is not the one its link
// replays (here the model of step 250 at position 300) continues from the
// file's learner, and the banner says why the charts start at its step.
func TestLoadModelEdited(t *testing.T) {
	s := stepped(state.Default(), 250)
	m250 := modelAfter(t, s)
	s.Dispatch(state.Step{N: 50})
	e, err := s.ExportModel()
	if err != nil {
		t.Fatal(err)
	}
	var f map[string]json.RawMessage
	if err := json.Unmarshal(e.Bytes, &f); err != nil {
		t.Fatal(err)
	}
	f["model"] = m250
	b, _ := json.Marshal(f)
	l := NewStore("")
	l.Dispatch(LoadModel{Name: "edited.json", Bytes: b})
	if l.Run().T() != 300 || !bytes.Equal(modelAfter(t, l), m250) || !strings.Contains(l.Message().Text, "not the one its link replays") {
		t.Errorf("edited file: t = %d, message %+v", l.Run().T(), l.Message())
	}
}

// TestModelShapeError (issue 19 polish): a model for another learner is
// refused in the page's words, without Go type names.
func TestModelShapeError(t *testing.T) {
	norma, _ := state.Apply(state.Default(), state.SetField{Key: "l", Value: state.LearnerNORMA})
	e, err := stepped(norma, 50).ExportModel()
	if err != nil {
		t.Fatal(err)
	}
	var f map[string]json.RawMessage
	if err := json.Unmarshal(e.Bytes, &f); err != nil {
		t.Fatal(err)
	}
	f["link"], _ = json.Marshal(state.Encode(state.Default()))
	b, _ := json.Marshal(f)
	s := NewStore("")
	s.Dispatch(LoadModel{Name: "norma.json", Bytes: b})
	m := s.Message().Text
	if !strings.Contains(m, "the model is NORMA for binary classification (1 score); these settings run SVMD") ||
		strings.Contains(m, "*learn.") {
		t.Errorf("message %q", m)
	}
}

// TestCaptionCompare (issue 19 polish): a comparison's caption names the
// second learner with its own settings, its σ among them, instead of
// "norma compare with".
func TestCaptionCompare(t *testing.T) {
	c, err := state.Decode("v1&p=rotating&vs=norma&2s=0.5")
	if err != nil {
		t.Fatal(err)
	}
	s := stepped(c, 100)
	got := s.Caption("https://example.org/kp/")
	for _, w := range []string{"SVMD", "σ = 0.15", "compared with NORMA τ=100: ", "σ = 0.5"} {
		if !strings.Contains(got, w) {
			t.Errorf("caption %q lacks %q", got, w)
		}
	}
	if strings.Contains(got, "compare with") {
		t.Errorf("caption %q still says the menu's value and label", got)
	}
	if i, j := strings.Index(got, "compared with"), strings.Index(got, "σ = 0.5"); j < i {
		t.Errorf("caption %q: the second learner's σ is not after its name", got)
	}
}

// sameModel reports whether the runs a and b are at the same position with
// learners whose model files are byte for byte equal.
func sameModel(a, b *sim.Sim) bool {
	if a.Position() != b.Position() {
		return false
	}
	ma, err := a.MarshalModel()
	if err != nil {
		return false
	}
	mb, err := b.MarshalModel()
	return err == nil && bytes.Equal(ma, mb)
}
