package pad

import (
	"bytes"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"kernelplay/core/data"
)

// TestDrawingsFile: drawings of both sets written as CSV read back by
// data.ReadCSV (the page's Load data… for a .csv file) as the features
// Features gives, bit for bit, with their labels; and ReadCSV gives back
// the levels. Bad files are errors.
func TestDrawingsFile(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 5))
	for _, c := range []struct{ n, top int }{{64, MaxLevel8}, {784, MaxLevel28}} {
		var ds [][]uint8
		var ls []uint8
		for k := range 12 {
			q := make([]uint8, c.n)
			for i := range q {
				if rng.IntN(4) == 0 {
					q[i] = uint8(rng.IntN(c.top + 1))
				}
			}
			q[k] = uint8(c.top) // every level appears somewhere
			ds, ls = append(ds, q), append(ls, uint8(k%10))
		}
		var b bytes.Buffer
		if err := WriteCSV(&b, "mine", ds, ls); err != nil {
			t.Fatal(err)
		}
		t.Logf("%d drawings of %d pixels: %d bytes", len(ds), c.n, b.Len())
		s, err := data.ReadCSV(bytes.NewReader(b.Bytes()), "mine.csv", data.CSVConfig{})
		if err != nil {
			t.Fatal(err)
		}
		for i, q := range ds {
			x, _ := Features(q)
			if !reflect.DeepEqual(s.Row(i), x) || s.Y[i] != float64(ls[i]) {
				t.Fatalf("drawing %d read back differs", i)
			}
		}
		gd, gl, err := ReadCSV(bytes.NewReader(b.Bytes()), "mine.csv")
		if err != nil || !reflect.DeepEqual(gd, ds) || !reflect.DeepEqual(gl, ls) {
			t.Fatalf("ReadCSV: %v", err)
		}
	}
	row := strings.Repeat("0,", 63)
	for name, f := range map[string]string{
		"2 features":   "x1,x2,y\n0,0,1\n",
		"label 10":     row + "0,10\n",
		"label 2.5":    row + "0,2.5\n",
		"text label":   row + "0,seven\n",
		"not a level":  row + "0.03,1\n",
		"above 1":      row + "1.0625,1\n",
		"negative":     row + "-0.0625,1\n",
		"not a number": row + "0,1\n" + row + "x,1\n",
	} {
		if _, _, err := ReadCSV(strings.NewReader(f), name); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
