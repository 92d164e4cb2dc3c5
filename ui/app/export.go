package app

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"kernelplay/core/data"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// “Take it home” (issue 12): what the page downloads — the run's traces as
// CSV, the 2D plot's points as LIBSVM or CSV, the run as a file the page
// loads back (a link, a position and a core/learn model file) — as bytes
// with a file name and a MIME type, and the caption line of a picture. The
// view only hands the bytes to the browser.

// Export is one file the page offers for download.
type Export struct {
	// Name is the suggested file name, e.g. "kernelplay-t1200-traces.csv".
	Name string
	// MIME is the file's media type, e.g. "text/csv".
	MIME string
	// Bytes is the file's content.
	Bytes []byte
}

// Data file formats of [Store.ExportData].
const (
	FormatCSV    = "csv"
	FormatLIBSVM = "libsvm"
)

// fileStem is the start of every exported file's name: the learner and
// the step, so that files of one run sort together.
func (s *Store) fileStem() string {
	name := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '.', r == '-':
			return r
		case r >= 'A' && r <= 'Z':
			return r + 'a' - 'A'
		}
		return '-'
	}, sim.LearnerName(s.Config()))
	for strings.Contains(name, "--") {
		name = strings.ReplaceAll(name, "--", "-")
	}
	name = strings.Trim(name, "-")
	return fmt.Sprintf("kernelplay-%s-t%d", name, s.run.T())
}

// ExportTraces returns the chart series of the run on screen as CSV: the
// 2D plot's (and RES vs SGD's) series by [sim.WriteTraces] (both learners'
// of a 2D comparison by [sim.WriteCompareTraces]), the digits
// view's average error and η_t of every learner (both of Compare) by
// [sim.Digits.WriteTraces]. Both write a header naming each column with
// its unit and a last row at the current step t. It returns an error for a
// run waiting for its data (no series yet).
func (s *Store) ExportTraces() (Export, error) {
	var b bytes.Buffer
	var err error
	switch {
	case s.run.Second() != nil:
		err = sim.WriteCompareTraces(&b, s.run.Sim(), s.run.Second())
	case s.run.Sim() != nil:
		err = s.run.Sim().WriteTraces(&b)
	case s.run.Digits() != nil:
		err = s.run.Digits().WriteTraces(&b)
	default:
		return Export{}, errors.New("the run has no traces yet: its data set has not arrived")
	}
	if err != nil {
		return Export{}, err
	}
	return Export{Name: s.fileStem() + "-traces.csv", MIME: "text/csv", Bytes: b.Bytes()}, nil
}

// ExportData returns the 2D plot's points in format (FormatCSV or
// FormatLIBSVM), readable back by *Load data* ([ReadUserFile], [Route]) to
// the same points: the points the plot shows ([sim.Sim.Points]) — the
// clicked points in use and, while the generator feeds the run, the last
// (up to 400) generated examples, oldest first; at most state.MaxPoints
// rows, the clicked points first, so that the file fits the plot (and a
// link) when it comes back. Coordinates are the plot's, on the link's grid
// (state.Quantize: generated examples move by at most 1/8192), which is
// how [plotConfig] knows to keep them where they are.
// Labels: binary −1 for class 0 and +1 for class 1 (the sign convention
// of the learners and of LIBSVM files), multiclass the class index 0..K−1;
// loading sorts the labels, so the classes come back in the same order.
//
// Why these points and not every example learned: the plot only ever
// holds these (older generated examples are not kept), they are what the
// picture shows, and a longer file could not come back to the plot.
//
// It returns an error outside the 2D plot, for regression and novelty
// (their points are not two classes of 2-D inputs, which is what *Load
// data* puts on the plot), for fewer than two classes among the points,
// and for an unknown format.
func (s *Store) ExportData(format string) (Export, error) {
	if format != FormatCSV && format != FormatLIBSVM {
		return Export{}, fmt.Errorf("no data format %q (csv or libsvm)", format)
	}
	r := s.run.Sim()
	if s.run.Kind() != Plot2D || r == nil {
		return Export{}, errors.New("only the 2D plot's points can be saved as data")
	}
	c := r.Config()
	if c.Task != state.TaskBinary && c.Task != state.TaskMulticlass {
		return Export{}, fmt.Errorf("the %s task's points cannot be saved as data: Load data puts two-class or "+
			"multiclass 2-D points on the plot", c.Task)
	}
	set := pointsSet(r)
	if set.Len() == 0 || distinct(set.Y) < 2 {
		return Export{}, errors.New("the points hold fewer than two classes: Load data could not put them back on the plot")
	}
	var b bytes.Buffer
	var err error
	ext, mime := ".csv", "text/csv"
	if format == FormatLIBSVM {
		ext, mime = ".libsvm", "text/plain"
		err = data.WriteLIBSVM(&b, set)
	} else {
		err = data.WriteCSV(&b, set)
	}
	if err != nil {
		return Export{}, err
	}
	return Export{Name: s.fileStem() + "-points" + ext, MIME: mime, Bytes: b.Bytes()}, nil
}

// pointsSet is the data set of the plot's points (see [Store.ExportData]).
func pointsSet(r *sim.Sim) *data.Set {
	pts := r.Points()
	if len(pts) > state.MaxPoints {
		// Points returns the generated examples first, then the clicked
		// ones: keep every clicked point and the newest generated ones.
		pts = pts[len(pts)-state.MaxPoints:]
	}
	binary := r.Config().Task == state.TaskBinary
	set := &data.Set{Name: "points", Dim: 2, X: make([]float64, 0, 2*len(pts)), Y: make([]float64, 0, len(pts))}
	for _, p := range pts {
		p = state.Quantize(p) // generated examples onto the link's grid, as clicked points are
		y := float64(p.Class)
		if binary {
			y = float64(2*p.Class - 1)
		}
		set.X = append(set.X, p.X, p.Y)
		set.Y = append(set.Y, y)
	}
	return set
}

// Run files: a 2D run the page loads back and continues.
const (
	// RunFormat is the "format" field of a run file.
	RunFormat = "kernelplay-run"
	// RunVersion is the "version" field written, and the only one read.
	RunVersion = 1
	// bareModelFormat is the "format" of a core/learn model file
	// (learn.ModelFormat), which a run file holds as its "model".
	bareModelFormat = "kernelplay-model"
)

// runFile is a run file:
//
//	{"format": "kernelplay-run", "version": 1,
//	 "link": the run's share link hash at t = 0 (settings, seed, clicked
//	         points, timeline of edits — state.Encode),
//	 "position": sim.Position (t, mistakes, Σ|error|),
//	 "model": the learner's core/learn model file (learn.MarshalModel)}
//
// The "model" member is a model file as core/learn writes and reads it,
// so a Go program takes the learner out with learn.UnmarshalModel on it.
//
// The model's settings must be the ones its link has in force at the saved
// step, every one of them (learn.SameSettings: kernel, σ, λ, ω, …); a file
// whose model contradicts its link is refused, naming the setting. We
// compare rather than take the settings from the file because the link is
// what the page shows — the controls, the caption, the share link and
// Reset's replay all come from it — and Model (JSON) never writes such a
// file: it was edited by hand or is corrupt.
type runFile struct {
	Format   string          `json:"format"`
	Version  int             `json:"version"`
	Link     string          `json:"link"`
	Position sim.Position    `json:"position"`
	Model    json.RawMessage `json:"model"`
}

// ExportModel returns the 2D run as a run file (JSON, see [runFile]):
// everything [LoadModel] needs to continue it at the current step, the
// learner's full state among it. It returns an error outside the 2D plot
// (the digits view's learners are rebuilt from their data set, which the
// file does not carry; the RES-vs-SGD preset runs two learners), and when
// the learner cannot be written (learn.MarshalModel: a diverged learner
// holds NaN, which JSON cannot).
func (s *Store) ExportModel() (Export, error) {
	r := s.run.Sim()
	if s.run.Kind() != Plot2D || r == nil {
		return Export{}, errors.New("only a 2D plot run can be saved as a model file (one learner on the plot's data)")
	}
	m, err := r.MarshalModel()
	if err != nil {
		return Export{}, err
	}
	link := s.base
	link.At, link.Playing = 0, false
	b, err := json.MarshalIndent(runFile{Format: RunFormat, Version: RunVersion, Link: state.Encode(link),
		Position: r.Position(), Model: m}, "", " ")
	if err != nil {
		return Export{}, err
	}
	return Export{Name: s.fileStem() + "-model.json", MIME: "application/json", Bytes: b}, nil
}

// LoadModel is the action of *Load model*: a run file ([Store.ExportModel])
// the user picked. The store checks it whole before changing anything; a
// refused file leaves the run and its link as they were and a Warning says
// what is wrong.
type LoadModel struct {
	Name  string
	Bytes []byte
}

// readRunFile parses and checks a run file and rebuilds its run at the
// saved step: [startRunFile], then the whole replay at once (up to
// sim.MaxResume examples, a few seconds; a page advances the Resumer a
// slice per frame instead). It returns the run's configuration at t = 0.
func readRunFile(b []byte) (state.Config, *sim.Sim, error) {
	c, r, err := startRunFile(b)
	if err != nil {
		return state.Config{}, nil, err
	}
	_, target := r.Progress()
	r.Advance(target)
	s, err := r.Finish()
	if err != nil {
		return state.Config{}, nil, err
	}
	return c, s, nil
}

// startRunFile parses and checks a run file and begins rebuilding its run
// (sim.StartResumeModel): the file is read strictly (sim.StrictJSON: exact
// keys, none repeated, the arrays' numbers bounded before decoding, so a
// file of 64 MB allocates about twice its length at most), the link
// decodes and validates, the model file is read by learn.UnmarshalModel
// (truncated JSON, another version, NaN, lengths that do not fit) and must
// be the learner the link builds (type, task, input dimension; its
// settings are compared when the replay finishes, sim.Resumer.Finish).
// Every name the file gives is clipped in the errors. It returns the run's
// configuration at t = 0.
func startRunFile(b []byte) (state.Config, *sim.Resumer, error) {
	if len(b) > sim.MaxModelBytes {
		return state.Config{}, nil, fmt.Errorf("%d MB, more than the %d MB a model file may hold", len(b)>>20, sim.MaxModelBytes>>20)
	}
	var f runFile
	if err := sim.StrictJSON(b, &f); err != nil {
		var peek struct {
			Format string `json:"format"`
		}
		if strings.Contains(err.Error(), "unknown key") && json.Unmarshal(b, &peek) == nil && peek.Format == bareModelFormat {
			return state.Config{}, nil, errors.New("it is a bare learner model file (core/learn) without the run's link and step; " +
				"Load model reads the run files that Model (JSON) saves")
		}
		return state.Config{}, nil, runFileError(b, err)
	}
	if f.Format != RunFormat {
		return state.Config{}, nil, fmt.Errorf("format %s, not a kernelplay run file (%q)", sim.Clip(f.Format), RunFormat)
	}
	if f.Version != RunVersion {
		return state.Config{}, nil, fmt.Errorf("version %d; this page reads version %d", f.Version, RunVersion)
	}
	if len(f.Model) == 0 {
		return state.Config{}, nil, errors.New(`the file has no "model"`)
	}
	c, err := state.Decode(f.Link)
	if err != nil {
		return state.Config{}, nil, fmt.Errorf("its link: %v", err)
	}
	if c.Mode != state.Mode2D {
		return state.Config{}, nil, errors.New("its link is not a 2D plot run")
	}
	c.At, c.Playing = 0, false
	r, err := sim.StartResumeModel(c, f.Model, f.Position)
	if err != nil {
		return state.Config{}, nil, err
	}
	return c, r, nil
}

// runFileError words an error of reading a run file's JSON.
func runFileError(b []byte, err error) error {
	var se *json.SyntaxError
	if errors.Is(err, sim.ErrTooManyNumbers) {
		return fmt.Errorf("it holds more numbers than any model the page saves (%v)", err)
	}
	if !errors.As(err, &se) {
		return fmt.Errorf("not a kernelplay run file: %v", err)
	}
	switch {
	case se.Offset >= int64(len(b)):
		return errors.New("the file ends too early (truncated?)")
	case strings.Contains(se.Error(), "after top-level value"):
		return errors.New("text after the run file's JSON object")
	}
	why := ""
	if o := se.Offset - 1; o >= 0 && o < int64(len(b)) && (b[o] == 'N' || b[o] == 'I') {
		why = ": NaN and Infinity are not numbers in JSON (a diverged model cannot be saved)"
	}
	return fmt.Errorf("not JSON at byte %d (%v)%s", se.Offset, se, why)
}

// loadModel applies [LoadModel].
func (s *Store) loadModel(a LoadModel) {
	c, r, err := readRunFile(a.Bytes)
	if err != nil {
		s.msg = Message{Kind: Warning, Text: "The model file " + a.Name + " cannot be loaded: " + err.Error() +
			". Nothing was changed."}
		return
	}
	c.Hide, c.Presenter = s.pg.Hide, s.pg.Presenter
	c.Compare = state.CompareNone // the file holds one learner: a comparison's second is not in it
	s.base, s.pg, s.run, s.at = c, c, plotRun{s: r}, 0
	s.pg.StepsPerFrame, s.pg.Grid = c.StepsPerFrame, c.Grid
	if s.brush >= c.NumClasses() {
		s.brush = 0
	}
	s.keepHash = ""
	s.msg = Message{Kind: Info, Text: fmt.Sprintf("Loaded %s: %s at step %d. Press play to continue learning.",
		a.Name, learnerTitle(c), r.T())}
}

// Caption returns the caption line of a picture of the view: the learner,
// the kernel and the settings in force (each active setting of the Learner,
// Kernel, Step size and Buffer groups as symbol = value), the step t, the
// error so far (the running average online error; the mean absolute error
// for regression) and the share link, page + "#" + [Store.Hash] (page is
// the page's address without its hash).
func (s *Store) Caption(page string) string {
	c := s.Config()
	parts := []string{sim.LearnerName(c)}
	var set []string
	for i := range state.Fields {
		f := &state.Fields[i]
		switch f.Group {
		case state.GroupLearner, state.GroupKernel, state.GroupStepSize, state.GroupBuffer:
		default:
			continue
		}
		if f.Key == "l" || !f.Active(c) || f.Key == "vs" && !c.Comparing() {
			continue
		}
		switch {
		case f.Kind == state.Choice:
			set = append(set, f.Get(c)+" "+f.Label)
		case f.Symbol != "":
			set = append(set, f.Symbol+" = "+f.Get(c))
		}
	}
	if len(set) > 0 {
		parts = append(parts, strings.Join(set, ", "))
	}
	t := s.run.T()
	parts = append(parts, fmt.Sprintf("t = %d", t))
	switch {
	case s.run.Sim() != nil && c.Task == state.TaskRegression:
		parts = append(parts, "mean |error| "+formatErr(s.run.Sim().MeanAbsError()))
	case s.run.Sim() != nil && t > 0:
		parts = append(parts, fmt.Sprintf("error %.1f%%", 100*float64(s.run.Sim().Mistakes())/float64(t)))
	case s.run.Digits() != nil && t > 0:
		parts = append(parts, fmt.Sprintf("error %.1f%%", 100*float64(s.run.Digits().Mistakes(0))/float64(t)))
	}
	parts = append(parts, page+"#"+s.Hash())
	return strings.Join(parts, " · ")
}

func formatErr(v float64) string {
	if math.IsNaN(v) {
		return "–"
	}
	return fmt.Sprintf("%.3g", v)
}

// ExportName is the name of a file of the run on screen that the page
// makes itself (a picture): the learner and step, then suffix, e.g.
// "kernelplay-svmd-0.95-t1200-plot.png".
func (s *Store) ExportName(suffix string) string { return s.fileStem() + "-" + suffix }

// MaxPictureScale is the largest picture size offered, in screen sizes.
const MaxPictureScale = 2

// PictureScale reads the picture size menu's value (screen sizes): a
// number in [1, MaxPictureScale]; anything else (empty, NaN, out of range)
// is 1 or MaxPictureScale, whichever is nearer (1 for NaN).
func PictureScale(v string) float64 {
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsNaN(f) {
		return 1
	}
	return max(1, min(MaxPictureScale, f))
}

// PictureSize is the pixel size of a picture of a w×h (CSS px) part of the
// page at scale screen sizes: each side rounded to whole pixels, at least
// 1, and scale clamped to [1, MaxPictureScale].
func PictureSize(w, h, scale float64) (pw, ph int) {
	scale = max(1, min(MaxPictureScale, scale))
	side := func(v float64) int {
		if !(v > 0) {
			return 1
		}
		return max(1, int(math.Round(v*scale)))
	}
	return side(w), side(h)
}

// WrapCaption breaks a caption ([Store.Caption]) into lines no wider than
// width as measured by measure (the browser's measureText): between its
// " · " parts first, then a part too wide alone after a ", " (the
// settings) or a '&' (the link),
// and a piece still too wide between characters. Every line holds at least
// one character, so a tiny width gives many lines, never a loop; the
// lines joined give the caption back, but for the spaces trimmed at their
// ends (a line of spaces only is dropped).
func WrapCaption(caption string, width float64, measure func(string) float64) []string {
	const sep = " · "
	var pieces []string // the caption cut at every allowed break, separators kept at line ends
	parts := strings.Split(caption, sep)
	for i, p := range parts {
		if i < len(parts)-1 {
			p += sep
		}
		if measure(p) <= width {
			pieces = append(pieces, p)
			continue
		}
		for _, q := range strings.SplitAfter(p, ", ") {
			for _, q := range strings.SplitAfter(q, "&") {
				if measure(q) <= width {
					pieces = append(pieces, q)
					continue
				}
				for _, r := range q {
					pieces = append(pieces, string(r))
				}
			}
		}
	}
	var lines []string
	cur := ""
	flush := func() {
		if l := strings.TrimSpace(cur); l != "" {
			lines = append(lines, l)
		}
		cur = ""
	}
	for _, p := range pieces {
		if cur != "" && measure(cur+p) > width {
			flush()
		}
		cur += p
	}
	flush()
	return lines
}

// Box is a rectangle of the page in CSS pixels: X, Y its top left corner
// in the viewport, W, H its size.
type Box struct{ X, Y, W, H float64 }

// ViewPicture is the layout of a picture of the whole view: its size in
// pixels, where each of the page's canvases goes on it, and the caption's
// lines under them.
type ViewPicture struct {
	W, H   int     // the picture's size, pixels
	Places []Box   // one per canvas given, in picture pixels
	Font   string  // the caption's CSS font at the picture's scale
	Lines  []Line  // the caption's lines, top-aligned
	Pad    float64 // the margin round the canvases, picture pixels
}

// Line is one line of text at (X, Y) in picture pixels (top-aligned).
type Line struct {
	Text string
	X, Y float64
}

// ComposeView lays out a picture of the whole view at scale screen sizes
// (clamped as [PictureSize]): the canvases (Boxes on screen, at least one)
// cropped to their bounding box with an 8 px margin, and under them the
// caption wrapped to the picture's width ([WrapCaption], with measure the
// width in picture pixels of a string in Font). The controls are HTML,
// which a canvas cannot draw: the caption says the settings instead. It
// panics on no boxes.
func ComposeView(boxes []Box, caption string, scale float64, measure func(font, s string) float64) ViewPicture {
	if len(boxes) == 0 {
		panic("app: ComposeView of no canvases")
	}
	const pad, fontPx, lineGap = 8.0, 13.0, 1.4 // CSS px
	scale = max(1, min(MaxPictureScale, scale))
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, b := range boxes {
		x0, y0, x1, y1 = math.Min(x0, b.X), math.Min(y0, b.Y), math.Max(x1, b.X+b.W), math.Max(y1, b.Y+b.H)
	}
	vw := x1 - x0 + 2*pad
	font := strconv.FormatFloat(fontPx*scale, 'f', 1, 64) + "px system-ui, sans-serif"
	lines := WrapCaption(caption, (vw-2*pad)*scale, func(s string) float64 { return measure(font, s) })
	capH := float64(len(lines))*fontPx*lineGap + pad
	w, h := PictureSize(vw, y1-y0+2*pad+capH, scale)
	s := float64(w) / vw
	v := ViewPicture{W: w, H: h, Font: font, Pad: pad * s}
	for _, b := range boxes {
		v.Places = append(v.Places, Box{(b.X - x0 + pad) * s, (b.Y - y0 + pad) * s, b.W * s, b.H * s})
	}
	for i, l := range lines {
		v.Lines = append(v.Lines, Line{l, pad * s, (y1 - y0 + 2*pad + float64(i)*fontPx*lineGap) * s})
	}
	return v
}
