package ui

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kernelplay/ui/app"
)

// The first visit's introduction (the text and the rule of when it shows
// are app.IntroFor and app.ShowIntro): a native modal <dialog> that opens
// on the first visit, closes with its button or Escape and is remembered as
// seen in localStorage; the "?" by the page's name opens it again.

// introDialog is the introduction's <dialog> for the view on screen (both
// body trees render their own; it is plain markup, so a mode switch only
// replaces it).
func (p *Page) introDialog() *vecty.HTML {
	in := app.IntroFor(p.S.Config)
	items := []vecty.MarkupOrChild{
		vecty.Markup(prop.ID("intro"), vecty.Class("panel", "intro"), vecty.Attribute("aria-labelledby", "intro-title"),
			// While it is open the page's shortcuts (space, →, r) stay
			// off: space presses the focused button of the dialog.
			&vecty.EventListener{Name: "keydown", Listener: func(e *vecty.Event) { p.Ev.StopPropagation(e) }},
			&vecty.EventListener{Name: "close", Listener: handle(func(*vecty.Event) { p.Storage.Remembered(app.IntroSeenKey, true) })},
		),
		// The title takes the focus when it opens (not the button at the
		// end, which would scroll a phone's dialog to its bottom).
		elem.Heading2(vecty.Markup(prop.ID("intro-title"), vecty.Attribute("tabindex", "-1"), vecty.Attribute("autofocus", "")),
			vecty.Text(in.Title)),
	}
	var cols []vecty.MarkupOrChild
	cols = append(cols, vecty.Markup(vecty.Class("intro-cols")))
	for _, s := range in.Sections {
		lines := []vecty.MarkupOrChild{}
		for _, l := range s.Lines {
			lines = append(lines, elem.ListItem(vecty.Text(l)))
		}
		cols = append(cols, elem.Section(elem.Heading3(vecty.Text(s.Heading)), elem.UnorderedList(lines...)))
	}
	items = append(items, elem.Div(cols...),
		elem.Div(vecty.Markup(vecty.Class("intro-buttons")),
			elem.Span(vecty.Markup(vecty.Class("small")), vecty.Text("The ? by the name shows this again.")),
			elem.Button(vecty.Markup(vecty.Class("btn", "primary"), prop.ID("intro-close"),
				event.Click(handle(func(*vecty.Event) { p.Dialogs.Dialog("intro", false) })), // its close event records it as seen
			), vecty.Text("Start exploring")),
		))
	return elem.Dialog(items...)
}

// introButton is the "?" by the page's name that opens the introduction.
func (p *Page) introButton() *vecty.HTML {
	return elem.Button(vecty.Markup(vecty.Class("btn", "help"), prop.ID("intro-open"),
		vecty.Attribute("title", "what this page shows, what to click, what to watch"),
		vecty.Attribute("aria-label", "introduction"), vecty.Attribute("aria-haspopup", "dialog"),
		event.Click(handle(func(*vecty.Event) { p.Dialogs.Dialog("intro", true) })),
	), vecty.Text("?"))
}

// maybeOpenIntro opens the introduction when app.ShowIntro says so for
// this visit (called once, when the page is first mounted). Storage the
// browser refuses counts as not seen: the introduction then shows on each
// visit, which does no harm.
func (a *Playground) maybeOpenIntro() {
	if a.introAtStart() {
		a.b.Dialog("intro", true)
	}
}

// introAtStart reports whether the introduction opens when the page
// starts (app.ShowIntro).
func (a *Playground) introAtStart() bool {
	return app.ShowIntro(a.b.Search(), a.store.Config(), a.b.Remembered(app.IntroSeenKey, false))
}
