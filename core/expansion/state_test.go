package expansion

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"kernelplay/core/kernel"
)

// TestStateRestoresBits fills a traced multiclass expansion past a wrap of
// its buffer with lazy multipliers in play, restores its State into a fresh
// expansion of the same settings, and checks that the next pushes return
// the same eviction corrections and every score and f, v value is equal to
// the bit.
func TestStateRestoresBits(t *testing.T) {
	const dim, K, omega = 3, 2, 5
	k := kernel.Gaussian{Sigma: 0.8}
	rng := rand.New(rand.NewPCG(11, 12))
	vec := func(n int) []float64 {
		v := make([]float64, n)
		for i := range v {
			v[i] = rng.NormFloat64()
		}
		return v
	}
	step := func(e *Expansion, x, a, b []float64, s, mix float64) Evicted {
		e.Prepare(x)
		e.ScaleAlpha(s)
		e.MixBeta(0.9, mix)
		return e.Push(a, b)
	}
	a := New(k, dim, K, omega, nil, true)
	for range 12 {
		step(a, vec(dim), vec(K), vec(K), 0.97, -0.01)
	}
	st := a.State()
	if st.AlphaScale == 1 || st.Len != omega || st.Next == 0 {
		t.Fatalf("the test wants lazy multipliers and a wrapped ring: %+v", st)
	}
	b := New(k, dim, K, omega, nil, true)
	if err := b.SetState(st); err != nil {
		t.Fatal(err)
	}
	same := func(u, v []float64) bool {
		for i := range u {
			if math.Float64bits(u[i]) != math.Float64bits(v[i]) {
				return false
			}
		}
		return len(u) == len(v)
	}
	for i := range 9 {
		x, al, be := vec(dim), vec(K), vec(K)
		ea, eb := step(a, x, al, be, 0.97, -0.01), step(b, x, al, be, 0.97, -0.01)
		if math.Float64bits(ea.NormF) != math.Float64bits(eb.NormF) || math.Float64bits(ea.Pi) != math.Float64bits(eb.Pi) {
			t.Fatalf("push %d: corrections %+v, restored %+v", i, ea, eb)
		}
		p := vec(dim)
		if !same(a.Scores(nil, p), b.Scores(nil, p)) {
			t.Fatalf("push %d: scores differ", i)
		}
		a.Prepare(p)
		b.Prepare(p)
		if !same(a.F(nil), b.F(nil)) || !same(a.V(nil), b.V(nil)) {
			t.Fatalf("push %d: f or v differ", i)
		}
	}
}

// TestSetStateRefuses checks that inconsistent states are errors that leave
// the expansion as it was.
func TestSetStateRefuses(t *testing.T) {
	e := New(kernel.Linear{}, 2, 1, 3, nil, false)
	e.Prepare([]float64{1, 2})
	e.Push([]float64{0.5}, nil)
	good := e.State()
	for _, c := range []struct {
		name, want string
		edit       func(s *State)
	}{
		{"too many", "stored terms", func(s *State) { s.Len = 4 }},
		{"negative", "stored terms", func(s *State) { s.Len = -1 }},
		{"next", "next slot", func(s *State) { s.Next = 0 }},
		{"short x", "support-vector", func(s *State) { s.X = s.X[:1] }},
		{"short alpha", "α", func(s *State) { s.Alpha = nil }},
		{"beta", "keeps none", func(s *State) { s.Beta, s.Nv = []float64{1}, []float64{1} }},
		{"nan", "not finite", func(s *State) { s.X = []float64{math.NaN(), 0} }},
		{"zero scale", "zero", func(s *State) { s.AlphaScale = 0 }},
		{"beta mix", "β multipliers", func(s *State) { s.BetaMix = 1 }},
	} {
		s := good
		s.X = append([]float64(nil), good.X...)
		c.edit(&s)
		err := e.SetState(s)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one mentioning %q", c.name, err, c.want)
		}
		if got := e.Scores(nil, []float64{1, 1}); got[0] != 1.5 {
			t.Errorf("%s: the refused state changed f(1, 1) to %v, want 1.5", c.name, got[0])
		}
	}
}
