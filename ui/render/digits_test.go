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
	if b := atlas.Bounds(); b.Dx() != 2*w+GalleryGap || b.Dy() != 2*h+GalleryGap {
		t.Fatalf("atlas %v", b)
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
