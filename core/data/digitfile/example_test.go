package digitfile_test

import (
	"fmt"
	"os"

	"kernelplay/core/data/digitfile"
)

// Read the shipped 8×8 digits natively and look at one image.
func ExampleRead() {
	f, err := os.Open("../../../static/data/digits8x8.kpd.gz")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer f.Close()
	d, err := digitfile.Read(f, "digits8x8")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(d.Len(), "images", d.Width, "×", d.Height, "of", d.Classes, "classes; the first is a", d.Labels[0])
	s := d.Set()
	fmt.Println(s.Dim, "inputs in [0, 1] per image")
	// Output:
	// 1797 images 8 × 8 of 10 classes; the first is a 0
	// 64 inputs in [0, 1] per image
}
