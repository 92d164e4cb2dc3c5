package render

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"kernelplay/core/data"
	"kernelplay/core/expansion"
	"kernelplay/core/kernel"
	"kernelplay/core/learn"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

const testSeed = 3 // data seed of the trained learners; logged

// trained returns a learner of the given kind trained for steps examples
// of the noisy moons (K classes for multiclass).
func trained(t testing.TB, task learn.Task, k kernel.Kernel, omega, steps int) learn.Learner {
	t.Helper()
	var l learn.Learner
	var err error
	g := &data.Gen2D{Shape: data.Moons, Noise: 0.1}
	switch task {
	case learn.Binary:
		l, err = learn.NewSVMD(edited(learn.DefaultSVMDConfig(learn.SVMDHinge, 0), func(c *learn.SVMDConfig) {
			c.Kernel = k
			c.Lambda = 1e-3
			c.Eta0 = 1
			c.Mu = 1
			c.Decay = 0.95
			c.BufferSize = omega
			c.Offset = true
			c.EtaOffset0, c.MuOffset = c.Eta0, c.Mu
		}), 2)
	case learn.Multiclass:
		g = &data.Gen2D{Shape: data.Spirals, Noise: 0.05, Classes: 3, Labels: data.Index}
		l, err = learn.NewSVMD(edited(learn.DefaultSVMDConfig(learn.SVMDMulticlass, 0), func(c *learn.SVMDConfig) {
			c.Kernel = k
			c.Classes = 3
			c.Lambda = 1e-3
			c.Eta0 = 1
			c.Mu = 1
			c.Decay = 0.95
			c.BufferSize = omega
			c.Offset = true
			c.EtaOffset0, c.MuOffset = c.Eta0, c.Mu
		}), 2)
	case learn.Novelty:
		g = &data.Gen2D{Shape: data.Gaussians, Noise: 0.05, Labels: data.OneClass}
		l, err = learn.NewSVMD(edited(learn.DefaultSVMDConfig(learn.SVMDNovelty, 0.1), func(c *learn.SVMDConfig) {
			c.Kernel = k
			c.Lambda = 0.01
			c.BufferSize = omega
		}), 2)
	}
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(testSeed, 0))
	for range steps {
		x, y := g.Next(rng)
		l.Learn(x, y)
	}
	return l
}

func maxDiff(a, b []float64) float64 {
	m := 0.0
	for i := range a {
		m = max(m, math.Abs(a[i]-b[i]))
	}
	return m
}

// TestFastEqualsGeneric: the factorised Gaussian field equals the scores
// the learner itself computes at every pixel centre.
func TestFastEqualsGeneric(t *testing.T) {
	t.Logf("seed %d", testSeed)
	for _, k := range []kernel.Kernel{kernel.Gaussian{Sigma: 0.3}, kernel.Linear{},
		kernel.Polynomial{Degree: 3, Constant: 1}, kernel.Polynomial{Degree: 6, Scale: 0.5, Constant: 2}} {
		for _, task := range []learn.Task{learn.Binary, learn.Multiclass, learn.Novelty} {
			l := trained(t, task, k, 64, 500)
			if !FastPath(l) {
				t.Fatalf("%v %v: no fast path", k, task)
			}
			fast := &Surface{Grid: 50, View: Viewport{-1.2, 1.1, -0.9, 1.3}, Direct: true}
			slow := &Surface{Grid: 50, View: fast.View, NoFastPath: true, Budget: 1 << 30}
			fast.Render(l)
			slow.Render(l)
			scale := 1e-300
			for _, v := range slow.Scores() {
				scale = max(scale, math.Abs(v))
			}
			if d := maxDiff(fast.Scores(), slow.Scores()); d > 1e-9*scale {
				t.Errorf("%v %v: fast and generic scores differ by %g (scale %g)", k, task, d, scale)
			}
		}
	}
}

// opaque hides every method of an expansion but the Terms interface (in
// particular a push counter), to test the derivation of new terms.
type opaque struct{ e *expansion.Expansion }

func (o opaque) Len() int                             { return o.e.Len() }
func (o opaque) Cap() int                             { return o.e.Cap() }
func (o opaque) Dim() int                             { return o.e.Dim() }
func (o opaque) Labels() int                          { return o.e.Labels() }
func (o opaque) Kernel() kernel.Kernel                { return o.e.Kernel() }
func (o opaque) LabelKernel() []float64               { return o.e.LabelKernel() }
func (o opaque) X(i int) []float64                    { return o.e.X(i) }
func (o opaque) Alpha(dst []float64, i int) []float64 { return o.e.Alpha(dst, i) }
func (o opaque) NextEvicted() int                     { return o.e.NextEvicted() }

// fieldPair is the fixture of the Gaussian field's tests: two fields
// (direct sums, σ = 0.35, a 40² grid of Square) for a learner with k
// scores, one to update incrementally and one to recompute, and the
// stream the learner keeps learning from (moons; 3-class spirals for a
// multiclass task).
func fieldPair(task learn.Task, k int) (inc, ref *gaussField, g *data.Gen2D) {
	gx, gy := Square.centres(40)
	inc, ref = &gaussField{direct: true}, &gaussField{direct: true}
	inc.reset(gx, gy, 1/(2*0.35*0.35), k)
	ref.reset(gx, gy, 1/(2*0.35*0.35), k)
	g = &data.Gen2D{Shape: data.Moons, Noise: 0.2}
	if task == learn.Multiclass {
		g = &data.Gen2D{Shape: data.Spirals, Noise: 0.05, Classes: 3, Labels: data.Index}
	}
	return inc, ref, g
}

// TestIncrementalEqualsFull steps learners between frames (few steps and
// many, before and after the buffer wraps) and compares the incrementally
// updated field with a full recompute.
func TestIncrementalEqualsFull(t *testing.T) {
	for _, task := range []learn.Task{learn.Binary, learn.Multiclass} {
		l := trained(t, task, kernel.Gaussian{Sigma: 0.35}, 128, 0)
		e := l.(learn.KernelModel).Expansion()
		var terms Terms = opaque{e}
		if _, ok := any(e).(pushCounter); ok {
			terms = e // exercised too when the expansion counts pushes
		}
		inc, ref, g := fieldPair(task, l.NumScores())
		rng := rand.New(rand.NewPCG(testSeed, 1))
		for frame, steps := range []int{1, 3, 10, 30, 5, 100, 1, 1, 20, 7, 60, 2, 300, 3, 0, 1} {
			for range steps {
				x, y := g.Next(rng)
				l.Learn(x, y)
			}
			inc.update(terms, 1000)
			ref.recompute(terms)
			scale := 1e-300
			for _, v := range ref.f {
				scale = max(scale, math.Abs(v))
			}
			if d := maxDiff(inc.f, ref.f); d > 1e-9*scale {
				t.Fatalf("%v frame %d (%d steps, %d terms): incremental differs from full by %g (scale %g)",
					task, frame, steps, e.Len(), d, scale)
			}
		}
		if inc.incr == 0 {
			t.Errorf("%v: the incremental path never ran (%d full recomputes)", task, inc.full)
		}
		t.Logf("%v: %d incremental updates, %d full recomputes", task, inc.incr, inc.full)
	}
}

// TestCircleContour: f = r² − 0.25 has its zero set on the circle r = ½.
func TestCircleContour(t *testing.T) {
	const g = 101
	gx, gy := Square.centres(g)
	v := make([]float64, g*g)
	for py := range g {
		for px := range g {
			v[py*g+px] = gx[px]*gx[px] + gy[py]*gy[py] - 0.25
		}
	}
	segs := Contours(v, g, Viewport{}, 0)
	if len(segs) < 100 {
		t.Fatalf("%d segments", len(segs))
	}
	cell := 2.0 / g
	var length float64
	for _, s := range segs {
		for _, r := range []float64{math.Hypot(s.X0, s.Y0), math.Hypot(s.X1, s.Y1)} {
			// Linear interpolation of r² − ¼ across a cell errs by O(cell²).
			if math.Abs(r-0.5) > cell*cell {
				t.Fatalf("segment end at r = %v, want 0.5 ± %v", r, cell*cell)
			}
		}
		length += math.Hypot(s.X1-s.X0, s.Y1-s.Y0)
	}
	if math.Abs(length-math.Pi) > 0.01 {
		t.Errorf("contour length %v, want π", length)
	}
	// Level ¼ − ¼ = 0 at r = 1/√2 … check another level: r² − ¼ = 0.11 → r = 0.6.
	for _, s := range Contours(v, g, Viewport{}, 0.11) {
		if r := math.Hypot(s.X0, s.Y0); math.Abs(r-0.6) > cell*cell {
			t.Fatalf("level 0.11 at r = %v", r)
		}
	}
}

// TestSaddle checks the two saddle configurations of one cell.
func TestSaddle(t *testing.T) {
	// Corners a (top left) = 1, b = −1, c (bottom right) = 1, d = −1, mean 0.5 > 0:
	// a and c connect, b and d are cut off.
	v := []float64{1, -1, -1, 2}
	segs := Contours(v, 2, Viewport{}, 0)
	if len(segs) != 2 {
		t.Fatalf("%d segments", len(segs))
	}
	// b is the top-right corner (0.5, 0.5): its segment joins the top and right edges.
	s := segs[0]
	if s.Y0 != 0.5 || s.X1 != 0.5 {
		t.Errorf("first segment %+v does not cut off the top-right corner", s)
	}
}

func TestLogTicks(t *testing.T) {
	ticks := LogTicks(0.003, 20)
	var vals []float64
	var labels []string
	for _, tk := range ticks {
		vals = append(vals, tk.Value)
		if tk.Label != "" {
			labels = append(labels, tk.Label)
		}
	}
	want := []float64{0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20}
	if len(vals) != len(want) {
		t.Fatalf("ticks %v, want %v", vals, want)
	}
	for i := range want {
		if math.Abs(vals[i]-want[i]) > 1e-15*want[i] {
			t.Fatalf("ticks %v, want %v", vals, want)
		}
	}
	if len(labels) != 4 || labels[0] != "0.01" || labels[3] != "10" {
		t.Errorf("labels %v", labels)
	}
	if l := LogTicks(1e-5, 1e5); l[0].Label != "1e-5" || l[len(l)-1].Label != "1e5" {
		t.Errorf("wide range labels %q … %q", l[0].Label, l[len(l)-1].Label)
	}
	if LogTicks(0, 1) != nil || LogTicks(2, 1) != nil {
		t.Error("bad ranges give ticks")
	}
	a := Axis{Min: 0.01, Max: 1, P0: 100, P1: 0, Log: true}
	if a.Pixel(0.1) != 50 || !math.IsNaN(a.Pixel(0)) {
		t.Errorf("log axis: %v %v", a.Pixel(0.1), a.Pixel(0))
	}
}

func TestLinearTicks(t *testing.T) {
	ticks := LinearTicks(-0.3, 1.05, 5)
	var got []string
	for _, tk := range ticks {
		got = append(got, tk.Label)
	}
	want := []string{"-0.2", "0.0", "0.2", "0.4", "0.6", "0.8", "1.0"}
	if len(got) != len(want) {
		t.Fatalf("ticks %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("ticks %v, want %v", got, want)
		}
	}
}

func TestDownsampleKeepsExtremes(t *testing.T) {
	const n, buckets = 10000, 100
	xs, ys := make([]float64, n), make([]float64, n)
	for i := range xs {
		xs[i] = float64(i)
		ys[i] = math.Sin(float64(i) / 300)
	}
	ys[4321] = 50  // a spike
	ys[7777] = -50 // and a dip
	ox, oy := Downsample(xs, ys, buckets)
	if len(ox) > 2*buckets || len(ox) != len(oy) {
		t.Fatalf("%d points", len(ox))
	}
	var hasMax, hasMin bool
	for i := range ox {
		hasMax = hasMax || (ox[i] == 4321 && oy[i] == 50)
		hasMin = hasMin || (ox[i] == 7777 && oy[i] == -50)
		if i > 0 && ox[i] <= ox[i-1] {
			t.Fatal("not in order")
		}
	}
	if !hasMax || !hasMin {
		t.Error("extremes lost")
	}
	sx, _ := Downsample(xs[:50], ys[:50], buckets)
	if len(sx) != 50 {
		t.Error("short series changed")
	}
}

func TestPaletteGreyscale(t *testing.T) {
	// Luminance falls monotonically from the white centre to both ends,
	// so |f| reads in greyscale.
	lum := func(c color.RGBA) float64 { return 0.2126*float64(c.R) + 0.7152*float64(c.G) + 0.0722*float64(c.B) }
	prev := lum(Diverging(0))
	for i := 1; i <= 100; i++ {
		pos, neg := lum(Diverging(float64(i)/100)), lum(Diverging(-float64(i)/100))
		if pos > prev+0.5 || neg > lum(Diverging(-float64(i-1)/100))+0.5 {
			t.Fatalf("luminance not monotone at %v", float64(i)/100)
		}
		prev = pos
	}
	if Diverging(0) != White || Diverging(-1) != divergingStops[0] || Diverging(1) != divergingStops[8] {
		t.Error("palette ends")
	}
}

// golden compares img with testdata/name (exactly) or rewrites it.
func golden(t *testing.T, name string, img image.Image) {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if want.Bounds() != img.Bounds() {
		t.Fatalf("%s: size %v, want %v", name, img.Bounds(), want.Bounds())
	}
	bad := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r1, g1, b1, a1 := img.At(x, y).RGBA()
			r2, g2, b2, a2 := want.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				bad++
			}
		}
	}
	if bad > 0 {
		out := filepath.Join(t.TempDir(), name)
		os.WriteFile(out, buf.Bytes(), 0o644)
		t.Errorf("%s: %d pixels differ from the golden image; got %s (go test -update rewrites)", name, bad, out)
	}
}

// handModel is a hand-made binary/multiclass kernel model: fixed terms in
// a real expansion, fixed offsets (goldens must not depend on learners'
// tuning).
type handModel struct {
	e    *expansion.Expansion
	off  []float64
	task learn.Task
}

func (h *handModel) Task() learn.Task                        { return h.task }
func (h *handModel) NumScores() int                          { return h.e.Labels() }
func (h *handModel) Learn(x []float64, y float64) learn.Step { panic("not a learner") }
func (h *handModel) Reset()                                  {}
func (h *handModel) Expansion() *expansion.Expansion         { return h.e }
func (h *handModel) Offsets() []float64                      { return h.off }
func (h *handModel) Scores(dst, x []float64) []float64 {
	h.e.Scores(dst, x)
	for y := range dst {
		dst[y] += h.off[y]
	}
	return dst
}

func newHand(task learn.Task, k kernel.Kernel, labels int, terms [][]float64, off []float64) *handModel {
	e := expansion.New(k, 2, labels, len(terms), nil, false)
	for _, t := range terms {
		e.Prepare(t[:2])
		e.Push(t[2:], nil)
	}
	return &handModel{e: e, off: off, task: task}
}

var handTerms = [][]float64{{-0.5, -0.4, -1.2}, {0.4, 0.5, 1.5}, {0.5, -0.5, -0.8}, {-0.3, 0.6, 0.9}, {0, 0, 0.3}}

func TestGoldenSurfaces(t *testing.T) {
	bin := newHand(learn.Binary, kernel.Gaussian{Sigma: 0.4}, 1, handTerms, []float64{-0.1})
	multi := newHand(learn.Multiclass, kernel.Gaussian{Sigma: 0.4}, 3, [][]float64{
		{-0.5, -0.5, 1, 0, -0.3}, {0.5, -0.4, 0, 1, 0}, {0, 0.5, -0.2, 0, 1}, {0.6, 0.6, 0, 0.5, 0.5}}, []float64{0, 0, 0.1})
	poly := newHand(learn.Binary, kernel.Polynomial{Degree: 3, Constant: 1}, 1, handTerms, []float64{0.2})
	nov := newHand(learn.Novelty, kernel.Gaussian{Sigma: 0.3}, 1, [][]float64{{-0.3, 0, 0.5}, {0.3, 0.1, 0.5}, {0, 0.4, 0.4}}, []float64{-0.2})
	for _, tc := range []struct {
		name string
		l    learn.Learner
		s    Surface
	}{
		{"binary.png", bin, Surface{Grid: 64}},
		{"binary-generic.png", bin, Surface{Grid: 64, NoFastPath: true}},
		{"multiclass.png", multi, Surface{Grid: 64}},
		{"polynomial.png", poly, Surface{Grid: 64, Scale: 3}},
		{"novelty.png", nov, Surface{Grid: 64, Scale: 0.3}},
	} {
		img := tc.s.Render(tc.l)
		// Draw the boundary in black on a copy, to cover Contours too.
		out := image.NewRGBA(img.Bounds())
		copy(out.Pix, img.Pix)
		drawSegments(out, tc.s.Contours(0), Square, color.RGBA{0, 0, 0, 255})
		golden(t, tc.name, out)
	}
	// The fast and generic binary goldens agree pixel for pixel.
	a, _ := os.ReadFile("testdata/binary.png")
	b, _ := os.ReadFile("testdata/binary-generic.png")
	if !bytes.Equal(a, b) {
		t.Error("binary.png and binary-generic.png differ")
	}
}

// drawSegments rasterises segments (input coordinates over view) into img
// by sampling each segment at sub-pixel steps: enough for a golden test.
func drawSegments(img *image.RGBA, segs []Segment, view Viewport, c color.RGBA) {
	w, h := float64(img.Bounds().Dx()), float64(img.Bounds().Dy())
	ax := Axis{Min: view.X0, Max: view.X1, P0: 0, P1: w}
	ay := Axis{Min: view.Y0, Max: view.Y1, P0: h, P1: 0}
	for _, s := range segs {
		drawLine(img, ax.Pixel(s.X0), ay.Pixel(s.Y0), ax.Pixel(s.X1), ay.Pixel(s.Y1), c)
	}
}

func drawLine(img *image.RGBA, x0, y0, x1, y1 float64, c color.RGBA) {
	n := int(math.Ceil(2*math.Hypot(x1-x0, y1-y0))) + 1
	for i := 0; i <= n; i++ {
		u := float64(i) / float64(n)
		img.SetRGBA(int(math.Floor(x0+u*(x1-x0))), int(math.Floor(y0+u*(y1-y0))), c)
	}
}

func TestBufferBars(t *testing.T) {
	m := newHand(learn.Binary, kernel.Gaussian{}, 1, handTerms[:3], []float64{0})
	bars := BufferBars(nil, m.e, 300, 100)
	if len(bars) != 3 || !bars[0].Next || bars[1].Next {
		t.Fatalf("bars %+v", bars)
	}
	// α = −1.2, 1.5, −0.8 of max 1.5: heights −40, +50, −26.7 px around y = 50.
	if bars[1].Y1 != 0 || bars[0].Y1 != 90 || bars[0].X1 != 100 || bars[1].Class != 1 || bars[0].Class != 0 {
		t.Errorf("bars %+v", bars)
	}
	svs := SupportVectors(nil, m.e)
	if svs[2].X != 0.5 || svs[2].Y != -0.5 || svs[2].Alpha != -0.8 {
		t.Errorf("support vectors %+v", svs)
	}
}

// TestGenericBudget: beyond its budget the generic path evaluates a
// coarser grid and interpolates; the result stays close to the full one.
func TestGenericBudget(t *testing.T) {
	m := newHand(learn.Binary, kernel.Laplacian{Sigma: 0.5}, 1, handTerms, []float64{0})
	full := &Surface{Grid: 100, Budget: 1 << 30}
	coarse := &Surface{Grid: 100, Budget: 5 * 30 * 30} // 5 terms: a 30×30 grid
	full.Render(m)
	coarse.Render(m)
	scale := 0.0
	for _, v := range full.Scores() {
		scale = max(scale, math.Abs(v))
	}
	// Bilinear interpolation over cells of 2/30: the Laplacian's cusps at
	// the support vectors dominate the error.
	if d := maxDiff(full.Scores(), coarse.Scores()); d > 0.1*scale || d == 0 {
		t.Errorf("coarse generic path differs by %g (scale %g)", d, scale)
	}
}

// sineModel is a hand-made 1D regression learner, f(x) = 0.8·sin(πx).
type sineModel struct{}

func (sineModel) Task() learn.Task                        { return learn.Regression }
func (sineModel) NumScores() int                          { return 1 }
func (sineModel) Learn(x []float64, y float64) learn.Step { panic("not a learner") }
func (sineModel) Reset()                                  {}
func (sineModel) Scores(dst, x []float64) []float64 {
	dst[0] = 0.8 * math.Sin(math.Pi*x[0])
	return dst
}

// TestRegression: the residual surface y − f(x) has its zero contour on the
// curve, the tube contours at ±ε, and Curve samples f.
func TestRegression(t *testing.T) {
	s := &Surface{Grid: 64, Scale: 0.5}
	img := s.Render(sineModel{})
	for _, seg := range s.Contours(0) {
		if d := seg.Y0 - 0.8*math.Sin(math.Pi*seg.X0); math.Abs(d) > 1e-3 {
			t.Fatalf("curve contour off by %v at x = %v", d, seg.X0)
		}
	}
	for _, seg := range s.Contours(0.2) {
		if d := seg.Y0 - 0.8*math.Sin(math.Pi*seg.X0) - 0.2; math.Abs(d) > 1e-3 {
			t.Fatalf("tube contour off by %v", d)
		}
	}
	xs, ys := Curve(sineModel{}, -1, 1, 5)
	if xs[2] != 0 || ys[2] != 0 || xs[4] != 1 || math.Abs(ys[1]+0.8) > 1e-15 {
		t.Errorf("Curve: %v %v", xs, ys)
	}
	out := image.NewRGBA(img.Bounds())
	copy(out.Pix, img.Pix)
	drawSegments(out, s.Contours(0), Square, color.RGBA{0, 0, 0, 255})
	drawSegments(out, s.Contours(0.2), Square, color.RGBA{90, 90, 90, 255})
	drawSegments(out, s.Contours(-0.2), Square, color.RGBA{90, 90, 90, 255})
	golden(t, "regression.png", out)
}

func TestPolyline(t *testing.T) {
	ax := Axis{Min: 1, Max: 100, P0: 0, P1: 200, Log: true}
	ay := Axis{Min: -1, Max: 1, P0: 100, P1: 0}
	got := Polyline(nil, []float64{0, 1, 10, 100, math.NaN()}, []float64{0, -1, 0, 1, 0}, ax, ay)
	want := []float64{0, 100, 100, 50, 200, 0} // x = 0 is off the log axis; NaN dropped
	if len(got) != len(want) {
		t.Fatalf("got %v", got)
	}
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-12 {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
}

// TestChain: the circle's segments join into one closed polyline of
// length π; two separate circles into two.
func TestChain(t *testing.T) {
	const g = 81
	gx, gy := Square.centres(g)
	v := make([]float64, g*g)
	w := make([]float64, g*g)
	for py := range g {
		for px := range g {
			x, y := gx[px], gy[py]
			v[py*g+px] = x*x + y*y - 0.25
			w[py*g+px] = min((x-0.5)*(x-0.5)+y*y, (x+0.5)*(x+0.5)+y*y) - 0.09
		}
	}
	segs := Contours(v, g, Viewport{}, 0)
	lines := Chain(segs)
	if len(lines) != 1 {
		t.Fatalf("%d polylines", len(lines))
	}
	l := lines[0]
	if len(l) != 2*(len(segs)+1) || l[0] != l[len(l)-2] || l[1] != l[len(l)-1] {
		t.Fatalf("polyline of %d points for %d segments, closed %v", len(l)/2, len(segs), l[0] == l[len(l)-2])
	}
	length := 0.0
	for i := 2; i < len(l); i += 2 {
		length += math.Hypot(l[i]-l[i-2], l[i+1]-l[i-1])
	}
	if math.Abs(length-math.Pi) > 0.01 {
		t.Errorf("length %v", length)
	}
	if n := len(Chain(Contours(w, g, Viewport{}, 0))); n != 2 {
		t.Errorf("two circles gave %d polylines", n)
	}
	// An open curve (a line across the square) stays open.
	for py := range g {
		for px := range g {
			v[py*g+px] = gx[px] - 0.1*gy[py]
		}
	}
	lines = Chain(Contours(v, g, Viewport{}, 0))
	if len(lines) != 1 || lines[0][1] == lines[0][len(lines[0])-1] {
		t.Errorf("open line: %d polylines", len(lines))
	}
}

// TestIncrementalRepeatedTerms: a perceptron on contradictory clicked
// points stores the same (x, ±1) terms over and over, so many shifts of
// the buffer match the saved terms; any match must give the right field.
func TestIncrementalRepeatedTerms(t *testing.T) {
	l, err := learn.NewPerceptron(edited(learn.DefaultPerceptronConfig(), func(c *learn.PerceptronConfig) {
		c.Kernel = kernel.Gaussian{Sigma: 0.4}
		c.BufferSize = 16
	}), 2)
	if err != nil {
		t.Fatal(err)
	}
	e := l.Expansion()
	gx, gy := Square.centres(30)
	var inc, ref gaussField
	inc.direct, ref.direct = true, true
	inc.reset(gx, gy, 1/(2*0.4*0.4), 1)
	ref.reset(gx, gy, 1/(2*0.4*0.4), 1)
	pts := [][3]float64{{0.5, 0.5, 1}, {0.5, 0.5, -1}, {-0.5, 0, 1}, {-0.5, 0, -1}}
	rng := rand.New(rand.NewPCG(testSeed, 7))
	for frame := range 60 {
		for range rng.IntN(12) {
			p := pts[rng.IntN(len(pts))]
			l.Learn(p[:2], p[2])
		}
		inc.update(opaque{e}, 1000)
		ref.recompute(opaque{e})
		if d := maxDiff(inc.f, ref.f); d > 1e-12 {
			t.Fatalf("frame %d: incremental differs from full by %g", frame, d)
		}
	}
	t.Logf("%d incremental updates, %d full recomputes", inc.incr, inc.full)
}

// TestRefreshSpread: with a drift bound of every = 16 updates, the field's
// full recompute is spread over the updates (gaussField.refreshStep): over
// 200 frames of learning (the buffer wraps, the coefficients shrink) no
// update recomputes the field at once after the first, each adds at most
// a quarter of the terms (every/4 chunks) besides its own, refreshes
// complete, and the field agrees with a recompute from scratch at every
// frame. A drift put into the field on purpose (1e-3 of its scale, between
// two refreshes) is gone once the next refresh completes, although the
// coefficients shrank meanwhile (the S of refreshStep).
func TestRefreshSpread(t *testing.T) {
	for _, task := range []learn.Task{learn.Binary, learn.Multiclass} {
		l := trained(t, task, kernel.Gaussian{Sigma: 0.35}, 128, 0)
		e := l.(learn.KernelModel).Expansion()
		inc, ref, g := fieldPair(task, l.NumScores())
		rng := rand.New(rand.NewPCG(testSeed, 2))
		drift, until := false, 0
		for frame := range 200 {
			for range 3 {
				x, y := g.Next(rng)
				l.Learn(x, y)
			}
			full, done := inc.full, inc.rdone
			inc.update(e, 16)
			if frame > 0 && inc.full != full {
				t.Fatalf("%v frame %d: a full recompute (%d terms)", task, frame, e.Len())
			}
			if inc.rn > 0 && inc.rdone-done > (inc.rn+3)/4 {
				t.Fatalf("%v frame %d: %d terms of the refresh in one update, more than a quarter of %d", task, frame, inc.rdone-done, inc.rn)
			}
			ref.recompute(e)
			scale := 1e-300
			for _, v := range ref.f {
				scale = max(scale, math.Abs(v))
			}
			if !drift && frame >= 50 && inc.rn == 0 {
				for i := range inc.f {
					inc.f[i] += 1e-3 * scale
				}
				drift, until = true, inc.refreshes+1
			}
			if drift && inc.refreshes < until {
				if d := maxDiff(inc.f, ref.f); d < 1e-4*scale {
					t.Fatalf("%v frame %d: the drift put in is not seen (%g)", task, frame, d)
				}
				continue
			}
			if d := maxDiff(inc.f, ref.f); d > 1e-9*scale {
				t.Fatalf("%v frame %d (%d terms): the field differs from a recompute by %g (scale %g)", task, frame, e.Len(), d, scale)
			}
		}
		if inc.refreshes < 10 {
			t.Errorf("%v: %d refreshes completed in 200 updates of every = 16", task, inc.refreshes)
		}
		t.Logf("%v: %d incremental updates, %d full recomputes, %d refreshes", task, inc.incr, inc.full, inc.refreshes)
	}
}
