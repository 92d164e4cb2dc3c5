package state

import (
	"errors"
	"fmt"
	"math"
)

// Action is something the user did. The concrete types are the structs of
// this file; [Apply] turns an Action and a Config into the next Config.
type Action interface{ isAction() }

// SetField sets the setting with URL key Key (see [Fields]) to Value, given
// in its string form: a decimal number ([Format]), an integer, one of the
// field's Options, or "1"/"0" for a Bool. Setting the task ("t") also
// switches to a learner that can do it (regression: NORMA; novelty: SVMD
// instead of the perceptron) and sets ν = 0.1 for novelty if ν was 0.
// Setting the digit set ("ds") also moves σ, λ and η₀ to the new set's
// values ([DataDefaults]) where they were at the old set's (a value the
// user chose is kept).
type SetField struct{ Key, Value string }

// AddPoint adds a clicked point of class Class at (X, Y), rounded to the
// 1/Quantum grid ([Quantize]) so the link stores it exactly. Coordinates
// outside [−1, 1] are clamped.
type AddPoint struct {
	X, Y  float64
	Class int
}

// DeletePoint removes the clicked point with index Index (see
// [Config.NearestPoint]).
type DeletePoint struct{ Index int }

// ClearPoints removes every clicked point (the generator takes over).
type ClearPoints struct{}

// Teach makes a student's drawing, its levels as [TeachLevels] describes
// them (the page's pad and kernelplay/core/data/pad make them), labelled
// Label (a digit 0…9), the next example of the digits run: an
// [EventTeach] at the current step. [Apply] checks it against the
// configuration (a 10-way digits run on the drawing's set, at most
// [MaxTeach] drawings) and changes no setting; the store adds the edit.
type Teach struct {
	Drawing string
	Label   int
}

// SetPreset selects the generator Preset and removes the clicked points.
// [PresetRESvsSGD] also selects the RES learner and the binary task (the
// preset runs RES against SGD); under it AddPoint is refused.
type SetPreset struct{ Preset string }

// Reset restarts the run with the same configuration: Apply returns the
// config unchanged; the page rebuilds the simulation.
type Reset struct{}

// Defaults restores [Default], keeping Hide, Presenter, Embed, Quiz and
// the lesson.
type Defaults struct{}

// SetPresenter turns presenter mode ([Config.Presenter], link key pm) on or
// off. It does not change the run.
type SetPresenter struct{ On bool }

// Play starts the run advancing by itself.
type Play struct{}

// Pause stops it.
type Pause struct{}

// TogglePlay flips Playing (the space key).
type TogglePlay struct{}

// Step pauses; the page then advances the simulation by N examples
// (1 ≤ N ≤ 1,000,000).
type Step struct{ N int }

func (SetField) isAction()     {}
func (SetPresenter) isAction() {}
func (AddPoint) isAction()     {}
func (DeletePoint) isAction()  {}
func (ClearPoints) isAction()  {}
func (Teach) isAction()        {}
func (SetPreset) isAction()    {}
func (Reset) isAction()        {}
func (Defaults) isAction()     {}
func (Play) isAction()         {}
func (Pause) isAction()        {}
func (TogglePlay) isAction()   {}
func (Step) isAction()         {}

// Apply returns the configuration after action a. It is pure: c is not
// modified (its Points slice is copied when changed). If the result would
// not pass [Config.Validate], or the action itself is malformed (unknown
// key, bad number, index out of range), Apply returns c unchanged and an
// error a user can read. Apply never panics.
func Apply(c Config, a Action) (Config, error) {
	n := c
	switch a := a.(type) {
	case SetField:
		f, ok := FieldByKey(a.Key)
		if !ok {
			return c, fmt.Errorf("unknown setting %q", a.Key)
		}
		if err := f.set(&n, a.Value); err != nil {
			return c, fmt.Errorf("%s: %w", f.title(), err)
		}
		if a.Key == "t" {
			compatible(&n)
		}
		if a.Key == "ds" && n.Data != c.Data {
			switchDataDefaults(c, &n)
		}
		if a.Key == "vs" && c.Compare == CompareNone && n.Compare != CompareNone {
			// A new second learner starts from the first one's settings.
			n.Second = n.Settings()
			compatibleSecond(&n)
		}
	case Teach:
		if countTeach(c.Events) >= MaxTeach {
			return c, fmt.Errorf("a link holds at most %d taught drawings", MaxTeach)
		}
		return c, checkTeach(c, Event{Kind: EventTeach, Drawing: a.Drawing, Label: a.Label})
	case AddPoint:
		if IsRESvsSGD(c) {
			return c, errors.New("the RES-vs-SGD preset learns an n-dimensional problem: choose a 2D data set to click points")
		}
		if len(c.Points) >= MaxPoints {
			return c, fmt.Errorf("at most %d points", MaxPoints)
		}
		if k := c.NumClasses(); a.Class < 0 || a.Class >= k {
			return c, fmt.Errorf("class %d does not exist in the %s task (%d classes)", a.Class, c.Task, k)
		}
		if math.IsNaN(a.X) || math.IsNaN(a.Y) {
			return c, errors.New("the point has no position")
		}
		n.Points = append(c.Points[:len(c.Points):len(c.Points)], Quantize(Point{X: a.X, Y: a.Y, Class: a.Class}))
	case DeletePoint:
		if a.Index < 0 || a.Index >= len(c.Points) {
			return c, fmt.Errorf("no point %d to delete", a.Index)
		}
		n.Points = append(append([]Point(nil), c.Points[:a.Index]...), c.Points[a.Index+1:]...)
		if len(n.Points) == 0 {
			n.Points = nil
		}
	case ClearPoints:
		n.Points = nil
	case SetPreset:
		n.Preset = a.Preset
		n.Points = nil
		if a.Preset == PresetRESvsSGD {
			// The preset runs RES (and SGD beside it): say so in the learner
			// and task selects (linear.go).
			n.Learner, n.Task = LearnerRES, TaskBinary
		}
	case Reset:
	case Defaults:
		n = Default()
		n.Hide, n.Presenter, n.Embed = c.Hide, c.Presenter, c.Embed
		n.Quiz, n.Lesson, n.LessonStep = c.Quiz, c.Lesson, c.LessonStep
	case SetQuiz:
		n.Quiz = Quiz{On: a.On}
	case SetPresenter:
		n.Presenter = a.On
	case Play:
		n.Playing = true
	case Pause:
		n.Playing = false
	case TogglePlay:
		n.Playing = !c.Playing
	case Step:
		if a.N < 1 || a.N > 1_000_000 {
			return c, fmt.Errorf("cannot step %d examples: want 1 to 1000000", a.N)
		}
		n.Playing = false
	default:
		return c, fmt.Errorf("unknown action %T", a)
	}
	if err := n.Validate(); err != nil {
		return c, err
	}
	return n, nil
}

// fitTask makes a learner and its ν fit task: regression needs NORMA,
// novelty detection SVMD or NORMA (the perceptron becomes SVMD) and ν > 0
// (0.1 when it was 0); the other tasks change nothing.
func fitTask(task string, learner *string, nu *float64) {
	switch task {
	case TaskRegression:
		*learner = LearnerNORMA
	case TaskNovelty:
		if *learner == LearnerPerceptron {
			*learner = LearnerSVMD
		}
		if *nu == 0 {
			*nu = 0.1
		}
	}
}

// compatible adjusts the learner and ν after a change of task, so that
// choosing a task never fails: regression needs NORMA, novelty detection
// needs SVMD or NORMA and ν > 0 (0.1 is set if ν was 0).
func compatible(c *Config) {
	fitTask(c.Task, &c.Learner, &c.Nu)
	compatibleSecond(c)
	compatibleLinear(c)
}

// NearestPoint returns the index of the clicked point nearest to (x, y)
// within distance r (plot units), or −1 if there is none.
func (c Config) NearestPoint(x, y, r float64) int {
	best, bi := r*r, -1
	for i, p := range c.Points {
		if d := (p.X-x)*(p.X-x) + (p.Y-y)*(p.Y-y); d <= best {
			best, bi = d, i
		}
	}
	return bi
}
