package render

import (
	"strings"
	"testing"
)

// TestConfusion: a 2×2 matrix on a roomy canvas has four cells, each count
// written in its cell (white on the dark, mostly-correct diagonal cells),
// and both class names over the columns and beside the rows; ten classes
// on a small canvas keep the cells but drop the counts (cells under 26
// px); a canvas too small for a 20 px square draws nothing.
func TestConfusion(t *testing.T) {
	var l List
	Confusion(&l, []string{"−1", "+1"}, []int{90, 10, 5, 95}, 300, 300)
	var fills, counts, labels int
	white := map[string]bool{}
	for _, o := range l.Ops {
		switch {
		case o.Kind == OpFill:
			fills++
			if o.X < 50 || o.Y < 50 || o.X+o.W > 300 || o.Y+o.H > 300 {
				t.Errorf("cell %+v outside the square right of and below the 50 px labels", o)
			}
		case o.Kind == OpText && o.Font == FontMono:
			counts++
			if o.Color == "#ffffff" {
				white[o.Text] = true
			}
		case o.Kind == OpText:
			labels++
		}
	}
	if fills != 4 || counts != 4 || labels != 4 {
		t.Errorf("2×2: %d cells, %d counts, %d labels; want 4 each", fills, counts, labels)
	}
	if !white["90"] || !white["95"] || white["10"] || white["5"] {
		t.Errorf("white counts %v, want the diagonal's 90 and 95 only", white)
	}

	names := strings.Split("0 1 2 3 4 5 6 7 8 9", " ")
	Confusion(&l, names, make([]int, 100), 200, 200)
	fills, counts, labels = 0, 0, 0
	for _, o := range l.Ops {
		switch {
		case o.Kind == OpFill:
			fills++
		case o.Font == FontMono:
			counts++
		default:
			labels++
		}
	}
	if fills != 100 || counts != 0 || labels != 20 {
		t.Errorf("10×10 at 200 px: %d cells, %d counts, %d labels; want 100, 0, 20", fills, counts, labels)
	}
	Confusion(&l, names, make([]int, 100), 30, 30)
	if len(l.Ops) != 0 {
		t.Errorf("a 30 px canvas got %d ops, want none", len(l.Ops))
	}
}

// TestGalleryLayout: a few 8×8 terms get the largest tiles (64 px); a full
// 28×28 buffer shrinks the tiles until all fit; a buffer too large for
// 14 px tiles shows fewer tiles than terms; the grid always fits the
// canvas above the footer.
func TestGalleryLayout(t *testing.T) {
	for _, c := range []struct {
		cw, ch     float64
		w, h, n    int
		wantS      float64
		allShown   bool
		wantShrunk bool
	}{
		{400, 300, 8, 8, 3, 64, true, false},
		{400, 300, 28, 28, 60, 0, true, true},
		{200, 100, 28, 28, 5000, 14, false, true},
	} {
		s, cols, rows := GalleryLayout(c.cw, c.ch, c.w, c.h, c.n)
		if c.wantS != 0 && s != c.wantS {
			t.Errorf("%+v: side %g, want %g", c, s, c.wantS)
		}
		if (cols*rows >= c.n) != c.allShown {
			t.Errorf("%+v: %d×%d tiles for %d terms", c, cols, rows, c.n)
		}
		if c.wantShrunk && s >= 64 {
			t.Errorf("%+v: side %g not shrunk", c, s)
		}
		k := s / float64(c.w)
		if gw := k * float64(cols*(c.w+GalleryGap)-GalleryGap); cols > 1 && gw > c.cw+0.01 {
			t.Errorf("%+v: grid %g px wide on a %g px canvas", c, gw, c.cw)
		}
		if gh := k * float64(rows*(c.h+GalleryBar(c.h)+GalleryGap)-GalleryGap); rows > 1 && gh > c.ch-GalleryInfoH+0.01 {
			t.Errorf("%+v: grid %g px high above the footer of a %g px canvas", c, gh, c.ch)
		}
	}
}

// TestGalleryFooter: the long footer with the bar's legend when it fits,
// shorter ones on a narrow canvas, each within the width it was given
// (except the shortest, the last resort); the messages instead of
// thumbnails.
func TestGalleryFooter(t *testing.T) {
	if f := GalleryFooter(40, 100, 40, 600); f != "40 of ω = 100 terms, all · bar: |α| (orange +, blue −)" {
		t.Errorf("wide: %q", f)
	}
	if f := GalleryFooter(12000, 20000, 300, 600); !strings.Contains(f, "12k of ω = 20k terms, 300 spread over them") {
		t.Errorf("spread: %q", f)
	}
	mid := GalleryFooter(40, 100, 40, 200)
	if mid != "40 / 100 terms · 40 shown" || TextWidth(mid, FontSans, 13) > 200 {
		t.Errorf("200 px: %q", mid)
	}
	if f := GalleryFooter(40, 100, 40, 60); f != "40 / 100 terms" {
		t.Errorf("60 px: %q", f)
	}
	for _, c := range []struct {
		has      bool
		n, dim   int
		img      bool
		contains string
	}{
		{false, 0, 64, true, "keeps no support vectors"},
		{true, 0, 64, true, "No terms yet"},
		{true, 7, 3, false, "7 of ω = 100 terms; no thumbnails for 3-feature inputs."},
		{true, 7, 64, true, ""},
	} {
		m := GalleryMessage(c.has, c.n, 100, c.dim, c.img)
		if (c.contains == "") != (m == "") || !strings.Contains(m, c.contains) {
			t.Errorf("%+v: %q", c, m)
		}
	}
}

// TestCompareRegretPanel: on a binary task the digits charts get a third
// panel, the regret on a symlog axis, with each learner's curve in its
// colour, its bound dashed where it has one, each caption after its
// learner's name, and every detection marked in its learner's colour;
// the switch's marker comes first (its label is placed before the
// detections'); one learner's panel shows its last value and caption
// alone; before any
// point the panel shows the first learner's note; without Regrets (a
// multiclass run) there are two panels.
func TestCompareRegretPanel(t *testing.T) {
	pts := func(v ...float64) Points {
		p := Points{}
		for i, y := range v {
			p.X, p.Y = append(p.X, float64(i+1)), append(p.Y, y)
		}
		return p
	}
	in := CompareInput{Names: []string{"SVMD", "NORMA"}, Colors: []string{"#111111", "#222222"},
		AvgError: []Points{pts(0.5), pts(0.4)}, Eta: []Points{pts(1), pts(1)}, T: 3, N: 10,
		Regrets: []RegretTrace{
			{R: pts(1, 2, 3), Caption: "no bound: SVMD's η adapts", Alarms: []Alarm{{T: 7, Label: "ADWIN"}}},
			{R: pts(1, 4, 9), Bound: pts(20, 30, 40), Caption: "dashed: NORMA Theorem 2, eq. (23), without its O(1)"},
		}}
	var c Chart
	CompareChart(&c, in)
	if len(c.Panels) != 3 {
		t.Fatalf("%d panels, want 3", len(c.Panels))
	}
	p := c.Panels[2]
	if p.Title != RegretTitle || !p.SymLog || len(p.Series) != 3 || p.Series[0].Color != "#111111" || p.Series[1].Color != "#222222" ||
		p.Series[2].Dash != [2]float64{6, 4} || p.Caption != "SVMD: no bound: SVMD's η adapts\nNORMA: dashed: NORMA Theorem 2, eq. (23), without its O(1)" {
		t.Fatalf("regret panel %+v", p)
	}
	if len(c.Markers) != 1 || c.Markers[0].X != 7 || c.Markers[0].Color != "#111111" {
		t.Fatalf("markers %+v", c.Markers)
	}
	sw := in
	sw.SwitchAt, sw.SwitchLabel = 5, "0/1 → 2/3"
	CompareChart(&c, sw)
	if len(c.Markers) != 2 || c.Markers[0].Label != "0/1 → 2/3" || c.Markers[1].X != 7 {
		t.Fatalf("markers %+v", c.Markers)
	}
	one := in
	one.Names, one.Regrets, one.AvgError, one.Eta = one.Names[:1], one.Regrets[:1], one.AvgError[:1], one.Eta[:1]
	CompareChart(&c, one)
	if p := c.Panels[2]; p.Value != "3" || p.Caption != "no bound: SVMD's η adapts" || c.Markers[0].Color != AlarmColor {
		t.Fatalf("one learner: value %q caption %q markers %+v", p.Value, p.Caption, c.Markers)
	}
	one.Regrets = []RegretTrace{{Caption: "x"}}
	CompareChart(&c, one)
	if p := c.Panels[2]; p.Note != "regret: solving the first checkpoint…" || len(p.Series) != 0 {
		t.Fatalf("before a point: %+v", p)
	}
	one.Regrets = nil
	CompareChart(&c, one)
	if len(c.Panels) != 2 {
		t.Fatalf("without regrets: %d panels", len(c.Panels))
	}
}
