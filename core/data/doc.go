// Package data holds the examples kernelplay learns from: the [Example] and
// [Stream] types; the seeded 2D generators of the playground; the shipped
// digit sets (the 8×8 UCI/scikit-learn digits and a 10,000-digit MNIST
// subset, in a compact gzip format under static/data: [DecodeDigits] and
// [EncodeDigits] handle the uncompressed payload, which the browser gunzips
// for the page, and the subpackage digitfile the .kpd.gz files themselves);
// the papers' streams over them (class-split binary, 10-way multiclass, the
// conference paper's 0/1 → 2/3 switch, the JMLR counting sequence, novelty
// detection); and readers for the user's own LIBSVM/svmlight and CSV files.
//
// Every loader reads from an io.Reader, so the same code runs natively and in
// the browser. Malformed input is a returned error naming the line and
// column, never a panic; programmer misuse (wrong shapes, impossible
// arguments) panics with a "data: " prefix.
//
// Package data is pure Go: it must not import syscall/js, nor anything under
// kernelplay/ui, kernelplay/core/learn or kernelplay/core/experiment (learn's
// tests use data, not the other way round).
package data
