package data

// Example is one labelled input. X has the data set's dimension; Y follows
// the label convention of learn.Task: ±1 for binary classification, the class
// index 0..K−1 (as a float64) for multiclass, any real number for regression,
// ignored for novelty detection.
//
// An Example returned by a [Stream] or a [Set] may share X with the set it
// came from: treat X as read-only.
type Example struct {
	X []float64 // the input, of the data set's dimension (read-only)
	Y float64   // the label or target, by learn.Task's convention
}

// Stream is a source of examples drawn one at a time, in a fixed order
// decided when the stream was built (from an explicit seed where the order is
// random): the same construction gives the same sequence, bit for bit.
type Stream interface {
	// Next returns the next example, and false once a finite stream is
	// exhausted (an endless stream always returns true).
	Next() (Example, bool)
	// Dim is the length of every X the stream returns.
	Dim() int
	// Len is the number of examples a finite stream returns in all, or −1 for
	// an endless stream.
	Len() int
}
