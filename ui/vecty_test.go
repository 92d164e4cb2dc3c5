package ui

import _ "unsafe" // for go:linkname

// Vecty v0.6.0 builds natively but its init panics outside a browser
// ("only WebAssembly, TinyGo, and testing compilation is supported")
// unless its unexported isTest is set, which only Vecty's own tests do.
// This test-only variable defines that symbol with the value true: the
// linker keeps a definition with content over Vecty's zero (BSS) one, so
// isTest is true before any init runs, and package ui's components,
// handlers and painting run in native tests. Nothing but the test binary
// has it; the page's build never sees this file.
//
//go:linkname vectyIsTest github.com/hexops/vecty.isTest
var vectyIsTest = true
