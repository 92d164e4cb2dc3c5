package simd

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"slices"
	"testing"
)

// TestModuleDecodes decodes [Module] back with a reader written from the
// binary format's grammar (not from the builder): the header, the sections
// in ascending order each exactly its declared size, the import of the Go
// program's memory, the two exports and their signatures (what install.go
// and boot.js call), and each function's code type-checked instruction by
// instruction (validate below).
func TestModuleDecodes(t *testing.T) {
	m := Module()
	if !bytes.HasPrefix(m, []byte("\x00asm\x01\x00\x00\x00")) {
		t.Fatalf("header % x", m[:min(8, len(m))])
	}
	r := &reader{b: m, off: 8}
	var (
		ids     []byte
		types   []funcType
		funcs   []uint32
		exports = map[string]uint32{}
		bodies  int
	)
	for r.off < len(m) {
		id := r.byte()
		size := int(r.uleb())
		end := r.off + size
		if r.err != nil || end > len(m) {
			t.Fatalf("section %d: size %d past the end (%v)", id, size, r.err)
		}
		ids = append(ids, id)
		s := &reader{b: m[:end], off: r.off}
		switch id {
		case secType:
			for range s.uleb() {
				if form := s.byte(); form != typeFunc {
					t.Fatalf("type form %#x", form)
				}
				types = append(types, funcType{params: s.vec(), results: s.vec()})
			}
		case secImport:
			if n := s.uleb(); n != 1 {
				t.Fatalf("%d imports, want the memory alone", n)
			}
			mod, name, kind, limits, minimum := s.name(), s.name(), s.byte(), s.byte(), s.uleb()
			if mod != "env" || name != "mem" || kind != importMemory || limits != limitsMin || minimum != 0 {
				t.Errorf("import %s.%s kind %#x limits %#x min %d: want env.mem, a memory of any size without a maximum",
					mod, name, kind, limits, minimum)
			}
		case secFunction:
			for range s.uleb() {
				funcs = append(funcs, s.uleb())
			}
		case secExport:
			for range s.uleb() {
				name, kind, index := s.name(), s.byte(), s.uleb()
				if kind != exportFunc {
					t.Errorf("export %s: kind %#x, want a function", name, kind)
				}
				exports[name] = index
			}
		case secCode:
			n := int(s.uleb())
			if n != len(funcs) {
				t.Fatalf("%d bodies for %d functions", n, len(funcs))
			}
			for f := range n {
				size := int(s.uleb())
				fb := &reader{b: s.b[:s.off+size], off: s.off}
				locals := slices.Clone(types[funcs[f]].params)
				for range fb.uleb() {
					count, typ := fb.uleb(), fb.byte()
					for range count {
						locals = append(locals, typ)
					}
				}
				if err := validate(fb, locals); err != nil {
					t.Errorf("function %d: %v", f, err)
				}
				s.off += size
				bodies++
			}
		default:
			t.Fatalf("unexpected section %d", id)
		}
		if s.err != nil || s.off != end {
			t.Fatalf("section %d: read to %d of [%d, %d) (%v)", id, s.off, r.off, end, s.err)
		}
		r.off = end
	}
	if !slices.Equal(ids, []byte{secType, secImport, secFunction, secExport, secCode}) {
		t.Errorf("sections %v, want type, import, function, export, code in that order", ids)
	}
	if bodies != 2 {
		t.Errorf("%d function bodies, want 2", bodies)
	}
	// The signatures install.go's go:wasmimport declarations and boot.js's
	// imports use: dots(dst, x, rows, n, d) and lane(dst, cols, offs, vals,
	// m, nnz), all i32, no result.
	for name, params := range map[string]int{"dots": 5, "lane": 6} {
		f, ok := exports[name]
		if !ok || int(f) >= len(funcs) {
			t.Errorf("no export %q", name)
			continue
		}
		ty := types[funcs[f]]
		if len(ty.params) != params || len(ty.results) != 0 || slices.ContainsFunc(ty.params, func(v byte) bool { return v != valI32 }) {
			t.Errorf("%s: params % x results % x, want %d i32 and none", name, ty.params, ty.results, params)
		}
	}
}

// TestSLEB checks the signed LEB128 encoder against the format's own
// examples and round trips through a decoder.
func TestSLEB(t *testing.T) {
	for _, c := range []struct {
		v    int32
		want []byte
	}{
		{0, []byte{0x00}},
		{2, []byte{0x02}},
		{-2, []byte{0x7e}},
		{63, []byte{0x3f}},
		{64, []byte{0xc0, 0x00}}, // bit 6 set would read as negative
		{-64, []byte{0x40}},
		{-65, []byte{0xbf, 0x7f}},
		{127, []byte{0xff, 0x00}},
		{-128, []byte{0x80, 0x7f}},
		{-8, []byte{0x78}},
	} {
		if got := appendSLEB(nil, c.v); !bytes.Equal(got, c.want) {
			t.Errorf("appendSLEB(%d) = % x, want % x", c.v, got, c.want)
		}
	}
	for _, v := range []int32{1 << 30, -1 << 31, 1<<31 - 1, 12345, -12345, 1 << 20, -(1 << 20)} {
		r := &reader{b: appendSLEB(nil, v)}
		if got := r.sleb(); got != v || r.off != len(r.b) || r.err != nil {
			t.Errorf("round trip of %d: %d (read %d of %d bytes, %v)", v, got, r.off, len(r.b), r.err)
		}
	}
}

type funcType struct{ params, results []byte }

// reader decodes the binary format; the first error sticks.
type reader struct {
	b   []byte
	off int
	err error
}

func (r *reader) byte() byte {
	if r.off >= len(r.b) {
		r.err = fmt.Errorf("read past the end at %d", r.off)
		return 0
	}
	r.off++
	return r.b[r.off-1]
}

func (r *reader) take(n int) []byte {
	if r.off+n > len(r.b) {
		r.err = fmt.Errorf("read of %d bytes past the end at %d", n, r.off)
		r.off = len(r.b)
		return nil
	}
	r.off += n
	return r.b[r.off-n : r.off]
}

func (r *reader) uleb() uint32 {
	v, n := binary.Uvarint(r.b[r.off:])
	if n <= 0 || n > 5 || v > 1<<32-1 {
		r.err = fmt.Errorf("bad u32 at %d", r.off)
		r.off = len(r.b)
		return 0
	}
	r.off += n
	return uint32(v)
}

func (r *reader) sleb() int32 {
	var v int64
	for shift := 0; shift < 35; shift += 7 {
		b := r.byte()
		v |= int64(b&0x7f) << shift
		if b&0x80 == 0 {
			if b&0x40 != 0 {
				v |= -1 << (shift + 7) // sign-extend
			}
			return int32(v)
		}
	}
	r.err = fmt.Errorf("s32 longer than 5 bytes at %d", r.off)
	return 0
}

func (r *reader) name() string { return string(r.take(int(r.uleb()))) }
func (r *reader) vec() []byte  { return slices.Clone(r.take(int(r.uleb()))) }

// validate reads one function's code to its end, checking it as a
// WebAssembly validator does for the instructions the builder may use: the
// operand stack's types for every instruction, blocks and loops (no
// results) that leave their stack as they found it, branch depths and
// local indices in range, alignment hints within each access's size, and
// nothing after the function's final end. An instruction outside that set
// is an error.
func validate(r *reader, locals []byte) error {
	var stack []byte
	type frame struct {
		height      int
		unreachable bool
	}
	frames := []frame{{}} // the function's own block
	pop := func(want byte) error {
		f := frames[len(frames)-1]
		if len(stack) == f.height {
			if f.unreachable {
				return nil // anything may be popped after a branch
			}
			return fmt.Errorf("at %d: pop of %#x from an empty stack", r.off, want)
		}
		got := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if got != want {
			return fmt.Errorf("at %d: operand %#x, want %#x", r.off, got, want)
		}
		return nil
	}
	// op pops the types in (last first) and pushes out.
	op := func(in []byte, out ...byte) error {
		for i := len(in) - 1; i >= 0; i-- {
			if err := pop(in[i]); err != nil {
				return err
			}
		}
		stack = append(stack, out...)
		return nil
	}
	memarg := func(maxAlign uint32) error {
		if a := r.uleb(); a > maxAlign {
			return fmt.Errorf("at %d: alignment 2^%d above the access's 2^%d", r.off, a, maxAlign)
		}
		r.uleb() // offset
		return nil
	}
	local := func() (byte, error) {
		i := r.uleb()
		if int(i) >= len(locals) {
			return 0, fmt.Errorf("at %d: local %d of %d", r.off, i, len(locals))
		}
		return locals[i], nil
	}
	i32, f64, v128 := byte(valI32), byte(valF64), byte(valV128)
	for r.err == nil {
		var err error
		switch code := r.byte(); code {
		case opBlock, opLoop:
			if bt := r.byte(); bt != blockVoid {
				return fmt.Errorf("at %d: block type %#x", r.off, bt)
			}
			frames = append(frames, frame{height: len(stack)})
		case opEnd:
			f := frames[len(frames)-1]
			if len(stack) != f.height {
				return fmt.Errorf("at %d: a block ends with %d values on its stack", r.off, len(stack)-f.height)
			}
			frames = frames[:len(frames)-1]
			if len(frames) == 0 {
				if r.off != len(r.b) {
					return fmt.Errorf("at %d: code after the function's end", r.off)
				}
				return nil
			}
		case opBr, opBrIf:
			if d := r.uleb(); int(d) >= len(frames) {
				return fmt.Errorf("at %d: branch depth %d of %d", r.off, d, len(frames))
			}
			if code == opBrIf {
				err = pop(i32)
			} else {
				f := &frames[len(frames)-1]
				stack, f.unreachable = stack[:f.height], true
			}
		case opLocalGet, opLocalSet, opLocalTee:
			var t byte
			if t, err = local(); err == nil {
				switch code {
				case opLocalGet:
					stack = append(stack, t)
				case opLocalSet:
					err = pop(t)
				case opLocalTee:
					err = op([]byte{t}, t)
				}
			}
		case opI32Load:
			if err = memarg(2); err == nil {
				err = op([]byte{i32}, i32)
			}
		case opF64Load:
			if err = memarg(3); err == nil {
				err = op([]byte{i32}, f64)
			}
		case opF64Store:
			if err = memarg(3); err == nil {
				err = op([]byte{i32, f64})
			}
		case opI32Const:
			r.sleb()
			stack = append(stack, i32)
		case opF64Const:
			r.take(8)
			stack = append(stack, f64)
		case opI32Eqz:
			err = op([]byte{i32}, i32)
		case opI32GeU, opI32Add, opI32Sub, opI32And, opI32Shl:
			err = op([]byte{i32, i32}, i32)
		case opF64Add, opF64Mul:
			err = op([]byte{f64, f64}, f64)
		case opSIMD:
			switch sub := r.uleb(); sub {
			case simdLoad:
				if err = memarg(4); err == nil {
					err = op([]byte{i32}, v128)
				}
			case simdStore:
				if err = memarg(4); err == nil {
					err = op([]byte{i32, v128})
				}
			case simdConst:
				r.take(16)
				stack = append(stack, v128)
			case simdSplat:
				err = op([]byte{f64}, v128)
			case simdExtract:
				if lane := r.byte(); lane > 1 {
					return fmt.Errorf("at %d: f64x2 lane %d", r.off, lane)
				}
				err = op([]byte{v128}, f64)
			case simdAdd, simdMul:
				err = op([]byte{v128, v128}, v128)
			default:
				return fmt.Errorf("at %d: SIMD instruction %#x outside the builder's set", r.off, sub)
			}
		default:
			return fmt.Errorf("at %d: instruction %#x outside the builder's set", r.off, code)
		}
		if err != nil {
			return err
		}
	}
	return r.err
}

// TestValidateRejects: the checker of TestModuleDecodes refuses code a
// WebAssembly validator refuses (else its passing would say little).
func TestValidateRejects(t *testing.T) {
	params := []byte{valI32, valI32}
	for name, code := range map[string]func(c *body){
		"f64.add of i32s":     func(c *body) { c.get(0).get(1).op(opF64Add).op(opEnd) },
		"value left in block": func(c *body) { c.block(opBlock).get(0).op(opEnd).op(opEnd) },
		"branch too deep":     func(c *body) { c.block(opLoop).br(2).op(opEnd).op(opEnd) },
		"local out of range":  func(c *body) { c.get(2).set(0).op(opEnd) },
		"i32.load align 8":    func(c *body) { c.get(0).byte(opI32Load).uleb(align8).uleb(0).set(1).op(opEnd) },
		"extract lane 2":      func(c *body) { c.zeroV128().simd(simdExtract).byte(2).op(opEnd) },
		"no final end":        func(c *body) { c.get(0).set(1) },
		"code after the end":  func(c *body) { c.op(opEnd).op(opEnd) },
		"store of v128 as f64": func(c *body) {
			c.get(0).zeroV128().mem(opF64Store, 0).op(opEnd)
		},
	} {
		var c body
		code(&c)
		if err := validate(&reader{b: c}, params); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	var ok body
	ok.block(opBlock).get(0).get(1).op(opI32Add).set(0).br(0).op(opEnd).op(opEnd)
	if err := validate(&reader{b: ok}, params); err != nil {
		t.Errorf("a valid body refused: %v", err)
	}
}
