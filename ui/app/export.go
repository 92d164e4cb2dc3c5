package app

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"kernelplay/core/data"
	"kernelplay/core/jsonfile"
	"kernelplay/core/learn"
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
	// RunVersion is the "version" field written. Version 1 files (one
	// learner, no "second") are read as well.
	RunVersion = 2
	// bareModelFormat is the "format" of a core/learn model file
	// (learn.ModelFormat), which a run file holds as its "model".
	bareModelFormat = "kernelplay-model"
)

// runFile is a run file:
//
//	{"format": "kernelplay-run", "version": 2,
//	 "link": the run's share link hash at t = 0 (settings, seed, clicked
//	         points, timeline of edits — state.Encode),
//	 "position": sim.Position (t, mistakes, Σ|error|),
//	 "model": the learner's core/learn model file (learn.MarshalModel),
//	 "second": for a 2D comparison (the link's "vs"), the second
//	           learner's {"position", "model"}; absent otherwise}
//
// The "model" members are model files as core/learn writes and reads
// them, so a Go program takes a learner out with learn.UnmarshalModel on
// one. Version 1 (written before comparisons were saved) has no "second":
// a comparison's second learner is then rebuilt by replaying the link.
//
// The models' settings must be the ones the link has in force at the saved
// step, every one of them (learn.SameSettings: kernel, σ, λ, ω, …); a file
// whose model contradicts its link is refused, naming the setting. We
// compare rather than take the settings from the file because the link is
// what the page shows — the controls, the caption, the share link and
// Reset's replay all come from it — and Model (JSON) never writes such a
// file: it was edited by hand or is corrupt.
type runFile struct {
	Format   string       `json:"format"`
	Version  int          `json:"version"`
	Link     string       `json:"link"`
	Position sim.Position `json:"position"`
	Model    jsonfile.Raw `json:"model"`
	Second   *runSecond   `json:"second,omitempty"`
}

// runSecond is a run file's second learner (a 2D comparison's).
type runSecond struct {
	Position sim.Position `json:"position"`
	Model    jsonfile.Raw `json:"model"`
}

// ExportModel returns the 2D run as a run file (JSON, see [runFile]):
// everything [LoadModel] needs to continue it at the current step, the
// learners' full state among it (both of a comparison). It returns an
// error outside the 2D plot (the digits view's learners are rebuilt from
// their data set, which the file does not carry; the RES-vs-SGD preset
// runs two learners), and when a learner cannot be written
// (learn.MarshalModel: a diverged learner holds NaN, which JSON cannot).
func (s *Store) ExportModel() (Export, error) {
	r := s.run.Sim()
	if s.run.Kind() != Plot2D || r == nil {
		return Export{}, errors.New("only a 2D plot run can be saved as a model file (one learner on the plot's data)")
	}
	m, err := r.MarshalModel()
	if err != nil {
		return Export{}, err
	}
	f := runFile{Format: RunFormat, Version: RunVersion, Position: r.Position(), Model: m}
	if b := s.run.Second(); b != nil {
		m2, err := b.MarshalModel()
		if err != nil {
			return Export{}, fmt.Errorf("the second learner: %v", err)
		}
		f.Second = &runSecond{Position: b.Position(), Model: m2}
	}
	link := s.base
	link.At, link.Playing = 0, false
	f.Link = state.Encode(link)
	b, err := jsonfile.Marshal(f)
	if err != nil {
		return Export{}, err
	}
	b = jsonfile.Indent(b) // as encoding/json's MarshalIndent(f, "", " ")
	return Export{Name: s.fileStem() + "-model.json", MIME: "application/json", Bytes: b}, nil
}

// LoadModel is the action of *Load model*: a run file ([Store.ExportModel])
// the user picked. The store checks it whole before changing anything; a
// refused file leaves the run and its link as they were and a Warning says
// what is wrong.
//
// A file that passes opens its link at its step: the run is replayed from
// t = 0 (sliced over frames when long, as a link's at= is — see
// [Store.ReplayNow]), so that the charts show the run's history and the
// step inspector its last update, neither of which a model file holds.
// When the replay reaches the file's step, its learners are compared with
// the file's bit for bit (their model files, and the positions): equal,
// the replayed run stays; different (a file edited, or written by a
// program or another version of the page), the file's learners win — the
// run continues from them (sim.Resume), with charts starting at the
// file's step, and the banner says so.
type LoadModel struct {
	Name  string
	Bytes []byte
}

// loadedRun is a run file read and checked (startRunFile): its link's
// configuration at t = 0 and its learners, not yet installed (b's learner
// is absent for one learner).
type loadedRun struct {
	name string
	c    state.Config
	a, b sim.Saved
	two  bool // the file holds a second learner (b)
}

// readRunFile parses and checks a run file ([startRunFile]) and rebuilds
// its run at the saved step at once, replaying the stream (sim.Resume,
// sim.ResumeSecond: up to sim.MaxResume examples, a few seconds). It
// returns the run's configuration at t = 0 and its learners' runs (b nil
// for one learner). The page does not call it: it replays the link over
// frames ([Store.loadModel]); programs and tests do.
func readRunFile(b []byte) (state.Config, *sim.Sim, *sim.Sim, error) {
	ld, err := startRunFile(b)
	if err != nil {
		return state.Config{}, nil, nil, err
	}
	ra, err := ld.a.Resume(ld.c, false)
	if err != nil {
		return state.Config{}, nil, nil, err
	}
	var rb *sim.Sim
	if ld.two {
		if rb, err = ld.b.Resume(ld.c, true); err != nil {
			return state.Config{}, nil, nil, fmt.Errorf("the second learner: %v", err)
		}
	}
	return ld.c, ra, rb, nil
}

// startRunFile parses and checks a run file without replaying anything:
// the file is read strictly (sim.StrictJSON: exact keys, none repeated, the
// arrays' numbers bounded before decoding, so a file of 64 MB allocates
// about twice its length at most), the link decodes and validates, each
// model file is read by learn.UnmarshalModel (truncated JSON, another
// version, NaN, lengths that do not fit) and must be the learner the link
// builds (type, task, input dimension) with the settings the link has in
// force at the saved step (sim.Saved.Check). A "second" needs a link that
// compares; a version 1 file of a comparison holds its first learner
// alone. Every name the file gives is clipped in the errors.
func startRunFile(b []byte) (loadedRun, error) {
	var none loadedRun
	if len(b) > sim.MaxModelBytes {
		return none, fmt.Errorf("%d MB, more than the %d MB a model file may hold", len(b)>>20, sim.MaxModelBytes>>20)
	}
	var f runFile
	if err := sim.StrictJSON(b, &f); err != nil {
		if strings.Contains(err.Error(), "unknown key") && learn.IsModelFile(b) {
			return none, errors.New("it is a bare learner model file (core/learn) without the run's link and step; " +
				"Load model reads the run files that Model (JSON) saves")
		}
		return none, runFileError(b, err)
	}
	if f.Format != RunFormat {
		return none, fmt.Errorf("format %s, not a kernelplay run file (%q)", sim.Clip(f.Format), RunFormat)
	}
	if f.Version != 1 && f.Version != RunVersion {
		return none, fmt.Errorf("version %d; this page reads versions 1 and %d", f.Version, RunVersion)
	}
	if len(f.Model) == 0 {
		return none, errors.New(`the file has no "model"`)
	}
	if f.Version == 1 && f.Second != nil {
		return none, errors.New(`a version 1 run file has no "second" learner`)
	}
	if f.Second != nil && len(f.Second.Model) == 0 {
		return none, errors.New(`the file's "second" has no "model"`)
	}
	c, err := state.Decode(f.Link)
	if err != nil {
		return none, fmt.Errorf("its link: %v", err)
	}
	if c.Mode != state.Mode2D {
		return none, errors.New("its link is not a 2D plot run")
	}
	c.At, c.Playing = 0, false
	if f.Second != nil && !c.Comparing() {
		return none, errors.New(`the file holds a "second" learner but its link compares none`)
	}
	if f.Version == RunVersion && c.Comparing() && f.Second == nil {
		return none, errors.New(`its link compares two learners but the file holds no "second"`)
	}
	ld := loadedRun{c: c}
	if ld.a, err = sim.ReadSaved(f.Model, f.Position); err != nil {
		return none, err
	}
	if err := ld.a.Check(c, false); err != nil {
		return none, err
	}
	if f.Second != nil {
		if f.Second.Position.T != f.Position.T {
			return none, fmt.Errorf("the second learner is at step %d, the first at %d", f.Second.Position.T, f.Position.T)
		}
		if ld.b, err = sim.ReadSaved(f.Second.Model, f.Second.Position); err != nil {
			return none, fmt.Errorf("the second learner: %v", err)
		}
		if err := ld.b.Check(c, true); err != nil {
			return none, fmt.Errorf("the second learner: %v", err)
		}
		ld.two = true
	}
	return ld, nil
}

// runFileError words an error of reading a run file's JSON.
func runFileError(b []byte, err error) error {
	var se *jsonfile.SyntaxError
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

// loadModel applies [LoadModel]: it checks the whole file before changing
// anything (startRunFile), then opens its link at its step — replayed
// over frames when long, with the replay's progress note and its Stop, as
// a link's at= is — and, when the replay gets there, settles which
// learners continue ([Store.settleLoad]).
func (s *Store) loadModel(a LoadModel) {
	ld, err := startRunFile(a.Bytes)
	if err != nil {
		s.msg = Message{Kind: Warning, Text: "The model file " + sim.Clip(a.Name) + " cannot be loaded: " + err.Error() +
			". Nothing was changed."}
		return
	}
	ld.name = sim.Clip(a.Name)
	c := ld.c
	c.Hide, c.Presenter = s.pg.Hide, s.pg.Presenter
	ld.c = c
	c.At = ld.a.P.T
	s.msg, s.keepHash = Message{}, ""
	if err := s.open(c); err != nil {
		// startRunFile built the link's run: this does not happen.
		s.msg = Message{Kind: Warning, Text: "The model file " + ld.name + " cannot be loaded: " + err.Error() +
			". Nothing was changed."}
		return
	}
	if s.replay > 0 {
		s.loading = &ld // Replay (or its Stop) settles it
		return
	}
	s.settleLoad(&ld)
}

// settleLoad finishes a LoadModel once the link's replay has reached the
// file's step, or was stopped short of it. At the step, it keeps the
// replayed run when its learners and positions equal the file's bit for
// bit; otherwise (a file edited, or written by a program or another version
// of the page) the file's learners take over from the replayed ones at that
// step (sim.Sim.AdoptSaved: the stream is where the saved run's was, the
// charts keep the replayed history). Stopped short, the run stays the
// link's at the step it reached and the file's learners are not used. The
// banner says which.
func (s *Store) settleLoad(ld *loadedRun) {
	c := ld.c
	title := learnerTitle(c)
	if c.Comparing() && ld.two {
		na, nb := sim.PairNames(c)
		title = na + " and " + nb
	}
	r, t := s.run.Sim(), ld.a.P.T
	if r == nil || r.T() != t {
		got := 0
		if r != nil {
			got = r.T()
		}
		s.msg = Message{Kind: Info, Text: fmt.Sprintf("Stopped at step %d, before %s's step %d: the run is its link's, "+
			"replayed to step %d, and the file's learners were not loaded. Load the file again to go on to step %d.",
			got, ld.name, t, got, t)}
		return
	}
	same := sameLearner(r, ld.a)
	if ld.two {
		same = same && s.run.Second() != nil && sameLearner(s.run.Second(), ld.b)
	}
	if same {
		s.msg = Message{Kind: Info, Text: fmt.Sprintf("Loaded %s: %s at step %d, the charts and the step inspector "+
			"replayed from its link. Press play to continue learning.", ld.name, title, t)}
		return
	}
	err := r.AdoptSaved(ld.a)
	if err == nil && ld.two {
		if b := s.run.Second(); b == nil {
			err = errors.New("the link's run has no second learner")
		} else if err = b.AdoptSaved(ld.b); err != nil {
			err = fmt.Errorf("the second learner: %v", err)
		}
	}
	if err != nil {
		// Check refused what Adopt refuses before anything changed: this
		// does not happen; the replayed run stays.
		s.msg = Message{Kind: Warning, Text: "The model file " + ld.name + " cannot be loaded: " + err.Error() +
			". The run is its link's, replayed to step " + strconv.Itoa(t) + "."}
		return
	}
	s.pg.Playing = false
	s.msg = Message{Kind: Info, Text: fmt.Sprintf("Loaded %s: %s at step %d. Its learner is not the one its link "+
		"replays (the file was edited or made elsewhere), so the run continues from the file's learner; the charts "+
		"before step %d are the link's replay. Press play to continue learning.", ld.name, title, t, t)}
}

// sameLearner reports whether the run r is at the saved position of sv
// with a learner whose model file is byte for byte the saved one's.
func sameLearner(r *sim.Sim, sv sim.Saved) bool {
	if r.Position() != sv.P {
		return false
	}
	ma, err := r.MarshalModel()
	if err != nil {
		return false
	}
	mb, err := sv.Model()
	return err == nil && bytes.Equal(ma, mb)
}

// Caption returns the caption line of a picture of the view: the learner,
// the kernel and the settings in force (each active setting of the Learner,
// Kernel, Step size and Buffer groups as symbol = value), in a comparison
// the second learner's name and settings ("compared with NORMA τ=100:
// λ = 0.001, σ = 0.5, …"), the step t, the
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
		if f.Key == "l" || f.Key == "vs" || !f.Active(c) {
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
	if c.Comparing() {
		// The second learner by its legend name, with its own settings
		// (its σ among them), as the plot's second panel says them.
		_, nb := sim.PairNames(c)
		parts = append(parts, "compared with "+nb+": "+strings.ReplaceAll(settingsCaption(c.SecondConfig()), " · ", ", "))
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
// width as measured by measure (the browser's measureText), filling each
// line: after a " · " between its parts, a ", " between settings or a '&'
// of the link (so that the learner's name does not stand alone on a line
// when its settings are too long to join it whole), and a piece still too
// wide between characters. Every line holds at least
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

// Box is a rectangle in pixels: X, Y its top left corner, W, H its size.
type Box struct{ X, Y, W, H float64 }

// ViewPicture is the layout of a picture of the whole view: its size in
// pixels, where each panel goes on it, and its lines of text (the
// read-outs beside the charts, the caption under everything).
type ViewPicture struct {
	W, H   int     // the picture's size, pixels
	Places []Box   // one per panel given, in picture pixels
	Font   string  // the text's CSS font at the picture's scale
	Lines  []Line  // the read-outs' lines, then the caption's, top-aligned
	Pad    float64 // the margin round the picture, picture pixels
}

// Line is one line of text at (X, Y) in picture pixels (top-aligned).
type Line struct {
	Text string
	X, Y float64
}

// Panel is one panel of a picture of the view, in CSS pixels: its size as
// the page shows it (W×H), its column (0 the left one: the plot, the
// second learner's surface, the buffer strip; 1 the right one: the
// charts), and Beside, true when it sits to the right of the previous
// panel of its column (same top; the comparison's second surface beside
// the plot) instead of under it.
type Panel struct {
	W, H   float64
	Col    int
	Beside bool
}

// Picture layout, CSS pixels: the margin round the picture, the gap
// between panels, the text's size and its line height in text sizes.
const (
	picturePad  = 8.0
	pictureGap  = 12.0
	pictureFont = 13.0
	pictureLine = 1.4
)

// ComposePanels lays out a picture of the whole view at scale screen
// sizes (clamped as [PictureSize]) in a fixed layout that depends only on
// the panels' sizes, never on where the page has scrolled or wrapped
// them (issue 19 item 5): two columns of panels (Panel.Col) from the top,
// each panel under the previous one of its column or beside it, 12 px
// apart and 8 px from the edges; the read-outs' lines (readouts, e.g.
// "t 1,200") under the right column's panels (under the left one's when
// the right column is empty); and the caption wrapped to the picture's
// width ([WrapCaption], measure giving the width in picture pixels of a
// string in Font) under both columns. The controls are HTML, which a
// canvas cannot draw: the caption says the settings instead. Panels of
// zero size take no room. It panics on no panels.
func ComposePanels(panels []Panel, readouts []string, caption string, scale float64, measure func(font, s string) float64) ViewPicture {
	if len(panels) == 0 {
		panic("app: ComposePanels of no panels")
	}
	scale = max(1, min(MaxPictureScale, scale))
	places := make([]Box, len(panels)) // CSS px, relative to the column's left edge
	var colW, colH [2]float64          // each column's extent
	var last [2]int                    // each column's last placed panel, −1 for none
	last[0], last[1] = -1, -1
	for i, p := range panels {
		c := max(0, min(1, p.Col))
		if !(p.W > 0 && p.H > 0) {
			continue
		}
		b := Box{W: p.W, H: p.H}
		if j := last[c]; p.Beside && j >= 0 {
			b.X, b.Y = places[j].X+places[j].W+pictureGap, places[j].Y
		} else if j >= 0 {
			b.Y = colH[c] + pictureGap
		}
		places[i], last[c] = b, i
		colW[c], colH[c] = math.Max(colW[c], b.X+b.W), math.Max(colH[c], b.Y+b.H)
	}
	textCol := 1
	if last[1] < 0 {
		textCol = 0
	}
	lineH := pictureFont * pictureLine
	font := strconv.FormatFloat(pictureFont*scale, 'f', 1, 64) + "px system-ui, sans-serif"
	widthOf := func(s string) float64 { return measure(font, s) / scale } // CSS px
	var readY float64
	if len(readouts) > 0 {
		readY = colH[textCol]
		if last[textCol] >= 0 {
			readY += pictureGap
		}
		for _, r := range readouts {
			colW[textCol] = math.Max(colW[textCol], widthOf(r))
		}
		colH[textCol] = readY + float64(len(readouts))*lineH
	}
	x1 := 0.0 // the right column's left edge
	if last[1] >= 0 || textCol == 1 {
		x1 = colW[0] + pictureGap
	}
	vw := picturePad + x1 + colW[1] + picturePad
	if x1 == 0 {
		vw = picturePad + colW[0] + picturePad
	}
	top := picturePad + math.Max(colH[0], colH[1]) + pictureGap
	lines := WrapCaption(caption, (vw-2*picturePad)*scale, func(s string) float64 { return measure(font, s) })
	vh := top + float64(len(lines))*lineH + picturePad
	w, h := PictureSize(vw, vh, scale)
	k := float64(w) / vw
	v := ViewPicture{W: w, H: h, Font: font, Pad: picturePad * k}
	colX := [2]float64{picturePad, picturePad + x1}
	for i, p := range panels {
		b := places[i]
		if !(p.W > 0 && p.H > 0) {
			v.Places = append(v.Places, Box{})
			continue
		}
		c := max(0, min(1, p.Col))
		v.Places = append(v.Places, Box{(colX[c] + b.X) * k, (picturePad + b.Y) * k, b.W * k, b.H * k})
	}
	for i, r := range readouts {
		v.Lines = append(v.Lines, Line{r, colX[textCol] * k, (picturePad + readY + float64(i)*lineH) * k})
	}
	for i, l := range lines {
		v.Lines = append(v.Lines, Line{l, picturePad * k, (top + float64(i)*lineH) * k})
	}
	return v
}
