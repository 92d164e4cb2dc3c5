package sim

import (
	"kernelplay/core/learn"
	"kernelplay/ui/state"
)

// Model files for the page's “Take it home” (ui/app): the learner of a 2D
// run written and read by core/learn, so that ui/app need not import
// core/learn.

// MaxModelBytes is the longest model file read (learn.MaxModelBytes).
const MaxModelBytes = learn.MaxModelBytes

// MarshalModel returns the model file of the run's learner
// (learn.MarshalModel; an error for a learner holding NaN or ±Inf).
func (s *Sim) MarshalModel() ([]byte, error) { return learn.MarshalModel(s.learner) }

// ResumeModel reads the model file model (learn.UnmarshalModel: an error
// naming what is wrong for a truncated file, another version, a number
// JSON cannot hold, lengths that do not fit) and rebuilds the run of cfg
// at p with it ([Resume]: an error when the model is not the learner cfg
// builds, e.g. for another input dimension). Nothing is changed on error.
func ResumeModel(cfg state.Config, model []byte, p Position) (*Sim, error) {
	l, err := learn.UnmarshalModel(model)
	if err != nil {
		return nil, err
	}
	return Resume(cfg, l, p)
}

// ResumeSecondModel is [ResumeModel] for the second learner of a 2D
// comparison ([ResumeSecond]).
func ResumeSecondModel(cfg state.Config, model []byte, p Position) (*Sim, error) {
	l, err := learn.UnmarshalModel(model)
	if err != nil {
		return nil, err
	}
	return ResumeSecond(cfg, l, p)
}

// MarshalLearner returns the model file of l (learn.MarshalModel).
func MarshalLearner(l learn.Learner) ([]byte, error) { return learn.MarshalModel(l) }
