package ui

import (
	"strconv"
	"strings"

	"kernelplay/ui/render"
)

// num formats a read-out value with three significant digits: fixed point
// between 0.001 and 10⁴ (0.500, 12.3, 512, 1024), otherwise in short
// scientific notation (1.23e-5). It never returns an empty string: NaN and
// infinities print as "NaN", "∞", "−∞". The page shows read-outs in a
// tabular-nums font with a fixed width, so they change in place.
func num(v float64) string { return render.FormatValue(v, false) }

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
