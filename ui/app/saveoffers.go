package app

import "kernelplay/ui/state"

// SaveOffers says which entries the page's Save menu offers for the run on
// screen; each is offered exactly when the export behind it can be made
// from this kind of run (ExportData, ExportModel), so the menu never shows
// an entry that only answers "nothing saved".
type SaveOffers struct {
	// PlotPicture: the plot alone as a PNG, and its size menu (2D mode).
	PlotPicture bool
	// Points: the plot's points as CSV and LIBSVM (a 2D plot run of a
	// two-class or multiclass task, which Load data reads back).
	Points bool
	// Model: the learner's state as JSON (a 2D plot run).
	Model bool
	// LoadModel: continuing a saved model (2D mode).
	LoadModel bool
}

// SaveOffers returns the Save menu's entries for the run on screen (the
// view and the traces are always offered).
func (s *Store) SaveOffers() SaveOffers {
	c := s.Config()
	plot2D := s.run.Kind() == Plot2D
	return SaveOffers{
		PlotPicture: c.Mode == state.Mode2D,
		Points:      plot2D && (c.Task == state.TaskBinary || c.Task == state.TaskMulticlass),
		Model:       plot2D,
		LoadModel:   c.Mode == state.Mode2D,
	}
}
