package jsonfile_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"kernelplay/core/jsonfile"
)

// jsonKinds holds one field of each kind the files use, for the writer and
// reader compared with encoding/json.
type jsonKinds struct {
	F     float64   `json:"f"`
	I     int       `json:"i"`
	B     bool      `json:"b"`
	S     string    `json:"s"`
	Fs    []float64 `json:"fs"`
	Is    []int     `json:"is,omitempty"`
	Bytes []byte    `json:"bytes"`
	P     *jsonKinds
	Omit  float64 `json:"omit,omitempty"`
	embeddedKinds
	Hidden int `json:"deep"`
}

type embeddedKinds struct {
	Deep  int `json:"deep"`
	Shown string
}

// TestMarshalEncodingJSON compares Marshal with json.Marshal on
// floats at the format's edges, strings that need escapes and every kind.
func TestMarshalEncodingJSON(t *testing.T) {
	floats := []float64{0, math.Copysign(0, -1), 1, -1, 0.1, 1e-6, 9.99999e-7, 1e-7, 1e20, 1e21, 1e21 - 65536,
		123456789012345678, 5e-324, math.MaxFloat64, -2.5e-10, 1.0 / 3}
	strs := []string{"", "plain", `q"b\s`, "<a&b>", "\b\f\n\r\t\x00\x1f\x7f", "é ü ✓ 🙂", "\u2028\u2029",
		"bad\xffutf8\xc3", "#m=2d&s=0.5"}
	for _, f := range floats {
		for _, s := range strs {
			v := jsonKinds{F: f, I: -42, B: true, S: s, Fs: []float64{f, -f}, Bytes: []byte(s),
				P: &jsonKinds{S: s, Fs: []float64{}}, embeddedKinds: embeddedKinds{Deep: 7, Shown: s}, Hidden: 3}
			got, err := jsonfile.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := json.Marshal(v)
			if !bytes.Equal(got, want) {
				t.Fatalf("%v %q:\n got %s\nwant %s", f, s, got, want)
			}
			var back, wantBack jsonKinds
			if err := jsonfile.Strict(got, &back, 100); err != nil {
				t.Fatalf("%s: %v", got, err)
			}
			if err := json.Unmarshal(got, &wantBack); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(back, wantBack) {
				t.Fatalf("%s read back as\n%#v %#v, encoding/json reads\n%#v %#v", got, back, *back.P, wantBack, *wantBack.P)
			}
		}
	}
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		_, err := jsonfile.Marshal(jsonKinds{Fs: []float64{f}})
		var uv *jsonfile.UnsupportedValueError
		if _, jerr := json.Marshal(f); !errors.As(err, &uv) || err.Error() != jerr.Error() {
			t.Errorf("%v: %v, encoding/json: %v", f, err, jerr)
		}
	}
	// Indented as MarshalIndent(v, "", " "), raw members compacted and
	// escaped as encoding/json does.
	raw := struct {
		R    jsonfile.Raw    `json:"r"`
		Nil  jsonfile.Raw    `json:"nil"`
		A    []int           `json:"a"`
		E    []int           `json:"e"`
		O    struct{}        `json:"o"`
		Old  json.RawMessage `json:"-"`
		Text string          `json:"text"`
	}{R: jsonfile.Raw(" { \"x\" : [1, 2,\n3], \"s\": \"a<b \\\" \u2028\" } "), A: []int{1, 2}, E: []int{}, Text: "{[,:]}"}
	got, err := jsonfile.Marshal(raw)
	if err != nil {
		t.Fatal(err)
	}
	mirror := struct {
		R    json.RawMessage `json:"r"`
		Nil  json.RawMessage `json:"nil"`
		A    []int           `json:"a"`
		E    []int           `json:"e"`
		O    struct{}        `json:"o"`
		Text string          `json:"text"`
	}{json.RawMessage(raw.R), nil, raw.A, raw.E, raw.O, raw.Text}
	want, _ := json.Marshal(mirror)
	if !bytes.Equal(got, want) {
		t.Fatalf("raw members:\n got %s\nwant %s", got, want)
	}
	want, _ = json.MarshalIndent(mirror, "", " ")
	if ind := jsonfile.Indent(got); !bytes.Equal(ind, want) {
		t.Fatalf("indented:\n got %s\nwant %s", ind, want)
	}
}

// TestStrictStrings: escapes are decoded as encoding/json decodes
// them (surrogate pairs, lone surrogates and invalid UTF-8 as U+FFFD).
func TestStrictStrings(t *testing.T) {
	for _, s := range []string{`"a\"\\\/\b\f\n\r\tz"`, `"\u00e9\u2028\ud83d\ude42"`, `"\ud83d"`, `"\ud83dx"`,
		`"\ude42\ud83d\u0041"`, "\"bad\xff\xc3 utf8\"", `"\uD83D\uDE42"`, `"plain"`, `""`} {
		var got, want struct {
			S string `json:"s"`
		}
		doc := []byte(`{"s":` + s + `}`)
		if err := jsonfile.Strict(doc, &got, 10); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if err := json.Unmarshal(doc, &want); err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("%s: %q, encoding/json %q", s, got.S, want.S)
		}
	}
}

// FuzzCheck: the syntax check accepts exactly what encoding/json
// accepts, and refuses with its message and offset.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{``, ` `, `{}`, `[]`, `{"a":1}`, `{"a":1,}`, `[1,]`, `[1 2]`, `{"a" 1}`, `{"a":1 "b":2}`,
		`{1:2}`, `-`, `-a`, `01`, `1.`, `1.e5`, `1e`, `1e+`, `1E-7`, `-0.5e10`, `tru`, `trux`, `nul`, `falsy`,
		`NaN`, `Infinity`, `"abc`, `"a\qb"`, `"\u12g4"`, "\"a\x01\"", `"\u00e9"`, `{"a":[1,{"b":null}]} x`, `{}{}`,
		`[[[[]]]]`, "\t[ 1 , 2 ]\n", `"'"`, `'`, `{"a":tr}`, `[-]`, `{"x":1e999}`, "\xff", `[` + strings.Repeat(`[`, 10001)} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		err := jsonfile.Check(b)
		var want struct{}
		jerr := json.Unmarshal(b, &want)
		var te *json.UnmarshalTypeError
		if errors.As(jerr, &te) {
			jerr = nil // valid JSON of another type
		}
		switch {
		case (err == nil) != (jerr == nil):
			t.Fatalf("%q: %v, encoding/json: %v", b, err, jerr)
		case err == nil:
			return
		}
		var se *jsonfile.SyntaxError
		var jse *json.SyntaxError
		if !errors.As(err, &se) || !errors.As(jerr, &jse) {
			t.Fatalf("%q: %T %v, encoding/json %T %v", b, err, err, jerr, jerr)
		}
		if se.Error() != jse.Error() || se.Offset != jse.Offset {
			t.Fatalf("%q: %q at %d, encoding/json %q at %d", b, se, se.Offset, jse, jse.Offset)
		}
	})
}

// TestMembers: the members of a struct are encoding/json's object members,
// each value as Marshal writes it.
func TestMembers(t *testing.T) {
	v := jsonKinds{F: 0.5, S: "a<b", Fs: []float64{1, 2}, embeddedKinds: embeddedKinds{Deep: 1, Shown: "x"}, Hidden: 2}
	ms, err := jsonfile.Members(v)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(v)
	var want map[string]json.RawMessage
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	if len(ms) != len(want) {
		t.Fatalf("%d members, encoding/json %d: %v", len(ms), len(want), ms)
	}
	for _, m := range ms {
		if string(want[m.Name]) != m.JSON {
			t.Errorf("%s: %s, encoding/json %s", m.Name, m.JSON, want[m.Name])
		}
	}
}
