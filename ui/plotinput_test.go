//go:build js && wasm

package ui

import (
	"syscall/js"
	"testing"

	"kernelplay/ui/app"
	"kernelplay/ui/state"
)

// TestPlotDispatches: a Plot made of props only (no page, no store) sends
// its clicks as actions through P.Dispatch: a point of P.Brush's class
// where it was pressed (other: the other class), with P.Deleting the
// deletion of the nearest point of P.Config; a plot without a Dispatch
// (a comparison's second surface) takes no input.
func TestPlotDispatches(t *testing.T) {
	c := state.Default()
	c.Points = []state.Point{{X: 0.5, Y: 0.5, Class: 0}, {X: -0.5, Y: -0.5, Class: 1}}
	var got []any
	p := &Plot{P: plotProps{Config: c, Brush: 1, Dispatch: func(a any) { got = append(got, a) }}}
	p.click(150, 50, 200, 200, false) // top right: (0.5, 0.5)
	p.click(50, 150, 200, 200, true)  // bottom left, the other class
	if len(got) != 2 {
		t.Fatalf("two clicks dispatched %d actions: %v", len(got), got)
	}
	a, ok := got[0].(state.AddPoint)
	b, ok2 := got[1].(state.AddPoint)
	if !ok || !ok2 || a.Class != 1 || b.Class != 0 || !(a.X > 0 && a.Y > 0 && b.X < 0 && b.Y < 0) {
		t.Errorf("clicks dispatched %+v, %+v: want a class-1 point top right and a class-0 point bottom left", got[0], got[1])
	}
	got = nil
	p.P.Deleting = true
	p.click(52, 148, 200, 200, false) // near (−0.5, −0.5), the second point
	if d, ok := got[0].(state.DeletePoint); len(got) != 1 || !ok || d.Index != 1 {
		t.Errorf("a click in delete mode dispatched %v, want the deletion of point 1", got)
	}
	got = nil
	p.click(0, 0, 0, 0, false) // an unsized plot
	second := &Plot{P: plotProps{Config: c, Second: true}}
	second.click(150, 50, 200, 200, false)
	if len(got) != 0 {
		t.Errorf("an unsized plot dispatched %v", got)
	}
}

// TestGuardedFunc: a panic in a listener made by guardedFunc (the plot's
// pointer and key listeners, which have no Playground to recover through) stops
// the page with the listener's name in the report, and a stopped page
// runs no listener.
func TestGuardedFunc(t *testing.T) {
	saved := crash
	defer func() { crash = saved }()
	var got []string
	crash = crashSink{out: func(msg string, rep app.Report, first bool) { got = append(got, rep.Where+" "+rep.Panic) }}
	f := guardedFunc("plot pointerdown", func(js.Value, []js.Value) { panic("boom") })
	defer f.Release()
	f.Invoke()
	if !crash.stopped || len(got) != 1 || got[0] != "plot pointerdown boom" {
		t.Fatalf("after a panic in the listener: stopped %v, reports %q", crash.stopped, got)
	}
	ran := false
	g := guardedFunc("plot keydown", func(js.Value, []js.Value) { ran = true })
	defer g.Release()
	g.Invoke()
	if ran {
		t.Error("a listener ran after the page stopped")
	}
}
