//go:build js && wasm

package ui

import (
	"math"
	"testing"

	"kernelplay/ui/render"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// run is a simulation of the config with key set to value, after n steps.
func run(t *testing.T, key, value string, n int) (*sim.Sim, state.Config) {
	t.Helper()
	c, err := state.Apply(state.Default(), state.SetField{Key: key, Value: value})
	if err != nil {
		t.Fatal(err)
	}
	sm, err := sim.New(c)
	if err != nil {
		t.Fatal(err)
	}
	sm.Step(n)
	return sm, c
}

// TestPlotView: the data square's corners go to the plot's corners, y up,
// and fromPixel inverts toPixel, clamping outside the square.
func TestPlotView(t *testing.T) {
	var v plotView
	if x, y := v.toPixel(-1, 1, 400, 300); x != 0 || y != 0 {
		t.Errorf("(−1, 1) → (%g, %g), want the top left", x, y)
	}
	if x, y := v.toPixel(1, -1, 400, 300); x != 400 || y != 300 {
		t.Errorf("(1, −1) → (%g, %g), want the bottom right", x, y)
	}
	px, py := v.toPixel(0.25, -0.5, 400, 300)
	if x, y := v.fromPixel(px, py, 400, 300); x != 0.25 || y != -0.5 {
		t.Errorf("round trip (0.25, −0.5) → (%g, %g)", x, y)
	}
	if x, y := v.fromPixel(-10, 500, 400, 300); x != -1 || y != -1 {
		t.Errorf("outside → (%g, %g), want clamped to (−1, −1)", x, y)
	}
}

// TestPlotMarks: on the binary default, every point gets a white ring and
// a fill of its class at its pixel position, and every term a ring whose
// size grows with |α_i| (the largest |α| the largest ring), the term
// evicted next reported; multiclass points get a dark outline too.
func TestPlotMarks(t *testing.T) {
	sm, c := run(t, "t", state.TaskBinary, 400)
	const w, h = 500, 400
	marks, svs, evict, ok := plotMarks(nil, nil, sm, c, w, h)
	pts := sm.Points()
	count := map[int]int{}
	for _, m := range marks {
		count[m.Sprite]++
		if m.X < 0 || m.X > w || m.Y < 0 || m.Y > h {
			t.Errorf("mark %+v outside the plot", m)
		}
	}
	fills := count[spriteFill] + count[spriteFill+1]
	if count[spriteWhite] != len(pts) || fills != len(pts) || count[spriteDark] != 0 {
		t.Errorf("%d points: %d white rings, %d fills, %d dark outlines", len(pts), count[spriteWhite], fills, count[spriteDark])
	}
	var v plotView
	first := marks[0]
	for _, p := range pts {
		if p.Class == 0 {
			if x, y := v.toPixel(p.X, p.Y, w, h); first.X != x || first.Y != y || first.Sprite != spriteWhite {
				t.Errorf("first mark %+v, want the first class-0 point's white ring at (%g, %g)", first, x, y)
			}
			break
		}
	}
	terms := render.ModelTerms(sm.Learner())
	rings := marks[2*len(pts):]
	if terms == nil || len(rings) != terms.Len() || len(svs) != terms.Len() || terms.Len() == 0 {
		t.Fatalf("%d rings for %v terms", len(rings), terms)
	}
	maxA, big := 0.0, 0
	for i, sv := range svs {
		if math.Abs(sv.Alpha) > maxA {
			maxA, big = math.Abs(sv.Alpha), i
		}
	}
	if rings[big].Sprite%ringSteps != ringSteps-1 {
		t.Errorf("the largest |α| has ring %d, want %d", rings[big].Sprite%ringSteps, ringSteps-1)
	}
	for i, sv := range svs {
		if sv.Next {
			if x, y := v.toPixel(sv.X, sv.Y, w, h); !ok || evict != [2]float64{x, y} {
				t.Errorf("evict %v %v, want term %d at (%g, %g)", evict, ok, i, x, y)
			}
		}
	}

	sm, c = run(t, "t", state.TaskMulticlass, 200)
	marks, _, _, _ = plotMarks(marks[:0], svs, sm, c, w, h)
	count = map[int]int{}
	for _, m := range marks {
		count[m.Sprite]++
	}
	if n := len(sm.Points()); count[spriteDark] != n || count[spriteWhite] != n {
		t.Errorf("multiclass: %d points, %d dark outlines, %d white rings", n, count[spriteDark], count[spriteWhite])
	}
}

// TestRegressionRings: the support vectors of a 1D regression sit on the
// fitted curve, (x_i, f(x_i)) in pixels, radii 3 to 11 px.
func TestRegressionRings(t *testing.T) {
	sm, _ := run(t, "t", state.TaskRegression, 300)
	rings, _ := regressionRings(nil, nil, sm, 400, 400)
	terms := render.ModelTerms(sm.Learner())
	if terms == nil || len(rings) != terms.Len() || len(rings) == 0 {
		t.Fatalf("%d rings for %v terms", len(rings), terms)
	}
	var v plotView
	for _, r := range rings {
		x, _ := v.fromPixel(r.X, 0, 400, 400)
		f := sm.Learner().Scores(make([]float64, 1), []float64{x})[0]
		if _, y := v.toPixel(x, f, 400, 400); math.Abs(y-r.Y) > 1e-6 {
			t.Errorf("ring at x = %g: y %g px, the curve is at %g px", x, r.Y, y)
		}
		if r.R < 3 || r.R > 11 {
			t.Errorf("radius %g outside 3–11 px", r.R)
		}
	}
}

// TestNormalArrow: the arrow of w starts on the boundary nearest the
// centre and points along w (towards f > 0), 0.25 plot units long; a
// boundary near the edge starts at its drawn stretch's middle; w = 0 has
// no arrow.
func TestNormalArrow(t *testing.T) {
	const w, h = 400, 400
	// x = 0, w = (1, 0): from the centre, to the right.
	ar, ok := normalArrow(render.HyperLine{W: [3]float64{2, 0, 0}}, w, h)
	if !ok || ar.X0 != 200 || ar.Y0 != 200 || math.Abs(ar.X1-250) > 1e-9 || ar.Y1 != 200 {
		t.Errorf("x = 0: %+v %v, want (200, 200) → (250, 200)", ar, ok)
	}
	if ar.LabelX <= ar.X1 || ar.Barbs[0][0] >= ar.X1 || ar.Barbs[1][0] >= ar.X1 {
		t.Errorf("x = 0: label or barbs misplaced: %+v", ar)
	}
	// 3y − 1.5 = 0 (y = 0.5), w = (0, 3): from (0, 0.5), upwards.
	ar, _ = normalArrow(render.HyperLine{W: [3]float64{0, 3, -1.5}}, w, h)
	if ar.X0 != 200 || math.Abs(ar.Y0-100) > 1e-9 || math.Abs(ar.Y1-50) > 1e-9 {
		t.Errorf("y = 0.5: %+v, want (200, 100) → (200, 50)", ar)
	}
	// x = 0.98: the drawn stretch's middle.
	seg := render.Segment{X0: 0.98, Y0: -0.5, X1: 0.98, Y1: 0.1}
	ar, _ = normalArrow(render.HyperLine{W: [3]float64{1, 0, -0.98}, Solid: []render.Segment{seg}}, w, h)
	if math.Abs(ar.X0-396) > 1e-9 || math.Abs(ar.Y0-240) > 1e-9 {
		t.Errorf("x = 0.98: starts at (%g, %g), want (396, 240)", ar.X0, ar.Y0)
	}
	if _, ok := normalArrow(render.HyperLine{}, w, h); ok {
		t.Error("w = 0 has an arrow")
	}
}

func TestLegendCorner(t *testing.T) {
	const w, h, bw, bh, m = 400.0, 400.0, 150.0, 50.0, 6.0
	fill := func(x, y float64) plotMark { return plotMark{Sprite: spriteFill + 1, X: x, Y: y} }
	covers := func(x, y float64, marks []plotMark) int {
		n := 0
		for _, p := range marks {
			if p.Sprite >= spriteFill && p.X > x-pointRadius && p.X < x+bw+pointRadius && p.Y > y-pointRadius && p.Y < y+bh+pointRadius {
				n++
			}
		}
		return n
	}
	// No points: the bottom-right corner.
	if _, x, y := legendCorner(nil, 0, w, h, bw, bh, m); x != w-bw-m || y != h-bh-m {
		t.Errorf("empty plot: key at (%v, %v), want bottom-right", x, y)
	}
	// Points in the bottom-right corner (and rings, which do not count):
	// the key moves to the bottom-left, which is free.
	marks := []plotMark{fill(380, 380), fill(300, 370), {Sprite: 0, X: 20, Y: 380}}
	_, x, y := legendCorner(marks, 0, w, h, bw, bh, m)
	if x != m || y != h-bh-m || covers(x, y, marks) != 0 {
		t.Errorf("points bottom-right: key at (%v, %v) covering %d points, want bottom-left and none", x, y, covers(x, y, marks))
	}
	// Points in every corner, fewest at the top-left: the key goes there.
	marks = []plotMark{fill(380, 380), fill(370, 390), fill(20, 380), fill(30, 385), fill(380, 20), fill(370, 30), fill(20, 20)}
	_, x, y = legendCorner(marks, 0, w, h, bw, bh, m)
	if x != m || y != m {
		t.Errorf("crowded corners: key at (%v, %v), want the top-left (one point)", x, y)
	}
	// Ties: the corner of the last frame stays.
	marks = []plotMark{fill(200, 200)}
	if k, _, _ := legendCorner(marks, 2, w, h, bw, bh, m); k != 2 {
		t.Errorf("all corners free, last frame's corner 2: corner %d, want it kept", k)
	}
	// On the default demo's spirals, the key covers no more points than
	// the bottom-right corner did, and at most as few as any corner.
	c := state.Default()
	sm, err := sim.New(c)
	if err != nil {
		t.Fatal(err)
	}
	sm.Step(300)
	pm, _, _, _ := plotMarks(nil, nil, sm, c, w, h)
	_, x, y = legendCorner(pm, 0, w, h, bw, bh, m)
	got := covers(x, y, pm)
	for _, cx := range []float64{m, w - bw - m} {
		for _, cy := range []float64{m, h - bh - m} {
			if n := covers(cx, cy, pm); n < got {
				t.Errorf("spirals: the key at (%v, %v) covers %d points, the corner (%v, %v) only %d", x, y, got, cx, cy, n)
			}
		}
	}
}

func TestRingCrowding(t *testing.T) {
	// The default demo (spirals) after 6000 steps: its terms crowd at the
	// spiral's centre. In the fullest cell the rings' total radius (their
	// ink, up to 2π) is at most 3n + 8√n (plus the sprites' quarter-pixel
	// rounding) and they are faint; a ring alone in its cell keeps its |α|
	// radius and full ink.
	const w, h = 520.0, 520.0
	c := state.Default()
	sm, err := sim.New(c)
	if err != nil {
		t.Fatal(err)
	}
	sm.Step(6000)
	marks, svs, _, _ := plotMarks(nil, nil, sm, c, w, h)
	rings := marks[len(marks)-len(svs):]
	crowd := crowding(svs, w, h)
	full := 0
	for i, n := range crowd {
		if n > crowd[full] {
			full = i
		}
	}
	n := crowd[full]
	if n < 4 {
		t.Fatalf("the fullest cell holds %d terms; the spiral's centre should crowd", n)
	}
	maxA := 0.0
	for _, sv := range svs {
		maxA = math.Max(maxA, math.Abs(sv.Alpha))
	}
	var ink, uncapped float64
	for i, r := range rings {
		cell := crowdCell(r.X, r.Y, w, h)
		if faint := r.Sprite >= faintRings; faint != (crowd[cell] >= crowdFaint) {
			t.Errorf("a ring in a cell of %d terms is faint %v (faint from %d)", crowd[cell], faint, crowdFaint)
		}
		radius := 3 + float64(r.Sprite%ringSteps)/4
		if cell == full {
			ink += radius
			uncapped += ringRadius(svs[i].Alpha, maxA)
		}
		if crowd[cell] == 1 && math.Abs(radius-ringRadius(svs[i].Alpha, maxA)) > 0.125+1e-9 {
			t.Errorf("a lone ring has radius %v, want its |α| radius %v", radius, ringRadius(svs[i].Alpha, maxA))
		}
	}
	bound := 3*float64(n) + 8*math.Sqrt(float64(n)) + 0.125*float64(n)
	if ink > bound {
		t.Errorf("the fullest cell's %d rings have total radius %.1f px, more than %.1f", n, ink, bound)
	}
	t.Logf("fullest cell: %d terms, total ring radius %.1f px capped, %.1f px uncapped", n, ink, uncapped)
}
