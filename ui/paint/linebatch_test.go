package paint

import (
	"slices"
	"testing"
)

// TestLineBatchPack: a frame is packed as static/lines.js reads it — the
// number of strokes, each stroke as (n, width, dash on, dash off, halo),
// the coordinates after them, then the number of markers and their
// triples; after Sent the batch is empty, an empty frame is still sent
// once (to clear the last one's lines), and then no more.
func TestLineBatchPack(t *testing.T) {
	var lb LineBatch
	if _, send := lb.Pack(); send {
		t.Fatal("a first, empty frame is sent")
	}
	lb.Add([]float64{1, 2, 3, 4}, 2, nil, true)
	lb.Add([]float64{5, 6}, 1.2, []float64{5, 4}, false)
	lb.Marks = append(lb.Marks, 7, 8, 9)
	buf, send := lb.Pack()
	want := []float64{2, 4, 2, 0, 0, 1, 2, 1.2, 5, 4, 0, 1, 2, 3, 4, 5, 6, 1, 7, 8, 9}
	if !send || !slices.Equal(buf, want) {
		t.Fatalf("packed %v (send %v), want %v", buf, send, want)
	}
	lb.Sent()
	buf, send = lb.Pack()
	if !send || !slices.Equal(buf, []float64{0, 0}) {
		t.Errorf("the empty frame after a drawn one: %v (send %v), want [0 0] sent to clear it", buf, send)
	}
	lb.Sent()
	if _, send := lb.Pack(); send {
		t.Error("a second empty frame is sent")
	}
}
