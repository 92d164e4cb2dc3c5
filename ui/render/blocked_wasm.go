//go:build wasm

package render

// minBlocked is the number of queued terms from which flush uses the
// register-blocked product instead of windowed axpys. Under GOARCH=wasm
// floats.AddScaled is a plain Go loop that loads and stores F per term, and
// the blocked product wins from about 4 terms (BenchmarkSurfaceIncremental).
const minBlocked = 4
