//go:build !js

// Package vectycrash reproduces, against Vecty v0.6.0 in a jsdom document
// under node, the crash that one component instance placed in two trees
// meets, and checks that the page's structure (ui/comp: views, placed by
// comp.Of in every render) survives the same switches. Each scenario is a
// js/wasm program of testdata run in its own node process, since the crash
// ends the Go runtime. It needs node and jsdom (make jsdom).
package vectycrash

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// run builds the js/wasm program pkg (under testdata) and runs it with args
// under ui/comp/testdata/jsdom_exec; it returns the output and whether the
// program ended normally.
func run(t *testing.T, pkg string, args ...string) (string, bool) {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatal("node is needed (make node)")
	}
	exe, err := filepath.Abs("../testdata/jsdom_exec")
	if err != nil {
		t.Fatal(err)
	}
	jsdom, err := filepath.Abs("../../../.cache/jsdom/node_modules/jsdom")
	if err != nil {
		t.Fatal(err)
	}
	if os.Getenv("KP_JSDOM") == "" {
		if _, err := os.Stat(jsdom); err != nil {
			t.Fatal("jsdom is needed: make jsdom")
		}
	}
	bin := filepath.Join(t.TempDir(), pkg+".wasm")
	build := exec.Command("go", "build", "-o", bin, "./testdata/"+pkg)
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build %s: %v\n%s", pkg, err, out)
	}
	out, err := exec.Command(exe, append([]string{bin}, args...)...).CombinedOutput()
	return string(out), err == nil
}

// One Vecty component instance placed by both of two views of unlike
// trees, switched A → B → A → B → A: Vecty v0.6.0 panics inside its own
// animation-frame callback (reconcileChildren → replaceNode on a node it no
// longer has) and the runtime ends. An instance per view survives.
func TestVectySharedComponentCrash(t *testing.T) {
	out, ok := run(t, "shared", "shared")
	if ok || !strings.Contains(out, "panic:") || !strings.Contains(out, "github.com/hexops/vecty.") || strings.Contains(out, "survived") {
		t.Errorf("one shared instance: ended normally %v, want Vecty's panic; output:\n%s", ok, out)
	}
	out, ok = run(t, "shared", "own")
	if !ok || !strings.Contains(out, "survived: <div><p>a</p><div>shared 3</div></div>") {
		t.Errorf("an instance per view: ended normally %v, output:\n%s", ok, out)
	}
}

// The same switches with the page's structure: one view placed by both
// trees, a comp.Of of it in each render. Vecty never sees one component in
// two places, and every render runs.
func TestCompSharedViewSurvives(t *testing.T) {
	out, ok := run(t, "viacomp")
	if !ok || !strings.Contains(out, "survived: <div><p>a</p><div>shared ") {
		t.Errorf("ended normally %v, output:\n%s", ok, out)
	}
}
