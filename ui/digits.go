package ui

import (
	"strconv"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kernelplay/ui/app"
	"kernelplay/ui/comp"
	"kernelplay/ui/paint"
	"kernelplay/ui/render"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// dCanvas is a canvas of the digits view: rendered once, skipped by
// Vecty's diff, drawn by the frame loop.
type dCanvas struct {
	id, class, label string
	describedBy      string // the id of the element describing it ("": the progress line, digits-progress)
	title            string // hover text ("": none), the charts' app.RegretBoundsNote
	el               *vecty.HTML
	cv               *paint.Canvas
	list             render.List // the display list of a canvas painted from one (the confusion matrix)
	paint            paint.Painter
	canvases         canvases // the browser's canvases (browser.go)
}

// Render implements comp.View.
func (d *dCanvas) Render() vecty.ComponentOrHTML {
	by := d.describedBy
	if by == "" {
		by = "digits-progress"
	}
	d.el = elem.Canvas(vecty.Markup(vecty.Class(d.class), prop.ID(d.id), vecty.Attribute("role", "img"),
		vecty.Attribute("aria-label", d.label), vecty.Attribute("aria-describedby", by),
		vecty.MarkupIf(d.title != "", vecty.Attribute("title", d.title))))
	return d.el
}

// Skip implements comp.Skipper: as Charts.Skip.
func (d *dCanvas) Skip() bool { return d.cv != nil }

// Mount implements comp.Mounter.
func (d *dCanvas) Mount() {
	d.cv = d.canvases.Canvas(d.el)
}

// Unmount implements comp.Unmounter: the canvas is gone (mode switch).
func (d *dCanvas) Unmount() { d.cv = nil }

func (d *dCanvas) resized() bool {
	return d.cv != nil && d.cv.Resized()
}

// digitsReadout is the progress line of a digits run: t of N with a bar,
// steps per second, time per step; rerendered four times a second with
// the props the frame loop hands it (digitsUI.feedReadout).
type digitsReadout struct {
	comp.Hosted
	Run     *sim.Digits // the store's digits run, nil while waiting for data
	Status  string      // why there is no run (loading, a failure)
	Failed  bool        // Status is a failure
	Rate    float64     // examples learned per second (every learner)
	PerStep float64     // learning time per example, ms
	Playing bool
	mounted bool // in the document: Rerender is allowed
}

// Mount implements comp.Mounter.
func (r *digitsReadout) Mount() { r.mounted = true }

// Unmount implements comp.Unmounter.
func (r *digitsReadout) Unmount() { r.mounted = false }

// Render implements comp.View.
func (r *digitsReadout) Render() vecty.ComponentOrHTML {
	run := r.Run
	if run == nil {
		cls := []string{"dstatus"}
		if r.Failed {
			cls = append(cls, "failed")
		}
		return elem.Div(vecty.Markup(vecty.Class("dprogress"), prop.ID("digits-progress")),
			elem.Span(vecty.Markup(vecty.Class(cls...), prop.ID("digits-status"), vecty.Attribute("role", "status")),
				vecty.Text(r.Status)))
	}
	pr := progressOf(run, r.Rate, r.PerStep, r.Playing)
	return elem.Div(vecty.Markup(vecty.Class("dprogress"), prop.ID("digits-progress")),
		elem.Div(vecty.Markup(vecty.Class("bar"), vecty.Attribute("role", "progressbar"), vecty.Attribute("aria-label", "examples learned"),
			vecty.Attribute("aria-valuemin", "0"), vecty.Attribute("aria-valuemax", strconv.Itoa(pr.N)),
			vecty.Attribute("aria-valuenow", strconv.Itoa(pr.T))),
			elem.Div(vecty.Markup(vecty.Class("fill"), vecty.Style("width", ftoa(pr.Pct, 2)+"%"))),
		),
		elem.Div(vecty.Markup(vecty.Class("nums")),
			elem.Span(vecty.Markup(vecty.Class("num"), prop.ID("digits-t")), vecty.Text(pr.Count)),
			elem.Span(vecty.Markup(vecty.Class("num"), prop.ID("digits-sps"),
				vecty.Attribute("title", "examples learned per second (every learner)")), vecty.Text(pr.Rate+" steps/s")),
			elem.Span(vecty.Markup(vecty.Class("num"), vecty.Attribute("title", "learning time per example, all learners")),
				vecty.Text(pr.MS+" ms/step")),
			elem.Span(vecty.Markup(vecty.Class("state")), vecty.Text(pr.Phase)),
		),
	)
}

// renderDigits is the digits mode's view (viewDigits, page.go).
func (p *Page) renderDigits() *vecty.HTML {
	dg := p.views.digits
	c := p.S.Config
	// The columns' children keep their positions whatever is shown (an
	// absent part is a nil from vecty.If, not a shorter list), and each
	// persistent component is rendered in one place only (the 2D read-outs
	// are not kept here, hidden, as they were): Vecty reconciles children by
	// position, and a component or list that moves to another position
	// between two renders can be removed from the document twice, which
	// panics inside Vecty's own animation-frame callback, beyond the
	// page's recover, and ends the program (TestBrowserMonkey found it:
	// Play, the MNIST set, back to 2D; a paper figure with fewer learners).
	var gallery, confusion *vecty.HTML
	run := dg.run
	if run != nil {
		dg.sizeCanvases(run.Learners())
		var gal, conf []vecty.MarkupOrChild
		gal = append(gal, vecty.Markup(vecty.Class("galleries", "n"+strconv.Itoa(run.Learners()))))
		conf = append(conf, vecty.Markup(vecty.Class("panel", "confwrap", "n"+strconv.Itoa(run.Learners()))))
		// The note first (style: shown last): a change in the number of
		// learners then adds or removes only the last children.
		conf = append(conf, elem.Div(vecty.Markup(vecty.Class("confnote")),
			vecty.Text("Confusion: rows are the true class, columns the prediction.")))
		for i := range run.Learners() {
			name := run.Name(i)
			title := "Support vectors · " + name
			if run.Learners() > 1 {
				title = name
			}
			gal = append(gal, elem.Div(vecty.Markup(vecty.Class("panel", "gallerywrap")),
				elem.Div(vecty.Markup(vecty.Class("cap"), vecty.Attribute("title", "support vectors of "+name+", oldest → newest")),
					elem.Span(vecty.Markup(vecty.Class("who")), swatch(i), vecty.Text(title)),
					elem.Span(vecty.Markup(vecty.Class("evict")), vecty.Text("oldest → newest · ▼ evicted next")),
				),
				comp.Of(dg.galleries[i])))
			conf = append(conf, elem.Div(vecty.Markup(vecty.Class("conf")),
				elem.Div(vecty.Markup(vecty.Class("cap")), swatch(i), vecty.Text(name)),
				comp.Of(dg.confusions[i])))
		}
		gallery, confusion = elem.Div(gal...), elem.Div(conf...)
	}
	centre := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("dcenter")),
		elem.Div(vecty.Markup(vecty.Class("panel", "nowwrap")), comp.Of(dg.now), comp.Of(dg.readout)),
		vecty.If(padOK(run), comp.Of(dg.pad)), // the drawing pad (padview.go)
		vecty.If(gallery != nil && !c.Hidden(state.HideBuffer), gallery),
	}
	side := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("dside")),
		vecty.If(!c.Hidden(state.HideCharts), elem.Div(vecty.Markup(vecty.Class("panel", "chartwrap")), comp.Of(dg.charts), p.windowControl(c))),
		vecty.If(confusion != nil && !c.Hidden(state.HideConfusion), confusion),
		vecty.If(confusion != nil && !c.Hidden(state.HideConfusion), comp.Of(dg.cell)), // the open cell's examples (cellview.go)
		vecty.If(!c.Hidden(state.HideInspector), p.inspector()),                        // the step inspector last, scrolled into view when it shows (inspector.go)
	}
	var groups []vecty.MarkupOrChild
	groups = append(groups, vecty.Markup(vecty.Class("controls", "panel"), vecty.Attribute("aria-label", "settings")))
	for _, g := range columnGroups {
		items := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("group")), elem.Heading2(vecty.Text(string(g)))}
		if g == state.GroupData {
			// Load data… sits by the Data heading, as in the 2D column.
			items[1] = elem.Div(vecty.Markup(vecty.Class("ghead")), elem.Heading2(vecty.Text(string(g))),
				elem.Span(vecty.Markup(vecty.Class("spacer"))), vecty.If(!c.Hidden(state.HideLoad), p.loadButton()),
				p.takeHome()) // exportmenu.go
			items = append(items, p.tourButton(c)) // tour.go
			items = append(items, elem.Div(vecty.Markup(vecty.Class("dnote")), vecty.Text(dataNote(c, func() string { return dg.fileNote }))))
		}
		keys := columnKeys(g, c)
		for _, k := range keys {
			f, _ := state.FieldByKey(k)
			if k == "ds" {
				items = append(items, p.dataSetControl(f, c))
			} else {
				items = append(items, p.control(f, c))
			}
		}
		if len(keys) > 0 || g == state.GroupData {
			groups = append(groups, elem.Section(items...))
		}
	}
	return elem.Div(vecty.Markup(appClass(c, "digits-mode")),
		p.digitsTop(),
		p.banner(),
		elem.Main(vecty.Markup(vecty.Class("main", "dmain")),
			elem.Div(groups...),
			elem.Div(centre...),
			elem.Div(side...),
		),
	)
}

// swatch is a learner's colour in legends.
func swatch(i int) *vecty.HTML {
	col := render.ClassColors[i%len(render.ClassColors)]
	return elem.Span(vecty.Markup(vecty.Class("lsw"), vecty.Style("background", cssColor(col.R, col.G, col.B, 255))))
}

// digitsTop is the top bar of the digits mode.
func (p *Page) digitsTop() *vecty.HTML {
	c := p.S.Config
	playLabel := "▶ Play"
	if c.Playing {
		playLabel = "❚❚ Pause"
	}
	fig, _ := state.FieldByKey("fig")
	spf, _ := state.FieldByKey("spf")
	return elem.Header(vecty.Markup(vecty.Class("top")),
		p.brand(),
		vecty.If(!c.Hidden(state.HideTabs), p.modeTabs()),
		vecty.If(!c.Hidden("fig"), elem.Label(vecty.Markup(vecty.Class("inline")), elem.Span(vecty.Markup(vecty.Class("flbl")), vecty.Text("paper figure")),
			p.choiceSelect(fig, c, "figure-select"))),
		p.runButtons(playLabel, "space"),
		vecty.If(!c.Hidden("spf"), elem.Label(vecty.Markup(vecty.Class("inline"), vecty.Attribute("title",
			"examples per frame while playing; heavy runs are sliced to keep the page responsive")),
			elem.Span(vecty.Markup(vecty.Class("flbl")), vecty.Text("speed")), // (presenter mode hides the words: style.css)
			p.slider(spf, c, "spf"),
			elem.Span(vecty.Markup(vecty.Class("val", "spf")), vecty.Text(fieldText(spf, c))),
		)),
		elem.Div(vecty.Markup(vecty.Class("spacer"))),
		vecty.If(!c.Hidden(state.HideLink), p.copyLinkButton()),
		p.presenterControls(c),
	)
}

// modeTabs switch between the 2D plot and the digits (with their presets).
func (p *Page) modeTabs() *vecty.HTML {
	c := p.S.Config
	tab := func(label, id string, on bool, cfg func() state.Config, title string) *vecty.HTML {
		cls := []string{"btn", "tab"}
		if on {
			cls = append(cls, "on")
		}
		return elem.Button(vecty.Markup(vecty.Class(cls...), prop.ID(id), vecty.Attribute("title", title),
			vecty.Attribute("aria-pressed", strconv.FormatBool(on)),
			event.Click(handle(func(*vecty.Event) {
				p.Dispatch(app.LoadLink{Hash: state.Encode(cfg())})
			}))), vecty.Text(label))
	}
	digits := c.Mode == state.ModeDigits
	return elem.Div(vecty.Markup(vecty.Class("tabs"), vecty.Attribute("role", "group"), vecty.Attribute("aria-label", "mode")),
		tab("2D plot", "mode-2d", !digits, state.Default, "click points, watch the decision surface"),
		tab("Digits", "mode-digits", digits && c.Compare == state.CompareNone && c.Figure == state.FigureNone,
			state.DigitsDefault, "SVMD learning handwritten digits, one at a time"),
		tab("Compare", "mode-compare", digits && (c.Compare != state.CompareNone || c.Figure != state.FigureNone),
			state.ComparePreset, "two learners on the identical stream, charts overlaid"),
	)
}

// loadButton is the file picker for a user's LIBSVM or CSV file. It is
// wrapped in an element of its own tag, kp-file (display: contents), so that
// Vecty never reconciles the file input against another input at the same
// place in a different mode's markup: a reused node would keep type=file while
// Vecty sets its value, which the browser refuses with an exception.
func (p *Page) loadButton() *vecty.HTML {
	return vecty.Tag("kp-file", elem.Label(vecty.Markup(vecty.Class("btn", "file"), vecty.Attribute("title",
		"load a LIBSVM/svmlight or CSV file (label in the last column); or drop it on the page"),
	),
		vecty.Text("Load data…"),
		elem.Input(vecty.Markup(prop.Type(prop.TypeFile), prop.ID("file-input"),
			vecty.Attribute("accept", ".svm,.libsvm,.svmlight,.txt,.csv,.tsv,.t,text/plain,text/csv"),
			event.Change(handle(func(e *vecty.Event) {
				p.Files.ReadFile(e, func(name string, b []byte) { p.Dispatch(loadUserFile{Name: name, Bytes: b}) })
			})))),
	))
}

// dataSetControl is the digit-set control (a change of set also moves σ,
// λ and η₀ to the new set's defaults where they were at the old set's:
// state.Apply).
func (p *Page) dataSetControl(f *state.Field, c state.Config) *vecty.HTML {
	id := "f-" + f.Key
	var opts []vecty.MarkupOrChild
	opts = append(opts, vecty.Markup(prop.ID(id), vecty.Attribute("aria-label", f.Label),
		vecty.Attribute("title", f.Label+": "+f.Hint),
		event.Change(handle(func(e *vecty.Event) {
			p.Dispatch(state.SetField{Key: f.Key, Value: p.Ev.Value(e)})
		}))))
	for _, o := range f.Options {
		opts = append(opts, elem.Option(vecty.Markup(prop.Value(o), vecty.Property("selected", o == c.Data)),
			vecty.Text(fieldOptionLabel(f.Key, o))))
	}
	sel := elem.Select(opts...)
	hint := f.Hint
	return elem.Div(vecty.Markup(vecty.Class("ctl", "choice")),
		elem.Div(vecty.Markup(vecty.Class("row")),
			elem.Span(vecty.Markup(vecty.Class("sym"), vecty.Attribute("aria-hidden", "true"))),
			elem.Label(vecty.Markup(prop.For(id), vecty.Attribute("title", f.Label+": "+f.Hint)), vecty.Text(f.Label)),
			sel,
		),
		elem.Div(vecty.Markup(vecty.Class("hint"), vecty.Attribute("title", hint)), vecty.Text(hint)),
	)
}
