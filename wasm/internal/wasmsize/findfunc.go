package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
)

// The findfunctab of a Go wasm binary (cmd/link/internal/ld findfunctab;
// read by runtime.findfunc) maps a PC to its function: one 20-byte bucket
// per 4096 PCs, a uint32 function index and 16 one-byte sub-bucket offsets.
// On wasm a PC is the function's index << 16 plus a block number, so every
// function spans exactly 16 buckets, each holding the function's index and
// 16 zero offsets: bucket b holds b/16. For the page's 5,122 functions that
// is 1.6 MB of memory image (about 20 KB of its gzip) that a loop of a
// dozen instructions writes in well under a millisecond.
//
// dropFindFuncTab checks that the table is exactly that (else it leaves the
// binary alone and says why), removes it from the data segments (the memory
// there starts as zeros) and adds a start function that writes the indices:
// WebAssembly runs the start function when the module is instantiated,
// after the data segments are copied into memory and before JavaScript can
// call the Go program's run export, so the runtime never sees the table
// missing.

const (
	ffBucket     = 20   // bytes per bucket: uint32 index, 16 sub-bucket bytes
	ffBucketPCs  = 4096 // PCs per bucket (cmd/link BUCKETSIZE)
	ffSubPCs     = 256  // PCs per sub-bucket (cmd/link SUBBUCKETSIZE)
	ffFuncPCs    = 1 << 16
	ffPerFunc    = ffFuncPCs / ffBucketPCs // buckets per function: 16
	ffShiftPerFn = 4                       // log2(ffPerFunc)
)

// findFuncTab locates the findfunctab in the initial memory mem: its
// address, its number of buckets and its length in bytes (from the
// moduledata's findfunctab, minpc and maxpc; the linker writes the
// sub-bucket bytes of the last bucket only up to maxpc, so the table ends
// inside it).
func findFuncTab(mem []byte) (addr, n, size int, err error) {
	md, _ := moduledata(mem)
	if md < 0 {
		return 0, 0, 0, errors.New("runtime moduledata not found")
	}
	u64 := func(k int) int { return int(binary.LittleEndian.Uint64(mem[md+8*k:])) }
	addr, minpc, maxpc := u64(19), u64(20), u64(21)
	if maxpc <= minpc || minpc%ffFuncPCs != 0 {
		return 0, 0, 0, fmt.Errorf("unexpected pc range %#x–%#x", minpc, maxpc)
	}
	n = (maxpc - minpc + ffBucketPCs - 1) / ffBucketPCs
	size = 4*n + (maxpc-minpc+ffSubPCs-1)/ffSubPCs
	if addr%4 != 0 || addr <= 0 || addr+size > len(mem) {
		return 0, 0, 0, fmt.Errorf("findfunctab at %#x (%d bytes) is not in the data", addr, size)
	}
	return addr, n, size, nil
}

// ffExpected is the table dropFindFuncTab assumes, size bytes: bucket b
// (of n) holds b/16 and zero offsets.
func ffExpected(n, size int) []byte {
	t := make([]byte, n*ffBucket)
	for b := range n {
		binary.LittleEndian.PutUint32(t[b*ffBucket:], uint32(b>>ffShiftPerFn))
	}
	return t[:size]
}

// dropFindFuncTab rewrites the sections as described above, or returns
// them unchanged with the reason (a non-nil note) when the table is not the
// one assumed. It must run before the data segments are packed.
func dropFindFuncTab(secs []section) ([]section, string, error) {
	var data, types, funcs, code, imports *section
	exportAt := -1
	for i := range secs {
		switch secs[i].id {
		case 1:
			types = &secs[i]
		case 2:
			imports = &secs[i]
		case 3:
			funcs = &secs[i]
		case 7:
			exportAt = i
		case 8:
			return secs, "the module already has a start function", nil
		case 10:
			code = &secs[i]
		case 11:
			data = &secs[i]
		}
	}
	if data == nil || types == nil || funcs == nil || code == nil || exportAt < 0 {
		return secs, "", errors.New("missing type, function, export, code or data section")
	}
	segs, err := dataSegments(data.body)
	if err != nil {
		return secs, "", err
	}
	mem := image(segs)
	addr, n, size, err := findFuncTab(mem)
	if err != nil {
		return secs, "findfunctab kept: " + err.Error(), nil
	}
	if size < (n-1)*ffBucket+4 || !bytes.Equal(mem[addr:addr+size], ffExpected(n, size)) {
		return secs, "findfunctab kept: it is not one function per 16 buckets", nil
	}
	end := addr + size
	var kept []segment
	for _, s := range segs {
		lo, hi := s.addr, s.addr+len(s.data)
		if hi <= addr || lo >= end {
			kept = append(kept, s)
			continue
		}
		if lo < addr {
			kept = append(kept, segment{lo, s.data[:addr-lo]})
		}
		if hi > end {
			kept = append(kept, segment{end, s.data[end-lo:]})
		}
	}
	// The initial memory without the table, and the table written back, is
	// the initial memory.
	check := image(kept)
	check = append(check, make([]byte, max(0, len(mem)-len(check)))...)
	copy(check[addr:], ffExpected(n, size))
	if !bytes.Equal(check[:len(mem)], mem) || len(bytes.Trim(check[len(mem):], "\x00")) != 0 {
		return secs, "", errors.New("removing the findfunctab changed other memory (bug)")
	}

	nimport, err := importedFuncs(imports)
	if err != nil {
		return secs, "", err
	}
	ntypes, voidType, err := voidFuncType(types.body)
	if err != nil {
		return secs, "", err
	}
	out := append([]section(nil), secs...)
	for i := range out {
		switch out[i].id {
		case 1:
			if voidType < 0 {
				voidType = ntypes
				out[i].body = appendVec(out[i].body, []byte{0x60, 0, 0})
			}
		case 3:
			out[i].body = appendVec(out[i].body, appendULEB(nil, uint64(voidType)))
		case 10:
			out[i].body = appendVec(out[i].body, ffStartBody(addr, n))
		case 11:
			out[i].body = encodeSegments(kept)
		}
	}
	r := &reader{b: funcs.body}
	start := nimport + int(r.uleb())
	startSec := section{id: 8, body: appendULEB(nil, uint64(start))}
	out = append(out[:exportAt+1], append([]section{startSec}, out[exportAt+1:]...)...)
	return out, "", nil
}

// ffStartBody is the start function's body (locals and code, with its
// size): for b in [0, n): store i32 b>>4 at addr + 20·b.
func ffStartBody(addr, n int) []byte {
	var c []byte
	c = append(c, 1, 2, 0x7f) // locals: 2 × i32 (0: address, 1: bucket)
	c = append(c, 0x41)
	c = appendSLEB(c, int64(addr))
	c = append(c, 0x21, 0)    // local.set 0
	c = append(c, 0x03, 0x40) // loop
	c = append(c,
		0x20, 0, // local.get 0
		0x20, 1, 0x41, ffShiftPerFn, 0x76, // local.get 1; i32.const 4; i32.shr_u
		0x36, 2, 0, // i32.store align=4 offset=0
		0x20, 0, 0x41, ffBucket, 0x6a, 0x21, 0, // address += 20
		0x20, 1, 0x41, 1, 0x6a, 0x22, 1, // local.tee 1 (bucket + 1)
		0x41)
	c = appendSLEB(c, int64(n))
	c = append(c, 0x49, 0x0d, 0, 0x0b, 0x0b) // i32.lt_u; br_if 0; end loop; end
	return append(appendULEB(nil, uint64(len(c))), c...)
}

// appendVec appends item to a wasm vector (count, then items) and returns
// the new vector.
func appendVec(vec, item []byte) []byte {
	r := &reader{b: vec}
	k := r.uleb()
	out := appendULEB(nil, k+1)
	out = append(out, vec[r.i:]...)
	return append(out, item...)
}

// importedFuncs counts the imported functions (they come first in the
// function index space).
func importedFuncs(s *section) (int, error) {
	if s == nil {
		return 0, nil
	}
	r := &reader{b: s.body}
	n, k := r.uleb(), 0
	for range n {
		r.bytes(r.uleb()) // module
		r.bytes(r.uleb()) // name
		switch r.byte() {
		case 0: // function: type index
			r.uleb()
			k++
		case 1: // table: reftype, limits
			r.byte()
			limits(r)
		case 2: // memory: limits
			limits(r)
		case 3: // global: valtype, mutability
			r.byte()
			r.byte()
		default:
			return 0, errors.New("unknown import kind")
		}
	}
	return k, r.err
}

func limits(r *reader) {
	if r.byte()&1 != 0 {
		r.uleb()
	}
	r.uleb()
}

// voidFuncType returns the number of types and the index of the type
// () → () (-1 when there is none).
func voidFuncType(body []byte) (n, void int, err error) {
	r := &reader{b: body}
	n, void = int(r.uleb()), -1
	for i := range n {
		if r.byte() != 0x60 {
			return 0, 0, errors.New("type is not a function type")
		}
		params := r.bytes(r.uleb())
		results := r.bytes(r.uleb())
		if len(params) == 0 && len(results) == 0 && void < 0 {
			void = i
		}
	}
	return n, void, r.err
}
