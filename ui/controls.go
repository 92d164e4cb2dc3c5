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

// controls builds the column from state.Fields: one group per panel, one
// control per active field, with its symbol, fixed-width value, range and a
// one-line hint. Inactive fields (σ under the linear kernel, μ for NORMA…)
// are left out, as are fields the link hides.
func (p *Page) controls() []vecty.MarkupOrChild {
	out := make([]vecty.MarkupOrChild, len(columnGroups))
	for i, g := range columnGroups {
		out[i] = p.group(g)
	}
	return out
}

// group is the column's section of group g.
func (p *Page) group(g state.Group) *vecty.HTML {
	c, d := p.S.Config, p.Dispatch
	var items []vecty.MarkupOrChild
	if g == state.GroupData {
		items = append(items, elem.Div(vecty.Markup(vecty.Class("ghead")),
			elem.Heading2(vecty.Text(string(g))),
			elem.Span(vecty.Markup(vecty.Class("spacer"))),
			vecty.If(!c.Hidden(state.HideLoad), p.loadButton()),
			p.takeHome(), // exportmenu.go
			vecty.If(!c.Hidden(state.HideDefaults), elem.Button(vecty.Markup(vecty.Class("btn", "small"), prop.ID("defaults"),
				vecty.Attribute("title", "restore the default demo"),
				event.Click(handle(func(*vecty.Event) { d(state.Defaults{}) })),
			), vecty.Text("defaults"))),
		))
		// The task and the data set head the Data group (the top bar
		// keeps one row at laptop widths).
		if task, _ := state.FieldByKey("t"); !c.Hidden("t") {
			items = append(items, menuRow(task, "task-select", p.choiceSelect(task, c, "task-select")))
		}
		if preset, _ := state.FieldByKey("p"); !c.Hidden("p") {
			items = append(items, menuRow(preset, "preset-select", p.presetSelect(preset, c)))
			items = append(items, p.dataThumbs(c)) // thumbs.go
			items = append(items, p.tourButton(c)) // tour.go: RES vs SGD's
		}
		// (A place of its own when hidden: the keyed list of
		// controls below keeps its position.)
		items = append(items, vecty.If(!c.Hidden(state.HidePoints), p.pointTools()))
	} else {
		items = append(items, elem.Heading2(vecty.Text(string(g))))
	}
	// The controls are keyed by their field: after a learner switch
	// Vecty keeps each field's control (its slider and its thumb)
	// and makes new ones for the new fields, instead of handing the
	// input at a position to whichever field comes there. The list
	// is a keyspace of its own, so its unkeyed siblings are allowed.
	keys := columnKeys(g, c)
	var ctls vecty.List
	for _, k := range keys {
		f, _ := state.FieldByKey(k)
		ctls = append(ctls, p.controlOf(f, c, "f-"+k))
	}
	// Every group has its section, at the same place in every render,
	// hidden when it has no controls: the sections keep their identity
	// by position, so a learner switch that empties a group does not
	// hand the next group's controls to another section (TestKeyed-
	// Controls). They are not keyed: with keyed sections, the focused
	// λ slider lost its focus on the rerender after r (Reset), so →
	// then stepped the run instead of moving λ (TestBrowserLayout/
	// KeysWithFocus fails with the key and passes without it). Our
	// reading of Vecty v0.6.0's reconcileChildren: a keyed child that
	// it does not find right after the last rendered child is moved
	// with insertBefore, and moving a node blurs what it contains.
	if len(keys) == 0 && g != state.GroupData {
		return hiddenGroup()
	}
	items = append(items, ctls)
	return elem.Section(append([]vecty.MarkupOrChild{vecty.Markup(vecty.Class("group"))}, items...)...)
}

// hiddenGroup is the section of a group with no controls (or of every
// group in the page's skeleton).
func hiddenGroup() *vecty.HTML {
	return elem.Section(vecty.Markup(vecty.Class("group"), vecty.Attribute("hidden", "")))
}

// control renders one field: a row with symbol, label, input and value, and
// a line with the range and the hint.
func (p *Page) control(f *state.Field, c state.Config) *vecty.HTML {
	return p.controlOf(f, c, nil)
}

// controlOf is control with the Vecty key key on its element (nil: none;
// every sibling of a keyed element must be keyed: dom.go panics
// otherwise).
func (p *Page) controlOf(f *state.Field, c state.Config, key any) *vecty.HTML {
	id := "f-" + f.Key
	var input, value vecty.ComponentOrHTML
	cls := []string{"ctl"}
	switch {
	case f.Kind == state.Choice:
		input = p.choiceSelect(f, c, id)
		cls = append(cls, "choice")
	case f.Kind == state.Bool:
		cls = append(cls, "check")
		input = elem.Input(vecty.Markup(prop.Type(prop.TypeCheckbox), prop.ID(id), prop.Checked(f.Value(c) != 0),
			event.Change(handle(func(e *vecty.Event) {
				v := "0"
				if p.Ev.Checked(e) {
					v = "1"
				}
				p.Dispatch(state.SetField{Key: f.Key, Value: v})
			}))))
		value = elem.Span(vecty.Markup(vecty.Class("val")), vecty.Text(fieldText(f, c)))
	case f.Max-f.Min > 1e6: // the seed: a number box and a "next seed" button
		input = elem.Div(vecty.Markup(vecty.Class("seed")),
			elem.Input(vecty.Markup(prop.Type(prop.TypeNumber), prop.ID(id), prop.Value(f.Get(c)),
				vecty.Attribute("min", state.Format(f.Min)), vecty.Attribute("max", state.Format(f.Max)),
				vecty.Attribute("step", "1"),
				event.Change(handle(func(e *vecty.Event) {
					p.Dispatch(state.SetField{Key: f.Key, Value: p.Ev.Value(e)})
				})))),
			elem.Button(vecty.Markup(vecty.Class("btn", "small"), vecty.Attribute("title", "next seed"),
				event.Click(handle(func(*vecty.Event) {
					next := uint64(f.Value(c)) + 1
					if float64(next) > f.Max {
						next = 0
					}
					p.Dispatch(state.SetField{Key: f.Key, Value: strconv.FormatUint(next, 10)})
				}))), vecty.Text("+1")),
		)
		cls = append(cls, "choice")
	default:
		input = p.slider(f, c, id)
		value = elem.Span(vecty.Markup(vecty.Class("val")), vecty.Text(fieldText(f, c)))
	}
	sym := f.Symbol
	hint := f.Hint
	if r := rangeText(f); r != "" {
		hint = r + " · " + hint
	}
	return elem.Div(vecty.Markup(vecty.Class(cls...), vecty.Key(key)),
		elem.Div(vecty.Markup(vecty.Class("row")),
			elem.Span(vecty.Markup(vecty.Class("sym"), vecty.Attribute("aria-hidden", "true")), vecty.Text(sym)),
			elem.Label(vecty.Markup(prop.For(id), vecty.Attribute("title", f.Label+": "+f.Hint)), vecty.Text(f.Label)),
			input,
			value,
		),
		elem.Div(vecty.Markup(vecty.Class("hint"), vecty.Attribute("title", hint)), vecty.Text(hint)),
	)
}

// menuRow is a compact control row for a menu that is not built from the
// field table's rules (the task, the data set): the label and the select,
// with the hint as the label's tooltip.
func menuRow(f *state.Field, id string, sel *vecty.HTML) *vecty.HTML {
	return elem.Div(vecty.Markup(vecty.Class("ctl", "choice", "menu")),
		elem.Div(vecty.Markup(vecty.Class("row")),
			elem.Span(vecty.Markup(vecty.Class("sym"), vecty.Attribute("aria-hidden", "true"))),
			elem.Label(vecty.Markup(prop.For(id), vecty.Attribute("title", f.Label+": "+f.Hint)), vecty.Text(f.Label)),
			sel,
		),
	)
}

// slider is the range input of a Number or Integer field; it dispatches on
// every input event, so the plot follows the thumb.
func (p *Page) slider(f *state.Field, c state.Config, id string) vecty.ComponentOrHTML {
	lo, hi, step := sliderAttrs(f)
	return comp.Of(&rangeSlider{
		ID: id, Label: f.Label,
		Min:      strconv.FormatFloat(lo, 'g', -1, 64),
		Max:      strconv.FormatFloat(hi, 'g', -1, 64),
		Step:     strconv.FormatFloat(step, 'g', -1, 64),
		Pos:      strconv.FormatFloat(sliderPos(f, f.Value(c)), 'g', -1, 64),
		Slide:    fieldSlide{Field: f},
		Dispatch: p.Dispatch, Ev: p.Ev, Inputs: p.Inputs,
	})
}

// slideAction makes the action of a slider moved to pos (its input's
// value); ok is false for none (a value that does not parse).
// Implemented by plain values (fieldSlide, paceSlide), never a closure,
// so that a slider holds no store (TestViewsHoldNoHub).
type slideAction interface {
	slid(pos string) (action any, ok bool)
}

// fieldSlide is the slider of a Number or Integer field: it sets the
// field to the value at the slider's position (sliderValue), unless the
// field already holds it.
type fieldSlide struct{ Field *state.Field }

func (s fieldSlide) slid(pos string) (any, bool) {
	x, err := strconv.ParseFloat(pos, 64)
	if err != nil {
		return nil, false
	}
	return setFieldIfChanged{Key: s.Field.Key, Value: sliderValue(s.Field, x)}, true
}

// rangeSlider is an <input type=range> whose thumb sits at Pos from the
// moment it appears. Vecty sets an element's properties (the value) before
// its attributes (min, max, step), so a new range input would clamp and
// round Pos to the browser's default range 0–100 in steps of 1 (a log
// slider at position 500 of 1000 showed at 10%, the noise 0.03 at 0, the
// decay 0.95 at 1), and the first key press would move on from there. So
// the value is set again once the input is in the document (Mount), and a
// reused input (another field's slider in the same place, after a learner
// switch) gets its new range before Vecty sets the value (Render).
type rangeSlider struct {
	ID       string      `vecty:"prop"`
	Label    string      `vecty:"prop"`
	Min      string      `vecty:"prop"`
	Max      string      `vecty:"prop"`
	Step     string      `vecty:"prop"`
	Pos      string      `vecty:"prop"`
	Slide    slideAction `vecty:"prop"` // the action of a move
	Dispatch Dispatch    `vecty:"prop"`
	Ev       events      `vecty:"prop"` // reads the input's value
	Inputs   rangeInputs `vecty:"prop"` // sets the range and the value on the element (browser.go)
	el       *vecty.HTML
}

// Render implements comp.View.
func (s *rangeSlider) Render() vecty.ComponentOrHTML {
	if s.el != nil {
		s.Inputs.SetRange(s.el, s.Min, s.Max, s.Step)
	}
	s.el = elem.Input(vecty.Markup(
		prop.Type(prop.TypeRange), prop.ID(s.ID),
		vecty.Attribute("min", s.Min), vecty.Attribute("max", s.Max), vecty.Attribute("step", s.Step),
		vecty.Attribute("aria-label", s.Label),
		prop.Value(s.Pos),
		event.Input(handle(s.input)),
	))
	return s.el
}

// Mount implements comp.Mounter: the value again, now that min, max and
// step are set.
func (s *rangeSlider) Mount() {
	s.Inputs.SetNodeValue(s.el, s.Pos)
}

// input is the input event's handler: the action of the new position.
func (s *rangeSlider) input(e *vecty.Event) {
	if act, ok := s.Slide.slid(s.Ev.Value(e)); ok {
		s.Dispatch(act)
	}
}

// choiceSelect is the <select> of a Choice field. The preset select clears
// clicked points (state.SetPreset).
func (p *Page) choiceSelect(f *state.Field, c state.Config, id string) *vecty.HTML {
	cur := f.Get(c)
	var opts []vecty.MarkupOrChild
	opts = append(opts, vecty.Markup(prop.ID(id), vecty.Attribute("aria-label", f.Label),
		vecty.Attribute("title", f.Label+": "+f.Hint),
		event.Change(handle(func(e *vecty.Event) {
			v := p.Ev.Value(e)
			if f.Key == "p" {
				p.Dispatch(state.SetPreset{Preset: v})
				return
			}
			// A refused choice leaves the run as it was: the select
			// shows what runs (setFieldShown).
			p.Dispatch(setFieldShown{Key: f.Key, Value: v, Show: func(running string) { p.Ev.SetValue(e, running) }})
		}))))
	for _, o := range app.Options(c, f.Key) {
		title := ""
		if o.Disabled {
			title = o.Reason
		}
		opts = append(opts, elem.Option(vecty.Markup(prop.Value(o.Value), vecty.Property("selected", o.Value == cur),
			prop.Disabled(o.Disabled), vecty.MarkupIf(title != "", vecty.Attribute("title", title))),
			vecty.Text(fieldOptionLabel(f.Key, o.Value))))
	}
	return elem.Select(opts...)
}

// presetSelect is the data set <select> of the top bar. While points are
// clicked it shows "clicked points" (choosing a preset clears them); for
// regression, which always uses a noisy sine, it is disabled.
func (p *Page) presetSelect(f *state.Field, c state.Config) *vecty.HTML {
	cur := f.Get(c)
	clicked := len(c.Points) > 0 && !c.Generated // the clicked points alone
	regression := c.Task == state.TaskRegression
	opts := []vecty.MarkupOrChild{vecty.Markup(prop.ID("preset-select"), vecty.Attribute("aria-label", f.Label),
		vecty.Attribute("title", f.Hint), prop.Disabled(regression),
		event.Change(handle(func(e *vecty.Event) {
			p.Dispatch(state.SetPreset{Preset: p.Ev.Value(e)})
		})))}
	switch {
	case regression:
		opts = append(opts, elem.Option(vecty.Markup(prop.Value(""), vecty.Property("selected", true)),
			vecty.Text("noisy sine")))
	case clicked:
		opts = append(opts, elem.Option(vecty.Markup(prop.Value(""), vecty.Property("selected", true),
			prop.Disabled(true)), vecty.Text("clicked points ("+strconv.Itoa(len(c.Points))+")")))
	}
	for _, o := range f.Options {
		opts = append(opts, elem.Option(vecty.Markup(prop.Value(o),
			vecty.Property("selected", !clicked && !regression && o == cur)), vecty.Text(fieldOptionLabel(f.Key, o))))
	}
	return elem.Select(opts...)
}

// pointTools are the class brushes, delete mode and "clear points".
func (p *Page) pointTools() *vecty.HTML {
	s, d := p.S, p.Dispatch
	c := s.Config
	k := c.NumClasses()
	// Two groups that wrap as units: the class brushes, and the point
	// buttons (on their own row when the column is too narrow for both).
	items := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("group-row"))}
	if c.Task != state.TaskRegression && clicksAddPoints(c) {
		items = append(items, elem.Span(vecty.Markup(vecty.Class("small")), vecty.Text("click adds")))
		for i := 0; i < k; i++ {
			i := i
			col := classCSS(c, i)
			on := !s.Deleting && s.Brush == i
			items = append(items, elem.Button(vecty.Markup(
				vecty.Class("swatch"), vecty.MarkupIf(on, vecty.Class("on")),
				vecty.Style("background", col),
				vecty.Attribute("title", "click adds "+className(c, i)),
				vecty.Attribute("aria-label", "add "+className(c, i)),
				vecty.Attribute("aria-pressed", strconv.FormatBool(on)),
				event.Click(handle(func(*vecty.Event) { d(app.SetBrush{Class: i}) })),
			)))
		}
	}
	brushes := elem.Span(items...)
	tools := elem.Span(vecty.Markup(vecty.Class("group-row")),
		elem.Button(vecty.Markup(vecty.Class("btn", "small"), vecty.MarkupIf(s.Deleting, vecty.Class("on")),
			prop.ID("delete-mode"),
			vecty.Attribute("aria-pressed", strconv.FormatBool(s.Deleting)),
			vecty.Attribute("title", "clicks remove the nearest point"),
			event.Click(handle(func(*vecty.Event) { d(app.SetDeleting{On: !s.Deleting}) })),
		), vecty.Text("delete")),
		elem.Button(vecty.Markup(vecty.Class("btn", "small"), prop.ID("clear-points"),
			prop.Disabled(len(c.Points) == 0),
			vecty.Attribute("title", "remove every clicked point: the generator takes over"),
			event.Click(handle(func(*vecty.Event) { d(state.ClearPoints{}) })),
		), vecty.Text("clear "+strconv.Itoa(len(c.Points)))),
		elem.Button(vecty.Markup(vecty.Class("btn", "small"), prop.ID("only-clicked"),
			vecty.MarkupIf(!c.Generated && len(c.Points) > 0, vecty.Class("on")),
			prop.Disabled(len(c.Points) == 0),
			vecty.Attribute("aria-pressed", strconv.FormatBool(!c.Generated && len(c.Points) > 0)),
			vecty.Attribute("title", "learn from the clicked points only (clears the generated data; a new run)"),
			event.Click(handle(func(*vecty.Event) { d(app.SetGenerated{On: !c.Generated}) })),
		), vecty.Text("only clicked")),
	)
	return elem.Div(vecty.Markup(vecty.Class("brushes")), brushes, tools)
}
