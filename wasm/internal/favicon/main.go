// Command favicon writes static/favicon.ico: a 32×32 picture of a decision
// surface in the page's own palette (ui/render.Diverging: blue where
// f < 0, white at the boundary, orange where f > 0) with the boundary
// f = 0 drawn
// dark, as one PNG image in an ICO container (which every current browser
// reads). Browsers ask for /favicon.ico whether or not the page names one;
// without the file that request is a 404 in the console (Lighthouse's
// best-practices audit "errors-in-console"). Run it after a change here:
//
//	go run ./wasm/internal/favicon > static/favicon.ico
//
// It must not import syscall/js; nothing imports it.
package main

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/png"
	"log"
	"math"
	"os"

	"kernelplay/ui/render"
)

// size is the icon's width and height in pixels.
const size = 32

// f is the surface drawn: a wavy boundary from the lower left to the upper
// right, scaled so that the colours reach the palette's ends near the
// corners. x and y are in [0, 1], y up.
func f(x, y float64) float64 {
	return 2.2 * (x - y + 0.18*math.Sin(2*math.Pi*(x+y)))
}

func main() {
	b, err := icon()
	if err != nil {
		log.Fatal(err)
	}
	if _, err := os.Stdout.Write(b); err != nil {
		log.Fatal(err)
	}
}

// icon is the favicon.ico's bytes.
func icon() ([]byte, error) {
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	ink := color.RGBA{0x1a, 0x1a, 0x1a, 0xff}
	for py := range size {
		for px := range size {
			x, y := (float64(px)+0.5)/size, 1-(float64(py)+0.5)/size
			v := f(x, y)
			c := render.Diverging(v)
			// The boundary: pixels within about a pixel of f = 0
			// (|f| over its gradient's size), blended by distance.
			const h = 1e-4
			g := math.Hypot(f(x+h, y)-f(x-h, y), f(x, y+h)-f(x, y-h)) / (2 * h) / size
			if d := math.Abs(v) / g; d < 1.2 {
				w := min(1, 1.2-d)
				mix := func(a, b uint8) uint8 { return uint8(math.Round(float64(a)*(1-w) + float64(b)*w)) }
				c = color.RGBA{mix(c.R, ink.R), mix(c.G, ink.G), mix(c.B, ink.B), 0xff}
			}
			img.SetRGBA(px, py, c)
		}
	}
	var p bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&p, img); err != nil {
		return nil, err
	}
	// ICONDIR (reserved, type 1 = icon, 1 image), then its ICONDIRENTRY
	// (width, height, colours, reserved, planes, bits per pixel, bytes,
	// offset), then the PNG.
	var ico bytes.Buffer
	binary.Write(&ico, binary.LittleEndian, struct {
		Reserved, Type, Count uint16
		W, H, Colors, Res     uint8
		Planes, BPP           uint16
		Bytes, Offset         uint32
	}{0, 1, 1, size, size, 0, 0, 1, 24, uint32(p.Len()), 6 + 16}) // an opaque image: png writes 24-bit RGB
	ico.Write(p.Bytes())
	return ico.Bytes(), nil
}
