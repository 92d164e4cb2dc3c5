//go:build js && wasm

package ui

// The tests of package ui run under js/wasm in a jsdom document (make
// test-wasm: go test -exec=ui/comp/testdata/jsdom_exec ./ui), where
// Vecty's init finds a document and the views render through Vecty as in
// the page; natively the package has no tests (Vecty's init panics
// outside a browser).
