package learn

import (
	"encoding/json"
	"fmt"
)

// EncodingJSONModel is MarshalModel as it was written with encoding/json
// (json.Marshal of the same settings and state, json.RawMessage members):
// the golden form MarshalModel's own writer must reproduce byte for byte.
func EncodingJSONModel(l Learner) ([]byte, error) {
	who, cfg, err := settingsOf(l)
	if err != nil {
		return nil, err
	}
	var st any
	var dim int
	switch m := l.(type) {
	case *SVMD:
		st, dim = m.modelState(), m.dim
	case *NORMA:
		st, dim = m.modelState(), m.dim
	case *KernelPegasos:
		st, dim = m.modelState(), m.dim
	case *Pegasos:
		st, dim = m.modelState(), m.dim
	case *SGD:
		st, dim = m.modelState(), m.dim
	case *RES:
		st, dim = m.modelState(), m.dim
	case *DCDOnline:
		if st, err = m.modelState(); err != nil {
			return nil, err
		}
		dim = m.dim
	case *AMM:
		st, dim = m.modelState(), m.dim
	case *BinaryAMM:
		st, dim = m.a.modelState(), m.dim
	default:
		return nil, fmt.Errorf("no model form for a %T", l)
	}
	c, err := json.Marshal(cfg)
	if err != nil {
		return nil, err
	}
	s, err := json.Marshal(st)
	if err != nil {
		return nil, err
	}
	return json.Marshal(struct {
		Format  string          `json:"format"`
		Version int             `json:"version"`
		Learner string          `json:"learner"`
		Dim     int             `json:"dim"`
		Config  json.RawMessage `json:"config"`
		State   json.RawMessage `json:"state"`
	}{ModelFormat, ModelVersion, who, dim, c, s})
}
