// Package paint is the page's canvas painter, without the browser: a
// canvas as painting code sees it (Canvas: an Element and its 2D context
// Ctx, sized to the element and its pixel ratio), SVG path data built in
// Go and handed to the browser in one call (Path), display lists of
// ui/render painted op by op with the context's state set only when it
// changes (Painter, ChartView), the sprite atlas's layout (AtlasLayout,
// CutSprites, PlaceSprite) and the line worker's frame (LineBatch). Its
// tests run natively and under js/wasm with a recording context; the
// adapters of Element and Ctx to the browser's canvas, and everything else
// that calls syscall/js, are package ui's _js.go files.
//
// Package paint may import ui/render (the display lists and sprites it
// paints) and the standard library only: no syscall/js, no Vecty, nothing
// of core (importgraph_test.go at the module root checks this).
package paint
