package render

import (
	"image"
	"math"
	"math/rand/v2"
	"testing"
)

var (
	black = [4]uint8{0, 0, 0, 255}
	white = [4]uint8{255, 255, 255, 255}
)

// alphaAt is the layer's alpha at pixel (x, y), 0–1.
func alphaAt(l *Layer, x, y int) float64 { return float64(l.Pix[4*(y*l.W+x)+3]) / 255 }

// A line of width w covers w pixels across, away from its ends, and is
// opaque at its centre.
func TestStrokeWidth(t *testing.T) {
	for _, w := range []float64{1, 1.5, 2, 3.4} {
		var l Layer
		l.Reset(40, 24)
		l.Stroke([]float64{4, 12.3, 36, 12.3, math.NaN(), math.NaN()}, Pen{Width: w, Color: black})
		for x := 10; x < 30; x++ {
			sum := 0.0
			for y := range l.H {
				sum += alphaAt(&l, x, y)
			}
			if math.Abs(sum-w) > 0.03 {
				t.Fatalf("width %g: column %d has %.3f pixels of coverage", w, x, sum)
			}
		}
		if w >= 1.5 && alphaAt(&l, 20, 12) != 1 {
			t.Errorf("width %g: centre alpha %.3f, want 1", w, alphaAt(&l, 20, 12))
		}
		// Round caps: nothing beyond the end by more than w/2 + 1.
		for y := range l.H {
			if x := int(36 + w/2 + 1.5); x < l.W && alphaAt(&l, x, y) != 0 {
				t.Errorf("width %g: pixel (%d, %d) beyond the cap is covered", w, x, y)
			}
		}
	}
}

// Segments of one polyline are unioned, not blended over each other: a
// translucent line is nowhere more opaque than its colour, even where it
// folds back on itself or joins at a sharp angle.
func TestStrokeJoinsUnion(t *testing.T) {
	var l Layer
	l.Reset(40, 40)
	half := [4]uint8{200, 0, 0, 128}
	l.Stroke([]float64{5, 5, 35, 20, 5, 35, 30, 21, 30, 21.5}, Pen{Width: 4, Color: half, Halo: 1, HaloColor: [4]uint8{0, 0, 255, 100}})
	maxA := 0.0
	for y := range l.H {
		for x := range l.W {
			maxA = math.Max(maxA, alphaAt(&l, x, y))
		}
	}
	// Ink (128) over halo (100) at most: 128 + 100·(1 − 128/255).
	want := (128 + 100*(1-128.0/255)) / 255
	if maxA > want+1.0/255 {
		t.Errorf("max alpha %.3f, want ≤ %.3f (segments blended twice at a join)", maxA, want)
	}
	if maxA < want-2.0/255 {
		t.Errorf("max alpha %.3f, want about %.3f", maxA, want)
	}
}

// A dashed line is on for about on/(on+off) of its length, restarting the
// pattern at each polyline.
func TestStrokeDash(t *testing.T) {
	var l Layer
	l.Reset(400, 10)
	l.Stroke([]float64{0, 5, 400, 5}, Pen{Width: 2, Color: black, Dash: [2]float64{5, 4}})
	on := 0.0
	for x := range l.W {
		on += alphaAt(&l, x, 5)
	}
	if frac := on / float64(l.W); math.Abs(frac-5.0/9) > 0.02 {
		t.Errorf("dashed line on for %.3f of its length, want %.3f", frac, 5.0/9)
	}
	// The first dash starts at the polyline's start: pixels 0–4 are on,
	// pixels 5.5–8.5 off.
	if alphaAt(&l, 2, 5) != 1 || alphaAt(&l, 7, 5) != 0 {
		t.Errorf("dash phase: alpha %.2f at x = 2 and %.2f at x = 7, want 1 and 0", alphaAt(&l, 2, 5), alphaAt(&l, 7, 5))
	}
	// A second polyline restarts the pattern.
	l.Reset(400, 10)
	l.Stroke([]float64{0, 5, 3, 5, math.NaN(), math.NaN(), 100, 5, 200, 5}, Pen{Width: 2, Color: black, Dash: [2]float64{5, 4}})
	if alphaAt(&l, 102, 5) != 1 {
		t.Errorf("second polyline: alpha %.2f at its start, want 1 (pattern restarts)", alphaAt(&l, 102, 5))
	}
}

// The halo lies under the line: black at the centre, white a pixel and a
// half off it.
func TestStrokeHalo(t *testing.T) {
	var l Layer
	l.Reset(30, 30)
	l.Stroke([]float64{2, 15, 28, 15}, Pen{Width: 2, Color: black, Halo: 1.5, HaloColor: white})
	img := &image.NRGBA{Pix: l.Straight(), Stride: 4 * l.W, Rect: image.Rect(0, 0, l.W, l.H)}
	if c := img.NRGBAAt(15, 14); c.R != 0 || c.A != 255 {
		t.Errorf("centre pixel %v, want opaque black", c)
	}
	if c := img.NRGBAAt(15, 16); c.R < 250 || c.A != 255 {
		t.Errorf("pixel beside the line %v, want opaque white halo", c)
	}
	if c := img.NRGBAAt(15, 19); c.A != 0 {
		t.Errorf("pixel 3.5 px off the line %v, want transparent", c)
	}
}

// Absurd coordinates are clipped or skipped without a panic, and Reset
// clears everything a stroke drew.
func TestStrokeRobust(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	odd := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 1e300, -1e300, 0, 31.5, 32, -0.5}
	var l Layer
	for range 200 {
		l.Reset(32, 24)
		xy := make([]float64, 2*r.IntN(12))
		for i := range xy {
			if r.IntN(3) == 0 {
				xy[i] = odd[r.IntN(len(odd))]
			} else {
				xy[i] = r.Float64()*60 - 14
			}
		}
		l.Stroke(xy, Pen{Width: r.Float64() * 5, Color: black, Dash: [2]float64{r.Float64() * 4, r.Float64() * 4},
			Halo: r.Float64() * 2, HaloColor: white})
	}
	l.Reset(32, 24)
	for i, v := range l.Pix {
		if v != 0 {
			t.Fatalf("after Reset pixel byte %d is %d, want 0", i, v)
		}
	}
	for i := range l.stroke.ink {
		if l.stroke.ink[i] != 0 || l.stroke.halo[i] != 0 {
			t.Fatalf("coverage mask not cleared at %d", i)
		}
	}
	var empty Layer
	empty.Stroke([]float64{0, 0, 1, 1}, Pen{Width: 1, Color: black}) // 0×0: nothing to do
}

// The plot's boundary and margins as drawn: a circle through the layer,
// dashed margins inside and outside, the boundary over a white halo.
func TestStrokeGolden(t *testing.T) {
	var l Layer
	l.Reset(96, 96)
	circle := func(r float64) []float64 {
		var xy []float64
		for i := 0; i <= 48; i++ {
			a := 2 * math.Pi * float64(i) / 48
			xy = append(xy, 48+r*math.Cos(a), 48+r*math.Sin(a))
		}
		return append(xy, math.NaN(), math.NaN())
	}
	ink := [4]uint8{0x1b, 0x1f, 0x24, 255}
	l.Stroke(append(circle(22), circle(38)...), Pen{Width: 1.2, Color: ink, Dash: [2]float64{5, 4}})
	l.Stroke(circle(30), Pen{Width: 2, Color: ink, Halo: 1, HaloColor: [4]uint8{255, 255, 255, 217}})
	golden(t, "stroke.png", &image.NRGBA{Pix: l.Straight(), Stride: 4 * l.W, Rect: image.Rect(0, 0, l.W, l.H)})
}

// BenchmarkStroke strokes the level sets f = −1, 0, 1 of a 200² field as
// the plot does each frame on a 520 px canvas: traced and simplified to a
// third of a pixel, two dashed margins, then the boundary over its halo.
func BenchmarkStroke(b *testing.B) {
	const g, size = 200, 520
	v := make([]float64, g*g)
	for py := range g {
		for px := range g {
			x, y := 2*(float64(px)+0.5)/g-1, 1-2*(float64(py)+0.5)/g
			v[py*g+px] = 2 - 5*(x*x+y*y) + 0.4*math.Sin(5*x)*math.Cos(3*y)
		}
	}
	var tr Tracer
	tol := 2.0 / size / 3
	pixels := func(xy []float64) []float64 {
		for i := 0; i+1 < len(xy); i += 2 {
			xy[i], xy[i+1] = (xy[i]+1)/2*size, (1-xy[i+1])/2*size
		}
		return xy
	}
	margins := pixels(tr.Lines(tr.Lines(nil, v, g, Viewport{}, 1, tol), v, g, Viewport{}, -1, tol))
	boundary := pixels(tr.Lines(nil, v, g, Viewport{}, 0, tol))
	b.ReportMetric(float64(len(margins)+len(boundary))/2, "vertices")
	var l Layer
	for b.Loop() {
		l.Reset(size, size)
		l.Stroke(margins, Pen{Width: 1.2, Color: black, Dash: [2]float64{5, 4}})
		l.Stroke(boundary, Pen{Width: 2, Color: black, Halo: 1, HaloColor: white})
	}
}
