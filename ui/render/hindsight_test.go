package render

import (
	"math"
	"testing"
)

// TestScoreFieldBoundary: the field of the linear score x − 0.3 traced at
// level 0 is the vertical line x = 0.3 across the square (to within the
// grid's interpolation, exact for a linear field), and the field's samples
// sit at the pixel centres (row 0 at the top).
func TestScoreFieldBoundary(t *testing.T) {
	const g = HindsightGrid
	f := ScoreField(nil, func(x []float64) float64 { return x[0] - 0.3 }, g, Square)
	if len(f) != g*g {
		t.Fatalf("%d samples, want %d", len(f), g*g)
	}
	if want := -1 + 0.5*2/float64(g) - 0.3; math.Abs(f[0]-want) > 1e-12 {
		t.Errorf("sample (0, 0) = %v, want %v", f[0], want)
	}
	top := ScoreField(nil, func(x []float64) float64 { return x[1] }, g, Square)
	if !(top[0] > top[(g-1)*g]) {
		t.Error("row 0 is not the top of the view")
	}
	var tr Tracer
	lines := tr.Lines(nil, f, g, Square, 0, 0)
	n := 0
	for i := 0; i+1 < len(lines); i += 2 {
		if math.IsNaN(lines[i]) {
			continue
		}
		n++
		if math.Abs(lines[i]-0.3) > 1e-9 {
			t.Fatalf("boundary point (%v, %v), want x = 0.3", lines[i], lines[i+1])
		}
	}
	if n < g-1 {
		t.Errorf("%d boundary points, want a line across the %d rows", n, g)
	}
}
