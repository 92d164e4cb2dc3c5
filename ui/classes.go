package ui

import (
	"strconv"

	"kernelplay/ui/render"
	"kernelplay/ui/state"
)

// classCSS is the CSS colour of class i under c: the Okabe–Ito colours of
// render.ClassColors (novelty and regression points are all class 0).
func classCSS(c state.Config, i int) string {
	if i < 0 || i >= len(render.ClassColors) {
		return "#888888"
	}
	col := render.ClassColors[i]
	return "#" + hex2(col.R) + hex2(col.G) + hex2(col.B)
}

func hex2(b uint8) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[b>>4], digits[b&15]})
}

// className is how the page names class i: binary classes by their labels
// (class 0 is y = −1, class 1 is y = +1), multiclass ones by index.
func className(c state.Config, i int) string {
	switch c.Task {
	case state.TaskBinary:
		if i == 0 {
			return "class −1"
		}
		return "class +1"
	case state.TaskNovelty:
		return "a normal point"
	case state.TaskRegression:
		return "a point"
	}
	return "class " + strconv.Itoa(i)
}
