package ui

import (
	"math"
	"strconv"
	"strings"
)

// num formats a read-out value with three significant digits: fixed point
// between 0.001 and 10⁴ (0.500, 12.3, 512, 1024), otherwise in short
// scientific notation (1.23e-5). It never returns an empty string: NaN and
// infinities print as "NaN", "∞", "−∞". The page shows read-outs in a
// tabular-nums font with a fixed width, so they change in place.
func num(v float64) string {
	switch {
	case math.IsNaN(v):
		return "NaN"
	case math.IsInf(v, 1):
		return "∞"
	case math.IsInf(v, -1):
		return "−∞"
	case v == 0:
		return "0"
	}
	a := math.Abs(v)
	if a >= 1e-3 && a < 1e4 {
		dec := 2 - int(math.Floor(math.Log10(a)))
		if dec < 0 {
			dec = 0
		}
		s := strconv.FormatFloat(v, 'f', dec, 64)
		if a >= 999.5 { // rounding reached four digits: no decimals
			s = strconv.FormatFloat(v, 'f', 0, 64)
		}
		return minus(s)
	}
	s := strconv.FormatFloat(v, 'e', 2, 64) // 1.23e-05
	mant, exp, _ := strings.Cut(s, "e")
	sign := exp[:1]
	exp = strings.TrimLeft(exp[1:], "0")
	if sign == "+" {
		sign = ""
	}
	return minus(mant + "e" + sign + exp)
}

// minus replaces a leading hyphen by the typographic minus sign, which has
// the width of a digit in tabular fonts.
func minus(s string) string {
	if strings.HasPrefix(s, "-") {
		return "−" + s[1:]
	}
	return s
}

func itoa(i int) string { return strconv.Itoa(i) }

// ftoa formats v with prec decimals, without the typographic minus (for CSS
// and canvas strings).
func ftoa(v float64, prec int) string { return strconv.FormatFloat(v, 'f', prec, 64) }

// count formats a step count compactly: 999, 12.3k, 4.56M.
func count(n int) string {
	switch {
	case n < 10000:
		return strconv.Itoa(n)
	case n < 1000000:
		return strconv.FormatFloat(float64(n)/1e3, 'f', 1, 64) + "k"
	default:
		return strconv.FormatFloat(float64(n)/1e6, 'f', 2, 64) + "M"
	}
}

// cssColor formats an 8-bit RGBA colour for the canvas API.
func cssColor(r, g, b, a uint8) string {
	return "rgba(" + itoa(int(r)) + "," + itoa(int(g)) + "," + itoa(int(b)) + "," + ftoa(float64(a)/255, 3) + ")"
}
