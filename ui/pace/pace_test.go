package pace

import "testing"

func TestPacerSteady60(t *testing.T) {
	var p Pacer
	if n := p.Ticks(1000); n != 1 {
		t.Fatalf("first call: %d ticks, want 1", n)
	}
	// 600 frames of a 60 Hz display with ±2 ms jitter: 600 ticks in all.
	total, now := 0, 1000.0
	for i := 0; i < 600; i++ {
		jitter := 2.0
		if i%2 == 0 {
			jitter = -2
		}
		now = 1000 + float64(i+1)*1000/60 + jitter
		total += p.Ticks(now)
	}
	if total < 599 || total > 601 {
		t.Errorf("600 frames at 60 Hz gave %d ticks, want 600±1", total)
	}
}

// Display frames with jitter each get exactly one tick: the picture moves
// on every frame (a strict floor gave alternate frames 0 and 2 ticks).
func TestPacerJitterOneTickPerFrame(t *testing.T) {
	var p Pacer
	p.Ticks(0)
	for i := 1; i <= 600; i++ {
		jitter := []float64{2, -2, 1.5, -1, 0}[i%5]
		now := float64(i)*1000/60 + jitter
		if n := p.Ticks(now); n != 1 {
			t.Fatalf("frame %d at %.2f ms: %d ticks, want 1", i, now, n)
		}
	}
}

func TestPacer120Hz(t *testing.T) {
	// A 120 Hz display: ticks still come at 60 per second.
	var p Pacer
	p.Ticks(0)
	total := 0
	for i := 1; i <= 240; i++ {
		total += p.Ticks(float64(i) * 1000 / 120)
	}
	if total != 120 {
		t.Errorf("2 s at 120 Hz gave %d ticks, want 120", total)
	}
}

func TestPacerStallIsCapped(t *testing.T) {
	p := Pacer{MaxTicks: 3}
	p.Ticks(0)
	if n := p.Ticks(5000); n != 3 {
		t.Errorf("after a 5 s stall: %d ticks, want the cap 3", n)
	}
	// The debt is dropped: the next normal frame gives one tick.
	if n := p.Ticks(5000 + 1000.0/60 + 0.1); n != 1 {
		t.Errorf("frame after the stall: %d ticks, want 1", n)
	}
	if n := p.Ticks(4000); n != 0 {
		t.Errorf("time running backwards: %d ticks, want 0", n)
	}
	p.Reset()
	if n := p.Ticks(9000); n != 1 || p.MaxTicks != 3 {
		t.Errorf("after Reset: %d ticks (want 1), MaxTicks %d (want 3 kept)", n, p.MaxTicks)
	}
}

func TestRateMeter(t *testing.T) {
	var m RateMeter
	for i := 0; i <= 120; i++ {
		m.Add(float64(i)*1000/60, 1)
	}
	// Windows close at 1000 ms and 2000 ms: 61 events counted in the
	// first (including the one at t = 0), 60 in the second.
	if r := m.Rate(); r < 59.9 || r > 60.1 {
		t.Errorf("rate %.2f, want 60", r)
	}
}
