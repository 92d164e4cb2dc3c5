//go:build !(js && wasm)

package ui

// Outside the browser (the native tests) the page has no frame loop, no
// worker and no file loader: the parts of the components that hold
// syscall/js values are empty. Their js && wasm declarations are in
// playground_js.go, plot_js.go and digits_draw_js.go.

// playgroundJS is Playground's frame-loop callback (playground_js.go).
type playgroundJS struct{}

// plotJS is the plot's canvases, atlas, line worker and listeners (plot_js.go).
type plotJS struct{}

// digitsJS is the digits view's upload canvases (digits_draw_js.go).
type digitsJS struct{}

// padJS is the drawing pad's pointer listeners (pad_js.go).
type padJS struct{}

// wire and frame are pad_js.go's: natively nothing is wired or drawn.
func (v *padView) wire()  {}
func (v *padView) frame() {}

// fetchLesson needs the browser's fetch (lesson_js.go); natively a lesson
// is opened with app.OpenLesson.
func (a *Playground) fetchLesson(name string, at int, load bool) {}

// cellJS is the confusion canvases' listeners (cellview_js.go).
type cellJS struct{}

// wireConfusions is cellview_js.go's: natively nothing is wired.
func (dg *digitsUI) wireConfusions(a *Playground) {}
