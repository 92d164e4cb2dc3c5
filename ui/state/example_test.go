package state_test

import (
	"fmt"

	"kernelplay/ui/state"
)

// A click adds a point on the link's 1/4096 grid; the link round-trips it
// exactly, and a tampered link is refused with a message naming the setting.
func Example() {
	c := state.Default()
	c, _ = state.Apply(c, state.AddPoint{X: 0.3, Y: -0.5, Class: 1})
	c, _ = state.Apply(c, state.SetField{Key: "s", Value: state.Format(0.5)})
	h := state.Encode(c)
	d, err := state.Decode(h)
	fmt.Println(err, d.Sigma, d.Points)
	_, err = state.Decode("v1&s=-1")
	fmt.Println(err)
	// Output:
	// <nil> 0.5 [{0.300048828125 -0.5 1}]
	// link: kernel width σ = -1 is too small: want 0.01 to 10
}

// The page builds its controls from the Fields table.
func ExampleFields() {
	c := state.Default()
	for _, f := range state.Fields {
		if f.Group == state.GroupStepSize && f.Active(c) {
			fmt.Printf("%s %s [%s, %s] log=%v: %s\n", f.Symbol, f.Label, state.Format(f.Min), state.Format(f.Max), f.Log, f.Get(c))
		}
	}
	// Output:
	// η₀ initial step size [0.0001, 10] log=true: 1
	// μ meta step size [0.0001, 10] log=true: 0.3
	// ρ trace decay [0, 1] log=false: 0.95
}
