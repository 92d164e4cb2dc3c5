// Package jsonfile writes and reads the JSON of the page's model and run
// files without encoding/json, which main.wasm then does not link (about
// 89 KB of its gzip with the reflection it needs, November 2026).
//
// The files have a fixed shape — structs with json tags (omitempty),
// pointers, float64, integers, bool, string, slices, []byte as base64 and
// [Raw] members — and a small reflect-based writer and reader cover it:
//
//   - [Marshal] and [Indent] write byte for byte what encoding/json's
//     Marshal and MarshalIndent(v, "", " ") write for the same values (the
//     tests compare the two, and core/learn's and ui/app's tests compare
//     every learner's model file and the run files);
//   - [Strict] reads one value strictly and with its memory bounded before
//     anything is allocated (exact keys, no key twice, the arrays' numbers
//     counted first), its syntax errors a *[SyntaxError] with encoding/json's
//     wording and offsets.
//
// The package is compiled without inlining in main.wasm (the Makefile's
// -gcflags=all=-l), unlike core/learn, which keeps it for its learners'
// loops: a separate package keeps the reflection code small.
//
// It imports nothing of the module, and no encoding/json outside its tests.
package jsonfile
