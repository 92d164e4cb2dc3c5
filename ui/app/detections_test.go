package app

import (
	"slices"
	"testing"

	"kernelplay/ui/state"
)

// switchLink is a run of forty clicked points (no generated data) whose
// labels all flip at each step of flips (the link's edits), paused at step
// at.
func switchLink(at int, vs string, flips ...int) string {
	cfg := state.Default()
	if vs != "" {
		var err error
		if cfg, err = state.Apply(cfg, state.SetField{Key: "vs", Value: vs}); err != nil {
			panic(err)
		}
	}
	cfg.Generated, cfg.Playing, cfg.At = false, false, at
	for i := range 40 {
		x, y := float64(i%8)/4-0.9, float64(i/8)/3-0.7
		c := 0
		if x > 0 {
			c = 1
		}
		cfg.Points = append(cfg.Points, state.Quantize(state.Point{X: x, Y: y, Class: c}))
	}
	pts := cfg.Points
	for _, f := range flips {
		next := make([]state.Point, len(pts))
		for i, p := range pts {
			p.Class = 1 - p.Class
			next[i] = p
			cfg.Events = append(cfg.Events, state.Event{T: f, Kind: state.EventAdd, Point: p})
		}
		for range pts {
			cfg.Events = append(cfg.Events, state.Event{T: f, Kind: state.EventDelete, Index: 0})
		}
		pts = next
	}
	return state.Encode(cfg)
}

// TestDetections (issue 21 item 4, the timeline): the read-outs' list of
// change detections on the switch stream at t = 2300 holds a detection of
// the flip at 1500 within switchDelay steps; it is the newest
// MaxDetections of the marks the charts draw, in step order; a link
// replayed to the same step lists the same; GoToStep back to a detection
// replays the run to that step, paused, where that detection is the
// newest listed, and GoToStep forward returns to the list at 2300.
func TestDetections(t *testing.T) {
	const at, flip, switchDelay = 2300, 1500, 200
	s := NewStore(switchLink(at, "", flip))
	if s.Run().T() != at || s.Config().Playing {
		t.Fatalf("the link opens at t = %d, playing %v", s.Run().T(), s.Config().Playing)
	}
	all := Detections(s.Run(), 1000)
	d := Detections(s.Run(), MaxDetections)
	if all.Total == 0 || d.Total != all.Total || len(d.Items) != min(all.Total, MaxDetections) ||
		!sameDetections(d.Items, all.Items[all.Total-len(d.Items):]) {
		t.Fatalf("detections %+v of %+v", d, all)
	}
	if !slices.IsSortedFunc(all.Items, func(a, b Detection) int { return a.T - b.T }) {
		t.Fatalf("not in step order: %+v", all.Items)
	}
	found := -1
	for i, it := range all.Items {
		if it.T > flip && it.T <= flip+switchDelay && found < 0 {
			found = i
		}
		if it.Who != "" || (it.Label != "ADWIN" && it.Label != "PH" && it.Label != "ADWIN+PH") {
			t.Errorf("detection %+v", it)
		}
	}
	if found < 0 {
		t.Fatalf("no detection within %d steps of the flip at %d: %+v", switchDelay, flip, all.Items)
	}
	if one := Detections(s.Run(), 1); len(one.Items) != 1 || !sameDetections(one.Items, all.Items[all.Total-1:]) {
		t.Errorf("the newest one: %+v", one)
	}
	if none := Detections(s.Run(), 0); none.Items != nil || none.Total != all.Total {
		t.Errorf("none kept: %+v", none)
	}
	again := Detections(NewStore(s.Hash()).Run(), 1000)
	if !sameDetections(again.Items, all.Items) {
		t.Errorf("the link replayed lists %+v, want %+v", again.Items, all.Items)
	}
	target := all.Items[found]
	s.Dispatch(state.Play{})
	s.Dispatch(GoToStep{T: target.T})
	back := Detections(s.Run(), 1000)
	if s.Run().T() != target.T || s.Config().Playing || len(back.Items) != found+1 || !sameDetections(back.Items[found:], []Detection{target}) {
		t.Fatalf("GoToStep %d: t = %d, playing %v, detections %+v; want the first %d of %+v",
			target.T, s.Run().T(), s.Config().Playing, back.Items, found+1, all.Items)
	}
	s.Dispatch(GoToStep{T: at})
	if fwd := Detections(s.Run(), 1000); s.Run().T() != at || !sameDetections(fwd.Items, all.Items) {
		t.Fatalf("GoToStep %d forward: t = %d, detections %+v, want %+v", at, s.Run().T(), fwd.Items, all.Items)
	}
	t.Logf("detections at t = %d: %+v; the flip's at %d (%d steps after it)", at, all.Items, target.T, target.T-flip)
}

// TestDetectionsNewestKept: a 2D comparison (SVMD vs NORMA) on a stream
// whose labels flip every 1000 steps has more detections than the
// read-outs list: both learners', merged in step order and named by
// learner; the list keeps the newest MaxDetections and counts them all;
// each flip is detected within 200 steps.
func TestDetectionsNewestKept(t *testing.T) {
	flips := []int{1000, 2000, 3000, 4000}
	s := NewStore(switchLink(4500, "norma", flips...))
	all, d := Detections(s.Run(), 1000), Detections(s.Run(), MaxDetections)
	if all.Total <= MaxDetections || d.Total != all.Total || len(d.Items) != MaxDetections ||
		!sameDetections(d.Items, all.Items[all.Total-MaxDetections:]) {
		t.Fatalf("listed %+v of %+v", d, all)
	}
	names := map[string]bool{}
	for _, it := range all.Items {
		names[it.Who] = true
	}
	if len(names) != 2 || names[""] {
		t.Errorf("detections named %v, want both learners", names)
	}
	if !slices.IsSortedFunc(all.Items, func(a, b Detection) int { return a.T - b.T }) {
		t.Errorf("not in step order: %+v", all.Items)
	}
	for _, f := range flips {
		if !slices.ContainsFunc(all.Items, func(it Detection) bool { return it.T > f && it.T <= f+200 }) {
			t.Errorf("the flip at %d is not detected within 200 steps: %+v", f, all.Items)
		}
	}
	t.Logf("%d detections: %+v", all.Total, all.Items)
}

// sameDetections reports whether a and b list the same detections.
func sameDetections(a, b []Detection) bool {
	return slices.EqualFunc(a, b, func(x, y Detection) bool { return x.T == y.T && x.Label == y.Label && x.Who == y.Who })
}
