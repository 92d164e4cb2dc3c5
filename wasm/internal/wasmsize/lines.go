package main

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
)

// The runtime's function table (runtime/symtab.go, runtime2.go _func) gives
// every function, beside what the runtime needs to run it (its entry, frame
// sizes, the pc-value tables of its stack pointer, stack maps and unsafe
// points, and its funcdata), a file table and a line table: which source
// file and line each PC comes from. The runtime reads those only to print
// or report positions (tracebacks, runtime.Caller, runtime.CallersFrames),
// and a _func whose pcfile and pcln are 0 reads as "?", line 0
// (runtime.funcline1; pcvalue returns -1 for offset 0).
//
// dropLineTables sets those fields to 0 in every _func record, with the
// record's cuOffset and startLine, and zeroes the tables themselves, the
// compilation units' file lists (cutab) and the file names (filetab): for
// the page, about 100 KB of main.wasm's gzip (5.9%). Function names are
// kept, so a traceback still names every frame and its offset ("+0x1c"),
// and [where] maps a name and offset back to file and line from a build of
// the same commit that kept the tables. A line table that is also another
// table (the linker stores identical tables once, so a function's line
// table can be another's stack-pointer table) is left in place; its
// _func's field is still 0.

// Offsets in the pcHeader (runtime/symtab.go) and in a _func record.
const (
	phNfunc    = 8
	phFuncname = 32
	phCutab    = 40
	phFiletab  = 48
	phPctab    = 56
	phPclntab  = 64

	fnName      = 4
	fnPcsp      = 16
	fnPcfile    = 20
	fnPcln      = 24
	fnNpcdata   = 28
	fnCuOffset  = 32
	fnStartLine = 36
	fnNfuncdata = 43
	fnSize      = 44 // then npcdata uint32 offsets into pctab, nfuncdata into gofunc
)

// pclntab is the runtime's function table in an initial memory image.
type pclntab struct {
	mem                                      []byte
	ph, nfunc                                int
	funcname, cutab, filetab, pctab, pclntab int   // addresses
	funcs                                    []int // address of each _func
}

// readPclntab finds and checks the table in mem.
func readPclntab(mem []byte) (*pclntab, error) {
	_, ph := moduledata(mem)
	if ph < 0 {
		return nil, errors.New("pclntab header not found")
	}
	u64 := func(a int) int {
		if a < 0 || a+8 > len(mem) {
			return -1
		}
		return int(binary.LittleEndian.Uint64(mem[a:]))
	}
	t := &pclntab{mem: mem, ph: ph, nfunc: u64(ph + phNfunc)}
	t.funcname, t.cutab, t.filetab = ph+u64(ph+phFuncname), ph+u64(ph+phCutab), ph+u64(ph+phFiletab)
	t.pctab, t.pclntab = ph+u64(ph+phPctab), ph+u64(ph+phPclntab)
	if !(ph < t.funcname && t.funcname <= t.cutab && t.cutab <= t.filetab && t.filetab <= t.pctab &&
		t.pctab <= t.pclntab && t.pclntab < len(mem)) || t.nfunc <= 0 || t.pclntab+8*(t.nfunc+1) > len(mem) {
		return nil, fmt.Errorf("unexpected pclntab layout at %#x", ph)
	}
	for i := range t.nfunc {
		f := t.pclntab + int(t.u32(t.pclntab+8*i+4))
		if f < t.pclntab || f+fnSize > len(mem) {
			return nil, fmt.Errorf("_func %d out of range", i)
		}
		if n, k := t.u32(f+fnNpcdata), mem[f+fnNfuncdata]; n > 16 || f+fnSize+4*int(n)+4*int(k) > len(mem) {
			return nil, fmt.Errorf("_func %d: %d pcdata, %d funcdata", i, n, k)
		}
		t.funcs = append(t.funcs, f)
	}
	return t, nil
}

func (t *pclntab) u32(a int) uint32 { return binary.LittleEndian.Uint32(t.mem[a:]) }

// table returns the extent [start, end) of the pc-value table at offset off
// of pctab, and its values: (pc, value) pairs, each value holding from its
// pc (an offset from the function's entry) up to the next pair's.
func (t *pclntab) table(off uint32) (start, end int, pcs []int, vals []int32, err error) {
	p := t.pctab + int(off)
	start = p
	r := &reader{b: t.mem[:t.pclntab], i: p}
	pc, val := 0, int32(-1) // as runtime.pcvalue starts
	for first := true; ; first = false {
		if r.i < len(r.b) && r.b[r.i] == 0 && !first {
			return start, r.i + 1, pcs, vals, nil
		}
		uv := uint32(r.uleb())
		pcd := int(r.uleb())
		if r.err != nil {
			return 0, 0, nil, nil, fmt.Errorf("pc-value table at %d: %v", off, r.err)
		}
		val += int32(-(uv & 1) ^ (uv >> 1))
		pcs, vals = append(pcs, pc), append(vals, val)
		pc += pcd
	}
}

// dropLineTables rewrites mem as described above and says what it dropped.
func dropLineTables(mem []byte) (string, error) {
	t, err := readPclntab(mem)
	if err != nil {
		return "", err
	}
	// Bytes of every table the runtime needs: the stack pointer's and the
	// pcdata tables.
	kept := make([]bool, t.pclntab-t.pctab)
	mark := func(off uint32) error {
		if off == 0 {
			return nil
		}
		s, e, _, _, err := t.table(off)
		for i := s; i < e; i++ {
			kept[i-t.pctab] = true
		}
		return err
	}
	for _, f := range t.funcs {
		if err := mark(t.u32(f + fnPcsp)); err != nil {
			return "", err
		}
		for k := range int(t.u32(f + fnNpcdata)) {
			if err := mark(t.u32(f + fnSize + 4*k)); err != nil {
				return "", err
			}
		}
	}
	zeroed, shared := 0, 0
	for _, f := range t.funcs {
		for _, field := range []int{fnPcfile, fnPcln} {
			off := t.u32(f + field)
			if off == 0 {
				continue
			}
			s, e, _, _, err := t.table(off)
			if err != nil {
				return "", err
			}
			alone := true
			for i := s; i < e; i++ {
				alone = alone && !kept[i-t.pctab]
			}
			if !alone {
				shared++
			} else {
				for i := s; i < e; i++ {
					if mem[i] != 0 {
						zeroed++
						mem[i] = 0
					}
				}
			}
			binary.LittleEndian.PutUint32(mem[f+field:], 0)
		}
		binary.LittleEndian.PutUint32(mem[f+fnCuOffset:], 0)
		binary.LittleEndian.PutUint32(mem[f+fnStartLine:], 0)
	}
	files := t.pctab - t.cutab
	clear(mem[t.cutab:t.pctab])
	return fmt.Sprintf("file and line tables of %d functions dropped (%d bytes of tables, %d of file lists and names; %d tables shared with a kept one left in place)",
		len(t.funcs), zeroed, files, shared), nil
}

// where maps frames as a stripped build's traceback names them,
// "pkg.Func+0x1c", to "file:line" with the file and line tables of mem, the
// initial memory of a build of the same source that kept them. Like the
// runtime's traceback for a caller's frame, it looks up the PC before the
// offset (the offset is a return address); every frame of an error
// report's trimmed stack is a caller.
func where(mem []byte, frames []string) ([]string, error) {
	t, err := readPclntab(mem)
	if err != nil {
		return nil, err
	}
	// Names as a traceback prints them: a generic function's type
	// arguments as "[...]" (runtime.funcNamePiecesForPrint), so one printed
	// name can be several functions.
	byName := map[string][]int{}
	for _, f := range t.funcs {
		a := t.funcname + int(int32(t.u32(f+fnName)))
		if a < t.funcname || a >= t.cutab {
			continue
		}
		n := strings.IndexByte(string(mem[a:t.cutab]), 0)
		if n < 0 {
			continue
		}
		name := string(mem[a : a+n])
		if i, j := strings.IndexByte(name, '['), strings.LastIndexByte(name, ']'); i >= 0 && j > i {
			name = name[:i] + "[...]" + name[j+1:]
		}
		byName[name] = append(byName[name], f)
	}
	out := make([]string, 0, len(frames))
	for _, fr := range frames {
		i := strings.LastIndex(fr, "+0x")
		if i < 0 {
			return nil, fmt.Errorf("%q: want name+0xoffset", fr)
		}
		off, err := strconv.ParseUint(fr[i+3:], 16, 32)
		if err != nil || off == 0 {
			return nil, fmt.Errorf("%q: bad offset", fr)
		}
		name := fr[:i]
		if name == "panic" { // how a traceback prints runtime.gopanic
			name = "runtime.gopanic"
		}
		var found []string
		for _, f := range byName[name] {
			pos, err := t.position(f, int(off)-1)
			if err != nil {
				return nil, fmt.Errorf("%q: %v", fr, err)
			}
			if !slices.Contains(found, pos) {
				found = append(found, pos)
			}
		}
		if len(found) == 0 {
			found = []string{"(no function of that name in this build)"}
		}
		out = append(out, fr+"  "+strings.Join(found, " or "))
	}
	return out, nil
}

// position is "file:line" of pc (an offset from the entry) in the function
// whose _func is at f.
func (t *pclntab) position(f, pc int) (string, error) {
	pcfile, pcln := t.u32(f+fnPcfile), t.u32(f+fnPcln)
	if pcfile == 0 || pcln == 0 {
		return "", errors.New("no line table in this build (build without wasmsize -pack)")
	}
	fileno, err := t.valueAt(pcfile, pc)
	if err != nil {
		return "", err
	}
	line, err := t.valueAt(pcln, pc)
	if err != nil {
		return "", err
	}
	// cutab[cuOffset+fileno] is the file's offset in filetab.
	cu := t.cutab + 4*(int(t.u32(f+fnCuOffset))+int(fileno))
	if fileno < 0 || cu+4 > t.filetab {
		return "", fmt.Errorf("file %d out of range", fileno)
	}
	a := t.filetab + int(t.u32(cu))
	if a >= t.pctab {
		return "", errors.New("file name out of range")
	}
	n := strings.IndexByte(string(t.mem[a:t.pctab]), 0)
	if n < 0 {
		return "", errors.New("file name out of range")
	}
	return fmt.Sprintf("%s:%d", t.mem[a:a+n], line), nil
}

// valueAt is the value of the pc-value table at offset off of pctab at pc
// (an offset from the function's entry).
func (t *pclntab) valueAt(off uint32, pc int) (int32, error) {
	_, _, pcs, vals, err := t.table(off)
	if err != nil {
		return 0, err
	}
	for i := len(pcs) - 1; i >= 0; i-- {
		if pcs[i] <= pc {
			return vals[i], nil
		}
	}
	return 0, fmt.Errorf("pc %#x before the table's first value", pc)
}

// dropLines runs dropLineTables on the data section's initial memory (see
// above), or returns the sections unchanged with the reason when the table
// is not laid out as expected.
func dropLines(secs []section) ([]section, string, error) {
	i, segs, err := dataOf(secs)
	if err != nil {
		return secs, "", err
	}
	mem := image(segs)
	note, err := dropLineTables(mem)
	if err != nil {
		return secs, "line tables kept: " + err.Error(), nil
	}
	for j := range segs {
		segs[j].data = mem[segs[j].addr : segs[j].addr+len(segs[j].data)]
	}
	out := append([]section(nil), secs...)
	out[i].body = encodeSegments(segs)
	return out, note, nil
}

// dataOf returns the index of the data section among secs and its
// segments.
func dataOf(secs []section) (int, []segment, error) {
	for i, s := range secs {
		if s.id == 11 {
			segs, err := dataSegments(s.body)
			return i, segs, err
		}
	}
	return -1, nil, errors.New("no data section")
}

// whereFile is [where] for the wasm binary at path.
func whereFile(path string, frames []string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	secs, err := sections(b)
	if err != nil {
		return nil, err
	}
	_, segs, err := dataOf(secs)
	if err != nil {
		return nil, err
	}
	return where(image(segs), frames)
}

// reportFrames reads the frames of an error report's stack (ui/app
// Report.Text): the lines "  pkg.Func+0x1c" after "stack:".
func reportFrames(r io.Reader) []string {
	var frames []string
	sc := bufio.NewScanner(r)
	inStack := false
	for sc.Scan() {
		l := sc.Text()
		if strings.TrimSpace(l) == "stack:" {
			inStack = true
			continue
		}
		f := strings.TrimSpace(l)
		if inStack && strings.HasPrefix(l, "  ") && strings.Contains(f, "+0x") && !strings.Contains(f, " ") {
			frames = append(frames, f)
		}
	}
	return frames
}
