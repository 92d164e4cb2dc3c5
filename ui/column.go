package ui

import (
	"kernelplay/ui/app"
	"kernelplay/ui/state"
)

// The controls column as values: which groups it has and which settings
// each shows, in the 2D and the digits mode, and the texts under the
// digits column's Data heading. The views build the markup.

// The groups of the controls column, in order. Learner and steps per frame
// sit in the top bar; the surface resolution under the plot.
var columnGroups = [numGroups]state.Group{state.GroupData, state.GroupLearner, state.GroupKernel,
	state.GroupStepSize, state.GroupBuffer, state.GroupSecond}

// numGroups is the number of the column's groups.
const numGroups = 6

// elsewhere lists fields drawn outside the column (or not at all: the mode
// has a single value for now).
var elsewhere = map[string]bool{"mode": true, "l": true, "t": true, "p": true, "spf": true, "g": true, "play": true}

// digitsField says which settings the digits column shows: the digits
// fields and the learner's, not the 2D ones (task, preset, noise, classes,
// the surface) nor those in the top bar; under a paper figure only the
// figure and the seed (the figure fixes everything else).
func digitsField(key string, c state.Config) bool {
	switch key {
	case "mode", "t", "p", "n", "c", "g", "spf", "play", "fig":
		return false
	case "r":
		return true
	}
	return c.Figure == state.FigureNone
}

// dataNote is the line under the digits column's Data heading: the paper
// figure's title and caption, the user's file (fileNote: app.Store.FileNote)
// or how the run learns.
func dataNote(c state.Config, fileNote func() string) string {
	if f, ok := state.FigureByName(c.Figure); ok {
		return f.Title + ", on " + setTitle(c) + ", with the papers' learners and settings.\n" +
			state.FigureCaption(f.Name, c.Seed) + "\nChoose “none” as paper figure to set your own."
	}
	if c.Data == state.DataFile {
		return fileNote()
	}
	return "Every example is predicted first, then learned: the error is online."
}

// Shipped digit sets: the state.Data value, the file under static/ and a
// display name.
var shippedSets = map[string]struct{ File, Name, Title string }{
	state.Data8x8:   {"data/digits8x8.kpd.gz", "digits8x8", "8×8 digits (1,797)"},
	state.DataMNIST: {"data/mnist10k.kpd.gz", "mnist10k", "MNIST (10,000)"},
}

// setTitle is the display name of the data set a config runs on.
func setTitle(c state.Config) string {
	key := app.DataKey(c)
	if key == state.DataFile {
		return "your file"
	}
	return shippedSets[key].Title
}

// columnKeys returns the URL keys of the settings the column shows in
// group g under c, in the order of state.Fields: the active fields not
// hidden by the link, and in the 2D mode not drawn elsewhere (top bar,
// under the plot), in the digits mode only those digitsField allows.
func columnKeys(g state.Group, c state.Config) []string {
	var keys []string
	for i := range state.Fields {
		f := &state.Fields[i]
		if f.Group != g || c.Hidden(f.Key) || !f.Active(c) {
			continue
		}
		if c.Mode == state.ModeDigits && !digitsField(f.Key, c) || c.Mode != state.ModeDigits && elsewhere[f.Key] {
			continue
		}
		keys = append(keys, f.Key)
	}
	return keys
}
