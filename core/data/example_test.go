package data_test

import (
	"fmt"
	"os"
	"strings"

	"kernelplay/core/data"
	"kernelplay/core/data/digitfile"
)

// Load the shipped MNIST subset and build the JMLR counting sequence over it.
func ExampleCounting() {
	f, err := os.Open("../../static/data/mnist10k.kpd.gz")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer f.Close()
	d, err := digitfile.Read(f, "mnist10k")
	if err != nil {
		fmt.Println(err)
		return
	}
	q, err := data.Counting(d.Set(), 1, 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(q.Len(), "digits, each image at most", q.Repeats(), "time(s)")
	for t := range 9 {
		fmt.Print(q.At(t).Y, " ")
	}
	fmt.Println()
	// Output:
	// 6000 digits, each image at most 1 time(s)
	// 0 0 0 0 0 1 0 0 2
}

// Read a user's LIBSVM file, convert its labels to ±1 and stream it.
func ExampleReadLIBSVM() {
	in := "3 1:0.5 2:1\n7 2:-1\n3 1:1 # a comment\n"
	s, err := data.ReadLIBSVM(strings.NewReader(in), "mine.libsvm")
	if err != nil {
		fmt.Println(err)
		return
	}
	b, err := s.ToBinary()
	if err != nil {
		fmt.Println(err)
		return
	}
	q := data.InOrder(b)
	for e, ok := q.Next(); ok; e, ok = q.Next() {
		fmt.Println(e.X, e.Y)
	}
	_, err = data.ReadLIBSVM(strings.NewReader("1 1:0.5 1:2\n"), "bad.libsvm")
	fmt.Println(err)
	// Output:
	// [0.5 1] -1
	// [0 -1] 1
	// [1 0] -1
	// bad.libsvm: line 1, column 9: feature index 1 after 1: indices must increase along a line (libsvm)
}
