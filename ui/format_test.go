//go:build js && wasm

package ui

import (
	"math"
	"testing"
)

func TestNum(t *testing.T) {
	cases := []struct {
		v    float64
		want string
	}{
		{0, "0"},
		{0.5, "0.500"},
		{-0.5, "−0.500"},
		{12.34, "12.3"},
		{512, "512"},
		{999.7, "1000"},
		{1024, "1024"},
		{0.001, "0.00100"},
		{1.234e-5, "1.23e-5"},
		{-2.5e7, "−2.50e7"},
		{math.NaN(), "NaN"},
		{math.Inf(1), "∞"},
		{math.Inf(-1), "−∞"},
	}
	for _, c := range cases {
		if got := num(c.v); got != c.want {
			t.Errorf("num(%g) = %q, want %q", c.v, got, c.want)
		}
	}
}

func TestCount(t *testing.T) {
	for n, want := range map[int]string{0: "0", 9999: "9999", 12345: "12.3k", 4560000: "4.56M"} {
		if got := count(n); got != want {
			t.Errorf("count(%d) = %q, want %q", n, got, want)
		}
	}
}
