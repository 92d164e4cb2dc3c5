//go:build js && wasm

package ui

import (
	"testing"

	"kernelplay/ui/comp"
)

// The page leaves its skeleton region by region (region.go): the skeleton
// has the plot and the brand only, with a hidden section per group in the
// controls column; the first frame after it asks for the regions' renders,
// not the page's, in the page's order on a narrow screen; the frame loop
// waits until every region has rendered (or maxRevealFrames), then asks
// for the class dialog's and the introduction's, held until then, and each
// region renders what the whole page shows in its place. An introduction
// that opens at the start is in the skeleton.
func TestRevealRegions(t *testing.T) {
	a, fb := testApp(t, "")
	a.booting, a.mounted = true, true
	a.page.views.regions = newRegions(a.page, true, false) // as Run builds it
	skel := page(t, a)
	skel.mustID(t, "plot")
	for _, id := range []string{"play", "learner-select", "strip", "charts", readoutsID, "inspector", "f-lam"} {
		if skel.byID(id) != nil {
			t.Errorf("the skeleton shows #%s", id)
		}
	}
	ctl := skel.all(func(n *node) bool { return n.Classes["controls"] })
	if len(ctl) != 1 {
		t.Fatalf("%d controls columns in the skeleton", len(ctl))
	}
	secs := ctl[0].all(func(n *node) bool { return n.Tag == "section" })
	if len(secs) != numGroups {
		t.Fatalf("the skeleton's controls column has %d sections, want one per group (%d)", len(secs), numGroups)
	}
	for i, s := range secs {
		if _, ok := s.Attrs["hidden"]; !ok {
			t.Errorf("the skeleton's section %d is not hidden", i)
		}
	}

	// The first frame after the skeleton: the regions' renders, in order.
	fb.rerendered = nil
	if !a.reveal() {
		t.Fatal("reveal lets the first frame after the skeleton draw")
	}
	rs := a.page.views.regions
	if len(fb.rerendered) != int(numParts)-2 {
		t.Fatalf("%d renders asked for, want the %d regions' but the two held dialogs'", len(fb.rerendered), numParts-2)
	}
	for i, h := range fb.rerendered {
		if h != &rs[i].Hosted {
			t.Errorf("render %d is not region %d's", i, i)
		}
	}
	if rerenderedPage(a, fb) {
		t.Error("the page's whole render was asked for")
	}
	// Until the regions have rendered, the frame loop waits.
	if !a.reveal() {
		t.Error("the frame loop draws before the regions have rendered")
	}
	// Each region renders what the full page shows in its place.
	full := page(t, a) // Booting is false from the first reveal on: every region renders its content
	if !revealed(rs, false) {
		t.Fatal("a full page render leaves a region unrevealed")
	}
	// but the class dialog, held until the rest has rendered.
	for _, id := range []string{"class-dialog", "intro"} {
		if dlg := full.mustID(t, id); len(dlg.Kids) != 0 || revealed(rs, true) {
			t.Fatalf("#%s renders with the rest (%d children)", id, len(dlg.Kids))
		}
	}
	if skel.byID("intro-close") != nil {
		t.Error("the skeleton has the introduction, which does not open at the start")
	}
	fb.rerendered = nil
	if !a.reveal() {
		t.Error("the frame loop draws before the class dialog has rendered")
	}
	if len(fb.rerendered) != 2 || fb.rerendered[0] != &rs[partDialog].Hosted || fb.rerendered[1] != &rs[partIntro].Hosted {
		t.Fatalf("after the rest, %d renders asked for, want the class dialog's and the introduction's", len(fb.rerendered))
	}
	full = page(t, a)
	full.mustID(t, "class-copy")
	full.mustID(t, "intro-close")
	for _, id := range []string{"play", "learner-select", "strip", "charts", readoutsID, "inspector", "f-lam"} {
		full.mustID(t, id)
	}
	fullSecs := full.all(func(n *node) bool { return n.Tag == "section" && n.Classes["group"] })
	for i := partGroup; i < partSide; i++ { // (regions placed again: the page's are the same views)
		n := tree(t, comp.Of(rs[i]))
		if len(n) != 1 || n[0].Tag != "section" {
			t.Fatalf("region %d renders %d nodes", i, len(n))
		}
		if got, want := n[0].text(), fullSecs[i-partGroup].text(); got != want {
			t.Errorf("group region %d shows %q, the page %q", i-partGroup, got, want)
		}
	}
	if a.reveal() {
		t.Error("the frame loop still waits after every region has rendered")
	}
	if a.revealing != 0 {
		t.Errorf("revealing = %d after the regions rendered, want 0", a.revealing)
	}

	// A region that never renders (not in the document) holds the
	// frame loop maxRevealFrames frames at most.
	b, _ := testApp(t, "")
	b.booting, b.mounted = true, true
	b.page.views.regions = newRegions(b.page, true, false)
	page(t, b)
	frames := 0
	for b.reveal() {
		frames++
		if frames > 2*maxRevealFrames {
			t.Fatal("reveal waits for ever")
		}
	}
	if frames != maxRevealFrames {
		t.Errorf("the frame loop waited %d frames for unrendered regions, want %d", frames, maxRevealFrames)
	}

	// A first visit: the introduction opens at the start, so the
	// skeleton has it.
	c, _ := testApp(t, "")
	c.booting, c.mounted = true, true
	c.page.views.regions = newRegions(c.page, true, true)
	page(t, c).mustID(t, "intro-close")
}
