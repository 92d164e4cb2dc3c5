package learn_test

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"kernelplay/core/learn"
)

// TestMarshalModelEncodingJSON: every learner's model file, at t = 0 and
// after learning, is byte for byte the file encoding/json wrote for the
// same settings and state (core/jsonfile, the writer that replaced it).
func TestMarshalModelEncodingJSON(t *testing.T) {
	for _, c := range modelCases() {
		t.Run(c.name, func(t *testing.T) {
			l, err := c.make(c.dim)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(3, 4))
			for step := range 31 {
				if step == 0 || step == 30 {
					got, err := learn.MarshalModel(l)
					if err != nil {
						t.Fatal(err)
					}
					want, err := learn.EncodingJSONModel(l)
					if err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(got, want) {
						t.Fatalf("t = %d: the file differs from encoding/json's\n got %.300s\nwant %.300s", step, got, want)
					}
				}
				l.Learn(modelExample(rng, l.Task(), c.dim, l.NumScores()))
			}
		})
	}
}
