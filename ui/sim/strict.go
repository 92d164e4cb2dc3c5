package sim

import (
	"kernelplay/core/learn"
	"kernelplay/ui/state"
)

// StrictJSON decodes the JSON value b into v (a pointer) as
// core/learn.StrictJSON does — keys exactly the fields' names, none
// repeated, the arrays' numbers counted before anything is decoded — with
// the arrays bounded by what a model file may hold (learn.MaxModelFloats
// and 2^16 for its settings), for the page's run files, which hold one.
func StrictJSON(b []byte, v any) error {
	return learn.StrictJSON(b, v, learn.MaxModelFloats+1<<16)
}

// ErrTooManyNumbers is the error StrictJSON and ResumeModel wrap when a
// file's arrays hold more numbers than a model may (learn.ErrTooManyNumbers).
var ErrTooManyNumbers = learn.ErrTooManyNumbers

// Clip quotes user-provided text for an error message, cut after
// learn.ClipLen characters (learn.Clip).
func Clip(s string) string { return learn.Clip(s) }

// StartResumeModel reads the model file model (learn.UnmarshalModel, see
// [ResumeModel]) and begins rebuilding the run of cfg at p with it
// ([StartResume]); the page advances the [Resumer] a slice per frame.
func StartResumeModel(cfg state.Config, model []byte, p Position) (*Resumer, error) {
	l, err := learn.UnmarshalModel(model)
	if err != nil {
		return nil, err
	}
	return StartResume(cfg, l, p)
}
