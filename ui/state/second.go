package state

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
)

// Compare (issue 11): a second kernel learner runs beside the first on the
// identical stream — the same examples in the same order, the same clicks
// and deletions at the same steps — in the 2D plot as in the digits view.
// Config.Compare names it (key vs) and Config.Second holds its own
// settings, written in the link under the first learner's keys with the
// prefix "2" (2s=0.3 is the second learner's σ). A second setting equal
// to the first learner's is left out of the link, and a link without it
// gives the second learner the first one's value: links written before the
// second learner had its own settings (digits Compare, vs=norma) open as
// they ran, with both learners on one set of settings.

// GroupSecond is the panel of the second learner's settings.
const GroupSecond Group = "Second learner"

// SecondPrefix is the prefix of the second learner's link keys.
const SecondPrefix = "2"

// LearnerSettings are the settings of one kernel learner that the two
// learners of a comparison set each for itself: the kernel (type, σ,
// degree, scale, c₀), the regularizer λ, the step sizes (η₀, NORMA's τ,
// SVMD's μ and trace decay ρ), the ν-trick (ν and ν-NORMA's margin rule),
// the buffer size ω and the offset b. Each field means what the Config
// field of the same name means.
type LearnerSettings struct {
	Kernel                  string
	Sigma                   float64
	Degree                  int
	Scale, Constant, Lambda float64
	Eta0, Tau, Mu, Decay    float64
	Nu                      float64
	MarginRule, Schedule    string
	BufferSize              int
	Offset                  bool
}

// secondKeys are the link keys of the first learner's settings that the
// second learner has its own copy of, under SecondPrefix+key.
var secondKeys = []string{"lam", "nu", "mr", "b", "k", "s", "d", "ks", "ko", "e", "tau", "m", "dc", "w"}

// Settings returns the first learner's settings of c.
func (c Config) Settings() LearnerSettings {
	return LearnerSettings{Kernel: c.Kernel, Sigma: c.Sigma, Degree: c.Degree, Scale: c.Scale, Constant: c.Constant,
		Lambda: c.Lambda, Eta0: c.Eta0, Tau: c.Tau, Mu: c.Mu, Decay: c.Decay, Nu: c.Nu, MarginRule: c.MarginRule,
		Schedule: c.Schedule, BufferSize: c.BufferSize, Offset: c.Offset}
}

// setSettings sets the first learner's settings of c to s.
func (c *Config) setSettings(s LearnerSettings) {
	c.Kernel, c.Sigma, c.Degree, c.Scale, c.Constant = s.Kernel, s.Sigma, s.Degree, s.Scale, s.Constant
	c.Lambda, c.Eta0, c.Tau, c.Mu, c.Decay, c.Nu = s.Lambda, s.Eta0, s.Tau, s.Mu, s.Decay, s.Nu
	c.MarginRule, c.Schedule, c.BufferSize, c.Offset = s.MarginRule, s.Schedule, s.BufferSize, s.Offset
}

// Comparing reports whether c runs a second learner: Compare is set, in
// the 2D plot (not the RES-vs-SGD preset, which has its own pair) or in
// the digits view without a paper figure (a figure brings its own
// learners).
func (c Config) Comparing() bool {
	if c.Compare == CompareNone || c.Compare == "" {
		return false
	}
	if c.Mode == ModeDigits {
		return c.Figure == FigureNone
	}
	return !IsRESvsSGD(c)
}

// SecondConfig returns c with its two learners swapped: the second
// learner (Compare, with the settings Second) as the learner, the first
// (Learner, with its settings) as Compare and Second, and in the events
// the edits of the one's settings as edits of the other's ("2s" becomes
// "s" and "s" becomes "2s"). Everything else — the data, the seed, the
// points, the clicks and deletions — is c's, so a run of SecondConfig()
// draws the same stream as a run of c. Meaningful when
// [Config.Comparing]; swapping twice gives c back.
func (c Config) SecondConfig() Config {
	n := c
	n.Learner, n.Compare = c.Compare, c.Learner
	n.setSettings(c.Second)
	n.Second = c.Settings()
	if slices.ContainsFunc(c.Events, func(e Event) bool { return e.Kind == EventSet }) {
		n.Events = slices.Clone(c.Events)
		for i, e := range n.Events {
			if e.Kind != EventSet {
				continue
			}
			if first, ok := IsSecondKey(e.Key); ok {
				n.Events[i].Key = first
			} else if isLearnerKey(e.Key) {
				n.Events[i].Key = SecondPrefix + e.Key
			}
		}
	}
	return n
}

// IsSecondKey reports whether key is a setting of the second learner
// (SecondPrefix + a key of the first learner's settings), and returns the
// first learner's key it mirrors.
func IsSecondKey(key string) (first string, ok bool) {
	if len(key) <= len(SecondPrefix) || key[:len(SecondPrefix)] != SecondPrefix {
		return "", false
	}
	first = key[len(SecondPrefix):]
	return first, isLearnerKey(first)
}

// laterSecondKeys are keys of learner settings added after secondKeys'
// fields: their second copies come later in Fields (digits.go's init).
var laterSecondKeys = []string{"sch"}

// isLearnerKey reports whether key is a first learner's setting with a
// second learner's copy.
func isLearnerKey(key string) bool {
	return slices.Contains(secondKeys, key) || slices.Contains(laterSecondKeys, key)
}

// secondFields returns the second learner's copies of the fields of
// secondKeys: key SecondPrefix+key, group GroupSecond, active when c
// compares and the first learner's field would be active for the second
// learner (σ only under a Gaussian or Laplacian kernel, μ only for SVMD…).
func secondFields() []Field {
	var out []Field
	for _, k := range secondKeys {
		out = append(out, secondField(k))
	}
	return out
}

// secondField is the second learner's copy of the first learner's field
// with key k (schedule "sch" is appended later than secondKeys, with the
// fields added after them: see init in digits.go).
func secondField(k string) Field {
	i := slices.IndexFunc(Fields, func(f Field) bool { return f.Key == k })
	if i < 0 {
		panic("state: no field " + k)
	}
	orig := Fields[i]
	f := orig
	f.Key, f.Group, f.second = SecondPrefix+k, GroupSecond, true
	f.active = func(c Config) bool { return c.Comparing() && orig.Active(c.SecondConfig()) }
	return f
}

// validateSecond checks the second learner against the task, as Validate
// checks the first: regression needs NORMA, novelty detection needs SVMD
// or NORMA with ν > 0.
func (c Config) validateSecond() error {
	if !c.Comparing() {
		return nil
	}
	s := c.Second
	switch {
	case c.Task == TaskRegression && c.Mode == Mode2D && c.Compare != LearnerNORMA:
		return fmt.Errorf("regression needs the NORMA learner: the second learner %s has no regression loss (JMLR Table 1)", c.Compare)
	case c.Task == TaskNovelty && c.Mode == Mode2D && s.Nu == 0:
		return errors.New("novelty detection needs the ν-trick: set the second learner's ν above 0")
	case c.Task == TaskNovelty && c.Mode == Mode2D && c.Compare == LearnerPerceptron:
		return errors.New("the kernel perceptron cannot do novelty detection: choose SVMD or NORMA as the second learner")
	}
	return nil
}

// compatibleSecond adjusts the second learner after a change of task, as
// compatible does the first: regression compares against NORMA, novelty
// needs ν > 0 and no perceptron.
func compatibleSecond(c *Config) {
	if c.Compare != CompareNone {
		fitTask(c.Task, &c.Compare, &c.Second.Nu)
	}
}

// fillSecond gives every second setting a link did not name (seen says
// which keys it named) the first learner's value.
func fillSecond(c *Config, seen map[string]bool) {
	first, second := reflect.ValueOf(c).Elem(), reflect.ValueOf(&c.Second).Elem()
	for i := range Fields {
		f := &Fields[i]
		if f.second && !seen[f.Key] {
			second.FieldByName(f.Name).Set(first.FieldByName(f.Name))
		}
	}
}

// sameAsFirst reports whether the second learner's value of f (a second
// field) equals the first learner's, so that the link leaves it out.
func sameAsFirst(f *Field, c *Config) bool {
	// The fields are numbers and enumerations: == of their values as
	// interfaces is reflect.Value.Equal's answer, without linking it.
	first := reflect.ValueOf(c).Elem().FieldByName(f.Name)
	return first.Interface() == reflect.ValueOf(&c.Second).Elem().FieldByName(f.Name).Interface()
}
