package pad

import (
	"image"
	"math"
	"slices"
	"strings"
	"testing"

	"kernelplay/core/data"
	"kernelplay/core/data/digitfile"
)

// inkSum returns the total ink of g in full pixels (grey/255).
func inkSum(g *image.Gray) float64 {
	s := 0.0
	for _, v := range g.Pix {
		s += float64(v) / 255
	}
	return s
}

// TestRasterizeStroke: a straight stroke covers the area of a
// width × length rectangle plus a disc (round caps) to within the
// anti-aliasing and the 32-gon discs (1%), is full ink on its axis and
// empty a pixel beyond its edge; drawing the same stroke backwards over it
// keeps every full pixel full (the windings add, saturating: opposite
// windings would cancel to an empty stroke) and adds under 1% of ink (the
// anti-aliased fringes add up where shapes overlap).
func TestRasterizeStroke(t *testing.T) {
	a, b := Point{40, 140}, Point{240, 140}
	g, err := Rasterize([]Stroke{{a, b}}, PenWidth)
	if err != nil {
		t.Fatal(err)
	}
	r := PenWidth / 2.0
	want := 200*PenWidth + math.Pi*r*r
	if got := inkSum(g); math.Abs(got-want) > 0.01*want {
		t.Errorf("ink %.1f pixels, want %.1f ± 1%%", got, want)
	}
	if v := g.GrayAt(140, 140).Y; v != 255 {
		t.Errorf("on the axis: %d, want 255", v)
	}
	if v := g.GrayAt(140, 140+PenWidth/2+1).Y; v != 0 {
		t.Errorf("a pixel beyond the edge: %d, want 0", v)
	}
	twice, err := Rasterize([]Stroke{{a, b}, {b, a}}, PenWidth)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range g.Pix {
		if v == 255 && twice.Pix[i] != 255 {
			t.Fatalf("pixel %d: full ink, %d with the stroke drawn back over it", i, twice.Pix[i])
		}
	}
	if extra := inkSum(twice) - inkSum(g); extra < 0 || extra > 0.01*want {
		t.Errorf("the stroke drawn back over itself added %.1f pixels of ink, want 0 to 1%%", extra)
	} else {
		t.Logf("drawn back over itself: %.1f pixels of ink more (the fringes add)", extra)
	}
	dot, _ := Rasterize([]Stroke{{{140, 140}}}, PenWidth)
	if got, want := inkSum(dot), math.Pi*r*r; math.Abs(got-want) > 0.02*want {
		t.Errorf("a dot: ink %.1f, want πr² = %.1f ± 2%%", got, want)
	}
}

// TestRasterizeBadInput: bad points and widths are errors; far-away points
// are clipped, not an error.
func TestRasterizeBadInput(t *testing.T) {
	for name, c := range map[string]struct {
		s []Stroke
		w float64
	}{
		"NaN":       {[]Stroke{{{math.NaN(), 1}}}, PenWidth},
		"Inf":       {[]Stroke{{{1, 1}, {1, math.Inf(-1)}}}, PenWidth},
		"width 0":   {[]Stroke{{{1, 1}}}, 0},
		"width NaN": {[]Stroke{{{1, 1}}}, math.NaN()},
		"too wide":  {[]Stroke{{{1, 1}}}, Size + 1},
		"too many":  {[]Stroke{make(Stroke, MaxPoints/2), make(Stroke, MaxPoints/2+1)}, PenWidth},
	} {
		if _, err := Rasterize(c.s, c.w); err == nil || !strings.HasPrefix(err.Error(), "pad: ") {
			t.Errorf("%s: err = %v", name, err)
		}
	}
	g, err := Rasterize([]Stroke{{{-1e300, 140}, {1e300, 140}}}, PenWidth)
	if err != nil || g.GrayAt(0, 140).Y != 255 || g.GrayAt(Size-1, 140).Y != 255 {
		t.Errorf("a stroke across the pad from far away: %v", err)
	}
	if _, err := ToOptdigits(image.NewGray(image.Rect(0, 0, Size, Size))); err != ErrNoInk {
		t.Errorf("empty raster: %v, want ErrNoInk", err)
	}
	if _, err := ToMNIST(image.NewGray(image.Rect(0, 0, Size, Size))); err != ErrNoInk {
		t.Errorf("empty raster: %v, want ErrNoInk", err)
	}
}

// TestOptdigitsRectangle: a solid block the pad's height and half its width
// becomes a 16×32 block of on pixels centred in the frame, so counts of 16
// in block columns 2…5 and 0 elsewhere, exactly; every frame pixel is 0 or
// 255 and the counts are the frame's on pixels per block.
func TestOptdigitsRectangle(t *testing.T) {
	g := image.NewGray(image.Rect(0, 0, Size, Size))
	for y := range Size {
		for x := Size / 4; x < 3*Size/4; x++ {
			g.Pix[y*Size+x] = 255
		}
	}
	o, err := ToOptdigits(g)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range o.Counts {
		want := uint8(0)
		if x := i % GridSide8; x >= 2 && x <= 5 {
			want = MaxCount
		}
		if c != want {
			t.Fatalf("block %d: count %d, want %d (counts %v)", i, c, want, o.Counts)
		}
	}
	// A small thin diagonal stroke: the dithered frame still counts.
	d, _ := Rasterize([]Stroke{{{120, 100}, {160, 180}}}, 6)
	o, err = ToOptdigits(d)
	if err != nil {
		t.Fatal(err)
	}
	on := 0
	for _, v := range o.Frame.Pix {
		if v != 0 && v != 255 {
			t.Fatalf("frame pixel %d is neither off nor on", v)
		}
		if v == 255 {
			on++
		}
	}
	sum := 0
	for _, c := range o.Counts {
		sum += int(c)
	}
	if sum != on || on == 0 {
		t.Errorf("counts add to %d, the frame has %d on pixels", sum, on)
	}
}

// TestMNISTCentre: an off-centre drawing's larger side is fitted to 20
// pixels and its centre of mass, in pixel indices, lands within half a
// pixel of (14, 14).
func TestMNISTCentre(t *testing.T) {
	g, err := Rasterize([]Stroke{{{30, 30}, {60, 200}, {100, 40}}}, PenWidth)
	if err != nil {
		t.Fatal(err)
	}
	m, err := ToMNIST(g)
	if err != nil {
		t.Fatal(err)
	}
	ink, _ := inkBounds(m.Box, 1)
	if max(ink.Dx(), ink.Dy()) != BoxSide {
		t.Errorf("ink in the box: %v, want the larger side %d", ink, BoxSide)
	}
	var s, sx, sy float64
	for i, v := range m.Grid.Pix {
		s += float64(v)
		sx += float64(v) * float64(i%GridSide28)
		sy += float64(v) * float64(i/GridSide28)
	}
	if cx, cy := sx/s, sy/s; math.Abs(cx-14) > 0.5 || math.Abs(cy-14) > 0.5 {
		t.Errorf("centre of mass (%.2f, %.2f), want within ½ of (14, 14)", cx, cy)
	}
}

// loadSet reads a shipped digit set.
func loadSet(t *testing.T, file string) *data.Digits {
	t.Helper()
	d, err := digitfile.Open("../../../static/data/" + file)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestPenDensity: a "0" drawn with the page's pen, two thirds of the pad
// high (an ellipse 190 × 130 pixels), has in the optdigits frame an ink
// density within the middle 80% of the shipped set's zeros, and in the
// MNIST grid a mean grey within the middle 80% of the MNIST zeros'. The
// 10th and 90th percentiles are computed from the data.
func TestPenDensity(t *testing.T) {
	var zero Stroke
	for k := 0; k <= 64; k++ {
		a := 2 * math.Pi * float64(k) / 64
		zero = append(zero, Point{140 + 65*math.Sin(a), 140 - 95*math.Cos(a)})
	}
	g, err := Rasterize([]Stroke{zero}, PenWidth)
	if err != nil {
		t.Fatal(err)
	}
	o, _ := ToOptdigits(g)
	m, _ := ToMNIST(g)
	mean := func(p []uint8, scale float64) float64 {
		s := 0.0
		for _, v := range p {
			s += float64(v)
		}
		return s / float64(len(p)) / scale
	}
	for _, c := range []struct {
		file  string
		scale float64
		got   float64
	}{
		{"digits8x8.kpd.gz", MaxCount, mean(o.Counts[:], MaxCount)},
		{"mnist10k.kpd.gz", 255, mean(m.Grid.Pix, 255)},
	} {
		d := loadSet(t, c.file)
		var zs []float64
		for i := range d.Len() {
			if d.Labels[i] == 0 {
				zs = append(zs, mean(d.Image(i), c.scale))
			}
		}
		slices.Sort(zs)
		lo, hi := zs[len(zs)/10], zs[len(zs)*9/10]
		t.Logf("%s: the drawn 0 has ink density %.3f; the set's zeros: 10th percentile %.3f, median %.3f, 90th %.3f",
			c.file, c.got, lo, zs[len(zs)/2], hi)
		if c.got < lo || c.got > hi {
			t.Errorf("%s: density %.3f outside [%.3f, %.3f]", c.file, c.got, lo, hi)
		}
	}
}

// TestLevels: the levels of both formats give the features the shipped
// sets give the same pixels (data.Digits.Set, bit for bit), MNIST's
// quantisation moves no pixel by more than half a step, and bad levels are
// errors.
func TestLevels(t *testing.T) {
	g, _ := Rasterize([]Stroke{{{80, 60}, {200, 60}, {120, 230}}}, PenWidth)
	o, _ := ToOptdigits(g)
	m, _ := ToMNIST(g)
	q8, q28 := Quantize8(o), Quantize28(m)
	for _, c := range []struct {
		levels []uint8
		pixels []uint8
		max    int
	}{{q8, o.Counts[:], MaxCount}, {q28, nil, 255}} {
		x, err := Features(c.levels)
		if err != nil {
			t.Fatal(err)
		}
		for j, v := range c.levels {
			p := int(v)
			if c.max == 255 {
				p *= LevelStep28
				if d := p - int(m.Grid.Pix[j]); d > LevelStep28/2 || -d > LevelStep28/2 {
					t.Fatalf("pixel %d: grey %d quantised to %d", j, m.Grid.Pix[j], p)
				}
			} else if uint8(p) != c.pixels[j] {
				t.Fatalf("8×8 level %d ≠ count %d", p, c.pixels[j])
			}
			want := (&data.Digits{Width: 1, Height: 1, MaxValue: c.max, Classes: 1, Labels: []uint8{0}, Pixels: []uint8{uint8(p)}}).Set().X[0]
			if x[j] != want {
				t.Fatalf("feature %d: %v, want %v", j, x[j], want)
			}
		}
	}
	for name, lv := range map[string][]uint8{
		"length 63":      make([]uint8, 63),
		"8×8 level 17":   append(make([]uint8, 63), 17),
		"MNIST level 16": append(make([]uint8, 783), 16),
	} {
		if _, err := Features(lv); err == nil {
			t.Errorf("%s accepted", name)
		}
	}
	if _, err := Digits("x", [][]uint8{q8}, []uint8{10}); err == nil {
		t.Error("label 10 accepted")
	}
	if _, err := Digits("x", [][]uint8{q8, q28}, []uint8{1, 2}); err == nil {
		t.Error("an 8×8 and an MNIST drawing in one set accepted")
	}
}
