package render

import (
	"image"
	"reflect"
	"testing"

	"kernelplay/core/expansion"
	"kernelplay/core/kernel"
)

func TestDigitImage(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 3, 2))
	// Half the maximum ink is the midpoint between White and Ink; the
	// maximum is Ink; 0 and negative values are White.
	DigitImage(img, []float64{0, 0.5, 1, -1, 0.25, 1}, 3, 2, 0, 0)
	if got := img.RGBAAt(2, 0); got != Ink {
		t.Errorf("max pixel %v, want Ink %v", got, Ink)
	}
	for _, p := range []image.Point{{0, 0}, {0, 1}} {
		if got := img.RGBAAt(p.X, p.Y); got != White {
			t.Errorf("background pixel %v = %v, want White", p, got)
		}
	}
	mid := img.RGBAAt(1, 0)
	if want := blend(White.R, Ink.R, 0.5); mid.R != want {
		t.Errorf("half ink R = %d, want %d", mid.R, want)
	}
	// Clipping: drawing partly outside does not panic.
	DigitImage(img, make([]float64, 4), 2, 2, 2, 1)
}

func TestGalleryTerms(t *testing.T) {
	for _, c := range []struct {
		n, max int
		want   []int
	}{
		{0, 5, []int{}},
		{3, 5, []int{0, 1, 2}},
		{9, 5, []int{0, 2, 4, 6, 8}},
		{10, 1, []int{9}},
	} {
		if got := GalleryTerms(nil, c.n, c.max); !reflect.DeepEqual(got, c.want) && !(len(got) == 0 && len(c.want) == 0) {
			t.Errorf("GalleryTerms(%d, %d) = %v, want %v", c.n, c.max, got, c.want)
		}
	}
}

func TestGalleryAndCoef(t *testing.T) {
	const w, h = 2, 2
	e := expansion.New(kernel.Gaussian{Sigma: 1}, w*h, 3, 4, nil, false)
	for i := range 3 {
		x := make([]float64, w*h)
		x[i] = 1
		e.Prepare(x)
		a := []float64{0, 0, 0}
		a[i] = float64(i + 1)
		e.Push(a, nil)
	}
	atlas := Gallery(nil, e, GalleryTerms(nil, e.Len(), 10), w, h, 2)
	bar := GalleryBar(h)
	if b := atlas.Bounds(); b.Dx() != 2*w+GalleryGap || b.Dy() != 2*(h+bar)+GalleryGap {
		t.Fatalf("atlas %v", b)
	}
	// Bars: term 2 (α = 3, the largest) spans the tile's width, term 0
	// (α = 1) a third of it, rounded: 1 pixel of 2.
	row2 := 2*h + bar + GalleryGap // term 2 is the first tile of the second row
	if got := atlas.RGBAAt(w-1, row2); got != ClassColors[1] {
		t.Errorf("full bar end %v, want orange", got)
	}
	if got := atlas.RGBAAt(1, h); got == ClassColors[1] {
		t.Errorf("term 0's bar is too long")
	}
	// Term 1 (second tile, top right) has its ink at pixel 1 of its tile.
	if got := atlas.RGBAAt(w+GalleryGap+1, 0); got != Ink {
		t.Errorf("term 1 ink %v", got)
	}
	if got := atlas.RGBAAt(w, 0); got != (White) && got.R != 0xff {
		t.Errorf("gap pixel %v", got)
	}
	y, v := TermCoef(e.Alpha(nil, 2))
	if y != 2 || v != 3 {
		t.Errorf("TermCoef = %d, %v, want 2, 3", y, v)
	}
	if y, v := TermCoef([]float64{0.5, -2, 1}); y != 1 || v != -2 {
		t.Errorf("TermCoef negative = %d, %v", y, v)
	}
}

func TestConfusionCells(t *testing.T) {
	counts := []int{3, 1, 0, 0}
	cells := ConfusionCells(nil, counts, 2, 10, 20, 100)
	if len(cells) != 4 {
		t.Fatalf("%d cells", len(cells))
	}
	c := cells[1] // row 0, column 1
	if c.X != 60 || c.Y != 20 || c.W != 50 || c.Count != 1 || c.Share != 0.25 {
		t.Errorf("cell %+v", c)
	}
	if cells[0].Fill == cells[3].Fill || cells[3].Fill.R != 0xff || cells[3].Share != 0 {
		t.Errorf("an empty row is white: %+v", cells[3])
	}
	if cells[0].Fill.B <= cells[0].Fill.R {
		t.Errorf("the diagonal is blue: %v", cells[0].Fill)
	}
}

// BenchmarkGalleryMNIST draws an atlas of galleryTiles 28×28 support
// vectors, the size of the MNIST gallery on a laptop screen.
func BenchmarkGalleryMNIST(b *testing.B) {
	const galleryTiles, side, cols = 700, 28, 35
	e := expansion.New(kernel.Gaussian{Sigma: 7}, side*side, 10, galleryTiles, nil, false)
	x := make([]float64, side*side)
	for i := range galleryTiles {
		for j := range x {
			x[j] = float64((i*31+j*17)%97) / 97
		}
		e.Prepare(x)
		a := make([]float64, 10)
		a[i%10] = float64(i%7) - 3.5
		e.Push(a, nil)
	}
	terms := GalleryTerms(nil, e.Len(), galleryTiles)
	var img *image.RGBA
	for b.Loop() {
		img = Gallery(img, e, terms, side, side, cols)
	}
}

// TestGallerySignColours: one colour per sign across the page. The 2D plot
// draws a term with α > 0 (label +1) in its class colour ClassColors[1]
// (orange, as f > 0 on the diverging palette) and α < 0 in ClassColors[0]
// (blue); the digits gallery's coefficient bars must agree (they were blue
// for α > 0).
func TestGallerySignColours(t *testing.T) {
	const w, h = 2, 2
	e := expansion.New(kernel.Gaussian{Sigma: 1}, w*h, 1, 4, nil, false)
	for _, a := range []float64{2, -2} {
		e.Prepare(make([]float64, w*h))
		e.Push([]float64{a}, nil)
	}
	atlas := Gallery(nil, e, GalleryTerms(nil, e.Len(), 10), w, h, 2)
	svs := SupportVectors(nil, e)
	for j, sv := range svs {
		x0 := j * (w + GalleryGap)
		got, want := atlas.RGBAAt(x0, h), ClassColors[sv.Class]
		if got != want {
			t.Errorf("term %d (α = %v): gallery bar %v, plot colour %v", j, sv.Alpha, got, want)
		}
	}
	if pos := Diverging(1); !(pos.R > pos.B) {
		t.Errorf("f > 0 is drawn %v, not orange", pos)
	}
	if svs[0].Class != 1 || ClassColors[1].R <= ClassColors[1].B {
		t.Errorf("α > 0 is class %d, colour %v: not orange", svs[0].Class, ClassColors[svs[0].Class])
	}
}
