// Package digitfile reads and writes the shipped digit files
// (static/data/*.kpd.gz): the digit format of package data (the payload that
// [data.DecodeDigits] reads and [data.EncodeDigits] writes: a 20-byte header
// with magic "KPDIGIT1", image count, width, height, max pixel value and
// class count, then the labels, then the pixels, all described above
// digitsMagic in core/data/digits.go) compressed as one gzip stream
// (RFC 1952). Native code uses it: the tests that run on the shipped sets,
// the papers command (core/experiment/internal/papers) and the converter that
// writes the files (core/data/internal/convert).
//
// The page does not: the browser gunzips the fetched file (DecompressionStream)
// and the page calls data.DecodeDigits, so that compress/gzip, compress/flate
// and hash/crc32 stay out of main.wasm. Nothing the page links (kernelplay/ui
// and below, core/experiment, core/learn outside their tests) may import this
// package; it must not import syscall/js or anything under kernelplay/ui.
package digitfile

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"kernelplay/core/data"
)

// Read decodes a digit file (one gzip stream whose payload is the digit
// format, as [Write] produces) from r, which it reads to the end: it gunzips
// r and hands the payload to [data.DecodeDigits]. name becomes Digits.Name.
// Corrupt or truncated input, in the gzip layer or in the payload, is an
// error, never a panic; the error says which part was bad: gzip errors are
// wrapped with a "digitfile: " prefix, payload errors are DecodeDigits's
// (bad magic wraps [data.ErrNotDigits]).
func Read(r io.Reader, name string) (*data.Digits, error) {
	zr, err := gzip.NewReader(bufio.NewReader(r))
	if err != nil {
		return nil, fmt.Errorf("digitfile: reading %s: %w", name, err)
	}
	defer zr.Close()
	return data.DecodeDigits(zr, name)
}

// Open reads the digit file at path ([Read]), its set named by the file's
// base name without ".kpd.gz" (static/data/mnist10k.kpd.gz gives
// "mnist10k"): what the tests and tools that run on the shipped sets do.
// A file that cannot be opened is os.Open's error; its content's errors
// are Read's.
func Open(path string) (*data.Digits, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f, strings.TrimSuffix(filepath.Base(path), ".kpd.gz"))
}

// Write encodes d in the shipped digit format ([data.EncodeDigits]) and
// writes it to w gzip-compressed at the best compression, with no name or
// time stamp in the gzip header, so that the same d always gives the same
// bytes. It panics, as EncodeDigits does and before writing anything, if d's
// fields are inconsistent (shapes, pixels above MaxValue, labels ≥ Classes)
// or outside the format's ranges; it returns w's errors.
func Write(w io.Writer, d *data.Digits) error {
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		panic(err) // the level is valid
	}
	if err := data.EncodeDigits(zw, d); err != nil {
		return err
	}
	return zw.Close()
}
