//go:build !js

package main

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// The layers of the module, bottom up, as the package docs state them:
//
//	wasm → ui (views; their DOM glue js/wasm only) → ui/app → ui/render, ui/sim → ui/state
//	         ↘ ui/comp (the one Vecty component type), ui/pace (the frame loop's clock
//	           and budgets): both import nothing of the module
//	         ↘ ui/paint (the canvas painter, no browser) → ui/render
//	                                                    ↘ core/…  (core never imports ui)
//
// ui/inspect (the step inspector's equations) sits beside ui/render and uses
// its number format; ui/embed (the embedding API's protocol, whose glue is
// ui/embed_js.go) and ui/lesson (the lesson format) sit above ui/state.
//
// allowedImports maps a package (or a prefix ending in "/…") to the module
// packages it may import directly (prefixes allowed). A package missing from
// the table may import nothing of the module.
var allowedImports = map[string][]string{
	"kernelplay/core/…": {"kernelplay/core/…"},
	// The hindsight comparator and the papers' bounds: kernels, the
	// learners' settings whose conditions the bounds check, and the change
	// detectors its Monitor runs.
	"kernelplay/core/regret": {"kernelplay/core/kernel", "kernelplay/core/learn", "kernelplay/core/drift"},
	"kernelplay/core/drift":  {}, // change detectors on a 0/1 error stream
	"kernelplay/ui/state":    {},
	"kernelplay/ui/sim":      {"kernelplay/ui/state", "kernelplay/core/…"},
	"kernelplay/ui/render":   {"kernelplay/ui/state", "kernelplay/ui/sim", "kernelplay/core/…"},
	"kernelplay/ui/inspect":  {"kernelplay/ui/render", "kernelplay/core/learn"},
	// The drawing pad's preprocessing (issue 22) prepares data: it uses
	// the digit sets' type and nothing that learns.
	"kernelplay/core/data/pad": {"kernelplay/core/data"},
	"kernelplay/ui/app": {"kernelplay/ui/state", "kernelplay/ui/sim", "kernelplay/ui/render",
		"kernelplay/ui/inspect", "kernelplay/core/data", // the data set type of loaded files
		"kernelplay/core/data/pad", // the drawing pad's preprocessing, for the views (Preprocess)
		"kernelplay/core/learn",    // the learners' inspection records (the step inspector)
		"kernelplay/core/regret",   // the hindsight comparison's points, bounds and alarms, for the regret chart
		"kernelplay/core/jsonfile", // the run file's JSON, written and read without encoding/json
		"kernelplay/ui/lesson"},    // the lesson player reads lesson files
	// The views reach the core only through app, sim, render and inspect
	// values: they import no core package.
	"kernelplay/ui": {"kernelplay/ui/app", "kernelplay/ui/state", "kernelplay/ui/sim", "kernelplay/ui/render",
		"kernelplay/ui/inspect", "kernelplay/ui/comp", "kernelplay/ui/pace", "kernelplay/ui/embed",
		"kernelplay/ui/paint"},
	// The embedding API's protocol: the bounds of links and steps, and the
	// replies' JSON written without encoding/json (TestPageDeps).
	"kernelplay/ui/embed": {"kernelplay/ui/state", "kernelplay/core/jsonfile"},
	// The lesson format: its steps are share links (ui/app's lesson player
	// reads it).
	"kernelplay/ui/lesson": {"kernelplay/ui/state"},
	"kernelplay/ui/pace":   {}, // the frame loop's clock and budgets
	// The canvas painter: display lists and sprites of ui/render, painted
	// through an interface; the browser's side is ui's _js.go files.
	"kernelplay/ui/paint":           {"kernelplay/ui/render"},
	"kernelplay/ui/comp":            {},
	"kernelplay/ui/comp/vectycrash": {}, // a test only: its programs are testdata
	"kernelplay/wasm":               {"kernelplay/ui", "kernelplay/wasm/simd"},
	"kernelplay/wasm/simd":          {"kernelplay/core/…"}, // the SIMD kernel rows: core/kernel's hooks
	// A build tool: static/favicon.ico drawn in the page's palette.
	"kernelplay/wasm/internal/favicon": {"kernelplay/ui/render"},
	// A build tool: the service worker's manifest (static/sw-manifest.js).
	"kernelplay/wasm/internal/swmanifest": {},
	// A build tool: static/first.jpg (make wasm writes it), the loading
	// view's picture of the default demo's surface, drawn by the page's own
	// code.
	"kernelplay/wasm/internal/firstpic": {"kernelplay/ui/render", "kernelplay/ui/sim", "kernelplay/ui/state"},
}

// jsAllowed are the packages that may import syscall/js: the views, the
// wasm entry point and its SIMD kernel rows (wasm/simd).
var jsAllowed = []string{"kernelplay/ui", "kernelplay/wasm", "kernelplay/wasm/simd"}

// matches reports whether pkg is pattern or, for a pattern ending in "/…",
// under its prefix.
func matches(pattern, pkg string) bool {
	if p, ok := strings.CutSuffix(pattern, "/…"); ok {
		return pkg == p || strings.HasPrefix(pkg, p+"/")
	}
	return pattern == pkg
}

// rulesOf returns the allowed imports of pkg: an exact entry wins over a
// prefix.
func rulesOf(pkg string) (allowed []string, known bool) {
	if a, ok := allowedImports[pkg]; ok {
		return a, true
	}
	for p, a := range allowedImports {
		if strings.HasSuffix(p, "/…") && matches(p, pkg) {
			return a, true
		}
	}
	return nil, false
}

// importEdges runs `go list -deps` for the module's packages under the given
// environment (extra GOOS/GOARCH) and returns every direct import of a
// module package.
func importEdges(t *testing.T, env ...string) map[string][]string {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, "./...")
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	edges := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || !matches("kernelplay/…", f[0]) {
			continue
		}
		edges[f[0]] = f[1:]
	}
	return edges
}

// checkImports returns one line per import that the layer rules forbid.
func checkImports(edges map[string][]string) []string {
	var bad []string
	for pkg, imps := range edges {
		allowed, known := rulesOf(pkg)
		for _, imp := range imps {
			if imp == "syscall/js" && !slices.Contains(jsAllowed, pkg) {
				bad = append(bad, pkg+" → syscall/js: only the views and wasm/ may touch the DOM")
				continue
			}
			if !matches("kernelplay/…", imp) || pkg == "kernelplay" {
				continue
			}
			if !known || !slices.ContainsFunc(allowed, func(a string) bool { return matches(a, imp) }) {
				bad = append(bad, pkg+" → "+imp)
			}
		}
	}
	slices.Sort(bad)
	return bad
}

// TestImportGraph reads the module's import graph with `go list -deps`
// (natively and for js/wasm, where the views build) and fails on an arrow
// the package docs do not allow: views → app → render/sim → state, all
// above core; core never imports ui; render never imports app or a view;
// only the views and wasm/ import syscall/js.
func TestImportGraph(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	for _, env := range [][]string{nil, {"GOOS=js", "GOARCH=wasm"}} {
		edges := importEdges(t, env...)
		if len(edges) < 10 {
			t.Fatalf("%v: go list found only %d packages of the module", env, len(edges))
		}
		for _, b := range checkImports(edges) {
			t.Errorf("%v: forbidden import %s", env, b)
		}
	}
}

// TestImportGraphRules: the checker itself rejects the arrows the rules
// forbid (so that TestImportGraph passing means something).
func TestImportGraphRules(t *testing.T) {
	for _, e := range [][2]string{
		{"kernelplay/core/learn", "kernelplay/ui/state"},
		{"kernelplay/ui/render", "kernelplay/ui/app"},
		{"kernelplay/ui/render", "kernelplay/ui"},
		{"kernelplay/ui/render", "kernelplay/ui/inspect"},
		{"kernelplay/ui/inspect", "kernelplay/ui/app"},
		{"kernelplay/ui/inspect", "kernelplay/ui/state"},
		{"kernelplay/ui/app", "kernelplay/ui"},
		{"kernelplay/ui/app", "syscall/js"},
		{"kernelplay/ui/state", "kernelplay/core/learn"},
		{"kernelplay/ui", "kernelplay/core/kernel"},
		{"kernelplay/ui", "kernelplay/core/learn"},
		{"kernelplay/ui", "kernelplay/core/data"},
		{"kernelplay/ui", "kernelplay/core/experiment"},
		{"kernelplay/ui/paint", "kernelplay/ui"},
		{"kernelplay/ui/paint", "kernelplay/ui/app"},
		{"kernelplay/ui/paint", "syscall/js"},
		{"kernelplay/ui/paint", "kernelplay/core/learn"},
	} {
		if len(checkImports(map[string][]string{e[0]: {e[1]}})) != 1 {
			t.Errorf("%s → %s accepted", e[0], e[1])
		}
	}
	if bad := checkImports(map[string][]string{"kernelplay/ui": {"kernelplay/ui/app", "syscall/js"}}); len(bad) != 0 {
		t.Errorf("allowed arrows refused: %v", bad)
	}
}

// pageForbidden are standard packages main.wasm does without, each for
// tens of kilobytes of its gzip (issue "Lighter and quicker to open"):
// encoding/json (core/jsonfile writes and reads the files), net/url (with
// net/netip and unique: ShowIntro reads ?intro itself).
var pageForbidden = []string{"encoding/json", "net/url", "net/netip"}

// TestPageDeps: the page (./wasm under js/wasm) links none of
// pageForbidden, so that a new import of one fails here by name before it
// shows as bytes in TestSizeBudget.
func TestPageDeps(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	cmd := exec.Command("go", "list", "-deps", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, "./wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps ./wasm: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) < 50 {
		t.Fatalf("go list found only %d packages in the page", len(lines))
	}
	for _, line := range lines {
		f := strings.Fields(line)
		for _, imp := range f[1:] {
			if slices.Contains(pageForbidden, imp) {
				t.Errorf("%s imports %s, which main.wasm does without (see pageForbidden)", f[0], imp)
			}
		}
	}
}
