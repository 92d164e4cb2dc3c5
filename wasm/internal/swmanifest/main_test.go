package main

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// build is the files of a small build: the page, main.wasm with its two
// precompressed copies, a data set that is a .gz of its own, notes, the
// worker's own scripts, a dotfile and a file in a hidden directory.
func buildFS() fstest.MapFS {
	return fstest.MapFS{
		"index.html":             {Data: []byte("<!doctype html>")},
		"boot.js":                {Data: []byte("boot")},
		"main.wasm":              {Data: []byte("\x00asm raw")},
		"main.wasm.gz":           {Data: []byte("gzip of main.wasm")},
		"main.wasm.br":           {Data: []byte("brotli of main.wasm")},
		"data/digits8x8.kpd.gz":  {Data: []byte("a data set")},
		"data/README.md":         {Data: []byte("notes")},
		"sw.js":                  {Data: []byte("the worker")},
		"sw-manifest.js":         {Data: []byte("an older manifest")},
		".DS_Store":              {Data: []byte("junk")},
		".git/HEAD":              {Data: []byte("ref")},
		"embed-example.html":     {Data: []byte("<!doctype html>host")},
		"favicon.ico":            {Data: []byte("ico")},
		"data/.hidden/thing.bin": {Data: []byte("hidden")},
	}
}

// TestBuildLists: the manifest lists exactly the files the page reads, by
// the package doc's rules, each with the SHA-256 of its content.
func TestBuildLists(t *testing.T) {
	fsys := buildFS()
	m, err := build(fsys)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"boot.js", "data/digits8x8.kpd.gz", "embed-example.html", "favicon.ico", "index.html", "main.wasm"}
	if got := m.paths(); !slices.Equal(got, want) {
		t.Fatalf("listed %q, want %q", got, want)
	}
	for p, h := range m.Files {
		sum := sha256.Sum256(fsys[p].Data)
		if want := "sha256-" + base64.StdEncoding.EncodeToString(sum[:]); h != want {
			t.Errorf("%s: hash %s, want %s", p, h, want)
		}
	}
	if m.Format != Format || len(m.Version) != 16 {
		t.Errorf("format %d, version %q: want %d and 16 hex digits", m.Format, m.Version, Format)
	}
}

// TestVersion: the version changes with any byte of a listed file and with
// a listed file's name, and with nothing else (an unlisted file, the
// precompressed copies, a file's time).
func TestVersion(t *testing.T) {
	version := func(fsys fstest.MapFS) string {
		t.Helper()
		m, err := build(fsys)
		if err != nil {
			t.Fatal(err)
		}
		return m.Version
	}
	base := version(buildFS())
	if again := version(buildFS()); again != base {
		t.Fatalf("the same build gave versions %s and %s", base, again)
	}
	changed := map[string]func(fstest.MapFS){
		"a byte of main.wasm": func(f fstest.MapFS) { f["main.wasm"].Data[0] ^= 1 },
		"a data set":          func(f fstest.MapFS) { f["data/digits8x8.kpd.gz"] = &fstest.MapFile{Data: []byte("a data set!")} },
		"a new file":          func(f fstest.MapFS) { f["lines.js"] = &fstest.MapFile{Data: []byte("w")} },
		"a renamed file": func(f fstest.MapFS) {
			f["boot2.js"] = f["boot.js"]
			delete(f, "boot.js")
		},
	}
	same := map[string]func(fstest.MapFS){
		"the brotli copy":  func(f fstest.MapFS) { f["main.wasm.br"] = &fstest.MapFile{Data: []byte("another brotli")} },
		"the notes":        func(f fstest.MapFS) { f["data/README.md"] = &fstest.MapFile{Data: []byte("new notes")} },
		"the worker":       func(f fstest.MapFS) { f["sw.js"] = &fstest.MapFile{Data: []byte("a new worker")} },
		"a dotfile":        func(f fstest.MapFS) { f[".env"] = &fstest.MapFile{Data: []byte("X=1")} },
		"the old manifest": func(f fstest.MapFS) { delete(f, "sw-manifest.js") },
	}
	for what, edit := range changed {
		f := buildFS()
		edit(f)
		if v := version(f); v == base {
			t.Errorf("changing %s kept the version %s", what, v)
		}
	}
	for what, edit := range same {
		f := buildFS()
		edit(f)
		if v := version(f); v != base {
			t.Errorf("changing %s changed the version from %s to %s", what, base, v)
		}
	}
}

// TestBuildRefuses: a directory with nothing to list, or more than maxFiles
// files, is not a build: an error, no manifest.
func TestBuildRefuses(t *testing.T) {
	if _, err := build(fstest.MapFS{"README.md": {Data: []byte("x")}}); err == nil {
		t.Error("a directory without files gave a manifest")
	}
	many := fstest.MapFS{}
	for i := range maxFiles + 1 {
		many[filepath.Join("d", strings.Repeat("x", 1+i/26)+string(rune('a'+i%26)))] = &fstest.MapFile{Data: []byte{byte(i)}}
	}
	if _, err := build(many); err == nil || !strings.Contains(err.Error(), "more than") {
		t.Errorf("%d files: err %v, want one saying there are too many", len(many), err)
	}
}

// TestWriteRoundTrip: the written script is "self.kpManifest = <JSON>;"
// after its comment lines, the JSON reads back as the manifest, and no
// temporary file is left beside it.
func TestWriteRoundTrip(t *testing.T) {
	m, err := build(buildFS())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	name := filepath.Join(dir, Name)
	if err := write(name, m); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var code []string
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if !strings.HasPrefix(l, "//") {
			code = append(code, l)
		}
	}
	if len(code) != 1 || !strings.HasPrefix(code[0], "self.kpManifest = ") || !strings.HasSuffix(code[0], ";") {
		t.Fatalf("the script's code is %q, want one line self.kpManifest = {…};", code)
	}
	var back Manifest
	if err := json.Unmarshal([]byte(strings.TrimSuffix(strings.TrimPrefix(code[0], "self.kpManifest = "), ";")), &back); err != nil {
		t.Fatal(err)
	}
	if back.Version != m.Version || back.Format != m.Format || !slices.Equal(back.paths(), m.paths()) {
		t.Errorf("read back %+v, wrote %+v", back, m)
	}
	for p := range m.Files {
		if back.Files[p] != m.Files[p] {
			t.Errorf("%s: read back %s, wrote %s", p, back.Files[p], m.Files[p])
		}
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("the directory holds %d entries after write, want the manifest alone", len(ents))
	}
}
