// Command swmanifest writes the build manifest of kernelplay's service
// worker (static/sw.js): the files of a build directory the worker keeps
// for offline use, each with the SHA-256 of its content, and the build's
// version, a hash of that list. `make wasm` runs it after main.wasm is
// written:
//
//	go run ./wasm/internal/swmanifest [-dir static]
//
// It writes dir/sw-manifest.js (a build output, never committed), a script
// that sw.js loads with importScripts:
//
//	self.kpManifest = {"format":1,"version":"<16 hex digits>","files":{"boot.js":"sha256-<base64>",…}};
//
// The worker's cache is named after the version ("kernelplay-<version>"),
// so a build whose content differs in any byte gets a cache of its own, and
// the browser installs the new worker because an imported script changed
// (it compares sw.js and its imports byte for byte on every update check).
// A file's hash is of the bytes the page reads (the decoded body): the
// worker checks every file it downloads against it and refuses a build
// whose files do not match (a deployment caught half-way).
//
// The files listed are every regular file under dir except: names starting
// with '.' (serve.go does not serve them), sw.js and sw-manifest.js (the
// browser keeps the worker's own scripts), Markdown (*.md: notes, not part
// of the page) and the precompressed copies X.gz and X.br of a file X that
// is listed (the same content under X's name; a .gz with no such X, a data
// set, is a file of its own). At most [maxFiles] files.
//
// It must not import syscall/js; it imports nothing of kernelplay and
// nothing imports it.
package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// Format is the manifest's format number (the "format" field): sw.js reads
// format 1.
const Format = 1

// maxFiles bounds the number of files listed: the page has about a dozen;
// a directory with more is not a build (a wrong -dir) and is an error.
const maxFiles = 256

// Name is the manifest's file name in the build directory.
const Name = "sw-manifest.js"

// Manifest is what sw-manifest.js holds.
type Manifest struct {
	// Format is [Format].
	Format int `json:"format"`
	// Version is the first 16 hex digits of the SHA-256 of the listing
	// "path NUL hash LF" for every file in path order: any change of a
	// listed file's content or name changes it, and nothing else does.
	Version string `json:"version"`
	// Files maps a file's path (slash-separated, relative to the build
	// directory, as the page asks for it) to its hash, "sha256-" and the
	// standard base64 of the SHA-256 of its content (Subresource
	// Integrity's notation).
	Files map[string]string `json:"files"`
}

func main() {
	dir := flag.String("dir", "static", "build directory")
	flag.Parse()
	m, err := build(os.DirFS(*dir))
	if err != nil {
		log.Fatalf("swmanifest: %v", err)
	}
	if err := write(filepath.Join(*dir, Name), m); err != nil {
		log.Fatalf("swmanifest: %v", err)
	}
	fmt.Printf("%s: version %s, %d files\n", filepath.Join(*dir, Name), m.Version, len(m.Files))
}

// build lists and hashes the files of fsys under the rules of the package
// doc.
func build(fsys fs.FS) (Manifest, error) {
	var paths []string
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != "." && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil // directories are walked; links and devices are not files of the build
		}
		switch {
		case p == "sw.js", p == Name, path.Ext(p) == ".md":
			return nil
		}
		paths = append(paths, p)
		if len(paths) > maxFiles {
			return fmt.Errorf("more than %d files: is this a build directory?", maxFiles)
		}
		return nil
	})
	if err != nil {
		return Manifest{}, err
	}
	listed := make(map[string]bool, len(paths))
	for _, p := range paths {
		listed[p] = true
	}
	m := Manifest{Format: Format, Files: map[string]string{}}
	var listing bytes.Buffer
	for _, p := range paths { // WalkDir visits in lexical order
		if src, ok := precompressedOf(p); ok && listed[src] {
			continue
		}
		sum, err := hashFile(fsys, p)
		if err != nil {
			return Manifest{}, err
		}
		m.Files[p] = "sha256-" + base64.StdEncoding.EncodeToString(sum)
		fmt.Fprintf(&listing, "%s\x00%s\n", p, m.Files[p])
	}
	if len(m.Files) == 0 {
		return Manifest{}, errors.New("no files: is this a build directory?")
	}
	v := sha256.Sum256(listing.Bytes())
	m.Version = hex.EncodeToString(v[:8])
	return m, nil
}

// precompressedOf returns X for a path X.gz or X.br.
func precompressedOf(p string) (string, bool) {
	for _, ext := range []string{".gz", ".br"} {
		if s, ok := strings.CutSuffix(p, ext); ok {
			return s, true
		}
	}
	return "", false
}

// hashFile returns the SHA-256 of the file p of fsys.
func hashFile(fsys fs.FS, p string) ([]byte, error) {
	f, err := fsys.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	return h.Sum(nil), nil
}

// script returns sw-manifest.js's text for m.
func script(m Manifest) []byte {
	j, err := json.Marshal(m) // map keys sorted: the same build, the same bytes
	if err != nil {
		panic("swmanifest: " + err.Error()) // strings and an int always marshal
	}
	var b bytes.Buffer
	b.WriteString("// kernelplay's build manifest for the service worker (sw.js), written by `make wasm`\n")
	b.WriteString("// (go run ./wasm/internal/swmanifest): a build output, do not edit.\n")
	b.WriteString("self.kpManifest = ")
	b.Write(j)
	b.WriteString(";\n")
	return b.Bytes()
}

// write writes m's script to name through a temporary file in the same
// directory, renamed into place: a server never sends half a manifest.
func write(name string, m Manifest) error {
	tmp := filepath.Join(filepath.Dir(name), "."+filepath.Base(name)+".tmp") // a dotfile: never served, never listed
	if err := os.WriteFile(tmp, script(m), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, name)
}

// paths returns m's paths in order (for the tests).
func (m Manifest) paths() []string {
	ps := make([]string, 0, len(m.Files))
	for p := range m.Files {
		ps = append(ps, p)
	}
	slices.Sort(ps)
	return ps
}
