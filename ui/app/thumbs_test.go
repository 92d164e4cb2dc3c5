package app

import (
	"bytes"
	"flag"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"kernelplay/ui/render"
	"kernelplay/ui/state"
)

var updateThumbs = flag.Bool("update", false, "rewrite the golden thumbnails in testdata/")

// colours counts the pixels of img that are exactly each class colour
// (a dot's centre is drawn in its colour unblended).
func colours(img *image.RGBA) map[int]int {
	n := map[int]int{}
	for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
		for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
			if k := slices.Index(render.ClassColors[:], img.RGBAAt(x, y)); k >= 0 {
				n[k]++
			}
		}
	}
	return n
}

// TestDataThumbs checks the data menu's thumbnails: one per 2D data set in
// the menu's order (all but RES vs SGD), none for regression; the classes
// drawn are those of the task (two for binary, K for multiclass, one for
// novelty); the same pictures on every call; and the binary and
// 4-class rows match the golden images.
func TestDataThumbs(t *testing.T) {
	const size = 48
	f, _ := state.FieldByKey("p")
	var want []string
	for _, o := range f.Options {
		if o != state.PresetRESvsSGD {
			want = append(want, o)
		}
	}
	binary := state.Default()
	binary.Task = state.TaskBinary
	multi := state.Default()
	multi.Task, multi.Classes = state.TaskMulticlass, 4
	novelty := state.Default()
	novelty.Task = state.TaskNovelty
	regression := state.Default()
	regression.Task = state.TaskRegression
	if th := DataThumbs(regression, size); th != nil {
		t.Errorf("regression: %d thumbnails, want none (one data set)", len(th))
	}
	for _, tc := range []struct {
		name    string
		c       state.Config
		classes int
		golden  string
	}{
		{"binary", binary, 2, "thumbs-binary.png"},
		{"multiclass K=4", multi, 4, "thumbs-multiclass4.png"},
		{"novelty", novelty, 1, ""},
	} {
		th := DataThumbs(tc.c, size)
		var got []string
		for _, d := range th {
			got = append(got, d.Preset)
			if b := d.Image.Bounds(); b.Dx() != size || b.Dy() != size {
				t.Errorf("%s %s: %v, want %d×%d", tc.name, d.Preset, b, size, size)
			}
			n := colours(d.Image)
			for k := range render.ClassColors {
				if drawn := n[k] > 0; drawn != (k < tc.classes) {
					t.Errorf("%s %s: class %d drawn %v (%d pixels), want %v", tc.name, d.Preset, k, drawn, n[k], k < tc.classes)
				}
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: thumbnails of %v, want the menu's %v", tc.name, got, want)
		}
		again := DataThumbs(tc.c, size)
		for i := range th {
			if !bytes.Equal(th[i].Image.Pix, again[i].Image.Pix) {
				t.Errorf("%s %s: a second call draws another picture", tc.name, th[i].Preset)
			}
		}
		if tc.golden != "" {
			goldenRow(t, tc.golden, th)
		}
	}
}

// goldenRow puts the thumbnails side by side and compares the row with
// testdata/name, byte for byte after PNG decoding (or rewrites it with
// -update).
func goldenRow(t *testing.T, name string, th []DataThumb) {
	t.Helper()
	s := th[0].Image.Bounds().Dx()
	row := image.NewRGBA(image.Rect(0, 0, len(th)*(s+2), s))
	for i, d := range th {
		draw.Draw(row, image.Rect(i*(s+2), 0, i*(s+2)+s, s), d.Image, image.Point{}, draw.Src)
	}
	path := filepath.Join("testdata", name)
	if *updateThumbs {
		var b bytes.Buffer
		if err := png.Encode(&b, row); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	fh, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	defer fh.Close()
	want, err := png.Decode(fh)
	if err != nil {
		t.Fatal(err)
	}
	w := image.NewRGBA(want.Bounds())
	draw.Draw(w, w.Rect, want, want.Bounds().Min, draw.Src)
	if w.Rect != row.Rect || !bytes.Equal(w.Pix, row.Pix) {
		t.Errorf("%s: the thumbnails differ from the golden row (go test -update rewrites it)", name)
	}
}

// BenchmarkDataThumbs: the data menu's seven thumbnails at the size the
// page draws them (ui/thumbs.go, 72 px), made in the Data group's first
// render.
func BenchmarkDataThumbs(b *testing.B) {
	c := state.Default()
	for b.Loop() {
		DataThumbs(c, 72)
	}
}
