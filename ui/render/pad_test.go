package render

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"kernelplay/core/data/pad"
)

// padSeven is a drawn 7: a bar and a slanted stroke, in pad pixels.
var padSeven = []pad.Stroke{
	{{X: 70, Y: 60}, {X: 150, Y: 62}, {X: 210, Y: 60}},
	{{X: 210, Y: 60}, {X: 170, Y: 140}, {X: 130, Y: 230}},
}

func TestPadStrokes(t *testing.T) {
	var l List
	l.Reset(140, 140)
	PadStrokes(&l, nil, 140, 140)
	if n := len(l.Ops); n != 2 || l.Ops[1].Kind != OpText || l.Ops[1].Text != "draw a digit here" {
		t.Fatalf("an empty pad: %d ops, want its frame and the hint; %+v", n, l.Ops)
	}
	l.Reset(140, 140)
	strokes := append(padSeven, pad.Stroke{{X: 20, Y: 260}}) // and a dot
	PadStrokes(&l, strokes, 140, 140)
	var got []Op
	for _, o := range l.Ops {
		if o.Kind == OpStroke {
			got = append(got, o)
		}
	}
	if len(got) != 3 {
		t.Fatalf("%d strokes drawn, want 3", len(got))
	}
	for i, o := range got {
		if o.Width != pad.PenWidth/2 {
			t.Errorf("stroke %d: width %g, want the pen's %g pad pixels at half scale", i, o.Width, pad.PenWidth/2.0)
		}
		pts := l.Pts[o.P0:o.P1]
		if i < 2 && (len(pts) != 2*len(strokes[i]) || pts[2] != strokes[i][1].X/2 || pts[3] != strokes[i][1].Y/2) {
			t.Errorf("stroke %d: points %v, not the stroke's scaled by 1/2", i, pts)
		}
		if i == 2 && (len(pts) != 4 || pts[0] != 10 || pts[1] != 130) {
			t.Errorf("the dot: points %v, want (10, 130) and a point 0.01 beside it", pts)
		}
	}
}

// stepsOf runs the set's recipe on the drawn seven.
func stepsOf(t *testing.T, mnist bool) PadStepsInput {
	t.Helper()
	g, err := pad.Rasterize(padSeven, pad.PenWidth)
	if err != nil {
		t.Fatal(err)
	}
	if !mnist {
		o, err := pad.ToOptdigits(g)
		if err != nil {
			t.Fatal(err)
		}
		x, err := pad.Features(pad.Quantize8(o))
		if err != nil {
			t.Fatal(err)
		}
		return PadStepsInput{Normalised: o.Frame, Features: x, Width: 8, Height: 8}
	}
	m, err := pad.ToMNIST(g)
	if err != nil {
		t.Fatal(err)
	}
	x, err := pad.Features(pad.Quantize28(m))
	if err != nil {
		t.Fatal(err)
	}
	return PadStepsInput{MNIST: true, Normalised: m.Box, Offset: m.Offset, Features: x, Width: 28, Height: 28}
}

// TestPadStepsOptdigits: each cell of the 8×8 picture is labelled with
// the number of on pixels the 32×32 picture shows in its 4×4 block — the
// recipe's identity, read off the display list — and the bitmap is one
// square per on pixel.
func TestPadStepsOptdigits(t *testing.T) {
	in := stepsOf(t, false)
	var l List
	const w, h = 334, 178
	l.Reset(w, h)
	PadSteps(&l, in, w, h)
	s := math.Floor(math.Min((w-padGap)/2, h-padCap)) // 160: 5 px a bitmap pixel, 20 px a cell
	px, q := s/32, s/8
	var on [8][8]int
	counts := map[[2]int]string{}
	for _, o := range l.Ops {
		switch {
		case o.Kind == OpFill && o.X < s && o.W == px:
			if o.Color != padInk[16] {
				t.Errorf("bitmap pixel at (%g, %g) is %s, want ink (the bitmap is binary)", o.X, o.Y, o.Color)
			}
			on[int((o.Y-padCap)/px)/4][int(o.X/px)/4]++
		case o.Kind == OpText && o.Font == FontMono:
			counts[[2]int{int((o.Y - padCap) / q), int((o.X - s - padGap) / q)}] = o.Text
		}
	}
	if len(counts) != 64 {
		t.Fatalf("%d counts labelled, want 64", len(counts))
	}
	inked := 0
	for r := range 8 {
		for c := range 8 {
			if want := strconv.Itoa(on[r][c]); counts[[2]int{r, c}] != want {
				t.Errorf("cell (%d, %d) labelled %s, but its block shows %s on pixels", r, c, counts[[2]int{r, c}], want)
			}
			if want := strconv.Itoa(int(math.Round(in.Features[8*r+c] * 16))); counts[[2]int{r, c}] != want {
				t.Errorf("cell (%d, %d) labelled %s, the learner's count is %s", r, c, counts[[2]int{r, c}], want)
			}
			inked += on[r][c]
		}
	}
	if inked == 0 {
		t.Fatal("the bitmap shows no ink")
	}
	txt := PadStepsText(in)
	if !strings.Contains(txt, strconv.Itoa(inked)+" pixels on") || strings.Count(txt, "row ") != 8 {
		t.Errorf("text %q: want the %d on pixels and 8 rows", txt, inked)
	}
}

// TestPadStepsMNIST: the 28×28 picture outlines the 20×20 box where its
// centre of mass put it, and its inked squares are the features' non-zero
// pixels.
func TestPadStepsMNIST(t *testing.T) {
	in := stepsOf(t, true)
	var l List
	const w, h = 334, 178
	l.Reset(w, h)
	PadSteps(&l, in, w, h)
	s := math.Floor(math.Min((w-padGap)/2, h-padCap))
	q := s / 28
	x1 := s + padGap
	box, fills := false, 0
	for _, o := range l.Ops {
		if o.Kind == OpFrame && o.W == 20*q && o.X == x1+float64(in.Offset.X)*q && o.Y == padCap+float64(in.Offset.Y)*q {
			box = true
		}
		if o.Kind == OpFill && o.X >= x1 && o.W == q {
			fills++
		}
	}
	if !box {
		t.Errorf("no 20×20 box outlined at offset %v", in.Offset)
	}
	want := 0
	for _, v := range in.Features {
		if math.Round(v*16) > 0 {
			want++
		}
	}
	if fills != want || want == 0 {
		t.Errorf("%d pixels drawn in 28×28, want %d (the non-zero features)", fills, want)
	}
	if txt := PadStepsText(in); !strings.Contains(txt, "column "+strconv.Itoa(in.Offset.X)+", row "+strconv.Itoa(in.Offset.Y)) {
		t.Errorf("text %q does not say where the box went (%v)", txt, in.Offset)
	}
}
