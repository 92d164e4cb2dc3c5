package data

import (
	"bufio"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// FormatError reports malformed input in a user's data file: which file,
// line and column, and what is wrong. Lines and columns count from 1;
// columns count bytes within the line. Column is 0 when the problem is the
// whole line or file.
type FormatError struct {
	Format       string // "libsvm" or "csv"
	Name         string // the name given to the reader, usually the file name
	Line, Column int    // 1-based position; Column 0 for a whole line or file
	Msg          string // what is wrong, without the position
}

// Error formats e as "name: line L, column C: msg (format)".
func (e *FormatError) Error() string {
	var b strings.Builder
	b.WriteString(e.Name)
	if e.Line > 0 {
		fmt.Fprintf(&b, ": line %d", e.Line)
		if e.Column > 0 {
			fmt.Fprintf(&b, ", column %d", e.Column)
		}
	}
	fmt.Fprintf(&b, ": %s (%s)", e.Msg, e.Format)
	return b.String()
}

// The memory budget of the readers and decoders. A data set is held
// densely, Len()·Dim float64 values, and a learner adds its buffer (ω stored
// inputs of Dim values) on top: the budget keeps a file from exhausting a
// browser tab (wasm32: at most 4 GiB of memory, in practice 1–2 GB), and it
// is checked before anything of that size is allocated.
const (
	// MaxCells bounds examples × dimension of a set read by [ReadLIBSVM]
	// or [ReadCSV] or decoded by [DecodeDigits] (images × pixels): 2²³ =
	// 8,388,608 values, 64 MiB of float64 ([MaxSetBytes]). The shipped
	// MNIST subset (10,000 × 784 = 7,840,000) fits; the full MNIST training
	// set (60,000 × 784) does not.
	MaxCells = 1 << 23
	// MaxSetBytes is the memory of MaxCells float64 values (64 MiB), the
	// figure the page states.
	MaxSetBytes = 8 * MaxCells
	// MaxDim is the largest input dimension the readers accept (65,536):
	// inputs are stored densely, in the set and in the learner's buffer
	// (ω·Dim values), and every kernel evaluation costs Dim operations.
	// At that width MaxCells leaves 128 examples; wider data, such as the
	// sparse news20.binary of the LIBSVM collection (1,355,191 features),
	// could not be held densely anyway.
	MaxDim = 1 << 16
	// MaxAbs bounds the magnitude of a feature value: |x| ≤ 1e150. Beyond
	// about 1.3e154 the squared norm ‖x‖² that the Gaussian and Laplacian
	// kernels compute overflows to +Inf and ‖x − z‖² = ‖x‖² + ‖z‖² − 2⟨x, z⟩
	// becomes Inf − Inf = NaN; with MaxDim features of 1e150, ‖x‖² ≤
	// 65,536·1e300 ≈ 6.6e304 stays finite. Labels are not bounded: they
	// become class indices or ±1.
	MaxAbs = 1e150
	// maxLine bounds the length of one line (LIBSVM) or record (CSV) in
	// bytes: 4 MiB, room for MaxDim values of up to 63 characters.
	maxLine = 1 << 22
)

// overBudget says that rows × dim is over [MaxCells].
func overBudget(rows, dim int) string {
	return fmt.Sprintf("%d examples × %d features are more than the %d values (%d MiB) kernelplay holds",
		rows, dim, MaxCells, MaxSetBytes>>20)
}

// ReadLIBSVM reads a data set in the LIBSVM/svmlight sparse text format,
// one example per line:
//
//	<label> [qid:<n>] <index>:<value> <index>:<value> … [# comment]
//
// Indices are integers from 1 to [MaxDim], strictly increasing within a line;
// absent features are 0; labels are finite decimal numbers, values too with
// |value| ≤ [MaxAbs]; examples × dimension is at most [MaxCells]; blank
// lines and lines holding only a comment are skipped; qid is accepted and
// ignored. The set's Dim is the largest index seen, its labels are kept as
// read (convert with [Set.ToBinary] or [Set.ToClasses]).
//
// Malformed input is a *[FormatError] naming the line and column (never a
// panic); a read error of r is returned wrapped.
//
// Memory: the budget is checked at every line and every new largest index,
// before the values are stored, so a file over it is refused having cost
// about what it has read. While reading, the non-zero values are kept
// sparsely (12 bytes each, at most [MaxCells] of them: 96 MiB); the dense
// set is allocated once at the end (8 bytes per cell, at most
// [MaxSetBytes]).
func ReadLIBSVM(r io.Reader, name string) (*Set, error) {
	lr := &libsvmReader{name: name}
	sc := bufio.NewScanner(skipBOM(r))
	sc.Buffer(make([]byte, 0, 64<<10), maxLine)
	for sc.Scan() {
		lr.line++
		if err := lr.parseLine(sc.Text()); err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			lr.line++
			return nil, lr.fail(0, "line longer than %d bytes", maxLine)
		}
		return nil, fmt.Errorf("data: reading %s: %w", name, err)
	}
	return lr.set()
}

// libsvmReader is the state of [ReadLIBSVM]: the examples read so far, kept
// sparsely until the dense set is made at the end.
type libsvmReader struct {
	name   string
	line   int // 1-based number of the line being read
	labels []float64
	starts []int   // starts[i] is the first entry of example i in idx, val
	idx    []int32 // 0-based feature index of each non-zero value
	val    []float64
	dim    int // the largest feature index seen
}

// fail is a *FormatError at column col of the current line.
func (lr *libsvmReader) fail(col int, format string, a ...any) error {
	return &FormatError{Format: "libsvm", Name: lr.name, Line: lr.line, Column: col, Msg: fmt.Sprintf(format, a...)}
}

// parseLine reads one line: a label and its index:value pairs (a comment
// from '#' on, a blank line adds nothing).
func (lr *libsvmReader) parseLine(text string) error {
	if i := strings.IndexByte(text, '#'); i >= 0 {
		text = text[:i]
	}
	pos := 0 // byte offset of the next token in the line
	next := func() (string, int) {
		for pos < len(text) && isSpace(text[pos]) {
			pos++
		}
		start := pos
		for pos < len(text) && !isSpace(text[pos]) {
			pos++
		}
		return text[start:pos], start + 1
	}
	tok, col := next()
	if tok == "" {
		return nil
	}
	y, err := strconv.ParseFloat(tok, 64)
	if err != nil || math.IsInf(y, 0) || math.IsNaN(y) {
		return lr.fail(col, "label %q is not a finite number", clip(tok))
	}
	rows := len(lr.labels) + 1 // with this line
	if lr.dim > 0 && rows > MaxCells/lr.dim {
		return lr.fail(0, "%s", overBudget(rows, lr.dim))
	}
	lr.labels = append(lr.labels, y)
	lr.starts = append(lr.starts, len(lr.idx))
	last := 0
	for {
		tok, col := next()
		if tok == "" {
			return nil
		}
		j, x, err := lr.feature(tok, col, last, rows)
		if err != nil {
			return err
		}
		if j == 0 { // qid
			continue
		}
		last = j
		lr.dim = max(lr.dim, j)
		if x != 0 {
			lr.idx = append(grow(lr.idx, 1, MaxCells), int32(j-1))
			lr.val = append(grow(lr.val, 1, MaxCells), x)
		}
	}
}

// feature parses the token tok at column col, an index:value pair after
// index last on an example that is the rows-th: it returns the 1-based index
// j and the value x, or j = 0 for a valid qid, or a *FormatError.
func (lr *libsvmReader) feature(tok string, col, last, rows int) (j int, x float64, err error) {
	colon := strings.IndexByte(tok, ':')
	if colon < 0 {
		return 0, 0, lr.fail(col, "expected <index>:<value>, found %q", clip(tok))
	}
	key, v := tok[:colon], tok[colon+1:]
	if key == "qid" {
		if _, err := strconv.ParseUint(v, 10, 63); err != nil {
			return 0, 0, lr.fail(col, "qid %q is not a non-negative integer", clip(v))
		}
		return 0, 0, nil
	}
	j, err = strconv.Atoi(key)
	switch {
	case err != nil && !errors.Is(err, strconv.ErrRange):
		return 0, 0, lr.fail(col, "feature index %q is not an integer", clip(key))
	case err != nil || j < 1 || j > MaxDim:
		return 0, 0, lr.fail(col, "feature index %s outside 1..%d", clip(key), MaxDim)
	case j <= last:
		return 0, 0, lr.fail(col, "feature index %d after %d: indices must increase along a line", j, last)
	}
	x, err = strconv.ParseFloat(v, 64)
	if err != nil || math.IsInf(x, 0) || math.IsNaN(x) {
		return 0, 0, lr.fail(col+colon+1, "value %q of feature %d is not a finite number", clip(v), j)
	}
	if math.Abs(x) > MaxAbs {
		return 0, 0, lr.fail(col+colon+1, "value %s of feature %d is beyond ±%g: the kernels cannot use it (‖x‖² overflows); rescale the data", clip(v), j, MaxAbs)
	}
	if j > lr.dim && j > MaxCells/rows {
		return 0, 0, lr.fail(col, "feature index %d: %s", j, overBudget(rows, j))
	}
	return j, x, nil
}

// set makes the dense set of what was read, or says why there is none.
func (lr *libsvmReader) set() (*Set, error) {
	lr.line = 0
	switch {
	case len(lr.labels) == 0:
		return nil, lr.fail(0, "no examples")
	case lr.dim == 0:
		return nil, lr.fail(0, "no features: every line holds only a label")
	}
	dim := lr.dim
	s := &Set{Name: lr.name, Dim: dim, X: make([]float64, len(lr.labels)*dim), Y: lr.labels}
	starts := append(lr.starts, len(lr.idx))
	for i := range lr.labels {
		row := s.X[i*dim : (i+1)*dim]
		for e := starts[i]; e < starts[i+1]; e++ {
			row[lr.idx[e]] = lr.val[e]
		}
	}
	return s, nil
}

// skipBOM returns a reader of r without its leading UTF-8 byte-order mark,
// if any (spreadsheet programs write one before CSV files).
func skipBOM(r io.Reader) io.Reader {
	br := bufio.NewReader(r)
	if b, err := br.Peek(3); err == nil && string(b) == "\ufeff" {
		br.Discard(3)
	}
	return br
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' }

// clip shortens a token for an error message.
func clip(s string) string {
	const n = 40
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// WriteLIBSVM writes s in the LIBSVM format read by [ReadLIBSVM]: one line
// per example, the label then the non-zero features as index:value with
// 1-based indices, numbers in the shortest form that reads back exactly
// (strconv 'g', −1). The first line also names the last feature, as
// "Dim:0" when it is zero, so that the dimension survives a last column of
// zeros: ReadLIBSVM returns a set with the same Dim, X and Y (−0 reads back
// as 0, the format keeping only non-zero values; Name, Classes, Width and
// Height are not written). It returns w's errors and panics if s is
// inconsistent (Dim < 1 or len(X) ≠ Len()·Dim).
func WriteLIBSVM(w io.Writer, s *Set) error {
	s.check()
	bw := bufio.NewWriter(w)
	var buf []byte
	for i := range s.Len() {
		buf = strconv.AppendFloat(buf[:0], s.Y[i], 'g', -1, 64)
		for j, x := range s.Row(i) {
			if x != 0 || (i == 0 && j == s.Dim-1) {
				buf = append(buf, ' ')
				buf = strconv.AppendInt(buf, int64(j+1), 10)
				buf = append(buf, ':')
				buf = strconv.AppendFloat(buf, x, 'g', -1, 64)
			}
		}
		buf = append(buf, '\n')
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// WriteCSV writes s as comma-separated text read by [ReadCSV] with the zero
// [CSVConfig]: a header record "x1,…,xd,y" (skipped by ReadCSV, named for a
// spreadsheet), then one record per example, the Dim features then the
// label in the last column, every number in the shortest form that reads
// back to the same float64 (strconv 'g', −1). ReadCSV returns a set with the
// same Dim, X and Y, bit for bit (Name, Classes, Width and Height are not
// written). It returns w's errors and panics if s is inconsistent (Dim < 1
// or len(X) ≠ Len()·Dim).
func WriteCSV(w io.Writer, s *Set) error {
	s.check()
	bw := bufio.NewWriter(w)
	buf := make([]byte, 0, 64)
	for j := range s.Dim {
		buf = append(buf, 'x')
		buf = strconv.AppendInt(buf, int64(j+1), 10)
		buf = append(buf, ',')
	}
	buf = append(buf, "y\n"...)
	if _, err := bw.Write(buf); err != nil {
		return err
	}
	for i := range s.Len() {
		buf = buf[:0]
		for _, x := range s.Row(i) {
			buf = strconv.AppendFloat(buf, x, 'g', -1, 64)
			buf = append(buf, ',')
		}
		buf = strconv.AppendFloat(buf, s.Y[i], 'g', -1, 64)
		buf = append(buf, '\n')
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// CSVConfig says how [ReadCSV] reads a file. The zero value reads
// comma-separated numbers with the label in the last column.
type CSVConfig struct {
	// LabelColumn is the 1-based column holding the label. 0 means the last
	// column (as in UCI files and scikit-learn's digits.csv); −1 means no label
	// column: every column is a feature and every label is 0 (novelty
	// detection).
	LabelColumn int
	// Comma is the field separator; 0 means ','. Use '\t' for TSV, ';' for
	// files written with a decimal comma locale (the values must still use a
	// decimal point).
	Comma rune
}

// ReadCSV reads a data set from comma-separated text: one example per
// record, every feature a finite decimal number with |value| ≤ [MaxAbs],
// the same number of fields in every record, at most [MaxDim] features and
// [MaxCells] values in all. The first record is a header, and skipped, when
// any of its feature fields is not a number (with no label column: any
// field). A leading UTF-8 byte-order mark is ignored. Lines starting with
// '#' are comments; spaces around fields are ignored; quoted fields are
// allowed (RFC 4180).
//
// Labels: when every label is a finite number they are kept as read
// (convert with [Set.ToBinary] or [Set.ToClasses]). When any label is text
// ("setosa", as in the iris and geyser files every data tool ships), the
// label column names classes: each distinct label, as written (so "1" and
// "1.0" are two names), is a class, numbered 0, 1, … in order of first
// appearance; Y holds the class indices, Classes their count and
// ClassNames the names. At most [MaxTextClasses] distinct names: more is an
// error naming the line (a text column of that many values is an
// identifier, not a class).
//
// Malformed input is a *[FormatError] naming the line and column (never a
// panic); a read error of r is returned wrapped; an invalid cfg.Comma or
// LabelColumn is an error too.
//
// Memory: a record of more than MaxDim+1 fields or 4 MiB is refused while
// it is read, before encoding/csv has split it (a 6 MB line of 2²⁰ fields
// costs about 10 MB: encoding/csv's 140 bytes per field up to field
// 65,538); the budget is checked before each example is stored. The values
// are stored in one slice that doubles up to [MaxSetBytes], so the set
// peaks at 1.5 times that (96 MiB) while it grows.
func ReadCSV(r io.Reader, name string, cfg CSVConfig) (*Set, error) {
	if cfg.LabelColumn < -1 {
		return nil, fmt.Errorf("data: CSV label column %d: want a column number ≥ 1, 0 for the last or −1 for none", cfg.LabelColumn)
	}
	comma, err := csvComma(cfg.Comma)
	if err != nil {
		return nil, err
	}
	guard := &recordGuard{r: skipBOM(r), comma: string(comma)[0], lineStart: true}
	cr := csv.NewReader(guard)
	cr.Comma = comma
	cr.Comment = '#'
	cr.TrimLeadingSpace = true
	cr.ReuseRecord = true
	c := &csvSet{name: name, cr: cr, s: &Set{Name: name}, text: -1}
	for first := true; ; first = false {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, c.readError(err, rec)
		}
		if first {
			if err := c.columns(cfg.LabelColumn, rec); err != nil {
				return nil, err
			}
			if isHeader(rec, c.label) {
				continue
			}
		}
		if err := c.add(rec); err != nil {
			return nil, err
		}
	}
	if c.s.Len() == 0 {
		return nil, c.fail(0, 0, "no examples")
	}
	if c.text >= 0 {
		c.s.Y = c.names.classes
		c.s.Classes = len(c.names.order)
		c.s.ClassNames = c.names.order
	}
	return c.s, nil
}

// MaxTextClasses bounds the distinct text labels [ReadCSV] turns into
// classes (1,000, as [Set.ToClasses] bounds numeric ones).
const MaxTextClasses = maxClasses

// labelNames numbers a CSV file's labels as class names in order of first
// appearance, for the case that some label is text. It is kept from the
// first record on, so that a text label on line 10,000 needs no second
// pass; numeric files with more than MaxTextClasses distinct labels stop
// it (over is set) and cost no more than the map of that many names.
type labelNames struct {
	index   map[string]int // name → class
	order   []string       // class → name
	classes []float64      // each example's class index
	over    bool           // more than MaxTextClasses distinct labels seen
}

// add records the label of the next example; it reports false when the
// name is new and MaxTextClasses names are already known.
func (n *labelNames) add(name string) bool {
	if n.over {
		return false
	}
	k, ok := n.index[name]
	if !ok {
		if len(n.order) == MaxTextClasses {
			n.over = true
			n.index, n.classes = nil, nil
			return false
		}
		if n.index == nil {
			n.index = make(map[string]int)
		}
		k = len(n.order)
		n.index[name] = k
		n.order = append(n.order, name)
	}
	n.classes = append(n.classes, float64(k))
	return true
}

// csvComma is the field separator of [CSVConfig.Comma] c (0: ','), or an
// error when c cannot separate fields.
func csvComma(c rune) (rune, error) {
	if c == 0 {
		return ',', nil
	}
	if c == '#' || c == '"' || c == '\r' || c == '\n' || c == utf8.RuneError || !utf8.ValidRune(c) {
		return 0, fmt.Errorf("data: CSV separator %q cannot separate fields", c)
	}
	return c, nil
}

// csvSet is the state of [ReadCSV]: the set read so far and its columns.
type csvSet struct {
	name   string
	cr     *csv.Reader
	s      *Set
	fields int        // fields per record, from the first
	label  int        // 0-based label column, −1 for none
	names  labelNames // the labels as class names (see ReadCSV)
	text   int        // 1-based line of the first text label, −1 while every label is a number
}

// fail is a *FormatError at line and column col.
func (c *csvSet) fail(line, col int, format string, a ...any) error {
	return &FormatError{Format: "csv", Name: c.name, Line: line, Column: col, Msg: fmt.Sprintf(format, a...)}
}

// readError turns an error of the CSV reader (rec is what it returned) into
// a *FormatError, or wraps a read error of the source.
func (c *csvSet) readError(err error, rec []string) error {
	var pe *csv.ParseError
	var big *recordTooBig
	if errors.As(err, &big) {
		return c.fail(big.line, 0, "%s", big.what)
	}
	if errors.As(err, &pe) {
		msg := pe.Err.Error()
		if errors.Is(pe.Err, csv.ErrFieldCount) {
			msg = fmt.Sprintf("%d fields, but the first record has %d", len(rec), c.fields)
		}
		return c.fail(pe.Line, pe.Column, "%s", msg)
	}
	return fmt.Errorf("data: reading %s: %w", c.name, err)
}

// columns sets the field count, the label column (labelColumn as in
// [CSVConfig]) and the set's Dim from the first record rec.
func (c *csvSet) columns(labelColumn int, rec []string) error {
	line, _ := c.cr.FieldPos(0)
	c.fields = len(rec)
	switch {
	case labelColumn == 0:
		c.label = c.fields - 1
	case labelColumn == -1:
		c.label = -1
	case labelColumn > c.fields:
		return c.fail(line, 0, "label column %d, but the record has %d fields", labelColumn, c.fields)
	default:
		c.label = labelColumn - 1
	}
	c.s.Dim = c.fields
	if c.label >= 0 {
		c.s.Dim--
	}
	if c.s.Dim == 0 {
		return c.fail(line, 0, "no feature columns: the record has only the label")
	}
	if c.s.Dim > MaxDim {
		return c.fail(line, 0, "%d features, more than the %d kernelplay reads", c.s.Dim, MaxDim)
	}
	return nil
}

// add appends the example of record rec, within the budget.
func (c *csvSet) add(rec []string) error {
	s := c.s
	if s.Len() >= MaxCells/s.Dim {
		line, _ := c.cr.FieldPos(0)
		return c.fail(line, 0, "%s", overBudget(s.Len()+1, s.Dim))
	}
	s.X = grow(s.X, s.Dim, MaxCells/s.Dim*s.Dim)
	y := 0.0
	for j, f := range rec {
		if j == c.label {
			var err error
			if y, err = c.labelValue(f); err != nil {
				s.X = s.X[:s.Len()*s.Dim]
				return err
			}
			continue
		}
		v, err := c.value(j, f)
		if err != nil {
			s.X = s.X[:s.Len()*s.Dim]
			return err
		}
		s.X = append(s.X, v)
	}
	s.Y = append(s.Y, y)
	return nil
}

// labelValue reads the label field f of the current record: its number
// while every label so far is a number, and it records f as a class name
// (see [ReadCSV]). A text label switches the file to names, or is an error
// when more than MaxTextClasses distinct labels came before it; an empty
// label, NaN and ±Inf (numbers that are no value) are errors.
func (c *csvSet) labelValue(f string) (float64, error) {
	f = strings.TrimSpace(f)
	line, col := c.cr.FieldPos(c.label)
	if f == "" {
		return 0, c.fail(line, col, "empty label in field %d (missing values are not supported)", c.label+1)
	}
	if !c.names.add(f) {
		if c.text >= 0 {
			return 0, c.fail(line, col, "label %q in field %d would be class %d: a column of class names holds at most %d",
				clip(f), c.label+1, MaxTextClasses+1, MaxTextClasses)
		}
	}
	v, err := strconv.ParseFloat(f, 64)
	if err == nil && (math.IsInf(v, 0) || math.IsNaN(v)) {
		// NaN and ±Inf parse as numbers: a missing or broken value, not a name.
		return 0, c.fail(line, col, "label %q in field %d is not a finite number", clip(f), c.label+1)
	}
	if err == nil {
		return v, nil
	}
	if c.text < 0 {
		if c.names.over {
			return 0, c.fail(line, col, "label %q in field %d is text, but the labels before it hold more than %d distinct numbers: "+
				"a column of class names cannot hold that many", clip(f), c.label+1, MaxTextClasses)
		}
		c.text = line
	}
	return 0, nil
}

// value parses field j, f, of the current record: a finite number, within
// ±[MaxAbs] for a feature.
func (c *csvSet) value(j int, f string) (float64, error) {
	v, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		line, col := c.cr.FieldPos(j)
		what := "value"
		if j == c.label {
			what = "label"
		}
		if strings.TrimSpace(f) == "" {
			return 0, c.fail(line, col, "empty %s in field %d (missing values are not supported)", what, j+1)
		}
		return 0, c.fail(line, col, "%s %q in field %d is not a finite number", what, clip(f), j+1)
	}
	if j != c.label && math.Abs(v) > MaxAbs {
		line, col := c.cr.FieldPos(j)
		return 0, c.fail(line, col, "value %s in field %d is beyond ±%g: the kernels cannot use it (‖x‖² overflows); rescale the data",
			clip(strings.TrimSpace(f)), j+1, MaxAbs)
	}
	return v, nil
}

// grow returns s with room for n more elements: when it has not, a copy
// with twice the capacity (at least 1024), but never more than limit.
// Appending to the result then allocates at most about twice the final
// length in all, where append's own growth (×1.25 for large slices)
// allocates about five times it, and the copy peaks at 1.5 times the
// final length.
func grow[T any](s []T, n, limit int) []T {
	if len(s)+n <= cap(s) {
		return s
	}
	c := max(min(2*cap(s), limit), len(s)+n, 1024)
	t := make([]T, len(s), c)
	copy(t, s)
	return t
}

// recordGuard passes a CSV stream through to encoding/csv and stops it, with
// a *recordTooBig error, as soon as the record being read has more than
// MaxDim+1 fields or maxLine bytes: encoding/csv reads a whole record (and
// allocates about 40 bytes per field) before ReadCSV could look at it.
// It follows the record boundaries as encoding/csv does: a newline ends a
// record unless it is inside quotes, a line starting with '#' is a comment.
// Separators inside quotes count as fields too, which only errs on the
// side of refusing.
type recordGuard struct {
	r         io.Reader
	comma     byte // the separator, or the first byte of its UTF-8 encoding
	quoted    bool // inside a quoted field
	comment   bool // inside a comment line
	lineStart bool // at the first byte of a physical line
	fields    int  // separators seen in this record
	bytes     int  // bytes of this record
	line      int  // physical lines completed
	err       error
}

// recordTooBig is recordGuard's error: the 1-based physical line where
// the record went over, and what.
type recordTooBig struct {
	line int
	what string
}

func (e *recordTooBig) Error() string { return fmt.Sprintf("line %d: %s", e.line, e.what) }

// Read reads from the underlying reader and checks the bytes read.
func (g *recordGuard) Read(p []byte) (int, error) {
	if g.err != nil {
		return 0, g.err
	}
	n, err := g.r.Read(p)
	for i, c := range p[:n] {
		if g.lineStart && !g.quoted && c == '#' {
			g.comment = true
		}
		g.lineStart = false
		g.bytes++
		switch {
		case c == '\n':
			g.line++
			g.lineStart = true
			if g.comment || !g.quoted {
				g.comment, g.fields, g.bytes = false, 0, 0
			}
		case g.comment:
		case c == '"':
			g.quoted = !g.quoted
		case c == g.comma:
			g.fields++
		}
		if g.fields > MaxDim || g.bytes > maxLine {
			what := fmt.Sprintf("more than %d fields in a record, more than the %d features kernelplay reads", MaxDim+1, MaxDim)
			if g.bytes > maxLine {
				what = fmt.Sprintf("a record longer than %d bytes", maxLine)
			}
			g.err = &recordTooBig{line: g.line + 1, what: what}
			return i, g.err
		}
	}
	return n, err
}

// isHeader reports whether some field of rec other than the label field
// (0-based column label, −1 for none) is not a number: a first record
// whose features are numbers is data even when its label is text.
func isHeader(rec []string, label int) bool {
	for j, f := range rec {
		if j == label {
			continue
		}
		if _, err := strconv.ParseFloat(strings.TrimSpace(f), 64); err != nil {
			return true
		}
	}
	return false
}
