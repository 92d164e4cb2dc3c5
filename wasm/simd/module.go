// Package simd gives the page the two inner loops of a kernel row with
// WebAssembly's 128-bit SIMD (f64x2), which Go's wasm backend does not emit:
// a small second WebAssembly module, built at run time by [Module] (no
// committed .wasm, no build step, no extra request), instantiated on the Go
// program's own memory and plugged into core/kernel with kernel.UseDots and
// kernel.UseColumnLane (install.go, js and wasm only). Its functions compute
// the same sums in the same order as the Go loops of core/kernel, so their
// results are the same bits (tests/browser/simd_test.go checks it in Chromium).
//
// This file is pure Go (it only assembles bytes); only install.go touches
// syscall/js. The package imports nothing of kernelplay but core/.
//
// The module, in the text format (WebAssembly Core Specification 2.0):
//
//	(module
//	  (import "env" "mem" (memory 0))                ;; the Go program's memory
//	  (func (export "dots") (param $dst $x $rows $n $d i32) …)
//	  (func (export "lane") (param $dst $cols $offs $vals $m $nnz i32) …))
//
// Every pointer is a byte address in that memory and every count a number
// of elements: dots writes dst[i] = ⟨x, rows[i·d:(i+1)·d]⟩ for i < n
// (core/kernel's dotsLoop for d ≥ 8), lane writes dst[s] = Σ_k vals[k]·
// cols[offs[k] + s] for s < m, k < nnz (core/kernel's colsLane; offs are
// Go ints, 64-bit under wasm).
package simd

import "encoding/binary"

// Binary format: sections, types and instructions (WebAssembly Core
// Specification 2.0, chapter 5; SIMD instructions §5.4.8, prefix 0xFD
// followed by the LEB128 sub-opcode).
const (
	secType     = 1
	secImport   = 2
	secFunction = 3
	secExport   = 7
	secCode     = 10

	typeFunc  = 0x60 // functype: params, results
	valI32    = 0x7f
	valF64    = 0x7c
	valV128   = 0x7b
	blockVoid = 0x40 // a block with no result

	importMemory = 0x02 // importdesc: a memory (limits follow)
	limitsMin    = 0x00 // limits: a minimum, no maximum
	exportFunc   = 0x00 // exportdesc: a function index

	opBlock     = 0x02
	opLoop      = 0x03
	opEnd       = 0x0b
	opBr        = 0x0c
	opBrIf      = 0x0d
	opLocalGet  = 0x20
	opLocalSet  = 0x21
	opLocalTee  = 0x22
	opI32Load   = 0x28
	opF64Load   = 0x2b
	opF64Store  = 0x39
	opI32Const  = 0x41
	opF64Const  = 0x44
	opI32Eqz    = 0x45
	opI32GeU    = 0x4f
	opI32Add    = 0x6a
	opI32Sub    = 0x6b
	opI32And    = 0x71
	opI32Shl    = 0x74
	opF64Add    = 0xa0
	opF64Mul    = 0xa2
	opSIMD      = 0xfd // prefix of the SIMD instructions
	simdLoad    = 0x00 // v128.load memarg
	simdStore   = 0x0b // v128.store memarg
	simdConst   = 0x0c // v128.const, 16 immediate bytes
	simdSplat   = 0x14 // f64x2.splat
	simdExtract = 0x21 // f64x2.extract_lane, lane index byte
	simdAdd     = 0xf0 // f64x2.add
	simdMul     = 0xf2 // f64x2.mul
)

// Alignment hints of the memory accesses (log2 bytes): Go aligns float64s
// and ints to 8 bytes, not 16 (a hint is only a hint, never a trap, but it
// must not exceed the access's own size: 4 bytes for i32.load).
const (
	align4 = 2
	align8 = 3
)

// Module returns the bytes of the module described in the package doc, a
// new slice each call. It is under a kilobyte, far below the 4 KB a browser
// compiles synchronously on its main thread.
func Module() []byte {
	m := []byte{0x00, 'a', 's', 'm', 0x01, 0x00, 0x00, 0x00} // magic, version 1

	var types body
	types.uleb(2)
	types.byte(typeFunc)
	types.vec(valI32, valI32, valI32, valI32, valI32) // dots(dst, x, rows, n, d)
	types.uleb(0)
	types.byte(typeFunc)
	types.vec(valI32, valI32, valI32, valI32, valI32, valI32) // lane(dst, cols, offs, vals, m, nnz)
	types.uleb(0)
	m = section(m, secType, types)

	var imports body
	imports.uleb(1)
	imports.name("env")
	imports.name("mem")
	imports.byte(importMemory)
	imports.byte(limitsMin)
	imports.uleb(0) // any size: Go's memory only grows
	m = section(m, secImport, imports)

	var funcs body
	funcs.uleb(2)
	funcs.uleb(0) // dots: type 0
	funcs.uleb(1) // lane: type 1
	m = section(m, secFunction, funcs)

	var exports body
	exports.uleb(2)
	exports.name("dots")
	exports.byte(exportFunc)
	exports.uleb(0)
	exports.name("lane")
	exports.byte(exportFunc)
	exports.uleb(1)
	m = section(m, secExport, exports)

	var code body
	code.uleb(2)
	code.sized(dotsBody())
	code.sized(laneBody())
	return section(m, secCode, code)
}

// section appends a section: its id, its size, its contents.
func section(m []byte, id byte, contents body) []byte {
	m = append(m, id)
	m = appendULEB(m, uint32(len(contents)))
	return append(m, contents...)
}

// Locals of dots: the parameters, then the declared locals.
const (
	dDst  = iota // byte address of dst[i]
	dX           // byte address of x
	dRows        // byte address of row i
	dN           // rows left
	dD           // d
	dJ           // byte offset j·8 in the row (i32)
	dD8          // d8·8 (i32)
	dDB          // d·8 (i32)
	dS           // the first lane's sum once the unrolled part ends (f64)
	dA0          // lanes 0–1 (v128: two f64 partial sums)
	dA1          // lanes 2–3
	dA2          // lanes 4–5
	dA3          // lanes 6–7
)

// dotsBody is the code of dots, the row-major inner products (core/kernel's
// dotsLoop for d ≥ 8):
//
//	for each row: a0…a3 = 0 (eight lanes: a_k holds lanes 2k, 2k+1)
//	  for j < d8, 8 at a time: a_k += x[j+2k : j+2k+2] · row[j+2k : j+2k+2]
//	  s = a0[0]; for j from d8 to d: s += x[j]·row[j]
//	  dst[i] = ((s + a0[1]) + (a1[0] + a1[1])) + ((a2[0] + a2[1]) + (a3[0] + a3[1]))
func dotsBody() body {
	var c body
	c.locals(run{3, valI32}, run{1, valF64}, run{4, valV128})
	// d8·8 = (d & −8) << 3; d·8 = d << 3.
	c.get(dD).i32(-8).op(opI32And).i32(3).op(opI32Shl).set(dD8)
	c.get(dD).i32(3).op(opI32Shl).set(dDB)
	c.block(opBlock) // $exit
	c.get(dN).op(opI32Eqz).brIf(0)
	c.block(opLoop) // $row
	for _, a := range []uint32{dA0, dA1, dA2, dA3} {
		c.zeroV128().set(a)
	}
	c.i32(0).set(dJ)
	c.block(opBlock) // the unrolled part
	c.block(opLoop)
	c.get(dJ).get(dD8).op(opI32GeU).brIf(1)
	for k, a := range []uint32{dA0, dA1, dA2, dA3} {
		// a_k = a_k + x[j+2k:]·row[j+2k:] (a rounded product, then a rounded sum)
		off := uint32(16 * k)
		c.get(a)
		c.get(dX).get(dJ).op(opI32Add).simdMem(simdLoad, off)
		c.get(dRows).get(dJ).op(opI32Add).simdMem(simdLoad, off)
		c.simd(simdMul).simd(simdAdd).set(a)
	}
	c.get(dJ).i32(64).op(opI32Add).set(dJ)
	c.br(0)
	c.op(opEnd).op(opEnd)
	// The tail j ≥ d8, one by one into lane 0.
	c.get(dA0).simd(simdExtract).byte(0).set(dS)
	c.block(opBlock)
	c.block(opLoop)
	c.get(dJ).get(dDB).op(opI32GeU).brIf(1)
	c.get(dS)
	c.get(dX).get(dJ).op(opI32Add).mem(opF64Load, 0)
	c.get(dRows).get(dJ).op(opI32Add).mem(opF64Load, 0)
	c.op(opF64Mul).op(opF64Add).set(dS)
	c.get(dJ).i32(8).op(opI32Add).set(dJ)
	c.br(0)
	c.op(opEnd).op(opEnd)
	// dst[i] = ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7))
	c.get(dDst)
	c.get(dS).get(dA0).simd(simdExtract).byte(1).op(opF64Add)
	c.get(dA1).simd(simdExtract).byte(0).get(dA1).simd(simdExtract).byte(1).op(opF64Add)
	c.op(opF64Add)
	c.get(dA2).simd(simdExtract).byte(0).get(dA2).simd(simdExtract).byte(1).op(opF64Add)
	c.get(dA3).simd(simdExtract).byte(0).get(dA3).simd(simdExtract).byte(1).op(opF64Add)
	c.op(opF64Add)
	c.op(opF64Add)
	c.mem(opF64Store, 0)
	// Next row: dst += 8, rows += d·8, n −= 1; again while n ≠ 0.
	c.get(dDst).i32(8).op(opI32Add).set(dDst)
	c.get(dRows).get(dDB).op(opI32Add).set(dRows)
	c.get(dN).i32(1).op(opI32Sub).tee(dN).brIf(0)
	c.op(opEnd) // $row
	c.op(opEnd) // $exit
	c.op(opEnd) // the function
	return c
}

// Locals of lane: the parameters, then the declared locals.
const (
	lDst  = iota // byte address of dst
	lCols        // byte address of cols
	lOffs        // byte address of offs (Go ints: 8 bytes each)
	lVals        // byte address of vals
	lM           // slots m
	lNNZ         // terms nnz
	lI           // byte offset s·8 of the slot (i32)
	lK           // byte offset k·8 of the term (i32)
	lM8          // (m rounded down to a multiple of 8)·8 (i32)
	lMB          // m·8 (i32)
	lNB          // nnz·8 (i32)
	lP           // byte address of cols[offs[k] + s] (i32)
	lS           // one slot's sum in the tail (f64)
	lV           // vals[k] in both lanes (v128)
	lA0          // slots s, s+1 (v128)
	lA1          // slots s+2, s+3
	lA2          // slots s+4, s+5
	lA3          // slots s+6, s+7
)

// laneBody is the code of lane, the feature-major sums (core/kernel's
// colsLane: one accumulator per slot, the terms in order):
//
//	for s < m8, 8 slots at a time: a0…a3 = 0
//	  for k < nnz: v = (vals[k], vals[k]); p = cols + offs[k] + s
//	    a_j += v · p[2j : 2j+2]
//	  dst[s : s+8] = a0, a1, a2, a3
//	for s from m8 to m: t = 0; for k < nnz: t += vals[k]·cols[offs[k] + s]; dst[s] = t
//
// Each slot's sum is the Go loop's, term by term; f64x2 only does two
// slots at once.
func laneBody() body {
	var c body
	c.locals(run{6, valI32}, run{1, valF64}, run{5, valV128})
	c.get(lM).i32(-8).op(opI32And).i32(3).op(opI32Shl).set(lM8)
	c.get(lM).i32(3).op(opI32Shl).set(lMB)
	c.get(lNNZ).i32(3).op(opI32Shl).set(lNB)
	c.i32(0).set(lI)
	// Blocks of eight slots.
	c.block(opBlock)
	c.block(opLoop)
	c.get(lI).get(lM8).op(opI32GeU).brIf(1)
	for _, a := range []uint32{lA0, lA1, lA2, lA3} {
		c.zeroV128().set(a)
	}
	c.i32(0).set(lK)
	c.block(opBlock)
	c.block(opLoop)
	c.get(lK).get(lNB).op(opI32GeU).brIf(1)
	c.get(lVals).get(lK).op(opI32Add).mem(opF64Load, 0).simd(simdSplat).set(lV)
	c.termAddress()
	for j, a := range []uint32{lA0, lA1, lA2, lA3} {
		c.get(a).get(lV).get(lP).simdMem(simdLoad, uint32(16*j))
		c.simd(simdMul).simd(simdAdd).set(a)
	}
	c.get(lK).i32(8).op(opI32Add).set(lK)
	c.br(0)
	c.op(opEnd).op(opEnd)
	for j, a := range []uint32{lA0, lA1, lA2, lA3} {
		c.get(lDst).get(lI).op(opI32Add).get(a).simdMem(simdStore, uint32(16*j))
	}
	c.get(lI).i32(64).op(opI32Add).set(lI)
	c.br(0)
	c.op(opEnd).op(opEnd)
	// The last m − m8 slots, one at a time.
	c.block(opBlock)
	c.block(opLoop)
	c.get(lI).get(lMB).op(opI32GeU).brIf(1)
	c.zeroF64().set(lS)
	c.i32(0).set(lK)
	c.block(opBlock)
	c.block(opLoop)
	c.get(lK).get(lNB).op(opI32GeU).brIf(1)
	c.termAddress()
	c.get(lS)
	c.get(lVals).get(lK).op(opI32Add).mem(opF64Load, 0)
	c.get(lP).mem(opF64Load, 0)
	c.op(opF64Mul).op(opF64Add).set(lS)
	c.get(lK).i32(8).op(opI32Add).set(lK)
	c.br(0)
	c.op(opEnd).op(opEnd)
	c.get(lDst).get(lI).op(opI32Add).get(lS).mem(opF64Store, 0)
	c.get(lI).i32(8).op(opI32Add).set(lI)
	c.br(0)
	c.op(opEnd).op(opEnd)
	c.op(opEnd) // the function
	return c
}

// termAddress sets lane's p = cols + offs[k]·8 + s·8: the low 32 bits of
// the 64-bit Go int offs[k] (little-endian: its first four bytes; an offset
// into a Go slice is below 2³¹).
func (c *body) termAddress() {
	c.get(lCols)
	c.get(lOffs).get(lK).op(opI32Add).byte(opI32Load).uleb(align4).uleb(0).i32(3).op(opI32Shl)
	c.op(opI32Add).get(lI).op(opI32Add).set(lP)
}

// body is a section's contents or a function's code under construction.
type body []byte

func (c *body) byte(b byte) *body      { *c = append(*c, b); return c }
func (c *body) op(op byte) *body       { return c.byte(op) }
func (c *body) uleb(v uint32) *body    { *c = appendULEB(*c, v); return c }
func (c *body) get(local uint32) *body { return c.byte(opLocalGet).uleb(local) }
func (c *body) set(local uint32) *body { return c.byte(opLocalSet).uleb(local) }
func (c *body) tee(local uint32) *body { return c.byte(opLocalTee).uleb(local) }
func (c *body) br(depth uint32) *body  { return c.byte(opBr).uleb(depth) }
func (c *body) brIf(depth uint32) *body {
	return c.byte(opBrIf).uleb(depth)
}

// block opens a block or a loop with no result (closed by opEnd).
func (c *body) block(op byte) *body { return c.byte(op).byte(blockVoid) }

// i32 pushes a constant (signed LEB128 immediate).
func (c *body) i32(v int32) *body {
	c.byte(opI32Const)
	*c = appendSLEB(*c, v)
	return c
}

// zeroF64 pushes +0 as an f64 (f64.const: eight little-endian bytes).
func (c *body) zeroF64() *body {
	c.byte(opF64Const)
	*c = append(*c, make([]byte, 8)...)
	return c
}

// zeroV128 pushes sixteen zero bytes: (+0, +0) as f64x2.
func (c *body) zeroV128() *body {
	c.simd(simdConst)
	*c = append(*c, make([]byte, 16)...)
	return c
}

// mem is a scalar load or store of 8 bytes (f64) with its memarg
// (alignment, offset).
func (c *body) mem(op byte, offset uint32) *body {
	return c.byte(op).uleb(align8).uleb(offset)
}

// simd is a SIMD instruction: the prefix, then the sub-opcode.
func (c *body) simd(op uint32) *body { return c.byte(opSIMD).uleb(op) }

// simdMem is v128.load or v128.store with its memarg.
func (c *body) simdMem(op, offset uint32) *body {
	return c.simd(op).uleb(align8).uleb(offset)
}

// name appends a name: its length, its UTF-8 bytes.
func (c *body) name(s string) *body {
	c.uleb(uint32(len(s)))
	*c = append(*c, s...)
	return c
}

// vec appends a vector of value types: its length, the types.
func (c *body) vec(types ...byte) *body {
	c.uleb(uint32(len(types)))
	*c = append(*c, types...)
	return c
}

// run is one entry of a function's local declarations: count locals of a
// value type.
type run struct {
	count uint32
	typ   byte
}

// locals declares a function's locals, numbered after its parameters in
// the order of the runs.
func (c *body) locals(runs ...run) *body {
	c.uleb(uint32(len(runs)))
	for _, r := range runs {
		c.uleb(r.count).byte(r.typ)
	}
	return c
}

// sized appends a function's code prefixed by its size.
func (c *body) sized(f body) *body {
	c.uleb(uint32(len(f)))
	*c = append(*c, f...)
	return c
}

// appendULEB appends v in unsigned LEB128 (seven bits a byte, low first,
// the high bit set on every byte but the last): the encoding of
// encoding/binary's Uvarint.
func appendULEB(b []byte, v uint32) []byte { return binary.AppendUvarint(b, uint64(v)) }

// appendSLEB appends v in signed LEB128: as appendULEB, ending when the
// rest is all sign bits and the last byte's bit 6 carries the sign.
func appendSLEB(b []byte, v int32) []byte {
	for {
		low := byte(v & 0x7f)
		v >>= 7
		if (v == 0 && low&0x40 == 0) || (v == -1 && low&0x40 != 0) {
			return append(b, low)
		}
		b = append(b, low|0x80)
	}
}
