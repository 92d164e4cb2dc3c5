package render

import (
	"math"
	"strconv"
	"strings"
)

// The page's charts as display lists: [Chart] describes one canvas of
// stacked panels over a shared x axis (the 2D page's traces, the digits
// comparison, RES vs SGD), [List.Chart] lays it out — frames, axes, ticks
// whose labels never overlap by the [TextWidth] estimate, series, legend,
// markers — and a view paints the list.

// Chart colours and sizes (CSS pixels): ink for titles, a muted grey for
// tick labels (4.5:1 on white), the frame and grid greys of the page.
const (
	ChartInk   = "#1b1f24"
	ChartMuted = "#4d5560"
	chartBg    = "#fbfbfc"
	chartEdge  = "#d9dde3"
	chartGrid  = "#e6e9ee"

	chartText   = 13.0 // label and title size
	chartTitleH = 18.0 // a panel's title line above its frame
	chartGap    = 8.0  // between panels
	chartAxisH  = 20.0 // the x tick labels under the last panel
	chartRight  = 6.0
	labelPad    = 5.0 // between a y tick label and the frame
	legendLineH = 17.0
	captionH    = 15.0 // a caption line's height (chartText) above its frame

	chartCaptionMinH = 28.0 // the least frame height at which captions are drawn
)

// Series is one curve: the points (X[i], Y[i]) (X increasing), drawn in
// Color at line width Width (1.5 when 0), dashed by Dash. Name labels it
// in the chart's legend; Value, if set, follows the name there.
type Series struct {
	Name, Value string
	Color       string
	Width       float64
	Dash        [2]float64
	X, Y        []float64
}

// Panel is one frame of a [Chart] with its own y axis.
type Panel struct {
	// Title is drawn above the frame at the left; Value (the current
	// value) at the right when it does not crowd the title.
	Title, Value string
	// Log makes the y axis logarithmic: non-positive values are not drawn.
	Log bool
	// Whole keeps linear y ticks on whole numbers (counts).
	Whole bool
	// SymLog makes the y axis symmetric-logarithmic ([Symlog]): values of
	// either sign, 0 always in range.
	SymLog bool
	// Caption is short muted text between the title and the frame (what
	// a curve is, or why one is missing), a line per "\n", each wrapped at
	// spaces to the canvas's width: the layout gives it its lines' height
	// (captionH each), so it never covers the curves and is not cut. A
	// chart too short for every line keeps the first line of each caption,
	// then none, before it drops panels.
	Caption string
	// LogPad, on a log axis, widens the data range by this factor each way
	// instead of rounding it out to whole decades.
	LogPad float64
	// YLabel is the axis title, written vertically left of the tick labels.
	YLabel string
	// Note is written in the middle of the frame (an empty chart's why).
	Note string
	// Spare marks a panel the layout drops first when the chart is short
	// (a projector in presenter mode): a chart with a spare panel keeps it
	// only while every frame is at least chartCaptionMinH high, and drops
	// the spare panels, last first, before any other.
	Spare  bool
	Series []Series
}

// Marker is a vertical line at x across every panel, labelled at the top.
type Marker struct {
	_     [0]func() // not comparable: no equality function in main.wasm (see inspect.Block)
	X     float64
	Label string
	Color string
}

// Legend placement.
const (
	LegendNone   = iota // no legend
	LegendTop           // a row (wrapping) of the named series of the first panel above the panels
	LegendInside        // a box in the lower left of the first panel, with values
)

// Chart describes a canvas of panels stacked over one x axis.
type Chart struct {
	Title, Subtitle string
	Panels          []Panel
	Legend          int
	// XMin, XMax is the x range; the data's range when XMax ≤ XMin.
	XMin, XMax float64
	// XLog makes the x axis logarithmic; XWhole keeps linear x ticks on
	// whole numbers (time steps), written compactly (20k, 1.5M).
	XLog, XWhole bool
	// XName is the axis's one-letter name, left of its tick labels ("t");
	// XCaption a centred line under them.
	XName, XCaption string
	Markers         []Marker
	// Message is written at the top left when there are no panels.
	Message string
	// Background, if set, fills the canvas first.
	Background string
}

// chartScratch is the memory List.Chart reuses between frames.
type chartScratch struct {
	dx, dy, line []float64
	placed       []Rect
	panels       []Panel // the panels kept when the chart is short
}

// Chart lays c out on the list's canvas (set by [List.Reset]) and appends
// its ops. Tick labels are placed only where their [TextBox] overlaps no
// other text of the chart; labelled ticks lie inside their frame.
func (l *List) Chart(c *Chart) {
	s := &l.scratch
	s.placed = s.placed[:0]
	w, h := l.W, l.H
	if c.Background != "" {
		l.Fill(0, 0, w, h, c.Background)
	}
	y := 0.0
	if c.Title != "" {
		text, size := fitText(c.Title, FontBold, 15, w)
		l.place(Op{Kind: OpText, Text: text, X: 0, Y: 16, Font: FontBold, Size: size, Color: ChartInk}, true)
		y = 22
	}
	if c.Subtitle != "" {
		text, size := fitText(c.Subtitle, FontSans, chartText, w)
		l.place(Op{Kind: OpText, Text: text, X: 0, Y: y + 16, Font: FontSans, Size: size, Color: ChartMuted}, true)
		y += 22
	}
	if len(c.Panels) == 0 {
		if c.Message != "" {
			text, size := fitText(c.Message, FontSans, chartText, w-4)
			l.place(Op{Kind: OpText, Text: text, X: 4, Y: y + 18, Font: FontSans, Size: size, Color: ChartMuted}, true)
		}
		return
	}
	// The left margin fits the widest y tick label of any panel.
	left := 0.0
	for i := range c.Panels {
		p := &c.Panels[i]
		if lo, hi, ok := p.yRange(); ok {
			// The most ticks yTicks may try (a panel is at most h high):
			// the finest step has the most decimals, so the widest labels.
			for _, tk := range p.ticks(lo, hi, max(1, int(h/40))) {
				left = math.Max(left, TextWidth(tk.Label, FontMono, chartText))
			}
		}
	}
	left = math.Max(30, math.Ceil(left+labelPad+3))
	for _, p := range c.Panels {
		if p.YLabel != "" {
			left += 20
			break
		}
	}
	right := w - chartRight
	if c.XLog {
		right = w - 16 // the last decade label is centred on the frame's edge
	}
	// Legend on top.
	if c.Legend == LegendTop {
		lx, ly := left, y+14
		for _, sr := range c.Panels[0].Series {
			name := sr.Name
			if name == "" {
				continue // an unnamed curve (a learner's windowed error) goes with its learner's
			}
			if sr.Value != "" {
				name += " " + sr.Value
			}
			name, size := fitText(name, FontSans, chartText, w-left-18)
			tw := TextWidth(name, FontSans, size)
			if lx+18+tw > w && lx > left {
				lx, ly = left, ly+legendLineH
			}
			l.Fill(lx, ly-5, 14, 3, sr.Color)
			l.place(Op{Kind: OpText, Text: name, X: lx + 18, Y: ly, Font: FontSans, Size: size, Color: ChartInk}, true)
			lx += 18 + tw + 14
		}
		y = ly + 4
	}
	bottomH := chartAxisH
	if c.XCaption != "" {
		bottomH += 20
	}
	// Each panel's header: its title line, then its caption's lines.
	// Too short for every panel with every caption line: each caption's
	// first line only, then no captions; then without the spare panels
	// (Panel.Spare), last first, each time trying the captions again; then
	// the first panels that fit (the stack is in order of importance).
	panels := c.Panels
	caps := make([][]string, len(c.Panels))
	keeps := [...]int{math.MaxInt, 1, 0} // caption lines kept per panel, tried in turn
	var ph float64
	for k := 0; ; {
		heads, lines, spare := 0.0, 0, false
		for i := range panels {
			caps[i] = captionLines(panels[i].Caption, w)
			caps[i] = caps[i][:min(len(caps[i]), keeps[k])]
			lines += len(caps[i])
			heads += chartTitleH + captionH*float64(len(caps[i]))
			spare = spare || panels[i].Spare
		}
		nf := float64(len(panels))
		ph = (h-y-bottomH-heads)/nf - chartGap + chartGap/nf
		// Captions and spare panels are kept only while every frame
		// stays readable (chartCaptionMinH): a caption that squeezes the
		// curves to a sliver explains a chart no one can read.
		if (ph >= 12 && ((lines == 0 && !spare) || ph >= chartCaptionMinH)) || (len(panels) == 1 && k == len(keeps)-1) {
			break
		}
		if k++; k < len(keeps) {
			continue
		}
		k = 0
		i := len(panels) - 1 // the last panel, unless a spare one is left
		for j := range panels {
			if panels[j].Spare {
				i = j
			}
		}
		panels = append(append(l.scratch.panels[:0], panels[:i]...), panels[i+1:]...)
		l.scratch.panels = panels
	}
	if len(panels) < len(c.Panels) {
		cc := *c
		cc.Panels = panels
		c = &cc
	}
	if ph < 12 {
		return // too small to draw anything readable
	}
	// The x axis.
	xlo, xhi := c.XMin, c.XMax
	if !(xhi > xlo) {
		xlo, xhi = c.dataXRange()
	}
	ax := Axis{Min: xlo, Max: xhi, P0: left, P1: right, Log: c.XLog}
	tops := make([]float64, 0, 8)
	for i := range c.Panels {
		capH := captionH * float64(len(caps[i]))
		tops = append(tops, y+chartTitleH+capH)
		y += chartTitleH + capH + ph + chartGap
	}
	// Titles and captions first: they are never dropped. A caption's
	// lines go under the title, the last one's baseline where a title's
	// would be, 5 px above the frame.
	for i, p := range c.Panels {
		ty := tops[i] - 5 - captionH*float64(len(caps[i]))
		if p.Title != "" {
			text, size := fitText(p.Title, FontSans, chartText, w)
			l.place(Op{Kind: OpText, Text: text, X: 0, Y: ty, Font: FontSans, Size: size, Color: ChartInk}, true)
		}
		for k, line := range caps[i] {
			l.place(Op{Kind: OpText, Text: line, X: 0, Y: ty + captionH*float64(k+1), Font: FontSans, Size: chartText, Color: ChartMuted}, true)
		}
	}
	for i, p := range c.Panels {
		if p.Value == "" {
			continue
		}
		// On the title's line, else on the caption's last line.
		o := Op{Kind: OpText, Text: p.Value, X: right, Y: tops[i] - 5 - captionH*float64(len(caps[i])), Font: FontMono, Size: chartText, Align: AlignRight, Color: ChartInk}
		if !l.place(o, false) && len(caps[i]) > 0 {
			o.Y = tops[i] - 5
			l.place(o, false)
		}
	}
	bottom := tops[len(tops)-1] + ph
	// Frames.
	for i := range c.Panels {
		l.Fill(left, tops[i], right-left, ph, chartBg)
		l.Frame(left+0.5, tops[i]+0.5, right-left-1, ph-1, chartEdge, 1)
	}
	// x ticks: grid on log axes, labels under the last frame.
	xt := l.xTicks(c, ax, bottom)
	if c.XLog {
		for _, tk := range xt {
			if tk.Major {
				px := ax.Pixel(tk.Value)
				for _, top := range tops {
					l.Fill(math.Round(px)-0.5, top+1, 1, ph-2, chartGrid)
				}
			}
		}
	}
	if c.XCaption != "" {
		text, size := fitText(c.XCaption, FontSans, chartText, w)
		hw := TextWidth(text, FontSans, size) / 2
		x := math.Max(hw, math.Min(w-hw, (left+right)/2))
		l.place(Op{Kind: OpText, Text: text, X: x, Y: bottom + chartAxisH + 14, Font: FontSans, Size: size, Align: AlignCenter, Color: ChartInk}, true)
	}
	// Panels: y axis, series, note.
	for i := range c.Panels {
		l.panel(&c.Panels[i], ax, left, right, tops[i], ph)
	}
	if c.Legend == LegendInside {
		l.insideLegend(c.Panels[0].Series, left, right, tops[0], ph)
	}
	// Markers over every panel, labelled in the first.
	for _, m := range c.Markers {
		px := ax.Pixel(m.X)
		if !(px >= left && px <= right) {
			continue
		}
		for _, top := range tops {
			l.Stroke([]float64{px, top + 1, px, top + ph - 1}, m.Color, 1.2, [2]float64{4, 3}, Rect{})
		}
		// The label right of the line, or left of it, inside the frame.
		if tw := TextWidth(m.Label, FontSans, chartText); m.Label != "" && (px+4+tw <= right || px-4-tw >= left) {
			al, x := AlignLeft, px+4
			if px+4+tw > right {
				al, x = AlignRight, px-4
			}
			l.place(Op{Kind: OpText, Text: m.Label, X: x, Y: tops[0] + 14, Font: FontSans, Size: chartText, Align: al, Color: m.Color}, false)
		}
	}

}

// dataXRange is the x range of the data: first to last X of any series,
// or [0, 1] without data; a single point's range is widened to [x−1, x+1]
// on a linear axis and [x/10, 10x] on a log one.
func (c *Chart) dataXRange() (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, p := range c.Panels {
		for _, s := range p.Series {
			if n := len(s.X); n > 0 {
				lo, hi = math.Min(lo, s.X[0]), math.Max(hi, s.X[n-1])
			}
		}
	}
	switch {
	case lo > hi:
		lo, hi = 0, 1
		if c.XLog {
			lo, hi = 1, 10
		}
	case lo == hi && c.XLog:
		lo, hi = lo/10, hi*10
	case lo == hi:
		lo, hi = lo-1, hi+1
	}
	return lo, hi
}

// place appends a text op; unless always, only when its box overlaps no
// text placed before. It reports whether the text was placed.
func (l *List) place(o Op, always bool) bool {
	b := TextBox(o)
	if !always {
		for _, q := range l.scratch.placed {
			if b.overlaps(q) {
				return false
			}
		}
	}
	l.scratch.placed = append(l.scratch.placed, b)
	l.Ops = append(l.Ops, o)
	return true
}

// fits reports whether every op's box is free of the placed boxes and of
// each other.
func (l *List) fits(ops []Op) bool {
	for i, o := range ops {
		b := TextBox(o)
		for _, q := range l.scratch.placed {
			if b.overlaps(q) {
				return false
			}
		}
		for _, p := range ops[:i] {
			if b.overlaps(TextBox(p)) {
				return false
			}
		}
	}
	return true
}

// xTicks places the x tick labels under the frames at baseline bottom+15
// and returns the ticks: for a linear axis the densest 1-2-5 spacing whose
// labels do not overlap; for a log axis the decades, every k-th for the
// smallest k that fits.
func (l *List) xTicks(c *Chart, ax Axis, bottom float64) []Tick {
	by := bottom + 15
	// A label centred on its tick, moved in to stay on the canvas.
	label := func(tk Tick) Op {
		hw := TextWidth(tk.Label, FontMono, chartText) / 2
		x := math.Max(hw, math.Min(l.W-hw, ax.Pixel(tk.Value)))
		return Op{Kind: OpText, Text: tk.Label, X: x, Y: by, Font: FontMono, Size: chartText, Align: AlignCenter, Color: ChartMuted}
	}
	if c.XName != "" {
		l.place(Op{Kind: OpText, Text: c.XName, X: ax.P0 - labelPad - 6, Y: by, Font: FontMono, Size: chartText, Align: AlignRight, Color: ChartMuted}, true)
	}
	inside := func(tk Tick) bool {
		px := ax.Pixel(tk.Value)
		return px >= ax.P0-0.5 && px <= ax.P1+0.5
	}
	var ops []Op
	if c.XLog {
		ticks := LogTicks(ax.Min, ax.Max)
		ops = l.decadeLabels(ops, ticks, inside, label)
		for _, o := range ops {
			l.place(o, true)
		}
		return ticks
	}
	min := 0.0
	if c.XWhole {
		min = 1
	}
	var ticks []Tick
	ops, ticks = l.linearLabels(ops, max(1, int((ax.P1-ax.P0)/80)),
		func(n int) []Tick { return linearTicks(ax.Min, ax.Max, n, min, c.XWhole) }, inside, label)
	for _, o := range ops {
		l.place(o, true)
	}
	return ticks
}

// decadeLabels returns, in ops (reused), the labels of the major ticks
// inside the axis at every stride-th decade for the smallest stride (1, 2,
// 4, …, 64) whose labels fit beside the text already placed; none when no
// stride fits.
func (l *List) decadeLabels(ops []Op, ticks []Tick, inside func(Tick) bool, label func(Tick) Op) []Op {
	for stride := 1; stride <= 64; stride *= 2 {
		ops = ops[:0]
		for _, tk := range ticks {
			if tk.Major && inside(tk) && decade(tk.Value)%stride == 0 {
				ops = append(ops, label(tk))
			}
		}
		if l.fits(ops) {
			return ops
		}
	}
	return ops[:0]
}

// linearLabels tries the linear ticks of ticksFor(n) for n = n0, n0−1, …, 1
// (n is the tick count asked of the 1-2-5 rule) and returns the first whose
// labels inside the axis all fit beside the text already placed, with its
// ticks; when even n = 1 does not fit, it keeps what fits, one label at a
// time. ops is reused.
func (l *List) linearLabels(ops []Op, n0 int, ticksFor func(n int) []Tick, inside func(Tick) bool,
	label func(Tick) Op) ([]Op, []Tick) {
	var ticks []Tick
	for n := n0; n >= 1; n-- {
		ticks = ticksFor(n)
		ops = ops[:0]
		for _, tk := range ticks {
			if inside(tk) {
				ops = append(ops, label(tk))
			}
		}
		if l.fits(ops) {
			return ops, ticks
		}
	}
	kept := ops[:0]
	for _, o := range ops {
		if l.fits(append(kept, o)) {
			kept = append(kept, o)
		}
	}
	return kept, ticks
}

// decade returns the exponent of the power of ten nearest v.
func decade(v float64) int { return int(math.Round(math.Log10(v))) }

// yRange is the panel's y range: on a log axis the positive values rounded
// out to whole decades (or widened by LogPad), on a linear one the range
// including 0 with 5% headroom. ok is false without finite values.
func (p *Panel) yRange() (lo, hi float64, ok bool) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, s := range p.Series {
		for _, v := range s.Y {
			if math.IsNaN(v) || math.IsInf(v, 0) || (p.Log && v <= 0) {
				continue
			}
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
	}
	if lo > hi {
		return 0, 0, false
	}
	if p.Log {
		if p.LogPad > 1 {
			return lo / p.LogPad, hi * p.LogPad, true
		}
		lo = math.Pow(10, math.Floor(math.Log10(lo)))
		hi = math.Pow(10, math.Ceil(math.Log10(hi)))
		if hi <= lo {
			hi = lo * 10
		}
		return lo, hi, true
	}
	lo, hi = math.Min(lo, 0), math.Max(hi, 0)
	if p.SymLog {
		// 5% headroom in the transformed scale, at least ±1 (one tick
		// each side of 0 where the data has that sign).
		pad := func(v float64) float64 {
			if v == 0 {
				return 0
			}
			return math.Copysign(math.Max(1, math.Pow(10, math.Abs(Symlog(v))*1.05)-1), v)
		}
		lo, hi = pad(lo), pad(hi)
		if hi == lo {
			hi = 1
		}
		return lo, hi, true
	}
	if hi == lo {
		hi = lo + 1
	}
	return lo, hi * 1.05, true
}

// ticks are the candidate ticks of the panel's y axis over [lo, hi].
func (p *Panel) ticks(lo, hi float64, n int) []Tick {
	if p.SymLog {
		return SymlogTicks(lo, hi, 1)
	}
	if p.Log {
		return LogTicks(lo, hi)
	}
	return LinearTicks(lo, hi, n)
}

// panel draws one panel's grid, y tick labels, series and note.
func (l *List) panel(p *Panel, ax Axis, left, right, top, h float64) {
	if p.YLabel != "" {
		o := Op{Kind: OpText, Text: p.YLabel, X: 14, Y: top + h/2, Font: FontSans, Size: chartText, Align: AlignCenter, Color: ChartInk, Vertical: true}
		l.place(o, false) // dropped when the panel is too short for it
	}
	lo, hi, ok := p.yRange()
	if ok {
		ay := Axis{Min: lo, Max: hi, P0: top + h - 2, P1: top + 2, Log: p.Log, SymLog: p.SymLog}
		l.yTicks(p, ay, left, right, top, h)
		s := &l.scratch
		buckets := max(1, int(right-left))
		clip := Rect{X: left, Y: math.Floor(top), W: right - left, H: math.Ceil(top+h) - math.Floor(top)}
		for _, sr := range p.Series {
			s.dx, s.dy = downsampleInto(s.dx[:0], s.dy[:0], sr.X, sr.Y, buckets)
			s.line = Polyline(s.line[:0], s.dx, s.dy, ax, ay)
			width := sr.Width
			if width == 0 {
				width = 1.5
			}
			l.Stroke(s.line, sr.Color, width, sr.Dash, clip)
		}
	}
	if p.Note != "" {
		l.note(p.Note, left, right, top, h)
	}
}

// captionLines is caption s as the lines drawn above its frame: each of
// its "\n"-separated lines wrapped at spaces to width w at chartText
// (13 px: presenter mode scales the charts' text to 20 px, the least it
// allows)
// ([wrapWords]); none for "".
func captionLines(s string, w float64) []string {
	var lines []string
	for line := range strings.SplitSeq(s, "\n") {
		if line != "" {
			lines = wrapWords(lines, line, FontSans, chartText, w)
		}
	}
	return lines
}

// wrapWords appends s to dst wrapped at spaces into lines whose estimated
// width ([TextWidth]) is at most maxW; a single word wider than maxW is a
// line of its own, cut by [fitText].
func wrapWords(dst []string, s string, font Font, size, maxW float64) []string {
	line := ""
	for len(s) > 0 {
		word := s
		if i := strings.IndexByte(s, ' '); i >= 0 {
			word, s = s[:i], s[i+1:]
		} else {
			s = ""
		}
		switch {
		case line == "":
			line = word
		case TextWidth(line+" "+word, font, size) <= maxW:
			line += " " + word
		default:
			dst, line = append(dst, cutText(line, font, size, maxW)), word
		}
	}
	return append(dst, cutText(line, font, size, maxW))
}

// cutText is s cut to width maxW at size (fitText without shrinking).
func cutText(s string, font Font, size, maxW float64) string {
	if TextWidth(s, font, size) <= maxW {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && TextWidth(string(r)+"…", font, size) > maxW {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// note writes s centred in the frame between left and right, top and
// top+h, wrapped at spaces into lines that fit its width; lines that do
// not fit its height are left out.
func (l *List) note(s string, left, right, top, h float64) {
	const lineH = 16.0
	lines := wrapWords(nil, s, FontSans, chartText, right-left-8)
	lines = lines[:min(len(lines), max(1, int((h-4)/lineH)))]
	y := top + h/2 + 4 - lineH*float64(len(lines)-1)/2
	for i, ln := range lines {
		l.place(Op{Kind: OpText, Text: ln, X: (left + right) / 2, Y: y + lineH*float64(i), Font: FontSans, Size: chartText, Align: AlignCenter, Color: ChartMuted}, false)
	}
}

// yTicks draws the grid lines at the major ticks of ay and places the
// labels: on a log axis the decades, every k-th for the smallest k that
// fits, then 2 and 5 where they fit; on a linear axis the densest 1-2-5
// spacing that fits. A label's baseline is kept inside the frame.
func (l *List) yTicks(p *Panel, ay Axis, left, right, top, h float64) {
	label := func(tk Tick) Op {
		y := ay.Pixel(tk.Value) + 0.3*chartText
		y = math.Max(top+0.8*chartText, math.Min(top+h, y))
		return Op{Kind: OpText, Text: tk.Label, X: left - labelPad, Y: y, Font: FontMono, Size: chartText, Align: AlignRight, Color: ChartMuted}
	}
	inside := func(tk Tick) bool {
		py := ay.Pixel(tk.Value)
		return py >= top-0.5 && py <= top+h+0.5
	}
	grid := func(ticks []Tick) {
		for _, tk := range ticks {
			if tk.Major && inside(tk) {
				l.Fill(left+1, math.Round(ay.Pixel(tk.Value))-0.5, right-left-2, 1, chartGrid)
			}
		}
	}
	var ops []Op
	if p.Log {
		ticks := LogTicks(ay.Min, ay.Max)
		grid(ticks)
		ops = l.decadeLabels(ops, ticks, inside, label)
		for _, o := range ops {
			l.place(o, true)
		}
		for _, tk := range ticks {
			if !tk.Major && tk.Label != "" && inside(tk) && len(ops) > 0 {
				l.place(label(tk), false)
			}
		}
		return
	}
	if p.SymLog {
		// Every stride-th power of ten each side of 0, the densest that fits.
		var ticks []Tick
		ops, ticks = l.linearLabels(ops, 6, func(n int) []Tick { return SymlogTicks(ay.Min, ay.Max, 7-n) }, inside, label)
		grid(ticks)
		for _, o := range ops {
			l.place(o, true)
		}
		return
	}
	var ticks []Tick
	minStep := 0.0
	if p.Whole {
		minStep = 1
	}
	ops, ticks = l.linearLabels(ops, max(1, int(h/40)),
		func(n int) []Tick { return linearTicks(ay.Min, ay.Max, n, minStep, false) }, inside, label)
	grid(ticks)
	for _, o := range ops {
		l.place(o, true)
	}
}

// insideLegend draws the series' names and values in a white box in the
// lower left of the frame (left, top, right − left, h), the series drawn
// last (on top) first; nothing when the box does not fit the frame or its
// text would overlap other text.
func (l *List) insideLegend(ss []Series, left, right, top, h float64) {
	if len(ss) == 0 {
		return
	}
	wmax := 0.0
	for _, s := range ss {
		wmax = math.Max(wmax, TextWidth(legendText(s), FontMono, chartText))
	}
	const lh = 20.0
	bw, bh := wmax+46, lh*float64(len(ss))+8
	if bw > right-left-12 || bh > h-12 {
		return
	}
	x0, y0 := left+6, top+h-6-bh
	ops := make([]Op, len(ss))
	for i := range ss {
		s := ss[len(ss)-1-i]
		ops[i] = Op{Kind: OpText, Text: legendText(s), X: x0 + 38, Y: y0 + 18 + float64(i)*lh, Font: FontMono, Size: chartText, Color: ChartInk}
	}
	if !l.fits(ops) {
		return
	}
	l.Fill(x0, y0, bw, bh, "rgba(255,255,255,0.9)")
	for i, o := range ops {
		l.Fill(x0+8, o.Y-5, 22, 3, ss[len(ss)-1-i].Color)
		l.place(o, true)
	}
}

func legendText(s Series) string {
	if s.Value == "" {
		return s.Name
	}
	return s.Name + "  " + s.Value
}

// linearTicks is [LinearTicks] with a step of at least minStep; whole
// labels a step ≥ 1 compactly (see [CountLabel]).
func linearTicks(lo, hi float64, n int, minStep float64, whole bool) []Tick {
	ticks := LinearTicks(lo, hi, n)
	if len(ticks) >= 2 && ticks[1].Value-ticks[0].Value < minStep {
		ticks = ticks[:0]
		for v := math.Ceil(lo/minStep) * minStep; v <= hi; v += minStep {
			ticks = append(ticks, Tick{Value: v, Label: strconv.FormatFloat(v, 'f', 0, 64), Major: true})
		}
	}
	if whole {
		for i := range ticks {
			ticks[i].Label = CountLabel(ticks[i].Value)
		}
	}
	return ticks
}

// fitText returns s and a font size for it, at most size and at least
// 11 px, so that its estimated width is at most maxW: the largest size
// that fits, and at 11 px the longest prefix that fits, ended by "…".
// Monospace text is only cut, not shrunk.
func fitText(s string, font Font, size, maxW float64) (string, float64) {
	for font != FontMono && size > 11 && TextWidth(s, font, size) > maxW {
		size--
	}
	return cutText(s, font, size, maxW), size
}

// CountLabel writes a whole number compactly for an axis: up to 9999 as
// is, then with the suffix k (thousands) or M (millions) and at most one
// decimal: 20k, 1.5M, 10M.
func CountLabel(v float64) string {
	a := math.Abs(v)
	switch {
	case a < 1e4:
		return strconv.FormatFloat(math.Round(v), 'f', 0, 64)
	case a < 1e6:
		return trimZero(strconv.FormatFloat(v/1e3, 'f', 1, 64)) + "k"
	default:
		return trimZero(strconv.FormatFloat(v/1e6, 'f', 1, 64)) + "M"
	}
}

func trimZero(s string) string {
	if len(s) > 2 && s[len(s)-2:] == ".0" {
		return s[:len(s)-2]
	}
	return s
}
