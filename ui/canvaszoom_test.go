//go:build js && wasm

package ui

import (
	"slices"
	"testing"

	"kernelplay/ui/paint"
)

// A zoomed canvas (presenter mode's --canvas-zoom) keeps its backing store
// at the element's CSS size times devicePixelRatio, and gives painting code
// a smaller canvas in drawing units that the transform scales up: 13 px text
// drawn at zoom 20/13 is 20 CSS px on the screen.
func TestCanvasZoom(t *testing.T) {
	el := &fakeCanvasEl{w: 300, h: 200, dpr: 2, zoom: 1.5}
	rec := &recCtx{}
	cv := &paint.Canvas{El: el, Ctx: rec}
	if !cv.Fit() {
		t.Fatal("fit: no size")
	}
	if cv.W != 200 || cv.H != 200.0/1.5 || cv.DPR != 3 {
		t.Errorf("zoom 1.5 of a 300×200 canvas at ratio 2: %g×%g units at %g device px each; want 200×133.3 at 3", cv.W, cv.H, cv.DPR)
	}
	if el.backing != [2]int{600, 400} {
		t.Errorf("backing store %v, want [600 400] (CSS size × devicePixelRatio)", el.backing)
	}
	if !slices.Contains(rec.ops, "setTransform 3 0 0 3 0 0") {
		t.Errorf("calls %q: want the transform scaled by dpr × zoom", rec.ops)
	}
	// Not resized by the zoom: the element's CSS size is what counts.
	if cv.Resized() {
		t.Error("a zoomed canvas of unchanged size reports a resize")
	}
	// No zoom (the property unset) is one unit per CSS pixel.
	el.zoom = 0
	cv.Fit()
	if cv.W != 300 || cv.H != 200 || cv.DPR != 2 || el.backing != [2]int{600, 400} {
		t.Errorf("unzoomed: %g×%g at %g, backing %v", cv.W, cv.H, cv.DPR, el.backing)
	}
}
