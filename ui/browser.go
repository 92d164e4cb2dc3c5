package ui

import (
	"image"

	"github.com/hexops/vecty"

	"kernelplay/ui/comp"
)

// browser is what the page needs of the browser beyond Vecty's rendering:
// the clock, events' fields, the clipboard, files, downloads, the class
// dialog, scrolling, rerendering and the canvases. The page's
// implementation (browser_js.go) calls syscall/js and honnef.co/go/js/dom/v2
// and is the only place that does for the components; the native tests use
// a recording fake, so that every component, its event handlers and its
// painting build and run without a browser.
type browser interface {
	// Now is performance.now(): milliseconds since the navigation started.
	Now() float64

	// Value is the value of e's target (an input or a select), Checked its
	// checked state (a checkbox), Shift whether the shift key was down.
	Value(e *vecty.Event) string
	Checked(e *vecty.Event) bool
	Shift(e *vecty.Event) bool
	// SetValue sets the value of e's target (a select showing what runs
	// after a refused choice).
	SetValue(e *vecty.Event, v string)
	// ReadFile reads the file chosen in the file input of the change event
	// e and calls done with its name and bytes; nothing is called when no
	// file was chosen, and a file that cannot be read (too large, refused)
	// is reported in the banner. The input is cleared, so that choosing the
	// same file again fires again.
	ReadFile(e *vecty.Event, done func(name string, b []byte))

	// CopyLink copies the share link of the page (the address bar, brought
	// up to date) and says so in the banner; CopyURL copies url and says
	// copied, or shows the link where the browser refuses.
	CopyLink()
	CopyURL(url, copied string)
	// PageURL is the page's address without its hash (origin + path).
	PageURL() string

	// Dialog opens (showModal) or closes the <dialog> of the id.
	Dialog(id string, open bool)
	// ClassTicks reads the class dialog: the keys ticked to hide and the
	// presenter box. ShowClassURL writes the class link (or, for "", the
	// placeholder) into the dialog's text field.
	ClassTicks() (hide []string, presenter bool)
	ShowClassURL(url, placeholder string)
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
	// StopPropagation keeps e from reaching the page's handlers.
	StopPropagation(e *vecty.Event)
	// Search is the address's query string ("?intro", or "").
	Search() string
	// Remembered reads the flag key of this browser's localStorage, and
	// with set records it; storage the browser refuses reads false and is
	// not written.
	Remembered(key string, set bool) bool
	// PutImage copies img into the <canvas> el once mounted, one canvas
	// pixel per image pixel (the backing store takes img's size).
	PutImage(el *vecty.HTML, img *image.RGBA)

	// Rerender schedules the render of the view that embeds h
	// (vecty.Rerender of its component; nothing before its first render).
	Rerender(h *comp.Hosted)
	// SetRange gives the range input el its min, max and step before Vecty
	// sets its value (see rangeSlider); SetNodeValue sets el's value once
	// it is in the document. Both do nothing before el is in the document.
	SetRange(el *vecty.HTML, min, max, step string)
	SetNodeValue(el *vecty.HTML, v string)

	// Canvas is the 2D canvas of the <canvas> element el, once mounted.
	Canvas(el *vecty.HTML) *canvas2D
	// Save downloads b as the file name of the MIME type; SavePicture
	// saves the plot ("plot") or the whole view ("view") as a PNG, at the
	// scale chosen in the export menu.
	Save(name, mime string, b []byte)
	SavePicture(what string)
}
