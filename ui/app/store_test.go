package app

import (
	"strings"
	"testing"

	"kernelplay/ui/state"
)

func TestStoreBadLinks(t *testing.T) {
	good := state.Encode(state.Default())
	for name, hash := range map[string]string{
		"garbage":  "%%garbage&&v9=;",
		"sigma<=0": strings.Replace(good, "&s=", "&s=-1&x=", 1),
		"version":  "v0&t=binary",
	} {
		s := NewStore(hash)
		if m := s.Message(); m.Kind != Failure || !strings.Contains(m.Text, "could not be read") {
			t.Errorf("%s: message %+v, want a Failure saying the link could not be read", name, m)
		}
		if s.Sim() == nil || s.Config().Learner != state.Default().Learner {
			t.Errorf("%s: the default demo is not running", name)
		}
	}
	s := NewStore(good)
	if s.Message().Kind != NoMessage {
		t.Errorf("good link: message %+v", s.Message())
	}
	if s.Hash() != good {
		t.Errorf("the hash does not round-trip:\n got %s\nwant %s", s.Hash(), good)
	}
}

func TestStoreActions(t *testing.T) {
	s := NewStore("")
	notified := 0
	s.Subscribe(func() { notified++ })

	// Pause, then step: t advances exactly, the run stays paused.
	s.Dispatch(state.Pause{})
	s.Dispatch(state.Step{N: 25})
	if s.Sim().T() != 25 || s.Config().Playing {
		t.Fatalf("after Step{25}: t = %d, playing = %v", s.Sim().T(), s.Config().Playing)
	}
	// A point is an edit of the running run: the run carries on from t.
	old := s.Sim()
	s.Dispatch(state.AddPoint{X: 0.5, Y: 0.5, Class: 1})
	if s.Sim() != old || s.Sim().T() != 25 || len(s.Config().Points) != 1 || len(s.Base().Events) != 1 {
		t.Errorf("AddPoint: sim rebuilt %v, t = %d, %d points, %d events", s.Sim() != old, s.Sim().T(),
			len(s.Config().Points), len(s.Base().Events))
	}
	// Steps per frame does not change the run.
	old = s.Sim()
	s.Dispatch(state.SetField{Key: "spf", Value: "50"})
	if s.Sim() != old || s.Config().StepsPerFrame != 50 {
		t.Errorf("SetField spf: sim rebuilt %v, spf = %d", s.Sim() != old, s.Config().StepsPerFrame)
	}
	// A refused action leaves everything and warns.
	before := s.Config()
	s.Dispatch(state.SetField{Key: "s", Value: "-1"})
	if s.Message().Kind != Warning || s.Config().Sigma != before.Sigma {
		t.Errorf("σ = −1: message %+v, σ = %v", s.Message(), s.Config().Sigma)
	}
	// The next accepted change of the run clears the warning.
	s.Dispatch(state.SetField{Key: "k", Value: state.KernelLaplacian})
	s.Dispatch(state.SetField{Key: "s", Value: "0.5"})
	if s.Message().Kind == Warning || s.Config().Sigma != 0.5 {
		t.Errorf("σ = 0.5: message %+v, σ = %v", s.Message(), s.Config().Sigma)
	}
	// Brushes follow the task's classes.
	s.Dispatch(SetBrush{Class: 1})
	if s.Brush() != 1 {
		t.Errorf("brush %d, want 1", s.Brush())
	}
	s.Dispatch(SetBrush{Class: 7})
	if s.Brush() != 1 {
		t.Errorf("brush %d after an impossible class, want 1 kept", s.Brush())
	}
	s.Dispatch(SetDeleting{On: true})
	if !s.Deleting() {
		t.Error("delete mode did not turn on")
	}
	// A link typed into the address bar replaces the configuration.
	c := state.Default()
	c.Seed = 42
	s.Dispatch(LoadLink{Hash: state.Encode(c)})
	if s.Config().Seed != 42 || s.Sim().T() != 0 {
		t.Errorf("LoadLink: seed %d, t = %d", s.Config().Seed, s.Sim().T())
	}
	s.Dispatch(LoadLink{Hash: "nonsense"})
	if s.Message().Kind != Failure || s.Config().Seed != 42 {
		t.Errorf("bad LoadLink: message %+v, seed %d (want 42 kept)", s.Message(), s.Config().Seed)
	}
	s.Dispatch(Dismiss{})
	if s.Message().Kind != NoMessage {
		t.Error("Dismiss kept the message")
	}
	// Defaults restore the demo.
	s.Dispatch(state.Defaults{})
	if s.Config().Seed != state.Default().Seed || s.Brush() != 0 || s.Deleting() {
		t.Errorf("Defaults: seed %d, brush %d, deleting %v", s.Config().Seed, s.Brush(), s.Deleting())
	}
	if notified < 10 {
		t.Errorf("listeners ran %d times, want one per action", notified)
	}
}

func TestStoreFail(t *testing.T) {
	s := NewStore("")
	s.Fail(errTest("boom"))
	m := s.Message()
	if m.Kind != Failure || !m.Reset || s.Config().Playing || !strings.Contains(m.Text, "boom") {
		t.Errorf("Fail: message %+v, playing %v", m, s.Config().Playing)
	}
	s.Dispatch(state.Reset{})
	if s.Message().Kind != NoMessage || s.Sim().T() != 0 {
		t.Errorf("Reset after Fail: message %+v, t = %d", s.Message(), s.Sim().T())
	}
}

type errTest string

func (e errTest) Error() string { return string(e) }

func TestSentence(t *testing.T) {
	for in, want := range map[string]string{
		"":                          "",
		"the run diverged at t = 3": "The run diverged at t = 3.",
		"η is too large.":           "η is too large.",
	} {
		if got := sentence(in); got != want {
			t.Errorf("sentence(%q) = %q, want %q", in, got, want)
		}
	}
}
