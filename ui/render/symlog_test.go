package render

import (
	"math"
	"strings"
	"testing"
)

// TestSymlog: the transform is odd, increasing, 0 at 0, log10 beyond 1
// (Symlog(10^k − 1) = k), and an axis maps 0 to the middle of ±v.
func TestSymlog(t *testing.T) {
	for k := 0; k <= 6; k++ {
		v := math.Pow(10, float64(k)) - 1
		if got := Symlog(v); math.Abs(got-float64(k)) > 1e-12 {
			t.Errorf("Symlog(%g) = %v, want %d", v, got, k)
		}
		if Symlog(-v) != -Symlog(v) {
			t.Errorf("Symlog(−%g) = %v, not odd", v, Symlog(-v))
		}
	}
	prev := math.Inf(-1)
	for v := -1e4; v <= 1e4; v += 37.5 {
		if s := Symlog(v); !(s > prev) {
			t.Fatalf("Symlog not increasing at %v", v)
		} else {
			prev = s
		}
	}
	ax := Axis{Min: -50, Max: 50, P0: 100, P1: 0, SymLog: true}
	if ax.Pixel(0) != 50 || ax.Pixel(50) != 0 || ax.Pixel(-50) != 100 {
		t.Errorf("symlog axis: 0 → %v, 50 → %v, −50 → %v", ax.Pixel(0), ax.Pixel(50), ax.Pixel(-50))
	}
	if p := ax.Pixel(9); math.Abs(p-(50-50*1/Symlog(50))) > 1e-9 {
		t.Errorf("9 → %v", p)
	}
}

// TestSymlogTicks: 0 and the powers of ten of either sign inside the
// range, in increasing order, every stride-th decade.
func TestSymlogTicks(t *testing.T) {
	got := SymlogTicks(-20, 1500, 1)
	want := []string{"-10", "-1", "0", "1", "10", "100", "1e3"}
	if len(got) != len(want) {
		t.Fatalf("ticks %v, want labels %v", got, want)
	}
	for i, tk := range got {
		if tk.Label != want[i] || (i > 0 && !(tk.Value > got[i-1].Value)) {
			t.Fatalf("ticks %v, want labels %v", got, want)
		}
	}
	if got := SymlogTicks(0.5, 2e4, 2); len(got) != 2 || got[0].Label != "10" || got[1].Label != "1e3" {
		t.Errorf("stride 2 over [0.5, 2e4]: %v", got)
	}
	// A short panel over [0, 60]: stride 2 still labels a power of ten
	// besides 0 (it labelled 0 alone, the scale unreadable).
	if got := SymlogTicks(0, 60, 2); len(got) != 2 || got[0].Label != "0" || got[1].Label != "10" {
		t.Errorf("stride 2 over [0, 60]: %v", got)
	}
	if SymlogTicks(1, 1, 1) != nil {
		t.Error("an empty range has ticks")
	}
}

// TestSymlogPanel: a symlog panel's range holds both signs and 0, and its
// labelled ticks are powers of ten.
func TestSymlogPanel(t *testing.T) {
	p := Panel{SymLog: true, Series: []Series{{X: []float64{1, 2, 3}, Y: []float64{-30, 5, 800}}}}
	lo, hi, ok := p.yRange()
	if !ok || !(lo < -30) || !(hi > 800) {
		t.Fatalf("range [%v, %v], want around [−30, 800]", lo, hi)
	}
	var l List
	l.Reset(300, 200)
	l.Chart(&Chart{Panels: []Panel{p}, XWhole: true})
	labels := map[string]bool{}
	for _, o := range l.Ops {
		if o.Kind == OpText {
			labels[o.Text] = true
		}
	}
	if !labels["0"] || !labels["10"] || !labels["1e3"] {
		t.Errorf("labels %v, want 0, 10 and 1e3 among them", labels)
	}
}

// TestChartDropsLastPanels: a canvas too short for every panel draws the
// first panels that fit (here 4 of 5 at 300×200), not nothing.
func TestChartDropsLastPanels(t *testing.T) {
	var c Chart
	for _, name := range []string{"a", "b", "c", "d", "e"} {
		c.Panels = append(c.Panels, Panel{Title: name, Series: []Series{{X: []float64{1, 2}, Y: []float64{1, 2}}}})
	}
	var l List
	l.Reset(300, 200)
	l.Chart(&c)
	titles := ""
	for _, o := range l.Ops {
		if o.Kind == OpText && len(o.Text) == 1 && o.Text >= "a" && o.Text <= "e" {
			titles += o.Text
		}
	}
	if titles != "abcd" || len(c.Panels) != 5 {
		t.Errorf("titles drawn %q (chart keeps %d panels), want abcd and 5", titles, len(c.Panels))
	}
}

// TestRegretPanel: the regret panel is the stack's last, on a symlog
// axis; one learner's R, lower bound, band and bound are four curves with
// its caption; in a comparison each learner's caption is a line of its
// own, both drawn.
func TestRegretPanel(t *testing.T) {
	pts := func(ys ...float64) Points {
		xs := make([]float64, len(ys))
		for i := range ys {
			xs[i] = float64(i + 1)
		}
		return Points{X: xs, Y: ys}
	}
	a := TraceInput{Regret: RegretTrace{R: pts(1, 5, 9), Lower: pts(9, 12), Upper: pts(2, 6, 10), Bound: pts(50, 80, 90),
		Caption: "dashed: a bound"}}
	var c Chart
	TraceChart(&c, a)
	p := c.Panels[len(c.Panels)-1]
	if !p.SymLog || p.Title != RegretTitle || len(p.Series) != 4 || p.Caption != "dashed: a bound" || p.Value != "≥ 12" {
		t.Fatalf("regret panel %+v", p)
	}
	b := TraceInput{Regret: RegretTrace{Why: "no comparison here"}}
	a.Second, a.Names, a.Colors = &b, [2]string{"A", "B"}, [2]string{"#111111", "#222222"}
	TraceChart(&c, a)
	p = c.Panels[len(c.Panels)-1]
	if p.Caption != "A: dashed: a bound\nB: no comparison here" {
		t.Fatalf("comparison caption %q", p.Caption)
	}
	var l List
	l.Reset(320, 700)
	l.Chart(&c)
	n := 0
	for _, o := range l.Ops {
		if o.Kind == OpText && (o.Text == "A: dashed: a bound" || o.Text == "B: no comparison here") {
			n++
		}
	}
	if n != 2 {
		t.Errorf("%d caption lines drawn, want 2", n)
	}
}

// TestCaptionAboveFrame (issue 21 e): a panel's caption is drawn between
// its title and its frame, wrapped at spaces to the canvas width rather
// than cut, every line's box outside every frame (the curves stay
// visible) and clear of every other text; the frames keep equal heights.
func TestCaptionAboveFrame(t *testing.T) {
	long := "NORMA: no bound (JMLR Theorem 2, eq. 23): the learner has an offset b, which the theorem leaves out"
	var c Chart
	for _, name := range []string{"a", "b", "c", "d"} {
		c.Panels = append(c.Panels, Panel{Title: name, Series: []Series{{X: []float64{1, 2}, Y: []float64{1, 2}}}})
	}
	c.Panels = append(c.Panels, Panel{Title: RegretTitle, SymLog: true, Caption: long + "\nSVMD: dashed: a bound",
		Series: []Series{{X: []float64{1, 2}, Y: []float64{-3, 40}}}})
	for _, size := range [][2]float64{{300, 900}, {420, 700}, {640, 900}} {
		var l List
		l.Reset(size[0], size[1])
		l.Chart(&c)
		var frames []Rect
		for _, o := range l.Ops {
			if o.Kind == OpFrame {
				frames = append(frames, Rect{X: o.X, Y: o.Y, W: o.W, H: o.H})
			}
		}
		if len(frames) != 5 {
			t.Fatalf("%v: %d frames, want 5", size, len(frames))
		}
		var words []string
		var texts []Rect
		for _, o := range l.Ops {
			if o.Kind != OpText {
				continue
			}
			b := TextBox(o)
			for _, q := range texts {
				if b.overlaps(q) {
					t.Errorf("%v: text %q overlaps another", size, o.Text)
				}
			}
			texts = append(texts, b)
			if o.Color != ChartMuted || o.Font != FontSans || o.Size != chartText {
				continue
			}
			if strings.Contains(o.Text, "…") {
				t.Errorf("%v: caption line cut: %q", size, o.Text)
			}
			if b.X < 0 || b.X+b.W > size[0] {
				t.Errorf("%v: caption line %q leaves the canvas (%v)", size, o.Text, b)
			}
			for _, f := range frames {
				if b.overlaps(f) {
					t.Errorf("%v: caption line %q over a frame %v", size, o.Text, f)
				}
			}
			if o.Y > frames[4].Y || o.Y < frames[3].Y+frames[3].H {
				t.Errorf("%v: caption line %q at y %v, not between panel 4 and the regret frame", size, o.Text, o.Y)
			}
			words = append(words, o.Text)
		}
		if got, want := strings.Join(words, " "), strings.ReplaceAll(c.Panels[4].Caption, "\n", " "); got != want {
			t.Errorf("%v: caption drawn %q, want %q", size, got, want)
		}
		if size[0] == 300 && len(words) < 3 {
			t.Errorf("300 px: caption in %d lines, want it wrapped", len(words))
		}
		for _, f := range frames[1:] {
			if math.Abs(f.H-frames[0].H) > 1e-9 {
				t.Errorf("%v: frame heights %v and %v", size, frames[0].H, f.H)
			}
		}
	}
}

// TestCaptionLinesGoFirst: a chart too short for five panels with the
// regret caption's every line (three at 300 px) keeps its first line
// (310 px), then no caption (250 px: captions only while every frame is
// at least chartCaptionMinH high), before it drops the last panel (195 px).
func TestCaptionLinesGoFirst(t *testing.T) {
	var c Chart
	for _, name := range []string{"a", "b", "c", "d", "e"} {
		c.Panels = append(c.Panels, Panel{Title: name, Series: []Series{{X: []float64{1, 2}, Y: []float64{1, 2}}}})
	}
	c.Panels[4].Caption = "first: no bound (JMLR Theorem 2, eq. 23): the learner has an offset b\nsecond: dashed, a bound"
	for _, tc := range []struct {
		h             float64
		frames, lines int
	}{{400, 5, 3}, {310, 5, 1}, {250, 5, 0}, {195, 4, 0}} {
		var l List
		l.Reset(300, tc.h)
		l.Chart(&c)
		frames, lines := 0, 0
		for _, o := range l.Ops {
			switch {
			case o.Kind == OpFrame:
				frames++
			case o.Kind == OpText && o.Color == ChartMuted && o.Font == FontSans && o.Size == chartText:
				lines++
			}
		}
		if frames != tc.frames || lines != tc.lines {
			t.Errorf("300×%v: %d frames, %d caption lines, want %d and %d", tc.h, frames, lines, tc.frames, tc.lines)
		}
	}
}
