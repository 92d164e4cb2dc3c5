//go:build js && wasm

package ui

import (
	"slices"
	"strings"
	"testing"

	"kernelplay/ui/app"
	"kernelplay/ui/state"
)

// TestViewIntro: a first visit opens the introduction once; its close
// event records it as seen, so the next visit does not open it; "?" opens
// it again; keys pressed inside it do not reach the page.
func TestViewIntro(t *testing.T) {
	a, fb := testApp(t, "v1")
	a.maybeOpenIntro()
	if !slices.Contains(fb.calls, "Dialog intro true") {
		t.Fatalf("a first visit did not open the introduction: %v", fb.calls)
	}
	p := page(t, a)
	d := p.mustID(t, "intro")
	if d.Tag != "dialog" || !strings.Contains(d.text(), app.IntroFor(a.store.Config()).Title) {
		t.Errorf("the introduction is <%s> %q", d.Tag, d.text())
	}
	d.fire(t, "keydown")
	if fb.calls[len(fb.calls)-1] != "StopPropagation" {
		t.Error("a key pressed in the introduction reaches the page")
	}
	d.fire(t, "close")
	if !fb.stored[app.IntroSeenKey] {
		t.Error("closing the introduction did not record it as seen")
	}
	fb.calls = nil
	a.maybeOpenIntro()
	if slices.Contains(fb.calls, "Dialog intro true") {
		t.Error("the introduction opened again on a returning visit")
	}
	p.mustID(t, "intro-open").fire(t, "click")
	p.mustID(t, "intro-close").fire(t, "click")
	if want := []string{"Dialog intro true", "Dialog intro false"}; !slices.Equal(fb.calls, want) {
		t.Errorf("calls %v, want %v", fb.calls, want)
	}
	// A class link that hides panels does not greet the class with it.
	b, fb2 := testApp(t, "v1&h=c")
	b.maybeOpenIntro()
	if slices.Contains(fb2.calls, "Dialog intro true") {
		t.Error("a class link with hide flags opened the introduction")
	}
}

// TestViewTour: the RES vs SGD preset offers its figure's tour; the tour
// rings each step's element in turn, Back and Next move, Done ends it and
// removes the ring.
func TestViewTour(t *testing.T) {
	c, ok := app.TourConfig(state.PresetRESvsSGD)
	if !ok {
		t.Fatal("no RES vs SGD tour")
	}
	tour, _ := app.TourFor(c)
	a, fb := testApp(t, state.Encode(c))
	page(t, a).mustID(t, "tour-open").fire(t, "click")
	if a.tour.name != tour.Name || a.tour.step != 0 || fb.calls[len(fb.calls)-1] != "Ring "+tour.Steps[0].Target {
		t.Fatalf("the tour's button: state %+v, calls %v", a.tour, fb.calls)
	}
	for i := 1; i < len(tour.Steps); i++ {
		card := page(t, a).mustID(t, "tour")
		if !strings.Contains(card.text(), tour.Steps[i-1].Text) {
			t.Fatalf("step %d's card %q lacks its text", i, card.text())
		}
		card.mustID(t, "tour-next").fire(t, "click")
		if want := "Ring " + tour.Steps[i].Target; fb.calls[len(fb.calls)-1] != want {
			t.Fatalf("step %d: %q, want %q", i+1, fb.calls[len(fb.calls)-1], want)
		}
	}
	p := page(t, a)
	if p.byID("tour-next") != nil {
		t.Error("the last step still offers Next")
	}
	p.mustID(t, "tour-back").fire(t, "click")
	if a.tour.step != len(tour.Steps)-2 {
		t.Errorf("Back went to step %d", a.tour.step)
	}
	page(t, a).mustID(t, "tour-close").fire(t, "click")
	if a.tour.name != "" || fb.calls[len(fb.calls)-1] != "Ring " || page(t, a).byID("tour") != nil {
		t.Errorf("✕ left the tour open: %+v, %v", a.tour, fb.calls[len(fb.calls)-1])
	}
	// Another data set mid-tour ends the tour and its ring.
	page(t, a).mustID(t, "tour-open").fire(t, "click")
	a.store.Dispatch(state.SetPreset{Preset: state.PresetRotating})
	if page(t, a).byID("tour") != nil || a.tour.name != "" || fb.calls[len(fb.calls)-1] != "Ring " {
		t.Errorf("another data set left the tour: %+v, last call %q", a.tour, fb.calls[len(fb.calls)-1])
	}
	// The default demo runs no paper figure: no tour is offered.
	d, _ := testApp(t, "v1")
	if page(t, d).byID("tour-open") != nil {
		t.Error("the default demo offers a tour")
	}
}

// TestViewThumbs: one named thumbnail button per data set of the menu, the
// running one pressed; a click chooses its data set.
func TestViewThumbs(t *testing.T) {
	a, _ := testApp(t, "v1")
	c := a.store.Config()
	thumbs := page(t, a).all(func(n *node) bool { return n.Classes["thumb"] })
	want := app.DataThumbs(c, thumbPixels)
	if len(thumbs) != len(want) || len(want) < 3 {
		t.Fatalf("%d thumbnails, want %d", len(thumbs), len(want))
	}
	var other *node
	for i, th := range thumbs {
		on := want[i].Preset == c.Preset
		if th.Attrs["aria-pressed"] != map[bool]string{true: "true", false: "false"}[on] || !strings.HasPrefix(th.Attrs["aria-label"].(string), "data set: ") {
			t.Errorf("thumbnail %s: pressed %v, label %v", want[i].Preset, th.Attrs["aria-pressed"], th.Attrs["aria-label"])
		}
		if !on && other == nil {
			other = th
		}
	}
	other.fire(t, "click")
	if got := a.store.Config().Preset; "thumb-"+got != other.Props["id"] {
		t.Errorf("clicking %v chose %q", other.Props["id"], got)
	}
}
