package learn

import "kernelplay/core/jsonfile"

// StrictJSON decodes the one JSON value b into v (a pointer) strictly, with
// memory bounded before anything is allocated: exact keys, none twice, all
// the arrays of b together at most maxElems elements (see
// [jsonfile.Strict]; encoding/json is not in the page). Its errors are a
// *jsonfile.SyntaxError (encoding/json's wording and offsets) for text
// that is not one JSON value, else a message naming the key, clipped to
// [ClipLen] characters.
func StrictJSON(b []byte, v any, maxElems int) error { return jsonfile.Strict(b, v, maxElems) }

// ErrTooManyNumbers is the error [StrictJSON] wraps when the arrays of a
// text hold more numbers than its limit.
var ErrTooManyNumbers = jsonfile.ErrTooManyNumbers

// ClipLen is the longest piece of user-provided text (a learner's, a
// kernel's or a key's name) that an error message of this package copies;
// longer text is cut and ends in "…".
const ClipLen = jsonfile.ClipLen

// Clip returns s quoted as by %q, cut after [ClipLen] characters (runes)
// with "…" appended, for an error message that names what the user gave.
func Clip(s string) string { return jsonfile.Clip(s) }
