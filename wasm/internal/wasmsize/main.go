// Command wasmsize reports what a Go js/wasm binary is made of, and packs
// its data section so that it compresses better. It is a build tool for
// static/main.wasm (`make wasm`, `make wasm-size`); nothing imports it.
//
//	wasmsize [-pkgs deps.txt] [-top 20] main.wasm   report
//	wasmsize -pack main.wasm                         rewrite in place
//	wasmsize -where lines.wasm [frame...] < report   file:line of frames
//
// Report: raw and gzip -9 size, the code bytes of every Go package (summed
// function bodies, named by the wasm "name" section, so build without
// -ldflags=-s for this), and the data section split by the runtime's
// moduledata boundaries (rodata; the pclntab's names and pc tables, func
// table, funcdata and findfunctab; data). -pkgs names a file of import paths
// (`go list -deps`), used to map the linker's sanitized names (every rune
// outside [A-Za-z0-9_.] written as '_') back to packages.
//
// Pack: Go's linker (cmd/link/internal/wasm writeDataSec) starts a new data
// segment after every run of 8 or more zero bytes, to keep the raw file
// small. The findfunctab of a wasm binary (20-byte buckets, one per 4096
// "PCs", i.e. 16 per function) is mostly zeros, which gives ~60 000 segments
// whose headers gzip cannot squeeze. -pack merges segments separated by fewer
// than 64 zero bytes, writing the zeros out: the initial memory is identical
// (checked before writing), the raw file grows and the gzip shrinks (kernelplay,
// November 2026: 5.90 MB → 6.52 MB raw, 1.56 MB → 1.45 MB gzip). Before
// that, -pack takes the findfunctab out of the data and adds a start
// function that writes it at instantiation (see findfunc.go: 1.64 MB less
// raw, about 18 KB less gzip for the page), when the table is the one
// function per 16 buckets it expects. First of all, -pack drops the file
// and line tables (lines.go: about 100 KB less gzip for the page).
//
// Where: the file and line of each frame ("pkg.Func+0x1c", as the page's
// error report writes them: the served main.wasm has no line tables), from
// lines.wasm, a build of the same commit without -pack (`make where`).
// Without frame arguments it reads an error report on stdin and takes the
// frames of its stack. It must not import syscall/js; it
// only reads and writes files.
package main

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
)

// packGap is the largest run of zero bytes that -pack writes out rather
// than starting a new segment. 32 already removes the findfunctab's
// segments (its gaps are 18–19 bytes); 64 also joins most small rodata gaps.
const packGap = 64

func main() {
	pack := flag.Bool("pack", false, "merge data segments (in place) instead of reporting")
	pkgs := flag.String("pkgs", "", "file of import paths (go list -deps) to name packages")
	top := flag.Int("top", 20, "packages to list")
	funcs := flag.Int("funcs", 0, "also list the n largest functions")
	whereFlag := flag.Bool("where", false, "print file:line of each frame argument (name+0xoffset) from file.wasm's line tables")
	flag.Parse()
	if *whereFlag && flag.NArg() >= 1 {
		frames := flag.Args()[1:]
		if len(frames) == 0 {
			frames = reportFrames(os.Stdin)
		}
		if len(frames) == 0 {
			fmt.Fprintln(os.Stderr, "wasmsize: no frames (name+0xoffset) given, nor in a report's stack on stdin")
			os.Exit(2)
		}
		lines, err := whereFile(flag.Arg(0), frames)
		if err != nil {
			fmt.Fprintln(os.Stderr, "wasmsize:", err)
			os.Exit(1)
		}
		fmt.Println(strings.Join(lines, "\n"))
		return
	}
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: wasmsize [-pack] [-pkgs file] [-top n] [-funcs n] file.wasm\n       wasmsize -where file.wasm [name+0xoffset...] (else an error report's frames from stdin)")
		os.Exit(2)
	}
	path := flag.Arg(0)
	b, err := os.ReadFile(path)
	if err == nil {
		if *pack {
			err = packFile(path, b)
		} else {
			err = report(b, *pkgs, *top, *funcs)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmsize:", err)
		os.Exit(1)
	}
}

// section is one wasm section: id, custom name and body.
type section struct {
	id   byte
	name string
	body []byte
}

type reader struct {
	b   []byte
	i   int
	err error
}

func (r *reader) byte() byte {
	if r.i >= len(r.b) {
		r.err = errors.New("truncated")
		return 0
	}
	r.i++
	return r.b[r.i-1]
}

func (r *reader) uleb() uint64 {
	var v uint64
	for s := 0; s < 64; s += 7 {
		x := r.byte()
		v |= uint64(x&0x7f) << s
		if x < 0x80 {
			return v
		}
	}
	r.err = errors.New("bad LEB128")
	return 0
}

func (r *reader) sleb() int64 {
	var v int64
	s := 0
	for {
		x := r.byte()
		v |= int64(x&0x7f) << s
		s += 7
		if x < 0x80 {
			if s < 64 && x&0x40 != 0 {
				v |= -1 << s
			}
			return v
		}
		if s >= 64 || r.err != nil {
			r.err = errors.New("bad LEB128")
			return 0
		}
	}
}

func (r *reader) bytes(n uint64) []byte {
	if uint64(len(r.b)-r.i) < n {
		r.err = errors.New("truncated")
		return nil
	}
	r.i += int(n)
	return r.b[r.i-int(n) : r.i]
}

func sections(b []byte) ([]section, error) {
	if len(b) < 8 || !bytes.Equal(b[:4], []byte("\x00asm")) {
		return nil, errors.New("not a wasm binary")
	}
	r := &reader{b: b, i: 8}
	var out []section
	for r.i < len(b) && r.err == nil {
		id := r.byte()
		body := r.bytes(r.uleb())
		s := section{id: id, body: body}
		if id == 0 {
			br := &reader{b: body}
			s.name = string(br.bytes(br.uleb()))
		}
		out = append(out, s)
	}
	return out, r.err
}

// segment is an active data segment of memory 0.
type segment struct {
	addr int
	data []byte
}

func dataSegments(body []byte) ([]segment, error) {
	r := &reader{b: body}
	n := r.uleb()
	segs := make([]segment, 0, n)
	for range n {
		if r.uleb() != 0 || r.byte() != 0x41 {
			return nil, errors.New("data segment is not active in memory 0 at an i32.const")
		}
		addr := r.sleb()
		if r.byte() != 0x0b {
			return nil, errors.New("data segment offset is not a constant")
		}
		segs = append(segs, segment{int(addr), r.bytes(r.uleb())})
		if r.err != nil {
			return nil, r.err
		}
	}
	return segs, r.err
}

func appendULEB(b []byte, v uint64) []byte {
	for {
		x := byte(v & 0x7f)
		v >>= 7
		if v == 0 {
			return append(b, x)
		}
		b = append(b, x|0x80)
	}
}

func appendSLEB(b []byte, v int64) []byte {
	for {
		x := byte(v & 0x7f)
		v >>= 7
		if (v == 0 && x&0x40 == 0) || (v == -1 && x&0x40 != 0) {
			return append(b, x)
		}
		b = append(b, x|0x80)
	}
}

func encodeSegments(segs []segment) []byte {
	b := appendULEB(nil, uint64(len(segs)))
	for _, s := range segs {
		b = append(b, 0, 0x41)
		b = appendSLEB(b, int64(s.addr))
		b = append(b, 0x0b)
		b = appendULEB(b, uint64(len(s.data)))
		b = append(b, s.data...)
	}
	return b
}

// image is the initial linear memory the segments describe.
func image(segs []segment) []byte {
	end := 0
	for _, s := range segs {
		end = max(end, s.addr+len(s.data))
	}
	m := make([]byte, end)
	for _, s := range segs {
		copy(m[s.addr:], s.data)
	}
	return m
}

func packFile(path string, b []byte) error {
	secs, err := sections(b)
	if err != nil {
		return err
	}
	secs, note, err := dropLines(secs)
	if err != nil {
		return err
	}
	fmt.Println("wasmsize:", note)
	secs, note, err = dropFindFuncTab(secs)
	if err != nil {
		return err
	}
	if note != "" {
		fmt.Println("wasmsize:", note)
	} else {
		fmt.Println("wasmsize: findfunctab written by a start function instead of data")
	}
	out := append([]byte(nil), b[:8]...)
	before, after := 0, 0
	for _, s := range secs {
		body := s.body
		if s.id == 11 {
			segs, err := dataSegments(body)
			if err != nil {
				return err
			}
			sorted := append([]segment(nil), segs...)
			sort.Slice(sorted, func(i, j int) bool { return sorted[i].addr < sorted[j].addr })
			var merged []segment
			for _, sg := range sorted {
				if n := len(merged); n > 0 {
					last := &merged[n-1]
					gap := sg.addr - (last.addr + len(last.data))
					if gap < 0 {
						return errors.New("overlapping data segments")
					}
					if gap < packGap {
						last.data = append(append(last.data, make([]byte, gap)...), sg.data...)
						continue
					}
				}
				merged = append(merged, segment{sg.addr, append([]byte(nil), sg.data...)})
			}
			if !bytes.Equal(image(segs), image(merged)) {
				return errors.New("packing changed the initial memory (bug)")
			}
			body = encodeSegments(merged)
			before, after = len(segs), len(merged)
		}
		if s.id == 12 { // data count
			body = appendULEB(nil, uint64(after))
		}
		out = append(out, s.id)
		out = appendULEB(out, uint64(len(body)))
		out = append(out, body...)
	}
	if before == 0 {
		return errors.New("no data section")
	}
	fmt.Printf("wasmsize: %d data segments packed into %d; %d → %d bytes\n", before, after, len(b), len(out))
	return os.WriteFile(path, out, 0o644)
}

func gzipSize(b []byte) int {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	w.Write(b)
	w.Close()
	return buf.Len()
}

func deflateSize(b []byte) int {
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	w.Write(b)
	w.Close()
	return buf.Len()
}

var sanitize = regexp.MustCompile(`[^\w.]`)

func report(b []byte, pkgFile string, top, funcs int) error {
	secs, err := sections(b)
	if err != nil {
		return err
	}
	fmt.Printf("%d bytes raw, %d gzip -9 (Go's compress/gzip)\n\n", len(b), gzipSize(b))
	var imports, nfunc int
	var code [][]byte
	names := map[int]string{}
	var segs []segment
	for _, s := range secs {
		r := &reader{b: s.body}
		switch {
		case s.id == 2: // imports: they take the first function indices
			for range r.uleb() {
				r.bytes(r.uleb())
				r.bytes(r.uleb())
				switch r.byte() {
				case 0:
					r.uleb()
					imports++
				case 1:
					r.byte()
					if r.byte()&1 != 0 {
						r.uleb()
					}
					r.uleb()
				case 2:
					if r.byte()&1 != 0 {
						r.uleb()
					}
					r.uleb()
				case 3:
					r.bytes(2)
				}
			}
		case s.id == 10:
			nfunc = int(r.uleb())
			for range nfunc {
				code = append(code, r.bytes(r.uleb()))
			}
		case s.id == 11:
			if segs, err = dataSegments(s.body); err != nil {
				return err
			}
		case s.name == "name":
			r.bytes(r.uleb())
			for r.i < len(r.b) && r.err == nil {
				id := r.byte()
				sub := &reader{b: r.bytes(r.uleb())}
				if id != 1 {
					continue
				}
				for range sub.uleb() {
					idx := int(sub.uleb())
					names[idx] = string(sub.bytes(sub.uleb()))
				}
			}
		}
		if r.err != nil {
			return fmt.Errorf("section %d %s: %v", s.id, s.name, r.err)
		}
		label := s.name
		if label == "" {
			label = map[byte]string{1: "type", 2: "import", 3: "function", 4: "table", 5: "memory", 6: "global",
				7: "export", 8: "start", 9: "element", 10: "code", 11: "data", 12: "datacount"}[s.id]
		}
		if len(s.body) > 10000 {
			fmt.Printf("section %-10s %9d bytes, %8d deflated\n", label, len(s.body), deflateSize(s.body))
		}
	}
	if len(names) == 0 {
		fmt.Println("\n(no name section: build without -ldflags=-s to see packages)")
	} else {
		packageTable(code, names, imports, pkgFile, top)
		funcTable(code, names, imports, funcs)
	}
	if segs != nil {
		dataTable(segs, nfunc)
	}
	return nil
}

func packageTable(code [][]byte, names map[int]string, imports int, pkgFile string, top int) {
	// sanitized package prefix → import path, longest first
	var prefixes [][2]string
	if pkgFile != "" {
		if raw, err := os.ReadFile(pkgFile); err == nil {
			for _, p := range strings.Fields(string(raw)) {
				prefixes = append(prefixes, [2]string{sanitize.ReplaceAllString(p, "_") + ".", p})
			}
		}
	}
	sort.Slice(prefixes, func(i, j int) bool { return len(prefixes[i][0]) > len(prefixes[j][0]) })
	pkgOf := func(n string) string {
		for _, pre := range []string{"type_.eq.", "type_.hash.", "go_.", "go."} {
			n = strings.TrimPrefix(n, pre)
		}
		for _, p := range prefixes {
			if strings.HasPrefix(n, p[0]) {
				return p[1]
			}
		}
		if i := strings.Index(n, "."); i > 0 {
			return n[:i] + " (?)"
		}
		return n
	}
	type agg struct {
		name  string
		size  int
		funcs int
		body  []byte
	}
	by := map[string]*agg{}
	total := 0
	for i, c := range code {
		p := pkgOf(names[imports+i])
		a := by[p]
		if a == nil {
			a = &agg{name: p}
			by[p] = a
		}
		a.size += len(c)
		a.funcs++
		a.body = append(a.body, c...)
		total += len(c)
	}
	list := make([]*agg, 0, len(by))
	for _, a := range by {
		list = append(list, a)
	}
	sort.Slice(list, func(i, j int) bool { return list[i].size > list[j].size })
	fmt.Printf("\ncode by package (function bodies; deflate of the package's bodies alone)\n")
	fmt.Printf("%9s %6s %9s %6s  %s\n", "bytes", "%", "deflated", "funcs", "package")
	for i, a := range list {
		if i == top {
			break
		}
		fmt.Printf("%9d %5.1f%% %9d %6d  %s\n", a.size, 100*float64(a.size)/float64(total), deflateSize(a.body), a.funcs, a.name)
	}
	fmt.Printf("%9d in %d functions, %d packages\n", total, len(code), len(list))
}

// funcTable lists the n largest function bodies with their names.
func funcTable(code [][]byte, names map[int]string, imports, n int) {
	if n <= 0 {
		return
	}
	idx := make([]int, len(code))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return len(code[idx[a]]) > len(code[idx[b]]) })
	fmt.Printf("\nlargest functions\n%9s %9s  %s\n", "bytes", "deflated", "function")
	for _, i := range idx[:min(n, len(idx))] {
		fmt.Printf("%9d %9d  %s\n", len(code[i]), deflateSize(code[i]), names[imports+i])
	}
}

// dataTable splits the data section at the boundaries recorded in the
// runtime's moduledata (runtime/symtab.go), found from the pclntab header.
func dataTable(segs []segment, nfunc int) {
	mem := image(segs)
	md, ph := moduledata(mem)
	u64 := func(a int) int {
		if a < 0 || a+8 > len(mem) {
			return -1
		}
		return int(binary.LittleEndian.Uint64(mem[a:]))
	}
	fmt.Printf("\ndata section: %d segments, %d bytes of memory image\n", len(segs), len(mem))
	if md < 0 {
		fmt.Println("(runtime moduledata not found: no breakdown)")
		return
	}
	// moduledata words (runtime/symtab.go): 0 pcHeader; 1–18 the slices
	// funcnametab cutab filetab pctab pclntable ftab; 19 findfunctab,
	// 20 minpc, 21 maxpc, 22 text, 23 etext, 24 noptrdata, 25 enoptrdata,
	// 26 data, 27 edata, 28–36 bss … gcbss, 37 types, 38 etypes, 39 rodata,
	// 40 gofunc, 41 epclntab.
	f := func(k int) int { return u64(md + 8*k) }
	bounds := []struct {
		name string
		addr int
	}{
		{"rodata: type descriptors, strings, tables", f(39)},
		{"pclntab: function names, file table, pc-value tables", ph},
		{"pclntab: func table and _func records", f(13)},
		{"go:func.*: stack maps, arg info (funcdata)", f(40)},
		{"findfunctab (16 buckets per function; -pack writes it at start-up instead)", f(19)},
		{"typelinks, itablinks", f(41)},
		{"noptrdata", f(24)},
		{"data", f(26)},
	}
	end := f(27)
	sort.SliceStable(bounds, func(i, j int) bool { return bounds[i].addr < bounds[j].addr })
	fmt.Printf("%9s %9s %9s %7s  %s\n", "span", "encoded", "deflated", "segs", "region (segments by start address)")
	for i, bd := range bounds {
		hi := end
		if i+1 < len(bounds) {
			hi = bounds[i+1].addr
		}
		var in []segment
		for _, s := range segs {
			if s.addr >= bd.addr && s.addr < hi {
				in = append(in, s)
			}
		}
		enc := encodeSegments(in)
		fmt.Printf("%9d %9d %9d %7d  %s\n", hi-bd.addr, len(enc), deflateSize(enc), len(in), bd.name)
	}
	fmt.Printf("%d functions: each one costs its code, its name, its pc tables and a _func record, and 320 bytes of findfunctab (unless packed)\n", nfunc)
}

// moduledata finds the runtime's moduledata (runtime/symtab.go) in the
// initial memory mem from the pclntab header it points to: the addresses of
// both, -1 when not found.
func moduledata(mem []byte) (md, ph int) {
	u64 := func(a int) int {
		if a < 0 || a+8 > len(mem) {
			return -1
		}
		return int(binary.LittleEndian.Uint64(mem[a:]))
	}
	ph, md = -1, -1
	magic := []byte{0xf1, 0xff, 0xff, 0xff, 0, 0, 1, 8} // Go120PCLnTabMagic, pads, minLC, ptrSize
	for i := 0; ; i += 8 {
		j := bytes.Index(mem[i:], magic)
		if j < 0 {
			break
		}
		if (i+j)%8 == 0 {
			ph = i + j
			break
		}
		i += j - j%8
	}
	if ph >= 0 {
		want := ph + u64(ph+32) // funcnametab = pcHeader + funcnameOffset
		var p [8]byte
		binary.LittleEndian.PutUint64(p[:], uint64(ph))
		for i := 0; ; {
			j := bytes.Index(mem[i:], p[:])
			if j < 0 {
				break
			}
			if (i+j)%8 == 0 && u64(i+j+8) == want {
				md = i + j
				break
			}
			i += j + 1
		}
	}
	return md, ph
}
