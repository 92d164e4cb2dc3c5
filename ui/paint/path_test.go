package paint

import (
	"math"
	"testing"
)

func TestPathBuilder(t *testing.T) {
	var p Path
	p.MoveTo(1, 2)
	p.LineTo(3.04, 4.06)
	p.LineTo(math.NaN(), 0) // breaks the line
	p.LineTo(5, 6)          // starts a new subpath
	if got, want := p.String(), "M 1 2 L 3 4.1 M 5 6"; got != want {
		t.Errorf("path %q, want %q", got, want)
	}
	p.Reset()
	p.Circle(10, 10, 2)
	if got, want := p.String(), "M 12 10 A 2 2 0 1 0 8 10 A 2 2 0 1 0 12 10"; got != want {
		t.Errorf("circle %q, want %q", got, want)
	}
	p.Reset()
	p.Polyline([]float64{0, 0, 1, 1, 2})
	p.Polyline([]float64{5, 5, 6, 6})
	if got, want := p.String(), "M 0 0 L 1 1 M 5 5 L 6 6"; got != want {
		t.Errorf("polylines %q, want %q", got, want)
	}
}

func TestPathCoord(t *testing.T) {
	var p Path
	for _, c := range []struct {
		v    float64
		want string
	}{{0, "0"}, {1.04, "1"}, {1.06, "1.1"}, {-0.04, "0"}, {-0.06, "-0.1"}, {-12.34, "-12.3"}, {259.95, "260"}} {
		p.Reset()
		p.coord(c.v)
		if p.String() != c.want {
			t.Errorf("coord(%g) = %q, want %q", c.v, p.String(), c.want)
		}
	}
}

func TestHalve(t *testing.T) {
	// A linear field stays linear: its coarse samples are the values at the
	// coarse pixel centres.
	const g = 8
	v := make([]float64, g*g)
	for py := 0; py < g; py++ {
		for px := 0; px < g; px++ {
			v[py*g+px] = float64(px) + 10*float64(py)
		}
	}
	got, h := halve(nil, v, g)
	if h != g/2 || len(got) != h*h {
		t.Fatalf("halve gave %d×%d", h, len(got)/max(h, 1))
	}
	for j := 0; j < h; j++ {
		for i := 0; i < h; i++ {
			want := (2*float64(i) + 0.5) + 10*(2*float64(j)+0.5)
			if got[j*h+i] != want {
				t.Errorf("coarse (%d, %d) = %v, want %v", i, j, got[j*h+i], want)
			}
		}
	}
}
