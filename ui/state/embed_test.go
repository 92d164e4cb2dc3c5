package state

import (
	"reflect"
	"strings"
	"testing"
)

// TestParseOrigin: origins as a teacher may write them come out as
// browsers write MessageEvent.origin.
func TestParseOrigin(t *testing.T) {
	for in, want := range map[string]string{
		"https://course.example.org":        "https://course.example.org",
		"https://course.example.org/":       "https://course.example.org",
		"HTTPS://Course.Example.ORG":        "https://course.example.org",
		"https://course.example.org:443":    "https://course.example.org",
		"http://course.example.org:80":      "http://course.example.org",
		"http://127.0.0.1:8080":             "http://127.0.0.1:8080",
		"https://localhost:0443":            "https://localhost",
		"http://[::1]:9000":                 "http://[::1]:9000",
		"https://xn--bcher-kva.example":     "https://xn--bcher-kva.example",
		"https://a-b.c-d.example:65535":     "https://a-b.c-d.example:65535",
		"http://[2001:DB8::1]":              "http://[2001:db8::1]",
		"https://lms.example.edu:8443/":     "https://lms.example.edu:8443",
		"http://" + strings.Repeat("a", 63): "http://" + strings.Repeat("a", 63),
	} {
		got, err := ParseOrigin(in)
		if err != nil || got != want {
			t.Errorf("ParseOrigin(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

// TestParseOriginRefuses: what is not an origin is an error that says what
// is wrong, in a short message.
func TestParseOriginRefuses(t *testing.T) {
	for in, says := range map[string]string{
		"*":                              "names no site",
		"null":                           "names no site",
		"":                               "not http:// or https://",
		"course.example.org":             "not http:// or https://",
		"ftp://course.example.org":       "not http:// or https://",
		"javascript://alert(1)":          "not http:// or https://",
		"https://course.example.org/lms": "path",
		"https://course.example.org//":   "path",
		"https://a.org?x=1":              "query",
		"https://a.org#x":                "fragment",
		"https://user@a.org":             "user name",
		"https://a.org:0":                "port",
		"https://a.org:65536":            "port",
		"https://a.org:":                 "port",
		"https://a.org:+80":              "port",
		"https://a.org:8o":               "port",
		"https://":                       "no host",
		"https://a..org":                 "empty label",
		"https://a.org.":                 "empty label",
		"https://-a.org":                 "character",
		"https://a_b.org":                "character",
		"https://bücher.example":         "xn--",
		"https://[::1":                   "closing",
		"https://[::1]x":                 "after its IPv6",
		"https://[g::1]":                 "not an IPv6",
		"https://[]":                     "not an IPv6",
		"https://" + strings.Repeat("a", 64) + ".org":  "longer than 63",
		"https://" + strings.Repeat("a.", 127) + "org": "longer than 253",
		"https://" + strings.Repeat("a", 300):          "longer than",
	} {
		_, err := ParseOrigin(in)
		if err == nil || !strings.Contains(err.Error(), says) {
			t.Errorf("ParseOrigin(%.40q): err %v, want one saying %q", in, err, says)
			continue
		}
		if len(err.Error()) > 200 {
			t.Errorf("ParseOrigin(%.40q): a %d-character message", in, len(err.Error()))
		}
	}
}

// TestEmbedLinkRoundTrip: embed= decodes to the origins in browsers' form
// and Encode writes them back; the re-encoded link decodes to the same
// configuration.
func TestEmbedLinkRoundTrip(t *testing.T) {
	c, err := Decode("v1&play=0&embed=HTTPS://Course.Example.org:443/,http://127.0.0.1:8000")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"https://course.example.org", "http://127.0.0.1:8000"}
	if !reflect.DeepEqual(c.Embed, want) {
		t.Fatalf("Embed = %q, want %q", c.Embed, want)
	}
	h := Encode(c)
	if !strings.HasSuffix(h, "&embed=https://course.example.org,http://127.0.0.1:8000") {
		t.Errorf("Encode wrote %q", h)
	}
	d, err := Decode(h)
	if err != nil || !reflect.DeepEqual(c, d) {
		t.Errorf("the re-encoded link decodes to %+v, %v", d.Embed, err)
	}
	if e, err := Decode("v1&embed="); err != nil || e.Embed != nil {
		t.Errorf("an empty embed= decodes to %q, %v; want no list", e.Embed, err)
	}
	if strings.Contains(Encode(Default()), "embed") {
		t.Errorf("the default link names embed: %q", Encode(Default()))
	}
}

// TestEmbedLinkRefuses: a malformed embed= list is a link error naming the
// setting, with a short message, whatever its length.
func TestEmbedLinkRefuses(t *testing.T) {
	nine := strings.TrimSuffix(strings.Repeat("https://a.org,", MaxEmbedOrigins+1), ",")
	for in, says := range map[string]string{
		"v1&embed=*":                                      "names no site",
		"v1&embed=https://a.org,":                         "not http:// or https://",
		"v1&embed=https://a.org,https://A.org:443/":       "appears twice",
		"v1&embed=https://a.org/course":                   "path",
		"v1&embed=" + nine:                                "at most 8",
		"v1&embed=https://a.org&embed=https://b.org":      "appears twice",
		"v1&embed=https://" + strings.Repeat("x", 60_000): "longer than",
		"v1&embed=" + strings.Repeat(",", 60_000):         "at most 8",
	} {
		_, err := Decode(in)
		if err == nil || !strings.Contains(err.Error(), says) || !strings.Contains(err.Error(), "embed") {
			t.Errorf("Decode(%.60q): err %v, want one about embed= saying %q", in, err, says)
			continue
		}
		if len(err.Error()) > 200 {
			t.Errorf("Decode(%.60q): a %d-character message", in, len(err.Error()))
		}
	}
}

// TestEmbedValidate: Validate refuses an Embed list that Decode could not
// have made (not in browsers' form, repeated, too long).
func TestEmbedValidate(t *testing.T) {
	for _, list := range [][]string{
		{"https://A.org"},
		{"https://a.org/"},
		{"https://a.org", "https://a.org"},
		{"*"},
		strings.Split(strings.Repeat("https://a.org ", MaxEmbedOrigins+1), " ")[:MaxEmbedOrigins+1],
	} {
		c := Default()
		c.Embed = list
		if err := c.Validate(); err == nil {
			t.Errorf("Validate accepts Embed %q", list)
		}
	}
	c := Default()
	c.Embed = []string{"https://a.org", "http://[::1]:8080"}
	if err := c.Validate(); err != nil {
		t.Errorf("Validate refuses %q: %v", c.Embed, err)
	}
}

// TestEmbedIsPageOnly: Embed does not change the run, and Defaults keeps
// it (the Default demo button must not cut the page off from its host).
func TestEmbedIsPageOnly(t *testing.T) {
	a := Default()
	b := a
	b.Embed = []string{"https://a.org"}
	if RunChanged(a, b) {
		t.Error("RunChanged: a new embed= list changes the run")
	}
	n, err := Apply(b, Defaults{})
	if err != nil || !reflect.DeepEqual(n.Embed, b.Embed) {
		t.Errorf("Defaults: Embed %q (%v), want %q kept", n.Embed, err, b.Embed)
	}
	n, err = Apply(b, SetField{Key: "s", Value: "0.3"})
	if err != nil || !reflect.DeepEqual(n.Embed, b.Embed) {
		t.Errorf("a setting: Embed %q (%v), want %q kept", n.Embed, err, b.Embed)
	}
}
