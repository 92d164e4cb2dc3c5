package learn

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"unicode/utf8"
)

// StrictJSON decodes the one JSON value b into v (a pointer) more strictly
// than encoding/json, and with memory bounded before anything is
// allocated. A first pass, which allocates nothing, checks b: every key of
// an object that decodes into a struct must be exactly one of the struct's
// field names, written plainly (encoding/json would match "FORMAT" or
// "lin\u212a" case-insensitively to "format" and "link", and keep the last
// of two equal keys: both are refused here, as are unknown keys and keys
// with escapes), no key appears twice, and all the arrays of b together hold
// at most maxElems elements, so that an array longer than its settings
// allow is refused as soon as its (maxElems+1)-th element is met, wherever
// it lies among the keys. Only then is b decoded into v: it allocates what
// v holds (each slice once, at its length; [RawJSON] members copied once).
// v may hold structs, pointers, float64, int, bool, string, slices, []byte
// (base64) and RawJSON (see jsontext.go: encoding/json is not in the page).
//
// The errors are a *[SyntaxError] for text that is not one JSON value
// (encoding/json's wording; Offset = len(b) for a truncated text), else a
// message naming the offending key or the value of the wrong type, clipped
// to [ClipLen] characters. Objects that decode into a RawJSON are checked
// only for their arrays' length (their keys are checked where they are
// decoded).
func StrictJSON(b []byte, v any, maxElems int) error {
	if err := checkJSON(b); err != nil {
		return err // not JSON: a syntax error with its offset
	}
	t := reflect.TypeOf(v)
	if t == nil || t.Kind() != reflect.Pointer {
		panic("learn: StrictJSON: v is not a pointer")
	}
	s := jsonScan{b: b, max: maxElems}
	if err := s.value(t.Elem()); err != nil {
		return err
	}
	r := jsonReader{b: b}
	return r.decode(reflect.ValueOf(v).Elem())
}

// ErrTooManyNumbers is the error [StrictJSON] wraps when the arrays of a
// text hold more numbers than its limit.
var ErrTooManyNumbers = errors.New("too many numbers in its arrays")

// ClipLen is the longest piece of user-provided text (a learner's, a
// kernel's or a key's name) that an error message of this package copies;
// longer text is cut and ends in "…".
const ClipLen = 24

// Clip returns s quoted as by %q, cut after [ClipLen] characters (runes)
// with "…" appended, for an error message that names what the user gave.
func Clip(s string) string {
	if utf8.RuneCountInString(s) <= ClipLen {
		return fmt.Sprintf("%q", s)
	}
	n := 0
	for i := range s {
		if n == ClipLen {
			return fmt.Sprintf("%q…", s[:i])
		}
		n++
	}
	return fmt.Sprintf("%q", s)
}

// jsonScan walks a valid JSON text (checkJSON has checked it) beside
// the Go type it decodes into.
type jsonScan struct {
	b     []byte
	i     int
	elems int // array elements met so far
	max   int
}

func (s *jsonScan) ws() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\r', '\n':
			s.i++
		default:
			return
		}
	}
}

// value scans one value decoded into t (nil: any value).
func (s *jsonScan) value(t reflect.Type) error {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == rawJSONType || t != nil && t.Kind() == reflect.Interface {
		t = nil
	}
	s.ws()
	if s.i >= len(s.b) {
		return errors.New("learn: StrictJSON: unexpected end") // unreachable after checkJSON
	}
	switch s.b[s.i] {
	case '{':
		return s.object(t)
	case '[':
		var elem reflect.Type
		if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
			elem = t.Elem()
		}
		return s.array(elem)
	case '"':
		s.str()
	default:
		for s.i < len(s.b) && !strings.ContainsRune(",]} \t\r\n", rune(s.b[s.i])) {
			s.i++
		}
	}
	return nil
}

// str skips a string starting at s.i and returns its contents as written
// (escapes not decoded).
func (s *jsonScan) str() []byte {
	s.i++ // the opening quote
	start := s.i
	for s.i < len(s.b) && s.b[s.i] != '"' {
		if s.b[s.i] == '\\' {
			s.i++
		}
		s.i++
	}
	end := min(s.i, len(s.b))
	s.i++ // the closing quote
	return s.b[start:end]
}

func (s *jsonScan) array(elem reflect.Type) error {
	s.i++ // [
	s.ws()
	if s.i < len(s.b) && s.b[s.i] == ']' {
		s.i++
		return nil
	}
	for s.i < len(s.b) {
		if s.elems++; s.elems > s.max {
			return fmt.Errorf("%w: more than %d", ErrTooManyNumbers, s.max)
		}
		if err := s.value(elem); err != nil {
			return err
		}
		s.ws()
		if s.i >= len(s.b) {
			break
		}
		c := s.b[s.i]
		s.i++
		if c == ']' {
			return nil
		}
	}
	return nil
}

func (s *jsonScan) object(t reflect.Type) error {
	var fields []jsonField
	if t != nil && t.Kind() == reflect.Struct {
		fields = fieldsOf(t)
	}
	var seen [4]uint64
	s.i++ // {
	for s.i < len(s.b) {
		s.ws()
		if s.i < len(s.b) && s.b[s.i] == '}' {
			s.i++
			return nil
		}
		key := s.str()
		var ft reflect.Type
		if t != nil && t.Kind() == reflect.Struct {
			k, err := matchField(fields, key)
			if err != nil {
				return err
			}
			if seen[k/64]&(1<<(k%64)) != 0 {
				return fmt.Errorf("the key %s appears twice in one object", Clip(string(key)))
			}
			seen[k/64] |= 1 << (k % 64)
			ft = fields[k].typ
		}
		s.ws()
		s.i++ // :
		if err := s.value(ft); err != nil {
			return err
		}
		s.ws()
		if s.i < len(s.b) && s.b[s.i] == '}' {
			s.i++
			return nil
		}
		s.i++ // ,
	}
	return nil
}

// matchField returns the index of the field named key exactly.
func matchField(fields []jsonField, key []byte) (int, error) {
	for k := range fields {
		if fields[k].name == string(key) {
			return k, nil
		}
	}
	for _, f := range fields {
		if strings.EqualFold(f.name, string(key)) {
			return 0, fmt.Errorf("the key %s is not %q (keys are case-sensitive)", Clip(string(key)), f.name)
		}
	}
	if strings.IndexByte(string(key), '\\') >= 0 {
		return 0, fmt.Errorf("the key %s is written with an escape; keys are plain field names", Clip(string(key)))
	}
	return 0, fmt.Errorf("unknown key %s", Clip(string(key)))
}
