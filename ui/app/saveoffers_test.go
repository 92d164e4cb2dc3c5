package app

import (
	"testing"

	"kernelplay/ui/state"
)

// The Save menu offers the points and the model exactly where the store
// can export them: for each kind of run an offered entry's export works
// after a few steps and a withheld one is refused.
func TestSaveOffersMatchExports(t *testing.T) {
	for _, hash := range []string{
		"v1&play=0",                           // 2D binary
		"v1&play=0&t=multiclass",              // 2D multiclass
		"v1&play=0&t=regression&l=norma",      // 2D regression
		"v1&play=0&t=novelty&nu=0.1",          // novelty detection
		"v1&play=0&p=" + state.PresetRESvsSGD, // RES vs SGD
		"v1&mode=digits&play=0",               // digits, waiting for its data
	} {
		s := NewStore(hash)
		if m := s.Message(); m.Kind == Failure {
			t.Fatalf("%s: %s", hash, m.Text)
		}
		if s.NeedData() == "" {
			s.Dispatch(state.Step{N: 30})
		}
		o := s.SaveOffers()
		_, errPts := s.ExportData(FormatCSV)
		_, errModel := s.ExportModel()
		if o.Points != (errPts == nil) {
			t.Errorf("%s: Points offered %v, ExportData error %v", hash, o.Points, errPts)
		}
		if o.Model != (errModel == nil) {
			t.Errorf("%s: Model offered %v, ExportModel error %v", hash, o.Model, errModel)
		}
		if o.PlotPicture != (s.Config().Mode == state.Mode2D) || o.LoadModel != o.PlotPicture {
			t.Errorf("%s: picture %v, load model %v in mode %s", hash, o.PlotPicture, o.LoadModel, s.Config().Mode)
		}
	}
}
