//go:build js && wasm

package ui

import (
	"testing"

	"kernelplay/ui/state"
)

func TestClassCSS(t *testing.T) {
	c := state.Default()
	if got := classCSS(c, 0); got != "#0072b2" { // Okabe–Ito blue
		t.Errorf("class 0 colour %s, want #0072b2", got)
	}
	if got := classCSS(c, 1); got != "#e69f00" { // Okabe–Ito orange
		t.Errorf("class 1 colour %s, want #e69f00", got)
	}
	if got := classCSS(c, 99); got != "#888888" {
		t.Errorf("out-of-range class colour %s", got)
	}
	if className(c, 0) != "class −1" || className(c, 1) != "class +1" {
		t.Errorf("binary class names %q, %q", className(c, 0), className(c, 1))
	}
	if otherClass(0, 2) != 1 || otherClass(1, 2) != 0 || otherClass(4, 5) != 0 || otherClass(0, 1) != 0 {
		t.Error("otherClass")
	}
}
