package ui

import (
	"math"
	"strconv"

	"kernelplay/ui/state"
)

// sliderSteps is the resolution of log-scaled sliders: positions 0…sliderSteps.
const sliderSteps = 1000

// sliderAttrs returns the min, max and step attributes of the range input for
// a Number or Integer field: the field's own range for linear sliders,
// 0…sliderSteps for log sliders.
func sliderAttrs(f *state.Field) (lo, hi, step float64) {
	if f.Log {
		return 0, sliderSteps, 1
	}
	step = f.Step
	if step <= 0 {
		step = (f.Max - f.Min) / sliderSteps
	}
	return f.Min, f.Max, step
}

// sliderPos maps a field value to the slider position (clamped to the range).
func sliderPos(f *state.Field, v float64) float64 {
	if !f.Log {
		return math.Max(f.Min, math.Min(f.Max, v))
	}
	if !(v > f.Min) {
		return 0
	}
	if v >= f.Max {
		return sliderSteps
	}
	return math.Round(sliderSteps * math.Log(v/f.Min) / math.Log(f.Max/f.Min))
}

// sliderValue maps a slider position back to the field's string value (as
// [state.SetField] takes it). Log sliders land on "nice" values with three
// significant digits; integers are rounded.
func sliderValue(f *state.Field, pos float64) string {
	v := pos
	if f.Log {
		t := math.Max(0, math.Min(1, pos/sliderSteps))
		v = f.Min * math.Pow(f.Max/f.Min, t)
		v = roundSig(v, 3)
	}
	v = math.Max(f.Min, math.Min(f.Max, v))
	if f.Kind == state.Integer {
		return strconv.FormatFloat(math.Round(v), 'f', 0, 64)
	}
	if !f.Log && f.Step > 0 {
		// Snap to the step grid and drop float noise (0.30000000000000004).
		v = f.Min + math.Round((v-f.Min)/f.Step)*f.Step
		v = roundSig(v, 12)
	}
	return state.Format(v)
}

// roundSig rounds v to n significant digits.
func roundSig(v float64, n int) float64 {
	if v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return v
	}
	s := strconv.FormatFloat(v, 'g', n, 64)
	r, _ := strconv.ParseFloat(s, 64)
	return r
}

// fieldText is the read-out of a field's value under c: three significant
// digits for numbers, the integer, the option name, on/off.
func fieldText(f *state.Field, c state.Config) string {
	switch f.Kind {
	case state.Number:
		return num(f.Value(c))
	case state.Bool:
		if f.Value(c) != 0 {
			return "on"
		}
		return "off"
	}
	return f.Get(c)
}

// rangeText describes a field's range for its tooltip, e.g. "0.01 – 10 (log)".
func rangeText(f *state.Field) string {
	if f.Kind != state.Number && f.Kind != state.Integer {
		return ""
	}
	s := num(f.Min) + " – " + num(f.Max)
	if f.Kind == state.Integer {
		s = strconv.FormatFloat(f.Min, 'f', 0, 64) + " – " + strconv.FormatFloat(f.Max, 'f', 0, 64)
	}
	if f.Log {
		s += " (log)"
	}
	return s
}

// otherClass is the class a shift-click or right-click adds: the other one
// of two, or the next one of K.
func otherClass(class, k int) int {
	if k <= 1 {
		return 0
	}
	return (class + 1) % k
}
