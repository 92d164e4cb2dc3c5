//go:build js && wasm

package ui

import (
	"strconv"
	"strings"
	"testing"

	"github.com/hexops/vecty"

	"kernelplay/ui/app"
	"kernelplay/ui/comp"
	"kernelplay/ui/state"
)

// The default page shows the running learner in the learner menu, every
// learner of the field table as an option, refusals as disabled options
// with their reason, and Undo disabled until there is an edit.
func TestViewDefaultPage(t *testing.T) {
	a, _ := testApp(t, "")
	body := page(t, a)
	c := a.store.Config()
	sel := body.mustID(t, "learner-select")
	values, selected, disabled := sel.options()
	if selected != c.Learner {
		t.Errorf("learner menu selects %q, the run's learner is %q", selected, c.Learner)
	}
	f, _ := state.FieldByKey("l")
	if len(values) != len(f.Options) {
		t.Errorf("learner menu has %d options, the field table %d", len(values), len(f.Options))
	}
	want := 0
	for _, o := range app.Options(c, "l") {
		if o.Disabled {
			want++
		}
	}
	if len(disabled) != want {
		t.Errorf("%d learners disabled, app.Options refuses %d", len(disabled), want)
	}
	for _, o := range sel.all(func(m *node) bool { return m.Tag == "option" && m.Props["disabled"] == true }) {
		if o.Attrs["title"] == nil || o.Attrs["title"] == "" {
			t.Errorf("disabled option %v has no reason", o.Props["value"])
		}
	}
	if body.mustID(t, "undo").Props["disabled"] != true {
		t.Error("Undo is enabled with no edit")
	}
	for _, id := range []string{"play", "step", "reset", "copy-link", "plot", "strip", "charts", readoutsID, "inspector"} {
		body.mustID(t, id)
	}
	if got := body.mustID(t, readoutsID).text(); !strings.Contains(got, "frames/s") {
		t.Errorf("read-outs %q lack frames/s", got)
	}
}

// Every learner of the 2D column renders its controls: a slider per
// numeric field with the field's value at its thumb and the learner shown
// as running in the menu.
func TestViewEveryLearner(t *testing.T) {
	f, _ := state.FieldByKey("l")
	for _, l := range f.Options {
		t.Run(l, func(t *testing.T) {
			a, _ := testApp(t, "v1&play=0&l="+l)
			c := a.store.Config()
			if c.Learner != l {
				t.Fatalf("the link with l=%s runs %s: the 2D column's default task refuses a learner its menu offers", l, c.Learner)
			}
			body := page(t, a)
			if _, sel, _ := body.mustID(t, "learner-select").options(); sel != l {
				t.Errorf("menu shows %q running %q", sel, l)
			}
			sliders := body.all(func(m *node) bool { return m.Tag == "input" && m.Props["type"] == "range" })
			if len(sliders) == 0 {
				t.Fatal("no sliders")
			}
			for _, s := range sliders {
				id, _ := s.Props["id"].(string)
				key, ok := strings.CutPrefix(id, "f-")
				if !ok {
					continue // the speed slider
				}
				fld, ok := state.FieldByKey(key)
				if !ok {
					t.Fatalf("slider %s of no field", id)
				}
				want := strconv.FormatFloat(sliderPos(fld, fld.Value(c)), 'g', -1, 64)
				if s.Props["value"] != want {
					t.Errorf("%s: thumb at %v, want %s", id, s.Props["value"], want)
				}
			}
		})
	}
}

// Play, Step (shift: ten) and Reset dispatch their actions to the store.
func TestViewRunButtons(t *testing.T) {
	a, fb := testApp(t, "v1&play=0")
	body := page(t, a)
	body.mustID(t, "step").fire(t, "click")
	if got := a.store.Run().T(); got != 1 {
		t.Fatalf("Step: t = %d, want 1", got)
	}
	fb.shift = true
	body.mustID(t, "step").fire(t, "click")
	if got := a.store.Run().T(); got != 11 {
		t.Fatalf("shift+Step: t = %d, want 11", got)
	}
	body.mustID(t, "play").fire(t, "click")
	if !a.store.Config().Playing {
		t.Error("Play did not start the run")
	}
	body.mustID(t, "reset").fire(t, "click")
	if got := a.store.Run().T(); got != 0 {
		t.Errorf("Reset: t = %d, want 0", got)
	}
	body.mustID(t, "copy-link").fire(t, "click")
	if len(fb.calls) == 0 || fb.calls[len(fb.calls)-1] != "CopyLink" {
		t.Errorf("Copy link: calls %v", fb.calls)
	}
}

// A slider's input sets its field to the value at the thumb's position
// (sliderValue), and a learner chosen in the menu runs; a refused choice
// puts the running learner back into the menu.
func TestViewSliderAndMenu(t *testing.T) {
	a, fb := testApp(t, "v1&play=0")
	body := page(t, a)
	f, _ := state.FieldByKey("lam")
	if f == nil {
		t.Fatal("no field lam")
	}
	s := body.byID("f-lam")
	if s == nil {
		t.Fatal("λ has no slider (#f-lam) under the default learner")
	}
	fb.value = "250"
	s.fire(t, "input")
	if got, want := f.Get(a.store.Config()), sliderValue(f, 250); got != want {
		t.Errorf("λ after the slider = %s, want %s", got, want)
	}

	fb.value = state.LearnerNORMA
	body.mustID(t, "learner-select").fire(t, "change")
	if got := a.store.Config().Learner; got != state.LearnerNORMA {
		t.Errorf("learner after choosing NORMA = %q", got)
	}
	// Multiclass refuses the binary-only learners: the menu goes back to
	// what runs.
	a2, fb2 := testApp(t, "v1&play=0&t=multiclass")
	running := a2.store.Config().Learner
	refused := ""
	for _, o := range app.Options(a2.store.Config(), "l") {
		if o.Disabled {
			refused = o.Value
			break
		}
	}
	if refused == "" {
		t.Fatal("multiclass refuses no learner: the refused-choice check has nothing to choose")
	}
	fb2.value = refused
	page(t, a2).mustID(t, "learner-select").fire(t, "change")
	if got := a2.store.Config().Learner; got != running {
		t.Errorf("a refused %s changed the learner to %s", refused, got)
	}
	if want := "SetValue " + running; fb2.calls[len(fb2.calls)-1] != want {
		t.Errorf("after a refusal the menu got %v, want %q", fb2.calls, want)
	}
}

// A classroom link hiding the learner menu leaves the learner's name; one
// hiding the charts, the buffer and the read-outs leaves them out.
func TestViewHideFlags(t *testing.T) {
	a, _ := testApp(t, "v1&play=0&h=l")
	body := page(t, a)
	if body.byID("learner-select") != nil {
		t.Error("h=l shows the learner menu")
	}
	name := body.mustID(t, "learner-name").text()
	if name != fieldOptionLabel("l", a.store.Config().Learner) {
		t.Errorf("hidden learner menu leaves %q", name)
	}
	a2, _ := testApp(t, "v1&play=0&h="+state.HideCharts+"."+state.HideBuffer+"."+state.HideStats+"."+state.HideLink)
	body2 := page(t, a2)
	for _, id := range []string{"charts", "strip", readoutsID, "copy-link", "class-link"} {
		if body2.byID(id) != nil {
			t.Errorf("#%s shown though hidden", id)
		}
	}
	// A 2D comparison: its second surface and the step inspector, shown
	// unless the link hides them.
	c := state.Default()
	c.Preset, c.Compare, c.Playing = state.PresetRotating, state.LearnerNORMA, false
	c.Second = c.Settings()
	for _, hide := range [][]string{nil, {state.HideSecond, state.HideInspector}} {
		c.Hide = hide
		a3, _ := testApp(t, state.Encode(c))
		body3 := page(t, a3)
		for _, id := range []string{"second2d", "inspector"} {
			if shown := body3.byID(id) != nil; shown != (hide == nil) {
				t.Errorf("h=%v: #%s shown %v", hide, id, shown)
			}
		}
	}
}

// Presenter: the "▾" opens the class dialog; Copy class link writes the
// store's class link (PageURL#ClassHash) into the dialog and copies it;
// the presenter toggle dispatches SetPresenter and the page's root gets
// the presenter class.
func TestViewPresenterAndClassLink(t *testing.T) {
	a, fb := testApp(t, "v1&play=0")
	body := page(t, a)
	body.mustID(t, "class-link").fire(t, "click")
	if fb.calls[len(fb.calls)-1] != "Dialog class-dialog true" {
		t.Errorf("▾: calls %v", fb.calls)
	}
	fb.ticks, fb.presenterTicked = []string{state.HideCharts}, true
	body.mustID(t, "class-copy").fire(t, "click")
	h, err := a.store.ClassHash(fb.ticks, true)
	if err != nil {
		t.Fatal(err)
	}
	url := fb.PageURL() + "#" + h
	if !strings.Contains(strings.Join(fb.calls, "\n"), "CopyURL "+url+" |") {
		t.Errorf("class link not copied as %s: %v", url, fb.calls)
	}
	body.mustID(t, "presenter").fire(t, "click")
	if !a.store.Config().Presenter {
		t.Fatal("presenter toggle did not turn presenter mode on")
	}
	root := page(t, a).Kids[0]
	if !root.Classes["presenter"] || !root.Classes["app"] {
		t.Errorf("root classes %v, want app and presenter", root.Classes)
	}
}

// The Save menu: traces and the model download the store's exports with
// their names; pictures go to the browser; Load model hands the file to
// the store (a broken one is reported, not run).
func TestViewExportMenu(t *testing.T) {
	a, fb := testApp(t, "v1&play=0")
	a.store.Dispatch(state.Step{N: 5})
	body := page(t, a)
	body.mustID(t, "save-traces").fire(t, "click")
	e, err := a.store.ExportTraces()
	if err != nil {
		t.Fatal(err)
	}
	want := "Save " + e.Name + " " + e.MIME + " " + strconv.Itoa(len(e.Bytes))
	if got := fb.calls[len(fb.calls)-1]; got != want {
		t.Errorf("traces: %q, want %q", got, want)
	}
	body.mustID(t, "save-plot-png").fire(t, "click")
	if got := fb.calls[len(fb.calls)-1]; got != "SavePicture plot" {
		t.Errorf("plot picture: %q", got)
	}
	fb.file = &fakeFile{name: "model.json", data: []byte("{not json")}
	body.mustID(t, "load-model-input").fire(t, "change")
	if m := a.store.Message(); m.Kind != app.Failure && m.Kind != app.Warning {
		t.Errorf("a broken model file gives message %+v", m)
	}
}

// Digits mode waiting for its data set shows the status line, the digits
// top bar with the figure menu and no 2D plot.
func TestViewDigitsWaiting(t *testing.T) {
	a, _ := testApp(t, "v1&mode=digits&play=0")
	body := page(t, a)
	if body.byID("plot") != nil {
		t.Error("digits mode shows the 2D plot")
	}
	body.mustID(t, "figure-select")
	if a.store.NeedData() == "" {
		t.Fatal("digits mode without its data set needs none")
	}
	a.digits().setStatus(a, "loading the 8×8 digits", false) // as the frame loop's sync does
	if got := page(t, a).mustID(t, "digits-status").text(); got != "loading the 8×8 digits" {
		t.Errorf("status %q", got)
	}
	for _, id := range []string{"mode-2d", "mode-digits", "mode-compare"} {
		body.mustID(t, id)
	}
	if body.mustID(t, "mode-digits").Attrs["aria-pressed"] != "true" {
		t.Error("the Digits tab is not pressed in digits mode")
	}
	page(t, a).mustID(t, "mode-2d").fire(t, "click")
	if a.store.Config().Mode != state.Mode2D {
		t.Error("the 2D tab did not switch to the 2D plot")
	}
}

// The step inspector shows nothing while playing and the last update's
// blocks, with their stages, once paused after a step; the slow-motion box
// dispatches to the panel and rerenders it.
func TestViewInspector(t *testing.T) {
	a, fb := testApp(t, "v1&play=0")
	n := inspectorOf(t, a)
	if len(n.all(func(m *node) bool { return m.Classes["iblock"] })) != 0 {
		t.Fatal("blocks before any step")
	}
	a.store.Dispatch(state.Step{N: 1})
	n = inspectorOf(t, a)
	blocks := n.all(func(m *node) bool { return m.Classes["iblock"] })
	if len(blocks) == 0 {
		t.Fatal("no blocks after a step")
	}
	if n.Attrs["data-t"] != "1" {
		t.Errorf("inspector data-t = %v, want 1", n.Attrs["data-t"])
	}
	// The head breaks only between its " · " parts, and says y_t = ±1.
	heads := n.all(func(m *node) bool { return m.Classes["istep"] })
	if len(heads) != 1 {
		t.Fatalf("%d step heads", len(heads))
	}
	parts := strings.Split(heads[0].text(), " · ")
	if len(parts) != 3 || parts[0] != "t\u00a0=\u00a01" || !strings.HasPrefix(parts[1], "x_t\u00a0=\u00a0(") ||
		(parts[2] != "y_t\u00a0=\u00a01" && parts[2] != "y_t\u00a0=\u00a0−1") || strings.ContainsAny(strings.Join(parts, ""), " ") {
		t.Errorf("step head %q", heads[0].text())
	}
	fb.checked = true
	a.mounted = true // the page was rendered: it may be rerendered
	n.mustID(t, "slow-motion").fire(t, "change")
	if !a.insp.slow.On || !rerenderedPage(a, fb) {
		t.Error("slow motion box did not turn it on and rerender the page")
	}
	inspectorOf(t, a).mustID(t, "slow-pace") // slow motion on shows its pace slider
}

// Linear learners: RES vs SGD shows no class swatches; a linear learner's
// buffer caption says it keeps no kernel expansion and marks no eviction,
// and a kernel learner's marks the term evicted next.
func TestViewLinearLearners(t *testing.T) {
	a, _ := testApp(t, "v1&play=0&p="+state.PresetRESvsSGD)
	if a.store.Config().Preset != state.PresetRESvsSGD {
		t.Fatalf("the link runs preset %q", a.store.Config().Preset)
	}
	body := page(t, a)
	if sw := body.all(func(m *node) bool { return m.Classes["swatch"] }); len(sw) != 0 {
		t.Errorf("RES vs SGD shows %d class swatches", len(sw))
	}
	for _, l := range []string{state.LearnerPegasos, state.LearnerDCD, state.LearnerSVMD} {
		a, _ := testApp(t, "v1&play=0&l="+l)
		a.store.Dispatch(state.Step{N: 3})
		caps := page(t, a).all(func(m *node) bool { return m.Classes["cap"] })
		if len(caps) == 0 {
			t.Fatalf("%s: no buffer caption", l)
		}
		text := caps[0].text()
		evict := len(caps[0].all(func(m *node) bool { return m.Classes["evict"] })) > 0
		kernel := l == state.LearnerSVMD
		if kernel != !strings.Contains(text, "none") || kernel != evict {
			t.Errorf("%s: caption %q, eviction mark %v", l, text, evict)
		}
	}
}

// A panic in a component's Render stops the page: the fallback element is
// returned and the stopped view gets the message with the entry's name.
func TestViewCrash(t *testing.T) {
	saved := crash
	defer func() { crash = saved }()
	var got []string
	crash = crashSink{out: func(msg string, rep app.Report, first bool) {
		got = append(got, msg+"|"+rep.Where+"|"+strconv.FormatBool(first))
	}}
	out := tree(t, comp.Of(&panicky{}))
	if len(out) != 1 || out[0].Tag != "div" || len(out[0].Kids) != 0 {
		t.Errorf("fallback %+v, want an empty div", out)
	}
	if !crash.stopped || len(got) != 1 || !strings.Contains(got[0], "panicky.Render: boom") || !strings.HasSuffix(got[0], "|panicky.Render|true") {
		t.Errorf("crash sink got %v", got)
	}
	handle(func(*vecty.Event) { t.Error("a handler ran after the page stopped") })(&vecty.Event{})
}

type panicky struct{}

func (p *panicky) Render() vecty.ComponentOrHTML { panic("boom") }

// The debug hooks report the run on screen: stats' t and mode, config's
// edits, the chart texts last painted; debugPanic refuses an unknown entry
// and arms a known one.
func TestDebugHooks(t *testing.T) {
	saved := crash
	defer func() { crash = saved }()
	a, _ := testApp(t, "v1&play=0")
	a.store.Dispatch(state.AddPoint{X: 0.1, Y: 0.2, Class: 1})
	a.store.Dispatch(state.Step{N: 12})
	h := a.debugHooks()
	call := func(name string, args ...any) any {
		t.Helper()
		v, err := h[name](args)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return v
	}
	st := call("stats").(map[string]any)
	if st["t"] != 12 || st["mode"] != a.store.Stats().Mode {
		t.Errorf("stats t=%v mode=%v", st["t"], st["mode"])
	}
	if ev := call("config").(map[string]any)["Events"]; ev != 1 {
		t.Errorf("config Events = %v, want 1 (the click)", ev)
	}
	if texts, _ := call("chartTexts", "charts").(map[string]any)["texts"].([]any); len(texts) != 0 {
		t.Error("chart texts before any chart was painted")
	}
	mounted(t, a)
	a.charts.draw(nil)
	texts := call("chartTexts", "charts").(map[string]any)["texts"].([]any)
	if len(texts) == 0 || texts[0].(map[string]any)["est"].(float64) <= 0 {
		t.Errorf("chart texts %v", texts)
	}
	if _, err := h["debugPanic"]([]any{"nowhere"}); err == nil {
		t.Error("debugPanic accepted an unknown entry")
	}
	call("debugPanic", "frame")
	if crash.inject != "frame" {
		t.Errorf("debugPanic(frame) armed %q", crash.inject)
	}
	if got := call("predict", 0.1, 0.2); got != predictAt(a.store.Config(), a.store.Sim().Learner(), 0.1, 0.2) {
		t.Errorf("predict = %v", got)
	}
}

// Choosing regression in the task menu while SVMD runs gives a regression
// run with NORMA, the one learner with regression losses: the rule is
// state's (a task change makes the learner compatible), not the menu's.
func TestViewTaskMenuRegression(t *testing.T) {
	a, fb := testApp(t, "v1&play=0&l="+state.LearnerSVMD)
	fb.value = state.TaskRegression
	page(t, a).mustID(t, "task-select").fire(t, "change")
	c := a.store.Config()
	if c.Task != state.TaskRegression || c.Learner != state.LearnerNORMA {
		t.Errorf("after choosing regression: task %s, learner %s", c.Task, c.Learner)
	}
	if m := a.store.Message(); m.Kind == app.Failure {
		t.Errorf("choosing regression failed: %s", m.Text)
	}
}

// The Save menu shows the entries app.SaveOffers offers: all of them on
// the 2D plot of a two-class task, no points for regression, none of the
// plot's in digits mode.
func TestViewSaveMenuOffers(t *testing.T) {
	for hash, want := range map[string][]string{
		"v1&play=0":                           {"save-plot-png", "save-points-csv", "save-points-libsvm", "save-model", "load-model"},
		"v1&play=0&t=regression&l=norma":      {"save-plot-png", "save-model", "load-model"},
		"v1&mode=digits&play=0":               {},
		"v1&play=0&p=" + state.PresetRESvsSGD: {"save-plot-png", "load-model"},
	} {
		a, _ := testApp(t, hash)
		menu := page(t, a).mustID(t, "take-home")
		var got []string
		for _, id := range []string{"save-plot-png", "save-points-csv", "save-points-libsvm", "save-model", "load-model"} {
			if menu.byID(id) != nil {
				got = append(got, id)
			}
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: menu %v, want %v", hash, got, want)
		}
		for _, id := range []string{"save-view-png", "save-traces"} {
			menu.mustID(t, id)
		}
	}
}

// A user's file goes to the store as parsed data: a 2-D CSV adds its
// points to the plot, a file the page cannot read or that holds nothing
// is reported in the banner and changes nothing.
func TestViewUserFile(t *testing.T) {
	a, fb := testApp(t, "v1&play=0")
	before := a.store.Hash()
	fb.file = &fakeFile{name: "junk.csv", data: []byte("a,b,c\nx,y,z\n")}
	page(t, a).mustID(t, "file-input").fire(t, "change")
	if m := a.store.Message(); m.Kind != app.Failure || !strings.HasPrefix(m.Text, "Could not read your file: ") {
		t.Errorf("a junk file: message %+v", m)
	}
	if a.store.Hash() != before {
		t.Error("a junk file changed the run")
	}
	a.userFile("empty.csv", nil)
	if m := a.store.Message(); m.Kind != app.Failure {
		t.Errorf("an empty file: message %+v", m)
	}
	a.userFile("two.csv", []byte("0.5,0.25,1\n-0.5,-0.25,-1\n0.1,0.2,1\n-0.3,0.4,-1\n"))
	c := a.store.Config()
	if c.Mode != state.Mode2D || len(c.Points) != 4 {
		t.Errorf("a 2-D CSV of 4 rows: mode %s, %d points (message %q)", c.Mode, len(c.Points), a.store.Message().Text)
	}
}
