package pad

import (
	"math"
	"testing"
)

// benchDigit is a "2" of 200 points in three strokes, about two thirds of
// the pad high: what a student's drawing is like.
func benchDigit() []Stroke {
	var top, diag, base Stroke
	for k := range 100 {
		a := math.Pi * (1 - float64(k)/99)
		top = append(top, Point{140 + 60*math.Cos(a), 110 - 60*math.Sin(a)})
	}
	for k := range 60 {
		f := float64(k) / 59
		diag = append(diag, Point{200 - 120*f, 110 + 120*f})
	}
	for k := range 40 {
		base = append(base, Point{80 + 3*float64(k), 232})
	}
	return []Stroke{top, diag, base}
}

func BenchmarkRasterize(b *testing.B) {
	s := benchDigit()
	for b.Loop() {
		if _, err := Rasterize(s, PenWidth); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkToOptdigits(b *testing.B) {
	g, _ := Rasterize(benchDigit(), PenWidth)
	for b.Loop() {
		if _, err := ToOptdigits(g); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkToMNIST(b *testing.B) {
	g, _ := Rasterize(benchDigit(), PenWidth)
	for b.Loop() {
		if _, err := ToMNIST(g); err != nil {
			b.Fatal(err)
		}
	}
}
