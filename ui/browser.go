package ui

import (
	"image"

	"github.com/hexops/vecty"

	"kernelplay/ui/comp"
	"kernelplay/ui/paint"
)

// The browser outside Vecty's rendering, as small role interfaces: each
// piece of code gets the roles it uses and no more (a view gets no clock,
// the frame loop no dialogs). browser is all of them, held by the Playground
// only. The page's implementation (browser_js.go, one adapter type for
// every role) calls syscall/js and honnef.co/go/js/dom/v2 and is the only
// place that does for the components; the view tests use a recording fake,
// so that every component, its event handlers and its painting build and
// run without a browser. No role's method takes or returns the Playground or the
// store (TestViewsHoldNoHub reads the views' fields of these types).

// clock is the page's time.
type clock interface {
	// Now is performance.now(): milliseconds since the navigation started.
	Now() float64
}

// events reads and steers the DOM event a handler got.
type events interface {
	// Value is the value of e's target (an input or a select), Checked its
	// checked state (a checkbox), Shift whether the shift key was down.
	Value(e *vecty.Event) string
	Checked(e *vecty.Event) bool
	Shift(e *vecty.Event) bool
	// SetValue sets the value of e's target (a select showing what runs
	// after a refused choice).
	SetValue(e *vecty.Event, v string)
	// StopPropagation keeps e from reaching the page's handlers.
	StopPropagation(e *vecty.Event)
}

// files are the user's files in and out.
type files interface {
	// ReadFile reads the file chosen in the file input of the change event
	// e and calls done with its name and bytes; nothing is called when no
	// file was chosen, and a file that cannot be read (too large, refused)
	// is reported in the banner. The input is cleared, so that choosing the
	// same file again fires again.
	ReadFile(e *vecty.Event, done func(name string, b []byte))
	// Save downloads b as the file name of the MIME type; SavePicture
	// saves the plot ("plot") or the whole view ("view") as a PNG, at the
	// scale chosen in the export menu.
	Save(name, mime string, b []byte)
	SavePicture(what string)
}

// clipboard copies links.
type clipboard interface {
	// CopyLink copies the share link of the page (the address bar, brought
	// up to date) and says so in the banner; CopyURL copies url and says
	// copied, or shows the link where the browser refuses.
	CopyLink()
	CopyURL(url, copied string)
}

// address is the page's address.
type address interface {
	// PageURL is the page's address without its hash (origin + path).
	PageURL() string
	// Search is the address's query string ("?intro", or "").
	Search() string
}

// storage is this browser's localStorage flags.
type storage interface {
	// Remembered reads the flag key of this browser's localStorage, and
	// with set records it; storage the browser refuses reads false and is
	// not written.
	Remembered(key string, set bool) bool
}

// dialogs are the page's native <dialog>s.
type dialogs interface {
	// Dialog opens (showModal) or closes the <dialog> of the id.
	Dialog(id string, open bool)
	// ClassTicks reads the class dialog: the keys ticked to hide and the
	// presenter box. ShowClassURL writes the class link (or, for "", the
	// placeholder) into the dialog's text field.
	ClassTicks() (hide []string, presenter bool)
	ShowClassURL(url, placeholder string)
}

// scrolling brings elements into view.
type scrolling interface {
	// Reveal scrolls the first element matching selector into view with
	// block ("start", "nearest") within its scrolling column, never the
	// page (a classroom never scrolls: nothing but the user moves the
	// plot off screen); inside is a selector of an ancestor to reveal
	// instead ("" for none). It reports false when no element matches
	// (not rendered yet).
	Reveal(selector, block, inside string) bool
	// Ring marks the first element matching selector with the class
	// "tour-target" (removing it from every other element) and scrolls it
	// into view; "" only removes it. It reports whether the element's
	// centre is in the window's right half (false when nothing matched).
	Ring(selector string) (right bool)
}

// rerenderer asks Vecty for a view's render.
type rerenderer interface {
	// Rerender schedules the render of the view that embeds h
	// (vecty.Rerender of its component; nothing before its first render).
	Rerender(h *comp.Hosted)
}

// rangeInputs sets what Vecty sets in the wrong order on a range input.
type rangeInputs interface {
	// SetRange gives the range input el its min, max and step before Vecty
	// sets its value (see rangeSlider); SetNodeValue sets el's value once
	// it is in the document. Both do nothing before el is in the document.
	SetRange(el *vecty.HTML, min, max, step string)
	SetNodeValue(el *vecty.HTML, v string)
}

// canvases draws on <canvas> elements.
type canvases interface {
	// PutImage copies img into the <canvas> el once mounted, one canvas
	// pixel per image pixel (the backing store takes img's size).
	PutImage(el *vecty.HTML, img *image.RGBA)
	// Canvas is the 2D canvas of the <canvas> element el, once mounted.
	Canvas(el *vecty.HTML) *paint.Canvas
}

// browser is every role: what the Playground holds and hands out.
type browser interface {
	clock
	events
	files
	clipboard
	address
	storage
	dialogs
	scrolling
	rerenderer
	rangeInputs
	canvases
}
