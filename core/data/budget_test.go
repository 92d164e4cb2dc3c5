package data

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
)

// The memory budget of the readers and decoders (MaxCells, MaxDim, MaxAbs):
// each reproducer of a file that used to exhaust memory is refused with a
// clear error, having allocated little (runtime.MemStats.TotalAlloc around
// the call: every byte the call allocated, whether kept or not).

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// checkAlloc fails when f allocated more than limit bytes.
func checkAlloc(t *testing.T, what string, got, limit uint64) {
	t.Helper()
	t.Logf("%s: %d bytes allocated", what, got)
	if got > limit {
		t.Errorf("%s allocated %d bytes, more than %d", what, got, limit)
	}
}

func TestLIBSVMBudget(t *testing.T) {
	// The 384-byte file of the report: 32 examples with feature 2²⁰, which
	// made a dense 32 × 2²⁰ set (256 MiB). The index is now over MaxDim.
	in := strings.Repeat("1 1048576:1\n", 32)
	if len(in) != 384 {
		t.Fatalf("the reproducer is %d bytes", len(in))
	}
	var err error
	n := allocated(func() { _, err = ReadLIBSVM(strings.NewReader(in), "wide.svm") })
	checkFormatError(t, "1 1048576:1 ×32", err, "wide.svm", 1, 3, "feature index 1048576 outside 1..65536")
	checkAlloc(t, "the 384-byte LIBSVM file", n, 256<<10)

	// At MaxDim, the 129th example goes over MaxCells = 128·65536: refused
	// on that line, at the index that makes it too big …
	in = strings.Repeat("1 1:1\n", 128) + "1 2:1 65536:1\n"
	n = allocated(func() { _, err = ReadLIBSVM(strings.NewReader(in), "f") })
	checkFormatError(t, "1 1:1 ×128, 1 2:1 65536:1", err, "f", 129, 7,
		"feature index 65536: 129 examples × 65536 features are more than the 8388608 values (64 MiB) kernelplay holds")
	checkAlloc(t, "128 short lines, then index 65536", n, 256<<10)
	// … or at the label of the example that makes too many.
	in = "1 65536:1\n" + strings.Repeat("-1 1:2\n", 128)
	n = allocated(func() { _, err = ReadLIBSVM(strings.NewReader(in), "f") })
	checkFormatError(t, "1 65536:1, then 1 1:2 ×128", err, "f", 129, 0, "129 examples × 65536 features are more than")
	checkAlloc(t, "index 65536, then 128 short lines", n, 256<<10)

	// Exactly MaxCells is accepted (256 × 32768), one dense allocation of
	// MaxSetBytes.
	in = strings.Repeat("1 32768:1\n", 256)
	var s *Set
	n = allocated(func() { s, err = ReadLIBSVM(strings.NewReader(in), "f") })
	if err != nil || s.Len()*s.Dim != MaxCells {
		t.Fatalf("256 × 32768 (MaxCells): %v", err)
	}
	checkAlloc(t, "256 × 32768 LIBSVM (accepted)", n, MaxSetBytes+1<<20)
	s = nil
}

func TestCSVBudget(t *testing.T) {
	// 3 rows × 2²⁰ columns (a 6 MB file): refused on line 1 while it is
	// read, before encoding/csv splits the record (286 MiB before).
	row := strings.Repeat("0,", 1<<20-1) + "1\n"
	in := strings.Repeat(row, 3)
	var err error
	n := allocated(func() { _, err = ReadCSV(strings.NewReader(in), "wide.csv", CSVConfig{}) })
	checkFormatError(t, "3 × 2²⁰ CSV", err, "wide.csv", 1, 0, "more than 65537 fields in a record")
	checkAlloc(t, "the 3 × 2²⁰ CSV", n, 16<<20)

	// The same wide record after a header and on line 3; with tabs.
	in = "a\tb\n1\t2\n" + strings.ReplaceAll(row, ",", "\t")
	_, err = ReadCSV(strings.NewReader(in), "wide.tsv", CSVConfig{Comma: '\t'})
	checkFormatError(t, "wide TSV", err, "wide.tsv", 3, 0, "more than 65537 fields")

	// A record of 5 MB in one quoted field spanning lines: over maxLine.
	in = "1,\"" + strings.Repeat("x\n", 5<<19) + "\"\n"
	n = allocated(func() { _, err = ReadCSV(strings.NewReader(in), "long.csv", CSVConfig{}) })
	checkFormatError(t, "5 MB record", err, "long.csv", 2097152, 0, "a record longer than 4194304 bytes")
	checkAlloc(t, "a 5 MB record", n, 8*maxLine)

	// Record boundaries as encoding/csv sees them: a quote in a comment
	// opens nothing; a quoted newline does not end the record.
	in = "# it's \"odd\na,\"b\nc\",y\n1,2,3\n"
	if s, err := ReadCSV(strings.NewReader(in), "ok.csv", CSVConfig{}); err != nil || s.Len() != 1 || s.Dim != 2 {
		t.Errorf("comment with a quote, quoted newline: %v %+v", err, s)
	}

	// Exactly MaxDim features (and the label) are read.
	wide := strings.Repeat("0.5,", MaxDim) + "1\n"
	s, err := ReadCSV(strings.NewReader(wide+wide), "maxdim.csv", CSVConfig{})
	if err != nil || s.Dim != MaxDim || s.Len() != 2 {
		t.Fatalf("MaxDim features: %v", err)
	}

	// Rows × features over MaxCells: refused at the row that goes over,
	// having stored at most the budget.
	if testing.Short() {
		return
	}
	rowHalf := strings.Repeat("1,", 1<<15) + "0\n" // 32768 features and a label
	in = strings.Repeat(rowHalf, MaxCells>>15+1)
	n = allocated(func() { _, err = ReadCSV(strings.NewReader(in), "tall.csv", CSVConfig{}) })
	checkFormatError(t, "257 × 32768 CSV", err, "tall.csv", 257, 0,
		"257 examples × 32768 features are more than the 8388608 values (64 MiB) kernelplay holds")
	checkAlloc(t, "257 × 32768 CSV", n, 3*MaxSetBytes)
}

func TestReadersRefuseHugeValues(t *testing.T) {
	// 1e200 is finite, but ‖x‖² overflows: the Gaussian kernel gives
	// Inf − Inf. Refused with its line and column, in both formats.
	_, err := ReadLIBSVM(strings.NewReader("1 1:0.5\n-1 1:1e200 2:3\n"), "big.svm")
	checkFormatError(t, "LIBSVM 1e200", err, "big.svm", 2, 6, "value 1e200 of feature 1 is beyond ±1e+150")
	_, err = ReadLIBSVM(strings.NewReader("1 3:-2e151\n"), "big.svm")
	checkFormatError(t, "LIBSVM -2e151", err, "big.svm", 1, 5, "beyond ±1e+150")
	_, err = ReadCSV(strings.NewReader("x,y,label\n1,2,0\n3, 1e200,1\n"), "big.csv", CSVConfig{})
	checkFormatError(t, "CSV 1e200", err, "big.csv", 3, 4, "value 1e200 in field 2 is beyond ±1e+150")
	_, err = ReadCSV(strings.NewReader("1,2\n-1e300,0\n"), "big.csv", CSVConfig{LabelColumn: 2})
	checkFormatError(t, "CSV -1e300", err, "big.csv", 2, 1, "beyond ±1e+150")

	// MaxAbs itself is accepted, and a huge label is only a label.
	if s, err := ReadLIBSVM(strings.NewReader("1e200 1:1e150 2:-1e150\n"), "edge.svm"); err != nil || s.X[1] != -MaxAbs {
		t.Errorf("LIBSVM at ±MaxAbs: %v", err)
	}
	if s, err := ReadCSV(strings.NewReader("1e150,-1e150,1e300\n"), "edge.csv", CSVConfig{}); err != nil || s.X[0] != MaxAbs || s.Y[0] != 1e300 {
		t.Errorf("CSV at ±MaxAbs: %v", err)
	}
}

// digitsHeader is a digit payload header announcing n images of w×h
// pixels, 16 grey levels and 10 classes.
func digitsHeader(n, w, h int) []byte {
	b := make([]byte, digitsHeaderLen)
	copy(b, digitsMagic)
	binary.LittleEndian.PutUint32(b[8:], uint32(n))
	binary.LittleEndian.PutUint16(b[12:], uint16(w))
	binary.LittleEndian.PutUint16(b[14:], uint16(h))
	b[16], b[17] = 16, 10
	return b
}

func TestDecodeDigitsBudget(t *testing.T) {
	// The report's 1 KB gzipped digit file: a header announcing 2²⁰ − 1
	// images of 64×64 pixels, then zeros. DecodeDigits allocated their
	// 4 GiB before finding the stream short.
	payload := append(digitsHeader(1<<20-1, 64, 64), make([]byte, 1<<20)...)
	file := gz(payload)
	t.Logf("the gzipped file: %d bytes", len(file))
	if len(file) > 2<<10 {
		t.Fatalf("the reproducer is %d bytes gzipped", len(file))
	}
	var err error
	n := allocated(func() {
		zr, zerr := gzip.NewReader(bytes.NewReader(file))
		if zerr != nil {
			t.Fatal(zerr)
		}
		_, err = DecodeDigits(zr, "bomb")
	})
	if err == nil || !strings.Contains(err.Error(), "1048575 images of 64×64 pixels are more than the 8388608 pixels (64 MiB as float64)") {
		t.Errorf("the 1 KB digit file: error %v", err)
	}
	checkAlloc(t, "the 1 KB gzipped digit file (stream)", n, 256<<10)

	// Within the budget (2,000 × 64×64 = 8,192,000 pixels) but with 1 MB
	// present: a reader with Len is refused before any allocation …
	payload = append(digitsHeader(2000, 64, 64), make([]byte, 1<<20)...)
	n = allocated(func() { _, err = DecodeDigits(bytes.NewReader(payload), "short") })
	want := fmt.Sprintf("the header announces 2000 images of 64×64 pixels (8194000 bytes after it), but %d bytes follow", 1<<20)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("short payload (bytes.Reader): error %v, want %q", err, want)
	}
	checkAlloc(t, "the short payload (bytes.Reader)", n, 4<<10)
	// … and a stream costs about what it holds (1 MB), not the 8 MB
	// announced.
	n = allocated(func() {
		zr, _ := gzip.NewReader(bytes.NewReader(gz(payload)))
		_, err = DecodeDigits(zr, "short")
	})
	if err == nil || !strings.Contains(err.Error(), "reading 2000×64×64 pixels: unexpected EOF") {
		t.Errorf("short payload (gzip stream): error %v", err)
	}
	checkAlloc(t, "the short payload (gzip stream)", n, 4<<20)

	// EncodeDigits refuses to write what DecodeDigits would refuse.
	defer func() {
		if recover() == nil {
			t.Error("EncodeDigits of more than MaxCells pixels did not panic")
		}
	}()
	EncodeDigits(io.Discard, &Digits{Width: 64, Height: 64, MaxValue: 1, Classes: 1,
		Labels: make([]uint8, MaxCells/4096+1), Pixels: make([]uint8, (MaxCells/4096+1)*4096)})
}

// TestReadBytes: readBytes returns exactly n bytes, or what there was and
// io.ReadFull's error.
func TestReadBytes(t *testing.T) {
	src := bytes.Repeat([]byte("0123456789"), 50_000) // 500 kB
	for _, n := range []int{0, 1, 64 << 10, 64<<10 + 1, 300_000, len(src)} {
		b, err := readBytes(io.MultiReader(bytes.NewReader(src)), n)
		if err != nil || !bytes.Equal(b, src[:n]) {
			t.Errorf("readBytes(%d): %d bytes, %v", n, len(b), err)
		}
	}
	for _, c := range []struct {
		n    int
		want error
	}{{len(src) + 1, io.ErrUnexpectedEOF}, {10 << 20, io.ErrUnexpectedEOF}} {
		b, err := readBytes(io.MultiReader(bytes.NewReader(src)), c.n)
		if err != c.want || len(b) != len(src) {
			t.Errorf("readBytes(%d) of %d bytes: %d bytes, %v, want %v", c.n, len(src), len(b), err, c.want)
		}
	}
	if b, err := readBytes(bytes.NewReader(nil), 5); err != io.EOF || len(b) != 0 {
		t.Errorf("readBytes of nothing: %d bytes, %v, want EOF", len(b), err)
	}
}
