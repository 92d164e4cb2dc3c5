package sim

import (
	"bytes"
	"flag"
	"os"
	"strings"
	"testing"

	"kernelplay/ui/state"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestRegretCSVGolden: the traces CSV of the default demo (SVMD, spirals,
// seed 1) after 12 steps, its comparison solved, against
// testdata/regret-traces.csv: the regret columns sit at the checkpoints
// 1…8, 10, 12 with regret = online − hindsight, an empty bound (SVMD has
// none) and exact 1. Rewrite with -update after a deliberate change.
func TestRegretCSVGolden(t *testing.T) {
	s := mustNew(t, state.Default())
	s.Step(12)
	for !s.RegretStep(1 << 20) {
	}
	var b bytes.Buffer
	if err := s.WriteTraces(&b); err != nil {
		t.Fatal(err)
	}
	const file = "testdata/regret-traces.csv"
	if *update {
		if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), want) {
		t.Fatalf("traces CSV differs from %s:\n%s", file, b.String())
	}
	head := strings.SplitN(b.String(), "\n", 2)[0]
	for _, h := range []string{headOnline, headHindsight, headRegret, headBound, headExact} {
		if !strings.Contains(head, csvField(h)) {
			t.Errorf("header lacks %q", h)
		}
	}
}
