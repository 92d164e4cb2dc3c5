package app

import (
	"strings"
	"testing"

	"kernelplay/ui/state"
)

// TestEmbedStaysInLink: a page opened with embed= keeps the list in its
// share link (the address bar, so that a reload of the frame keeps its
// host) through the user's changes: a live setting, a new run, the Default
// demo, the digits view, a step and Reset, and a loaded link (the
// embedding API's load, a pasted link), whatever list that link names.
func TestEmbedStaysInLink(t *testing.T) {
	const embed = "embed=https://course.example.org,http://127.0.0.1:8000"
	s := NewStore("v1&play=0&" + embed)
	if s.Message().Kind == Failure {
		t.Fatalf("the link failed: %s", s.Message().Text)
	}
	for _, a := range []any{
		state.Step{N: 5},
		state.SetField{Key: "s", Value: "0.3"},
		state.SetField{Key: "l", Value: "norma"},
		state.Reset{},
		state.Defaults{},
		state.SetField{Key: "mode", Value: state.ModeDigits},
		state.SetField{Key: "mode", Value: state.Mode2D},
		LoadLink{Hash: "v1&s=0.4"},
		LoadLink{Hash: "v1&s=0.5&embed=https://evil.example"},
	} {
		s.Dispatch(a)
		if m := s.Message(); m.Kind == Warning || m.Kind == Failure {
			t.Fatalf("%T%+v was refused: %s", a, a, m.Text)
		}
		if !strings.HasSuffix(s.Hash(), "&"+embed) {
			t.Fatalf("after %T%+v the link is %q: embed= lost", a, a, s.Hash())
		}
	}
}
