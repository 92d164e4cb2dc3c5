package app

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
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
	if e.MIME != "text/csv" || !strings.HasSuffix(e.Name, "-t57-traces.csv") || head[0] != "t (step)" ||
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
		"other version":     {with("version", []byte("2")), "version 2"},
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

// TestComposeView: the view's picture crops the canvases to their
// bounding box with its margin, keeps their relative places at the scale,
// and puts the caption's lines under them, wrapped to the picture's width.
func TestComposeView(t *testing.T) {
	boxes := []Box{{X: 300, Y: 100, W: 400, H: 400}, {X: 720, Y: 100, W: 200, H: 150}, {X: 300, Y: 520, W: 620, H: 30}}
	caption := strings.Repeat("SVMD σ=0.5 · ", 30) + "t=100"
	var fonts []string
	measure := func(font string, s string) float64 {
		fonts = append(fonts, font)
		return 7 * 2 * float64(len([]rune(s))) // 7 px a character at scale 2
	}
	v := ComposeView(boxes, caption, 2, measure)
	// Bounding box 620 × 450 CSS px, margin 8: 636 wide at scale 2.
	if v.W != 1272 || v.Font != "26.0px system-ui, sans-serif" || fonts[0] != v.Font {
		t.Fatalf("picture %d wide, font %q (measured in %q)", v.W, v.Font, fonts[0])
	}
	want := []Box{{16, 16, 800, 800}, {856, 16, 400, 300}, {16, 856, 1240, 60}}
	if !reflect.DeepEqual(v.Places, want) {
		t.Errorf("places %v, want %v", v.Places, want)
	}
	if len(v.Lines) < 2 {
		t.Fatalf("the caption of %d characters is on %d lines", len([]rune(caption)), len(v.Lines))
	}
	var joined string
	for i, l := range v.Lines {
		if w := measure(v.Font, l.Text); w > float64(v.W)-2*v.Pad+1e-9 {
			t.Errorf("line %d is %v px wide, the picture's text width is %v", i, w, float64(v.W)-2*v.Pad)
		}
		if l.X != v.Pad || l.Y < 916 || (i > 0 && l.Y <= v.Lines[i-1].Y) || l.Y >= float64(v.H) {
			t.Errorf("line %d at (%v, %v) in a picture %d high", i, l.X, l.Y, v.H)
		}
		joined += l.Text
	}
	if nospace := func(s string) string { return strings.ReplaceAll(s, " ", "") }; nospace(joined) != nospace(caption) {
		t.Errorf("the lines do not make the caption (spaces at the breaks aside):\n%q\n%q", joined, caption)
	}
}
