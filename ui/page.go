package ui

import (
	"strconv"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kernelplay/ui/app"
	"kernelplay/ui/comp"
	"kernelplay/ui/state"
)

// Page is the whole document body: the top bar, the message banner, and the
// three columns (controls · plot and buffer strip · charts and read-outs).
// It rerenders when the store changes (an action), never per frame: the
// canvases inside it skip Vecty's diff and are drawn by the frame loop.
//
// Page holds no store and no Playground: it renders the Snapshot the Playground hands
// it before each render (Playground.props), and its handlers send actions
// through Dispatch.
type Page struct {
	comp.Hosted
	S        Snapshot    // the page's state for this render (Playground.props)
	Dispatch Dispatch    // where the handlers send their actions
	Ev       events      // the handlers' events (browser.go)
	Files    files       // Load data…, Load model… (the file inputs)
	Dialogs  dialogs     // the introduction and the class dialog
	Storage  storage     // the introduction's "seen" flag
	Inputs   rangeInputs // the sliders
	Images   canvases    // the data menu's thumbnails
	views    pageViews   // the views the Playground keeps across renders
}

// pageViews are the views that keep state across renders (their canvases,
// what they last drew), made once by the Playground (Playground.build) and placed by the
// page with comp.Of in each render.
type pageViews struct {
	plot   *Plot
	strip  *Strip
	charts *Charts
	second *Plot
	stats  *Stats
	digits *digitsUI // nil until the digits mode is first shown
	// regions are the 2D view's parts, revealed one by one after the
	// skeleton (region.go).
	regions [numParts]*region
}

// Render implements comp.View: the view of the mode, the
// introduction and the tour panel.
func (p *Page) Render() vecty.ComponentOrHTML {
	debugPoint("Page.Render")
	var view vecty.Component = comp.Of(&view2D{page: p})
	if p.S.Config.Mode == state.ModeDigits {
		view = comp.Of(&viewDigits{page: p})
	}
	return elem.Body(
		view,
		comp.Of(p.views.regions[partIntro]), // the introduction (intro.go), held while the page reveals itself (region.go)
		p.tourPanel(),                       // tour.go
		p.teachCards(p.S.Config.Mode == state.ModeDigits), // the lesson card and predict-then-reveal (lessonview.go)
	)
}

// view2D and viewDigits are the two modes' views. They are components of
// two types, so that a mode switch unmounts the one tree and renders the
// other afresh. Reconciling the one into the other (the same <div> at the
// top) paired unlike children, a digits confusion matrix with the 2D error
// window's control, and removed a node already out of the document: Vecty
// panics there, inside its own animation-frame callback beyond the page's
// recover, and the program ends (TestBrowserMonkey found it).
type view2D struct {
	page *Page
}

// Render implements comp.View.
func (v *view2D) Render() vecty.ComponentOrHTML {
	return v.page.render2D()
}

// viewDigits is the digits mode's view (see view2D).
type viewDigits struct {
	page *Page
}

// Render implements comp.View.
func (v *viewDigits) Render() vecty.ComponentOrHTML {
	return v.page.renderDigits() // digits.go
}

// render2D is the 2D mode's view: the top bar, the banner and the three
// columns, the top bar and the columns as regions (region.go).
func (p *Page) render2D() *vecty.HTML {
	s, rs := p.S, p.views.regions
	return elem.Div(vecty.Markup(appClass(s.Config, comparing(s.Run)...)),
		comp.Of(rs[partTop]),
		p.banner(),
		elem.Main(vecty.Markup(vecty.Class("main")),
			p.controlsColumn(),
			comp.Of(rs[partCenter]),
			comp.Of(rs[partSide]),
		),
	)
}

// topBarAfterBoot is the top bar, or in the skeleton the page starts as
// (see Mount) the bar with the name only, of the same height.
func (p *Page) topBarAfterBoot() *vecty.HTML {
	if p.S.Booting {
		return elem.Header(vecty.Markup(vecty.Class("top")), p.brand())
	}
	return p.topBar()
}

func (p *Page) topBar() *vecty.HTML {
	c := p.S.Config
	playLabel, playKey := "▶ Play", "space"
	if c.Playing {
		playLabel = "❚❚ Pause"
	}
	learner, _ := state.FieldByKey("l")
	spf, _ := state.FieldByKey("spf")
	return elem.Header(vecty.Markup(vecty.Class("top")),
		p.brand(),
		vecty.If(!c.Hidden(state.HideTabs), p.modeTabs()),
		vecty.If(!hidden(c, "l"), p.choiceSelect(learner, c, "learner-select")),
		// A hidden learner menu leaves the learner's name.
		vecty.If(hidden(c, "l"), elem.Span(vecty.Markup(vecty.Class("fixed"), prop.ID("learner-name"),
			vecty.Attribute("title", "the learner (this link fixes it)")), vecty.Text(fieldOptionLabel("l", c.Learner)))),
		p.runButtons(playLabel, playKey),
		vecty.If(!hidden(c, "spf"), elem.Label(vecty.Markup(vecty.Class("inline"), vecty.Attribute("title", spf.Hint)),
			elem.Span(vecty.Markup(vecty.Class("lbl")), vecty.Text("steps / frame")),
			p.slider(spf, c, "spf"),
			elem.Span(vecty.Markup(vecty.Class("val", "spf")), vecty.Text(fieldText(spf, c))),
		)),
		elem.Div(vecty.Markup(vecty.Class("spacer"))),
		vecty.If(!c.Hidden(state.HideLink), p.copyLinkButton()),
		p.presenterControls(c),
	)
}

// copyLinkButton is the top bar's Copy link button (both modes).
func (p *Page) copyLinkButton() *vecty.HTML {
	return elem.Button(vecty.Markup(vecty.Class("btn"), prop.ID("copy-link"),
		vecty.Attribute("title", "copy a link that replays this run step for step"),
		event.Click(handle(func(*vecty.Event) { p.Dispatch(copyLink{}) })),
	), vecty.Text("Copy link"))
}

// brand is the name and tagline at the left of the top bar.
func (p *Page) brand() *vecty.HTML {
	return elem.Div(vecty.Markup(vecty.Class("brand")),
		elem.Heading1(vecty.Text("kernelplay")), // the page's one h1
		elem.Span(vecty.Text("online kernel learning, one example at a time")),
		p.introButton(), // intro.go
	)
}

func (p *Page) banner() vecty.ComponentOrHTML {
	d := p.Dispatch
	m := p.S.Message
	if m.Kind == app.NoMessage {
		return nil
	}
	kind := map[app.MessageKind]string{app.Info: "banner-info", app.Warning: "banner-warning", app.Failure: "banner-error"}[m.Kind]
	role := "status"
	if m.Kind == app.Failure {
		role = "alert"
	}
	return elem.Div(vecty.Markup(vecty.Class("banner", kind), prop.ID("message"), vecty.Attribute("role", role)),
		elem.Span(vecty.Markup(vecty.Class("msg")), vecty.Text(m.Text)),
		vecty.If(m.Reset,
			elem.Button(vecty.Markup(vecty.Class("btn"), prop.ID("message-reset"),
				event.Click(handle(func(*vecty.Event) { d(state.Reset{}) })),
			), vecty.Text("Reset")),
			elem.Button(vecty.Markup(vecty.Class("btn"),
				event.Click(handle(func(*vecty.Event) { d(state.Defaults{}) })),
			), vecty.Text("Default demo")),
		),
		vecty.If(m.Stop,
			elem.Button(vecty.Markup(vecty.Class("btn"), prop.ID("message-stop"),
				vecty.Attribute("title", "pause the run at the step the replay reached (Esc)"), vecty.Attribute("aria-keyshortcuts", "Escape"),
				event.Click(handle(func(*vecty.Event) { d(app.StopReplay{}) })),
			), vecty.Text("■ Stop")),
		),
		elem.Button(vecty.Markup(vecty.Class("btn"), vecty.Attribute("aria-label", dismissLabel(m)),
			event.Click(handle(func(*vecty.Event) { d(app.Dismiss{}) })),
		), vecty.Text("✕")),
	)
}

// stripCaption is the buffer panel's caption (pagetext.go's bufferCaption).
func (p *Page) stripCaption() *vecty.HTML {
	caption, evict := bufferCaption(p.S.Sim)
	return elem.Div(vecty.Markup(vecty.Class("cap")),
		elem.Span(vecty.Text(caption)),
		vecty.If(evict != "", elem.Span(vecty.Markup(vecty.Class("evict")), vecty.Text(evict))),
	)
}

func (p *Page) plotHint() *vecty.HTML {
	c := p.S.Config
	text := plotHintText(c, p.S.Deleting, false) // pagetext.go
	touch := plotHintText(c, p.S.Deleting, true)
	grid, _ := state.FieldByKey("g")
	return elem.Div(vecty.Markup(vecty.Class("plothint")),
		elem.Span(vecty.Markup(vecty.Class("hint-mouse")), vecty.Text(text)),
		elem.Span(vecty.Markup(vecty.Class("hint-touch")), vecty.Text(touch)),
		vecty.If(!hidden(c, "g"), elem.Label(vecty.Markup(vecty.Class("inline"), vecty.Attribute("title", grid.Hint)),
			vecty.Text("surface "),
			elem.Select(append([]vecty.MarkupOrChild{vecty.Markup(
				vecty.Attribute("aria-label", "surface resolution"),
				event.Change(handle(func(e *vecty.Event) {
					p.Dispatch(state.SetField{Key: "g", Value: p.Ev.Value(e)})
				})),
			)}, gridOptions(c.Grid)...)...),
		)),
	)
}

func gridOptions(cur int) []vecty.MarkupOrChild {
	sizes := []int{50, 100, 150, 200, 300, 400}
	found := false
	for _, s := range sizes {
		found = found || s == cur
	}
	if !found {
		sizes = append(sizes, cur)
	}
	var out []vecty.MarkupOrChild
	for _, s := range sizes {
		v := strconv.Itoa(s)
		out = append(out, elem.Option(vecty.Markup(prop.Value(v), vecty.Property("selected", s == cur)),
			vecty.Text(v+"²")))
	}
	return out
}

// hidden reports whether a classroom link hides the control of key.
func hidden(c state.Config, key string) bool { return c.Hidden(key) }

// runButtons are the top bar's play/pause, step and reset buttons, shared by
// the 2D and digits bars; playKey is the key hint shown on the play button.
func (p *Page) runButtons(playLabel, playKey string) vecty.List {
	d := p.Dispatch
	l := vecty.List{
		elem.Button(vecty.Markup(vecty.Class("btn", "primary"), prop.ID("play"),
			vecty.Attribute("title", "play or pause (space)"),
			event.Click(handle(func(*vecty.Event) { d(state.TogglePlay{}) })),
		), vecty.Text(playLabel), elem.KeyboardInput(vecty.Text(playKey))),
		elem.Button(vecty.Markup(vecty.Class("btn"), prop.ID("step"),
			vecty.Attribute("title", "learn one example (→); shift: ten"),
			event.Click(handle(func(e *vecty.Event) {
				n := 1
				if p.Ev.Shift(e) {
					n = 10
				}
				d(state.Step{N: n})
			})),
		), vecty.Text("Step"), elem.KeyboardInput(vecty.Text("→"))),
		elem.Button(vecty.Markup(vecty.Class("btn"), prop.ID("reset"),
			vecty.Attribute("title", "start the run again from t = 0, replaying its edits (r)"),
			event.Click(handle(func(*vecty.Event) { d(state.Reset{}) })),
		), vecty.Text("Reset"), elem.KeyboardInput(vecty.Text("r"))),
	}
	if p.S.Config.Mode == state.Mode2D {
		l = append(l, elem.Button(vecty.Markup(vecty.Class("btn"), prop.ID("undo"),
			vecty.Attribute("title", "remove the last edit of the run (a click, a deletion or a setting) and replay it to this step (Ctrl/Cmd+Z)"),
			prop.Disabled(!p.S.CanUndo),
			event.Click(handle(func(*vecty.Event) { d(app.Undo{}) })),
		), vecty.Text("Undo"), elem.KeyboardInput(vecty.Text("Ctrl Z"))))
	}
	return l
}

// dismissLabel names what the banner's ✕ does: during a long replay it
// stops the replay (app.Dismiss) as Stop does.
func dismissLabel(m app.Message) string {
	if m.Stop {
		return "stop the replay and dismiss"
	}
	return "dismiss"
}

// Fallback implements comp.Fallbacker: a render that panics still gives Vecty
// a body (its first render of the page needs one).
func (p *Page) Fallback() *vecty.HTML { return elem.Body() }
