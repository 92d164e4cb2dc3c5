package ui

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kernelplay/ui/app"
	"kernelplay/ui/comp"
	"kernelplay/ui/state"
)

// Presenter mode and the "link for my class" dialog. The view only toggles
// the mode and reads the dialog's ticks; the link is written by the pure
// app.Store.ClassHash (state.ClassLink), and what presenter mode shows is
// style.css's ".app.presenter" rules.

// appClass is the class list of the page's root: "app", the mode's own
// classes, and "presenter" in presenter mode.
func appClass(c state.Config, more ...string) vecty.Applyer {
	cls := append([]string{"app"}, more...)
	if c.Presenter {
		cls = append(cls, "presenter")
	}
	return vecty.Class(cls...)
}

// presenterControls is the "▾" joined to the Copy link button (a split
// button: the link, and more about links), which opens the class dialog
// (presenter mode and the link for a class), and the dialog. A link hiding
// the Copy link button (h=link) hides it too. The bar has no room for a
// worded button: the digits bar at 1200 px keeps about 15 px free.
func (p *Page) presenterControls(c state.Config) vecty.List {
	if c.Hidden(state.HideLink) {
		return nil
	}
	open := elem.Button(vecty.Markup(vecty.Class("btn", "split"), vecty.ClassMap{"on": c.Presenter}, prop.ID("class-link"),
		vecty.Attribute("title", "for my class: presenter mode, and a link that hides what I choose"),
		vecty.Attribute("aria-label", "for my class: presenter mode and a link"),
		vecty.Attribute("aria-haspopup", "dialog"),
		event.Click(handle(func(*vecty.Event) {
			p.Dialogs.Dialog("class-dialog", true)
		})),
	), vecty.Text("▾"))
	return vecty.List{open, comp.Of(p.views.regions[partDialog])} // classDialog, revealed after the rest of the page (region.go)
}

// classDialog is the native <dialog> of the class link: a checkbox per
// [state.ClassChoices] (in words), presenter on or off, and a button that
// writes the link and copies it. The ticks are the user's: their initial
// state is the checked attribute (the hide keys the page's link has), never
// the checked property, which Vecty writes on every rerender from the
// rendered value (it compares with the live property), so that Copy class
// link (whose note rerenders the page) cleared the teacher's ticks.
func (p *Page) classDialog(c state.Config) *vecty.HTML {
	items := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("class-choices"))}
	for _, ch := range state.ClassChoices {
		items = append(items, elem.Label(
			elem.Input(vecty.Markup(prop.Type(prop.TypeCheckbox), vecty.Data("key", ch.Key),
				vecty.MarkupIf(c.Hidden(ch.Key), vecty.Attribute("checked", "")))),
			vecty.Text(" Hide "+ch.What),
		))
	}
	on := c.Presenter
	pressed, label := "false", "Presenter mode: off"
	if on {
		pressed, label = "true", "Presenter mode: on"
	}
	toggle := elem.Button(vecty.Markup(vecty.Class("btn"), vecty.ClassMap{"on": on}, prop.ID("presenter"),
		vecty.Attribute("aria-pressed", pressed),
		event.Click(handle(func(*vecty.Event) { p.Dispatch(state.SetPresenter{On: !on}) })),
	), vecty.Text(label))
	quizLabel := "Predict, then reveal: off"
	if c.Quiz.On {
		quizLabel = "Predict, then reveal: on"
	}
	quiz := actButton("quiz-toggle", quizLabel, false, p.Dispatch, state.SetQuiz{On: !c.Quiz.On})
	write := func(*vecty.Event) {
		ticked, pm := p.Dialogs.ClassTicks()
		p.Dispatch(writeClassLink{Hide: ticked, Presenter: pm})
	}
	return elem.Dialog(vecty.Markup(prop.ID("class-dialog"), vecty.Class("panel", "class-dialog"),
		vecty.Attribute("aria-labelledby", "class-dialog-title")),
		elem.Heading2(vecty.Markup(prop.ID("class-dialog-title")), vecty.Text("For my class")),
		elem.Div(vecty.Markup(vecty.Class("class-pmrow")), toggle,
			elem.Span(vecty.Text("here and now: the plot fills the screen, text is large"))),
		elem.Heading3(vecty.Text("A link for my class")),
		elem.Paragraph(vecty.Text("The link opens this run at this step. Tick what your class should not see.")),
		elem.Div(items...),
		elem.Label(vecty.Markup(vecty.Class("class-pm")),
			// Off until ticked: a student opens a class link on a phone
			// as often as a teacher on a projector (a phone ignores
			// presenter mode anyway: style.css).
			elem.Input(vecty.Markup(prop.Type(prop.TypeCheckbox), prop.ID("class-presenter"))),
			vecty.Text(" Presenter mode (the plot fills the screen, large text)"),
		),
		elem.Input(vecty.Markup(prop.ID("class-url"), prop.Type(prop.TypeText), vecty.Attribute("readonly", ""),
			vecty.Attribute("aria-label", "the class link"), vecty.Attribute("placeholder", "the link appears here"))),
		elem.Div(vecty.Markup(vecty.Class("class-buttons")),
			elem.Button(vecty.Markup(vecty.Class("btn", "primary"), prop.ID("class-copy"), event.Click(handle(write))),
				vecty.Text("Copy class link")),
			elem.Button(vecty.Markup(vecty.Class("btn"), event.Click(handle(func(*vecty.Event) {
				p.Dialogs.Dialog("class-dialog", false)
			}))), vecty.Text("Close")),
		),
		// The banner's message ("Class link copied…", or the link to copy
		// by hand) again inside the dialog: a modal dialog sits above the
		// banner, which it would hide.
		elem.Paragraph(vecty.Markup(prop.ID("class-status"), vecty.Class("class-status"), vecty.Attribute("role", "status")),
			vecty.Text(classStatus(p.S.Message))),
		// Teaching (issue 23) after the class link, whose controls keep
		// their place on a 1280×800 screen (TestBrowserWalkClassroom).
		elem.Heading3(vecty.Text("Teaching")),
		elem.Div(vecty.Markup(vecty.Class("class-pmrow")), quiz,
			elem.Span(vecty.Text("before each step, students guess what it does (keys 1, 2, 3); the score goes in the link"))),
		p.lessonMenu(), // lessonview.go
	)
}

// classStatus is the class dialog's status line: the banner's message
// while it is an Info (what Copy class link said), else "".
func classStatus(m app.Message) string {
	if m.Kind != app.Info {
		return ""
	}
	return m.Text
}
