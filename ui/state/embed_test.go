package state

import (
	"reflect"
	"strings"
	"testing"
)

// TestOrigin: origins as browsers write them are origins.
func TestOrigin(t *testing.T) {
	for _, in := range []string{
		"https://course.example.org", "http://course.example.org", "http://127.0.0.1:8080", "https://localhost:8443",
		"http://[::1]:9000", "https://xn--bcher-kva.example", "https://a-b.c-d.example:65535", "http://[2001:db8::1]",
		"https://lms.example.edu:8443", "http://" + strings.Repeat("a", 63), "http://localhost:1",
	} {
		if !origin(in) {
			t.Errorf("origin(%q) = false", in)
		}
	}
}

// TestOriginRefuses: what is not an origin (a scheme other than http and
// https, a path, query, fragment or user name, a bad port or host, "*",
// "null") is refused.
func TestOriginRefuses(t *testing.T) {
	for _, in := range []string{
		"*", "null", "", "course.example.org", "ftp://course.example.org", "javascript://alert(1)",
		"https://course.example.org/lms", "https://course.example.org//", "https://a.org?x=1", "https://a.org#x",
		"https://user@a.org", "https://a.org:0", "https://a.org:65536", "https://a.org:", "https://a.org:+80",
		"https://a.org:8o", "https://localhost:0443", "https://", "https://a.org.", "https://-a.org",
		"https://a_b.org", "https://bücher.example", "https://[::1", "https://[::1]x", "https://[g::1]",
		"https://[]", "https://[1]", "https://a.org:80:80", "https://course.example.org/", "HTTPS://a.org", "https://A.org",
		"https://a.org:443", "http://a.org:80", "http://[::1]:80", "http://[2001:DB8::1]",
		"https://" + strings.Repeat("a.", 127) + "org",
		"https://" + strings.Repeat("a", 300),
	} {
		if origin(in) {
			t.Errorf("origin(%.40q) = true, want false", in)
		}
	}
}

// TestEmbedLinkRoundTrip: embed= decodes to its origins and Encode writes
// them back; the re-encoded link decodes to the same configuration.
func TestEmbedLinkRoundTrip(t *testing.T) {
	c, err := Decode("v1&play=0&embed=https://course.example.org,http://127.0.0.1:8000")
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
		"v1&embed=*":                                      "want up to 8 origins",
		"v1&embed=https://a.org,":                         "want up to 8 origins",
		"v1&embed=https://a.org,https://a.org":            "one too many",
		"v1&embed=https://A.org":                          "as browsers write them",
		"v1&embed=https://a.org:443":                      "as browsers write them",
		"v1&embed=https://a.org/course":                   "want up to 8 origins",
		"v1&embed=" + nine:                                "want up to 8 origins",
		"v1&embed=https://a.org&embed=https://b.org":      "setting \"embed\" appears twice",
		"v1&embed=https://" + strings.Repeat("x", 60_000): "want up to 8 origins",
		"v1&embed=" + strings.Repeat(",", 60_000):         "want up to 8 origins",
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

// TestEmbedValidate: Validate bounds the list's length (the origins
// themselves are Decode's to check: TestEmbedLinkRefuses).
func TestEmbedValidate(t *testing.T) {
	c := Default()
	c.Embed = strings.Split(strings.Repeat("https://a.org ", MaxEmbedOrigins+1), " ")[:MaxEmbedOrigins+1]
	if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "at most 8 origins") {
		t.Errorf("Validate of %d origins: %v, want an error", len(c.Embed), err)
	}
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
