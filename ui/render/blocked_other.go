//go:build !wasm

package render

// minBlocked is the number of queued terms from which flush uses the
// register-blocked product instead of windowed axpys. Natively
// floats.AddScaled is SIMD assembly and wins up to a few dozen terms.
const minBlocked = 32
