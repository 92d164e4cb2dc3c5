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

const (
	// MaxDim is the largest input dimension the readers accept: kernelplay
	// stores inputs densely.
	MaxDim = 1 << 20
	// MaxCells bounds examples × dimension in one file read by the readers
	// (256 MiB of float64), so that a file cannot exhaust the browser's memory.
	MaxCells = 1 << 25
	// maxLine bounds the length of one line in bytes.
	maxLine = 1 << 24
)

// ReadLIBSVM reads a data set in the LIBSVM/svmlight sparse text format,
// one example per line:
//
//	<label> [qid:<n>] <index>:<value> <index>:<value> … [# comment]
//
// Indices are integers from 1 to [MaxDim], strictly increasing within a line;
// absent features are 0; labels and values are finite decimal numbers; blank
// lines and lines holding only a comment are skipped; qid is accepted and
// ignored. The set's Dim is the largest index seen, its labels are kept as
// read (convert with [Set.ToBinary] or [Set.ToClasses]).
//
// Malformed input is a *[FormatError] naming the line and column (never a
// panic); a read error of r is returned wrapped.
func ReadLIBSVM(r io.Reader, name string) (*Set, error) {
	fail := func(line, col int, format string, a ...any) error {
		return &FormatError{Format: "libsvm", Name: name, Line: line, Column: col, Msg: fmt.Sprintf(format, a...)}
	}
	sc := bufio.NewScanner(skipBOM(r))
	sc.Buffer(make([]byte, 0, 64<<10), maxLine)
	var (
		labels []float64
		starts []int // starts[i] is the first entry of example i in idx, val
		idx    []int
		val    []float64
		dim    int
		line   int
	)
	for sc.Scan() {
		line++
		text := sc.Text()
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
			continue
		}
		y, err := strconv.ParseFloat(tok, 64)
		if err != nil || math.IsInf(y, 0) || math.IsNaN(y) {
			return nil, fail(line, col, "label %q is not a finite number", clip(tok))
		}
		labels = append(labels, y)
		starts = append(starts, len(idx))
		last := 0
		for {
			tok, col := next()
			if tok == "" {
				break
			}
			colon := strings.IndexByte(tok, ':')
			if colon < 0 {
				return nil, fail(line, col, "expected <index>:<value>, found %q", clip(tok))
			}
			key, v := tok[:colon], tok[colon+1:]
			if key == "qid" {
				if _, err := strconv.ParseUint(v, 10, 63); err != nil {
					return nil, fail(line, col, "qid %q is not a non-negative integer", clip(v))
				}
				continue
			}
			j, err := strconv.Atoi(key)
			switch {
			case err != nil && !errors.Is(err, strconv.ErrRange):
				return nil, fail(line, col, "feature index %q is not an integer", clip(key))
			case err != nil || j < 1 || j > MaxDim:
				return nil, fail(line, col, "feature index %s outside 1..%d", clip(key), MaxDim)
			case j <= last:
				return nil, fail(line, col, "feature index %d after %d: indices must increase along a line", j, last)
			}
			x, err := strconv.ParseFloat(v, 64)
			if err != nil || math.IsInf(x, 0) || math.IsNaN(x) {
				return nil, fail(line, col+colon+1, "value %q of feature %d is not a finite number", clip(v), j)
			}
			last = j
			dim = max(dim, j)
			if x != 0 {
				idx = append(idx, j-1)
				val = append(val, x)
			}
		}
		if dim > 0 && len(labels) > MaxCells/dim {
			return nil, fail(line, 0, "%d examples × %d features exceed the %d values kernelplay reads", len(labels), dim, MaxCells)
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fail(line+1, 0, "line longer than %d bytes", maxLine)
		}
		return nil, fmt.Errorf("data: reading %s: %w", name, err)
	}
	switch {
	case len(labels) == 0:
		return nil, fail(0, 0, "no examples")
	case dim == 0:
		return nil, fail(0, 0, "no features: every line holds only a label")
	}
	s := &Set{Name: name, Dim: dim, X: make([]float64, len(labels)*dim), Y: labels}
	starts = append(starts, len(idx))
	for i := range labels {
		row := s.X[i*dim : (i+1)*dim]
		for e := starts[i]; e < starts[i+1]; e++ {
			row[idx[e]] = val[e]
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
// 1-based indices, numbers in the shortest form that reads back exactly. It
// returns w's errors and panics if s is inconsistent (len(X) ≠ Len()·Dim).
func WriteLIBSVM(w io.Writer, s *Set) error {
	s.check()
	bw := bufio.NewWriter(w)
	var buf []byte
	for i := range s.Len() {
		buf = strconv.AppendFloat(buf[:0], s.Y[i], 'g', -1, 64)
		for j, x := range s.Row(i) {
			if x != 0 {
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
// record, every field a finite decimal number, the same number of fields in
// every record. The first record is a header, and skipped, when any of its
// fields is not a number. A leading UTF-8 byte-order mark is ignored. Lines starting with '#' are comments; spaces
// around fields are ignored; quoted fields are allowed (RFC 4180). Labels are
// kept as read (convert with [Set.ToBinary] or [Set.ToClasses]).
//
// Malformed input is a *[FormatError] naming the line and column (never a
// panic); a read error of r is returned wrapped; an invalid cfg.Comma or
// LabelColumn is an error too.
func ReadCSV(r io.Reader, name string, cfg CSVConfig) (*Set, error) {
	fail := func(line, col int, format string, a ...any) error {
		return &FormatError{Format: "csv", Name: name, Line: line, Column: col, Msg: fmt.Sprintf(format, a...)}
	}
	if cfg.LabelColumn < -1 {
		return nil, fmt.Errorf("data: CSV label column %d: want a column number ≥ 1, 0 for the last or −1 for none", cfg.LabelColumn)
	}
	cr := csv.NewReader(skipBOM(r))
	if cfg.Comma != 0 {
		c := cfg.Comma
		if c == '#' || c == '"' || c == '\r' || c == '\n' || c == utf8.RuneError || !utf8.ValidRune(c) {
			return nil, fmt.Errorf("data: CSV separator %q cannot separate fields", c)
		}
		cr.Comma = c
	}
	cr.Comment = '#'
	cr.TrimLeadingSpace = true
	cr.ReuseRecord = true
	var (
		s      = &Set{Name: name}
		fields int
		label  int // 0-based label column, −1 for none
		first  = true
	)
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				msg := pe.Err.Error()
				if errors.Is(pe.Err, csv.ErrFieldCount) {
					msg = fmt.Sprintf("%d fields, but the first record has %d", len(rec), fields)
				}
				return nil, fail(pe.Line, pe.Column, "%s", msg)
			}
			return nil, fmt.Errorf("data: reading %s: %w", name, err)
		}
		if first {
			first = false
			fields = len(rec)
			switch {
			case cfg.LabelColumn == 0:
				label = fields - 1
			case cfg.LabelColumn == -1:
				label = -1
			case cfg.LabelColumn > fields:
				line, _ := cr.FieldPos(0)
				return nil, fail(line, 0, "label column %d, but the record has %d fields", cfg.LabelColumn, fields)
			default:
				label = cfg.LabelColumn - 1
			}
			s.Dim = fields
			if label >= 0 {
				s.Dim--
			}
			if s.Dim == 0 {
				line, _ := cr.FieldPos(0)
				return nil, fail(line, 0, "no feature columns: the record has only the label")
			}
			if s.Dim > MaxDim {
				line, _ := cr.FieldPos(0)
				return nil, fail(line, 0, "%d features, more than the %d kernelplay reads", s.Dim, MaxDim)
			}
			if isHeader(rec) {
				continue
			}
		}
		if s.Len() >= MaxCells/s.Dim {
			line, _ := cr.FieldPos(0)
			return nil, fail(line, 0, "%d examples × %d features exceed the %d values kernelplay reads", s.Len()+1, s.Dim, MaxCells)
		}
		y := 0.0
		for j, f := range rec {
			v, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
			if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
				line, col := cr.FieldPos(j)
				what := "value"
				if j == label {
					what = "label"
				}
				if strings.TrimSpace(f) == "" {
					return nil, fail(line, col, "empty %s in field %d (missing values are not supported)", what, j+1)
				}
				return nil, fail(line, col, "%s %q in field %d is not a finite number", what, clip(f), j+1)
			}
			if j == label {
				y = v
			} else {
				s.X = append(s.X, v)
			}
		}
		s.Y = append(s.Y, y)
	}
	if s.Len() == 0 {
		return nil, fail(0, 0, "no examples")
	}
	return s, nil
}

// isHeader reports whether some field of rec is not a number.
func isHeader(rec []string) bool {
	for _, f := range rec {
		if _, err := strconv.ParseFloat(strings.TrimSpace(f), 64); err != nil {
			return true
		}
	}
	return false
}
