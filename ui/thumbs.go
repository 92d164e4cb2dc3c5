package ui

import (
	"image"
	"strconv"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kernelplay/ui/app"
	"kernelplay/ui/comp"
	"kernelplay/ui/state"
)

// The data menu's thumbnails: a row of buttons under the data set menu,
// one small picture of each 2D data set (app.DataThumbs, drawn by
// render.Thumbnail), as TensorFlow Playground shows its data sets. A
// button chooses its data set as the menu does; each is named for screen
// readers and reached with Tab (Enter chooses).

// thumbPixels is the thumbnails' size in image pixels: more than twice the 30 CSS
// px they are shown at, for sharp dots on high-density screens.
const thumbPixels = 72

// dataThumbs is the row of thumbnails for c, or nil where the menu has one
// data set (regression).
func (p *Page) dataThumbs(c state.Config) vecty.ComponentOrHTML {
	if c.Task == state.TaskRegression {
		return nil
	}
	return comp.Of(&thumbRow{Config: c, Current: c.Preset, Clicked: len(c.Points) > 0 && !c.Generated,
		Dispatch: p.Dispatch, Images: p.Images})
}

// thumbRow is the row of thumbnail buttons. Vecty keeps one instance
// across renders (props copied in), so the pictures are computed again only
// when the task or the number of classes changes.
type thumbRow struct {
	Config   state.Config `vecty:"prop"` // the run's, whose task and classes the pictures show
	Current  string       `vecty:"prop"` // the chosen data set
	Clicked  bool         `vecty:"prop"` // the clicked points alone (no data set chosen)
	Dispatch Dispatch     `vecty:"prop"`
	Images   canvases     `vecty:"prop"` // draws the pictures (browser.go)

	key   string // the task and classes the pictures are of
	thumb []app.DataThumb
}

// Render implements comp.View.
func (r *thumbRow) Render() vecty.ComponentOrHTML {
	c := r.Config
	if key := c.Task + "/" + strconv.Itoa(c.Classes); key != r.key || r.thumb == nil {
		r.key, r.thumb = key, app.DataThumbs(c, thumbPixels)
	}
	items := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("thumbs"), vecty.Attribute("role", "group"),
		vecty.Attribute("aria-label", "data sets"))}
	for _, th := range r.thumb {
		preset := th.Preset
		on := preset == r.Current && !r.Clicked
		name := fieldOptionLabel("p", preset)
		pressed := "false"
		if on {
			pressed = "true"
		}
		// Keyed by data set: a change of task or classes keeps the
		// buttons (and canvases) of the sets both menus have.
		items = append(items, elem.Button(vecty.Markup(vecty.Class("thumb"), vecty.ClassMap{"on": on}, vecty.Key(preset),
			prop.ID("thumb-"+preset), vecty.Attribute("aria-label", "data set: "+name), vecty.Attribute("title", name),
			vecty.Attribute("aria-pressed", pressed),
			event.Click(handle(func(*vecty.Event) { r.Dispatch(state.SetPreset{Preset: preset}) })),
		), comp.Of(&thumbCanvas{Images: r.Images, Img: th.Image})))
	}
	return elem.Div(items...)
}

// thumbCanvas is one thumbnail's canvas: drawn when mounted and again when
// its picture changes (the task or the classes changed).
type thumbCanvas struct {
	Images canvases    `vecty:"prop"`
	Img    *image.RGBA `vecty:"prop"`

	el    *vecty.HTML
	drawn *image.RGBA // the picture on the canvas
}

// Render implements comp.View.
func (t *thumbCanvas) Render() vecty.ComponentOrHTML {
	prev := t.el
	t.el = elem.Canvas(vecty.Markup(vecty.Attribute("aria-hidden", "true")))
	if prev != nil && t.drawn != t.Img {
		// The canvas node is the one mounted before: Vecty reuses it.
		t.Images.PutImage(prev, t.Img)
		t.drawn = t.Img
	}
	return t.el
}

// Skip implements comp.Skipper: only a new picture is drawn.
func (t *thumbCanvas) Skip() bool {
	return t.drawn != nil && t.drawn == t.Img
}

// Mount implements comp.Mounter: the picture goes onto the new canvas.
func (t *thumbCanvas) Mount() {
	t.Images.PutImage(t.el, t.Img)
	t.drawn = t.Img
}
