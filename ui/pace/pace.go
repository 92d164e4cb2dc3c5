// Package pace is the frame loop's clock and budgets: Pacer (simulation
// ticks from animation-frame time), RateMeter (steps and frames per
// second), Slicer (learning slices within a time budget), Reduction,
// GridGovernor (the surface's grid within a budget), FrameGovernor (each
// frame shared between learning and drawing), Stagger, DigitsBudget and
// Collector (when the page collects its garbage, between frames).
// Times are milliseconds of the page's clock (performance.now). It is pure
// and imports nothing of the module: tested natively with simulated clocks.
package pace

import "math"

// Pacer turns the wall-clock time of animation frames into a whole number of
// simulation ticks, as Ebitengine's clock does (internal/clock): the
// simulation advances at a fixed rate whatever the display's refresh rate,
// and after a stall (a hidden tab, a slow frame) it catches up by at most
// MaxTicks instead of spiralling. One tick runs Config.StepsPerFrame
// learning steps.
//
// The zero value is ready to use. Pacer is pure (no syscall/js) and is
// tested natively.
type Pacer struct {
	// TPS is the number of ticks per second; 0 means 60, the usual display rate.
	TPS float64
	// MaxTicks caps the ticks returned by one call; 0 means 2.
	MaxTicks int

	acc     float64 // milliseconds not yet turned into ticks
	last    float64 // time of the previous call, milliseconds
	started bool
}

// Ticks returns how many ticks are due at time now (milliseconds, as passed
// to a requestAnimationFrame callback). The first call after a Reset
// returns 1, so a resumed simulation moves on its first frame. Time that
// runs backwards counts as zero.
func (p *Pacer) Ticks(now float64) int {
	tps, maxTicks := p.TPS, p.MaxTicks
	if tps <= 0 {
		tps = 60
	}
	if maxTicks <= 0 {
		maxTicks = 2
	}
	if !p.started {
		p.started, p.last, p.acc = true, now, 0
		return 1
	}
	dt := now - p.last
	p.last = now
	if !(dt > 0) || math.IsInf(dt, 0) {
		return 0
	}
	period := 1000 / tps
	p.acc += dt
	// A tick is due once its time is within tickSlack of a period: display
	// frames arrive with jitter (16.5 ms, then 16.8 ms at 60 Hz), and a
	// strict floor would give some frames no tick and others two — a
	// picture that stands still every few frames. The time owed or
	// borrowed stays in acc, so the long-run rate is exactly TPS.
	n := math.Floor(p.acc/period + tickSlack)
	if n > float64(maxTicks) {
		// A stall: run what the cap allows and drop the rest of the debt.
		p.acc = 0
		return maxTicks
	}
	p.acc -= n * period
	return int(n)
}

// tickSlack is how early in a period (as a fraction of it) a tick may run.
const tickSlack = 0.25

// Reset forgets the time of the last frame (call it when playing resumes).
func (p *Pacer) Reset() { *p = Pacer{TPS: p.TPS, MaxTicks: p.MaxTicks} }

// RateMeter measures events per second (frames drawn, steps learned) over a
// sliding window. The zero value uses a one-second window.
type RateMeter struct {
	// Window is the averaging window in milliseconds; 0 means 1000.
	Window float64

	start float64
	count int
	rate  float64
	begun bool
}

// Add records n events at time now (milliseconds) and returns the rate in
// events per second of the last completed window (0 before the first one
// completes).
func (m *RateMeter) Add(now float64, n int) float64 {
	w := m.Window
	if w <= 0 {
		w = 1000
	}
	if !m.begun {
		m.begun, m.start = true, now
	}
	m.count += n
	if el := now - m.start; el >= w {
		m.rate = float64(m.count) * 1000 / el
		m.start, m.count = now, 0
	}
	return m.rate
}

// Rate returns the rate of the last completed window in events per second.
func (m *RateMeter) Rate() float64 { return m.rate }
