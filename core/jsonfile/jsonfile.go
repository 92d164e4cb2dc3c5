package jsonfile

import (
	"encoding/base64"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
)

// Strict decodes the one JSON value b into v (a pointer) more strictly
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
// v holds (each slice once, at its length; [Raw] members copied once).
// v may hold structs, pointers, float64, integers, bool, string, slices,
// []byte (base64) and Raw.
//
// The errors are a *[SyntaxError] for text that is not one JSON value
// (encoding/json's wording; Offset = len(b) for a truncated text), else a
// message naming the offending key or the value of the wrong type, clipped
// to [ClipLen] characters. Objects that decode into a Raw are checked
// only for their arrays' length (their keys are checked where they are
// decoded).
func Strict(b []byte, v any, maxElems int) error {
	if err := check(b); err != nil {
		return err // not JSON: a syntax error with its offset
	}
	t := reflect.TypeOf(v)
	if t == nil || t.Kind() != reflect.Pointer {
		panic("learn: Strict: v is not a pointer")
	}
	s := jsonScan{b: b, max: maxElems}
	if err := s.value(t.Elem()); err != nil {
		return err
	}
	r := jsonReader{b: b}
	return r.decode(reflect.ValueOf(v).Elem())
}

// ErrTooManyNumbers is the error [Strict] wraps when the arrays of a
// text hold more numbers than its limit.
var ErrTooManyNumbers = errors.New("too many numbers in its arrays")

// ClipLen is the longest piece of user-provided text (a learner's, a
// kernel's or a key's name) that an error message copies; longer text is
// cut and ends in "…".
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

// jsonScan walks a valid JSON text (check has checked it) beside
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
	if t == rawType || t != nil && t.Kind() == reflect.Interface {
		t = nil
	}
	s.ws()
	if s.i >= len(s.b) {
		return errors.New("learn: Strict: unexpected end") // unreachable after check
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

// Raw is one JSON value kept as its text, as encoding/json's
// RawMessage: [Marshal] writes it compacted (nil as null), [Strict]
// stores the member's text as written.
type Raw []byte

// SyntaxError is the error for text that is not one JSON value. Its
// message is encoding/json's (“invalid character 'N' looking for beginning
// of value”, “unexpected end of JSON input”, “… after top-level value”).
type SyntaxError struct {
	msg string
	// Offset is the number of bytes read when the error was found: the
	// offending byte is b[Offset-1]; a text that ends too early has
	// Offset = len(b).
	Offset int64
}

// Error returns the message.
func (e *SyntaxError) Error() string { return e.msg }

// maxJSONDepth bounds the nesting of objects and arrays check accepts
// (encoding/json's bound).
const maxJSONDepth = 10000

// check returns nil when b is exactly one JSON value (white space
// around it allowed), else a *SyntaxError. Time O(len(b)); it allocates
// only for the error.
func check(b []byte) error {
	c := jsonChecker{b: b}
	c.ws()
	if err := c.value(0); err != nil {
		return err
	}
	c.ws()
	if c.i < len(b) {
		return c.fail("after top-level value")
	}
	return nil
}

type jsonChecker struct {
	b []byte
	i int
}

func (c *jsonChecker) ws() {
	for c.i < len(c.b) && isSpace(c.b[c.i]) {
		c.i++
	}
}

func isSpace(x byte) bool { return x == ' ' || x == '\t' || x == '\r' || x == '\n' }

// fail is the error for the byte at c.i (or the end of the text).
func (c *jsonChecker) fail(context string) error {
	if c.i >= len(c.b) {
		// encoding/json reads the end as a space: an error inside a number,
		// a literal or an escape, else an early end.
		if strings.HasPrefix(context, "in ") || strings.HasPrefix(context, "after decimal") {
			return &SyntaxError{"invalid character ' ' " + context, int64(len(c.b))}
		}
		return &SyntaxError{"unexpected end of JSON input", int64(len(c.b))}
	}
	return &SyntaxError{"invalid character " + quoteChar(c.b[c.i]) + " " + context, int64(c.i + 1)}
}

// quoteChar formats x as encoding/json's errors do.
func quoteChar(x byte) string {
	switch x {
	case '\'':
		return `'\''`
	case '"':
		return `'"'`
	}
	s := strconv.Quote(string(rune(x)))
	return "'" + s[1:len(s)-1] + "'"
}

func (c *jsonChecker) value(depth int) error {
	if c.i >= len(c.b) {
		return c.fail("")
	}
	switch x := c.b[c.i]; {
	case x == '{' || x == '[':
		if depth >= maxJSONDepth {
			return c.fail("exceeded max depth")
		}
		if x == '{' {
			return c.object(depth + 1)
		}
		return c.array(depth + 1)
	case x == '"':
		return c.str()
	case x == '-' || x >= '0' && x <= '9':
		return c.number()
	case x == 't':
		return c.literal("true")
	case x == 'f':
		return c.literal("false")
	case x == 'n':
		return c.literal("null")
	}
	return c.fail("looking for beginning of value")
}

func (c *jsonChecker) literal(word string) error {
	for k := 1; k < len(word); k++ {
		c.i++
		if c.i >= len(c.b) || c.b[c.i] != word[k] {
			return c.fail(fmt.Sprintf("in literal %s (expecting %s)", word, quoteChar(word[k])))
		}
	}
	c.i++
	return nil
}

func (c *jsonChecker) digits() {
	for c.i < len(c.b) && c.b[c.i] >= '0' && c.b[c.i] <= '9' {
		c.i++
	}
}

func (c *jsonChecker) isDigit() bool {
	return c.i < len(c.b) && c.b[c.i] >= '0' && c.b[c.i] <= '9'
}

func (c *jsonChecker) number() error {
	if c.b[c.i] == '-' {
		c.i++
		if !c.isDigit() {
			return c.fail("in numeric literal")
		}
	}
	if c.b[c.i] == '0' {
		c.i++
	} else {
		c.digits()
	}
	if c.i < len(c.b) && c.b[c.i] == '.' {
		c.i++
		if !c.isDigit() {
			return c.fail("after decimal point in numeric literal")
		}
		c.digits()
	}
	if c.i < len(c.b) && (c.b[c.i] == 'e' || c.b[c.i] == 'E') {
		c.i++
		if c.i < len(c.b) && (c.b[c.i] == '+' || c.b[c.i] == '-') {
			c.i++
		}
		if !c.isDigit() {
			return c.fail("in exponent of numeric literal")
		}
		c.digits()
	}
	return nil
}

func isHex(x byte) bool {
	return x >= '0' && x <= '9' || x >= 'a' && x <= 'f' || x >= 'A' && x <= 'F'
}

func (c *jsonChecker) str() error {
	c.i++ // "
	for c.i < len(c.b) {
		switch x := c.b[c.i]; {
		case x == '"':
			c.i++
			return nil
		case x < 0x20:
			return c.fail("in string literal")
		case x == '\\':
			c.i++
			if c.i >= len(c.b) {
				return c.fail("in string escape code")
			}
			switch c.b[c.i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				for range 4 {
					c.i++
					if c.i >= len(c.b) || !isHex(c.b[c.i]) {
						return c.fail(`in \u hexadecimal character escape`)
					}
				}
			default:
				return c.fail("in string escape code")
			}
		}
		c.i++
	}
	return c.fail("")
}

func (c *jsonChecker) object(depth int) error {
	c.i++ // {
	c.ws()
	if c.i < len(c.b) && c.b[c.i] == '}' {
		c.i++
		return nil
	}
	for {
		if c.i >= len(c.b) || c.b[c.i] != '"' {
			return c.fail("looking for beginning of object key string")
		}
		if err := c.str(); err != nil {
			return err
		}
		c.ws()
		if c.i >= len(c.b) || c.b[c.i] != ':' {
			return c.fail("after object key")
		}
		c.i++
		c.ws()
		if err := c.value(depth); err != nil {
			return err
		}
		c.ws()
		if c.i < len(c.b) && c.b[c.i] == '}' {
			c.i++
			return nil
		}
		if c.i >= len(c.b) || c.b[c.i] != ',' {
			return c.fail("after object key:value pair")
		}
		c.i++
		c.ws()
	}
}

func (c *jsonChecker) array(depth int) error {
	c.i++ // [
	c.ws()
	if c.i < len(c.b) && c.b[c.i] == ']' {
		c.i++
		return nil
	}
	for {
		if err := c.value(depth); err != nil {
			return err
		}
		c.ws()
		if c.i < len(c.b) && c.b[c.i] == ']' {
			c.i++
			return nil
		}
		if c.i >= len(c.b) || c.b[c.i] != ',' {
			return c.fail("after array element")
		}
		c.i++
		c.ws()
	}
}

// ---- Fields.

// jsonField is a struct field as encoding/json names it.
type jsonField struct {
	name      string
	index     []int
	typ       reflect.Type
	omitEmpty bool
}

var fieldCache sync.Map // reflect.Type → []jsonField

// fieldsOf returns the fields encoding/json writes and reads for the
// struct type t, in its order: exported fields under their tag's name or
// Go name, the fields of untagged embedded structs promoted (a shallower
// field hiding deeper ones of the same name; of two at the same depth the
// tagged one, or neither), "-" fields left out; sorted by index sequence.
// It panics on a type with more than 256 fields (Strict's duplicate
// check holds 256 bits).
func fieldsOf(t reflect.Type) []jsonField {
	if f, ok := fieldCache.Load(t); ok {
		return f.([]jsonField)
	}
	type cand struct {
		jsonField
		tagged bool
	}
	var out []jsonField
	have := map[string]bool{}
	type at struct {
		t     reflect.Type
		index []int
	}
	level := []at{{t, nil}}
	for len(level) > 0 {
		var next []at
		var here []cand
		for _, st := range level {
			for i := range st.t.NumField() {
				f := st.t.Field(i)
				tag := f.Tag.Get("json")
				if tag == "-" {
					continue
				}
				name, opts, _ := strings.Cut(tag, ",")
				index := append(slices.Clone(st.index), i)
				if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
					next = append(next, at{f.Type, index})
					continue
				}
				if !f.IsExported() {
					continue
				}
				tagged := name != ""
				if !tagged {
					name = f.Name
				}
				omit := strings.Contains(","+opts+",", ",omitempty,")
				here = append(here, cand{jsonField{name, index, f.Type, omit}, tagged})
			}
		}
		for _, c := range here {
			if have[c.name] {
				continue // hidden by a shallower field
			}
			n, tagged, pick := 0, 0, c
			for _, d := range here {
				if d.name == c.name {
					n++
					if d.tagged {
						tagged++
						pick = d
					}
				}
			}
			if n == 1 || tagged == 1 && slices.Equal(pick.index, c.index) {
				out = append(out, c.jsonField)
			}
		}
		for _, c := range here {
			have[c.name] = true
		}
		level = next
	}
	// Insertion sort by index sequence (a handful of fields; slices.SortFunc
	// would link a generic sort instance for this one type).
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && slices.Compare(out[j-1].index, out[j].index) > 0; j-- {
			out[j-1], out[j] = out[j], out[j-1]
		}
	}
	if len(out) > 256 {
		panic(fmt.Sprintf("jsonfile: %v has more than 256 fields", t))
	}
	fieldCache.Store(t, out)
	return out
}

// ---- Writing.

// Marshal returns the JSON of v, byte for byte what encoding/json's
// Marshal writes, for the values model and run files hold: structs (json
// tags with omitempty), pointers, float64, int, bool, string, slices, []byte
// (base64) and [Raw]. It returns an *UnsupportedValueError for NaN or
// ±Inf (JSON has no form for them) and an error for other kinds.
func Marshal(v any) ([]byte, error) {
	return appendJSON(nil, reflect.ValueOf(v))
}

// UnsupportedValueError is [Marshal]'s error for a value JSON cannot
// hold (NaN, ±Inf).
type UnsupportedValueError struct {
	// Str is the value as strconv formats it ("NaN", "+Inf", "-Inf").
	Str string
}

// Error returns "json: unsupported value: " and Str (encoding/json's words).
func (e *UnsupportedValueError) Error() string { return "json: unsupported value: " + e.Str }

var rawType = reflect.TypeFor[Raw]()

func appendJSON(b []byte, v reflect.Value) ([]byte, error) {
	if !v.IsValid() {
		return append(b, "null"...), nil
	}
	if v.Type() == rawType {
		if v.IsNil() {
			return append(b, "null"...), nil
		}
		return compactJSON(b, v.Bytes()), nil
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return append(b, "null"...), nil
		}
		return appendJSON(b, v.Elem())
	case reflect.Bool:
		return strconv.AppendBool(b, v.Bool()), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.AppendInt(b, v.Int(), 10), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return strconv.AppendUint(b, v.Uint(), 10), nil
	case reflect.Float64:
		return appendFloat(b, v.Float())
	case reflect.String:
		return appendString(b, v.String()), nil
	case reflect.Slice:
		if v.IsNil() {
			return append(b, "null"...), nil
		}
		if v.Type().Elem().Kind() == reflect.Uint8 {
			b = append(b, '"')
			b = base64.StdEncoding.AppendEncode(b, v.Bytes())
			return append(b, '"'), nil
		}
		b = append(b, '[')
		for i := range v.Len() {
			if i > 0 {
				b = append(b, ',')
			}
			var err error
			if b, err = appendJSON(b, v.Index(i)); err != nil {
				return nil, err
			}
		}
		return append(b, ']'), nil
	case reflect.Struct:
		b = append(b, '{')
		first := true
		for _, f := range fieldsOf(v.Type()) {
			fv, ok := fieldByIndex(v, f.index)
			if !ok || f.omitEmpty && isEmpty(fv) {
				continue
			}
			if !first {
				b = append(b, ',')
			}
			first = false
			b = appendString(b, f.name)
			b = append(b, ':')
			var err error
			if b, err = appendJSON(b, fv); err != nil {
				return nil, err
			}
		}
		return append(b, '}'), nil
	}
	return nil, fmt.Errorf("jsonfile: no form for a %v", v.Type())
}

// fieldByIndex is v's field at index; false through a nil embedded pointer.
func fieldByIndex(v reflect.Value, index []int) (reflect.Value, bool) {
	for k, i := range index {
		if k > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return v, false
			}
			v = v.Elem()
		}
		v = v.Field(i)
	}
	return v, true
}

// isEmpty is encoding/json's omitempty test.
func isEmpty(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Slice, reflect.String, reflect.Array, reflect.Map:
		return v.Len() == 0
	case reflect.Bool:
		return !v.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int() == 0
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return v.Uint() == 0
	case reflect.Float32, reflect.Float64:
		return v.Float() == 0
	case reflect.Pointer, reflect.Interface:
		return v.IsNil()
	}
	return false
}

// appendFloat writes f as encoding/json does (ES6 number formatting:
// shortest form, exponent below 1e-6 and from 1e21, e-7 not e-07).
func appendFloat(b []byte, f float64) ([]byte, error) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return nil, &UnsupportedValueError{strconv.FormatFloat(f, 'g', -1, 64)}
	}
	format := byte('f')
	if a := math.Abs(f); a != 0 && (a < 1e-6 || a >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if n := len(b); format == 'e' && n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
		b[n-2] = b[n-1]
		b = b[:n-1]
	}
	return b, nil
}

const hexDigits = "0123456789abcdef"

// appendString writes s quoted as encoding/json does with HTML escaping:
// <, > and & as \u003c…, control characters as \n or \u00XX, invalid
// UTF-8 as \ufffd, U+2028 and U+2029 escaped.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if x := s[i]; x < utf8.RuneSelf {
			if x >= 0x20 && x != '"' && x != '\\' && x != '<' && x != '>' && x != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch x {
			case '\\', '"':
				b = append(b, '\\', x)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[x>>4], hexDigits[x&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// compactJSON appends the valid JSON raw without white space outside
// strings, <, >, &, U+2028 and U+2029 escaped (encoding/json's compact of
// a RawMessage).
func compactJSON(b, raw []byte) []byte {
	in := false
	for i := 0; i < len(raw); i++ {
		x := raw[i]
		switch {
		case in && x == '\\':
			b = append(b, x, raw[i+1])
			i++
			continue
		case x == '"':
			in = !in
		case !in && isSpace(x):
			continue
		case x == '<' || x == '>' || x == '&':
			b = append(b, '\\', 'u', '0', '0', hexDigits[x>>4], hexDigits[x&0xF])
			continue
		case x == 0xE2 && i+2 < len(raw) && raw[i+1] == 0x80 && raw[i+2]&^1 == 0xA8:
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[raw[i+2]&0xF])
			i += 2
			continue
		}
		b = append(b, x)
	}
	return b
}

// Indent returns the compact JSON text b (as [Marshal] writes it)
// indented as encoding/json's MarshalIndent(v, "", " ") indents it: one
// member or element a line, one space per level, a space after each colon,
// empty objects and arrays kept as {} and [].
func Indent(b []byte) []byte {
	out := make([]byte, 0, len(b)+len(b)/4)
	depth, pending, in := 0, false, false
	newline := func() {
		out = append(out, '\n')
		for range depth {
			out = append(out, ' ')
		}
	}
	for i := 0; i < len(b); i++ {
		x := b[i]
		if pending && x != '}' && x != ']' {
			pending = false
			depth++
			newline()
		}
		if in {
			out = append(out, x)
			if x == '\\' {
				i++
				out = append(out, b[i])
			} else if x == '"' {
				in = false
			}
			continue
		}
		switch x {
		case '"':
			in = true
			out = append(out, x)
		case '{', '[':
			pending = true
			out = append(out, x)
		case ',':
			out = append(out, x)
			newline()
		case ':':
			out = append(out, x, ' ')
		case '}', ']':
			if pending {
				pending = false
			} else {
				depth--
				newline()
			}
			out = append(out, x)
		default:
			out = append(out, x)
		}
	}
	return out
}

// ---- Reading.

// jsonReader decodes a text check accepted and jsonScan walked (every
// key of a struct's object one of its fields, none twice) into Go values.
type jsonReader struct {
	b   []byte
	i   int
	key string // the member being read, for messages
}

func (r *jsonReader) ws() {
	for r.i < len(r.b) && isSpace(r.b[r.i]) {
		r.i++
	}
}

// skip passes over one value.
func (r *jsonReader) skip() {
	s := jsonScan{b: r.b, i: r.i, max: math.MaxInt}
	_ = s.value(nil) // nil type: no key checks, no error
	r.i = s.i
}

// kindOf names the JSON kind of the value at r.i for a message.
func (r *jsonReader) kindOf() string {
	switch r.b[r.i] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	}
	return "a number"
}

// typeError is the error for a value of the wrong kind for v.
func (r *jsonReader) typeError(want string) error {
	where := "the value"
	if r.key != "" {
		where = Clip(r.key)
	}
	return fmt.Errorf("json: %s is %s, want %s", where, r.kindOf(), want)
}

// decode reads one value into v (settable).
func (r *jsonReader) decode(v reflect.Value) error {
	r.ws()
	if v.Type() == rawType {
		start := r.i
		r.skip()
		v.SetBytes(slices.Clone(r.b[start:r.i]))
		return nil
	}
	if r.b[r.i] == 'n' { // null: pointers and slices to nil, others unchanged
		r.i += 4
		switch v.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Interface:
			v.SetZero()
		}
		return nil
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		return r.decode(v.Elem())
	case reflect.Struct:
		if r.b[r.i] != '{' {
			return r.typeError("an object")
		}
		return r.object(v)
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 && r.b[r.i] == '"' {
			s, err := r.str()
			if err != nil {
				return err
			}
			out, err := base64.StdEncoding.AppendDecode(make([]byte, 0, base64.StdEncoding.DecodedLen(len(s))), []byte(s))
			if err != nil {
				return fmt.Errorf("json: %s: %w", Clip(r.key), err)
			}
			v.SetBytes(out)
			return nil
		}
		if r.b[r.i] != '[' {
			return r.typeError("an array")
		}
		return r.array(v)
	case reflect.Bool:
		switch r.b[r.i] {
		case 't':
			r.i += 4
			v.SetBool(true)
			return nil
		case 'f':
			r.i += 5
			v.SetBool(false)
			return nil
		}
		return r.typeError("true or false")
	case reflect.String:
		if r.b[r.i] != '"' {
			return r.typeError("a string")
		}
		s, err := r.str()
		v.SetString(s)
		return err
	case reflect.Float64, reflect.Int, reflect.Int64, reflect.Int32, reflect.Uint64, reflect.Uint32, reflect.Uint:
		x := r.b[r.i]
		if x != '-' && (x < '0' || x > '9') {
			return r.typeError("a number")
		}
		start := r.i
		for r.i < len(r.b) && !isSpace(r.b[r.i]) && !strings.ContainsRune(",]}", rune(r.b[r.i])) {
			r.i++
		}
		return r.number(v, string(r.b[start:r.i]))
	}
	return fmt.Errorf("jsonfile: cannot read into a %v", v.Type())
}

// number stores the number text s into v (float64 or an integer kind).
func (r *jsonReader) number(v reflect.Value, s string) error {
	shown := s
	if len(shown) > ClipLen {
		shown = shown[:ClipLen] + "…"
	}
	if v.Kind() == reflect.Float64 {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return fmt.Errorf("json: the number %s of %s does not fit a float64", shown, Clip(r.key))
		}
		v.SetFloat(f)
		return nil
	}
	if v.CanUint() {
		n, err := strconv.ParseUint(s, 10, v.Type().Bits())
		if err != nil {
			return fmt.Errorf("json: the number %s of %s is not an unsigned integer of %d bits", shown, Clip(r.key), v.Type().Bits())
		}
		v.SetUint(n)
		return nil
	}
	n, err := strconv.ParseInt(s, 10, v.Type().Bits())
	if err != nil {
		return fmt.Errorf("json: the number %s of %s is not an integer of %d bits", shown, Clip(r.key), v.Type().Bits())
	}
	v.SetInt(n)
	return nil
}

func (r *jsonReader) object(v reflect.Value) error {
	fields := fieldsOf(v.Type())
	r.i++ // {
	for {
		r.ws()
		if r.b[r.i] == '}' {
			r.i++
			return nil
		}
		if r.b[r.i] == ',' {
			r.i++
			r.ws()
		}
		key, err := r.str()
		if err != nil {
			return err
		}
		r.ws()
		r.i++ // :
		var field *jsonField
		for k := range fields {
			if fields[k].name == key {
				field = &fields[k]
				break
			}
		}
		if field == nil {
			r.ws()
			r.skip() // not reached after jsonScan's key check
			continue
		}
		fv := v
		for k, i := range field.index {
			if k > 0 && fv.Kind() == reflect.Pointer {
				if fv.IsNil() {
					fv.Set(reflect.New(fv.Type().Elem()))
				}
				fv = fv.Elem()
			}
			fv = fv.Field(i)
		}
		outer := r.key
		r.key = key
		if err := r.decode(fv); err != nil {
			return err
		}
		r.key = outer
	}
}

// array reads an array into the slice v: its elements are counted first,
// so the slice is allocated once at its length.
func (r *jsonReader) array(v reflect.Value) error {
	n := 0
	s := jsonScan{b: r.b, i: r.i + 1, max: math.MaxInt}
	for s.ws(); s.b[s.i] != ']'; n++ {
		_ = s.value(nil)
		if s.ws(); s.b[s.i] == ',' {
			s.i++
		}
	}
	out := reflect.MakeSlice(v.Type(), n, n)
	r.i++ // [
	for k := range n {
		r.ws()
		if k > 0 {
			r.i++ // ,
		}
		if err := r.decode(out.Index(k)); err != nil {
			return err
		}
	}
	r.ws()
	r.i++ // ]
	v.Set(out)
	return nil
}

// str reads a string, escapes decoded (invalid UTF-8 and lone surrogates
// become U+FFFD, as encoding/json does).
func (r *jsonReader) str() (string, error) {
	r.i++ // "
	start := r.i
	for r.i < len(r.b) && r.b[r.i] != '"' && r.b[r.i] != '\\' && r.b[r.i] < utf8.RuneSelf {
		r.i++
	}
	if r.b[r.i] == '"' {
		r.i++
		return string(r.b[start : r.i-1]), nil
	}
	var out []byte
	out = append(out, r.b[start:r.i]...)
	for r.b[r.i] != '"' {
		x := r.b[r.i]
		if x >= utf8.RuneSelf {
			c, size := utf8.DecodeRune(r.b[r.i:])
			out = utf8.AppendRune(out, c) // RuneError for invalid bytes
			r.i += size
			continue
		}
		if x != '\\' {
			out = append(out, x)
			r.i++
			continue
		}
		r.i++
		switch e := r.b[r.i]; e {
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			c := r.hex4(r.i + 1)
			r.i += 4
			if utf16.IsSurrogate(c) {
				c2 := rune(-1)
				if r.i+6 < len(r.b) && r.b[r.i+1] == '\\' && r.b[r.i+2] == 'u' {
					c2 = r.hex4(r.i + 3)
				}
				if d := utf16.DecodeRune(c, c2); d != utf8.RuneError {
					c = d
					r.i += 6
				} else {
					c = utf8.RuneError
				}
			}
			out = utf8.AppendRune(out, c)
		default: // " \ /
			out = append(out, e)
		}
		r.i++
	}
	r.i++
	return string(out), nil
}

// hex4 is the rune of the four hex digits at b[i:].
func (r *jsonReader) hex4(i int) rune {
	var c rune
	for _, x := range r.b[i : i+4] {
		switch {
		case x <= '9':
			x -= '0'
		case x >= 'a':
			x -= 'a' - 10
		default:
			x -= 'A' - 10
		}
		c = c<<4 | rune(x)
	}
	return c
}

// Member is one member of a struct's JSON object.
type Member struct {
	// Name is the member's key; JSON its value as [Marshal] writes it.
	Name, JSON string
}

// Members returns the members [Marshal] writes for the struct v, in its
// order (omitempty members that are empty left out), or Marshal's error.
// It panics if v is not a struct.
func Members(v any) ([]Member, error) {
	rv := reflect.ValueOf(v)
	var out []Member
	for _, f := range fieldsOf(rv.Type()) {
		fv, ok := fieldByIndex(rv, f.index)
		if !ok || f.omitEmpty && isEmpty(fv) {
			continue
		}
		b, err := appendJSON(nil, fv)
		if err != nil {
			return nil, err
		}
		out = append(out, Member{f.name, string(b)})
	}
	return out, nil
}
