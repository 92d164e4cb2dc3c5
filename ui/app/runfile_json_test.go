package app

import (
	"bytes"
	"encoding/json"
	"testing"

	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// TestRunFileEncodingJSON: a run file (one learner, and a comparison's
// two) is byte for byte what encoding/json's MarshalIndent(f, "", " ")
// wrote for the same values before the page dropped encoding/json
// (core/learn's writer, jsontext.go).
func TestRunFileEncodingJSON(t *testing.T) {
	type second struct {
		Position sim.Position    `json:"position"`
		Model    json.RawMessage `json:"model"`
	}
	type file struct {
		Format   string          `json:"format"`
		Version  int             `json:"version"`
		Link     string          `json:"link"`
		Position sim.Position    `json:"position"`
		Model    json.RawMessage `json:"model"`
		Second   *second         `json:"second,omitempty"`
	}
	for _, link := range []string{"v1", "v1&p=rotating&vs=norma&2s=0.5", "v1&l=norma"} {
		c, err := state.Decode(link)
		if err != nil {
			t.Fatal(err)
		}
		e, err := stepped(c, 120).ExportModel()
		if err != nil {
			t.Fatal(err)
		}
		var f file
		if err := json.Unmarshal(e.Bytes, &f); err != nil {
			t.Fatal(err)
		}
		if f.Link == "" || len(f.Model) == 0 || (f.Second != nil) != (link == "v1&p=rotating&vs=norma&2s=0.5") {
			t.Fatalf("%s: the file lost its link, model or second: %.200s", link, e.Bytes)
		}
		want, err := json.MarshalIndent(f, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(e.Bytes, want) {
			t.Errorf("%s: the run file differs from encoding/json's\n got %.400s\nwant %.400s", link, e.Bytes, want)
		}
	}
}
