package render

import (
	"math/rand/v2"
	"testing"
)

// straightOver is source-over of straight RGBA s onto straight RGBA d in
// floating point: the reference for Layer.
func straightOver(d, s [4]float64) [4]float64 {
	sa, da := s[3]/255, d[3]/255
	oa := sa + da*(1-sa)
	var o [4]float64
	if oa > 0 {
		for c := range 3 {
			o[c] = (s[c]*sa + d[c]*da*(1-sa)) / oa
		}
	}
	o[3] = oa * 255
	return o
}

// TestLayerStamp: stamping random sprites (with clipping at every edge)
// and converting to straight RGBA agrees with floating-point source-over
// to within 8-bit rounding where the result is not nearly transparent,
// and Reset clears everything stamped.
func TestLayerStamp(t *testing.T) {
	const seed, w, h = 5, 23, 17
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 2))
	var l Layer
	for trial := range 30 {
		l.Reset(w, h)
		ref := make([][4]float64, w*h)
		for range 4 {
			sw, sh := 1+rng.IntN(9), 1+rng.IntN(9)
			rgba := make([]uint8, 4*sw*sh)
			for i := range rgba {
				rgba[i] = uint8(rng.IntN(256))
			}
			for i := 3; i < len(rgba); i += 4 {
				switch rng.IntN(3) {
				case 0:
					rgba[i] = 0
				case 1:
					rgba[i] = 255
				}
			}
			s := NewSprite(rgba, sw, sh)
			x, y := rng.IntN(w+8)-6, rng.IntN(h+8)-6
			l.Stamp(s, x, y)
			for sy := range sh {
				for sx := range sw {
					px, py := x+sx, y+sy
					if px < 0 || py < 0 || px >= w || py >= h {
						continue
					}
					p := rgba[4*(sy*sw+sx):]
					ref[py*w+px] = straightOver(ref[py*w+px], [4]float64{float64(p[0]), float64(p[1]), float64(p[2]), float64(p[3])})
				}
			}
		}
		pix := l.Straight()
		for i, r := range ref {
			got := pix[4*i : 4*i+4]
			if d := float64(got[3]) - r[3]; d > 1.5 || d < -1.5 {
				t.Fatalf("trial %d pixel %d: alpha %d, want %.1f", trial, i, got[3], r[3])
			}
			if r[3] < 32 {
				continue // colour of a nearly transparent pixel: 8-bit rounding dominates
			}
			for c := range 3 {
				if d := float64(got[c]) - r[c]; d > 6 || d < -6 {
					t.Fatalf("trial %d pixel %d channel %d: %d, want %.1f", trial, i, c, got[c], r[c])
				}
			}
		}
	}
	l.Reset(w, h)
	for i, v := range l.Pix {
		if v != 0 {
			t.Fatalf("byte %d is %d after Reset", i, v)
		}
	}
}
